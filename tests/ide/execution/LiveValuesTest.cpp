// Live values (LiveValues.h): each line's written registers after a run, as labels for one lane
// or summarised over the active lanes, and the incremental re-run after an edit. Expected values
// are worked out by hand from the instructions' semantics (MOV copies, IADD adds, ISETP.LE.U32
// compares unsigned) and the `// @state` values.
#include "Annotated.h"

#include <gpuasm/ide/execution/LiveValues.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace gpuasm::featuretest {
namespace {

using namespace std::chrono_literals;

std::shared_ptr<ide::LiveRun> runOf(const std::string& text, const ide::LiveRun* previous = nullptr,
                                    ide::LiveLimits limits = {}) {
  auto run = std::make_shared<ide::LiveRun>(ide::Snapshot::analyse(db(), text), nullptr, previous, limits);
  run->advance(std::nullopt, 10s);
  return run;
}

// line → label, for every executed line.
std::map<std::uint32_t, std::string> labels(const ide::LiveRun& run,
                                            std::optional<std::uint32_t> lane = std::nullopt) {
  std::map<std::uint32_t, std::string> out;
  for (const ide::ExecutedLine& l : run.linesIn(0, 1u << 30))
    out[l.line] = ide::liveValueLabel(db(), l, lane);
  return out;
}

std::string perLane(const std::string& name, std::uint32_t first16, std::uint32_t last16) {
  std::string s = "// @state " + name + " = [";
  for (int lane = 0; lane < 32; ++lane)
    s += (lane ? ", " : "") + std::to_string(lane < 16 ? first16 : last16);
  return s + "]\n";
}

TEST(LiveValues, EachLineShowsWhatItWrote) {
  const auto run = runOf("// @state R0 = lane\nMOV R1, 0x10 ;\nIADD R2, R0, R1 ;\nUMOV UR1, 0x20 ;\n");
  EXPECT_EQ(run->status(), ide::LiveStatus::Complete);
  const auto all = labels(*run);
  EXPECT_EQ(all.at(1), "R1 = 0x10");
  // lane + 0x10: a different value in every lane, affine in the lane (IADD's bits: hex).
  EXPECT_EQ(all.at(2), "R2 = lane + 0x10");
  EXPECT_EQ(all.at(3), "UR1 = 0x20");
  EXPECT_EQ(labels(*run, 5).at(2), "R2 = 0x15");
}

TEST(LiveValues, DivergentLanesAndTheActiveMask) {
  const std::string split = perLane("R3", 0x100, 0xf0);
  EXPECT_EQ(labels(*runOf(split + "MOV R4, R3 ;\n")).at(1),
            "R4: lanes 0\u201315 0x100, lanes 16\u201331 0xf0");
  // Only lanes 0-15 run: they all hold 0x100; lane 20 is not written.
  const auto masked = runOf(split + "// @state activeMask = 0x0000ffff\nMOV R4, R3 ;\n");
  EXPECT_EQ(labels(*masked).at(2), "R4 = 0x100");
  EXPECT_EQ(labels(*masked, 20).at(2), "R4 = 0x0 (lane 20 inactive)");
}

TEST(LiveValues, Predicates) {
  // R0 <= 11 holds in lanes 0..11: 12 of 32.
  EXPECT_EQ(
      labels(*runOf("// @state R0 = lane\n// @state R6 = 11\nISETP.LE.U32.AND P0, PT, R0, R6, PT ;\n")).at(2),
      "P0: true in 12 of 32 lanes");
}

TEST(LiveValues, ValuesInTheirTypes) {
  // FADD works on f32 (its F32Imm variant), IMAD on its itype (S32 by default), MOV on bits.
  // R3 = 0: 0 + 1.5 = 1.5. R4 = +inf (0x7f800000): inf + 1 = inf, -inf + 1 = -inf, inf - inf = NaN.
  const auto f =
      labels(*runOf("// @state R3 = 0\nFADD.RN R4, R3, 1.5 ;\nMOV R4, 0x7f800000 ;\n"
                    "FADD R5, R4, 1.0 ;\nFADD R6, -R4, 1.0 ;\nFADD R7, R4, -R4 ;\n"
                    "// @state R9 = -16\nIMAD R8, R3, 0x4, R9 ;\n"));
  EXPECT_EQ(f.at(1), "R4 = 1.5");
  EXPECT_EQ(f.at(2), "R4 = 0x7f800000");
  EXPECT_EQ(f.at(3), "R5 = inf");
  EXPECT_EQ(f.at(4), "R6 = -inf");
  EXPECT_EQ(f.at(5), "R7 = nan");
  EXPECT_EQ(f.at(7), "R8 = -16");  // 0 × 4 + -16, an s32
  // R0 holds the lane as an f32: lane × 0.5 and lane × 0.5 + 1.5 are exact, so affine in f32.
  std::string floats = "// @state R0 = [";
  for (int lane = 0; lane < 32; ++lane) floats += (lane ? ", " : "") + std::to_string(lane) + ".0";
  const auto g = labels(*runOf(floats + "]\nFMUL R1, R0, 0.5 ;\nFADD R2, R1, 1.5 ;\n"));
  EXPECT_EQ(g.at(1), "R1 = lane \u00d7 0.5");
  EXPECT_EQ(g.at(2), "R2 = lane \u00d7 0.5 + 1.5");
  EXPECT_EQ(labels(*runOf(floats + "]\nFMUL R1, R0, 0.5 ;\n"), 3).at(1), "R1 = 1.5");
}

TEST(LiveValues, HintsAreCompactWithTheWholeTextInTheTooltip) {
  // R3 = lane², not a line nor two groups: 32 values, 41 columns in full; the hint says how many.
  std::string squares = "// @state R3 = [";
  for (int lane = 0; lane < 32; ++lane) squares += (lane ? ", " : "") + std::to_string(lane * lane);
  const auto run = runOf(squares + "]\nMOV R4, R3 ;\n");
  const auto hints = ide::getLiveValueHints(*run, 0, 1, std::nullopt);
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0].label, "R4: 32 values");
  EXPECT_NE(hints[0].tooltip.find("R4: 32 values (0x0 \u00d71, 0x1 \u00d71, 0x4 \u00d71, \u2026)"),
            std::string::npos)
      << hints[0].tooltip;
  // A short one is whole, its tooltip only says what it is.
  const auto simple = ide::getLiveValueHints(*runOf("MOV R1, 0x10 ;\n"), 0, 0, std::nullopt);
  ASSERT_EQ(simple.size(), 1u);
  EXPECT_EQ(simple[0].label, "R1 = 0x10");
  EXPECT_EQ(simple[0].tooltip.find("`"), std::string::npos);
}

