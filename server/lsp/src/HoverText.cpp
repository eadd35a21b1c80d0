// Rendering of ide::HoverInfo (see HoverText.h). Markdown: the title as a heading, the spec's
// prose verbatim (its own tables stay tables), syntax in an asm fence, facts and values as lists,
// the encoding as a table. Plain text: the same content without markup, code indented.
#include "HoverText.h"

#include <gpuasm/isa/Prose.h>
#include <gpuasm/isa/Text.h>

#include <algorithm>

namespace gpuasm::lsp {

namespace {

using ide::HoverItem;
using ide::HoverSection;
using ide::HoverSectionKind;

std::string code(const std::string& s) { return "`" + s + "`"; }

// A cell of a GFM table: `|` escaped, so it does not end the cell.
std::string markdownCell(const std::string& cell) {
  std::string out;
  for (const char c : cell) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// A table as GFM: header, delimiter row (the spec's alignment), one line per row.
std::string tableMarkdown(const isa::ProseTable& t) {
  std::string md = "|";
  for (const std::string& cell : t.header) md += " " + markdownCell(cell) + " |";
  md += "\n|";
  for (const isa::ColumnAlign a : t.align) {
    switch (a) {
      case isa::ColumnAlign::None: md += " --- |"; break;
      case isa::ColumnAlign::Left: md += " :-- |"; break;
      case isa::ColumnAlign::Center: md += " :-: |"; break;
      case isa::ColumnAlign::Right: md += " --: |"; break;
    }
  }
  md += "\n";
  for (const auto& row : t.rows) {
    md += "|";
    for (const std::string& cell : row) md += " " + markdownCell(cell) + " |";
    md += "\n";
  }
  return md;
}

// Rows of text cells as aligned columns (display widths, so Chinese cells line up), two spaces
// apart, each line after `indent`, no trailing spaces; with `rule`, a line of '-' under the first.
std::string columnsPlain(const std::vector<std::vector<std::string>>& rows, const std::string& indent,
                         bool rule) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], text::displayWidth(row[c]));
  }
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line = indent;
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      line += rows[r][c];
      if (c + 1 < rows[r].size()) line += std::string(widths[c] - text::displayWidth(rows[r][c]) + 2, ' ');
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
    if (r == 0 && rule) {
      std::string dashes = indent;
      for (std::size_t c = 0; c < widths.size(); ++c)
        dashes += std::string(widths[c], '-') + (c + 1 < widths.size() ? "  " : "");
      out += dashes + "\n";
    }
  }
  return out;
}

std::string tablePlain(const isa::ProseTable& t, const std::string& indent) {
  std::vector<std::vector<std::string>> rows{t.header};
  rows.insert(rows.end(), t.rows.begin(), t.rows.end());
  return columnsPlain(rows, indent, true);
}

// Prose lines as a section holds them (a whole text, or lines of one that a filter kept, a
// table's rows each an element) made one text again: consecutive table lines stay together as
// the table they are, other elements are paragraphs.
std::string joinedProse(const std::vector<std::string>& lines) {
  std::string text;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool tableRun = i > 0 && isa::isTableLine(lines[i - 1]) && isa::isTableLine(lines[i]);
    text += (i == 0 ? "" : tableRun ? "\n" : "\n\n") + lines[i];
  }
  return text;
}

// Spec prose as markdown: its prose verbatim, fences as fences, each table a GFM table with a
// blank line before and after, so it is never read as part of a paragraph.
std::string proseMarkdown(const std::vector<std::string>& lines) {
  std::string out;
  for (const isa::ProseBlock& b : isa::proseBlocks(joinedProse(lines))) {
    switch (b.kind) {
      case isa::ProseBlock::Kind::Text: out += b.text + "\n\n"; break;
      case isa::ProseBlock::Kind::Code: out += "```" + b.info + "\n" + b.text + "\n```\n\n"; break;
      case isa::ProseBlock::Kind::Table: out += tableMarkdown(b.table) + "\n"; break;
    }
  }
  return out;
}

// Spec prose as plain text, each element on its own lines after `indent`: prose lines verbatim,
// code indented further, tables as aligned columns.
std::string prosePlain(const std::vector<std::string>& lines, const std::string& indent = "") {
  std::string text;
  for (const std::string& line : lines) text += (text.empty() ? "" : "\n") + line;
  std::string out;
  for (const isa::ProseBlock& b : isa::proseBlocks(text)) {
    if (b.kind == isa::ProseBlock::Kind::Table) {
      out += tablePlain(b.table, indent);
      continue;
    }
    const std::string lead = indent + (b.kind == isa::ProseBlock::Kind::Code ? "    " : "");
    for (std::size_t at = 0; at <= b.text.size();) {
      const std::size_t nl = std::min(b.text.find('\n', at), b.text.size());
      const std::string line = b.text.substr(at, nl - at);
      out += (line.empty() ? "" : lead) + line + "\n";
      at = nl + 1;
    }
  }
  return out;
}

// A link's text with the characters that would end or break it escaped.
std::string linkText(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '[' || c == ']' || c == '\\' || c == '*' || c == '_' || c == '`') out += '\\';
    out += c;
  }
  return out;
}

std::string itemMarkdown(const HoverItem& item) {
  const std::string label = item.labelIsCode ? code(item.label) : "**" + item.label + "**";
  if (item.text.empty()) return label;
  const std::string text = item.textIsCode ? code(item.text) : item.text;
  return label + ": " + text;
}

