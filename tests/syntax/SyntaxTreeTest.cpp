// The tree-sitter wrapper: the grammar's ABI fits the runtime, error recovery stays on the
// broken line, a one-line document parses on its own, incremental edits give the same tree as
// parsing from scratch, and the typed statement view reports kinds, parts and byte ranges
// (expected ranges counted by hand from the input strings).
#include <gpuasm/syntax/Statement.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <gtest/gtest.h>

#include <random>

namespace gpuasm::syntax {
namespace {

TEST(SyntaxTree, GrammarAbiFitsTheRuntime) {
  const std::uint32_t v = ts_language_version(gpuasmLanguage());
  EXPECT_EQ(v, 14u);
  EXPECT_GE(v, static_cast<std::uint32_t>(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION));
  EXPECT_LE(v, static_cast<std::uint32_t>(TREE_SITTER_LANGUAGE_VERSION));
}

TEST(SyntaxTree, MissingSemicolonStaysOnItsLine) {
  const SyntaxTree tree("IADD R0, R1, R2\nMOV R3, R4 ;\n");
  const auto diags = syntaxDiagnosticsOf(tree);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, isa::DiagnosticCode::MissingToken);
  EXPECT_EQ(diags[0].message, "missing ';'");
  EXPECT_EQ(diags[0].range.begin, 15u);  // right after "IADD R0, R1, R2"
  const auto s = statementsOf(tree);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_FALSE(s[0].hasSemicolon);
  EXPECT_EQ(s[1].mnemonic.text, "MOV");
  EXPECT_TRUE(s[1].hasSemicolon);
  EXPECT_FALSE(s[1].hasError);
}

TEST(SyntaxTree, GarbageLineDoesNotSwallowTheNextLines) {
  const std::string text = "MOV R0, R1 ;\nIADD R0, , ) R2 ;\n%%% $$$ ###\nMOV R2, R3 ;\nMOV R4, R5 ;\n";
  const SyntaxTree tree(text);
  const auto diags = syntaxDiagnosticsOf(tree);
  ASSERT_FALSE(diags.empty());
  const std::uint32_t line4 = static_cast<std::uint32_t>(text.find("MOV R2"));
  for (const auto& d : diags) EXPECT_LT(d.range.end, line4) << d.message;  // all errors on lines 2-3
  const auto s = statementsOf(tree);
  ASSERT_GE(s.size(), 3u);
  EXPECT_EQ(s.front().mnemonic.text, "MOV");
  EXPECT_FALSE(s.front().hasError);
  EXPECT_EQ(s[s.size() - 2].operands.at(0).name.text, "R2");
  EXPECT_FALSE(s[s.size() - 2].hasError);
  EXPECT_EQ(s.back().operands.at(1).name.text, "R5");
  EXPECT_FALSE(s.back().hasError);
}

TEST(SyntaxTree, UnterminatedBlockCommentEndsAtItsLine) {
  const SyntaxTree tree("MOV R0, R1 ; /* open\nMOV R2, R3 ;\n");
  const auto diags = syntaxDiagnosticsOf(tree);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, isa::DiagnosticCode::UnterminatedComment);
  EXPECT_EQ(diags[0].range, (ByteRange{13, 20}));  // "/* open"
  const auto s = statementsOf(tree);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[1].operands.at(1).name.text, "R3");
}

TEST(SyntaxTree, InvalidUtf8IsLocal) {
  const std::string text = "MOV R0, R1 ;\nMOV R\xff\xfe, R3 ;\nMOV R4, R5 ;\n";
  const SyntaxTree tree(text);
  const auto diags = syntaxDiagnosticsOf(tree);
  ASSERT_FALSE(diags.empty());
  for (const auto& d : diags) {
    EXPECT_GE(d.range.begin, 13u);  // on line 2 only
    EXPECT_LE(d.range.end, 29u);
  }
  const auto s = statementsOf(tree);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_FALSE(s[0].hasError);
  EXPECT_TRUE(s[1].hasError);
  EXPECT_FALSE(s[2].hasError);
  EXPECT_EQ(s[2].operands.at(1).name.text, "R5");
}

TEST(SyntaxTree, InstructionWithoutOperandsOrSemicolonIsALocalError) {
  // With no operand to anchor it, tree-sitter does not insert the missing ';': the line becomes
  // an ERROR node, and the next line still parses.
  const SyntaxTree tree("NOP\nMOV R1, R2 ;\n");
  const auto diags = syntaxDiagnosticsOf(tree);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, isa::DiagnosticCode::SyntaxError);
  EXPECT_EQ(diags[0].range, (ByteRange{0, 3}));
  const auto s = statementsOf(tree);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].mnemonic.text, "MOV");
}

TEST(SyntaxTree, OneLineDocument) {
  const SyntaxTree tree("@!P0 FFMA.FTZ.RZ R0, -|R1|, c[0x0][0x10], R3 ;");
  EXPECT_FALSE(tree.hasErrors());
  EXPECT_EQ(statementsOf(tree).size(), 1u);
}

