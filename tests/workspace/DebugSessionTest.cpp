// The debug session (workspace::DebugSession) without DAP and without JSON: launch and its
// errors, the entry and a running continue, the views of the registers, setVariable, evaluate,
// what can be watched, breakpoints of another file, goto and the frame at the end. The program:
//   line 1  // @state R0 = lane
//   line 2  MOV R1, 0x5 ;                       R1 = 5
//   line 3  IADD R1, R1, R0 ;                   R1 = 5 + lane
//   line 4  ISETP.EQ.AND P0, PT, R1, 0x8, PT ;  P0 = (5 + lane == 8): lane 3 only
//   line 5  (blank)
//   line 6  MOV R2, 0x3f800000 ;                R2 = 1.0f
// Lines and positions below are 0-based, as the session takes them: the instructions are at
// positions 0..3 on lines 1, 2, 3 and 5. Values are worked out by hand from the comments.
#include <gpuasm/workspace/DebugSession.h>

#include <gpuasm/isa/InstrDb.h>

#include <gtest/gtest.h>

#include "ScratchDir.h"

#include <optional>
#include <string>
#include <vector>

namespace gpuasm::workspace {
namespace {

using Kind = DebugValue::Kind;

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

// In the process's scratch directory (CTest runs each test as a process, several at once),
// removed at exit: the program below is written while the test binary starts.
std::string writeFile(const std::string& name, const std::string& text) {
  return gpuasm::test::processScratchDir().write(name, text).string();
}

const std::string kProgram = writeFile("gpuasm-debug-session.asm",
                                       "// @state R0 = lane\n"
                                       "MOV R1, 0x5 ;\n"
                                       "IADD R1, R1, R0 ;\n"
                                       "ISETP.EQ.AND P0, PT, R1, 0x8, PT ;\n"
                                       "\n"
                                       "MOV R2, 0x3f800000 ;\n");

class Session : public ::testing::Test {
 protected:
  void launch(std::optional<unsigned> lane = std::nullopt, bool stopOnEntry = false) {
    ASSERT_TRUE(session.launch({kProgram, {}, {}, lane, stopOnEntry}).has_value());
  }
  // The value called `name` in a container, or a Kind::Lanes value named "(none)".
  DebugValue value(DebugContainer container, const std::string& name) {
    const auto values = session.values(container);
    EXPECT_TRUE(values.has_value());
    if (values)
      for (const DebugValue& v : *values)
        if (v.name == name) return v;
    return {"(none)", Kind::Lanes, 0, {}, 0};
  }
  std::vector<std::string> names(DebugContainer container) {
    std::vector<std::string> out;
    for (const DebugValue& v : session.values(container).value_or(std::vector<DebugValue>{}))
      out.push_back(v.name);
    return out;
  }

  DebugSession session{db()};
};

TEST_F(Session, LaunchErrorsLeaveTheSessionAsItWas) {
  const std::string missing = (gpuasm::test::processScratchDir() / "gpuasm-no-such-program.asm").string();
  const auto none = session.launch({missing, {}, {}, {}, false});
  ASSERT_FALSE(none.has_value());
  EXPECT_NE(none.error().find(missing), std::string::npos) << none.error();
  EXPECT_FALSE(session.launched());
  EXPECT_EQ(session.debugger(), nullptr);

  launch(3u);
  EXPECT_EQ(session.program(), kProgram);
  const std::string state =
      writeFile("gpuasm-debug-session-bad-state.json", R"({"regs": {"R0": "0x1"}, "bogus": 1})");
  const auto bad = session.launch({kProgram, state, {}, 7u, false});
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().rfind(state + ": ", 0), 0u) << bad.error();
  EXPECT_TRUE(session.launched());
  EXPECT_EQ(session.lane(), 3u);  // not the failed launch's 7
}

// A binary program (a NUL byte in its first 64 KiB, docs/PROTOCOL.md "Binary files") is refused
// as the command line refuses it, naming the NUL's offset; bytes that are not UTF-8 are text.
TEST_F(Session, ABinaryProgramIsRefusedAndInvalidUtf8IsNot) {
  const std::string binary =
      writeFile("gpuasm-debug-binary.asm", std::string("MOV R1, 0x5 ;\n\0\x01\x02", 17));
  const auto refused = session.launch({binary, {}, {}, {}, false});
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error(),
            "'" + binary + "' is a binary file (a NUL byte at offset 14); gpuasm reads assembly text");
  EXPECT_FALSE(session.launched());
  const std::string text = writeFile("gpuasm-debug-bytes.asm", "MOV R1, 0x5 ; // \xfe\xff\x1b[2J\xc2\x9b\n");
  EXPECT_TRUE(session.launch({text, {}, {}, {}, false}).has_value());
}

