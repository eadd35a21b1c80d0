// The client's settings as the workspace's (private to server/lsp): initializationOptions and
// didChangeConfiguration, also wrapped as {"gpuasm": {...}} (docs/PROTOCOL.md lists them).
#pragma once

#include "Protocol.h"

#include <gpuasm/workspace/Workspace.h>

#include <optional>
#include <string>

namespace gpuasm::lsp {

/// The client's settings applied to `current`; a bad value throws ParamsError.
workspace::Settings settingsFrom(const workspace::Settings& current, const protocol::json& settings);
/// The `specDir` of the client's settings: none when they do not name it, "" for null.
std::optional<std::string> specDirSetting(const protocol::json& settings);

}  // namespace gpuasm::lsp
