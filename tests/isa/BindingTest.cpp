// The binding model (isa/Binding.h): what matching decides about a statement and the facts
// derived from it, and the partial-statement queries completion and signature help use. Every
// expected value is worked out by hand from the spec text cited beside it (file:line of the
// copies in isa-db/spec/); statements are lowered by the syntax layer, as the tools do.
#include "TestSpec.h"

#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/isa/SlotChoices.h>
#include <gpuasm/syntax/LineScanner.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace gpuasm::isa {
namespace {

using test::db;

AsmStatement statement(std::string_view line) {
  auto unit = syntax::lowerText(line);
  EXPECT_EQ(unit.statements.size(), 1u) << line;
  EXPECT_TRUE(unit.diagnostics.empty()) << line;
  return unit.statements.empty() ? AsmStatement{} : unit.statements.front();
}

MatchResult matched(std::string_view line) {
  MatchResult r = matchStatement(db(), statement(line));
  EXPECT_TRUE(r.inst.has_value()) << line << ": "
                                  << (r.diagnostics.empty() ? "" : r.diagnostics.front().message);
  EXPECT_TRUE(r.binding.has_value()) << line;
  return r;
}

std::vector<std::string> elementNames(const Binding& b) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < b.operandCount; ++i) {
    const OrderElem* e = b.elementOf(i);
    out.push_back(e == nullptr ? "?" : e->name);
  }
  return out;
}

std::vector<std::size_t> slots(const Binding& b) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < b.operandCount; ++i) out.push_back(b.slotOf(i).value_or(99));
  return out;
}

// A register access as (file, register number, access, written operand or -1).
using Reg = std::tuple<std::string, std::uint32_t, Access, int>;
std::vector<Reg> registers(const MatchResult& r) {
  std::vector<Reg> out;
  for (const RegisterAccess& a : registerAccesses(db(), *r.inst, r.binding ? &*r.binding : nullptr))
    out.emplace_back(a.file->name, a.number, a.access,
                     a.operand == RegisterAccess::kNotWritten ? -1 : a.operand);
  return out;
}

std::size_t fieldIndex(const Opcode& op, std::string_view name) {
  const int i = op.fieldIndex(name);
  EXPECT_GE(i, 0) << name;
  return static_cast<std::size_t>(i);
}

