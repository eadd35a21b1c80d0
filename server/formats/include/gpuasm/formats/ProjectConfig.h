// A project's gpuasm settings: `gpuasm.json` in a workspace (docs/PROTOCOL.md). Today it pins
// the spec directory, {"specDir": "path"}, relative to the file, so that the editor and
// `gpuasm check` in the project read the same spec. Reading it is I/O and its text is the user's:
// every failure is an error value naming the file and what is wrong.
#pragma once

#include <expected>
#include <optional>
#include <string>

namespace gpuasm::formats {

/// The name of the project file.
inline constexpr const char* kProjectFileName = "gpuasm.json";

struct ProjectConfig {
  std::string file;                    ///< the gpuasm.json read, as an absolute path
  std::optional<std::string> specDir;  ///< specDir resolved against the file's directory, absolute
};

/// `dir` as the spec directory is named everywhere (and compared with a file's parent): absolute,
/// lexically normal, without a trailing '/'; a relative `dir` is taken from `base`.
std::string normalDirectory(const std::string& base, const std::string& dir);

/// Reads the gpuasm.json at `file`: a JSON object whose optional "specDir" is a non-empty string.
/// Other members are left for later versions and ignored.
std::expected<ProjectConfig, std::string> readProjectConfig(const std::string& file);

/// Which gpuasm.json a file uses, and which spec directory: workspace/SpecDirectory.h.

}  // namespace gpuasm::formats
