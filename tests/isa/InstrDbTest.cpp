// The instruction database built from the embedded spec: counts (spec-catalog §0), inheritance,
// field positions/defaults checked against the spec text line by line (file:line in each
// comment), enumerator numbering (§2.1 rule), prelude types, errata amendments and aliases.
#include "TestSpec.h"

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace gpuasm::isa {
namespace {

using test::db;

const Field& fieldOf(const char* opcode, const char* field) {
  const Opcode* op = db().opcode(opcode);
  EXPECT_NE(op, nullptr) << opcode;
  static const Field none{};
  if (op == nullptr) return none;
  const Field* f = op->field(field);
  EXPECT_NE(f, nullptr) << opcode << "." << field;
  return f != nullptr ? *f : none;
}

std::uint64_t enumValue(const char* type, const char* name) {
  const BitFieldType* t = db().type(type);
  EXPECT_NE(t, nullptr) << type;
  if (t == nullptr) return ~0ull;
  const auto v = t->valueOf(name);
  EXPECT_TRUE(v.has_value()) << type << "." << name;
  return v.value_or(~0ull);
}

TEST(InstrDb, LoadsWithoutErrors) {
  for (const auto& d : test::embeddedSpec().diagnostics)
    EXPECT_NE(d.severity, Severity::Error) << db().describe(d.pos) << ": " << d.message;
}

// A derived table is computed on the first request only and then shared, across threads too.
int derivedComputations = 0;
std::size_t countOpcodes(const InstrDb& d) {
  ++derivedComputations;
  return d.opcodes().size();
}

TEST(InstrDb, DerivedTablesAreComputedOnceAndKept) {
  const SpecLoad load = loadEmbeddedSpec();
  derivedComputations = 0;
  std::vector<const std::size_t*> seen(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i)
    threads.emplace_back([&, i] { seen[i] = &load.db->derived(&countOpcodes); });
  for (auto& t : threads) t.join();
  EXPECT_EQ(derivedComputations, 1);
  for (const std::size_t* p : seen) EXPECT_EQ(p, seen[0]);
  EXPECT_EQ(*seen[0], load.db->opcodes().size());
  // Another database has its own.
  const SpecLoad other = loadEmbeddedSpec();
  EXPECT_NE(&other.db->derived(&countOpcodes), seen[0]);
  EXPECT_EQ(derivedComputations, 2);
}

// A table may be computed from another: the nested request neither deadlocks nor computes twice.
std::size_t twiceTheOpcodes(const InstrDb& d) { return 2 * d.derived(&countOpcodes); }

TEST(InstrDb, ADerivedTableMayAskForAnother) {
  const SpecLoad load = loadEmbeddedSpec();
  derivedComputations = 0;
  EXPECT_EQ(load.db->derived(&twiceTheOpcodes), 2 * load.db->opcodes().size());
  EXPECT_EQ(load.db->derived(&countOpcodes), load.db->opcodes().size());
  EXPECT_EQ(derivedComputations, 1);
}

// The matcher looks written modifiers up in each optype's spelling table (one hash) instead of
// the binary search over modifierSpellings; both must give the same index for every spelling,
// and -1 for what is no spelling (a prefix, an extension, another case, another optype's).
TEST(InstrDb, SpellingTableAnswersAsTheSortedSpellings) {
  std::set<std::string> everySpelling;
  for (const Optype& o : db().optypes())
    for (const auto& [spelling, slots] : o.modifierSpellings) everySpelling.insert(spelling);
  std::size_t known = 0, unknown = 0;
  for (const Optype& o : db().optypes()) {
    EXPECT_EQ(o.spellingTable.size(), o.modifierSpellings.size()) << o.name;
    Optype plain = o;  // without the table: the binary search
    plain.spellingTable = NameIndex{};
    std::vector<std::string> probes(everySpelling.begin(), everySpelling.end());
    for (const auto& s : everySpelling) {
      probes.push_back(s + "X");
      probes.push_back(s.substr(0, s.size() - 1));
      std::string lower = s;
      for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      probes.push_back(lower);
    }
    probes.push_back("");
    for (const auto& p : probes) {
      const int expected = plain.spellingIndex(p);
      EXPECT_EQ(o.spellingIndex(p), expected) << o.name << " ." << p;
      if (expected >= 0) {
        EXPECT_EQ(o.modifierSpellings[static_cast<std::size_t>(expected)].first, p);
        ++known;
      } else {
        ++unknown;
      }
    }
  }
  EXPECT_GT(known, 100u);
  EXPECT_GT(unknown, 1000u);
}

TEST(InstrDb, CountsMatchTheCatalog) {
  std::size_t specTypes = 0;
  for (const auto& t : db().types()) specTypes += t.origin == SpecFileRole::Spec;
  EXPECT_EQ(specTypes, 27u);
  EXPECT_EQ(db().groups().size(), 6u);
  EXPECT_EQ(db().optypes().size(), 72u);
  EXPECT_EQ(db().opcodes().size(), 248u);
  // Opcodes per file: 102, 73, 14, 24, 35 (catalog §0).
  std::map<std::uint32_t, int> perFile;
  for (const auto& op : db().opcodes()) ++perFile[op.pos.file];
  std::vector<int> counts;
  for (const auto& [file, n] : perFile) counts.push_back(n);
  EXPECT_EQ(counts, (std::vector<int>{102, 73, 14, 24, 35}));
}

TEST(InstrDb, OptypesInDefinitionOrderAndPreludeOptypeCodes) {
  ASSERT_EQ(db().optypes().front().name, "IADD");
  EXPECT_EQ(db().optypes()[2].name, "IMAD_WIDE");
  EXPECT_EQ(db().optypes()[24].name, "ULDC");
  EXPECT_EQ(db().optypes()[49].name, "SHFL");
  EXPECT_EQ(db().optypes().back().name, "FCHK");
  // The prelude numbers Optype in the same order (assumption, catalog §2.2).
  for (const auto& o : db().optypes()) EXPECT_EQ(enumValue("Optype", o.name.c_str()), o.index) << o.name;
}

TEST(InstrDb, GroupsAndTheImplicitRoot) {
  ASSERT_NE(db().group("F_ARITH"), nullptr);
  EXPECT_EQ(db().group("F_ARITH")->parent, "FALU");
  EXPECT_EQ(db().group("IALU")->parent, "ALL");
  EXPECT_EQ(db().group("ALL"), nullptr);
  EXPECT_EQ(db().optype("FADD")->group, "F_ARITH");
}

TEST(InstrDb, IaddRrFieldsFromGroupOptypeAndOpcode) {
  // 000:106-107 (IALU), 000:111-120 (IADD), 000:182-184 (IADD_RR).
  const Opcode* op = db().opcode("IADD_RR");
  ASSERT_NE(op, nullptr);
  std::vector<std::tuple<std::string, std::uint32_t, std::uint32_t>> layout;
  for (const auto& f : op->fields) layout.emplace_back(f.name, f.offset, f.width);
  const std::vector<std::tuple<std::string, std::uint32_t, std::uint32_t>> expected = {
      {"optype", 0, 8}, {"stype", 8, 4},    {"pg", 12, 3},     {"pg.not", 15, 1}, {"rd", 16, 8},
      {"ra", 24, 8},    {"rb", 32, 8},      {"ra.neg", 72, 1}, {"ext", 76, 1},    {"rb.neg", 97, 1},
      {"pp", 98, 3},    {"pp.not", 101, 1}, {"pu", 106, 3}};
  EXPECT_EQ(layout, expected);
  EXPECT_EQ(fieldOf("IADD_RR", "pg").declaredIn, "IALU");
  EXPECT_EQ(fieldOf("IADD_RR", "ext").declaredIn, "IADD");
  EXPECT_EQ(fieldOf("IADD_RR", "rb").declaredIn, "IADD_RR");
  EXPECT_EQ(fieldOf("IADD_RR", "rd").presence, FieldPresence::Required);
  EXPECT_EQ(fieldOf("IADD_RR", "optype").presence, FieldPresence::Fixed);
  EXPECT_EQ(fieldOf("IADD_RR", "optype").value, 0u);  // IADD = 0 in the prelude
  EXPECT_EQ(fieldOf("IADD_RR", "stype").value, enumValue("SType", "RR"));
  EXPECT_EQ(fieldOf("IADD_RR", "pp.not").valueText, "True");  // 000:119 pp.not=True
  EXPECT_EQ(fieldOf("IADD_RR", "pp.not").value, 1u);
  EXPECT_EQ(fieldOf("IADD_RR", "pu").value, enumValue("Pred", "PT"));
  EXPECT_EQ(db().typeOf(fieldOf("IADD_RR", "rd")).name, "Reg");
}

TEST(InstrDb, SpotChecksAgainstTheSpecText) {
  // LEA 000:1123 `field<82,  5> UImm5 shiftamt;` — required, no default.
  EXPECT_EQ(fieldOf("LEA_RRR", "shiftamt").offset, 82u);
  EXPECT_EQ(fieldOf("LEA_RRR", "shiftamt").width, 5u);
  EXPECT_EQ(fieldOf("LEA_RRR", "shiftamt").presence, FieldPresence::Required);
  // SHFL_RRI 002:147 `field<40,13> UImm13 vc;`
  EXPECT_EQ(fieldOf("SHFL_RRI", "vc").offset, 40u);
  EXPECT_EQ(fieldOf("SHFL_RRI", "vc").width, 13u);
  EXPECT_EQ(db().typeOf(fieldOf("SHFL_RRI", "vc")).kind, TypeKind::UImm);
  // ULDC 001:11 `field<80,  3> MEMDType dtype = 32;` — "32" is a name (S8 U8 S16 U16 32 → 4).
  EXPECT_EQ(fieldOf("ULDC_U", "dtype").valueText, "32");
  EXPECT_EQ(fieldOf("ULDC_U", "dtype").value, 4u);
  // MOV 000:2459-2460 width MOVW with names "32" = 0, "64" = 1 (000:100-102).
  EXPECT_EQ(enumValue("MOVW", "32"), 0u);
  EXPECT_EQ(enumValue("MOVW", "64"), 1u);
  // UFLO 001:1906-1907 uses FLOSH, defined later in 003:1.
  EXPECT_EQ(fieldOf("UFLO_U", "sh").offset, 81u);
  EXPECT_EQ(db().typeOf(fieldOf("UFLO_U", "sh")).name, "FLOSH");
  EXPECT_EQ(fieldOf("UFLO_U", "itype").offset, 80u);
  // R2UR 000:3008-3009 redeclares pg / pg.not identically; one field each.
  const Opcode* r2ur = db().opcode("R2UR_R");
  ASSERT_NE(r2ur, nullptr);
  int pg = 0;
  for (const auto& f : r2ur->fields) pg += f.name == "pg";
  EXPECT_EQ(pg, 1);
  EXPECT_EQ(fieldOf("R2UR_R", "urd").width, 6u);
  // MUFU_R 003:196-198: rb.hsel@72, rb.neg@96, rb.abs@97.
  EXPECT_EQ(fieldOf("MUFU_R", "rb.neg").offset, 96u);
  EXPECT_EQ(fieldOf("MUFU_R", "rb.abs").offset, 97u);
  // The highest bit used is 111 (pv at 109..111, catalog §7).
  std::uint32_t highest = 0;
  for (const auto& op : db().opcodes())
    for (const auto& f : op.fields) highest = std::max(highest, f.offset + f.width - 1);
  EXPECT_EQ(highest, 111u);
}

TEST(InstrDb, EnumeratorNumberingRule) {
  // An entry without '= n' is previous + 1; comments and blank lines take no number.
  EXPECT_EQ(enumValue("IType", "S32"), 0u);   // 000:14 S32 = 0x0
  EXPECT_EQ(enumValue("IType", "U32"), 1u);   // 000:15 implicit after explicit
  EXPECT_EQ(enumValue("BoolOp", "AND"), 0u);  // 000:48 '//  NoBop;' is a comment
  EXPECT_EQ(enumValue("BoolOp", "XOR"), 2u);
  EXPECT_EQ(enumValue("REDUXOp", "SUM"), 3u);  // 002:25 blank line inside the body
  EXPECT_EQ(enumValue("REDUXOp", "MIN"), 5u);
  EXPECT_EQ(enumValue("SHFDType", "S32"), 2u);
  EXPECT_EQ(enumValue("PRMTMode", "RC16"), 6u);
  EXPECT_EQ(enumValue("CWMode", "W"), 1u);
  // The same enumerator name in several types is scoped to its type.
  EXPECT_EQ(enumValue("IExt", "X"), 1u);
  EXPECT_EQ(enumValue("I2IPDType", "S8"), 4u);
  EXPECT_EQ(enumValue("I2IDType", "S8"), 0u);
}

TEST(InstrDb, PreludeDefinesTheUndefinedTypes) {
  const std::set<std::string> expected = {"Optype", "SType",   "USType",    "Reg",       "UReg",    "Pred",
                                          "UPred",  "PModi",   "SignModi",  "CMem",      "SImm32",  "SImm9",
                                          "SImm7",  "UImm5",   "UImm8",     "UImm13",    "F32Imm",  "FPFtz",
                                          "FPSat",  "FPRound", "FMULScale", "NAN",       "LOPOp",   "FCMPOp",
                                          "BVal",   "HSel",    "MUFUOp",    "MUFUDType", "MEMDType"};
  ASSERT_EQ(expected.size(), 29u);
  std::set<std::string> prelude;
  for (const auto& t : db().types())
    if (t.origin == SpecFileRole::Prelude) prelude.insert(t.name);
  for (const auto& name : expected) EXPECT_TRUE(prelude.contains(name)) << name;
  EXPECT_EQ(enumValue("Reg", "RZ"), 255u);
  EXPECT_EQ(enumValue("Reg", "R254"), 254u);
  EXPECT_EQ(enumValue("UReg", "URZ"), 63u);
  EXPECT_EQ(enumValue("Pred", "PT"), 7u);
  EXPECT_EQ(enumValue("SType", "X"), 15u);  // the 16th first-appearance name
  EXPECT_EQ(db().type("SImm32")->kind, TypeKind::SImm);
  EXPECT_EQ(db().type("F32Imm")->kind, TypeKind::FImm);
  ASSERT_EQ(db().type("CMem")->subFields.size(), 2u);
}

TEST(InstrDb, ErrataAmendmentsAreAppliedAndRecorded) {
  // L-31: I2IP satrelu==SAT (000:2885) stays fixed until the spec owner changes it (the
  // catalogue's decision); the assembler rejects .SATRELU (tests/asm/invalid.asm, SpecExamplesAssembleTest).
  const Field& satrelu = fieldOf("I2IP_RRR", "satrelu");
  EXPECT_EQ(satrelu.presence, FieldPresence::Fixed);
  EXPECT_TRUE(satrelu.amendedBy.empty());
  EXPECT_EQ(satrelu.pos.line, 2885u);
  // L-42: IMUL_RR rb.neg 74 → 97 (000:1049).
  EXPECT_EQ(fieldOf("IMUL_RR", "rb.neg").offset, 97u);
  EXPECT_EQ(fieldOf("IMUL_RR", "rb.neg").specDeclaration->offset, 74u);
  // L-74: LEA rc defaults to RZ.
  EXPECT_EQ(fieldOf("LEA_RRR", "rc").value, 255u);
  // L-48: MUFU hsel defaults to H0.
  EXPECT_EQ(fieldOf("MUFU_R", "rb.hsel").presence, FieldPresence::Default);
  EXPECT_EQ(fieldOf("MUFU_R", "rb.hsel").value, 0u);
  // L-78: ISETP pq.not=False (000:1659) becomes True (prose default !PT).
  EXPECT_EQ(fieldOf("ISETP_RR", "pq.not").value, 1u);
  // L-41: IMAD_WIDE_RCR Order follows the syntax (rd before pu).
  const auto& order = db().opcode("IMAD_WIDE_RCR")->operandInfo.order;
  ASSERT_GE(order.size(), 3u);
  EXPECT_EQ(order[1].name, "rd");
  EXPECT_EQ(order[2].name, "pu");
  EXPECT_EQ(db().opcode("IMAD_WIDE_RCR")->operandInfo.orderAmendedBy, "L-41");
  // L-52: CLAMP/WRAP spell CWMode C/W.
  EXPECT_EQ(enumValue("CWMode", "CLAMP"), 0u);
  EXPECT_EQ(enumValue("CWMode", "WRAP"), 1u);
  // L-35: .F64 spells MUFUDType F64H.
  EXPECT_EQ(enumValue("MUFUDType", "F64"), enumValue("MUFUDType", "F64H"));
  // Every erratum has a problem and a decision.
  EXPECT_GE(db().errata().size(), 80u);
  for (const auto& e : db().errata()) {
    EXPECT_TRUE(e.problem.present) << e.id;
    EXPECT_TRUE(e.decision.present) << e.id;
  }
}

TEST(InstrDb, OperandInfoStatements) {
  // 000:186-188.
  const OperandInfo& info = db().opcode("IADD_RR")->operandInfo;
  EXPECT_EQ(info.inList, (std::vector<std::string>{"pg", "ra", "rb", "pp"}));
  EXPECT_EQ(info.outList, (std::vector<std::string>{"rd", "pu"}));
  std::vector<std::string> order;
  for (const auto& e : info.order) order.push_back(e.toString());
  EXPECT_EQ(order, (std::vector<std::string>{"pg", "rd", "pu", "ra", "rb", "pp"}));
  ASSERT_NE(info.asmFormat("rb.neg"), nullptr);  // 000:193 AsmFormat<rb.neg> = CvtINegX(rb.neg, ext)
  EXPECT_EQ(info.asmFormat("rb.neg")->function, "CvtINegX");
  EXPECT_EQ(info.asmFormat("ra.neg")->args,
            (std::vector<std::string>{"ra.neg", "ext"}));  // optype level 000:134
  // Composite Order elements: 000:3101 Order<pg, R[urb, ridx], ra>.
  const auto& setgpr = db().opcode("SETGPR_U")->operandInfo.order;
  ASSERT_EQ(setgpr.size(), 3u);
  EXPECT_EQ(setgpr[1].kind, OrderElem::Kind::Composite);
  EXPECT_EQ(setgpr[1].parts, (std::vector<std::string>{"urb", "ridx"}));
  // IDP4A's ModiOrder<afmt, bfmt> (000:847) reaches its opcodes; IDP2A's comes from L-55.
  EXPECT_EQ(db().opcode("IDP4A_RRR")->operandInfo.modiOrders.size(), 1u);
  EXPECT_EQ(db().opcode("IDP2A_RRR")->operandInfo.modiOrders.size(), 1u);
  // MUFU's optype-level EncodingError (003:20) applies to every MUFU opcode, followed by the
  // two rules erratum G-6 adds for the (mufuop, dtype) table of 003:79-87 and MUFU_C's own
  // prefix rule from G-12 (003:55).
  const auto& mufuRules = db().opcode("MUFU_C")->encodingErrors;
  ASSERT_EQ(mufuRules.size(), 4u);
  EXPECT_NE(mufuRules[3].message.find("003_xu.txt:55"), std::string::npos);
  EXPECT_EQ(mufuRules[0].message, "MUFU.F64H only supports RCP/RSQ.");
  EXPECT_NE(mufuRules[1].message.find("COS/.SIN/.LG2/.SQRT"), std::string::npos);
}

TEST(InstrDb, BitwidthAndEncodingErrorExpressionsEvaluate) {
  const Opcode* mov = db().opcode("MOV_R");
  ASSERT_NE(mov, nullptr);
  const BitwidthRule* rd = mov->operandInfo.bitwidth("rd");  // 000:2504 32 + (width=="64")*32
  ASSERT_NE(rd, nullptr);
  auto env = [&](std::uint64_t width) {
    ExprEnv e;
    e.fieldValue = [=](std::string_view f) -> std::optional<std::uint64_t> {
      if (f == "width") return width;
      return std::nullopt;
    };
    e.enumValue = [&](std::string_view f, std::string_view n) -> std::optional<std::uint64_t> {
      const Field* field = mov->field(f);
      return field ? db().typeOf(*field).valueOf(n) : std::nullopt;
    };
    return e;
  };
  EXPECT_EQ(evalExpr(rd->expr, env(0)), 32);
  EXPECT_EQ(evalExpr(rd->expr, env(1)), 64);
  // MOV_I: EncodingError<…> = width=="64" (000:2531).
  const Opcode* movi = db().opcode("MOV_I");
  ASSERT_EQ(movi->encodingErrors.size(), 1u);
  EXPECT_EQ(movi->encodingErrors[0].kind, "IllegalBitFieldValue");
  EXPECT_EQ(evalExpr(movi->encodingErrors[0].condition, env(1)), 1);
  EXPECT_EQ(evalExpr(movi->encodingErrors[0].condition, env(0)), 0);
}

TEST(InstrDb, ProseSectionsKeepTextAndPosition) {
  const Optype* iadd = db().optype("IADD");
  ASSERT_TRUE(iadd->docs.description.present);
  EXPECT_EQ(iadd->docs.description.text.rfind("进行整数加法", 0), 0u);  // 000:129
  EXPECT_EQ(iadd->docs.description.pos.line, 128u);                     // the __Description header
  EXPECT_EQ(iadd->docs.description.firstLine, 129u);
  EXPECT_TRUE(iadd->docs.semantics.text.find("IADD.X Rd, pu, Ra, SrcB, pp:") != std::string::npos);
  EXPECT_TRUE(iadd->docs.examples.text.find("IADD R0, R1, -0x114514 ;") != std::string::npos);
  EXPECT_FALSE(db().optype("MOVM")->docs.description.present);  // 002:186 encoding only
  EXPECT_TRUE(db().optype("FADD")->docs.simulation.text.find("fadd(va, vb)") != std::string::npos);
  EXPECT_EQ(db().optype("LOP3")->docs.examples.pos.column, 1u);  // 000:2110 column-0 header
}

TEST(InstrDb, MnemonicsMapToOptypes) {
  EXPECT_EQ(db().optypeForMnemonic("IMAD.WIDE")->name, "IMAD_WIDE");
  EXPECT_EQ(db().optypeForMnemonic("IDP.2A")->name, "IDP2A");
  EXPECT_EQ(db().optypeForMnemonic("IADD")->name, "IADD");
  EXPECT_EQ(db().optypeForMnemonic("IMAD_WIDE"), nullptr);
}

}  // namespace
}  // namespace gpuasm::isa

