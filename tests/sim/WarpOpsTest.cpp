// SHFL, VOTE/VOTEU, REDUX/REDUXU and MATCH: cross-lane operations over the participant set S
// (active lanes with a true guard). Expected values are worked out by hand from the spec's
// pseudo-code and prose (002_sync.txt:83-114, 242-253, 312-323, 383-393, 455-466, 519-531) and
// errata L-6, L-37, L-65 and L-69.
#include "SimTestUtil.h"

#include <cstdint>
#include <string>

namespace gpuasm::simtest {
namespace {

// A per-lane predicate list with bit `lane` of `mask`.
std::string predMask(std::uint32_t mask) {
  return perLane([mask](unsigned lane) { return (mask >> lane) & 1u; });
}

// ---- SHFL ------------------------------------------------------------------------------------
// R2 = lane, so Rd is the source lane j (or the lane itself when pu is false).

TEST(WarpOps, ShflIdxWholeWarp) {
  // c = 0x1f: segmask = 0, cval = 31: maxLane = 31, minLane = 0; j = bval = 3.
  const auto out = run("// @state R2 = lane\nSHFL.IDX P1, R1, R2, 0x3, 0x1f ;\n");
  for (unsigned lane : {0u, 3u, 17u, 31u}) {
    EXPECT_EQ(reg(out, "R1", lane), 3u) << lane;
    EXPECT_EQ(reg(out, "P1", lane), 1u) << lane;
  }
}

TEST(WarpOps, ShflIdxWithSegments) {
  // c = 0x181f: segmask = 0x18 (segments of 8 lanes), cval = 31: minLane = lane & 0x18,
  // maxLane = minLane | 7. j = minLane | (bval & 7).
  // c = 0x1803: cval = 3: maxLane = minLane | 3, so bval 5 (j = minLane + 5) is invalid.
  const auto out = run(R"(// @state R2 = lane
SHFL.IDX P1, R1, R2, 0x3, 0x181f ;
SHFL.IDX P2, R3, R2, 0x1d, 0x181f ;
SHFL.IDX P3, R4, R2, 0x5, 0x1803 ;
SHFL.IDX P4, R5, R2, 0x2, 0x1803 ;
)");
  EXPECT_EQ(reg(out, "R1", 0), 3u);
  EXPECT_EQ(reg(out, "R1", 13), 11u);  // 8 + 3
  EXPECT_EQ(reg(out, "R1", 30), 27u);  // 24 + 3
  EXPECT_EQ(reg(out, "P1", 30), 1u);
  EXPECT_EQ(reg(out, "R3", 13), 13u);  // 29 & 7 = 5: 8 + 5
  EXPECT_EQ(reg(out, "R3", 2), 5u);
  EXPECT_EQ(reg(out, "R4", 13), 13u);  // j = 13 > maxLane 11: invalid, own value
  EXPECT_EQ(reg(out, "P3", 13), 0u);
  EXPECT_EQ(reg(out, "R5", 13), 10u);  // j = 10 <= 11
  EXPECT_EQ(reg(out, "P4", 13), 1u);
}

TEST(WarpOps, ShflIdxWithPerLaneRegisters) {
  // SrcB = 31 - lane per lane, SrcC = 0x1f: a reversal of the warp.
  const auto out = run("// @state R2 = lane\n// @state R3 = " + perLane([](unsigned l) { return 31 - l; }) +
                       "\n// @state R4 = 0x1f\nSHFL.IDX P1, R1, R2, R3, R4 ;\n");
  EXPECT_EQ(reg(out, "R1", 0), 31u);
  EXPECT_EQ(reg(out, "R1", 10), 21u);
  EXPECT_EQ(reg(out, "R1", 31), 0u);
}

TEST(WarpOps, ShflUpWithSegments) {
  // c = 0x1800: segmask 0x18, cval 0: maxLane = minLane = lane & 0x18; j = lane - 2 (signed);
  // pu = j >= maxLane (kept as written, L-69).
  const auto out = run("// @state R2 = lane\nSHFL.UP P1, R1, R2, 0x2, 0x1800 ;\n");
  EXPECT_EQ(reg(out, "R1", 10), 8u);  // j = 8 >= 8
  EXPECT_EQ(reg(out, "P1", 10), 1u);
  EXPECT_EQ(reg(out, "R1", 9), 9u);  // j = 7 < 8: own value
  EXPECT_EQ(reg(out, "P1", 9), 0u);
  EXPECT_EQ(reg(out, "R1", 0), 0u);  // j = -2 < 0
  EXPECT_EQ(reg(out, "P1", 0), 0u);
  EXPECT_EQ(reg(out, "R1", 31), 29u);  // j = 29 >= 24
  EXPECT_EQ(reg(out, "P1", 31), 1u);
}

TEST(WarpOps, ShflDownWithSegments) {
  // c = 0x181f: maxLane = (lane & 0x18) | 7; j = lane + 3; pu = j <= maxLane.
  const auto out =
      run("// @state R2 = lane\nSHFL.DOWN P1, R1, R2, 0x3, 0x181f ;\nSHFL.DOWN PT, R3, R2, 0x1, 0x1f ;\n");
  EXPECT_EQ(reg(out, "R1", 4), 7u);  // 7 <= 7
  EXPECT_EQ(reg(out, "P1", 4), 1u);
  EXPECT_EQ(reg(out, "R1", 5), 5u);  // 8 > 7
  EXPECT_EQ(reg(out, "P1", 5), 0u);
  EXPECT_EQ(reg(out, "R1", 28), 31u);  // 31 <= 31
  EXPECT_EQ(reg(out, "R1", 29), 29u);  // 32 > 31
  EXPECT_EQ(reg(out, "P1", 29), 0u);
  EXPECT_EQ(reg(out, "R3", 30), 31u);  // whole warp, pu discarded into PT
  EXPECT_EQ(reg(out, "R3", 31), 31u);
}

TEST(WarpOps, ShflBflyWithSegments) {
  // c = 0x181f: maxLane = (lane & 0x18) | 7. bval 5: j = lane ^ 5 stays in the segment.
  // bval 9: lane 0 -> j = 9 > 7 (invalid); lane 9 -> j = 0 <= 15: valid, since the pseudo-code
  // checks only the upper bound.
  const auto out =
      run("// @state R2 = lane\nSHFL.BFLY P1, R1, R2, 0x5, 0x181f ;\nSHFL.BFLY P2, R3, R2, 0x9, 0x181f ;\n");
  EXPECT_EQ(reg(out, "R1", 0), 5u);
  EXPECT_EQ(reg(out, "R1", 10), 15u);
  EXPECT_EQ(reg(out, "R1", 31), 26u);
  EXPECT_EQ(reg(out, "P1", 31), 1u);
  EXPECT_EQ(reg(out, "R3", 0), 0u);
  EXPECT_EQ(reg(out, "P2", 0), 0u);
  EXPECT_EQ(reg(out, "R3", 9), 0u);
  EXPECT_EQ(reg(out, "P2", 9), 1u);
}

TEST(WarpOps, ShflPartialActiveMaskAndGuard) {
  // Lanes 8..15 are inactive; P0 is false in lane 2. Non-participants keep R1 = 0xDEAD and
  // P1 = true; an inactive source lane (9) still supplies its Ra (L-69).
  const auto out =
      run("// @state R2 = lane\n// @state R1 = 0xDEAD\n// @state P1 = true\n// @state activeMask = "
          "0xFFFF00FF\n// @state P0 = " +
          predMask(~(1u << 2)) +
          "\n@P0 SHFL.IDX P1, R1, R2, 0x9, 0x1f ;\n@P0 SHFL.DOWN P2, R3, R2, 0x4, 0x1f ;\n");
  EXPECT_EQ(reg(out, "R1", 0), 9u);
  EXPECT_EQ(reg(out, "R1", 31), 9u);
  EXPECT_EQ(reg(out, "R1", 2), 0xDEADu);  // guard false
  EXPECT_EQ(reg(out, "R1", 8), 0xDEADu);  // inactive
  EXPECT_EQ(reg(out, "R1", 15), 0xDEADu);
  EXPECT_EQ(reg(out, "P1", 0), 1u);
  // .DOWN by 4 (maxLane 31): lane 28 -> j = 32 > 31, invalid: own value, P2 false.
  EXPECT_EQ(reg(out, "R3", 28), 28u);
  EXPECT_EQ(reg(out, "P2", 28), 0u);
  EXPECT_EQ(reg(out, "R3", 4), 8u);  // from inactive lane 8
  EXPECT_EQ(reg(out, "P2", 4), 1u);
  EXPECT_EQ(reg(out, "R3", 8), 0u);  // inactive: never written
  EXPECT_EQ(reg(out, "P2", 2), 0u);  // guard false: P2 not written (initially false)
}

TEST(WarpOps, ShflReadsEveryRaBeforeWriting) {
  // Rd = Ra: every lane must see the other lanes' old values. .BFLY 1 swaps lane pairs.
  const auto out = run("// @state R2 = lane\nSHFL.BFLY PT, R2, R2, 0x1, 0x1f ;\n");
  EXPECT_EQ(reg(out, "R2", 0), 1u);
  EXPECT_EQ(reg(out, "R2", 1), 0u);
  EXPECT_EQ(reg(out, "R2", 30), 31u);
  EXPECT_EQ(reg(out, "R2", 31), 30u);
}

// ---- VOTE / VOTEU ----------------------------------------------------------------------------
// P0 = (lane % 3 == 0): ballot 0x49249249 (lanes 0, 3, ..., 30). Lane 31 is inactive.

constexpr std::uint32_t kThirds = 0x49249249u;

std::string voteState() {
  return "// @state activeMask = 0x7FFFFFFF\n// @state R1 = 0x5555\n// @state P0 = " + predMask(kThirds) +
         "\n";
}

TEST(WarpOps, VoteAnyAllEq) {
  const auto out =
      run(voteState() +
          "VOTE.ANY R1, P1, P0 ;\nVOTE.ALL R3, P3, P0 ;\nVOTE.ALL R4, P4, !P0 ;\nVOTE.EQ R5, P5, P0 ;\n");
  EXPECT_EQ(reg(out, "R1", 0), kThirds);
  EXPECT_EQ(reg(out, "R1", 30), kThirds);
  EXPECT_EQ(reg(out, "P1", 1), 1u);        // OR over S: true in every participant
  EXPECT_EQ(reg(out, "R1", 31), 0x5555u);  // inactive lane: not written
  EXPECT_EQ(reg(out, "P1", 31), 0u);
  EXPECT_EQ(reg(out, "R3", 5), kThirds);
  EXPECT_EQ(reg(out, "P3", 5), 0u);           // AND: false
  EXPECT_EQ(reg(out, "R4", 5), 0x36DB6DB6u);  // ~0x49249249 & 0x7FFFFFFF
  EXPECT_EQ(reg(out, "P4", 5), 0u);
  EXPECT_EQ(reg(out, "P5", 5), 0u);  // not all equal
}

TEST(WarpOps, VoteWithGuardCountsOnlyParticipants) {
  // @P2 with P2 = P0: S = lanes 0, 3, ..., 30, all with P0 true.
  const auto out = run(voteState() + "// @state P2 = " + predMask(kThirds) + R"(
// @state R5 = 0x77
@P2 VOTE.ALL R5, P5, P0 ;
@P2 VOTE.EQ R6, P6, !P0 ;
@P2 VOTE.ANY R7, P4, !P0 ;
@!P2 VOTE.ANY R8, P3, P0 ;
VOTE.EQ R9, P1, PT ;
)");
  EXPECT_EQ(reg(out, "R5", 3), kThirds);  // ballot of S
  EXPECT_EQ(reg(out, "P5", 3), 1u);       // all true
  EXPECT_EQ(reg(out, "R5", 1), 0x77u);    // lane 1 is not in S
  EXPECT_EQ(reg(out, "P5", 1), 0u);
  EXPECT_EQ(reg(out, "R6", 0), 0u);  // all false
  EXPECT_EQ(reg(out, "P6", 0), 1u);  // ... and equal
  EXPECT_EQ(reg(out, "R7", 0), 0u);
  EXPECT_EQ(reg(out, "P4", 0), 0u);  // no true input
  // @!P2: S = the other active lanes (P0 false there): ballot 0, ANY false.
  EXPECT_EQ(reg(out, "R8", 1), 0u);
  EXPECT_EQ(reg(out, "P3", 1), 0u);
  EXPECT_EQ(reg(out, "R8", 0), 0u);           // lane 0 not in S: never written
  EXPECT_EQ(reg(out, "R9", 0), 0x7FFFFFFFu);  // PT everywhere: ballot = S
  EXPECT_EQ(reg(out, "P1", 0), 1u);
}

TEST(WarpOps, VoteuWritesUniformResultsOnce) {
  const auto out = run(voteState() + "// @state P2 = " + predMask(kThirds) + R"(
// @state P3 = false
// @state UR3 = 0x77
// @state UP3 = true
VOTEU.ANY UR1, UP1, P0 ;
@P2 VOTEU.ALL UR2, UP2, P0 ;
@P3 VOTEU.ANY UR3, UP3, P0 ;
VOTEU.EQ UR4, UP4, !P0 ;
)");
  EXPECT_EQ(reg(out, "UR1"), kThirds);
  EXPECT_EQ(reg(out, "UP1"), 1u);
  EXPECT_EQ(reg(out, "UR2"), kThirds);
  EXPECT_EQ(reg(out, "UP2"), 1u);
  EXPECT_EQ(reg(out, "UR3"), 0x77u);  // empty S: nothing written (L-65)
  EXPECT_EQ(reg(out, "UP3"), 1u);
  EXPECT_EQ(reg(out, "UR4"), 0x36DB6DB6u);
  EXPECT_EQ(reg(out, "UP4"), 0u);
}

// ---- REDUX / REDUXU --------------------------------------------------------------------------
// R2 = lane - 16 (-16 .. 15); P0 = lanes 0..7 and 20: S holds -16 .. -9 and 4.
// R3 = lane + 0x100.

std::string reduxState() {
  return "// @state R2 = " + perLane([](unsigned l) { return static_cast<int>(l) - 16; }) +
         "\n// @state R3 = " + perLane([](unsigned l) { return l + 0x100; }) +
         "\n// @state P0 = " + predMask(0x001000FFu) + "\n// @state R1 = 0xAAAA\n";
}

TEST(WarpOps, ReduxSumAndMinMaxSignedAndUnsigned) {
  const auto out = run(reduxState() + R"(@P0 REDUX.SUM R1, R2 ;
@P0 REDUX.S32.SUM R4, R2 ;
@P0 REDUX.S32.MAX R5, R2 ;
@P0 REDUX.S32.MIN R6, R2 ;
@P0 REDUX.MAX R7, R2 ;
@P0 REDUX.U32.MIN R8, R2 ;
REDUX.SUM R9, R2 ;
)");
  // -(16 + 15 + ... + 9) + 4 = -100 + 4 = -96.
  EXPECT_EQ(reg(out, "R1", 0), 0xFFFFFFA0u);
  EXPECT_EQ(reg(out, "R1", 20), 0xFFFFFFA0u);
  EXPECT_EQ(reg(out, "R1", 8), 0xAAAAu);  // not in S
  EXPECT_EQ(reg(out, "R4", 7), 0xFFFFFFA0u);
  EXPECT_EQ(reg(out, "R5", 0), 4u);            // signed max
  EXPECT_EQ(reg(out, "R6", 0), 0xFFFFFFF0u);   // signed min -16
  EXPECT_EQ(reg(out, "R7", 0), 0xFFFFFFF7u);   // unsigned max: -9 = 0xFFFFFFF7
  EXPECT_EQ(reg(out, "R8", 0), 4u);            // unsigned min
  EXPECT_EQ(reg(out, "R9", 31), 0xFFFFFFF0u);  // -16 + ... + 15 = -16, every lane
}

TEST(WarpOps, ReduxBitwise) {
  // S values 0x100 .. 0x107 and 0x114.
  const auto out =
      run(reduxState() + "@P0 REDUX.AND R4, R3 ;\n@P0 REDUX.OR R5, R3 ;\n@P0 REDUX.S32.XOR R6, R3 ;\n");
  EXPECT_EQ(reg(out, "R4", 0), 0x100u);  // low bits: 0 & ... = 0
  EXPECT_EQ(reg(out, "R5", 0), 0x117u);  // 0x7 | 0x14
  EXPECT_EQ(reg(out, "R6", 0), 0x114u);  // 0x100 nine times = 0x100; 0^1^..^7 = 0; ^0x14
  EXPECT_EQ(reg(out, "R6", 9), 0u);      // not in S, never initialised
}

TEST(WarpOps, ReduxuWritesAUniformRegister) {
  const auto out = run(reduxState() + R"(// @state P6 = false
// @state UR3 = 0x77
@P0 REDUXU.SUM UR0, R2 ;
REDUXU.S32.MIN UR1, R2 ;
REDUXU.MAX UR2, R2 ;
@P6 REDUXU.SUM UR3, R2 ;
@P0 REDUXU.XOR UR4, R3 ;
)");
  EXPECT_EQ(reg(out, "UR0"), 0xFFFFFFA0u);
  EXPECT_EQ(reg(out, "UR1"), 0xFFFFFFF0u);  // -16
  EXPECT_EQ(reg(out, "UR2"), 0xFFFFFFFFu);  // -1 is the largest UINT32 of -16 .. 15
  EXPECT_EQ(reg(out, "UR3"), 0x77u);        // empty S: not written (L-65)
  EXPECT_EQ(reg(out, "UR4"), 0x114u);
}

TEST(WarpOps, ReduxuEveryOperator) {
  // S values -16 .. -9 and 4 (R2), 0x100 .. 0x107 and 0x114 (R3).
  const auto out = run(reduxState() + R"(@P0 REDUXU.AND UR1, R3 ;
@P0 REDUXU.OR UR2, R3 ;
@P0 REDUXU.S32.MAX UR4, R2 ;
@P0 REDUXU.U32.MIN UR5, R2 ;
@P0 REDUXU.S32.SUM UR6, R2 ;
)");
  EXPECT_EQ(reg(out, "UR1"), 0x100u);
  EXPECT_EQ(reg(out, "UR2"), 0x117u);
  EXPECT_EQ(reg(out, "UR4"), 4u);
  EXPECT_EQ(reg(out, "UR5"), 4u);
  EXPECT_EQ(reg(out, "UR6"), 0xFFFFFFA0u);  // -96
}

TEST(WarpOps, ReduxAndMatchReadEveryLaneBeforeWriting) {
  // Rd = Ra: the result must not feed back into the reduction or the comparison.
  const auto out = run(reduxState() + "REDUX.SUM R3, R3 ;\nMATCH.ANY R2, PT, R2 ;\n");
  // sum of lane + 0x100 over 32 lanes = 496 + 0x2000 = 0x21F0.
  EXPECT_EQ(reg(out, "R3", 0), 0x21F0u);
  EXPECT_EQ(reg(out, "R3", 31), 0x21F0u);
  // R2 values are all distinct: each lane matches only itself.
  EXPECT_EQ(reg(out, "R2", 0), 0x1u);
  EXPECT_EQ(reg(out, "R2", 31), 0x80000000u);
}

// ---- MATCH -----------------------------------------------------------------------------------
// Lanes 0..15 active; R1 = lane % 4; R4 = 7, R5 = lane / 8 (R[4:5] differ in the high word).

std::string matchState() {
  return "// @state activeMask = 0x0000FFFF\n// @state R1 = " + perLane([](unsigned l) { return l % 4; }) +
         "\n// @state R4 = 7\n// @state R5 = " + perLane([](unsigned l) { return l / 8; }) +
         "\n// @state R0 = 0xBEEF\n// @state R3 = 0xBEEF\n// @state P0 = true\n// @state P1 = true\n// "
         "@state P4 = true\n// @state P2 = " +
         predMask(0x22222222u) + "\n";
}

TEST(WarpOps, MatchAny32) {
  const auto out = run(matchState() + "MATCH.ANY R0, P0, R1 ;\n");
  EXPECT_EQ(reg(out, "R0", 0), 0x1111u);  // lanes 0, 4, 8, 12
  EXPECT_EQ(reg(out, "R0", 5), 0x2222u);
  EXPECT_EQ(reg(out, "R0", 15), 0x8888u);
  EXPECT_EQ(reg(out, "P0", 5), 0u);        // .ANY writes pu = false (L-65)
  EXPECT_EQ(reg(out, "R0", 16), 0xBEEFu);  // inactive
  EXPECT_EQ(reg(out, "P0", 16), 1u);
}

TEST(WarpOps, MatchAll32WithGuard) {
  const auto out = run(matchState() + "MATCH.ALL R2, P1, R1 ;\n@P2 MATCH.U32.ALL R3, P3, R1 ;\n");
  EXPECT_EQ(reg(out, "R2", 0), 0u);  // values differ
  EXPECT_EQ(reg(out, "P1", 0), 0u);
  // S = lanes 1, 5, 9, 13 (lane 17+ inactive), all with value 1.
  EXPECT_EQ(reg(out, "R3", 5), 0x2222u);
  EXPECT_EQ(reg(out, "P3", 5), 1u);
  EXPECT_EQ(reg(out, "R3", 4), 0xBEEFu);  // not in S
  EXPECT_EQ(reg(out, "P3", 4), 0u);
}

TEST(WarpOps, Match64ComparesBothWords) {
  const auto out =
      run(matchState() +
          "MATCH.U64.ALL R6, P4, R[4:5] ;\nMATCH.ALL R7, P5, R4 ;\nMATCH.U64.ANY R8, P6, R[4:5] ;\n");
  EXPECT_EQ(reg(out, "R6", 0), 0u);  // low words equal, high words 0 and 1
  EXPECT_EQ(reg(out, "P4", 0), 0u);
  EXPECT_EQ(reg(out, "R7", 0), 0xFFFFu);  // 32-bit: all 7
  EXPECT_EQ(reg(out, "P5", 0), 1u);
  EXPECT_EQ(reg(out, "R8", 3), 0x00FFu);
  EXPECT_EQ(reg(out, "R8", 12), 0xFF00u);
  EXPECT_EQ(reg(out, "P6", 12), 0u);
}

}  // namespace
}  // namespace gpuasm::simtest
