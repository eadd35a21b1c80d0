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
  /// `recordComments` false: ChunkScan::comments stays empty (a batch tool needs only the chunk
  /// ends, and a line of millions of comments would otherwise be a list of millions).
  explicit ChunkScanner(std::string_view text, bool recordComments = true)
      : text_(text), recordComments_(recordComments) {}

  /// The chunk starting at `begin`, which must be 0 or just after a '\n' that ends a chunk.
  ChunkScan scan(std::uint32_t begin);

 private:
  /// Offset of the first "*/" at or after `from`, or npos.
  std::size_t closeAfter(std::size_t from);

  std::string_view text_;
  bool recordComments_;
  std::size_t searchedFrom_ = std::string_view::npos;  ///< the cached search started here…
  std::size_t foundAt_ = std::string_view::npos;       ///< …and found "*/" here (npos: none)
};

/// Chunks longer than this are analysed in pieces of whole statements (cutChunk), so a file of
/// one huge line is lowered and matched in bounded memory.
inline constexpr std::uint32_t kPieceBytes = 16 * 1024;
/// A statement (its first character to its ';', comments inside it included) longer than this
/// is reported (`statement-too-long`) and not analysed: no instruction is anywhere near it,
/// and analysing it would take memory in proportion to its length.
inline constexpr std::uint32_t kMaxStatementBytes = 64 * 1024;

/// A piece of a chunk: document bytes [begin, end), starting on 0-based document line `line`.
struct ChunkPiece {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::uint32_t line = 0;
  bool tooLong = false;  ///< one statement longer than kMaxStatementBytes
  friend bool operator==(const ChunkPiece&, const ChunkPiece&) = default;
};

/// Cuts the chunk `text[begin, end)` (starting on document line `line`) into the pieces that
/// are lowered one by one. A chunk of at most kPieceBytes is one piece. A longer one is read as
/// statements (from a first character outside comments to the next ';' outside comments, or to
/// the chunk's end): runs of them of at most kPieceBytes form a piece, a statement longer than
/// kMaxStatementBytes is a tooLong piece of its own, and the comments and blanks between two
/// pieces are in neither (they hold no statement). For valid text the pieces lower to the
/// statements of the whole chunk. Replaces the contents of `out`.
void cutChunk(std::string_view text, std::uint32_t begin, std::uint32_t end, std::uint32_t line,
              std::vector<ChunkPiece>& out);

}  // namespace gpuasm::syntax
