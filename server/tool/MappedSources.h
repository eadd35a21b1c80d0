// Source files of the batch commands (`check`, `asm -o`) mapped read-only instead of read into
// memory, with the pages they touch given back to the page cache every few milliseconds, so the
// process stays small on a file of any size (10 million lines, or one line of 32 MB, take the
// same few MB). The assembler reads a mapped file as one string_view, as it reads a string.
#pragma once

#include <cstddef>
#include <expected>
#include <memory>
#include <string>
#include <string_view>

namespace gpuasm::tool {

class MappedSources {
 public:
  MappedSources();
  ~MappedSources();
  MappedSources(const MappedSources&) = delete;
  MappedSources& operator=(const MappedSources&) = delete;

  /// Maps the file at `path` as source number `slot` (0 <= slot < capacity) and returns its
  /// text, valid until close(slot). A file that cannot be mapped (a pipe, /dev/stdin) is read
  /// with ide::readSourceFile instead; one of 4 GiB or more is refused (offsets are 32-bit).
  std::expected<std::string_view, std::string> open(std::size_t slot, const std::string& path);
  void close(std::size_t slot);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace gpuasm::tool
