// Live values: the document re-run in the warp simulator as it is edited, so each line can show
// what it wrote. The ISA has no branches, so the state at a line depends only on the lines above
// it: a run is kept per document version and
// - advances only as far as it is asked (the visible lines for inlay hints, the end for
//   expectations), in slices of bounded time, so it never holds up typing;
// - starts from the previous version's run where the edit leaves it valid: the chunks before the
//   first changed one ran from the same state, so the run resumes from the last checkpoint (a
//   copy of the warp every few hundred instructions) before the edit;
// - gives up past a step limit or a time budget (over budget: the lines after show nothing).
// The values are the registers each instruction writes (its binding's OutList<>), read from the
// warp after it executed.
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/ide/analysis/RegisterEvents.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/sim/WarpState.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// How far a run may go.
struct LiveLimits {
  std::uint64_t stepLimit = 1'000'000;    ///< instructions
  std::chrono::milliseconds budget{500};  ///< time one version's run may take in all
};

/// One register an executed line wrote, and its value afterwards: 32 lanes for R and P (P as
/// 0/1), lanes[0] for UR and UP.
struct WrittenValue {
  RegisterId reg;
  sim::RegFile file = sim::RegFile::R;
  std::uint32_t number = 0;
  std::array<std::uint32_t, sim::kWarpSize> lanes{};
  sim::ValueType type = sim::ValueType::U32;  ///< as the instruction's binding types it (ValueTypes.h)
};

/// An executed instruction and what it wrote.
struct ExecutedLine {
  std::uint32_t line = 0;       ///< 0-based, in the document
  syntax::ByteRange statement;  ///< the instruction, in the document
  std::uint32_t activeMask = 0;
  std::vector<WrittenValue> writes;
};

/// An `// @expect` directive and, once the run has passed it, whether it held.
struct ExpectationOutcome {
  enum class Status : std::uint8_t { Passed, Failed, NotChecked };
  std::uint32_t line = 0;   ///< 0-based
  syntax::ByteRange range;  ///< from '@expect' to the end of its expression
  std::string expression;
  Status status = Status::NotChecked;
  std::string message;  ///< why it failed or was not checked
  std::uint32_t failingLanes = 0;
};

/// A statement the run executed, replayed (LiveRun::replay): the warp just before it and the
/// instruction as the simulator prepared it, so a caller can step copies of the state.
struct ReplayedStatement {
  sim::WarpState before;
  sim::PreparedInst inst;
};

enum class LiveStatus : std::uint8_t {
  Running,     ///< not at the end yet
  Complete,    ///< every instruction executed
  Error,       ///< an instruction could not execute (it does not assemble, has no semantics, traps)
  StepLimit,   ///< the step limit was reached
  OverBudget,  ///< the time budget ran out: the run was given up
  SetupError,  ///< the initial state could not be set up
};

/// One document version's run. Not thread-safe; the server advances it between messages.
class LiveRun {
 public:
  /// A run of `snapshot` from the `// @state` directives and `stateFile` (which the run copies).
  /// `previous`, a run of an earlier version of the same document from the same state file,
  /// lends what the edit left valid.
  LiveRun(std::shared_ptr<const Snapshot> snapshot, const sim::InitialState* stateFile,
          const LiveRun* previous, LiveLimits limits);

  /// Executes until every instruction on lines up to `throughLine` ran (all when nullopt), the
  /// run ends, or `slice` has passed.
  void advance(std::optional<std::uint32_t> throughLine, std::chrono::microseconds slice);

  LiveStatus status() const { return status_; }
  bool finished() const { return status_ != LiveStatus::Running; }
  /// Whether the instructions up to `line` have executed (or the run ended before).
  bool reached(std::uint32_t line) const;
  /// Why the run stopped (Error, StepLimit, OverBudget, SetupError), and on which line.
  const std::string& message() const { return message_; }
  std::optional<std::uint32_t> stopLine() const { return stopLine_; }
  std::uint64_t executed() const { return executed_; }
  /// Instructions executed by this version's run (the rest was taken from the previous run).
  std::uint64_t executedHere() const { return executedHere_; }

  /// The executed lines in [firstLine, lastLine], in order.
  std::vector<ExecutedLine> linesIn(std::uint32_t firstLine, std::uint32_t lastLine) const;
  /// Every well-formed `// @expect` directive of the document, in order, checked against the
  /// state after the instructions before it; NotChecked where the run has not passed it.
  std::vector<ExpectationOutcome> expectations() const;

  const Snapshot& snapshot() const { return *snapshot_; }

