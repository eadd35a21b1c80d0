// IADD, IMAD, IMAD.WIDE, IDP.2A/.4A, IMUL, LEA, IABS, IMNMX and their uniform twins, with values
// worked out by hand from the spec's semantics (000_ialu.txt:156-169, 303-330, 507-532, 698-716,
// 871-888, 1023-1036, 1164-1194, 1287-1290, 1376-1380; 001_udp.txt:118-129, 248-275, 418-443,
// 550-563, 678-708, 785-788, 866-870) as the errata amend them: the carry chain of L-20 (carry
// is s >= 2^32, a negated source is ~x plus one carry-in outside .X), IDP's pu of L-21, the
// LEA/IMAD grouping of L-22, `~` under .X (L-51), the example pairs of L-64, IMNMX signedness
// (G-2), IABS of INT_MIN (L-67), UIMAD_WIDE_UUC's 64-bit widths (L-44), untouched sources (L-71),
// and the example pairs that are not exact (G-10, G-11). Most carry tests include a sum of
// exactly 2^32, where the spec's `>` would say false.
#include "SimTestUtil.h"

#include <functional>

namespace gpuasm::simtest {
namespace {

// P0 true in the odd lanes.
std::string oddLanes(const std::string& pred) {
  return perLane(pred, [](unsigned lane) { return lane % 2; });
}

// ---------------------------------------------------------------------------------------------
// IADD

TEST(IntegerArithmetic, IaddAddsAndNegatesEverySourceKind) {
  // Outside .X each `-x` is ~x plus one carry-in (L-20), i.e. exactly -x.
  const auto out = run(R"(// @state R1 = lane
// @state R2 = 0x10
// @state UR2 = 0x3
// @state c[0x0][0x10] = 0x100
IADD R3, R1, R2 ;
IADD R4, R1, -R2 ;
IADD R5, -R1, -0x5 ;
IADD R6, R1, c[0x0][0x10] ;
IADD R7, -R1, -UR2 ;
)");
  EXPECT_EQ(reg(out, "R3", 0), 0x10u);         // 0 + 16
  EXPECT_EQ(reg(out, "R3", 31), 0x2Fu);        // 31 + 16 = 47
  EXPECT_EQ(reg(out, "R4", 0), 0xFFFFFFF0u);   // 0 - 16
  EXPECT_EQ(reg(out, "R4", 31), 0xFu);         // 31 - 16
  EXPECT_EQ(reg(out, "R5", 0), 0xFFFFFFFBu);   // -0 - 5
  EXPECT_EQ(reg(out, "R5", 31), 0xFFFFFFDCu);  // -31 - 5 = -36
  EXPECT_EQ(reg(out, "R6", 5), 0x105u);        // 5 + 0x100
  EXPECT_EQ(reg(out, "R7", 0), 0xFFFFFFFDu);   // ~0 + ~3 + 2 = -3
  EXPECT_EQ(reg(out, "R7", 7), 0xFFFFFFF6u);   // -7 - 3 = -10
}

TEST(IntegerArithmetic, IaddXSpecExamplePairIsOffByOne) {
  // 000_ialu.txt:176-177 with line 176 written legally (`~R4`, L-51/L-61): its carry-in is the
  // default !PT = 0, so R[0:1] = R[2:3] + ~R[4:5] = R[2:3] - R[4:5] - 1 (L-64).
  // R[2:3] = 0x1_00000000, R[4:5] = 0x1. Low: 0 + ~1 + 0 = 0xFFFFFFFE, no carry.
  // High: 1 + ~0 + 0 = 0x1_00000000 -> 0. So R[0:1] = 0x0_FFFFFFFE = 2^32 - 1 - 1.
  const auto out = run(R"(// @state R3 = 0x1
// @state R4 = 0x1
IADD.X R0, P0, R2, ~R4 ;
IADD.X R1, PT, R3, ~R5, P0 ;
)");
  EXPECT_EQ(reg(out, "R0"), 0xFFFFFFFEu);
  EXPECT_EQ(reg(out, "R1"), 0u);
  EXPECT_EQ(reg(out, "P0"), 0u);
}

TEST(IntegerArithmetic, IaddXChainWithCarryInPtSubtracts64Bit) {
  // {R3, R2} - {R5, R4} = {7, lane} - {2, 3}, the low word carrying in PT (the corrected pair).
  // Low: lane + ~3 + 1 = lane + 0xFFFFFFFD; it reaches 2^32 exactly in lane 3, which must
  // carry (L-20). High: 7 + ~2 + P0 = 0x1_00000004 + P0, so P1 is always 1.
  const auto out = run(R"(// @state R2 = lane
// @state R3 = 0x7
// @state R4 = 0x3
// @state R5 = 0x2
IADD.X R0, P0, R2, ~R4, PT ;
IADD.X R1, P1, R3, ~R5, P0 ;
)");
  EXPECT_EQ(reg(out, "R0", 0), 0xFFFFFFFDu);  // {4, 0xFFFFFFFD} = 0x7_00000000 - 0x2_00000003
  EXPECT_EQ(reg(out, "P0", 0), 0u);
  EXPECT_EQ(reg(out, "R1", 0), 4u);
  EXPECT_EQ(reg(out, "R0", 2), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "P0", 2), 0u);
  EXPECT_EQ(reg(out, "R0", 3), 0u);  // sum exactly 2^32
  EXPECT_EQ(reg(out, "P0", 3), 1u);
  EXPECT_EQ(reg(out, "R1", 3), 5u);    // {5, 0}
  EXPECT_EQ(reg(out, "R0", 31), 28u);  // {5, 28}
  EXPECT_EQ(reg(out, "R1", 31), 5u);
  for (unsigned lane : {0u, 3u, 31u}) EXPECT_EQ(reg(out, "P1", lane), 1u);
}

TEST(IntegerArithmetic, IaddXTakesANegatedCarryInPredicate) {
  // pp = !P0: the carry-in is 1 in even lanes. 0xFFFFFFFF + 0 + 1 = 2^32 -> 0, carry 1.
  // With pp omitted (!PT = 0): 0xFFFFFFFF * 2 = 0x1_FFFFFFFE.
  const auto out = run(oddLanes("P0") + R"(// @state R3 = 0xFFFFFFFF
IADD.X R1, P1, R3, R5, !P0 ;
IADD.X R6, P2, R3, R3 ;
)");
  EXPECT_EQ(reg(out, "R1", 0), 0u);
  EXPECT_EQ(reg(out, "P1", 0), 1u);
  EXPECT_EQ(reg(out, "R1", 1), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "P1", 1), 0u);
  EXPECT_EQ(reg(out, "R6", 4), 0xFFFFFFFEu);
  EXPECT_EQ(reg(out, "P2", 4), 1u);
}

