// The simulator's core: every optype of the database has semantics or a "no semantics" reason,
// guards and the active mask, run to the end / to a line / to the step limit, errors that stop
// with line and reason while keeping the state, `// @state` directives and a state file over
// them, and the per-line trace of written registers.
#include "SimTestUtil.h"

#include <gpuasm/sim/InitialState.h>
#include <gpuasm/sim/Semantics.h>

namespace gpuasm::simtest {
namespace {

TEST(RunControl, EveryOptypeHasSemanticsExceptTheFourTheSpecLeavesOpen) {
  const auto& table = sim::SemanticsTable::builtin();
  std::vector<std::string> undefined;
  for (const isa::Optype& o : db().optypes()) {
    const sim::Semantics* s = table.find(o.name);
    ASSERT_NE(s, nullptr) << o.name << " has no entry in the semantics table";
    if (!s->noSemantics.empty())
      undefined.push_back(o.name);
    else
      EXPECT_NE(s->exec, nullptr) << o.name;
  }
  std::sort(undefined.begin(), undefined.end());
  EXPECT_EQ(undefined, (std::vector<std::string>{"ELECT", "ELECTU", "MOVM", "UF2FP"}));
}

TEST(RunControl, OptypesWithoutSemanticsStopWithAClearError) {
  for (const char* line : {"MOVM R1, R2 ;", "ELECT P0, R1 ;", "ELECTU P0, UR1 ;"}) {
    const auto out = run(std::string("MOV R1, 0x1 ;\n") + line + "\nMOV R2, 0x2 ;\n", {}, true);
    EXPECT_EQ(out.result.reason, sim::StopReason::Error) << line;
    ASSERT_TRUE(out.result.line) << line;
    EXPECT_EQ(*out.result.line, 1u) << line;
    EXPECT_NE(out.result.message.find("the spec defines no semantics for"), std::string::npos)
        << out.result.message;
    EXPECT_EQ(reg(out, "R1"), 1u);
    EXPECT_EQ(reg(out, "R2"), 0u);
  }
}

TEST(RunControl, UntilStopsBeforeTheFirstInstructionAtOrAfterTheLine) {
  const std::string src = "MOV R1, 0x1 ;\n\n// a comment\nMOV R2, 0x2 ;\nMOV R3, 0x3 ;\n";
  ide::RunRequest r;
  r.untilLine = 2;  // the comment line: the next instruction (line 3) is not executed
  auto out = run(src, r, true);
  EXPECT_EQ(out.result.reason, sim::StopReason::Until);
  ASSERT_TRUE(out.result.line);
  EXPECT_EQ(*out.result.line, 3u);
  EXPECT_EQ(out.result.executed, 1u);
  EXPECT_EQ(reg(out, "R1"), 1u);
  EXPECT_EQ(reg(out, "R2"), 0u);

  r.untilLine = 0;
  out = run(src, r, true);
  EXPECT_EQ(out.result.reason, sim::StopReason::Until);
  EXPECT_EQ(out.result.executed, 0u);

  r.untilLine = 100;  // past the end: runs to the end
  out = run(src, r);
  EXPECT_EQ(out.result.executed, 3u);
  EXPECT_EQ(reg(out, "R3"), 3u);
}

TEST(RunControl, StepLimitStopsTheRun) {
  ide::RunRequest r;
  r.stepLimit = 2;
  const auto out = run("MOV R1, 0x1 ;\nMOV R2, 0x2 ;\nMOV R3, 0x3 ;\n", r, true);
  EXPECT_EQ(out.result.reason, sim::StopReason::Error);
  EXPECT_EQ(out.result.executed, 2u);
  EXPECT_NE(out.result.message.find("step limit"), std::string::npos);
  EXPECT_EQ(reg(out, "R2"), 2u);
  EXPECT_EQ(reg(out, "R3"), 0u);
}

TEST(RunControl, AnInstructionThatDoesNotAssembleStopsTheRunThere) {
  const auto out = run("MOV R1, 0x1 ;\nIADD.Q R2, R1, R1 ;\nMOV R3, 0x3 ;\n", {}, true);
  EXPECT_EQ(out.result.reason, sim::StopReason::Error);
  ASSERT_TRUE(out.result.line);
  EXPECT_EQ(*out.result.line, 1u);
  EXPECT_NE(out.result.message.find("does not assemble"), std::string::npos) << out.result.message;
  EXPECT_EQ(reg(out, "R1"), 1u);
  const auto syntax = run("MOV R1, 0x1 ;\nMOV R2 R1 R1 ,, ;\n", {}, true);
  EXPECT_EQ(syntax.result.reason, sim::StopReason::Error);
  EXPECT_EQ(syntax.result.executed, 1u);
}

TEST(RunControl, GuardAndActiveMaskSelectTheLanes) {
  // P0 = lane is odd; lanes 16..31 inactive.
  std::string src = "// @state activeMask = 0x0000FFFF\n// @state P0 = [";
  for (unsigned lane = 0; lane < 32; ++lane) src += std::string(lane ? ", " : "") + (lane % 2 ? "1" : "0");
  src += "]\n@P0 MOV R1, 0x7 ;\n@!P0 MOV R2, 0x9 ;\n@PT MOV R3, 0x1 ;\n@!PT MOV R4, 0x1 ;\n";
  const auto out = run(src);
  EXPECT_EQ(reg(out, "R1", 1), 7u);
  EXPECT_EQ(reg(out, "R1", 2), 0u);
  EXPECT_EQ(reg(out, "R2", 2), 9u);
  EXPECT_EQ(reg(out, "R2", 1), 0u);
  EXPECT_EQ(reg(out, "R1", 17), 0u);  // odd but inactive
  EXPECT_EQ(reg(out, "R3", 15), 1u);
  EXPECT_EQ(reg(out, "R3", 16), 0u);
  EXPECT_EQ(reg(out, "R4", 0), 0u);
}

TEST(RunControl, UniformGuardRunsOnceForTheWarp) {
  const auto out = run("// @state UP1 = true\n@UP1 UMOV UR1, 0x3 ;\n@!UP1 UMOV UR2, 0x4 ;\n");
  EXPECT_EQ(reg(out, "UR1"), 3u);
  EXPECT_EQ(reg(out, "UR2"), 0u);
}

TEST(RunControl, StateFileOverridesDirectives) {
  sim::InitialState file;
  sim::RegisterInit r1;
  r1.name = "R1";
  r1.value.scalar = 0x20;
  file.registers.push_back(r1);
  file.activeMask = 0x1;
  ide::RunRequest req;
  req.stateFile = file;
  const auto out = run("// @state R1 = 0x10\n// @state R2 = 0x3\nMOV R5, R1 ;\nMOV R6, R2 ;\n", req);
  EXPECT_EQ(reg(out, "R5", 0), 0x20u);
  EXPECT_EQ(reg(out, "R6", 0), 0x3u);
  EXPECT_EQ(reg(out, "R5", 1), 0u);  // only lane 0 active
}

TEST(RunControl, BadDirectivesAreDiagnosticsAtTheirLine) {
  const auto parsed = sim::parseStateDirectives(
      "MOV R1, R2 ;\n// @state R1 0x5\n// @state R2 = [1, 2]\n  // @state R3 = banana\n// @state activeMask "
      "= 0x1FFFFFFFF\n");
  ASSERT_EQ(parsed.errors.size(), 4u);
  EXPECT_EQ(parsed.errors[0].line, 1u);
  EXPECT_EQ(parsed.errors[0].column, 3u);
  EXPECT_NE(parsed.errors[1].message.find("32 values, found 2"), std::string::npos)
      << parsed.errors[1].message;
  EXPECT_EQ(parsed.errors[2].line, 3u);
  EXPECT_EQ(parsed.errors[2].column, 5u);
  EXPECT_NE(parsed.errors[2].message.find("banana"), std::string::npos);
  EXPECT_EQ(parsed.errors[3].line, 4u);

  const auto out = run("// @state R1 = banana\nMOV R2, 0x1 ;\n", {}, true);
  ASSERT_FALSE(out.diagnostics.empty());
  EXPECT_EQ(out.diagnostics.front().code, isa::DiagnosticCode::StateDirective);
  EXPECT_EQ(out.diagnostics.front().range.begin, 3u);
}

// docs/LANGUAGE.md's own example lines, copied: a `//` after a directive is a comment. It was
// read as part of the value ("'0x10   // the same value…' is not a value").
TEST(RunControl, ACommentMayFollowAStateDirective) {
  const auto parsed = sim::parseStateDirectives(
      "// @state R1 = 0x10            // the same value in every lane: a value (above: 16, 0b10000, -1, "
      "1.5)\n"
      "// @state R2 = lane            // the lane id (0..31)\n"
      "// @state P0 = true            // predicates: true, false, 1, 0 (or a list of 32)\n"
      "// @state c[0x0][0x160] = 0x42 // a 32-bit constant-memory word\n"
      "// @state activeMask = 0x0000ffff // the low 16 lanes\n"
      "// @state R3 = 5//no space before the comment\n");
  EXPECT_TRUE(parsed.errors.empty()) << parsed.errors.front().message;
  ASSERT_EQ(parsed.state.registers.size(), 4u);
  EXPECT_EQ(parsed.state.registers[0].name, "R1");
  EXPECT_EQ(parsed.state.registers[0].value.scalar, 0x10u);
  EXPECT_EQ(parsed.state.registers[1].value.kind, sim::InitValue::Kind::LaneId);
  EXPECT_EQ(parsed.state.registers[2].value.scalar, 1u);
  EXPECT_EQ(parsed.state.registers[3].value.scalar, 5u);
  ASSERT_EQ(parsed.state.cmem.size(), 1u);
  EXPECT_EQ(parsed.state.cmem[0].offset, 0x160u);
  EXPECT_EQ(parsed.state.cmem[0].value, 0x42u);
  EXPECT_EQ(parsed.state.activeMask, 0x0000ffffu);
  // The comment is no value: a directive with only a comment after '=' still lacks one.
  const auto empty = sim::parseStateDirectives("// @state R1 = // nothing\n");
  ASSERT_EQ(empty.errors.size(), 1u);
  EXPECT_EQ(empty.errors[0].message.substr(0, 17), "'' is not a value");
}

TEST(RunControl, InitialStateErrorsNameTheRegister) {
  for (const auto& [src, expected] : std::vector<std::pair<std::string, std::string>>{
           {"// @state R999 = 1\n", "'R999' is not a register"},
           {"// @state RZ = 1\n", "RZ is a constant register"},
           {"// @state PT = false\n", "PT is a constant register"},
           {"// @state UR1 = lane\n", "UR1 is a uniform register"},
           {"// @state P0 = 2\n", "not a truth value"},
           {"// @state P0 = 1.0\n", "not a truth value"},
           {"// @state c[0x0][0x2] = 1\n", "not 4-byte aligned"}}) {
    const auto out = run(src + "MOV R1, 0x1 ;\n", {}, true);
    EXPECT_NE(out.setupError.find(expected), std::string::npos) << src << " → " << out.setupError;
  }
}

// A value too wide for 32 bits is the directive's error, at its line, as the value grammar
// (sim/Value.h) reports it; it used to pass the directive and fail the run's setup.
TEST(RunControl, ValuesTooWideAreDirectiveErrors) {
  const auto parsed =
      sim::parseStateDirectives("// @state R1 = 0x100000000\nMOV R1, 0x1 ;\n// @state R2 = -2147483649\n");
  ASSERT_EQ(parsed.errors.size(), 2u);
  EXPECT_EQ(parsed.errors[0].line, 0u);
  EXPECT_EQ(parsed.errors[0].message, "'0x100000000' does not fit in 32 bits");
  EXPECT_EQ(parsed.errors[1].line, 2u);
  EXPECT_EQ(parsed.errors[1].message, "'-2147483649' does not fit in 32 bits (the least is -2147483648)");
}

// `// @state` reads the grammar the expressions and setVariable read: binary, f32 as its bits.
TEST(RunControl, StateValuesUseTheOneValueGrammar) {
  const auto out =
      run("// @state R1 = 1.5\n// @state R2 = 0b1010\n// @state UR1 = -0.5\n"
          "// @state c[0x0][0x10] = 0.1\n// @state P0 = TRUE\n"
          "MOV R3, R1 ;\nMOV R4, R2 ;\nMOV R5, c[0x0][0x10] ;\n");
  EXPECT_EQ(reg(out, "R3"), 0x3FC00000u);  // 1.5f
  EXPECT_EQ(reg(out, "R4"), 10u);
  EXPECT_EQ(reg(out, "UR1"), 0xBF000000u);  // -0.5f
  EXPECT_EQ(reg(out, "R5"), 0x3DCCCCCDu);   // 0.1f
  EXPECT_EQ(reg(out, "P0", 7), 1u);
}

TEST(RunControl, NegativeDecimalValuesAreTwosComplement) {
  const auto out = run("// @state R1 = -2\n// @state UR1 = -0x1\nMOV R2, R1 ;\n");
  EXPECT_EQ(reg(out, "R2"), 0xFFFFFFFEu);
  EXPECT_EQ(reg(out, "UR1"), 0xFFFFFFFFu);
}

TEST(RunControl, TraceRecordsTheRegistersEachLineWrote) {
  ide::RunRequest r;
  r.trace = true;
  const auto out = run("// @state R1 = lane\nMOV R2, R1 ;\nUMOV UR4, 0x8 ;\nMOV.64 R[6:7], R[0:1] ;\n", r);
  ASSERT_EQ(out.result.trace.size(), 3u);
  EXPECT_EQ(out.result.trace[0].line, 1u);
  ASSERT_EQ(out.result.trace[0].writes.size(), 1u);
  EXPECT_EQ(out.result.trace[0].writes[0].file, sim::RegFile::R);
  EXPECT_EQ(out.result.trace[0].writes[0].index, 2u);
  ASSERT_EQ(out.result.trace[0].writes[0].lanes.size(), 32u);
  EXPECT_EQ(out.result.trace[0].writes[0].lanes[31], 31u);
  ASSERT_EQ(out.result.trace[1].writes.size(), 1u);
  EXPECT_EQ(out.result.trace[1].writes[0].file, sim::RegFile::UR);
  EXPECT_EQ(out.result.trace[1].writes[0].lanes, std::vector<std::uint32_t>{8u});
  EXPECT_EQ(out.result.trace[2].writes.size(), 2u);  // R6 and R7
}

TEST(RunControl, RegistersThatWereNeverTouchedAreNotReported) {
  const auto out = run("MOV R1, 0x1 ;\n");
  ASSERT_TRUE(out.final);
  EXPECT_TRUE(out.final->rSet.test(1));
  EXPECT_EQ(out.final->rSet.count(), 1u);
  EXPECT_EQ(out.final->pSet.count(), 0u);
}

}  // namespace
}  // namespace gpuasm::simtest
