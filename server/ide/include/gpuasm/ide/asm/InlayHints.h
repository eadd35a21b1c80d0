// Inlay hints: the encoding preview. After every statement that assembles, the editor shows its
// 128-bit machine word, so the effect of a modifier or an operand on the encoding is visible
// while typing; the tooltip names the encoding variant (opcode) the matcher chose and the
// syntax form it matched. Statements with errors show nothing (their diagnostics say why).
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// The encoding hints of the statements that intersect `visible` (half-open: a statement that
/// starts at its end is not shown), in document order. A hint sits at the end of its line's
/// content (after the `;` and any trailing comment); when more statements share a line, each
/// but the last gets its hint right after its own text.
std::vector<InlayHint> getEncodingHints(const Snapshot& snapshot, syntax::ByteRange visible);

}  // namespace gpuasm::ide
