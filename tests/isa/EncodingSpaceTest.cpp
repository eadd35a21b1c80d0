// The encoding space (isa/EncodingSpace.h) and the lint's encoding checks: exact fractions on
// hand-made patterns and tiny specs, checked against counts worked out by hand or by brute force
// written apart from the production code (per field values, not masks); the real spec's
// fraction against an enumeration of every assignment of its selecting bits; and on mutated
// copies of the spec, an overlapping variant (ambiguous-encoding with a witness word both
// variants decode) and a field moved onto another's bits (field-overlap naming both and the
// shared bits).
#include "TestSpec.h"

#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/EncodingSpace.h>
#include <gpuasm/isa/SpecLint.h>
#include <gpuasm/isa/SpecSource.h>

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace gpuasm::isa {

void PrintTo(const SpaceFraction& f, std::ostream* os) { *os << f.text(); }

namespace {

FixedPattern pattern(std::uint32_t offset, std::uint32_t width, std::uint64_t value) {
  FixedPattern p;
  p.mask = Word128::mask(offset, width);
  p.bits.setBits(offset, width, value);
  return p;
}

FixedPattern both(const FixedPattern& a, const FixedPattern& b) { return {a.mask | b.mask, a.bits | b.bits}; }

TEST(SpaceFraction, ReducesAddsAndPrints) {
  EXPECT_EQ(SpaceFraction::of(4, 4), SpaceFraction::of(1, 2));  // 4/16 = 1/4
  EXPECT_EQ(SpaceFraction::of(4, 4).text(), "1/4");
  EXPECT_EQ(SpaceFraction::of(0, 7).text(), "0");
  EXPECT_EQ(SpaceFraction::of(8, 3).text(), "1");
  EXPECT_EQ(SpaceFraction::halfSum(SpaceFraction::one(), {}), SpaceFraction::of(1, 1));
  EXPECT_EQ(SpaceFraction::of(1, 2) + SpaceFraction::of(1, 3), SpaceFraction::of(3, 3));
  EXPECT_EQ(SpaceFraction::of(1, 2).scaledDown(3), SpaceFraction::of(1, 5));
  EXPECT_EQ(SpaceFraction::of(617, 12).percent(), "15.06%");  // 617/4096 = 0.150634…
  EXPECT_EQ(SpaceFraction::of(1, 20).percent(), "<0.01%");
  EXPECT_EQ(SpaceFraction::one().percent(), "100%");
}

TEST(FractionMatched, HandMadePatterns) {
  const Word128 two = Word128::mask(0, 2);
  // Two variants fixing a 2-bit field to 0 and 1: half of its four values.
  const std::vector<FixedPattern> halves{pattern(0, 2, 0), pattern(0, 2, 1)};
  EXPECT_EQ(fractionMatched(halves, two), SpaceFraction::of(1, 1));
  // Inclusion–exclusion: bit 0 = 1 or bit 1 = 1 is 1/2 + 1/2 − 1/4.
  const std::vector<FixedPattern> either{pattern(0, 1, 1), pattern(1, 1, 1)};
  EXPECT_EQ(fractionMatched(either, two), SpaceFraction::of(3, 2));
  // Space bits no pattern fixes still count: bits 0–1 = 3 in a 3-bit space is 2 of 8.
  EXPECT_EQ(fractionMatched(std::vector{pattern(0, 2, 3)}, Word128::mask(0, 3)), SpaceFraction::of(1, 2));
  // Nothing matches nothing; a pattern fixing nothing matches everything.
  EXPECT_EQ(fractionMatched({}, two), SpaceFraction{});
  EXPECT_EQ(fractionMatched(std::vector{FixedPattern{}}, two), SpaceFraction::one());
  // All 128 bits fixed: one word of 2^128.
  const std::vector<FixedPattern> one{{~Word128{}, Word128::mask(3, 5)}};
  EXPECT_EQ(fractionMatched(one, ~Word128{}).text(), "1/340282366920938463463374607431768211456");
  // Fields far apart (bits 0–1 and 120–121): 0 in the low field, or 3 in both: 1/4 + 1/16 − 1/16.
  const std::vector<FixedPattern> apart{pattern(0, 2, 0), both(pattern(0, 2, 0), pattern(120, 2, 3))};
  EXPECT_EQ(fractionMatched(apart, Word128::mask(0, 2) | Word128::mask(120, 2)), SpaceFraction::of(1, 2));
}

TEST(FractionMatched, RepeatedPatternsAndSubsumedOnes) {
  // Values 0 and 1 of a 2-bit field, value 1 again, and "bit 0 = 0" (values 0 and 2): {0, 1, 2}.
  const std::vector<FixedPattern> ps{pattern(0, 2, 0), pattern(0, 2, 1), pattern(0, 2, 1), pattern(0, 1, 0)};
  EXPECT_EQ(fractionMatched(ps, Word128::mask(0, 2)), SpaceFraction::of(3, 2));
}

// Random patterns over 10 bits against counting each of the 1024 words.
TEST(FractionMatched, AgreesWithBruteForceOnRandomPatterns) {
  std::mt19937 rng(31);
  for (int round = 0; round < 200; ++round) {
    std::vector<FixedPattern> ps(rng() % 7);
    for (auto& p : ps) {
      p.mask.lo = rng() & 0x3ff;
      p.bits.lo = rng() & p.mask.lo;
    }
    std::uint64_t count = 0;
    for (std::uint64_t w = 0; w < 1024; ++w) {
      bool any = false;
      for (const auto& p : ps) any |= (w & p.mask.lo) == p.bits.lo;
      count += any ? 1 : 0;
    }
    EXPECT_EQ(fractionMatched(ps, Word128::mask(0, 10)), SpaceFraction::of(count, 10)) << "round " << round;
  }
}

TEST(FreeRuns, LeaveOutTheTakenValues) {
  const std::vector<std::uint64_t> taken{0, 1, 5, 15};
  const auto runs = freeRuns(taken, 4);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].first, 2u);
  EXPECT_EQ(runs[0].last, 4u);
  EXPECT_EQ(runs[1].first, 6u);
  EXPECT_EQ(runs[1].last, 14u);
  EXPECT_TRUE(freeRuns(std::vector<std::uint64_t>{0, 1, 2, 3}, 2).empty());
  EXPECT_EQ(freeRuns({}, 64).at(0).last, ~std::uint64_t{0});
}

