// UTF-8 as the tools read and print text that came from a user's file: the one decoder
// (decodeUtf8), which every layer uses to count characters, columns and UTF-16 units, and the
// same text with every byte that is not UTF-8 — and every control character a terminal would act
// on — written `\xNN`, so a diagnostic quoting a file never echoes raw invalid bytes or escape
// sequences and JSON output stays valid UTF-8. The one escaping of user text (docs/PROTOCOL.md).
//
// The one policy for bytes that are not UTF-8 (docs/LANGUAGE.md "Encoding"): well-formed means
// RFC 3629 (no overlong forms, no surrogates, nothing above U+10FFFF), and each *maximal subpart*
// of an ill-formed sequence — the longest run of bytes that starts like a well-formed sequence
// but is not one, or else a single byte — decodes as one U+FFFD (Unicode §3.9 "U+FFFD
// Substitution of Maximal Subparts"; the WHATWG decoder VS Code reads files with, and the
// replacement nlohmann's writer makes in the JSON we send, do the same). So `E2 82 41` is U+FFFD
// then 'A' (one UTF-16 unit before the 'A'), and `ED A0 80` (a surrogate) is three U+FFFD: LSP
// columns count what the editor's copy of the text holds. Escaping for a person shows bytes, not
// characters: each byte of a maximal subpart is written `\xNN` (in JSON text, the subpart as one
// `\ufffd`).
#pragma once

#include <gpuasm/isa/Text.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gpuasm::text {

/// One character of UTF-8 text as decodeUtf8 reads it.
struct Utf8Char {
  char32_t codePoint = 0;   ///< the character; U+FFFD for a maximal subpart that is not UTF-8
  std::uint32_t bytes = 0;  ///< the bytes it takes: 1 to 4 when well-formed, 1 to 3 when not
  bool wellFormed = false;  ///< false: `bytes` bytes form a maximal subpart, shown as U+FFFD
  /// Its length in UTF-16 code units (LSP's columns): 2 above U+FFFF, else 1 (U+FFFD too).
  constexpr std::uint32_t utf16Units() const { return codePoint > 0xFFFF ? 2u : 1u; }
};

/// The character that starts at byte `at` of `s` (`at` < `s.size()`): a well-formed sequence
/// (RFC 3629), or a maximal subpart of an ill-formed one as U+FFFD (this header's policy): a
/// lead byte followed by the continuation bytes that may follow it (the second byte's range
/// depends on the lead: E0 A0..BF, ED 80..9F, F0 90..BF, F4 80..8F; else 80..BF) up to the first
/// byte that may not; a byte that cannot start a sequence (80..C1, F5..FF) alone.
constexpr Utf8Char decodeUtf8(std::string_view s, std::size_t at) {
  const auto c = static_cast<unsigned char>(s[at]);
  if (c < 0x80) return {c, 1, true};
  std::uint32_t n = 0;                    // the bytes a sequence with this lead has
  unsigned char low = 0x80, high = 0xBF;  // the range of its second byte
  char32_t cp = 0;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2, cp = c & 0x1Fu;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3, cp = c & 0x0Fu;
    if (c == 0xE0) low = 0xA0;   // below: an overlong form
    if (c == 0xED) high = 0x9F;  // above: a surrogate, U+D800..U+DFFF
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4, cp = c & 0x07u;
    if (c == 0xF0) low = 0x90;   // below: an overlong form
    if (c == 0xF4) high = 0x8F;  // above: past U+10FFFF
  } else {
    return {0xFFFD, 1, false};  // a continuation byte alone, C0, C1, F5..FF: never a lead
  }
  for (std::uint32_t k = 1; k < n; ++k) {
    if (at + k >= s.size()) return {0xFFFD, k, false};  // cut short by the end of the text
    const auto b = static_cast<unsigned char>(s[at + k]);
    if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF)) return {0xFFFD, k, false};
    cp = (cp << 6) | (b & 0x3Fu);
  }
  return {cp, n, true};
}

/// The length of the well-formed UTF-8 sequence that starts at `at` (1 for an ASCII byte, 2..4
/// for a longer one), or 0 when the bytes there are not one (decodeUtf8).
constexpr std::size_t utf8SequenceLength(std::string_view s, std::size_t at) {
  const Utf8Char ch = decodeUtf8(s, at);
  return ch.wellFormed ? ch.bytes : 0;
}

/// `s` with each maximal subpart that is not UTF-8 replaced by U+FFFD (EF BF BD): text that may
/// hold any bytes made valid UTF-8 as a decoder reads it, for a title or label quoting a file.
inline std::string replaceInvalidUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const Utf8Char ch = decodeUtf8(s, i);
    if (ch.wellFormed)
      out.append(s.substr(i, ch.bytes));
    else
      out += "\xEF\xBF\xBD";
    i += ch.bytes;
  }
  return out;
}

