// Modifier values that the family tests exercise only on the per-lane optype or only as an
// omitted default: each is written out here on the optype itself (mostly the uniform twins),
// with the expected value worked out by hand in the comment next to it.
#include "SimTestUtil.h"

#include <tuple>
#include <vector>

namespace gpuasm::simtest {
namespace {

// UR1 = 5, UR2 = 7, UR3 = 0xFFFFFFFF (-1 as S32), UP6 = true.
constexpr const char* kUisetpState =
    "// @state UR1 = 5\n// @state UR2 = 7\n// @state UR3 = 0xFFFFFFFF\n// @state UP6 = true\n";

TEST(ModifierCoverage, UisetpEveryComparisonAndBoolOp) {
  // pu = t boolop pp, pv = !t boolop pp (001_udp.txt:1165-1190).
  const std::vector<std::tuple<const char*, unsigned, unsigned>> cases = {
      {"UISETP.EQ.AND.U32 UP0, UP1, UR1, UR2, UPT ;", 0, 1},  // 5 == 7 false
      {"UISETP.NE.AND.U32 UP0, UP1, UR1, UR2, UPT ;", 1, 0},
      {"UISETP.LT.AND.U32 UP0, UP1, UR1, UR2, UPT ;", 1, 0},
      {"UISETP.LE.AND.U32 UP0, UP1, UR1, UR2, UPT ;", 1, 0},
      {"UISETP.GT.AND.U32 UP0, UP1, UR1, UR2, UPT ;", 0, 1},
      {"UISETP.GE.AND.U32 UP0, UP1, UR1, UR2, UPT ;", 0, 1},
      {"UISETP.GE.OR.S32 UP0, UP1, UR1, UR2, UP6 ;", 1, 1},   // t false: false|true, true|true
      {"UISETP.GT.XOR.U32 UP0, UP1, UR1, UR2, UP6 ;", 1, 0},  // t false: false^true, true^true
      {"UISETP.LT.AND.U32 UP0, UP1, UR3, UR1, UPT ;", 0, 1},  // 0xFFFFFFFF < 5 unsigned: false
      {"UISETP.LT.AND.S32 UP0, UP1, UR3, UR1, UPT ;", 1, 0},  // -1 < 5 signed: true
  };
  for (const auto& [line, up0, up1] : cases) {
    const auto out = run(std::string(kUisetpState) + line + "\n");
    EXPECT_EQ(reg(out, "UP0"), up0) << line;
    EXPECT_EQ(reg(out, "UP1"), up1) << line;
  }
}

TEST(ModifierCoverage, UniformMultiplyAddAndMinMaxWithExplicitTypes) {
  // UR1 = -2 (0xFFFFFFFE), UR2 = 3, UR4 = 1.
  const auto out = run(R"(// @state UR1 = 0xFFFFFFFE
// @state UR2 = 3
// @state UR4 = 1
UIMAD.LO.S32 UR5, UR1, UR2, UR4 ;
UIMUL.LO.S32 UR6, UR1, UR2 ;
UIMUL.HI.S32 UR7, UR1, UR2 ;
UIMUL.HI.U32 UR8, UR1, UR2 ;
UIMNMX.S32 UR9, UR1, UR2, UPT ;
UIMNMX.U32 UR10, UR1, UR2, UPT ;
ULEA.LO UR11, UR2, UR4, 0x4 ;
UMOV.32 UR12, 0x1234 ;
)");
  EXPECT_EQ(reg(out, "UR5"), 0xFFFFFFFBu);  // -2 * 3 + 1 = -5
  EXPECT_EQ(reg(out, "UR6"), 0xFFFFFFFAu);  // -6
  EXPECT_EQ(reg(out, "UR7"), 0xFFFFFFFFu);  // high word of -6 as a 64-bit value
  EXPECT_EQ(reg(out, "UR8"), 2u);           // 0xFFFFFFFE * 3 = 0x2_FFFFFFFA
  EXPECT_EQ(reg(out, "UR9"), 0xFFFFFFFEu);  // pp true: min, signed: -2
  EXPECT_EQ(reg(out, "UR10"), 3u);          // min, unsigned: 3 < 0xFFFFFFFE
  EXPECT_EQ(reg(out, "UR11"), 0x31u);       // (3 << 4) + 1 = 49
  EXPECT_EQ(reg(out, "UR12"), 0x1234u);
}

TEST(ModifierCoverage, UshfClampAndWrapDiffer) {
  // t = {URZ, UR1} = 5; a shift of 40: .CLAMP min(40, 32) = 32 puts 5 in the high word, .WRAP
  // 40 mod 32 = 8 gives t = 0x500, whose high word is 0 (000_ialu.txt:2321-2347, L-23, G-3).
  const auto out =
      run("// @state UR1 = 5\nUSHF.L.HI.CLAMP.U32 UR5, UR1, 0x28, URZ ;\nUSHF.L.HI.WRAP.U32 UR6, UR1, 0x28, "
          "URZ ;\n");
  EXPECT_EQ(reg(out, "UR5"), 5u);
  EXPECT_EQ(reg(out, "UR6"), 0u);
}

TEST(ModifierCoverage, UprmtModes) {
  // {SrcB, Ra} = bytes 7..0 = 77 66 55 44 33 22 11 00 (L-29: PTX prmt).
  const auto out = run(R"(// @state UR1 = 0x33221100
// @state UR2 = 0x77665544
UPRMT.IDX UR3, UR1, UR2, 0x1357 ;
UPRMT.F4E UR4, UR1, UR2, 0x1 ;
UPRMT.RC8 UR5, UR1, UR2, 0x2 ;
UPRMT.ECL UR6, UR1, UR2, 0x1 ;
)");
  EXPECT_EQ(reg(out, "UR3"), 0x11335577u);  // b0 = byte 7, b1 = byte 5, b2 = byte 3, b3 = byte 1
  EXPECT_EQ(reg(out, "UR4"), 0x44332211u);  // forward 4 extract from byte 1: bytes 4 3 2 1
  EXPECT_EQ(reg(out, "UR5"), 0x22222222u);  // byte 2 replicated
  EXPECT_EQ(reg(out, "UR6"), 0x33221111u);  // edge clamp left at 1: bytes 3 2 1 1
}

TEST(ModifierCoverage, UfloSignedAndUnsigned) {
  // L-25: .S32 inverts only a negative source: ~0xFFFFFFFE = 1, highest set bit 0; .U32: bit 31.
  const auto out =
      run("// @state UR1 = 0xFFFFFFFE\n// @state UR2 = 0x100\nUFLO.S32 UR3, UR1 ;\nUFLO.U32 UR4, UR1 "
          ";\nUFLO.S32 UR5, UR2 ;\n");
  EXPECT_EQ(reg(out, "UR3"), 0u);
  EXPECT_EQ(reg(out, "UR4"), 31u);
  EXPECT_EQ(reg(out, "UR5"), 8u);
}

TEST(ModifierCoverage, Up2urAndUr2upByteSelects) {
  // UP0 = UP2 = true, UPT reads as bit 7 (L-49): UPR = 1000_0101 = 0x85. UP2UR replaces the
  // selected byte of Ra by (UPR & mask) | (byte & ~mask) and copies the others (L-27).
  const auto out = run(R"(// @state UP0 = true
// @state UP2 = true
// @state UR8 = 0xAABBCCDD
UP2UR.B0 UR7, UPR, UR8, 0xFF ;
UP2UR.B2 UR9, UPR, UR8, 0xF ;
)");
  EXPECT_EQ(reg(out, "UR7"), 0xAABBCC85u);
  EXPECT_EQ(reg(out, "UR9"), 0xAAB5CCDDu);  // (0x85 & 0x0F) | (0xBB & 0xF0) = 0xB5

  // UR2UP writes UPi = bit i of the selected byte where the mask has a 1 and keeps the rest.
  // UR1 = 0x12345678: .B0 = 0x78 = 0111_1000, .B1 = 0x56 = 0101_0110, .B3 = 0x12 = 0001_0010.
  const std::string state = "// @state UR1 = 0x12345678\n";
  auto ups = [](const ide::RunOutcome& after) {
    unsigned bits = 0;
    for (unsigned i = 0; i < 7; ++i) bits |= reg(after, "UP" + std::to_string(i)) << i;
    return bits;
  };
  EXPECT_EQ(ups(run(state + "UR2UP UPR, UR1.B0, 0x7F ;\n")), 0x78u);
  EXPECT_EQ(ups(run(state + "UR2UP UPR, UR1.B1, 0xF ;\n")), 0x06u);  // low nibble 0110
  EXPECT_EQ(ups(run(state + "// @state UP0 = true\nUR2UP UPR, UR1.B3, 0x12 ;\n")),
            0x13u);  // UP1, UP4 from the byte, UP0 kept
}

TEST(ModifierCoverage, ExplicitDefaultSpellingsMeanTheDefault) {
  // R2 = -2, R3 = 3, R4 = 1, R[4:5] = 1.
  const auto out = run(R"(// @state R2 = 0xFFFFFFFE
// @state R3 = 3
// @state R4 = 1
// @state c[0x0][0x10] = 0xCAFE
IMAD.S32 R10, R2, R3, R4 ;
IMAD.WIDE.S32 R[12:13], R2, R3, R[4:5] ;
IMAD.WIDE.U32 R[14:15], R2, R3, R[4:5] ;
IMUL.HI.S32 R16, R2, R3 ;
IMUL.LO.S32 R17, R2, R3 ;
IMNMX.S32 R18, R2, R3, PT ;
ISET.NE R19, R2, R3 ;
ISET.NE R20, R3, R3 ;
ULDC.32 UR1, c[0x0][0x10] ;
)");
  EXPECT_EQ(reg(out, "R10"), 0xFFFFFFFBu);  // -6 + 1
  EXPECT_EQ(reg(out, "R12"), 0xFFFFFFFBu);  // -6 + 1 as 64 bits: 0xFFFFFFFF_FFFFFFFB
  EXPECT_EQ(reg(out, "R13"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R14"), 0xFFFFFFFBu);  // 0x2_FFFFFFFA + 1 = 0x2_FFFFFFFB
  EXPECT_EQ(reg(out, "R15"), 2u);
  EXPECT_EQ(reg(out, "R16"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R17"), 0xFFFFFFFAu);
  EXPECT_EQ(reg(out, "R18"), 0xFFFFFFFEu);  // signed min(-2, 3)
  EXPECT_EQ(reg(out, "R19"), 0xFFFFFFFFu);  // -2 != 3, .BM
  EXPECT_EQ(reg(out, "R20"), 0u);
  EXPECT_EQ(reg(out, "UR1"), 0xCAFEu);
}

}  // namespace
}  // namespace gpuasm::simtest
