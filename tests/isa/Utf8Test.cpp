// UTF-8 well-formedness and the \xNN escaping of other bytes (isa/Utf8.h); the byte sequences
// are RFC 3629's table worked through by hand.
#include <gpuasm/isa/Utf8.h>

#include <gtest/gtest.h>

namespace gpuasm::text {
namespace {

TEST(Utf8, SequenceLengthsOfWellFormedCharacters) {
  EXPECT_EQ(utf8SequenceLength("A", 0), 1u);
  EXPECT_EQ(utf8SequenceLength("\xc3\xa9", 0), 2u);          // é U+00E9
  EXPECT_EQ(utf8SequenceLength("\xe4\xb8\xad", 0), 3u);      // 中 U+4E2D
  EXPECT_EQ(utf8SequenceLength("\xf0\x9f\x98\x80", 0), 4u);  // U+1F600
  EXPECT_EQ(utf8SequenceLength("x\xc3\xa9", 1), 2u);
}

TEST(Utf8, IllFormedSequencesHaveNoLength) {
  EXPECT_EQ(utf8SequenceLength("\x80", 0), 0u);              // a continuation byte alone
  EXPECT_EQ(utf8SequenceLength("\xc0\x80", 0), 0u);          // overlong NUL
  EXPECT_EQ(utf8SequenceLength("\xe0\x80\x80", 0), 0u);      // overlong in three bytes
  EXPECT_EQ(utf8SequenceLength("\xed\xa0\x80", 0), 0u);      // surrogate U+D800
  EXPECT_EQ(utf8SequenceLength("\xf4\x90\x80\x80", 0), 0u);  // U+110000, above the range
  EXPECT_EQ(utf8SequenceLength("\xe4\xb8", 0), 0u);          // cut short
  EXPECT_EQ(utf8SequenceLength("\xe4x\xad", 0), 0u);         // not a continuation byte
  EXPECT_EQ(utf8SequenceLength("\xff", 0), 0u);
}

TEST(Utf8, EscapingKeepsCharactersAndWritesOtherBytesAsHex) {
  EXPECT_EQ(escapeInvalidUtf8("IADD R1 ;"), "IADD R1 ;");
  EXPECT_EQ(escapeInvalidUtf8("a\xff\xc3\xa9\xe4\xb8"), "a\\xff\xc3\xa9\\xe4\\xb8");
  EXPECT_EQ(escapeInvalidUtf8("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(escapedByte(0x0b), "\\x0b");
}

}  // namespace
}  // namespace gpuasm::text
