// The warp debugger's engine: a document run one instruction at a time, forwards and backwards
// (time travel), with line breakpoints (conditions, hit counts, log points), data breakpoints
// on registers (any lane or one lane), evaluate and register edits in the expression language
// of docs/LANGUAGE.md, and provenance — where a register's value came from. LSP- and DAP-free:
// the debug adapter (server/dap, through workspace::DebugSession) drives it.
//
// Time is the number of instructions executed, `position` (0 = before the first). The ISA has no
// branches, so position p is instruction p of the program. The state at every position is
// reachable exactly: a copy of the warp is kept every kCheckpointEvery positions and the
// instructions after it are executed again, so stepping back costs at most that many
// instructions and memory stays bounded (one warp copy per kCheckpointEvery instructions run).
// Register edits (setRegister) become part of the history at their position and are applied
// again by every re-execution that passes it.
#pragma once

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/Expression.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/sim/WarpState.h>

#include <array>
#include <cstdint>
#include <expected>
#include <map>
#include <memory>
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

/// A line breakpoint as a client sets it.
struct BreakpointSpec {
  std::uint32_t line = 0;    ///< 0-based
  std::string condition;     ///< an expression; empty: always
  std::string hitCondition;  ///< "N", ">= N", "> N", "== N", "% N"; empty: every hit
  std::string logMessage;    ///< non-empty: a log point ({expr} is replaced by its value)
};

/// What became of a breakpoint: verified on the line of an instruction (moved down to the next
/// one when set on a line without one), or refused with a message.
struct BreakpointStatus {
  int id = 0;
  bool verified = false;
  std::optional<std::uint32_t> line;
  std::string message;
};

/// A data breakpoint: stop when a register changes, in any lane or in one.
struct DataBreakpointSpec {
  std::string registerName;      ///< R5, P0, UR4, UP1
  std::optional<unsigned> lane;  ///< a lane of a per-lane register; none: any lane
};

/// One link of a provenance chain: the instruction that wrote a value (or the initial state, or
/// an edit), and the inputs it read.
struct ProvenanceInput {
  std::string registerName;
  std::optional<unsigned> lane;  ///< none for uniform registers, or when read from other lanes
  std::uint32_t value = 0;
  std::optional<std::size_t> from;  ///< index of the link that produced it, when followed
  std::string note;                 ///< e.g. "read across the warp"
};
struct ProvenanceLink {
  std::string registerName;
  std::optional<unsigned> lane;
  std::uint32_t value = 0;                ///< the value it gave the register
  std::optional<std::uint64_t> position;  ///< the instruction's position; none: the initial state or an edit
  std::optional<std::uint32_t> line;
  std::string source;  ///< the instruction's text, or "initial state" / "set by the user"
  std::vector<ProvenanceInput> inputs;
};

/// How a cross-lane instruction (SHFL, VOTE, REDUX, MATCH) combined the warp's lanes, as the
/// simulator executed it (sim::LaneExchange).
struct LaneExchangeInfo {
  std::string op;                  ///< the optype: SHFL, VOTE, VOTEU, REDUX, REDUXU, MATCH
  std::uint32_t participants = 0;  ///< the lanes it combined (active, guard true)
  /// SHFL: the lane each participant received Ra from (its own when out of range).
  std::optional<std::array<std::uint8_t, 32>> sources;
  std::uint32_t inRange = 0;  ///< SHFL: the participants whose source lane was valid
  /// Each register it wrote, with its value in the lowest participant lane (once for uniform ones).
  std::vector<std::pair<std::string, std::uint32_t>> results;
};

/// One instruction as a lane view shows it: the registers it reads and writes, its guard's lanes.
struct InstructionLanes {
  std::uint64_t position = 0;
  std::uint32_t line = 0;                    ///< 0-based
  std::string source;                        ///< the line's text, trimmed
  std::vector<std::string> reads, writes;    ///< register names, guard included; RZ/PT left out
  std::string guard;                         ///< "P0", "!P1", "UP0"; empty when it always runs (PT)
  std::uint32_t guardLanes = 0;              ///< lanes whose guard holds, before it executes
  std::uint32_t lanes = 0;                   ///< lanes it executes on (active and guard)
  std::optional<LaneExchangeInfo> exchange;  ///< a cross-lane instruction's
  std::string error;                         ///< why it cannot execute, if it cannot
};

