// Running a document in the warp simulator: assemble it, read its `// @state` directives, apply
// a state file over them, and run to the end or to a line. `gpuasm run`, the language server's
// run-to-cursor and the simulator tests all go through this one function.
#pragma once

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/Diagnostics.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/Expression.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Simulator.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// The type a register's value has after the instructions executed so far (ValueTypes.h): the
/// type the last of them that wrote it gives it.
struct RegisterType {
  sim::RegFile file = sim::RegFile::R;
  std::uint32_t number = 0;
  sim::ValueType type = sim::ValueType::U32;
  friend bool operator==(const RegisterType&, const RegisterType&) = default;
};

/// The simulator's register file of a register type of the database (RegisterId::file), if it
/// is one of the four the layout names.
std::optional<sim::RegFile> registerFileOf(const sim::RegisterLayout& layout, std::uint32_t type);

/// What to run and from which state.
struct RunRequest {
  std::optional<std::uint32_t> untilLine;  ///< 0-based: stop before the first instruction at or after it
  std::uint64_t stepLimit = 1'000'000;
  bool trace = false;                          ///< record per executed line the registers it wrote
  std::optional<sim::InitialState> stateFile;  ///< overrides the document's directives
};

/// The outcome: the state before and after, why the run stopped, and the document's problems.
struct RunOutcome {
  /// Set when the run could not start (unusable register types, a bad initial state); then
  /// `result` is not meaningful and `initial`/`final` hold what could be set up.
  std::string setupError;
  std::optional<sim::WarpState> initial;
  std::optional<sim::WarpState> final;
  sim::RunResult result;
  std::vector<Diagnostic> diagnostics;  ///< the document's diagnostics plus bad `// @state` directives
  /// Per register an executed instruction wrote, the type the last one that wrote it gives it
  /// (writtenValueTypes), by file and number; a register only the initial state set is absent
  /// (its value is bits). What `gpuasm run` shows each value in, and the run JSON's `types`.
  std::vector<RegisterType> types;
};

/// Runs a document: assembles it as `gpuasm check` does (assembleText, chunk by chunk) and runs
/// what assembled, a batch of statements at a time as they are assembled, so memory does not
/// grow with the text (only with its diagnostics and a --trace). Never throws; problems are data.
RunOutcome runDocument(const isa::InstrDb& db, std::string_view text, const RunRequest& request);
/// Runs the statements of `unit`, assembled from `text` (whose `// @state` directives give the
/// initial state). The unit may hold only some of the text's statements: a selection.
RunOutcome runDocument(const isa::InstrDb& db, std::string_view text, const AssembledUnit& unit,
                       const RunRequest& request);

/// The instructions of `unit` as the simulator takes them: each statement with a mnemonic or a
/// syntax error, with its matched instruction or why it cannot execute. `statement`, when
/// given, receives each one's index in unit.statements.
std::vector<sim::SourceInstruction> sourceInstructions(const AssembledUnit& unit,
                                                       std::vector<std::uint32_t>* statement = nullptr);

/// The statements and diagnostics of `unit` on the lines [firstLine, lastLine].
AssembledUnit selectLines(const AssembledUnit& unit, std::uint32_t firstLine, std::uint32_t lastLine);

}  // namespace gpuasm::ide
