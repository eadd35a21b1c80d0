// UTF-8 decoding, well-formedness and the \xNN escaping of other bytes (isa/Utf8.h); the byte
// sequences are RFC 3629's table and Unicode §3.9's maximal-subpart example worked through by hand.
#include <gpuasm/isa/Utf8.h>

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

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

// A character as decodeUtf8 reads it: code point, bytes, well-formed.
using Char = std::tuple<char32_t, std::uint32_t, bool>;
using Chars = std::vector<Char>;

// The characters decodeUtf8 reads from `s`, in order.
Chars decodeAll(std::string_view s) {
  Chars out;
  for (std::size_t i = 0; i < s.size();) {
    const Utf8Char c = decodeUtf8(s, i);
    out.emplace_back(c.codePoint, c.bytes, c.wellFormed);
    i += c.bytes;
  }
  return out;
}

TEST(Utf8, DecodesWellFormedCharacters) {
  // Code points from the bits by hand: C3 A9 = 00011|101001 = U+00E9; E4 B8 AD =
  // 0100|111000|101101 = U+4E2D; F0 9F 98 80 = 000|011111|011000|000000 = U+1F600.
  EXPECT_EQ(
      decodeAll("A\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80"),
      (Chars{Char{0x41, 1u, true}, Char{0xE9, 2u, true}, Char{0x4E2D, 3u, true}, Char{0x1F600, 4u, true}}));
  // The edges: ED 9F BF = U+D7FF (the last before the surrogates), EE 80 80 = U+E000 (the first
  // after), F4 8F BF BF = U+10FFFF (the last code point).
  EXPECT_EQ(decodeAll("\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf"),
            (Chars{Char{0xD7FF, 3u, true}, Char{0xE000, 3u, true}, Char{0x10FFFF, 4u, true}}));
  EXPECT_EQ(decodeUtf8("\xf0\x9f\x98\x80", 0).utf16Units(), 2u);  // a surrogate pair
  EXPECT_EQ(decodeUtf8("\xef\xbf\xbd", 0).utf16Units(), 1u);      // U+FFFD itself
}

// Each maximal subpart of an ill-formed sequence is one U+FFFD: the longest run that starts like
// a well-formed sequence, else one byte.
TEST(Utf8, DecodesEachMaximalSubpartAsOneReplacementCharacter) {
  constexpr char32_t R = 0xFFFD;
  // Unicode §3.9, "U+FFFD Substitution of Maximal Subparts": 61 F1 80 80 E1 80 C2 62 80 63 80 BF
  // 64 is a, FFFD (F1 80 80 cut short), FFFD (E1 80 cut short), FFFD (C2), b, FFFD (a stray
  // continuation), c, FFFD, FFFD, d.
  EXPECT_EQ(decodeAll("\x61\xf1\x80\x80\xe1\x80\xc2\x62\x80\x63\x80\xbf\x64"),
            (Chars{Char{'a', 1u, true}, Char{R, 3u, false}, Char{R, 2u, false}, Char{R, 1u, false},
                   Char{'b', 1u, true}, Char{R, 1u, false}, Char{'c', 1u, true}, Char{R, 1u, false},
                   Char{R, 1u, false}, Char{'d', 1u, true}}));
  // Overlong forms: C0 and C1 never lead; after E0 the second byte must be A0..BF, after F0
  // 90..BF, so the lead is a subpart alone and each continuation byte another.
  EXPECT_EQ(decodeAll("\xc0\x80"), (Chars{Char{R, 1u, false}, Char{R, 1u, false}}));
  EXPECT_EQ(decodeAll("\xe0\x80\x80"), (Chars{Char{R, 1u, false}, Char{R, 1u, false}, Char{R, 1u, false}}));
  EXPECT_EQ(decodeAll("\xf0\x8f\xbf\xbf"), Chars(4, Char{R, 1u, false}));
  // A surrogate (ED A0 80 = U+D800): after ED the second byte must be 80..9F.
  EXPECT_EQ(decodeAll("\xed\xa0\x80"), (Chars{Char{R, 1u, false}, Char{R, 1u, false}, Char{R, 1u, false}}));
  // Above U+10FFFF (F4 90 80 80): after F4 the second byte must be 80..8F; F5..FF never lead.
  EXPECT_EQ(decodeAll("\xf4\x90\x80\x80"), Chars(4, Char{R, 1u, false}));
  EXPECT_EQ(decodeAll("\xf5\xff"), (Chars{Char{R, 1u, false}, Char{R, 1u, false}}));
  // Cut short, by another character or by the end of the text: one U+FFFD for the bytes so far.
  EXPECT_EQ(decodeAll("\xe4\xb8x"), (Chars{Char{R, 2u, false}, Char{'x', 1u, true}}));
  EXPECT_EQ(decodeAll("\xf0\x9f\x98"), (Chars{Char{R, 3u, false}}));
  EXPECT_EQ(decodeUtf8("\xf0\x9f\x98", 0).utf16Units(), 1u);
}

TEST(Utf8, ReplacingInvalidBytesWritesOneReplacementPerSubpart) {
  EXPECT_EQ(replaceInvalidUtf8("IADD R1 ;"), "IADD R1 ;");
  EXPECT_EQ(replaceInvalidUtf8("\x61\xf1\x80\x80\xe1\x80\xc2\x62\x80\x63\x80\xbf\x64"),
            "a\uFFFD\uFFFD\uFFFDb\uFFFDc\uFFFD\uFFFDd");
  EXPECT_EQ(replaceInvalidUtf8("\xed\xa0\x80\xc3\xa9"), "\uFFFD\uFFFD\uFFFD\u00E9");
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
  // ...one \ufffd per maximal subpart, as a JSON reader decodes the bytes (E4 B8 cut short is
  // one, ED A0 80 three), but \xNN for each byte when a person reads them.
  EXPECT_EQ(escapeText("\xe4\xb8x\xed\xa0\x80", {.json = true}), "\\ufffdx\\ufffd\\ufffd\\ufffd");
  EXPECT_EQ(escapeText("\xe4\xb8x"), "\\xe4\\xb8x");
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
  out.clear();  // ED A0 is a surrogate's start: no byte can complete it
  EXPECT_EQ(appendEscapedText(out, "\xed\xa0", {}, false), 2u);
  EXPECT_EQ(out, "\\xed\\xa0");
  out.clear();  // F0 9F 98 may still become U+1F600
  EXPECT_EQ(appendEscapedText(out, "x\xf0\x9f\x98", {}, false), 1u);
  EXPECT_EQ(out, "x");
  out.clear();
  EXPECT_EQ(appendEscapedText(out, "\xf0\x9f\x98", {}, true), 3u);
  EXPECT_EQ(out, "\\xf0\\x9f\\x98");
}

}  // namespace
}  // namespace gpuasm::text
