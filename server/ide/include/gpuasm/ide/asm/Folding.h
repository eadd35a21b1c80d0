// Folding ranges: what the editor lets the user collapse — block comments over several lines,
// runs of two or more `//` comment lines, and the sections of docs/LANGUAGE.md ("Sections").
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>

#include <cstdint>
#include <vector>

namespace gpuasm::ide {

enum class FoldingKind : std::uint8_t { Comment, Region };  ///< the LSP's "comment" and "region"

/// Lines [startLine, endLine], 0-based; the editor keeps startLine visible.
struct FoldingRange {
  std::uint32_t startLine = 0;
  std::uint32_t endLine = 0;
  FoldingKind kind = FoldingKind::Comment;
  friend bool operator==(const FoldingRange&, const FoldingRange&) = default;
};

/// Of ranges sorted by start line, keeps the first of each start line (editors fold one range per
/// line), in place.
void keepFirstPerStartLine(std::vector<FoldingRange>& ranges);

/// Every folding range, sorted by start line, each spanning at least two lines and no two
/// starting on the same line (editors keep one range per start line): a section whose header
/// is a run of comment lines gives only the section's range.
std::vector<FoldingRange> getFoldingRanges(const Snapshot& snapshot);

}  // namespace gpuasm::ide