TEST_F(Session, StopOnEntryOrRunToABreakpoint) {
  launch(std::nullopt, true);
  const auto entry = session.start();
  ASSERT_TRUE(entry.has_value());
  EXPECT_EQ(entry->reason, ide::DebugStopReason::Entry);
  EXPECT_EQ(entry->position, 0u);
  EXPECT_EQ(entry->line, 1u);
  EXPECT_FALSE(session.running());

  launch();  // no stopOnEntry: start runs
  // On the blank line: moved to the next instruction's, line 5.
  const auto statuses = session.setBreakpoints(kProgram, {{4, "", "", ""}});
  ASSERT_EQ(statuses.size(), 1u);
  EXPECT_TRUE(statuses[0].verified);
  EXPECT_EQ(statuses[0].line, 5u);
  EXPECT_FALSE(session.start().has_value());
  EXPECT_TRUE(session.running());
  const ide::DebugStop stop = session.runSlice();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::Breakpoint);
  EXPECT_EQ(stop.position, 3u);
  EXPECT_FALSE(session.running());
  const DebugFrame frame = session.frame();
  EXPECT_EQ(frame.name, "MOV R2, 0x3f800000 ;");
  EXPECT_EQ(frame.line, 5u);
  EXPECT_EQ(frame.position, 3u);
  // A pause with nothing running stops nothing.
  EXPECT_FALSE(session.pause().has_value());
  session.resume();
  const auto paused = session.pause();
  ASSERT_TRUE(paused.has_value());
  EXPECT_EQ(paused->reason, ide::DebugStopReason::Paused);
  EXPECT_FALSE(session.running());
}

TEST_F(Session, TheViewsListTheRegistersTheRunSet) {
  launch(3u);
  // Before the first instruction only the state's R0 is set.
  EXPECT_EQ(names({DebugView::Lane}), std::vector<std::string>{"R0"});
  EXPECT_TRUE(names({DebugView::Predicates}).empty());
  for (int i = 0; i < 3; ++i) session.stepForward();  // MOV, IADD, ISETP
  const DebugValue r1 = value({DebugView::Lane}, "R1");
  EXPECT_EQ(r1.kind, Kind::Number);
  EXPECT_EQ(r1.bits, 8u);  // 5 + 3
  EXPECT_EQ(r1.evaluateName, "R1");
  EXPECT_EQ(value({DebugView::LaneF32}, "R1").kind, Kind::F32);
  EXPECT_EQ(value({DebugView::LaneF32}, "R1").evaluateName, "f32(R1)");
  const DebugValue p0 = value({DebugView::Predicates}, "P0");
  EXPECT_EQ(p0.kind, Kind::Bool);
  EXPECT_EQ(p0.bits, 1u);  // lane 3: 8 == 8
  const DebugValue mask = value({DebugView::Warp}, "activeMask");
  EXPECT_EQ(mask.kind, Kind::Hex);
  EXPECT_EQ(mask.bits, 0xffffffffu);
  // All lanes: R0, R1, then P0, each with its 32 lanes.
  EXPECT_EQ(names({DebugView::AllLanes}), (std::vector<std::string>{"R0", "R1", "P0"}));
  EXPECT_EQ(value({DebugView::AllLanes}, "P0").kind, Kind::Lanes);
  EXPECT_EQ(value({DebugView::AllLanes}, "P0").index, 2u);
  const auto r1Lanes = session.values({DebugView::RegisterLanes, 1});
  ASSERT_TRUE(r1Lanes.has_value());
  ASSERT_EQ(r1Lanes->size(), 32u);
  EXPECT_EQ((*r1Lanes)[31].name, "[31]");
  EXPECT_EQ((*r1Lanes)[31].bits, 36u);  // 5 + 31
  EXPECT_EQ((*r1Lanes)[31].evaluateName, "R1[31]");
  EXPECT_EQ(value({DebugView::RegisterLanes, 2}, "[0]").bits, 0u);          // P0 in lane 0: 5 != 8
  EXPECT_FALSE(session.values({DebugView::RegisterLanes, 3}).has_value());  // there are three
  // Another lane in focus.
  session.selectLane(0);
  EXPECT_EQ(value({DebugView::Lane}, "R1").bits, 5u);
}

