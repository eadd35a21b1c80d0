// Signature help: the mnemonic's syntax forms as signatures with their operands' label ranges, the
// active form (matched, else the first that fits), the active operand as commas move it, and the
// places where there is none. Expectations are read off the spec text; each cites its lines.
#include "Annotated.h"

#include <gpuasm/ide/asm/SignatureHelp.h>

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace gpuasm::featuretest {
namespace {

std::optional<ide::SignatureHelp> helpAt(const Annotated& a) {
  const auto snap = a.snapshot();
  return ide::getSignatureHelp(*snap, a.cursor);
}

std::string_view labelPart(const ide::SignatureInfo& s, std::size_t parameter) {
  const syntax::ByteRange r = s.parameters[parameter].labelRange;
  return std::string_view(s.label).substr(r.begin, r.end - r.begin);
}

TEST(SignatureHelp, SignaturesAreTheFormsWithTheirOperands) {
  const auto h = helpAt(Annotated("IADD ^"));
  ASSERT_TRUE(h);
  // 000_ialu.txt:124-125, the two forms of IADD.
  ASSERT_EQ(h->signatures.size(), 2u);
  EXPECT_EQ(h->signatures[0].label, "IADD Rd, {-}Ra, {-}SrcB");
  EXPECT_EQ(h->signatures[1].label, "IADD.X Rd{, pu}, {-}Ra, {-}SrcB{, {!}pp}");
  ASSERT_EQ(h->signatures[1].parameters.size(), 5u);
  const char* operands[] = {"Rd", "pu", "{-}Ra", "{-}SrcB", "{!}pp"};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(h->signatures[1].parameters[i].label, operands[i]);
    EXPECT_EQ(labelPart(h->signatures[1], i), operands[i]);
  }
  // :129, the description; the slot types of IADD_RR/RU/RI/RC (:183, :197, :212, :224) for SrcB.
  EXPECT_NE(h->signatures[0].documentation.find("进行整数加法，即Rd = Ra + SrcB。"), std::string::npos);
  const std::string& srcb = h->signatures[0].parameters[2].documentation;
  for (const char* t : {"`Reg`", "`UReg`", "`SImm32`", "`CMem`"})
    EXPECT_NE(srcb.find(t), std::string::npos) << t << " in " << srcb;
  EXPECT_EQ(h->activeSignature, 0u);
  EXPECT_EQ(h->activeParameter, 0u);
}

TEST(SignatureHelp, ActiveParameterMovesWithCommas) {
  // IADD Rd, {-}Ra, {-}SrcB (000_ialu.txt:124): no optional slot, so slot = operand index.
  EXPECT_EQ(helpAt(Annotated("IADD R0^"))->activeParameter, 0u);
  EXPECT_EQ(helpAt(Annotated("IADD R0, ^"))->activeParameter, 1u);
  EXPECT_EQ(helpAt(Annotated("IADD R0, -R1^, R2 ;"))->activeParameter, 1u);
  EXPECT_EQ(helpAt(Annotated("IADD R0, R1, ^R2 ;"))->activeParameter, 2u);
  EXPECT_EQ(helpAt(Annotated("IADD R0, R1, c[0x0][0x4^] ;"))->activeParameter, 2u);
}

TEST(SignatureHelp, ActiveSignatureIsTheMatchedForm) {
  // `IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp}` (000_ialu.txt:125); R1 is no predicate, so pu is
  // left out and P0 fills pp, parameter 4 of the form.
  const auto h = helpAt(Annotated("IADD.X R0, R1, R2, P^0 ;"));
  ASSERT_TRUE(h);
  EXPECT_EQ(h->activeSignature, 1u);
  EXPECT_EQ(h->activeParameter, 4u);
  // With pu written, R1 is Ra (parameter 2).
  EXPECT_EQ(helpAt(Annotated("IADD.X R0, P1, R^1, R2 ;"))->activeParameter, 2u);
}

TEST(SignatureHelp, ActiveSignatureOfAnUnfinishedLine) {
  // IMAD.HI.X fits only `IMAD.HI.X{.itype} Rd{, pu}, Ra, SrcB, {-}SrcC{, {!}pp}` (000_ialu.txt:253);
  // after R1 the next operand is Ra (pu left out), parameter 2.
  const auto h = helpAt(Annotated("IMAD.HI.X R1, ^"));
  ASSERT_TRUE(h);
  ASSERT_EQ(h->signatures.size(), 2u);
  EXPECT_EQ(h->activeSignature, 1u);
  EXPECT_EQ(h->activeParameter, 2u);
  EXPECT_NE(h->signatures[1].documentation.find("扩展位宽模式"), std::string::npos);
  // IMAD with four operands written: the first form (:252) takes up to five.
  EXPECT_EQ(helpAt(Annotated("IMAD R0, R1, R2, ^"))->activeSignature, 0u);
  // Six operands: only :253 has six slots (Rd, pu, Ra, SrcB, SrcC, pp).
  EXPECT_EQ(helpAt(Annotated("IMAD R0, P0, R1, R2, R3, ^"))->activeSignature, 1u);
}

TEST(SignatureHelp, NoneOutsideAnOperandList) {
  EXPECT_FALSE(helpAt(Annotated("IA^DD R0, R1, R2 ;")));
  EXPECT_FALSE(helpAt(Annotated("IADD R0, R1, R2 ; // IADD R0, ^")));
  EXPECT_FALSE(helpAt(Annotated("FOO R0, ^")));
  EXPECT_FALSE(helpAt(Annotated("^")));
  const auto snap = ide::Snapshot::analyse(db(), "IADD R0, R1, R2 ;");
  EXPECT_FALSE(ide::getSignatureHelp(*snap, 1000));
  const std::string bytes = "IADD \xff\xfe, \x80, ";
  const auto bad = ide::Snapshot::analyse(db(), bytes);
  for (std::uint32_t i = 0; i <= bytes.size(); ++i) (void)ide::getSignatureHelp(*bad, i);
  const auto h = ide::getSignatureHelp(*bad, static_cast<std::uint32_t>(bytes.size()));
  ASSERT_TRUE(h);
  EXPECT_EQ(h->activeParameter, 2u);
  std::string longLine = "IADD R0";
  while (longLine.size() < 10000) longLine += ", R1";
  const auto big = ide::Snapshot::analyse(db(), longLine);
  const auto far = ide::getSignatureHelp(*big, static_cast<std::uint32_t>(longLine.size()));
  ASSERT_TRUE(far);  // more operands than any form: the comma count, the first form
  EXPECT_EQ(far->activeSignature, 0u);
  EXPECT_GT(far->activeParameter, 2000u);
}

}  // namespace
}  // namespace gpuasm::featuretest
