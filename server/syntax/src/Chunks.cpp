// Cutting a text into independently parsable chunks (see Chunks.h). The lexing here is the
// grammar's comment rules only: '/' appears in no other token.
#include <gpuasm/syntax/Chunks.h>

#include <algorithm>
#include <cstring>

namespace gpuasm::syntax {

std::uint32_t countNewlines(std::string_view text) {
  std::uint32_t n = 0;
  const char* const end = text.data() + text.size();
  for (const char* p = text.data(); p != end; ++n, ++p) {
    p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (p == nullptr) break;
  }
  return n;
}

std::size_t ChunkScanner::closeAfter(std::size_t from) {
  // A cached search that started at or before `from` answers it if its hit is still ahead
  // (or it found nothing at all: then nothing lies further on either).
  if (searchedFrom_ != std::string_view::npos && searchedFrom_ <= from &&
      (foundAt_ == std::string_view::npos || foundAt_ >= from))
    return foundAt_;
  searchedFrom_ = from;
  foundAt_ = text_.find("*/", from);
  return foundAt_;
}

namespace {

// Index of the first `c` in text[from, to), or `to`.
std::size_t nextOf(std::string_view text, char c, std::size_t from, std::size_t to) {
  const void* hit = std::memchr(text.data() + from, c, to - from);
  return hit == nullptr ? to : static_cast<std::size_t>(static_cast<const char*>(hit) - text.data());
}

}  // namespace

ChunkScan ChunkScanner::scan(std::uint32_t begin) {
  ChunkScan out;
  const std::size_t size = text_.size();
  std::size_t p = begin;
  std::size_t lineEnd = 0;  // the '\n' ending p's line (size when none), found again once p passes it
  bool lineEndKnown = false;
  while (p < size) {
    // Only '\n' and '/' matter: jump to the first of them.
    if (!lineEndKnown || p > lineEnd) lineEnd = nextOf(text_, '\n', p, size), lineEndKnown = true;
    p = nextOf(text_, '/', p, lineEnd);
    if (p == lineEnd) {
      out.end = static_cast<std::uint32_t>(lineEnd < size ? lineEnd + 1 : size);
      return out;
    }
    if (p + 1 >= size || (text_[p + 1] != '/' && text_[p + 1] != '*')) {
      ++p;
      continue;
    }
    std::size_t end = lineEnd;  // `//` and an unclosed `/*` end with the line
    if (text_[p + 1] == '*') {
      const std::size_t close = closeAfter(p + 2);
      if (close != std::string_view::npos)
        end = close + 2;
      else
        out.unclosedComment = true;
    }
    if (recordComments_)
      out.comments.push_back({static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(end)});
    p = end;
  }
  out.end = static_cast<std::uint32_t>(size);
  return out;
}

namespace {

// The next `c` at or after a position that only moves forward: each byte is searched once.
class NextByte {
 public:
  NextByte(std::string_view text, char c, std::size_t end) : text_(text), c_(c), end_(end) {}
  std::size_t from(std::size_t p) {
    if (!known_ || at_ < p) at_ = nextOf(text_, c_, p, end_), known_ = true;
    return at_;
  }

 private:
  std::string_view text_;
  char c_;
  std::size_t end_, at_ = 0;
  bool known_ = false;
};

}  // namespace

void cutChunk(std::string_view text, std::uint32_t begin, std::uint32_t end, std::uint32_t line,
              std::vector<ChunkPiece>& out) {
  out.clear();
  if (end - begin <= kPieceBytes) {
    out.push_back({begin, end, line, false});
    return;
  }
  // The chunk's comments are lexed again here rather than taken from its ChunkScan, so a batch
  // tool need not keep a list of them. Inside one chunk a '/*' is closed when a '*/' follows
  // in the chunk (else it runs to its line's end), `//` runs to its line's end, and newlines
  // are only in comments and at the chunk's end. Every search position only moves forward.
  const std::string_view chunk = text.substr(0, end);
  NextByte newline(text, '\n', end), semicolon(text, ';', end), slash(text, '/', end);
  std::size_t closeSearchedFrom = std::string_view::npos, closeAt = std::string_view::npos;
  std::uint32_t p = begin;
  auto skipBlanksAndComments = [&] {
    while (p < end) {
      const char c = text[p];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        line += c == '\n' ? 1 : 0;
        ++p;
      } else if (c == '/' && p + 1 < end && (text[p + 1] == '/' || text[p + 1] == '*')) {
        std::size_t commentEnd = newline.from(p);
        if (text[p + 1] == '*') {
          if (closeSearchedFrom == std::string_view::npos ||
              (closeAt != std::string_view::npos && closeAt < p + 2u))
            closeSearchedFrom = p + 2u, closeAt = chunk.find("*/", p + 2u);
          if (closeAt != std::string_view::npos) commentEnd = closeAt + 2;
        }
        line += countNewlines(text.substr(p, commentEnd - p));
        p = static_cast<std::uint32_t>(commentEnd);
      } else {
        return;
      }
    }
  };
  ChunkPiece piece{0, 0, 0, false};
  bool open = false;  // a piece is being grown
  while (true) {
    skipBlanksAndComments();
    if (p >= end) break;
    const std::uint32_t statementBegin = p, statementLine = line;
    // To the ';' that ends the statement, over any comments inside it.
    while (p < end) {
      p = static_cast<std::uint32_t>(std::min(semicolon.from(p), slash.from(p)));
      if (p >= end) break;
      if (text[p] == ';') {
        ++p;
        break;
      }
      const std::uint32_t before = p;
      skipBlanksAndComments();  // a comment, or a lone '/' (a character of the statement)
      if (p == before) ++p;
    }
    if (p - statementBegin > kMaxStatementBytes) {
      if (open) out.push_back(piece), open = false;
      out.push_back({statementBegin, p, statementLine, true});
    } else if (open && p - piece.begin <= kPieceBytes) {
      piece.end = p;
    } else {
      if (open) out.push_back(piece);
      piece = {statementBegin, p, statementLine, false};
      open = true;
    }
  }
  if (open) out.push_back(piece);
}

}  // namespace gpuasm::syntax