TEST_F(Session, SetVariableTakesAValueAsAUserTypesItAndTheHistoryReplaysIt) {
  launch(2u);
  session.stepForward();
  session.stepForward();  // R1 = 5 + lane
  const auto set = session.setVariable({DebugView::Lane}, "R1", "0x100");
  ASSERT_TRUE(set.has_value()) << set.error();
  EXPECT_EQ(set->kind, Kind::Hex);
  EXPECT_EQ(set->bits, 0x100u);
  EXPECT_EQ(value({DebugView::Lane}, "R1").bits, 0x100u);           // lane 2
  EXPECT_EQ(value({DebugView::RegisterLanes, 1}, "[1]").bits, 6u);  // lane 1 untouched
  // A child of the all-lanes view sets that lane; 1.5 is the f32 0x3fc00000 (1.1 in binary).
  ASSERT_TRUE(session.setVariable({DebugView::RegisterLanes, 1}, "[7]", "1.5").has_value());
  EXPECT_EQ(value({DebugView::RegisterLanes, 1}, "[7]").bits, 0x3fc00000u);
  // The warp view sets every lane; -1 is 0xffffffff.
  ASSERT_TRUE(session.setVariable({DebugView::Warp}, "R0", "-1").has_value());
  EXPECT_EQ(value({DebugView::RegisterLanes, 0}, "[30]").bits, 0xffffffffu);
  const auto bad = session.setVariable({DebugView::Lane}, "R1", "lots");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error(),
            "'lots' is not a value (a number, 0x hex, 0b binary, an f32 like 0.5, true or false)");
  // The grammar of // @state (sim/Value.h): 0b binary is a value; 2^32 is out of range, and
  // the refusal changes nothing.
  ASSERT_TRUE(session.setVariable({DebugView::Lane}, "R1", "0b101").has_value());
  EXPECT_EQ(value({DebugView::Lane}, "R1").bits, 5u);
  const auto wide = session.setVariable({DebugView::Lane}, "R1", "4294967296");
  ASSERT_FALSE(wide.has_value());
  EXPECT_NE(wide.error().find("4294967296"), std::string::npos) << wide.error();
  EXPECT_EQ(value({DebugView::Lane}, "R1").bits, 5u);
  ASSERT_TRUE(session.setVariable({DebugView::Lane}, "R1", "0x100").has_value());
  // Stepping back before the edits and forward again replays them.
  session.stepBack();
  session.stepForward();
  EXPECT_EQ(value({DebugView::Lane}, "R1").bits, 0x100u);
  // The ISETP then compares the edited R1: 0x100 != 8, so P0 is false in lane 2.
  session.stepForward();
  EXPECT_EQ(value({DebugView::Predicates}, "P0").bits, 0u);
  const auto pred = session.setVariable({DebugView::Predicates}, "P0", "true");
  ASSERT_TRUE(pred.has_value());
  EXPECT_EQ(pred->kind, Kind::Bool);
  EXPECT_EQ(pred->bits, 1u);
}

