// The listing line (ide/analysis/Listing.h) that `gpuasm asm` and the language server's
// gpuasm/encoding print: every field's bits hold its value in the statement's word, the fields
// do not overlap, and a statement that does not assemble has its line and text and nothing else.
#include <gpuasm/ide/analysis/Listing.h>

#include <gtest/gtest.h>

#include <string>

namespace gpuasm::ide {
namespace {

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

TEST(Listing, EachFieldsBitsHoldItsValueInTheWord) {
  const std::string source = "// kernel\n    MOV R1, R0 ;\n    SHFL.BFLY PT, R2, R1, 0x10, 0x1F ;\n";
  const AssembledUnit unit = assembleText(db(), source);
  ASSERT_EQ(unit.statements.size(), 2u);
  for (const AssembledStatement& s : unit.statements) {
    ASSERT_TRUE(s.inst.has_value()) << s.statement.mnemonic;
    const ListingLine l = listingLine(source, s);
    EXPECT_TRUE(l.assembled);
    EXPECT_EQ(l.variant, s.inst->opcode->name);
    EXPECT_EQ(l.encoding, s.encoding.toHex());
    ASSERT_FALSE(l.fields.empty());
    std::uint64_t used[2] = {0, 0};  // the bits the fields cover so far, low and high half
    for (const EncodedField& f : l.fields) {
      ASSERT_LE(f.lo, f.hi) << f.name;
      ASSERT_LT(f.hi, 128u) << f.name;
      const std::uint32_t width = f.hi - f.lo + 1;
      EXPECT_EQ(s.encoding.bits(f.lo, width), f.value) << f.name;
      for (std::uint32_t b = f.lo; b <= f.hi; ++b) {
        const std::uint64_t bit = std::uint64_t{1} << (b % 64);
        EXPECT_EQ(used[b / 64] & bit, 0u) << f.name << " overlaps another field at bit " << b;
        used[b / 64] |= bit;
      }
    }
  }
  // Lines are 0-based; the text is the statement as written, from its mnemonic.
  const ListingLine mov = listingLine(source, unit.statements[0]);
  EXPECT_EQ(mov.line, 1u);
  EXPECT_TRUE(mov.text.starts_with("MOV R1, R0")) << mov.text;
  const ListingLine shfl = listingLine(source, unit.statements[1]);
  EXPECT_EQ(shfl.line, 2u);
  EXPECT_TRUE(shfl.text.starts_with("SHFL.BFLY PT, R2, R1, 0x10, 0x1F")) << shfl.text;
}

TEST(Listing, AStatementThatDoesNotAssembleHasOnlyItsLineAndText) {
  const std::string source = "MOV R1, R0 ;\nNOSUCHOP R1, R2 ;\n";
  const AssembledUnit unit = assembleText(db(), source);
  ASSERT_EQ(unit.statements.size(), 2u);
  ASSERT_FALSE(unit.statements[1].inst.has_value());
  const ListingLine l = listingLine(source, unit.statements[1]);
  EXPECT_FALSE(l.assembled);
  EXPECT_EQ(l.line, 1u);
  EXPECT_TRUE(l.text.starts_with("NOSUCHOP R1, R2")) << l.text;
  EXPECT_TRUE(l.variant.empty());
  EXPECT_TRUE(l.encoding.empty());
  EXPECT_TRUE(l.fields.empty());
}

}  // namespace
}  // namespace gpuasm::ide
