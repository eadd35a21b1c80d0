// The one grammar of a value a user types and the one formatter of a value shown (sim/Value.h),
// shared by `// @state`, the expression language's literals and the debugger's setVariable.
// Expected bits are worked out by hand: two's complement for negative integers, IEEE 754
// binary32 (sign | exponent biased by 127 | 23-bit fraction) for floats.
#include <gpuasm/sim/Value.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace gpuasm::sim {
namespace {

Value parsed(std::string_view text) {
  const auto v = parseValue(text);
  EXPECT_TRUE(v.has_value()) << '"' << text << "\": " << (v ? "" : v.error().message);
  return v ? *v : Value{ValueType::Bool, 0xdead};
}

constexpr Value u32(std::uint32_t bits) { return {ValueType::U32, bits}; }
constexpr Value f32(std::uint32_t bits) { return {ValueType::F32, bits}; }

TEST(ValueTest, IntegersInDecimalHexAndBinary) {
  EXPECT_EQ(parsed("42"), u32(42));
  EXPECT_EQ(parsed("0x2a"), u32(42));
  EXPECT_EQ(parsed("0X2A"), u32(42));
  EXPECT_EQ(parsed("0b101010"), u32(42));
  EXPECT_EQ(parsed("0B11"), u32(3));
  EXPECT_EQ(parsed("0"), u32(0));
  EXPECT_EQ(parsed("007"), u32(7));  // leading zeros are decimal, not octal
  EXPECT_EQ(parsed("+7"), u32(7));
  EXPECT_EQ(parsed("  16 \t"), u32(16));  // white space around is ignored
  EXPECT_EQ(parsed("4294967295"), u32(0xFFFFFFFFu));
  EXPECT_EQ(parsed("0xFFFFFFFF"), u32(0xFFFFFFFFu));
}

TEST(ValueTest, NegativeIntegersAreTheirTwosComplement) {
  EXPECT_EQ(parsed("-1"), u32(0xFFFFFFFFu));
  EXPECT_EQ(parsed("-2"), u32(0xFFFFFFFEu));
  EXPECT_EQ(parsed("-0x10"), u32(0xFFFFFFF0u));
  EXPECT_EQ(parsed("-0b1"), u32(0xFFFFFFFFu));
  EXPECT_EQ(parsed("-2147483648"), u32(0x80000000u));  // -2^31, the least s32
  EXPECT_EQ(parsed("-0"), u32(0));
}

TEST(ValueTest, ADotAnExponentOrAnFSuffixMakesAnF32StoredAsItsBits) {
  EXPECT_EQ(parsed("1.5"), f32(0x3FC00000u));   // 1.1b × 2^0: exponent 127, fraction 0x400000
  EXPECT_EQ(parsed("-1.5"), f32(0xBFC00000u));  // the same with the sign bit
  EXPECT_EQ(parsed("0.1"), f32(0x3DCCCCCDu));   // 0x1.99999Ap-4, the last bit rounded up
  EXPECT_EQ(parsed("0.5"), f32(0x3F000000u));
  EXPECT_EQ(parsed(".25"), f32(0x3E800000u));
  EXPECT_EQ(parsed("2."), f32(0x40000000u));
  EXPECT_EQ(parsed("1e-3"), f32(0x3A83126Fu));  // 0x1.06249Ep-10
  EXPECT_EQ(parsed("1E3"), f32(0x447A0000u));   // 1000 = 1.953125 × 2^9
  EXPECT_EQ(parsed("2f"), f32(0x40000000u));
  EXPECT_EQ(parsed("0.5F"), f32(0x3F000000u));
  EXPECT_EQ(parsed("-0.0"), f32(0x80000000u));   // negative zero keeps its sign
  EXPECT_EQ(parsed("1e-45"), f32(0x00000001u));  // the smallest subnormal
}

TEST(ValueTest, TruthValuesInAnyCase) {
  EXPECT_EQ(parsed("true"), (Value{ValueType::Bool, 1}));
  EXPECT_EQ(parsed("TRUE"), (Value{ValueType::Bool, 1}));
  EXPECT_EQ(parsed("False"), (Value{ValueType::Bool, 0}));
}

TEST(ValueTest, WhatDoesNotFitIsOutOfRange) {
  for (const char* text :
       {"4294967296", "0x100000000", "0x1ffffffff", "-2147483649", "-0x80000001", "99999999999999999999999",
        "0b100000000000000000000000000000000", "1e99", "-3.5e38", "1e-46"}) {
    const auto v = parseValue(text);
    ASSERT_FALSE(v.has_value()) << text;
    EXPECT_EQ(v.error().kind, ValueError::Kind::OutOfRange) << text;
    EXPECT_NE(v.error().message.find(std::string("'") + text + "'"), std::string::npos) << v.error().message;
  }
  EXPECT_NE(parseValue("1e99").error().message.find("out of the range of an f32"), std::string::npos);
  EXPECT_NE(parseValue("0x100000000").error().message.find("does not fit in 32 bits"), std::string::npos);
}

TEST(ValueTest, AnythingElseIsMalformed) {
  for (const char* text :
       {"",      " ",     "-",     "+",   "0x",  "0b",   "0b2", "0xg", "12abc", "lots",    "inf",   "nan",
        "1.2.3", "0x1.5", "1_000", "--1", "- 1", "lane", "f",   "e5",  "1e",    "0x10f0z", "true1", "1,5"}) {
    const auto v = parseValue(text);
    ASSERT_FALSE(v.has_value()) << '"' << text << '"';
    EXPECT_EQ(v.error().kind, ValueError::Kind::Malformed) << text;
    EXPECT_NE(v.error().message.find("is not a number"), std::string::npos) << v.error().message;
  }
}

TEST(ValueTest, FormatsBitsInEachFormat) {
  EXPECT_EQ(formatBits(0x1F0, ValueFormat::Hex), "0x1f0");
  EXPECT_EQ(formatBits(0, ValueFormat::Hex), "0x0");
  EXPECT_EQ(formatBits(0x1F0, ValueFormat::PaddedHex), "0x000001f0");
  EXPECT_EQ(formatBits(0xFFFFFFFFu, ValueFormat::PaddedHex), "0xffffffff");
  EXPECT_EQ(formatBits(0xFFFFFFFFu, ValueFormat::Unsigned), "4294967295");
  EXPECT_EQ(formatBits(0xFFFFFFFFu, ValueFormat::Signed), "-1");
  EXPECT_EQ(formatBits(0x80000000u, ValueFormat::Signed), "-2147483648");
  EXPECT_EQ(formatBits(0x7FFFFFFFu, ValueFormat::Signed), "2147483647");
  EXPECT_EQ(formatBits(0x3FC00000u, ValueFormat::Float), "1.5");
  EXPECT_EQ(formatBits(0x3DCCCCCDu, ValueFormat::Float), "0.1");
  EXPECT_EQ(formatBits(0x40000000u, ValueFormat::Float), "2.0");
  EXPECT_EQ(formatBits(0xFF800000u, ValueFormat::Float), "-inf");
  EXPECT_EQ(formatBits(0x7FC00001u, ValueFormat::Float), "nan");
  EXPECT_EQ(formatBits(2, ValueFormat::Bool), "true");
  EXPECT_EQ(formatBits(0, ValueFormat::Bool), "false");
}

TEST(ValueTest, AValueIsShownInItsTypesFormat) {
  EXPECT_EQ(formatValue(u32(0x1F0)), "0x1f0");
  EXPECT_EQ(formatValue({ValueType::S32, 0xFFFFFFF0u}), "-16");
  EXPECT_EQ(formatValue(f32(0xBF000000u)), "-0.5");
  EXPECT_EQ(formatValue({ValueType::Bool, 1}), "true");
  EXPECT_STREQ(valueTypeName(ValueType::F32), "f32");
}

// What the tools show, a user can type back: hex, padded hex, decimal, signed decimal and
// (finite) f32 spellings all read back as the same 32 bits (0xFFFFFFFF as an f32 is a NaN).
TEST(ValueTest, EveryShownSpellingReadsBackAsTheSameBits) {
  const std::uint32_t patterns[] = {
      0x0u,        0x1u,        0x7Fu,       0x80u,       0x1F0u,      0x3F800000u, 0x3DCCCCCDu, 0x7F7FFFFFu,
      0x80000000u, 0x80000001u, 0xBF000000u, 0xDEADBEEFu, 0xFFFFFFFEu, 0xFFFFFFFFu, 0x00000001u, 0x00800000u};
  const ValueFormat integerFormats[] = {ValueFormat::Hex, ValueFormat::PaddedHex, ValueFormat::Unsigned,
                                        ValueFormat::Signed};
  for (const std::uint32_t bits : patterns) {
    for (const ValueFormat f : integerFormats)
      EXPECT_EQ(parsed(formatBits(bits, f)), u32(bits)) << formatBits(bits, f);
    if ((bits & 0x7F800000u) == 0x7F800000u) continue;  // inf and nan have no decimal spelling to type
    const std::string shown = formatBits(bits, ValueFormat::Float);
    EXPECT_EQ(parsed(shown), f32(bits)) << shown;
  }
}

}  // namespace
}  // namespace gpuasm::sim
