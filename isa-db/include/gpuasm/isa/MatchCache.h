// A cache of the matcher's answers (issue 41): matching a statement costs thousands of
// instructions, and a program repeats the same statements — the same mnemonic, modifiers and
// operands at other places. The cache remembers, per thread of assembly, the answer of every
// statement that matched without a diagnostic, keyed by everything matchStatement reads of a
// statement except its positions (guard, mnemonic, dotted parts, every operand's kind, prefixes,
// names, numbers, values and address parts), together with the encoded word. A statement with
// the same key gets the same answer from a fresh match: the matcher decides from those fields
// only, and positions reach nothing but diagnostics, which a cached answer has none of.
// Statements that draw a diagnostic (their ranges would differ) are matched afresh every time.
#pragma once

#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/Matcher.h>

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

namespace gpuasm::isa {

/// matchStatement(db, s), and when it matched, `word` set to the encoding of its instruction
/// (isa::encode of opcode and values): what MatchCache::match answers, without a cache.
MatchResult matchAndEncode(const InstrDb& db, const AsmStatement& s, Word128& word);

struct SlotChoices;

class MatchCache {
 public:
  /// At most this many answers are kept (each from the second time its key is met); the cache
  /// starts over when it is full.
  static constexpr std::size_t kMaxEntries = 1u << 14;

  /// What matchAndEncode(db, s, word) answers. Every call must pass the same `db`.
  MatchResult match(const InstrDb& db, const AsmStatement& s, Word128& word);

  /// Longest key kept; a statement whose key could be longer is matched afresh every time.
  static constexpr std::size_t kMaxKey = 2048;

  /// Writes the key of a statement into `buffer`: every field the matcher reads, positions left
  /// out. Returns its length, 0 when it might not fit (exposed for the tests).
  static std::size_t keyOf(const AsmStatement& s, std::span<char> buffer);

  std::size_t hits() const { return hits_; }
  std::size_t misses() const { return misses_; }
  std::size_t size() const { return entries_.size(); }

 private:
  // The database's slot choices (SlotChoices.h), fetched on the first call: every call passes
  // the same database.
  const SlotChoices* choices_ = nullptr;
  struct Entry {
    MachineInst inst;
    Binding binding;
    Word128 word;
  };
  // A key with its hash, computed once per statement: the look-up and the table of first
  // sightings both use it.
  struct StoredKey {
    std::size_t hash;
    std::string text;
  };
  struct KeyRef {
    std::size_t hash;
    std::string_view text;
  };
  struct Hash {
    using is_transparent = void;
    // Eight bytes a step (a key is some hundred bytes; std::hash goes a byte at a time).
    static std::size_t of(std::string_view k) noexcept;
    std::size_t operator()(const StoredKey& k) const noexcept { return k.hash; }
    std::size_t operator()(const KeyRef& k) const noexcept { return k.hash; }
  };
  struct Equal {
    using is_transparent = void;
    template <class A, class B>
    bool operator()(const A& a, const B& b) const noexcept {
      return a.hash == b.hash && std::string_view(a.text) == std::string_view(b.text);
    }
  };
  std::unordered_map<StoredKey, Entry, Hash, Equal> entries_;
  std::array<char, kMaxKey> key_{};  // scratch
  // The hashes of keys seen once and not kept (a slot each, by the hash's low bits): an answer
  // is kept when its key comes a second time, so a program of unique statements pays for the
  // key and its hash, not for entries it would never use again.
  static constexpr std::size_t kSeenSlots = 1u << 12;
  std::array<std::size_t, kSeenSlots> seen_{};
  std::size_t hits_ = 0, misses_ = 0;
};

}  // namespace gpuasm::isa
