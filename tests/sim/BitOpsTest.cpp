// POPC/UPOPC, FLO/UFLO, BREV/UBREV, BMSK/UBMSK, SGXT/USGXT, I2I and I2IP, with values worked out
// by hand from the spec's semantics (003_xu.txt:268-277, 369-390, 464-467, 553-582, 675-698;
// 001_udp.txt:1851-1860, 1939-1960, 2022-2025, 2100-2129, 2210-2233; 000_ialu.txt:2813-2825,
// 2923-2943) as corrected by errata L-24, L-25, L-28, L-31, L-60, L-80 and G-3.
#include "SimTestUtil.h"

#include <string>

namespace gpuasm::simtest {
namespace {

// ---- POPC / UPOPC ----------------------------------------------------------------------------

TEST(BitOps, BitNotOnAnImmediateIsFoldedIntoTheValue) {
  // L-50: `~0x5` encodes 0xFFFFFFFA (30 ones); `~0x3` 0xFFFFFFFC, whose highest set bit is 31.
  const auto out = run("POPC R1, ~0x5 ;\nUPOPC UR1, ~0x3 ;\nFLO.U32 R2, ~0x3 ;\n");
  EXPECT_EQ(reg(out, "R1"), 30u);
  EXPECT_EQ(reg(out, "UR1"), 30u);
  EXPECT_EQ(reg(out, "R2"), 31u);
}

TEST(BitOps, PopcCountsOnesOfEverySourceKind) {
  const auto out = run(R"(// @state R2 = lane
// @state UR2 = 0x80000001
// @state c[0x0][0x10] = 0xFFF00000
POPC R1, R2 ;
POPC R3, ~R2 ;
POPC R4, 0xF0F0 ;
POPC R5, -0x5 ;
POPC R6, UR2 ;
POPC R7, ~UR2 ;
POPC R8, c[0x0][0x10] ;
POPC R9, ~c[0x0][0x10] ;
)");
  // lane 0: 0 ones; lane 7 = 0b111: 3; lane 22 = 0b10110: 3; lane 31 = 0b11111: 5.
  EXPECT_EQ(reg(out, "R1", 0), 0u);
  EXPECT_EQ(reg(out, "R1", 7), 3u);
  EXPECT_EQ(reg(out, "R1", 22), 3u);
  EXPECT_EQ(reg(out, "R1", 31), 5u);
  // ~lane has 32 - popcount(lane) ones (the bitnot prefix, L-25).
  EXPECT_EQ(reg(out, "R3", 0), 32u);
  EXPECT_EQ(reg(out, "R3", 7), 29u);
  EXPECT_EQ(reg(out, "R3", 31), 27u);
  EXPECT_EQ(reg(out, "R4"), 8u);   // 0xF0F0: 2 x 4 ones
  EXPECT_EQ(reg(out, "R5"), 31u);  // -5 = 0xFFFFFFFB: only bit 2 is 0
  EXPECT_EQ(reg(out, "R6"), 2u);   // 0x80000001
  EXPECT_EQ(reg(out, "R7"), 30u);  // ~0x80000001 = 0x7FFFFFFE
  EXPECT_EQ(reg(out, "R8"), 12u);  // 0xFFF00000: 12 ones
  EXPECT_EQ(reg(out, "R9"), 20u);  // 0x000FFFFF: 20 ones
}

TEST(BitOps, PopcRespectsTheGuard) {
  // P0 is true in the even lanes only; the odd lanes keep R1 = 0x77.
  const auto out = run("// @state R2 = 0xFF\n// @state R1 = 0x77\n// @state P0 = " +
                       perLane([](unsigned l) { return l % 2 == 0 ? 1 : 0; }) + "\n@P0 POPC R1, R2 ;\n");
  EXPECT_EQ(reg(out, "R1", 0), 8u);
  EXPECT_EQ(reg(out, "R1", 1), 0x77u);
  EXPECT_EQ(reg(out, "R1", 30), 8u);
  EXPECT_EQ(reg(out, "R1", 31), 0x77u);
}

TEST(BitOps, UpopcIsUniform) {
  const auto out = run(R"(// @state UR2 = 0x80000001
// @state UR5 = 0x99
UPOPC UR1, ~UR2 ;
UPOPC UR3, 0xF0 ;
@!UPT UPOPC UR5, UR2 ;
)");
  EXPECT_EQ(reg(out, "UR1"), 30u);  // ~0x80000001 = 0x7FFFFFFE
  EXPECT_EQ(reg(out, "UR3"), 4u);
  EXPECT_EQ(reg(out, "UR5"), 0x99u);  // guard false: not written
}

// ---- FLO / UFLO ------------------------------------------------------------------------------

TEST(BitOps, FloU32FindsTheHighestOne) {
  const auto out = run(R"(// @state R2 = 0x00012345
// @state R3 = 0xFFFF0000
// @state R4 = lane
// @state R6 = 0xFFFFFF00
FLO.U32 R10, R2 ;
FLO.U32 R11, R3 ;
FLO.U32 R12, R4 ;
FLO.U32 R13, ~R6 ;
)");
  EXPECT_EQ(reg(out, "R10"), 16u);             // 0x00012345: highest one is 0x10000 = bit 16
  EXPECT_EQ(reg(out, "R11"), 31u);             // unsigned: bit 31 itself
  EXPECT_EQ(reg(out, "R12", 0), 0xFFFFFFFFu);  // zero input
  EXPECT_EQ(reg(out, "R12", 1), 0u);
  EXPECT_EQ(reg(out, "R12", 15), 3u);
  EXPECT_EQ(reg(out, "R12", 16), 4u);
  EXPECT_EQ(reg(out, "R12", 31), 4u);
  EXPECT_EQ(reg(out, "R13"), 7u);  // ~0xFFFFFF00 = 0xFF
}

TEST(BitOps, FloS32InvertsOnlyNegativeInputs) {
  // L-25: .S32 inverts x only when bit 31 is set (the spec's pseudo-code inverts every input,
  // which would give 31 for 0x12345).
  const auto out = run(R"(// @state R2 = 0x00012345
// @state R3 = 0xFFFF0000
// @state R4 = 0xFFFFFFFF
// @state R5 = 0x80000000
FLO R10, R2 ;
FLO.S32 R11, R3 ;
FLO R12, R4 ;
FLO R13, R5 ;
FLO R14, ~R4 ;
)");
  EXPECT_EQ(reg(out, "R10"), 16u);
  EXPECT_EQ(reg(out, "R11"), 15u);          // ~0xFFFF0000 = 0x0000FFFF: bit 15
  EXPECT_EQ(reg(out, "R12"), 0xFFFFFFFFu);  // -1: ~x = 0, the zero case
  EXPECT_EQ(reg(out, "R13"), 30u);          // ~0x80000000 = 0x7FFFFFFF: bit 30
  EXPECT_EQ(reg(out, "R14"), 0xFFFFFFFFu);  // ~(-1) = 0
}

TEST(BitOps, FloShGivesTheShiftAndKeepsTheZeroCase) {
  const auto out = run(R"(// @state R2 = 0x00012345
// @state R3 = 0xFFFF0000
// @state R4 = 0x1
// @state R5 = 0xFFFFFFFF
FLO.SH.U32 R10, R2 ;
FLO.SH R11, R3 ;
FLO.SH.U32 R12, R4 ;
FLO.SH R13, R5 ;
FLO.U32.SH R14, RZ ;
FLO.SH.U32 R15, R3 ;
)");
  EXPECT_EQ(reg(out, "R10"), 15u);          // 31 - 16
  EXPECT_EQ(reg(out, "R11"), 16u);          // S32: 31 - 15
  EXPECT_EQ(reg(out, "R12"), 31u);          // 31 - 0
  EXPECT_EQ(reg(out, "R13"), 0xFFFFFFFFu);  // zero after inversion: .SH not applied (L-25)
  EXPECT_EQ(reg(out, "R14"), 0xFFFFFFFFu);  // the spec's example, 003_xu.txt:394
  EXPECT_EQ(reg(out, "R15"), 0u);           // U32: 31 - 31
}

TEST(BitOps, UfloIsUniform) {
  const auto out = run(R"(// @state UR2 = 0x80000000
// @state UR3 = 0x00000100
UFLO UR1, UR2 ;
UFLO.U32.SH UR4, URZ ;
UFLO.SH.U32 UR5, UR3 ;
UFLO.U32 UR6, UR2 ;
)");
  EXPECT_EQ(reg(out, "UR1"), 30u);          // S32 negative: ~0x80000000 = 0x7FFFFFFF
  EXPECT_EQ(reg(out, "UR4"), 0xFFFFFFFFu);  // the spec's example, 001_udp.txt:1964
  EXPECT_EQ(reg(out, "UR5"), 23u);          // 31 - 8
  EXPECT_EQ(reg(out, "UR6"), 31u);
}

// ---- BREV / UBREV ----------------------------------------------------------------------------

TEST(BitOps, BrevIsBitwiseNotAsSpecified) {
  // L-28: the spec says Rd = ~SrcB everywhere; a bit reverse of 0x1 would be 0x80000000.
  const auto out = run(R"(// @state R2 = lane
// @state UR2 = 0x0F0F0000
BREV R1, R2 ;
BREV R3, 0x1 ;
BREV R4, UR2 ;
)");
  EXPECT_EQ(reg(out, "R1", 0), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R1", 5), 0xFFFFFFFAu);
  EXPECT_EQ(reg(out, "R3"), 0xFFFFFFFEu);
  EXPECT_EQ(reg(out, "R4"), 0xF0F0FFFFu);
}

TEST(BitOps, UbrevIsUniform) {
  const auto out = run("// @state UR2 = 0x0F0F0000\nUBREV UR1, UR2 ;\nUBREV UR3, 0x1 ;\n");
  EXPECT_EQ(reg(out, "UR1"), 0xF0F0FFFFu);
  EXPECT_EQ(reg(out, "UR3"), 0xFFFFFFFEu);
}

// ---- BMSK / UBMSK ----------------------------------------------------------------------------
// Bits a1 .. a1+b1-1 are set (the pseudo-code, L-60), with the .CLAMP/.WRAP overflow rules.

TEST(BitOps, BmskClampSetsBitsFromRaForSrcBBits) {
  const auto out = run(R"(// @state R2 = 0x8
// @state R3 = 0x1C
// @state R4 = 0x28
// @state R5 = 0x24
// @state R6 = 0x20
BMSK R10, R2, 0x4 ;
BMSK.CLAMP R11, R2, 0x0 ;
BMSK R12, R3, 0x8 ;
BMSK R13, R4, 0x4 ;
BMSK R14, R2, R5 ;
BMSK R15, R2, R6 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x00000F00u);  // bits 8..11
  EXPECT_EQ(reg(out, "R11"), 0u);           // b1 = 0: mask1 = ~0, nothing set
  EXPECT_EQ(reg(out, "R12"), 0xF0000000u);  // 28 + 8 >= 32: mask1 = 0, bits 28..31
  EXPECT_EQ(reg(out, "R13"), 0u);           // Ra = 40 >= 32: mask0 = 0
  EXPECT_EQ(reg(out, "R14"), 0xFFFFFF00u);  // SrcB = 36 >= 32: mask1 = 0, bits 8..31
  EXPECT_EQ(reg(out, "R15"), 0xFFFFFF00u);  // SrcB = 32 >= 32: the same
}

TEST(BitOps, BmskWrapTakesBothOperandsModulo32) {
  const auto out = run(R"(// @state R4 = 0x28
// @state R2 = 0x8
// @state R5 = 0x24
// @state R6 = 0x20
BMSK.WRAP R13, R4, 0x4 ;
BMSK.WRAP R14, R2, R5 ;
BMSK.WRAP R15, R2, R6 ;
)");
  EXPECT_EQ(reg(out, "R13"), 0x00000F00u);  // a1 = 40 & 31 = 8, b1 = 4: bits 8..11
  EXPECT_EQ(reg(out, "R14"), 0x00000F00u);  // b1 = 36 & 31 = 4
  EXPECT_EQ(reg(out, "R15"), 0u);           // b1 = 32 & 31 = 0: empty mask
}

TEST(BitOps, BmskPerLanePosition) {
  const auto out = run("// @state R4 = lane\nBMSK R5, R4, 0x3 ;\n");
  EXPECT_EQ(reg(out, "R5", 0), 0x7u);          // bits 0..2
  EXPECT_EQ(reg(out, "R5", 5), 0xE0u);         // bits 5..7
  EXPECT_EQ(reg(out, "R5", 29), 0xE0000000u);  // 29 + 3 = 32: sum overflow, bits 29..31
  EXPECT_EQ(reg(out, "R5", 30), 0xC0000000u);
}

TEST(BitOps, UbmskIsUniform) {
  const auto out = run(R"(// @state UR2 = 0x4
// @state UR3 = 0x8
// @state UR5 = 0x22
UBMSK UR1, UR2, UR3 ;
UBMSK.WRAP UR4, UR5, 0x24 ;
UBMSK.CLAMP UR6, UR5, 0x24 ;
)");
  EXPECT_EQ(reg(out, "UR1"), 0x00000FF0u);  // bits 4..11
  EXPECT_EQ(reg(out, "UR4"), 0x0000003Cu);  // a1 = 2, b1 = 4: bits 2..5
  EXPECT_EQ(reg(out, "UR6"), 0u);           // URa = 34 >= 32 under .CLAMP
}

// ---- SGXT / USGXT ----------------------------------------------------------------------------

TEST(BitOps, SgxtSignedAndUnsigned) {
  const auto out = run(R"(// @state R2 = 0x5
// @state R3 = 0x3
// @state R4 = 0x1234ABCD
SGXT R10, R2, 0x3 ;
SGXT R11, R3, 0x3 ;
SGXT.U32 R12, R4, 0x10 ;
SGXT R13, R4, 0x10 ;
SGXT.S32 R14, R4, 0x0 ;
SGXT.U32 R15, R2, 0x2 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0xFFFFFFFDu);  // 0b101 as 3 bits is -3
  EXPECT_EQ(reg(out, "R11"), 0x3u);         // 0b011 is +3
  EXPECT_EQ(reg(out, "R12"), 0xABCDu);
  EXPECT_EQ(reg(out, "R13"), 0xFFFFABCDu);  // bit 15 of 0xABCD is 1
  EXPECT_EQ(reg(out, "R14"), 0u);           // width 0
  EXPECT_EQ(reg(out, "R15"), 0x1u);         // low 2 bits of 0b101
}

TEST(BitOps, SgxtClampAndWrapWidths) {
  const auto out = run(R"(// @state R2 = 0x8000008F
SGXT R10, R2, 0x28 ;
SGXT.CLAMP.U32 R11, R2, 0x20 ;
SGXT.WRAP R12, R2, 0x28 ;
SGXT.WRAP.U32 R13, R2, 0x28 ;
SGXT.WRAP R14, R2, 0x20 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x8000008Fu);  // .CLAMP: 40 -> 32 bits, unchanged
  EXPECT_EQ(reg(out, "R11"), 0x8000008Fu);  // 32 bits
  EXPECT_EQ(reg(out, "R12"), 0xFFFFFF8Fu);  // .WRAP: 40 mod 32 = 8 bits, bit 7 set
  EXPECT_EQ(reg(out, "R13"), 0x8Fu);
  EXPECT_EQ(reg(out, "R14"), 0u);  // 32 mod 32 = 0 (G-3)
}

TEST(BitOps, SgxtPerLaneWidth) {
  const auto out =
      run("// @state R4 = lane\n// @state R6 = 0xFFFFFFFF\n// @state R8 = 0x1\nSGXT.U32 R5, R6, R4 ;\nSGXT "
          "R7, R8, R4 ;\n");
  EXPECT_EQ(reg(out, "R5", 0), 0u);
  EXPECT_EQ(reg(out, "R5", 4), 0xFu);  // (1 << 4) - 1
  EXPECT_EQ(reg(out, "R5", 31), 0x7FFFFFFFu);
  EXPECT_EQ(reg(out, "R7", 0), 0u);           // width 0
  EXPECT_EQ(reg(out, "R7", 1), 0xFFFFFFFFu);  // 1 as a 1-bit signed value is -1
  EXPECT_EQ(reg(out, "R7", 2), 0x1u);
}

TEST(BitOps, UsgxtIsUniform) {
  const auto out = run(R"(// @state UR2 = 0x1F5
// @state UR3 = 0x9
// @state UP1 = true
// @state UR7 = 0x77
USGXT UR1, UR2, 0x3 ;
USGXT.WRAP.U32 UR4, UR2, 0x24 ;
USGXT.CLAMP.S32 UR5, UR2, UR3 ;
@UP1 USGXT.U32 UR6, UR2, 0x4 ;
@!UP1 USGXT.U32 UR7, UR2, 0x4 ;
)");
  EXPECT_EQ(reg(out, "UR1"), 0xFFFFFFFDu);  // low 3 bits 0b101 -> -3
  EXPECT_EQ(reg(out, "UR4"), 0x5u);         // 36 mod 32 = 4 bits: 0x5
  EXPECT_EQ(reg(out, "UR5"), 0xFFFFFFF5u);  // 9 bits: 0x1F5, bit 8 set -> sign-extended
  EXPECT_EQ(reg(out, "UR6"), 0x5u);         // @UP1 true: low 4 bits
  EXPECT_EQ(reg(out, "UR7"), 0x77u);        // @!UP1 false: not written
}

// ---- I2I ------------------------------------------------------------------------------------
// SrcB is signed 32-bit; the clamped value is sign-extended for .S8/.S16 (L-80).

constexpr const char* kI2iState = R"(// @state R2 = 300
// @state R3 = -300
// @state R4 = 100
// @state R5 = -100
// @state R6 = 70000
// @state R7 = -70000
// @state R8 = 0x80000000
)";

TEST(BitOps, I2iS8Saturates) {
  const auto out = run(std::string(kI2iState) +
                       "I2I.S8 R10, R2 ;\nI2I.S8 R11, R3 ;\nI2I.S8 R12, R4 ;\nI2I.S8 R13, R5 ;\n");
  EXPECT_EQ(reg(out, "R10"), 0x7Fu);        // 300 -> 127
  EXPECT_EQ(reg(out, "R11"), 0xFFFFFF80u);  // -300 -> -128
  EXPECT_EQ(reg(out, "R12"), 100u);
  EXPECT_EQ(reg(out, "R13"), 0xFFFFFF9Cu);  // -100 stays
}

TEST(BitOps, I2iU8Saturates) {
  const auto out = run(std::string(kI2iState) +
                       "I2I.U8 R10, R2 ;\nI2I.U8 R11, R3 ;\nI2I.U8 R12, R4 ;\nI2I.U8 R13, R5 ;\n");
  EXPECT_EQ(reg(out, "R10"), 0xFFu);  // 300 -> 255
  EXPECT_EQ(reg(out, "R11"), 0u);     // -300 -> 0
  EXPECT_EQ(reg(out, "R12"), 100u);
  EXPECT_EQ(reg(out, "R13"), 0u);
}

TEST(BitOps, I2iS16Saturates) {
  const auto out = run(std::string(kI2iState) +
                       "I2I.S16 R10, R6 ;\nI2I.S16 R11, R7 ;\nI2I.S16 R12, R3 ;\nI2I.S16 R13, R8 ;\n");
  EXPECT_EQ(reg(out, "R10"), 0x7FFFu);      // 70000 -> 32767
  EXPECT_EQ(reg(out, "R11"), 0xFFFF8000u);  // -70000 -> -32768
  EXPECT_EQ(reg(out, "R12"), 0xFFFFFED4u);  // -300 fits
  EXPECT_EQ(reg(out, "R13"), 0xFFFF8000u);  // INT32_MIN -> -32768
}

TEST(BitOps, I2iU16SaturatesFromEverySourceKind) {
  const auto out = run(std::string(kI2iState) + R"(// @state UR2 = -5
// @state c[0x0][0x4] = 0x1234
I2I.U16 R10, R6 ;
I2I.U16 R11, R7 ;
I2I.U16 R12, R8 ;
I2I.U16 R13, 0x114514 ;
I2I.U16 R14, UR2 ;
I2I.U16 R15, c[0x0][0x4] ;
)");
  EXPECT_EQ(reg(out, "R10"), 0xFFFFu);  // 70000 -> 65535
  EXPECT_EQ(reg(out, "R11"), 0u);
  EXPECT_EQ(reg(out, "R12"), 0u);       // 0x80000000 is negative as INT32
  EXPECT_EQ(reg(out, "R13"), 0xFFFFu);  // the spec's example, 000_ialu.txt:2830
  EXPECT_EQ(reg(out, "R14"), 0u);       // -5 -> 0
  EXPECT_EQ(reg(out, "R15"), 0x1234u);
}

TEST(BitOps, I2iRespectsTheGuard) {
  const auto out = run("// @state R2 = lane\n// @state R1 = 0x55\n// @state P1 = " +
                       perLane([](unsigned l) { return l < 4 ? 1 : 0; }) + "\n@!P1 I2I.S8 R1, -0x200 ;\n");
  EXPECT_EQ(reg(out, "R1", 0), 0x55u);  // P1 true: !P1 false, not written
  EXPECT_EQ(reg(out, "R1", 3), 0x55u);
  EXPECT_EQ(reg(out, "R1", 4), 0xFFFFFF80u);  // -512 -> -128
  EXPECT_EQ(reg(out, "R1", 31), 0xFFFFFF80u);
}

// ---- I2IP -----------------------------------------------------------------------------------
// L-24: ta = clamp(Ra), tb = clamp(SrcB) (then >= 0 under .SATRELU, L-31);
// Rd = ((ta & msk) << size) | (tb & msk) | (Rc & (2^(32-2*size) - 1)) << 2*size.

// The spec fixes satrelu to SAT (000_ialu.txt:2885), so the assembler rejects .SATRELU (errata
// L-31). The semantics of .SATRELU (000_ialu.txt:2931) are tested on a database with the
// change the catalogue recommends, satrelu a default, supplied as one more errata file.
const isa::InstrDb& satreluDefaultDb() {
  static const isa::SpecLoad load = [] {
    std::vector<isa::SpecFile> files = isa::embeddedSpecFiles();
    files.push_back({"satrelu-default.isa",
                     "__Erratum TEST-1 : [I2IP]\n  __Problem\nA test of the .SATRELU semantics.\n  "
                     "__Decision\nsatrelu is a default.\n"
                     "  __Affects\n    simulator\n  __Encoding\n    field<75, 1> SATRelu satrelu = SAT;\n",
                     isa::SpecFileRole::Errata});
    return isa::loadSpec(std::move(files));
  }();
  return *load.db;
}

ide::RunOutcome runSatrelu(const std::string& source) { return runOn(satreluDefaultDb(), source); }

constexpr const char* kI2ipState = R"(// @state R2 = 5
// @state R3 = -7
// @state R5 = 300
// @state R6 = -300
// @state R7 = 70000
// @state R8 = -70000
// @state R4 = 0x12345678
// @state UR3 = 16
)";

TEST(BitOps, I2ipPacks2BitValues) {
  const auto out =
      run(std::string(kI2ipState) + "I2IP.S2 R10, R2, R3, R4 ;\nI2IP.U2.SAT R11, R2, R3, R4 ;\n");
  // S2 [-2, 1]: ta = 1 -> 0b01, tb = -2 -> 0b10; (1 << 2) | 2 = 0x6;
  // Rc: (0x12345678 & 0x0FFFFFFF) << 4 = 0x23456780.
  EXPECT_EQ(reg(out, "R10"), 0x23456786u);
  // U2 [0, 3]: ta = 3, tb = 0: 0xC.
  EXPECT_EQ(reg(out, "R11"), 0x2345678Cu);
}

TEST(BitOps, I2ipPacks4BitValues) {
  const auto out = runSatrelu(std::string(kI2ipState) +
                              "I2IP.S4 R10, R2, R3, R4 ;\nI2IP.S4.SATRELU R11, R2, R3, R4 ;\nI2IP.U4 R12, "
                              "R5, R2, R4 ;\nI2IP.U4 R13, R2, UR3, RZ ;\n");
  // S4 [-8, 7]: ta = 5, tb = -7 -> 0x9: 0x59; Rc: (0x12345678 & 0xFFFFFF) << 8 = 0x34567800.
  EXPECT_EQ(reg(out, "R10"), 0x34567859u);
  // .SATRELU: tb = max(-7, 0) = 0: 0x50.
  EXPECT_EQ(reg(out, "R11"), 0x34567850u);
  // U4 [0, 15]: ta = 300 -> 15, tb = 5: 0xF5.
  EXPECT_EQ(reg(out, "R12"), 0x345678F5u);
  // SrcB from UR: 16 -> 15; Rc = RZ: 0x5F.
  EXPECT_EQ(reg(out, "R13"), 0x5Fu);
}

TEST(BitOps, I2ipPacks8BitValues) {
  const auto out = runSatrelu(std::string(kI2ipState) +
                              "I2IP.S8 R10, R5, R6, R4 ;\nI2IP.U8 R11, R6, R5, R4 ;\nI2IP.S8.SATRELU R12, "
                              "R6, R5, R4 ;\nI2IP.S8 R13, R2, -0x3, RZ ;\n");
  // S8: ta = 300 -> 127 = 0x7F, tb = -300 -> -128 = 0x80: 0x7F80; Rc: 0x5678 << 16.
  EXPECT_EQ(reg(out, "R10"), 0x56787F80u);
  // U8: ta = -300 -> 0, tb = 300 -> 255.
  EXPECT_EQ(reg(out, "R11"), 0x567800FFu);
  // S8.SATRELU: ta = -128 -> 0, tb = 127: 0x007F.
  EXPECT_EQ(reg(out, "R12"), 0x5678007Fu);
  // Immediate SrcB -3 = 0xFD, ta = 5: 0x05FD.
  EXPECT_EQ(reg(out, "R13"), 0x000005FDu);
}

TEST(BitOps, I2ipPacks16BitValuesWithoutRc) {
  const auto out = runSatrelu(std::string(kI2ipState) +
                              "I2IP.S16 R10, R7, R8, R4 ;\nI2IP.U16 R11, R8, R7, R4 ;\nI2IP.S16.SATRELU R12, "
                              "R6, R5, R4 ;\nI2IP.U16.SAT R13, R5, R6, RZ ;\n");
  // S16: ta = 70000 -> 0x7FFF, tb = -70000 -> -32768 = 0x8000; size 16 leaves no room for Rc.
  EXPECT_EQ(reg(out, "R10"), 0x7FFF8000u);
  // U16: ta = 0, tb = 65535.
  EXPECT_EQ(reg(out, "R11"), 0x0000FFFFu);
  // S16.SATRELU: ta = -300 -> 0, tb = 300 = 0x12C.
  EXPECT_EQ(reg(out, "R12"), 0x0000012Cu);
  // U16: ta = 300 = 0x12C, tb = -300 -> 0.
  EXPECT_EQ(reg(out, "R13"), 0x012C0000u);
}

TEST(BitOps, I2ipPerLane) {
  // Ra = lane, SrcB = -lane, U4: ta = min(lane, 15), tb = 0; Rc = RZ.
  const auto out =
      run("// @state R2 = lane\n// @state R3 = " + perLane([](unsigned l) { return -static_cast<int>(l); }) +
          "\nI2IP.U4 R1, R2, R3, RZ ;\nI2IP.S4 R9, R2, R3, RZ ;\n");
  EXPECT_EQ(reg(out, "R1", 3), 0x30u);
  EXPECT_EQ(reg(out, "R1", 20), 0xF0u);
  // S4: ta = min(lane, 7), tb = max(-lane, -8) & 0xF. Lane 3: 0x3D; lane 20: 0x78.
  EXPECT_EQ(reg(out, "R9", 3), 0x3Du);
  EXPECT_EQ(reg(out, "R9", 20), 0x78u);
}

}  // namespace
}  // namespace gpuasm::simtest
