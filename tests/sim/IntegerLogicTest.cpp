// ISETP/UISETP, ISET, SEL/USEL, LOP3/ULOP3, PLOP3/UPLOP3, SHF/USHF, PRMT/UPRMT, P2R/UP2UR and
// R2P/UR2UP, with values worked out by hand from the spec's semantics (000_ialu.txt:1463-1593,
// 1711-1740, 1864-1893, 1974-1978, 2068-2106, 2195-2201, 2321-2347, 2589-2678; 001_udp.txt:942-966,
// 1034-1060, 1165-1190, 1262-1265, 1344-1356, 1433-1440, 1518-1544, 1735-1752) and errata L-23,
// G-3, G-20, L-26, L-27, L-29 (PTX prmt), L-36, L-39, L-49, L-53, L-56, L-70, L-78a/b.
#include "SimTestUtil.h"

#include <cstdio>
#include <initializer_list>
#include <set>

namespace gpuasm::simtest {
namespace {

// "// @state Pn = [...]" with bit `bit` of the lane number, so P0/P1/P2 = lane bits 0/1/2 give
// the eight input combinations of a truth table in lanes 0..7 (and again in 8..15, ...).
std::string laneBit(const std::string& name, unsigned bit) {
  std::string s = "// @state " + name + " = [";
  for (unsigned lane = 0; lane < 32; ++lane)
    s += std::string(lane ? ", " : "") + (((lane >> bit) & 1u) != 0 ? "1" : "0");
  return s + "]\n";
}

// ---------------------------------------------------------------------------------------------
// LOP3 / ULOP3: d[i] = lut[(a[i] << 2) | (b[i] << 1) | c[i]] (000_ialu.txt:2107)

TEST(IntegerLogic, Lop3OnTheCanonicalInputsReturnsTheLut) {
  // With a = 0xF0, b = 0xCC, c = 0xAA the low byte of F(a, b, c) is the LUT itself
  // (000_ialu.txt:2088); the upper bytes have a = b = c = 0, so they are 0xFF when lut[0]
  // is set and 0x00 otherwise.
  const auto out = run(R"(// @state R1 = 0xF0
// @state R2 = 0xCC
// @state R3 = 0xAA
LOP3 R10, R1, R2, R3, 0xC0, !PT ;
LOP3 R11, R1, R2, R3, 0x96, !PT ;
LOP3 R12, R1, R2, R3, 0xE8, !PT ;
LOP3 R13, R1, R2, R3, 0x1A, !PT ;
LOP3 R14, R1, R2, R3, 0x80, !PT ;
LOP3 R15, R1, R2, R3, 0xFE, !PT ;
LOP3 R16, R1, R2, R3, 0x40, !PT ;
LOP3 R17, R1, R2, R3, 0x0F, !PT ;
LOP3 R18, R1, R2, R3, 0x01, !PT ;
LOP3 R19, R1, R2, R3, 0xFF, !PT ;
LOP3 R20, R1, R2, R3, 0x0, !PT ;
)");
  EXPECT_EQ(reg(out, "R10", 3), 0xC0u);        // a & b
  EXPECT_EQ(reg(out, "R11", 3), 0x96u);        // a ^ b ^ c
  EXPECT_EQ(reg(out, "R12", 3), 0xE8u);        // majority
  EXPECT_EQ(reg(out, "R13", 3), 0x1Au);        // (a & b | c) ^ a
  EXPECT_EQ(reg(out, "R14", 3), 0x80u);        // a & b & c
  EXPECT_EQ(reg(out, "R15", 3), 0xFEu);        // a | b | c
  EXPECT_EQ(reg(out, "R16", 3), 0x40u);        // a & b & ~c
  EXPECT_EQ(reg(out, "R17", 3), 0xFFFFFF0Fu);  // ~a: lut[0] = 1 fills the zero bytes
  EXPECT_EQ(reg(out, "R18", 3), 0xFFFFFF01u);  // ~a & ~b & ~c
  EXPECT_EQ(reg(out, "R19", 3), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R20", 3), 0u);
}

TEST(IntegerLogic, Lop3ComputesBitwiseFunctionsOfDistinctPatterns) {
  // a = 0x12345678, b = 0x0F0F0F0F, c = 0x00FF00FF, byte by byte (a, b, c):
  //   b3 (12,0F,00)  b2 (34,0F,FF)  b1 (56,0F,00)  b0 (78,0F,FF)
  // 0xC0 a&b        02             04             06             08        -> 0x02040608
  // 0x96 a^b^c      1D             34^0F^FF = C4  59             78^0F^FF = 88 -> 0x1DC45988
  // 0xE8 maj        02             04|34|0F = 3F  06             08|78|0F = 7F -> 0x023F067F
  // 0xFE a|b|c      1F             FF             5F             FF        -> 0x1FFF5FFF
  // 0x1A (a&b|c)^a  02^12 = 10     FF^34 = CB     06^56 = 50     FF^78 = 87 -> 0x10CB5087
  // 0xCA a?b:c      02             04|CB = CF     06             08|87 = 8F -> 0x02CF068F
  const auto out = run(R"(// @state R1 = 0x12345678
// @state R2 = 0x0F0F0F0F
// @state R3 = 0x00FF00FF
// @state UR2 = 0x0F0F0F0F
// @state c[0x0][0x10] = 0x0F0F0F0F
LOP3 R10, R1, R2, R3, 0xC0, !PT ;
LOP3 R11, R1, R2, R3, 0x96, !PT ;
LOP3 R12, R1, UR2, R3, 0xE8, !PT ;
LOP3 R13, R1, 0xF0F0F0F, R3, 0xFE, !PT ;
LOP3 R14, R1, c[0x0][0x10], R3, 0x1A, !PT ;
LOP3 R15, R1, R2, R3, 0xCA, !PT ;
)");
  for (unsigned lane : {0u, 17u, 31u}) {
    EXPECT_EQ(reg(out, "R10", lane), 0x02040608u);
    EXPECT_EQ(reg(out, "R11", lane), 0x1DC45988u);
    EXPECT_EQ(reg(out, "R12", lane), 0x023F067Fu);
    EXPECT_EQ(reg(out, "R13", lane), 0x1FFF5FFFu);
    EXPECT_EQ(reg(out, "R14", lane), 0x10CB5087u);
    EXPECT_EQ(reg(out, "R15", lane), 0x02CF068Fu);
  }
}

TEST(IntegerLogic, Lop3UsesEachLanesOwnValues) {
  // R1 = lane, b = 0x6 (immediate): 0xC0 gives lane & 6; 0x96 with c = 0xFFFFFFF0 gives
  // lane ^ 6 ^ 0xFFFFFFF0.
  const auto out = run(R"(// @state R1 = lane
// @state R3 = 0xFFFFFFF0
LOP3 R4, R1, 0x6, RZ, 0xC0, !PT ;
LOP3 R5, R1, 0x6, R3, 0x96, !PT ;
)");
  EXPECT_EQ(reg(out, "R4", 0), 0u);
  EXPECT_EQ(reg(out, "R4", 7), 6u);            // 0b111 & 0b110
  EXPECT_EQ(reg(out, "R4", 13), 4u);           // 0b1101 & 0b0110 = 0b0100
  EXPECT_EQ(reg(out, "R5", 0), 0xFFFFFFF6u);   // 0 ^ 6 ^ 0xFFFFFFF0
  EXPECT_EQ(reg(out, "R5", 13), 0xFFFFFFFBu);  // 13 ^ 6 = 0b1011 = 0xB
  EXPECT_EQ(reg(out, "R5", 31), 0xFFFFFFE9u);  // 31 ^ 6 = 0b11001 = 0x19, ^ 0xFFFFFFF0 = 0xFFFFFFE9
}

TEST(IntegerLogic, Lop3PandAndPorCombineTheResultWithPp) {
  // .PAND pu = (Rd != 0) && pp, .POR pu = (Rd != 0) || pp (000_ialu.txt:2075-2079); Rd != 0 is
  // the computed value even when Rd is RZ ("Rd的计算结果", 000_ialu.txt:2066). P0 = lane bit 0.
  // R1 & R2 = 0x02040608 != 0; RZ & anything = 0.
  const std::string src = laneBit("P0", 0) + R"(// @state R1 = 0x12345678
// @state R2 = 0x0F0F0F0F
// @state P3 = true
// @state P5 = true
LOP3.PAND P1, R4, R1, R2, RZ, 0xC0, PT ;
LOP3.PAND P2, R5, R1, R2, RZ, 0xC0, P0 ;
LOP3.PAND P3, R6, RZ, R2, RZ, 0xC0, PT ;
LOP3.POR P4, R7, RZ, R2, RZ, 0xC0, P0 ;
LOP3.POR P5, R8, RZ, R2, RZ, 0xC0, !PT ;
LOP3.POR P6, R9, R1, R2, RZ, 0xC0, !PT ;
)";
  const auto out = run(src);
  for (unsigned lane : {0u, 1u, 6u, 9u}) {
    const std::uint32_t p0 = lane & 1u;
    EXPECT_EQ(reg(out, "R4", lane), 0x02040608u);
    EXPECT_EQ(reg(out, "P1", lane), 1u) << lane;  // nonzero && PT
    EXPECT_EQ(reg(out, "P2", lane), p0) << lane;  // nonzero && P0
    EXPECT_EQ(reg(out, "P3", lane), 0u) << lane;  // zero && PT (was true)
    EXPECT_EQ(reg(out, "P4", lane), p0) << lane;  // zero || P0
    EXPECT_EQ(reg(out, "P5", lane), 0u) << lane;  // zero || !PT (was true)
    EXPECT_EQ(reg(out, "P6", lane), 1u) << lane;  // nonzero || !PT
  }
}

TEST(IntegerLogic, Lop3PredicateComesFromTheComputedValueEvenIntoRz) {
  // RZ drops the write, but pu still sees the computed 0x02040608 (000_ialu.txt:2066, 2073-2079,
  // G-20).
  const auto out = run(R"(// @state R1 = 0x12345678
// @state R2 = 0x0F0F0F0F
LOP3.PAND P1, RZ, R1, R2, RZ, 0xC0, PT ;
LOP3.PAND P2, RZ, R1, R2, RZ, 0xC0, !PT ;
)");
  EXPECT_EQ(reg(out, "P1", 4), 1u);
  EXPECT_EQ(reg(out, "P2", 4), 0u);
}

TEST(IntegerLogic, Lop3WithoutExboolIsPor) {
  // L-53: .exbool defaults to the field default .POR (000_ialu.txt:2038). Rd = 0: .POR gives
  // 0 || PT = true, where .PAND would give false.
  const auto out = run("LOP3 P1, R4, RZ, RZ, RZ, 0x0, PT ;\nLOP3 P2, R5, RZ, RZ, RZ, 0xFF, !PT ;\n");
  EXPECT_EQ(reg(out, "P1"), 1u);
  EXPECT_EQ(reg(out, "P2"), 1u);  // 0xFFFFFFFF != 0
  EXPECT_EQ(reg(out, "R5"), 0xFFFFFFFFu);
}

TEST(IntegerLogic, Lop3HonoursTheGuard) {
  // @P0 with P0 = lane bit 0: odd lanes compute 0x5 & 0x3 = 0x1, even lanes keep R4 = 0x77.
  const std::string src =
      laneBit("P0", 0) + "// @state R4 = 0x77\n// @state R1 = 0x5\n@P0 LOP3 R4, R1, 0x3, RZ, 0xC0, !PT ;\n";
  const auto out = run(src);
  EXPECT_EQ(reg(out, "R4", 0), 0x77u);
  EXPECT_EQ(reg(out, "R4", 1), 0x1u);
  EXPECT_EQ(reg(out, "R4", 30), 0x77u);
  EXPECT_EQ(reg(out, "R4", 31), 0x1u);
}

TEST(IntegerLogic, Ulop3IsUniform) {
  // Same inputs as above on the uniform datapath (001_udp.txt:1344-1356). Operand order upu
  // before URd (L-39a/b).
  const auto out = run(R"(// @state UR1 = 0x12345678
// @state UR2 = 0x0F0F0F0F
// @state UR3 = 0x00FF00FF
// @state c[0x0][0x10] = 0x0F0F0F0F
// @state UP1 = true
ULOP3.PAND UP0, UR4, UR1, UR2, UR3, 0x96, UPT ;
ULOP3 UR5, UR1, 0xF0F0, UR3, 0xC0, !UPT ;
ULOP3.POR UP1, UR6, URZ, URZ, URZ, 0x0, !UPT ;
ULOP3.PAND UP2, URZ, UR1, c[0x0][0x10], UR3, 0xE8, !UP3 ;
)");
  EXPECT_EQ(reg(out, "UR4"), 0x1DC45988u);  // xor3, as in the LOP3 test
  EXPECT_EQ(reg(out, "UP0"), 1u);           // nonzero && UPT
  EXPECT_EQ(reg(out, "UR5"), 0x00005070u);  // 0x12345678 & 0xF0F0
  EXPECT_EQ(reg(out, "UR6"), 0u);
  EXPECT_EQ(reg(out, "UP1"), 0u);  // 0 || !UPT (was true)
  EXPECT_EQ(reg(out, "UP2"), 1u);  // majority 0x023F067F != 0, && !UP3 (UP3 = 0)
}

TEST(IntegerLogic, Ulop3HonoursTheUniformGuard) {
  const auto out =
      run("// @state UR1 = 0xF\n@UP0 ULOP3 UR2, UR1, 0x3, URZ, 0xC0, !UPT ;\n@!UP0 ULOP3 UR3, UR1, 0x3, URZ, "
          "0xC0, !UPT ;\n");
  EXPECT_EQ(reg(out, "UR2"), 0u);  // UP0 is false: not executed
  EXPECT_EQ(reg(out, "UR3"), 3u);  // 0xF & 0x3
}

// ---------------------------------------------------------------------------------------------
// PLOP3 / UPLOP3: pu = lut[(pa << 2) | (pb << 1) | pc] (000_ialu.txt:2195-2201, 2228)

TEST(IntegerLogic, Plop3TruthTablesOverAllEightInputs) {
  // pa = P2, pb = P1, pc = P0 are lane bits 2, 1, 0, so lane L (mod 8) is input k = L & 7.
  // Rows where the function is true, by hand:
  //   0xC0 a & b             k = 6, 7
  //   0x96 a ^ b ^ c         k = 1, 2, 4, 7 (odd number of ones)
  //   0xE8 majority          k = 3, 5, 6, 7
  //   0x1A (a & b | c) ^ a   k = 1 (c), 3 (b, c), 4 (a)
  const std::string src =
      laneBit("P0", 0) + laneBit("P1", 1) + laneBit("P2", 2) + R"(PLOP3 P3, P2, P1, P0, 0xC0 ;
PLOP3 P4, P2, P1, P0, 0x96 ;
PLOP3 P5, P2, P1, P0, 0xE8 ;
PLOP3 P6, P2, P1, P0, 0x1A ;
)";
  const auto out = run(src);
  const std::set<unsigned> andRows{6, 7}, xorRows{1, 2, 4, 7}, majRows{3, 5, 6, 7}, lutRows{1, 3, 4};
  for (unsigned lane = 0; lane < 32; ++lane) {
    const unsigned k = lane & 7u;
    EXPECT_EQ(reg(out, "P3", lane), andRows.count(k)) << "lane " << lane;
    EXPECT_EQ(reg(out, "P4", lane), xorRows.count(k)) << "lane " << lane;
    EXPECT_EQ(reg(out, "P5", lane), majRows.count(k)) << "lane " << lane;
    EXPECT_EQ(reg(out, "P6", lane), lutRows.count(k)) << "lane " << lane;
  }
}

TEST(IntegerLogic, Plop3AppliesNotPrefixesAndTakesAUniformPc) {
  // 0x80 = a & b & c. With !P2: true where bit2 = 0, bit1 = 1, bit0 = 1, i.e. k = 3.
  // PLOP3_U (L-56): pc = UP0 = true, so a & b & c = bit2 && bit1, k = 6, 7; with !UP0 never.
  const std::string src = laneBit("P0", 0) + laneBit("P1", 1) + laneBit("P2", 2) + R"(// @state UP0 = true
PLOP3 P3, !P2, P1, P0, 0x80 ;
PLOP3 P4, P2, P1, UP0, 0x80 ;
PLOP3 P5, P2, P1, !UP0, 0x80 ;
PLOP3 P6, PT, !PT, PT, 0x20 ;
)";
  const auto out = run(src);
  for (unsigned lane = 0; lane < 16; ++lane) {
    const unsigned k = lane & 7u;
    EXPECT_EQ(reg(out, "P3", lane), k == 3 ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P4", lane), (k == 6 || k == 7) ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P5", lane), 0u) << lane;
    EXPECT_EQ(reg(out, "P6", lane), 1u) << lane;  // (1, 0, 1) = k 5, lut 0x20 has bit 5
  }
}

