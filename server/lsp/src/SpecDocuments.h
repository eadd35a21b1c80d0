// The spec as documents an editor can open. A spec read from a directory (--spec-dir, the
// workspace's gpuasm.json or the client's setting) is served as its own files, which the user
// can edit. The embedded spec is compiled into the binary, so for go to definition its files are
// written once to a cache directory (read-only, in a directory named after a hash of their
// content, so versions never mix) and served as file:// URIs that every client opens without
// extension code.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/workspace/Uri.h>

#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::lsp {

class SpecDocuments {
 public:
  /// `cacheRoot`: where the `gpuasm/spec-<hash>/` directory goes.
  explicit SpecDocuments(std::string cacheRoot) : cacheRoot_(std::move(cacheRoot)) {}

  /// The file:// URI of spec file `index` of `db`, writing the files on first use. The caches
  /// are of one database at a time (a workspace may use several specs, one per project).
  std::expected<std::string, std::string> uriOf(const isa::InstrDb& db, std::uint32_t index);

  /// A spec position (1-based line, 1-based byte column) as a URI and an LSP range (UTF-16)
  /// from there to the end of its line.
  struct Place {
    std::string uri;
    syntax::LinePosition start, end;
  };
  std::expected<Place, std::string> place(const isa::InstrDb& db, std::uint32_t index, std::uint32_t line,
                                          std::uint32_t column);

  const std::string& cacheRoot() const { return cacheRoot_; }

  /// $XDG_CACHE_HOME, else $HOME/.cache, else the system's temporary directory.
  static std::string defaultCacheRoot();

 private:
  std::string cacheRoot_;
  const isa::InstrDb* db_ = nullptr;                       ///< whose files the caches below are
  std::vector<std::string> uris_;                          ///< per file, once written
  std::string failure_;                                    ///< why writing failed, when it did
  std::vector<std::unique_ptr<syntax::LineIndex>> lines_;  ///< per file, built on first use
};

using workspace::fileUri;
using workspace::pathOfFileUri;

}  // namespace gpuasm::lsp
