// Values in their types (ValueTypes.h) and their summaries across the lanes (LaneSummary.h).
// Every expected type is read off the spec by hand: FADD has an F32Imm variant (FADD_RI), IMAD's
// itype is IType {S32*, U32}, MUFU's dtype is MUFUDType {F32, …}, IADD and MOV have neither;
// every expected summary is worked out by hand from the lanes written in the test.
#include "Annotated.h"

#include <gpuasm/ide/analysis/ValueTypes.h>
#include <gpuasm/ide/execution/LaneSummary.h>

#include <gtest/gtest.h>

#include <bit>
#include <functional>
#include <string>

namespace gpuasm::featuretest {
namespace {

using sim::ValueType;

TEST(ValueTypes, ATypeNameIsAKindLetterAndAWidth) {
  EXPECT_EQ(ide::valueTypeNamed("F32"), ValueType::F32);
  EXPECT_EQ(ide::valueTypeNamed("S32"), ValueType::S32);
  EXPECT_EQ(ide::valueTypeNamed("U32"), ValueType::U32);
  EXPECT_EQ(ide::valueTypeNamed("B32"), ValueType::U32);
  // Other widths are parts or packs of values: bits.
  EXPECT_EQ(ide::valueTypeNamed("S16"), ValueType::U32);
  EXPECT_EQ(ide::valueTypeNamed("U64"), ValueType::U32);
  EXPECT_EQ(ide::valueTypeNamed("F64"), ValueType::U32);
  // Not type names: a byte selector, an extension mode, a packed pair, a bare width.
  EXPECT_EQ(ide::valueTypeNamed("B0"), std::nullopt);
  EXPECT_EQ(ide::valueTypeNamed("SX32"), std::nullopt);
  EXPECT_EQ(ide::valueTypeNamed("F16_V2"), std::nullopt);
  EXPECT_EQ(ide::valueTypeNamed("32"), std::nullopt);
  EXPECT_EQ(ide::valueTypeNamed("X"), std::nullopt);
}

// The type of the first register statement `line` of `text` writes.
ValueType writeType(const std::string& text) {
  const ide::AssembledUnit unit = ide::assembleText(db(), text);
  const auto types = ide::writtenValueTypes(db(), unit, 1);
  EXPECT_EQ(types.size(), 1u) << text;
  return types.empty() ? ValueType::U32 : types.front().second;
}

TEST(ValueTypes, TheBindingTypesWhatAStatementWrites) {
  EXPECT_EQ(writeType("FADD.RN R4, R3, 1.5 ;\n"), ValueType::F32);   // FADD_RI's F32Imm
  EXPECT_EQ(writeType("FADD R4, R3, R2 ;\n"), ValueType::F32);       // FADD_RR: the optype's
  EXPECT_EQ(writeType("MUFU.RCP.F32 R3, R1 ;\n"), ValueType::F32);   // dtype F32
  EXPECT_EQ(writeType("IMAD R1, R0, 0x4, RZ ;\n"), ValueType::S32);  // itype's default S32
  EXPECT_EQ(writeType("IMAD.U32 R1, R0, 0x4, RZ ;\n"), ValueType::U32);
  EXPECT_EQ(writeType("IADD R1, R1, R2 ;\n"), ValueType::U32);  // no type: bits
  EXPECT_EQ(writeType("MOV R1, R0 ;\n"), ValueType::U32);
  EXPECT_EQ(writeType("ISETP.LE.U32.AND P0, PT, R0, R6, PT ;\n"), ValueType::Bool);
  // A 64-bit result: each register is half of it, bits.
  const ide::AssembledUnit wide = ide::assembleText(db(), "IMAD.WIDE R[10:11], R8, 0x4, R[12:13] ;\n");
  const auto types = ide::writtenValueTypes(db(), wide, 1);
  ASSERT_EQ(types.size(), 2u);
  EXPECT_EQ(types[0].second, ValueType::U32);
  EXPECT_EQ(types[1].second, ValueType::U32);
}

TEST(ValueTypes, TheLastExecutedWriteDecides) {
  const ide::AssembledUnit unit =
      ide::assembleText(db(), "FADD R1, R2, 1.5 ;\nIMAD R1, R0, 0x4, RZ ;\nMOV R1, R0 ;\n");
  const auto r1 = ide::registerNamed(db(), "R1");
  ASSERT_TRUE(r1);
  auto typeOfR1 = [&](std::uint64_t executed) {
    for (const auto& [reg, type] : ide::writtenValueTypes(db(), unit, executed))
      if (reg == *r1) return std::optional<ValueType>(type);
    return std::optional<ValueType>();
  };
  EXPECT_EQ(typeOfR1(0), std::nullopt);
  EXPECT_EQ(typeOfR1(1), ValueType::F32);
  EXPECT_EQ(typeOfR1(2), ValueType::S32);
  EXPECT_EQ(typeOfR1(3), ValueType::U32);
}

using Lanes = std::array<std::uint32_t, sim::kWarpSize>;

Lanes lanesOf(const std::function<std::uint32_t(unsigned)>& f) {
  Lanes out{};
  for (unsigned l = 0; l < sim::kWarpSize; ++l) out[l] = f(l);
  return out;
}

std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }

std::string summary(const Lanes& lanes, ValueType type = ValueType::U32, std::uint32_t mask = 0xFFFFFFFFu) {
  return ide::summarizeLanes(lanes, mask, type).label("R1");
}

TEST(LaneSummary, UniformAndAffine) {
  EXPECT_EQ(summary(lanesOf([](unsigned) { return 0x1f0u; })), "R1 = 0x1f0");
  EXPECT_EQ(summary(lanesOf([](unsigned) { return 0xfffffffbu; }), ValueType::S32), "R1 = -5");
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l; })), "R1 = lane");
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l + 0x100; })), "R1 = lane + 0x100");
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l * 4 + 0x100; })), "R1 = lane \u00d7 4 + 0x100");
  // Negative strides: 0x17c, 0x178, … down by 4.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return 0x17c - l * 4; })), "R1 = 0x17c - lane \u00d7 4");
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return 0u - l; })), "R1 = -lane");
  // Wrap-around modulo 2^32: 0xfffffffe, 0xffffffff, 0x0, 0x1 … is lane - 2.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return 0xfffffffeu + l; })), "R1 = lane - 0x2");
  // s32 in decimal: -16, -14, … is lane × 2 - 16.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l * 2 - 16; }), ValueType::S32),
            "R1 = lane \u00d7 2 - 16");
  // Over the active lanes only: the even lanes hold 3 × lane, the odd ones anything.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l % 2 == 0 ? 3 * l : 7u; }), ValueType::U32, 0x55555555u),
            "R1 = lane \u00d7 3");
}

