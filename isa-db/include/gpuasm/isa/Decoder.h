// Field-level decoding: a 128-bit word → the opcode whose fixed fields (optype, stype, …) it
// carries, and the value of every field. The decoder indexes the database once: opcodes are
// grouped by the mask of their fixed bits, and each group is a hash map from fixed bits to
// opcode, so a decode costs one lookup per distinct mask (a "mask/match" decoder as in Spike).
// Unknown words, reserved bits that are set, values that are no enumerator, register ranges
// the assembler does not take (misaligned, or running past the file) and field combinations an
// EncodingError rule forbids are issues.
#pragma once

#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/InstrDb.h>

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace gpuasm::isa {

/// The decoded instruction: opcode and the raw value of each of its fields.
struct DecodedWord {
  const Opcode* opcode = nullptr;
  std::vector<std::uint64_t> values;  ///< indexed like opcode->fields
};

/// Result of decoding; `decoded` is empty when no opcode matches.
struct DecodeResult {
  std::optional<DecodedWord> decoded;
  std::vector<CodecIssue> issues;
};

/// Decodes words against one database; cheap to copy the results, built once per database.
class Decoder {
 public:
  explicit Decoder(const InstrDb& db);
  DecodeResult decode(const Word128& word) const;
  /// Pairs of opcodes a word could match both of (empty for a sound spec).
  std::vector<std::pair<const Opcode*, const Opcode*>> ambiguousPairs() const;

 private:
  struct MaskGroup {
    Word128 mask;
    std::unordered_map<Word128, std::uint32_t, Word128Hash> byBits;
  };
  void registerRangeIssues(const Opcode& op, std::span<const std::uint64_t> values,
                           std::vector<CodecIssue>& issues) const;
  static void encodingErrorIssues(const Opcode& op, std::span<const std::uint64_t> values,
                                  std::vector<CodecIssue>& issues);

  const InstrDb& db_;
  std::vector<MaskGroup> groups_;  ///< most specific mask (most bits) first
};

}  // namespace gpuasm::isa