/// `\xNN` (lower-case hex) for one byte.
inline std::string escapedByte(unsigned char b) { return "\\x" + hex(b, {.digits = 2, .prefix = false}); }

/// Whether the well-formed sequence of `n` bytes at `at` is a control character: C0 (U+0000 to
/// U+001F), DEL (U+007F) or C1 (U+0080 to U+009F, the two bytes C2 80 to C2 9F).
inline bool isControlCharacter(std::string_view s, std::size_t at, std::size_t n) {
  const auto c = static_cast<unsigned char>(s[at]);
  if (n == 1) return c < 0x20 || c == 0x7F;
  return n == 2 && c == 0xC2 && static_cast<unsigned char>(s[at + 1]) <= 0x9F;
}

/// What escapeText writes as `\xNN` besides bytes that are not UTF-8.
struct EscapeOptions {
  bool controls = true;   ///< control characters except tab (isControlCharacter), byte by byte
  bool newlines = false;  ///< with `controls`: keep '\n' (the output's own line breaks)
  /// JSON text (inside its strings): a control character as `\u00NN`, a maximal subpart that is
  /// not UTF-8 as one `\ufffd` (decodeUtf8), instead of `\xNN` — for JSON a writer produced, which holds no
  /// raw C0 byte and no invalid UTF-8 but may hold DEL and C1 characters raw.
  bool json = false;
};

/// Appends to `out` the text of `s` as it is shown to a person, the one documented way
/// (docs/PROTOCOL.md): every byte that is not part of a well-formed UTF-8 sequence, and with
/// `controls` every byte of a control character other than tab (and newline when asked), as
/// `\xNN` (lower-case hex; a C1 character as its two bytes, `\xc2\x9b`); with `json` a maximal
/// subpart that is not UTF-8 as one `\ufffd`, as decodeUtf8 reads it. A backslash is not
/// escaped. Returns how many bytes of `s` it consumed: all of them when `atEnd`, else it stops
/// before a last sequence that is cut short but may still be completed by bytes that follow,
/// so a stream can be escaped piece by piece (tool/EscapingStream.h).
inline std::size_t appendEscapedText(std::string& out, std::string_view s, EscapeOptions options = {},
                                     bool atEnd = true) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {  // the common case: a run of printable ASCII
      std::size_t j = i + 1;
      while (j < s.size() && static_cast<unsigned char>(s[j]) >= 0x20 &&
             static_cast<unsigned char>(s[j]) < 0x7F)
        ++j;
      out.append(s.substr(i, j - i));
      i = j;
      continue;
    }
    const Utf8Char ch = decodeUtf8(s, i);
    const std::size_t n = ch.bytes;
    if (!ch.wellFormed) {
      // A subpart that the end of `s` cut may still be completed: wait for the rest unless this
      // is the end.
      if (!atEnd && i + n == s.size() && c >= 0xC2 && c <= 0xF4) return i;
      if (options.json) {
        out += "\\ufffd";
      } else {
        for (std::size_t k = 0; k < n; ++k) out += escapedByte(static_cast<unsigned char>(s[i + k]));
      }
      i += n;
      continue;
    }
    const bool keep =
        !options.controls || !isControlCharacter(s, i, n) || c == '\t' || (c == '\n' && options.newlines);
    if (keep) {
      out.append(s.substr(i, n));
    } else if (options.json) {
      const std::uint32_t cp = n == 1 ? c : 0x80u | (static_cast<unsigned char>(s[i + 1]) & 0x3Fu);
      out += "\\u" + hex(cp, {.digits = 4, .prefix = false});
    } else {
      for (std::size_t k = 0; k < n; ++k) out += escapedByte(static_cast<unsigned char>(s[i + k]));
    }
    i += n;
  }
  return i;
}

/// `s` as it is shown to a person (appendEscapedText): bytes that are not UTF-8 and control
/// characters other than tab (and newline with `newlines`) as `\xNN`.
inline std::string escapeText(std::string_view s, EscapeOptions options = {}) {
  std::string out;
  out.reserve(s.size());
  appendEscapedText(out, s, options);
  return out;
}

/// `s` with each byte that is not part of a well-formed UTF-8 sequence written as `\xNN`, control
/// characters kept: for text that JSON's own escaping carries (hover markdown, completion labels).
inline std::string escapeInvalidUtf8(std::string_view s) { return escapeText(s, {.controls = false}); }

}  // namespace gpuasm::text
