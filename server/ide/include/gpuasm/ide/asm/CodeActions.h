// Code actions: the quick fixes the editor offers for the diagnostics under the cursor or a
// selection. Every fix is built from the data the assembler already attached to its
// diagnostic — replacement texts for the diagnostic's range (did-you-mean spellings, the
// reordered modifier list, the '~' that .X wants, an empty text meaning "delete") — plus the
// syntax tree's MISSING tokens, which the parser names. Nothing here knows an ISA rule: a fix
// is offered only where a diagnostic carries the data for it.
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// One quick fix: a title for the menu and the edits that apply it.
/// What a code action does; every action the assembler offers fixes a diagnostic.
enum class CodeActionKind : std::uint8_t { QuickFix };

struct CodeAction {
  std::string title;  ///< "Change '.RX' to '.RN'", "Remove '.SAT'", "Insert ';'"
  CodeActionKind kind = CodeActionKind::QuickFix;
  std::size_t diagnostic = 0;           ///< index into snapshot.unit().diagnostics
  isa::DiagnosticCode code{};           ///< that diagnostic's code
  std::vector<syntax::TextEdit> edits;  ///< byte ranges of the snapshot's text, non-overlapping
  bool isPreferred = false;             ///< the only fix of its diagnostic: safe to auto-apply
};

/// The quick fixes for every diagnostic whose range intersects `range` (touching counts, so an
/// empty range at the cursor finds the diagnostic the cursor is in or next to), in diagnostic
/// order. Empty when no diagnostic there carries a usable fix.
std::vector<CodeAction> getCodeActions(const Snapshot& snapshot, syntax::ByteRange range);

}  // namespace gpuasm::ide
