// JSON of `gpuasm stats --json` (docs/PROTOCOL.md): per file, the register pressure — the peak
// of each register file with its line, the registers used, and with --lines the counts per
// statement line.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::formats {

/// One register file's figures in a file: "R", "P", "UR" or "UP".
struct RegisterFileStats {
  std::string file;
  std::uint32_t peak = 0;
  std::optional<std::uint32_t> peakLine;  ///< 1-based; none when the peak is 0
  std::vector<std::string> used;          ///< the registers instructions name, in order
};

/// The live counts at one statement line, in the order of `FileStats::files`.
struct LineStats {
  std::uint32_t line = 0;  ///< 1-based
  std::array<std::uint32_t, 4> live{};
};

/// The stats of one file; `error` is set instead when it could not be read.
struct FileStats {
  std::string file;
  std::string error;
  std::uint32_t errors = 0;  ///< error diagnostics (lines that do not assemble)
  std::vector<RegisterFileStats> files;
  std::optional<std::vector<LineStats>> lines;  ///< with --lines
};

/// `{"files": [{"file", "errors", "registers": {"R": {"peak", "line", "used"}, ...},
/// "lines"?: [{"line", "R", "P", "UR", "UP"}, ...]} | {"file", "error"}, ...]}`, indented by two.
std::string statsToJson(const std::vector<FileStats>& files);

}  // namespace gpuasm::formats
