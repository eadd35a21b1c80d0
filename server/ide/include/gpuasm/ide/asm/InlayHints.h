// Inlay hints: the encoding preview. After every statement that assembles, the editor shows its
// 128-bit machine word, so the effect of a modifier or an operand on the encoding is visible
// while typing; the tooltip names the encoding variant (opcode) the matcher chose and the
// syntax form it matched. Statements with errors show nothing (their diagnostics say why).
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// One hint: text the editor draws at a position without it being part of the document.
struct InlayHint {
  std::uint32_t offset = 0;  ///< byte offset the hint is drawn at (before the byte there)
  std::string label;         ///< "0x" + 32 hex digits
  std::string tooltip;       ///< markdown: the opcode variant, its optype and the form matched
  bool paddingLeft = true;   ///< a space between the code and the hint
};

/// The encoding hints of the statements that intersect `visible` (half-open: a statement that
/// starts at its end is not shown), in document order. A hint sits at the end of its line's
/// content (after the `;` and any trailing comment); when more statements share a line, each
/// but the last gets its hint right after its own text.
std::vector<InlayHint> getEncodingHints(const Snapshot& snapshot, syntax::ByteRange visible);

/// Where a hint at the end of `line` goes: after its last character that is not a blank.
std::uint32_t lineContentEnd(const Snapshot& snapshot, std::uint32_t line);

}  // namespace gpuasm::ide
