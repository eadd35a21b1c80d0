// The one grammar and the one formatter of a 32-bit value (see Value.h).
#include <gpuasm/sim/Value.h>

#include <gpuasm/isa/DecimalFloat.h>
#include <gpuasm/isa/Text.h>

#include <bit>
#include <charconv>

namespace gpuasm::sim {

const char* valueTypeName(ValueType type) {
  switch (type) {
    case ValueType::U32: return "u32";
    case ValueType::S32: return "s32";
    case ValueType::F32: return "f32";
    case ValueType::Bool: return "bool";
  }
  return "?";
}

float Value::f32() const {
  switch (type) {
    case ValueType::F32: return std::bit_cast<float>(bits);
    case ValueType::S32: return static_cast<float>(static_cast<std::int32_t>(bits));
    default: return static_cast<float>(bits);
  }
}

std::string formatBits(std::uint32_t bits, ValueFormat format) {
  switch (format) {
    case ValueFormat::Hex: return text::hex(bits);
    case ValueFormat::PaddedHex: return text::hex(bits, {.digits = 8});
    case ValueFormat::Unsigned: return std::to_string(bits);
    case ValueFormat::Signed: return std::to_string(static_cast<std::int32_t>(bits));
    case ValueFormat::Float: return text::formatDecimalF32(std::bit_cast<float>(bits));
    case ValueFormat::Bool: return bits != 0 ? "true" : "false";
  }
  return {};
}

std::string formatValue(const Value& value) {
  switch (value.type) {
    case ValueType::S32: return formatBits(value.bits, ValueFormat::Signed);
    case ValueType::F32: return formatBits(value.bits, ValueFormat::Float);
    case ValueType::Bool: return formatBits(value.bits, ValueFormat::Bool);
    case ValueType::U32: break;
  }
  return formatBits(value.bits, ValueFormat::Hex);
}

std::string formatValueWithBits(const Value& value, ValueFormat bits) {
  if (value.type == ValueType::Bool) return formatValue(value);
  if (value.type == ValueType::U32) return formatBits(value.bits, bits);
  return formatValue(value) + " (" + formatBits(value.bits, bits) + ")";
}

namespace {

std::unexpected<ValueError> malformed(std::string_view text) {
  std::string message = "'" + std::string(text) + "' is not a number";
  message += " (decimal, 0x hex, 0b binary, or an f32 such as 0.5)";
  return std::unexpected(ValueError{ValueError::Kind::Malformed, std::move(message)});
}

std::unexpected<ValueError> tooWide(std::string_view text, std::string_view why) {
  std::string message = "'" + std::string(text) + "' " + std::string(why);
  return std::unexpected(ValueError{ValueError::Kind::OutOfRange, std::move(message)});
}

// `digits` (no sign, no base prefix, no 'f') as an f32 with `negative`'s sign.
std::expected<Value, ValueError> decimalFloat(std::string_view text, std::string_view digits, bool negative) {
  const std::string signedDigits = (negative ? "-" : "") + std::string(digits);
  const text::DecimalFloat f = text::parseDecimalF32(signedDigits);
  if (f.status == text::FloatStatus::OutOfRange) return tooWide(text, "is out of the range of an f32");
  if (f.status != text::FloatStatus::Ok) return malformed(text);
  return Value{ValueType::F32, std::bit_cast<std::uint32_t>(f.value)};
}

// 0x and 0b select base 16 and 2; anything else is decimal.
int baseOf(std::string_view body) {
  if (body.size() <= 2 || body[0] != '0') return 10;
  const char letter = text::toLower(body[1]);
  return letter == 'x' ? 16 : letter == 'b' ? 2 : 10;
}

}  // namespace

std::expected<Value, ValueError> parseValue(std::string_view input) {
  const std::string_view text = text::trim(input);
  if (text::equalsIgnoringCase(text, "true")) return Value{ValueType::Bool, 1};
  if (text::equalsIgnoringCase(text, "false")) return Value{ValueType::Bool, 0};
  std::string_view body = text;
  const bool negative = body.starts_with('-');
  if (negative || body.starts_with('+')) body.remove_prefix(1);
  const int base = baseOf(body);
  const bool suffixF = body.ends_with('f') || body.ends_with('F');
  if (base != 10)
    body.remove_prefix(2);
  else if (suffixF || body.find_first_of(".eE") != std::string_view::npos)
    return decimalFloat(text, suffixF ? body.substr(0, body.size() - 1) : body, negative);
  std::uint64_t magnitude = 0;
  const auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), magnitude, base);
  const bool whole = !body.empty() && end == body.data() + body.size();
  if (!whole || (ec != std::errc() && ec != std::errc::result_out_of_range)) return malformed(text);
  if (ec == std::errc::result_out_of_range || magnitude > (negative ? 0x80000000ull : 0xFFFFFFFFull))
    return tooWide(
        text, negative ? "does not fit in 32 bits (the least is -2147483648)" : "does not fit in 32 bits");
  const auto bits = static_cast<std::uint32_t>(magnitude);
  return Value{ValueType::U32, negative ? 0u - bits : bits};
}

}  // namespace gpuasm::sim
