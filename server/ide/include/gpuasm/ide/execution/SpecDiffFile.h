// What a spec change changes in one .asm file (`gpuasm spec diff OLD NEW FILE...`): each line
// that assembled under the old spec and no longer assembles under the new one, assembles to
// another word, or computes something else — the same line executed under both specs from the
// same machine state (the old spec's run up to it) leaves other register values. docs/LANGUAGE.md,
// "What a spec change changes", defines it.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/SpecDiff.h>
#include <gpuasm/isa/Word128.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// How a line changed, the most telling first.
enum class LineChangeKind : std::uint8_t {
  NoLongerAssembles,  ///< the new spec rejects it (`diagnostic` says why)
  OtherWord,          ///< it assembles to another 128-bit word
  ComputesOtherwise,  ///< from the same state, the two specs' instructions leave other registers
  NoLongerRuns,       ///< it assembles under both, but the simulator cannot execute the new one
  UsesChanged,        ///< the same word and result, but its instruction's definition changed
};

/// "no-longer-assembles", "other-word", "computes-otherwise", "no-longer-runs", "uses-changed".
std::string_view lineChangeKindName(LineChangeKind kind);

/// A register whose value after the line differs between the two specs: the lanes where it
/// does (for UR and UP, which are one per warp, lane 0) and both values in the first of them.
struct RegisterDifference {
  std::string name;     ///< "R2", "P0", "UR4", "UP1": the old spec's register names
  bool perLane = true;  ///< R and P; false for UR and UP
  std::vector<unsigned> lanes;
  std::uint32_t oldValue = 0, newValue = 0;
};

/// One changed statement.
struct LineChange {
  LineChangeKind kind{};
  std::uint32_t line = 0;  ///< 0-based
  std::string source;      ///< the statement as written
  std::string diagnostic;  ///< NoLongerAssembles: the new spec's error ("message [code]"); NoLongerRuns: why
  isa::Word128 oldWord, newWord;  ///< both specs' words (set for every kind but NoLongerAssembles)
  std::vector<RegisterDifference> registers;  ///< ComputesOtherwise
  std::vector<std::uint32_t> specChanges;     ///< UsesChanged: indices into the changes given
};

/// The changed lines of one file, in document order (a line that both assembles to another word
/// and computes something else has two entries), and what limited the comparison of results.
struct FileDiff {
  std::vector<LineChange> lines;
  std::vector<std::string> notes;  ///< e.g. the initial state could not be set, a line was skipped
};

/// Compares `text` under both specs; `changes` (diffSpecs of the two) give the UsesChanged lines.
FileDiff diffFile(const isa::InstrDb& oldDb, const isa::InstrDb& newDb, std::string_view text,
                  std::span<const isa::SpecChange> changes);

}  // namespace gpuasm::ide
