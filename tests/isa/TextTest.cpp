// The text helpers every layer shares (isa/Text.h): white space, word characters, trimming,
// hex spelling and the first sentence of prose. Expected strings are written out by hand; the
// first-sentence cases include the real texts that made the .asm hover and the spec hover
// disagree (an erratum's decision with "i.e.", optype descriptions with lists and a Chinese
// full stop).
#include <gpuasm/isa/Text.h>

#include "TestSpec.h"

#include <gtest/gtest.h>

#include <string_view>
#include <utility>
#include <vector>

namespace gpuasm::text {
namespace {

TEST(TextTest, WhiteSpaceIsCsSixCharacters) {
  for (const char c : {' ', '\t', '\n', '\v', '\f', '\r'}) EXPECT_TRUE(isSpace(c)) << int(c);
  for (const char c : {'a', '0', '_', '\0', '\x1f', '\x7f', '\xa0', '\xe3'})
    EXPECT_FALSE(isSpace(c)) << int(c);
}

TEST(TextTest, WordCharactersAreAsciiLettersDigitsAndUnderscore) {
  for (const char c : {'a', 'z', 'A', 'Z', '0', '9', '_'}) EXPECT_TRUE(isWordChar(c)) << c;
  for (const char c : {'.', '-', ' ', '[', '@', '`', '{', '/', ':', '\xc3', '\x80'})
    EXPECT_FALSE(isWordChar(c)) << int(c);
  EXPECT_TRUE(isWordStart('_'));
  EXPECT_TRUE(isWordStart('R'));
  EXPECT_FALSE(isWordStart('4'));  // "4R" is not a name
}

TEST(TextTest, TrimRemovesWhiteSpaceAtTheEndsOnly) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"  R1 = 5 \t\r\n", "R1 = 5"}, {"\f\vx\v", "x"}, {" \t \r\n", ""}, {"", ""}, {"a  b", "a  b"}};
  for (const auto& [in, out] : cases) EXPECT_EQ(trim(in), out) << '"' << in << '"';
  EXPECT_EQ(trimLeft("  // note  "), "// note  ");
}

TEST(TextTest, EqualsIgnoringCaseComparesAsciiLettersOnly) {
  EXPECT_TRUE(equalsIgnoringCase("Content-Length", "content-length"));
  EXPECT_TRUE(equalsIgnoringCase("TRUE", "true"));
  EXPECT_FALSE(equalsIgnoringCase("true", "truE "));
  EXPECT_FALSE(equalsIgnoringCase("@", "`"));  // 0x40 and 0x60 differ by the case bit, but are not letters
  EXPECT_EQ(toLower('Q'), 'q');
  EXPECT_EQ(toLower('['), '[');
}

TEST(TextTest, HexSpellsDigitsPaddingCaseAndPrefixAsAsked) {
  struct Case {
    std::uint64_t value;
    HexOptions options;
    std::string_view spelling;
  };
  const Case cases[] = {
      {0, {}, "0x0"},
      {0x1f0, {}, "0x1f0"},
      {0xdeadbeef, {}, "0xdeadbeef"},
      {0xffffffffffffffffull, {}, "0xffffffffffffffff"},
      {0x1f0, {.digits = 8}, "0x000001f0"},
      {0x123456789ull, {.digits = 8}, "0x123456789"},  // padding never truncates
      {0xabc, {.upper = true}, "0xABC"},
      {0x64, {.digits = 8, .prefix = false}, "00000064"},
      {0, {.digits = 0}, "0x0"},  // at least one digit
  };
  for (const Case& c : cases) EXPECT_EQ(hex(c.value, c.options), c.spelling);
}

// Each case: a prose text and its first sentence.
using SentenceCases = std::vector<std::pair<std::string_view, std::string_view>>;

void expectFirstSentences(const SentenceCases& cases) {
  for (const auto& [prose, sentence] : cases) EXPECT_EQ(firstSentence(prose), sentence) << prose;
}

TEST(TextTest, FirstSentenceEndsAtAFullStopFollowedByWhiteSpace) {
  expectFirstSentences({
      {"Adds two registers. The carry is dropped.", "Adds two registers."},
      {"Adds two registers.", "Adds two registers."},
      {"No full stop at all", "No full stop at all"},
      // A '.' inside a word or number is not the end; a sentence may run over several lines.
      {"Writes 0.5 to\n  R1.H0 and\tstops.\nMore.", "Writes 0.5 to R1.H0 and stops."},
      {"  \n\n  Leading blank lines are skipped. Rest.", "Leading blank lines are skipped."},
      {"", ""},
      // Moved from BindingTest (firstSentence was isa::firstSentence in Binding.h).
      {"进行整数加法，即Rd = Ra + SrcB。\n\n加法是对输入整数的二进制补码进行的。",
       "进行整数加法，即Rd = Ra + SrcB。"},
      {"Adds, i.e. sums two values. Then more.", "Adds, i.e. sums two values."},
      {"one\nline. two", "one line."},
      {"no end", "no end"},
  });
}

TEST(TextTest, FirstSentenceSkipsAbbreviations) {
  expectFirstSentences({
      {"Rounds, e.g. to zero, and i.e. truncates. Next.", "Rounds, e.g. to zero, and i.e. truncates."},
      {"Compare A vs. B, cf. L-3, etc. and so on. Next.", "Compare A vs. B, cf. L-3, etc. and so on."},
      {"Use E.G. style. Next.", "Use E.G. style."},
  });
}

TEST(TextTest, FirstSentenceStopsAtTheChineseFullStopAndAtTheParagraphsEnd) {
  expectFirstSentences({
      {"加法。减法。", "加法。"},
      {"A list:\n- one\n- two\n\nThen a new paragraph. More.", "A list: - one - two"},
      {"Heading\r\n \t\r\nBody text.", "Heading"},  // a line of blanks ends a paragraph
      {"x. y。", "x."},                             // whichever comes first
      {"x。y. z", "x。"},
  });
}

// The texts the two readers disagreed on, from the embedded spec.
TEST(TextTest, FirstSentenceOfRealSpecTexts) {
  const isa::InstrDb& db = isa::test::db();
  const isa::Erratum* l20 = db.erratum("L-20");
  ASSERT_NE(l20, nullptr);
  // "i.e." in the middle: the spec hover used to cut the summary there.
  EXPECT_EQ(firstSentence(l20->decision.text),
            "The simulator evaluates every add-with-carry as one exact unsigned addition s = A + B + cin "
            "and sets Rd = s mod 2^32 and pu = (s >> 32) != 0, i.e. pu = (s >= 2^32); for IMAD_WIDE and "
            "UIMAD_WIDE the width is 64 (Rd = s mod 2^64, pu = s >= 2^64).");
  auto description = [&](std::string_view name) {
    for (const isa::Optype& o : db.optypes())
      if (o.name == name) return o.docs.description.text;
    ADD_FAILURE() << name;
    return std::string();
  };
  // A list before a blank line: the .asm completion used to run on into the next paragraph's
  // "注意：…" (a note about inactive lanes); the summary is the list's paragraph.
  EXPECT_EQ(firstSentence(description("SHFL")),
            "在同一个warp的参与线程之间进行GPR值的交换： - 每个参与线程试图获取另一个参与线程的某个GPR值 - "
            "如果获取成功，则输出对应的GPR值，并返回一个为true的谓词 - 否则返回的谓词为false");
  // Two sentences on one line ending in '。': the spec hover used to show both.
  EXPECT_EQ(firstSentence(description("FSEL")), "根据谓词pp的值，选择将Ra或SrcB的值赋予给Rd。");
}

}  // namespace
}  // namespace gpuasm::text
