// Lowering: a syntax tree → parser-independent statements (isa::AsmStatement) with literals
// read (hex/decimal integers, floats, 0f float bits, register ranges, address parts), plus the
// diagnostics of the syntax layer: syntax errors, and the lenient spellings the grammar accepts
// but the language does not (a dangling comma, `cmem[…]`, an integer too large to read).
#pragma once

#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <vector>

namespace gpuasm::syntax {

/// The statements of a document and what lowering found.
struct LoweredUnit {
  std::vector<isa::AsmStatement> statements;
  std::vector<isa::AsmDiagnostic> diagnostics;
};

/// Lowers every statement of the tree. Never fails; problems become diagnostics.
LoweredUnit lower(const SyntaxTree& tree);

}  // namespace gpuasm::syntax
