// JSON of `gpuasm check --json` (DESIGN.md §6): per file, its diagnostics with 1-based lines
// and UTF-16 columns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::lsp {

/// A diagnostic already placed in lines and columns (1-based).
struct PlacedDiagnostic {
  std::uint32_t line = 0, column = 0, endLine = 0, endColumn = 0;
  std::string severity, code, message;
  std::vector<std::string> suggestions;
};

/// The diagnostics of one file; `error` is set instead when the file could not be read.
struct FileDiagnostics {
  std::string file;
  std::vector<PlacedDiagnostic> diagnostics;
  std::string error;
};

std::string checkToJson(const std::vector<FileDiagnostics>& files, int indent);

}  // namespace gpuasm::lsp
