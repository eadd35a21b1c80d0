// Reading gpuasm.json (see ProjectConfig.h).
#include <gpuasm/formats/ProjectConfig.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace gpuasm::formats {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A project file is a few lines; anything this large is not one.
constexpr std::uintmax_t kMaxProjectFileBytes = 1 << 20;

// "line L, column C" (1-based, columns in bytes) of the byte the JSON parser stopped at
// (`byte`: 1-based, one past the end when the text ended early), and what is there.
std::string whereJsonStops(const std::string& text, std::size_t byte) {
  const std::size_t at = byte == 0 ? 0 : std::min(byte - 1, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  std::string out = "line " + std::to_string(line) + ", column " + std::to_string(column);
  if (at >= text.size()) return out + ": the text ends before the JSON value does";
  const auto c = static_cast<unsigned char>(text[at]);
  if (c >= 0x20 && c < 0x7F) return out + ": unexpected '" + std::string(1, static_cast<char>(c)) + "'";
  return out + ": unexpected byte " + std::to_string(c);
}

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
  } catch (const json::parse_error& e) {
    // Where it stops, in the file's own terms; the library's message is not the user's.
    return std::unexpected(path.string() + ": not valid JSON: " + whereJsonStops(text, e.byte));
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

}  // namespace gpuasm::formats
