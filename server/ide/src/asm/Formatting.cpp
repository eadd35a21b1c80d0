// Formatting (see Formatting.h and docs/LANGUAGE.md, "Formatting"). A line is rebuilt from the
// verbatim text of its pieces — guard, mnemonic with modifiers, operands, the rest up to `;`,
// the trailing comment — with new whitespace between them; a line whose text is anything more
// than those pieces and whitespace is left as it is.
#include <gpuasm/ide/asm/Formatting.h>

#include <gpuasm/isa/Utf8.h>

#include "Sections.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>

namespace gpuasm::ide {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view slice(std::string_view text, std::uint32_t begin, std::uint32_t end) {
  return text.substr(begin, end - begin);
}

std::string squeezed(std::string_view s) {
  std::string out;
  for (char c : s)
    if (!isBlank(c)) out.push_back(c);
  return out;
}

// Whitespace runs become one space; none at either end.
std::string collapsed(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (!isBlank(c))
      out.push_back(c);
    else if (!out.empty() && out.back() != ' ')
      out.push_back(' ');
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Display columns after `s` written from column `start`: a tab goes to the next stop, a
// character counts one (a subpart that is not UTF-8 is one U+FFFD, isa/Utf8.h).
std::uint32_t columnsAfter(std::string_view s, std::uint32_t start, std::uint32_t tabSize) {
  std::uint32_t col = start;
  for (std::size_t i = 0; i < s.size();) {
    const text::Utf8Char c = text::decodeUtf8(s, i);
    col = c.codePoint == '\t' ? (col / tabSize + 1) * tabSize : col + 1;
    i += c.bytes;
  }
  return col;
}

// One statement's pieces, as written.
struct Pieces {
  std::string guard, head;
  std::vector<std::string> operands;
  std::string tail;  ///< from the last operand (or the mnemonic) to the statement's end: "; ", ", ;"
};

Pieces piecesOf(std::string_view text, const isa::AsmStatement& s) {
  Pieces p;
  if (s.guard) p.guard = slice(text, s.guard->range.begin, s.guard->range.end);
  std::uint32_t after = s.parts.empty() ? s.mnemonicRange.end : s.parts.back().range.end;
  p.head = slice(text, s.mnemonicRange.begin, after);
  for (const isa::AsmOperand& o : s.operands) {
    p.operands.emplace_back(slice(text, o.range.begin, o.range.end));
    after = o.range.end;
  }
  p.tail = collapsed(slice(text, after, s.range.end));
  return p;
}

std::string operandsAndTail(const Pieces& p) {
  std::string out;
  for (std::size_t i = 0; i < p.operands.size(); ++i) out += (i == 0 ? "" : ", ") + p.operands[i];
  if (!p.tail.empty()) out += (p.tail.front() == ',' ? "" : " ") + p.tail;
  return out;
}

// A statement after the first on its line: no columns, single spaces.
std::string compact(const Pieces& p) {
  std::string out = p.guard.empty() ? p.head : p.guard + " " + p.head;
  const std::string rest = operandsAndTail(p);
  if (!p.operands.empty()) out += " ";
  return out + rest;
}

// A line the formatter may rewrite.
struct LineLayout {
  std::uint32_t begin = 0, end = 0;  ///< the line's content, its line end excluded
  std::uint32_t anchor = 0;          ///< the column its first mnemonic starts at
  std::vector<Pieces> statements;
  std::string comment;   ///< the trailing comment, verbatim; empty when none
  std::string original;  ///< the code before the comment, as written
};

struct Document {
  const Snapshot& snapshot;
  const FormatOptions& options;
  std::vector<AssembledStatement> statements;  ///< the listing statementsByLine points into
  std::map<std::uint32_t, std::vector<const isa::AsmStatement*>> statementsByLine;
  std::map<std::uint32_t, std::vector<syntax::ByteRange>> commentsByLine;  ///< by every line they touch
  std::set<std::uint32_t> unparsed;  ///< lines a syntax diagnostic touches or a statement spans
};

bool isSyntaxDiagnostic(const Diagnostic& d) {
  using enum isa::DiagnosticCode;
  return d.code == SyntaxError || d.code == MissingToken || d.code == UnterminatedComment;
}

std::optional<LineLayout> layoutOf(const Document& doc, std::uint32_t line) {
  const std::string_view text = doc.snapshot.text();
  const syntax::LineIndex& lines = doc.snapshot.lines();
  const auto found = doc.statementsByLine.find(line);
  if (found == doc.statementsByLine.end() || doc.unparsed.contains(line)) return std::nullopt;
  LineLayout l{lines.lineStart(line), lines.lineEnd(line), 0, {}, {}, {}};
  std::uint32_t codeEnd = l.end;
  const auto comments = doc.commentsByLine.find(line);
  if (comments != doc.commentsByLine.end()) {
    if (comments->second.size() > 1) return std::nullopt;
    const syntax::ByteRange c = comments->second.front();
    const std::uint32_t commentEnd = std::min(c.end, l.end);
    if (c.begin < found->second.back()->range.end || c.end > l.end + 1)
      return std::nullopt;  // inside code, or to a later line
    for (std::uint32_t i = commentEnd; i < l.end; ++i)
      if (!isBlank(text[i])) return std::nullopt;
    l.comment = slice(text, c.begin, commentEnd);
    codeEnd = c.begin;
  }
  for (const isa::AsmStatement* s : found->second) {
    if (s->hasError || s->range.end > l.end) return std::nullopt;
    l.statements.push_back(piecesOf(text, *s));
  }
  l.original = slice(text, l.begin, codeEnd);
  l.anchor =
      columnsAfter(slice(text, l.begin, found->second.front()->mnemonicRange.begin), 0, doc.options.tabSize);
  return l;
}

std::string indentation(std::uint32_t columns, const FormatOptions& options) {
  if (options.insertSpaces || options.tabSize == 0) return std::string(columns, ' ');
  return std::string(columns / options.tabSize, '\t') + std::string(columns % options.tabSize, ' ');
}

std::string padTo(std::string s, std::uint32_t column, std::uint32_t tabSize) {
  const std::uint32_t at = columnsAfter(s, 0, tabSize);
  if (at < column) s.append(column - at, ' ');
  return s;
}

// The code of each line of one block, laid out in the block's columns; empty when the
// rebuilt code would differ from the written one in more than whitespace.
std::vector<std::string> layBlock(const std::vector<LineLayout>& block, const FormatOptions& options) {
  std::uint32_t guardWidth = 0, headWidth = 0;
  for (const LineLayout& l : block) {
    guardWidth = std::max(guardWidth, columnsAfter(l.statements.front().guard, 0, options.tabSize));
    headWidth = std::max(headWidth, columnsAfter(l.statements.front().head, 0, options.tabSize));
  }
  const std::uint32_t mnemonicColumn = std::max(block.front().anchor, guardWidth == 0 ? 0 : guardWidth + 1);
  std::vector<std::string> code;
  for (const LineLayout& l : block) {
    const Pieces& first = l.statements.front();
    std::string s = first.guard.empty() ? indentation(mnemonicColumn, options)
                                        : indentation(mnemonicColumn - guardWidth - 1, options) + first.guard;
    s = padTo(std::move(s), mnemonicColumn, options.tabSize) + first.head;
    if (!first.operands.empty()) s = padTo(std::move(s), mnemonicColumn + headWidth + 1, options.tabSize);
    s += operandsAndTail(first);
    for (std::size_t i = 1; i < l.statements.size(); ++i) s += " " + compact(l.statements[i]);
    if (squeezed(s) != squeezed(l.original)) s.clear();
    code.push_back(std::move(s));
  }
  return code;
}

// The smallest edit turning `from` (at `begin`) into `to`, never splitting a UTF-8 character.
std::optional<syntax::TextEdit> minimalEdit(std::uint32_t begin, std::string_view from, std::string_view to) {
  if (from == to) return std::nullopt;
  const auto continuation = [](std::string_view s, std::size_t i) {
    return i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80;
  };
  std::size_t prefix = 0;
  while (prefix < from.size() && prefix < to.size() && from[prefix] == to[prefix]) ++prefix;
  while (prefix > 0 && (continuation(from, prefix) || continuation(to, prefix))) --prefix;
  std::size_t suffix = 0;
  while (suffix < from.size() - prefix && suffix < to.size() - prefix &&
         from[from.size() - 1 - suffix] == to[to.size() - 1 - suffix])
    ++suffix;
  while (suffix > 0 && (continuation(from, from.size() - suffix) || continuation(to, to.size() - suffix)))
    --suffix;
  return syntax::TextEdit{begin + static_cast<std::uint32_t>(prefix),
                          begin + static_cast<std::uint32_t>(from.size() - suffix),
                          std::string(to.substr(prefix, to.size() - suffix - prefix))};
}

void formatBlock(const Document& doc, const std::vector<LineLayout>& block,
                 std::vector<syntax::TextEdit>& out) {
  const FormatOptions& options = doc.options;
  const std::vector<std::string> code = layBlock(block, options);
  std::uint32_t commentColumn = 0;
  for (std::size_t i = 0; i < block.size(); ++i)
    if (!code[i].empty() && !block[i].comment.empty())
      commentColumn = std::max(commentColumn, columnsAfter(code[i], 0, options.tabSize) + 1);
  for (std::size_t i = 0; i < block.size(); ++i) {
    if (code[i].empty()) continue;
    const std::string line = block[i].comment.empty()
                                 ? code[i]
                                 : padTo(code[i], commentColumn, options.tabSize) + block[i].comment;
    if (auto edit =
            minimalEdit(block[i].begin, slice(doc.snapshot.text(), block[i].begin, block[i].end), line))
      out.push_back(std::move(*edit));
  }
}

// Documents are not copied: statementsByLine points into `statements`.
Document indexed(const Snapshot& snapshot, const FormatOptions& options) {
  const syntax::ByteRange all{0, static_cast<std::uint32_t>(snapshot.text().size())};
  Document doc{snapshot, options, snapshot.statementsIn(all), {}, {}, {}};
  const syntax::LineIndex& lines = snapshot.lines();
  for (const AssembledStatement& a : doc.statements) {
    const std::uint32_t first = detail::lineOf(lines, a.statement.range.begin);
    const std::uint32_t last = detail::lineOf(lines, a.statement.range.end);
    doc.statementsByLine[first].push_back(&a.statement);
    for (std::uint32_t line = first; line <= last; ++line)
      if (line != first || last != first) doc.unparsed.insert(line);
  }
  for (const syntax::ByteRange& c : snapshot.commentsIn(all)) {
    const std::uint32_t last = detail::lineOf(lines, c.end);
    for (std::uint32_t line = detail::lineOf(lines, c.begin); line <= last; ++line)
      doc.commentsByLine[line].push_back(c);
  }
  for (const Diagnostic& d : snapshot.diagnostics()) {
    if (!isSyntaxDiagnostic(d)) continue;
    const std::uint32_t last = detail::lineOf(lines, d.range.end);
    for (std::uint32_t line = detail::lineOf(lines, d.range.begin); line <= last; ++line)
      doc.unparsed.insert(line);
  }
  return doc;
}

}  // namespace

std::vector<syntax::TextEdit> formatDocument(const Snapshot& snapshot, const FormatOptions& options) {
  const Document doc = indexed(snapshot, options);
  const auto kinds = detail::classifyLines(snapshot);
  std::vector<syntax::TextEdit> out;
  std::vector<LineLayout> block;
  for (std::uint32_t line = 0; line <= kinds.size(); ++line) {
    if (line < kinds.size() && kinds[line] == detail::LineKind::Statement) {
      if (auto l = layoutOf(doc, line)) block.push_back(std::move(*l));
      continue;
    }
    if (!block.empty()) formatBlock(doc, block, out);
    block.clear();
  }
  return out;
}

std::vector<syntax::TextEdit> formatRange(const Snapshot& snapshot, syntax::ByteRange range,
                                          const FormatOptions& options) {
  const syntax::LineIndex& lines = snapshot.lines();
  const std::uint32_t first = detail::lineOf(lines, range.begin);
  const std::uint32_t last = detail::lineOf(lines, std::max(range.begin, range.end));
  std::vector<syntax::TextEdit> out;
  for (syntax::TextEdit& e : formatDocument(snapshot, options)) {
    const std::uint32_t line = detail::lineOf(lines, e.begin);
    if (line >= first && line <= last) out.push_back(std::move(e));
  }
  return out;
}

}  // namespace gpuasm::ide
