// Reading an f32 written in decimal ("0.5", "1.5e3", "-2.", "1e-3") the same way everywhere:
// the assembler's float operands and the value a user types (sim/Value.h: `// @state`, the
// expression language's literals, the debugger's setVariable). One reader instead of three
// calls of std::from_chars<float>, which libc++ (the library the fuzz build links) does not
// provide. And writing one: the shortest decimal that reads back as the same f32, for the
// disassembler and every value the tools show.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpuasm::text {

enum class FloatStatus {
  Ok,
  NotANumber,  ///< the text is not [-]digits[.digits][(e|E)[+|-]digits] (at least one digit)
  OutOfRange,  ///< finite text whose value overflows an f32, or nonzero text that rounds to 0
};

struct DecimalFloat {
  float value = 0;
  FloatStatus status = FloatStatus::NotANumber;
};

/// The whole of `text` as an f32, rounded to nearest. No spaces, no '+' sign in front, no hex,
/// no inf/nan: the spelling the assembly language and its expressions use.
DecimalFloat parseDecimalF32(std::string_view text);

/// The shortest decimal that parseDecimalF32 reads back as the same f32 ("0.1", "1e+10",
/// "-0.0"), with ".0" on a whole number so that it still reads as an f32 ("2.0"); "nan", "inf"
/// and "-inf" for the values decimal cannot spell.
std::string formatDecimalF32(float value);

}  // namespace gpuasm::text
