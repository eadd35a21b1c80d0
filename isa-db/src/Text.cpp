// Text helpers shared by every layer (see Text.h).
#include <gpuasm/isa/Text.h>

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

}  // namespace

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

}  // namespace gpuasm::text