// ---------------------------------------------------------------------------------------------
// IMAD

TEST(IntegerArithmetic, ImadLoMultipliesAndAddsPerLane) {
  const auto out = run(R"(// @state R1 = lane
// @state R2 = 0x3
// @state R3 = 0x64
// @state R12 = 0x30
// @state UR4 = 0x1000
// @state c[0x0][0x10] = 0x5
IMAD R5, R1, R2, R3 ;
IMAD R6, R1, UR4, R3 ;
IMAD R7, R1, R2, -c[0x0][0x10] ;
IMAD.LO.U32 R8, R1, R2, UR4 ;
IMAD R9, R1, c[0x0][0x10], R3 ;
IMAD R10, R1, R2, 0x7 ;
IMAD R11, P0, R1, R2, -R12 ;
)");
  EXPECT_EQ(reg(out, "R5", 0), 100u);         // 3*0 + 100
  EXPECT_EQ(reg(out, "R5", 31), 193u);        // 3*31 + 100
  EXPECT_EQ(reg(out, "R6", 2), 0x2064u);      // 0x1000*2 + 100
  EXPECT_EQ(reg(out, "R7", 0), 0xFFFFFFFBu);  // 0 - 5
  EXPECT_EQ(reg(out, "R7", 2), 1u);           // 6 - 5
  EXPECT_EQ(reg(out, "R8", 4), 0x100Cu);      // 12 + 0x1000
  EXPECT_EQ(reg(out, "R9", 3), 115u);         // 5*3 + 100
  EXPECT_EQ(reg(out, "R10", 5), 22u);         // 15 + 7
  // 3*lane - 48 = 3*lane + ~48 + 1: carries iff 3*lane >= 48; lane 16 sums to exactly 2^32.
  EXPECT_EQ(reg(out, "R11", 0), 0xFFFFFFD0u);
  EXPECT_EQ(reg(out, "P0", 0), 0u);
  EXPECT_EQ(reg(out, "R11", 15), 0xFFFFFFFDu);  // 45 - 48
  EXPECT_EQ(reg(out, "P0", 15), 0u);
  EXPECT_EQ(reg(out, "R11", 16), 0u);
  EXPECT_EQ(reg(out, "P0", 16), 1u);
  EXPECT_EQ(reg(out, "R11", 31), 45u);  // 93 - 48
  EXPECT_EQ(reg(out, "P0", 31), 1u);
}

TEST(IntegerArithmetic, ImadSpecPairComputesProductMinus64BitValue) {
  // 000_ialu.txt:339-340: R[0:1] = R2 * R3 - R[4:5] exactly (L-20, L-64).
  // R2 = -3, R3 = 2^30: P = -3 * 2^30 = 0xFFFFFFFF_40000000.
  // First pair, R[4:5] = 0x1_50000000: low 0x40000000 + ~0x50000000 + 1 = 0xF0000000, no carry;
  //   high 0xFFFFFFFF + ~1 + 0 = 0x1_FFFFFFFD -> 0xFFFFFFFD. P - C = 0xFFFFFFFD_F0000000.
  // Second pair, R[14:5] = 0x1_30000000: low 0x40000000 + 0xCFFFFFFF + 1 = 0x1_10000000, carry;
  //   high 0xFFFFFFFF + 0xFFFFFFFE + 1 -> 0xFFFFFFFE. P - C = 0xFFFFFFFE_10000000.
  const auto out = run(R"(// @state R2 = 0xFFFFFFFD
// @state R3 = 0x40000000
// @state R4 = 0x50000000
// @state R14 = 0x30000000
// @state R5 = 0x1
IMAD R0, P0, R2, R3, -R4 ;
IMAD.HI.X R1, R2, R3, ~R5, P0 ;
IMAD R10, P1, R2, R3, -R14 ;
IMAD.HI.X R11, R2, R3, ~R5, P1 ;
)");
  EXPECT_EQ(reg(out, "R0"), 0xF0000000u);
  EXPECT_EQ(reg(out, "P0"), 0u);
  EXPECT_EQ(reg(out, "R1"), 0xFFFFFFFDu);
  EXPECT_EQ(reg(out, "R10"), 0x10000000u);
  EXPECT_EQ(reg(out, "P1"), 1u);
  EXPECT_EQ(reg(out, "R11"), 0xFFFFFFFEu);
}

TEST(IntegerArithmetic, ImadU32SpecPairCarriesAtExactly2Pow32) {
  // 000_ialu.txt:336-337: R[0:1] = R2 * 0x114514 + R[4:5].
  // P = 0xFFFFFFFF * 0x114514 = 0x114514 * 2^32 - 0x114514 = 0x00114513_FFEEBAEC.
  // Low: 0xFFEEBAEC + 0x00114514 = 0x1_00000000 -> 0, P0 = 1 (the spec's `>` says 0).
  // High: 0x114513 + 1 + 1 = 0x114515. Check: 0x00114513_FFEEBAEC + 0x1_00114514 = 0x00114515_00000000.
  const auto out = run(R"(// @state R2 = 0xFFFFFFFF
// @state R4 = 0x00114514
// @state R5 = 0x1
IMAD.U32 R0, P0, R2, 0x114514, R4 ;
IMAD.HI.X.U32 R1, R2, 0x114514, R5, P0 ;
)");
  EXPECT_EQ(reg(out, "R0"), 0u);
  EXPECT_EQ(reg(out, "P0"), 1u);
  EXPECT_EQ(reg(out, "R1"), 0x114515u);
}

