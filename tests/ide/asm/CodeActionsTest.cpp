// Code actions: every quick fix is applied to the text and the result re-analysed, so a test
// checks that the fix really removes the diagnostic (and introduces no other), not only that an
// edit exists. The expected fixes come from the spec lines quoted with each test.
#include "Annotated.h"

#include <gpuasm/ide/asm/CodeActions.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace gpuasm::featuretest {
namespace {

std::string applied(std::string text, const ide::CodeAction& action) {
  // Edits do not overlap; applying the last first keeps the earlier offsets valid.
  auto edits = action.edits;
  std::sort(edits.begin(), edits.end(), [](const auto& x, const auto& y) { return x.begin > y.begin; });
  for (const auto& e : edits) text.replace(e.begin, e.end - e.begin, e.replacement);
  return text;
}

std::vector<std::string> codesOf(const std::string& text) {
  std::vector<std::string> out;
  // Keep the snapshot alive: the diagnostics live in it (a temporary in the range-for's
  // initializer would be destroyed before the loop runs).
  const auto snapshot = ide::Snapshot::analyse(db(), text);
  for (const auto& d : snapshot->diagnostics()) out.push_back(std::string(isa::spelling(d.code)));
  return out;
}

std::vector<std::string> titlesOf(const std::vector<ide::CodeAction>& actions) {
  std::vector<std::string> out;
  for (const auto& a : actions) out.push_back(a.title);
  return out;
}

// 000_ialu.txt:125-126: IADD's forms take no modifier but .X, so .SAT is unknown and the only
// fix is to delete it, dot included.
TEST(CodeActions, RemovesAnUnknownModifierWithItsDot) {
  const Annotated a("IADD.S^AT R0, R1, R2 ;\n");
  const auto snap = a.snapshot();
  const auto actions = ide::getCodeActions(*snap, {a.cursor, a.cursor});
  ASSERT_EQ(actions.size(), 1u);
  const ide::CodeAction& fix = actions[0];
  EXPECT_EQ(fix.title, "Remove '.SAT'");
  EXPECT_EQ(fix.kind, ide::CodeActionKind::QuickFix);
  EXPECT_EQ(fix.code, isa::DiagnosticCode::UnknownModifier);
  EXPECT_EQ(snap->diagnostics()[fix.diagnostic].code, isa::DiagnosticCode::UnknownModifier);
  EXPECT_TRUE(fix.isPreferred);
  ASSERT_EQ(fix.edits.size(), 1u);
  EXPECT_EQ(fix.edits[0].begin, 4u);
  EXPECT_EQ(fix.edits[0].end, 8u);
  EXPECT_EQ(fix.edits[0].replacement, "");
  const std::string fixed = applied(a.text, fix);
  EXPECT_EQ(fixed, "IADD R0, R1, R2 ;\n");
  const auto after = ide::Snapshot::analyse(db(), fixed);
  EXPECT_TRUE(after->diagnostics().empty());
  ASSERT_EQ(after->assembledUnit().statements.size(), 1u);
  EXPECT_TRUE(after->assembledUnit().statements[0].inst.has_value());
}

// 004_falu.txt:26: `.rnd = {.RN*, .RP, .RM, .RZ}`. .RX is one edit from all four; the matcher
// suggests the closest three (.RM, .RN, .RP), each a fix that assembles, plus removing it.
TEST(CodeActions, OffersEachSpellingTheMatcherSuggests) {
  const Annotated a("FADD.[[RX]] R0, R1, R2 ;\n");
  const auto snap = a.snapshot();
  const auto actions = ide::getCodeActions(*snap, a.ranges[0]);
  // 004_falu.txt:26: .rnd = {.RN*, .RP, .RM, .RZ}, each one edit from .RX.
  EXPECT_EQ(titlesOf(actions),
            (std::vector<std::string>{"Change '.RX' to '.RM'", "Change '.RX' to '.RN'",
                                      "Change '.RX' to '.RP'", "Change '.RX' to '.RZ'", "Remove '.RX'"}));
  for (const auto& fix : actions) {
    EXPECT_FALSE(fix.isPreferred) << fix.title;  // several fixes: the user chooses
    ASSERT_EQ(fix.edits.size(), 1u);
    const std::string fixed = applied(a.text, fix);
    EXPECT_TRUE(codesOf(fixed).empty()) << fixed;
  }
  EXPECT_EQ(applied(a.text, actions[1]), "FADD.RN R0, R1, R2 ;\n");
  EXPECT_EQ(applied(a.text, actions[4]), "FADD R0, R1, R2 ;\n");
}

// 000_ialu.txt:192 (IADD_RR): `AsmFormat<rb.neg> = CvtINegX(rb.neg, ext)`: under .X the
// negation is written '~' (errata L-51), so `-R4` in the SrcB slot gets the '~' fix.
TEST(CodeActions, NegationUnderXBecomesTilde) {
  const Annotated a("IADD.X R0, P0, R2, ^-R4 ;\n");
  const auto snap = a.snapshot();
  const auto actions = ide::getCodeActions(*snap, {a.cursor, a.cursor + 1});
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].code, isa::DiagnosticCode::NegUnderX);
  EXPECT_EQ(actions[0].title, "Change '-' to '~'");
  EXPECT_TRUE(actions[0].isPreferred);
  const std::string fixed = applied(a.text, actions[0]);
  EXPECT_EQ(fixed, "IADD.X R0, P0, R2, ~R4 ;\n");
  EXPECT_TRUE(codesOf(fixed).empty());
}

