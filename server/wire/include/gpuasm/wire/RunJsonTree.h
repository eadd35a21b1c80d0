// The JSON values behind RunJson.h, for the language server's run requests, which take a
// state inside their params and embed the run's object in their reply.
#pragma once

#include <gpuasm/wire/RunJson.h>

#include <nlohmann/json.hpp>

namespace gpuasm::wire::detail {

/// A state file's object (parseStateJson without the text).
std::expected<sim::InitialState, std::string> stateFromJson(const nlohmann::json& root);

/// The registers a run set (initialised or written), as `gpuasm run --json` lists them: 32
/// lanes for R and P, one value for UR and UP.
nlohmann::json registersJson(const sim::WarpState& state);

/// The object of `gpuasm run --json` (runToJson is its text).
nlohmann::json runJson(const std::string& file, const ide::RunOutcome& outcome,
                       const std::vector<PlacedDiagnostic>& diagnostics);

}  // namespace gpuasm::wire::detail
