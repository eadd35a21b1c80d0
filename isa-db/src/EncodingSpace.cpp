// The encoding space of the opcode variants (EncodingSpace.h): the selecting bits, the fixed
// ranges, the primary field's values and the exact fraction of the space in use.
#include <gpuasm/isa/EncodingSpace.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <map>

namespace gpuasm::isa {

namespace {

using Count = SpaceFraction::Count;

bool hasBit(const Word128& w, std::uint32_t bit) { return w.bits(bit, 1) != 0; }

std::string decimal(Count n) {
  if (n == 0) return "0";
  std::string out;
  for (; n != 0; n /= 10) out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
  return out;
}

// Every word `specific` matches, `general` matches too.
bool subsumes(const FixedPattern& general, const FixedPattern& specific) {
  return (general.mask & ~specific.mask).isZero() && (specific.bits & general.mask) == general.bits;
}

// The patterns no other one subsumes (of equal ones, the first), most general first.
std::vector<FixedPattern> withoutSubsumed(std::vector<FixedPattern> patterns) {
  std::stable_sort(patterns.begin(), patterns.end(), [](const FixedPattern& a, const FixedPattern& b) {
    return a.mask.popcount() < b.mask.popcount();
  });
  std::vector<FixedPattern> kept;
  for (const FixedPattern& p : patterns)
    if (std::none_of(kept.begin(), kept.end(), [&](const FixedPattern& k) { return subsumes(k, p); }))
      kept.push_back(p);
  return kept;
}

// The bit most masks have (the lowest of equals).
std::uint32_t splitBit(const std::vector<FixedPattern>& patterns) {
  std::array<std::uint32_t, 128> count{};
  for (const FixedPattern& p : patterns)
    for (std::uint32_t bit = 0; bit < 128; ++bit) count[bit] += hasBit(p.mask, bit) ? 1u : 0u;
  return static_cast<std::uint32_t>(std::max_element(count.begin(), count.end()) - count.begin());
}

// The fraction of the assignments of the bits the masks span (and any others) that some pattern
// matches; masks and bits hold only the bits still undecided.
SpaceFraction covered(std::vector<FixedPattern> patterns) {
  patterns = withoutSubsumed(std::move(patterns));
  if (patterns.empty()) return {};
  if (patterns.front().mask.isZero()) return SpaceFraction::one();
  if (patterns.size() == 1) return SpaceFraction::one().scaledDown(patterns.front().mask.popcount());
  const std::uint32_t bit = splitBit(patterns);
  const Word128 clear = ~Word128::mask(bit, 1);
  std::array<std::vector<FixedPattern>, 2> halves;
  for (const FixedPattern& p : patterns) {
    const FixedPattern rest{p.mask & clear, p.bits & clear};
    if (!hasBit(p.mask, bit)) {
      halves[0].push_back(rest);
      halves[1].push_back(rest);
    } else {
      halves[hasBit(p.bits, bit) ? 1 : 0].push_back(rest);
    }
  }
  return SpaceFraction::halfSum(covered(std::move(halves[0])), covered(std::move(halves[1])));
}

}  // namespace

// ------------------------------------------------------------------ SpaceFraction

SpaceFraction SpaceFraction::of(std::uint64_t count, std::uint32_t bits) {
  assert(bits <= 64 && (bits == 64 || count <= std::uint64_t{1} << bits));
  SpaceFraction f;
  f.numerator_ = count;
  f.exponent_ = bits;
  f.reduce();
  return f;
}

void SpaceFraction::reduce() {
  if (numerator_ == 0) exponent_ = 0;
  while (exponent_ > 0 && numerator_ % 2 == 0) {
    numerator_ /= 2;
    --exponent_;
  }
}

SpaceFraction SpaceFraction::halfSum(const SpaceFraction& a, const SpaceFraction& b) {
  if (a == one() && b == one()) return one();
  SpaceFraction sum = a + b;  // below 2^128 over a common exponent below 128: a and b are not both 1
  if (sum.numerator_ % 2 == 0 && sum.numerator_ != 0)
    sum.numerator_ /= 2;
  else
    ++sum.exponent_;
  sum.reduce();
  return sum;
}

SpaceFraction SpaceFraction::scaledDown(std::uint32_t bits) const {
  SpaceFraction f = *this;
  if (f.numerator_ != 0) f.exponent_ += bits;
  assert(f.exponent_ <= 128);
  return f;
}

SpaceFraction SpaceFraction::operator+(const SpaceFraction& o) const {
  const std::uint32_t e = std::max(exponent_, o.exponent_);
  const Count a = numerator_ << (e - exponent_);
  const Count b = o.numerator_ << (e - o.exponent_);
  SpaceFraction f;
  f.numerator_ = a + b;
  f.exponent_ = e;
  if (f.numerator_ < a) return one();  // wrapped at 2^128: exactly 1 (the sum never exceeds it)
  f.reduce();
  return f;
}

double SpaceFraction::value() const {
  return std::ldexp(static_cast<double>(numerator_), -static_cast<int>(exponent_));
}

std::string SpaceFraction::text() const {
  if (exponent_ == 0) return decimal(numerator_);
  const std::string denominator =
      exponent_ < 128 ? decimal(Count{1} << exponent_) : "340282366920938463463374607431768211456";
  return decimal(numerator_) + "/" + denominator;
}

std::string SpaceFraction::percent() const {
  if (isZero()) return "0%";
  if (*this == one()) return "100%";
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.2f%%", value() * 100);
  std::string out = buf.data();
  if (out == "0.00%") return "<0.01%";
  if (out == "100.00%") return ">99.99%";
  return out;
}

SpaceFraction fractionMatched(std::span<const FixedPattern> patterns, const Word128& space) {
  std::vector<FixedPattern> within;
  within.reserve(patterns.size());
  for (const FixedPattern& p : patterns) within.push_back({p.mask & space, p.bits & p.mask & space});
  return covered(std::move(within));
}

std::vector<ValueRun> freeRuns(std::span<const std::uint64_t> taken, std::uint32_t width) {
  assert(width >= 1 && width <= 64);
  const std::uint64_t last = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  std::vector<ValueRun> out;
  std::uint64_t next = 0;
  for (const std::uint64_t t : taken) {
    if (t > next) out.push_back({next, t - 1});
    if (t == last) return out;
    next = t + 1;
  }
  out.push_back({next, last});
  return out;
}

const VariantEncoding::Value* VariantEncoding::valueOf(std::uint32_t range) const {
  for (const Value& v : values)
    if (v.range == range) return &v;
  return nullptr;
}

// ------------------------------------------------------------------ the model

namespace {

// Every fixed range, ascending by offset then width, named and counted.
std::vector<FixedRange> fixedRanges(const InstrDb& db) {
  std::vector<FixedRange> ranges;
  for (const Opcode& op : db.opcodes()) {
    for (const Field& f : op.fields) {
      if (f.presence != FieldPresence::Fixed) continue;
      auto it = std::find_if(ranges.begin(), ranges.end(),
                             [&](const FixedRange& r) { return r.offset == f.offset && r.width == f.width; });
      if (it == ranges.end()) it = ranges.insert(ranges.end(), FixedRange{f.offset, f.width, f.name, 0});
      ++it->variants;
    }
  }
  std::stable_sort(ranges.begin(), ranges.end(), [](const FixedRange& a, const FixedRange& b) {
    return a.offset != b.offset ? a.offset < b.offset : a.width < b.width;
  });
  return ranges;
}

VariantEncoding variantOf(const Opcode& op, const std::vector<FixedRange>& ranges) {
  VariantEncoding v;
  v.opcode = op.index;
  for (std::uint32_t i = 0; i < op.fields.size(); ++i) {
    const Field& f = op.fields[i];
    if (f.presence != FieldPresence::Fixed) continue;
    const auto it = std::find_if(ranges.begin(), ranges.end(), [&](const FixedRange& r) {
      return r.offset == f.offset && r.width == f.width;
    });
    v.values.push_back({static_cast<std::uint32_t>(it - ranges.begin()), i, f.value});
  }
  std::stable_sort(
      v.values.begin(), v.values.end(),
      [](const VariantEncoding::Value& a, const VariantEncoding::Value& b) { return a.range < b.range; });
  return v;
}

// The range most variants fix; of equals the wider, then the lower offset.
std::optional<std::uint32_t> primaryRange(const std::vector<FixedRange>& ranges) {
  std::optional<std::uint32_t> best;
  for (std::uint32_t i = 0; i < ranges.size(); ++i) {
    if (!best) {
      best = i;
      continue;
    }
    const FixedRange& r = ranges[i];
    const FixedRange& b = ranges[*best];
    if (r.variants > b.variants || (r.variants == b.variants && r.width > b.width)) best = i;
  }
  return best;
}

// The lowest secondary range every variant of `value` fixes, and the runs of its values none takes.
void secondaryOf(const EncodingSpace& space, PrimaryValue& value) {
  for (std::uint32_t r = 0; r < space.ranges.size(); ++r) {
    if (r == *space.primary) continue;
    const bool all = std::all_of(value.variants.begin(), value.variants.end(),
                                 [&](std::uint32_t v) { return space.variants[v].valueOf(r) != nullptr; });
    if (!all) continue;
    value.secondary = r;
    if (space.ranges[r].width > 16) return;
    std::vector<std::uint64_t> values;
    for (const std::uint32_t v : value.variants) values.push_back(space.variants[v].valueOf(r)->value);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    value.freeSecondary = freeRuns(values, space.ranges[r].width);
    return;
  }
}

// The primary values taken, each with its variants, the fraction of its sub-space in use (the
// variants that fix no primary value count where their bits agree with it) and its secondary.
void placeVariants(const InstrDb& db, EncodingSpace& space) {
  const FixedRange& p = space.ranges[*space.primary];
  const Word128 primaryMask = Word128::mask(p.offset, p.width);
  std::map<std::uint64_t, std::vector<std::uint32_t>> byValue;
  for (std::uint32_t i = 0; i < space.variants.size(); ++i) {
    if (const auto* v = space.variants[i].valueOf(*space.primary))
      byValue[v->value].push_back(i);
    else
      space.unplaced.push_back(i);
  }
  std::vector<std::uint64_t> values;
  for (auto& [value, variants] : byValue) {
    Word128 word;
    word.setBits(p.offset, p.width, value);
    std::vector<FixedPattern> patterns;
    for (std::uint32_t i = 0; i < space.variants.size(); ++i) {
      const Opcode& op = db.opcodes()[space.variants[i].opcode];
      if ((op.fixedBits & primaryMask) == (word & op.fixedMask & primaryMask))
        patterns.push_back({op.fixedMask, op.fixedBits});
    }
    PrimaryValue pv{
        value, std::move(variants), fractionMatched(patterns, space.selectingMask & ~primaryMask), {}, {}};
    secondaryOf(space, pv);
    space.taken.push_back(std::move(pv));
    values.push_back(value);
  }
  space.free = freeRuns(values, p.width);
}

}  // namespace

EncodingSpace encodingSpace(const InstrDb& db) {
  EncodingSpace space;
  space.ranges = fixedRanges(db);
  space.primary = primaryRange(space.ranges);
  std::vector<FixedPattern> patterns;
  for (const Opcode& op : db.opcodes()) {
    space.selectingMask = space.selectingMask | op.fixedMask;
    space.variants.push_back(variantOf(op, space.ranges));
    patterns.push_back({op.fixedMask, op.fixedBits});
  }
  space.selectingBits = space.selectingMask.popcount();
  space.used = fractionMatched(patterns, space.selectingMask);
  if (space.primary) placeVariants(db, space);
  return space;
}

}  // namespace gpuasm::isa