// A lane child's name is a lane index, [n] (workspace/RegisterAtLane.h); anything else is refused
// and changes nothing (it used to set lane 0).
TEST_F(Session, SetVariableOfALaneChildTakesOnlyALane) {
  launch(2u);
  session.stepForward();
  session.stepForward();  // R1 = 5 + lane: 5 in lane 0
  for (const auto& [name, error] : std::vector<std::pair<std::string, std::string>>{
           {"[x]", "'x' is not a lane: a lane is a decimal number 0..31"},
           {"[32]", "lane 32 is out of range: a lane is 0..31"},
           {"R1", "'R1' is not a lane: a lane is written [3]"}}) {
    const auto set = session.setVariable({DebugView::RegisterLanes, 1}, name, "0x100");
    ASSERT_FALSE(set.has_value()) << name;
    EXPECT_EQ(set.error(), error);
  }
  EXPECT_EQ(value({DebugView::RegisterLanes, 1}, "[0]").bits, 5u);
}

TEST_F(Session, EvaluateAndWhy) {
  launch(3u);
  session.stepForward();
  session.stepForward();
  const auto inLane = session.evaluate("R1");
  ASSERT_TRUE(inLane.has_value()) << inLane.error();
  EXPECT_EQ(inLane->value.bits, 8u);
  EXPECT_TRUE(inLane->perLane);
  const auto explicitLane = session.evaluate("R1[30] + 1");
  ASSERT_TRUE(explicitLane.has_value()) << explicitLane.error();
  EXPECT_EQ(explicitLane->value.bits, 36u);  // 5 + 30 + 1
  EXPECT_FALSE(explicitLane->perLane);
  const auto bad = session.evaluate("R1 +");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().rfind("column 5: ", 0), 0u) << bad.error();
  // R1 of lane 30: written by the IADD on line 2 from R1 (the MOV on line 1) and R0.
  const auto chain = session.why("R1[30] ");
  ASSERT_TRUE(chain.has_value()) << chain.error();
  ASSERT_FALSE(chain->empty());
  EXPECT_EQ((*chain)[0].registerName, "R1");
  EXPECT_EQ((*chain)[0].lane, 30u);
  EXPECT_EQ((*chain)[0].value, 35u);
  EXPECT_EQ((*chain)[0].line, 2u);
  const auto focus = session.provenance("R1", std::nullopt);
  ASSERT_TRUE(focus.has_value());
  EXPECT_EQ((*focus)[0].lane, 3u);
  EXPECT_EQ((*focus)[0].value, 8u);
  // `why R1` is the lane in focus; a lane that is not one is an error, not lane 3 (as it was).
  const auto inFocus = session.why("R1");
  ASSERT_TRUE(inFocus.has_value()) << inFocus.error();
  EXPECT_EQ((*inFocus)[0].lane, 3u);
  const auto notALane = session.why("R1[x]");
  ASSERT_FALSE(notALane.has_value());
  EXPECT_EQ(notALane.error(), "'x' is not a lane: a lane is a decimal number 0..31");
  const auto outOfRange = session.why("R1[40]");
  ASSERT_FALSE(outOfRange.has_value());
  EXPECT_EQ(outOfRange.error(), "lane 40 is out of range: a lane is 0..31");
}

