// Line kinds and sections (see Sections.h): read from the statements' and comments' ranges, so a
// `//` inside a block comment or after code is never taken for a comment line.
#include "Sections.h"

#include <string_view>

namespace gpuasm::ide::detail {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Banner characters around a header's words (`// ---- Setup ----`, `// === x ===`).
bool isBanner(char c) {
  return isBlank(c) || c == '-' || c == '=' || c == '*' || c == '#' || c == '/' || c == '~' || c == '+';
}

// The words of a `//` comment, without the slashes and banner characters; empty for a pure
// banner or a `// @state` directive (a directive is data, not a title).
syntax::ByteRange titleOf(std::string_view text, syntax::ByteRange comment) {
  std::uint32_t b = comment.begin + 2, e = comment.end;
  while (b < e && isBanner(text[b])) ++b;
  while (e > b && isBanner(text[e - 1])) --e;
  if (b < e && text[b] == '@') return {b, b};
  return {b, e};
}

}  // namespace

std::uint32_t lineOf(const syntax::LineIndex& lines, std::uint32_t offset) {
  std::uint32_t low = 0, high = lines.lineCount();  // the answer is in [low, high)
  while (high - low > 1) {
    const std::uint32_t mid = low + (high - low) / 2;
    if (lines.lineStart(mid) <= offset)
      low = mid;
    else
      high = mid;
  }
  return low;
}

std::vector<LineKind> classifyLines(const Snapshot& snapshot) {
  const std::string_view text = snapshot.text();
  const syntax::LineIndex& lines = snapshot.lines();
  const std::uint32_t size = static_cast<std::uint32_t>(text.size());
  std::vector<LineKind> kinds(lines.lineCount(), LineKind::Blank);
  for (std::uint32_t line = 0; line < kinds.size(); ++line) {
    std::uint32_t i = lines.lineStart(line);
    const std::uint32_t end = lines.lineEnd(line);
    while (i < end && isBlank(text[i])) ++i;
    if (i < end) kinds[line] = LineKind::Other;
  }
  for (const syntax::ByteRange& c : snapshot.commentsIn({0, size})) {
    const std::uint32_t first = lineOf(lines, c.begin);
    const std::uint32_t last = lineOf(lines, c.end);
    for (std::uint32_t line = first; line <= last && line < kinds.size(); ++line)
      kinds[line] = LineKind::Other;
    std::uint32_t start = lines.lineStart(first);
    while (start < c.begin && isBlank(text[start])) ++start;
    if (start == c.begin && text.substr(c.begin, 2) == "//") kinds[first] = LineKind::LineComment;
  }
  for (const AssembledStatement& s : snapshot.statementsIn({0, size})) {
    const std::uint32_t line = lineOf(lines, s.statement.range.begin);
    if (line < kinds.size()) kinds[line] = LineKind::Statement;
  }
  return kinds;
}

std::vector<Section> findSections(const Snapshot& snapshot, const std::vector<LineKind>& kinds) {
  const std::string_view text = snapshot.text();
  const syntax::LineIndex& lines = snapshot.lines();
  const auto n = static_cast<std::uint32_t>(kinds.size());
  std::vector<Section> sections;
  for (std::uint32_t line = 0; line < n; ++line) {
    if (kinds[line] != LineKind::LineComment || (line > 0 && kinds[line - 1] != LineKind::Blank)) continue;
    std::uint32_t next = line;
    syntax::ByteRange title{0, 0};
    for (; next < n && kinds[next] == LineKind::LineComment; ++next) {
      if (title.end > title.begin) continue;
      std::uint32_t c = lines.lineStart(next);
      while (isBlank(text[c])) ++c;
      title = titleOf(text, {c, lines.lineEnd(next)});
    }
    if (next == n || kinds[next] != LineKind::Statement || title.end == title.begin) continue;
    sections.push_back({line, line, std::string(text.substr(title.begin, title.end - title.begin)), title});
    line = next;
  }
  for (std::size_t i = 0; i < sections.size(); ++i) {
    std::uint32_t last = i + 1 < sections.size() ? sections[i + 1].firstLine - 1 : n - 1;
    while (last > sections[i].firstLine && kinds[last] == LineKind::Blank) --last;
    sections[i].lastLine = last;
  }
  return sections;
}

}  // namespace gpuasm::ide::detail
