// Annotated test snippets for editor features (DESIGN.md §8): `^` marks the cursor and
// `[[ ... ]]` marks expected ranges (`[[R[0:1]]]` closes after the operand's own ']'); both are removed from
// the text the feature sees.
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/isa/InstrDb.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gpuasm::featuretest {

/// The embedded spec, loaded once for all tests.
inline const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

/// A snippet with its markers taken out.
struct Annotated {
  std::string text;
  std::uint32_t cursor = 0;               ///< byte offset of `^` (0 when none)
  std::vector<syntax::ByteRange> ranges;  ///< `[[ ]]` ranges, in order

  explicit Annotated(std::string_view marked) {
    std::vector<std::uint32_t> open;
    for (std::size_t i = 0; i < marked.size(); ++i) {
      if (marked[i] == '^') {
        cursor = static_cast<std::uint32_t>(text.size());
      } else if (marked.compare(i, 2, "[[") == 0) {
        open.push_back(static_cast<std::uint32_t>(text.size()));
        ++i;
      } else if (marked.compare(i, 3, "]]]") == 0 && !open.empty()) {
        text += ']';  // `[[R[0:1]]]`: the range closes at the last two brackets
      } else if (marked.compare(i, 2, "]]") == 0 && !open.empty()) {
        ranges.push_back({open.back(), static_cast<std::uint32_t>(text.size())});
        open.pop_back();
        ++i;
      } else {
        text += marked[i];
      }
    }
  }

  std::shared_ptr<const ide::Snapshot> snapshot() const { return ide::Snapshot::analyse(db(), text); }
};

/// The ranges of what a feature found (diagnostics, register occurrences, ...), to compare with
/// an Annotated snippet's marked ranges.
template <typename T>
std::vector<syntax::ByteRange> ranges(const std::vector<T>& found) {
  std::vector<syntax::ByteRange> out;
  for (const T& x : found) out.push_back(x.range);
  return out;
}

}  // namespace gpuasm::featuretest
