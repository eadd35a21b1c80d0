// A debug session's history (Debugger.h): where execution stands in the program and how it got
// there, forwards and backwards. Time is the number of instructions executed, `position`
// (0 = before the first). The state at every position up to the furthest reached is reachable
// exactly: a copy of the warp is kept every kCheckpointEvery positions and the instructions
// after it are executed again, so moving back costs at most that many instructions and memory
// stays bounded (one warp copy per kCheckpointEvery instructions run). Register edits become
// part of the history at their position and are applied again by every re-execution that
// passes it.
#pragma once

#include <gpuasm/ide/execution/DebugProgram.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// A register set by the user: in the lanes of `lanes` (a bit per lane; any for a uniform one).
struct RegisterEdit {
  sim::RegFile file = sim::RegFile::R;
  std::uint32_t number = 0;
  std::uint32_t lanes = 0;
  std::uint32_t value = 0;
};

/// The program executed up to a position, by checkpoints and re-execution.
class Timeline {
 public:
  /// Every this many positions a copy of the warp is kept.
  static constexpr std::uint64_t kCheckpointEvery = 256;

  /// At position 0 with the warp `initial`.
  Timeline(std::shared_ptr<const DebugProgram> program, sim::WarpState initial);

  const DebugProgram& program() const { return *program_; }
  std::uint64_t position() const { return position_; }
  /// The furthest position reached so far: every position up to it is reachable.
  std::uint64_t reached() const { return furthest_; }
  const sim::WarpState& state() const { return state_; }
  const sim::WarpState& initial() const { return initial_; }

  /// Executes the instruction at the current position and moves past it; its error, leaving
  /// the position unchanged, when it cannot execute.
  std::string executeOne();
  /// Executes forward until the position reaches `end` or a step that cannot execute (its
  /// `error` set: the position stays before it); the error of a step that failed while executing.
  std::string executeUntil(std::uint64_t end);
  /// Moves to `target` (≤ reached()) by re-execution from the nearest checkpoint.
  void travel(std::uint64_t target);
  /// Sets a register at the current position: it joins the history here, and what came after
  /// it is to be computed again (reached() becomes the current position).
  void edit(const RegisterEdit& edit);
  /// Back to position 0 with the edits dropped.
  void restart();

  /// The state at position `p` (p ≤ reached()), without moving.
  sim::WarpState stateAt(std::uint64_t p) const;
  /// Executes step `p` on `state` and then the edits at p + 1 (writing the lanes the step ran
  /// on to `laneMask` when given); the error of a step that cannot run.
  std::string advance(sim::WarpState& state, std::uint64_t p, std::uint32_t* laneMask = nullptr) const;
  /// The state at checkpoint k (position k * kCheckpointEvery; k < checkpoints kept).
  sim::WarpState checkpointState(std::uint64_t k) const { return checkpoints_[k].state(initial_); }
  /// The lanes step p ran on when it was last executed forward (0 when it was not).
  std::uint32_t laneMask(std::uint64_t p) const { return laneMasks_[p]; }
  /// The edits applied at position p (before step p), if any.
  const std::vector<RegisterEdit>* editsAt(std::uint64_t p) const;

 private:
  std::shared_ptr<const DebugProgram> program_;
  sim::WarpState initial_, state_;
  std::uint64_t position_ = 0;
  std::uint64_t furthest_ = 0;
  std::vector<sim::WarpCheckpoint> checkpoints_;              ///< state at k * kCheckpointEvery
  std::vector<std::uint32_t> laneMasks_;                      ///< per executed position
  std::map<std::uint64_t, std::vector<RegisterEdit>> edits_;  ///< applied at their position
};

}  // namespace gpuasm::ide
