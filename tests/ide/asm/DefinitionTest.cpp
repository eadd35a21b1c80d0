// Go to definition: the targets are spec lines found with grep and quoted here.
#include "Annotated.h"

#include <gpuasm/ide/asm/Definition.h>

#include <gtest/gtest.h>

namespace gpuasm::featuretest {
namespace {

std::string fileName(const ide::SpecLocation& loc) {
  const std::string& name = loc.file;
  return name.substr(name.rfind('/') + 1);
}

TEST(Definition, MnemonicGoesToDefOptype) {
  const Annotated a("[[IA^DD]] R0, R1, R2 ;\n");
  const auto snap = a.snapshot();
  const auto loc = ide::getDefinition(*snap, a.cursor);
  ASSERT_TRUE(loc);
  EXPECT_EQ(fileName(*loc), "000_ialu.txt");
  EXPECT_EQ(loc->line, 109u);   // 000_ialu.txt:109 `__DefOptype IADD : [IALU]`
  EXPECT_EQ(loc->column, 13u);  // on the name: `__DefOptype ` is 12 bytes
  EXPECT_EQ(loc->origin, a.ranges[0]);
  // The server serves the spec text from the database: the line really is the definition.
  ASSERT_LT(loc->fileIndex, snap->db().files().size());
  EXPECT_EQ(snap->db().files()[loc->fileIndex].name, loc->file);
  const std::string& text = snap->db().files()[loc->fileIndex].text;
  std::size_t at = 0;
  for (std::uint32_t l = 1; l < loc->line; ++l) at = text.find('\n', at) + 1;
  EXPECT_EQ(text.compare(at, 18, "__DefOptype IADD :"), 0);
}

TEST(Definition, EitherEndOfTheMnemonicCounts) {
  const Annotated a("^IADD^ R0, R1, R2 ;\n");
  const auto begin = ide::getDefinition(*a.snapshot(), 0);
  const auto end = ide::getDefinition(*a.snapshot(), 4);
  ASSERT_TRUE(begin && end);
  EXPECT_EQ(begin->line, 109u);
  EXPECT_EQ(end->line, 109u);
}

TEST(Definition, MnemonicPartGoesToItsOptype) {
  // 000_ialu.txt:454 `__DefOptype IMAD_WIDE : [IALU]`; WIDE is part of the mnemonic IMAD.WIDE.
  const Annotated a("IMAD.WI^DE.U32 R[10:11], R8, 0x4, R[12:13] ;\n");
  const auto loc = ide::getDefinition(*a.snapshot(), a.cursor);
  ASSERT_TRUE(loc);
  EXPECT_EQ(fileName(*loc), "000_ialu.txt");
  EXPECT_EQ(loc->line, 454u);
  // 000_ialu.txt:235 `__DefOptype IMAD : [IALU]` is a different optype.
  const auto imad = ide::getDefinition(*Annotated("IMAD R0, R1, R2, R3 ;").snapshot(), 1);
  ASSERT_TRUE(imad);
  EXPECT_EQ(imad->line, 235u);
}

TEST(Definition, ModifierGoesToItsDomainLine) {
  // 004_falu.txt:26 `.rnd = {.RN*, .RP, .RM, .RZ}`, the domain of FADD's .rnd slot.
  const Annotated a("FADD.FTZ.[[R^Z]] R0, R1, R2 ;\n");
  const auto loc = ide::getDefinition(*a.snapshot(), a.cursor);
  ASSERT_TRUE(loc);
  EXPECT_EQ(fileName(*loc), "004_falu.txt");
  EXPECT_EQ(loc->line, 26u);
  EXPECT_EQ(loc->origin, a.ranges[0]);
  // 000_ialu.txt:472 `.itype = {.S32*, .U32}` in IMAD_WIDE's __Syntax.
  const Annotated u("IMAD.WIDE.U^32 R[10:11], R8, 0x4, R[12:13] ;\n");
  const auto itype = ide::getDefinition(*u.snapshot(), u.cursor);
  ASSERT_TRUE(itype);
  EXPECT_EQ(itype->line, 472u);
}

TEST(Definition, ModifierGoesToTheSlotTheBindingFilled) {
  // `IDP.4A.afmt.bfmt` with .afmt and .bfmt both {.S8, .U8} (000_ialu.txt:837-840): the first
  // written value fills .afmt (:839), the second .bfmt (:840) — the matcher's binding.
  const Annotated first("IDP.4A.U^8.S8 R0, R1, R2, R3 ;\n");
  const auto afmt = ide::getDefinition(*first.snapshot(), first.cursor);
  ASSERT_TRUE(afmt);
  EXPECT_EQ(afmt->line, 839u);
  const Annotated second("IDP.4A.U8.S^8 R0, R1, R2, R3 ;\n");
  const auto bfmt = ide::getDefinition(*second.snapshot(), second.cursor);
  ASSERT_TRUE(bfmt);
  EXPECT_EQ(bfmt->line, 840u);
  // A line that does not match (one operand) goes where its nearest miss placed the modifier.
  const Annotated miss("IDP.4A.U^8.S8 R0 ;\n");
  const auto fallback = ide::getDefinition(*miss.snapshot(), miss.cursor);
  ASSERT_TRUE(fallback);
  EXPECT_EQ(fallback->line, 839u);
}

TEST(Definition, LiteralModifierGoesToTheFormThatSpellsIt) {
  // 004_falu.txt:24 `FADD{.FTZ}{.SAT}{.rnd} …`: .FTZ is a literal of that form.
  const Annotated a("FADD.^FTZ R0, R1, R2 ;\n");
  const auto loc = ide::getDefinition(*a.snapshot(), a.cursor);
  ASSERT_TRUE(loc);
  EXPECT_EQ(loc->line, 24u);
  // 000_ialu.txt:126 `IADD.X Rd{ ,pu}, …`, even when the line does not assemble.
  const Annotated x("IADD.^X R0, P0, R2, -R4 ;\n");
  const auto lx = ide::getDefinition(*x.snapshot(), x.cursor);
  ASSERT_TRUE(lx);
  EXPECT_EQ(fileName(*lx), "000_ialu.txt");
  EXPECT_EQ(lx->line, 126u);
}

TEST(Definition, NothingOffTheMnemonicAndModifiers) {
  const Annotated a("@P0 IADD R0, R^1, R2 ; // IADD\n");
  const auto snap = a.snapshot();
  EXPECT_FALSE(ide::getDefinition(*snap, a.cursor));                                              // operand
  EXPECT_FALSE(ide::getDefinition(*snap, 1));                                                     // guard
  EXPECT_FALSE(ide::getDefinition(*snap, static_cast<std::uint32_t>(a.text.rfind("IADD") + 1)));  // comment
  EXPECT_FALSE(ide::getDefinition(*snap, static_cast<std::uint32_t>(a.text.size() + 10)));  // past the end
  EXPECT_FALSE(ide::getDefinition(*snap, 12));                                              // blank after ','
}

TEST(Definition, UnknownNamesHaveNoDefinition) {
  EXPECT_FALSE(ide::getDefinition(*Annotated("IADDD R0, R1, R2 ;").snapshot(), 1));
  EXPECT_FALSE(ide::getDefinition(*Annotated("IADD.SAT R0, R1, R2 ;").snapshot(), 6));
  // The mnemonic of a line with a syntax error is still a known optype.
  const auto broken = ide::getDefinition(*Annotated("IADD R0, R1, R2").snapshot(), 2);
  ASSERT_TRUE(broken);
  EXPECT_EQ(broken->line, 109u);
}

TEST(Definition, BadInputNeverCrashes) {
  EXPECT_FALSE(ide::getDefinition(*Annotated("").snapshot(), 0));
  EXPECT_FALSE(ide::getDefinition(*Annotated("").snapshot(), 5));
  EXPECT_FALSE(ide::getDefinition(*Annotated("/* IADD */").snapshot(), 4));
  const Annotated bad("IADD.\xff\xfe R0, R1, R2 ;\n\xc3 FADD.RZ R0, R1, R2 ;\n");
  const auto snap = bad.snapshot();
  for (std::uint32_t i = 0; i <= bad.text.size() + 1; ++i) (void)ide::getDefinition(*snap, i);
  const auto loc = ide::getDefinition(*snap, 1);
  ASSERT_TRUE(loc);
  EXPECT_EQ(loc->line, 109u);
}

}  // namespace
}  // namespace gpuasm::featuretest
