// A debug session of one .asm program: what the debug adapter debugs, DAP-free and without
// JSON. It holds the launched file's path, its ide::Debugger (the program's text and assembly,
// the initial state, the breakpoints, the history), the lane the views show and whether a
// continue is running. server/dap turns each request into one call here and the answer into
// DAP's body; DAP's numbers for the views (variablesReference) and the text of values stay
// there. Calls other than launch need a launched program (asserted: the adapter refuses a
// request before launch).
#pragma once

#include <gpuasm/ide/execution/Debugger.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/Expression.h>

#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::workspace {

/// What a launch asks for (docs/PROTOCOL.md, `gpuasm dap`).
struct DebugLaunchRequest {
  std::string program;                     ///< the .asm file
  std::string stateFile;                   ///< a state file over the `// @state` lines; empty: none
  std::optional<std::uint64_t> stepLimit;  ///< instructions at most (1 or more); none: the default
  std::optional<unsigned> lane;            ///< the lane the views show (0..31); none: as it was
  bool stopOnEntry = false;                ///< stop before the first instruction instead of running
};

/// What a list of values shows.
enum class DebugView : std::uint8_t {
  Lane,           ///< the R registers the run has set, in the lane in focus
  LaneF32,        ///< the same registers, their bits as f32
  Predicates,     ///< the P registers the run has set, in the lane in focus
  Warp,           ///< the active mask and the uniform registers set
  AllLanes,       ///< every R and P register set, each a list of its 32 lanes
  RegisterLanes,  ///< the 32 lanes of the register at `index` of the AllLanes list
};
struct DebugContainer {
  DebugView view = DebugView::Lane;
  std::size_t index = 0;  ///< RegisterLanes only
};

/// A value as a view lists it; the adapter writes it as text.
struct DebugValue {
  enum class Kind : std::uint8_t {
    Number,  ///< a register's 32 bits in `type`, with the hex beside; decimal bits when asked
    Hex,     ///< a u32 always in hex (the active mask)
    F32,     ///< the bits as an f32
    Bool,    ///< a predicate
    Lanes,   ///< a register of AllLanes: its lanes are the container {RegisterLanes, index}
  };
  std::string name;
  Kind kind = Kind::Number;
  std::uint32_t bits = 0;
  std::string evaluateName;  ///< how evaluate reads it again; empty for Lanes
  std::size_t index = 0;     ///< Lanes: the register's index in the AllLanes list
  /// Number: the type the last instruction that wrote the register gives it (ValueTypes.h).
  sim::ValueType type = sim::ValueType::U32;
};

/// The one frame: the next instruction.
struct DebugFrame {
  std::string name;        ///< the instruction's text; "(end of the program)" at the end
  std::uint32_t line = 0;  ///< 0-based; at the end the line after the last instruction
  std::uint64_t position = 0;
};

/// Where a goto to a line goes.
struct DebugGotoTarget {
  std::uint64_t position = 0;
  std::uint32_t line = 0;  ///< 0-based: the line of the first instruction on or after the one asked
  std::string source;      ///< that instruction's text
};

/// What can be watched for a variable: a data id setDataBreakpoints accepts, a register at a lane
/// (RegisterAtLane.h: "R2[3]": R2 in lane 3, "R2": any lane, "UR4"), or none, with the
/// description a client shows.
struct DataWatchOffer {
  std::optional<std::string> dataId;
  std::string description;
};

/// An expression's value where execution stands.
struct DebugEvaluation {
  sim::ExprValue value;
  bool perLane = false;  ///< it reads per-lane registers: the value is the lane in focus's
};

class DebugSession {
 public:
  /// Instructions a continue runs per slice (runSlice) before the adapter reads requests again.
  static constexpr std::uint64_t kSlice = 20000;

  explicit DebugSession(const isa::InstrDb& db) : db_(&db) {}

