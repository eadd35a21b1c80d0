// Field values → 128-bit word, with every problem reported as a CodecIssue.
#include <gpuasm/isa/Encoder.h>

namespace gpuasm::isa {

namespace {

// Word128::setBits for the common field that lies within one 64-bit half, inline.
inline void putBits(Word128& w, std::uint32_t offset, std::uint32_t width, std::uint64_t value) {
  if (width == 0) return;
  if (offset + width <= 64 || offset >= 64) {
    std::uint64_t& half = offset < 64 ? w.lo : w.hi;
    const std::uint32_t shift = offset % 64;
    const std::uint64_t m = maxForWidth(width) << shift;
    half = (half & ~m) | ((value << shift) & m);
    return;
  }
  w.setBits(offset, width, value);
}

// The check of checkFieldValue without building an issue: true when `value` is legal.
inline bool fieldValueFits(const InstrDb& db, const Field& field, std::uint64_t value) {
  if (value > maxForWidth(field.width)) return false;
  const BitFieldType& type = db.typeOf(field);
  if (!type.byValue.empty())
    return value < type.byValue.size() && type.byValue[value] >= 0;  // enumerated, dense table
  return !type.isEnumerated() || type.enumeratorFor(value) != nullptr;
}

}  // namespace

std::optional<std::uint64_t> signedToBits(std::int64_t value, std::uint32_t width) {
  if (width == 0 || width > 64) return std::nullopt;
  if (width < 64) {
    const std::int64_t lo = -(std::int64_t{1} << (width - 1));
    const std::int64_t hi = (std::int64_t{1} << (width - 1)) - 1;
    if (value < lo || value > hi) return std::nullopt;
  }
  return static_cast<std::uint64_t>(value) & maxForWidth(width);
}

std::int64_t bitsToSigned(std::uint64_t bits, std::uint32_t width) {
  if (width == 0 || width >= 64) return static_cast<std::int64_t>(bits);
  bits &= maxForWidth(width);
  const std::uint64_t sign = std::uint64_t{1} << (width - 1);
  return static_cast<std::int64_t>(bits ^ sign) - static_cast<std::int64_t>(sign);
}

std::optional<CodecIssue> checkFieldValue(const InstrDb& db, const Field& field, std::uint64_t value) {
  if (value > maxForWidth(field.width))
    return CodecIssue{DiagnosticCode::ValueOutOfRange, field.name,
                      "value " + std::to_string(value) + " does not fit the " + std::to_string(field.width) +
                          "-bit field " + field.name};
  const BitFieldType& type = db.typeOf(field);
  if (type.isEnumerated() && type.enumeratorFor(value) == nullptr)
    return CodecIssue{DiagnosticCode::NotAnEnumerator, field.name,
                      "value " + std::to_string(value) + " of field " + field.name +
                          " is not an enumerator of " + type.name};
  return std::nullopt;
}

namespace {

// One field of an encoding: `given` is its value, or null when omitted.
void encodeField(const InstrDb& db, const Opcode& opcode, const Field& f, const std::uint64_t* given,
                 EncodeResult& result) {
  std::uint64_t v = f.value;
  if (f.presence == FieldPresence::Fixed) {
    if (given && *given != f.value)
      result.issues.push_back({DiagnosticCode::FixedField, f.name,
                               "field " + f.name + " of " + opcode.name + " is fixed to " + f.valueText +
                                   "; value " + std::to_string(*given) + " ignored"});
  } else if (given) {
    if (!fieldValueFits(db, f, *given)) {
      if (auto issue = checkFieldValue(db, f, *given)) {
        result.issues.push_back(std::move(*issue));
        return;
      }
    }
    v = *given;
  } else if (f.presence == FieldPresence::Required) {
    result.issues.push_back({DiagnosticCode::MissingField, f.name,
                             "field " + f.name + " of " + opcode.name + " has no default and no value"});
    return;
  }
  putBits(result.word, f.offset, f.width, v);
}

void checkValueCount(const Opcode& opcode, std::size_t count, EncodeResult& result) {
  if (count > opcode.fields.size())
    result.issues.push_back({DiagnosticCode::TooManyValues,
                             {},
                             std::to_string(count) + " values given for the " +
                                 std::to_string(opcode.fields.size()) + " fields of " + opcode.name});
}

}  // namespace

EncodeResult encode(const InstrDb& db, const Opcode& opcode,
                    std::span<const std::optional<std::uint64_t>> values) {
  EncodeResult result;
  checkValueCount(opcode, values.size(), result);
  for (std::size_t i = 0; i < opcode.fields.size(); ++i)
    encodeField(db, opcode, opcode.fields[i], i < values.size() && values[i] ? &*values[i] : nullptr, result);
  return result;
}

EncodeResult encode(const InstrDb& db, const Opcode& opcode, std::span<const std::uint64_t> values) {
  EncodeResult result;
  checkValueCount(opcode, values.size(), result);
  for (std::size_t i = 0; i < opcode.fields.size(); ++i) {
    const Field& f = opcode.fields[i];
    // The common case inline: a legal value (a fixed field's own value) goes straight in.
    if (i < values.size() &&
        (f.presence == FieldPresence::Fixed ? values[i] == f.value : fieldValueFits(db, f, values[i])))
      putBits(result.word, f.offset, f.width, values[i]);
    else
      encodeField(db, opcode, f, i < values.size() ? &values[i] : nullptr, result);
  }
  return result;
}

}  // namespace gpuasm::isa
