// MUFU (003_xu.txt:10-183): every row of the special-value tables exactly, normal values against
// the host's libm with a loose tolerance (the spec gives no accuracy, errata L-66), values that are
// exact by hand, F64 = F64H (L-35), the QNaNs of L-34, COS(±0) = 1 (G-40), the 16-bit types
// (.H0/.H1, V2 halves) and the pairs outside 003_xu.txt:77-87, which stop the run.
#include "SimTestUtil.h"

#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>

namespace gpuasm::simtest {
namespace {

constexpr std::uint32_t kQNaN = 0x7FFFFFFF;  // L-34 (003_xu.txt:95 has nine digits)
constexpr std::uint32_t kSkip = 0xDEADDEAD;  // no table row for this input

TEST(Mufu, F32SpecialValueTables) {
  // lanes: 0 +Inf, 1 -Inf, 2 -0.0, 3 +0.0, 4 QNaN, 5 -2.0 (a negative number), 6 a negative sNaN.
  const std::string st =
      lanes("R1", {0x7F800000, 0xFF800000, 0x80000000, 0x00000000, 0x7FC00000, 0xC0000000, 0xFF800001});
  const char* const ops[] = {"COS", "SIN", "EX2", "LG2", "RCP", "RSQ", "SQRT", "TANH"};
  const std::uint32_t expect[8][7] = {
      // +Inf       -Inf        -0.0        +0.0        NaN    -2.0        -sNaN
      {kQNaN, kQNaN, 0x3F800000, 0x3F800000, kQNaN, kSkip, kQNaN},                 // COS 003:100-106, G-40
      {kQNaN, kQNaN, 0x80000000, 0x00000000, kQNaN, kSkip, kQNaN},                 // SIN 003:100-106
      {0x7F800000, 0x00000000, 0x3F800000, 0x3F800000, kQNaN, 0x3E800000, kQNaN},  // EX2 003:108-114; 2^-2
      {0x7F800000, kQNaN, 0xFF800000, 0xFF800000, kQNaN, kQNaN, kQNaN},            // LG2 003:116-123
      {0x00000000, 0x80000000, 0xFF800000, 0x7F800000, kQNaN, 0xBF000000, kQNaN},  // RCP 003:125-132; -0.5
      {0x00000000, kQNaN, 0xFF800000, 0x7F800000, kQNaN, kQNaN, kQNaN},            // RSQ 003:145-153
      {0x7F800000, kQNaN, 0x80000000, 0x00000000, kQNaN, kQNaN, kQNaN},            // SQRT 003:166-174
      {0x3F800000, 0xBF800000, 0x80000000, 0x00000000, kQNaN, kSkip, kQNaN},       // TANH 003:176-183
  };
  std::string src = st;
  for (unsigned i = 0; i < 8; ++i)
    src += std::string("MUFU.") + ops[i] + ".F32 R" + std::to_string(10 + i) + ", R1 ;\n";
  const auto out = run(src);
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned lane = 0; lane < 7; ++lane) {
      if (expect[i][lane] != kSkip) {
        EXPECT_EQ(reg(out, "R" + std::to_string(10 + i), lane), expect[i][lane])
            << ops[i] << " lane " << lane;
      }
    }
}

TEST(Mufu, F32ExactValues) {
  // EX2 3.0 = 8.0; LG2 8.0 = 3.0; RCP 4.0 = 0.25; RSQ 4.0 = 0.5; SQRT 16.0 = 4.0;
  // RCP 3.0 = 1/3 = 1.0101...b * 2^-2: mantissa 0x2AAAAA with the next bits 1010... > half,
  // rounded up to 0x2AAAAB -> 0x3EAAAAAB.
  // Subnormal inputs are used as they are (L-66): SQRT 2^-148 (0x00000002) = 2^-74 (0x1A800000);
  // RCP 2^-149 = 2^149 overflows to +Inf.
  const auto out = run(R"(// @state R1 = 0x40400000
// @state R2 = 0x41000000
// @state R3 = 0x40800000
// @state R4 = 0x41800000
// @state R5 = 0x00000002
// @state R6 = 0x00000001
MUFU.EX2.F32 R10, R1 ;
MUFU.LG2.F32 R11, R2 ;
MUFU.RCP.F32 R12, R3 ;
MUFU.RSQ.F32 R13, R3 ;
MUFU.SQRT.F32 R14, R4 ;
MUFU.RCP.F32 R15, R1 ;
MUFU.SQRT.F32 R16, R5 ;
MUFU.RCP.F32 R17, R6 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x41000000u);
  EXPECT_EQ(reg(out, "R11"), 0x40400000u);
  EXPECT_EQ(reg(out, "R12"), 0x3E800000u);
  EXPECT_EQ(reg(out, "R13"), 0x3F000000u);
  EXPECT_EQ(reg(out, "R14"), 0x40800000u);
  EXPECT_EQ(reg(out, "R15"), 0x3EAAAAABu);
  EXPECT_EQ(reg(out, "R16"), 0x1A800000u);
  EXPECT_EQ(reg(out, "R17"), 0x7F800000u);
}

TEST(Mufu, F32NormalValuesCloseToLibm) {
  // No accuracy is specified (L-66): compare with the host's float functions, relative 1e-6.
  // COS is the cosine and SIN the sine (L-33, the ModifierInfo table swaps them).
  const auto out = run(R"(// @state R1 = 0x3F800000
// @state R2 = 0x3F000000
// @state R3 = 0x3E99999A
// @state R4 = 0x41200000
// @state R5 = 0x40000000
// @state R6 = 0xC2C80000
MUFU.COS.F32 R10, R1 ;
MUFU.SIN.F32 R11, R2 ;
MUFU.EX2.F32 R12, R3 ;
MUFU.LG2.F32 R13, R4 ;
MUFU.TANH.F32 R14, R2 ;
MUFU.SQRT.F32 R15, R5 ;
MUFU.RSQ.F32 R16, R5 ;
MUFU.SIN.F32 R17, R6 ;
MUFU.COS.F32 R18, R6 ;
MUFU.RCP.F32 R19, R6 ;
)");
  auto near = [&](const char* r, float expected) {
    const float got = asFloat(reg(out, r));
    EXPECT_NEAR(got, expected, 1e-6f * std::fabs(expected)) << r;
  };
  near("R10", std::cos(1.0f));
  near("R11", std::sin(0.5f));
  near("R12", std::exp2(0.3f));
  near("R13", std::log2(10.0f));
  near("R14", std::tanh(0.5f));
  near("R15", std::sqrt(2.0f));
  near("R16", 1.0f / std::sqrt(2.0f));
  near("R17", std::sin(-100.0f));
  near("R18", std::cos(-100.0f));
  near("R19", -0.01f);
}

TEST(Mufu, F32PrefixesSourcesAndGuard) {
  // SQRT |-4.0| = 2.0; SQRT -|4.0| = QNaN; RCP of UR (8.0) = 0.125; RCP of the immediate 2.0 =
  // 0.5; RCP -c[0][0x10] (-4.0) = -0.25. @!P0 with P0 = 1 in lane 1 only: lane 1 keeps 0x55.
  const auto out = run(lanes("P0", {0, 1}) + R"(// @state R1 = 0xC0800000
// @state R2 = 0x40800000
// @state UR1 = 0x41000000
// @state c[0x0][0x10] = 0x40800000
// @state R14 = 0x55
MUFU.SQRT.F32 R10, |R1| ;
MUFU.SQRT.F32 R11, -|R2| ;
MUFU.RCP.F32 R12, UR1 ;
MUFU.RCP.F32 R13, 2.0 ;
@!P0 MUFU.RCP.F32 R14, -c[0x0][0x10] ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x40000000u);
  EXPECT_EQ(reg(out, "R11"), kQNaN);
  EXPECT_EQ(reg(out, "R12"), 0x3E000000u);
  EXPECT_EQ(reg(out, "R13"), 0x3F000000u);
  EXPECT_EQ(reg(out, "R14", 0), 0xBE800000u);
  EXPECT_EQ(reg(out, "R14", 1), 0x55u);
}

TEST(Mufu, F64HighWordTables) {
  // L-35: SrcB is the high word of a binary64 with low word 0; Rd the high word of the result.
  // lanes: 0 2.0, 1 4.0, 2 -Inf, 3 -subnormal, 4 -0.0, 5 +0.0, 6 +subnormal, 7 +Inf, 8 NaN.
  // RCP.F64 (003_xu.txt:134-143): 0.5 = 0x3FE00000, 0.25 = 0x3FD00000, -0.0, -Inf, -Inf, +Inf,
  // +Inf, +0.0, QNaN (0x7FFFFFFF, L-34).
  // RSQ.F64 (003_xu.txt:155-164): 1/sqrt(2) = 0x3FE6A09E667F3BCD -> 0x3FE6A09E, 0.5, QNaN, -Inf,
  // -Inf, +Inf, +Inf, +0.0, QNaN.
  const auto out = run(lanes("R1", {0x40000000, 0x40100000, 0xFFF00000, 0x80000001, 0x80000000, 0x00000000,
                                    0x00000001, 0x7FF00000, 0x7FF80000}) +
                       "MUFU.RCP.F64 R10, R1 ;\nMUFU.RSQ.F64 R11, R1 ;\nMUFU.RCP.F64 R12, -R1 "
                       ";\nMUFU.RCP.F64 R13, 0x40080000 ;\n");
  const std::uint32_t rcp[] = {0x3FE00000, 0x3FD00000, 0x80000000, 0xFFF00000, 0xFFF00000,
                               0x7FF00000, 0x7FF00000, 0x00000000, kQNaN};
  const std::uint32_t rsq[] = {0x3FE6A09E, 0x3FE00000, kQNaN,      0xFFF00000, 0xFFF00000,
                               0x7FF00000, 0x7FF00000, 0x00000000, kQNaN};
  for (unsigned lane = 0; lane < 9; ++lane) {
    EXPECT_EQ(reg(out, "R10", lane), rcp[lane]) << lane;
    EXPECT_EQ(reg(out, "R11", lane), rsq[lane]) << lane;
  }
  EXPECT_EQ(reg(out, "R12", 0), 0xBFE00000u);  // 1 / -2.0
  EXPECT_EQ(reg(out, "R13", 0), 0x3FD55555u);  // 1/3 = 0x3FD5555555555555
}

TEST(Mufu, F16AndBf16SelectAHalf) {
  // 003_xu.txt:57-59: .H0 the low half, .H1 the high half; 003_xu.txt:45: Rd's high half is 0.
  // R1 = F16 {hi 2.0 = 0x4000, lo 1.0 = 0x3C00}: EX2 .H0 = 2.0 (0x4000), .H1 = 4.0 (0x4400).
  // EX2.F16 0.5 (0x3800) = sqrt 2 = 1.41421356: 0.41421356 * 1024 = 424.15 -> 424 = 0x1A8,
  // 0x3C00 | 0x1A8 = 0x3DA8. TANH.F16 0.5 = 0.46211716 = 1.84846864 * 2^-2: 0.84846864 * 1024 =
  // 868.83 -> 869 = 0x365, exponent 13 -> 0x3400 | 0x365 = 0x3765.
  // BF16: EX2 1.0 (0x3F80) = 2.0 (0x4000); EX2 0.5 (0x3F00) = 1.41421356: 0.41421356 * 128 = 53.02
  // -> 53 = 0x35 -> 0x3FB5; TANH -Inf (0xFF80) = -1.0 (0xBF80).
  const auto out = run(R"(// @state R1 = 0x40003C00
// @state R2 = 0x38003800
// @state R3 = 0x3F803F00
// @state UR1 = 0xFF800000
MUFU.EX2.F16 R10, R1.H0 ;
MUFU.EX2.F16 R11, R1.H1 ;
MUFU.EX2.F16 R12, R2.H1 ;
MUFU.TANH.F16 R13, R2.H0 ;
MUFU.EX2.BF16 R14, R3.H1 ;
MUFU.EX2.BF16 R15, R3.H0 ;
MUFU.TANH.BF16 R16, UR1.H1 ;
MUFU.EX2.F16 R17, 0x00003C00 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x4000u);
  EXPECT_EQ(reg(out, "R11"), 0x4400u);
  EXPECT_EQ(reg(out, "R12"), 0x3DA8u);
  EXPECT_EQ(reg(out, "R13"), 0x3765u);
  EXPECT_EQ(reg(out, "R14"), 0x4000u);
  EXPECT_EQ(reg(out, "R15"), 0x3FB5u);
  EXPECT_EQ(reg(out, "R16"), 0xBF80u);
  EXPECT_EQ(reg(out, "R17"), 0x4000u);  // EX2 1.0 through an immediate (.H0 default, L-48a)
}

TEST(Mufu, SixteenBitSpecialValueTables) {
  // EX2 (003_xu.txt:108-114) and TANH (176-183) in F16 and BF16; QNaN 0x7FFF (003_xu.txt:96).
  // lanes: 0 -Inf, 1 -0.0, 2 +0.0, 3 +Inf, 4 NaN (in the low half; high half 0).
  const auto out = run(lanes("R1", {0xFC00, 0x8000, 0x0000, 0x7C00, 0x7E00}) +
                       lanes("R2", {0xFF80, 0x8000, 0x0000, 0x7F80, 0x7FC1}) +
                       "MUFU.EX2.F16 R10, R1.H0 ;\nMUFU.TANH.F16 R11, R1.H0 ;\n"
                       "MUFU.EX2.BF16 R12, R2.H0 ;\nMUFU.TANH.BF16 R13, R2.H0 ;\n");
  const std::uint32_t ex2F16[] = {0x0000, 0x3C00, 0x3C00, 0x7C00, 0x7FFF};
  const std::uint32_t tanhF16[] = {0xBC00, 0x8000, 0x0000, 0x3C00, 0x7FFF};
  const std::uint32_t ex2Bf16[] = {0x0000, 0x3F80, 0x3F80, 0x7F80, 0x7FFF};
  const std::uint32_t tanhBf16[] = {0xBF80, 0x8000, 0x0000, 0x3F80, 0x7FFF};
  for (unsigned lane = 0; lane < 5; ++lane) {
    EXPECT_EQ(reg(out, "R10", lane), ex2F16[lane]) << lane;
    EXPECT_EQ(reg(out, "R11", lane), tanhF16[lane]) << lane;
    EXPECT_EQ(reg(out, "R12", lane), ex2Bf16[lane]) << lane;
    EXPECT_EQ(reg(out, "R13", lane), tanhBf16[lane]) << lane;
  }
}

TEST(Mufu, V2TypesComputeEachHalf) {
  // L-66: each half on its own. EX2.F16_V2 {NaN, 2.0} = {0x7FFF, 4.0 = 0x4400};
  // TANH.BF16_V2 {+Inf, -Inf} = {1.0, -1.0} = 0x3F80BF80; EX2.BF16_V2 of two NaNs = 0x7FFF7FFF
  // (003_xu.txt:98); EX2.F16_V2 {1.0, 0.0} = {2.0, 1.0} = 0x40003C00 (an immediate).
  const auto out = run(R"(// @state R1 = 0x7E004000
// @state R2 = 0x7F80FF80
// @state R3 = 0x7FC07FC0
MUFU.EX2.F16_V2 R10, R1 ;
MUFU.TANH.BF16_V2 R11, R2 ;
MUFU.EX2.BF16_V2 R12, R3 ;
MUFU.EX2.F16_V2 R13, 0x3C000000 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x7FFF4400u);
  EXPECT_EQ(reg(out, "R11"), 0x3F80BF80u);
  EXPECT_EQ(reg(out, "R12"), 0x7FFF7FFFu);
  EXPECT_EQ(reg(out, "R13"), 0x40003C00u);
}

TEST(Mufu, PairsOutsideTheTableStop) {
  // 003_xu.txt:77-87 allows SIN only with .F32; the assembler rejects MUFU.SIN.F16 (erratum G-6
  // restates the table as EncodingError rules), so the run stops there with the state
  // unchanged (R7 keeps 0x77).
  const auto out = run("// @state R7 = 0x77\nMUFU.SIN.F16 R7, R1.H0 ;\n", {}, true);
  EXPECT_EQ(out.result.reason, sim::StopReason::Error);
  EXPECT_NE(out.result.message.find("does not assemble"), std::string::npos) << out.result.message;
  EXPECT_NE(out.result.message.find("only take .F32"), std::string::npos) << out.result.message;
  EXPECT_EQ(reg(out, "R7"), 0x77u);
}

TEST(Mufu, PrefixesOn16BitTypesStop) {
  // 003_xu.txt:55: - and |x| exist only for .F32/.F64; the assembler rejects them (G-9, G-12, G-13).
  for (const char* src : {"-R1.H0", "|c[0x0][0x10]|", "-UR1.H1"}) {
    const auto out = run(std::string("// @state R7 = 0x77\nMUFU.EX2.F16 R7, ") + src + " ;\n", {}, true);
    EXPECT_EQ(out.result.reason, sim::StopReason::Error) << src;
    EXPECT_NE(out.result.message.find("003_xu.txt:55"), std::string::npos) << out.result.message;
    EXPECT_EQ(reg(out, "R7"), 0x77u);
  }
  const auto out = run("// @state R7 = 0x77\nMUFU.EX2.F16 R7, -R1.H0 ;\n", {}, true);
  EXPECT_NE(out.result.message.find("does not assemble"), std::string::npos) << out.result.message;
  EXPECT_EQ(reg(out, "R7"), 0x77u);
}

}  // namespace
}  // namespace gpuasm::simtest
