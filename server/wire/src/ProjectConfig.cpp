// Reading gpuasm.json (see ProjectConfig.h).
#include <gpuasm/wire/ProjectConfig.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace gpuasm::wire {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A project file is a few lines; anything this large is not one.
constexpr std::uintmax_t kMaxProjectFileBytes = 1 << 20;

}  // namespace

std::string normalDirectory(const std::string& base, const std::string& dir) {
  std::error_code ec;
  std::string d =
      fs::absolute(fs::path(base) / dir, ec).lexically_normal().string();  // an absolute dir replaces base
  while (d.size() > 1 && d.back() == '/') d.pop_back();  // "spec/" normalises to "…/spec/"
  return d;
}

std::expected<ProjectConfig, std::string> readProjectConfig(const std::string& file) {
  std::error_code ec;
  const fs::path path = fs::absolute(file, ec).lexically_normal();
  if (ec) return std::unexpected(file + ": " + ec.message());
  if (!fs::is_regular_file(path, ec)) return std::unexpected(path.string() + ": not a regular file");
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) return std::unexpected(path.string() + ": " + ec.message());
  if (size > kMaxProjectFileBytes)
    return std::unexpected(path.string() + ": " + std::to_string(size) +
                           " bytes; a project file holds at most 1 MiB");
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) return std::unexpected(path.string() + ": cannot read it");
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {  // its message says where: "at line L, column C"
    return std::unexpected(path.string() + ": not valid JSON (" + std::string(e.what()) + ")");
  }
  if (!j.is_object())
    return std::unexpected(path.string() + ": must hold a JSON object, like {\"specDir\": \"spec\"}");
  ProjectConfig config;
  config.file = path.string();
  if (const auto it = j.find("specDir"); it != j.end()) {
    if (!it->is_string() || it->get<std::string>().empty())
      return std::unexpected(
          path.string() +
          ": \"specDir\" must be a non-empty string, the spec directory relative to this file");
    config.specDir = normalDirectory(path.parent_path().string(), it->get<std::string>());
  }
  return config;
}

std::expected<std::optional<ProjectConfig>, std::string> findProjectConfig(const std::string& dir) {
  std::error_code ec;
  fs::path at = fs::absolute(dir, ec).lexically_normal();
  if (ec) return std::unexpected(dir + ": " + ec.message());
  while (true) {
    const fs::path candidate = at / kProjectFileName;
    if (fs::exists(candidate, ec)) {
      auto config = readProjectConfig(candidate.string());
      if (!config) return std::unexpected(config.error());
      return std::optional<ProjectConfig>(std::move(*config));
    }
    if (!at.has_relative_path()) return std::optional<ProjectConfig>();  // the root: none found
    at = at.parent_path();
  }
}

}  // namespace gpuasm::wire
