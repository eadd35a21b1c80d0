// Cutting a text into independently parsable chunks (see Chunks.h). The lexing here is the
// grammar's comment rules only: '/' appears in no other token.
#include <gpuasm/syntax/Chunks.h>

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
  if (searchedFrom_ != std::string_view::npos && searchedFrom_ <= from && (foundAt_ == std::string_view::npos || foundAt_ >= from))
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
      if (close != std::string_view::npos) end = close + 2;
      else out.unclosedComment = true;
    }
    out.comments.push_back({static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(end)});
    p = end;
  }
  out.end = static_cast<std::uint32_t>(size);
  return out;
}

}  // namespace gpuasm::syntax