// A spec of its own types: a 2-bit selector and a 2-bit kind.
const char* kTinySpec = R"(__DefBitFieldType Sel<2>
    S0;
    S1;
    S2;
    S3;

__DefBitFieldType Kind<2>
    K0;
    K1;
    K2;
    K3;

__DefGroup G : [ALL]

__DefOptype T : [G]
  __Encoding
    field<4, 2> Kind unused;

__DefOpcode T_A : [T]
  __Encoding
    field<0, 2> Sel sel == S0;

__DefOpcode T_B : [T]
  __Encoding
    field<0, 2> Sel sel == S1;
    field<2, 2> Kind kind == K2;

__DefOpcode T_C : [T]
  __Encoding
    field<0, 2> Sel sel == S1;
    field<2, 2> Kind kind == K3;
)";

TEST(EncodingSpace, TinySpecByHand) {
  const SpecLoad load = test::loadSnippet(kTinySpec);
  const EncodingSpace space = encodingSpace(*load.db);
  // Selecting bits 0–3. T_A takes sel 0 (4 of 16 assignments), T_B and T_C sel 1 with kind 2
  // and 3 (1 each): 6/16.
  EXPECT_EQ(space.selectingMask, Word128::mask(0, 4));
  EXPECT_EQ(space.selectingBits, 4u);
  EXPECT_EQ(space.used, SpaceFraction::of(3, 3));
  ASSERT_EQ(space.ranges.size(), 2u);
  ASSERT_TRUE(space.primary);
  EXPECT_EQ(space.ranges[*space.primary].name, "sel");  // three variants fix it, two fix kind
  ASSERT_EQ(space.taken.size(), 2u);
  EXPECT_EQ(space.taken[0].value, 0u);
  EXPECT_EQ(space.taken[0].used, SpaceFraction::one());
  EXPECT_FALSE(space.taken[0].secondary);
  EXPECT_EQ(space.taken[1].value, 1u);
  EXPECT_EQ(space.taken[1].variants.size(), 2u);
  EXPECT_EQ(space.taken[1].used, SpaceFraction::of(1, 1));
  ASSERT_TRUE(space.taken[1].secondary);
  EXPECT_EQ(space.ranges[*space.taken[1].secondary].name, "kind");
  ASSERT_EQ(space.taken[1].freeSecondary.size(), 1u);
  EXPECT_EQ(space.taken[1].freeSecondary[0].first, 0u);
  EXPECT_EQ(space.taken[1].freeSecondary[0].last, 1u);
  ASSERT_EQ(space.free.size(), 1u);  // sel 2 and 3
  EXPECT_EQ(space.free[0].first, 2u);
  EXPECT_EQ(space.free[0].last, 3u);
  EXPECT_TRUE(space.unplaced.empty());
}

