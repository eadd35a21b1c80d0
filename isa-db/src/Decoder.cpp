// Mask/match decoding of 128-bit words against the database's fixed fields.
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/Binding.h>

#include <algorithm>

namespace gpuasm::isa {

Decoder::Decoder(const InstrDb& db) : db_(db) {
  for (const auto& op : db.opcodes()) {
    auto it = std::find_if(groups_.begin(), groups_.end(),
                           [&](const MaskGroup& g) { return g.mask == op.fixedMask; });
    if (it == groups_.end()) {
      groups_.push_back({op.fixedMask, {}});
      it = groups_.end() - 1;
    }
    it->byBits.emplace(op.fixedBits, op.index);  // first opcode wins; ambiguousPairs() reports the rest
  }
  std::stable_sort(groups_.begin(), groups_.end(), [](const MaskGroup& a, const MaskGroup& b) {
    return a.mask.popcount() > b.mask.popcount();
  });
}

// A register operand wider than 32 bits is a range the assembler only takes aligned and inside
// the file (registerRangeFit, Binding.h): a word that holds another base has no text that
// assembles to it, so it is an issue like a value that is no enumerator (found by
// fuzz/assemble_roundtrip).
void Decoder::registerRangeIssues(const Opcode& op, std::span<const std::uint64_t> values,
                                  std::vector<CodecIssue>& issues) const {
  for (const OrderElem& elem : op.operandInfo.order) {
    if (elem.kind != OrderElem::Kind::Field || elem.field < 0) continue;
    const Field& f = op.fields[static_cast<std::size_t>(elem.field)];
    const BitFieldType& t = db_.typeOf(f);
    const std::optional<std::uint32_t> width = operandWidth(op, elem, values);
    if (t.kind != TypeKind::Register || !width || *width <= 32) continue;
    const std::uint32_t count = *width / 32;
    const std::uint64_t v = values[static_cast<std::size_t>(elem.field)];
    const RegisterRangeFit fit = registerRangeFit(db_, t, v, count);
    if (fit == RegisterRangeFit::Fits || t.enumeratorFor(v) == nullptr)
      continue;  // no register: already not-an-enumerator
    const std::string first = t.enumeratorFor(v)->name;
    if (fit == RegisterRangeFit::Misaligned)
      issues.push_back({DiagnosticCode::RegisterAlignment, f.name,
                        "a " + std::to_string(*width) + "-bit register range must start at a multiple of " +
                            std::to_string(count) + "; " + first + " does not"});
    else
      issues.push_back({DiagnosticCode::RegisterRange, f.name,
                        "a " + std::to_string(*width) + "-bit register range from " + first +
                            " runs past the last register"});
  }
}

// The spec's EncodingError rules (and the errata's) say which field combinations no instruction
// has; the assembler rejects them (StatementMatcher's encoding-error), so a word that carries one
// has no text that assembles to it — an issue like a reserved bit that is set (found by
// fuzz/assemble_roundtrip: MUFU.RSQ.F16_V2 decoded cleanly, erratum G-6).
void Decoder::encodingErrorIssues(const Opcode& op, std::span<const std::uint64_t> values,
                                  std::vector<CodecIssue>& issues) {
  for (const EncodingErrorRule& rule : op.encodingErrors)
    if (rule.forbids(values)) issues.push_back({DiagnosticCode::EncodingError, {}, rule.violationMessage()});
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
    result.issues.push_back(
        {DiagnosticCode::UnknownEncoding, {}, "no opcode has the fixed bits of " + word.toHex()});
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
  registerRangeIssues(*found, d.values, result.issues);
  encodingErrorIssues(*found, d.values, result.issues);
  const Word128 stray = word & ~found->fieldMask;
  if (!stray.isZero())
    result.issues.push_back({DiagnosticCode::ReservedBitsSet,
                             {},
                             "bits outside every field of " + found->name + " are set: " + stray.toHex()});
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
