// The JSON of placed diagnostics, shared by every command that reports them (check, asm, run).
#pragma once

#include <gpuasm/wire/CheckJson.h>

#include <nlohmann/json.hpp>

namespace gpuasm::wire::detail {

/// `[{"line", "column", "endLine", "endColumn", "severity", "code", "message", ...}]`.
nlohmann::json diagnosticsJson(const std::vector<PlacedDiagnostic>& diagnostics);

}  // namespace gpuasm::wire::detail
