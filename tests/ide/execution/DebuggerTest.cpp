// The warp debugger's engine (ide::Debugger): stepping both ways, breakpoints with conditions,
// hit counts and log points, data breakpoints forwards and backwards, goto, register edits,
// evaluate, provenance, and the property that stepping back after N steps gives the state of
// a fresh run of N - 1. Every value is worked out by hand from the snippets.
#include "Annotated.h"
#include "RandomPrograms.h"

#include <gpuasm/ide/execution/Debugger.h>

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

namespace gpuasm::featuretest {
namespace {

// Line 0 sets R0 = lane; R1 doubles from 1 to 8; R2 = 8 + lane; R3 copies R2.
const char* const kDoubling =
    "// @state R0 = lane\n"  // 0
    "MOV R1, 0x1 ;\n"        // 1  position 0
    "IADD R1, R1, R1 ;\n"    // 2  position 1: R1 = 2
    "IADD R1, R1, R1 ;\n"    // 3  position 2: R1 = 4
    "IADD R1, R1, R1 ;\n"    // 4  position 3: R1 = 8
    "IADD R2, R1, R0 ;\n"    // 5  position 4: R2 = 8 + lane
    "MOV R3, R2 ;\n";        // 6  position 5

ide::Debugger launch(const std::string& text, ide::DebugLaunch options = {}) {
  auto d = ide::Debugger::launch(db(), text, std::move(options));
  EXPECT_TRUE(d.has_value()) << (d ? "" : d.error());
  return std::move(*d);
}

std::uint32_t r(const ide::Debugger& d, std::uint32_t reg, unsigned lane) { return d.state().r[reg][lane]; }

TEST(Debugger, StepsForwardAndBackExactly) {
  ide::Debugger d = launch(kDoubling);
  EXPECT_EQ(d.length(), 6u);
  EXPECT_EQ(d.position(), 0u);
  EXPECT_EQ(d.lineAt(0), 1u);
  EXPECT_EQ(d.sourceAt(4), "IADD R2, R1, R0 ;");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(d.stepForward().reason, ide::DebugStopReason::Step);
  EXPECT_EQ(d.position(), 3u);
  EXPECT_EQ(r(d, 1, 7), 4u);  // MOV 1, then two doublings
  const ide::DebugStop back = d.stepBack();
  EXPECT_EQ(back.reason, ide::DebugStopReason::Step);
  EXPECT_EQ(back.position, 2u);
  EXPECT_EQ(back.line, 3u);
  EXPECT_EQ(r(d, 1, 7), 2u);
  d.stepBack();
  d.stepBack();
  EXPECT_EQ(d.position(), 0u);
  EXPECT_EQ(r(d, 1, 7), 0u);
  EXPECT_EQ(d.stepBack().reason, ide::DebugStopReason::Entry);
  const ide::DebugStop end = d.continueForward();
  EXPECT_EQ(end.reason, ide::DebugStopReason::End);
  EXPECT_EQ(end.position, 6u);
  EXPECT_FALSE(end.line.has_value());
  EXPECT_EQ(r(d, 3, 5), 13u);  // 8 + 5
  EXPECT_EQ(d.stepForward().reason, ide::DebugStopReason::End);
}

TEST(Debugger, BreakpointsWithConditionsHitCountsAndLogPoints) {
  ide::Debugger d = launch(kDoubling);
  // On the three doubling lines, only where R1 is already 4: before the third (line 4).
  auto st = d.setBreakpoints({{2, "R1 == 4", "", ""}, {3, "R1 == 4", "", ""}, {4, "R1 == 4", "", ""}});
  ASSERT_EQ(st.size(), 3u);
  for (const auto& s : st) EXPECT_TRUE(s.verified) << s.message;
  ide::DebugStop stop = d.continueForward();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::Breakpoint);
  EXPECT_EQ(stop.line, 4u);
  EXPECT_EQ(stop.position, 3u);
  EXPECT_EQ(stop.hitBreakpoints, std::vector<int>{st[2].id});
  EXPECT_EQ(r(d, 1, 0), 4u);
  EXPECT_EQ(d.continueForward().reason, ide::DebugStopReason::End);

