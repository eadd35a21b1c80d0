// Text helpers shared by every layer (see Text.h).
#include <gpuasm/isa/Text.h>
#include <gpuasm/isa/Utf8.h>

#include <algorithm>
#include <array>

namespace gpuasm::text {

std::string hex(std::uint64_t v, HexOptions options) {
  const char* digits = options.upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::array<char, 16> buf{};
  std::size_t n = 0;
  do {
    buf[n++] = digits[v & 0xFu];
    v >>= 4;
  } while (v != 0);
  std::string out = options.prefix ? "0x" : "";
  out.append(options.digits > n ? options.digits - n : 0, '0');
  while (n > 0) out += buf[--n];
  return out;
}

namespace {

// The first paragraph of `text` (up to a line of white space only, leading blank lines
// skipped) on one line: every run of white space one space, none at either end.
std::string firstParagraph(std::string_view text) {
  std::string flat;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = trim(text.substr(start, nl - start));
    start = nl + 1;
    if (line.empty()) {
      if (flat.empty()) continue;
      break;
    }
    if (!flat.empty()) flat += ' ';
    for (const char c : line)
      if (!isSpace(c))
        flat += c;
      else if (flat.back() != ' ')
        flat += ' ';
  }
  return flat;
}

bool isAbbreviation(std::string_view word) {
  for (const std::string_view a : {"i.e", "e.g", "cf", "vs", "etc"})
    if (equalsIgnoringCase(word, a)) return true;
  return false;
}

// Whether a code point is of the East Asian Wide or Fullwidth class (Unicode's
// EastAsianWidth.txt, its W and F ranges gathered into blocks).
bool isWide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
         (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
         (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
         (c >= 0x20000 && c <= 0x3FFFD);
}

// Combining marks (general category Mn) of the blocks made of them.
bool isCombining(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) ||
         (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE20 && c <= 0xFE2F);
}

}  // namespace

std::size_t displayWidth(std::string_view s) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < s.size();) {
    const Utf8Char c = decodeUtf8(s, i);  // U+FFFD, one column, for bytes that are not UTF-8
    width += isWide(c.codePoint)        ? std::size_t{2}
             : isCombining(c.codePoint) ? std::size_t{0}
                                        : std::size_t{1};
    i += c.bytes;
  }
  return width;
}

std::string firstSentence(std::string_view text) {
  const std::string flat = firstParagraph(text);
  static constexpr std::string_view kFullStop = "\xE3\x80\x82";  // '。'
  const std::size_t cjk = flat.find(kFullStop);
  std::size_t latin = std::string::npos;
  for (std::size_t i = flat.find('.'); i != std::string::npos && i < cjk; i = flat.find('.', i + 1)) {
    if (i + 1 < flat.size() && flat[i + 1] != ' ') continue;
    const std::size_t space = flat.rfind(' ', i);
    const std::size_t w = space == std::string::npos ? 0 : space + 1;
    if (isAbbreviation(std::string_view(flat).substr(w, i - w))) continue;
    latin = i;
    break;
  }
  if (latin != std::string::npos) return flat.substr(0, latin + 1);
  if (cjk != std::string::npos) return flat.substr(0, cjk + kFullStop.size());
  return flat;
}

std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t nl = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, nl - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    at = nl + 1;
  }
  return out;
}

}  // namespace gpuasm::text