TEST(SyntaxTree, StatementViewPartsAndRanges) {
  //                 0         1         2         3         4         5         6
  //                 0123456789012345678901234567890123456789012345678901234567890123456
  const std::string text = "@!UP1 ULDC.S8 UR[0:1], c[0x1][UR4-0x1], -|R7.B1|, 0f3F800000 , ;";
  const SyntaxTree tree(text);
  const auto s = statementsOf(tree);
  ASSERT_EQ(s.size(), 1u);
  const StatementView& st = s[0];
  ASSERT_TRUE(st.guard.has_value());
  EXPECT_TRUE(st.guard->negated);
  EXPECT_EQ(st.guard->predicate.text, "UP1");
  EXPECT_EQ(st.guard->predicate.range, (ByteRange{2, 5}));
  EXPECT_EQ(st.mnemonic.text, "ULDC");
  EXPECT_EQ(st.mnemonic.range, (ByteRange{6, 10}));
  ASSERT_EQ(st.modifiers.size(), 1u);
  EXPECT_EQ(st.modifiers[0].text, "S8");
  EXPECT_EQ(st.modifiers[0].range, (ByteRange{11, 13}));
  ASSERT_EQ(st.operands.size(), 4u);
  const OperandView& range = st.operands[0];
  EXPECT_EQ(range.kind, OperandKind::RegisterRange);
  EXPECT_EQ(range.file.text, "UR");
  EXPECT_EQ(range.first.text, "0");
  EXPECT_EQ(range.last.text, "1");
  EXPECT_EQ(range.range, (ByteRange{14, 21}));
  const OperandView& cmem = st.operands[1];
  EXPECT_EQ(cmem.kind, OperandKind::ConstantMemory);
  EXPECT_EQ(cmem.space.text, "c");
  EXPECT_EQ(cmem.bank.text, "0x1");
  EXPECT_EQ(cmem.base.text, "UR4");
  EXPECT_EQ(cmem.sign, '-');
  EXPECT_EQ(cmem.offset.text, "0x1");
  EXPECT_EQ(cmem.range, (ByteRange{23, 38}));
  const OperandView& reg = st.operands[2];
  EXPECT_EQ(reg.kind, OperandKind::Gpr);
  EXPECT_EQ(reg.prefix, '-');
  EXPECT_TRUE(reg.absolute);
  EXPECT_EQ(reg.name.text, "R7");
  EXPECT_EQ(reg.selector.text, "B1");
  EXPECT_EQ(reg.value.text, "R7.B1");
  EXPECT_EQ(reg.range, (ByteRange{40, 48}));
  const OperandView& bits = st.operands[3];
  EXPECT_EQ(bits.kind, OperandKind::FloatBits);
  EXPECT_EQ(bits.name.text, "0f3F800000");
  ASSERT_TRUE(st.trailingComma.has_value());
  EXPECT_EQ(*st.trailingComma, (ByteRange{61, 62}));
  EXPECT_TRUE(st.hasSemicolon);
  EXPECT_FALSE(st.hasError);
}

TEST(SyntaxTree, OperandKinds) {
  const SyntaxTree tree("X R1, UR2, P3, UP4, PR, R[UR5+0x2], 0x10, 1.5, pu ;");
  const auto s = statementsOf(tree);
  ASSERT_EQ(s.size(), 1u);
  std::vector<OperandKind> kinds;
  for (const auto& o : s[0].operands) kinds.push_back(o.kind);
  EXPECT_EQ(kinds,
            (std::vector<OperandKind>{OperandKind::Gpr, OperandKind::UniformGpr, OperandKind::Predicate,
                                      OperandKind::UniformPredicate, OperandKind::PredicateSet,
                                      OperandKind::RegisterIndirect, OperandKind::Integer, OperandKind::Float,
                                      OperandKind::Identifier}));
  EXPECT_EQ(s[0].operands[5].base.text, "UR5");
  EXPECT_EQ(s[0].operands[5].file.text, "R");
}

TEST(SyntaxTree, IncrementalEditsEqualAFreshParse) {
  const std::vector<std::string> pieces = {"IADD R0, R1, R2 ;\n",
                                           "MOV",
                                           " R",
                                           "0",
                                           ";",
                                           "\n",
                                           ", ",
                                           "c[0x0][0x10]",
                                           "@P0 ",
                                           "// note\n",
                                           "|",
                                           "-",
                                           "UR[0:1]",
                                           ".X",
                                           "\xff",
                                           "/*",
                                           "*/"};
  std::mt19937 rng(42);
  SyntaxTree tree("MOV R0, R1 ;\n");
  for (int i = 0; i < 400; ++i) {
    const auto size = static_cast<std::uint32_t>(tree.text().size());
    const auto roll = [&](std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); };
    const std::uint32_t begin = roll(size + 1);
    const std::uint32_t end = std::min(size, begin + roll(6));
    const std::string& piece = pieces[roll(static_cast<std::uint32_t>(pieces.size()))];
    tree.applyEdit({begin, end, roll(4) == 0 ? std::string() : piece});
    const SyntaxTree fresh(tree.text());
    ASSERT_EQ(tree.toSExpression(), fresh.toSExpression()) << "after edit " << i << " text:\n" << tree.text();
  }
}

TEST(SyntaxTree, SExpressionLikeTreeSitterParse) {
  const SyntaxTree tree("NOP ;");
  EXPECT_EQ(tree.toSExpression(),
            "(source_file [0, 0] - [0, 5]\n"
            "  (instruction [0, 0] - [0, 5]\n"
            "    mnemonic: (mnemonic [0, 0] - [0, 3]\n"
            "      name: (identifier [0, 0] - [0, 3]))))");
  const SyntaxTree missing("IADD R0, R1");
  EXPECT_NE(missing.toSExpression({.ranges = false}).find("(MISSING \";\")"), std::string::npos);
}

}  // namespace
}  // namespace gpuasm::syntax