  // A breakpoint on a blank or comment line moves down to the next instruction; one past the
  // last instruction is refused; a bad condition is refused with its column.
  d.restart();
  st = d.setBreakpoints(
      {{0, "", "", ""}, {9, "", "", ""}, {2, "R1 ==", "", ""}, {3, "R1", "", ""}, {4, "", "twice", ""}});
  EXPECT_TRUE(st[0].verified);
  EXPECT_EQ(st[0].line, 1u);
  EXPECT_EQ(st[0].message, "moved to line 2, the next instruction");
  EXPECT_FALSE(st[1].verified);
  EXPECT_EQ(st[1].message, "no instruction on line 10 or after it");
  EXPECT_FALSE(st[2].verified);
  EXPECT_EQ(st[2].message, "condition, column 6: the expression ends where a value is expected");
  EXPECT_FALSE(st[3].verified);
  EXPECT_EQ(st[3].message, "a condition must be true or false, and 'R1' is u32");
  EXPECT_FALSE(st[4].verified);
  // The breakpoint on the first instruction stops the first continue, at the start.
  stop = d.continueForward();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::Breakpoint);
  EXPECT_EQ(stop.position, 0u);
  EXPECT_EQ(d.continueForward().reason, ide::DebugStopReason::End);

  // Hit counts: each line runs once per run, so "2" never stops and ">= 1" does.
  d.restart();
  d.setBreakpoints({{3, "", "2", ""}, {4, "", ">= 1", ""}});
  stop = d.continueForward();
  EXPECT_EQ(stop.line, 4u);

  // Log points do not stop; {expr} is the value, one when the active lanes agree.
  d.restart();
  d.setBreakpoints({{5, "", "", "R1={R1} R2={R2}"}, {6, "", "", "R2[3]={R2[3]} {R2 < 12}"}});
  stop = d.continueForward();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::End);
  ASSERT_EQ(stop.logs.size(), 2u);
  EXPECT_EQ(stop.logs[0], "R1=0x8 R2=0x0");
  // Before MOV R3, R2: R2 = 8 + lane, so R2 < 12 holds in lanes 0..3 only.
  EXPECT_EQ(stop.logs[1].substr(0, 40), "R2[3]=0xb [true, true, true, true, false");
}

TEST(Debugger, DataBreakpointsForwardAndBackward) {
  ide::Debugger d = launch(kDoubling);
  auto st = d.setDataBreakpoints({{"R2", 3u}, {"RZ", std::nullopt}, {"UR4", 2u}, {"Q7", std::nullopt}});
  EXPECT_TRUE(st[0].verified);
  EXPECT_EQ(st[1].message, "RZ never changes");
  EXPECT_EQ(st[2].message, "UR4 is uniform: it has no lanes");
  EXPECT_FALSE(st[3].verified);
  // Forward: after IADD R2 (position 4) executed, R2 in lane 3 went 0 -> 8 + 3.
  ide::DebugStop stop = d.continueForward();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::DataBreakpoint);
  EXPECT_EQ(stop.position, 5u);
  EXPECT_EQ(stop.description, "R2 changed in lane 3: 0x0 -> 0xb");
  EXPECT_EQ(stop.hitBreakpoints, std::vector<int>{st[0].id});
  EXPECT_EQ(d.continueForward().reason, ide::DebugStopReason::End);

  // Backward, on R1 in any lane: each stop is before an instruction that changes it.
  d.setDataBreakpoints({{"r1", std::nullopt}});
  const std::uint64_t expected[] = {3, 2, 1, 0};
  const std::uint32_t before[] = {4, 2, 1, 0};
  for (int i = 0; i < 4; ++i) {
    stop = d.reverseContinue();
    EXPECT_EQ(stop.reason, ide::DebugStopReason::DataBreakpoint) << i;
    EXPECT_EQ(stop.position, expected[i]) << i;
    EXPECT_EQ(r(d, 1, 9), before[i]) << i;
  }
  EXPECT_EQ(d.reverseContinue().reason, ide::DebugStopReason::Entry);
  // And forward from there: the first change is MOV's 0 -> 1 in every lane.
  stop = d.continueForward();
  EXPECT_EQ(stop.position, 1u);
  EXPECT_EQ(stop.description, "R1 changed in lane 0: 0x0 -> 0x1 (and 31 more lanes)");
}

TEST(Debugger, ReverseContinueStopsAtBreakpointsOrTheStart) {
  ide::Debugger d = launch(kDoubling);
  d.continueForward();
  d.setBreakpoints({{3, "", "", ""}, {5, "R2 == 99", "", ""}});
  const ide::DebugStop stop = d.reverseContinue();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::Breakpoint);
  EXPECT_EQ(stop.position, 2u);  // line 3's instruction; line 5's condition never holds
  EXPECT_EQ(r(d, 1, 0), 2u);
  EXPECT_EQ(d.reverseContinue().reason, ide::DebugStopReason::Entry);
  EXPECT_EQ(d.position(), 0u);
}

