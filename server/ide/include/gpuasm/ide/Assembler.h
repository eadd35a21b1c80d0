// Assembling a document: lowering, matching every statement, encoding what matched. The
// listing `gpuasm asm` prints, and the encoding preview and hover of the language server, read
// this. Diagnostics are the same as computeDiagnostics'.
#pragma once

#include <gpuasm/ide/Diagnostics.h>
#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/MachineInst.h>
#include <gpuasm/isa/Word128.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <optional>
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

/// Assembles a parsed document. Never fails; user mistakes are diagnostics.
AssembledUnit assemble(const isa::InstrDb& db, const syntax::SyntaxTree& tree);

}  // namespace gpuasm::ide
