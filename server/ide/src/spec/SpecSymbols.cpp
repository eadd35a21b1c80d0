// Document symbols and folding ranges of a spec file (SpecFeatures.h).
#include "SpecModel.h"

#include <algorithm>

namespace gpuasm::ide {

using namespace spec;
using isa::DefKind;

namespace {

SpecSymbolKind symbolKind(DefKind kind) {
  switch (kind) {
    case DefKind::BitFieldType: return SpecSymbolKind::Type;
    case DefKind::Group: return SpecSymbolKind::Group;
    case DefKind::Optype: return SpecSymbolKind::Optype;
    case DefKind::Opcode: return SpecSymbolKind::Opcode;
    case DefKind::Erratum: return SpecSymbolKind::Erratum;
    case DefKind::AsmFacts: return SpecSymbolKind::AsmFacts;
  }
  return SpecSymbolKind::Type;
}

}  // namespace

std::vector<SpecSymbol> getSpecSymbols(const SpecView& view) {
  std::vector<SpecSymbol> out;
  const syntax::LineIndex& lines = view.lines();
  auto lineRange = [&](std::uint32_t first, std::uint32_t last) {
    return syntax::ByteRange{lines.lineStart(first - 1), lines.lineEnd(last - 1)};
  };
  auto nameRange = [&](const isa::SourcePos& pos, std::size_t length) {
    const std::uint32_t b = lines.lineStart(pos.line - 1) + (pos.column > 0 ? pos.column - 1 : 0);
    return syntax::ByteRange{b, static_cast<std::uint32_t>(b + length)};
  };
  for (const isa::SpecDefinition& d : view.ast().definitions) {
    SpecSymbol s;
    s.name = d.name.empty() ? std::string("(unnamed)") : d.name;
    s.kind = symbolKind(d.kind);
    if (d.kind == DefKind::BitFieldType)
      s.detail = "<" + std::to_string(d.width) + ">";
    else if (!d.parents.empty()) {
      std::vector<std::string> parents(d.parents.begin(), d.parents.end());
      s.detail = ": [" + joined(parents, ", ") + "]";
    }
    s.range = lineRange(d.pos.line, view.lastLine(d));
    s.selectionRange = nameRange(d.pos, d.name.size());
    for (const isa::EnumDecl& en : d.enumerators) {
      const std::string_view text = view.line(en.pos.line);
      const std::size_t at = text.find(en.name);
      const isa::SourcePos namePos{en.pos.file, en.pos.line,
                                   static_cast<std::uint32_t>(at == std::string_view::npos ? 1 : at + 1)};
      s.children.push_back({en.name,
                            en.value ? hex(*en.value) : std::string(),
                            SpecSymbolKind::Enumerator,
                            lineRange(en.pos.line, en.pos.line),
                            nameRange(namePos, en.name.size()),
                            {}});
    }
    for (const isa::SpecSection& sec : d.sections) {
      if (sec.name != "Encoding") continue;
      for (const isa::SpecLine& l : sec.lines) {
        const auto decl = fieldDeclOf(l.text);
        if (!decl) continue;
        const std::size_t at = l.text.find(decl->name, l.text.find('>'));
        const isa::SourcePos namePos{view.self(), l.line,
                                     static_cast<std::uint32_t>(at == std::string::npos ? 1 : at + 1)};
        s.children.push_back(
            {decl->name,
             "<" + std::to_string(decl->offset) + ", " + std::to_string(decl->width) + "> " + decl->type,
             SpecSymbolKind::Field,
             lineRange(l.line, l.line),
             nameRange(namePos, decl->name.size()),
             {}});
      }
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<FoldingRange> getSpecFoldingRanges(const SpecView& view) {
  std::vector<FoldingRange> out;
  for (const isa::SpecDefinition& d : view.ast().definitions) {
    const std::uint32_t last = view.lastLine(d);
    if (last > d.pos.line) out.push_back({d.pos.line - 1, last - 1, FoldingKind::Region});
    for (std::size_t i = 0; i < d.sections.size(); ++i) {
      const isa::SpecSection& s = d.sections[i];
      std::uint32_t end = i + 1 < d.sections.size() ? d.sections[i + 1].pos.line - 1 : last;
      while (end > s.pos.line && isBlankOrComment(view.line(end))) --end;
      if (end > s.pos.line) out.push_back({s.pos.line - 1, end - 1, FoldingKind::Region});
    }
  }
  // Runs of two or more comment lines outside the definitions' prose (the files' headers).
  const std::uint32_t count = view.lines().lineCount();
  for (std::uint32_t line = 1; line <= count;) {
    std::uint32_t end = line;
    while (end <= count && trimLeft(view.line(end)).starts_with("//")) ++end;
    if (end - line >= 2) {
      const isa::SpecDefinition* def = view.definitionAt(line);
      const isa::SpecSection* sec = def != nullptr ? sectionAt(*def, line) : nullptr;
      if (sec == nullptr || !isProseSection(sec->name))
        out.push_back({line - 1, end - 2, FoldingKind::Comment});
    }
    line = std::max(end, line + 1);
  }
  std::stable_sort(out.begin(), out.end(), [](const FoldingRange& a, const FoldingRange& b) {
    return a.startLine != b.startLine ? a.startLine < b.startLine : a.endLine > b.endLine;
  });
  keepFirstPerStartLine(out);
  return out;
}

}  // namespace gpuasm::ide
