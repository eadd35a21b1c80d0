// Explain this line (ExplainLine.h): the hover on a mnemonic shows the spec's __Semantics entry
// with the line's operands and modifier values put in and the branches on modifiers cut to the
// one taken; with a live run, the inputs before the line and the result after it in one lane;
// for FADD/FMUL/FFMA the result under each rounding mode with its distance in ULPs.
//
// Expected pseudo-code is the spec's text (004_falu.txt:60-91, 000_ialu.txt:159-168, 1025-1036,
// 1465-1490) substituted by hand. Expected rounding results are computed independently of the
// simulator: with the host's FPU in each rounding mode (<cfenv> fesetround, volatile float
// operations), or for FFMA by the exact product and sum in double (exact for these inputs) then
// one conversion to float in that mode; ULP distances by counting nextafterf steps.
#include "Annotated.h"

#include <gpuasm/ide/asm/ExplainLine.h>
#include <gpuasm/ide/asm/Hover.h>
#include <gpuasm/ide/execution/LiveValues.h>

#include "HoverDump.h"

#include <gtest/gtest.h>

#include <bit>
#include <cfenv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace gpuasm::featuretest {
namespace {

using namespace std::chrono_literals;
using ide::HoverInfo;
using ide::HoverSection;
using ide::HoverSectionKind;

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
float f32(std::uint32_t b) { return std::bit_cast<float>(b); }

std::string hex(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}
std::string padded(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

// A document, its live run (run to the end unless `run` is false) and the hover at its `^`.
struct Hovered {
  std::shared_ptr<const ide::Snapshot> snap;
  std::shared_ptr<ide::LiveRun> live;
  std::optional<HoverInfo> hover;

  const HoverSection* section(HoverSectionKind kind, std::string_view headingStart = {}) const {
    for (const HoverSection& s : hover->sections)
      if (s.kind == kind && s.heading.starts_with(headingStart)) return &s;
    return nullptr;
  }
  std::string item(std::string_view headingStart, std::string_view label) const {
    if (const HoverSection* s = section(HoverSectionKind::Facts, headingStart))
      for (const ide::HoverItem& i : s->items)
        if (i.label == label) return i.text;
    return "(none)";
  }
};

Hovered hover(std::string_view marked, bool run = true, std::optional<std::uint32_t> lane = std::nullopt) {
  const Annotated a(marked);
  Hovered h;
  h.snap = a.snapshot();
  h.live = std::make_shared<ide::LiveRun>(h.snap, nullptr, nullptr, ide::LiveLimits{});
  if (run) h.live->advance(std::nullopt, 10s);
  h.hover = ide::getHover(*h.snap, a.cursor, nullptr, {h.live.get(), lane});
  return h;
}

// Everything a hover holds, for failure messages.
std::string dump(const Hovered& h) { return h.hover ? gpuasm::test::dumpHover(*h.hover) : "no hover"; }

std::vector<std::string> semanticsOf(const Hovered& h) {
  const HoverSection* s = h.section(HoverSectionKind::Semantics);
  return s == nullptr ? std::vector<std::string>{} : s->code;
}

// The lines that are not comments.
std::vector<std::string> codeOnly(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const std::string& l : lines)
    if (l.find("//") == std::string::npos) out.push_back(l);
  return out;
}

// ------------------------------------------------------------------ the pseudo-code

TEST(ExplainLine, FaddWithRzKeepsTheRoundingModeAndDropsTheModifierBranchesNotTaken) {
  const Hovered h = hover("^FADD.RZ R4, R3, R5 ;\n", false);
  ASSERT_TRUE(h.hover);
  const std::vector<std::string> expected = {
      "FADD.RZ R4, R3, R5:",
      "    // 计算舍入前的精确求和",
      "    t = R3 + R5;",
      "    // 舍入到F32可表示的值",
      "    R4 = roundToF32(t, .RZ);",
      "    // 根据.sat，决定是否将输出饱和到[+0.0, 1.0]",
      "    if (isNAN(R4) == true) {",
      "        // 输出特殊的QNAN",
      "        R4[31:0] = 0x7FFFFFFF",
      "    }",
  };
  EXPECT_EQ(semanticsOf(h), expected);
  EXPECT_NE(h.section(HoverSectionKind::Semantics)->source.find("004_falu.txt:58"), std::string::npos)
      << h.section(HoverSectionKind::Semantics)->source;
  // Not run: no values.
  EXPECT_EQ(h.section(HoverSectionKind::Facts, "Live run"), nullptr);
  EXPECT_EQ(h.section(HoverSectionKind::Table), nullptr);
}

TEST(ExplainLine, FtzAndSatTakeTheirBranchesAndTheDefaultModeIsNamed) {
  const Hovered h = hover("  ^FADD.FTZ.SAT R4, R3, -R5 ;\n", false);
  ASSERT_TRUE(h.hover);
  const std::vector<std::string> expected = {
      "FADD.FTZ.SAT R4, R3, -R5:",
      "    // 根据.FTZ启用与否，正确处理输入含非规格化浮点数的情况",
      "    // 将输入的非规格化数flush到有符号0之后在参与比较",
      "    if (isSubnormal(R3) == true) {",
      "        Ra = signZero(R3);",  // an input assigned to: a local variable from here on
      "    }",
      "    if (isSubnormal(-R5) == true) {",
      "        SrcB = signZero(-R5);",
      "    }",
      "    // 计算舍入前的精确求和",
      "    t = Ra + SrcB;",
      "    // 舍入到F32可表示的值",
      "    R4 = roundToF32(t, .RN);",
      "    // 根据.sat，决定是否将输出饱和到[+0.0, 1.0]",
      "    // NAN将被映射到0.0",
      "    if (isNAN(R4) == true) {",
      "        R4 = 0.0f;",
      "    } else {",
      "        R4 = R4 < 0.0f ? 0.0f : R4;",
      "        R4 = R4 > 1.0f ? 1.0f : R4;",
      "    }",
      "    // 正确处理输出中的非规格化数",
      "    R4 = isSubnormal(R4) ? signZero(R4) : R4;",
  };
  EXPECT_EQ(semanticsOf(h), expected);
}

TEST(ExplainLine, AnOmittedOperandIsItsDefaultAndAnAssignedInputStaysALocal) {
  // IMAD.lo.itype Rd, pu, Ra, SrcB, SrcC (000_ialu.txt:306-316) with pu left out: PT, the
  // field's default (`field<106, 3> Pred pu = PT;`, 000_ialu.txt:248).
  const std::vector<std::string> imad = codeOnly(semanticsOf(hover("^IMAD R0, R1, R2, R3 ;\n", false)));
  ASSERT_EQ(imad.size(), 6u);
  EXPECT_EQ(imad[5], "    PT = t[31:0] + R3 > 4294967296 ? true : false;");
  // UIMAD's pseudo-code converts its inputs in place (001_udp.txt:251-261): `URa = INT32(URa)`;
  // the converted values are locals, the line's registers are only read. upu omitted: UPT
  // (001_udp.txt:82).
  EXPECT_EQ(codeOnly(semanticsOf(hover("^UIMAD UR0, UR1, UR2, UR3 ;\n", false))),
            (std::vector<std::string>{"UIMAD UR0, UR1, UR2, UR3:", "    URa = INT32(UR1);",
                                      "    SrcB = INT32(UR2);", "    t = URa * SrcB;",
                                      "    UR0 = mod(t[31:0] + UR3, 4294967296);",
                                      "    UPT = t[31:0] + UR3 > 4294967296 ? true : false;"}));
}

TEST(ExplainLine, TheEntryWhoseLiteralModifiersTheLineSetsIsChosen) {
  // IADD has two entries, `IADD` and `IADD.X` (000_ialu.txt:159-168).
  EXPECT_EQ(codeOnly(semanticsOf(hover("^IADD R1, R2, -R3 ;\n", false))),
            (std::vector<std::string>{"IADD R1, R2, -R3:", "    t = R2 + -R3;", "    R1 = t[31:0];"}));
  EXPECT_EQ(
      codeOnly(semanticsOf(hover("^IADD.X R1, P1, R2, R3, !P0 ;\n", false))),
      (std::vector<std::string>{"IADD.X R1, P1, R2, R3, !P0:", "    t = R2 + R3 + !P0;",
                                "    R1 = mod(t, 4294967296);", "    P1 = t > 4294967296 ? true : false;"}));
}

TEST(ExplainLine, BracelessBranchesOnDefaultAndWrittenModifiers) {
  // IMUL.lohi.itype (000_ialu.txt:1025-1036): `if (.itype == .S32)` and `if (.lohi == .LO)` by
  // indentation; LO and S32 are the defaults (000_ialu.txt:1006-1007).
  EXPECT_EQ(semanticsOf(hover("^IMUL R1, R2, R3 ;\n", false)),
            (std::vector<std::string>{"IMUL R1, R2, R3:", "    a = INT32(R2);", "    b = INT32(R3);",
                                      "    t = a * b;", "    R1 = t[31:0];"}));
  EXPECT_EQ(semanticsOf(hover("^IMUL.HI.U32 R1, R2, R3 ;\n", false)),
            (std::vector<std::string>{"IMUL.HI.U32 R1, R2, R3:", "    a = UINT32(R2);", "    b = UINT32(R3);",
                                      "    t = a * b;", "    R1 = t[63:32];"}));
}

TEST(ExplainLine, ASwitchOnAModifierShowsTheCaseTaken) {
  // P2R.bsel (000_ialu.txt:1465-1490): case .B1 only, without its `break;`.
  EXPECT_EQ(codeOnly(semanticsOf(hover("^P2R.B1 R7, PR, R0, 0xFF ;\n", false))),
            (std::vector<std::string>{"P2R.B1 R7, PR, R0, 0xFF:", "    pr = UINT8(0);",
                                      "    pr = packPred2Byte(P0,P1,P2,P3,P4,P5,P6,P7);",
                                      "    b_select = 0xFF[0:7];",
                                      "    R7[8:15] = (b_select & pr) | ((~b_select) & R0[8:15]);"}));
}

TEST(ExplainLine, OnlyTheMnemonicHoverExplainsAndOnlyALineThatAssembles) {
  const Hovered onMnemonic = hover("FA^DD R4, R3, R5 ;\n");
  ASSERT_TRUE(onMnemonic.hover);
  // Before the encoding: the explanation is about this line, the encoding about its bits.
  std::size_t semantics = 0, encoding = 0;
  for (std::size_t i = 0; i < onMnemonic.hover->sections.size(); ++i) {
    if (onMnemonic.hover->sections[i].kind == HoverSectionKind::Semantics) semantics = i;
    if (onMnemonic.hover->sections[i].kind == HoverSectionKind::Encoding) encoding = i;
  }
  EXPECT_GT(semantics, 0u);
  EXPECT_LT(semantics, encoding);
  const Hovered onOperand = hover("FADD R4, ^R3, R5 ;\n");
  ASSERT_TRUE(onOperand.hover);
  EXPECT_EQ(onOperand.section(HoverSectionKind::Semantics), nullptr);
  const Hovered broken = hover("^FADD.RZ R4, R3 ;\n");  // one operand short
  ASSERT_TRUE(broken.hover);
  EXPECT_EQ(broken.section(HoverSectionKind::Semantics), nullptr);
}

// ------------------------------------------------------------------ the live run

TEST(ExplainLine, InputsBeforeAndResultAfterInTheFirstExecutingLane) {
  // R1 is both read and written: the input is the value before the line.
  const Hovered h = hover("// @state R1 = 0x10\n// @state R2 = lane\n^IADD R1, R1, R2 ;\n");
  ASSERT_TRUE(h.hover);
  const HoverSection* in = h.section(HoverSectionKind::Facts, "Live run: inputs");
  ASSERT_NE(in, nullptr);
  EXPECT_NE(in->heading.find("lane 0, the first lane that executes it"), std::string::npos) << in->heading;
  EXPECT_EQ(h.item("Live run: inputs", "R1"), "0x10");
  EXPECT_EQ(h.item("Live run: inputs", "R2"), "0x0");
  EXPECT_EQ(h.item("Live run: result", "R1"), "0x10");
}

TEST(ExplainLine, ThePinnedLaneAndALaneThatDoesNotExecute) {
  const std::string text =
      "// @state R1 = 0x10\n// @state R2 = lane\n// @state activeMask = 0xfffffff0\n"
      "^IADD R1, R1, R2 ;\n";
  const Hovered pinned = hover(text, true, 7);
  EXPECT_EQ(pinned.item("Live run: inputs", "R2"), "0x7");
  EXPECT_EQ(pinned.item("Live run: result", "R1"), "0x17");  // 0x10 + 7
  // Lanes 0-3 are inactive: the first lane that executes is 4.
  const Hovered first = hover(text);
  EXPECT_NE(first.section(HoverSectionKind::Facts, "Live run: inputs")->heading.find("lane 4"),
            std::string::npos);
  EXPECT_EQ(first.item("Live run: result", "R1"), "0x14");
  const Hovered inactive = hover(text, true, 2);
  const HoverSection* result = inactive.section(HoverSectionKind::Facts, "Live run: result");
  ASSERT_NE(result, nullptr);
  ASSERT_EQ(result->text.size(), 1u);
  EXPECT_NE(result->text.front().find("does not execute"), std::string::npos);
  EXPECT_EQ(inactive.item("Live run: result", "R1"), "0x10");  // unchanged
}

TEST(ExplainLine, InputsPastSeveralCheckpointsAreTheRunsOwn) {
  // 700 increments: the run keeps a checkpoint every 256 instructions, so the state before the
  // last line is rebuilt from one of them.
  std::string text = "// @state R1 = 0\n";
  for (int i = 0; i < 700; ++i) text += "IADD R1, R1, 0x1 ;\n";
  text += "^IADD R2, R1, R1 ;\n";
  const Hovered h = hover(text);
  EXPECT_EQ(h.item("Live run: inputs", "R1"), hex(700));
  EXPECT_EQ(h.item("Live run: result", "R2"), hex(1400));
}

TEST(ExplainLine, ALineTheRunStoppedBeforeHasNoValues) {
  // ELECT has no semantics (the run stops there); the FADD after it never ran.
  const Hovered h = hover("ELECT P0, R1, PT ;\n^FADD R4, R3, R5 ;\n");
  ASSERT_TRUE(h.hover);
  EXPECT_NE(h.section(HoverSectionKind::Semantics), nullptr);
  EXPECT_EQ(h.section(HoverSectionKind::Facts, "Live run"), nullptr);
}

// ------------------------------------------------------------------ the rounding table

struct Mode {
  const char* name;
  int fe;
};
const Mode kModes[] = {
    {".RN", FE_TONEAREST}, {".RP", FE_UPWARD}, {".RM", FE_DOWNWARD}, {".RZ", FE_TOWARDZERO}};

// `op` evaluated with the host in rounding mode `fe`.
std::uint32_t inMode(int fe, const std::function<float()>& op) {
  const int saved = std::fegetround();
  std::fesetround(fe);
  const float r = op();
  std::fesetround(saved);
  return bits(r);
}

// Signed count of nextafterf steps from b to a (a above b: positive).
std::int64_t steps(std::uint32_t a, std::uint32_t b) {
  const float x = f32(a), y = f32(b);
  std::int64_t n = 0;
  for (float f = y; f < x; f = std::nextafterf(f, INFINITY)) ++n;
  for (float f = y; f > x; f = std::nextafterf(f, -INFINITY)) --n;
  return n;
}

std::string stateLine(const char* reg, float v) {
  return "// @state " + std::string(reg) + " = " + hex(bits(v)) + "\n";
}

// Checks the table of `h` against the expected result under each mode; `written` is the mode on
// the line. Returns the expected results.
void expectTable(const Hovered& h, const char* written, const std::function<std::uint32_t(int)>& expected) {
  const HoverSection* t = h.section(HoverSectionKind::Table);
  ASSERT_NE(t, nullptr) << dump(h);
  ASSERT_EQ(t->table.size(), 5u);
  EXPECT_EQ(t->table[0],
            (std::vector<std::string>{"mode", "result", "bits", "ULPs from " + std::string(written)}));
  std::uint32_t writtenBits = 0;
  for (const Mode& m : kModes)
    if (std::string(m.name) == written) writtenBits = expected(m.fe);
  for (std::size_t i = 0; i < 4; ++i) {
    const Mode& m = kModes[i];
    const std::vector<std::string>& row = t->table[i + 1];
    ASSERT_EQ(row.size(), 4u);
    const bool isWritten = std::string(m.name) == written;
    EXPECT_EQ(row[0], std::string(m.name) + (isWritten ? " (this line)" : ""));
    EXPECT_EQ(row[2], padded(expected(m.fe))) << m.name;
    const std::int64_t d = steps(expected(m.fe), writtenBits);
    EXPECT_EQ(row[3], d > 0 ? "+" + std::to_string(d) : std::to_string(d)) << m.name;
  }
}

TEST(ExplainLine, FaddRoundingTableOnATie) {
  // 1 + 3·2^-24 lies halfway between 1 + 2^-23 and 1 + 2^-22.
  const float a = 1.0f, b = std::ldexp(3.0f, -24);
  const Hovered h = hover(stateLine("R3", a) + stateLine("R5", b) + "^FADD.RZ R4, R3, R5 ;\n");
  expectTable(h, ".RZ", [&](int fe) {
    return inMode(fe, [&] {
      volatile float x = a, y = b;
      return x + y;
    });
  });
  // By hand: RN (tie to even) and RP give 1 + 2^-22, RM and RZ 1 + 2^-23.
  const HoverSection* t = h.section(HoverSectionKind::Table);
  EXPECT_EQ(t->table[1][2], "0x3f800002");
  EXPECT_EQ(t->table[4][2], "0x3f800001");
  EXPECT_EQ(t->table[1][3], "+1");
  EXPECT_EQ(t->table[3][3], "0");
  // The inputs and result shown as f32 with their bits.
  EXPECT_NE(h.item("Live run: inputs", "R3").find("(0x3f800000)"), std::string::npos);
  EXPECT_NE(h.item("Live run: result", "R4").find("(0x3f800001)"), std::string::npos);
}

TEST(ExplainLine, FaddRoundingTableOnNegativeValuesSeparatesRmFromRz) {
  const float a = -1.0f, b = -std::ldexp(3.0f, -26);  // -(1 + 0.375 ULP): nearer to -1
  const Hovered h = hover(stateLine("R3", a) + stateLine("R5", b) + "^FADD.RM R4, R3, R5 ;\n");
  expectTable(h, ".RM", [&](int fe) {
    return inMode(fe, [&] {
      volatile float x = a, y = b;
      return x + y;
    });
  });
  // By hand: RM rounds away from zero to -(1 + 2^-23), RZ and RP to -1, RN to -1 (nearer).
  const HoverSection* t = h.section(HoverSectionKind::Table);
  EXPECT_EQ(t->table[3][2], "0xbf800001");
  EXPECT_EQ(t->table[4][2], "0xbf800000");
  EXPECT_EQ(t->table[4][3], "+1");
}

TEST(ExplainLine, FmulRoundingTableOnAThirdTimesThree) {
  const float a = 1.0f / 3.0f, b = 3.0f;  // 0x3eaaaaab · 3 = 1 + 2^-25 exactly
  const Hovered h = hover(stateLine("R3", a) + stateLine("R5", b) + "^FMUL.RP R4, R3, R5 ;\n");
  expectTable(h, ".RP", [&](int fe) {
    return inMode(fe, [&] {
      volatile float x = a, y = b;
      return x * y;
    });
  });
  const HoverSection* t = h.section(HoverSectionKind::Table);
  EXPECT_EQ(t->table[1][2], "0x3f800000");  // RN: 1
  EXPECT_EQ(t->table[2][2], "0x3f800001");  // RP: 1 + 2^-23
  EXPECT_EQ(t->table[1][3], "-1");
}

// a·b + c exactly in double (exact for these inputs), then one rounding to float in mode `fe`.
std::uint32_t fusedInMode(int fe, float a, float b, float c) {
  const double exact = static_cast<double>(a) * static_cast<double>(b) + static_cast<double>(c);
  return inMode(fe, [&] {
    volatile double e = exact;
    return static_cast<float>(e);
  });
}

TEST(ExplainLine, FfmaIsFusedAndItsModesDiffer) {
  {
    // (1 + 2^-12)² - 1 = 2^-11 + 2^-24: fused, exact; the product rounded first loses 2^-24.
    const float a = 1.0f + std::ldexp(1.0f, -12), c = -1.0f;
    const Hovered h =
        hover(stateLine("R3", a) + stateLine("R5", a) + stateLine("R6", c) + "^FFMA R4, R3, R5, R6 ;\n");
    expectTable(h, ".RN", [&](int fe) { return fusedInMode(fe, a, a, c); });
    volatile float x = a, y = a, z = c;
    const float product = x * y;
    const std::uint32_t unfused = bits(product + z);
    EXPECT_NE(fusedInMode(FE_TONEAREST, a, a, c), unfused);
    EXPECT_EQ(h.section(HoverSectionKind::Table)->table[1][2],
              padded(bits(std::ldexp(1.0f, -11) + std::ldexp(1.0f, -24))));
  }
  {
    // (1 + 2^-23)² + 1 = 2 + 2^-22 + 2^-46: RP rounds up, the others down.
    const float a = 1.0f + std::ldexp(1.0f, -23), c = 1.0f;
    const Hovered h =
        hover(stateLine("R3", a) + stateLine("R5", a) + stateLine("R6", c) + "^FFMA.RM R4, R3, R5, R6 ;\n");
    expectTable(h, ".RM", [&](int fe) { return fusedInMode(fe, a, a, c); });
    EXPECT_EQ(h.section(HoverSectionKind::Table)->table[2][3], "+1");
  }
}

TEST(ExplainLine, NoRoundingTableWithoutARoundingModifier) {
  // IADD's semantics call no roundToF32; FMNMX is a float operation that does not round.
  EXPECT_EQ(hover("// @state R3 = 1\n^IADD R4, R3, R3 ;\n").section(HoverSectionKind::Table), nullptr);
  const Hovered fmnmx = hover("// @state R3 = 0x3f800000\n^FMNMX R4, R3, R3, PT ;\n");
  EXPECT_NE(fmnmx.section(HoverSectionKind::Facts, "Live run: result"), nullptr);
  EXPECT_EQ(fmnmx.section(HoverSectionKind::Table), nullptr);
}

TEST(ExplainLine, UlpDifferenceCountsRepresentableSteps) {
  const std::vector<std::pair<float, float>> pairs = {
      {1.0f, 1.0f},
      {1.0f + std::ldexp(1.0f, -23), 1.0f},
      {1.0f, 2.0f},
      {-0.0f, 0.0f},
      {std::ldexp(1.0f, -149), -std::ldexp(1.0f, -149)},  // the two smallest subnormals across zero
      {-1.0f, -1.0f - std::ldexp(1.0f, -23)},
      {std::ldexp(1.0f, -126), std::ldexp(1.0f, -127)},  // the smallest normal and a subnormal
      {INFINITY, std::nextafterf(INFINITY, 0.0f)},
  };
  for (const auto& [x, y] : pairs)
    EXPECT_EQ(ide::ulpDifference(bits(x), bits(y)), steps(bits(x), bits(y))) << x << " " << y;
  EXPECT_EQ(ide::ulpDifference(bits(2.0f), bits(1.0f)), std::int64_t{1} << 23);
  EXPECT_EQ(ide::ulpDifference(0x7FC00000u, bits(1.0f)), std::nullopt);
}

// Every spec example that assembles, of an optype whose __Semantics holds pseudo-code with an
// entry for it, is explained: the block starts with the statement as written, and no modifier
// variable of the entry is left in the code (each is a field of the line's opcode, so it has a
// value). The examples run too (state all zero), so values must not break the hover either.
TEST(ExplainLine, EverySpecExampleIsExplained) {
  std::ifstream in(std::string(GPUASM_EXAMPLES_DIR) + "/spec-examples.asm");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const auto snap = ide::Snapshot::analyse(db(), text);
  ide::LiveRun run(snap, nullptr, nullptr, ide::LiveLimits{});
  run.advance(std::nullopt, 10s);
  std::size_t explained = 0, assembled = 0;
  for (const ide::AssembledStatement& s : snap->statementsIn({0, static_cast<std::uint32_t>(text.size())})) {
    if (!s.inst) continue;
    ++assembled;
    const auto h = ide::getHover(*snap, s.statement.mnemonicRange.begin, nullptr, {&run, std::nullopt});
    ASSERT_TRUE(h);
    const HoverSection* sem = h->section(HoverSectionKind::Semantics);
    if (sem == nullptr) continue;
    ++explained;
    ASSERT_FALSE(sem->code.empty());
    EXPECT_TRUE(sem->code.front().ends_with(":")) << sem->code.front();
    for (const std::string& line : sem->code)
      for (const char* variable : {".ftz", ".sat", ".rnd", ".itype", ".lohi", ".bsel"})
        EXPECT_EQ(line.substr(0, line.find("//")).find(variable), std::string::npos)
            << sem->code.front() << "\n"
            << line;
  }
  // Many examples assemble (others contradict the syntax, L-61), and all but the prose-only semantics (VOTE,
  // REDUX, MATCH, MUFU's tables, the optypes without semantics) are explained.
  EXPECT_GT(assembled, 100u);
  EXPECT_GT(explained, assembled * 3 / 4) << explained << " of " << assembled;
}

}  // namespace
}  // namespace gpuasm::featuretest
