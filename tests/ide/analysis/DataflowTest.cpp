// Register dataflow (RegisterUses.h): uninitialized reads, dead writes, the flow a register
// operand's hover shows, and renaming a live range. Read/write roles are the spec's: MOV_I
// OutList<rd> (000_ialu.txt:2526); IADD_RR InList<pg, ra, rb, pp>, OutList<rd, pu>
// (000_ialu.txt:184-185); IMAD_WIDE's rd is 64 bits wide (Bitwidth<rd> = 64, 000_ialu.txt:553).
// Every expectation is worked out by hand from those roles and document order.
#include "Annotated.h"

#include <gpuasm/ide/asm/Hover.h>
#include <gpuasm/ide/analysis/RegisterUses.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuasm::featuretest {
namespace {

std::vector<ide::Diagnostic> findings(const Annotated& a, const sim::InitialState* stateFile = nullptr) {
  return ide::dataflowDiagnostics(*a.snapshot(), stateFile);
}

TEST(Dataflow, UninitializedReadNamesTheRegisterAndItsFirstWrite) {
  const Annotated a("MOV R1, 0x10 ;\nIADD R2, R1, [[R3]] ;\nIADD R3, R2, R2 ;\n");
  const auto d = findings(a);
  ASSERT_EQ(ranges(d), a.ranges);
  EXPECT_EQ(d[0].code, isa::DiagnosticCode::UninitializedRead);
  EXPECT_EQ(d[0].severity, ide::Severity::Warning);
  EXPECT_NE(d[0].message.find("R3 is read before anything sets it"), std::string::npos) << d[0].message;
  EXPECT_NE(d[0].message.find("first written on line 3"), std::string::npos) << d[0].message;
}

// A statement that does not assemble names registers whose roles nobody knows: it may write
// them, so a later read is not flagged, but it is no "first write" a message may point to. Here
// line 2's .UINT32 is not a modifier of IMAD.WIDE (IType is {S32, U32}, 000_ialu.txt:13-15), and
// it writes neither R8 nor R12/R13 in any case: IMAD.WIDE writes Rd (and pu), reads Ra, SrcB, SrcC.
TEST(Dataflow, AStatementThatDoesNotAssembleIsNoFirstWrite) {
  const Annotated a(
      "IMAD.WIDE.U32 R[10:11], [[R8]], 0x4, [[R[12:13]]] ;\nIMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13] "
      ";\n");
  const auto d = findings(a);
  ASSERT_EQ(ranges(d), a.ranges);
  for (const ide::Diagnostic& f : d) {
    EXPECT_EQ(f.code, isa::DiagnosticCode::UninitializedRead);
    EXPECT_EQ(f.message.find("first written"), std::string::npos) << f.message;
  }
}

TEST(Dataflow, StateDirectivesAndTheStateFileSetRegisters) {
  // The directive may stand anywhere: the initial state is applied before the first instruction.
  EXPECT_TRUE(findings(Annotated("MOV R1, 0x10 ;\nIADD R2, R1, R3 ;\n// @state R3 = 5\n")).empty());
  sim::InitialState file;
  file.registers.push_back({"R3", {}, 0});
  EXPECT_TRUE(findings(Annotated("MOV R1, 0x10 ;\nIADD R2, R1, R3 ;\n"), &file).empty());
}

TEST(Dataflow, GuardPredicatesAndUniformRegistersAreRead) {
  const Annotated guard("@[[P0]] MOV R1, 0x1 ;\n");
  EXPECT_EQ(ranges(findings(guard)), guard.ranges);
  const Annotated uniform("UMOV UR1, 0x10 ;\nIADD R1, [[R2]], UR1 ;\n");
  EXPECT_EQ(ranges(findings(uniform)), uniform.ranges);
}

TEST(Dataflow, DeadWriteNamesTheOverwritingLine) {
  const Annotated a("MOV [[R1]], 0x10 ;\nMOV R2, 0x1 ;\nMOV R1, 0x20 ;\nIADD R3, R1, R2 ;\n");
  const auto d = findings(a);
  ASSERT_EQ(ranges(d), a.ranges);
  EXPECT_EQ(d[0].code, isa::DiagnosticCode::DeadWrite);
  EXPECT_EQ(d[0].severity, ide::Severity::Hint);
  EXPECT_TRUE(d[0].unnecessary);
  EXPECT_NE(d[0].message.find("R1 here is overwritten on line 3"), std::string::npos) << d[0].message;
}

TEST(Dataflow, GuardedWritesAddToAValueInsteadOfReplacingIt) {
  // @P0 MOV leaves the lanes where P0 is false alone: line 2's value is still read there.
  EXPECT_TRUE(
      findings(Annotated("// @state P0 = true\nMOV R1, 0x10 ;\n@P0 MOV R1, 0x20 ;\nIADD R3, R1, R1 ;\n"))
          .empty());
  // An unguarded write replaces the guarded one's value in every lane.
  const Annotated a("// @state P0 = true\n@P0 MOV [[R1]], 0x10 ;\nMOV R1, 0x20 ;\nIADD R3, R1, R1 ;\n");
  EXPECT_EQ(ranges(findings(a)), a.ranges);
}

TEST(Dataflow, RangesAreDeadOnlyWhenEveryRegisterIs) {
  // R0 is overwritten unread, but R1 is read: the pair's write is needed.
  EXPECT_TRUE(findings(Annotated("// @state R2 = 1\n// @state R3 = 2\n// @state R4 = 3\n// @state R5 = 4\n"
                                 "IMAD.WIDE R[0:1], R2, R3, R[4:5] ;\nMOV R0, 0x1 ;\nIADD R6, R1, R0 ;\n"))
                  .empty());
  const Annotated a(
      "// @state R2 = 1\n// @state R3 = 2\n// @state R4 = 3\n// @state R5 = 4\n"
      "IMAD.WIDE [[R[0:1]]], R2, R3, R[4:5] ;\nMOV R0, 0x1 ;\nMOV R1, 0x1 ;\nIADD R6, R1, R0 ;\n");
  const auto d = findings(a);
  ASSERT_EQ(ranges(d), a.ranges);
  EXPECT_NE(d[0].message.find("R0 and R1"), std::string::npos) << d[0].message;
  EXPECT_NE(d[0].message.find("line 7"), std::string::npos) << d[0].message;
}

TEST(Dataflow, TheKernelsResultsAreNotDead) {
  EXPECT_TRUE(findings(Annotated("MOV R1, 0x10 ;\nMOV R2, 0x20 ;\n")).empty());
}

TEST(Dataflow, ALineThatDoesNotAssembleHidesFindingsInsteadOfMakingThem) {
  // IADD.SAT does not assemble (IADD has no .SAT): it may read R1, so line 1's write is not dead…
  EXPECT_TRUE(
      findings(Annotated("MOV R1, 0x10 ;\nIADD.SAT R2, R1, R1 ;\nMOV R1, 0x20 ;\nIADD R3, R1, R1 ;\n"))
          .empty());
  // … and it may write R1, so line 2's read is not uninitialized; its own R4 is not reported.
  EXPECT_TRUE(findings(Annotated("IADD.SAT R1, R4, R4 ;\nIADD R2, R1, R1 ;\n")).empty());
}

ide::ValueFlow flowAt(const Annotated& a, const sim::InitialState* stateFile = nullptr) {
  const auto f = ide::valueFlowAt(*a.snapshot(), a.cursor, stateFile);
  EXPECT_EQ(f.size(), 1u);
  return f.empty() ? ide::ValueFlow{} : f.front();
}

TEST(Dataflow, ValueFlowOfARead) {
  // Line 3 reads R1 as line 2 left it where P0 holds, as line 1 left it elsewhere.
  const auto f = flowAt(Annotated("MOV R1, 0x10 ;\n@P0 MOV R1, 0x20 ;\nIADD R2, R^1, R1 ;\nMOV R1, 0x5 ;\n"));
  EXPECT_EQ(f.name, "R1");
  EXPECT_FALSE(f.written);
  EXPECT_EQ(f.writtenAt, (std::vector<std::uint32_t>{1, 0}));
  EXPECT_FALSE(f.fromInitialState);
  EXPECT_FALSE(f.uninitialized);
  EXPECT_TRUE(flowAt(Annotated("// @state R3 = 1\nIADD R2, R^3, R3 ;\n")).fromInitialState);
  EXPECT_TRUE(flowAt(Annotated("IADD R2, R^3, R3 ;\n")).uninitialized);
  // Guarded writes only: the value before them may still be read.
  EXPECT_TRUE(flowAt(Annotated("@P0 MOV R1, 0x20 ;\nIADD R2, R^1, R1 ;\n")).uninitialized);
}

TEST(Dataflow, ValueFlowOfAWrite) {
  const auto f = flowAt(
      Annotated("MOV R^1, 0x10 ;\nMOV R4, 0x1 ;\nIADD R2, R1, R1 ;\nIADD R3, R1, R2 ;\nMOV R1, 0x5 ;\n"));
  EXPECT_TRUE(f.written);
  EXPECT_EQ(f.writtenAt, (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(f.readNext, 2u);
  EXPECT_EQ(f.overwrittenAt, 4u);
  const auto last = flowAt(Annotated("MOV R^1, 0x10 ;\n"));
  EXPECT_FALSE(last.readNext);
  EXPECT_FALSE(last.overwrittenAt);
}

// The hover's Dataflow section: one line per register.
std::vector<std::string> hoverFlow(const Annotated& a) {
  std::vector<std::string> out;
  const auto h = ide::getHover(*a.snapshot(), a.cursor);
  if (!h) return out;
  for (const auto& s : h->sections)
    if (s.heading == "Dataflow")
      for (const auto& item : s.items) out.push_back(item.label + ": " + item.text);
  return out;
}

TEST(Dataflow, HoverOnARegisterShowsWhereItsValueComesFromAndGoes) {
  EXPECT_EQ(hoverFlow(Annotated("MOV R1, 0x10 ;\nIADD R2, R^1, R1 ;\n")),
            (std::vector<std::string>{"R1: value from line 1"}));
  EXPECT_EQ(hoverFlow(Annotated("MOV R^1, 0x10 ;\nMOV R4, 0x1 ;\nIADD R2, R1, R4 ;\nMOV R1, 0x2 ;\n")),
            (std::vector<std::string>{"R1: read next on line 3; overwritten on line 4"}));
  EXPECT_EQ(hoverFlow(Annotated("MOV R^1, 0x10 ;\nMOV R1, 0x2 ;\n")),
            (std::vector<std::string>{"R1: never read: line 2 overwrites it first"}));
  EXPECT_EQ(hoverFlow(Annotated("@P^0 MOV R1, 0x2 ;\n")),
            (std::vector<std::string>{"P0: set by nothing above (no write, no initial value): it reads 0"}));
  EXPECT_EQ(
      hoverFlow(Annotated("// @state P0 = true\nMOV R1, 0x10 ;\n@P0 MOV R1, 0x20 ;\nIADD R2, R^1, R1 ;\n")),
      (std::vector<std::string>{"R1: value from lines 3 and 2 (guarded writes merge lanes)"}));
  EXPECT_EQ(hoverFlow(Annotated("// @state P0 = true\n@P0 MOV R1, 0x20 ;\nIADD R2, R^1, R1 ;\n")),
            (std::vector<std::string>{"R1: value from line 2, or unset (0) in lanes no write reached"}));
  // The pair under the cursor: both registers.
  EXPECT_EQ(
      hoverFlow(Annotated("// @state R2 = 1\n// @state R3 = 2\n// @state R4 = 3\n// @state R5 = 4\nIMAD.WIDE "
                          "R[0^:1], R2, R3, R[4:5] ;\n")),
      (std::vector<std::string>{"R0: never read again; it is live at the end (a result of the kernel)",
                                "R1: never read again; it is live at the end (a result of the kernel)"}));
}

std::vector<syntax::ByteRange> editRanges(const ide::RegisterRename& r) {
  std::vector<syntax::ByteRange> out;
  for (const auto& e : r.edits) out.push_back({e.begin, e.end});
  return out;
}

TEST(Dataflow, RenameCoversTheLiveRangeOnly) {
  const Annotated a("MOV [[R1]], 0x10 ;\nIADD R2, [[R^1]], [[R1]] ;\nMOV R1, 0x20 ;\nIADD R3, R1, R2 ;\n");
  const auto r = ide::renameRegister(*a.snapshot(), a.cursor, "R7", nullptr);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(editRanges(*r), a.ranges);
  for (const auto& e : r->edits) EXPECT_EQ(e.replacement, "R7");
  EXPECT_EQ(r->name, "R1");
  EXPECT_EQ(r->range, a.ranges[1]);
}

TEST(Dataflow, RenameFollowsGuardedWritesAndKeepsSelectors) {
  // Both writes reach line 3's read; the selector .B1 stays.
  const Annotated a(
      "// @state P0 = true\n// @state R3 = 1\nMOV [[R1]], 0x10 ;\n@P0 MOV [[R1]], 0x20 ;\nIADD R2, [[R^1]], "
      "R3 ;\n");
  const auto r = ide::renameRegister(*a.snapshot(), a.cursor, "R9", nullptr);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(editRanges(*r), a.ranges);
  const Annotated sel("MOV [[R^7]], 0xff ;\nR2P PR, [[R7]].B1, 0xFF ;\n");
  const auto s = ide::renameRegister(*sel.snapshot(), sel.cursor, "R8", nullptr);
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(editRanges(*s), sel.ranges);
}

TEST(Dataflow, RenameRefusesANameLiveThere) {
  const Annotated inside("MOV R1, 0x10 ;\nIADD R2, R^1, R1 ;\nIADD R3, R1, R2 ;\n");
  const auto used = ide::renameRegister(*inside.snapshot(), inside.cursor, "R2", nullptr);
  ASSERT_FALSE(used);
  EXPECT_NE(used.error().find("R2 is already used on line 2"), std::string::npos) << used.error();
  const Annotated through("MOV R5, 0x1 ;\nMOV R1, 0x10 ;\nIADD R2, R^1, R1 ;\nIADD R6, R5, R5 ;\n");
  const auto live = ide::renameRegister(*through.snapshot(), through.cursor, "R5", nullptr);
  ASSERT_FALSE(live);
  EXPECT_NE(live.error().find("line 4 reads"), std::string::npos) << live.error();
  // A free register is fine.
  EXPECT_TRUE(ide::renameRegister(*through.snapshot(), through.cursor, "R9", nullptr));
}

TEST(Dataflow, RenameRefusesWhatItCannotDo) {
  const Annotated a("MOV R1, 0x10 ;\nIADD R2, R^1, R1 ;\n");
  for (const char* bad : {"P0", "UR1", "RZ", "foo", ""})
    EXPECT_FALSE(ide::renameRegister(*a.snapshot(), a.cursor, bad, nullptr)) << bad;
  // The value comes from the initial state.
  const Annotated initial("// @state R1 = 1\nIADD R2, R^1, R1 ;\n");
  EXPECT_FALSE(ide::prepareRegisterRename(*initial.snapshot(), initial.cursor, nullptr));
  // Part of a register range.
  const Annotated pair(
      "// @state R2 = 1\n// @state R3 = 2\n// @state R4 = 3\n// @state R5 = 4\nIMAD.WIDE R[0:1], R2, R3, "
      "R[4:5] ;\nIADD R6, R^1, R0 ;\n");
  EXPECT_FALSE(ide::prepareRegisterRename(*pair.snapshot(), pair.cursor, nullptr));
  // Not on a register.
  const Annotated mnemonic("MO^V R1, 0x10 ;\n");
  EXPECT_FALSE(ide::prepareRegisterRename(*mnemonic.snapshot(), mnemonic.cursor, nullptr));
}

}  // namespace
}  // namespace gpuasm::featuretest
