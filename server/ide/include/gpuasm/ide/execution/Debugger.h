// The warp debugger's engine: a document run one instruction at a time, forwards and backwards
// (time travel), with line breakpoints (conditions, hit counts, log points), data breakpoints
// on registers (any lane or one lane), evaluate and register edits in the expression language
// of docs/LANGUAGE.md, and provenance — where a register's value came from. LSP- and DAP-free:
// the debug adapter (server/dap, through workspace::DebugSession) drives it.
//
// `Debugger` is the façade the debug adapter holds: it launches a session and runs it (step,
// continue and reverse continue, goto, restart), deciding where execution stops. Each concern
// lives in its own file and is tested apart:
//   DebugProgram.h     the document's prepared instructions, their lines and typed writes
//   Timeline.h         the history: position, checkpoints, re-execution, register edits
//   Breakpoints.h      line breakpoints: placement, conditions, hit counts, log points
//   DataBreakpoints.h  data breakpoints: watched registers and how a change is told
//   Provenance.h       where a register's value came from
//   LaneView.h         the warp across its lanes around the current instruction
#pragma once

#include <gpuasm/ide/execution/Breakpoints.h>
#include <gpuasm/ide/execution/DataBreakpoints.h>
#include <gpuasm/ide/execution/DebugProgram.h>
#include <gpuasm/ide/execution/LaneView.h>
#include <gpuasm/ide/execution/Provenance.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/ide/execution/Timeline.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/Expression.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// How to start a debug session.
struct DebugLaunch {
  std::optional<sim::InitialState> stateFile;  ///< over the document's `// @state` directives
  std::uint64_t stepLimit = 1'000'000;         ///< positions beyond it are not reached
};

/// Why execution stopped.
enum class DebugStopReason : std::uint8_t {
  Entry,           ///< at position 0 (launch, restart, reverse execution reached the start)
  Step,            ///< a step (either direction) or a goto ended
  Breakpoint,      ///< before an instruction on a breakpoint's line whose condition holds
  DataBreakpoint,  ///< a watched register changed (forward: after the change; backward: before it)
  End,             ///< every instruction executed
  Error,           ///< the next instruction cannot execute (does not assemble, no semantics, traps)
  StepLimit,       ///< the step limit is reached
  Paused,          ///< continue ran its slice of instructions without stopping
};

/// Where and why execution stopped.
struct DebugStop {
  DebugStopReason reason = DebugStopReason::Entry;
  std::uint64_t position = 0;
  std::optional<std::uint32_t> line;  ///< 0-based line of the next instruction; none at the end
  std::string description;            ///< e.g. "R1 changed in lane 3: 0x0 -> 0x5", an error's text
  std::vector<int> hitBreakpoints;    ///< ids of the breakpoints (or data breakpoints) that stopped it
  std::vector<std::string> logs;      ///< log points passed on the way, in order
};

/// A debug session of one document.
class Debugger {
 public:
  /// Every this many positions a copy of the warp is kept.
  static constexpr std::uint64_t kCheckpointEvery = Timeline::kCheckpointEvery;

  /// Assembles `text` (as `gpuasm check` does) and sets up the warp from its `// @state`
  /// directives and the launch's state file, at position 0. An error value when the initial
  /// state cannot be set up; a document that does not assemble launches and stops at its first
  /// bad instruction when run.
  static std::expected<Debugger, std::string> launch(const isa::InstrDb& db, std::string_view text,
                                                     DebugLaunch options);

  std::uint64_t position() const { return timeline_.position(); }
  /// Instructions in the program (the last position is this count).
  std::uint64_t length() const { return program().count(); }
  const sim::WarpState& state() const { return timeline_.state(); }
  /// The 0-based line of the instruction at `position` (next to execute); none at the end.
  std::optional<std::uint32_t> lineAt(std::uint64_t position) const { return program().lineAt(position); }
  /// The document's text of that instruction's line, trimmed.
  std::string sourceAt(std::uint64_t position) const { return program().sourceAt(position); }
  /// The position of the first instruction on `line` or after it; none when there is none.
  std::optional<std::uint64_t> positionOfLine(std::uint32_t line) const {
    return program().positionOfLine(line);
  }
  const sim::RegisterLayout& layout() const { return state().layout; }
  /// The furthest position reached so far.
  std::uint64_t reached() const { return timeline_.reached(); }
  /// The lane view where execution stands (LaneView.h).
  LaneView laneView() const { return ide::laneView(timeline_); }
  /// The types of the registers the instructions before the current position wrote, each as
  /// the last of them that wrote it typed it; registers none wrote are u32 (absent here).
  std::vector<RegisterType> registerTypes() const { return program().registerTypes(position()); }
  /// One register's type where execution stands (u32 when no instruction before wrote it).
  sim::ValueType registerType(sim::RegFile file, std::uint32_t number) const {
    return program().registerType(position(), file, number);
  }

