// The cache of the matcher's answers (see MatchCache.h).
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/MatchCache.h>

#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <span>

namespace gpuasm::isa {

namespace {

// Writes a key into a buffer of fixed size; full() when it did not fit.
class KeyWriter {
 public:
  KeyWriter(char* at, std::size_t size) : at_(at), end_(at + size) {}
  // Seven bits a byte, the high bit saying more follow: most numbers of a statement take one byte.
  void put(std::uint64_t v) {
    if (end_ - at_ < 10) {
      at_ = end_;
      full_ = true;
      return;
    }
    while (v >= 0x80) {
      *at_++ = static_cast<char>(v | 0x80);
      v >>= 7;
    }
    *at_++ = static_cast<char>(v);
  }
  // Length first, so that no two sequences of strings give the same bytes.
  void put(std::string_view s) {
    put(std::uint64_t{s.size()});
    if (static_cast<std::size_t>(end_ - at_) < s.size()) {
      at_ = end_;
      full_ = true;
      return;
    }
    std::memcpy(at_, s.data(), s.size());
    at_ += s.size();
  }
  bool full() const { return full_; }
  char* at() const { return at_; }

 private:
  char* at_;
  char* end_;
  bool full_ = false;
};

}  // namespace

std::size_t MatchCache::keyOf(const AsmStatement& s, std::span<char> buffer) {
  KeyWriter k(buffer.data(), buffer.size());
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
  return k.full() ? 0 : static_cast<std::size_t>(k.at() - buffer.data());
}

MatchResult MatchCache::match(const InstrDb& db, const AsmStatement& s, Word128& word) {
  const std::size_t length = keyOf(s, key_);
  const std::string_view key(key_.data(), length);
  if (const auto it = length == 0 ? entries_.end() : entries_.find(key); it != entries_.end()) {
    ++hits_;
    word = it->second.word;
    MatchResult r;
    r.inst = it->second.inst;
    r.binding = it->second.binding;
    return r;
  }
  ++misses_;
  MatchResult r = matchStatement(db, s);
  if (!r.inst) return r;
  const EncodeResult enc = encode(db, *r.inst->opcode, std::span<const std::uint64_t>(r.inst->values));
  // The matcher only produces legal values; an encode issue would be a bug in it.
  assert(enc.ok());
  word = enc.word;
  if (length == 0 || !r.diagnostics.empty() || !r.binding) return r;
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_.emplace(std::string(key), Entry{*r.inst, *r.binding, enc.word});
  return r;
}

}  // namespace gpuasm::isa
