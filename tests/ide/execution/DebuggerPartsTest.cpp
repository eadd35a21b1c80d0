// The debugger's parts apart (server/ide/src/execution, Debugger.h): the prepared program's
// lines and registers, the timeline's checkpoints, travel and edits, hit conditions, log
// messages, and data breakpoints' changes. Every value is worked out by hand from the snippets
// and the instructions' meaning (MOV copies, IADD adds).
#include "Annotated.h"

#include <gpuasm/ide/execution/Breakpoints.h>
#include <gpuasm/ide/execution/DataBreakpoints.h>
#include <gpuasm/ide/execution/DebugProgram.h>
#include <gpuasm/ide/execution/Timeline.h>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gpuasm::featuretest {
namespace {

const sim::RegisterLayout& layout() {
  static const sim::RegisterLayout l = *sim::RegisterLayout::fromDb(db());
  return l;
}

std::shared_ptr<const ide::DebugProgram> prepare(const std::string& text) {
  return std::make_shared<const ide::DebugProgram>(ide::DebugProgram::prepare(db(), layout(), text));
}

TEST(DebugProgram, LinesSourcesAndNamedRegisters) {
  const auto program = prepare(
      "// two instructions\n"       // 0
      "MOV R1, 0x1 ; // the one\n"  // 1  position 0
      "\n"                          // 2
      "@P0 IADD R2, R1, RZ ;\n");   // 3  position 1
  EXPECT_EQ(program->count(), 2u);
  EXPECT_EQ(program->lineAt(0), 1u);
  EXPECT_EQ(program->lineAt(1), 3u);
  EXPECT_FALSE(program->lineAt(2).has_value());
  EXPECT_EQ(program->sourceAt(0), "MOV R1, 0x1 ;");
  EXPECT_EQ(program->sourceAt(1), "@P0 IADD R2, R1, RZ ;");
  EXPECT_EQ(program->sourceAt(2), "");
  // A line without an instruction maps to the next one that has one.
  EXPECT_EQ(program->positionOfLine(0), 0u);
  EXPECT_EQ(program->positionOfLine(2), 1u);
  EXPECT_EQ(program->positionOfLine(3), 1u);
  EXPECT_FALSE(program->positionOfLine(4).has_value());
  // R1, R2 and the guard P0; RZ is constant and left out. R files sort before P.
  const std::vector<std::pair<sim::RegFile, std::uint32_t>> named{
      {sim::RegFile::R, 1}, {sim::RegFile::R, 2}, {sim::RegFile::P, 0}};
  EXPECT_EQ(program->namedRegisters(), named);
  // Before any step nothing was written; after the first, R1; R7 is never written (u32).
  EXPECT_TRUE(program->registerTypes(0).empty());
  const auto afterFirst = program->registerTypes(1);
  ASSERT_EQ(afterFirst.size(), 1u);
  EXPECT_EQ(afterFirst[0].file, sim::RegFile::R);
  EXPECT_EQ(afterFirst[0].number, 1u);
  EXPECT_EQ(program->registerTypes(2).size(), 2u);
  EXPECT_EQ(program->registerType(2, sim::RegFile::R, 7), sim::ValueType::U32);
}

// R1 counts the steps: at position p it is p. 600 steps span checkpoints 0, 256 and 512.
std::string counting() {
  std::string text;
  for (int i = 0; i < 600; ++i) text += "IADD R1, R1, 0x1 ;\n";
  return text;
}

TEST(Timeline, CheckpointsTravelAndEdits) {
  ide::Timeline t(prepare(counting()), sim::WarpState(layout()));
  static_assert(ide::Timeline::kCheckpointEvery == 256);
  for (int i = 0; i < 600; ++i) ASSERT_EQ(t.executeOne(), "");
  EXPECT_EQ(t.position(), 600u);
  EXPECT_EQ(t.reached(), 600u);
  EXPECT_EQ(t.state().r[1][31], 600u);
  EXPECT_EQ(t.laneMask(0), sim::kAllLanes);
  // Without moving: from checkpoint 1 (position 256) and 44 steps more; checkpoint 2 is 512.
  EXPECT_EQ(t.stateAt(300).r[1][0], 300u);
  EXPECT_EQ(t.checkpointState(2).r[1][0], 512u);
  EXPECT_EQ(t.position(), 600u);

  t.travel(10);
  EXPECT_EQ(t.position(), 10u);
  EXPECT_EQ(t.reached(), 600u);
  EXPECT_EQ(t.state().r[1][2], 10u);

  // An edit at 10 makes the history after it to be computed again, and joins it.
  t.edit({sim::RegFile::R, 1, 1u << 2, 100});
  EXPECT_EQ(t.reached(), 10u);
  ASSERT_NE(t.editsAt(10), nullptr);
  EXPECT_EQ(t.editsAt(11), nullptr);
  for (int i = 0; i < 5; ++i) ASSERT_EQ(t.executeOne(), "");
  EXPECT_EQ(t.state().r[1][2], 105u);
  EXPECT_EQ(t.state().r[1][0], 15u);
  t.travel(3);
  EXPECT_EQ(t.state().r[1][2], 3u);
  t.travel(15);  // re-executed from checkpoint 0, the edit applied again on the way
  EXPECT_EQ(t.state().r[1][2], 105u);
  EXPECT_EQ(t.stateAt(10).r[1][2], 100u);
  EXPECT_EQ(t.stateAt(9).r[1][2], 9u);

  t.restart();
  EXPECT_EQ(t.position(), 0u);
  EXPECT_EQ(t.reached(), 0u);
  EXPECT_EQ(t.state().r[1][2], 0u);
  EXPECT_EQ(t.editsAt(10), nullptr);
}

TEST(Timeline, AnEditAtACheckpointReplacesIt) {
  ide::Timeline t(prepare(counting()), sim::WarpState(layout()));
  for (int i = 0; i < 300; ++i) ASSERT_EQ(t.executeOne(), "");
  t.travel(256);
  t.edit({sim::RegFile::R, 1, sim::kAllLanes, 1000});
  for (int i = 0; i < 4; ++i) ASSERT_EQ(t.executeOne(), "");
  t.travel(258);  // from the replaced checkpoint: 1000 + 2
  EXPECT_EQ(t.state().r[1][7], 1002u);
  EXPECT_EQ(t.checkpointState(1).r[1][7], 1000u);
}

TEST(HitCondition, CountsAsTheClientWroteThem) {
  const auto always = ide::parseHitCondition("  ");
  ASSERT_TRUE(always.has_value());
  EXPECT_TRUE(always->holds(1));
  const auto three = ide::parseHitCondition("3");
  ASSERT_TRUE(three.has_value());
  EXPECT_FALSE(three->holds(2));
  EXPECT_TRUE(three->holds(3));
  EXPECT_FALSE(three->holds(4));
  const auto atLeast = ide::parseHitCondition(">= 2");
  ASSERT_TRUE(atLeast.has_value());
  EXPECT_FALSE(atLeast->holds(1));
  EXPECT_TRUE(atLeast->holds(2));
  EXPECT_TRUE(atLeast->holds(9));
  const auto above = ide::parseHitCondition("> 2");
  ASSERT_TRUE(above.has_value());
  EXPECT_FALSE(above->holds(2));
  EXPECT_TRUE(above->holds(3));
  const auto equal = ide::parseHitCondition("==4");
  ASSERT_TRUE(equal.has_value());
  EXPECT_TRUE(equal->holds(4));
  EXPECT_FALSE(equal->holds(5));
  const auto every = ide::parseHitCondition("% 3");
  ASSERT_TRUE(every.has_value());
  EXPECT_TRUE(every->holds(3));
  EXPECT_FALSE(every->holds(4));
  EXPECT_TRUE(every->holds(6));
  const auto never = ide::parseHitCondition("% 0");
  ASSERT_TRUE(never.has_value());
  EXPECT_FALSE(never->holds(0));
  EXPECT_FALSE(never->holds(3));
  const auto bad = ide::parseHitCondition(" >= two ");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error(), "a hit condition is a count: 'N', '>= N', '> N', '== N' or '% N', not '>= two'");
  EXPECT_FALSE(ide::parseHitCondition("3x").has_value());
}

