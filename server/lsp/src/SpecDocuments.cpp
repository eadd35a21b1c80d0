// The spec's files as documents for go to definition: the user's own, or the embedded spec's
// copies in a cache directory (see SpecDocuments.h).
#include "SpecDocuments.h"

#include <gpuasm/isa/Text.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace gpuasm::lsp {

namespace fs = std::filesystem;

namespace {

// FNV-1a over every file's name and text: a directory per spec content.
std::string contentHash(const std::vector<isa::SpecFile>& files) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&](std::string_view s) {
    for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    h = (h ^ 0xFF) * 1099511628211ull;  // a separator, so "ab"+"c" differs from "a"+"bc"
  };
  for (const auto& f : files) {
    mix(f.name);
    mix(f.text);
  }
  return text::hex(h, {.prefix = false});
}

bool sameContent(const fs::path& path, const std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str() == text;
}

}  // namespace

std::string SpecDocuments::defaultCacheRoot() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg == '/') return xdg;
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/')
    return std::string(home) + "/.cache";
  std::error_code ec;
  const fs::path tmp = fs::temp_directory_path(ec);
  return ec ? std::string("/tmp") : tmp.string();
}

std::expected<std::string, std::string> SpecDocuments::uriOf(const isa::InstrDb& db, std::uint32_t index) {
  const auto& files = db.files();
  if (index >= files.size()) return std::unexpected("no spec file #" + std::to_string(index));
  if (&db != db_) {
    db_ = &db;
    uris_.clear();
    lines_.clear();
    failure_.clear();
  }
  if (!failure_.empty()) return std::unexpected(failure_);  // tried once; no I/O on every publish
  if (uris_.empty()) {
    const fs::path dir = fs::path(cacheRoot_) / "gpuasm" / ("spec-" + contentHash(files));
    std::error_code ec;
    std::vector<std::string> uris;
    for (const auto& f : files) {
      // A file read from a spec directory is the user's own: go to definition opens it, to edit.
      if (fs::path(f.name).is_absolute()) {
        uris.push_back(fileUri(f.name));
        continue;
      }
      fs::create_directories(dir, ec);
      if (ec) return std::unexpected(failure_ = "cannot create " + dir.string() + ": " + ec.message());
      const fs::path path = dir / fs::path(f.name).filename();
      if (!sameContent(path, f.text)) {
        fs::permissions(path, fs::perms::owner_write, fs::perm_options::add, ec);  // a stale read-only copy
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << f.text;
        out.close();
        if (!out) return std::unexpected(failure_ = "cannot write " + path.string());
      }
      // Read-only: the spec is the user's document; this copy is for reading.
      fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read, ec);
      uris.push_back(fileUri(fs::absolute(path, ec).string()));
    }
    uris_ = std::move(uris);
  }
  return uris_[index];
}

std::expected<SpecDocuments::Place, std::string> SpecDocuments::place(const isa::InstrDb& db,
                                                                      std::uint32_t index, std::uint32_t line,
                                                                      std::uint32_t column) {
  auto uri = uriOf(db, index);
  if (!uri) return std::unexpected(uri.error());
  lines_.resize(db.files().size());
  if (!lines_[index]) lines_[index] = std::make_unique<syntax::LineIndex>(db.files()[index].text);
  const syntax::LineIndex& lines = *lines_[index];
  const std::uint32_t l = line > 0 ? line - 1 : 0;
  const std::uint32_t begin = std::min(lines.lineStart(l) + (column > 0 ? column - 1 : 0), lines.lineEnd(l));
  return Place{std::move(*uri), lines.position(begin), lines.position(lines.lineEnd(l))};
}

}  // namespace gpuasm::lsp
