// Folding ranges (see Folding.h), from the comments' ranges and the line kinds of Sections.h.
#include <gpuasm/ide/asm/Folding.h>

#include "Sections.h"

#include <algorithm>

namespace gpuasm::ide {

std::vector<FoldingRange> getFoldingRanges(const Snapshot& snapshot) {
  const syntax::LineIndex& lines = snapshot.lines();
  const auto kinds = detail::classifyLines(snapshot);
  std::vector<FoldingRange> out;
  for (const detail::Section& s : detail::findSections(snapshot, kinds))
    if (s.lastLine > s.firstLine) out.push_back({s.firstLine, s.lastLine, FoldingKind::Region});
  for (const syntax::ByteRange& c :
       snapshot.commentsIn({0, static_cast<std::uint32_t>(snapshot.text().size())})) {
    const std::uint32_t first = detail::lineOf(lines, c.begin);
    const std::uint32_t last = detail::lineOf(lines, c.end);
    if (last > first) out.push_back({first, last, FoldingKind::Comment});
  }
  for (std::uint32_t line = 0; line < kinds.size();) {
    std::uint32_t end = line;
    while (end < kinds.size() && kinds[end] == detail::LineKind::LineComment) ++end;
    if (end - line >= 2) out.push_back({line, end - 1, FoldingKind::Comment});
    line = std::max(end, line + 1);
  }
  // Regions first among equal starts, so the section wins over its own header's comment run.
  std::stable_sort(out.begin(), out.end(), [](const FoldingRange& a, const FoldingRange& b) {
    return a.startLine != b.startLine ? a.startLine < b.startLine
                                      : a.kind == FoldingKind::Region && b.kind != FoldingKind::Region;
  });
  keepFirstPerStartLine(out);
  return out;
}

}  // namespace gpuasm::ide
