// Lexical helpers shared inside isa-db.
#include "TextUtil.h"

#include <gpuasm/isa/SpecParser.h>

namespace gpuasm::isa::text {

std::vector<std::string_view> splitTopLevel(std::string_view textIn, char sep) {
  std::vector<std::string_view> out;
  int depth = 0;
  std::size_t start = 0;
  bool inString = false;
  for (std::size_t i = 0; i < textIn.size(); ++i) {
    const char c = textIn[i];
    if (c == '"') inString = !inString;
    if (inString) continue;
    if (c == '(' || c == '<' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == '>' || c == ']' || c == '}')
      --depth;
    else if (c == sep && depth == 0) {
      out.push_back(text::trim(textIn.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(text::trim(textIn.substr(start)));
  return out;
}

std::optional<std::uint64_t> parseUnsigned(std::string_view token) {
  if (token.empty()) return std::nullopt;
  std::uint64_t value = 0;
  if (token.size() > 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X')) {
    token.remove_prefix(2);
    if (token.size() > 16) return std::nullopt;
    for (char c : token) {
      unsigned digit = 0;
      if (c >= '0' && c <= '9')
        digit = static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f')
        digit = static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        digit = static_cast<unsigned>(c - 'A' + 10);
      else
        return std::nullopt;
      value = (value << 4) | digit;
    }
    return value;
  }
  for (char c : token) {
    if (c < '0' || c > '9') return std::nullopt;
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (value > (~std::uint64_t{0} - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace gpuasm::isa::text
