// Hover: the markdown shown on a mnemonic, a modifier, an operand and a guard, checked against
// the spec text it must quote (line numbers of isa-db/spec/*.txt and errata.isa are cited at
// each expectation), plus the inputs where no hover must appear and must not crash.
#include "Annotated.h"

#include <gpuasm/ide/Hover.h>

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace gpuasm::featuretest {
namespace {

// Substring checks that print the whole hover when they fail.
::testing::AssertionResult has(const std::string& markdown, std::string_view needle) {
  if (markdown.find(needle) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "missing:\n" << needle << "\nin:\n" << markdown;
}

::testing::AssertionResult lacks(const std::string& markdown, std::string_view needle) {
  if (markdown.find(needle) == std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "unexpected:\n" << needle << "\nin:\n" << markdown;
}

std::optional<ide::HoverInfo> hoverAt(const Annotated& a) {
  const auto snap = a.snapshot();
  return ide::getHover(*snap, a.cursor);
}

// --------------------------------------------------------------------------- mnemonic

TEST(Hover, MnemonicShowsDescriptionFormsAndEncoding) {
  const Annotated a("[[IA^DD]] R0, R1, R2 ;\n");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  // 000_ialu.txt:129 and :131, the __Description of IADD, verbatim.
  EXPECT_TRUE(has(h->markdown, "进行整数加法，即Rd = Ra + SrcB。"));
  EXPECT_TRUE(has(h->markdown, "加法是对输入整数的二进制补码进行的，因此不区分有无符号。"));
  // 000_ialu.txt:124-125, the two syntax forms, inside an asm fence.
  EXPECT_TRUE(has(h->markdown, "```asm\nIADD   Rd,       {-}Ra, {-}SrcB          $sched $req ;\n"
                                     "IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp} $sched $req ;\n```"));
  // tests/asm/valid.asm style: IADD_RR (000_ialu.txt:180), rd at 16, ra at 24, rb at 32.
  EXPECT_TRUE(has(h->markdown, "**Encoding** (IADD_RR): `0x00001c3c000000000000000201007000`"));
  EXPECT_TRUE(has(h->markdown, "| field | bits | value |"));
  EXPECT_TRUE(has(h->markdown, "| rd | 23:16 | R0 (0) |"));
  EXPECT_TRUE(has(h->markdown, "| ra | 31:24 | R1 (1) |"));
  EXPECT_TRUE(has(h->markdown, "| rb | 39:32 | R2 (2) |"));
  EXPECT_TRUE(has(h->markdown, "| optype | 7:0 | IADD (0) |"));
  // 000_ialu.txt:116, `field<98, 3> Pred pp = PT;`: the default is in the table too.
  EXPECT_TRUE(has(h->markdown, "| pp | 100:98 | PT (7) |"));
}

TEST(Hover, MnemonicListsErrataThatChangeBehaviour) {
  const Annotated a("^IADD R0, R1, R2 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  // errata.isa L-20 targets IADD and affects the simulator and hover; its decision's first sentence.
  EXPECT_TRUE(has(h->markdown, "**gpuasm decisions**"));
  EXPECT_TRUE(has(h->markdown, "- L-20: The simulator evaluates every add-with-carry as one exact unsigned addition"));
  EXPECT_TRUE(has(h->markdown, "pu = (s >= 2^32); for IMAD_WIDE and UIMAD_WIDE the width is 64 (Rd = s mod 2^64, pu = s >= 2^64).\n"));
  // L-51 (CvtINegX) targets IADD too; L-1 is an [ALL] entry about the loader and must not show.
  EXPECT_TRUE(has(h->markdown, "- L-51: "));
  EXPECT_TRUE(lacks(h->markdown, "- L-1:"));
}

TEST(Hover, MnemonicPartCoversTheWholeMnemonicAndExplainsWrittenModifiers) {
  // The line of tests/asm/valid.asm:5 with its expected word.
  const Annotated a("[[IMAD.WI^DE]].U32 R[10:11], R8, 0x4, R[12:13] ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  EXPECT_TRUE(has(h->markdown, "### IMAD.WIDE\n"));
  // 000_ialu.txt:476, description; :472, the domain line in the forms block.
  EXPECT_TRUE(has(h->markdown, "进行64bit整数乘加运算，即Rd = Ra * SrcB + SrcC"));
  EXPECT_TRUE(has(h->markdown, ".itype = {.S32*, .U32}\n```"));
  // 000_ialu.txt:503, the __ModifierInfo line that mentions .U32.
  EXPECT_TRUE(has(h->markdown, "`.U32`\n\n.itype可取值.S32（默认，可省略）或.U32，分别表示将Ra和SrcB视为有符号数或无符号数进行乘法计算。"));
  // 000_ialu.txt:505 speaks of .X only; .X is not written on this line.
  EXPECT_TRUE(lacks(h->markdown, "启用.X修饰符"));
  EXPECT_TRUE(has(h->markdown, "`0x00001c3c0000200c00000004080a7602`"));
  EXPECT_TRUE(has(h->markdown, "| itype | 77:77 | U32 (1) |"));
  EXPECT_TRUE(has(h->markdown, "| vb | 63:32 | 0x4 |"));  // IMAD_WIDE_RIR, SImm32 at 32 (000_ialu.txt:566)
}

TEST(Hover, MnemonicOfALineThatDoesNotAssembleHasNoEncoding) {
  const Annotated a("IAD^D R0, R1 ;");  // IADD takes three operands (000_ialu.txt:124)
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_TRUE(has(h->markdown, "进行整数加法"));
  EXPECT_TRUE(lacks(h->markdown, "**Encoding**"));
}

TEST(Hover, OptypeWithoutDescriptionNamesTheErratum) {
  // MOVM has no __Description (002_sync.txt:186-200); errata.isa L-4a infers its form.
  const Annotated a("MO^VM R0, R1 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_TRUE(has(h->markdown, "The spec gives no description of MOVM"));
  EXPECT_TRUE(has(h->markdown, "L-4a"));
  EXPECT_TRUE(has(h->markdown, "MOVM Rd, Ra      $sched $req ;   // inferred by gpuasm (erratum L-4a), not the spec's"));
  EXPECT_TRUE(has(h->markdown, "- L-4a: Add one INFERRED form (not the spec's), built from MOVM_R's"));

  // UF2FP: L-4d adds its form, L-5 records its missing semantics; both target it.
  const Annotated u("UF2^FP UR0, UR1, UR2, UR3 ;");
  const auto hu = hoverAt(u);
  ASSERT_TRUE(hu);
  EXPECT_TRUE(has(hu->markdown, "The spec gives no description of UF2FP"));
  EXPECT_TRUE(has(hu->markdown, "L-4d"));
}

// --------------------------------------------------------------------------- modifiers

TEST(Hover, LiteralModifierShowsItsFieldMeaningAndValues) {
  const Annotated a("IADD.[[^X]] R0, PT, R1, R2 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  // 000_ialu.txt:119 `field<76, 1> IExt ext = NoX;`
  EXPECT_TRUE(has(h->markdown, "Sets field `ext` (type IExt, bits 76:76) to X."));
  // 000_ialu.txt:155, the only __ModifierInfo line of IADD.
  EXPECT_TRUE(has(h->markdown, ".X修饰符表示带有输入/输出进位的扩展位宽加法，接受一个额外的进位输入，产生一个额外的进位输出。"));
  EXPECT_TRUE(has(h->markdown, "- `NoX` (default)\n- `X`\n"));
}

TEST(Hover, RoundingModifierListsTheDomainWithItsDefault) {
  const Annotated a("FADD.[[R^Z]] R0, R1, R2 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  // 004_falu.txt:15 `field<78, 2> FPRound rnd = RN;`
  EXPECT_TRUE(has(h->markdown, "a value of `.rnd`"));
  EXPECT_TRUE(has(h->markdown, "Sets field `rnd` (type FPRound, bits 79:78) to RZ."));
  // 004_falu.txt:45 and the table row at :52 under its header (:47-48).
  EXPECT_TRUE(has(h->markdown, ".rnd可取.RN（默认值，可省略）、.RP、.RM和.RZ，表示计算结果的舍入模式："));
  EXPECT_TRUE(has(h->markdown, "| .rnd  | 舍入模式 |\n|:--:|:---|\n|.RZ | 尾数向零（原点）舍入 |\n"));
  EXPECT_TRUE(lacks(h->markdown, "|.RP |"));
  // 004_falu.txt:26 `.rnd = {.RN*, .RP, .RM, .RZ}`
  EXPECT_TRUE(has(h->markdown, "- `.RN` (default)\n- `.RP`\n- `.RM`\n- `.RZ`\n"));
}

TEST(Hover, ModifierOnALineThatDoesNotAssembleStillExplains) {
  const Annotated a("FADD.FT^Z R0 ;");  // too few operands
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  // 004_falu.txt:54
  EXPECT_TRUE(has(h->markdown, "可选修饰符.FTZ表示如果输入/输出中有非规格化浮点数"));
  EXPECT_TRUE(has(h->markdown, "Sets field `ftz`"));
}

TEST(Hover, UnknownModifierHasNoHover) {
  EXPECT_FALSE(hoverAt(Annotated("IADD.R^Z R0, R1, R2 ;")));  // IADD's forms take only .X
  EXPECT_FALSE(hoverAt(Annotated("FADD.Q^Q R0, R1, R2 ;")));
}

// --------------------------------------------------------------------------- operands

TEST(Hover, WideDestinationIs64Bits) {
  // `]]]` would close the range marker one bracket early, so the expected range is computed.
  const Annotated a("IMAD.WIDE R[^0:1], R2, R3, R[4:5] ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, (syntax::ByteRange{10, 16}));
  // 000_ialu.txt:554 `Bitwidth<rd> = 64;` of IMAD_WIDE_RRR
  EXPECT_TRUE(has(h->markdown, "Operand `Rd` of IMAD.WIDE (output)"));
  EXPECT_TRUE(has(h->markdown, "- Width: 64 bits (`Bitwidth<rd>` of IMAD_WIDE_RRR)"));
  EXPECT_TRUE(has(h->markdown, "general-purpose register (GPR)"));
  EXPECT_TRUE(has(h->markdown, "- Legal sources of `Rd`: GPR\n"));

  // Ra of the same line: 000_ialu.txt:555 `Bitwidth<ra> = 32;`
  const auto ra = hoverAt(Annotated("IMAD.WIDE R[0:1], ^R2, R3, R[4:5] ;"));
  ASSERT_TRUE(ra);
  EXPECT_TRUE(has(ra->markdown, "Operand `Ra` of IMAD.WIDE (input)"));
  EXPECT_TRUE(has(ra->markdown, "- Width: 32 bits"));
}

TEST(Hover, SourceSlotListsEveryVariantsKind) {
  const Annotated a("IADD R0, R1, c[0x0][^0x10] ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, (syntax::ByteRange{13, 25}));
  // IADD_RR rb Reg, IADD_RU urb UReg, IADD_RI vb SImm32, IADD_RC vb CMem (000_ialu.txt:180-230).
  EXPECT_TRUE(has(h->markdown, "- Kind: constant memory c[bank][offset] (type CMem)"));
  EXPECT_TRUE(has(h->markdown, "- Field: `vb`, bits 53:32 of IADD_RC"));
  EXPECT_TRUE(has(h->markdown, "- Legal sources of `SrcB`: GPR, UR, immediate (SImm32), constant memory\n"));
}

TEST(Hover, OmittedOptionalOperandShiftsTheSlots) {
  // IADD.X Rd{ ,pu}, Ra, ... (000_ialu.txt:125): without pu, R1 is Ra.
  const auto ra = hoverAt(Annotated("IADD.X R0, ^R1, R2 ;"));
  ASSERT_TRUE(ra);
  EXPECT_TRUE(has(ra->markdown, "Operand `Ra` of IADD"));
  // With it, P0 is pu, a predicate (000_ialu.txt:117 `Pred pu`).
  const auto pu = hoverAt(Annotated("IADD.X R0, ^P0, R1, R2 ;"));
  ASSERT_TRUE(pu);
  EXPECT_TRUE(has(pu->markdown, "Operand `pu` of IADD (output)"));
  EXPECT_TRUE(has(pu->markdown, "- Kind: predicate"));
  EXPECT_TRUE(has(pu->markdown, "- Legal sources of `pu`: predicate\n"));
}

TEST(Hover, ImmediateOperand) {
  const auto h = hoverAt(Annotated("IADD R0, R1, -0x11^4514 ;"));
  ASSERT_TRUE(h);
  // IADD_RI: `field<32, 32> SImm32 vb;` (000_ialu.txt:212)
  EXPECT_TRUE(has(h->markdown, "- Kind: signed immediate of type SImm32"));
  EXPECT_TRUE(has(h->markdown, "- Field: `vb`, bits 63:32 of IADD_RI"));
}

TEST(Hover, OperandOfALineThatDoesNotAssemble) {
  // IADD has no form with four operands; the hover must not invent a slot.
  const auto h = hoverAt(Annotated("IADD R0, R1, R2, ^R3 ;"));
  ASSERT_TRUE(h);
  EXPECT_TRUE(has(h->markdown, "no syntax form of IADD has a slot for it here"));
  // A wrong kind in a slot that exists: the written kind, and the slot's legal sources.
  const auto p = hoverAt(Annotated("IADD ^P0, R1, R2 ;"));
  ASSERT_TRUE(p);
  EXPECT_TRUE(lacks(p->markdown, "- Width:"));
}

// --------------------------------------------------------------------------- guard

TEST(Hover, GuardPredicatesTheInstruction) {
  const Annotated a("[[@P^0]] IADD R0, R1, R2 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  EXPECT_TRUE(has(h->markdown, "predicates the instruction. Lanes where P0 is false do nothing"));
  EXPECT_TRUE(has(h->markdown, "field `pg`, bits 14:12"));  // 000_ialu.txt:106
  const auto n = hoverAt(Annotated("@!P^2 IADD R0, R1, R2 ;"));
  ASSERT_TRUE(n);
  EXPECT_TRUE(has(n->markdown, "Lanes where P2 is true do nothing"));
}

// --------------------------------------------------------------------------- no hover, no crash

TEST(Hover, NothingOnWhitespaceCommentsAndPastTheEnd) {
  EXPECT_FALSE(hoverAt(Annotated("IADD^ R0, R1, R2 ;")));          // the blank after the mnemonic
  EXPECT_FALSE(hoverAt(Annotated("IADD R0,^ R1, R2 ;")));
  EXPECT_FALSE(hoverAt(Annotated("IADD R0, R1, R2 ; // IA^DD")));  // in a trailing comment
  EXPECT_FALSE(hoverAt(Annotated("// IA^DD R0, R1, R2 ;\n")));
  EXPECT_FALSE(hoverAt(Annotated("  ^  \n")));
  EXPECT_FALSE(hoverAt(Annotated("^")));                           // empty document
  const Annotated a("IADD R0, R1, R2 ;");
  const auto snap = a.snapshot();
  EXPECT_FALSE(ide::getHover(*snap, static_cast<std::uint32_t>(a.text.size())));
  EXPECT_FALSE(ide::getHover(*snap, 100000));
  EXPECT_FALSE(hoverAt(Annotated("FRO^B R0, R1 ;")));               // unknown mnemonic
}

TEST(Hover, EveryOffsetOfMessyTextIsSafe) {
  // Syntax errors, invalid UTF-8, CRLF, unknown names, stray tokens: every offset answers or not,
  // and an answer always covers the offset.
  const std::string text =
      "@!P2 IADD.X R1, PT, R3, ~R5, P0 ;  // ok\r\n"
      "IADD R0, , R2 ;\n"
      "FADD.FTZ.SAT.RZ R0, |R1|, -0.25 ;\n"
      "IMAD.WIDE R[0:1], R2, \xff\xfe, R[4:5] ;\n"
      "MOV R0, c[0x0][UR4+0x10] ;\n"
      "ISETP.GE.AND P0, PT, R1, R2, PT ;\n"
      "BOGUS.X R0 ;\n"
      "\xc3\x28 IADD R0 R1\n"
      "IADD.X.X.X R0 ;\n"
      "@ IADD ;\n"
      "FADD.RZ";
  const auto snap = ide::Snapshot::analyse(db(), text);
  std::size_t answers = 0;
  for (std::uint32_t o = 0; o <= text.size() + 2; ++o) {
    const auto h = ide::getHover(*snap, o);
    if (!h) continue;
    ++answers;
    EXPECT_LE(h->range.begin, o);
    EXPECT_LT(o, h->range.end);
    EXPECT_FALSE(h->markdown.empty());
  }
  EXPECT_GT(answers, 50u);
}

}  // namespace
}  // namespace gpuasm::featuretest