TEST_F(Session, OnlyWhatCanBeWatchedIsOfferedAndAWatchStops) {
  launch(3u);
  const DataWatchOffer lane = session.watchOffer(DebugContainer{DebugView::Lane}, "R1");
  EXPECT_EQ(lane.dataId, "R1[3]");
  EXPECT_EQ(lane.description, "when R1 in lane 3 changes");
  EXPECT_EQ(session.watchOffer(DebugContainer{DebugView::RegisterLanes, 0}, "[9]").dataId, "R0[9]");
  EXPECT_EQ(session.watchOffer(std::nullopt, "R1").description, "when R1 in any lane changes");
  EXPECT_EQ(session.watchOffer(std::nullopt, "UR4[3]").description, "UR4 is uniform: it has no lanes");
  const DataWatchOffer outOfRange = session.watchOffer(std::nullopt, "R1[40]");
  EXPECT_FALSE(outOfRange.dataId.has_value());
  EXPECT_EQ(outOfRange.description,
            "only a register (R1) or a register at a lane (R1[3]) can be watched: lane 40 is out of range: a "
            "lane is 0..31");
  EXPECT_EQ(session.watchOffer(DebugContainer{DebugView::RegisterLanes, 0}, "[x]").description,
            "'x' is not a lane: a lane is a decimal number 0..31");
  EXPECT_EQ(session.watchOffer(std::nullopt, "lane").description, "only registers can be watched");
  // P0 changes in lane 3 only, at the ISETP (position 2).
  // A data id that is not a register at a lane is refused with the grammar's message (the old
  // spelling R1@3 too, which a magic lane 99 used to refuse as "a lane is 0..31"), in its place
  // among the others.
  const auto set = session.setDataBreakpoints({"R1@3", "P0[3]", "R1[x]"});
  ASSERT_EQ(set.size(), 3u);
  EXPECT_FALSE(set[0].verified);
  EXPECT_EQ(set[0].message, "unexpected '@3' after R1: a register at a lane is written R1[3]");
  EXPECT_TRUE(set[1].verified);
  EXPECT_FALSE(set[2].verified);
  EXPECT_EQ(set[2].message, "'x' is not a lane: a lane is a decimal number 0..31");
  session.resume();
  const ide::DebugStop stop = session.runSlice();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::DataBreakpoint);
  EXPECT_EQ(stop.position, 3u);  // after the change
  EXPECT_EQ(stop.hitBreakpoints, std::vector<int>{set[1].id});
}

TEST_F(Session, BreakpointsOfAnotherFileLeaveTheProgramsAlone) {
  launch();
  ASSERT_TRUE(session.setBreakpoints(kProgram, {{2, "", "", ""}})[0].verified);
  const std::string other = (gpuasm::test::processScratchDir() / "gpuasm-other.asm").string();
  const auto refused = session.setBreakpoints(other, {{1, "", "", ""}, {3, "", "", ""}});
  ASSERT_EQ(refused.size(), 2u);
  EXPECT_FALSE(refused[1].verified);
  EXPECT_EQ(refused[1].message, other + " is not the debugged program (" + kProgram + ")");
  session.start();
  const ide::DebugStop stop = session.runSlice();
  EXPECT_EQ(stop.reason, ide::DebugStopReason::Breakpoint);
  EXPECT_EQ(stop.line, 2u);
}

TEST_F(Session, GotoTargetsAndTheFrameAtTheEnd) {
  launch();
  const auto blank = session.gotoTarget(4);  // the next instruction's line
  ASSERT_TRUE(blank.has_value());
  EXPECT_EQ(blank->position, 3u);
  EXPECT_EQ(blank->line, 5u);
  EXPECT_EQ(blank->source, "MOV R2, 0x3f800000 ;");
  EXPECT_FALSE(session.gotoTarget(6).has_value());  // after the last instruction
  session.resume();
  const ide::DebugStop end = session.gotoPosition(1000);
  EXPECT_EQ(end.reason, ide::DebugStopReason::End);
  EXPECT_FALSE(session.running());  // a goto ends a running continue
  const DebugFrame frame = session.frame();
  EXPECT_EQ(frame.name, "(end of the program)");
  EXPECT_EQ(frame.line, 6u);  // after line 5
  EXPECT_EQ(frame.position, 4u);
  EXPECT_EQ(value({DebugView::Lane}, "R2").bits, 0x3f800000u);
}

}  // namespace
}  // namespace gpuasm::workspace
