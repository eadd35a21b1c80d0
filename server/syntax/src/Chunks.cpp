// Cutting a text into independently parsable chunks (see Chunks.h). The lexing here is the
// grammar's comment rules only: '/' appears in no other token.
#include <gpuasm/syntax/Chunks.h>

namespace gpuasm::syntax {

std::size_t ChunkScanner::closeAfter(std::size_t from) {
  // A cached search that started at or before `from` answers it if its hit is still ahead
  // (or it found nothing at all: then nothing lies further on either).
  if (searchedFrom_ != std::string_view::npos && searchedFrom_ <= from && (foundAt_ == std::string_view::npos || foundAt_ >= from))
    return foundAt_;
  searchedFrom_ = from;
  foundAt_ = text_.find("*/", from);
  return foundAt_;
}

ChunkScan ChunkScanner::scan(std::uint32_t begin) {
  ChunkScan out;
  const std::size_t size = text_.size();
  std::size_t p = begin;
  while (p < size) {
    const char c = text_[p];
    if (c == '\n') {
      out.end = static_cast<std::uint32_t>(p + 1);
      return out;
    }
    if (c != '/' || p + 1 >= size || (text_[p + 1] != '/' && text_[p + 1] != '*')) {
      ++p;
      continue;
    }
    const std::size_t lineEnd = std::min(text_.find('\n', p), size);
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