/// A register the program names anywhere, with its lanes where execution stands.
struct LaneRegister {
  std::string name;
  sim::RegFile file = sim::RegFile::R;
  std::uint32_t number = 0;
  std::vector<std::uint32_t> values;  ///< 32 lanes (R, P: 0/1); one value for UR and UP
};

/// The warp across its lanes where execution stands, with the instruction about to execute
/// (`next`, the frame's line) and the one just executed (`previous`, whose results the values
/// show); a lane view draws it. `reached` is how far execution has gone (positions 0..reached
/// are reached again exactly by goto).
struct LaneView {
  std::uint64_t position = 0, length = 0, reached = 0;
  std::uint32_t activeMask = 0;
  std::vector<LaneRegister> registers;  ///< by file (R, P, UR, UP), then number
  std::optional<InstructionLanes> next, previous;
};

/// A debug session of one document.
class Debugger {
 public:
  /// Every this many positions a copy of the warp is kept.
  static constexpr std::uint64_t kCheckpointEvery = 256;

  /// Assembles `text` (as `gpuasm check` does) and sets up the warp from its `// @state`
  /// directives and the launch's state file, at position 0. An error value when the initial
  /// state cannot be set up; a document that does not assemble launches and stops at its first
  /// bad instruction when run.
  static std::expected<Debugger, std::string> launch(const isa::InstrDb& db, std::string_view text,
                                                     DebugLaunch options);

  std::uint64_t position() const { return position_; }
  /// Instructions in the program (the last position is this count).
  std::uint64_t length() const { return steps_.count; }
  const sim::WarpState& state() const { return state_; }
  /// The 0-based line of the instruction at `position` (next to execute); none at the end.
  std::optional<std::uint32_t> lineAt(std::uint64_t position) const;
  /// The document's text of that instruction's line, trimmed.
  std::string sourceAt(std::uint64_t position) const;
  /// The position of the first instruction on `line` or after it; none when there is none.
  std::optional<std::uint64_t> positionOfLine(std::uint32_t line) const;
  const sim::RegisterLayout& layout() const { return state_.layout; }
  /// The furthest position reached so far.
  std::uint64_t reached() const { return furthest_; }
  /// The lane view where execution stands (LaneView.cpp).
  LaneView laneView() const;
  /// The types of the registers the instructions before the current position wrote, each as
  /// the last of them that wrote it typed it; registers none wrote are u32 (absent here).
  std::vector<RegisterType> registerTypes() const;
  /// One register's type where execution stands (u32 when no instruction before wrote it).
  sim::ValueType registerType(sim::RegFile file, std::uint32_t number) const;

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

  std::vector<BreakpointStatus> setBreakpoints(const std::vector<BreakpointSpec>& specs);
  std::vector<BreakpointStatus> setDataBreakpoints(const std::vector<DataBreakpointSpec>& specs);

  /// An expression's value in `lane` of the current state (docs/LANGUAGE.md "Expressions").
  std::expected<sim::ExprValue, sim::ExprError> evaluate(std::string_view expression, unsigned lane) const;
  /// Sets a register in one lane (every lane when `lane` is none; uniform registers ignore it)
  /// at the current position; later positions are computed again from it.
  std::expected<void, std::string> setRegister(std::string_view name, std::optional<unsigned> lane,
                                               std::uint32_t value);

  /// Where the value of `name` in `lane` at the current position came from: the instruction
  /// that wrote it, the inputs it read, and theirs in turn, up to `maxLinks` links.
  std::expected<std::vector<ProvenanceLink>, std::string> provenance(std::string_view name, unsigned lane,
                                                                     std::size_t maxLinks = 32) const;

 private:
  struct Edit {
    sim::RegFile file;
    std::uint32_t number;
    std::uint32_t lanes;  ///< bit per lane (uniform: any)
    std::uint32_t value;
  };
  struct Breakpoint {
    int id = 0;
    std::uint32_t line = 0;
    std::optional<sim::Expression> condition;
    enum class Hit : std::uint8_t { Always, Equal, AtLeast, Above, Multiple } hit = Hit::Always;
    std::uint64_t hitCount = 0;
    std::string logMessage;
    std::uint64_t hits = 0;
  };
  struct DataBreakpoint {
    int id = 0;
    sim::RegFile file;
    std::uint32_t number;
    std::optional<unsigned> lane;
    std::string name;
  };

