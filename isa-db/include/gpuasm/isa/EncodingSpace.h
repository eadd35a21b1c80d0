// The encoding space: how the opcode variants divide the words. The opcode-selecting bits are
// the union of every variant's fixed-field mask; a variant takes the assignments of those bits
// that its fixed bits match. The primary selecting field is derived from the data (the fixed
// bit range most variants fix; ties: the wider, then the lower offset), the others are
// secondary. `gpuasm spec` states the fraction in use, `spec --encoding-map` draws the model
// (server/ide EncodingMap), docs/PROTOCOL.md defines both.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/Word128.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gpuasm::isa {

/// An exact fraction numerator / 2^exponent, kept reduced (an odd numerator, or 0/1 and 1/1).
class SpaceFraction {
 public:
  __extension__ typedef unsigned __int128 Count;

  SpaceFraction() = default;
  /// `count` of the 2^`bits` assignments of `bits` bits, reduced; count ≤ 2^bits, bits ≤ 64.
  static SpaceFraction of(std::uint64_t count, std::uint32_t bits);
  static SpaceFraction one() { return of(1, 0); }
  /// (a + b) / 2: the fraction of a space split on one bit into halves with fractions a and b.
  static SpaceFraction halfSum(const SpaceFraction& a, const SpaceFraction& b);
  /// this / 2^bits: the share of a whole space that a sub-space of 2^-bits of it has.
  SpaceFraction scaledDown(std::uint32_t bits) const;
  /// Exact when the sum is at most 1, or below 2 with both exponents below 128.
  SpaceFraction operator+(const SpaceFraction& o) const;

  Count numerator() const { return numerator_; }
  std::uint32_t exponent() const { return exponent_; }
  bool isZero() const { return numerator_ == 0; }
  double value() const;
  /// "617/4096", "0", "1".
  std::string text() const;
  /// "15.06%": two decimals, never 0.00% for a fraction above 0 nor 100.00% below 1.
  std::string percent() const;
  friend bool operator==(const SpaceFraction&, const SpaceFraction&) = default;

 private:
  void reduce();
  Count numerator_ = 0;
  std::uint32_t exponent_ = 0;
};

/// The fixed bits of one variant: a word matches when (word & mask) == bits.
struct FixedPattern {
  Word128 mask;
  Word128 bits;
};

/// The exact fraction of the assignments of `space`'s bits that some pattern matches (pattern
/// bits outside `space` are ignored). Splits on the bit most patterns fix until each part is
/// covered, empty or one pattern, dropping patterns another one subsumes; linear in the bits
/// times the patterns when the patterns share a leading field, as opcode variants do.
SpaceFraction fractionMatched(std::span<const FixedPattern> patterns, const Word128& space);

/// A bit range some variant fixes, named by the first variant (in database order) fixing it.
struct FixedRange {
  std::uint32_t offset = 0, width = 0;
  std::string name;
  std::uint32_t variants = 0;  ///< how many variants fix it
};

/// One variant's fixed fields: per fixed range it fixes, the value (ascending offset).
struct VariantEncoding {
  struct Value {
    std::uint32_t range = 0;  ///< index into EncodingSpace::ranges
    std::uint32_t field = 0;  ///< index into the opcode's fields
    std::uint64_t value = 0;
  };
  std::uint32_t opcode = 0;  ///< index into InstrDb::opcodes()
  std::vector<Value> values;
  const Value* valueOf(std::uint32_t range) const;
};

/// A run [first, last] of values of a range.
struct ValueRun {
  std::uint64_t first = 0, last = 0;
};

/// The variants that fix the primary range to one value.
struct PrimaryValue {
  std::uint64_t value = 0;
  std::vector<std::uint32_t> variants;  ///< indices into EncodingSpace::variants, database order
  /// The fraction of this value's sub-space (the other selecting bits) some variant matches.
  SpaceFraction used;
  /// The secondary range every variant here fixes (the lowest such offset), if any, and its
  /// values none of them takes (runs; only for ranges of at most 16 bits).
  std::optional<std::uint32_t> secondary;
  std::vector<ValueRun> freeSecondary;
};

struct EncodingSpace {
  Word128 selectingMask;  ///< the union of the variants' fixed masks
  std::uint32_t selectingBits = 0;
  std::vector<FixedRange> ranges;         ///< every fixed range, ascending offset then width
  std::optional<std::uint32_t> primary;   ///< index into ranges; none when nothing is fixed
  std::vector<VariantEncoding> variants;  ///< one per opcode, database order
  std::vector<PrimaryValue> taken;        ///< primary values some variant fixes, ascending
  std::vector<ValueRun> free;             ///< the primary values no variant fixes
  std::vector<std::uint32_t> unplaced;    ///< variants that do not fix the primary range
  SpaceFraction used;                     ///< of all assignments of the selecting bits
};

/// The encoding space of the database's opcodes.
EncodingSpace encodingSpace(const InstrDb& db);

/// The runs of [0, 2^width) that `taken` (ascending, distinct) leaves out; width ≤ 64.
std::vector<ValueRun> freeRuns(std::span<const std::uint64_t> taken, std::uint32_t width);

}  // namespace gpuasm::isa
