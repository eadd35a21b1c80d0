// Field-level encoding: an opcode plus a value for each of its fields → the 128-bit word.
// Values are raw field bits (two's complement for signed immediates, IEEE bits for floats);
// omitted fields take their default, fixed fields their fixed value. Problems — a missing
// required field, a value that does not fit, a name that is no enumerator, a fixed field given
// another value — come back as issues next to the best-effort word, never as a crash.
#pragma once

#include <gpuasm/isa/DiagnosticCode.h>
#include <gpuasm/isa/InstrDb.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gpuasm::isa {

/// A problem found while encoding or decoding one word.
struct CodecIssue {
  DiagnosticCode
      code{};  ///< MissingField, ValueOutOfRange, NotAnEnumerator, … (CodeListing::Encoder, Disassembler)
  std::string field;  ///< field concerned, empty when the whole word is concerned
  std::string message;
};

/// One value per field of an opcode, in the order of Opcode::fields; nullopt = not given.
using FieldValues = std::vector<std::optional<std::uint64_t>>;

/// The word and whatever was wrong with the input; `ok()` when there is nothing.
struct EncodeResult {
  Word128 word;
  std::vector<CodecIssue> issues;
  bool ok() const { return issues.empty(); }
};

/// Encodes `values` (indexed like `opcode.fields`; a shorter vector means the rest are omitted).
EncodeResult encode(const InstrDb& db, const Opcode& opcode,
                    std::span<const std::optional<std::uint64_t>> values);
/// Encodes a value for every field (indexed like `opcode.fields`, as MachineInst::values gives
/// them): the same word and issues as the overload above with every value given, without
/// building the optionals.
EncodeResult encode(const InstrDb& db, const Opcode& opcode, std::span<const std::uint64_t> values);

/// Checks one raw value against a field's width and type; an issue when it is not legal.
std::optional<CodecIssue> checkFieldValue(const InstrDb& db, const Field& field, std::uint64_t value);

/// Raw bits of a signed value in a `width`-bit two's complement field; nullopt when out of range.
std::optional<std::uint64_t> signedToBits(std::int64_t value, std::uint32_t width);
/// The signed value of `width`-bit two's complement bits.
std::int64_t bitsToSigned(std::uint64_t bits, std::uint32_t width);

/// Largest raw value a field of this width can hold.
constexpr std::uint64_t maxForWidth(std::uint32_t width) {
  return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

}  // namespace gpuasm::isa
