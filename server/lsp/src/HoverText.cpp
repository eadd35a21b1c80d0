// Rendering of ide::HoverInfo (see HoverText.h). Markdown: the title as a heading, the spec's
// prose verbatim (its own tables stay tables), syntax in an asm fence, facts and values as lists,
// the encoding as a table. Plain text: the same content without markup, code indented.
#include "HoverText.h"

#include <algorithm>

namespace gpuasm::lsp {

namespace {

using ide::HoverItem;
using ide::HoverSection;
using ide::HoverSectionKind;

std::string code(const std::string& s) { return "`" + s + "`"; }

// Prose lines: consecutive table rows stay together, other lines are paragraphs.
std::string proseMarkdown(const std::vector<std::string>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool row = lines[i].starts_with("|");
    const bool nextRow = i + 1 < lines.size() && lines[i + 1].starts_with("|");
    out += lines[i] + (row && nextRow ? "\n" : "\n\n");
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
      out += item.label + "\n";
      for (std::size_t at = 0; at <= item.text.size();) {
        const std::size_t nl = std::min(item.text.find('\n', at), item.text.size());
        out += "    " + item.text.substr(at, nl - at) + "\n";
        at = nl + 1;
      }
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