TEST(Debugger, GotoEditsAndEvaluate) {
  ide::Debugger d = launch(kDoubling);
  d.gotoPosition(4);
  EXPECT_EQ(r(d, 1, 0), 8u);
  EXPECT_EQ(r(d, 2, 0), 0u);
  EXPECT_EQ(d.positionOfLine(5), 4u);
  // At position 2 (R1 = 2), R1 of lane 5 becomes 100: it doubles twice to 400, R2 = 405.
  d.gotoPosition(2);
  ASSERT_TRUE(d.setRegister("R1", 5u, 100).has_value());
  d.continueForward();
  EXPECT_EQ(r(d, 1, 5), 400u);
  EXPECT_EQ(r(d, 2, 5), 405u);
  EXPECT_EQ(r(d, 2, 4), 12u);
  // The edit is part of the history: going back and forward again replays it.
  d.gotoPosition(1);
  EXPECT_EQ(r(d, 1, 5), 1u);  // only MOV has run
  d.continueForward();
  EXPECT_EQ(r(d, 3, 5), 405u);
  const auto v = d.evaluate("R2[5] - R2[4]", 0);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->bits, 393u);
  EXPECT_FALSE(d.evaluate("R2 +", 0).has_value());
  EXPECT_FALSE(d.evaluate("R2", 32).has_value());
  EXPECT_FALSE(d.setRegister("RZ", std::nullopt, 1).has_value());
  EXPECT_FALSE(d.setRegister("R1", 40u, 1).has_value());
  // Restart drops the edits.
  d.restart();
  d.continueForward();
  EXPECT_EQ(r(d, 2, 5), 13u);
}

TEST(Debugger, StopsAtAnInstructionThatDoesNotAssembleOrTheStepLimit) {
  ide::Debugger bad = launch("MOV R1, 0x1 ;\nIADD.SAT R2, R1, R1 ;\nMOV R3, R1 ;\n");
  const ide::DebugStop stop = bad.continueForward();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::Error);
  EXPECT_EQ(stop.position, 1u);
  EXPECT_EQ(stop.line, 1u);
  EXPECT_NE(stop.description.find("does not assemble"), std::string::npos) << stop.description;
  EXPECT_NE(stop.description.find("unknown-modifier"), std::string::npos) << stop.description;
  ide::DebugLaunch limited;
  limited.stepLimit = 2;
  ide::Debugger d = launch(kDoubling, limited);
  EXPECT_EQ(d.continueForward().reason, ide::DebugStopReason::StepLimit);
  EXPECT_EQ(d.position(), 2u);
  EXPECT_EQ(d.continueForward(1).reason, ide::DebugStopReason::StepLimit);
  // Paused: a slice of one instruction.
  ide::Debugger p = launch(kDoubling);
  EXPECT_EQ(p.continueForward(1).reason, ide::DebugStopReason::Paused);
  EXPECT_EQ(p.position(), 1u);
  // A state that cannot be set up is an error value.
  EXPECT_FALSE(ide::Debugger::launch(db(), "// @state RZ = 1\nMOV R1, R0 ;\n", {}).has_value());
}

// A continue with no breakpoint runs without checks between instructions; it must stop where,
// and why, the checked loop does — here the same session with a data breakpoint on a register the
// program never names, which never fires: the end, the step limit, a trap, a step that does not
// assemble, or the end of the slice asked for.
TEST(Debugger, ContinueWithoutBreakpointsStopsWhereTheCheckedLoopDoes) {
  const std::vector<std::string> pool = instructionPool();
  ASSERT_GT(pool.size(), 100u);
  std::mt19937 rng(2811);
  std::set<ide::DebugStopReason> seen;
  for (int round = 0; round < 16; ++round) {
    std::string text = "// @state R0 = lane\n";
    const std::size_t length = 50 + rng() % 200;
    for (std::size_t i = 0; i < length; ++i)
      text += (rng() % 97 == 0 ? std::string("IADD.SAT R2, R1, R1 ;") : pool[rng() % pool.size()]) + "\n";
    std::string unnamed;
    for (int reg = 100; reg < 250 && unnamed.empty(); ++reg)
      if (text.find("R" + std::to_string(reg)) == std::string::npos) unnamed = "R" + std::to_string(reg);
    ASSERT_FALSE(unnamed.empty());
    ide::DebugLaunch options;
    if (round % 2 == 1) options.stepLimit = rng() % (length + 20);
    ide::Debugger fast = launch(text, options);
    ide::Debugger checked = launch(text, options);
    const std::vector<ide::BreakpointStatus> watch = checked.setDataBreakpoints({{unnamed, std::nullopt}});
    ASSERT_TRUE(watch.size() == 1 && watch[0].verified) << unnamed;
    for (int slice = 0; slice < 4; ++slice) {
      const std::uint64_t maxSteps = slice == 3 ? UINT64_MAX : rng() % 80;
      const ide::DebugStop a = fast.continueForward(maxSteps);
      const ide::DebugStop b = checked.continueForward(maxSteps);
      const std::string where = "round " + std::to_string(round) + ", slice " + std::to_string(slice);
      EXPECT_EQ(a.reason, b.reason) << where << ": " << a.description << " / " << b.description;
      EXPECT_EQ(a.description, b.description) << where;
      EXPECT_EQ(a.position, b.position) << where;
      EXPECT_EQ(fast.reached(), checked.reached()) << where;
      EXPECT_EQ(difference(fast.state(), checked.state()), "") << where;
      seen.insert(a.reason);
    }
  }
  // Every way a continue ends came up.
  for (const ide::DebugStopReason r : {ide::DebugStopReason::End, ide::DebugStopReason::StepLimit,
                                       ide::DebugStopReason::Error, ide::DebugStopReason::Paused})
    EXPECT_TRUE(seen.contains(r)) << static_cast<int>(r);
}