TEST(IntegerLogic, Plop3HonoursTheGuard) {
  // @!P0: only even lanes write P3 = true (lut 0xFF); odd lanes keep false.
  const std::string src = laneBit("P0", 0) + "@!P0 PLOP3 P3, PT, PT, PT, 0xFF ;\n";
  const auto out = run(src);
  EXPECT_EQ(reg(out, "P3", 0), 1u);
  EXPECT_EQ(reg(out, "P3", 1), 0u);
  EXPECT_EQ(reg(out, "P3", 30), 1u);
}

TEST(IntegerLogic, Uplop3IsUniform) {
  // UP0 = 1, UP1 = 0, UP2 = 1: (a, b, c) = (1, 0, 1) is row 5.
  const auto out = run(R"(// @state UP0 = true
// @state UP2 = true
// @state UP6 = true
UPLOP3 UP3, UP0, UP1, UP2, 0x96 ;
UPLOP3 UP4, UP0, !UP1, UP2, 0x80 ;
UPLOP3 UP5, UP0, UP1, UP2, 0xE8 ;
UPLOP3 UP6, !UP0, UP1, !UP2, 0xFE ;
)");
  EXPECT_EQ(reg(out, "UP3"), 0u);  // 1 ^ 0 ^ 1 = 0 (0x96 bit 5 = 0)
  EXPECT_EQ(reg(out, "UP4"), 1u);  // 1 & !0 & 1
  EXPECT_EQ(reg(out, "UP5"), 1u);  // majority of 1, 0, 1
  EXPECT_EQ(reg(out, "UP6"), 0u);  // 0 | 0 | 0 (was true)
}

