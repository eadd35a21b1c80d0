// Document symbols: the outline of a listing. The language has no labels, so the symbols are the
// instructions themselves — one per statement, named as written (IMAD.WIDE.U32), with the
// encoding variant it assembles to (IMAD_WIDE_RRR) as detail — grouped under the sections that
// comment headers open (docs/LANGUAGE.md, "Sections").
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::ide {

enum class DocumentSymbolKind : std::uint8_t { Section, Instruction };

/// One entry of the outline.
struct DocumentSymbol {
  std::string name;    ///< a section's title; an instruction's mnemonic and modifiers as written
  std::string detail;  ///< an instruction's opcode variant when it assembles ("IADD_RR"), else empty
  DocumentSymbolKind kind = DocumentSymbolKind::Instruction;
  syntax::ByteRange range;               ///< the whole statement; a section from its header to its last line
  syntax::ByteRange selectionRange;      ///< the mnemonic with its modifiers; a section's title
  std::vector<DocumentSymbol> children;  ///< a section's instructions
};

/// The outline, in document order: the instructions before the first section, then the sections
/// with their instructions.
std::vector<DocumentSymbol> getDocumentSymbols(const Snapshot& snapshot);

}  // namespace gpuasm::ide
