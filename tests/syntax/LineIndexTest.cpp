// LineIndex: byte offsets ↔ (line, UTF-16 column) for ASCII, 3-byte CJK characters (one UTF-16
// unit), 4-byte characters (two units, a surrogate pair), bytes that are not UTF-8 (one unit per
// maximal subpart, the U+FFFD an editor shows for it: isa/Utf8.h), CRLF
// line ends and out-of-range positions. Expected values are counted by hand from the strings.
#include <gpuasm/syntax/LineIndex.h>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace gpuasm::syntax {
namespace {

TEST(LineIndex, AsciiLines) {
  const LineIndex idx("ab\ncd\n");
  EXPECT_EQ(idx.lineCount(), 3u);
  EXPECT_EQ(idx.position(0), (LinePosition{0, 0}));
  EXPECT_EQ(idx.position(2), (LinePosition{0, 2}));
  EXPECT_EQ(idx.position(3), (LinePosition{1, 0}));
  EXPECT_EQ(idx.position(6), (LinePosition{2, 0}));
  EXPECT_EQ(idx.position(100), (LinePosition{2, 0}));  // clamped to the end
  EXPECT_EQ(idx.offset({1, 1}), 4u);
  EXPECT_EQ(idx.offset({1, 9}), 5u);  // past the line's end: before its '\n'
  EXPECT_EQ(idx.offset({7, 0}), 6u);  // past the last line: end of text
}

TEST(LineIndex, MultiByteCharacters) {
  // "加" is 3 bytes (E5 8A A0) and one UTF-16 unit; "😀" is 4 bytes and two units.
  const std::string text = "R0 加\xF0\x9F\x98\x80 x";
  const LineIndex idx(text);
  EXPECT_EQ(idx.position(3), (LinePosition{0, 3}));   // start of 加
  EXPECT_EQ(idx.position(4), (LinePosition{0, 3}));   // inside 加 → its start
  EXPECT_EQ(idx.position(6), (LinePosition{0, 4}));   // start of 😀
  EXPECT_EQ(idx.position(10), (LinePosition{0, 6}));  // after 😀 (two units)
  EXPECT_EQ(idx.position(11), (LinePosition{0, 7}));  // 'x'
  EXPECT_EQ(idx.offset({0, 4}), 6u);
  EXPECT_EQ(idx.offset({0, 5}), 6u);  // between the surrogates → the character's start
  EXPECT_EQ(idx.offset({0, 6}), 10u);
  EXPECT_EQ(idx.offset({0, 7}), 11u);
}

TEST(LineIndex, IllFormedSubpartsCountOneUnitEach) {
  const std::string text =
      "a\xff\xfe"
      "b\xE5\x8A"
      "c";  // two stray bytes; a 3-byte sequence cut short: one maximal subpart, one U+FFFD
  const LineIndex idx(text);
  EXPECT_EQ(idx.position(3), (LinePosition{0, 3}));  // 'b': a, FF, FE one unit each
  EXPECT_EQ(idx.position(4), (LinePosition{0, 4}));  // E5 8A starts here
  EXPECT_EQ(idx.position(5), (LinePosition{0, 4}));  // inside E5 8A → its start
  EXPECT_EQ(idx.position(6), (LinePosition{0, 5}));  // 'c': E5 8A is one U+FFFD (it was two units)
  EXPECT_EQ(idx.offset({0, 5}), 6u);
  EXPECT_EQ(idx.offset({0, 6}), 7u);
}

TEST(LineIndex, SurrogatesAndOverlongFormsAreOneUnitPerByte) {
  // ED A0 80 would be U+D800 and E0 80 80 an overlong NUL: neither is UTF-8, and no byte after
  // the lead may follow it, so each byte is its own U+FFFD (the old count took each as one
  // three-byte character, one unit, where an editor shows three U+FFFD).
  const std::string text = "\xED\xA0\x80x\xE0\x80\x80y\xF0\x9F\x98\x80z";
  const LineIndex idx(text);
  EXPECT_EQ(idx.position(3), (LinePosition{0, 3}));    // 'x'
  EXPECT_EQ(idx.position(7), (LinePosition{0, 7}));    // 'y'
  EXPECT_EQ(idx.position(12), (LinePosition{0, 10}));  // 'z': 😀 is two units
  EXPECT_EQ(idx.offset({0, 1}), 1u);
  EXPECT_EQ(idx.offset({0, 7}), 7u);
  EXPECT_EQ(idx.position(12, ColumnUnit::Utf8), (LinePosition{0, 12}));  // bytes: no decoding
}

TEST(LineIndex, CrLfLineEnds) {
  const LineIndex idx("ab\r\ncd");
  EXPECT_EQ(idx.lineCount(), 2u);
  EXPECT_EQ(idx.lineEnd(0), 2u);  // before "\r\n"
  EXPECT_EQ(idx.offset({0, 5}), 2u);
  EXPECT_EQ(idx.position(4), (LinePosition{1, 0}));
  EXPECT_EQ(idx.lineEnd(1), 6u);
}

TEST(LineIndex, EmptyText) {
  const LineIndex idx("");
  EXPECT_EQ(idx.lineCount(), 1u);
  EXPECT_EQ(idx.position(0), (LinePosition{0, 0}));
  EXPECT_EQ(idx.offset({0, 3}), 0u);
}

// The index of an edited text from the index before the edit: the same line starts as indexing
// the new text, for edits that add, remove and keep newlines, at the ends and in the middle.
TEST(LineIndex, FromTheIndexBeforeAnEditEqualsAFreshIndex) {
  std::mt19937 rng(20261126);
  const std::vector<std::string> pieces = {"\n", "ab", "\r\n", "x\ny", "", "\n\n", "\xE4\xB8\xAD"};
  std::string text = "first\nsecond\r\nthird";
  for (int step = 0; step < 500; ++step) {
    const LineIndex before(text);
    const auto size = static_cast<std::uint32_t>(text.size());
    const std::uint32_t begin = static_cast<std::uint32_t>(rng() % (size + 1));
    const std::uint32_t end = std::min(size, begin + static_cast<std::uint32_t>(rng() % 8));
    std::string replacement;
    for (auto k = rng() % 3; k > 0; --k) replacement += pieces[rng() % pieces.size()];
    text = text.substr(0, begin) + replacement + text.substr(end);
    const LineIndex edited(text, before, begin, end, begin + static_cast<std::uint32_t>(replacement.size()));
    const LineIndex fresh(text);
    ASSERT_EQ(edited.lineCount(), fresh.lineCount()) << "step " << step;
    for (std::uint32_t line = 0; line <= fresh.lineCount(); ++line) {
      ASSERT_EQ(edited.lineStart(line), fresh.lineStart(line)) << "step " << step << " line " << line;
      ASSERT_EQ(edited.lineEnd(line), fresh.lineEnd(line)) << "step " << step << " line " << line;
    }
  }
}

}  // namespace
}  // namespace gpuasm::syntax

namespace gpuasm::syntax {
namespace {

// UTF-8 columns count bytes: "a中b" is a(1) 中(3 bytes, 1 UTF-16 unit) b(1).
TEST(LineIndexUtf8, ColumnsCountBytes) {
  const std::string text =
      "x\na\xE4\xB8\xAD"
      "b\n";
  const LineIndex lines(text);
  EXPECT_EQ(lines.position(6, ColumnUnit::Utf8).character, 4u);  // b: after a and 中's three bytes
  EXPECT_EQ(lines.position(6, ColumnUnit::Utf16).character, 2u);
  EXPECT_EQ(lines.offset({1, 4}, ColumnUnit::Utf8), 6u);
  EXPECT_EQ(lines.offset({1, 2}, ColumnUnit::Utf8), 3u);   // inside 中: its start
  EXPECT_EQ(lines.offset({1, 99}, ColumnUnit::Utf8), 7u);  // past the end: the line's end
}

}  // namespace
}  // namespace gpuasm::syntax
