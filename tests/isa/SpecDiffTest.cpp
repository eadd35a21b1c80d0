// diffSpecs on copies of the embedded spec that each test edits in one place: the change it
// reports is worked out from the edit (names, values, offsets; the spec lines by searching the
// edited text), never taken from the program's output.
#include "TestSpec.h"

#include <gpuasm/isa/SpecDiff.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuasm::isa {
namespace {

struct Edit {
  std::string file;  ///< base name: "000_ialu.txt"
  std::string from, to;
};

// The embedded files with each edit applied to its file; the text edited must occur once.
std::vector<SpecFile> edited(const std::vector<Edit>& edits) {
  std::vector<SpecFile> files = embeddedSpecFiles();
  for (const Edit& e : edits) {
    bool done = false;
    for (SpecFile& f : files) {
      if (!f.name.ends_with("/" + e.file)) continue;
      const std::size_t at = f.text.find(e.from);
      EXPECT_NE(at, std::string::npos) << e.from;
      EXPECT_EQ(f.text.find(e.from, at + 1), std::string::npos) << "not unique: " << e.from;
      if (at == std::string::npos) return files;
      f.text.replace(at, e.from.size(), e.to);
      done = true;
    }
    EXPECT_TRUE(done) << e.file;
  }
  return files;
}

// The 1-based line of the first occurrence of `needle` in file `file` of `files`.
std::uint32_t lineOf(const std::vector<SpecFile>& files, const std::string& file, const std::string& needle) {
  for (const SpecFile& f : files) {
    if (!f.name.ends_with("/" + file)) continue;
    const std::size_t at = f.text.find(needle);
    if (at == std::string::npos) return 0;
    return 1 + static_cast<std::uint32_t>(
                   std::count(f.text.begin(), f.text.begin() + static_cast<long>(at), '\n'));
  }
  return 0;
}

struct Diffed {
  std::vector<SpecFile> oldFiles = embeddedSpecFiles(), newFiles;
  std::vector<SpecChange> changes;
};

Diffed diffWith(const std::vector<Edit>& edits) {
  Diffed d;
  d.newFiles = edited(edits);
  const SpecLoad newLoad = loadSpec(d.newFiles);
  d.changes = diffSpecs(test::db(), *newLoad.db);
  return d;
}

TEST(SpecDiff, IdenticalSpecsHaveNoChanges) {
  const SpecLoad again = loadSpec(embeddedSpecFiles());
  EXPECT_TRUE(diffSpecs(test::db(), *again.db).empty());
  EXPECT_TRUE(diffSpecs(test::db(), test::db()).empty());
}

TEST(SpecDiff, RealignedTextIsNoChange) {
  // The same form with other spacing, the same semantics line indented otherwise.
  const Diffed d = diffWith({{"000_ialu.txt", "IMNMX.itype Rd, {-}Ra, {-}SrcB, {!}pp      $sched $req ;",
                              "IMNMX.itype   Rd,  {-}Ra, {-}SrcB, {!}pp $sched $req ;"},
                             {"000_ialu.txt", "IADD Rd, Ra, SrcB:\n    t = Ra + SrcB;\n    Rd = t[31:0];",
                              "IADD Rd, Ra, SrcB:\n    t = Ra + SrcB;\n        Rd = t[31:0];"}});
  EXPECT_TRUE(d.changes.empty());
}

TEST(SpecDiff, RenamedEnumeratorIsOneRename) {
  // CompOp is EQ; NE; LT; ... with implicit values 0, 1, 2: LT becomes LESS, still 2.
  const Diffed d = diffWith({{"000_ialu.txt", "    NE;\n    LT;\n    LE;", "    NE;\n    LESS;\n    LE;"}});
  ASSERT_EQ(d.changes.size(), 1u);
  const SpecChange& c = d.changes[0];
  EXPECT_EQ(c.kind, SpecChangeKind::EnumeratorRenamed);
  EXPECT_EQ(c.name, "CompOp.LT");
  EXPECT_EQ(c.oldText, "LT = 0x2");
  EXPECT_EQ(c.newText, "LESS = 0x2");
  EXPECT_EQ(c.oldPlace.file, "isa-db/spec/000_ialu.txt");
  EXPECT_EQ(c.oldPlace.line, lineOf(d.oldFiles, "000_ialu.txt", "    NE;\n    LT;") + 1);
  EXPECT_EQ(c.newPlace.line, lineOf(d.newFiles, "000_ialu.txt", "    LESS;"));
  EXPECT_EQ(specChangeKindName(c.kind), "enumerator-renamed");
}

TEST(SpecDiff, SwappedValuesAreTwoRenumberings) {
  const Diffed d =
      diffWith({{"000_ialu.txt", "SHFDir<1>\n    L;\n    R;", "SHFDir<1>\n    L = 0x1;\n    R = 0x0;"}});
  ASSERT_EQ(d.changes.size(), 2u);
  EXPECT_EQ(d.changes[0].kind, SpecChangeKind::EnumeratorRenumbered);
  EXPECT_EQ(d.changes[0].name, "SHFDir.L");
  EXPECT_EQ(d.changes[0].oldText, "L = 0x0");
  EXPECT_EQ(d.changes[0].newText, "L = 0x1");
  EXPECT_EQ(d.changes[1].name, "SHFDir.R");
  EXPECT_EQ(d.changes[1].oldText, "R = 0x1");
  EXPECT_EQ(d.changes[1].newText, "R = 0x0");
}

TEST(SpecDiff, AddedAndRemovedEnumeratorsWithOtherValuesAreNoRename) {
  // CompOp's values 0..5 are taken; NEVER takes 7. BoolOp's XOR (2) goes, nothing takes 2.
  const Diffed d = diffWith({{"000_ialu.txt", "    GT;\n    GE;\n", "    GT;\n    GE;\n    NEVER = 0x7;\n"},
                             {"000_ialu.txt", "    OR;\n    XOR;\n", "    OR;\n"}});
  ASSERT_EQ(d.changes.size(), 2u);
  EXPECT_EQ(d.changes[0].kind, SpecChangeKind::EnumeratorAdded);
  EXPECT_EQ(d.changes[0].name, "CompOp.NEVER");
  EXPECT_EQ(d.changes[0].newText, "NEVER = 0x7");
  EXPECT_FALSE(d.changes[0].oldPlace.present());
  EXPECT_EQ(d.changes[1].kind, SpecChangeKind::EnumeratorRemoved);
  EXPECT_EQ(d.changes[1].name, "BoolOp.XOR");
  EXPECT_EQ(d.changes[1].oldText, "XOR = 0x2");
  EXPECT_FALSE(d.changes[1].newPlace.present());
}

TEST(SpecDiff, ResizedType) {
  const Diffed d = diffWith({{"000_ialu.txt", "__DefBitFieldType IExt<1>", "__DefBitFieldType IExt<2>"}});
  ASSERT_FALSE(d.changes.empty());
  EXPECT_EQ(d.changes[0].kind, SpecChangeKind::TypeResized);
  EXPECT_EQ(d.changes[0].name, "IExt");
  EXPECT_EQ(d.changes[0].oldText, "IExt<1> : [Enum]");
  EXPECT_EQ(d.changes[0].newText, "IExt<2> : [Enum]");
}

TEST(SpecDiff, FieldTheOptypeDeclaresMovedInEveryVariant) {
  // IADD declares ext at bit 76; its four variants RR, RU, RI, RC inherit it.
  const Diffed d =
      diffWith({{"000_ialu.txt", "    field<76,  1> IExt ext = NoX;\n\n    field<98, 3> Pred pp = PT;",
                 "    field<77,  1> IExt ext = NoX;\n\n    field<98, 3> Pred pp = PT;"}});
  ASSERT_EQ(d.changes.size(), 1u);
  const SpecChange& c = d.changes[0];
  EXPECT_EQ(c.kind, SpecChangeKind::FieldMoved);
  EXPECT_EQ(c.name, "IADD.ext");
  EXPECT_EQ(c.oldText, "field<76, 1> IExt ext = NoX");
  EXPECT_EQ(c.newText, "field<77, 1> IExt ext = NoX");
  EXPECT_EQ(c.optype, "IADD");
  EXPECT_EQ(c.opcodes, (std::vector<std::string>{"IADD_RR", "IADD_RU", "IADD_RI", "IADD_RC"}));
  EXPECT_EQ(c.newPlace.line, lineOf(d.newFiles, "000_ialu.txt", "    field<77,  1> IExt ext = NoX;"));
}

TEST(SpecDiff, FieldOfOneVariantNamedByTheVariant) {
  // IADD_RR's rb moves from bit 32 to 40 (its own declaration).
  const Diffed d = diffWith({{"000_ialu.txt",
                              "    field<32,  8> Reg rb;\n    field<97,  1> SignModi rb.neg = False;\n  "
                              "__OperandInfo\n    InList<pg, ra, rb, pp>;",
                              "    field<40,  8> Reg rb;\n    field<97,  1> SignModi rb.neg = False;\n  "
                              "__OperandInfo\n    InList<pg, ra, rb, pp>;"}});
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].name, "IADD_RR.rb");
  EXPECT_EQ(d.changes[0].oldText, "field<32, 8> Reg rb");
  EXPECT_EQ(d.changes[0].newText, "field<40, 8> Reg rb");
  EXPECT_EQ(d.changes[0].opcodes, std::vector<std::string>{"IADD_RR"});
}

