// Completion: mnemonics and form snippets at a statement's start, the modifiers legal after a dot
// (slot order, defaults, already-written slots), operands per slot kind, guards, nothing in
// comments, and bad input. Expectations are read off the spec text; each cites its lines.
#include "Annotated.h"

#include <gpuasm/ide/asm/Completion.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::featuretest {
namespace {

using ide::CompletionItem;
using ide::CompletionKind;

std::vector<CompletionItem> completeAt(const Annotated& a) {
  const auto snap = a.snapshot();
  return ide::getCompletions(*snap, a.cursor);
}

const CompletionItem* find(const std::vector<CompletionItem>& items, std::string_view label) {
  const auto it =
      std::find_if(items.begin(), items.end(), [&](const CompletionItem& i) { return i.label == label; });
  return it == items.end() ? nullptr : &*it;
}

std::string labels(const std::vector<CompletionItem>& items) {
  std::string out;
  for (const auto& i : items) out += i.label + " ";
  return out;
}

// The labels, sorted, to compare with an expected set.
std::vector<std::string> sortedLabels(const std::vector<CompletionItem>& items) {
  std::vector<std::string> out;
  for (const auto& i : items) out.push_back(i.label);
  std::sort(out.begin(), out.end());
  return out;
}

// --------------------------------------------------------------------------- mnemonics

TEST(Completion, StatementStartOffersEveryMnemonicAsTheFormsSpellIt) {
  const Annotated a("[[IM^]]");
  const auto items = completeAt(a);
  // 000_ialu.txt:124 IADD, :252 IMAD, :469 IMAD.WIDE (dotted), :661 IDP.2A, :1664 ISETP;
  // 001_udp.txt:86 UIADD.
  for (const char* m : {"IADD", "IMAD", "IMAD.WIDE", "IDP.2A", "IDP.4A", "ISETP", "UIADD"}) {
    const CompletionItem* item = find(items, m);
    ASSERT_NE(item, nullptr) << m << " missing from: " << labels(items);
    EXPECT_EQ(item->kind, CompletionKind::Mnemonic);
    EXPECT_EQ(item->range, a.ranges[0]) << m;
    EXPECT_EQ(item->insertText, m);
    EXPECT_FALSE(item->isSnippet);
  }
  // The optype names are not spellings: IMAD_WIDE is written IMAD.WIDE (000_ialu.txt:454, :469).
  EXPECT_EQ(find(items, "IMAD_WIDE"), nullptr);
  // 000_ialu.txt:259, the first sentence of IMAD's __Description.
  EXPECT_EQ(find(items, "IMAD")->detail, "进行整数乘加运算，即Rd = Ra * SrcB + SrcC。");
  EXPECT_NE(find(items, "IMAD")->documentation.find("IMAD.HI.X{.itype} Rd{, pu}"), std::string::npos);
}

TEST(Completion, StatementStartOffersASnippetPerSyntaxForm) {
  const auto items = completeAt(Annotated("^"));
  // 000_ialu.txt:1664 `ISETP.compop.boolop{.itype}   pu{, pv}, Ra, SrcB, {!}pp` with the
  // domains of :1668-1669; compop, boolop (:1653-1654) and pp (:1656) have no default, so they are
  // written; .itype, pv are optional and left out.
  const CompletionItem* isetp = find(items, "ISETP.compop.boolop{.itype} pu{, pv}, Ra, SrcB, {!}pp");
  ASSERT_NE(isetp, nullptr) << labels(items);
  EXPECT_EQ(isetp->kind, CompletionKind::Snippet);
  EXPECT_TRUE(isetp->isSnippet);
  EXPECT_EQ(isetp->insertText,
            "ISETP.${1|EQ,NE,LT,LE,GT,GE|}.${2|AND,OR,XOR|} ${3:pu}, ${4:Ra}, ${5:SrcB}, ${6:pp} ;");
  // 000_ialu.txt:253: IMAD.HI.X's literal modifiers are part of the snippet; the comment is the detail.
  const CompletionItem* hix = find(items, "IMAD.HI.X{.itype} Rd{, pu}, Ra, SrcB, {-}SrcC{, {!}pp}");
  ASSERT_NE(hix, nullptr) << labels(items);
  EXPECT_EQ(hix->insertText, "IMAD.HI.X ${1:Rd}, ${2:Ra}, ${3:SrcB}, ${4:SrcC} ;");
  EXPECT_EQ(hix->detail, "扩展位宽模式");
  // 001_udp.txt:15 `ULDC{.dtype} URd, c[UImm][URa+SImm]`: the address is a snippet too.
  const CompletionItem* uldc = find(items, "ULDC{.dtype} URd, c[UImm][URa+SImm]");
  ASSERT_NE(uldc, nullptr) << labels(items);
  EXPECT_EQ(uldc->insertText, "ULDC ${1:URd}, c[${2:0x0}][${3:URa}] ;");
}

TEST(Completion, MnemonicAfterAGuardReplacesOnlyTheTypedWord) {
  const Annotated a("@!P0 [[IMA^]]");
  const auto items = completeAt(a);
  const CompletionItem* imad = find(items, "IMAD");
  ASSERT_NE(imad, nullptr);
  EXPECT_EQ(imad->range, a.ranges[0]);
  // A block comment before the statement on the same line is skipped.
  const Annotated b("/* note */ [[IA^]]");
  const auto after = completeAt(b);
  ASSERT_NE(find(after, "IADD"), nullptr);
  EXPECT_EQ(find(after, "IADD")->range, b.ranges[0]);
}

TEST(Completion, GuardOffersThePredicates) {
  const Annotated a("@[[P^]]");
  const auto items = completeAt(a);
  // prelude.isa:497-505 Pred P0..P6, PT; :511 UPred for the uniform guard (docs/LANGUAGE.md).
  for (const char* p : {"P0", "P6", "PT", "UP0", "UPT"}) {
    ASSERT_NE(find(items, p), nullptr) << p;
    EXPECT_EQ(find(items, p)->kind, CompletionKind::Predicate);
    EXPECT_EQ(find(items, p)->range, a.ranges[0]);
  }
  EXPECT_EQ(find(items, "R0"), nullptr);
}

// --------------------------------------------------------------------------- modifiers

TEST(Completion, ModifiersAfterImad) {
  const Annotated a("IMAD.[[^]]");
  const auto items = completeAt(a);
  // 000_ialu.txt:252 `IMAD{.LO}{.itype}` and :253 `IMAD.HI.X{.itype}`, :255 `.itype = {.S32*, .U32}`,
  // and :469 IMAD.WIDE, whose next part is WIDE.
  EXPECT_EQ(sortedLabels(items), (std::vector<std::string>{"HI", "LO", "S32", "U32", "WIDE"}));
  // .LO is the encoding default (:242 `LOHI lohi = LO`), .S32 the domain's `*` (:255).
  EXPECT_TRUE(find(items, "LO")->isDefault);
  EXPECT_TRUE(find(items, "S32")->isDefault);
  EXPECT_NE(find(items, "S32")->detail.find("(default)"), std::string::npos);
  EXPECT_FALSE(find(items, "U32")->isDefault);
  EXPECT_FALSE(find(items, "HI")->isDefault);
  EXPECT_EQ(find(items, "WIDE")->kind, CompletionKind::Mnemonic);
  EXPECT_EQ(find(items, "U32")->kind, CompletionKind::Modifier);
  EXPECT_EQ(find(items, "U32")->range, a.ranges[0]);
  // :297 in __ModifierInfo, the line that explains .LO.
  EXPECT_NE(find(items, "LO")->detail.find("启用.LO修饰符时"), std::string::npos)
      << find(items, "LO")->detail;
}

TEST(Completion, ModifiersFollowTheSlotOrderOfTheForms) {
  // After .HI only .X may come (000_ialu.txt:253: `.HI.X{.itype}`; .X is not optional).
  EXPECT_EQ(sortedLabels(completeAt(Annotated("IMAD.HI.^"))), (std::vector<std::string>{"X"}));
  // After .HI.X, the .itype values (:253, :255).
  EXPECT_EQ(sortedLabels(completeAt(Annotated("IMAD.HI.X.^"))), (std::vector<std::string>{"S32", "U32"}));
  // .LO fills form :252's first slot: .itype remains; form :253 cannot take .LO.
  EXPECT_EQ(sortedLabels(completeAt(Annotated("IMAD.LO.^"))), (std::vector<std::string>{"S32", "U32"}));
  // .U32 fills .itype, the last slot of both forms: nothing is left.
  EXPECT_TRUE(completeAt(Annotated("IMAD.U32.^")).empty());
}

TEST(Completion, ModifiersOfIsetpStopAtTheFirstRequiredSlot) {
  // 000_ialu.txt:1664-1665 `ISETP.compop.boolop{.itype}[.X]`; compop and boolop have no encoding
  // default (:1653-1654), so .compop's values come first (:1668), then .boolop's (:1669).
  EXPECT_EQ(sortedLabels(completeAt(Annotated("ISETP.^"))),
            (std::vector<std::string>{"EQ", "GE", "GT", "LE", "LT", "NE"}));
  EXPECT_EQ(sortedLabels(completeAt(Annotated("ISETP.GE.^"))),
            (std::vector<std::string>{"AND", "OR", "XOR"}));
  // Then .itype (:1670, S32 the default) and the .X of the second form (:1665).
  const auto items = completeAt(Annotated("ISETP.GE.AND.^"));
  EXPECT_EQ(sortedLabels(items), (std::vector<std::string>{"S32", "U32", "X"}));
  EXPECT_TRUE(find(items, "S32")->isDefault);
  // The typed part of a modifier is the replaced range; the written ones are not offered again.
  const Annotated partial("ISETP.GE.AND.[[U^]]");
  const auto typed = completeAt(partial);
  ASSERT_NE(find(typed, "U32"), nullptr);
  EXPECT_EQ(find(typed, "U32")->range, partial.ranges[0]);
  EXPECT_EQ(find(typed, "GE"), nullptr);
  EXPECT_EQ(find(typed, "AND"), nullptr);
}

TEST(Completion, ModifiersOfShfRespectSlotOrderAndAliases) {
  // 000_ialu.txt:2269 `SHF.direction{.lohi}{.cwmod}{.itype}` with the domains of :2271-2274.
  EXPECT_EQ(sortedLabels(completeAt(Annotated("SHF.^"))), (std::vector<std::string>{"L", "R"}));
  const auto afterL = completeAt(Annotated("SHF.L.^"));
  EXPECT_EQ(sortedLabels(afterL),
            (std::vector<std::string>{"CLAMP", "HI", "LO", "S32", "S64", "U32", "U64", "WRAP"}));
  for (const char* d : {"LO", "CLAMP", "S32"}) EXPECT_TRUE(find(afterL, d)->isDefault) << d;
  for (const char* d : {"HI", "WRAP", "U64"}) EXPECT_FALSE(find(afterL, d)->isDefault) << d;
  // After .WRAP (the .cwmod slot) only .itype remains: .lohi comes before .cwmod.
  EXPECT_EQ(sortedLabels(completeAt(Annotated("SHF.L.WRAP.^"))),
            (std::vector<std::string>{"S32", "S64", "U32", "U64"}));
}

TEST(Completion, DottedMnemonicsContinue) {
  // 000_ialu.txt:661 `IDP.2A…`, :837 `IDP.4A.afmt.bfmt`: IDP alone is no mnemonic.
  EXPECT_EQ(sortedLabels(completeAt(Annotated("IDP.^"))), (std::vector<std::string>{"2A", "4A"}));
  // :837, :839-840: .afmt then .bfmt, both {.S8, .U8}, neither with a default.
  const auto afmt = completeAt(Annotated("IDP.4A.^"));
  EXPECT_EQ(sortedLabels(afmt), (std::vector<std::string>{"S8", "U8"}));
  EXPECT_FALSE(find(afmt, "S8")->isDefault);
  EXPECT_EQ(sortedLabels(completeAt(Annotated("IDP.4A.S8.^"))), (std::vector<std::string>{"S8", "U8"}));
  EXPECT_TRUE(completeAt(Annotated("IDP.4A.S8.U8.^")).empty());
  // Unknown mnemonic: nothing.
  EXPECT_TRUE(completeAt(Annotated("FOO.^")).empty());
}

// --------------------------------------------------------------------------- operands

TEST(Completion, PredicateSlotOffersPredicatesOnly) {
  // 000_ialu.txt:1664: the first operand of ISETP is pu, `Pred pu` (:1660).
  const Annotated a("ISETP.GE.AND [[^]]");
  const auto items = completeAt(a);
  for (const char* p : {"P0", "P6", "PT"}) {
    ASSERT_NE(find(items, p), nullptr) << p << ": " << labels(items);
    EXPECT_EQ(find(items, p)->kind, CompletionKind::Predicate);
    EXPECT_EQ(find(items, p)->range, a.ranges[0]);
  }
  EXPECT_EQ(find(items, "R0"), nullptr);
  EXPECT_EQ(find(items, "UP0"), nullptr);
  // After pu and pv the next slot is Ra, a `Reg` (:1649): registers, no predicates.
  const auto ra = completeAt(Annotated("ISETP.GE.AND P0, P1, ^"));
  EXPECT_NE(find(ra, "R0"), nullptr) << labels(ra);
  EXPECT_NE(find(ra, "RZ"), nullptr);
  EXPECT_EQ(find(ra, "P0"), nullptr);
  // After pu alone, the optional pv (`Pred pv = PT`, :1661) or Ra: both kinds.
  const auto either = completeAt(Annotated("ISETP.GE.AND P0, ^"));
  EXPECT_NE(find(either, "P1"), nullptr) << labels(either);
  EXPECT_NE(find(either, "R1"), nullptr);
}

TEST(Completion, RegisterSlotOffersTheRegisterFilesItsVariantsTake) {
  // IADD's Ra is `Reg ra` (000_ialu.txt:113): R0..R254 and RZ (prelude.isa:164, :420).
  const Annotated a("IADD R0, -[[R^]]");
  const auto ra = completeAt(a);
  ASSERT_NE(find(ra, "R1"), nullptr) << labels(ra);
  EXPECT_EQ(find(ra, "R1")->kind, CompletionKind::Register);
  EXPECT_EQ(find(ra, "R1")->range, a.ranges[0]);
  EXPECT_NE(find(ra, "RZ"), nullptr);
  EXPECT_EQ(find(ra, "UR1"), nullptr);
  EXPECT_EQ(find(ra, "P0"), nullptr);
  // SrcB: IADD_RR's `Reg rb` (:183), IADD_RU's `UReg urb` (:197), IADD_RI's immediate (:212,
  // nothing to offer) and IADD_RC's `CMem vb` (:224), a c[bank][offset] snippet.
  const auto srcb = completeAt(Annotated("IADD R0, R1, ^"));
  EXPECT_NE(find(srcb, "R2"), nullptr) << labels(srcb);
  EXPECT_NE(find(srcb, "UR2"), nullptr);
  EXPECT_NE(find(srcb, "URZ"), nullptr);
  const CompletionItem* cmem = find(srcb, "c[0x0][0x0]");
  ASSERT_NE(cmem, nullptr);
  EXPECT_TRUE(cmem->isSnippet);
  EXPECT_EQ(cmem->insertText, "c[${1:0x0}][${2:0x0}]");
  // Registers sort in the type's order: R2 before R10.
  EXPECT_LT(find(srcb, "R2")->sortText, find(srcb, "R10")->sortText);
  // IADD takes two operands and a third slot does not exist (:124).
  EXPECT_TRUE(completeAt(Annotated("IADD R0, R1, R2, ^")).empty());
}

TEST(Completion, WideSlotsOfferAlignedRegisterRanges) {
  // IMAD_WIDE_RRR: Bitwidth<rd> = 64 (000_ialu.txt:553): Rd is a pair R[2n:2n+1]; RZ stands for
  // a wide zero. Ra is 32-bit (:554).
  const auto rd = completeAt(Annotated("IMAD.WIDE ^"));
  EXPECT_NE(find(rd, "R[0:1]"), nullptr) << labels(rd);
  EXPECT_NE(find(rd, "R[252:253]"), nullptr);
  EXPECT_NE(find(rd, "RZ"), nullptr);
  EXPECT_EQ(find(rd, "R0"), nullptr);
  EXPECT_EQ(find(rd, "R[1:2]"), nullptr);      // not aligned
  EXPECT_EQ(find(rd, "R[254:255]"), nullptr);  // R255 is not an ordinary register (RZ)
  const auto ra = completeAt(Annotated("IMAD.WIDE R[0:1], ^"));
  EXPECT_NE(find(ra, "R2"), nullptr) << labels(ra);
  EXPECT_EQ(find(ra, "R[2:3]"), nullptr);
  // ULDC: Bitwidth<urd> = 32 + (dtype=="64")*32 (001_udp.txt:66): the width follows .dtype.
  EXPECT_NE(find(completeAt(Annotated("ULDC.64 ^")), "UR[4:5]"), nullptr);
  EXPECT_NE(find(completeAt(Annotated("ULDC ^")), "UR4"), nullptr);
  EXPECT_EQ(find(completeAt(Annotated("ULDC ^")), "UR[4:5]"), nullptr);
}

TEST(Completion, PrefixesLimitTheSlotsOffered) {
  // IABS Rd, {-}SrcB (000_ialu.txt:1276): only the immediate variant negates; IABS_R has no
  // rb.neg bit (L-50), so after '-' no register fits.
  EXPECT_TRUE(completeAt(Annotated("IABS R0, -^")).empty());
  EXPECT_NE(find(completeAt(Annotated("IABS R0, ^")), "R1"), nullptr);
  // IADD.X: CvtINegX writes Ra's negation '~' under .X (000_ialu.txt:134, :152, L-51).
  EXPECT_NE(find(completeAt(Annotated("IADD.X R0, P0, ~^")), "R2"), nullptr);
  EXPECT_EQ(find(completeAt(Annotated("IADD.X R0, P0, -^")), "R2"), nullptr);
}

TEST(Completion, NothingAfterAWholeOperand) {
  // After `R2 ` only ',' or ';' can follow.
  EXPECT_TRUE(completeAt(Annotated("IADD R0, R1, R2 ^")).empty());
  EXPECT_NE(find(completeAt(Annotated("IADD R0, R1, R^")), "R2"), nullptr);
}

TEST(Completion, ModifiersAnEncodingRuleRejectsAreLeftOut) {
  // MUFU's legal (mufuop, dtype) pairs (003_xu.txt:79-87, enforced by errata.isa:951-952):
  // SQRT takes only .F32; RCP .F32 or .F64 (the alias of F64H, errata.isa:393).
  const auto sqrt = completeAt(Annotated("MUFU.SQRT.^"));
  EXPECT_NE(find(sqrt, "F32"), nullptr) << labels(sqrt);
  EXPECT_EQ(find(sqrt, "F16"), nullptr);
  EXPECT_EQ(find(sqrt, "F64"), nullptr);
  const auto rcp = completeAt(Annotated("MUFU.RCP.^"));
  EXPECT_NE(find(rcp, "F64"), nullptr) << labels(rcp);
  EXPECT_EQ(find(rcp, "F16"), nullptr);
}

TEST(Completion, UniformInstructionsOfferUniformRegisters) {
  // 001_udp.txt:86 `UIADD URd, {-}URa, {-}SrcB`: URa is a UReg.
  const auto ura = completeAt(Annotated("UIADD UR0, ^"));
  EXPECT_NE(find(ura, "UR1"), nullptr) << labels(ura);
  EXPECT_EQ(find(ura, "R1"), nullptr);
  // :87 `UIADD.X URd{, upu}, …`: the second operand is upu (a UPred) or URa.
  const auto x = completeAt(Annotated("UIADD.X UR0, ^"));
  EXPECT_NE(find(x, "UP0"), nullptr) << labels(x);
  EXPECT_NE(find(x, "UR1"), nullptr);
  EXPECT_EQ(find(x, "P0"), nullptr);
}

TEST(Completion, NothingForImmediatesAddressesOrUnknownMnemonics) {
  EXPECT_TRUE(completeAt(Annotated("IADD R0, R1, 0x^")).empty());
  EXPECT_TRUE(completeAt(Annotated("IADD R0, R1, c[0x0][^")).empty());
  EXPECT_TRUE(completeAt(Annotated("FOO R0, ^")).empty());
  EXPECT_TRUE(completeAt(Annotated("IADD, ^")).empty());
}

// --------------------------------------------------------------------------- comments and bad input

TEST(Completion, NothingInComments) {
  EXPECT_TRUE(completeAt(Annotated("IADD R0, R1, R2 ; // IM^")).empty());
  EXPECT_TRUE(completeAt(Annotated("// IADD R0, ^")).empty());
  EXPECT_TRUE(completeAt(Annotated("/* IA^ */ IADD R0, R1, R2 ;")).empty());
  EXPECT_TRUE(completeAt(Annotated("/* a\nIMAD.^\n*/")).empty());
  // Right after a closed block comment the statement starts.
  EXPECT_NE(find(completeAt(Annotated("/* a */^")), "IADD"), nullptr);
}

TEST(Completion, SecondStatementOnALine) {
  const Annotated a("MOV R0, R1 ; IMAD.[[^]]");
  EXPECT_EQ(sortedLabels(completeAt(a)), (std::vector<std::string>{"HI", "LO", "S32", "U32", "WIDE"}));
}

TEST(Completion, BadInputNeverCrashes) {
  const auto empty = ide::Snapshot::analyse(db(), "");
  EXPECT_NE(find(ide::getCompletions(*empty, 0), "IADD"), nullptr);  // an empty document starts a statement
  EXPECT_TRUE(ide::getCompletions(*empty, 5).empty());

  const auto snap = ide::Snapshot::analyse(db(), "IADD R0, R1, R2 ;\n");
  EXPECT_TRUE(ide::getCompletions(*snap, 1000).empty());
  EXPECT_TRUE(ide::getCompletions(*snap, UINT32_MAX).empty());

  const std::string bytes = "\xff\xfe IM\xc3 R0, \x80\n\xe4\xb8 IMAD.\xff";
  const auto bad = ide::Snapshot::analyse(db(), bytes);
  for (std::uint32_t i = 0; i <= bytes.size(); ++i) (void)ide::getCompletions(*bad, i);
  EXPECT_TRUE(
      ide::getCompletions(*bad, static_cast<std::uint32_t>(bytes.size())).empty());  // after `IMAD.\xff`

  std::string longLine = "IADD R0";
  while (longLine.size() < 10000) longLine += ", R1";
  const auto big = ide::Snapshot::analyse(db(), longLine);
  EXPECT_TRUE(
      ide::getCompletions(*big, static_cast<std::uint32_t>(longLine.size())).empty());  // no such slot
  EXPECT_NE(find(ide::getCompletions(*big, 7), "R0"), nullptr);                         // in Rd
  const std::string word(10000, 'A');
  const auto wordy = ide::Snapshot::analyse(db(), word);
  EXPECT_NE(find(ide::getCompletions(*wordy, 5000), "IADD"), nullptr);
}

}  // namespace
}  // namespace gpuasm::featuretest
