// A document as a sequence of chunks the grammar parses independently: a chunk is one line, or
// the run of lines a closed `/* */` comment spans. The grammar makes a newline a token and lets
// only a closed block comment cross one (an unclosed '/*' ends at its line's end), so a chunk
// is a complete document and an edit re-parses only the chunks it touches (docs/ARCHITECTURE.md,
// "Incremental analysis"). The scan also yields the comments, which no statement holds.
#pragma once

#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <string_view>
#include <vector>

namespace gpuasm::syntax {

/// One chunk: where it ends (one past its last '\n', or the text's end) and its comments.
struct ChunkScan {
  std::uint32_t end = 0;
  std::vector<ByteRange> comments;  ///< absolute ranges, `//`, `/* */` and unclosed `/*`
  bool unclosedComment = false;     ///< one of them is a '/*' without '*/'
};

/// How many '\n' the text holds (memchr: most lines are a few dozen bytes with one newline).
std::uint32_t countNewlines(std::string_view text);

/// Cuts one text into chunks, front to back or from any chunk start. It remembers where the
/// last `*/` search ended, so a text full of unclosed '/*' is still scanned in linear time.
class ChunkScanner {
 public:
  explicit ChunkScanner(std::string_view text) : text_(text) {}

  /// The chunk starting at `begin`, which must be 0 or just after a '\n' that ends a chunk.
  ChunkScan scan(std::uint32_t begin);

 private:
  /// Offset of the first "*/" at or after `from`, or npos.
  std::size_t closeAfter(std::size_t from);

  std::string_view text_;
  std::size_t searchedFrom_ = std::string_view::npos;  ///< the cached search started here…
  std::size_t foundAt_ = std::string_view::npos;       ///< …and found "*/" here (npos: none)
};

}  // namespace gpuasm::syntax
