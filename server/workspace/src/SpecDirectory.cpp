// Which spec directory a file uses (see SpecDirectory.h).
#include <gpuasm/workspace/SpecDirectory.h>

#include <gpuasm/formats/ProjectConfig.h>

#include <filesystem>
#include <system_error>

namespace gpuasm::workspace {

namespace fs = std::filesystem;

std::optional<std::string> nearestProjectFile(const std::string& folder) {
  std::error_code ec;
  fs::path at = fs::absolute(folder.empty() ? std::string(".") : folder, ec).lexically_normal();
  if (ec) return std::nullopt;
  if (!at.has_filename() && at.has_relative_path()) at = at.parent_path();  // "a/b/" is "a/b"
  while (true) {
    const fs::path candidate = at / formats::kProjectFileName;
    if (fs::exists(candidate, ec)) return candidate.string();
    if (!at.has_relative_path()) return std::nullopt;  // the root: none found
    at = at.parent_path();
  }
}

std::expected<SpecDirChoice, std::string> specDirOf(const std::string& projectFile) {
  auto config = formats::readProjectConfig(projectFile);
  if (!config) return std::unexpected(config.error());
  if (!config->specDir) return SpecDirChoice{};
  return SpecDirChoice{config->specDir, config->file};
}

std::expected<SpecDirChoice, std::string> chooseSpecDir(const std::optional<std::string>& override,
                                                        const std::string& folder) {
  if (override) return SpecDirChoice{override, {}};
  const auto file = nearestProjectFile(folder);
  if (!file) return SpecDirChoice{};
  return specDirOf(*file);
}

}  // namespace gpuasm::workspace
