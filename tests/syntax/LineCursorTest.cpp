// LineCursor (positions met in increasing order, no line table) against LineIndex, the tested
// random-access mapping, on text with multi-byte characters, surrogate pairs, invalid bytes
// and CRLF line ends.
#include <gpuasm/syntax/LineIndex.h>

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace gpuasm::syntax {
namespace {

std::string mixedText(std::uint32_t seed, std::size_t pieces) {
  static const char* const parts[] = {"MOV R1, R2 ;", "\n",       "\r\n", "é",  "漢",      "😀",
                                      "\xff",         "\xe6\xbc", " ",    "\t", "/* x */", "\xf0\x9f"};
  std::mt19937 rng(seed);
  std::string text;
  for (std::size_t k = 0; k < pieces; ++k) text += parts[rng() % std::size(parts)];
  return text;
}

TEST(LineCursor, EveryOffsetInOrderIsWhereLineIndexPutsIt) {
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    const std::string text = mixedText(seed, 300);
    const LineIndex index(text);
    for (const ColumnUnit unit : {ColumnUnit::Utf16, ColumnUnit::Utf8}) {
      LineCursor cursor(text, unit);
      for (std::uint32_t offset = 0; offset <= text.size() + 2; ++offset)
        ASSERT_EQ(cursor.position(offset), index.position(offset, unit))
            << "seed " << seed << " offset " << offset;
    }
  }
}

TEST(LineCursor, RangeEndsAndSkipsAgreeWithLineIndex) {
  std::mt19937 rng(7);
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    const std::string text = mixedText(seed, 400);
    const auto size = static_cast<std::uint32_t>(text.size());
    const LineIndex index(text);
    LineCursor cursor(text);
    for (std::uint32_t begin = 0; begin < size; begin += 1 + static_cast<std::uint32_t>(rng() % 40)) {
      const std::uint32_t end = begin + static_cast<std::uint32_t>(rng() % 60);
      const LinePosition b = cursor.position(begin);
      ASSERT_EQ(b, index.position(begin));
      ASSERT_EQ(cursor.positionAfter(cursor.consumed(), b, end), index.position(end)) << begin << "-" << end;
    }
    // Going back is answered too (by reading from the start again).
    EXPECT_EQ(cursor.position(3), index.position(3));
  }
}

}  // namespace
}  // namespace gpuasm::syntax
