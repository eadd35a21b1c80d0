// The shared result types' few functions (see Results.h).
#include <gpuasm/ide/Results.h>

#include <algorithm>
#include <cstdio>
#include <utility>

namespace gpuasm::ide {

const HoverSection* HoverInfo::section(HoverSectionKind kind) const {
  for (const HoverSection& s : sections)
    if (s.kind == kind) return &s;
  return nullptr;
}

void keepFirstPerStartLine(std::vector<FoldingRange>& ranges) {
  ranges.erase(
      std::unique(ranges.begin(), ranges.end(),
                  [](const FoldingRange& a, const FoldingRange& b) { return a.startLine == b.startLine; }),
      ranges.end());
}

CompletionItem plainCompletion(std::string label, CompletionKind kind, std::string detail,
                               syntax::ByteRange range, std::string sortText) {
  CompletionItem item;
  item.insertText = label;
  item.label = std::move(label);
  item.kind = kind;
  item.detail = std::move(detail);
  item.range = range;
  item.sortText = std::move(sortText);
  return item;
}

std::string completionSortKey(std::size_t group, std::size_t index) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%03zu%05zu", group, index);
  return buf;
}

}  // namespace gpuasm::ide
