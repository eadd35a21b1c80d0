// Folding ranges: what the editor lets the user collapse — block comments over several lines,
// runs of two or more `//` comment lines, and the sections of docs/LANGUAGE.md ("Sections").
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/ide/analysis/Snapshot.h>

#include <cstdint>
#include <vector>

namespace gpuasm::ide {

/// Every folding range, sorted by start line, each spanning at least two lines and no two
/// starting on the same line (editors keep one range per start line): a section whose header
/// is a run of comment lines gives only the section's range.
std::vector<FoldingRange> getFoldingRanges(const Snapshot& snapshot);

}  // namespace gpuasm::ide
