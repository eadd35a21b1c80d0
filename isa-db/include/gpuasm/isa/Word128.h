// A 128-bit instruction word and bit-range access to it. Encodings are written as `0x` + 32 hex
// digits, bit 127 first (DESIGN.md §6); this is the only place that spelling is produced or read.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuasm::isa {

/// A 128-bit word; `lo` holds bits 0..63, `hi` bits 64..127.
struct Word128 {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;

  /// Bits [offset, offset+width) as an unsigned value; width ≤ 64, offset+width ≤ 128.
  std::uint64_t bits(std::uint32_t offset, std::uint32_t width) const;
  /// Stores the low `width` bits of `value` at [offset, offset+width).
  void setBits(std::uint32_t offset, std::uint32_t width, std::uint64_t value);
  /// A word with ones in [offset, offset+width).
  static Word128 mask(std::uint32_t offset, std::uint32_t width);

  Word128 operator&(const Word128& o) const { return {lo & o.lo, hi & o.hi}; }
  Word128 operator|(const Word128& o) const { return {lo | o.lo, hi | o.hi}; }
  Word128 operator~() const { return {~lo, ~hi}; }
  bool isZero() const { return lo == 0 && hi == 0; }
  /// The number of one bits.
  std::uint32_t popcount() const { return static_cast<std::uint32_t>(std::popcount(lo) + std::popcount(hi)); }
  friend bool operator==(const Word128&, const Word128&) = default;

  /// "0x" + 32 hex digits, bit 127 first, lower-case digits.
  std::string toHex() const;
  /// Parses "0x…" with 1..32 hex digits (case-insensitive); nullopt when malformed.
  static std::optional<Word128> fromHex(std::string_view text);

  /// The word as 16 bytes, bits 0..7 first (little-endian): the binary format of
  /// `gpuasm asm -o` and `gpuasm dis --binary` (docs/PROTOCOL.md).
  std::array<unsigned char, 16> toBytes() const;
  static Word128 fromBytes(std::span<const unsigned char, 16> bytes);
};

/// Hash for unordered containers keyed by words.
struct Word128Hash {
  std::size_t operator()(const Word128& w) const noexcept {
    return static_cast<std::size_t>(w.lo * 0x9E3779B97F4A7C15ull ^ (w.hi + 0x632BE59BD9B4E019ull));
  }
};

}  // namespace gpuasm::isa
