// The program a debug session runs (Debugger.h): the document's text and its prepared steps,
// one per instruction in order (the ISA has no branches, so step p is instruction p), with the
// registers each step writes and their types, and the registers the program names. Prepared
// once at launch and never changed; the timeline (Timeline.h) executes it.
#pragma once

#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuasm::ide {

/// A document's instructions, prepared for the simulator, with their lines and what they write.
class DebugProgram {
 public:
  /// Steps are kept in blocks of this many, each allocated at its size.
  static constexpr std::uint64_t kBlockSteps = 256;

  /// Assembles `text` (as `gpuasm check` does) and prepares its instructions; an instruction
  /// that does not assemble or has no semantics is a step whose `error` says so.
  static DebugProgram prepare(const isa::InstrDb& db, const sim::RegisterLayout& layout,
                              std::string_view text);

  /// Instructions in the program.
  std::uint64_t count() const { return count_; }
  /// Step p (p < count()).
  const sim::PreparedInst& step(std::uint64_t p) const { return blocks_[p / kBlockSteps][p % kBlockSteps]; }
  /// The 0-based line of step p; none past the last.
  std::optional<std::uint32_t> lineAt(std::uint64_t p) const;
  /// The document's text of step p's line, its comment cut and trimmed; empty past the last.
  std::string sourceAt(std::uint64_t p) const;
  /// The first step on `line` or after it; none when there is none.
  std::optional<std::uint64_t> positionOfLine(std::uint32_t line) const;
  /// The types of the registers the steps before `position` wrote, each as the last of them
  /// that wrote it typed it, by file then number; registers none wrote are absent (u32).
  std::vector<RegisterType> registerTypes(std::uint64_t position) const;
  /// One register's type after the steps before `position` (u32 when none wrote it).
  sim::ValueType registerType(std::uint64_t position, sim::RegFile file, std::uint32_t number) const;
  /// The registers the steps name (guards, sources, results), constant ones (RZ, PT, URZ, UPT)
  /// left out, by file (R, P, UR, UP) then number.
  const std::vector<std::pair<sim::RegFile, std::uint32_t>>& namedRegisters() const { return named_; }

 private:
  DebugProgram() = default;
  /// Adds the typed writes of the steps `statements` (per step, its statement in `unit`) become.
  void addWriteTypes(const isa::InstrDb& db, const sim::RegisterLayout& layout, const AssembledUnit& unit,
                     const std::vector<std::uint32_t>& statements);
  void findNamedRegisters(const sim::RegisterLayout& layout);

  std::string text_;
  std::vector<std::uint32_t> lineStarts_;
  std::vector<std::vector<sim::PreparedInst>> blocks_;
  std::uint64_t count_ = 0;
  /// Step p's typed writes are writes_[writesBegin_[p] .. writesBegin_[p + 1]).
  std::vector<RegisterType> writes_;
  std::vector<std::uint32_t> writesBegin_{0};
  std::vector<std::pair<sim::RegFile, std::uint32_t>> named_;
};

}  // namespace gpuasm::ide