// One opcode's fixed fields as (offset, width, value), read from its field list.
struct FixedField {
  std::uint32_t offset, width;
  std::uint64_t value;
};
std::vector<FixedField> fixedFieldsOf(const Opcode& op) {
  std::vector<FixedField> out;
  for (const Field& f : op.fields)
    if (f.presence == FieldPresence::Fixed) out.push_back({f.offset, f.width, f.value});
  return out;
}

TEST(EncodingSpace, RealSpecFractionIsABruteForceCount) {
  const InstrDb& db = test::db();
  // The selecting bits, as a list of bit positions, from every fixed field.
  std::set<std::uint32_t> bitSet;
  std::vector<std::vector<FixedField>> fixed;
  for (const Opcode& op : db.opcodes()) {
    fixed.push_back(fixedFieldsOf(op));
    for (const FixedField& f : fixed.back())
      for (std::uint32_t b = f.offset; b < f.offset + f.width; ++b) bitSet.insert(b);
  }
  const std::vector<std::uint32_t> bits(bitSet.begin(), bitSet.end());
  ASSERT_LE(bits.size(), 20u);
  // Every assignment of those bits, spread over a word; a variant matches when each fixed field
  // reads its value.
  std::uint64_t count = 0;
  for (std::uint64_t a = 0; a < (std::uint64_t{1} << bits.size()); ++a) {
    Word128 w;
    for (std::size_t i = 0; i < bits.size(); ++i) w.setBits(bits[i], 1, (a >> i) & 1);
    bool any = false;
    for (const auto& fields : fixed) {
      bool all = true;
      for (const FixedField& f : fields) all = all && w.bits(f.offset, f.width) == f.value;
      any = any || all;
    }
    count += any ? 1 : 0;
  }
  const EncodingSpace space = encodingSpace(db);
  EXPECT_EQ(space.selectingBits, bits.size());
  EXPECT_EQ(space.used, SpaceFraction::of(count, static_cast<std::uint32_t>(bits.size())));
  // The per-value fractions add up to the whole (no variant is unplaced in this spec).
  EXPECT_TRUE(space.unplaced.empty());
  ASSERT_TRUE(space.primary);
  const FixedRange& p = space.ranges[*space.primary];
  SpaceFraction sum;
  for (const PrimaryValue& v : space.taken) sum = sum + v.used.scaledDown(p.width);
  EXPECT_EQ(sum, space.used);
  // The primary field is fixed by every variant (read from the field lists).
  for (const auto& fields : fixed)
    EXPECT_TRUE(std::any_of(fields.begin(), fields.end(),
                            [&](const FixedField& f) { return f.offset == p.offset && f.width == p.width; }));
  // Taken values and free runs partition the field's values.
  std::uint64_t freeCount = 0;
  for (const ValueRun& r : space.free) freeCount += r.last - r.first + 1;
  EXPECT_EQ(space.taken.size() + freeCount, std::uint64_t{1} << p.width);
}