TEST(LogMessage, ReplacesEachExpressionByItsValue) {
  sim::WarpState s(layout());
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) {
    s.write(sim::RegFile::R, 0, lane, lane);
    s.write(sim::RegFile::R, 1, lane, 5);
  }
  s.activeMask = 0b11;  // lanes 0 and 1
  EXPECT_EQ(ide::interpolateLogMessage("R1 is {R1}.", s), "R1 is 0x5.");
  // R0 < 1 holds in lane 0, not in lane 1: the active lanes disagree.
  EXPECT_EQ(ide::interpolateLogMessage("{R0 < 1}", s), "[true, false]");
  EXPECT_EQ(ide::interpolateLogMessage("{R0[1]}", s), "0x1");
  EXPECT_EQ(ide::interpolateLogMessage("{R1 ==}", s), "{the expression ends where a value is expected}");
  EXPECT_EQ(ide::interpolateLogMessage("open { and no close", s), "open { and no close");
  s.activeMask = 0;
  EXPECT_EQ(ide::interpolateLogMessage("{R0}", s), "(no active lane)");
}

TEST(DataBreakpoints, WatchAndTellTheFirstChange) {
  ide::DataBreakpoints d;
  int nextId = 1;
  const auto st = d.set({{"R1", std::nullopt}, {"ur4", std::nullopt}, {"R2", 3u}, {"PT", std::nullopt}},
                        layout(), nextId);
  ASSERT_EQ(st.size(), 4u);
  EXPECT_EQ(nextId, 5);
  EXPECT_TRUE(st[0].verified);
  EXPECT_TRUE(st[1].verified);
  EXPECT_TRUE(st[2].verified);
  EXPECT_FALSE(st[3].verified);
  EXPECT_EQ(st[3].message, "PT never changes");

  const auto program = prepare("MOV R1, 0x1 ;\nMOV R7, 0x1 ;\n");
  EXPECT_TRUE(d.writesWatched(program->step(0)));
  EXPECT_FALSE(d.writesWatched(program->step(1)));

  sim::WarpState s(layout());
  std::vector<std::uint32_t> before, after;
  d.read(s, before);
  EXPECT_EQ(before.size(), 32u + 1u + 32u);  // R1's lanes, UR4, R2's lanes
  for (unsigned lane = 3; lane <= 5; ++lane) s.write(sim::RegFile::R, 1, lane, 5);
  s.write(sim::RegFile::UR, 4, 0, 7);
  s.write(sim::RegFile::R, 2, 0, 1);  // lane 0: R2's breakpoint watches lane 3 only
  d.read(s, after);
  std::string description;
  EXPECT_EQ(d.changes(before, after, description), (std::vector<int>{1, 2}));
  EXPECT_EQ(description, "R1 changed in lane 3: 0x0 -> 0x5 (and 2 more lanes)");
  std::string uniform;
  d.set({{"UR4", std::nullopt}}, layout(), nextId);
  d.read(sim::WarpState(layout()), before);
  d.read(s, after);
  EXPECT_EQ(d.changes(before, after, uniform), std::vector<int>{5});
  EXPECT_EQ(uniform, "UR4 changed: 0x0 -> 0x7");
}

}  // namespace
}  // namespace gpuasm::featuretest