  /// The prepared program, kCheckpointEvery steps per block.
  struct Steps {
    std::vector<std::vector<sim::PreparedInst>> blocks;
    std::uint64_t count = 0;
    /// The registers each step writes with their types: step p's are writes[writesBegin[p] ..
    /// writesBegin[p + 1]).
    std::vector<RegisterType> writes;
    std::vector<std::uint32_t> writesBegin{0};
  };
  Debugger(const isa::InstrDb& db, std::string text, sim::WarpState initial, Steps steps,
           DebugLaunch options);
  /// Adds to `steps` the typed writes of the steps `statements` (per step, its statement in
  /// `unit`, as sourceInstructions gives them) will become.
  static void addWriteTypes(const isa::InstrDb& db, const sim::RegisterLayout& layout,
                            const AssembledUnit& unit, const std::vector<std::uint32_t>& statements,
                            Steps& steps);
  const sim::PreparedInst& step(std::uint64_t p) const {
    return steps_.blocks[p / kCheckpointEvery][p % kCheckpointEvery];
  }

  static void apply(const Edit& edit, sim::WarpState& state);
  /// Executes step `p` on `state` and then the edits at p + 1; the error of a step that cannot run.
  std::string advance(sim::WarpState& state, std::uint64_t p, std::uint32_t* laneMask) const;
  /// The state at checkpoint k (position k * kCheckpointEvery).
  sim::WarpState checkpointState(std::uint64_t k) const;
  /// The state at position `p` (p ≤ the furthest position reached), without moving.
  sim::WarpState stateAt(std::uint64_t p) const;
  /// Moves to `target` by re-execution from the nearest checkpoint (target ≤ furthest reached).
  void travel(std::uint64_t target);
  /// Executes the instruction at the current position forward; records checkpoint and lane mask.
  std::string executeOne();
  DebugStop stopHere(DebugStopReason reason, std::string description = {}) const;
  /// Why the instruction at the current position cannot be executed, if it cannot.
  std::optional<DebugStop> blocked() const;
  /// The breakpoints on the line of position p whose condition holds in `state`.
  std::vector<const Breakpoint*> breakpointsAt(std::uint64_t p, const sim::WarpState& state) const;
  /// Whether executing position p can change a watched register: it writes one, or an edit follows.
  bool mayChangeWatched(std::uint64_t p) const;
  /// The values the data breakpoints watch (32 lanes for R/P, one for UR/UP), in order.
  void watched(const sim::WarpState& state, std::vector<std::uint32_t>& values) const;
  /// The data breakpoints whose watched values went from `before` to `after`, with a description.
  std::vector<int> dataChanges(const std::vector<std::uint32_t>& before,
                               const std::vector<std::uint32_t>& after, std::string& description) const;
  std::string interpolate(const std::string& message, const sim::WarpState& state) const;
  /// Instruction p as a lane view shows it, executed (on a copy) from `before` (LaneView.cpp).
  InstructionLanes instructionLanes(std::uint64_t p, const sim::WarpState& before) const;

  const isa::InstrDb* db_;
  std::string text_;
  std::vector<std::uint32_t> lineStarts_;
  Steps steps_;
  DebugLaunch options_;
  sim::WarpState initial_, state_;
  std::uint64_t position_ = 0;
  std::uint64_t furthest_ = 0;                        ///< every position up to it is reachable
  std::vector<sim::WarpCheckpoint> checkpoints_;      ///< state at k * kCheckpointEvery
  std::vector<std::uint32_t> laneMasks_;              ///< per executed position: the lanes it ran on
  std::map<std::uint64_t, std::vector<Edit>> edits_;  ///< applied at their position
  std::vector<Breakpoint> breakpoints_;
  std::vector<DataBreakpoint> dataBreakpoints_;
  std::vector<std::pair<sim::RegFile, std::uint32_t>> touched_;  ///< registers the program names, sorted
  int nextId_ = 1;
  /// Whether the breakpoints at the current position were checked (false at the start: a
  /// breakpoint on the first instruction stops the first continue).
  bool startChecked_ = false;
};

}  // namespace gpuasm::ide