TEST(LiveValues, StopsAtAnErrorTheStepLimitAndTheBudget) {
  const auto bad = runOf("MOV R1, 0x1 ;\nIADD.SAT R2, R1, R1 ;\nMOV R3, 0x1 ;\n");
  EXPECT_EQ(bad->status(), ide::LiveStatus::Error);
  EXPECT_EQ(bad->stopLine(), 1u);
  EXPECT_EQ(labels(*bad).size(), 1u);
  ide::LiveLimits few;
  few.stepLimit = 3;
  const auto limited = runOf("MOV R1, 0x1 ;\nMOV R1, 0x2 ;\nMOV R1, 0x3 ;\nMOV R1, 0x4 ;\n", nullptr, few);
  EXPECT_EQ(limited->status(), ide::LiveStatus::StepLimit);
  EXPECT_EQ(limited->stopLine(), 3u);
  ide::LiveLimits none;
  none.budget = 0ms;
  std::string many;
  for (int i = 0; i < 100; ++i) many += "MOV R1, 0x1 ;\n";
  const auto over = runOf(many, nullptr, none);
  EXPECT_EQ(over->status(), ide::LiveStatus::OverBudget);
  EXPECT_LT(over->executed(), 100u);
}

// A malformed `// @state` leaves its register unset (R2 = 0 here), so R3 == lane + 1 would fail
// falsely: the expectations after the bad line are not checked, naming it; the one before it
// is checked as usual, and the directive itself stays an error diagnostic of the snapshot.
TEST(LiveValues, ExpectationsAfterAnInvalidStateDirectiveAreNotChecked) {
  const auto run = runOf(
      "// @state R0 = lane\n"
      "MOV R1, R0 ;\n"
      "// @expect R1 == lane\n"
      "// @state R2 = 0x1g\n"
      "IADD R3, R1, R2 ;\n"
      "// @expect R3 == lane + 1\n"
      "// @expect R3 == lane\n");
  const std::vector<ide::ExpectationOutcome> e = run->expectations();
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].status, ide::ExpectationOutcome::Status::Passed);
  const std::string why = "not checked: the @state directive on line 4 is invalid: '0x1g' is not a value";
  for (std::size_t i = 1; i < 3; ++i) {
    EXPECT_EQ(e[i].status, ide::ExpectationOutcome::Status::NotChecked) << e[i].expression;
    EXPECT_EQ(e[i].message.substr(0, why.size()), why) << e[i].message;
  }
  const std::vector<ide::Diagnostic> d = ide::expectationDiagnostics(*run);
  ASSERT_EQ(d.size(), 2u);
  for (const ide::Diagnostic& x : d) {
    EXPECT_EQ(x.code, isa::DiagnosticCode::ExpectationNotChecked);
    EXPECT_EQ(x.severity, ide::Severity::Warning);
  }
  const auto& all = run->snapshot().diagnostics();
  EXPECT_EQ(
      std::count_if(all.begin(), all.end(),
                    [](const ide::Diagnostic& x) { return x.code == isa::DiagnosticCode::StateDirective; }),
      1);
}

