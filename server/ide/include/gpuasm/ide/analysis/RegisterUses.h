// Register dataflow of a document, from the register events the snapshot keeps per chunk
// (RegisterEvents.h: the statements' bindings, so InList<>/OutList<>, ranges register by
// register, predicate sets as their predicates, the guard). The ISA has no branches, so
// document order is execution order and the dataflow is exact, with one proviso: a guarded
// instruction may leave some lanes alone, so its write adds a value to the register's
// previous one instead of replacing it.
//
// Backs document highlights and references of the register under the cursor, the
// `uninitialized-read` and `dead-write` diagnostics, the dataflow lines of a register
// operand's hover, and renaming a register within its live range.
#pragma once

#include <gpuasm/ide/analysis/Diagnostics.h>
#include <gpuasm/ide/analysis/RegisterEvents.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/sim/InitialState.h>

#include <chrono>
#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// What an instruction does with a register at one place.
enum class RegisterUse : std::uint8_t { Read, Write, ReadWrite };

/// A place where a register is read or written: the operand (or guard) as written.
struct RegisterOccurrence {
  syntax::ByteRange range;
  std::uint32_t line = 0;
  RegisterUse use = RegisterUse::Read;
  friend bool operator==(const RegisterOccurrence&, const RegisterOccurrence&) = default;
};

/// The registers the operand or guard at `offset` stands for (R[0:1] is R0 and R1; PR every
/// predicate but PT), in a statement that assembles; empty elsewhere.
std::vector<RegisterId> registersAt(const Snapshot& snapshot, std::uint32_t offset);

/// Every place in the document that reads or writes one of `registers`, in document order; an
/// operand that covers several of them appears once (its uses merged).
std::vector<RegisterOccurrence> registerOccurrences(const Snapshot& snapshot,
                                                    const std::vector<RegisterId>& registers);

/// registerOccurrences of the registers under the cursor: what documentHighlight and
/// references show.
std::vector<RegisterOccurrence> getRegisterOccurrences(const Snapshot& snapshot, std::uint32_t offset);

/// The findings of the dataflow, in document order:
/// - `uninitialized-read` (warning) on the first read of a register no instruction above writes
///   and neither a `// @state` directive nor `stateFile` sets (the simulator reads it as 0);
/// - `dead-write` (hint, unnecessary) on an operand whose every register is written again,
///   by an unguarded instruction, before anything reads it. Values live at the end are the
///   kernel's results and never dead. Statements that do not assemble count as reading and
///   writing every register they name, so a line being typed hides findings rather than
///   making false ones.
/// At most `maxFindings` are given, the first in document order; past it, one `dataflow-limit`
/// information says how many more there are (every finding goes to the editor on every edit).
std::vector<Diagnostic> dataflowDiagnostics(const Snapshot& snapshot, const sim::InitialState* stateFile,
                                            std::size_t maxFindings = static_cast<std::size_t>(-1));

/// The walk behind dataflowDiagnostics, fed a document's register events in document order a
/// unit at a time, so a batch command (`gpuasm check`, assembleBatches) need not keep the
/// document: it holds each register's state, the writes nothing has read or overwritten yet and
/// the first maxFindings + 1 findings, whatever the document's size (linear in it).
/// dataflowDiagnostics is this builder fed a snapshot's chunks.
class DataflowBuilder {
 public:
  explicit DataflowBuilder(const isa::InstrDb& db, std::size_t maxFindings = static_cast<std::size_t>(-1));
  ~DataflowBuilder();
  DataflowBuilder(DataflowBuilder&&) noexcept;
  DataflowBuilder& operator=(DataflowBuilder&&) noexcept;
  /// Registers set before the first instruction (`// @state` directives, a state file): callable
  /// at any time before finish(), since a directive counts wherever it is in the document.
  void setInitially(std::span<const RegisterId> registers);
  /// The next unit's events (registerEvents' order: by statement, reads before writes), their
  /// offsets and lines counted from byte `start` and line `line` of the document.
  void add(std::span<const RegisterEvent> events, std::uint32_t start = 0, std::uint32_t line = 0);
  /// The findings, as dataflowDiagnostics gives them. Call once.
  std::vector<Diagnostic> finish();

 private:
  struct State;
  std::unique_ptr<State> s_;
};

/// dataflowDiagnostics a piece at a time, for a caller that answers input between the pieces (the
/// WebAssembly build's idle work, Workspace::idle, which has no thread to run it on): each step
/// walks the snapshot's chunks from where the last one stopped until the deadline passes, checked
/// every kChunksPerCheck chunks. The findings are dataflowDiagnostics' for the same snapshot and
/// state, however the walk was cut.
class DataflowSteps {
 public:
  static constexpr std::size_t kChunksPerCheck = 16;

  DataflowSteps(std::shared_ptr<const Snapshot> snapshot, const sim::InitialState* stateFile,
                std::size_t maxFindings = static_cast<std::size_t>(-1));
  /// Walks on until the document's end or `deadline`; true once the whole document is walked.
  bool step(std::chrono::steady_clock::time_point deadline);
  bool done() const { return next_ == snapshot_->chunkCount(); }
  /// The snapshot it walks.
  const Snapshot& snapshot() const { return *snapshot_; }
  /// How many chunks are walked so far.
  std::size_t walked() const { return next_; }
  /// The findings, once done(). Call once.
  std::vector<Diagnostic> finish();

 private:
  std::shared_ptr<const Snapshot> snapshot_;
  DataflowBuilder builder_;
  std::size_t next_ = 0;
};

/// Where the value of one register at a place comes from and goes to.
struct ValueFlow {
  RegisterId reg;
  std::string name;      ///< "R1"
  bool written = false;  ///< the place writes the register (else it reads it)
  /// For a read: the lines (0-based) of the writes whose value it may read, nearest first (more
  /// than one when guarded writes merge lanes); for a write: its own line.
  std::vector<std::uint32_t> writtenAt;
  bool fromInitialState = false;               ///< a read that may see the value a `// @state` set
  bool uninitialized = false;                  ///< a read that may see a register nothing set
  std::optional<std::uint32_t> readNext;       ///< the next line that reads the value (after this place)
  std::optional<std::uint32_t> overwrittenAt;  ///< the next unguarded write, if any
};

/// The flow of each register the operand or guard at `offset` stands for (see registersAt).
std::vector<ValueFlow> valueFlowAt(const Snapshot& snapshot, std::uint32_t offset,
                                   const sim::InitialState* stateFile);

/// Renaming a register within its live range: the value at the cursor, every write that
/// reaches its reads and every read they reach, renamed together.
struct RegisterRename {
  syntax::ByteRange range;  ///< the register under the cursor
  std::string name;         ///< its current name
  std::vector<syntax::TextEdit> edits;
};

/// Whether the register at `offset` can be renamed, and its range and name; an error value
/// says why not (not a single register, a value from the initial state, a line that does not
/// assemble in its live range).
std::expected<RegisterRename, std::string> prepareRegisterRename(const Snapshot& snapshot,
                                                                 std::uint32_t offset,
                                                                 const sim::InitialState* stateFile);

/// The edits that rename the live range at `offset` to `newName`; an error value when the
/// name is no register of the same file or is already live there.
std::expected<RegisterRename, std::string> renameRegister(const Snapshot& snapshot, std::uint32_t offset,
                                                          std::string_view newName,
                                                          const sim::InitialState* stateFile);

}  // namespace gpuasm::ide
