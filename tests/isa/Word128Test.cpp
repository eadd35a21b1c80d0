// Word128: bit ranges across the 64-bit halves and the 0x + 32 hex digit spelling (bit 127 first).
#include <gpuasm/isa/Word128.h>

#include <gtest/gtest.h>

namespace gpuasm::isa {
namespace {

TEST(Word128, SetAndGetAcrossTheHalves) {
  Word128 w;
  w.setBits(60, 8, 0xAB);  // bits 60..67: low nibble in lo, high nibble in hi
  EXPECT_EQ(w.lo, 0xB000000000000000ull);
  EXPECT_EQ(w.hi, 0xAull);
  EXPECT_EQ(w.bits(60, 8), 0xABu);
  EXPECT_EQ(w.bits(64, 4), 0xAu);
  w.setBits(60, 8, 0x01);
  EXPECT_EQ(w.bits(60, 8), 0x01u);
  EXPECT_EQ(w.hi, 0x0u);
}

TEST(Word128, FullWidthFieldsAtEitherEnd) {
  Word128 w;
  w.setBits(0, 64, 0x0123456789ABCDEFull);
  w.setBits(64, 64, 0xFEDCBA9876543210ull);
  EXPECT_EQ(w.bits(0, 64), 0x0123456789ABCDEFull);
  EXPECT_EQ(w.bits(64, 64), 0xFEDCBA9876543210ull);
  EXPECT_EQ(w.bits(32, 64), 0x7654321001234567ull);  // bits 32..95: low half of hi, high half of lo
}

TEST(Word128, HexIsBit127First) {
  Word128 w;
  w.setBits(0, 8, 0x05);   // optype 5 at bits 0..7 → last two digits
  w.setBits(124, 4, 0xC);  // top nibble → first digit
  EXPECT_EQ(w.toHex(), "0xc0000000000000000000000000000005");
  EXPECT_EQ(Word128::fromHex("0xc0000000000000000000000000000005"), w);
  EXPECT_EQ(Word128::fromHex("0X5")->lo, 5u);
  EXPECT_FALSE(Word128::fromHex("5").has_value());
  EXPECT_FALSE(Word128::fromHex("0x").has_value());
  EXPECT_FALSE(Word128::fromHex("0x123456789012345678901234567890123").has_value());  // 33 digits
  EXPECT_FALSE(Word128::fromHex("0xg").has_value());
}

TEST(Word128, MaskCoversExactlyTheRange) {
  const Word128 m = Word128::mask(62, 4);
  EXPECT_EQ(m.lo, 0xC000000000000000ull);
  EXPECT_EQ(m.hi, 0x3ull);
}

}  // namespace
}  // namespace gpuasm::isa