TEST(SpecDiff, DefaultValueChanged) {
  const Diffed d =
      diffWith({{"000_ialu.txt", "    field<77,  1> IType itype = S32;\n    field<98, 3> Pred pp;",
                 "    field<77,  1> IType itype = U32;\n    field<98, 3> Pred pp;"}});
  ASSERT_EQ(d.changes.size(), 1u);
  EXPECT_EQ(d.changes[0].kind, SpecChangeKind::FieldValueChanged);
  EXPECT_EQ(d.changes[0].name, "IMNMX.itype");
  EXPECT_EQ(d.changes[0].oldText, "field<77, 1> IType itype = S32");
  EXPECT_EQ(d.changes[0].newText, "field<77, 1> IType itype = U32");
}

TEST(SpecDiff, SemanticsSyntaxAndOperandInfo) {
  const Diffed d = diffWith({
      {"000_ialu.txt", "IADD Rd, Ra, SrcB:\n    t = Ra + SrcB;\n    Rd = t[31:0];",
       "IADD Rd, Ra, SrcB:\n    t = Ra + SrcB;\n    Rd = t[31:1];"},
      {"000_ialu.txt", "IMNMX.itype Rd, {-}Ra, {-}SrcB, {!}pp      $sched $req ;",
       "IMNMX.itype Rd, Ra, {-}SrcB, {!}pp      $sched $req ;"},
      {"000_ialu.txt", "    Bitwidth<rb> = 32;\n    Bitwidth<rd> = 32;\n    AsmFormat<rb.neg>",
       "    Bitwidth<rb> = 32;\n    Bitwidth<rd> = 64;\n    AsmFormat<rb.neg>"},
  });
  ASSERT_EQ(d.changes.size(), 3u);
  // In database order: IADD (semantics, then its RR variant's operand info), then IMNMX.
  EXPECT_EQ(d.changes[0].kind, SpecChangeKind::SemanticsChanged);
  EXPECT_EQ(d.changes[0].name, "IADD");
  EXPECT_EQ(d.changes[0].oldText, "Rd = t[31:0];");
  EXPECT_EQ(d.changes[0].newText, "Rd = t[31:1];");
  EXPECT_EQ(d.changes[0].newPlace.line, lineOf(d.newFiles, "000_ialu.txt", "    Rd = t[31:1];"));
  EXPECT_EQ(d.changes[1].kind, SpecChangeKind::OperandInfoChanged);
  EXPECT_EQ(d.changes[1].name, "IADD_RR Bitwidth<rd>");
  EXPECT_EQ(d.changes[1].oldText, "Bitwidth<rd> = 32");
  EXPECT_EQ(d.changes[1].newText, "Bitwidth<rd> = 64");
  EXPECT_EQ(d.changes[2].kind, SpecChangeKind::SyntaxFormChanged);
  EXPECT_EQ(d.changes[2].name, "IMNMX");
  EXPECT_EQ(d.changes[2].oldText, "IMNMX.itype Rd, {-}Ra, {-}SrcB, {!}pp $sched $req ;");
  EXPECT_EQ(d.changes[2].newText, "IMNMX.itype Rd, Ra, {-}SrcB, {!}pp $sched $req ;");
}

TEST(SpecDiff, RemovedVariantAndForm) {
  // IADD without its .X form, and without the RC variant.
  const Diffed d = diffWith({
      {"000_ialu.txt", "IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp} $sched $req ;\n", ""},
      {"000_ialu.txt", "__DefOpcode IADD_RC : [IADD]", "__DefOpcode IADD_RX : [IADD]"},
  });
  ASSERT_EQ(d.changes.size(), 3u);
  EXPECT_EQ(d.changes[0].kind, SpecChangeKind::SyntaxFormRemoved);
  EXPECT_EQ(d.changes[0].oldText, "IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp} $sched $req ;");
  EXPECT_EQ(d.changes[1].kind, SpecChangeKind::OpcodeAdded);
  EXPECT_EQ(d.changes[1].name, "IADD_RX");
  EXPECT_EQ(d.changes[2].kind, SpecChangeKind::OpcodeRemoved);
  EXPECT_EQ(d.changes[2].name, "IADD_RC");
}

}  // namespace
}  // namespace gpuasm::isa