// 000:126: `IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp}`; 000:180-189 IADD_RR:
// InList<pg, ra, rb, pp>, OutList<rd, pu>, Order<pg, rd, pu, ra, rb, pp>.
TEST(Binding, EveryOperandOfIaddXWithBothCarries) {
  const MatchResult r = matched("IADD.X R1, PT, R3, ~R5, P0 ;");  // 000:177
  const Binding& b = *r.binding;
  EXPECT_TRUE(b.matched);
  EXPECT_EQ(b.optype->name, "IADD");
  EXPECT_EQ(b.formIndex(), 1u);
  EXPECT_EQ(b.opcode->name, "IADD_RR");
  EXPECT_EQ(slots(b), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(b.omittedSlots().empty());
  EXPECT_EQ(elementNames(b), (std::vector<std::string>{"rd", "pu", "ra", "rb", "pp"}));
  EXPECT_EQ(b.orderIndexOf(0), 1u);  // Order<pg, rd, …>: rd after the guard
  EXPECT_EQ(b.orderIndexOf(4), 5u);

  const std::vector<Access> roles{Access::Write, Access::Write, Access::Read, Access::Read, Access::Read};
  for (std::size_t i = 0; i < roles.size(); ++i) {
    const auto facts = operandFacts(b, i);
    ASSERT_TRUE(facts) << i;
    EXPECT_EQ(facts->access, roles[i]) << i;
  }
  // ~R5 sets rb and, through AsmFormat<rb.neg> = CvtINegX(rb.neg, ext) (000:189), rb.neg.
  const auto rb = operandFacts(b, 3);
  const Opcode& op = *b.opcode;
  EXPECT_EQ(rb->fields, (std::vector<std::uint32_t>{static_cast<std::uint32_t>(fieldIndex(op, "rb")),
                                                    static_cast<std::uint32_t>(fieldIndex(op, "rb.neg"))}));
  // Ra's prefix field ra.neg is an optype field (000:115).
  const auto ra = operandFacts(b, 2);
  EXPECT_NE(std::find(ra->fields.begin(), ra->fields.end(), fieldIndex(op, "ra.neg")), ra->fields.end());

  // .X is the form's literal part 0; it sets `IExt ext` (000:117) to X = 0x1 (000:3).
  ASSERT_EQ(b.modifierCount, 1u);
  const auto x = modifierFacts(b, 0, "X");
  ASSERT_TRUE(x);
  EXPECT_EQ(x->slot, 0u);
  EXPECT_TRUE(x->variable.empty());
  EXPECT_EQ(x->field, op.fieldIndex("ext"));
  EXPECT_EQ(x->value, 1);

  // The guard pg defaults to PT and pu is PT: the true predicate carries no value (prelude Pred).
  EXPECT_EQ(registers(r), (std::vector<Reg>{{"Reg", 3, Access::Read, 2},
                                            {"Reg", 5, Access::Read, 3},
                                            {"Pred", 0, Access::Read, 4},
                                            {"Reg", 1, Access::Write, 0}}));
}

// Four operands for the five slots of 000:126: pu or pp is left out. The spec's example pair
// (000:176-177) is the two halves of one 64-bit add: the first line's P0 is the carry out (pu),
// consumed as pp by the second — so the first optional slot is the one taken.
TEST(Binding, FourOperandsOfIaddXTakeTheCarryOut) {
  const MatchResult r = matched("IADD.X R0, P0, R2, ~R4 ;");
  const Binding& b = *r.binding;
  EXPECT_EQ(slots(b), (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(b.omittedSlots(), (std::vector<std::size_t>{4}));
  EXPECT_EQ(elementNames(b), (std::vector<std::string>{"rd", "pu", "ra", "rb"}));
  EXPECT_EQ(registers(r), (std::vector<Reg>{{"Reg", 2, Access::Read, 2},
                                            {"Reg", 4, Access::Read, 3},
                                            {"Reg", 0, Access::Write, 0},
                                            {"Pred", 0, Access::Write, 1}}));
}

// 000:543-554 IMAD_WIDE_RRR: Bitwidth<rd> = 64, Bitwidth<rc> = 64: a 64-bit operand covers two
// registers; InList<pg, ra, rb, rc, pp>, OutList<rd, pu>.
TEST(Binding, WideOperandsCoverTwoRegisters) {
  const MatchResult r = matched("IMAD.WIDE R[0:1], R2, R3, R[4:5] ;");  // 000:536
  EXPECT_EQ(r.binding->opcode->name, "IMAD_WIDE_RRR");
  EXPECT_EQ(elementNames(*r.binding), (std::vector<std::string>{"rd", "ra", "rb", "rc"}));
  EXPECT_EQ(r.binding->omittedSlots(), (std::vector<std::size_t>{1}));  // pu left out
  EXPECT_EQ(registers(r), (std::vector<Reg>{{"Reg", 2, Access::Read, 1},
                                            {"Reg", 3, Access::Read, 2},
                                            {"Reg", 4, Access::Read, 3},
                                            {"Reg", 5, Access::Read, 3},
                                            {"Reg", 0, Access::Write, 0},
                                            {"Reg", 1, Access::Write, 0}}));
}

// 000:1542-1550 R2P: `R2P PR, Ra{.bsel}, SbMsk`; OutList<PR> writes the predicate file, every
// predicate but the constant PT (prelude Pred: P0..P6, PT = 7). 0xFF picks R2P_RI.
TEST(Binding, PredicateSetIsEveryPredicateOfItsFile) {
  const MatchResult r = matched("R2P PR, R7.B1, 0xFF ;");  // 000:1597
  const Binding& b = *r.binding;
  EXPECT_EQ(b.opcode->name, "R2P_RI");
  EXPECT_EQ(elementNames(b), (std::vector<std::string>{"PR", "ra", "vb"}));
  EXPECT_EQ(operandFacts(b, 0)->access, Access::Write);
  EXPECT_TRUE(operandFacts(b, 0)->fields.empty());  // PR is display only (000:1559)
  // R7.B1 sets ra and its selector ra.bsel (000:1546).
  const Opcode& op = *b.opcode;
  EXPECT_EQ(operandFacts(b, 1)->fields,
            (std::vector<std::uint32_t>{static_cast<std::uint32_t>(fieldIndex(op, "ra")),
                                        static_cast<std::uint32_t>(fieldIndex(op, "ra.bsel"))}));
  std::vector<Reg> expected{{"Reg", 7, Access::Read, 1}};
  for (std::uint32_t p = 0; p <= 6; ++p) expected.emplace_back("Pred", p, Access::Write, 0);
  EXPECT_EQ(registers(r), expected);

  const auto accesses = operandAccesses(db(), op);
  ASSERT_FALSE(accesses.empty());
  const auto pr =
      std::find_if(accesses.begin(), accesses.end(), [](const OperandAccess& a) { return a.name == "PR"; });
  ASSERT_NE(pr, accesses.end());
  EXPECT_EQ(pr->access, Access::Write);
  EXPECT_EQ(pr->field, -1);
  ASSERT_NE(pr->predicateSetFile, nullptr);
  EXPECT_EQ(pr->predicateSetFile->name, "Pred");
}

// 000:1436-1445 P2R: `P2R{.bsel} Rd, PR, Ra, SbMsk`, .bsel a variable of BSel (B0, B1 = 1 …,
// 000:25); InList<pg, ra, PR, vb> reads the predicates.
TEST(Binding, ModifierVariableAndPredicateSetRead) {
  const MatchResult r = matched("P2R.B1 R7, PR, R0, 0xFF ;");  // 000:1491
  const Binding& b = *r.binding;
  const auto m = modifierFacts(b, 0, "B1");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->slot, 0u);
  EXPECT_EQ(m->variable, "bsel");
  EXPECT_EQ(m->field, b.opcode->fieldIndex("bsel"));
  EXPECT_EQ(m->value, 1);
  std::vector<Reg> expected{{"Reg", 0, Access::Read, 2}};
  for (std::uint32_t p = 0; p <= 6; ++p) expected.emplace_back("Pred", p, Access::Read, 1);
  expected.emplace_back("Reg", 7, Access::Write, 0);
  EXPECT_EQ(registers(r), expected);
}

// 001:6-66 ULDC, ULDC_U: Order<upg, urd, C[vb, ura]>, InList<upg, ura>, OutList<urd>,
// Bitwidth<urd> = 32 + (dtype=="64")*32: .64 writes a uniform pair.
TEST(Binding, ConstantMemoryAddressReadsItsUniformBase) {
  const MatchResult r = matched("ULDC.64 UR[0:1], c[0x0][UR7+0x8] ;");
  const Binding& b = *r.binding;
  EXPECT_EQ(b.opcode->name, "ULDC_U");
  const OrderElem* c = b.elementOf(1);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->kind, OrderElem::Kind::Composite);
  EXPECT_TRUE(isConstantMemoryElement(db(), *c));
  EXPECT_EQ(operandFacts(b, 1)->access, Access::Read);
  EXPECT_EQ(operandFacts(b, 1)->fields.size(), 2u);  // vb and ura
  const auto dtype = modifierFacts(b, 0, "64");
  ASSERT_TRUE(dtype);
  EXPECT_EQ(dtype->variable, "dtype");
  EXPECT_EQ(registers(r),
            (std::vector<Reg>{
                {"UReg", 7, Access::Read, 1}, {"UReg", 0, Access::Write, 0}, {"UReg", 1, Access::Write, 0}}));
}

// 000:3139-3149 GETGPR_U: Order<pg, rd, R[urb, ridx]>, InList<pg, urb>: the register-indirect
// address reads its uniform index; it is not constant memory.
TEST(Binding, RegisterIndirectAddress) {
  const MatchResult r = matched("GETGPR R1, R[UR2+0x1] ;");  // 000:3136
  const OrderElem* e = r.binding->elementOf(1);
  ASSERT_NE(e, nullptr);
  EXPECT_FALSE(isConstantMemoryElement(db(), *e));
  EXPECT_EQ(accessOf(*r.binding->opcode, *e), Access::Read);
  EXPECT_EQ(registers(r), (std::vector<Reg>{{"UReg", 2, Access::Read, 1}, {"Reg", 1, Access::Write, 0}}));
}

TEST(Binding, NearestMissIsRecordedUnknownMnemonicIsNot) {
  // IADD takes three or five operands (000:125-126); a predicate is no GPR for Ra.
  MatchResult miss = matchStatement(db(), statement("IADD R0, P1, R2 ;"));
  EXPECT_FALSE(miss.inst);
  ASSERT_TRUE(miss.binding);
  EXPECT_FALSE(miss.binding->matched);
  EXPECT_EQ(miss.binding->optype->name, "IADD");
  MatchResult unknown = matchStatement(db(), statement("IADDD R0, R1, R2 ;"));
  EXPECT_FALSE(unknown.binding);
}

// operandAccesses lists InList<> then OutList<> in order (000:184-185).
TEST(Binding, OperandAccessesFollowTheLists) {
  const Opcode* op = db().opcode("IADD_RR");
  ASSERT_NE(op, nullptr);
  std::vector<std::pair<std::string, Access>> got;
  for (const auto& a : operandAccesses(db(), *op)) got.emplace_back(std::string(a.name), a.access);
  EXPECT_EQ(got, (std::vector<std::pair<std::string, Access>>{{"pg", Access::Read},
                                                              {"ra", Access::Read},
                                                              {"rb", Access::Read},
                                                              {"pp", Access::Read},
                                                              {"rd", Access::Write},
                                                              {"pu", Access::Write}}));
}

// ------------------------------------------------------------------ partial-statement queries

std::vector<std::vector<std::uint8_t>> fills(const char* optype, std::size_t form,
                                             std::vector<std::string_view> written,
                                             std::vector<bool>* complete = nullptr) {
  std::vector<std::vector<std::uint8_t>> out;
  for (const auto& f : fillModifiers(db(), *db().optype(optype), form, written)) {
    out.push_back(f.slotOf);
    if (complete != nullptr) complete->push_back(f.complete);
  }
  return out;
}

// 000:252-253: `IMAD{.LO}{.itype}` and `IMAD.HI.X{.itype}`, .itype = {.S32*, .U32}.
TEST(BindingQueries, ModifiersFillFormsTheMatchersWay) {
  EXPECT_TRUE(fills("IMAD", 0, {"HI"}).empty());  // form 0 has no HI slot
  std::vector<bool> complete;
  const auto hiOnly = fills("IMAD", 1, {"HI"}, &complete);
  ASSERT_FALSE(hiOnly.empty());
  for (const auto& s : hiOnly) EXPECT_EQ(s, (std::vector<std::uint8_t>{0}));
  for (const bool c : complete) EXPECT_FALSE(c);  // .X is a required literal
  complete.clear();
  const auto hiXu = fills("IMAD", 1, {"HI", "X", "U32"}, &complete);
  ASSERT_FALSE(hiXu.empty());
  for (const auto& s : hiXu) EXPECT_EQ(s, (std::vector<std::uint8_t>{0, 1, 2}));
  for (const bool c : complete) EXPECT_TRUE(c);
  // .HI.X without .itype is complete: the braced variable has the default S32.
  complete.clear();
  fills("IMAD", 1, {"HI", "X"}, &complete);
  ASSERT_FALSE(complete.empty());
  for (const bool c : complete) EXPECT_TRUE(c);
  // .LO fills form 0's first slot, .U32 the second (000:252).
  for (const auto& s : fills("IMAD", 0, {"LO", "U32"})) EXPECT_EQ(s, (std::vector<std::uint8_t>{0, 1}));
  for (const auto& s : fills("IMAD", 0, {"U32"})) EXPECT_EQ(s, (std::vector<std::uint8_t>{1}));
}

// 000:126: optional slots pu (1) and pp (4); masks in increasing order.
TEST(BindingQueries, SlotChoicesForNOperands) {
  const SyntaxForm& form = db().optype("IADD")->syntax.forms[1];
  const std::vector<std::size_t> optional{1, 4};
  EXPECT_EQ(slotChoiceCount(optional), 4u);
  std::vector<std::size_t> s;
  EXPECT_FALSE(slotChoice(form, optional, 0, 4, s));  // three operands
  EXPECT_TRUE(slotChoice(form, optional, 1, 4, s));
  EXPECT_EQ(s, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_TRUE(slotChoice(form, optional, 2, 4, s));
  EXPECT_EQ(s, (std::vector<std::size_t>{0, 2, 3, 4}));
  EXPECT_FALSE(slotChoice(form, optional, 3, 4, s));  // five
  EXPECT_TRUE(slotChoice(form, optional, 3, 5, s));
  EXPECT_EQ(s, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

// The matcher walks the slot choices built once per database (SlotChoices.h); they must be the
// slot lists slotChoice gives for every mask in increasing order, for every binding of every
// opcode and every operand count (one more than a form has included: no choice).
TEST(BindingQueries, PrecomputedChoicesAreSlotChoicesInMaskOrder) {
  const SlotChoices& choices = slotChoices(db());
  EXPECT_EQ(&choices, &slotChoices(db()));  // built once
  std::size_t bindings = 0, withOptional = 0;
  for (const Opcode& op : db().opcodes()) {
    const Optype& optype = db().optypeOf(op);
    for (std::size_t f = 0; f < op.formBindings.size(); ++f) {
      if (!op.formBindings[f]) {
        EXPECT_TRUE(choices.of(op, f, 0).empty());
        continue;
      }
      const FormBinding& b = *op.formBindings[f];
      const SyntaxForm& form = optype.syntax.forms[f];
      ++bindings;
      if (!b.optionalSlots.empty()) ++withOptional;
      for (std::size_t n = 0; n <= form.operands.size() + 1; ++n) {
        std::vector<std::vector<std::size_t>> expected;
        std::vector<std::size_t> slots;
        for (std::uint32_t mask = 0; mask < slotChoiceCount(b.optionalSlots); ++mask)
          if (slotChoice(form, b.optionalSlots, mask, n, slots)) expected.push_back(slots);
        const auto got = choices.of(op, f, n);
        EXPECT_EQ(std::vector<std::vector<std::size_t>>(got.begin(), got.end()), expected)
            << op.name << " form " << f << ", " << n << " operands";
      }
    }
  }
  EXPECT_GT(bindings, 100u);
  EXPECT_GT(withOptional, 10u);
  // IADD's second form with its two optional slots (1 and 4), by hand: four operands are the
  // choices {0,1,2,3} (mask 1) then {0,2,3,4} (mask 2).
  const Optype* iadd = db().optype("IADD");
  ASSERT_NE(iadd, nullptr);
  std::size_t checked = 0;
  for (const auto i : iadd->opcodes) {
    const Opcode& op = db().opcodes()[i];
    if (!op.formBindings[1] || op.formBindings[1]->optionalSlots != std::vector<std::size_t>{1, 4}) continue;
    const auto four = choices.of(op, 1, 4);
    ASSERT_EQ(four.size(), 2u);
    EXPECT_EQ(four[0], (std::vector<std::size_t>{0, 1, 2, 3}));
    EXPECT_EQ(four[1], (std::vector<std::size_t>{0, 2, 3, 4}));
    ++checked;
  }
  EXPECT_GT(checked, 0u);
}

AsmOperand operand(std::string_view text) {
  const auto st = statement("MOV R0, " + std::string(text) + " ;");
  return st.operands.size() == 2 ? st.operands[1] : AsmOperand{};
}

std::string readText(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Operands of every kind: those of the asm files and the examples, every spelling of every
// enumerated type written as an operand (names of other files, of other types, aliases), ranges
// of each file at several bases and widths, predicate sets and register-indirect addresses with
// their files and others, constant memory, literals, bare names and a syntax error.
std::vector<AsmOperand> operandCorpus() {
  std::string text;
  for (const char* dir : {"/tests/asm", "/examples"})
    for (const auto& entry : std::filesystem::directory_iterator(std::string(GPUASM_SOURCE_DIR) + dir))
      if (entry.path().extension() == ".asm") text += readText(entry.path()) + "\n";
  std::set<std::string> files;
  for (const BitFieldType& t : db().types()) {
    for (const auto& e : t.enumerators) {
      text += "X " + e.name + " ;\n";
      std::size_t letters = 0;
      while (letters < e.name.size() && std::isalpha(static_cast<unsigned char>(e.name[letters]))) ++letters;
      if (letters > 0) files.insert(e.name.substr(0, letters));
    }
    for (const auto& a : t.aliases) text += "X " + a.spelling + " ;\n";
  }
  for (const auto& f : files)
    for (const char* range : {"[0:0]", "[4:5]", "[3:4]", "[8:11]", "[254:255]", "[300:301]"})
      text += "X " + f + range + ", " + f + "[UR4+0x10], " + f + "[UR4-8] ;\n";
  text += "X PR, UPR, QR, c[0x0][0x10], c[0x3][UR4+0x8], 0x10, -7, 1.5, -0.25, 0f3F800000, foo, pu ;\n";
  text += "X -R1, ~R2, |R3|, !P1, -|R4|, R5.B1, R[ ;\n";
  std::vector<AsmOperand> out;
  for (const auto& st : syntax::lowerText(text).statements)
    for (const auto& o : st.operands) out.push_back(o);
  return out;
}

// The quiet pass decides whether an operand can stand for a slot from the slot's SlotNeed and
// the operand's register name looked up once in every register and predicate type
// (SlotChoices.h), not from operandFits. Both must agree for every slot of every choice of every
// binding and every operand, and the register names must give what valueOf gives.
TEST(BindingQueries, PrecomputedSlotNeedsAnswerAsOperandFits) {
  const SlotChoices& choices = slotChoices(db());
  const auto operands = operandCorpus();
  ASSERT_GT(operands.size(), 2000u);
  // The register names: every spelling of every enumerated type and every operand's name.
  std::set<std::string> names;
  for (const BitFieldType& t : db().types()) {
    for (const auto& e : t.enumerators) names.insert(e.name);
    for (const auto& a : t.aliases) names.insert(a.spelling);
  }
  for (const auto& o : operands) names.insert(o.name);
  std::size_t registerNames = 0;
  for (const auto& name : names) {
    std::vector<std::pair<std::uint32_t, std::uint64_t>> expected, got;
    for (std::uint32_t t = 0; t < db().types().size(); ++t) {
      const BitFieldType& type = db().types()[t];
      if (type.kind != TypeKind::Register && type.kind != TypeKind::Predicate) continue;
      if (const auto v = type.valueOf(name)) expected.emplace_back(t, *v);
    }
    for (const auto& e : choices.registers.of(name)) got.emplace_back(e.type, e.value);
    EXPECT_EQ(got, expected) << name;
    registerNames += !expected.empty();
  }
  // prelude.isa's register and predicate types name each value once: Reg<8> R0..R254 and RZ
  // (256), UReg<6> UR0..UR62 and URZ (64), Pred<3> P0..P6 and PT, UPred<3> UP0..UP6 and UPT (8
  // each), no name in two types.
  EXPECT_EQ(registerNames, 256u + 64u + 8u + 8u);
  // Every choice's needs are its slots' elements' needs.
  std::set<std::pair<const Opcode*, const OrderElem*>> elements;
  std::size_t compared = 0;
  for (const Opcode& op : db().opcodes()) {
    for (std::size_t f = 0; f < op.formBindings.size(); ++f) {
      if (!op.formBindings[f]) continue;
      const FormBinding& b = *op.formBindings[f];
      for (std::size_t n = 0; n <= 12; ++n) {
        const auto all = choices.of(op, f, n);
        const auto needs = choices.needsOf(op, f, n);
        ASSERT_EQ(all.size(), needs.size());
        for (std::size_t c = 0; c < all.size(); ++c) {
          ASSERT_EQ(all[c].size(), needs[c].size());
          for (std::size_t i = 0; i < all[c].size(); ++i) {
            const OrderElem& elem = op.operandInfo.order[b.orderIndex[all[c][i]]];
            const SlotNeed expected = slotNeed(db(), op, elem);
            EXPECT_EQ(needs[c][i].kinds, expected.kinds);
            EXPECT_EQ(needs[c][i].registerType, expected.registerType);
            EXPECT_EQ(needs[c][i].name, expected.name);
            elements.insert({&op, &elem});
          }
        }
      }
    }
  }
  // Each element's need admits exactly the operands operandFits accepts.
  std::size_t admitted = 0;
  for (const auto& [op, elem] : elements) {
    const SlotNeed need = slotNeed(db(), *op, *elem);
    for (const auto& o : operands) {
      const auto named = o.kind == AsmOperandKind::Register ? choices.registers.of(o.name)
                         : o.kind == AsmOperandKind::RegisterRange
                             ? choices.registers.of(o.file + std::to_string(o.first))
                             : std::span<const RegisterNames::Entry>{};
      const bool fits = operandFits(db(), *op, *elem, o);
      if (need.admits(o, named) != fits)
        ADD_FAILURE() << op->name << " " << elem->name << " '" << o.text << "': operandFits " << fits;
      admitted += fits;
      ++compared;
    }
  }
  EXPECT_GT(elements.size(), 500u);
  EXPECT_GT(compared, 1000000u);
  EXPECT_GT(admitted, 10000u);
}

const OrderElem& element(const Opcode& op, std::string_view name) {
  for (const auto& e : op.operandInfo.order)
    if (e.name == name) return e;
  ADD_FAILURE() << name;
  return op.operandInfo.order.front();
}

// Opcode variants by the source of SrcB: RR a GPR, RU a UR, RI an SImm32, RC a CMem (000:180-232).
TEST(BindingQueries, OperandFitsAnElementByKind) {
  const Opcode& rr = *db().opcode("IADD_RR");
  const Opcode& ru = *db().opcode("IADD_RU");
  const Opcode& ri = *db().opcode("IADD_RI");
  const Opcode& rc = *db().opcode("IADD_RC");
  EXPECT_TRUE(operandFits(db(), rr, element(rr, "rb"), operand("R5")));
  EXPECT_FALSE(operandFits(db(), rr, element(rr, "rb"), operand("UR5")));
  EXPECT_FALSE(operandFits(db(), rr, element(rr, "rb"), operand("P0")));
  EXPECT_FALSE(operandFits(db(), rr, element(rr, "rb"), operand("0x10")));
  EXPECT_TRUE(operandFits(db(), ru, element(ru, "urb"), operand("UR5")));
  EXPECT_TRUE(operandFits(db(), ri, element(ri, "vb"), operand("0x10")));
  EXPECT_FALSE(operandFits(db(), ri, element(ri, "vb"), operand("R1")));
  EXPECT_TRUE(operandFits(db(), rc, element(rc, "vb"), operand("c[0x0][0x10]")));
  EXPECT_FALSE(operandFits(db(), rc, element(rc, "vb"), operand("R1")));
  EXPECT_TRUE(operandFits(db(), rr, element(rr, "pp"), operand("P0")));
  EXPECT_FALSE(operandFits(db(), rr, element(rr, "pp"), operand("UP0")));  // Pred, not UPred
  // P2R's PR (000:1445) takes the predicate set PR and nothing else.
  const Opcode& p2r = *db().opcode("P2R_RR");
  EXPECT_TRUE(operandFits(db(), p2r, element(p2r, "PR"), operand("PR")));
  EXPECT_FALSE(operandFits(db(), p2r, element(p2r, "PR"), operand("UPR")));
  EXPECT_FALSE(operandFits(db(), p2r, element(p2r, "PR"), operand("P0")));
}

std::set<std::size_t> nextSlots(const char* optype, std::size_t form, std::vector<std::string_view> before) {
  std::vector<AsmOperand> ops;
  for (const auto b : before) ops.push_back(operand(b));
  std::set<std::size_t> out;
  for (const auto& c : nextOperandSlots(db(), *db().optype(optype), form, ops)) out.insert(c.slot);
  return out;
}

// 000:126 `IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp}`: after Rd the next operand is pu or Ra;
// after Rd and a predicate only pu can have been written (Ra is a GPR), so Ra comes next.
TEST(BindingQueries, NextOperandSlots) {
  EXPECT_EQ(nextSlots("IADD", 1, {}), (std::set<std::size_t>{0}));
  EXPECT_EQ(nextSlots("IADD", 1, {"R1"}), (std::set<std::size_t>{1, 2}));
  EXPECT_EQ(nextSlots("IADD", 1, {"R1", "P0"}), (std::set<std::size_t>{2}));
  EXPECT_EQ(nextSlots("IADD", 1, {"R1", "R2"}), (std::set<std::size_t>{3}));
  // After all five, nothing.
  EXPECT_TRUE(nextSlots("IADD", 1, {"R1", "P0", "R2", "R3", "P1"}).empty());
  // A first operand that fits no Rd leaves nothing.
  EXPECT_TRUE(nextSlots("IADD", 1, {"P0"}).empty());
}

// ------------------------------------------------------------------ shared text

TEST(BindingText, CompactFormAndDomainLine) {
  const Optype& iadd = *db().optype("IADD");
  EXPECT_EQ(compactForm(iadd.syntax.forms[0]), "IADD Rd, {-}Ra, {-}SrcB ;");
  const Optype& imad = *db().optype("IMAD");
  const ModifierDomain* itype = imad.domain("itype");
  ASSERT_NE(itype, nullptr);
  EXPECT_EQ(domainLine(*itype), ".itype = {.S32*, .U32}");  // 000:255
  // IADD names .X in __ModifierInfo (000:154); ".X" is not ".XOR".
  EXPECT_FALSE(modifierMeaning(iadd, "X").empty());
  EXPECT_TRUE(modifierMeaning(iadd, "XO").empty());
}

TEST(BindingText, AModifiersMeaningFromATableRowIsItsOtherCellsUnderTheirHeaders) {
  // ISETP 000:1690-1705: `| .EQ | == |` under `| .compop | 功能（C风格比较运算符表示） |`, and
  // `| .OR  | \|\| |`, whose cell is "||".
  const Optype& isetp = *db().optype("ISETP");
  EXPECT_EQ(modifierMeaning(isetp, "EQ"), "功能（C风格比较运算符表示）: ==");
  EXPECT_EQ(modifierMeaning(isetp, "OR"), "功能（C风格逻辑运算符表示）: ||");
  // FSETP 004:770-777: a row of three cells names .EQ and .EQU; each keeps the other two.
  const Optype& fsetp = *db().optype("FSETP");
  EXPECT_EQ(modifierMeaning(fsetp, "EQ"), "unordered比较: .EQU; 输入不含NAN时的语义: ==");
  EXPECT_EQ(modifierMeaning(fsetp, "EQU"), "ordered比较: .EQ; 输入不含NAN时的语义: ==");
  // MUFU 003:66: `|.COS | 正弦函数 |` (the swap of COS and SIN is erratum L-33's, not ours).
  EXPECT_EQ(modifierMeaning(*db().optype("MUFU"), "COS"), "特殊函数: 正弦函数");
}

TEST(BindingText, AModifiersCaseInTheSemanticsSwitch) {
  // SHFL 002:110-116.
  const Optype& shfl = *db().optype("SHFL");
  EXPECT_EQ(modifierCase(shfl, "mode", "UP"),
            (std::vector<std::string>{"j = lane - bval; pu = (j >= maxLane);"}));
  EXPECT_EQ(modifierCase(shfl, "mode", "BFLY"),
            (std::vector<std::string>{"j = lane ^ bval; pu = (j <= maxLane);"}));
  EXPECT_EQ(
      modifierCase(shfl, "mode", "IDX"),
      (std::vector<std::string>{"j = minLane  | (bval[4:0] & ~segmask[4:0]);", "pu = (j <= maxLane);"}));
  EXPECT_TRUE(modifierCase(shfl, "mode", "XOR").empty());
  EXPECT_TRUE(modifierCase(shfl, "other", "UP").empty());
  // P2R 000:1473-1486: a case label on its own line, the body on the next, `break;` after.
  const Optype* p2r = db().optype("P2R");
  ASSERT_NE(p2r, nullptr);
  EXPECT_EQ(modifierCase(*p2r, "bsel", "B1"),
            (std::vector<std::string>{"Rd[8:15] = (b_select & pr) | ((~b_select) & Ra[8:15]);"}));
}

// ------------------------------------------------------------------ the resolved register-access plans

// registerAccesses the straightforward way, as it was before the plans (registerAccessPlans):
// per instruction, the opcode's InList<>/OutList<> by name (operandAccesses), each name's field
// type and Bitwidth<> rule looked up, and the written operand found by comparing the binding's
// Order<> element names. The plans must give exactly this, access for access.
std::vector<RegisterAccess> accessesByName(const InstrDb& d, const MachineInst& inst,
                                           const Binding* binding) {
  std::vector<RegisterAccess> out;
  if (inst.opcode == nullptr) return out;
  const Opcode& op = *inst.opcode;
  const auto operandOf = [&](std::string_view name) -> std::uint8_t {
    if (binding == nullptr || binding->opcode != &op) return RegisterAccess::kNotWritten;
    for (std::size_t i = 0; i < binding->operandCount; ++i) {
      const OrderElem* e = binding->elementOf(i);
      if (e == nullptr) continue;
      if (e->name == name || std::find(e->parts.begin(), e->parts.end(), name) != e->parts.end())
        return static_cast<std::uint8_t>(i);
    }
    return RegisterAccess::kNotWritten;
  };
  const std::string_view guardName = firstOperandOrderIndex(d, op) == 1
                                         ? std::string_view(op.operandInfo.order.front().name)
                                         : std::string_view{};
  for (const OperandAccess& a : operandAccesses(d, op)) {
    if (a.predicateSetFile != nullptr) {
      for (const Enumerator& e : a.predicateSetFile->enumerators)
        if (!d.isConstantRegister(*a.predicateSetFile, e.value))
          out.push_back(
              {a.predicateSetFile, static_cast<std::uint32_t>(e.value), a.access, operandOf(a.name), false});
      continue;
    }
    if (a.field < 0) continue;
    const BitFieldType& t = d.typeOf(op.fields[static_cast<std::size_t>(a.field)]);
    if (t.kind != TypeKind::Register && t.kind != TypeKind::Predicate) continue;
    const std::uint64_t v = inst.values[static_cast<std::size_t>(a.field)];
    if (d.isConstantRegister(t, v)) continue;
    std::uint32_t count = 1;
    if (t.kind == TypeKind::Register)
      if (const BitwidthRule* rule = op.operandInfo.bitwidth(a.name))
        if (const auto w = evalCompiled(rule->compiled, inst.values);
            w && static_cast<std::uint32_t>(*w) > 32)
          count = (static_cast<std::uint32_t>(*w) + 31) / 32;
    const bool isGuard = a.name == guardName;
    for (std::uint32_t k = 0; k < count; ++k)
      out.push_back({&t, static_cast<std::uint32_t>(v) + k, a.access,
                     isGuard ? RegisterAccess::kNotWritten : operandOf(a.name), isGuard});
  }
  return out;
}

std::string describe(const std::vector<RegisterAccess>& accesses) {
  std::string out;
  for (const RegisterAccess& a : accesses)
    out += a.file->name + std::to_string(a.number) + "/" + std::to_string(static_cast<int>(a.access)) + "/" +
           std::to_string(a.operand) + (a.guard ? "g" : "") + " ";
  return out;
}

// Every opcode of the embedded spec, under every syntax form that binds to it, with field values
// drawn at random (the constant registers and the defaults among them) and bindings of every
// shape: none, another variant's, every slot written in order, and written operands bound to
// random slots or none — the plans give what the lists read by name give.
TEST(RegisterAccessPlans, GiveWhatTheListsReadByNameGiveForEveryOpcode) {
  const InstrDb& d = db();
  std::mt19937_64 rng(41);
  std::size_t compared = 0, withOperand = 0, wide = 0;
  for (const Opcode& op : d.opcodes()) {
    const Optype& optype = d.optypeOf(op);
    MachineInst inst;
    inst.opcode = &op;
    for (int round = 0; round < 8; ++round) {
      inst.values = op.initialValues;
      for (std::size_t f = 0; f < op.fields.size(); ++f) {
        const Field& field = op.fields[f];
        const std::uint64_t mask =
            field.width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field.width) - 1;
        const BitFieldType& t = d.typeOf(field);
        switch (rng() % 4) {
          case 0: break;  // the default or fixed value
          case 1:
            if (const Enumerator* c = d.constantRegister(t)) {
              inst.values[f] = c->value;
              break;
            }
            [[fallthrough]];
          case 2:
            if (!t.enumerators.empty()) {
              inst.values[f] = t.enumerators[rng() % t.enumerators.size()].value;
              break;
            }
            [[fallthrough]];
          default: inst.values[f] = rng() & mask;
        }
      }
      std::vector<const Binding*> bindings{nullptr};
      std::vector<Binding> made;
      for (std::size_t form = 0; form < op.formBindings.size(); ++form) {
        if (!op.formBindings[form]) continue;
        Binding b;
        b.optype = &optype;
        b.form = &optype.syntax.forms[form];
        b.opcode = &op;
        b.matched = true;
        const std::size_t slots = std::min(b.form->operands.size(), Binding::kCapacity);
        b.operandCount = static_cast<std::uint8_t>(slots);
        for (std::size_t i = 0; i < slots; ++i) b.operandSlot[i] = static_cast<std::uint8_t>(i);
        made.push_back(b);
        b.operandCount = static_cast<std::uint8_t>(rng() % (slots + 1));
        for (std::size_t i = 0; i < b.operandCount; ++i)
          b.operandSlot[i] = rng() % 5 == 0 ? Binding::kUnbound : static_cast<std::uint8_t>(rng() % slots);
        made.push_back(b);
      }
      // A binding of another variant attributes nothing.
      for (const std::uint32_t other : optype.opcodes) {
        const Opcode& o = d.opcodes()[other];
        if (&o == &op || o.formBindings.empty() || !o.formBindings.front()) continue;
        Binding b;
        b.optype = &optype;
        b.form = &optype.syntax.forms.front();
        b.opcode = &o;
        b.operandCount = static_cast<std::uint8_t>(std::min(b.form->operands.size(), Binding::kCapacity));
        for (std::size_t i = 0; i < b.operandCount; ++i) b.operandSlot[i] = static_cast<std::uint8_t>(i);
        made.push_back(b);
        break;
      }
      for (const Binding& b : made) bindings.push_back(&b);
      for (const Binding* b : bindings) {
        const std::vector<RegisterAccess> want = accessesByName(d, inst, b);
        const std::vector<RegisterAccess> got = registerAccesses(d, inst, b);
        ASSERT_EQ(describe(got), describe(want)) << op.name;
        for (std::size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i].file, want[i].file) << op.name;
        ++compared;
        withOperand += std::any_of(want.begin(), want.end(), [](const RegisterAccess& a) {
          return a.operand != RegisterAccess::kNotWritten;
        });
        for (std::size_t i = 1; i < want.size(); ++i)
          wide += want[i].file == want[i - 1].file && want[i].number == want[i - 1].number + 1 &&
                  want[i].operand == want[i - 1].operand;
      }
    }
  }
  // The comparison saw what it is for: instructions whose registers come from written operands,
  // and operands wider than one register.
  EXPECT_GT(compared, d.opcodes().size() * 8);
  EXPECT_GT(withOperand, compared / 4);
  EXPECT_GT(wide, 0u);
}

// One buffer for many instructions: appendRegisterAccesses adds after what is there.
TEST(RegisterAccessPlans, AppendAddsAfterWhatIsThere) {
  const MatchResult a = matched("IADD.X R1, PT, R3, ~R5, P0 ;");
  const MatchResult b = matched("IMAD.WIDE R[0:1], R2, R3, R[4:5] ;");
  std::vector<RegisterAccess> both;
  const RegisterAccessPlans& plans = registerAccessPlans(db());
  EXPECT_EQ(&plans, &registerAccessPlans(db()));  // kept with the database
  appendRegisterAccesses(plans, *a.inst, &*a.binding, both);
  appendRegisterAccesses(plans, *b.inst, &*b.binding, both);
  std::vector<RegisterAccess> want = registerAccesses(db(), *a.inst, &*a.binding);
  const std::vector<RegisterAccess> second = registerAccesses(db(), *b.inst, &*b.binding);
  want.insert(want.end(), second.begin(), second.end());
  EXPECT_EQ(describe(both), describe(want));
  EXPECT_FALSE(second.empty());
}

}  // namespace
}  // namespace gpuasm::isa
