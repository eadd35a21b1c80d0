// What this binary was built from: gpuasm's version (CMakeLists.txt's project()), the git commit
// and its date, written at build time (cmake/WriteBuildInfo.cmake). `gpuasm --version` prints
// them and the man page's header carries them.
#pragma once

namespace gpuasm::tool {

struct BuildInfo {
  const char* version;     ///< e.g. "0.1.0"
  const char* commit;      ///< abbreviated hash, "-dirty" when the tree had changes; "unknown" outside git
  const char* commitDate;  ///< YYYY-MM-DD, or empty when unknown
};

extern const BuildInfo kBuildInfo;

}  // namespace gpuasm::tool