// The other direction of CvtINegX: '~' without .X is written '-'.
TEST(CodeActions, TildeWithoutXBecomesMinus) {
  const Annotated a("IADD R0, ^~R1, R2 ;\n");
  const auto actions = ide::getCodeActions(*a.snapshot(), {a.cursor, a.cursor});
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].title, "Change '~' to '-'");
  EXPECT_EQ(applied(a.text, actions[0]), "IADD R0, -R1, R2 ;\n");
  EXPECT_TRUE(codesOf(applied(a.text, actions[0])).empty());
}

// A statement without ';' has a MISSING token; the fix inserts it where the parser expects it.
TEST(CodeActions, InsertsTheMissingSemicolon) {
  const Annotated a("IADD R0, R1, R2^\n");
  const auto snap = a.snapshot();
  const auto actions = ide::getCodeActions(*snap, {a.cursor, a.cursor});
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].code, isa::DiagnosticCode::MissingToken);
  EXPECT_EQ(actions[0].title, "Insert ';'");
  EXPECT_TRUE(actions[0].isPreferred);
  ASSERT_EQ(actions[0].edits.size(), 1u);
  EXPECT_EQ(actions[0].edits[0].begin, 15u);
  EXPECT_EQ(actions[0].edits[0].end, 15u);
  const std::string fixed = applied(a.text, actions[0]);
  EXPECT_EQ(fixed, "IADD R0, R1, R2;\n");
  EXPECT_TRUE(codesOf(fixed).empty());
}

// The parser reports the ';' missing after a trailing comment; the fix goes before the comment,
// where the ';' ends the statement instead of becoming comment text. A missing ']' of an address
// is inserted the same way.
TEST(CodeActions, InsertsMissingTokensBeforeATrailingComment) {
  const Annotated a("IADD R0, R1, R2 // sum\nIADD R0, R1, c[0x0][0x10^ ;\n");
  const auto snap = a.snapshot();
  // The missing ';' is reported where it belongs, after "R2", not after the comment.
  const std::uint32_t afterR2 = static_cast<std::uint32_t>(a.text.find(" //"));
  ASSERT_EQ(snap->diagnostics().front().range, (syntax::ByteRange{afterR2, afterR2}));
  const auto semicolon = ide::getCodeActions(*snap, {afterR2, afterR2});
  ASSERT_EQ(semicolon.size(), 1u);
  EXPECT_EQ(semicolon[0].title, "Insert ';'");
  EXPECT_EQ(applied(a.text, semicolon[0]), "IADD R0, R1, R2; // sum\nIADD R0, R1, c[0x0][0x10 ;\n");
  const auto bracket = ide::getCodeActions(*snap, {a.cursor, a.cursor});
  ASSERT_EQ(bracket.size(), 1u);
  EXPECT_EQ(bracket[0].title, "Insert ']'");
  // Both fixes together leave a clean document.
  std::string both = applied(applied(a.text, bracket[0]), semicolon[0]);
  EXPECT_EQ(both, "IADD R0, R1, R2; // sum\nIADD R0, R1, c[0x0][0x10] ;\n");
  EXPECT_TRUE(codesOf(both).empty());
}

// 004_falu.txt:24: `FADD{.FTZ}{.SAT}{.rnd}`: .SAT.FTZ is legal but out of the form's order; the
// warning carries the reordered list and the fix writes it over both modifiers.
TEST(CodeActions, ReordersModifiersIntoTheFormsOrder) {
  const Annotated a("FADD.[[SAT.FTZ.RZ]] R0, R1, R2 ;\n");
  const auto snap = a.snapshot();
  const auto actions = ide::getCodeActions(*snap, {a.ranges[0].begin, a.ranges[0].begin});
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].code, isa::DiagnosticCode::ModifierOrder);
  EXPECT_EQ(actions[0].title, "Reorder modifiers to '.FTZ.SAT.RZ'");
  ASSERT_EQ(actions[0].edits.size(), 1u);
  EXPECT_EQ(actions[0].edits[0].begin, a.ranges[0].begin);
  EXPECT_EQ(actions[0].edits[0].end, a.ranges[0].end);
  const std::string fixed = applied(a.text, actions[0]);
  EXPECT_EQ(fixed, "FADD.FTZ.SAT.RZ R0, R1, R2 ;\n");
  EXPECT_TRUE(codesOf(fixed).empty());
}

TEST(CodeActions, ReplacesAMisspeltMnemonic) {
  const Annotated a("IAD^DD R0, R1, R2 ;\n");
  const auto actions = ide::getCodeActions(*a.snapshot(), {a.cursor, a.cursor});
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].title, "Change 'IADDD' to 'IADD'");
  EXPECT_EQ(applied(a.text, actions[0]), "IADD R0, R1, R2 ;\n");
}