// SHFL's semantics (isa-db/spec/002_sync.txt): with SrcC = 0x1f, segmask = c[12:8] = 0 and
// maxLane = cval = 31, so BFLY reads lane j = lane ^ b and DOWN lane j = lane + b while
// j <= 31 (else its own Ra). With R1 = lane * 3: BFLY 0x10 gives lane 0 48 (lane 16's), lane 16
// 0; DOWN 0x1 gives lane l 3l + 3, and lane 31 its own 93.
TEST(LiveValues, AShuffleStatedWithAPerLaneIndexAndAConditional) {
  const auto run = runOf(
      "// @state R0 = lane\n"
      "IMAD R1, R0, 0x3, RZ ;\n"
      "SHFL.BFLY PT, R2, R1, 0x10, 0x1f ;\n"
      "SHFL.DOWN PT, R3, R1, 0x1, 0x1f ;\n"
      "// @expect R2 == R1[lane ^ 16]\n"
      "// @expect R2 == (lane < 16 ? R1 + 48 : R1 - 48)\n"
      "// @expect R3 == (lane < 31 ? R1[lane + 1] : R1)\n"
      "// @expect R3 == (lane < 31 ? 3 * lane + 3 : 93)\n"
      "// @expect R2[0] == 48 && R2[16] == 0 && R3[31] == 93\n"
      "// @expect R3 == R1[lane + 1]\n");
  const std::vector<ide::ExpectationOutcome> e = run->expectations();
  ASSERT_EQ(e.size(), 6u);
  for (std::size_t i = 0; i < 5; ++i)
    EXPECT_EQ(e[i].status, ide::ExpectationOutcome::Status::Passed)
        << e[i].expression << ": " << e[i].message;
  // Without the guard, lane 31 indexes lane 32.
  EXPECT_EQ(e[5].status, ide::ExpectationOutcome::Status::Failed);
  EXPECT_EQ(
      e[5].message,
      "'R3 == R1[lane + 1]' cannot be evaluated: lane 31: the lane index 'lane + 1' is 32, out of range "
      "(0..31)");
}

TEST(LiveValues, RunsOnlyAsFarAsAsked) {
  std::string text = "// @state R2 = 1\n";
  for (int i = 0; i < 100; ++i) text += "IADD R1, R1, R2 ;\n";
  ide::LiveRun run(ide::Snapshot::analyse(db(), text), nullptr, nullptr, {});
  run.advance(10, 10s);
  EXPECT_TRUE(run.reached(10));
  EXPECT_FALSE(run.reached(50));
  EXPECT_FALSE(run.finished());
  EXPECT_EQ(run.executed(), 10u);  // lines 1..10
  EXPECT_EQ(ide::liveValueLabel(db(), run.linesIn(10, 10).at(0), std::nullopt), "R1 = 0xa");
}