  DebugStop stepForward();
  DebugStop stepBack();
  /// Runs forward until a breakpoint, a data breakpoint, the end, an error or the step limit,
  /// or until `maxSteps` instructions ran (Paused), so a client can pause a long run.
  DebugStop continueForward(std::uint64_t maxSteps = UINT64_MAX);
  /// Runs backward to the last breakpoint or data-breakpoint stop before the position, or to
  /// the start (Entry). Hit conditions count forward execution only and do not apply here.
  DebugStop reverseContinue();
  /// Time travel to an exact position (0..the furthest reachable).
  DebugStop gotoPosition(std::uint64_t target);
  /// Back to position 0 with the history's edits dropped.
  DebugStop restart();

  /// Replaces the line breakpoints (Breakpoints.h).
  std::vector<BreakpointStatus> setBreakpoints(const std::vector<BreakpointSpec>& specs) {
    return breakpoints_.set(specs, program(), layout(), nextId_);
  }
  /// Replaces the data breakpoints (DataBreakpoints.h).
  std::vector<BreakpointStatus> setDataBreakpoints(const std::vector<DataBreakpointSpec>& specs) {
    return dataBreakpoints_.set(specs, layout(), nextId_);
  }

  /// An expression's value in `lane` of the current state (docs/LANGUAGE.md "Expressions").
  std::expected<sim::ExprValue, sim::ExprError> evaluate(std::string_view expression, unsigned lane) const;
  /// Sets a register in one lane (every lane when `lane` is none; uniform registers ignore it)
  /// at the current position; later positions are computed again from it.
  std::expected<void, std::string> setRegister(std::string_view name, std::optional<unsigned> lane,
                                               std::uint32_t value);

  /// Where the value of `name` in `lane` at the current position came from (Provenance.h).
  std::expected<std::vector<ProvenanceLink>, std::string> provenance(std::string_view name, unsigned lane,
                                                                     std::size_t maxLinks = 32) const {
    return ide::provenance(timeline_, name, lane, maxLinks);
  }

 private:
  Debugger(Timeline timeline, DebugLaunch options)
      : timeline_(std::move(timeline)), options_(std::move(options)) {}
  const DebugProgram& program() const { return timeline_.program(); }

  DebugStop stopHere(DebugStopReason reason, std::string description = {}) const;
  /// Why the instruction at the current position cannot be executed, if it cannot.
  std::optional<DebugStop> blocked() const;
  /// continueForward with no breakpoint of either kind: nothing to check between instructions.
  DebugStop continueUnwatched(std::uint64_t maxSteps);
  /// A breakpoint stop at the current position.
  DebugStop breakpointStop(std::vector<int> ids) const;
  /// Whether executing position p can change a watched register: it writes one, or an edit follows.
  bool mayChangeWatched(std::uint64_t p) const;
  /// Executes the instruction at the current position, reading the watched values before and
  /// after it into the buffers when it may change one; the stop it makes, if any: its error,
  /// or the data breakpoints it hit.
  std::optional<DebugStop> executeWatching(std::vector<std::uint32_t>& before,
                                           std::vector<std::uint32_t>& after);
  /// The last stop reverse continue finds in checkpoint segment `seg` before the current
  /// position (its line left unset), re-executing the segment once from its checkpoint.
  std::optional<DebugStop> lastStopIn(std::uint64_t seg) const;

  Timeline timeline_;
  DebugLaunch options_;
  LineBreakpoints breakpoints_;
  DataBreakpoints dataBreakpoints_;
  int nextId_ = 1;
  /// Whether the breakpoints at the current position were checked (false at the start: a
  /// breakpoint on the first instruction stops the first continue).
  bool startChecked_ = false;
};

}  // namespace gpuasm::ide