// ------------------------------------------------------------ mutated copies of the spec

std::vector<SpecFile> specWith(const std::string& file, const std::string& from, const std::string& to) {
  std::vector<SpecFile> files = embeddedSpecFiles();
  for (SpecFile& f : files) {
    if (!f.name.ends_with(file)) continue;
    const auto at = f.text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) f.text.replace(at, from.size(), to);
  }
  return files;
}

TEST(EncodingLint, AnOverlappingVariantIsAmbiguousWithAWitnessBothDecode) {
  // IADD_RR2 repeats IADD_RR's stype and fixes one more bit IADD_RR leaves free (127).
  const std::string added =
      "__DefOpcode IADD_RR2 : [IADD]\n  __Encoding\n    field<8,   4> SType stype == RR;\n"
      "    field<32,  8> Reg rb;\n    field<127, 1> SignModi probe == True;\n"
      "  __OperandInfo\n    InList<pg, ra, rb, pp>;\n    OutList<rd, pu>;\n"
      "    Order<pg, rd, pu, ra, rb, pp>;\n\n__DefOpcode IADD_RU : [IADD]";
  SpecLoad load = loadSpec(specWith("000_ialu.txt", "__DefOpcode IADD_RU : [IADD]", added));
  const InstrDb& db = *load.db;
  const Opcode* rr = db.opcode("IADD_RR");
  const Opcode* rr2 = db.opcode("IADD_RR2");
  ASSERT_TRUE(rr != nullptr && rr2 != nullptr);
  const auto ambiguous = test::withCode(lintSpec(db), SpecCode::AmbiguousEncoding);
  ASSERT_EQ(ambiguous.size(), 1u);
  const std::string& message = ambiguous[0].message;
  EXPECT_NE(message.find("IADD_RR "), std::string::npos) << message;
  EXPECT_NE(message.find("IADD_RR2"), std::string::npos) << message;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(message, m, std::regex("0x[0-9a-f]{32}"))) << message;
  const auto witness = Word128::fromHex(m.str());
  ASSERT_TRUE(witness);
  // Both variants' fixed fields read their values in it, so a decoder may take either.
  for (const Opcode* op : {rr, rr2})
    for (const FixedField& f : fixedFieldsOf(*op))
      EXPECT_EQ(witness->bits(f.offset, f.width), f.value) << op->name;
  EXPECT_EQ(witness->bits(127, 1), 1u);
  const DecodeResult decoded = Decoder(db).decode(*witness);
  ASSERT_TRUE(decoded.decoded);
  EXPECT_TRUE(decoded.decoded->opcode == rr || decoded.decoded->opcode == rr2);
  EXPECT_TRUE(test::withCode(lintSpec(test::db()), SpecCode::AmbiguousEncoding).empty());
}

TEST(EncodingLint, AFieldMovedOntoAnotherIsAnOverlapNamingBothAndTheSharedBits) {
  // IADD_RR's rb moves from <32,8> to <28,8>, onto bits 28..31 of IADD's ra <24,8>.
  const SpecLoad load =
      loadSpec(specWith("000_ialu.txt", "    field<8,   4> SType stype == RR;\n    field<32,  8> Reg rb;",
                        "    field<8,   4> SType stype == RR;\n    field<28,  8> Reg rb;"));
  const auto overlaps = test::withCode(load.diagnostics, SpecCode::FieldOverlap);
  ASSERT_EQ(overlaps.size(), 1u);
  EXPECT_EQ(overlaps[0].message, "field rb <28,8> overlaps ra <24,8> in IADD_RR: both use bits 28..31");
  EXPECT_EQ(overlaps[0].severity, Severity::Error);
  EXPECT_TRUE(test::withCode(test::embeddedSpec().diagnostics, SpecCode::FieldOverlap).empty());
}

}  // namespace
}  // namespace gpuasm::isa
