// The one decimal f32 reader (isa/DecimalFloat.h). Expected bits worked out by hand from IEEE 754
// binary32: sign | 8-bit exponent biased by 127 | 23-bit fraction.
#include <gpuasm/isa/DecimalFloat.h>

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

using gpuasm::text::FloatStatus;
using gpuasm::text::formatDecimalF32;
using gpuasm::text::parseDecimalF32;

namespace {

std::uint32_t bitsOf(const char* text) {
  const auto f = parseDecimalF32(text);
  EXPECT_EQ(f.status, FloatStatus::Ok) << text;
  return std::bit_cast<std::uint32_t>(f.value);
}

TEST(DecimalFloatTest, ReadsPlainDecimalCorrectlyRounded) {
  EXPECT_EQ(bitsOf("0.5"), 0x3F000000u);           // 2^-1: exponent 126
  EXPECT_EQ(bitsOf("1.5e3"), 0x44BB8000u);         // 1500 = 1.46484375 * 2^10
  EXPECT_EQ(bitsOf("-2."), 0xC0000000u);           // sign set, 2^1
  EXPECT_EQ(bitsOf("0.1"), 0x3DCCCCCDu);           // 0x1.99999Ap-4, the last bit rounded up
  EXPECT_EQ(bitsOf("1E-3"), 0x3A83126Fu);          // 0x1.06249Ep-10
  EXPECT_EQ(bitsOf("3.4028235e38"), 0x7F7FFFFFu);  // the largest finite f32
  EXPECT_EQ(bitsOf("1e-45"), 0x00000001u);         // nearer the smallest subnormal (1.4e-45) than 0
  EXPECT_EQ(bitsOf("0e99"), 0x00000000u);          // zero is never out of range
  EXPECT_EQ(bitsOf("-0.000"), 0x80000000u);
  EXPECT_EQ(bitsOf(".25"), 0x3E800000u);
}

TEST(DecimalFloatTest, ValuesAnF32CannotHoldAreOutOfRange) {
  EXPECT_EQ(parseDecimalF32("3.5e38").status, FloatStatus::OutOfRange);
  EXPECT_EQ(parseDecimalF32("-1e99").status, FloatStatus::OutOfRange);
  EXPECT_EQ(parseDecimalF32("1e-46").status, FloatStatus::OutOfRange);  // below half a subnormal
}

TEST(DecimalFloatTest, AnythingButPlainDecimalIsNotANumber) {
  for (const char* text : {"", "-", ".", "-.", "1e", "1e+", "e5", "+1", "0x1p3", "inf", "nan", "1.2.3", " 1",
                           "1 ", "1f", "1e5.0", "--1"})
    EXPECT_EQ(parseDecimalF32(text).status, FloatStatus::NotANumber) << '"' << text << '"';
}

float ofBits(std::uint32_t bits) { return std::bit_cast<float>(bits); }

TEST(DecimalFloatTest, WritesTheShortestDecimalThatReadsBack) {
  EXPECT_EQ(formatDecimalF32(ofBits(0x3DCCCCCDu)), "0.1");  // not 0.100000001490116…
  EXPECT_EQ(formatDecimalF32(ofBits(0x3FC00000u)), "1.5");
  EXPECT_EQ(formatDecimalF32(ofBits(0xBF000000u)), "-0.5");
  EXPECT_EQ(formatDecimalF32(ofBits(0x40000000u)), "2.0");  // a whole number keeps ".0"
  EXPECT_EQ(formatDecimalF32(ofBits(0x00000000u)), "0.0");
  EXPECT_EQ(formatDecimalF32(ofBits(0x80000000u)), "-0.0");
  EXPECT_EQ(formatDecimalF32(ofBits(0x501502F9u)), "1e+10");  // 10^10 = 0x1.2A05F2p33, exact in 24 bits
  EXPECT_EQ(formatDecimalF32(ofBits(0x00000001u)), "1e-45");  // the smallest subnormal, 1.4013e-45
  EXPECT_EQ(formatDecimalF32(ofBits(0x7F7FFFFFu)), "3.4028235e+38");
  EXPECT_EQ(formatDecimalF32(ofBits(0x7F800000u)), "inf");
  EXPECT_EQ(formatDecimalF32(ofBits(0xFF800000u)), "-inf");
  EXPECT_EQ(formatDecimalF32(ofBits(0x7FC00000u)), "nan");
}

// Every finite f32 written is read back as the same bits: a walk over exponents and fractions.
TEST(DecimalFloatTest, WritingThenReadingIsTheIdentityOnFiniteValues) {
  for (std::uint32_t sign = 0; sign < 2; ++sign)
    for (std::uint32_t exponent = 0; exponent < 255; exponent += 3)
      for (const std::uint32_t fraction : {0x000000u, 0x000001u, 0x2AAAAAu, 0x400000u, 0x7FFFFFu}) {
        const std::uint32_t bits = (sign << 31) | (exponent << 23) | fraction;
        const std::string text = formatDecimalF32(ofBits(bits));
        const auto back = parseDecimalF32(text);
        ASSERT_EQ(back.status, FloatStatus::Ok) << text;
        EXPECT_EQ(std::bit_cast<std::uint32_t>(back.value), bits) << text;
      }
}

}  // namespace
