// UTF-8 as the tools check and print text that came from a user's file: which bytes form
// well-formed sequences (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), and
// the same text with every other byte — and every control character a terminal would act on —
// written `\xNN`, so a diagnostic quoting a file never echoes raw invalid bytes or escape
// sequences and JSON output stays valid UTF-8. The one escaping of user text (docs/PROTOCOL.md).
#pragma once

#include <gpuasm/isa/Text.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gpuasm::text {

/// The length of the well-formed UTF-8 sequence that starts at `at` (1 for an ASCII byte, 2..4
/// for a longer one), or 0 when the bytes there are not one.
inline std::size_t utf8SequenceLength(std::string_view s, std::size_t at) {
  const auto c = static_cast<unsigned char>(s[at]);
  if (c < 0x80) return 1;
  const std::size_t n = c >= 0xC2 && c <= 0xDF   ? 2
                        : c >= 0xE0 && c <= 0xEF ? 3
                        : c >= 0xF0 && c <= 0xF4 ? 4
                                                 : 0;
  if (n == 0 || at + n > s.size()) return 0;
  std::uint32_t cp = n == 2 ? c & 0x1Fu : n == 3 ? c & 0x0Fu : c & 0x07u;
  for (std::size_t k = 1; k < n; ++k) {
    const auto cc = static_cast<unsigned char>(s[at + k]);
    if ((cc & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (cc & 0x3Fu);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
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
  /// JSON text (inside its strings): a control character as `\u00NN`, a byte that is not UTF-8
  /// as `\ufffd`, instead of `\xNN` — for JSON a writer produced, which holds no raw C0 byte
  /// and no invalid UTF-8 but may hold DEL and C1 characters raw.
  bool json = false;
};

/// Appends to `out` the text of `s` as it is shown to a person, the one documented way
/// (docs/PROTOCOL.md): every byte that is not part of a well-formed UTF-8 sequence, and with
/// `controls` every byte of a control character other than tab (and newline when asked), as
/// `\xNN` (lower-case hex; a C1 character as its two bytes, `\xc2\x9b`). A backslash is not
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
    const std::size_t n = utf8SequenceLength(s, i);
    if (n == 0) {
      // A lead byte whose sequence the end of `s` cut: wait for the rest unless this is the end.
      if (!atEnd && c >= 0xC2 && c <= 0xF4) {
        const std::size_t want = c <= 0xDF ? 2 : c <= 0xEF ? 3 : 4;
        bool prefix = s.size() - i < want;
        for (std::size_t k = i + 1; prefix && k < s.size(); ++k)
          prefix = (static_cast<unsigned char>(s[k]) & 0xC0u) == 0x80u;
        if (prefix) return i;
      }
      out += options.json ? std::string("\\ufffd") : escapedByte(c);
      ++i;
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