TEST(LaneSummary, FloatsAreAffineOnlyWhenExact) {
  // 1.5, 2.0, 2.5, …: exactly lane × 0.5 + 1.5.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return bitsOf(1.5f + 0.5f * static_cast<float>(l)); }),
                    ValueType::F32),
            "R1 = lane \u00d7 0.5 + 1.5");
  EXPECT_EQ(
      summary(lanesOf([](unsigned l) { return bitsOf(10.0f - static_cast<float>(l)); }), ValueType::F32),
      "R1 = 10.0 - lane");
  // The f32 nearest 0.1 × lane: 3 × 0.1f is not an f32, so no line holds; 32 values.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return bitsOf(static_cast<float>(0.1 * l)); }), ValueType::F32),
            "R1: 32 values (0.0 \u00d71, 0.1 \u00d71, 0.2 \u00d71, \u2026)");
  EXPECT_EQ(summary(lanesOf([](unsigned) { return bitsOf(1.5f); }), ValueType::F32), "R1 = 1.5");
  // -0.0 and 0.0 are different values.
  EXPECT_EQ(
      summary(lanesOf([](unsigned l) { return l < 16 ? bitsOf(0.0f) : bitsOf(-0.0f); }), ValueType::F32),
      "R1: lanes 0\u201315 0.0, lanes 16\u201331 -0.0");
}

TEST(LaneSummary, TwoGroupsOfLanes) {
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l % 2 == 0 ? 0x100u : 0xf0u; })),
            "R1: even lanes 0x100, odd lanes 0xf0");
  EXPECT_EQ(ide::summarizeLanes(lanesOf([](unsigned l) { return l % 2 == 0 ? 0x100u : 0xf0u; }), 0xFFFFFFFFu,
                                ValueType::U32)
                .label("R1", true),
            "R1: even/odd: 0x100, 0xf0");
  // lane ^ 16 (SHFL.BFLY 0x10 of the lane ids): each lane's butterfly partner.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l ^ 16u; })), "R1 = lane ^ 0x10");
  // Lanes 0–15 hold lane + 0x100, lanes 16–31 lane - 16: no line over the warp, nor over the
  // even lanes (lane 16 would be 0x110), but one in each half.
  const ide::LaneSummary halves = ide::summarizeLanes(
      lanesOf([](unsigned l) { return l < 16 ? l + 0x100 : l - 16; }), 0xFFFFFFFFu, ValueType::U32);
  EXPECT_EQ(halves.label("R1"), "R1: lanes 0\u201315: lane + 0x100, lanes 16\u201331: lane - 0x10");
  EXPECT_EQ(halves.label("R1", true), "R1: 0\u201315/16\u201331: lane + 0x100, lane - 0x10");
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l == 0 ? 5u : 0u; })),
            "R1: lane 0 0x5, lanes 1\u201331 0x0");
  // Lane 0 apart, the others 2 × lane.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l == 0 ? 7u : 2 * l; })),
            "R1: lane 0 0x7, lanes 1\u201331: lane \u00d7 2");
  // Two active lanes are two groups, not a line.
  EXPECT_EQ(summary(lanesOf([](unsigned l) { return l == 0 ? 5u : 9u; }), ValueType::U32, 0x3u),
            "R1: even lanes 0x5, odd lanes 0x9");
  EXPECT_EQ(ide::summarizeLanes(lanesOf([](unsigned l) { return l % 2 == 0 ? 1u : 0u; }), 0xFFFFFFFFu,
                                ValueType::Bool)
                .label("P0"),
            "P0: even lanes true, odd lanes false");
}

TEST(LaneSummary, ElseTheValuesMostFrequentFirst) {
  // Lanes 0–7 hold 1, the other 24 lanes 2: neither half is uniform.
  const ide::LaneSummary s =
      ide::summarizeLanes(lanesOf([](unsigned l) { return l < 8 ? 1u : 2u; }), 0xFFFFFFFFu, ValueType::U32);
  EXPECT_EQ(s.label("R1"), "R1: 2 values (0x2 \u00d724, 0x1 \u00d78)");
  EXPECT_EQ(s.label("R1", true), "R1: 2 values");
  // lanes 0..11 true: 12 of 32.
  EXPECT_EQ(
      ide::summarizeLanes(lanesOf([](unsigned l) { return l <= 11 ? 1u : 0u; }), 0xFFFFFFFFu, ValueType::Bool)
          .label("P0"),
      "P0: true in 12 of 32 lanes");
  EXPECT_EQ(ide::summarizeLanes(Lanes{}, 0, ValueType::U32).label("R1"), "R1: no active lane");
}

}  // namespace
}  // namespace gpuasm::featuretest
