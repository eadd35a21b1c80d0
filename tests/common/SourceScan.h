// Reading the project's own C++ sources in tests that check rules of the code base (the "no ISA
// facts in C++" scan, tests/arch/ArchitectureTest.cpp): the files of some folders, their string
// literals, and their code with comments and literals blanked out.
#pragma once

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::test {

inline std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The .cpp and .h files below `dirs` of `root` (sorted), leaving out npm's node_modules folders
/// and paths that contain one of `skip`.
inline std::vector<std::filesystem::path> sourcesUnder(const std::filesystem::path& root,
                                                       std::initializer_list<const char*> dirs,
                                                       std::initializer_list<const char*> skip = {}) {
  std::vector<std::filesystem::path> out;
  for (const char* dir : dirs)
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / dir)) {
      const std::filesystem::path& p = e.path();
      if (!e.is_regular_file() || (p.extension() != ".cpp" && p.extension() != ".h")) continue;
      const std::string s = p.generic_string();
      // npm's folders (server/web/node_modules: the tree-sitter runtime's sources) are not ours.
      if (s.find("/node_modules/") != std::string::npos) continue;
      if (std::none_of(skip.begin(), skip.end(),
                       [&](const char* k) { return s.find(k) != std::string::npos; }))
        out.push_back(p);
    }
  std::sort(out.begin(), out.end());
  return out;
}

struct Literal {
  std::string file;
  int line = 0;
  std::string text;
};

/// A source read as the compiler's lexer would: its string literals ("…" with escapes, raw
/// strings R"d(…)d"; adjacent literals one by one; linkage specifications — extern "C" — left
/// out), and `code`, the text with comments and the contents of string and character literals
/// replaced by spaces, every newline kept, so that line numbers and braces can be read from it.
struct ScannedSource {
  std::vector<Literal> literals;
  std::string code;
};

inline ScannedSource scanSource(const std::string& path, const std::string& src) {
  ScannedSource out;
  out.code = src;
  int line = 1;
  // Blanks [b, e) of the code, newlines kept.
  const auto blank = [&](std::size_t b, std::size_t e) {
    for (std::size_t k = b; k < std::min(e, src.size()); ++k)
      if (src[k] != '\n') out.code[k] = ' ';
  };
  const auto countLines = [&](std::size_t b, std::size_t e) {
    for (std::size_t k = b; k < std::min(e, src.size()); ++k) line += src[k] == '\n';
  };
  for (std::size_t i = 0; i < src.size(); ++i) {
    const char c = src[i];
    if (c == '\n') {
      ++line;
    } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      const std::size_t end = std::min(src.find('\n', i), src.size());
      blank(i, end);
      i = end - 1;
    } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
      const std::size_t close = src.find("*/", i + 2);
      const std::size_t end = close == std::string::npos ? src.size() : close + 2;
      blank(i, end);
      countLines(i, end);
      i = end - 1;
    } else if (c == '\'') {
      const std::size_t b = i;
      for (++i; i < src.size() && src[i] != '\''; ++i)
        if (src[i] == '\\') ++i;
      blank(b + 1, i);
    } else if (c == 'R' && i + 1 < src.size() && src[i + 1] == '"' &&
               (i == 0 || !std::isalnum(static_cast<unsigned char>(src[i - 1])))) {
      const std::size_t open = src.find('(', i + 2);
      if (open == std::string::npos) break;
      const std::string close = ")" + src.substr(i + 2, open - i - 2) + "\"";
      const std::size_t end = src.find(close, open);
      if (end == std::string::npos) break;
      out.literals.push_back({path, line, src.substr(open + 1, end - open - 1)});
      blank(i + 2, end + close.size() - 1);
      countLines(i, end);
      i = end + close.size() - 1;
    } else if (c == '"') {
      const std::size_t b = i;
      std::string text;
      for (++i; i < src.size() && src[i] != '"'; ++i) {
        if (src[i] == '\\' && i + 1 < src.size()) {
          text += src[i];
          ++i;
        }
        text += src[i];
      }
      blank(b + 1, i);
      const std::size_t before = src.find_last_not_of(" \t", b == 0 ? 0 : b - 1);
      const bool linkage =
          before != std::string::npos && before >= 5 && src.compare(before - 5, 6, "extern") == 0;
      if (!linkage) out.literals.push_back({path, line, text});
    }
  }
  return out;
}

inline std::vector<Literal> stringLiterals(const std::string& path, const std::string& src) {
  return scanSource(path, src).literals;
}

}  // namespace gpuasm::test