TEST(Debugger, ProvenanceFollowsTheWritesBackToTheInitialState) {
  ide::Debugger d = launch(kDoubling);
  d.continueForward();
  const auto chain = d.provenance("R3", 5);
  ASSERT_TRUE(chain.has_value()) << chain.error();
  const std::vector<ide::ProvenanceLink>& l = *chain;
  // R3 <- MOV R3, R2 <- IADD R2, R1, R0 <- (R1: the doublings back to MOV; R0: the initial state).
  ASSERT_EQ(l.size(), 7u);
  EXPECT_EQ(l[0].source, "MOV R3, R2 ;");
  EXPECT_EQ(l[0].value, 13u);
  EXPECT_EQ(l[0].line, 6u);
  ASSERT_EQ(l[0].inputs.size(), 1u);
  EXPECT_EQ(l[0].inputs[0].registerName, "R2");
  EXPECT_EQ(l[0].inputs[0].from, 1u);
  EXPECT_EQ(l[1].source, "IADD R2, R1, R0 ;");
  ASSERT_EQ(l[1].inputs.size(), 2u);
  EXPECT_EQ(l[1].inputs[0].value, 8u);
  EXPECT_EQ(l[1].inputs[1].value, 5u);
  EXPECT_EQ(l[2].line, 4u);
  EXPECT_EQ(l[2].value, 8u);
  EXPECT_EQ(l[3].source, "initial state");
  EXPECT_EQ(l[3].registerName, "R0");
  EXPECT_EQ(l[3].value, 5u);
  EXPECT_FALSE(l[3].position.has_value());
  // IADD R1, R1, R1 reads R1 twice: both inputs lead to the same link.
  EXPECT_EQ(l[2].inputs[0].from, l[2].inputs[1].from);
  EXPECT_EQ(l[4].value, 4u);
  EXPECT_EQ(l[5].value, 2u);
  EXPECT_EQ(l[6].source, "MOV R1, 0x1 ;");
  EXPECT_TRUE(l[6].inputs.empty());

  // An edit is an origin of its own; a warp-wide instruction's data input is not followed to a lane.
  ide::Debugger w = launch("// @state R0 = lane\nMOV R1, R0 ;\nSHFL.BFLY PT, R2, R1, 0x10, 0x1f ;\n");
  w.stepForward();
  ASSERT_TRUE(w.setRegister("R1", 3u, 0x77).has_value());
  w.continueForward();
  const auto shfl = w.provenance("R2", 19);  // lane 19 reads lane 3 (19 ^ 16)
  ASSERT_TRUE(shfl.has_value());
  ASSERT_FALSE(shfl->empty());
  EXPECT_EQ((*shfl)[0].value, 0x77u);
  EXPECT_EQ((*shfl)[0].source, "SHFL.BFLY PT, R2, R1, 0x10, 0x1f ;");
  ASSERT_FALSE((*shfl)[0].inputs.empty());
  EXPECT_NE((*shfl)[0].inputs[0].note.find("across the warp"), std::string::npos);
  const auto edited = w.provenance("R1", 3);
  ASSERT_TRUE(edited.has_value());
  EXPECT_EQ((*edited)[0].source, "set by the user");
  EXPECT_EQ((*edited)[0].value, 0x77u);
}

