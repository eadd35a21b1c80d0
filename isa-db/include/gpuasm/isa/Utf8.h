// UTF-8 as the tools check and print text that came from a user's file: which bytes form
// well-formed sequences (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), and
// the same text with every other byte written `\xNN`, so a diagnostic quoting a file never echoes
// raw invalid bytes and JSON output stays valid UTF-8.
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

/// `s` with each byte that is not part of a well-formed UTF-8 sequence written as `\xNN`.
inline std::string escapeInvalidUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8SequenceLength(s, i);
    if (n == 0) {
      out += escapedByte(static_cast<unsigned char>(s[i]));
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

}  // namespace gpuasm::text
