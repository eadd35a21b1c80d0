// A 32-bit value as users type it and as the tools show it, each written once.
//
// The grammar (docs/LANGUAGE.md "Values") is shared by `// @state` directives and state files,
// the expression language's literals (`// @expect`, breakpoint conditions, watches) and the
// debugger's setVariable:
//   42  0x2a  0b101010      an integer: decimal, 0x hex or 0b binary, from 0 to 2^32-1
//   -1  -0x10               a negative integer, down to -2^31: its two's complement (-1 = 0xffffffff)
//   1.5  -0.1  1e-3  2f     an f32 (a '.', an exponent or an 'f' suffix): its IEEE bits, rounded
//                           to nearest (1.5 = 0x3fc00000, 0.1 = 0x3dcccccd)
//   true  false             1 and 0 (any letter case)
// White space around the value is ignored; anything else is an error that says why.
//
// The formatter is what hover, live values, the debugger, the debug adapter and `gpuasm run`
// show: a u32 in hex, an s32 in signed decimal, an f32 in the shortest decimal that reads back
// as the same bits (isa/DecimalFloat.h), a truth value as true/false.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

namespace gpuasm::sim {

enum class ValueType : std::uint8_t { U32, S32, F32, Bool };

/// "u32", "s32", "f32", "bool".
const char* valueTypeName(ValueType type);

/// 32 bits of a type (bool: 0 or 1).
struct Value {
  ValueType type = ValueType::U32;
  std::uint32_t bits = 0;

  bool truth() const { return bits != 0; }
  /// The value as a float: an f32's bits, an integer converted (s32 signed, u32 and bool unsigned).
  float f32() const;
  friend bool operator==(const Value&, const Value&) = default;
};

/// How 32 bits are shown.
enum class ValueFormat : std::uint8_t {
  Hex,        ///< 0x1f0
  PaddedHex,  ///< 0x000001f0: all 8 digits, for register tables and the JSON of a run
  Unsigned,   ///< 496
  Signed,     ///< -16: the bits as an s32
  Float,      ///< 0.5, 2.0, 1e+10, -inf, nan: the bits as an f32, shortest round-trip decimal
  Bool,       ///< true / false
};

/// `bits` in `format`.
std::string formatBits(std::uint32_t bits, ValueFormat format);

/// A value in its type's format: u32 Hex, s32 Signed, f32 Float, bool Bool.
std::string formatValue(const Value& value);

/// A value in its type's format with its bits beside it in `bits` (Hex or PaddedHex) when the
/// two differ: "1.5 (0x3fc00000)", "-16 (0xfffffff0)"; a u32 is its hex alone ("0x1f0"), a
/// bool true/false.
std::string formatValueWithBits(const Value& value, ValueFormat bits = ValueFormat::Hex);

/// What is wrong with a typed value; the message quotes the text and says why.
struct ValueError {
  enum class Kind : std::uint8_t {
    Malformed,   ///< not a value at all
    OutOfRange,  ///< an integer that does not fit 32 bits, an f32 that overflows or underflows to 0
  };
  Kind kind = Kind::Malformed;
  std::string message;
};

/// Reads a value a user typed (the grammar above). An integer, negative or not, is a u32; a
/// decimal with a '.', an exponent or an 'f' suffix is an f32; true/false are bools.
std::expected<Value, ValueError> parseValue(std::string_view text);

}  // namespace gpuasm::sim
