// Mask/match decoding of 128-bit words against the database's fixed fields.
#include <gpuasm/isa/Decoder.h>

#include <algorithm>
#include <bit>

namespace gpuasm::isa {

namespace {
int popcount(const Word128& w) { return std::popcount(w.lo) + std::popcount(w.hi); }
}  // namespace

Decoder::Decoder(const InstrDb& db) : db_(db) {
  for (const auto& op : db.opcodes()) {
    auto it = std::find_if(groups_.begin(), groups_.end(), [&](const MaskGroup& g) { return g.mask == op.fixedMask; });
    if (it == groups_.end()) {
      groups_.push_back({op.fixedMask, {}});
      it = groups_.end() - 1;
    }
    it->byBits.emplace(op.fixedBits, op.index);  // first opcode wins; ambiguousPairs() reports the rest
  }
  std::stable_sort(groups_.begin(), groups_.end(),
                   [](const MaskGroup& a, const MaskGroup& b) { return popcount(a.mask) > popcount(b.mask); });
}

DecodeResult Decoder::decode(const Word128& word) const {
  DecodeResult result;
  const Opcode* found = nullptr;
  for (const auto& g : groups_) {
    const auto it = g.byBits.find(word & g.mask);
    if (it == g.byBits.end()) continue;
    found = &db_.opcodes()[it->second];
    break;
  }
  if (found == nullptr) {
    result.issues.push_back({"unknown-encoding", {}, "no opcode has the fixed bits of " + word.toHex()});
    return result;
  }
  DecodedWord d;
  d.opcode = found;
  d.values.reserve(found->fields.size());
  for (const auto& f : found->fields) {
    const std::uint64_t v = word.bits(f.offset, f.width);
    d.values.push_back(v);
    if (auto issue = checkFieldValue(db_, f, v)) result.issues.push_back(std::move(*issue));
  }
  const Word128 stray = word & ~found->fieldMask;
  if (!stray.isZero())
    result.issues.push_back({"reserved-bits-set", {}, "bits outside every field of " + found->name + " are set: " + stray.toHex()});
  result.decoded = std::move(d);
  return result;
}

std::vector<std::pair<const Opcode*, const Opcode*>> Decoder::ambiguousPairs() const {
  // Two opcodes are ambiguous when some word satisfies both: their fixed bits agree wherever
  // both masks are set.
  std::vector<std::pair<const Opcode*, const Opcode*>> out;
  const auto& ops = db_.opcodes();
  for (std::size_t i = 0; i < ops.size(); ++i) {
    for (std::size_t j = i + 1; j < ops.size(); ++j) {
      const Word128 common = ops[i].fixedMask & ops[j].fixedMask;
      if ((ops[i].fixedBits & common) == (ops[j].fixedBits & common)) out.emplace_back(&ops[i], &ops[j]);
    }
  }
  return out;
}

}  // namespace gpuasm::isa
