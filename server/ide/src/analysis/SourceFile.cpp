// Bounded reading of a user's file (see SourceFile.h).
#include <gpuasm/ide/analysis/SourceFile.h>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace gpuasm::ide {

std::expected<std::string, std::string> readSourceFile(const std::string& path) {
  // A directory opens as a stream on Linux and reports a nonsense size: name it for what it is.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return std::unexpected("'" + path + "' is a directory");
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return std::unexpected("cannot read '" + path + "'");
  const auto size = static_cast<std::uint64_t>(in.tellg());
  if (size > kMaxSourceBytes)
    return std::unexpected("'" + path + "' is " + std::to_string(size) + " bytes; files larger than " +
                           std::to_string(kMaxSourceBytes) + " bytes (64 MiB) are not read");
  in.seekg(0);
  std::string text(static_cast<std::size_t>(size), '\0');
  if (!in.read(text.data(), static_cast<std::streamsize>(size)))
    return std::unexpected("error while reading '" + path + "'");
  return text;
}

std::optional<std::string> binaryFileProblem(const std::string& path, std::string_view text) {
  const std::string_view probe = text.substr(0, kBinaryProbeBytes);
  const void* nul = std::memchr(probe.data(), '\0', probe.size());
  if (nul == nullptr) return std::nullopt;
  const auto offset = static_cast<const char*>(nul) - probe.data();
  return "'" + path + "' is a binary file (a NUL byte at offset " + std::to_string(offset) +
         "); gpuasm reads assembly text";
}

std::expected<std::string, std::string> readAssemblyFile(const std::string& path) {
  auto text = readSourceFile(path);
  if (!text) return text;
  if (auto problem = binaryFileProblem(path, *text)) return std::unexpected(std::move(*problem));
  return text;
}

}  // namespace gpuasm::ide