// 2000 increments of R1; an edit at line 1500 re-executes from the last checkpoint before it,
// and the values after it are those of the edited text.
TEST(LiveValues, AnEditReRunsFromTheLastCheckpointBeforeIt) {
  std::string text = "// @state R2 = 1\n";
  for (int i = 0; i < 2000; ++i) text += "IADD R1, R1, R2 ;\n";
  const auto snap = ide::Snapshot::analyse(db(), text);
  auto first = std::make_shared<ide::LiveRun>(snap, nullptr, nullptr, ide::LiveLimits{});
  first->advance(std::nullopt, 10s);
  ASSERT_EQ(first->status(), ide::LiveStatus::Complete);
  EXPECT_EQ(ide::liveValueLabel(db(), first->linesIn(2000, 2000).at(0), std::nullopt), "R1 = 0x7d0");  // 2000
  // Line 1500 (0-based) becomes MOV R1, 0x0: lines 1501..2000 add 1 each, so R1 ends at 500.
  const std::uint32_t at = snap->lines().lineStart(1500);
  const auto edited = snap->edited({at, at + 17, "MOV R1, 0x0 ;    "});
  ide::LiveRun second(edited, nullptr, first.get(), {});
  second.advance(std::nullopt, 10s);
  ASSERT_EQ(second.status(), ide::LiveStatus::Complete);
  EXPECT_EQ(ide::liveValueLabel(db(), second.linesIn(2000, 2000).at(0), std::nullopt), "R1 = 0x1f4");
  EXPECT_EQ(ide::liveValueLabel(db(), second.linesIn(1499, 1499).at(0), std::nullopt),
            "R1 = 0x5db");  // 1499, unchanged
  EXPECT_LE(second.executedHere(), 2000u - 1500u + 1u + 256u);
  EXPECT_EQ(second.executed(), 2000u);
  // A directive edit starts over: R2 = 2 doubles every step.
  const auto directive = edited->edited({15, 16, "2"});
  ide::LiveRun third(directive, nullptr, &second, {});
  third.advance(std::nullopt, 10s);
  EXPECT_EQ(third.executedHere(), 2000u);
  EXPECT_EQ(ide::liveValueLabel(db(), third.linesIn(2000, 2000).at(0), std::nullopt),
            "R1 = 0x3e8");  // 500 × 2
}

}  // namespace
}  // namespace gpuasm::featuretest

namespace gpuasm::featuretest {
namespace {

// Hover's live value of the register operand at the first `at` in `text`.
std::optional<ide::HoverSection> liveHover(const ide::LiveRun& run, const std::string& text,
                                           const std::string& at,
                                           std::optional<std::uint32_t> lane = std::nullopt) {
  return ide::liveValueHover(run, static_cast<std::uint32_t>(text.find(at)), lane);
}

TEST(LiveValues, HoverGivesARegistersValueInItsTypeWithTheHexBeside) {
  // R3 = 0: FADD.RN 0 + 1.5 = 1.5 = 0x3fc00000; then 1.5 + 1.5 = 3.0 = 0x40400000.
  const std::string text = "// @state R3 = 0\nFADD.RN R4, R3, 1.5 ;\nFADD R5, R4, R4 ;\n";
  const auto run = runOf(text);
  const auto written = liveHover(*run, text, "R4, R3");
  ASSERT_TRUE(written);
  EXPECT_EQ(written->heading, "Live value (f32, after this line)");
  ASSERT_EQ(written->items.size(), 1u);
  EXPECT_EQ(written->items[0].label, "R4");
  EXPECT_EQ(written->items[0].text, "1.5 (0x3fc00000)");
  // Read on the next line: what the line above left.
  const auto read = liveHover(*run, text, "R4, R4");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->heading, "Live value (f32)");
  EXPECT_EQ(read->items[0].text, "1.5 (0x3fc00000)");
  EXPECT_EQ(liveHover(*run, text, "R5")->items[0].text, "3.0 (0x40400000)");
  // R3 comes from the initial state only: the run wrote nothing to show.
  EXPECT_FALSE(liveHover(*run, text, "R3, 1.5"));
  EXPECT_FALSE(liveHover(*run, text, "FADD.RN"));
  // Lane-varying: R1 = lane + lane, bits (IADD has no type).
  const std::string lanes = "// @state R0 = lane\nIADD R1, R0, R0 ;\n";
  const auto laneRun = runOf(lanes);
  EXPECT_EQ(liveHover(*laneRun, lanes, "R1")->items[0].text, "lane \u00d7 2 (lane 0: 0x0)");
  EXPECT_EQ(liveHover(*laneRun, lanes, "R1", 3)->items[0].text, "0x6 in lane 3");
}

}  // namespace
}  // namespace gpuasm::featuretest
