// diffFile: a small program under the embedded spec and under a copy edited in one place. The
// expected words are the old word with the edited field's bits changed by hand (offsets read from
// the spec text, noted beside each), the expected registers worked out from the instruction's
// definition; none is taken from the program's output.
#include <gpuasm/ide/execution/SpecDiffFile.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/SpecDiff.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuasm::ide {
namespace {

// The embedded spec with `from` (which must occur once in 000_ialu.txt) replaced by `to`.
std::shared_ptr<const isa::InstrDb> editedSpec(
    const std::vector<std::pair<std::string, std::string>>& edits) {
  std::vector<isa::SpecFile> files = isa::embeddedSpecFiles();
  for (const auto& [from, to] : edits)
    for (isa::SpecFile& f : files) {
      if (!f.name.ends_with("/000_ialu.txt")) continue;
      const std::size_t at = f.text.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      EXPECT_EQ(f.text.find(from, at + 1), std::string::npos) << "not unique: " << from;
      if (at != std::string::npos) f.text.replace(at, from.size(), to);
    }
  return isa::loadSpec(std::move(files)).db;
}

const isa::InstrDb& embedded() {
  static const auto db = isa::loadEmbeddedSpec().db;
  return *db;
}

FileDiff diff(const isa::InstrDb& newDb, const std::string& text) {
  const std::vector<isa::SpecChange> changes = isa::diffSpecs(embedded(), newDb);
  return diffFile(embedded(), newDb, text, changes);
}

isa::Word128 withBit(isa::Word128 w, unsigned bit, bool value) {
  std::uint64_t& half = bit < 64 ? w.lo : w.hi;
  const std::uint64_t mask = std::uint64_t{1} << (bit % 64);
  half = value ? (half | mask) : (half & ~mask);
  return w;
}

bool bit(const isa::Word128& w, unsigned b) { return (((b < 64 ? w.lo : w.hi) >> (b % 64)) & 1u) != 0; }

const std::string kProgram =
    "// @state R1 = -1\n"                  // line 0
    "// @state R2 = 1\n"                   // line 1
    "IADD R0, R1, R2 ;\n"                  // line 2
    "IADD.X R3, PT, R1, ~R2, P0 ;\n"       // line 3
    "IMNMX R4, R1, R2, !PT ;\n"            // line 4
    "ISETP.LT.AND P1, PT, R1, R2, PT ;\n"  // line 5
    "SHF.L.U32 R5, R2, 0x4, RZ ;\n"        // line 6
    "IADD.SAT R6, R1, R2 ;\n";             // line 7: no .SAT, under either spec

TEST(SpecDiffFile, IdenticalSpecsChangeNothing) {
  const auto same = isa::loadEmbeddedSpec().db;
  const FileDiff d = diff(*same, kProgram);
  EXPECT_TRUE(d.lines.empty());
  EXPECT_TRUE(d.notes.empty());
}

TEST(SpecDiffFile, RenamedEnumeratorBreaksTheLineThatUsesIt) {
  // CompOp's LT (value 2) is called LESS.
  const auto db = editedSpec({{"    NE;\n    LT;\n    LE;", "    NE;\n    LESS;\n    LE;"}});
  const FileDiff d = diff(*db, kProgram);
  ASSERT_EQ(d.lines.size(), 1u);
  EXPECT_EQ(d.lines[0].kind, LineChangeKind::NoLongerAssembles);
  EXPECT_EQ(d.lines[0].line, 5u);
  EXPECT_EQ(d.lines[0].source, "ISETP.LT.AND P1, PT, R1, R2, PT");
  EXPECT_NE(d.lines[0].diagnostic.find("LT"), std::string::npos) << d.lines[0].diagnostic;
}

TEST(SpecDiffFile, RenumberedEnumeratorGivesAnotherWord) {
  // SHFDir L = 0, R = 1 swapped; SHF's direction field is field<81, 1> (000_ialu.txt), so SHF.L
  // sets bit 81 now. The simulator reads modifiers by name: the result is the same.
  const auto db = editedSpec({{"SHFDir<1>\n    L;\n    R;", "SHFDir<1>\n    L = 0x1;\n    R = 0x0;"}});
  const FileDiff d = diff(*db, kProgram);
  ASSERT_EQ(d.lines.size(), 1u);
  EXPECT_EQ(d.lines[0].kind, LineChangeKind::OtherWord);
  EXPECT_EQ(d.lines[0].line, 6u);
  EXPECT_FALSE(bit(d.lines[0].oldWord, 81));
  EXPECT_EQ(d.lines[0].newWord, withBit(d.lines[0].oldWord, 81, true));
}

TEST(SpecDiffFile, MovedFieldGivesAnotherWordWhereItIsSet) {
  // IADD's ext moves from bit 76 to 77. Under .X it is 1 (X): the bit moves. Without .X it is
  // 0 in both places: the same word, but the line's variant changed.
  const auto db = editedSpec({{"    field<76,  1> IExt ext = NoX;\n\n    field<98, 3> Pred pp = PT;",
                               "    field<77,  1> IExt ext = NoX;\n\n    field<98, 3> Pred pp = PT;"}});
  const FileDiff d = diff(*db, kProgram);
  ASSERT_EQ(d.lines.size(), 2u);
  EXPECT_EQ(d.lines[0].kind, LineChangeKind::UsesChanged);
  EXPECT_EQ(d.lines[0].line, 2u);
  EXPECT_EQ(d.lines[0].oldWord, d.lines[0].newWord);
  ASSERT_EQ(d.lines[0].specChanges.size(), 1u);
  EXPECT_EQ(d.lines[1].kind, LineChangeKind::OtherWord);
  EXPECT_EQ(d.lines[1].line, 3u);
  EXPECT_TRUE(bit(d.lines[1].oldWord, 76));
  EXPECT_FALSE(bit(d.lines[1].oldWord, 77));
  EXPECT_EQ(d.lines[1].newWord, withBit(withBit(d.lines[1].oldWord, 76, false), 77, true));
}

TEST(SpecDiffFile, DefaultThatChangesTheResult) {
  // IMNMX's itype (field<77, 1>, IType S32 = 0, U32 = 1) defaults to U32, and its __Semantics
  // text is edited too. `IMNMX R4, R1, R2, !PT` takes the maximum (pp false): of -1 and 1 as
  // S32 that is 1; as U32 0xffffffff. In every lane, as R1 and R2 are the same in all.
  const auto db = editedSpec({{"    field<77,  1> IType itype = S32;\n    field<98, 3> Pred pp;",
                               "    field<77,  1> IType itype = U32;\n    field<98, 3> Pred pp;"}});
  const FileDiff d = diff(*db, kProgram);
  ASSERT_EQ(d.lines.size(), 2u);
  EXPECT_EQ(d.lines[0].kind, LineChangeKind::OtherWord);
  EXPECT_EQ(d.lines[0].line, 4u);
  EXPECT_EQ(d.lines[0].newWord, withBit(d.lines[0].oldWord, 77, true));
  EXPECT_EQ(d.lines[1].kind, LineChangeKind::ComputesOtherwise);
  EXPECT_EQ(d.lines[1].line, 4u);
  ASSERT_EQ(d.lines[1].registers.size(), 1u);
  const RegisterDifference& r = d.lines[1].registers[0];
  EXPECT_EQ(r.name, "R4");
  EXPECT_EQ(r.oldValue, 1u);
  EXPECT_EQ(r.newValue, 0xFFFFFFFFu);
  EXPECT_EQ(r.lanes.size(), 32u);
}

TEST(SpecDiffFile, LaterLinesRunFromTheOldSpecsState) {
  // The same default change, then a line reading R4: from the old spec's state (R4 = 1) both
  // specs compute the same, so only the IMNMX line is reported.
  const auto db = editedSpec({{"    field<77,  1> IType itype = S32;\n    field<98, 3> Pred pp;",
                               "    field<77,  1> IType itype = U32;\n    field<98, 3> Pred pp;"}});
  const FileDiff d = diff(*db, kProgram + "IADD R7, R4, R4 ;\n");
  for (const LineChange& c : d.lines) EXPECT_EQ(c.line, 4u);
}

}  // namespace
}  // namespace gpuasm::ide
