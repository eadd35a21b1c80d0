// Printing: an opcode and its field values → canonical assembly text following one of the
// optype's syntax forms (the first that can express every field), so that assembling the
// text gives back the same fields: optional modifiers and operands at their defaults are
// omitted, 64/128-bit registers print as ranges, negation prints as '-' or, under .X, '~'
// (CvtINegX), floats print as the shortest decimal that round-trips or as 0f bits.
#pragma once

#include <gpuasm/isa/InstrDb.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace gpuasm::isa {

/// The text of an instruction ("IADD R0, R1, R2 ;"), or nullopt when no syntax form of the
/// optype can express these field values (e.g. IMAD.HI without .X, which the spec can encode
/// but not write, spec-catalog §7).
std::optional<std::string> printInstruction(const InstrDb& db, const Opcode& opcode,
                                            std::span<const std::uint64_t> values);

}  // namespace gpuasm::isa
