// The embedded spec (generated EmbeddedSpecData.cpp) and reading a --spec-dir directory.
#include <gpuasm/isa/SpecSource.h>

#include <gpuasm/isa/Sha256.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace gpuasm::isa {

namespace embedded {
struct Blob {
  const char* name;
  const unsigned char* data;
  std::size_t size;
};
extern const Blob kFiles[];
extern const std::size_t kFileCount;
}  // namespace embedded

SpecFileRole roleForFileName(std::string_view baseName) {
  if (baseName == "prelude.isa") return SpecFileRole::Prelude;
  if (baseName == "errata.isa") return SpecFileRole::Errata;
  return SpecFileRole::Spec;
}

std::vector<SpecFile> embeddedSpecFiles() {
  std::vector<SpecFile> files;
  for (std::size_t i = 0; i < embedded::kFileCount; ++i) {
    const auto& blob = embedded::kFiles[i];
    SpecFile f;
    f.name = blob.name;
    f.text.assign(reinterpret_cast<const char*>(blob.data), blob.size);
    const std::string_view name(f.name);
    f.role = roleForFileName(name.substr(name.rfind('/') + 1));
    files.push_back(std::move(f));
  }
  return files;
}

std::expected<std::vector<SpecFile>, std::string> readSpecDir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return std::unexpected("spec directory '" + dir + "' does not exist or is not a directory");
  std::vector<fs::path> paths;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    const auto ext = p.extension().string();
    if ((ext == ".txt" || ext == ".isa") && it->is_regular_file(ec)) paths.push_back(p);
  }
  if (ec) return std::unexpected("cannot list '" + dir + "': " + ec.message());
  std::sort(paths.begin(), paths.end());
  std::vector<SpecFile> files;
  bool havePrelude = false, haveErrata = false;
  for (const auto& p : paths) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::unexpected("cannot read '" + p.string() + "'");
    SpecFile f;
    f.name = p.string();
    f.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) return std::unexpected("error while reading '" + p.string() + "'");
    f.role = roleForFileName(p.filename().string());
    havePrelude |= f.role == SpecFileRole::Prelude;
    haveErrata |= f.role == SpecFileRole::Errata;
    files.push_back(std::move(f));
  }
  if (files.empty()) return std::unexpected("spec directory '" + dir + "' holds no .txt or .isa files");
  for (auto& f : embeddedSpecFiles()) {
    if ((f.role == SpecFileRole::Prelude && !havePrelude) || (f.role == SpecFileRole::Errata && !haveErrata))
      files.push_back(std::move(f));
  }
  return files;
}

std::string specDigest(const std::vector<SpecFile>& files) {
  Sha256 hash;
  for (const auto& f : files) hash.update(f.text);
  return hash.hex();
}

}  // namespace gpuasm::isa