// A long document is assembled a few hundred lines at a time (with a block comment across
// such a boundary, and a line that does not assemble): every instruction keeps its line, and
// time travel across checkpoints gives the values the MOVs set. Line L >= 1 of the document is
// `MOV R<(L % 20) + 1>, L` except the comment's lines and the bad line.
TEST(Debugger, ALongDocumentKeepsEveryLineAndValue) {
  constexpr std::uint32_t kLines = 1400, kCommentFrom = 500, kCommentTo = 530, kBad = 1300;
  std::string text = "// @state R0 = lane\n";
  std::vector<std::uint32_t> instructionLines;
  for (std::uint32_t line = 1; line < kLines; ++line) {
    if (line == kCommentFrom)
      text += "/* a comment\n";
    else if (line > kCommentFrom && line < kCommentTo)
      text += "   MOV R9, 0x9 ; is inside it\n";
    else if (line == kCommentTo)
      text += "*/\n";
    else if (line == kBad)
      text += "MOV R1, R2, R3, R4 ;\n";
    else
      text += "MOV R" + std::to_string(line % 20 + 1) + ", " + std::to_string(line) + " ;\n";
    if (line < kCommentFrom || line > kCommentTo) instructionLines.push_back(line);
  }
  ide::Debugger d = launch(text);
  ASSERT_EQ(d.length(), instructionLines.size());
  for (std::uint64_t p = 0; p < d.length(); ++p)
    ASSERT_EQ(d.lineAt(p), instructionLines[p]) << "position " << p;
  EXPECT_EQ(d.positionOfLine(kCommentFrom + 3),
            std::uint64_t{kCommentFrom - 1});  // the line after the comment

  // Runs to the bad line; the value of R<k> is the last line L before it with L % 20 + 1 == k.
  const ide::DebugStop stop = d.continueForward();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::Error);
  EXPECT_EQ(stop.line, kBad);
  auto expected = [&](std::uint32_t reg, std::uint64_t position) {
    std::uint32_t value = 0;
    for (std::uint64_t p = 0; p < position; ++p)
      if (instructionLines[p] % 20 + 1 == reg) value = instructionLines[p];
    return value;
  };
  for (const std::uint64_t target :
       {std::uint64_t{1000}, std::uint64_t{257}, std::uint64_t{256}, std::uint64_t{511}, std::uint64_t{3}}) {
    d.gotoPosition(target);
    for (std::uint32_t reg = 1; reg <= 20; ++reg)
      ASSERT_EQ(r(d, reg, 17), expected(reg, target)) << "R" << reg << " at " << target;
  }
  d.gotoPosition(769);
  d.stepBack();
  for (std::uint32_t reg = 1; reg <= 20; ++reg) EXPECT_EQ(r(d, reg, 0), expected(reg, 768)) << "R" << reg;
  EXPECT_EQ(r(d, 0, 9), 9u);  // the initial state survives the checkpoints
}

// Stepping back after N steps gives exactly the state of a fresh run of N - 1 steps, for random
// programs of the spec's instructions long enough to cross checkpoints.
TEST(DebuggerProperty, StepBackEqualsAFreshRunOfOneStepFewer) {
  const std::vector<std::string> pool = instructionPool();
  ASSERT_GT(pool.size(), 100u);
  std::string header = "// @state R0 = lane\n// @state R1 = 0x12345\n// @state P0 = [";
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane)
    header += std::string(lane ? ", " : "") + (lane % 3 == 0 ? "1" : "0");
  header += "]\n";
  std::mt19937 rng(1124);
  int compared = 0;
  for (int round = 0; round < 12; ++round) {
    std::string text = header;
    const std::size_t length = 300 + rng() % 500;
    for (std::size_t i = 0; i < length; ++i) text += pool[rng() % pool.size()] + "\n";
    ide::Debugger d = launch(text);
    const std::uint64_t n = 1 + rng() % d.length();
    if (d.gotoPosition(n).position != n) continue;  // the program traps before N (a run-time index)
    d.stepBack();
    ide::Debugger fresh = launch(text);
    for (std::uint64_t k = 0; k + 1 < n; ++k) fresh.stepForward();
    ASSERT_EQ(fresh.position(), n - 1);
    EXPECT_EQ(difference(d.state(), fresh.state()), "") << "round " << round << ", N = " << n;
    // And the same again after a reverse run to the start and forward to N - 1.
    d.reverseContinue();
    d.gotoPosition(n - 1);
    EXPECT_EQ(difference(d.state(), fresh.state()), "") << "round " << round << " after reverse, N = " << n;
    ++compared;
  }
  EXPECT_GE(compared, 8);
}

}  // namespace
}  // namespace gpuasm::featuretest