  /// Reads and assembles the program (and the state file) and replaces the session; a continue
  /// of the previous program ends with it. An error value (the session unchanged) when a file
  /// cannot be read or the initial state cannot be set up.
  std::expected<void, std::string> launch(const DebugLaunchRequest& request);
  bool launched() const { return debugger_.has_value(); }
  /// The engine: the state, the position, the layout. Null before a launch.
  const ide::Debugger* debugger() const { return debugger_ ? &*debugger_ : nullptr; }
  const std::string& program() const { return program_; }
  unsigned lane() const { return lane_; }
  /// The lane the views show (0..31).
  void selectLane(unsigned lane);
  /// Whether a continue is running (runSlice goes on with it).
  bool running() const { return running_; }

  // ---- execution
  /// At the entry (configurationDone): the entry stop with stopOnEntry, else the run starts.
  std::optional<ide::DebugStop> start();
  /// Back to the entry with the edits dropped, then as start().
  std::optional<ide::DebugStop> restart();
  void resume() { running_ = true; }
  /// The next slice of a running continue: Paused (with the logs on the way) while it goes on;
  /// any other stop ends the run.
  ide::DebugStop runSlice();
  /// Stops a running continue where it is; none when nothing runs.
  std::optional<ide::DebugStop> pause();
  /// Ends a running continue (disconnect).
  void end() { running_ = false; }
  ide::DebugStop stepForward();
  ide::DebugStop stepBack();
  ide::DebugStop reverseContinue();
  /// Time travel to a position (gotoTarget's); a running continue ends.
  ide::DebugStop gotoPosition(std::uint64_t position);

  // ---- breakpoints
  /// The breakpoints of `sourcePath` (empty: the program's). Those of another file than the
  /// program are not verified and leave the program's as they are: a client sends the
  /// breakpoints of every file that has some.
  std::vector<ide::BreakpointStatus> setBreakpoints(std::string_view sourcePath,
                                                    const std::vector<ide::BreakpointSpec>& specs);
  /// The data breakpoints, by the ids watchOffer gives; an id that is not a register at a lane
  /// (RegisterAtLane.h) is not verified, with the grammar's message.
  std::vector<ide::BreakpointStatus> setDataBreakpoints(const std::vector<std::string>& dataIds);
  /// What watching `name` in `container` (none: `name` is an expression such as R1 or R1[3])
  /// would watch; only what setDataBreakpoints accepts is offered.
  DataWatchOffer watchOffer(std::optional<DebugContainer> container, const std::string& name) const;

  // ---- inspection
  DebugFrame frame() const;
  /// The values a container lists; none for a RegisterLanes index past the AllLanes list (the
  /// program moved on).
  std::optional<std::vector<DebugValue>> values(DebugContainer container) const;
  /// Sets a register from a value as a user types it (a number, 0x hex, -decimal, an f32 with a
  /// '.', true or false): `name` in the lane in focus (the Warp view: every lane; a
  /// RegisterLanes child "[n]": lane n of its register; another name there is an error). The
  /// value set: Hex or Bool.
  std::expected<DebugValue, std::string> setVariable(DebugContainer container, const std::string& name,
                                                     const std::string& value);
  /// An expression of docs/LANGUAGE.md in the lane in focus; a syntax error says its column.
  std::expected<DebugEvaluation, std::string> evaluate(std::string_view expression) const;
  /// Where a register's value came from, in `lane` (none: the lane in focus).
  std::expected<std::vector<ide::ProvenanceLink>, std::string> provenance(std::string_view reg,
                                                                          std::optional<unsigned> lane) const;
  /// provenance of `R1[3]` (lane 3) or `R1` (the lane in focus), as a user types it after `why`;
  /// other text is an error saying what is wrong (RegisterAtLane.h).
  std::expected<std::vector<ide::ProvenanceLink>, std::string> why(std::string_view what) const;
  /// Where a goto to `line` (0-based) goes; none when no instruction is on it or after it.
  std::optional<DebugGotoTarget> gotoTarget(std::uint32_t line) const;

 private:
  ide::Debugger& engine();
  const ide::Debugger& engine() const;
  /// The AllLanes list: the R registers set, then the P registers set, by name.
  std::vector<std::string> allLanesRegisters() const;

  const isa::InstrDb* db_;
  std::optional<ide::Debugger> debugger_;
  std::string program_;  ///< the launched file's path
  unsigned lane_ = 0;
  bool stopOnEntry_ = false, running_ = false;
};

}  // namespace gpuasm::workspace
