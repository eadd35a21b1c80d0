// The cache of the matcher's answers (see MatchCache.h).
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/MatchCache.h>
#include <gpuasm/isa/SlotChoices.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <span>

namespace gpuasm::isa {

namespace {

// The word of the values the matcher produced: every field's value put in encode's order (so a
// field laid over another ends as encode leaves it), without encode's checks of each value
// against its width and type — the matcher gives only legal values. The equivalence test
// (tests/isa/MatchCacheTest.cpp, AnswersEqualFresh…) compares this word with encode's.
Word128 packMatched(const Opcode& op, std::span<const std::uint64_t> values) {
  Word128 w;
  const std::size_t n = std::min(op.fields.size(), values.size());
  for (std::size_t i = 0; i < n; ++i) {
    const Field& f = op.fields[i];
    if (f.width == 0) continue;
    if (f.offset + f.width <= 64 || f.offset >= 64) {
      std::uint64_t& half = f.offset < 64 ? w.lo : w.hi;
      const std::uint32_t shift = f.offset % 64;
      const std::uint64_t m = maxForWidth(f.width) << shift;
      half = (half & ~m) | ((values[i] << shift) & m);
    } else {
      w.setBits(f.offset, f.width, values[i]);
    }
  }
  return w;
}

// Writes a key into a buffer the caller has checked is large enough (keyBound).
class KeyWriter {
 public:
  explicit KeyWriter(char* at) : at_(at) {}
  // Seven bits a byte, the high bit saying more follow: most numbers of a statement take one byte.
  void put(std::uint64_t v) {
    while (v >= 0x80) {
      *at_++ = static_cast<char>(v | 0x80);
      v >>= 7;
    }
    *at_++ = static_cast<char>(v);
  }
  // Length first, so that no two sequences of strings give the same bytes.
  void put(std::string_view s) {
    put(std::uint64_t{s.size()});
    if (s.size() <= 16) {
      for (const char c : s) *at_++ = c;  // most are a few bytes: no call
    } else {
      std::memcpy(at_, s.data(), s.size());
      at_ += s.size();
    }
  }
  char* at() const { return at_; }

 private:
  char* at_;
};

// At most 10 bytes a number; the most bytes keyOf writes for `s`.
constexpr std::size_t kNumber = 10;
std::size_t keyBound(const AsmStatement& s) {
  std::size_t n = 6 * kNumber + s.mnemonic.size() + (s.guard ? s.guard->predicate.size() : 0);
  for (const AsmPart& p : s.parts) n += kNumber + p.text.size();
  for (const AsmOperand& o : s.operands)
    n += 13 * kNumber + o.text.size() + o.name.size() + o.selector.size() + o.file.size() + o.base.size();
  return n;
}

}  // namespace

std::size_t MatchCache::keyOf(const AsmStatement& s, std::span<char> buffer) {
  if (keyBound(s) > buffer.size()) return 0;
  KeyWriter k(buffer.data());
  k.put(std::uint64_t{s.hasError});
  k.put(std::uint64_t{s.guard ? (s.guard->negated ? 2u : 1u) : 0u});
  if (s.guard) k.put(s.guard->predicate);
  k.put(s.mnemonic);
  k.put(std::uint64_t{s.parts.size()});
  for (const AsmPart& p : s.parts) k.put(p.text);
  k.put(std::uint64_t{s.operands.size()});
  for (const AsmOperand& o : s.operands) {
    k.put(static_cast<std::uint64_t>(o.kind) | std::uint64_t{o.neg} << 4 | std::uint64_t{o.bitNot} << 5 |
          std::uint64_t{o.logicalNot} << 6 | std::uint64_t{o.abs} << 7);
    k.put(o.text);
    k.put(o.name);
    k.put(o.selector);
    k.put(o.file);
    k.put(std::uint64_t{o.first});
    k.put(std::uint64_t{o.last});
    k.put(o.integer);
    k.put(std::bit_cast<std::uint64_t>(o.floatValue));
    k.put(o.bank);
    k.put(o.base);
    k.put(static_cast<std::uint64_t>(o.offset));
  }
  return static_cast<std::size_t>(k.at() - buffer.data());
}

std::size_t MatchCache::Hash::of(std::string_view k) noexcept {
  std::uint64_t h = 0x9E3779B97F4A7C15u ^ k.size();
  const auto mix = [&h](std::uint64_t w) {
    h = (h ^ w) * 0xFF51AFD7ED558CCDu;
    h ^= h >> 32;
  };
  std::size_t at = 0;
  for (; at + 8 <= k.size(); at += 8) {
    std::uint64_t w;
    std::memcpy(&w, k.data() + at, 8);
    mix(w);
  }
  if (at < k.size()) {
    std::uint64_t w = 0;
    std::memcpy(&w, k.data() + at, k.size() - at);
    mix(w);
  }
  return static_cast<std::size_t>(h);
}

namespace {

MatchResult matchAndEncode(const InstrDb& db, const AsmStatement& s, Word128& word,
                           const SlotChoices& choices) {
  MatchResult r = matchStatement(db, s, choices);
  if (!r.inst) return r;
  const std::span<const std::uint64_t> values(r.inst->values);
  word = packMatched(*r.inst->opcode, values);
  // The matcher only produces legal values, one per field (encode would find no issue: the
  // equivalence test compares the words).
  assert(values.size() == r.inst->opcode->fields.size());
  return r;
}

}  // namespace

MatchResult matchAndEncode(const InstrDb& db, const AsmStatement& s, Word128& word) {
  return matchAndEncode(db, s, word, slotChoices(db));
}

MatchResult MatchCache::match(const InstrDb& db, const AsmStatement& s, Word128& word) {
  const std::size_t length = keyOf(s, key_);
  const std::string_view key(key_.data(), length);
  const std::size_t hash = length == 0 ? 0 : Hash::of(key);
  if (const auto it = length == 0 ? entries_.end() : entries_.find(KeyRef{hash, key}); it != entries_.end()) {
    ++hits_;
    word = it->second.word;
    MatchResult r;
    r.inst = it->second.inst;
    r.binding = it->second.binding;
    return r;
  }
  ++misses_;
  if (choices_ == nullptr) choices_ = &slotChoices(db);
  MatchResult r = matchAndEncode(db, s, word, *choices_);
  if (!r.inst || length == 0 || !r.diagnostics.empty() || !r.binding) return r;
  std::size_t& seen = seen_[hash % kSeenSlots];
  if (seen != hash) {
    seen = hash;  // the first time (or its slot was taken since): kept the next time
    return r;
  }
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_.emplace(StoredKey{hash, std::string(key)}, Entry{*r.inst, *r.binding, word});
  return r;
}

}  // namespace gpuasm::isa
