// Byte offsets ↔ (line, UTF-16 column), the positions editors speak (LSP counts columns in
// UTF-16 code units). This is the only code that knows UTF-16. Bytes that are not UTF-8 are read
// by the one decoder (isa/Utf8.h): each maximal subpart is one U+FFFD, one unit, as an editor
// shows it, so no input makes the mapping fail.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace gpuasm::syntax {

/// A 0-based line and UTF-16 column.
struct LinePosition {
  std::uint32_t line = 0;
  std::uint32_t character = 0;
  friend bool operator==(const LinePosition&, const LinePosition&) = default;
};

/// Line starts of one text. Keeps a view of the text: the text must outlive the index.
/// What a column counts: UTF-16 code units (LSP's default) or UTF-8 bytes.
enum class ColumnUnit : std::uint8_t { Utf16, Utf8 };

class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  /// The index of `text`, which is `before`'s text with bytes [begin, oldEnd) replaced by
  /// [begin, newEnd) of `text`: the line starts outside the edit are taken from `before` (those
  /// after it shifted) and only the replacement is read, so an edit does not read the whole text.
  LineIndex(std::string_view text, const LineIndex& before, std::uint32_t begin, std::uint32_t oldEnd,
            std::uint32_t newEnd);

  /// Position of a byte offset (clamped to the text's end; an offset inside a multi-byte
  /// character maps to that character's start).
  LinePosition position(std::uint32_t offset, ColumnUnit unit = ColumnUnit::Utf16) const;
  /// Byte offset of a position (a line past the end → end of text; a column past the end of
  /// its line → the end of the line, before its terminator; inside a character (a surrogate
  /// pair, a multi-byte sequence) → the character's start).
  std::uint32_t offset(LinePosition position, ColumnUnit unit = ColumnUnit::Utf16) const;

  std::uint32_t lineCount() const { return static_cast<std::uint32_t>(starts_.size()); }
  /// First byte of a line.
  std::uint32_t lineStart(std::uint32_t line) const;
  /// One past the last byte of a line's content (its "\n" or "\r\n" excluded).
  std::uint32_t lineEnd(std::uint32_t line) const;

 private:
  std::string_view text_;
  std::vector<std::uint32_t> starts_;
};

/// Positions of offsets met in increasing order, without a table of line starts: memory does
/// not grow with the text, and the bytes between two offsets are read once (memchr for lines,
/// one decode for the columns). What a batch tool places a file's diagnostics with. The same
/// positions as LineIndex::position.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text, ColumnUnit unit = ColumnUnit::Utf16)
      : text_(text), unit_(unit) {}

  /// Position of `offset`, which must not be before the previous call's (an earlier offset is
  /// answered by reading the text again from its start).
  LinePosition position(std::uint32_t offset);
  /// Position of `offset` at or after `from`, the offset of `fromPosition` (the end of a range
  /// whose start is known), reading only the bytes between them. Does not move the cursor.
  LinePosition positionAfter(std::uint32_t from, LinePosition fromPosition, std::uint32_t offset) const;
  /// The cursor's place: no later call reads bytes before it.
  std::uint32_t consumed() const { return at_; }

 private:
  std::string_view text_;
  ColumnUnit unit_;
  std::uint32_t at_ = 0;  ///< a character boundary (or the text's end)…
  LinePosition here_;     ///< …and its position
};

}  // namespace gpuasm::syntax