TEST(IntegerArithmetic, ImadHiXReadsTheProductPerItype) {
  // R2 = 0xFFFFFFFF, R3 = 0x114514. S32: -1 * 0x114514 = 0xFFFFFFFF_FFEEBAEC, high 0xFFFFFFFF.
  // U32: 0x00114513_FFEEBAEC, high 0x114513. ((Ra*SrcB) >> 32) + SrcC + pp, grouped per L-22.
  // R7: S32 high 0xFFFFFFFF + 1 + PT = 0x1_00000001 -> 1, carry.
  const auto out = run(R"(// @state R2 = 0xFFFFFFFF
// @state R3 = 0x114514
// @state R8 = 0x1
IMAD.HI.X R5, R2, R3, RZ ;
IMAD.HI.X.U32 R6, R2, R3, RZ ;
IMAD.HI.X R7, P2, R2, R3, R8, PT ;
)");
  EXPECT_EQ(reg(out, "R5"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R6"), 0x114513u);
  EXPECT_EQ(reg(out, "R7"), 1u);
  EXPECT_EQ(reg(out, "P2"), 1u);
}

// ---------------------------------------------------------------------------------------------
// IMAD.WIDE

TEST(IntegerArithmetic, ImadWideSignedAndUnsigned) {
  // R2 = 0xFFFFFFFE, R3 = 7, R[4:5] = 0x10.
  // S32: P = -14 = 0xFFFFFFFF_FFFFFFF2; + 0x10 = 0x1_00000000_00000002 -> {0, 2}, pu = 1.
  // U32: P = 0xFFFFFFFE * 7 = 0x6_FFFFFFF2; + 0x10 = 0x7_00000002, pu = 0.
  const auto out = run(R"(// @state R2 = 0xFFFFFFFE
// @state R3 = 0x7
// @state R4 = 0x10
IMAD.WIDE R[6:7], P0, R2, R3, R[4:5] ;
IMAD.WIDE.U32 R[8:9], P1, R2, R3, R[4:5] ;
IMAD.WIDE R[10:11], R2, 0x7, R[4:5] ;
)");
  EXPECT_EQ(reg(out, "R6"), 2u);
  EXPECT_EQ(reg(out, "R7"), 0u);
  EXPECT_EQ(reg(out, "P0"), 1u);
  EXPECT_EQ(reg(out, "R8"), 2u);
  EXPECT_EQ(reg(out, "R9"), 7u);
  EXPECT_EQ(reg(out, "P1"), 0u);
  EXPECT_EQ(reg(out, "R10"), 2u);
  EXPECT_EQ(reg(out, "R11"), 0u);
}

TEST(IntegerArithmetic, ImadWideNegatedAddendSubtracts64Bit) {
  // -R[4:5] is ~R[4:5] (all 64 bits) plus a carry-in of 1 (L-20).
  // U32, R12 = lane, R3 = 1: lane - 0x10; the carry is set iff lane >= 16 (lane 16: exactly 2^64).
  // S32: -14 - 16 = -30 = 0xFFFFFFFF_FFFFFFE2; 0xFFFFFFFF_FFFFFFF2 + 0xFFFFFFFF_FFFFFFEF + 1 carries.
  const auto out = run(R"(// @state R12 = lane
// @state R2 = 0xFFFFFFFE
// @state R3 = 0x7
// @state R13 = 0x1
// @state R4 = 0x10
IMAD.WIDE.U32 R[6:7], P0, R12, R13, -R[4:5] ;
IMAD.WIDE R[8:9], P1, R2, R3, -R[4:5] ;
)");
  EXPECT_EQ(reg(out, "R6", 0), 0xFFFFFFF0u);
  EXPECT_EQ(reg(out, "R7", 0), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "P0", 0), 0u);
  EXPECT_EQ(reg(out, "R6", 16), 0u);
  EXPECT_EQ(reg(out, "R7", 16), 0u);
  EXPECT_EQ(reg(out, "P0", 16), 1u);
  EXPECT_EQ(reg(out, "R6", 31), 15u);
  EXPECT_EQ(reg(out, "P0", 31), 1u);
  EXPECT_EQ(reg(out, "R8"), 0xFFFFFFE2u);
  EXPECT_EQ(reg(out, "R9"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "P1"), 1u);
}

TEST(IntegerArithmetic, ImadWideXSpecPairKeeps128Bits) {
  // 000_ialu.txt:539-540: R[0:3] = R4 * R5 + R[6:7]. P = 2^30 * 8 = 0x2_00000000;
  // + 0xFFFFFFFF_FFFFFFFF + 0 (pp omitted) = 0x1_00000001_FFFFFFFF: R[0:1] = {0xFFFFFFFF, 1},
  // P0 = 1; then R[2:3] = 0 + 0 + P0 = 1.
  // U32 with R8 = R9 = 0xFFFFFFFF: P = 0xFFFFFFFE_00000001; + 0xFFFFFFFF_FFFFFFFF =
  // 0x1_FFFFFFFE_00000000. With ~R[6:7] = 0 and carry-in PT: P + 1, no carry.
  const auto out = run(R"(// @state R4 = 0x40000000
// @state R5 = 0x8
// @state R6 = 0xFFFFFFFF
// @state R7 = 0xFFFFFFFF
// @state R8 = 0xFFFFFFFF
// @state R9 = 0xFFFFFFFF
IMAD.WIDE.X R[0:1], P0, R4, R5, R[6:7] ;
IMAD.WIDE.X R[2:3], RZ, RZ, RZ, P0 ;
IMAD.WIDE.X.U32 R[10:11], P1, R8, R9, R[6:7] ;
IMAD.WIDE.X.U32 R[12:13], P2, R8, R9, ~R[6:7], PT ;
)");
  EXPECT_EQ(reg(out, "R0"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R1"), 1u);
  EXPECT_EQ(reg(out, "P0"), 1u);
  EXPECT_EQ(reg(out, "R2"), 1u);
  EXPECT_EQ(reg(out, "R3"), 0u);
  EXPECT_EQ(reg(out, "R10"), 0u);
  EXPECT_EQ(reg(out, "R11"), 0xFFFFFFFEu);
  EXPECT_EQ(reg(out, "P1"), 1u);
  EXPECT_EQ(reg(out, "R12"), 2u);
  EXPECT_EQ(reg(out, "R13"), 0xFFFFFFFEu);
  EXPECT_EQ(reg(out, "P2"), 0u);
}

TEST(IntegerArithmetic, ImadWideXPairDoesNotSignExtendANegativeProduct) {
  // G-11: .S32, R4 = -1, R5 = 1, R[6:7] = 0: P = 0xFFFFFFFF_FFFFFFFF, no carry, so the second
  // line gives R[2:3] = 0 + 0 + 0 = 0 (a 128-bit -1 would need all ones there).
  const auto out = run(R"(// @state R4 = 0xFFFFFFFF
// @state R5 = 0x1
IMAD.WIDE.X R[0:1], P0, R4, R5, R[6:7] ;
IMAD.WIDE.X R[2:3], RZ, RZ, RZ, P0 ;
)");
  EXPECT_EQ(reg(out, "R0"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R1"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "P0"), 0u);
  EXPECT_EQ(reg(out, "R2"), 0u);
  EXPECT_EQ(reg(out, "R3"), 0u);
}

TEST(IntegerArithmetic, ImadWideReadsA64BitConstantAndUniformPair) {
  // 2 * 3 + 0x22222222_11111111 = 0x22222222_11111117; 2 * 3 + UR[4:5] = 0x5_00000006.
  const auto out = run(R"(// @state R2 = 0x2
// @state R3 = 0x3
// @state c[0x0][0x20] = 0x11111111
// @state c[0x0][0x24] = 0x22222222
// @state UR5 = 0x5
IMAD.WIDE.U32 R[0:1], R2, R3, c[0x0][0x20] ;
IMAD.WIDE R[6:7], R2, R3, UR[4:5] ;
)");
  EXPECT_EQ(reg(out, "R0"), 0x11111117u);
  EXPECT_EQ(reg(out, "R1"), 0x22222222u);
  EXPECT_EQ(reg(out, "R6"), 6u);
  EXPECT_EQ(reg(out, "R7"), 5u);
}

// ---------------------------------------------------------------------------------------------
// IDP.2A / IDP.4A

TEST(IntegerArithmetic, Idp2aFormatsAndHalves) {
  // Ra = 0xFFFE0003: halfwords [0x0003, 0xFFFE] -> S16 [3, -2], U16 [3, 65534].
  // SrcB = 0x80FF0205: bytes [0x05, 0x02, 0xFF, 0x80] -> S8 [5, 2, -1, -128], U8 [5, 2, 255, 128].
  // SrcC = 100. .LO uses vb[0..1], .HI vb[2..3].
  const auto out = run(R"(// @state R1 = 0xFFFE0003
// @state R2 = 0x80FF0205
// @state R4 = 100
IDP.2A.LO.S16.S8 R5, P0, R1, R2, R4 ;
IDP.2A.HI.S16.S8 R6, R1, R2, R4 ;
IDP.2A.LO.U16.U8 R7, R1, R2, R4 ;
IDP.2A.HI.U16.U8 R8, R1, R2, R4 ;
IDP.2A.HI.S16.U8 R9, R1, R2, R4 ;
IDP.2A.HI.U16.S8 R10, P1, R1, R2, R4 ;
IDP.2A.S16.S8 R11, R1, R2, 0x0 ;
)");
  EXPECT_EQ(reg(out, "R5"), 111u);          // 100 + 3*5 + (-2)*2
  EXPECT_EQ(reg(out, "P0"), 0u);            // 0 <= d < 2^32: no carry (L-21; the spec's ceil says 1)
  EXPECT_EQ(reg(out, "R6"), 353u);          // 100 + 3*(-1) + (-2)*(-128)
  EXPECT_EQ(reg(out, "R7"), 0x2006Fu);      // 100 + 15 + 65534*2 = 131183
  EXPECT_EQ(reg(out, "R8"), 0x800261u);     // 100 + 3*255 + 65534*128 = 8389217
  EXPECT_EQ(reg(out, "R9"), 609u);          // 100 + 3*255 + (-2)*128
  EXPECT_EQ(reg(out, "R10"), 0xFF800161u);  // 100 + 3*(-1) + 65534*(-128) = -8388255
  EXPECT_EQ(reg(out, "P1"), 1u);            // d < 0 lies outside [0, 2^32)
  EXPECT_EQ(reg(out, "R11"), 11u);          // .LO is the default: 0 + 15 - 4
}

TEST(IntegerArithmetic, Idp2aCarriesInAndOut) {
  // 0xFFFF0000 + (3*5 + 65534*2 = 0x2000B) + PT = 0x1_0001000C.
  const auto out = run(R"(// @state R1 = 0xFFFE0003
// @state R2 = 0x80FF0205
// @state R12 = 0xFFFF0000
IDP.2A.LO.U16.U8 R11, P2, R1, R2, R12, PT ;
)");
  EXPECT_EQ(reg(out, "R11"), 0x0001000Cu);
  EXPECT_EQ(reg(out, "P2"), 1u);
}

TEST(IntegerArithmetic, Idp4aFormats) {
  // Ra = 0x80FF0201: bytes [1, 2, 0xFF, 0x80] -> S8 [1, 2, -1, -128], U8 [1, 2, 255, 128].
  // SrcB = 0x7F03FE04: bytes [4, 0xFE, 3, 0x7F] -> S8 [4, -2, 3, 127], U8 [4, 254, 3, 127].
  const auto out = run(R"(// @state R1 = 0x80FF0201
// @state R2 = 0x7F03FE04
IDP.4A.S8.S8 R3, P0, R1, R2, RZ ;
IDP.4A.U8.U8 R4, P1, R1, R2, RZ ;
IDP.4A.U8.S8 R5, R1, R2, 0x0 ;
IDP.4A.S8.U8 R6, R1, R2, RZ ;
)");
  EXPECT_EQ(reg(out, "R3"), 0xFFFFC07Du);  // 4 - 4 - 3 - 16256 = -16259 = -0x3F83
  EXPECT_EQ(reg(out, "P0"), 1u);           // negative d (L-21)
  EXPECT_EQ(reg(out, "R4"), 0x447Du);      // 4 + 508 + 765 + 16256 = 17533
  EXPECT_EQ(reg(out, "P1"), 0u);
  EXPECT_EQ(reg(out, "R5"), 0x427Du);      // 4 - 4 + 765 + 16256 = 17021
  EXPECT_EQ(reg(out, "R6"), 0xFFFFC27Du);  // 4 + 508 - 3 - 16256 = -15747 = -0x3D83
}

TEST(IntegerArithmetic, Idp4aCarriesInAndOutPerLane) {
  // 1*1 * 4 = 4; 0xFFFFFFFC + 4 + pp = 2^32 + pp: Rd = pp, pu = 1 (exactly 2^32 when pp = 0).
  // R10 = lane bytes [lane, 0, 0, 0] times [3, 0, 0, 0] = 3*lane.
  const auto out = run(oddLanes("P3") + R"(// @state R8 = 0x01010101
// @state R9 = 0xFFFFFFFC
// @state R11 = lane
// @state R12 = 0x3
IDP.4A.U8.U8 R7, P2, R8, R8, R9, P3 ;
IDP.4A.U8.U8 R6, P4, R8, R8, R9, !P3 ;
IDP.4A.U8.U8 R10, R11, R12, RZ ;
)");
  EXPECT_EQ(reg(out, "R7", 0), 0u);
  EXPECT_EQ(reg(out, "P2", 0), 1u);
  EXPECT_EQ(reg(out, "R7", 1), 1u);
  EXPECT_EQ(reg(out, "P2", 1), 1u);
  EXPECT_EQ(reg(out, "R6", 0), 1u);
  EXPECT_EQ(reg(out, "R6", 1), 0u);
  EXPECT_EQ(reg(out, "R10", 31), 93u);
}

// ---------------------------------------------------------------------------------------------
// IMUL

TEST(IntegerArithmetic, ImulLoHiSignedAndUnsigned) {
  // R1 = 0xFFFFFFFE (-2), R2 = 3.
  // S32: -6 = 0xFFFFFFFF_FFFFFFFA. U32: (2^32 - 2) * 3 = 0x2_FFFFFFFA.
  // -R2 = 0xFFFFFFFD: S32 (-2)(-3) = 6; U32 (2^32-2)(2^32-3) = 2^64 - 5*2^32 + 6 -> high 0xFFFFFFFB.
  // 0x114514 * (2^32 - 2) = 0x114514 * 2^32 - 0x228A28 -> high 0x114513.
  const auto out = run(R"(// @state R1 = 0xFFFFFFFE
// @state R2 = 0x3
// @state R12 = lane
// @state UR2 = 0x10001
IMUL R3, R1, R2 ;
IMUL.HI R4, R1, R2 ;
IMUL.HI.U32 R5, R1, R2 ;
IMUL.LO.U32 R6, R1, R2 ;
IMUL R7, R1, -R2 ;
IMUL.HI R8, R1, -R2 ;
IMUL.HI.U32 R9, R1, -R2 ;
IMUL.HI.U32 R10, R1, 0x114514 ;
IMUL R11, R12, UR2 ;
IMUL R13, R12, -UR2 ;
)");
  EXPECT_EQ(reg(out, "R3"), 0xFFFFFFFAu);
  EXPECT_EQ(reg(out, "R4"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R5"), 2u);
  EXPECT_EQ(reg(out, "R6"), 0xFFFFFFFAu);
  EXPECT_EQ(reg(out, "R7"), 6u);
  EXPECT_EQ(reg(out, "R8"), 0u);
  EXPECT_EQ(reg(out, "R9"), 0xFFFFFFFBu);
  EXPECT_EQ(reg(out, "R10"), 0x114513u);
  EXPECT_EQ(reg(out, "R11", 3), 0x30003u);     // 3 * 0x10001
  EXPECT_EQ(reg(out, "R13", 1), 0xFFFEFFFFu);  // -0x10001
  EXPECT_EQ(reg(out, "R1"), 0xFFFFFFFEu);      // sources untouched
}

// ---------------------------------------------------------------------------------------------
// LEA

TEST(IntegerArithmetic, LeaLoScalesAndAdds) {
  // (t & 0xFFFFFFFF) + SrcB (L-22): lane*16 + 0x1000, not lane*16 & 0x1_00000FFF.
  // -R1: ((-lane) << 2) mod 2^32 + 0x1000; lane 1: 0xFFFFFFFC + 0x1000 = 0x1_00000FFC, carry.
  // 0x0F000000 << 4 = 0xF0000000; + 0x10000000 = 2^32 exactly -> 0, carry.
  // -R2 (accepted with a warning, L-50): lane*16 + ~0x1000 + 1 = lane*16 - 0x1000, never carries.
  const auto out = run(R"(// @state R1 = lane
// @state R2 = 0x1000
// @state R6 = 0x0F000000
// @state R7 = 0x10000000
LEA R3, R1, R2, 0x4 ;
LEA R4, P0, -R1, R2, 0x2 ;
LEA R5, P1, R6, R7, 0x4 ;
LEA.LO R8, R1, 0x10, 0x1f ;
LEA R9, P2, R1, -R2, 0x4 ;
)");
  EXPECT_EQ(reg(out, "R3", 0), 0x1000u);
  EXPECT_EQ(reg(out, "R3", 31), 0x11F0u);
  EXPECT_EQ(reg(out, "R4", 0), 0x1000u);
  EXPECT_EQ(reg(out, "P0", 0), 0u);
  EXPECT_EQ(reg(out, "R4", 1), 0xFFCu);
  EXPECT_EQ(reg(out, "P0", 1), 1u);
  EXPECT_EQ(reg(out, "R5"), 0u);
  EXPECT_EQ(reg(out, "P1"), 1u);
  EXPECT_EQ(reg(out, "R8", 2), 0x10u);  // 2 << 31 drops out of 32 bits
  EXPECT_EQ(reg(out, "R8", 3), 0x80000010u);
  EXPECT_EQ(reg(out, "R9", 0), 0xFFFFF000u);
  EXPECT_EQ(reg(out, "R9", 1), 0xFFFFF010u);
  EXPECT_EQ(reg(out, "P2", 31), 0u);
}

TEST(IntegerArithmetic, LeaHiXBuilds64BitAddress) {
  // R[0:1] = ({R7, R2} << 4) + R[4:5] = 0x12F_00000010 + 0x100_FFFFFFF0 = 0x230_00000000.
  // Low: 0x10 + 0xFFFFFFF0 = 2^32 -> 0, P0 = 1. High: ({R7,R2} << 4) >> 32 = 0x12F; + 0x100 + 1.
  // sh = 0 gives Rc itself. ~R2 inverts the pair: ~0x12_F0000001 << 4 = 0xFFFFFED0_FFFFFFE0,
  // 0xFFFFFED0 + 0x100 + 1 = 0xFFFFFFD1, no carry.
  const auto out = run(R"(// @state R2 = 0xF0000001
// @state R7 = 0x12
// @state R4 = 0xFFFFFFF0
// @state R5 = 0x100
LEA R0, P0, R2, R4, 0x4 ;
LEA.HI.X R1, R2, R5, R7, 0x4, P0 ;
LEA.HI.X R3, R2, RZ, R7, 0x0 ;
LEA.HI.X R8, P1, ~R2, R5, R7, 0x4, PT ;
)");
  EXPECT_EQ(reg(out, "R0"), 0u);
  EXPECT_EQ(reg(out, "P0"), 1u);
  EXPECT_EQ(reg(out, "R1"), 0x230u);
  EXPECT_EQ(reg(out, "R3"), 0x12u);
  EXPECT_EQ(reg(out, "R8"), 0xFFFFFFD1u);
  EXPECT_EQ(reg(out, "P1"), 0u);
}

TEST(IntegerArithmetic, LeaHiXSx32SignExtends) {
  // 000_ialu.txt:1203-1204 written legally: R[0:1] = (-R2 << 3) + R[4:5], R2 = 5, R[4:5] = 2^32.
  // Low: (-5 << 3) mod 2^32 = 0xFFFFFFD8, + 0 -> no carry. High: sext(~5) << 3 =
  // 0xFFFFFFFF_FFFFFFD0 -> 0xFFFFFFFF; + 1 + 0 = 2^32 -> 0. Result 0x0_FFFFFFD8 = 2^32 - 40.
  // R10 = 0x80000000: sext << 4 = 0xFFFFFFF8_00000000 -> 0xFFFFFFF8 + 0x10 = 0x1_00000008;
  // without .SX32 (Rc = RZ): 0x8_00000000 -> 8 + 0x10 = 0x18.
  const auto out = run(R"(// @state R2 = 0x5
// @state R5 = 0x1
// @state R10 = 0x80000000
// @state R12 = 0x10
LEA R0, P0, -R2, R4, 0x3 ;
LEA.HI.X.SX32 R1, ~R2, R5, 0x3, P0 ;
LEA.HI.X.SX32 R11, P1, R10, R12, 0x4 ;
LEA.HI.X R13, R10, R12, RZ, 0x4 ;
)");
  EXPECT_EQ(reg(out, "R0"), 0xFFFFFFD8u);
  EXPECT_EQ(reg(out, "P0"), 0u);
  EXPECT_EQ(reg(out, "R1"), 0u);
  EXPECT_EQ(reg(out, "R11"), 8u);
  EXPECT_EQ(reg(out, "P1"), 1u);
  EXPECT_EQ(reg(out, "R13"), 0x18u);
}

TEST(IntegerArithmetic, LeaSx32PairIsShortBy2Pow32WhenLowBitsOfRaAreZero) {
  // G-10: R2 = 0, sh = 3, R[4:5] = 0x1_00000010. Low: (-0 << 3) + 0x10 = 0x10, no carry.
  // High: sext(~0) << 3 = 0xFFFFFFFF_FFFFFFF8 -> 0xFFFFFFFF; + 1 + 0 = 2^32 -> 0.
  // So R[0:1] = 0x0_00000010, not the example's (-R2 << 3) + R[4:5] = 0x1_00000010.
  const auto out = run(R"(// @state R4 = 0x10
// @state R5 = 0x1
LEA R0, P0, -R2, R4, 0x3 ;
LEA.HI.X.SX32 R1, ~R2, R5, 0x3, P0 ;
)");
  EXPECT_EQ(reg(out, "R0"), 0x10u);
  EXPECT_EQ(reg(out, "P0"), 0u);
  EXPECT_EQ(reg(out, "R1"), 0u);
}

// ---------------------------------------------------------------------------------------------
// IABS, IMNMX

TEST(IntegerArithmetic, IabsIncludingIntMin) {
  const auto out = run(perLane("R1", [](unsigned lane) { return -static_cast<long long>(lane); }) +
                       R"(// @state UR1 = 0x80000000
// @state c[0x0][0x10] = 0xFFFFFF85
IABS R2, R1 ;
IABS R3, -0x1 ;
IABS R4, UR1 ;
IABS R5, c[0x0][0x10] ;
IABS R6, 0x7FFFFFFF ;
)");
  EXPECT_EQ(reg(out, "R2", 0), 0u);
  EXPECT_EQ(reg(out, "R2", 17), 17u);      // |-17|
  EXPECT_EQ(reg(out, "R3"), 1u);           // 000_ialu.txt:1296
  EXPECT_EQ(reg(out, "R4"), 0x80000000u);  // |INT_MIN| wraps (L-67)
  EXPECT_EQ(reg(out, "R5"), 0x7Bu);        // |-123|
  EXPECT_EQ(reg(out, "R6"), 0x7FFFFFFFu);
}

TEST(IntegerArithmetic, ImnmxPredicateSelectsMinOrMaxPerLane) {
  // P0 true (odd lanes): min(lane, 16); false: max(lane, 16).
  const auto out = run(oddLanes("P0") + R"(// @state R1 = lane
IMNMX R2, R1, 0x10, P0 ;
IMNMX R3, R1, 0x10, !P0 ;
)");
  EXPECT_EQ(reg(out, "R2", 0), 16u);
  EXPECT_EQ(reg(out, "R2", 1), 1u);
  EXPECT_EQ(reg(out, "R2", 17), 16u);
  EXPECT_EQ(reg(out, "R2", 18), 18u);
  EXPECT_EQ(reg(out, "R3", 0), 0u);
  EXPECT_EQ(reg(out, "R3", 31), 31u);
}

TEST(IntegerArithmetic, ImnmxComparesPerItype) {
  // G-2: 0xFFFFFFFF is -1 under .S32 and 2^32-1 under .U32.
  const auto out = run(R"(// @state R3 = 0xFFFFFFFF
// @state R4 = 0x5
// @state UR2 = 0x5
IMNMX R5, R3, R4, PT ;
IMNMX R6, R3, R4, !PT ;
IMNMX.U32 R7, R3, R4, PT ;
IMNMX.U32 R8, R3, R4, !PT ;
IMNMX R9, R3, UR2, PT ;
)");
  EXPECT_EQ(reg(out, "R5"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R6"), 5u);
  EXPECT_EQ(reg(out, "R7"), 5u);
  EXPECT_EQ(reg(out, "R8"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R9"), 0xFFFFFFFFu);
}

// ---------------------------------------------------------------------------------------------
// Uniform twins

TEST(IntegerArithmetic, UiaddAndUiaddXChain) {
  // UR1 + UR2, UR1 - UR2, UR1 - 0x114514 = -0x114504 = 0xFFEEBAFC.
  // {UR7, UR6} - {UR9, UR8} = {7, 5} - {2, 3}: 5 + ~3 + 1 = 0x1_00000002; 7 + ~2 + 1 = 0x1_00000005.
  // 001_udp.txt:138-139: {UR3, UR2} + {UR5, UR4} = {1, 0xFFFFFFFF} + {2, 1} = {4, 0}.
  const auto out = run(R"(// @state UR1 = 0x10
// @state UR2 = 0x3
// @state UR6 = 0x5
// @state UR7 = 0x7
// @state UR8 = 0x3
// @state UR9 = 0x2
// @state UR12 = 0xFFFFFFFF
// @state UR13 = 0x1
// @state UR14 = 0x1
// @state UR15 = 0x2
UIADD UR3, UR1, UR2 ;
UIADD UR4, UR1, -UR2 ;
UIADD UR5, UR1, -0x114514 ;
UIADD.X UR10, UP0, UR6, ~UR8, UPT ;
UIADD.X UR11, UP1, UR7, ~UR9, UP0 ;
UIADD.X UR16, UP2, UR12, UR14 ;
UIADD.X UR17, UPT, UR13, UR15, UP2 ;
)");
  EXPECT_EQ(reg(out, "UR3"), 0x13u);
  EXPECT_EQ(reg(out, "UR4"), 0xDu);
  EXPECT_EQ(reg(out, "UR5"), 0xFFEEBAFCu);
  EXPECT_EQ(reg(out, "UR10"), 2u);
  EXPECT_EQ(reg(out, "UP0"), 1u);
  EXPECT_EQ(reg(out, "UR11"), 5u);
  EXPECT_EQ(reg(out, "UP1"), 1u);
  EXPECT_EQ(reg(out, "UR16"), 0u);
  EXPECT_EQ(reg(out, "UP2"), 1u);
  EXPECT_EQ(reg(out, "UR17"), 4u);
}

TEST(IntegerArithmetic, UimadSpecPairAndSourcesUntouched) {
  // 001_udp.txt:284-285 (with UP0 for upu, L-61): UR[0:1] = UR2 * UR3 - UR[4:5], the same
  // numbers as the IMAD pair: 0xFFFFFFFF_40000000 - 0x1_50000000 = 0xFFFFFFFD_F0000000.
  // UR6 = 6*7 + 0x100 = 0x12A. The `URa = INT32(URa)` lines write no source (L-71).
  const auto out = run(R"(// @state UR2 = 0xFFFFFFFD
// @state UR3 = 0x40000000
// @state UR4 = 0x50000000
// @state UR5 = 0x1
// @state UR7 = 0x6
// @state UR8 = 0x7
// @state UR9 = 0x100
UIMAD UR0, UP0, UR2, UR3, -UR4 ;
UIMAD.HI.X UR1, UR2, UR3, ~UR5, UP0 ;
UIMAD UR6, UR7, UR8, UR9 ;
)");
  EXPECT_EQ(reg(out, "UR0"), 0xF0000000u);
  EXPECT_EQ(reg(out, "UP0"), 0u);
  EXPECT_EQ(reg(out, "UR1"), 0xFFFFFFFDu);
  EXPECT_EQ(reg(out, "UR6"), 0x12Au);
  EXPECT_EQ(reg(out, "UR2"), 0xFFFFFFFDu);
  EXPECT_EQ(reg(out, "UR3"), 0x40000000u);
  EXPECT_EQ(reg(out, "UR4"), 0x50000000u);
}

TEST(IntegerArithmetic, UimadWideAndWideX) {
  // -2 * 7 + 0x10 = 0x1_00000000_00000002 -> {0, 2}, carry. U32: 0x6_FFFFFFF2 - 0x10 = 0x6_FFFFFFE2.
  // 128-bit pair (001_udp.txt:450-451): 2^33 + 0xFFFFFFFF_FFFFFFFF = 0x1_00000001_FFFFFFFF.
  // UUC reads a 64-bit constant (L-44): 6 + 0x22222222_11111111.
  const auto out = run(R"(// @state UR12 = 0xFFFFFFFE
// @state UR13 = 0x7
// @state UR14 = 0x10
// @state UR22 = 0x40000000
// @state UR23 = 0x8
// @state UR24 = 0xFFFFFFFF
// @state UR25 = 0xFFFFFFFF
// @state UR30 = 0x2
// @state UR31 = 0x3
// @state c[0x0][0x20] = 0x11111111
// @state c[0x0][0x24] = 0x22222222
UIMAD.WIDE UR[10:11], UP1, UR12, UR13, UR[14:15] ;
UIMAD.WIDE.U32 UR[16:17], UR12, 0x7, -UR[14:15] ;
UIMAD.WIDE.X UR[20:21], UP2, UR22, UR23, UR[24:25] ;
UIMAD.WIDE.X UR[26:27], URZ, URZ, URZ, UP2 ;
UIMAD.WIDE.U32 UR[28:29], UR30, UR31, c[0x0][0x20] ;
)");
  EXPECT_EQ(reg(out, "UR10"), 2u);
  EXPECT_EQ(reg(out, "UR11"), 0u);
  EXPECT_EQ(reg(out, "UP1"), 1u);
  EXPECT_EQ(reg(out, "UR16"), 0xFFFFFFE2u);
  EXPECT_EQ(reg(out, "UR17"), 6u);
  EXPECT_EQ(reg(out, "UR20"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "UR21"), 1u);
  EXPECT_EQ(reg(out, "UP2"), 1u);
  EXPECT_EQ(reg(out, "UR26"), 1u);
  EXPECT_EQ(reg(out, "UR27"), 0u);
  EXPECT_EQ(reg(out, "UR28"), 0x11111117u);
  EXPECT_EQ(reg(out, "UR29"), 0x22222222u);
}

TEST(IntegerArithmetic, UimulLoHi) {
  // As IMUL: -2 * 3 = 0xFFFFFFFF_FFFFFFFA; U32 0x2_FFFFFFFA; -2 * -3 = 6; 0x114514 * (2^32-2).
  const auto out = run(R"(// @state UR1 = 0xFFFFFFFE
// @state UR2 = 0x3
UIMUL UR3, UR1, UR2 ;
UIMUL.HI UR4, UR1, UR2 ;
UIMUL.HI.U32 UR5, UR1, UR2 ;
UIMUL.HI UR6, UR1, -UR2 ;
UIMUL.HI.U32 UR7, UR1, 0x114514 ;
UIMUL UR8, UR1, -UR2 ;
)");
  EXPECT_EQ(reg(out, "UR3"), 0xFFFFFFFAu);
  EXPECT_EQ(reg(out, "UR4"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "UR5"), 2u);
  EXPECT_EQ(reg(out, "UR6"), 0u);
  EXPECT_EQ(reg(out, "UR7"), 0x114513u);
  EXPECT_EQ(reg(out, "UR8"), 6u);
  EXPECT_EQ(reg(out, "UR1"), 0xFFFFFFFEu);  // L-71
}

TEST(IntegerArithmetic, UleaPairs) {
  // Same numbers as LeaHiXBuilds64BitAddress and LeaHiXSx32SignExtends.
  const auto out = run(R"(// @state UR2 = 0xF0000001
// @state UR7 = 0x12
// @state UR4 = 0xFFFFFFF0
// @state UR5 = 0x100
// @state UR8 = 0x5
// @state UR10 = 0x1
ULEA UR0, UP0, UR2, UR4, 0x4 ;
ULEA.HI.X UR1, UR2, UR5, UR7, 0x4, UP0 ;
ULEA UR11, UP1, -UR8, UR9, 0x3 ;
ULEA.HI.X.SX32 UR12, ~UR8, UR10, 0x3, UP1 ;
)");
  EXPECT_EQ(reg(out, "UR0"), 0u);
  EXPECT_EQ(reg(out, "UP0"), 1u);
  EXPECT_EQ(reg(out, "UR1"), 0x230u);
  EXPECT_EQ(reg(out, "UR11"), 0xFFFFFFD8u);
  EXPECT_EQ(reg(out, "UP1"), 0u);
  EXPECT_EQ(reg(out, "UR12"), 0u);
}

TEST(IntegerArithmetic, UiabsAndUimnmx) {
  const auto out = run(R"(// @state UR1 = 0xFFFFFF85
// @state UR4 = 0x80000000
// @state UR5 = 0xFFFFFFFF
// @state UR6 = 0x5
// @state UP0 = 1
UIABS UR0, UR1 ;
UIABS UR2, 0xFFFFFFFF ;
UIABS UR3, UR4 ;
UIMNMX UR7, UR5, UR6, UPT ;
UIMNMX UR8, UR5, UR6, !UPT ;
UIMNMX.U32 UR9, UR5, UR6, UPT ;
UIMNMX.U32 UR10, UR5, 0x0, UP0 ;
UIMNMX.U32 UR11, UR5, 0x0, !UP0 ;
)");
  EXPECT_EQ(reg(out, "UR0"), 0x7Bu);         // |-123|
  EXPECT_EQ(reg(out, "UR2"), 1u);            // 001_udp.txt:794
  EXPECT_EQ(reg(out, "UR3"), 0x80000000u);   // L-67
  EXPECT_EQ(reg(out, "UR7"), 0xFFFFFFFFu);   // min(-1, 5)
  EXPECT_EQ(reg(out, "UR8"), 5u);            // max(-1, 5)
  EXPECT_EQ(reg(out, "UR9"), 5u);            // min(2^32-1, 5)
  EXPECT_EQ(reg(out, "UR10"), 0u);           // min(2^32-1, 0)
  EXPECT_EQ(reg(out, "UR11"), 0xFFFFFFFFu);  // max(2^32-1, 0)
}

// ---------------------------------------------------------------------------------------------
// Guards

TEST(IntegerArithmetic, GuardedInstructionsWriteOnlyWhereTheGuardHolds) {
  // Odd lanes: P0 true. The carry P1 is written only where the instruction runs:
  // 0x80000000 * 2 = 2^32 -> R5 = 0, P1 = 1 in odd lanes; even lanes keep R5 = 0x99, P1 = 0.
  const auto out = run(oddLanes("P0") + R"(// @state R1 = lane
// @state R3 = 0x77
// @state R4 = 0x55
// @state R5 = 0x99
// @state R6 = 0x80000000
@P0 IADD R3, R1, 0x100 ;
@!P0 IMAD R4, R1, R1, RZ ;
@P0 IADD.X R5, P1, R6, R6 ;
)");
  EXPECT_EQ(reg(out, "R3", 0), 0x77u);
  EXPECT_EQ(reg(out, "R3", 5), 0x105u);
  EXPECT_EQ(reg(out, "R4", 6), 36u);
  EXPECT_EQ(reg(out, "R4", 7), 0x55u);
  EXPECT_EQ(reg(out, "R5", 1), 0u);
  EXPECT_EQ(reg(out, "P1", 1), 1u);
  EXPECT_EQ(reg(out, "R5", 2), 0x99u);
  EXPECT_EQ(reg(out, "P1", 2), 0u);
}

TEST(IntegerArithmetic, UniformGuard) {
  const auto out = run(R"(// @state UP0 = 1
// @state UR2 = 0x41
@UP0 UIADD UR1, UR2, 0x1 ;
@!UP0 UIADD UR3, UR2, 0x1 ;
@UP1 UIMUL UR4, UR2, UR2 ;
@!UP1 UIMUL UR5, UR2, 0x2 ;
)");
  EXPECT_EQ(reg(out, "UR1"), 0x42u);
  EXPECT_EQ(reg(out, "UR3"), 0u);
  EXPECT_EQ(reg(out, "UR4"), 0u);
  EXPECT_EQ(reg(out, "UR5"), 0x82u);
}

}  // namespace
}  // namespace gpuasm::simtest