std::string sectionMarkdown(const HoverSection& s) {
  std::string md;
  switch (s.kind) {
    case HoverSectionKind::Description:
      md += proseMarkdown(s.text);
      if (!s.source.empty()) md += "*Spec: " + s.source + "*\n\n";
      return md;
    case HoverSectionKind::Note:
      for (const auto& t : s.text) md += "*" + t + "*\n\n";
      return md;
    case HoverSectionKind::Syntax:
      md += "```asm\n";
      for (const auto& line : s.code) md += line + "\n";
      return md + "```\n\n";
    case HoverSectionKind::ModifiersOnLine: {
      md += "**" + s.heading + "**\n\n";
      for (const HoverItem& item : s.items) {
        md += code(item.label) + "\n\n";
        std::vector<std::string> lines;
        for (std::size_t at = 0; at <= item.text.size();) {
          const std::size_t nl = std::min(item.text.find('\n', at), item.text.size());
          lines.push_back(item.text.substr(at, nl - at));
          at = nl + 1;
        }
        md += proseMarkdown(lines);
      }
      return md;
    }
    case HoverSectionKind::Semantics:
      md +=
          "**" + s.heading + "**" + (s.source.empty() ? "" : " *(spec: " + s.source + ")*") + "\n\n```asm\n";
      for (const auto& line : s.code) md += line + "\n";
      return md + "```\n\n";
    case HoverSectionKind::Encoding:
    case HoverSectionKind::Table:
      md += "**" + s.heading + "**";
      if (s.kind == HoverSectionKind::Encoding && !s.code.empty()) md += ": " + code(s.code.front());
      md += "\n\n";
      for (std::size_t r = 0; r < s.table.size(); ++r) {
        md += "|";
        for (const auto& cell : s.table[r]) md += " " + cell + " |";
        md += "\n";
        if (r == 0) {
          md += "|";
          for (std::size_t c = 0; c < s.table[r].size(); ++c) md += ":--|";
          md += "\n";
        }
      }
      return md + "\n";
    case HoverSectionKind::Decisions:
    case HoverSectionKind::Facts:
    case HoverSectionKind::LegalValues:
      if (!s.heading.empty()) md += "**" + s.heading + "**\n\n";
      md += proseMarkdown(s.text);
      for (const HoverItem& item : s.items) {
        if (s.kind == HoverSectionKind::LegalValues)
          md += "- " + code(item.label) + (item.text.empty() ? "" : " (" + item.text + ")") + "\n";
        else
          md += "- " + itemMarkdown(item) + "\n";
      }
      return md + "\n";
    case HoverSectionKind::Meaning: md += proseMarkdown(s.text); return md;
    case HoverSectionKind::Link:
      for (const HoverItem& item : s.items) md += "[" + linkText(item.label) + "](" + item.text + ")\n\n";
      return md;
  }
  return md;
}

std::string sectionPlain(const HoverSection& s) {
  std::string out;
  if (!s.heading.empty())
    out += s.heading +
           (s.kind == HoverSectionKind::Encoding && !s.code.empty() ? ": " + s.code.front() : "") + "\n";
  if (s.kind == HoverSectionKind::Description || s.kind == HoverSectionKind::Meaning)
    out += prosePlain(s.text);
  else
    for (const auto& t : s.text) out += t + "\n";
  if ((s.kind == HoverSectionKind::Description || s.kind == HoverSectionKind::Semantics) && !s.source.empty())
    out += "(spec: " + s.source + ")\n";
  if (s.kind == HoverSectionKind::Syntax || s.kind == HoverSectionKind::Semantics)
    for (const auto& line : s.code) out += "    " + line + "\n";
  if ((s.kind == HoverSectionKind::Encoding || s.kind == HoverSectionKind::Table) && !s.table.empty()) {
    std::vector<std::size_t> widths(s.table.front().size(), 0);
    for (const auto& row : s.table)
      for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c)
        widths[c] = std::max(widths[c], row[c].size());
    for (const auto& row : s.table) {
      std::string line = "   ";
      for (std::size_t c = 0; c < row.size(); ++c)
        line += " " + row[c] + (c + 1 < row.size() ? std::string(widths[c] - row[c].size(), ' ') : "");
      out += line + "\n";
    }
  }
  for (const HoverItem& item : s.items) {
    if (s.kind == HoverSectionKind::ModifiersOnLine) {
      out += item.label + "\n" + prosePlain({item.text}, "    ");
    } else if (s.kind == HoverSectionKind::Link) {
      out += item.label + ": " + item.text + "\n";
    } else if (s.kind == HoverSectionKind::LegalValues) {
      out += "  " + item.label + (item.text.empty() ? "" : " (" + item.text + ")") + "\n";
    } else {
      out += "  " + item.label + (item.text.empty() ? "" : ": " + item.text) + "\n";
    }
  }
  return out;
}

}  // namespace

std::string hoverMarkdown(const ide::HoverInfo& hover) {
  std::string md = "### " + hover.title + "\n\n";
  for (const HoverSection& s : hover.sections) md += sectionMarkdown(s);
  return md;
}

std::string hoverPlainText(const ide::HoverInfo& hover) {
  std::string out = hover.title + "\n";
  for (const HoverSection& s : hover.sections) out += "\n" + sectionPlain(s);
  return out;
}

}  // namespace gpuasm::lsp
