// JSON of the simulator (DESIGN.md §6): reading a state file into an InitialState, and writing
// the `gpuasm run --json` result — why the run stopped, the active mask, and every register
// that was initialised or written (32 lanes for R and P, one value for UR and UP), plus the
// per-line writes of a trace. The language server's run requests and the debug adapter reuse them
// as text (a state object's text in, the run's object as text out): no nlohmann type crosses
// this header, so only server/formats compiles against nlohmann_json for them.
#pragma once

#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/formats/CheckJson.h>
#include <gpuasm/sim/InitialState.h>

#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::formats {

/// Parses a state file: {"activeMask": .., "regs": {"R1": "0x5", "R2": "lane", "R3": [32 values],
/// "P0": true}, "cmem": {"0x0": {"0x160": "0x10"}}}. The error names the bad key.
std::expected<sim::InitialState, std::string> parseStateJson(std::string_view text);

/// The `run` result as JSON. `diagnostics` are the document's, already placed. `indent` < 0
/// gives one line.
std::string runToJson(const std::string& file, const ide::RunOutcome& outcome,
                      const std::vector<PlacedDiagnostic>& diagnostics, int indent);

/// The registers a run set (initialised or written), as `gpuasm run --json` lists them under
/// "regs": 32 lanes for R and P, one value for UR and UP; an object's text on one line.
std::string registersToJson(const sim::WarpState& state);

}  // namespace gpuasm::formats
