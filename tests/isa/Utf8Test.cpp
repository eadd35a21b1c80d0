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

// The one escaping of text shown to a person: C0 controls but tab (and newline when asked), DEL,
// C1 controls (U+0080..U+009F, two bytes each) and bytes that are not UTF-8, each byte as \xNN.
TEST(Utf8, EscapingTextWritesControlCharactersAsHexToo) {
  EXPECT_EQ(escapeText("IADD R1, \x1b[2J\x1b[31mRED ;"), "IADD R1, \\x1b[2J\\x1b[31mRED ;");
  EXPECT_EQ(escapeText("a\tb\nc\rd"), "a\tb\\x0ac\\x0dd");
  EXPECT_EQ(escapeText("a\tb\nc", {.newlines = true}), "a\tb\nc");
  EXPECT_EQ(escapeText(std::string_view("\0\x7f", 2)), "\\x00\\x7f");
  // U+009B (CSI) and U+0085 (NEL) are C1; U+00A0 (no-break space) and U+2028 are not controls.
  EXPECT_EQ(escapeText("\xc2\x9b\xc2\x85\xc2\xa0\xe2\x80\xa8"), "\\xc2\\x9b\\xc2\\x85\xc2\xa0\xe2\x80\xa8");
  EXPECT_EQ(escapeText("\xfe\xc3\xa9\\"), "\\xfe\xc3\xa9\\");  // a backslash stays as it is
  // Inside JSON: \u00NN for a control character, \ufffd for a byte that is not UTF-8.
  EXPECT_EQ(escapeText("\x7f\xc2\x9b\xfe\n", {.newlines = true, .json = true}), "\\u007f\\u009b\\ufffd\n");
  // Control characters kept: only bytes that are not UTF-8 are escaped.
  EXPECT_EQ(escapeInvalidUtf8("\x1b\xfe"), "\x1b\\xfe");
}

TEST(Utf8, EscapingPieceByPieceHoldsBackASequenceCutShort) {
  std::string out;
  // "é" cut after its first byte: held back while more may follow...
  EXPECT_EQ(appendEscapedText(out, "a\xc3", {}, false), 1u);
  EXPECT_EQ(out, "a");
  EXPECT_EQ(appendEscapedText(out, "\xc3\xa9\x62", {}, false), 3u);
  EXPECT_EQ(out, "a\xc3\xa9\x62");
  // ...but not a byte no continuation can complete, nor anything at the end.
  out.clear();
  EXPECT_EQ(appendEscapedText(out, "\xe4\x41", {}, false), 2u);
  EXPECT_EQ(out, "\\xe4A");
  out.clear();
  EXPECT_EQ(appendEscapedText(out, "\xf0\x9f\x98", {}, true), 3u);
  EXPECT_EQ(out, "\\xf0\\x9f\\x98");
}

}  // namespace
}  // namespace gpuasm::text
