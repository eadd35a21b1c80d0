// The JSON of placed diagnostics, shared by every command that reports them (check, asm, run).
#pragma once

#include <gpuasm/lsp/CheckJson.h>

#include <nlohmann/json.hpp>

namespace gpuasm::lsp::detail {

/// `[{"line", "column", "endLine", "endColumn", "severity", "code", "message", ...}]`.
nlohmann::json diagnosticsJson(const std::vector<PlacedDiagnostic>& diagnostics);

}  // namespace gpuasm::lsp::detail
