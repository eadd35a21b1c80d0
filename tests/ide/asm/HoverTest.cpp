// Hover: the structured content shown on a mnemonic, a modifier, an operand and a guard, checked
// against the spec text it must quote (line numbers of isa-db/spec/*.txt and errata.isa are cited
// at each expectation), plus the inputs where no hover must appear and must not crash. The
// assertions read sections and items, never markup (the protocol layer renders it).
#include "Annotated.h"

#include <gpuasm/ide/asm/Hover.h>

#include "HoverDump.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>

namespace gpuasm::featuretest {
namespace {

using ide::HoverInfo;
using ide::HoverItem;
using ide::HoverSection;
using ide::HoverSectionKind;

std::optional<HoverInfo> hoverAt(const Annotated& a) {
  const auto snap = a.snapshot();
  return ide::getHover(*snap, a.cursor);
}

// Everything a hover holds, one piece a line, for failure messages.
std::string dump(const HoverInfo& h) { return gpuasm::test::dumpHover(h); }

const HoverSection* sectionOf(const HoverInfo& h, HoverSectionKind kind) { return h.section(kind); }

// The text of the item labelled `label` in the first section of `kind` ("" when absent).
std::string itemText(const HoverInfo& h, HoverSectionKind kind, std::string_view label) {
  for (const HoverSection& s : h.sections)
    if (s.kind == kind)
      for (const HoverItem& i : s.items)
        if (i.label == label) return i.text;
  return {};
}

std::string fact(const HoverInfo& h, std::string_view label) {
  return itemText(h, HoverSectionKind::Facts, label);
}

bool hasItem(const HoverInfo& h, HoverSectionKind kind, std::string_view label) {
  for (const HoverSection& s : h.sections)
    if (s.kind == kind)
      for (const HoverItem& i : s.items)
        if (i.label == label) return true;
  return false;
}

// The encoding table's row of a field: {field, bits, value}.
std::vector<std::string> encodingRow(const HoverInfo& h, std::string_view field) {
  const HoverSection* e = h.section(HoverSectionKind::Encoding);
  if (e == nullptr) return {};
  for (const auto& row : e->table)
    if (!row.empty() && row.front() == field) return row;
  return {};
}

bool anyTextContains(const HoverInfo& h, HoverSectionKind kind, std::string_view needle) {
  for (const HoverSection& s : h.sections)
    if (s.kind == kind)
      for (const auto& t : s.text)
        if (t.find(needle) != std::string::npos) return true;
  return false;
}

// --------------------------------------------------------------------------- mnemonic

TEST(Hover, MnemonicShowsDescriptionFormsAndEncoding) {
  const Annotated a("[[IA^DD]] R0, R1, R2 ;\n");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  EXPECT_EQ(h->title, "IADD");
  // 000_ialu.txt:129 and :131, the __Description of IADD, verbatim.
  const HoverSection* d = sectionOf(*h, HoverSectionKind::Description);
  ASSERT_NE(d, nullptr) << dump(*h);
  ASSERT_EQ(d->text.size(), 1u);
  EXPECT_NE(d->text[0].find("进行整数加法，即Rd = Ra + SrcB。"), std::string::npos);
  EXPECT_NE(d->text[0].find("加法是对输入整数的二进制补码进行的，因此不区分有无符号。"), std::string::npos);
  EXPECT_NE(d->source.find("000_ialu.txt:"), std::string::npos) << d->source;
  // 000_ialu.txt:124-125, the two syntax forms.
  const HoverSection* syn = sectionOf(*h, HoverSectionKind::Syntax);
  ASSERT_NE(syn, nullptr);
  ASSERT_GE(syn->code.size(), 2u);
  EXPECT_EQ(syn->code[0], "IADD   Rd,       {-}Ra, {-}SrcB          $sched $req ;");
  EXPECT_EQ(syn->code[1], "IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp} $sched $req ;");
  // tests/asm/valid.asm style: IADD_RR (000_ialu.txt:180), rd at 16, ra at 24, rb at 32.
  const HoverSection* enc = sectionOf(*h, HoverSectionKind::Encoding);
  ASSERT_NE(enc, nullptr);
  EXPECT_EQ(enc->heading, "Encoding (IADD_RR)");
  EXPECT_EQ(enc->code, std::vector<std::string>{"0x00001c3c000000000000000201007000"});
  EXPECT_EQ(enc->table.front(), (std::vector<std::string>{"field", "bits", "value"}));
  EXPECT_EQ(encodingRow(*h, "rd"), (std::vector<std::string>{"rd", "23:16", "R0 (0)"}));
  EXPECT_EQ(encodingRow(*h, "ra"), (std::vector<std::string>{"ra", "31:24", "R1 (1)"}));
  EXPECT_EQ(encodingRow(*h, "rb"), (std::vector<std::string>{"rb", "39:32", "R2 (2)"}));
  EXPECT_EQ(encodingRow(*h, "optype"), (std::vector<std::string>{"optype", "7:0", "IADD (0)"}));
  // 000_ialu.txt:116, `field<98, 3> Pred pp = PT;`: the default is in the table too.
  EXPECT_EQ(encodingRow(*h, "pp"), (std::vector<std::string>{"pp", "100:98", "PT (7)"}));
}

TEST(Hover, MnemonicListsErrataThatChangeBehaviour) {
  const Annotated a("^IADD R0, R1, R2 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  // errata.isa L-20 targets IADD and affects the simulator and hover; its decision's first sentence.
  const HoverSection* dec = sectionOf(*h, HoverSectionKind::Decisions);
  ASSERT_NE(dec, nullptr) << dump(*h);
  EXPECT_EQ(dec->heading, "gpuasm decisions");
  const std::string l20 = itemText(*h, HoverSectionKind::Decisions, "L-20");
  EXPECT_TRUE(l20.starts_with("The simulator evaluates every add-with-carry as one exact unsigned addition"))
      << l20;
  EXPECT_TRUE(l20.ends_with(
      "pu = (s >= 2^32); for IMAD_WIDE and UIMAD_WIDE the width is 64 (Rd = s mod 2^64, pu = s >= 2^64)."))
      << l20;
  // L-51 (CvtINegX) targets IADD too; L-1 is an [ALL] entry about the loader and must not show.
  EXPECT_TRUE(hasItem(*h, HoverSectionKind::Decisions, "L-51"));
  EXPECT_FALSE(hasItem(*h, HoverSectionKind::Decisions, "L-1"));
}

TEST(Hover, MnemonicPartCoversTheWholeMnemonicAndExplainsWrittenModifiers) {
  // The line of tests/asm/valid.asm:5 with its expected word.
  const Annotated a("[[IMAD.WI^DE]].U32 R[10:11], R8, 0x4, R[12:13] ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  EXPECT_EQ(h->title, "IMAD.WIDE");
  // 000_ialu.txt:476, description; :472, the domain line in the forms block.
  EXPECT_TRUE(
      anyTextContains(*h, HoverSectionKind::Description, "进行64bit整数乘加运算，即Rd = Ra * SrcB + SrcC"));
  const HoverSection* syn = sectionOf(*h, HoverSectionKind::Syntax);
  ASSERT_NE(syn, nullptr);
  EXPECT_EQ(syn->code.back(), ".itype = {.S32*, .U32}");
  // 000_ialu.txt:503, the __ModifierInfo line that mentions .U32 — the only modifier written.
  const HoverSection* mods = sectionOf(*h, HoverSectionKind::ModifiersOnLine);
  ASSERT_NE(mods, nullptr);
  ASSERT_EQ(mods->items.size(), 1u);
  EXPECT_EQ(mods->items[0].label, ".U32");
  EXPECT_EQ(mods->items[0].text,
            ".itype可取值.S32（默认，可省略）或.U32，分别表示将Ra和SrcB视为有符号数或无符号数进行乘法计算。");
  const HoverSection* enc = sectionOf(*h, HoverSectionKind::Encoding);
  ASSERT_NE(enc, nullptr);
  EXPECT_EQ(enc->code, std::vector<std::string>{"0x00001c3c0000200c00000004080a7602"});
  EXPECT_EQ(encodingRow(*h, "itype"), (std::vector<std::string>{"itype", "77:77", "U32 (1)"}));
  EXPECT_EQ(
      encodingRow(*h, "vb"),
      (std::vector<std::string>{"vb", "63:32", "0x4"}));  // IMAD_WIDE_RIR, SImm32 at 32 (000_ialu.txt:566)
}

TEST(Hover, MnemonicOfALineThatDoesNotAssembleHasNoEncoding) {
  const Annotated a("IAD^D R0, R1 ;");  // IADD takes three operands (000_ialu.txt:124)
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_TRUE(anyTextContains(*h, HoverSectionKind::Description, "进行整数加法"));
  EXPECT_EQ(sectionOf(*h, HoverSectionKind::Encoding), nullptr);
}

TEST(Hover, OptypeWithoutDescriptionNamesTheErratum) {
  // MOVM has no __Description (002_sync.txt:186-200); errata.isa L-4a infers its form.
  const Annotated a("MO^VM R0, R1 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(sectionOf(*h, HoverSectionKind::Description), nullptr);
  EXPECT_TRUE(anyTextContains(*h, HoverSectionKind::Note, "The spec gives no description of MOVM"));
  EXPECT_TRUE(anyTextContains(*h, HoverSectionKind::Note, "L-4a"));
  const HoverSection* syn = sectionOf(*h, HoverSectionKind::Syntax);
  ASSERT_NE(syn, nullptr);
  EXPECT_EQ(syn->code[0],
            "MOVM Rd, Ra      $sched $req ;   // inferred by gpuasm (erratum L-4a), not the spec's");
  EXPECT_TRUE(itemText(*h, HoverSectionKind::Decisions, "L-4a")
                  .starts_with("Add one INFERRED form (not the spec's), built from MOVM_R's"));

  // UF2FP: L-4d adds its form, L-5 records its missing semantics; both target it.
  const Annotated u("UF2^FP UR0, UR1, UR2, UR3 ;");
  const auto hu = hoverAt(u);
  ASSERT_TRUE(hu);
  EXPECT_TRUE(anyTextContains(*hu, HoverSectionKind::Note, "The spec gives no description of UF2FP"));
  EXPECT_TRUE(anyTextContains(*hu, HoverSectionKind::Note, "L-4d"));
}

// --------------------------------------------------------------------------- modifiers

TEST(Hover, LiteralModifierShowsItsFieldMeaningAndValues) {
  const Annotated a("IADD.[[^X]] R0, PT, R1, R2 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  EXPECT_EQ(h->title, ".X");
  // 000_ialu.txt:119 `field<76, 1> IExt ext = NoX;`
  EXPECT_EQ(fact(*h, "Modifier of"), "IADD");
  EXPECT_EQ(fact(*h, "Value of"), "");  // a literal slot, no domain variable
  EXPECT_EQ(fact(*h, "Field"), "ext");
  EXPECT_EQ(fact(*h, "Type"), "IExt");
  EXPECT_EQ(fact(*h, "Bits"), "76:76");
  // 000_ialu.txt:155, the only __ModifierInfo line of IADD.
  const HoverSection* m = sectionOf(*h, HoverSectionKind::Meaning);
  ASSERT_NE(m, nullptr) << dump(*h);
  EXPECT_EQ(
      m->text,
      std::vector<std::string>{
          ".X修饰符表示带有输入/输出进位的扩展位宽加法，接受一个额外的进位输入，产生一个额外的进位输出。"});
  const HoverSection* v = sectionOf(*h, HoverSectionKind::LegalValues);
  ASSERT_NE(v, nullptr);
  ASSERT_EQ(v->items.size(), 2u);
  EXPECT_EQ(v->items[0].label, "NoX");
  EXPECT_EQ(v->items[0].text, "default");
  EXPECT_EQ(v->items[1].label, "X");
  EXPECT_EQ(v->items[1].text, "");
}

TEST(Hover, RoundingModifierListsTheDomainWithItsDefault) {
  const Annotated a("FADD.[[R^Z]] R0, R1, R2 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  // 004_falu.txt:15 `field<78, 2> FPRound rnd = RN;`
  EXPECT_EQ(fact(*h, "Value of"), ".rnd");
  EXPECT_EQ(fact(*h, "Field"), "rnd");
  EXPECT_EQ(fact(*h, "Type"), "FPRound");
  EXPECT_EQ(fact(*h, "Bits"), "79:78");
  EXPECT_EQ(fact(*h, "Sets"), "RZ");
  // 004_falu.txt:45 and the table row at :52 under its header (:47-48), and no other row.
  const HoverSection* m = sectionOf(*h, HoverSectionKind::Meaning);
  ASSERT_NE(m, nullptr) << dump(*h);
  const std::vector<std::string> expected = {
      ".rnd可取.RN（默认值，可省略）、.RP、.RM和.RZ，表示计算结果的舍入模式：", "| .rnd  | 舍入模式 |",
      "|:--:|:---|", "|.RZ | 尾数向零（原点）舍入 |"};
  ASSERT_GE(m->text.size(), expected.size());
  EXPECT_EQ(std::vector<std::string>(m->text.begin(), m->text.begin() + 4), expected);
  EXPECT_TRUE(std::none_of(m->text.begin(), m->text.end(),
                           [](const std::string& t) { return t.starts_with("|.RP |"); }));
  // 004_falu.txt:26 `.rnd = {.RN*, .RP, .RM, .RZ}`
  const HoverSection* v = sectionOf(*h, HoverSectionKind::LegalValues);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->heading, "Legal values of .rnd");
  ASSERT_EQ(v->items.size(), 4u);
  EXPECT_EQ(v->items[0].label, ".RN");
  EXPECT_EQ(v->items[0].text, "default");
  EXPECT_EQ(v->items[1].label, ".RP");
  EXPECT_EQ(v->items[2].label, ".RM");
  EXPECT_EQ(v->items[3].label, ".RZ");
  EXPECT_EQ(v->items[3].text, "");
}

TEST(Hover, ModifierOnALineThatDoesNotAssembleStillExplains) {
  const Annotated a("FADD.FT^Z R0 ;");  // too few operands: the nearest miss placed the modifier
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  // 004_falu.txt:54
  EXPECT_TRUE(
      anyTextContains(*h, HoverSectionKind::Meaning, "可选修饰符.FTZ表示如果输入/输出中有非规格化浮点数"));
  EXPECT_EQ(fact(*h, "Field"), "ftz");
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
  EXPECT_EQ(h->title, "R[0:1]");
  // 000_ialu.txt:554 `Bitwidth<rd> = 64;` of IMAD_WIDE_RRR
  EXPECT_EQ(fact(*h, "Slot"), "Rd") << dump(*h);
  EXPECT_EQ(fact(*h, "Of"), "IMAD.WIDE");
  EXPECT_EQ(fact(*h, "Access"), "output");
  EXPECT_EQ(fact(*h, "Width"), "64 bits (Bitwidth<rd> of IMAD_WIDE_RRR)");
  EXPECT_TRUE(fact(*h, "Kind").starts_with("general-purpose register (GPR)"));
  EXPECT_EQ(fact(*h, "Legal sources"), "GPR");
  EXPECT_EQ(fact(*h, "Fields set"), "rd");

  // Ra of the same line: 000_ialu.txt:555 `Bitwidth<ra> = 32;`
  const auto ra = hoverAt(Annotated("IMAD.WIDE R[0:1], ^R2, R3, R[4:5] ;"));
  ASSERT_TRUE(ra);
  EXPECT_EQ(fact(*ra, "Slot"), "Ra");
  EXPECT_EQ(fact(*ra, "Access"), "input");
  EXPECT_TRUE(fact(*ra, "Width").starts_with("32 bits"));
}

TEST(Hover, SourceSlotListsEveryVariantsKind) {
  const Annotated a("IADD R0, R1, c[0x0][^0x10] ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, (syntax::ByteRange{13, 25}));
  // IADD_RR rb Reg, IADD_RU urb UReg, IADD_RI vb SImm32, IADD_RC vb CMem (000_ialu.txt:180-230).
  EXPECT_EQ(fact(*h, "Kind"), "constant memory c[bank][offset] (type CMem)");
  EXPECT_EQ(fact(*h, "Field"), "vb, bits 53:32 of IADD_RC");
  EXPECT_EQ(fact(*h, "Legal sources"), "GPR, UR, immediate (SImm32), constant memory");
}

TEST(Hover, OmittedOptionalOperandShiftsTheSlots) {
  // IADD.X Rd{ ,pu}, Ra, ... (000_ialu.txt:125): without pu, R1 is Ra.
  const auto ra = hoverAt(Annotated("IADD.X R0, ^R1, R2 ;"));
  ASSERT_TRUE(ra);
  EXPECT_EQ(fact(*ra, "Slot"), "Ra");
  EXPECT_EQ(fact(*ra, "Of"), "IADD");
  // With it, P0 is pu, a predicate (000_ialu.txt:117 `Pred pu`), in OutList<> (000_ialu.txt:182).
  const auto pu = hoverAt(Annotated("IADD.X R0, ^P0, R1, R2 ;"));
  ASSERT_TRUE(pu);
  EXPECT_EQ(fact(*pu, "Slot"), "pu");
  EXPECT_EQ(fact(*pu, "Access"), "output");
  EXPECT_TRUE(fact(*pu, "Kind").starts_with("predicate"));
  EXPECT_EQ(fact(*pu, "Legal sources"), "predicate");
}

TEST(Hover, OperandFactsNameEveryFieldThePrefixesSet) {
  // IADD_RR (000_ialu.txt:180): ra has ra.neg; `-R1` fills Ra and sets ra and ra.neg.
  const auto h = hoverAt(Annotated("IADD R0, -^R1, R2 ;"));
  ASSERT_TRUE(h);
  EXPECT_EQ(fact(*h, "Slot"), "Ra");
  EXPECT_EQ(fact(*h, "Fields set"), "ra, ra.neg");
}

TEST(Hover, ImmediateOperand) {
  const auto h = hoverAt(Annotated("IADD R0, R1, -0x11^4514 ;"));
  ASSERT_TRUE(h);
  // IADD_RI: `field<32, 32> SImm32 vb;` (000_ialu.txt:212)
  EXPECT_TRUE(fact(*h, "Kind").starts_with("signed immediate of type SImm32"));
  EXPECT_EQ(fact(*h, "Field"), "vb, bits 63:32 of IADD_RI");
}

TEST(Hover, OperandOfALineThatDoesNotAssemble) {
  // IADD has no form with four operands; the hover must not invent a slot.
  const auto h = hoverAt(Annotated("IADD R0, R1, R2, ^R3 ;"));
  ASSERT_TRUE(h);
  EXPECT_TRUE(anyTextContains(*h, HoverSectionKind::Note, "no syntax form of IADD has a slot for it here"));
  EXPECT_EQ(fact(*h, "Slot"), "");
  // A wrong kind in a slot that exists: the nearest miss's slot, the written kind, no width.
  const auto p = hoverAt(Annotated("IADD ^P0, R1, R2 ;"));
  ASSERT_TRUE(p);
  EXPECT_EQ(fact(*p, "Slot"), "Rd") << dump(*p);
  EXPECT_EQ(fact(*p, "Kind"), "register");
  EXPECT_EQ(fact(*p, "Width"), "");
}

// --------------------------------------------------------------------------- guard

TEST(Hover, GuardPredicatesTheInstruction) {
  const Annotated a("[[@P^0]] IADD R0, R1, R2 ;");
  const auto h = hoverAt(a);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->range, a.ranges[0]);
  EXPECT_EQ(h->title, "@P0");
  EXPECT_TRUE(anyTextContains(*h, HoverSectionKind::Facts,
                              "predicates the instruction. Lanes where P0 is false do nothing"));
  EXPECT_EQ(fact(*h, "Field"), "pg, bits 14:12 of IADD_RR");  // 000_ialu.txt:106
  const auto n = hoverAt(Annotated("@!P^2 IADD R0, R1, R2 ;"));
  ASSERT_TRUE(n);
  EXPECT_TRUE(anyTextContains(*n, HoverSectionKind::Facts, "Lanes where P2 is true do nothing"));
}

// --------------------------------------------------------------------------- no hover, no crash

TEST(Hover, NothingOnWhitespaceCommentsAndPastTheEnd) {
  EXPECT_FALSE(hoverAt(Annotated("IADD^ R0, R1, R2 ;")));  // the blank after the mnemonic
  EXPECT_FALSE(hoverAt(Annotated("IADD R0,^ R1, R2 ;")));
  EXPECT_FALSE(hoverAt(Annotated("IADD R0, R1, R2 ; // IA^DD")));  // in a trailing comment
  EXPECT_FALSE(hoverAt(Annotated("// IA^DD R0, R1, R2 ;\n")));
  EXPECT_FALSE(hoverAt(Annotated("  ^  \n")));
  EXPECT_FALSE(hoverAt(Annotated("^")));  // empty document
  const Annotated a("IADD R0, R1, R2 ;");
  const auto snap = a.snapshot();
  EXPECT_FALSE(ide::getHover(*snap, static_cast<std::uint32_t>(a.text.size())));
  EXPECT_FALSE(ide::getHover(*snap, 100000));
  EXPECT_FALSE(hoverAt(Annotated("FRO^B R0, R1 ;")));  // unknown mnemonic
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
    EXPECT_FALSE(h->title.empty());
    EXPECT_FALSE(h->sections.empty());
  }
  EXPECT_GT(answers, 50u);
}

}  // namespace
}  // namespace gpuasm::featuretest
