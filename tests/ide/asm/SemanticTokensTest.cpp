// Semantic tokens: every expectation lists the token texts in order with the type a reader gives
// them from docs/LANGUAGE.md (guard, mnemonic and which dotted parts spell it, operand forms).
#include "Annotated.h"

#include <gpuasm/ide/asm/SemanticTokens.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuasm::featuretest {
namespace {

using T = ide::SemanticTokenType;
constexpr std::uint32_t kAll = 0xFFFFFFFFu;
constexpr std::uint32_t kRO = ide::kReadonly;

struct Expected {
  std::string text;
  T type;
  std::uint32_t modifiers = 0;
};

// The tokens of `text`, which must be the expected pieces found one after another in the text.
void expectTokens(const std::string& text, const std::vector<Expected>& expected,
                  syntax::ByteRange range = {0, kAll}) {
  const auto snap = ide::Snapshot::analyse(db(), text);
  const auto tokens = ide::getSemanticTokens(*snap, range);
  std::vector<ide::SemanticToken> want;
  std::size_t from = 0;
  for (const Expected& e : expected) {
    const std::size_t at = text.find(e.text, from);
    ASSERT_NE(at, std::string::npos) << e.text;
    want.push_back({{static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(at + e.text.size())},
                    e.type,
                    e.modifiers});
    from = at + e.text.size();
  }
  ASSERT_EQ(tokens.size(), want.size()) << text;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const auto& t = tokens[i];
    EXPECT_EQ(t, want[i]) << i << ": got '" << text.substr(t.range.begin, t.range.end - t.range.begin)
                          << "' type " << static_cast<int>(t.type) << ", want '" << expected[i].text << "'";
  }
}

// Sorted, non-overlapping, never across a line end, inside the text.
void expectWellFormed(const std::string& text) {
  const auto snap = ide::Snapshot::analyse(db(), text);
  const auto tokens = ide::getSemanticTokens(*snap, {0, kAll});
  std::uint32_t last = 0;
  for (const auto& t : tokens) {
    EXPECT_LE(last, t.range.begin);
    EXPECT_LT(t.range.begin, t.range.end);
    EXPECT_LE(t.range.end, text.size());
    const std::string_view body = std::string_view(text).substr(t.range.begin, t.range.end - t.range.begin);
    EXPECT_EQ(body.find('\n'), std::string_view::npos);
    EXPECT_EQ(body.find('\r'), std::string_view::npos);
    EXPECT_LT(static_cast<std::size_t>(t.type), ide::kSemanticTokenTypeCount);
    last = t.range.end;
  }
}

TEST(SemanticTokens, MnemonicPartsBelongToTheKeywordModifiersDoNot) {
  // IMAD.WIDE names the optype IMAD_WIDE (000_ialu.txt:543); .U32 is its modifier.
  expectTokens("@!P0 IMAD.WIDE.U32 R[0:1], -R2, c[0x0][0x160], RZ ; // wide\n", {{"@!P0", T::Decorator},
                                                                                 {"IMAD.WIDE", T::Keyword},
                                                                                 {"U32", T::Modifier},
                                                                                 {"R[0:1]", T::Variable},
                                                                                 {"-", T::Operator},
                                                                                 {"R2", T::Variable},
                                                                                 {"c", T::Variable, kRO},
                                                                                 {"0x0", T::Number},
                                                                                 {"0x160", T::Number},
                                                                                 {"RZ", T::Variable, kRO},
                                                                                 {"// wide", T::Comment}});
  // IADD.X: X is a modifier of IADD (000_ialu.txt:171-175), not part of the mnemonic.
  expectTokens("IADD.X R1, PT, R3, ~R5, P0 ;", {{"IADD", T::Keyword},
                                                {"X", T::Modifier},
                                                {"R1", T::Variable},
                                                {"PT", T::Variable, kRO},
                                                {"R3", T::Variable},
                                                {"~", T::Operator},
                                                {"R5", T::Variable},
                                                {"P0", T::Variable}});
  // IDP.2A spells IDP2A (docs/LANGUAGE.md); .U16 and .S8 are modifiers.
  expectTokens("IDP.2A.U16.S8 R0, R1, R2, 0x0;", {{"IDP.2A", T::Keyword},
                                                  {"U16", T::Modifier},
                                                  {"S8", T::Modifier},
                                                  {"R0", T::Variable},
                                                  {"R1", T::Variable},
                                                  {"R2", T::Variable},
                                                  {"0x0", T::Number}});
}

