// Assembling a document: lowering, matching every statement, encoding what matched. The
// listing `gpuasm asm` prints, and the encoding preview and hover of the language server, read
// this. Diagnostics are the same as computeDiagnostics'. The core takes lowered statements;
// they come from a syntax tree or, faster, from the text through the line scanner
// (syntax/LineScanner.h), which gives the same statements.
#pragma once

#include <gpuasm/ide/Diagnostics.h>
#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/MachineInst.h>
#include <gpuasm/isa/Word128.h>
#include <gpuasm/syntax/Lowering.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <optional>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// One statement of the listing: the matched instruction and its encoding when legal.
struct AssembledStatement {
  isa::AsmStatement statement;
  std::optional<isa::MachineInst> inst;
  isa::Word128 encoding;  ///< valid when inst is set
};

/// The listing of a document and every diagnostic in document order.
struct AssembledUnit {
  std::vector<AssembledStatement> statements;
  std::vector<Diagnostic> diagnostics;
};

/// Assembles lowered statements: matches and encodes each, and merges lowering's and the
/// matcher's diagnostics in document order. Never fails; user mistakes are diagnostics.
AssembledUnit assemble(const isa::InstrDb& db, syntax::LoweredUnit&& unit);
AssembledUnit assemble(const isa::InstrDb& db, const syntax::LoweredUnit& unit);

/// Assembles a parsed document (lowers the tree, then the core above).
AssembledUnit assemble(const isa::InstrDb& db, const syntax::SyntaxTree& tree);

/// Assembles a document's text through the line scanner: the same result as assembling
/// SyntaxTree(text), without building a tree for ordinary lines.
AssembledUnit assembleText(const isa::InstrDb& db, std::string_view text);

}  // namespace gpuasm::ide
