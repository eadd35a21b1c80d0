// Small lexical helpers shared by the spec parser, the syntax-form parser and the expression
// parser. Private to isa-db.
#pragma once

#include <gpuasm/isa/Text.h>

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::isa::text {

// The shared helpers (trim, isWordChar, firstSentence, ...) under the name isa-db's code uses.
using namespace ::gpuasm::text;

/// A blank inside a spec line (the parser's column counting): space, tab, CR.
inline bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/// ASCII lower-case copy.
inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = toLower(c);
  return out;
}

/// The leading letters of a register name, its file's spelling ("UR4" → "UR", "RZ" → "RZ").
inline std::string_view letterPrefix(std::string_view name) {
  std::size_t p = 0;
  while (p < name.size() && std::isalpha(static_cast<unsigned char>(name[p])) != 0) ++p;
  return name.substr(0, p);
}

/// Number of leading blanks.
inline std::uint32_t indentOf(std::string_view line) {
  std::uint32_t n = 0;
  while (n < line.size() && isBlank(line[n])) ++n;
  return n;
}

/// Splits on `sep` at nesting depth 0 of (), <>, [] and {}; pieces are trimmed.
std::vector<std::string_view> splitTopLevel(std::string_view text, char sep);

/// Parses a non-negative integer: decimal or 0x hex; nullopt on anything else or overflow.
std::optional<std::uint64_t> parseUnsigned(std::string_view token);

/// A cursor over one line that remembers its column, for precise diagnostics.
class Cursor {
 public:
  explicit Cursor(std::string_view text, std::uint32_t baseColumn = 1) : text_(text), base_(baseColumn) {}
  bool atEnd() const { return pos_ >= text_.size(); }
  char peek() const { return atEnd() ? '\0' : text_[pos_]; }
  void advance() {
    if (!atEnd()) ++pos_;
  }
  void skipBlanks() {
    while (!atEnd() && isBlank(text_[pos_])) ++pos_;
  }
  bool accept(char c) {
    skipBlanks();
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  bool accept(std::string_view s) {
    skipBlanks();
    if (text_.substr(pos_, s.size()) != s) return false;
    pos_ += s.size();
    return true;
  }
  /// Identifier-like word: [A-Za-z0-9_]+ (enumerators may start with a digit).
  std::string_view word() {
    skipBlanks();
    const std::size_t start = pos_;
    pos_ = wordEnd(text_, pos_);
    return text_.substr(start, pos_ - start);
  }
  /// Dotted word: word{.word}.
  std::string_view dottedWord() {
    skipBlanks();
    const std::size_t start = pos_;
    while (!atEnd() && (isWordChar(text_[pos_]) || text_[pos_] == '.')) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  std::uint32_t column() const { return base_ + static_cast<std::uint32_t>(pos_); }
  std::string_view rest() const { return text_.substr(std::min(pos_, text_.size())); }
  std::size_t offset() const { return pos_; }

 private:
  std::string_view text_;
  std::uint32_t base_;
  std::size_t pos_ = 0;
};

}  // namespace gpuasm::isa::text
