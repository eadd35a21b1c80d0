// The FP32 ALU (004_falu.txt): FADD, FMUL, FFMA, FMNMX, FSETP, FSET, FSEL, FCHK. Expected values
// are binary32 bit patterns worked out by hand (the arithmetic is in the comments; ulp(1.0) =
// 2^-23, 1.0 = 0x3F800000, 2^-24 = 0x33800000) from the spec's semantics and errata L-30, L-32,
// G-4, G-41, G-42. One test cross-checks the four rounding modes against the host's own FPU
// (fesetround + volatile float operations), an independent computation.
#include "SimTestUtil.h"

#include <cfenv>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace gpuasm::simtest {
namespace {

const char* const kModes[] = {"RN", "RZ", "RM", "RP"};

// R10..R13 hold the results of the four modes (RN, RZ, RM, RP); expect[lane][mode].
template <std::size_t Lanes>
void expectModes(const ide::RunOutcome& out, const std::uint32_t (&expect)[Lanes][4]) {
  for (unsigned lane = 0; lane < Lanes; ++lane)
    for (unsigned m = 0; m < 4; ++m)
      EXPECT_EQ(reg(out, "R1" + std::to_string(m), lane), expect[lane][m])
          << "lane " << lane << " ." << kModes[m];
}

// ---------------------------------------------------------------- FADD

TEST(Float, FaddRoundsInEachMode) {
  // lane 0: 1.0 + 2^-24 = 1 + ulp/2, a tie: RN to even 1.0; RZ, RM 1.0; RP 1 + ulp.
  // lane 1: 1.0 + 3*2^-24 (0x34400000) = 1 + 1.5 ulp: RN 1 + 2ulp; RZ, RM 1 + ulp; RP 1 + 2ulp.
  // lane 2: -1.0 + -3*2^-24 = -(1 + 1.5ulp): RN -(1+2ulp); RZ -(1+ulp); RM -(1+2ulp); RP -(1+ulp).
  // lane 3: (1 + ulp) + 2^-24 = 1 + 1.5ulp exactly a tie: RN to even 1 + 2ulp (0x3F800002).
  // lane 4: 1.0 + -2^-60 (0xA1800000): just below 1.0, beyond binary64 precision (TwoSum error):
  //         RN 1.0; RZ, RM 1 - 2^-24 = 0x3F7FFFFF (the binade below); RP 1.0.
  // lane 5: 1.0 + 2^-60 (0x21800000): RN, RZ, RM 1.0; RP 1 + ulp.
  const std::string src =
      lanes("R1", {0x3F800000, 0x3F800000, 0xBF800000, 0x3F800001, 0x3F800000, 0x3F800000}) +
      lanes("R2", {0x33800000, 0x34400000, 0xB4400000, 0x33800000, 0xA1800000, 0x21800000}) +
      "FADD R10, R1, R2 ;\nFADD.RZ R11, R1, R2 ;\nFADD.RM R12, R1, R2 ;\nFADD.RP R13, R1, R2 ;\n";
  const auto out = run(src);
  const std::uint32_t expect[6][4] = {
      // RN          RZ          RM          RP
      {0x3F800000, 0x3F800000, 0x3F800000, 0x3F800001}, {0x3F800002, 0x3F800001, 0x3F800001, 0x3F800002},
      {0xBF800002, 0xBF800001, 0xBF800002, 0xBF800001}, {0x3F800002, 0x3F800001, 0x3F800001, 0x3F800002},
      {0x3F800000, 0x3F7FFFFF, 0x3F7FFFFF, 0x3F800000}, {0x3F800000, 0x3F800000, 0x3F800000, 0x3F800001},
  };
  expectModes(out, expect);
}

TEST(Float, FaddOverflowPerMode) {
  // lane 0: max + max = 2^129(1 - 2^-24) > max: RN +Inf; RZ max; RM max; RP +Inf.
  // lane 1: -max + -max: RN -Inf; RZ -max; RM -Inf; RP -max.
  // lane 2: max + 2^103 (0x73000000, half an ulp of max = 2^104): a tie, max's significand is odd,
  //         so RN rounds up to 2^128 = +Inf; RZ, RM max; RP +Inf.
  const auto out = run(
      lanes("R1", {0x7F7FFFFF, 0xFF7FFFFF, 0x7F7FFFFF}) + lanes("R2", {0x7F7FFFFF, 0xFF7FFFFF, 0x73000000}) +
      "FADD R10, R1, R2 ;\nFADD.RZ R11, R1, R2 ;\nFADD.RM R12, R1, R2 ;\nFADD.RP R13, R1, R2 ;\n");
  const std::uint32_t expect[3][4] = {
      {0x7F800000, 0x7F7FFFFF, 0x7F7FFFFF, 0x7F800000},
      {0xFF800000, 0xFF7FFFFF, 0xFF800000, 0xFF7FFFFF},
      {0x7F800000, 0x7F7FFFFF, 0x7F7FFFFF, 0x7F800000},
  };
  expectModes(out, expect);
}

TEST(Float, FaddZeroSigns) {
  // IEEE 754 §6.3: x + (-x) is +0 except -0 under RM; -0 + -0 = -0; +0 + -0 as x + (-x).
  const auto out = run(lanes("R1", {0x3F800000, 0x80000000, 0x00000000}) +
                       lanes("R2", {0xBF800000, 0x80000000, 0x80000000}) +
                       "FADD R10, R1, R2 ;\nFADD.RM R11, R1, R2 ;\nFADD.RP R12, R1, R2 ;\n");
  EXPECT_EQ(reg(out, "R10", 0), 0x00000000u);
  EXPECT_EQ(reg(out, "R11", 0), 0x80000000u);
  EXPECT_EQ(reg(out, "R12", 0), 0x00000000u);
  EXPECT_EQ(reg(out, "R10", 1), 0x80000000u);
  EXPECT_EQ(reg(out, "R11", 1), 0x80000000u);
  EXPECT_EQ(reg(out, "R10", 2), 0x00000000u);
  EXPECT_EQ(reg(out, "R11", 2), 0x80000000u);
}

TEST(Float, FaddSubnormalsWithAndWithoutFtz) {
  // lane 0: 2^-149 + 2^-149 = 2^-148 (0x00000002); .FTZ flushes both inputs: +0 + +0 = +0.
  // lane 1: (2^-126 + 2^-149) - 2^-126 = 2^-149, a subnormal result: kept, or flushed to +0.
  // lane 2: -(2^-126 + 2^-149) + 2^-126 = -2^-149 (0x80000001), .FTZ flushes it to -0.0.
  // lane 3: 1.0 + -2^-149 with .FTZ: the input is flushed to -0, 1.0 + -0 = 1.0 exactly, so even
  //         .RM gives 1.0 (without .FTZ .RM gives 0x3F7FFFFF).
  const auto out =
      run(lanes("R1", {0x00000001, 0x00800001, 0x80800001, 0x3F800000}) +
          lanes("R2", {0x00000001, 0x80800000, 0x00800000, 0x80000001}) +
          "FADD R10, R1, R2 ;\nFADD.FTZ R11, R1, R2 ;\nFADD.RM R12, R1, R2 ;\nFADD.FTZ.RM R13, R1, R2 ;\n");
  EXPECT_EQ(reg(out, "R10", 0), 0x00000002u);
  EXPECT_EQ(reg(out, "R11", 0), 0x00000000u);
  EXPECT_EQ(reg(out, "R10", 1), 0x00000001u);
  EXPECT_EQ(reg(out, "R11", 1), 0x00000000u);
  EXPECT_EQ(reg(out, "R10", 2), 0x80000001u);
  EXPECT_EQ(reg(out, "R11", 2), 0x80000000u);
  EXPECT_EQ(reg(out, "R12", 3), 0x3F7FFFFFu);
  EXPECT_EQ(reg(out, "R13", 3), 0x3F800000u);
}

TEST(Float, FaddSaturates) {
  // .SAT clamps to [+0.0, 1.0]; -0.0 and NaN become +0.0 (errata G-4).
  // lane 0: 0.5 + 0.75 = 1.25 -> 1.0     lane 1: -0.5 + 0.25 = -0.25 -> +0.0
  // lane 2: -0 + -0 = -0 -> +0.0         lane 3: +Inf + -Inf = NaN -> +0.0
  // lane 4: NaN + 1.0 -> +0.0            lane 5: 0.25 + 0.25 = 0.5 (0x3F000000), unchanged
  // lane 6: +Inf + 1 = +Inf -> 1.0
  const auto out =
      run(lanes("R1", {0x3F000000, 0xBF000000, 0x80000000, 0x7F800000, 0x7FC00000, 0x3E800000, 0x7F800000}) +
          lanes("R2", {0x3F400000, 0x3E800000, 0x80000000, 0xFF800000, 0x3F800000, 0x3E800000, 0x3F800000}) +
          "FADD.SAT R10, R1, R2 ;\nFADD R11, R1, R2 ;\n");
  const std::uint32_t sat[] = {0x3F800000, 0, 0, 0, 0, 0x3F000000, 0x3F800000};
  for (unsigned lane = 0; lane < 7; ++lane) EXPECT_EQ(reg(out, "R10", lane), sat[lane]) << lane;
  // Without .SAT: -0.0 stays, and a NaN result is the canonical 0x7FFFFFFF (004_falu.txt:86).
  EXPECT_EQ(reg(out, "R11", 2), 0x80000000u);
  EXPECT_EQ(reg(out, "R11", 3), 0x7FFFFFFFu);
  EXPECT_EQ(reg(out, "R11", 4), 0x7FFFFFFFu);
}

TEST(Float, FaddNanInputsGiveTheCanonicalNan) {
  // A signalling NaN with payload and a negative NaN both give 0x7FFFFFFF.
  const auto out = run(lanes("R1", {0x7F800001, 0xFFC00123}) + "FADD R10, R1, 1.0 ;\nFADD R11, R1, R1 ;\n");
  EXPECT_EQ(reg(out, "R10", 0), 0x7FFFFFFFu);
  EXPECT_EQ(reg(out, "R10", 1), 0x7FFFFFFFu);
  EXPECT_EQ(reg(out, "R11", 1), 0x7FFFFFFFu);
}

TEST(Float, FaddPrefixesAndSourceKinds) {
  // |x| first, then - (004_falu.txt:42): -|2.0| + |-0.5| = -2 + 0.5 = -1.5 (0xBFC00000).
  // R1 + UR2 = 2.0 + 0.25 = 2.25 (0x40100000); R1 - c[0][0x10] = 2.0 - 3.0 = -1.0;
  // R1 + -0.25 (immediate) = 1.75 (0x3FE00000); -R1 + -|UR2| = -2.25 (0xC0100000).
  const auto out = run(R"(// @state R1 = 0x40000000
// @state R2 = 0xBF000000
// @state UR2 = 0x3E800000
// @state c[0x0][0x10] = 0x40400000
FADD R10, -|R1|, |R2| ;
FADD R11, R1, UR2 ;
FADD R12, R1, -c[0x0][0x10] ;
FADD R13, R1, -0.25 ;
FADD R14, -R1, -|UR2| ;
)");
  EXPECT_EQ(reg(out, "R10", 5), 0xBFC00000u);
  EXPECT_EQ(reg(out, "R11", 5), 0x40100000u);
  EXPECT_EQ(reg(out, "R12", 5), 0xBF800000u);
  EXPECT_EQ(reg(out, "R13", 5), 0x3FE00000u);
  EXPECT_EQ(reg(out, "R14", 5), 0xC0100000u);
}

TEST(Float, FaddHonoursTheGuard) {
  // P0 true in lanes 0 and 2: only they get 1.0 + 1.0 = 2.0; lane 1 keeps R10's 0x1234.
  const auto out = run(lanes("P0", {1, 0, 1}) +
                       "// @state R10 = 0x1234\n// @state R1 = 0x3F800000\n@P0 FADD R10, R1, R1 ;\n");
  EXPECT_EQ(reg(out, "R10", 0), 0x40000000u);
  EXPECT_EQ(reg(out, "R10", 1), 0x1234u);
  EXPECT_EQ(reg(out, "R10", 2), 0x40000000u);
}

// ---------------------------------------------------------------- FMUL

TEST(Float, FmulRoundsInEachMode) {
  // lane 0: (1+2^-23)^2 = 1 + 2^-22 + 2^-46 = 1 + 2ulp + sticky: RN, RZ, RM 1+2ulp; RP 1+3ulp.
  // lane 1: (1+2^-23) * 1.5 = 1.5 + 2^-23 + 2^-24 = 0x3FC00000 + 1.5ulp, a tie between
  //         0x3FC00001 (odd) and 0x3FC00002 (even): RN 0x3FC00002; RZ, RM 0x3FC00001; RP 0x3FC00002.
  // lane 2: (1+2^-23) * -1.5: RN 0xBFC00002; RZ 0xBFC00001; RM 0xBFC00002; RP 0xBFC00001.
  // lane 3: 3*2^-149 * 0.5 = 1.5*2^-149, subnormal tie: RN 2 (even); RZ, RM 1; RP 2.
  // lane 4: 2^-149 * 0.5 = 2^-150, tie between 0 and 2^-149: RN 0 (even); RZ, RM 0; RP 0x00000001.
  // lane 5: -2^-149 * 0.5: RN -0; RZ -0; RM 0x80000001; RP -0.
  // lane 6: 2^100 * 2^100 (0x71800000) = 2^200: overflow, RN +Inf; RZ, RM max; RP +Inf.
  const auto out =
      run(lanes("R1", {0x3F800001, 0x3F800001, 0x3F800001, 0x00000003, 0x00000001, 0x80000001, 0x71800000}) +
          lanes("R2", {0x3F800001, 0x3FC00000, 0xBFC00000, 0x3F000000, 0x3F000000, 0x3F000000, 0x71800000}) +
          "FMUL R10, R1, R2 ;\nFMUL.RZ R11, R1, R2 ;\nFMUL.RM R12, R1, R2 ;\nFMUL.RP R13, R1, R2 ;\n");
  const std::uint32_t expect[7][4] = {
      {0x3F800002, 0x3F800002, 0x3F800002, 0x3F800003}, {0x3FC00002, 0x3FC00001, 0x3FC00001, 0x3FC00002},
      {0xBFC00002, 0xBFC00001, 0xBFC00002, 0xBFC00001}, {0x00000002, 0x00000001, 0x00000001, 0x00000002},
      {0x00000000, 0x00000000, 0x00000000, 0x00000001}, {0x80000000, 0x80000000, 0x80000001, 0x80000000},
      {0x7F800000, 0x7F7FFFFF, 0x7F7FFFFF, 0x7F800000},
  };
  expectModes(out, expect);
}

TEST(Float, FmulScales) {
  // 3.0 * 5.0 = 15 scaled: .D2 7.5 (0x40F00000), .D4 3.75 (0x40700000), .D8 1.875 (0x3FF00000),
  // .M2 30 (0x41F00000), .M4 60 (0x42700000), .M8 120 (0x42F00000).
  const auto out = run(R"(// @state R1 = 0x40400000
// @state R2 = 0x40A00000
FMUL.D2 R10, R1, R2 ;
FMUL.D4 R11, R1, R2 ;
FMUL.D8 R12, R1, R2 ;
FMUL.M2 R13, R1, R2 ;
FMUL.M4 R14, R1, R2 ;
FMUL.M8 R15, R1, R2 ;
FMUL R16, R1, R2 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x40F00000u);
  EXPECT_EQ(reg(out, "R11"), 0x40700000u);
  EXPECT_EQ(reg(out, "R12"), 0x3FF00000u);
  EXPECT_EQ(reg(out, "R13"), 0x41F00000u);
  EXPECT_EQ(reg(out, "R14"), 0x42700000u);
  EXPECT_EQ(reg(out, "R15"), 0x42F00000u);
  EXPECT_EQ(reg(out, "R16"), 0x41700000u);  // 15.0
}

TEST(Float, FmulScalingIsExact) {
  // Errata G-42: the scale is part of the one rounded product.
  // .M8: max * 8 * 0.125 = max exactly (0x7F7FFFFF), not Inf from a scaled Ra.
  // .D8: 2^-149 / 8 * 8.0 = 2^-149 (0x00000001), not 0 from an underflowed Ra.
  // .FTZ flushes Ra before the scaling: .FTZ.M8 of 2^-149 * 8.0 = 0 * 8 = +0.
  const auto out = run(R"(// @state R1 = 0x7F7FFFFF
// @state R2 = 0x00000001
FMUL.M8 R10, R1, 0.125 ;
FMUL.D8 R11, R2, 8.0 ;
FMUL.FTZ.M8 R12, R2, 8.0 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x7F7FFFFFu);
  EXPECT_EQ(reg(out, "R11"), 0x00000001u);
  EXPECT_EQ(reg(out, "R12"), 0x00000000u);
}

TEST(Float, FmulSpecialValuesSatAndPrefixes) {
  // lane 0: 0 * Inf = NaN -> 0x7FFFFFFF; .SAT -> +0.
  // lane 1: -2.0 * 0.0 = -0.0; .SAT -> +0 (G-4).
  // lane 2: -Inf * -2.0 = +Inf; .SAT -> 1.0.
  // lane 3: 0.5 * 1.5 = 0.75 (0x3F400000), .SAT unchanged; -|R1| * |R2| = -0.75 (0xBF400000).
  const auto out = run(lanes("R1", {0x00000000, 0xC0000000, 0xFF800000, 0x3F000000}) +
                       lanes("R2", {0x7F800000, 0x00000000, 0xC0000000, 0xBFC00000}) +
                       "FMUL R10, R1, R2 ;\nFMUL.SAT R11, R1, R2 ;\nFMUL R12, -|R1|, |R2| ;\n");
  EXPECT_EQ(reg(out, "R10", 0), 0x7FFFFFFFu);
  EXPECT_EQ(reg(out, "R11", 0), 0u);
  EXPECT_EQ(reg(out, "R10", 1), 0x80000000u);
  EXPECT_EQ(reg(out, "R11", 1), 0u);
  EXPECT_EQ(reg(out, "R10", 2), 0x7F800000u);
  EXPECT_EQ(reg(out, "R11", 2), 0x3F800000u);
  EXPECT_EQ(reg(out, "R10", 3), 0xBF400000u);  // 0.5 * -1.5
  EXPECT_EQ(reg(out, "R11", 3), 0u);           // -0.75 -> +0
  EXPECT_EQ(reg(out, "R12", 3), 0xBF400000u);
}

TEST(Float, FmulFtzAndSourceKinds) {
  // 2^-126 (min normal) * 0.5 = 2^-127 = 0x00400000 (subnormal); .FTZ flushes it to +0.
  // UR / cmem sources: 2^-126 * 4.0 = 2^-124 (0x01800000).
  const auto out = run(R"(// @state R1 = 0x00800000
// @state UR1 = 0x40800000
// @state c[0x0][0x8] = 0x40800000
FMUL R10, R1, 0.5 ;
FMUL.FTZ R11, R1, 0.5 ;
FMUL R12, R1, UR1 ;
FMUL R13, R1, c[0x0][0x8] ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x00400000u);
  EXPECT_EQ(reg(out, "R11"), 0u);
  EXPECT_EQ(reg(out, "R12"), 0x01800000u);
  EXPECT_EQ(reg(out, "R13"), 0x01800000u);
}

// ---------------------------------------------------------------- FFMA

TEST(Float, FfmaRoundsOnceInEachMode) {
  // lane 0: (1+2^-23)(1-2^-23) + (2^24+2) = 2^24 + 3 - 2^-46, just below the tie 2^24+3 between
  //         0x4B800001 (2^24+2, odd) and 0x4B800002 (2^24+4): RN 0x4B800001 (a double-rounded
  //         fma would see the tie and give 0x4B800002); RZ, RM 0x4B800001; RP 0x4B800002.
  // lane 1: the same negated (Ra, Rc negative): RN -0x..01; RZ -0x..01; RM -0x..02; RP -0x..01.
  // lane 2: (1+2^-23)^2 - 1 = 2^-22 + 2^-46 = 2^-22(1 + 2^-24), a tie: RN, RZ, RM 2^-22 (0x34800000);
  //         RP 0x34800001.
  // lane 3: (1+2^-23)^2 + 2^-24 = 1 + 2ulp + ulp/2 + 2^-46, above the tie: RN, RP 0x3F800003;
  //         RZ, RM 0x3F800002.
  const auto out = run(lanes("R1", {0x3F800001, 0xBF800001, 0x3F800001, 0x3F800001}) +
                       lanes("R2", {0x3F7FFFFE, 0x3F7FFFFE, 0x3F800001, 0x3F800001}) +
                       lanes("R3", {0x4B800001, 0xCB800001, 0xBF800000, 0x33800000}) +
                       "FFMA R10, R1, R2, R3 ;\nFFMA.RZ R11, R1, R2, R3 ;\nFFMA.RM R12, R1, R2, R3 "
                       ";\nFFMA.RP R13, R1, R2, R3 ;\n");
  const std::uint32_t expect[4][4] = {
      {0x4B800001, 0x4B800001, 0x4B800001, 0x4B800002},
      {0xCB800001, 0xCB800001, 0xCB800002, 0xCB800001},
      {0x34800000, 0x34800000, 0x34800000, 0x34800001},
      {0x3F800003, 0x3F800002, 0x3F800002, 0x3F800003},
  };
  expectModes(out, expect);
}

TEST(Float, FfmaFtzFlushesSrcCAndSaturates) {
  // L-30: .FTZ flushes SrcC too. 1.0 * 1.0 + 2^-149: .RP gives 1 + ulp (0x3F800001); with .FTZ
  // SrcC is +0 and the sum 1.0 is exact.
  // .SAT: 2.0 * -1.0 + 0.5 = -1.5 -> +0; 2.0 * 1.0 + -0.0 = 2.0 -> 1.0; 0 * Inf + 1 = NaN -> +0.
  // x*y + z with x*y = -0 and z = -0: -0 (RN), .SAT -> +0.
  const auto out = run(R"(// @state R1 = 0x3F800000
// @state R2 = 0x00000001
// @state R3 = 0x40000000
// @state R4 = 0x7F800000
// @state R5 = 0x80000000
FFMA.RP R10, R1, R1, R2 ;
FFMA.FTZ.RP R11, R1, R1, R2 ;
FFMA.SAT R12, R3, -R1, 0.5 ;
FFMA.SAT R13, R3, R1, R5 ;
FFMA.SAT R14, RZ, R4, R1 ;
FFMA R15, RZ, R4, R1 ;
FFMA R16, R5, R1, R5 ;
FFMA.SAT R17, R5, R1, R5 ;
)");
  EXPECT_EQ(reg(out, "R10"), 0x3F800001u);
  EXPECT_EQ(reg(out, "R11"), 0x3F800000u);
  EXPECT_EQ(reg(out, "R12"), 0u);
  EXPECT_EQ(reg(out, "R13"), 0x3F800000u);
  EXPECT_EQ(reg(out, "R14"), 0u);
  EXPECT_EQ(reg(out, "R15"), 0x7FFFFFFFu);
  EXPECT_EQ(reg(out, "R16"), 0x80000000u);  // -0 * 1 + -0 = -0
  EXPECT_EQ(reg(out, "R17"), 0u);
}

TEST(Float, FfmaSourceKindsAndPrefixes) {
  // 2.0 * 3.0 + 1.0 = 7 (0x40E00000) through each variant; -|Ra| * -Rb + -|Rc| = -2 * -3 - 1 = 5.
  const auto out = run(R"(// @state R1 = 0x40000000
// @state R2 = 0x40400000
// @state R3 = 0x3F800000
// @state UR2 = 0x40400000
// @state UR3 = 0x3F800000
// @state c[0x0][0x20] = 0x40400000
// @state c[0x0][0x24] = 0x3F800000
FFMA R10, R1, R2, R3 ;
FFMA R11, R1, R2, 1.0 ;
FFMA R12, R1, 3.0, R3 ;
FFMA R13, R1, R2, UR3 ;
FFMA R14, R1, UR2, R3 ;
FFMA R15, R1, R2, c[0x0][0x24] ;
FFMA R16, R1, c[0x0][0x20], R3 ;
FFMA R17, -|R1|, -R2, -|R3| ;
)");
  for (const char* r : {"R10", "R11", "R12", "R13", "R14", "R15", "R16"})
    EXPECT_EQ(reg(out, r, 3), 0x40E00000u) << r;
  EXPECT_EQ(reg(out, "R17", 3), 0x40A00000u);
}

// An independent cross-check: the host FPU in each rounding mode (fesetround + volatile float
// arithmetic, fmaf) against FADD/FMUL/FFMA on 32 lanes of mixed values (ties, sticky bits,
// subnormals, cancellations, large exponent gaps).
TEST(Float, ArithmeticMatchesTheHostFpuInEveryMode) {
  const std::vector<std::uint32_t> a = {
      0x3F800001, 0x3F800000, 0xBF800003, 0x00000003, 0x7F7FFFFF, 0x4B800001, 0x3DCCCCCD, 0x40490FDB,
      0xC0490FDB, 0x00800001, 0x807FFFFF, 0x3F7FFFFF, 0x12345678, 0x9ABCDEF0, 0x3EAAAAAB, 0x42F6E979,
      0x3F800001, 0xBF7FFFFE, 0x5F000001, 0x1F000003, 0x3FFFFFFF, 0xC1234567, 0x00000001, 0x7F000000,
      0x3F333333, 0x447A0000, 0xB3800000, 0x4CBEBC20, 0x3F8CCCCD, 0x0C000001, 0x3A83126F, 0xBDCCCCCD};
  const std::vector<std::uint32_t> b = {
      0x3F800001, 0x33800000, 0x34400001, 0x3F000000, 0x3F800001, 0x3F800003, 0x3E4CCCCD, 0x402DF854,
      0x402DF854, 0x3F7FFFFF, 0x3F800001, 0x3F800003, 0x87654321, 0x1ABCDEF1, 0x40400000, 0xBF3504F3,
      0x3F7FFFFE, 0x3F800003, 0x5F000003, 0x1F000005, 0x3FFFFFFF, 0x3DCCCCCD, 0x3F000000, 0x40000001,
      0xBF333333, 0x3A83126F, 0x3F800001, 0x3C23D70A, 0xBF8CCCCD, 0x32800001, 0x447A0000, 0x3DCCCCCD};
  const std::vector<std::uint32_t> c = {
      0xBF800000, 0x4B800001, 0x3F800000, 0x80000001, 0xFF7FFFFF, 0xCB800001, 0xBC23D70A, 0xC1080000,
      0x41080000, 0x80800000, 0x00000001, 0xBF800002, 0x0CC00000, 0x9ABCDEF0, 0xBF800000, 0x42000001,
      0xBF800000, 0x3F800001, 0xFF000002, 0x80000007, 0xC0800000, 0x3F000001, 0x80000000, 0xFF7FFFFF,
      0x3EB851EC, 0xBF800001, 0x33000001, 0xC4BEBC20, 0x3FA3D70A, 0x80000003, 0xC0000000, 0x3C23D70A};
  auto list = [](const char* name, const std::vector<std::uint32_t>& v) {
    std::string s = std::string("// @state ") + name + " = [";
    char buf[16];
    for (std::size_t i = 0; i < v.size(); ++i) {
      std::snprintf(buf, sizeof buf, "0x%08X", v[i]);
      s += std::string(i ? ", " : "") + buf;
    }
    return s + "]\n";
  };
  std::string src = list("R1", a) + list("R2", b) + list("R3", c);
  const char* const modes[] = {"RN", "RZ", "RM", "RP"};
  const int host[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
  for (unsigned m = 0; m < 4; ++m) {
    src += std::string("FADD.") + modes[m] + " R" + std::to_string(10 + m) + ", R1, R2 ;\n";
    src += std::string("FMUL.") + modes[m] + " R" + std::to_string(20 + m) + ", R1, R2 ;\n";
    src += std::string("FFMA.") + modes[m] + " R" + std::to_string(30 + m) + ", R1, R2, R3 ;\n";
  }
  const auto out = run(src);
  const int saved = std::fegetround();
  for (unsigned m = 0; m < 4; ++m) {
    for (unsigned lane = 0; lane < 32; ++lane) {
      std::fesetround(host[m]);
      volatile float x = asFloat(a[lane]), y = asFloat(b[lane]), z = asFloat(c[lane]);
      volatile float sum = x + y;
      volatile float prod = x * y;
      volatile float fused = std::fmaf(x, y, z);
      std::fesetround(saved);
      auto canon = [](float f) { return std::isnan(f) ? 0x7FFFFFFFu : bits(f); };
      EXPECT_EQ(reg(out, "R" + std::to_string(10 + m), lane), canon(sum))
          << "FADD." << modes[m] << " lane " << lane;
      EXPECT_EQ(reg(out, "R" + std::to_string(20 + m), lane), canon(prod))
          << "FMUL." << modes[m] << " lane " << lane;
      EXPECT_EQ(reg(out, "R" + std::to_string(30 + m), lane), canon(fused))
          << "FFMA." << modes[m] << " lane " << lane;
    }
  }
}

// The same cross-check on pseudo-random operands whose exponents are close enough to interact
// (sums with cancellation, products and fma near overflow and in the subnormal range).
TEST(Float, RandomArithmeticMatchesTheHostFpu) {
  std::uint64_t seed = 0x9E3779B97F4A7C15u;
  auto next = [&seed]() {
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    return static_cast<std::uint32_t>(seed >> 33);
  };
  auto make = [&](int exponent) {
    const int e = exponent < 0 ? 0 : exponent > 254 ? 254 : exponent;
    return (next() & 0x80000000u) | (static_cast<std::uint32_t>(e) << 23) | (next() & 0x7FFFFFu);
  };
  const char* const modes[] = {"RN", "RZ", "RM", "RP"};
  const int host[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
  for (unsigned batch = 0; batch < 16; ++batch) {
    std::uint32_t a[32], b[32], c[32];
    for (unsigned lane = 0; lane < 32; ++lane) {
      const int ea = static_cast<int>(next() % 256);
      const int eb = batch % 2 == 0 ? ea + static_cast<int>(next() % 61) - 30
                                    : 254 - ea + static_cast<int>(next() % 9) - 4;
      a[lane] = make(ea);
      b[lane] = make(eb);
      c[lane] = make(ea + eb - 127 + static_cast<int>(next() % 61) - 30);
    }
    std::string src;
    char buf[16];
    for (const auto& [name, v] : {std::pair{"R1", a}, std::pair{"R2", b}, std::pair{"R3", c}}) {
      src += std::string("// @state ") + name + " = [";
      for (unsigned lane = 0; lane < 32; ++lane) {
        std::snprintf(buf, sizeof buf, "0x%08X", v[lane]);
        src += std::string(lane ? ", " : "") + buf;
      }
      src += "]\n";
    }
    for (unsigned m = 0; m < 4; ++m) {
      src += std::string("FADD.") + modes[m] + " R" + std::to_string(10 + m) + ", R1, R2 ;\n";
      src += std::string("FMUL.") + modes[m] + " R" + std::to_string(20 + m) + ", R1, R2 ;\n";
      src += std::string("FFMA.") + modes[m] + " R" + std::to_string(30 + m) + ", R1, R2, R3 ;\n";
    }
    const auto out = run(src);
    const int saved = std::fegetround();
    for (unsigned m = 0; m < 4; ++m) {
      for (unsigned lane = 0; lane < 32; ++lane) {
        std::fesetround(host[m]);
        volatile float x = asFloat(a[lane]), y = asFloat(b[lane]), z = asFloat(c[lane]);
        volatile float sum = x + y;
        volatile float prod = x * y;
        volatile float fused = std::fmaf(x, y, z);
        std::fesetround(saved);
        auto canon = [](float f) { return std::isnan(f) ? 0x7FFFFFFFu : bits(f); };
        EXPECT_EQ(reg(out, "R" + std::to_string(10 + m), lane), canon(sum))
            << "FADD." << modes[m] << " " << a[lane] << " " << b[lane];
        EXPECT_EQ(reg(out, "R" + std::to_string(20 + m), lane), canon(prod))
            << "FMUL." << modes[m] << " " << a[lane] << " " << b[lane];
        EXPECT_EQ(reg(out, "R" + std::to_string(30 + m), lane), canon(fused))
            << "FFMA." << modes[m] << " " << a[lane] << " " << b[lane] << " " << c[lane];
      }
    }
  }
}

// ---------------------------------------------------------------- FMNMX

TEST(Float, FmnmxPicksMinOrMaxByPp) {
  // pp true -> min, false -> max (004_falu.txt:650); -0.0 < +0.0 (004_falu.txt:622).
  // lane 0: 1.0, 2.0   lane 1: -0.0, +0.0   lane 2: NaN, 3.0 -> 3.0   lane 3: 3.0, NaN -> 3.0
  // lane 4: NaN, NaN -> 0x7FFFFFFF          lane 5: -Inf, -1.0
  const auto out = run(lanes("R1", {0x3F800000, 0x80000000, 0x7FC00000, 0x40400000, 0x7FC00000, 0xFF800000}) +
                       lanes("R2", {0x40000000, 0x00000000, 0x40400000, 0xFFC00001, 0x7F800001, 0xBF800000}) +
                       "FMNMX R10, R1, R2, PT ;\nFMNMX R11, R1, R2, !PT ;\nFMNMX.NAN R12, R1, R2, PT ;\n");
  const std::uint32_t mn[] = {0x3F800000, 0x80000000, 0x40400000, 0x40400000, 0x7FFFFFFF, 0xFF800000};
  const std::uint32_t mx[] = {0x40000000, 0x00000000, 0x40400000, 0x40400000, 0x7FFFFFFF, 0xBF800000};
  const std::uint32_t nanMode[] = {0x3F800000, 0x80000000, 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF, 0xFF800000};
  for (unsigned lane = 0; lane < 6; ++lane) {
    EXPECT_EQ(reg(out, "R10", lane), mn[lane]) << lane;
    EXPECT_EQ(reg(out, "R11", lane), mx[lane]) << lane;
    EXPECT_EQ(reg(out, "R12", lane), nanMode[lane]) << lane;
  }
}

TEST(Float, FmnmxPerLanePredicatePrefixesAndFtz) {
  // P0 = lane 0 true, lane 1 false: min(1.0, 2.0) = 1.0, max = 2.0.
  // -|1.0| vs -|-2.0| = -1 vs -2: max (!PT) = -1 (0xBF800000).
  // .FTZ: 2^-149 vs -2^-149 become +0 / -0: min -0 (0x80000000); without it min -2^-149.
  // G-41: .FTZ with NaN vs 2^-149 returns the flushed +0; without .FTZ 0x00000001.
  const auto out = run(lanes("P0", {1, 0}) + R"(// @state R1 = 0x3F800000
// @state R2 = 0xC0000000
// @state R3 = 0x00000001
// @state R4 = 0x80000001
// @state R5 = 0x7FC00000
// @state UR1 = 0x40000000
FMNMX R10, R1, UR1, P0 ;
FMNMX R11, -|R1|, -|R2|, !PT ;
FMNMX.FTZ R12, R3, R4, PT ;
FMNMX R13, R3, R4, PT ;
FMNMX.FTZ R14, R5, R3, PT ;
FMNMX R15, R5, R3, PT ;
FMNMX R16, R1, 0.5, !P0 ;
)");
  EXPECT_EQ(reg(out, "R10", 0), 0x3F800000u);
  EXPECT_EQ(reg(out, "R10", 1), 0x40000000u);
  EXPECT_EQ(reg(out, "R11", 0), 0xBF800000u);
  EXPECT_EQ(reg(out, "R12", 0), 0x80000000u);
  EXPECT_EQ(reg(out, "R13", 0), 0x80000001u);
  EXPECT_EQ(reg(out, "R14", 0), 0x00000000u);
  EXPECT_EQ(reg(out, "R15", 0), 0x00000001u);
  EXPECT_EQ(reg(out, "R16", 0), 0x3F800000u);  // !P0 false in lane 0: max(1.0, 0.5)
  EXPECT_EQ(reg(out, "R16", 1), 0x3F000000u);  // !P0 true in lane 1: min
}

// ---------------------------------------------------------------- FSETP / FSET

// Lanes: 0 (1.0, 2.0) less; 1 (2.0, 1.0) greater; 2 (1.0, 1.0) equal; 3 (NaN, 1.0) unordered;
// 4 (-0.0, +0.0) equal.
std::string cmpState() {
  return lanes("R1", {0x3F800000, 0x40000000, 0x3F800000, 0x7FC00000, 0x80000000}) +
         lanes("R2", {0x40000000, 0x3F800000, 0x3F800000, 0x3F800000, 0x00000000});
}
struct CmpCase {
  const char* name;
  bool t[5];
};
// Ordered comparisons are false and unordered ones true on the NaN lane (004_falu.txt:777-781);
// .NAN: some input is NaN; .NUM: no input is NaN (004_falu.txt:783-785).
const CmpCase kCmpCases[] = {
    {"EQ", {false, false, true, false, true}},   {"NE", {true, true, false, false, false}},
    {"LT", {true, false, false, false, false}},  {"LE", {true, false, true, false, true}},
    {"GT", {false, true, false, false, false}},  {"GE", {false, true, true, false, true}},
    {"EQU", {false, false, true, true, true}},   {"NEU", {true, true, false, true, false}},
    {"LTU", {true, false, false, true, false}},  {"LEU", {true, false, true, true, true}},
    {"GTU", {false, true, false, true, false}},  {"GEU", {false, true, true, true, true}},
    {"NAN", {false, false, false, true, false}}, {"NUM", {true, true, true, false, true}},
};

TEST(Float, FsetpEveryComparison) {
  // .AND with PT: pu = t, pv = !t (004_falu.txt:813-814).
  for (const CmpCase& c : kCmpCases) {
    const auto out = run(cmpState() + "FSETP." + c.name + ".AND P0, P1, R1, R2, PT ;\n");
    for (unsigned lane = 0; lane < 5; ++lane) {
      EXPECT_EQ(reg(out, "P0", lane), c.t[lane] ? 1u : 0u) << c.name << " lane " << lane;
      EXPECT_EQ(reg(out, "P1", lane), c.t[lane] ? 0u : 1u) << c.name << " lane " << lane;
    }
  }
}

TEST(Float, FsetpLopWithPp) {
  // lanes 0,1: 1.0 < 2.0 (t = true); lanes 2,3: 2.0 < 1.0 (t = false). P2 = 0, 1, 0, 1.
  // AND: pu = t&&pp = 0,1,0,0; pv = !t&&pp = 0,0,0,1.
  // OR:  pu = t||pp = 1,1,0,1; pv = !t||pp = 0,1,1,1.
  // XOR: pu = t^pp  = 1,0,0,1; pv = !t^pp  = 0,1,1,0.
  // AND with !P2 (1,0,1,0): pu = 1,0,0,0; pv = 0,0,1,0.
  const std::string st = lanes("R1", {0x3F800000, 0x3F800000, 0x40000000, 0x40000000}) +
                         lanes("R2", {0x40000000, 0x40000000, 0x3F800000, 0x3F800000}) +
                         lanes("P2", {0, 1, 0, 1});
  struct Case {
    const char* insn;
    unsigned pu[4], pv[4];
  };
  const Case cases[] = {
      {"FSETP.LT.AND P0, P1, R1, R2, P2 ;", {0, 1, 0, 0}, {0, 0, 0, 1}},
      {"FSETP.LT.OR P0, P1, R1, R2, P2 ;", {1, 1, 0, 1}, {0, 1, 1, 1}},
      {"FSETP.LT.XOR P0, P1, R1, R2, P2 ;", {1, 0, 0, 1}, {0, 1, 1, 0}},
      {"FSETP.LT.AND P0, P1, R1, R2, !P2 ;", {1, 0, 0, 0}, {0, 0, 1, 0}},
  };
  for (const Case& c : cases) {
    const auto out = run(st + c.insn + "\n");
    for (unsigned lane = 0; lane < 4; ++lane) {
      EXPECT_EQ(reg(out, "P0", lane), c.pu[lane]) << c.insn << " lane " << lane;
      EXPECT_EQ(reg(out, "P1", lane), c.pv[lane]) << c.insn << " lane " << lane;
    }
  }
}

TEST(Float, FsetpFtzPrefixesSourcesAndDefaults) {
  // .FTZ: 2^-149 == 0 after the flush (true), not without it (false).
  // -|R3| with R3 = 2.0: -2 < -1 (immediate) -> .LT true. pv omitted (PT) and pp omitted (PT).
  // UR and cmem: 1.0 GE UR1 (1.0) true; 1.0 GT c[0][0] (0.5) true.
  const auto out = run(R"(// @state R1 = 0x00000001
// @state R2 = 0x3F800000
// @state R3 = 0x40000000
// @state UR1 = 0x3F800000
// @state c[0x0][0x0] = 0x3F000000
FSETP.FTZ.EQ.AND P0, P1, R1, RZ, PT ;
FSETP.EQ.AND P2, P3, R1, RZ, PT ;
FSETP.LT.AND P4, -|R3|, -1 ;
FSETP.GE.AND P5, R2, UR1 ;
FSETP.GT.AND P6, R2, c[0x0][0x0], PT ;
)");
  EXPECT_EQ(reg(out, "P0"), 1u);
  EXPECT_EQ(reg(out, "P1"), 0u);
  EXPECT_EQ(reg(out, "P2"), 0u);
  EXPECT_EQ(reg(out, "P3"), 1u);
  EXPECT_EQ(reg(out, "P4"), 1u);
  EXPECT_EQ(reg(out, "P5"), 1u);
  EXPECT_EQ(reg(out, "P6"), 1u);
}

TEST(Float, FsetEveryComparisonBmAndBf) {
  // .BM: true -> 0xFFFFFFFF; .BF: true -> 0x3F800000 (1.0); false -> 0 (004_falu.txt:948-951).
  std::string src = cmpState();
  for (unsigned i = 0; i < 14; ++i)
    src += std::string("FSET.") + kCmpCases[i].name + ".AND R" + std::to_string(10 + i) + ", R1, R2, PT ;\n";
  for (unsigned i = 0; i < 14; ++i)
    src +=
        std::string("FSET.") + kCmpCases[i].name + ".AND.BF R" + std::to_string(30 + i) + ", R1, R2, PT ;\n";
  const auto out = run(src);
  for (unsigned i = 0; i < 14; ++i)
    for (unsigned lane = 0; lane < 5; ++lane) {
      EXPECT_EQ(reg(out, "R" + std::to_string(10 + i), lane), kCmpCases[i].t[lane] ? 0xFFFFFFFFu : 0u)
          << kCmpCases[i].name << " lane " << lane;
      EXPECT_EQ(reg(out, "R" + std::to_string(30 + i), lane), kCmpCases[i].t[lane] ? 0x3F800000u : 0u)
          << kCmpCases[i].name << " lane " << lane;
    }
}

TEST(Float, FsetLopAndDefaults) {
  // Lane 0: 1 < 2 true; lane 1: 2 < 1 false; P0 = 0, 1. XOR with P0:
  // lane 0 true^0 = true, lane 1 false^1 = true. OR with !P0 (1,0): true, false.
  // pp omitted (L-75): .BM default, pp = PT -> t. -R5 with R5 = 1.0 vs immediate -34: -1 > -34.
  const auto out = run(
      lanes("R1", {0x3F800000, 0x40000000}) + lanes("R2", {0x40000000, 0x3F800000}) + lanes("P0", {0, 1}) +
      "// @state R5 = 0x3F800000\nFSET.LT.XOR R10, R1, R2, P0 ;\nFSET.LT.OR.BM R11, R1, R2, !P0 ;\n"
      "FSET.LT.AND R12, R1, R2 ;\nFSET.GT.OR.BF R13, -R5, -34, PT ;\n"
      "// @state R6 = 0x80000001\nFSET.FTZ.EQ.AND R14, R6, RZ, PT ;\nFSET.EQ.AND R15, R6, RZ, PT ;\n");
  EXPECT_EQ(reg(out, "R10", 0), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R10", 1), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R11", 0), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R11", 1), 0u);
  EXPECT_EQ(reg(out, "R12", 0), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R12", 1), 0u);
  EXPECT_EQ(reg(out, "R13", 0), 0x3F800000u);
  // .FTZ: -2^-149 is flushed to -0.0, which equals RZ's +0.0; without .FTZ it does not.
  EXPECT_EQ(reg(out, "R14", 0), 0xFFFFFFFFu);
  EXPECT_EQ(reg(out, "R15", 0), 0u);
}

// ---------------------------------------------------------------- FSEL

TEST(Float, FselSelectsByPp) {
  // Rd = pp ? Ra : SrcB (004_falu.txt:1089). P0 = 1, 0 in lanes 0, 1.
  // .FTZ flushes the chosen subnormal (-2^-149 -> -0.0); -|R1| of 1.0 is -1.0; NaN bits are copied.
  const auto out = run(lanes("P0", {1, 0}) + R"(// @state R1 = 0x3F800000
// @state R2 = 0x40000000
// @state R3 = 0x80000001
// @state R4 = 0x7FC00123
// @state UR1 = 0x40400000
FSEL R10, R1, R2, P0 ;
FSEL R11, R1, R2, !P0 ;
FSEL R12, R1, 2.5, !P0 ;
FSEL.FTZ R13, R3, R2, PT ;
FSEL R14, R3, R2, PT ;
FSEL R15, -|R1|, UR1, P0 ;
FSEL R16, R4, R1, PT ;
FSEL R17, R1, R2 ;
)");
  EXPECT_EQ(reg(out, "R10", 0), 0x3F800000u);
  EXPECT_EQ(reg(out, "R10", 1), 0x40000000u);
  EXPECT_EQ(reg(out, "R11", 0), 0x40000000u);
  EXPECT_EQ(reg(out, "R11", 1), 0x3F800000u);
  EXPECT_EQ(reg(out, "R12", 0), 0x40200000u);  // 2.5
  EXPECT_EQ(reg(out, "R12", 1), 0x3F800000u);
  EXPECT_EQ(reg(out, "R13", 0), 0x80000000u);
  EXPECT_EQ(reg(out, "R14", 0), 0x80000001u);
  EXPECT_EQ(reg(out, "R15", 0), 0xBF800000u);
  EXPECT_EQ(reg(out, "R15", 1), 0x40400000u);
  EXPECT_EQ(reg(out, "R16", 0), 0x7FC00123u);
  EXPECT_EQ(reg(out, "R17", 0), 0x3F800000u);  // pp omitted = PT (L-75)
}

// ---------------------------------------------------------------- FCHK

TEST(Float, FchkUsesExponentBits30To23) {
  // L-32: e = F32[30:23] - 127; pu = ea <= -103 || ea >= 128 || eb <= -126 || eb >= 125 ||
  //       ea - eb <= -125 || ea - eb >= 127.
  // lane  Ra (ea)            Rb (eb)            result
  //  0    1.0 (0)            1.0 (0)            0
  //  1    0.0 (-127)         1.0                1  ea <= -103
  //  2    2^-100 0x0D800000  1.0                0  (bits [31:24] would give -114 -> 1)
  //  3    2^-103 0x0C000000  1.0                1  ea <= -103
  //  4    2^-102 0x0C800000  1.0                0
  //  5    1.0                2^125 0x7E000000   1  eb >= 125
  //  6    1.0                2^124 0x7D800000   0  ea - eb = -124
  //  7    1.0                2^-126 0x00800000  1  eb <= -126
  //  8    1.0                2^-125 0x01000000  0  ea - eb = 125
  //  9    2^126 0x7E800000   1.0                0  ea - eb = 126
  // 10    2^126              0.5 0x3F000000     1  ea - eb = 127
  // 11    +Inf (128)         1.0                1  ea >= 128
  // 12    2^-80 0x17800000   2^45 0x56000000    1  ea - eb = -125
  // 13    2^-80              2^44 0x55800000    0  ea - eb = -124
  const auto out =
      run(lanes("R1", {0x3F800000, 0x00000000, 0x0D800000, 0x0C000000, 0x0C800000, 0x3F800000, 0x3F800000,
                       0x3F800000, 0x3F800000, 0x7E800000, 0x7E800000, 0x7F800000, 0x17800000, 0x17800000}) +
          lanes("R2", {0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x3F800000, 0x7E000000, 0x7D800000,
                       0x00800000, 0x01000000, 0x3F800000, 0x3F000000, 0x3F800000, 0x56000000, 0x55800000}) +
          "FCHK P0, R1, R2 ;\nFCHK P1, -|R1|, -R2 ;\n");
  const unsigned expect[] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 0};
  for (unsigned lane = 0; lane < 14; ++lane) {
    EXPECT_EQ(reg(out, "P0", lane), expect[lane]) << lane;
    EXPECT_EQ(reg(out, "P1", lane), expect[lane]) << lane;  // the prefixes leave the exponent alone
  }
}

TEST(Float, FchkSourceKinds) {
  // Ra = 2^-100, SrcB = 2^25 (ea - eb = -125: true) as UR, immediate and cmem; 1.0 vs 1.0 false.
  const auto out = run(R"(// @state R1 = 0x0D800000
// @state R2 = 0x3F800000
// @state UR1 = 0x4C000000
// @state c[0x0][0x4] = 0x4C000000
FCHK P0, R1, UR1 ;
FCHK P1, R1, 0f4C000000 ;
FCHK P2, R1, c[0x0][0x4] ;
FCHK P3, R2, 1.0 ;
)");
  EXPECT_EQ(reg(out, "P0"), 1u);
  EXPECT_EQ(reg(out, "P1"), 1u);
  EXPECT_EQ(reg(out, "P2"), 1u);
  EXPECT_EQ(reg(out, "P3"), 0u);
}

}  // namespace
}  // namespace gpuasm::simtest
