// Encoding hints: the words are the listing's, checked here against words worked out from the
// spec's field positions (tests/asm/valid.asm checks the encoder itself the same way).
#include "Annotated.h"

#include <gpuasm/ide/asm/InlayHints.h>

#include <gtest/gtest.h>

namespace gpuasm::featuretest {
namespace {

constexpr std::uint32_t kAll = 0xFFFFFFFFu;

// IADD_RR, 000_ialu.txt:109-121 and 180: optype IADD, rd<16,8> = R0, ra<24,8> = R1,
// rb = R2 at bit 32, pp<98,3> = PT (7) with pp.not<101,1> = True (bits 98-101: 0x3c << 96),
// pu<106,3> = PT (0x1c00 << 96); the low 16 bits 0x7000 are the optype and variant.
constexpr const char* kIaddR0R1R2 = "0x00001c3c000000000000000201007000";

TEST(InlayHints, ShowsTheEncodingAtTheEndOfTheLine) {
  const Annotated a("IADD R0, R1, R2 ;  // sum[[]]  \n");
  const auto snap = a.snapshot();
  const auto hints = ide::getEncodingHints(*snap, {0, kAll});
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0].label, kIaddR0R1R2);
  EXPECT_EQ(hints[0].offset, a.ranges[0].begin);  // after the comment, before the trailing blanks
  EXPECT_TRUE(hints[0].paddingLeft);
  EXPECT_NE(hints[0].tooltip.find("IADD_RR"), std::string::npos) << hints[0].tooltip;
  EXPECT_NE(hints[0].tooltip.find("`IADD Rd, {-}Ra, {-}SrcB ;`"), std::string::npos) << hints[0].tooltip;
  EXPECT_NE(hints[0].tooltip.find("000_ialu.txt:180"), std::string::npos) << hints[0].tooltip;
}

TEST(InlayHints, TheLabelIsTheListingsWord) {
  const Annotated a("IADD R0, R1, -0x114514 ;\n@!P2 IADD.X R1, PT, R3, ~R5, P0 ;\r\n");
  const auto hints = ide::getEncodingHints(*a.snapshot(), {0, kAll});
  ASSERT_EQ(hints.size(), 2u);
  // tests/asm/valid.asm:3-4.
  EXPECT_EQ(hints[0].label, "0x00001c3c00000000ffeebaec01007200");
  EXPECT_EQ(hints[1].label, "0x00001c0200001000000000050301a000");
  EXPECT_EQ(hints[1].offset, a.text.find('\r'));  // before the CR of a CRLF line end
}

TEST(InlayHints, BrokenStatementsGetNone) {
  const Annotated a("IADD.SAT R0, R1, R2 ;\nIADD R0, R1 ;\nIADD R0, R1, R2\n[[IADD R0, R1, R2 ;]]\n");
  const auto hints = ide::getEncodingHints(*a.snapshot(), {0, kAll});
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0].offset, a.ranges[0].end);
  EXPECT_EQ(hints[0].label, kIaddR0R1R2);
}

TEST(InlayHints, StatementsSharingALineEachGetTheirOwnPlace) {
  const Annotated a("IADD R0, R1, R2 ;[[]] IADD R0, R1, R2 ;[[]]\n");
  const auto hints = ide::getEncodingHints(*a.snapshot(), {0, kAll});
  ASSERT_EQ(hints.size(), 2u);
  EXPECT_EQ(hints[0].offset, a.ranges[0].begin);
  EXPECT_EQ(hints[1].offset, a.ranges[1].begin);
}

TEST(InlayHints, OnlyTheVisibleRange) {
  const Annotated a("IADD R0, R1, R2 ;\nIADD R0, R1, R2 ;\n[[IADD R3, R1, R2 ;\n]]IADD R0, R1, R2 ;\n");
  const auto hints = ide::getEncodingHints(*a.snapshot(), a.ranges[0]);
  ASSERT_EQ(hints.size(), 1u);
  // rd<16,8> = R3 changes byte 2 of the word.
  EXPECT_EQ(hints[0].label, "0x00001c3c000000000000000201037000");
}

TEST(InlayHints, BadInputNeverCrashes) {
  EXPECT_TRUE(ide::getEncodingHints(*Annotated("").snapshot(), {0, kAll}).empty());
  EXPECT_TRUE(
      ide::getEncodingHints(*Annotated("// IADD R0, R1, R2 ;\n/* IADD R0, R1, R2 ; */").snapshot(), {0, kAll})
          .empty());
  EXPECT_TRUE(ide::getEncodingHints(*Annotated("IADD R0, R1, R2 ;\n").snapshot(), {500, 600}).empty());
  const Annotated bad("\xff\xfe IADD R0, R1, R2 ;\nIADD R0, R1, R2 ; // \xc3\n");
  const auto hints = ide::getEncodingHints(*bad.snapshot(), {0, kAll});
  for (const auto& h : hints) EXPECT_LE(h.offset, bad.text.size());
  ASSERT_FALSE(hints.empty());
  EXPECT_EQ(hints.back().label, kIaddR0R1R2);
}

}  // namespace
}  // namespace gpuasm::featuretest
