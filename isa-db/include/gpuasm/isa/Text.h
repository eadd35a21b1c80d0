// Small text helpers every layer uses, written once: what a blank and a word character are,
// trimming, hex spelling, a text's lines and the first sentence of a prose text. The spec parser, the editor
// features (.asm and spec files), the debugger, the wire formats and the command line all call
// these instead of keeping their own copies (issue 29: nine hex formatters, five trims, four
// word-character tests and two first-sentence readers had drifted apart).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::text {

/// ASCII white space, as C's isspace in the "C" locale: space, \t, \n, \v, \f, \r.
constexpr bool isSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/// A character that may start a name: an ASCII letter or '_'.
constexpr bool isWordStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }

/// A character of a name — register, mnemonic, modifier, spec identifier: an ASCII letter,
/// digit or '_'. A byte of a UTF-8 sequence is not one.
constexpr bool isWordChar(char c) { return isWordStart(c) || (c >= '0' && c <= '9'); }

/// Where the run of word characters (isWordChar) that starts at `at` in `s` ends: `at` itself
/// when none is there, `s.size()` when the run reaches the end. The one identifier scan: the name
/// at `at` is `s.substr(at, wordEnd(s, at) - at)`.
constexpr std::size_t wordEnd(std::string_view s, std::size_t at) {
  while (at < s.size() && isWordChar(s[at])) ++at;
  return at;
}

/// `s` without the white space (isSpace) at its start.
constexpr std::string_view trimLeft(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  return s;
}

/// `s` without the white space (isSpace) at its end.
constexpr std::string_view trimRight(std::string_view s) {
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

/// `s` without the white space (isSpace) at either end.
constexpr std::string_view trim(std::string_view s) { return trimRight(trimLeft(s)); }

/// An ASCII letter in lower case; any other byte unchanged.
constexpr char toLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

/// Whether `a` and `b` are equal when ASCII letters are compared without case ("Content-Length",
/// "activeMask", "TRUE").
constexpr bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (toLower(a[i]) != toLower(b[i])) return false;
  return true;
}

/// How hex() spells a number.
struct HexOptions {
  unsigned digits = 1;  ///< at least this many digits, zero-padded (8 for a 32-bit register column)
  bool upper = false;   ///< upper-case digits (the assembly's immediates) instead of lower-case
  bool prefix = true;   ///< "0x" in front
};

/// `v` in hex: "0x1f0" by default, "0x000001f0" with {.digits = 8}, "0x1F0" with {.upper = true}.
std::string hex(std::uint64_t v, HexOptions options = {});

/// The first sentence of a prose text, on one line (runs of white space are one space): up to
/// and with the first '。' or the first '.' followed by white space or the end — the
/// abbreviations i.e., e.g., cf., vs. and etc. do not end a sentence — and never past the end of
/// the first paragraph (a blank line), so a list or a heading without a full stop is not joined
/// to the paragraph after it. Used for an erratum's decision and an optype's description in
/// hover, spec hover and completion.
std::string firstSentence(std::string_view text);

/// The columns `s` takes in a terminal's monospaced font: a code point of the East Asian Wide
/// and Fullwidth ranges (CJK ideographs, kana, Hangul, fullwidth forms such as '（' and '，')
/// two, a combining mark none, any other code point one; a maximal subpart that is not UTF-8
/// one (U+FFFD, isa/Utf8.h). Used to line up the columns of a table a reader sees as plain text.
std::size_t displayWidth(std::string_view s);

/// The lines of `text`, split at '\n', each without a '\r' that ends it (CRLF files); a text
/// ending in '\n' has an empty last line. Views into `text`. Used by the prose readers (the
/// spec's markdown, the pseudo-code of __Semantics).
std::vector<std::string_view> lines(std::string_view text);

}  // namespace gpuasm::text