namespace gpuasm::isa {
namespace {

// The prelude's __DefAsmFacts (prelude.isa, end of file): the facts the tools read instead of
// spelling registers and operand names in C++. Values are the prelude's own lines.
TEST(AsmFacts, ThePreludeStatesTheAssemblyNotationsMeaning) {
  const InstrDb& d = test::db();
  const BitFieldType& reg = *d.type("Reg");
  const BitFieldType& pred = *d.type("Pred");
  EXPECT_EQ(d.fileRole(reg), PlaceholderClass::Gpr);
  EXPECT_EQ(d.fileRole(*d.type("UReg")), PlaceholderClass::UniformGpr);
  EXPECT_EQ(d.fileRole(pred), PlaceholderClass::Predicate);
  EXPECT_EQ(d.fileRole(*d.type("UPred")), PlaceholderClass::UniformPredicate);
  EXPECT_EQ(d.fileRole(*d.type("IType")), PlaceholderClass::Other);
  EXPECT_EQ(d.fileOfRole(PlaceholderClass::UniformGpr), d.type("UReg"));
  // RZ = 255 (prelude.isa, Reg), URZ = 63 (UReg), PT = 7 (Pred).
  EXPECT_TRUE(d.isConstantRegister(reg, 255));
  EXPECT_FALSE(d.isConstantRegister(reg, 254));
  EXPECT_TRUE(d.isConstantRegister(*d.type("UReg"), 63));
  EXPECT_TRUE(d.isConstantRegister(pred, 7));
  ASSERT_NE(d.constantRegister(pred), nullptr);
  EXPECT_EQ(d.constantRegister(pred)->name, "PT");
  EXPECT_TRUE(d.isConstantMemory("C"));
  EXPECT_FALSE(d.isConstantMemory("R"));
  EXPECT_EQ(d.complementEnumerator("CvtINegX"), "X");
  EXPECT_EQ(d.complementEnumerator("CvtSomethingElse"), "");
  // The longest matching prefix: URa is uniform, Ra general, upp uniform, UImm5Sca immediate.
  EXPECT_EQ(d.placeholderClass("URa"), PlaceholderClass::UniformGpr);
  EXPECT_EQ(d.placeholderClass("Ra"), PlaceholderClass::Gpr);
  EXPECT_EQ(d.placeholderClass("upp"), PlaceholderClass::UniformPredicate);
  EXPECT_EQ(d.placeholderClass("pu"), PlaceholderClass::Predicate);
  EXPECT_EQ(d.placeholderClass("UImm5Sca"), PlaceholderClass::Immediate);
  EXPECT_EQ(d.placeholderClass("SbMsk"), PlaceholderClass::AnySource);
  EXPECT_EQ(d.placeholderClass("lut"), PlaceholderClass::Other);
}

TEST(AsmFacts, BadStatementsAreDiagnosedAndTheRestIsRead) {
  const SpecLoad load = test::loadSnippet(
      "__DefBitFieldType Reg<2> : [Register]\n    R0;\n    R1;\n    R2;\n    RZ;\n"
      "__DefAsmFacts Assembly\n"
      "  __Registers\n"
      "    Gpr<Reg> = RZ;\n"
      "    Gpr<NoSuchType> = RZ;\n"
      "    UniformGpr<Reg> = QZ;\n"
      "    Bogus<Reg>;\n"
      "  __Operands\n"
      "    ConstantMemory<C>\n");
  EXPECT_EQ(test::withCode(load.diagnostics, SpecCode::UnknownType).size(), 1u);
  EXPECT_EQ(test::withCode(load.diagnostics, SpecCode::UnknownValue).size(), 1u);
  EXPECT_EQ(test::withCode(load.diagnostics, SpecCode::BadStatement).size(),
            2u);  // Bogus<…>, the missing ';'
  const BitFieldType& reg = *load.db->type("Reg");
  EXPECT_TRUE(load.db->isConstantRegister(reg, 3));
  EXPECT_FALSE(load.db->isConstantMemory("C"));
}

}  // namespace
}  // namespace gpuasm::isa