// ---------------------------------------------------------------------------------------------
// SHF / USHF (000_ialu.txt:2321-2347, L-23, G-3)
//
// Ra = 0x89ABCDEF (low word), SrcC = 0xF0123456 (high word, sign bit set):
// t = 0xF0123456_89ABCDEF.

constexpr const char* kShfState = "// @state R1 = 0x89ABCDEF\n// @state R3 = 0xF0123456\n";

TEST(IntegerLogic, ShfShiftsTheFunnelLeftAndRight) {
  // n = 4 (32-bit types, no clamping needed):
  //   .L: t << 4 = 0x01234568_9ABCDEF0
  //   .R.U32: t >> 4 = 0x0F012345_689ABCDE
  //   .R.S32: arithmetic, sign = bit 31 of SrcC: 0xFF012345_689ABCDE
  const auto out = run(std::string(kShfState) + R"(SHF.L.LO R10, R1, 0x4, R3 ;
SHF.L.HI R11, R1, 0x4, R3 ;
SHF.R.LO.U32 R12, R1, 0x4, R3 ;
SHF.R.HI.U32 R13, R1, 0x4, R3 ;
SHF.R.LO.S32 R14, R1, 0x4, R3 ;
SHF.R.HI.S32 R15, R1, 0x4, R3 ;
SHF.R R16, R1, 0x4, R3 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x9ABCDEF0u);
  EXPECT_EQ(reg(out, "R11"), 0x01234568u);
  EXPECT_EQ(reg(out, "R12"), 0x689ABCDEu);
  EXPECT_EQ(reg(out, "R13"), 0x0F012345u);
  EXPECT_EQ(reg(out, "R14"), 0x689ABCDEu);
  EXPECT_EQ(reg(out, "R15"), 0xFF012345u);
  EXPECT_EQ(reg(out, "R16"), 0x689ABCDEu);  // defaults .LO .CLAMP .S32
}