// The spec's examples end with `, ;` (errata L-61): a warning whose fix deletes the comma.
TEST(CodeActions, DeletesADanglingComma) {
  const Annotated a("IADD R0, R1, R2 ^, ;\n");
  const auto actions = ide::getCodeActions(*a.snapshot(), {a.cursor, a.cursor});
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].title, "Remove ','");
  const std::string fixed = applied(a.text, actions[0]);
  EXPECT_EQ(fixed, "IADD R0, R1, R2  ;\n");
  EXPECT_TRUE(codesOf(fixed).empty());
}

// 004_falu.txt:24: .FTZ is one optional literal; written twice, the second goes.
TEST(CodeActions, RemovesADuplicateModifier) {
  const Annotated a("FADD.FTZ.F^TZ R0, R1, R2 ;\n");
  const auto actions = ide::getCodeActions(*a.snapshot(), {a.cursor, a.cursor});
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].code, isa::DiagnosticCode::DuplicateModifier);
  const std::string fixed = applied(a.text, actions[0]);
  EXPECT_EQ(fixed, "FADD.FTZ R0, R1, R2 ;\n");
  EXPECT_TRUE(codesOf(fixed).empty());
}

// 004_falu.txt:26: .rnd = {.RN*, .RP, .RM, .RZ}, one slot; .RM and .RZ both fill it, and the
// fix is removing one: no "change to nothing" suggestion, the removal the quick fixes offer.
TEST(CodeActions, RemovesAConflictingModifier) {
  const Annotated a("FADD.RM.R^Z R0, R1, R2 ;\n");
  const auto actions = ide::getCodeActions(*a.snapshot(), {a.cursor, a.cursor});
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0].code, isa::DiagnosticCode::ConflictingModifiers);
  EXPECT_EQ(actions[0].title, "Remove '.RZ'");
  const std::string fixed = applied(a.text, actions[0]);
  EXPECT_EQ(fixed, "FADD.RM R0, R1, R2 ;\n");
  EXPECT_TRUE(codesOf(fixed).empty());
}

TEST(CodeActions, ASelectionSpanningLinesGetsTheFixesOfEveryDiagnosticInIt) {
  const Annotated a(
      "[[IADD.SAT R0, R1, R2 ;\nIADD R3, R1, R2 ;\nFADD.RX R0, R1, R2 ;]]\nIADDD R0, R1, R2 ;\n");
  const auto snap = a.snapshot();
  const auto actions = ide::getCodeActions(*snap, a.ranges[0]);
  EXPECT_EQ(titlesOf(actions),
            (std::vector<std::string>{"Remove '.SAT'", "Change '.RX' to '.RM'", "Change '.RX' to '.RN'",
                                      "Change '.RX' to '.RP'", "Change '.RX' to '.RZ'", "Remove '.RX'"}));
  EXPECT_NE(actions[0].diagnostic, actions[1].diagnostic);
  // Away from any diagnostic: no fixes.
  const std::uint32_t clean = static_cast<std::uint32_t>(a.text.find("R3"));
  EXPECT_TRUE(ide::getCodeActions(*snap, {clean, clean}).empty());
}

TEST(CodeActions, NoFixWhereTheDiagnosticCarriesNone) {
  // operand-count: the matcher's near miss lists legal forms but no replacement text.
  const Annotated a("IADD R0, ^R1 ;\n");
  const auto snap = a.snapshot();
  ASSERT_FALSE(snap->diagnostics().empty());
  EXPECT_TRUE(ide::getCodeActions(*snap, {0, static_cast<std::uint32_t>(a.text.size())}).empty());
}

TEST(CodeActions, BadInputNeverCrashes) {
  EXPECT_TRUE(ide::getCodeActions(*Annotated("").snapshot(), {0, 0}).empty());
  // A comment, and a range past the end of the text.
  const auto comment = Annotated("// IADD.SAT R0, R1, R2 ;\n").snapshot();
  EXPECT_TRUE(ide::getCodeActions(*comment, {5, 9}).empty());
  EXPECT_TRUE(ide::getCodeActions(*comment, {1000, 2000}).empty());
  // Invalid UTF-8 in a misspelt modifier: the title quotes it as U+FFFD, never as raw bytes.
  const Annotated bad("FADD.R\xff R0, R1, R2 ;\n\xc3\x28 IADD.SAT R0, R1, R2 ;\n");
  const auto snap = bad.snapshot();
  const auto actions = ide::getCodeActions(*snap, {0, static_cast<std::uint32_t>(bad.text.size())});
  // The '\xc3(' before the second statement is a syntax error; its .SAT is still fixable.
  EXPECT_NE(
      std::find_if(actions.begin(), actions.end(), [](const auto& x) { return x.title == "Remove '.SAT'"; }),
      actions.end());
  for (const auto& action : actions) {
    EXPECT_EQ(action.title.find('\xff'), std::string::npos);
    for (const auto& e : action.edits) {
      EXPECT_LE(e.begin, e.end);
      EXPECT_LE(e.end, bad.text.size());
    }
  }
}

}  // namespace
}  // namespace gpuasm::featuretest