TEST(SemanticTokens, PrefixesBarsSelectorsAndLiterals) {
  expectTokens("FADD.FTZ R0, -|R1.H1|, 0.25 ;", {{"FADD", T::Keyword},
                                                 {"FTZ", T::Modifier},
                                                 {"R0", T::Variable},
                                                 {"-", T::Operator},
                                                 {"|", T::Operator},
                                                 {"R1", T::Variable},
                                                 {"H1", T::Property},
                                                 {"|", T::Operator},
                                                 {"0.25", T::Number}});
  expectTokens("FMUL R0, R1, 0f405A7EFA ;",
               {{"FMUL", T::Keyword}, {"R0", T::Variable}, {"R1", T::Variable}, {"0f405A7EFA", T::Number}});
  expectTokens("R2P PR, R7.B1, 0xFF;", {{"R2P", T::Keyword},
                                        {"PR", T::Variable},
                                        {"R7", T::Variable},
                                        {"B1", T::Property},
                                        {"0xFF", T::Number}});
  expectTokens("@UPT UIADD UR0, URZ, -0x114514 ;", {{"@UPT", T::Decorator},
                                                    {"UIADD", T::Keyword},
                                                    {"UR0", T::Variable},
                                                    {"URZ", T::Variable, kRO},
                                                    {"-", T::Operator},
                                                    {"0x114514", T::Number}});
}

TEST(SemanticTokens, AddressParts) {
  expectTokens("SETGPR R[UR2+0x1], R1;", {{"SETGPR", T::Keyword},
                                          {"R", T::Variable},
                                          {"UR2", T::Variable},
                                          {"0x1", T::Number},
                                          {"R1", T::Variable}});
  expectTokens("ULDC.S8 UR1, c[0x1][UR4-0x1];", {{"ULDC", T::Keyword},
                                                 {"S8", T::Modifier},
                                                 {"UR1", T::Variable},
                                                 {"c", T::Variable, kRO},
                                                 {"0x1", T::Number},
                                                 {"UR4", T::Variable},
                                                 {"0x1", T::Number}});
}

TEST(SemanticTokens, CommentsAreCutAtLineEnds) {
  // A block comment over three lines gives one token per line, without the line ends (\r\n too).
  expectTokens("/* one\r\ntwo\r\nthree */ IADD R0, R1, R2 ; // end\r\n", {{"/* one", T::Comment},
                                                                          {"two", T::Comment},
                                                                          {"three */", T::Comment},
                                                                          {"IADD", T::Keyword},
                                                                          {"R0", T::Variable},
                                                                          {"R1", T::Variable},
                                                                          {"R2", T::Variable},
                                                                          {"// end", T::Comment}});
  // An empty line inside a comment has no token.
  expectTokens("/*\n\n*/\n", {{"/*", T::Comment}, {"*/", T::Comment}});
}

TEST(SemanticTokens, LinesThatDoNotParseKeepTheirCommentsAndStatement) {
  // The missing ';' is a syntax error; the statement's pieces and the comment are still there.
  expectTokens("IADD R0, R1, R2 // no semicolon\n", {{"IADD", T::Keyword},
                                                     {"R0", T::Variable},
                                                     {"R1", T::Variable},
                                                     {"R2", T::Variable},
                                                     {"// no semicolon", T::Comment}});
  // An unknown mnemonic owns none of the dotted parts.
  expectTokens("IADDD.X R0, R1, R2 ; /* typo */", {{"IADDD", T::Keyword},
                                                   {"X", T::Modifier},
                                                   {"R0", T::Variable},
                                                   {"R1", T::Variable},
                                                   {"R2", T::Variable},
                                                   {"/* typo */", T::Comment}});
  expectWellFormed("%%% ??? // note\n,,, ; IADD R0 R1 ;\n");
}

TEST(SemanticTokens, OnlyTheRequestedRange) {
  const Annotated a("IADD R0, R1, R2 ;\n[[MOV R3, R4 ;]]\nMOV R5, R6 ;\n");
  const auto tokens = ide::getSemanticTokens(*a.snapshot(), a.ranges[0]);
  ASSERT_EQ(tokens.size(), 3u);
  EXPECT_EQ(tokens[0].range.begin, a.ranges[0].begin);
  EXPECT_EQ(tokens[2].range.end, a.ranges[0].end - 2);  // "R4", before " ;"
}

TEST(SemanticTokens, BadInputNeverCrashes) {
  expectTokens("", {});
  expectTokens("/* never closed\nIADD R0, R1, R2 ;\n", {{"/* never closed", T::Comment},
                                                        {"IADD", T::Keyword},
                                                        {"R0", T::Variable},
                                                        {"R1", T::Variable},
                                                        {"R2", T::Variable}});
  expectWellFormed("\xff\xfe IADD R0, R1, R2 ; // \xc3\n\xc3\x28 MOV R1, R2 ;\n");
  expectWellFormed("@@@ .... ;;; |||| -~! c[[[ R[ : ] ]]\n*/ /* \n");
  // A very long line: 5000 statements, four tokens each (mnemonic and three registers).
  std::string longLine;
  for (int i = 0; i < 5000; ++i) longLine += "IADD R0, R1, R2 ; ";
  const auto snap = ide::Snapshot::analyse(db(), longLine);
  EXPECT_EQ(ide::getSemanticTokens(*snap, {0, kAll}).size(), 20000u);
  expectWellFormed(longLine);
}

}  // namespace
}  // namespace gpuasm::featuretest