TEST(IntegerLogic, ShfClampAndWrapFor32BitTypes) {
  // n_ub = 32. b = 40: .CLAMP n = 32, .WRAP n = 40 mod 32 = 8. b = 32: .WRAP n = 0 (G-3).
  //   .L n = 32: t << 32 = 0x89ABCDEF_00000000      .L n = 8: 0x12345689_ABCDEF00
  //   .R.U32 n = 32: 0x00000000_F0123456            .R.U32 n = 8: 0x00F01234_5689ABCD
  //   .R.S32 n = 32: 0xFFFFFFFF_F0123456
  const auto out = run(std::string(kShfState) + R"(SHF.L.HI.CLAMP R10, R1, 0x28, R3 ;
SHF.L.LO.CLAMP R11, R1, 0x28, R3 ;
SHF.L.HI.WRAP R12, R1, 0x28, R3 ;
SHF.R.LO.CLAMP.U32 R13, R1, 0x28, R3 ;
SHF.R.LO.WRAP.U32 R14, R1, 0x28, R3 ;
SHF.R.HI.CLAMP.S32 R15, R1, 0x28, R3 ;
SHF.L.HI.WRAP R16, R1, 0x20, R3 ;
SHF.L.HI.CLAMP R17, R1, 0x20, R3 ;
SHF.L.HI.S32 R7, R1, 0x24, R3 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x89ABCDEFu);
  EXPECT_EQ(reg(out, "R11"), 0u);
  EXPECT_EQ(reg(out, "R12"), 0x12345689u);
  EXPECT_EQ(reg(out, "R13"), 0xF0123456u);
  EXPECT_EQ(reg(out, "R14"), 0x5689ABCDu);
  EXPECT_EQ(reg(out, "R15"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R16"), 0xF0123456u);  // .WRAP 32 mod 32 = 0: t unchanged
  EXPECT_EQ(reg(out, "R17"), 0x89ABCDEFu);  // .CLAMP 32: t << 32
  EXPECT_EQ(reg(out, "R7"), 0x89ABCDEFu);   // the spec's example (000_ialu.txt:2351): 0x24 clamps to 32
}

TEST(IntegerLogic, ShfSixtyFourBitTypes) {
  // n_ub = 64.
  //   b = 40: .R.S64 t >> 40 = 0xFFFFFFFF_FFF01234; .R.U64 = 0x00000000_00F01234;
  //           .L t << 40 = 0xABCDEF00_00000000
  //   b = 100: .CLAMP n = 64: .R.S64 all sign bits, .R.U64 0, .L 0;
  //            .WRAP n = 36: .R.U64 t >> 36 = 0x00000000_0F012345, .R.S64 = 0xFFFFFFFF_FF012345
  //   b = 64: .WRAP n = 0 (G-3), .HI = SrcC
  const auto out = run(std::string(kShfState) + R"(SHF.R.LO.S64 R10, R1, 0x28, R3 ;
SHF.R.HI.S64 R11, R1, 0x28, R3 ;
SHF.R.LO.U64 R12, R1, 0x28, R3 ;
SHF.L.HI.U64 R13, R1, 0x28, R3 ;
SHF.R.LO.CLAMP.S64 R14, R1, 0x64, R3 ;
SHF.R.HI.CLAMP.U64 R15, R1, 0x64, R3 ;
SHF.L.HI.CLAMP.S64 R16, R1, 0x64, R3 ;
SHF.R.LO.WRAP.U64 R17, R1, 0x64, R3 ;
SHF.R.LO.WRAP.S64 R18, R1, 0x64, R3 ;
SHF.R.HI.WRAP.U64 R19, R1, 0x40, R3 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0xFFF01234u);
  EXPECT_EQ(reg(out, "R11"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R12"), 0x00F01234u);
  EXPECT_EQ(reg(out, "R13"), 0xABCDEF00u);
  EXPECT_EQ(reg(out, "R14"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R15"), 0u);
  EXPECT_EQ(reg(out, "R16"), 0u);
  EXPECT_EQ(reg(out, "R17"), 0x0F012345u);
  EXPECT_EQ(reg(out, "R18"), 0xFF012345u);
  EXPECT_EQ(reg(out, "R19"), 0xF0123456u);
}

TEST(IntegerLogic, ShfSignComesFromSrcCAndCountsDifferPerLane) {
  // L-23: the sign of a right shift is bit 31 of SrcC, also for .S32. SrcC = 0x7FFFFFFF is
  // positive, so .R.S32.HI by 32 gives 0; SrcC = 0x80000000 gives 0xFFFFFFFF.
  // Per lane, SHF.R.U64 by R2 = lane:
  //   lane 0: t = 0x89ABCDEF; lane 8: t >> 8 low = 0x5689ABCD;
  //   lane 31: t >> 31 = (0xF0123456 << 1) | bit 31 of Ra (1) = 0x1_E02468AD -> 0xE02468AD.
  const auto out = run(std::string(kShfState) + R"(// @state R2 = lane
// @state R4 = 0x7FFFFFFF
// @state R5 = 0x80000000
SHF.R.HI.S32 R10, RZ, 0x20, R4 ;
SHF.R.HI.S32 R11, RZ, 0x20, R5 ;
SHF.R.LO.S32 R12, RZ, 0x20, R5 ;
SHF.R.LO.U64 R13, R1, R2, R3 ;
SHF.R.LO.U64 R14, R1, UR9, R3 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0u);
  EXPECT_EQ(reg(out, "R11"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R12"), 0x80000000u);
  EXPECT_EQ(reg(out, "R13", 0), 0x89ABCDEFu);
  EXPECT_EQ(reg(out, "R13", 8), 0x5689ABCDu);
  EXPECT_EQ(reg(out, "R13", 31), 0xE02468ADu);
  EXPECT_EQ(reg(out, "R14", 5), 0x89ABCDEFu);  // UR9 = 0: no shift
}

TEST(IntegerLogic, ShfTakesSrcCFromEverySourceKind) {
  // SHF_RRI / RRC / RRU: SrcC immediate, constant, uniform (SrcB must then be a GPR, R2 = 8).
  // .L.HI by 8 of {SrcC, Ra}: high word = SrcC << 8 | Ra >> 24; Ra = 0x89ABCDEF gives 0x89 in
  // the low byte. SHF_RCR: SrcB = c[0x0][0xc] = 8 as well.
  const auto out = run(std::string(kShfState) + R"(// @state c[0x0][0x8] = 0x11
// @state c[0x0][0xc] = 0x8
// @state UR4 = 0x22
// @state R2 = 0x8
SHF.L.HI R10, R1, R2, 0x33 ;
SHF.L.HI R11, R1, R2, c[0x0][0x8] ;
SHF.L.HI R12, R1, R2, UR4 ;
SHF.L.HI R14, R1, c[0x0][0xc], R3 ;
@P0 SHF.L.HI R13, R1, R2, UR4 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x3389u);
  EXPECT_EQ(reg(out, "R11"), 0x1189u);
  EXPECT_EQ(reg(out, "R12"), 0x2289u);
  EXPECT_EQ(reg(out, "R14"), 0x12345689u);  // 0xF0123456 << 8 | 0x89
  EXPECT_EQ(reg(out, "R13"), 0u);           // P0 false: guarded off
}

TEST(IntegerLogic, UshfIsUniform) {
  // Same funnel as above on URs: t = 0xF0123456_89ABCDEF.
  const auto out = run(R"(// @state UR1 = 0x89ABCDEF
// @state UR3 = 0xF0123456
// @state UR2 = 0x28
USHF.L.HI.S32 UR7, UR1, 0x24, UR3 ;
USHF.R.LO.WRAP.U32 UR8, UR1, UR2, UR3 ;
USHF.R.HI.S64 UR9, UR1, UR2, UR3 ;
USHF.R.LO.U64 UR10, UR1, 0x28, UR3 ;
@!UPT USHF.L.HI.S32 UR11, UR1, 0x4, UR3 ;
)");
  EXPECT_EQ(reg(out, "UR7"), 0x89ABCDEFu);   // 0x24 clamps to 32 (001_udp.txt:1548)
  EXPECT_EQ(reg(out, "UR8"), 0x5689ABCDu);   // 40 mod 32 = 8
  EXPECT_EQ(reg(out, "UR9"), 0xFFFFFFFFu);   // t >> 40 arithmetic, high word
  EXPECT_EQ(reg(out, "UR10"), 0x00F01234u);  // t >> 40 logical, low word
  EXPECT_EQ(reg(out, "UR11"), 0u);           // guard !UPT: not executed
}

// ---------------------------------------------------------------------------------------------
// PRMT / UPRMT, worked from the PTX prmt definition (L-29): bytes b0..b7 = {SrcB, Ra}.

TEST(IntegerLogic, PrmtIdxSelectsBytesAndReplicatesSigns) {
  // Ra = 0x44332211 (b0..b3 = 11 22 33 44), SrcB = 0x8877F655 (b4..b7 = 55 F6 77 88).
  // Nibble i of SrcC picks Rd.b(i); bit 3 of a nibble replicates the sign of the byte.
  //   0x3210 -> 44 33 22 11 (identity)       0x7654 -> 88 77 F6 55 (= SrcB)
  //   0x0123 -> 11 22 33 44 (byte reverse)
  //   0xABCD: b0 <- D = 8|5: sign(F6) = FF; b1 <- C = 8|4: sign(55) = 00;
  //           b2 <- B = 8|3: sign(44) = 00; b3 <- A = 8|2: sign(33) = 00  -> 0x000000FF
  //   0xF0E5: b0 <- 5: F6; b1 <- E = 8|6: sign(77) = 00; b2 <- 0: 11; b3 <- F = 8|7: sign(88) = FF
  //           -> 0xFF1100F6
  //   0xFFFF3210: only SrcC[15:0] counts -> identity
  const auto out = run(R"(// @state R1 = 0x44332211
// @state R2 = 0x8877F655
PRMT R10, R1, R2, 0x3210 ;
PRMT R11, R1, R2, 0x7654 ;
PRMT R12, R1, R2, 0x123 ;
PRMT R13, R1, R2, 0xABCD ;
PRMT.IDX R14, R1, R2, 0xF0E5 ;
PRMT R15, R1, R2, 0xFFFF3210 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x44332211u);
  EXPECT_EQ(reg(out, "R11"), 0x8877F655u);
  EXPECT_EQ(reg(out, "R12"), 0x11223344u);
  EXPECT_EQ(reg(out, "R13"), 0x000000FFu);
  EXPECT_EQ(reg(out, "R14"), 0xFF1100F6u);
  EXPECT_EQ(reg(out, "R15"), 0x44332211u);
}

TEST(IntegerLogic, PrmtIdxWithAPerLaneSelector) {
  // SrcC = lane: nibble 0 = lane & 0xF, nibble 1 = lane >> 4, nibbles 2 and 3 = 0 (b0 = 11).
  //   lane 0: all b0 -> 0x11111111
  //   lane 13 (0xD = 8|5): b0 = sign(F6) = FF, others b0 -> 0x111111FF
  //   lane 20 (0x14): b0 <- 4 = 55, b1 <- 1 = 22 -> 0x11112255
  const auto out = run(R"(// @state R1 = 0x44332211
// @state R2 = 0x8877F655
// @state R3 = lane
PRMT R10, R1, R2, R3 ;
)");
  EXPECT_EQ(reg(out, "R10", 0), 0x11111111u);
  EXPECT_EQ(reg(out, "R10", 13), 0x111111FFu);
  EXPECT_EQ(reg(out, "R10", 20), 0x11112255u);
}

TEST(IntegerLogic, PrmtEveryTableModeAndSelector) {
  // Ra = 0x44332211 (b0..b3 = 11 22 33 44), SrcB = 0x88776655 (b4..b7 = 55 66 77 88). SrcC = lane,
  // and only SrcC[1:0] selects, so lane L behaves as selector L & 3. PTX prmt table, d.b3..d.b0:
  //   F4E  0: 3 2 1 0  1: 4 3 2 1  2: 5 4 3 2  3: 6 5 4 3
  //   B4E  0: 5 6 7 0  1: 6 7 0 1  2: 7 0 1 2  3: 0 1 2 3
  //   RC8  s: s s s s
  //   ECL  0: 3 2 1 0  1: 3 2 1 1  2: 3 2 2 2  3: 3 3 3 3
  //   ECR  0: 0 0 0 0  1: 1 1 1 0  2: 2 2 1 0  3: 3 2 1 0
  //   RC16 0: 1 0 1 0  1: 3 2 3 2  2: 1 0 1 0  3: 3 2 3 2
  const auto out = run(R"(// @state R1 = 0x44332211
// @state R2 = 0x88776655
// @state R3 = lane
PRMT.F4E R10, R1, R2, R3 ;
PRMT.B4E R11, R1, R2, R3 ;
PRMT.RC8 R12, R1, R2, R3 ;
PRMT.ECL R13, R1, R2, R3 ;
PRMT.ECR R14, R1, R2, R3 ;
PRMT.RC16 R15, R1, R2, R3 ;
)");
  const std::uint32_t f4e[4] = {0x44332211u, 0x55443322u, 0x66554433u, 0x77665544u};
  const std::uint32_t b4e[4] = {0x66778811u, 0x77881122u, 0x88112233u, 0x11223344u};
  const std::uint32_t rc8[4] = {0x11111111u, 0x22222222u, 0x33333333u, 0x44444444u};
  const std::uint32_t ecl[4] = {0x44332211u, 0x44332222u, 0x44333333u, 0x44444444u};
  const std::uint32_t ecr[4] = {0x11111111u, 0x22222211u, 0x33332211u, 0x44332211u};
  const std::uint32_t rc16[4] = {0x22112211u, 0x44334433u, 0x22112211u, 0x44334433u};
  for (unsigned lane : {0u, 1u, 2u, 3u, 4u, 6u, 29u, 31u}) {
    const unsigned s = lane & 3u;
    EXPECT_EQ(reg(out, "R10", lane), f4e[s]) << "F4E lane " << lane;
    EXPECT_EQ(reg(out, "R11", lane), b4e[s]) << "B4E lane " << lane;
    EXPECT_EQ(reg(out, "R12", lane), rc8[s]) << "RC8 lane " << lane;
    EXPECT_EQ(reg(out, "R13", lane), ecl[s]) << "ECL lane " << lane;
    EXPECT_EQ(reg(out, "R14", lane), ecr[s]) << "ECR lane " << lane;
    EXPECT_EQ(reg(out, "R15", lane), rc16[s]) << "RC16 lane " << lane;
  }
}

TEST(IntegerLogic, PrmtTakesEverySourceKindAndHonoursTheGuard) {
  // SrcB immediate (RIR), constant (RCR), uniform (RUR); SrcC constant (RRC) and uniform (RRU).
  // Ra = 0x44332211. Selector 0x7654 gives SrcB; .F4E selector 1 gives b4 b3 b2 b1.
  const std::string src = laneBit("P0", 0) + R"(// @state R1 = 0x44332211
// @state R2 = 0x88776655
// @state c[0x0][0x10] = 0xDDCCBBAA
// @state c[0x0][0x14] = 0x1
// @state UR4 = 0x7654
// @state R5 = 0x7654
// @state UR5 = 0xA0B0C0D0
// @state R20 = 0x99
PRMT R10, R1, 0x5566, R2 ;
PRMT R11, R1, c[0x0][0x10], R5 ;
PRMT R12, R1, UR5, R2 ;
PRMT.F4E R13, R1, R2, c[0x0][0x14] ;
PRMT R14, R1, R2, UR4 ;
@P0 PRMT R20, R1, R2, 0x0 ;
)";
  const auto out = run(src);
  // Selector R2 = 0x88776655: nibbles 0..3 (low first) = 5, 5, 6, 6, so Rd.b0..b3 = b5 b5 b6 b6.
  // R10: SrcB = 0x00005566: b4 = 66, b5 = 55, b6 = 00 -> Rd = 00 00 55 55.
  EXPECT_EQ(reg(out, "R10"), 0x00005555u);
  EXPECT_EQ(reg(out, "R11"), 0xDDCCBBAAu);  // 0x7654 selects SrcB
  // R12: SrcB = 0xA0B0C0D0: b4 = D0, b5 = C0, b6 = B0 -> Rd = B0 B0 C0 C0.
  EXPECT_EQ(reg(out, "R12"), 0xB0B0C0C0u);
  EXPECT_EQ(reg(out, "R13"), 0x55443322u);
  EXPECT_EQ(reg(out, "R14"), 0x88776655u);
  EXPECT_EQ(reg(out, "R20", 1), 0x11111111u);  // all b0
  EXPECT_EQ(reg(out, "R20", 2), 0x99u);        // P0 false in even lanes
}

TEST(IntegerLogic, UprmtIsUniform) {
  const auto out = run(R"(// @state UR1 = 0x44332211
// @state UR2 = 0x88776655
// @state UR3 = 0x3
UPRMT UR10, UR1, UR2, 0x123 ;
UPRMT.B4E UR11, UR1, UR2, UR3 ;
UPRMT.RC16 UR12, UR1, 0x88776655, UR3 ;
UPRMT.ECR UR13, UR1, UR2, 0x2 ;
@UP0 UPRMT UR14, UR1, UR2, 0x0 ;
)");
  EXPECT_EQ(reg(out, "UR10"), 0x11223344u);  // IDX byte reverse
  EXPECT_EQ(reg(out, "UR11"), 0x11223344u);  // B4E selector 3: 0 1 2 3
  EXPECT_EQ(reg(out, "UR12"), 0x44334433u);  // RC16 selector 3: 3 2 3 2
  EXPECT_EQ(reg(out, "UR13"), 0x33332211u);  // ECR selector 2: 2 2 1 0
  EXPECT_EQ(reg(out, "UR14"), 0u);           // UP0 false
}

// ---------------------------------------------------------------------------------------------
// ISETP / UISETP (000_ialu.txt:1711-1740, 001_udp.txt:1165-1190)

TEST(IntegerLogic, IsetpEveryCompop) {
  // R1 = lane against 16 (signed): pu = t && PT = t, pv = !t && PT = !t.
  const auto out = run(R"(// @state R1 = lane
ISETP.EQ.AND P0, P1, R1, 0x10, PT ;
ISETP.NE.AND P2, PT, R1, 0x10, PT ;
ISETP.LT.AND P3, PT, R1, 0x10, PT ;
ISETP.LE.AND P4, PT, R1, 0x10, PT ;
ISETP.GT.AND P5, PT, R1, 0x10, PT ;
ISETP.GE.AND P6, PT, R1, 0x10, PT ;
)");
  for (unsigned lane : {0u, 15u, 16u, 17u, 31u}) {
    EXPECT_EQ(reg(out, "P0", lane), lane == 16 ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P1", lane), lane != 16 ? 1u : 0u) << lane;  // pv = !t
    EXPECT_EQ(reg(out, "P2", lane), lane != 16 ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P3", lane), lane < 16 ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P4", lane), lane <= 16 ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P5", lane), lane > 16 ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P6", lane), lane >= 16 ? 1u : 0u) << lane;
  }
}

TEST(IntegerLogic, IsetpSignedAndUnsigned) {
  // 0xFFFFFFFF vs 1: .S32 -1 < 1, .U32 4294967295 > 1. SrcB from UR and cmem as well.
  const auto out = run(R"(// @state R1 = 0xFFFFFFFF
// @state UR2 = 0x1
// @state c[0x0][0x4] = 0x1
ISETP.LT.AND P0, PT, R1, 0x1, PT ;
ISETP.LT.AND.S32 P1, PT, R1, UR2, PT ;
ISETP.LT.AND.U32 P2, PT, R1, c[0x0][0x4], PT ;
ISETP.GT.AND.U32 P3, PT, R1, UR2, PT ;
ISETP.GT.AND P4, PT, R1, R2, PT ;
)");
  EXPECT_EQ(reg(out, "P0"), 1u);
  EXPECT_EQ(reg(out, "P1"), 1u);
  EXPECT_EQ(reg(out, "P2"), 0u);
  EXPECT_EQ(reg(out, "P3"), 1u);
  EXPECT_EQ(reg(out, "P4"), 0u);  // -1 > 0 is false (R2 = 0)
}

TEST(IntegerLogic, IsetpEveryBoolop) {
  // t = lane < 16, pp = P0 = lane bit 0.
  //   .AND: pu = t && pp, pv = !t && pp; .OR: t || pp, !t || pp; .XOR: t ^ pp, !t ^ pp.
  //   With !P0: .AND pu = t && !pp.
  const auto out = run(laneBit("P0", 0) + R"(// @state R1 = lane
ISETP.LT.AND P1, P2, R1, 0x10, P0 ;
ISETP.LT.OR P3, P4, R1, 0x10, P0 ;
ISETP.LT.XOR P5, P6, R1, 0x10, P0 ;
)");
  for (unsigned lane : {2u, 3u, 20u, 21u}) {
    const bool t = lane < 16, pp = (lane & 1u) != 0;
    EXPECT_EQ(reg(out, "P1", lane), (t && pp) ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P2", lane), (!t && pp) ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P3", lane), (t || pp) ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P4", lane), (!t || pp) ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P5", lane), (t != pp) ? 1u : 0u) << lane;
    EXPECT_EQ(reg(out, "P6", lane), (!t != pp) ? 1u : 0u) << lane;
  }
  // Spelled out for two lanes: lane 3 (t = 1, pp = 1): AND 1/0, OR 1/1, XOR 0/1;
  // lane 20 (t = 0, pp = 0): AND 0/0, OR 0/1, XOR 0/1.
  EXPECT_EQ(reg(out, "P5", 3), 0u);
  EXPECT_EQ(reg(out, "P6", 3), 1u);
  EXPECT_EQ(reg(out, "P4", 20), 1u);
  EXPECT_EQ(reg(out, "P3", 20), 0u);
}

TEST(IntegerLogic, IsetpNegatedPpAndGuard) {
  // .AND with !P0: pu = (lane < 16) && !bit0. @P1 (P1 = lane bit 1) leaves P2 untouched (true)
  // in lanes where bit 1 is 0.
  const auto out = run(laneBit("P0", 0) + laneBit("P1", 1) + R"(// @state R1 = lane
// @state P2 = true
ISETP.LT.AND P3, PT, R1, 0x10, !P0 ;
@P1 ISETP.GE.AND P2, PT, R1, 0x10, PT ;
)");
  EXPECT_EQ(reg(out, "P3", 2), 1u);   // 2 < 16, bit0 = 0
  EXPECT_EQ(reg(out, "P3", 3), 0u);   // bit0 = 1
  EXPECT_EQ(reg(out, "P3", 18), 0u);  // 18 >= 16
  EXPECT_EQ(reg(out, "P2", 1), 1u);   // bit1 = 0: not executed, stays true
  EXPECT_EQ(reg(out, "P2", 2), 0u);   // executed: 2 >= 16 false
  EXPECT_EQ(reg(out, "P2", 18), 1u);  // executed: 18 >= 16
}

// A 64-bit signed A < B per lane, A = {R5:R4}, B = {R7:R6}: low words compared .U32, then the
// high words .S32 with .X, whose pq carries the low result when the high words are equal
// (000_ialu.txt:1726-1737; `.EX` there is `.X`, L-36).
//   lane 0: A = 0x1_00000000,        B = 0x0_FFFFFFFF  highs 1 > 0           -> A<B false, A<=B false
//   lane 1: A = 0x0_00000001,        B = 0x0_00000002  highs equal, 1 < 2    -> true, true
//   lane 2: A = 0xFFFFFFFF_FFFFFFFF (-1), B = 0        highs -1 < 0 signed   -> true, true
//   lane 3: A = 0x5_80000000,        B = 0x5_7FFFFFFF  highs equal, low .U32 0x80000000 > 0x7FFFFFFF
//                                                                          -> false, false
//   lane 4: A = B = 0x3_00000003                        highs equal, low equal -> false, true
//   lanes 5..31: A = B = 0                              -> false, true
TEST(IntegerLogic, IsetpXChainsA64BitCompare) {
  const std::string src =
      lanes("R4", {0x0, 0x1, 0xFFFFFFFF, 0x80000000, 0x3}) + lanes("R5", {0x1, 0x0, 0xFFFFFFFF, 0x5, 0x3}) +
      lanes("R6", {0xFFFFFFFF, 0x2, 0x0, 0x7FFFFFFF, 0x3}) + lanes("R7", {0x0, 0x0, 0x0, 0x5, 0x3}) + R"(
ISETP.LT.AND.U32 P0, PT, R4, R6, PT ;
ISETP.LT.AND.X P0, PT, R5, R7, PT, P0 ;
ISETP.LE.AND.U32 P1, PT, R4, R6, PT ;
ISETP.LE.AND.X P1, P2, R5, R7, PT, P1 ;
)";
  const auto out = run(src);
  const std::uint32_t lt[6] = {0, 1, 1, 0, 0, 0};
  const std::uint32_t le[6] = {0, 1, 1, 0, 1, 1};
  for (unsigned lane = 0; lane < 6; ++lane) {
    EXPECT_EQ(reg(out, "P0", lane), lt[lane]) << "A<B lane " << lane;
    EXPECT_EQ(reg(out, "P1", lane), le[lane]) << "A<=B lane " << lane;
    EXPECT_EQ(reg(out, "P2", lane), 1u - le[lane]) << "pv lane " << lane;  // pv = !t (or !pq) && PT
  }
}

TEST(IntegerLogic, IsetpXUsesPqOnlyWhenTheWordsAreEqualAndDefaultsItToNotPt) {
  // Equal words: pu = pq boolop pp, pv = !pq boolop pp. L-78a: an omitted pq is !PT, so
  // ISETP.EQ.AND.X on equal words without pq gives false (with PT as default it would be true).
  // Unequal words ignore pq: 1 > 0.
  const auto out = run(laneBit("P0", 0) + R"(// @state R1 = 0x7
// @state P4 = true
ISETP.GE.AND.X P2, P3, R1, R1, PT, P0 ;
ISETP.EQ.AND.X P4, PT, R1, R1, PT ;
ISETP.GT.OR.X P5, P6, R1, 0x0, !PT, !P0 ;
ISETP.GT.OR.X P1, R1, 0x0, PT, P0 ;
)");
  for (unsigned lane : {0u, 1u}) {
    EXPECT_EQ(reg(out, "P2", lane), lane) << lane;       // pq = bit0
    EXPECT_EQ(reg(out, "P3", lane), 1u - lane) << lane;  // !pq
    EXPECT_EQ(reg(out, "P4", lane), 0u) << lane;
    EXPECT_EQ(reg(out, "P5", lane), 1u) << lane;  // 7 > 0 || false
    EXPECT_EQ(reg(out, "P6", lane), 0u) << lane;  // !(7 > 0) || false
    EXPECT_EQ(reg(out, "P1", lane), 1u) << lane;  // the spec's example: .OR with PT
  }
}

TEST(IntegerLogic, UisetpIsUniformWithX) {
  // {UR5:UR4} = 0x2_00000000 vs {UR7:UR6} = 0x2_00000001: highs equal, low 0 < 1 -> A < B.
  // The default upq is !UPT (L-78b).
  const auto out = run(R"(// @state UR4 = 0x0
// @state UR5 = 0x2
// @state UR6 = 0x1
// @state UR7 = 0x2
// @state UR8 = 0xFFFFFFFF
// @state c[0x0][0x10] = 0x5
// @state UP5 = true
UISETP.LT.AND.U32 UP0, UPT, UR4, UR6, UPT ;
UISETP.LT.AND.S32.X UP0, UP1, UR5, UR7, UPT, UP0 ;
UISETP.LT.AND.U32 UP2, UPT, UR8, 0x1, UPT ;
UISETP.LT.OR.S32 UP3, UP4, UR8, c[0x0][0x10], !UPT ;
UISETP.EQ.AND.S32.X UP5, UPT, UR5, UR7, UPT ;
@UP6 UISETP.EQ.AND.S32 UP6, UPT, UR5, UR7, UPT ;
)");
  EXPECT_EQ(reg(out, "UP0"), 1u);
  EXPECT_EQ(reg(out, "UP1"), 0u);  // !pq && UPT
  EXPECT_EQ(reg(out, "UP2"), 0u);  // 0xFFFFFFFF < 1 unsigned: false
  EXPECT_EQ(reg(out, "UP3"), 1u);  // -1 < 5 || false
  EXPECT_EQ(reg(out, "UP4"), 0u);
  EXPECT_EQ(reg(out, "UP5"), 0u);  // equal, upq = !UPT
  EXPECT_EQ(reg(out, "UP6"), 0u);  // guard UP6 false: not executed
}

// ---------------------------------------------------------------------------------------------
// ISET (000_ialu.txt:1864-1893)

TEST(IntegerLogic, IsetBmAndBf) {
  // L-26: pp defaults to PT, so an ISET without pp is the plain comparison. .BM: true ->
  // 0xFFFFFFFF, .BF: true -> 0x3F800000 (1.0f); false -> 0 for both.
  const auto out = run(laneBit("P0", 0) + R"(// @state R1 = lane
ISET.LT R10, R1, 0x10 ;
ISET.LT.BF R11, R1, 0x10 ;
ISET.GE.AND.S32.BM R12, R1, 0x10 ;
ISET.LE.U32 R13, R1, 0x10 ;
ISET.LT.XOR.BF R14, R1, 0x10, P0 ;
ISET.LT.OR R15, R1, 0x10, !P0 ;
)");
  EXPECT_EQ(reg(out, "R10", 3), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R10", 16), 0u);
  EXPECT_EQ(reg(out, "R11", 3), 0x3F800000u);
  EXPECT_EQ(reg(out, "R11", 16), 0u);
  EXPECT_EQ(reg(out, "R12", 3), 0u);
  EXPECT_EQ(reg(out, "R12", 16), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R13", 16), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R13", 17), 0u);
  EXPECT_EQ(reg(out, "R14", 2), 0x3F800000u);   // 1 ^ 0
  EXPECT_EQ(reg(out, "R14", 3), 0u);            // 1 ^ 1
  EXPECT_EQ(reg(out, "R14", 17), 0x3F800000u);  // 0 ^ 1
  EXPECT_EQ(reg(out, "R15", 18), 0xFFFFFFFFu);  // 0 || !0
  EXPECT_EQ(reg(out, "R15", 19), 0u);           // 0 || !1
}

TEST(IntegerLogic, IsetSignedUnsignedAndX) {
  // 0xFFFFFFFF vs 1: .S32 LT true, .U32 LT false. .X: t = (a == b) ? pq : a compop b.
  const auto out = run(laneBit("P0", 0) + R"(// @state R1 = 0xFFFFFFFF
// @state R2 = 0x1
// @state UR3 = 0x1
ISET.LT.S32 R10, R1, R2 ;
ISET.LT.U32 R11, R1, UR3 ;
ISET.LT.BF.X R12, R2, R2, PT, P0 ;
ISET.LT.X R13, R1, R2, PT, P0 ;
ISET.EQ.X R14, R2, R2 ;
ISET.GT.OR.BF.X R15, R2, 0x0, PT, P0 ;
@P0 ISET.EQ R16, R2, 0x1 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R11"), 0u);
  EXPECT_EQ(reg(out, "R12", 0), 0u);           // equal: pq = P0 = 0
  EXPECT_EQ(reg(out, "R12", 1), 0x3F800000u);  // equal: pq = 1
  EXPECT_EQ(reg(out, "R13", 0), 0xFFFFFFFFu);  // -1 < 1, pq ignored
  EXPECT_EQ(reg(out, "R14", 0), 0u);           // equal, pq defaults to !PT
  EXPECT_EQ(reg(out, "R15", 0), 0x3F800000u);  // the spec's example: .OR PT
  EXPECT_EQ(reg(out, "R16", 0), 0u);           // guarded off in even lanes
  EXPECT_EQ(reg(out, "R16", 1), 0xFFFFFFFFu);
}

// ---------------------------------------------------------------------------------------------
// SEL / USEL (000_ialu.txt:1974-1978, 001_udp.txt:1262-1265)

TEST(IntegerLogic, SelPicksRaWhenPpIsTrue) {
  // P0 = lane bit 0. SEL R3 = P0 ? R1 : R2; with !P0 the other way round.
  const auto out = run(laneBit("P0", 0) + R"(// @state R1 = lane
// @state R2 = 0x100
// @state UR4 = 0x200
// @state c[0x0][0x0] = 0x300
SEL R3, R1, R2, P0 ;
SEL R4, R1, R2, !P0 ;
SEL R5, R1, 0x55, !P0 ;
SEL R6, R1, UR4, P0 ;
SEL R7, R1, c[0x0][0x0], PT ;
SEL R8, R1, c[0x0][0x0], !PT ;
@!P0 SEL R9, R1, R2, PT ;
)");
  EXPECT_EQ(reg(out, "R3", 4), 0x100u);
  EXPECT_EQ(reg(out, "R3", 5), 5u);
  EXPECT_EQ(reg(out, "R4", 4), 4u);
  EXPECT_EQ(reg(out, "R4", 5), 0x100u);
  EXPECT_EQ(reg(out, "R5", 6), 6u);
  EXPECT_EQ(reg(out, "R5", 7), 0x55u);
  EXPECT_EQ(reg(out, "R6", 8), 0x200u);
  EXPECT_EQ(reg(out, "R6", 9), 9u);
  EXPECT_EQ(reg(out, "R7", 9), 9u);
  EXPECT_EQ(reg(out, "R8", 9), 0x300u);
  EXPECT_EQ(reg(out, "R9", 10), 10u);
  EXPECT_EQ(reg(out, "R9", 11), 0u);  // guard false in odd lanes
}

TEST(IntegerLogic, UselIsUniform) {
  const auto out = run(R"(// @state UR1 = 0x11
// @state UR2 = 0x22
// @state UP0 = true
USEL UR3, UR1, UR2, UP0 ;
USEL UR4, UR1, UR2, !UP0 ;
USEL UR5, UR1, 0x33, UP1 ;
@UP1 USEL UR6, UR1, UR2, UP0 ;
)");
  EXPECT_EQ(reg(out, "UR3"), 0x11u);
  EXPECT_EQ(reg(out, "UR4"), 0x22u);
  EXPECT_EQ(reg(out, "UR5"), 0x33u);
  EXPECT_EQ(reg(out, "UR6"), 0u);
}

// ---------------------------------------------------------------------------------------------
// P2R / UP2UR and R2P / UR2UP (000_ialu.txt:1463-1593, 001_udp.txt:942-1060, L-27, L-49, L-70)

// P0..P6 = 1 0 1 1 0 0 1 and PT = 1: pr = 0b1100_1101 = 0xCD (L-49: bit 7 reads PT).
constexpr const char* kPreds = R"(// @state P0 = true
// @state P2 = true
// @state P3 = true
// @state P6 = true
)";

TEST(IntegerLogic, P2rMergesThePredicateByteIntoTheSelectedByte) {
  // Ra = 0x12345678. Rd = Ra with byte .bsel replaced by (m & pr) | (~m & that byte):
  //   .B1, m = 0xFF: byte 1 = 0xCD                             -> 0x1234CD78
  //   .B0, m = 0xF0: (0xF0 & 0xCD) | (0x0F & 0x78) = 0xC0 | 0x08 = 0xC8 -> 0x123456C8
  //   .B2, m = 0x0F (UR): (0x0F & 0xCD) | (0xF0 & 0x34) = 0x0D | 0x30 = 0x3D -> 0x123D5678
  //   .B0, m = 0x80 (cmem), Ra = RZ: bit 7 = PT = 1          -> 0x00000080
  //   .B0, m = 0x100: only SbMsk[7:0] counts, m = 0          -> Ra unchanged
  const auto out = run(std::string(kPreds) + R"(// @state R1 = 0x12345678
// @state UR4 = 0x0F
// @state c[0x0][0x8] = 0x80
P2R.B1 R10, PR, R1, 0xFF ;
P2R R11, PR, R1, 0xF0 ;
P2R.B2 R12, PR, R1, UR4 ;
P2R.B0 R13, PR, RZ, c[0x0][0x8] ;
P2R R14, PR, R1, 0x100 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x1234CD78u);
  EXPECT_EQ(reg(out, "R11"), 0x123456C8u);
  EXPECT_EQ(reg(out, "R12"), 0x123D5678u);
  EXPECT_EQ(reg(out, "R13"), 0x00000080u);
  EXPECT_EQ(reg(out, "R14"), 0x12345678u);
}

TEST(IntegerLogic, P2rWithAPerLaneMaskAndGuard) {
  // .B3, m = lane, byte 3 of Ra = 0x12 = 0b0001_0010, pr = 0xCD:
  //   lane 0: m = 0 -> 0x12;  lane 5: (0x05 & 0xCD) | (0xFA & 0x12) = 0x05 | 0x12 = 0x17;
  //   lane 31: (0x1F & 0xCD) | (0xE0 & 0x12) = 0x0D | 0x00 = 0x0D.
  // The guard @!P1 (P1 false) runs everywhere; @P1 nowhere.
  const auto out = run(std::string(kPreds) + R"(// @state R1 = 0x12345678
// @state R2 = lane
@!P1 P2R.B3 R10, PR, R1, R2 ;
@P1 P2R.B3 R11, PR, R1, R2 ;
)");
  EXPECT_EQ(reg(out, "R10", 0), 0x12345678u);
  EXPECT_EQ(reg(out, "R10", 5), 0x17345678u);
  EXPECT_EQ(reg(out, "R10", 31), 0x0D345678u);
  EXPECT_EQ(reg(out, "R11", 5), 0u);
}

TEST(IntegerLogic, R2pWritesOnlyTheMaskedPredicates) {
  // L-27: predicates whose mask bit is 0 keep their value. Start P0..P6 = 1 0 1 1 0 0 1.
  // R2P PR, R1.B1, 0x0F with byte 1 of 0x12345678 = 0x56 = 0b0101_0110:
  //   P0 = 0, P1 = 1, P2 = 1, P3 = 0; P4, P5, P6 keep 0, 0, 1.
  const auto out = run(std::string(kPreds) + R"(// @state R1 = 0x12345678
R2P PR, R1.B1, 0xF ;
)");
  const std::uint32_t expect[7] = {0, 1, 1, 0, 0, 0, 1};
  for (unsigned i = 0; i < 7; ++i) EXPECT_EQ(reg(out, "P" + std::to_string(i), 9), expect[i]) << "P" << i;
}

TEST(IntegerLogic, R2pFullMaskIgnoresBit7AndSelectsEveryByte) {
  // Mask 0xFF writes P0..P6 from the byte; bit 7 would be PT and is dropped (L-49), so PT stays
  // true after writing a byte whose bit 7 is 0 (checked through SEL, which reads PT).
  //   .B3 of 0x12345678: 0x12 = 0b0001_0010 -> P1, P4 set, the others cleared
  //   .B3 of 0xFF000000: 0xFF -> P0..P6 set
  //   .B0: 0x78 = 0b0111_1000 -> P3, P4, P5, P6 set, P0..P2 cleared; bit 7 = 0 does not reach PT
  //   .B2 from a cmem mask 0x01: byte 0x34 bit 0 = 0 -> P0 = 0, the rest as after .B0
  const auto out = run(R"(// @state R1 = 0x12345678
// @state R9 = 0xFF000000
// @state c[0x0][0x4] = 0x1
// @state P0 = true
R2P PR, R1.B3, 0xFF ;
SEL R21, R1, RZ, P1 ;
SEL R22, R1, RZ, P4 ;
SEL R23, R1, RZ, P0 ;
R2P PR, R9.B3, 0xFF ;
SEL R24, R1, RZ, P2 ;
R2P PR, R1, 0xFF ;
SEL R25, R1, RZ, PT ;
R2P PR, R1.B2, c[0x0][0x4] ;
)");
  EXPECT_EQ(reg(out, "R21"), 0x12345678u);  // P1 = 1 after the first R2P
  EXPECT_EQ(reg(out, "R22"), 0x12345678u);  // P4 = 1
  EXPECT_EQ(reg(out, "R23"), 0u);           // P0 = 0 (was true)
  EXPECT_EQ(reg(out, "R24"), 0x12345678u);  // P2 = 1 from 0xFF
  EXPECT_EQ(reg(out, "R25"), 0x12345678u);  // PT still true after a byte with bit 7 = 0
  const std::uint32_t expect[7] = {0, 0, 0, 1, 1, 1, 1};
  for (unsigned i = 0; i < 7; ++i) EXPECT_EQ(reg(out, "P" + std::to_string(i), 0), expect[i]) << "P" << i;
}

TEST(IntegerLogic, R2pPerLaneAndGuarded) {
  // R2 = lane (lanes 0..7), mask from UR4 = 0x7: P0..P2 = lane bits 0..2, P6 untouched. Then
  // @P6 (lanes 5 and 7) R2P from RZ with mask 0x7 clears P0..P2 in those lanes only.
  const auto out = run(lanes("R2", {0, 1, 2, 3, 4, 5, 6, 7}) + lanes("P6", {0, 0, 0, 0, 0, 1, 0, 1}) +
                       R"(// @state UR4 = 0x7
R2P PR, R2, UR4 ;
@P6 R2P PR, RZ, 0x7 ;
)");
  // lane 3 = 0b011: P0 = 1, P1 = 1, P2 = 0; lane 6 = 0b110: P0 = 0, P1 = 1, P2 = 1.
  EXPECT_EQ(reg(out, "P0", 3), 1u);
  EXPECT_EQ(reg(out, "P1", 3), 1u);
  EXPECT_EQ(reg(out, "P2", 3), 0u);
  EXPECT_EQ(reg(out, "P0", 6), 0u);
  EXPECT_EQ(reg(out, "P1", 6), 1u);
  EXPECT_EQ(reg(out, "P2", 6), 1u);
  // lanes 5 and 7 ran the second R2P: P0..P2 cleared; P6 (mask bit 6 = 0) kept.
  EXPECT_EQ(reg(out, "P0", 5), 0u);
  EXPECT_EQ(reg(out, "P2", 5), 0u);
  EXPECT_EQ(reg(out, "P0", 7), 0u);
  EXPECT_EQ(reg(out, "P1", 7), 0u);
  EXPECT_EQ(reg(out, "P6", 7), 1u);
}

TEST(IntegerLogic, Up2urAndUr2upAreUniform) {
  // UP0..UP6 = 1 0 1 1 0 0 1, UPT = 1: upr = 0xCD.
  //   UP2UR.B1 mask 0xFF on 0xAABBCCDD -> 0xAABBCDDD
  //   UP2UR.B3 mask UR5 = 0x0F on 0xAABBCCDD: (0x0F & 0xCD) | (0xF0 & 0xAA) = 0x0D | 0xA0 = 0xAD
  //     -> 0xADBBCCDD
  // Then UR2UP UPR, UR1.B2, 0x3C: byte 2 of 0x12345678 = 0x34 = 0b0011_0100, mask 0b0011_1100:
  //   UP2 = 1, UP3 = 0, UP4 = 1, UP5 = 1; UP0, UP1, UP6 keep 1, 0, 1.
  const auto out = run(R"(// @state UP0 = true
// @state UP2 = true
// @state UP3 = true
// @state UP6 = true
// @state UR1 = 0x12345678
// @state UR4 = 0xAABBCCDD
// @state UR5 = 0xF
UP2UR.B1 UR10, UPR, UR4, 0xFF ;
UP2UR.B3 UR11, UPR, UR4, UR5 ;
UR2UP UPR, UR1.B2, 0x3C ;
@UP1 UR2UP UPR, URZ, 0xFF ;
)");
  EXPECT_EQ(reg(out, "UR10"), 0xAABBCDDDu);
  EXPECT_EQ(reg(out, "UR11"), 0xADBBCCDDu);
  const std::uint32_t expect[7] = {1, 0, 1, 0, 1, 1, 1};
  for (unsigned i = 0; i < 7; ++i) EXPECT_EQ(reg(out, "UP" + std::to_string(i)), expect[i]) << "UP" << i;
}

TEST(IntegerLogic, Ur2upFromAConstantMask) {
  // UR2UP_UC: mask c[0x0][0x0] = 0x3; UR1.B0 = 0x78 = 0b0111_1000: UP0 = 0, UP1 = 0; others kept.
  const auto out = run(R"(// @state UP0 = true
// @state UP1 = true
// @state UP5 = true
// @state UR1 = 0x12345678
// @state c[0x0][0x0] = 0x3
UR2UP UPR, UR1, c[0x0][0x0] ;
)");
  EXPECT_EQ(reg(out, "UP0"), 0u);
  EXPECT_EQ(reg(out, "UP1"), 0u);
  EXPECT_EQ(reg(out, "UP5"), 1u);
}

}  // namespace
}  // namespace gpuasm::simtest
