// Lowering: a syntax tree → parser-independent statements (isa::AsmStatement) with literals
// read (hex/decimal integers, floats, 0f float bits, register ranges, address parts), plus the
// diagnostics of the syntax layer: syntax errors, and the lenient spellings the grammar accepts
// but the language does not (a dangling comma, `cmem[…]`, an integer too large to read).
#pragma once

#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/syntax/Statement.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <vector>

namespace gpuasm::syntax {

/// The statements of a document and what lowering found.
struct LoweredUnit {
  std::vector<isa::AsmStatement> statements;
  std::vector<isa::AsmDiagnostic> diagnostics;
  /// Statements done with, handed back by a caller that lowers piece after piece (the batch
  /// assembler): lowerStatement takes its statement from here when there is one, emptied but
  /// with its parts' and operands' storage kept, instead of allocating that storage afresh for
  /// every statement. What a statement holds never depends on it (recycledStatement).
  std::vector<isa::AsmStatement> spare;
};

/// `s` as a fresh statement (every field at its default) that keeps the capacity of its parts
/// and operands vectors. It resets field by field: a field added to isa::AsmStatement is reset
/// there too (LineScanner's RecycledStatementIsAFreshOne test).
void recycledStatement(isa::AsmStatement& s);

/// Lowers every statement of the tree. Never fails; problems become diagnostics: the syntax
/// diagnostics first (document order), then lowering's, statement by statement.
LoweredUnit lower(const SyntaxTree& tree);

/// Lowers one statement view, appending the statement and what lowering finds in it (a
/// dangling comma, `cmem`, an integer too large) to `out`; returns the appended statement
/// (built in one of `out.spare`'s when there is one).
/// Shared by `lower` and the line scanner, so both front ends read literals and report lenient
/// spellings the same way.
isa::AsmStatement& lowerStatement(const StatementView& statement, LoweredUnit& out);

/// A syntax diagnostic as the assembler reports it (an unclosed '/*' is a warning).
isa::AsmDiagnostic toAsmDiagnostic(const SyntaxDiagnostic& diagnostic);

/// A range of a piece of a document lowered alone, moved by `base` bytes to its place.
isa::SourceRange shifted(isa::SourceRange r, std::uint32_t base);

/// A statement lowered from a piece of a document (a chunk) moved to its place in it: `base`
/// bytes and `lineNo` lines on. Absent tokens ({0, 0}: no selector, no base, ...) stay absent,
/// as in a parse of the whole document.
void shiftStatement(isa::AsmStatement& s, std::uint32_t base, std::uint32_t lineNo);

}  // namespace gpuasm::syntax
