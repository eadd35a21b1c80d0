// The outline (see DocumentSymbols.h): statements in document order, dealt into the sections of
// Sections.h by their line.
#include <gpuasm/ide/asm/DocumentSymbols.h>

#include "Sections.h"

namespace gpuasm::ide {

namespace {

DocumentSymbol instruction(std::string_view text, const AssembledStatement& a) {
  const isa::AsmStatement& s = a.statement;
  const std::uint32_t nameEnd = s.parts.empty() ? s.mnemonicRange.end : s.parts.back().range.end;
  DocumentSymbol symbol;
  symbol.name = std::string(text.substr(s.mnemonicRange.begin, nameEnd - s.mnemonicRange.begin));
  if (a.inst) symbol.detail = a.inst->opcode->name;
  symbol.kind = DocumentSymbolKind::Instruction;
  symbol.range = {s.range.begin, s.range.end};
  symbol.selectionRange = {s.mnemonicRange.begin, nameEnd};
  return symbol;
}

}  // namespace

std::vector<DocumentSymbol> getDocumentSymbols(const Snapshot& snapshot) {
  const std::string_view text = snapshot.text();
  const syntax::LineIndex& lines = snapshot.lines();
  const auto sections = detail::findSections(snapshot, detail::classifyLines(snapshot));
  std::vector<DocumentSymbol> out;
  std::size_t next = 0;  // the next section to open
  DocumentSymbol* open = nullptr;
  for (const AssembledStatement& a : snapshot.statementsIn({0, static_cast<std::uint32_t>(text.size())})) {
    if (a.statement.mnemonic.empty() || a.statement.mnemonicRange.end > text.size()) continue;
    const std::uint32_t line = detail::lineOf(lines, a.statement.range.begin);
    for (; next < sections.size() && sections[next].firstLine <= line; ++next) {
      const detail::Section& s = sections[next];
      const std::uint32_t end = lines.lineEnd(s.lastLine);
      out.push_back(
          {s.title, {}, DocumentSymbolKind::Section, {lines.lineStart(s.firstLine), end}, s.titleRange, {}});
      open = &out.back();
    }
    (open != nullptr ? open->children : out).push_back(instruction(text, a));
  }
  return out;
}

}  // namespace gpuasm::ide
