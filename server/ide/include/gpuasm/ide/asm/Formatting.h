// Formatting: the column layout of the spec's examples (docs/LANGUAGE.md, "Formatting"), applied
// per block of consecutive statement lines — guards in a column before the mnemonics, operands
// starting at one column, `, ` between operands, ` ;` at the end, trailing comments aligned.
// Only whitespace between tokens changes: operands keep their spelling, comments their text,
// lines that do not parse are left alone, line ends are kept, and format(format(x)) ==
// format(x).
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <vector>

namespace gpuasm::ide {

/// The editor's options (the LSP's FormattingOptions).
struct FormatOptions {
  std::uint32_t tabSize = 4;  ///< columns of a tab stop, to measure indentation written with tabs
  bool insertSpaces = true;   ///< false: a line's indentation is written with tabs (then spaces)
};

/// The edits that format the document: at most one per line, only for lines that change, each
/// replacing the part of its line that differs, in document order, non-overlapping.
std::vector<syntax::TextEdit> formatDocument(const Snapshot& snapshot, const FormatOptions& options);

/// The edits of formatDocument for the lines that overlap `range` (a line whose end the range
/// touches counts). A block is aligned as a whole, so a line gets the same text either way.
std::vector<syntax::TextEdit> formatRange(const Snapshot& snapshot, syntax::ByteRange range,
                                          const FormatOptions& options);

}  // namespace gpuasm::ide
