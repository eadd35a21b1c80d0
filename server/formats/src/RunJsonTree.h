// The JSON values behind RunJson.h (internal to server/formats: its public headers speak text).
#pragma once

#include <gpuasm/formats/RunJson.h>

#include <nlohmann/json.hpp>

namespace gpuasm::formats::detail {

/// A state file's object (parseStateJson without the text).
std::expected<sim::InitialState, std::string> stateFromJson(const nlohmann::json& root);

/// The registers a run set (initialised or written), as `gpuasm run --json` lists them: 32
/// lanes for R and P, one value for UR and UP.
nlohmann::json registersJson(const sim::WarpState& state);

/// The object of `gpuasm run --json` (runToJson is its text).
nlohmann::json runJson(const std::string& file, const ide::RunOutcome& outcome,
                       const std::vector<PlacedDiagnostic>& diagnostics);

}  // namespace gpuasm::formats::detail