  /// The instruction of the statement at byte `offset` as this run executed it, with the warp
  /// before it, re-executed from the nearest checkpoint (a few hundred instructions at most;
  /// LiveReplay.cpp); nullopt when the run has not executed that statement.
  std::optional<ReplayedStatement> replay(std::uint32_t offset) const;

 private:
  struct PreparedChunk {
    std::vector<sim::PreparedInst> steps;
    std::vector<std::uint32_t> statement;  ///< per step: its statement's index in the chunk
  };
  /// What running one chunk gave: its executed lines, and its expectations checked so far.
  struct ChunkResult {
    std::vector<ExecutedLine> lines;
    std::vector<ExpectationOutcome> expectations;
  };
  struct Checkpoint {
    sim::WarpState state;
    std::uint64_t executed = 0;
  };

  PreparedChunk prepare(std::size_t k) const;
  void runChunk(std::size_t k);
  void record(std::size_t k, std::uint32_t statement, std::vector<ExecutedLine>& into) const;
  void check(std::size_t k, const sim::ExpectDirective& directive,
             std::vector<ExpectationOutcome>& into) const;
  void stop(LiveStatus status, std::string message, std::optional<std::uint32_t> line);

  std::shared_ptr<const Snapshot> snapshot_;
  std::optional<sim::InitialState> stateFile_;
  LiveLimits limits_;
  std::optional<sim::RegisterLayout> layout_;
  std::optional<sim::WarpState> state_;
  std::size_t nextChunk_ = 0;  ///< the chunk whose instructions run next
  std::uint64_t executed_ = 0, executedHere_ = 0;
  std::chrono::steady_clock::duration spent_{};
  LiveStatus status_ = LiveStatus::Running;
  std::string message_;
  std::optional<std::uint32_t> stopLine_;
  std::vector<std::shared_ptr<const ChunkResult>> results_;               ///< per chunk, once run
  std::map<std::size_t, std::shared_ptr<const Checkpoint>> checkpoints_;  ///< state entering a chunk
  std::uint64_t sinceCheckpoint_ = 0;
};

/// The label of what a line wrote, each value in its type (ValueTypes.h), for one lane
/// (`lane`: `R1 = 1.5`) or summarised over the active lanes (LaneSummary.h: `R1 = 0x1f0`,
/// `R1 = lane × 4 + 0x100`, `R2: even lanes 0x100, odd lanes 0xf0`, `R1: 8 values (…)`,
/// `P0: true in 12 of 32 lanes`), the registers joined by ", ". `briefly`: the short forms
/// (a list of values as its count).
std::string liveValueLabel(const isa::InstrDb& db, const ExecutedLine& line,
                           std::optional<std::uint32_t> lane, bool briefly = false);

/// The most columns a line's live-value hint takes; a longer label is shown in its short form,
/// cut to this width with "…" if still longer, and given whole in the hint's tooltip.
inline constexpr std::size_t kLiveHintColumns = 40;

/// For hover on a register operand at `offset` of an executed line: what the register holds in
/// the live run, in the type this instruction gives it with the hex beside ("R4 = 1.5
/// (0x3fc00000)"): a written register after the line, a read one before it (as the last line
/// above that wrote it left it), for `lane` or summarised over the active lanes (with lane 0's
/// value beside a summary that is not one value). None elsewhere, or for a register the run
/// has not written by then.
std::optional<HoverSection> liveValueHover(const LiveRun& run, std::uint32_t offset,
                                           std::optional<std::uint32_t> lane);

/// The expectations as diagnostics: an error on each that failed (expectation-failed), a
/// warning on each the finished run did not reach (expectation-not-checked).
std::vector<Diagnostic> expectationDiagnostics(const LiveRun& run);

/// The expectations of `text` as the language server publishes them when it has no state file:
/// expectationDiagnostics of a run from the `// @state` directives to the end with the editor's
/// limits (LiveLimits: a step limit and a time budget; a run stopped by either leaves the rest
/// not checked). Empty, without a run, when the text has no well-formed `// @expect`.
std::vector<Diagnostic> expectationOutcomes(const isa::InstrDb& db, std::string_view text);

/// The live values of lines [firstLine, lastLine] as inlay hints at the end of each line (the
/// labels of a line's statements joined by "; ", compact: at most kLiveHintColumns columns, the
/// whole text in the tooltip), and where the run stopped early, a hint on that line saying why.
/// Advance the run through lastLine first.
std::vector<InlayHint> getLiveValueHints(const LiveRun& run, std::uint32_t firstLine, std::uint32_t lastLine,
                                         std::optional<std::uint32_t> lane);

}  // namespace gpuasm::ide
