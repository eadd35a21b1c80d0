// The JSON of placed diagnostics, shared by every command that reports them (check, asm, run).
#pragma once

#include <gpuasm/formats/CheckJson.h>

#include <nlohmann/json.hpp>

namespace gpuasm::formats::detail {

/// `[{"line", "column", "endLine", "endColumn", "severity", "code", "message", ...}]`.
nlohmann::json diagnosticsJson(const std::vector<PlacedDiagnostic>& diagnostics);

}  // namespace gpuasm::formats::detail
