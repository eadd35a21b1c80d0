// The markdown of the spec's prose sections: blocks and tables (see Prose.h).
#include <gpuasm/isa/Prose.h>
#include <gpuasm/isa/Text.h>

#include <algorithm>

namespace gpuasm::isa {

namespace {

bool isBlank(std::string_view line) { return text::trim(line).empty(); }

bool isFence(std::string_view line) { return text::trimLeft(line).starts_with("```"); }

ColumnAlign alignOf(std::string_view delimiterCell) {
  const bool left = delimiterCell.starts_with(':'), right = delimiterCell.ends_with(':');
  if (left && right) return ColumnAlign::Center;
  if (left) return ColumnAlign::Left;
  if (right) return ColumnAlign::Right;
  return ColumnAlign::None;
}

// The table whose header is lines[at] (a delimiter row under it), up to the last `|` line after.
ProseTable readTable(const std::vector<std::string_view>& lines, std::size_t& at) {
  ProseTable t;
  t.header = tableCells(lines[at]);
  for (const std::string& cell : tableCells(lines[at + 1])) t.align.push_back(alignOf(cell));
  for (at += 2; at < lines.size() && isTableLine(lines[at]); ++at) t.rows.push_back(tableCells(lines[at]));
  std::size_t columns = std::max(t.header.size(), t.align.size());
  for (const auto& row : t.rows) columns = std::max(columns, row.size());
  t.header.resize(columns);
  t.align.resize(columns, ColumnAlign::None);
  for (auto& row : t.rows) row.resize(columns);
  return t;
}

// Appends lines[from, to) as a Text block, without the blank lines at its ends; none when all
// are blank.
void addText(std::vector<ProseBlock>& out, const std::vector<std::string_view>& lines, std::size_t from,
             std::size_t to) {
  while (from < to && isBlank(lines[from])) ++from;
  while (to > from && isBlank(lines[to - 1])) --to;
  if (from == to) return;
  ProseBlock b;
  for (std::size_t i = from; i < to; ++i) (b.text += lines[i]) += i + 1 < to ? "\n" : "";
  out.push_back(std::move(b));
}

}  // namespace

std::vector<std::string> tableCells(std::string_view line) {
  std::vector<std::string> cells;
  line = text::trim(line);
  if (line.find('|') == std::string_view::npos) return cells;
  if (line.starts_with('|')) line.remove_prefix(1);
  // A trailing '|' closes the last cell unless it is escaped.
  if (line.ends_with('|') && !line.ends_with("\\|")) line.remove_suffix(1);
  std::string cell;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i < line.size() && line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
      cell += '|';
      ++i;
      continue;
    }
    if (i < line.size() && line[i] != '|') {
      cell += line[i];
      continue;
    }
    cells.emplace_back(text::trim(cell));
    cell.clear();
  }
  return cells;
}

bool isTableLine(std::string_view line) { return text::trimLeft(line).starts_with('|'); }

bool isTableDelimiter(std::string_view line) {
  if (line.find('|') == std::string_view::npos) return false;
  const std::vector<std::string> cells = tableCells(line);
  return !cells.empty() && std::all_of(cells.begin(), cells.end(), [](const std::string& c) {
    std::string_view s = c;
    if (s.starts_with(':')) s.remove_prefix(1);
    if (s.ends_with(':')) s.remove_suffix(1);
    return !s.empty() && s.find_first_not_of('-') == std::string_view::npos;
  });
}

std::vector<ProseBlock> proseBlocks(std::string_view text) {
  const std::vector<std::string_view> lines = text::lines(text);
  std::vector<ProseBlock> out;
  std::size_t textFrom = 0;
  for (std::size_t at = 0; at < lines.size();) {
    if (isFence(lines[at])) {
      addText(out, lines, textFrom, at);
      ProseBlock b;
      b.kind = ProseBlock::Kind::Code;
      b.info = text::trim(text::trimLeft(lines[at]).substr(3));
      std::size_t end = at + 1;
      while (end < lines.size() && !isFence(lines[end])) ++end;
      for (std::size_t i = at + 1; i < end; ++i) (b.text += lines[i]) += i + 1 < end ? "\n" : "";
      out.push_back(std::move(b));
      at = textFrom = std::min(end + 1, lines.size());
      continue;
    }
    if (isTableLine(lines[at]) && at + 1 < lines.size() && isTableDelimiter(lines[at + 1])) {
      addText(out, lines, textFrom, at);
      ProseBlock b;
      b.kind = ProseBlock::Kind::Table;
      b.table = readTable(lines, at);
      out.push_back(std::move(b));
      textFrom = at;
      continue;
    }
    ++at;
  }
  addText(out, lines, textFrom, lines.size());
  return out;
}

}  // namespace gpuasm::isa
