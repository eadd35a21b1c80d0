// Line starts and byte offset ↔ UTF-16 or UTF-8 column arithmetic.
#include <gpuasm/syntax/LineIndex.h>

#include <gpuasm/isa/Utf8.h>

#include <algorithm>
#include <cstring>

namespace gpuasm::syntax {

namespace {

// Length in bytes and in UTF-16 units of the character starting at text[i], as the one decoder
// reads it (isa/Utf8.h): a maximal subpart that is not UTF-8 is one U+FFFD, one unit.
struct CharSize {
  std::uint32_t bytes;
  std::uint32_t units;
};

CharSize charAt(std::string_view text, std::size_t i) {
  if (static_cast<unsigned char>(text[i]) < 0x80) return {1, 1};
  const text::Utf8Char c = text::decodeUtf8(text, i);
  return {c.bytes, c.utf16Units()};
}

}  // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
  // memchr finds the next '\n' many bytes at a time: the language server builds an index per
  // document version, and a byte loop was a third of an edit's time on a 1 MB file.
  starts_.push_back(0);
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  for (const char* at = begin; at < end;) {
    const void* nl = std::memchr(at, '\n', static_cast<std::size_t>(end - at));
    if (nl == nullptr) break;
    at = static_cast<const char*>(nl) + 1;
    starts_.push_back(static_cast<std::uint32_t>(at - begin));
  }
}

LineIndex::LineIndex(std::string_view text, const LineIndex& before, std::uint32_t begin,
                     std::uint32_t oldEnd, std::uint32_t newEnd)
    : text_(text) {
  // A line start s is the byte after a '\n' at s - 1: those up to `begin` keep their '\n', those
  // past `oldEnd` keep theirs and move by the edit, and the replacement brings its own.
  const auto& old = before.starts_;
  const auto keptEnd = std::upper_bound(old.begin(), old.end(), begin);
  const auto movedBegin = std::upper_bound(keptEnd, old.end(), oldEnd);
  starts_.reserve(static_cast<std::size_t>(keptEnd - old.begin()) +
                  static_cast<std::size_t>(old.end() - movedBegin) + 8);
  starts_.assign(old.begin(), keptEnd);
  const char* const base = text.data();
  for (const char* at = base + begin; at < base + newEnd;) {
    const void* nl = std::memchr(at, '\n', static_cast<std::size_t>(base + newEnd - at));
    if (nl == nullptr) break;
    at = static_cast<const char*>(nl) + 1;
    starts_.push_back(static_cast<std::uint32_t>(at - base));
  }
  const std::uint32_t delta = newEnd - oldEnd;  // modulo 2^32: a shrinking edit moves the starts back
  for (auto it = movedBegin; it != old.end(); ++it) starts_.push_back(*it + delta);
}

std::uint32_t LineIndex::lineStart(std::uint32_t line) const {
  if (line >= starts_.size()) return static_cast<std::uint32_t>(text_.size());
  return starts_[line];
}

std::uint32_t LineIndex::lineEnd(std::uint32_t line) const {
  if (line >= starts_.size()) return static_cast<std::uint32_t>(text_.size());
  std::uint32_t end =
      line + 1 < starts_.size() ? starts_[line + 1] - 1 : static_cast<std::uint32_t>(text_.size());
  if (end > starts_[line] && end <= text_.size() && end - 1 < text_.size() && text_[end - 1] == '\r' &&
      line + 1 < starts_.size())
    --end;
  return end;
}

LinePosition LineIndex::position(std::uint32_t offset, ColumnUnit unit) const {
  offset = std::min(offset, static_cast<std::uint32_t>(text_.size()));
  const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  const auto line = static_cast<std::uint32_t>(it - starts_.begin() - 1);
  std::uint32_t units = 0;
  for (std::size_t i = starts_[line]; i < offset;) {
    const CharSize c = charAt(text_, i);
    if (i + c.bytes > offset) break;  // offset inside a character: its start
    units += unit == ColumnUnit::Utf8 ? c.bytes : c.units;
    i += c.bytes;
  }
  return {line, units};
}

std::uint32_t LineIndex::offset(LinePosition position, ColumnUnit unit) const {
  if (position.line >= starts_.size()) return static_cast<std::uint32_t>(text_.size());
  const std::uint32_t end = lineEnd(position.line);
  std::uint32_t units = 0;
  std::size_t i = starts_[position.line];
  while (i < end && units < position.character) {
    const CharSize c = charAt(text_, i);
    const std::uint32_t n = unit == ColumnUnit::Utf8 ? c.bytes : c.units;
    if (units + n > position.character) break;  // inside a character
    units += n;
    i += c.bytes;
  }
  return static_cast<std::uint32_t>(i);
}

namespace {

// Moves (at, pos) forward to `offset` (or to the start of the character holding it), reading
// the bytes between: newlines by memchr, then the last line's characters.
void advance(std::string_view text, ColumnUnit unit, std::uint32_t& at, LinePosition& pos,
             std::uint32_t offset) {
  offset = std::min(offset, static_cast<std::uint32_t>(text.size()));
  if (offset <= at) return;
  const char* const begin = text.data();
  std::uint32_t lineStart = at;
  for (const char* p = begin + at;;) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(begin + offset - p));
    if (nl == nullptr) break;
    p = static_cast<const char*>(nl) + 1;
    lineStart = static_cast<std::uint32_t>(p - begin);
    ++pos.line;
    pos.character = 0;
  }
  std::size_t i = lineStart;
  while (i < offset) {
    const CharSize c = charAt(text, i);
    if (i + c.bytes > offset) break;  // offset inside a character: its start
    pos.character += unit == ColumnUnit::Utf8 ? c.bytes : c.units;
    i += c.bytes;
  }
  at = static_cast<std::uint32_t>(i);
}

}  // namespace

LinePosition LineCursor::position(std::uint32_t offset) {
  if (offset < at_) {
    at_ = 0;
    here_ = {};
  }
  advance(text_, unit_, at_, here_, offset);
  return here_;
}

LinePosition LineCursor::positionAfter(std::uint32_t from, LinePosition fromPosition,
                                       std::uint32_t offset) const {
  advance(text_, unit_, from, fromPosition, offset);
  return fromPosition;
}

}  // namespace gpuasm::syntax
