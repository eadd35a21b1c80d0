// Tolerance of the spec reader: one test per irregularity of spec-catalog §1.8 (15 items), each
// with a small DSL snippet modelled on the spec line the catalog cites, checking that no content
// is lost (types, enumerator values computed by the rule of catalog §2.1, fields, sections,
// prose, syntax forms) and, where the loader reports the irregularity, the exact diagnostic code,
// severity and position (file:line:column, 1-based, the snippet is file 0). Further tests feed
// garbage (random bytes, token soup, truncated real spec files, a 1 MB line, invalid UTF-8, an
// empty file, headers without a name) and require that loading never throws, always returns a
// database and only reports positions inside the file; the last test applies an erratum that
// replaces a field's default.
#include "SpecLoadCheck.h"
#include "TestSpec.h"

#include <gpuasm/isa/SpecParser.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using namespace gpuasm::isa;
using gpuasm::isa::test::loadSnippet;
using gpuasm::isa::test::withCode;

// ------------------------------------------------------------------------------------ helpers

/// Joins lines with '\n' and ends the text with a newline, as a spec file normally does.
std::string textOf(std::initializer_list<std::string_view> lines) {
  std::string out;
  for (auto l : lines) {
    out.append(l);
    out.push_back('\n');
  }
  return out;
}

/// "file:line:col".
std::string where(const SourcePos& p) {
  return std::to_string(p.file) + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

/// "file:line:col severity" of every diagnostic with `code` in the snippet (file 0), in report order.
std::vector<std::string> positionsOf(const std::vector<SpecDiagnostic>& all, SpecCode code) {
  std::vector<std::string> out;
  for (const auto& d : withCode(all, code))
    if (d.pos.file == 0) out.push_back(where(d.pos) + " " + severityName(d.severity));
  return out;
}
std::vector<std::string> positionsOf(const SpecLoad& load, SpecCode code) {
  return positionsOf(load.diagnostics, code);
}

/// Every error reported in the snippet (file 0), as "file:line:col code: message".
std::vector<std::string> errorsInSnippet(const SpecLoad& load) {
  std::vector<std::string> out;
  for (const auto& d : load.diagnostics)
    if (d.pos.file == 0 && d.severity == Severity::Error)
      out.push_back(where(d.pos) + " " + std::string(spelling(d.code)) + ": " + d.message);
  return out;
}

std::vector<std::string> sectionNames(const SpecDefinition& def) {
  std::vector<std::string> out;
  for (const auto& s : def.sections) out.push_back(s.name);
  return out;
}

std::vector<std::string> definitionNames(const SpecFileAst& ast) {
  std::vector<std::string> out;
  for (const auto& d : ast.definitions) out.push_back(d.name);
  return out;
}

const SpecDefinition* definition(const SpecFileAst& ast, std::string_view name) {
  for (const auto& d : ast.definitions)
    if (d.name == name) return &d;
  return nullptr;
}

/// Name → value of every enumerator of a type, in declaration order.
std::vector<std::pair<std::string, std::uint64_t>> enumeratorsOf(const InstrDb& db, std::string_view type) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (const BitFieldType* t = db.type(type))
    for (const auto& e : t->enumerators) out.emplace_back(e.name, e.value);
  return out;
}
using Enumerators = std::vector<std::pair<std::string, std::uint64_t>>;

/// The facts of one resolved field that the tests compare as a whole.
struct FieldFacts {
  std::string name{};
  std::uint32_t offset = 0;
  std::uint32_t width = 0;
  std::string type{};
  FieldPresence presence = FieldPresence::Required;
  std::uint64_t value = 0;
  std::string valueText{};
  friend bool operator==(const FieldFacts&, const FieldFacts&) = default;
};

void PrintTo(const FieldFacts& f, std::ostream* os) {
  static constexpr const char* kPresence[] = {"Required", "Default", "Fixed"};
  *os << "{" << f.name << " <" << f.offset << "," << f.width << "> " << f.type << " "
      << kPresence[static_cast<int>(f.presence)] << " " << f.value << " '" << f.valueText << "'}";
}

std::vector<FieldFacts> factsOf(const InstrDb& db, const Opcode& op) {
  std::vector<FieldFacts> out;
  for (const auto& f : op.fields)
    out.push_back({f.name, f.offset, f.width, db.typeOf(f).name, f.presence, f.value, f.valueText});
  return out;
}

std::vector<std::string> orderOf(const Opcode& op) {
  std::vector<std::string> out;
  for (const auto& e : op.operandInfo.order) out.push_back(e.toString());
  return out;
}

using Strings = std::vector<std::string>;
constexpr auto Required = FieldPresence::Required;
constexpr auto Default = FieldPresence::Default;
constexpr auto Fixed = FieldPresence::Fixed;

// ------------------------------------------------------------------------ §1.8 item by item

// Item 1. 000:2110 `__Examples` of LOP3 starts in column 0; every other header is indented.
TEST(SpecParserTolerance, SectionHeaderInColumnZero) {
  const std::string text = textOf({
      "__DefGroup IALU : [ALL]",                             // 1
      "  __Encoding",                                        // 2
      "    field<12,  3> Pred pg = PT;",                     // 3
      "",                                                    // 4
      "__DefOptype LOP3 : [IALU]",                           // 5
      "  __Encoding",                                        // 6
      "    field<0,    8> Optype optype == LOP3;",           // 7
      "  __Semantics",                                       // 8
      "```asm",                                              // 9
      "d[i] = UImm8Lut[(a[i] << 2) | (b[i] << 1) | c[i]];",  // 10
      "```",                                                 // 11
      "",                                                    // 12
      "__Examples",                                          // 13
      "```asm",                                              // 14
      "LOP3.POR      R7, R7, RZ, R0, 0x1A, !PT ;",           // 15
      "```",                                                 // 16
  });
  DiagnosticSink sink;
  const SpecFileAst ast = parseSpecFile(0, text, sink);
  const SpecDefinition* lop3 = definition(ast, "LOP3");
  ASSERT_NE(lop3, nullptr);
  EXPECT_EQ(sectionNames(*lop3), (Strings{"Encoding", "Semantics", "Examples"}));
  EXPECT_EQ(where(lop3->sections[2].pos), "0:13:1");

  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(positionsOf(load, SpecCode::SectionHeaderColumn0), (Strings{"0:13:1 warning"}));
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const Optype* o = load.db->optype("LOP3");
  ASSERT_NE(o, nullptr);
  EXPECT_TRUE(o->docs.examples.present);
  EXPECT_EQ(o->docs.examples.text, "```asm\nLOP3.POR      R7, R7, RZ, R0, 0x1A, !PT ;\n```");
  EXPECT_EQ(where(o->docs.examples.pos), "0:13:1");
  EXPECT_EQ(o->docs.examples.firstLine, 14u);
  // The column-0 header ends the Semantics section instead of being swallowed by it.
  EXPECT_EQ(o->docs.semantics.text, "```asm\nd[i] = UImm8Lut[(a[i] << 2) | (b[i] << 1) | c[i]];\n```");
  EXPECT_EQ(where(o->docs.semantics.pos), "0:8:3");
}

// Item 2. Empty `__Exception` sections (004:127, FADD_RR, followed by two blank lines) and a
// section whose only content is unfenced text (001:2376-2378, UF2FP `    TODO:`).
TEST(SpecParserTolerance, EmptySections) {
  const std::string text = textOf({
      "__DefGroup FALU : [ALL]",                  // 1
      "  __Encoding",                             // 2
      "    field<12,  3> Pred pg = PT;",          // 3
      "",                                         // 4
      "__DefOptype FADD : [FALU]",                // 5
      "  __Encoding",                             // 6
      "    field<0,  8> Optype optype == FADD;",  // 7
      "    field<16,  8> Reg rd;",                // 8
      "",                                         // 9
      "__DefOpcode FADD_RR : [FADD]",             // 10
      "  __Encoding",                             // 11
      "    field< 8,  4> SType stype == RR;",     // 12
      "  __OperandInfo",                          // 13
      "    Order<pg, rd>;",                       // 14
      "",                                         // 15
      "  __Exception",                            // 16
      "",                                         // 17
      "",                                         // 18
      "__DefOpcode FADD_RU : [FADD]",             // 19
      "  __Encoding",                             // 20
      "    field< 8,  4> SType stype == RU;",     // 21
      "",                                         // 22
      "__DefOptype UF2FP : [FALU]",               // 23
      "  __Encoding",                             // 24
      "    field<0, 8> Optype optype == UF2FP;",  // 25
      "",                                         // 26
      "  __Semantics",                            // 27
      "",                                         // 28
      "    TODO:",                                // 29
      "",                                         // 30
      "__DefOpcode UF2FP_UUU : [UF2FP]",          // 31
      "  __Encoding",                             // 32
      "    field<8, 4> USType stype == UUU;",     // 33
  });
  DiagnosticSink sink;
  const SpecFileAst ast = parseSpecFile(0, text, sink);
  const SpecDefinition* faddRr = definition(ast, "FADD_RR");
  ASSERT_NE(faddRr, nullptr);
  EXPECT_EQ(sectionNames(*faddRr), (Strings{"Encoding", "OperandInfo", "Exception"}));
  const SpecSection* exc = faddRr->section("Exception");
  ASSERT_NE(exc, nullptr);
  EXPECT_EQ(where(exc->pos), "0:16:3");
  ASSERT_EQ(exc->lines.size(), 2u);
  EXPECT_EQ(exc->lines[0].line, 17u);
  EXPECT_EQ(exc->lines[1].line, 18u);
  EXPECT_EQ(exc->lines[0].text, "");
  EXPECT_EQ(exc->lines[1].text, "");
  EXPECT_EQ(definitionNames(ast), (Strings{"FALU", "FADD", "FADD_RR", "FADD_RU", "UF2FP", "UF2FP_UUU"}));

  const SpecLoad load = loadSnippet(text, true);
  // Only the Exception is empty; the TODO section has content.
  EXPECT_EQ(positionsOf(load, SpecCode::EmptySection), (Strings{"0:16:3 note"}));
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  const Opcode* rr = db.opcode("FADD_RR");
  ASSERT_NE(rr, nullptr);
  EXPECT_TRUE(rr->encodingErrors.empty());
  EXPECT_EQ(orderOf(*rr), (Strings{"pg", "rd"}));
  ASSERT_NE(rr->field("stype"), nullptr);
  EXPECT_EQ(rr->field("stype")->value, 0u);  // prelude SType RR = 0
  // The definition after the empty section is intact.
  const Opcode* ru = db.opcode("FADD_RU");
  ASSERT_NE(ru, nullptr);
  ASSERT_NE(ru->field("stype"), nullptr);
  EXPECT_EQ(ru->field("stype")->value, 1u);  // prelude SType RU = 1
  const Optype* uf2fp = db.optype("UF2FP");
  ASSERT_NE(uf2fp, nullptr);
  EXPECT_TRUE(uf2fp->docs.semantics.present);
  EXPECT_EQ(uf2fp->docs.semantics.text, "    TODO:");
  EXPECT_EQ(uf2fp->docs.semantics.firstLine, 29u);
  EXPECT_EQ(where(uf2fp->docs.semantics.pos), "0:27:3");
  const Opcode* uuu = db.opcode("UF2FP_UUU");
  ASSERT_NE(uuu, nullptr);
  ASSERT_NE(uuu->field("stype"), nullptr);
  EXPECT_EQ(uuu->field("stype")->value, 4u);  // prelude USType UUU = 4
}

// Item 3. `__Exception` before `__Syntax` (MUFU, 003:19), between `__Encoding` and
// `__OperandInfo` (FFMA_RRR, 004:437), between `__Semantics` and `__Examples` (FFMA, 004:414),
// and `__Simulation` after `__Examples` (004:422).
TEST(SpecParserTolerance, UnusualSectionOrder) {
  const std::string text = textOf({
      "__DefGroup XU : [ALL]",                    // 1
      "  __Encoding",                             // 2
      "    field<12,  3> Pred pg=PT;",            // 3
      "",                                         // 4
      "__DefOptype MUFU : [XU]",                  // 5
      "  __Encoding",                             // 6
      "    field< 0, 8> Optype optype == MUFU;",  // 7
      "    field<16,  8> Reg rd;",                // 8
      "    field<78,  3> MUFUOp mufuop;",         // 9
      "    field<81,  3> MUFUDType dtype;",       // 10
      "",                                         // 11
      "  __Exception",                            // 12
      "    EncodingError<IllegalBitFieldCombination, \"MUFU.F64H only supports RCP/RSQ.\"> = "
      "(dtype==\"F64H\") and (mufuop!=\"RCP\") and (mufuop!=\"RSQ\");",             // 13
      "",                                                                           // 14
      "  __Syntax",                                                                 // 15
      "```asm",                                                                     // 16
      "MUFU.mufuop.dtype{.SAT} Rd, {-}{|}SrcB{.hsel}{|}      $sched $req $wsb ;",   // 17
      "```",                                                                        // 18
      "",                                                                           // 19
      "__DefOpcode MUFU_R : [MUFU]",                                                // 20
      "  __Encoding",                                                               // 21
      "    field< 8, 4> SType stype == R;",                                         // 22
      "    field<32, 8> Reg rb;",                                                   // 23
      "",                                                                           // 24
      "__DefGroup FALU : [ALL]",                                                    // 25
      "  __Encoding",                                                               // 26
      "    field<12,  3> Pred pg = PT;",                                            // 27
      "",                                                                           // 28
      "__DefOptype FFMA : [FALU]",                                                  // 29
      "  __Encoding",                                                               // 30
      "    field<0,  8> Optype optype == FFMA;",                                    // 31
      "    field<16, 8> Reg rd;",                                                   // 32
      "  __Semantics",                                                              // 33
      "```asm",                                                                     // 34
      "FFMA Rd, Ra, SrcB, SrcC:",                                                   // 35
      "    Rd = Ra * SrcB + SrcC;",                                                 // 36
      "```",                                                                        // 37
      "  __Exception",                                                              // 38
      "",                                                                           // 39
      "  __Examples",                                                               // 40
      "```asm",                                                                     // 41
      "FFMA            R0,  R1,  -R2       , RZ             ; // R0 = R1 * (-R2)",  // 42
      "```",                                                                        // 43
      "",                                                                           // 44
      "  __Simulation",                                                             // 45
      "      vd = fmaf(va, vb, vc);",                                               // 46
      "",                                                                           // 47
      "__DefOpcode FFMA_RRR : [FFMA]",                                              // 48
      "  __Encoding",                                                               // 49
      "    field< 8,  4> SType stype == RRR;",                                      // 50
      "    field<32,  8> Reg rb;",                                                  // 51
      "",                                                                           // 52
      "  __Exception",                                                              // 53
      "",                                                                           // 54
      "",                                                                           // 55
      "  __OperandInfo",                                                            // 56
      "    InList<pg, rb>;",                                                        // 57
      "    OutList<rd>;",                                                           // 58
      "    Order<pg, rd, rb>;",                                                     // 59
      "    Bitwidth<rd> = 32;",                                                     // 60
  });
  DiagnosticSink sink;
  const SpecFileAst ast = parseSpecFile(0, text, sink);
  ASSERT_NE(definition(ast, "MUFU"), nullptr);
  ASSERT_NE(definition(ast, "FFMA"), nullptr);
  ASSERT_NE(definition(ast, "FFMA_RRR"), nullptr);
  EXPECT_EQ(sectionNames(*definition(ast, "MUFU")), (Strings{"Encoding", "Exception", "Syntax"}));
  EXPECT_EQ(sectionNames(*definition(ast, "FFMA")),
            (Strings{"Encoding", "Semantics", "Exception", "Examples", "Simulation"}));
  EXPECT_EQ(sectionNames(*definition(ast, "FFMA_RRR")), (Strings{"Encoding", "Exception", "OperandInfo"}));

  const SpecLoad load = loadSnippet(text, true);
  // One note per definition, at the first section that comes after one ranked later.
  EXPECT_EQ(positionsOf(load, SpecCode::SectionOrder),
            (Strings{"0:15:3 note", "0:40:3 note", "0:56:3 note"}));
  EXPECT_EQ(positionsOf(load, SpecCode::EmptySection), (Strings{"0:38:3 note", "0:53:3 note"}));
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;

  const Optype* mufu = db.optype("MUFU");
  ASSERT_NE(mufu, nullptr);
  ASSERT_EQ(mufu->encodingErrors.size(), 1u);
  EXPECT_EQ(mufu->encodingErrors[0].kind, "IllegalBitFieldCombination");
  EXPECT_EQ(mufu->encodingErrors[0].message, "MUFU.F64H only supports RCP/RSQ.");
  EXPECT_EQ(where(mufu->encodingErrors[0].pos), "0:13:5");
  ASSERT_EQ(mufu->syntax.forms.size(), 1u);
  EXPECT_EQ(mufu->syntax.forms[0].baseName, "MUFU");
  EXPECT_EQ(where(mufu->syntax.forms[0].pos), "0:17:1");
  const Opcode* mufuR = db.opcode("MUFU_R");
  ASSERT_NE(mufuR, nullptr);
  ASSERT_EQ(mufuR->encodingErrors.size(), 1u);  // inherited from the optype
  EXPECT_EQ(mufuR->encodingErrors[0].message, "MUFU.F64H only supports RCP/RSQ.");

  const Optype* ffma = db.optype("FFMA");
  ASSERT_NE(ffma, nullptr);
  EXPECT_EQ(ffma->docs.semantics.text, "```asm\nFFMA Rd, Ra, SrcB, SrcC:\n    Rd = Ra * SrcB + SrcC;\n```");
  EXPECT_EQ(ffma->docs.examples.text,
            "```asm\nFFMA            R0,  R1,  -R2       , RZ             ; // R0 = R1 * (-R2)\n```");
  EXPECT_TRUE(ffma->docs.simulation.present);
  EXPECT_EQ(ffma->docs.simulation.text, "      vd = fmaf(va, vb, vc);");
  EXPECT_EQ(ffma->docs.simulation.firstLine, 46u);
  EXPECT_TRUE(ffma->encodingErrors.empty());

  const Opcode* rrr = db.opcode("FFMA_RRR");
  ASSERT_NE(rrr, nullptr);
  EXPECT_EQ(rrr->operandInfo.inList, (Strings{"pg", "rb"}));
  EXPECT_EQ(rrr->operandInfo.outList, (Strings{"rd"}));
  EXPECT_EQ(orderOf(*rrr), (Strings{"pg", "rd", "rb"}));
  EXPECT_EQ(where(rrr->operandInfo.orderPos), "0:59:5");
  ASSERT_NE(rrr->operandInfo.bitwidth("rd"), nullptr);
  EXPECT_EQ(rrr->operandInfo.bitwidth("rd")->expr.toString(), "32");
  EXPECT_TRUE(rrr->encodingErrors.empty());
}

// Item 4. Missing sections: MOVM (002:186-200) has only `__Encoding` at optype level, no
// `__Syntax`, `__Description`, `__Semantics`, `__Examples` or `__ModifierInfo`.
TEST(SpecParserTolerance, MissingSections) {
  const std::string text = textOf({
      "__DefGroup SYNCOp : [ALL]",               // 1
      "  __Encoding",                            // 2
      "    field<12, 3> Pred pg = PT;",          // 3
      "    field<15, 1> PModi pg.not = False;",  // 4
      "",                                        // 5
      "__DefOptype MOVM : [SYNCOp]",             // 6
      "  __Encoding",                            // 7
      "    field<0,  8> Optype optype==MOVM;",   // 8
      "    field<16, 8> Reg rd;",                // 9
      "",                                        // 10
      "__DefOpcode MOVM_R : [MOVM]",             // 11
      "  __Encoding",                            // 12
      "    field<8,  4> SType stype==R;",        // 13
      "    field<24, 8> Reg ra;",                // 14
      "  __OperandInfo",                         // 15
      "    InList<pg, ra>;",                     // 16
      "    OutList<rd>;",                        // 17
      "    Order<pg, rd, ra>;",                  // 18
      "    Bitwidth<rd> = 32;",                  // 19
      "    Bitwidth<ra> = 32;",                  // 20
  });
  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  const Optype* movm = db.optype("MOVM");
  ASSERT_NE(movm, nullptr);
  EXPECT_EQ(movm->group, "SYNCOp");
  EXPECT_TRUE(movm->syntax.forms.empty());
  EXPECT_TRUE(movm->syntax.domains.empty());
  EXPECT_FALSE(movm->docs.description.present);
  EXPECT_FALSE(movm->docs.operandInfo.present);
  EXPECT_FALSE(movm->docs.modifierInfo.present);
  EXPECT_FALSE(movm->docs.semantics.present);
  EXPECT_FALSE(movm->docs.examples.present);
  EXPECT_FALSE(movm->docs.simulation.present);
  EXPECT_EQ(movm->mnemonic, "MOVM");  // no syntax form: the optype name is the mnemonic
  EXPECT_EQ(db.optypeForMnemonic("MOVM"), movm);
  ASSERT_EQ(movm->opcodes.size(), 1u);

  const Opcode* r = db.opcode("MOVM_R");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(&db.optypeOf(*r), movm);
  // Prelude codes: Optype MOVM = 50, SType R = 11, Pred PT = 7, PModi False = 0.
  EXPECT_EQ(factsOf(db, *r), (std::vector<FieldFacts>{
                                 {"optype", 0, 8, "Optype", Fixed, 50, "MOVM"},
                                 {"stype", 8, 4, "SType", Fixed, 11, "R"},
                                 {"pg", 12, 3, "Pred", Default, 7, "PT"},
                                 {"pg.not", 15, 1, "PModi", Default, 0, "False"},
                                 {"rd", 16, 8, "Reg", Required, 0, ""},
                                 {"ra", 24, 8, "Reg", Required, 0, ""},
                             }));
  EXPECT_EQ(r->field("pg")->declaredIn, "SYNCOp");
  EXPECT_EQ(r->field("rd")->declaredIn, "MOVM");
  EXPECT_EQ(r->field("ra")->declaredIn, "MOVM_R");
  EXPECT_EQ(r->fixedMask, (Word128{0xFFF, 0}));
  EXPECT_EQ(r->fixedBits, (Word128{50 | (11u << 8), 0}));
  EXPECT_EQ(orderOf(*r), (Strings{"pg", "rd", "ra"}));
}

// Item 5. Blank lines inside a type body (REDUXOp 002:25), between a section header and its
// first statement (IMAD_WIDE_RRC `__OperandInfo`, 000:583) and whitespace-only lines (001:12).
TEST(SpecParserTolerance, BlankAndWhitespaceOnlyLines) {
  const std::string text = textOf({
      "__DefBitFieldType REDUXOp<3>",                            // 1
      "    AND;",                                                // 2
      "    OR;",                                                 // 3
      "    XOR;",                                                // 4
      "",                                                        // 5
      "    SUM;",                                                // 6
      "    MAX;",                                                // 7
      "    MIN;",                                                // 8
      "",                                                        // 9
      "__DefGroup UDP : [ALL]",                                  // 10
      "  __Encoding",                                            // 11
      "    field<12,  3> UPred upg=UPT;",                        // 12
      "",                                                        // 13
      "__DefOptype ULDC : [UDP]",                                // 14
      "  __Encoding",                                            // 15
      "    field<0,  8> Optype optype==ULDC;",                   // 16
      "    field<16, 6> UReg urd;",                              // 17
      "  ",                                                      // 18 (two spaces)
      "  __Syntax",                                              // 19
      "```asm",                                                  // 20
      "ULDC{.dtype} URd, c[UImm][URa+SImm]      $sched $req ;",  // 21
      "```",                                                     // 22
      "",                                                        // 23
      "__DefOpcode ULDC_U : [ULDC]",                             // 24
      "  __Encoding",                                            // 25
      "    field<8,   4> USType stype == U;",                    // 26
      "    field<84, 3> REDUXOp op = SUM;",                      // 27
      "  __OperandInfo",                                         // 28
      "",                                                        // 29
      "    InList<upg, urd>;",                                   // 30
      "    OutList<urd>;",                                       // 31
      "    Order<upg, urd>;",                                    // 32
  });
  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(positionsOf(load, SpecCode::WhitespaceOnlyLine), (Strings{"0:18:1 note"}));
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  // Blank lines take no number: SUM follows XOR.
  EXPECT_EQ(enumeratorsOf(db, "REDUXOp"),
            (Enumerators{{"AND", 0}, {"OR", 1}, {"XOR", 2}, {"SUM", 3}, {"MAX", 4}, {"MIN", 5}}));
  const Optype* uldc = db.optype("ULDC");
  ASSERT_NE(uldc, nullptr);
  ASSERT_EQ(uldc->syntax.forms.size(), 1u);
  EXPECT_EQ(uldc->syntax.forms[0].baseName, "ULDC");
  const Opcode* u = db.opcode("ULDC_U");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(factsOf(db, *u), (std::vector<FieldFacts>{
                                 {"optype", 0, 8, "Optype", Fixed, 24, "ULDC"},
                                 {"stype", 8, 4, "USType", Fixed, 0, "U"},
                                 {"upg", 12, 3, "UPred", Default, 7, "UPT"},
                                 {"urd", 16, 6, "UReg", Required, 0, ""},
                                 {"op", 84, 3, "REDUXOp", Default, 3, "SUM"},
                             }));
  EXPECT_EQ(u->operandInfo.inList, (Strings{"upg", "urd"}));
  EXPECT_EQ(orderOf(*u), (Strings{"upg", "urd"}));
  EXPECT_EQ(where(u->operandInfo.orderPos), "0:32:5");
}

// Item 6. Comments: a commented-out enumerator (000:48 `//  NoBop;`), an enumerator comment
// with no value (002:33 `//F32???`), a commented-out field (003:17), a top-level comment
// between definitions (002:35), a trailing comment on a definition header (003:190) and
// trailing comments on enumerators (000:32-33).
TEST(SpecParserTolerance, Comments) {
  const std::string text = textOf({
      "__DefBitFieldType BoolOp<2>",                       // 1
      "//  NoBop;",                                        // 2
      "    AND;",                                          // 3
      "    OR;",                                           // 4
      "    XOR;",                                          // 5
      "",                                                  // 6
      "__DefBitFieldType CWMode<1>",                       // 7
      "    C; // CLAMP",                                   // 8
      "    W; // WRAP",                                    // 9
      "",                                                  // 10
      "__DefBitFieldType REDUXDType<2>",                   // 11
      "    U32;",                                          // 12
      "    S32;",                                          // 13
      "    //F32???",                                      // 14
      "",                                                  // 15
      "// Sync Op",                                        // 16
      "__DefGroup XU : [ALL]",                             // 17
      "  __Encoding",                                      // 18
      "    field<12,  3> Pred pg=PT;",                     // 19
      "",                                                  // 20
      "__DefOptype MUFU : [XU]",                           // 21
      "  __Encoding",                                      // 22
      "    field< 0, 8> Optype optype == MUFU;",           // 23
      "    field<16,  8> Reg rd;",                         // 24
      "    // field<77,  1> FPSat sat = NoSAT;  // TODO",  // 25
      "",                                                  // 26
      "__DefOpcode MUFU_R : [MUFU]  //",                   // 27
      "  __Encoding",                                      // 28
      "    field< 8, 4> SType stype == R;",                // 29
      "    field<32, 8> Reg rb;",                          // 30
  });
  DiagnosticSink sink;
  const SpecFileAst ast = parseSpecFile(0, text, sink);
  const SpecDefinition* mufuR = definition(ast, "MUFU_R");
  ASSERT_NE(mufuR, nullptr);
  EXPECT_EQ(mufuR->parents, (Strings{"MUFU"}));
  EXPECT_EQ(where(mufuR->pos), "0:27:13");

  const SpecLoad load = loadSnippet(text, true);
  // "__DefOpcode MUFU_R : [MUFU]  " is 29 bytes; the comment starts in column 30.
  EXPECT_EQ(positionsOf(load, SpecCode::HeaderTrailingComment), (Strings{"0:27:30 note"}));
  EXPECT_EQ(positionsOf(load, SpecCode::TextOutsideDefinition), Strings{});
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  EXPECT_EQ(enumeratorsOf(db, "BoolOp"), (Enumerators{{"AND", 0}, {"OR", 1}, {"XOR", 2}}));
  EXPECT_EQ(enumeratorsOf(db, "CWMode"), (Enumerators{{"C", 0}, {"W", 1}}));
  EXPECT_EQ(enumeratorsOf(db, "REDUXDType"), (Enumerators{{"U32", 0}, {"S32", 1}}));
  ASSERT_NE(db.type("CWMode"), nullptr);
  EXPECT_EQ(where(db.type("CWMode")->enumerators[0].pos), "0:8:5");
  EXPECT_FALSE(db.type("CWMode")->valueOf("CLAMP").has_value());  // a comment is no alias
  EXPECT_FALSE(db.type("BoolOp")->valueOf("NoBop").has_value());
  ASSERT_NE(db.group("XU"), nullptr);
  const Opcode* r = db.opcode("MUFU_R");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(db.optypeOf(*r).name, "MUFU");
  EXPECT_EQ(r->field("sat"), nullptr);
  EXPECT_EQ(factsOf(db, *r), (std::vector<FieldFacts>{
                                 {"optype", 0, 8, "Optype", Fixed, 58, "MUFU"},
                                 {"stype", 8, 4, "SType", Fixed, 11, "R"},
                                 {"pg", 12, 3, "Pred", Default, 7, "PT"},
                                 {"rd", 16, 8, "Reg", Required, 0, ""},
                                 {"rb", 32, 8, "Reg", Required, 0, ""},
                             }));
}

// Item 7. Fence openers with trailing spaces (51 × "```asm          ", e.g. R2P 000:1549).
TEST(SpecParserTolerance, FenceOpenerWithTrailingSpaces) {
  const std::string text = textOf({
      "__DefBitFieldType BSel<2>",                    // 1
      "    B0;",                                      // 2
      "    B1;",                                      // 3
      "    B2;",                                      // 4
      "    B3;",                                      // 5
      "",                                             // 6
      "__DefGroup IALU : [ALL]",                      // 7
      "  __Encoding",                                 // 8
      "    field<12,  3> Pred pg = PT;",              // 9
      "",                                             // 10
      "__DefOptype R2P : [IALU]",                     // 11
      "  __Encoding",                                 // 12
      "    field<0,  8> Optype optype == R2P;",       // 13
      "    field<24, 8> Reg ra;",                     // 14
      "    field<79, 2> BSel ra.bsel = B0;",          // 15
      "",                                             // 16
      "  __Syntax",                                   // 17
      "```asm          ",                             // 18
      "R2P PR, Ra{.bsel}, SbMsk      $sched $req ;",  // 19
      "",                                             // 20
      ".bsel = {.B0*, .B1, .B2, .B3}",                // 21
      "```",                                          // 22
      "",                                             // 23
      "  __Examples",                                 // 24
      "```asm          ",                             // 25
      "R2P PR, R7.B1, 0xFF;",                         // 26
      "```",                                          // 27
  });
  const SpecLoad load = loadSnippet(text, true);
  // "```asm" is 6 bytes: the first trailing space is column 7.
  EXPECT_EQ(positionsOf(load, SpecCode::FenceTrailingSpaces), (Strings{"0:18:7 note"}));
  EXPECT_EQ(positionsOf(load, SpecCode::SyntaxOutsideFence), Strings{});
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const Optype* r2p = load.db->optype("R2P");
  ASSERT_NE(r2p, nullptr);
  ASSERT_EQ(r2p->syntax.forms.size(), 1u);
  const SyntaxForm& form = r2p->syntax.forms[0];
  EXPECT_EQ(form.baseName, "R2P");
  EXPECT_EQ(where(form.pos), "0:19:1");
  ASSERT_EQ(form.operands.size(), 3u);
  EXPECT_EQ(form.operands[0].placeholder, "PR");
  EXPECT_EQ(form.operands[1].placeholder, "Ra");
  EXPECT_EQ(form.operands[1].suffix, "bsel");
  EXPECT_EQ(form.operands[2].placeholder, "SbMsk");
  const ModifierDomain* bsel = r2p->domain("bsel");
  ASSERT_NE(bsel, nullptr);
  ASSERT_EQ(bsel->values.size(), 4u);
  EXPECT_EQ(bsel->values[0].spelling, "B0");
  EXPECT_TRUE(bsel->values[0].isDefault);
  EXPECT_EQ(bsel->values[3].spelling, "B3");
  EXPECT_FALSE(bsel->values[3].isDefault);
  // Prose keeps the fence verbatim, trailing spaces included.
  EXPECT_EQ(r2p->docs.examples.text, "```asm          \nR2P PR, R7.B1, 0xFF;\n```");
}

// Item 8. A file without a final newline (000, 002, 004; 002 ends with ELECT_U's
// `    Bitwidth<urb> = 32;`) and a file starting with an empty line (002).
TEST(SpecParserTolerance, MissingFinalNewlineAndLeadingBlankLine) {
  std::string text = textOf({
      "",                                        // 1
      "__DefBitFieldType SHFLMode<2>",           // 2
      "    IDX;",                                // 3
      "    UP;",                                 // 4
      "    DOWN;",                               // 5
      "    BFLY;",                               // 6
      "",                                        // 7
      "__DefGroup SYNCOp : [ALL]",               // 8
      "  __Encoding",                            // 9
      "    field<12, 3> Pred pg = PT;",          // 10
      "",                                        // 11
      "__DefOptype ELECT : [SYNCOp]",            // 12
      "  __Encoding",                            // 13
      "    field<0,  8> Optype optype==ELECT;",  // 14
      "    field<16, 8> Reg rd;",                // 15
      "",                                        // 16
      "__DefOpcode ELECT_U : [ELECT]",           // 17
      "  __Encoding",                            // 18
      "    field<8,  4> SType stype==U;",        // 19
      "",                                        // 20
      "    field<32, 6> UReg urb;",              // 21
      "  __OperandInfo",                         // 22
      "    Order<pg, rd, urb>;",                 // 23
      "    Bitwidth<urb> = 32;",                 // 24 (no newline)
  });
  text.pop_back();
  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(positionsOf(load, SpecCode::LeadingBlankLine), (Strings{"0:1:1 note"}));
  // "    Bitwidth<urb> = 32;" is 23 bytes: the missing newline is at column 24.
  EXPECT_EQ(positionsOf(load, SpecCode::NoFinalNewline), (Strings{"0:24:24 note"}));
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  EXPECT_EQ(enumeratorsOf(db, "SHFLMode"), (Enumerators{{"IDX", 0}, {"UP", 1}, {"DOWN", 2}, {"BFLY", 3}}));
  EXPECT_EQ(where(db.type("SHFLMode")->pos), "0:2:19");
  const Opcode* u = db.opcode("ELECT_U");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(orderOf(*u), (Strings{"pg", "rd", "urb"}));
  const BitwidthRule* bw = u->operandInfo.bitwidth("urb");
  ASSERT_NE(bw, nullptr);  // the last, unterminated line is not lost
  EXPECT_EQ(bw->expr.toString(), "32");
  EXPECT_EQ(where(bw->pos), "0:24:5");
  ASSERT_NE(u->field("urb"), nullptr);
  EXPECT_EQ(u->field("urb")->offset, 32u);
  EXPECT_EQ(u->field("urb")->width, 6u);

  // The last line of a type body without a newline still declares an enumerator.
  DiagnosticSink sink;
  const SpecFileAst ast = parseSpecFile(0, "__DefBitFieldType T<2>\n    A;\n    B;", sink);
  ASSERT_EQ(ast.definitions.size(), 1u);
  ASSERT_EQ(ast.definitions[0].enumerators.size(), 2u);
  EXPECT_EQ(ast.definitions[0].enumerators[1].name, "B");
  EXPECT_EQ(where(ast.definitions[0].enumerators[1].pos), "0:3:5");
  EXPECT_EQ(positionsOf(sink.all(), SpecCode::NoFinalNewline), (Strings{"0:3:7 note"}));
}

// Item 9. Enumerator names that look like numbers: MOVW `32`, `64` (000:100-102), the default
// `width = 32` (000:2505) and MEMDType's `dtype = 32` (001:11). They resolve by name.
TEST(SpecParserTolerance, NumericLookingEnumeratorNames) {
  const std::string text = textOf({
      "__DefBitFieldType MOVW<1>",                    // 1
      "    32;",                                      // 2
      "    64;",                                      // 3
      "",                                             // 4
      "__DefGroup IALU : [ALL]",                      // 5
      "  __Encoding",                                 // 6
      "    field<12,  3> Pred pg = PT;",              // 7
      "",                                             // 8
      "__DefOptype MOV : [IALU]",                     // 9
      "  __Encoding",                                 // 10
      "    field<0,  8> Optype optype == MOV;",       // 11
      "    field<16,  8> Reg rd;",                    // 12
      "",                                             // 13
      "__DefOpcode MOV_R : [MOV]",                    // 14
      "  __Encoding",                                 // 15
      "    field<8,   4> SType stype == R;",          // 16
      "    field<32,  8> Reg rb;",                    // 17
      "    field<80,  1> MOVW width = 32;",           // 18
      "    field<81,  3> MEMDType dtype = 32;",       // 19
      "  __OperandInfo",                              // 20
      "    Order<pg, rd, rb>;",                       // 21
      "    Bitwidth<rd> = 32 + (width==\"64\")*32;",  // 22
      "",                                             // 23
      "__DefOpcode MOV_W : [MOV]",                    // 24
      "  __Encoding",                                 // 25
      "    field<8,   4> SType stype == U;",          // 26
      "    field<80,  1> MOVW width == 64;",          // 27
  });
  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(positionsOf(load, SpecCode::NumericEnumeratorName), (Strings{"0:2:5 note", "0:3:5 note"}));
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  EXPECT_EQ(enumeratorsOf(db, "MOVW"), (Enumerators{{"32", 0}, {"64", 1}}));
  const Opcode* r = db.opcode("MOV_R");
  ASSERT_NE(r, nullptr);
  const Field* width = r->field("width");
  ASSERT_NE(width, nullptr);
  EXPECT_EQ(width->presence, Default);
  EXPECT_EQ(width->value, 0u);  // the name "32", not the number 32
  EXPECT_EQ(width->valueText, "32");
  const Field* dtype = r->field("dtype");
  ASSERT_NE(dtype, nullptr);
  EXPECT_EQ(dtype->value, 4u);  // prelude MEMDType: S8 U8 S16 U16 then 32 = 4
  const Opcode* w = db.opcode("MOV_W");
  ASSERT_NE(w, nullptr);
  ASSERT_NE(w->field("width"), nullptr);
  EXPECT_EQ(w->field("width")->presence, Fixed);
  EXPECT_EQ(w->field("width")->value, 1u);
  EXPECT_EQ(w->fixedBits.bits(80, 1), 1u);

  // The Bitwidth expression compares through the field's type: with width = "64" (1) rd is 64 bits.
  const BitwidthRule* bw = r->operandInfo.bitwidth("rd");
  ASSERT_NE(bw, nullptr);
  auto evalWithWidth = [&](std::uint64_t widthValue) {
    ExprEnv env;
    env.fieldValue = [&](std::string_view name) -> std::optional<std::uint64_t> {
      if (name == "width") return widthValue;
      return std::nullopt;
    };
    env.enumValue = [&](std::string_view field, std::string_view name) -> std::optional<std::uint64_t> {
      const Field* f = r->field(field);
      if (f == nullptr) return std::nullopt;
      return db.typeOf(*f).valueOf(name);
    };
    return evalExpr(bw->expr, env);
  };
  EXPECT_EQ(evalWithWidth(0), std::optional<std::int64_t>(32));
  EXPECT_EQ(evalWithWidth(1), std::optional<std::int64_t>(64));
  EXPECT_EQ(evalWithWidth(64), std::optional<std::int64_t>(32));  // 64 is not the value of "64"
}

// Item 10. The same enumerator name in several types (S32/U32 in IType and SHFDType, EQ in
// CompOp and VOTEOp, X in IExt and SType): values are scoped to the field's type.
TEST(SpecParserTolerance, SameEnumeratorNameInSeveralTypes) {
  const std::string text = textOf({
      "__DefBitFieldType IExt<1>",                // 1
      "    NoX = 0x0;",                           // 2
      "    X = 0x1;",                             // 3
      "",                                         // 4
      "__DefBitFieldType IType<1>",               // 5
      "    S32 = 0x0;",                           // 6
      "    U32;",                                 // 7
      "",                                         // 8
      "__DefBitFieldType SHFDType<2>",            // 9
      "    S64;",                                 // 10
      "    U64;",                                 // 11
      "    S32;",                                 // 12
      "    U32;",                                 // 13
      "",                                         // 14
      "__DefBitFieldType CompOp<3>",              // 15
      "    EQ;",                                  // 16
      "    NE;",                                  // 17
      "",                                         // 18
      "__DefBitFieldType VOTEOp<2>",              // 19
      "    ANY;",                                 // 20
      "    ALL;",                                 // 21
      "    EQ;",                                  // 22
      "",                                         // 23
      "__DefGroup IALU : [ALL]",                  // 24
      "  __Encoding",                             // 25
      "    field<12,  3> Pred pg = PT;",          // 26
      "",                                         // 27
      "__DefOptype SHF : [IALU]",                 // 28
      "  __Encoding",                             // 29
      "    field<0,  8> Optype optype == SHF;",   // 30
      "    field<76,  1> IExt ext = X;",          // 31
      "    field<77,  1> IType itype = U32;",     // 32
      "    field<80,  2> SHFDType dtype = U32;",  // 33
      "    field<82,  3> CompOp compop = EQ;",    // 34
      "    field<85,  2> VOTEOp voteop = EQ;",    // 35
      "",                                         // 36
      "__DefOpcode SHF_X : [SHF]",                // 37
      "  __Encoding",                             // 38
      "    field<8,   4> SType stype == X;",      // 39
  });
  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(positionsOf(load, SpecCode::DuplicateEnumerator), Strings{});
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  EXPECT_EQ(enumeratorsOf(db, "IType"), (Enumerators{{"S32", 0}, {"U32", 1}}));
  EXPECT_EQ(enumeratorsOf(db, "SHFDType"), (Enumerators{{"S64", 0}, {"U64", 1}, {"S32", 2}, {"U32", 3}}));
  EXPECT_EQ(enumeratorsOf(db, "VOTEOp"), (Enumerators{{"ANY", 0}, {"ALL", 1}, {"EQ", 2}}));
  const Opcode* op = db.opcode("SHF_X");
  ASSERT_NE(op, nullptr);
  // Prelude: Optype SHF = 16, SType X = 15.
  EXPECT_EQ(factsOf(db, *op), (std::vector<FieldFacts>{
                                  {"optype", 0, 8, "Optype", Fixed, 16, "SHF"},
                                  {"stype", 8, 4, "SType", Fixed, 15, "X"},
                                  {"pg", 12, 3, "Pred", Default, 7, "PT"},
                                  {"ext", 76, 1, "IExt", Default, 1, "X"},
                                  {"itype", 77, 1, "IType", Default, 1, "U32"},
                                  {"dtype", 80, 2, "SHFDType", Default, 3, "U32"},
                                  {"compop", 82, 3, "CompOp", Default, 0, "EQ"},
                                  {"voteop", 85, 2, "VOTEOp", Default, 2, "EQ"},
                              }));
}

// Item 11. A type used before its definition and across files: FLOSH is used at 001:1907 and
// defined at 003:1. Names resolve after all files are loaded.
TEST(SpecParserTolerance, TypeUsedBeforeDefinitionAndAcrossFiles) {
  const std::string user = textOf({
      "__DefGroup UDP : [ALL]",                   // 1
      "  __Encoding",                             // 2
      "    field<12,  3> UPred upg=UPT;",         // 3
      "",                                         // 4
      "__DefOptype UFLO : [UDP]",                 // 5
      "  __Encoding",                             // 6
      "    field<0,  8> Optype optype == UFLO;",  // 7
      "    field<81, 1> FLOSH sh=NoSH;",          // 8
      "",                                         // 9
      "__DefOpcode UFLO_U : [UFLO]",              // 10
      "  __Encoding",                             // 11
      "    field<8, 4> USType stype == U;",       // 12
  });
  const std::string definer = textOf({
      "__DefBitFieldType FLOSH<1>",  // 1
      "    NoSH;",                   // 2
      "    SH;",                     // 3
  });
  auto expectResolved = [](const SpecLoad& load, const std::string& typePos) {
    EXPECT_EQ(positionsOf(load, SpecCode::TypeUsedBeforeDefinition), (Strings{"0:8:5 note"}));
    EXPECT_EQ(errorsInSnippet(load), Strings{});
    const InstrDb& db = *load.db;
    ASSERT_NE(db.type("FLOSH"), nullptr);
    EXPECT_EQ(where(db.type("FLOSH")->pos), typePos);
    EXPECT_EQ(enumeratorsOf(db, "FLOSH"), (Enumerators{{"NoSH", 0}, {"SH", 1}}));
    const Opcode* u = db.opcode("UFLO_U");
    ASSERT_NE(u, nullptr);
    const Field* sh = u->field("sh");
    ASSERT_NE(sh, nullptr);
    EXPECT_EQ(db.typeOf(*sh).name, "FLOSH");
    EXPECT_EQ(sh->offset, 81u);
    EXPECT_EQ(sh->presence, Default);
    EXPECT_EQ(sh->value, 0u);
    EXPECT_EQ(sh->valueText, "NoSH");
  };

  // Across files: file 0 uses the type, file 1 defines it.
  std::vector<SpecFile> files{{"001_udp.txt", user, SpecFileRole::Spec},
                              {"003_xu.txt", definer, SpecFileRole::Spec}};
  for (auto& f : embeddedSpecFiles())
    if (f.role == SpecFileRole::Prelude) files.push_back(std::move(f));
  {
    SCOPED_TRACE("across files");
    expectResolved(loadSpec(files), "1:1:19");
  }
  // Within one file: the use on line 8 precedes the definition on line 14.
  {
    SCOPED_TRACE("same file");
    expectResolved(loadSnippet(user + "\n" + definer, true), "0:14:19");
  }
}

// Item 12. Duplicate field declarations along a chain: R2UR re-declares the IALU guard
// `pg`/`pg.not` with the same values (000:3008-3009).
TEST(SpecParserTolerance, DuplicateFieldDeclarationAlongChain) {
  const std::string text = textOf({
      "__DefGroup IALU : [ALL]",                  // 1
      "  __Encoding",                             // 2
      "    field<12,  3> Pred pg = PT;",          // 3
      "    field<15,  1> PModi pg.not = False;",  // 4
      "",                                         // 5
      "__DefOptype R2UR : [IALU]",                // 6
      "  __Encoding",                             // 7
      "    field<0,  8> Optype optype == R2UR;",  // 8
      "    field<12,  3> Pred pg = PT;",          // 9
      "    field<15,  1> PModi pg.not = False;",  // 10
      "    field<16,  6> UReg urd;",              // 11
      "",                                         // 12
      "__DefOpcode R2UR_R : [R2UR]",              // 13
      "  __Encoding",                             // 14
      "    field<8,   4> SType stype == R;",      // 15
      "    field<24,  8> Reg rb;",                // 16
      "",                                         // 17
      "__DefOpcode R2UR_U : [R2UR]",              // 18
      "  __Encoding",                             // 19
      "    field<8,   4> SType stype == U;",      // 20
      "    field<32,  6> UReg urb;",              // 21
  });
  const SpecLoad load = loadSnippet(text, true);
  // Reported once per redeclaring definition, although two opcodes inherit it.
  EXPECT_EQ(positionsOf(load, SpecCode::FieldRedeclared), (Strings{"0:9:5 warning", "0:10:5 warning"}));
  EXPECT_EQ(positionsOf(load, SpecCode::FieldOverlap), Strings{});
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  const Opcode* r = db.opcode("R2UR_R");
  ASSERT_NE(r, nullptr);
  // Prelude: Optype R2UR = 21, SType R = 11; pg appears once.
  EXPECT_EQ(factsOf(db, *r), (std::vector<FieldFacts>{
                                 {"optype", 0, 8, "Optype", Fixed, 21, "R2UR"},
                                 {"stype", 8, 4, "SType", Fixed, 11, "R"},
                                 {"pg", 12, 3, "Pred", Default, 7, "PT"},
                                 {"pg.not", 15, 1, "PModi", Default, 0, "False"},
                                 {"urd", 16, 6, "UReg", Required, 0, ""},
                                 {"rb", 24, 8, "Reg", Required, 0, ""},
                             }));
  EXPECT_EQ(r->field("pg")->declaredIn, "R2UR");  // the nearer declaration wins
  EXPECT_EQ(where(r->field("pg")->pos), "0:9:5");
  const Opcode* u = db.opcode("R2UR_U");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(std::count_if(u->fields.begin(), u->fields.end(), [](const Field& f) { return f.name == "pg"; }),
            1);

  // A redeclaration that differs is an error; the later declaration is used.
  const std::string conflicting = textOf({
      "__DefGroup IALU : [ALL]",                  // 1
      "  __Encoding",                             // 2
      "    field<12,  3> Pred pg = PT;",          // 3
      "",                                         // 4
      "__DefOptype R2UR : [IALU]",                // 5
      "  __Encoding",                             // 6
      "    field<0,  8> Optype optype == R2UR;",  // 7
      "    field<12,  3> Pred pg = P0;",          // 8
      "",                                         // 9
      "__DefOpcode R2UR_R : [R2UR]",              // 10
      "  __Encoding",                             // 11
      "    field<8,   4> SType stype == R;",      // 12
  });
  const SpecLoad load2 = loadSnippet(conflicting, true);
  EXPECT_EQ(positionsOf(load2, SpecCode::FieldConflict), (Strings{"0:8:5 error"}));
  const Opcode* r2 = load2.db->opcode("R2UR_R");
  ASSERT_NE(r2, nullptr);
  ASSERT_NE(r2->field("pg"), nullptr);
  EXPECT_EQ(r2->field("pg")->value, 0u);
  EXPECT_EQ(r2->field("pg")->valueText, "P0");
}

// Item 13. Modifier-domain lines with a trailing ';' (UBMSK 001:2075) or without the leading
// '.' (I2IP 000:2893).
TEST(SpecParserTolerance, DomainLineTrailingSemicolonOrMissingDot) {
  const std::string text = textOf({
      "__DefBitFieldType CWMode<1>",                            // 1
      "    C; // CLAMP",                                        // 2
      "    W; // WRAP",                                         // 3
      "",                                                       // 4
      "__DefBitFieldType SATRelu<1>",                           // 5
      "  SAT;",                                                 // 6
      "  SATRELU;",                                             // 7
      "",                                                       // 8
      "__DefGroup UDP : [ALL]",                                 // 9
      "  __Encoding",                                           // 10
      "    field<12,  3> UPred upg=UPT;",                       // 11
      "",                                                       // 12
      "__DefOptype UBMSK : [UDP]",                              // 13
      "  __Encoding",                                           // 14
      "    field<0,  8> Optype optype == UBMSK;",               // 15
      "    field<81, 1> CWMode cwmode=C;",                      // 16
      "",                                                       // 17
      "  __Syntax",                                             // 18
      "```asm",                                                 // 19
      "UBMSK.cwmode URd, URa, SrcB      $sched $req ;",         // 20
      "",                                                       // 21
      ".cwmode = {.CLAMP, .WRAP};",                             // 22
      "```",                                                    // 23
      "",                                                       // 24
      "__DefGroup IALU : [ALL]",                                // 25
      "  __Encoding",                                           // 26
      "    field<12,  3> Pred pg = PT;",                        // 27
      "",                                                       // 28
      "__DefOptype I2IP : [IALU]",                              // 29
      "  __Encoding",                                           // 30
      "    field<0,  8> Optype optype == I2IP;",                // 31
      "    field<75, 1> SATRelu satrelu==SAT;",                 // 32
      "",                                                       // 33
      "  __Syntax",                                             // 34
      "```asm",                                                 // 35
      "I2IP.dsttype.satrelu Rd, Ra, SrcB, Rc $sched $req ;",    // 36
      "",                                                       // 37
      ".dsttype = {.S2, .U2, .S4, .U4, .S8, .U8, .S16, .U16}",  // 38
      "satrelu = {.SAT*, .SATRELU}",                            // 39
      "```",                                                    // 40
  });
  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(positionsOf(load, SpecCode::DomainTrailingSemicolon), (Strings{"0:22:1 warning"}));
  EXPECT_EQ(positionsOf(load, SpecCode::DomainMissingDot), (Strings{"0:39:1 warning"}));
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;

  const Optype* ubmsk = db.optype("UBMSK");
  ASSERT_NE(ubmsk, nullptr);
  ASSERT_EQ(ubmsk->syntax.forms.size(), 1u);
  ASSERT_EQ(ubmsk->syntax.domains.size(), 1u);
  const ModifierDomain* cwmode = ubmsk->domain("cwmode");
  ASSERT_NE(cwmode, nullptr);
  EXPECT_EQ(where(cwmode->pos), "0:22:1");
  ASSERT_EQ(cwmode->values.size(), 2u);
  EXPECT_EQ(cwmode->values[0].spelling, "CLAMP");
  EXPECT_EQ(cwmode->values[1].spelling, "WRAP");  // not "WRAP}" or "WRAP};"
  EXPECT_FALSE(cwmode->values[0].isDefault);
  EXPECT_FALSE(cwmode->values[1].isDefault);

  const Optype* i2ip = db.optype("I2IP");
  ASSERT_NE(i2ip, nullptr);
  ASSERT_EQ(i2ip->syntax.forms.size(), 1u);  // the dot-less line is a domain, not a form
  ASSERT_EQ(i2ip->syntax.domains.size(), 2u);
  const ModifierDomain* dsttype = i2ip->domain("dsttype");
  ASSERT_NE(dsttype, nullptr);
  ASSERT_EQ(dsttype->values.size(), 8u);
  EXPECT_EQ(dsttype->values[0].spelling, "S2");
  EXPECT_EQ(dsttype->values[7].spelling, "U16");
  const ModifierDomain* satrelu = i2ip->domain("satrelu");
  ASSERT_NE(satrelu, nullptr);
  EXPECT_EQ(where(satrelu->pos), "0:39:1");
  ASSERT_EQ(satrelu->values.size(), 2u);
  EXPECT_EQ(satrelu->values[0].spelling, "SAT");
  EXPECT_TRUE(satrelu->values[0].isDefault);
  EXPECT_EQ(satrelu->values[1].spelling, "SATRELU");
  EXPECT_FALSE(satrelu->values[1].isDefault);
}

// Item 14. Prose headings `#`/`##` and tables (with `\|\|`, ISETP 000:1704) inside sections, and
// an optype `__OperandInfo` that mixes a DSL statement with prose (IADD 000:133-151). Only an
// indented `Keyword<` line is DSL; a column-0 `Order<…>` is prose.
TEST(SpecParserTolerance, ProseHeadingsAndTablesAreNotDsl) {
  const std::string text = textOf({
      "__DefBitFieldType IExt<1>",                                              // 1
      "    NoX = 0x0;",                                                         // 2
      "    X = 0x1;",                                                           // 3
      "",                                                                       // 4
      "__DefGroup IALU : [ALL]",                                                // 5
      "  __Encoding",                                                           // 6
      "    field<12,  3> Pred pg = PT;",                                        // 7
      "",                                                                       // 8
      "__DefOptype IADD : [IALU]",                                              // 9
      "  __Encoding",                                                           // 10
      "    field<0,  8> Optype optype == IADD;",                                // 11
      "    field<16,  8> Reg rd;",                                              // 12
      "    field<24,  8> Reg ra;",                                              // 13
      "    field<72,  1> SignModi ra.neg = False;",                             // 14
      "    field<76,  1> IExt ext = NoX;",                                      // 15
      "",                                                                       // 16
      "  __Description",                                                        // 17
      "### 说明",                                                               // 18
      "```asm",                                                                 // 19
      "IADD R0, R1, R2 ;",                                                      // 20
      "```",                                                                    // 21
      "",                                                                       // 22
      "  __OperandInfo",                                                        // 23
      "    AsmFormat<ra.neg> = CvtINegX(ra.neg, ext);",                         // 24
      "",                                                                       // 25
      "输出操作数Rd和输入操作数Ra必须来源于GPR。",                              // 26
      "",                                                                       // 27
      "启用.X修饰符后，需要额外2个操作数pu和pp，分别表示输出进位和输入进位：",  // 28
      "| pu | pp |",                                                            // 29
      "|:--:|:--:|",                                                            // 30
      "| PR | PR |",                                                            // 31
      "Order<pg, ra, rd>;",                                                     // 32
      "",                                                                       // 33
      "  __ModifierInfo",                                                       // 34
      "# ISETP",                                                                // 35
      "## .boolop",                                                             // 36
      "| .boolop | 含义 |",                                                     // 37
      "|:--:|:--:|",                                                            // 38
      "| .AND | && |",                                                          // 39
      "| .OR  | \\|\\| |",                                                      // 40
      "",                                                                       // 41
      "__DefOpcode IADD_RR : [IADD]",                                           // 42
      "  __Encoding",                                                           // 43
      "    field<8,   4> SType stype == RR;",                                   // 44
      "    field<32,  8> Reg rb;",                                              // 45
      "  __OperandInfo",                                                        // 46
      "    InList<pg, ra, rb>;",                                                // 47
  });
  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(positionsOf(load, SpecCode::BadStatement), Strings{});
  EXPECT_EQ(positionsOf(load, SpecCode::MisplacedStatement), Strings{});
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  const Optype* iadd = db.optype("IADD");
  ASSERT_NE(iadd, nullptr);
  EXPECT_EQ(iadd->docs.description.text, "### 说明\n```asm\nIADD R0, R1, R2 ;\n```");
  EXPECT_EQ(iadd->docs.operandInfo.text,
            "输出操作数Rd和输入操作数Ra必须来源于GPR。\n"
            "\n"
            "启用.X修饰符后，需要额外2个操作数pu和pp，分别表示输出进位和输入进位：\n"
            "| pu | pp |\n"
            "|:--:|:--:|\n"
            "| PR | PR |\n"
            "Order<pg, ra, rd>;");
  EXPECT_EQ(where(iadd->docs.operandInfo.pos), "0:23:3");
  EXPECT_EQ(iadd->docs.modifierInfo.text,
            "# ISETP\n## .boolop\n| .boolop | 含义 |\n|:--:|:--:|\n| .AND | && |\n| .OR  | \\|\\| |");
  EXPECT_EQ(iadd->docs.modifierInfo.firstLine, 35u);
  EXPECT_TRUE(iadd->syntax.forms.empty());  // the asm block in the description is not syntax

  const Opcode* rr = db.opcode("IADD_RR");
  ASSERT_NE(rr, nullptr);
  ASSERT_EQ(rr->operandInfo.asmFormats.size(), 1u);
  const AsmFormatRule& fmt = rr->operandInfo.asmFormats[0];
  EXPECT_EQ(fmt.target, "ra.neg");
  EXPECT_EQ(fmt.function, "CvtINegX");
  EXPECT_EQ(fmt.args, (Strings{"ra.neg", "ext"}));
  EXPECT_EQ(where(fmt.pos), "0:24:5");
  EXPECT_EQ(rr->operandInfo.inList, (Strings{"pg", "ra", "rb"}));
  // The column-0 "Order<pg, ra, rd>;" is prose and sets no order.
  EXPECT_FALSE(rr->operandInfo.hasOrder);
  EXPECT_TRUE(rr->operandInfo.order.empty());
  EXPECT_TRUE(rr->operandInfoProse.text.empty());
}

// Item 15. Two definitions with no blank line between them: the fence closing FMNMX's examples
// (004:660) is directly followed by `__DefOpcode FMNMX_RR` (004:661); FMUL's `__Simulation`
// follows its closing fence directly (004:267).
TEST(SpecParserTolerance, DefinitionsWithoutBlankLineBetween) {
  const std::string text = textOf({
      "__DefGroup FALU : [ALL]",                                        // 1
      "  __Encoding",                                                   // 2
      "    field<12,  3> Pred pg = PT;",                                // 3
      "",                                                               // 4
      "__DefOptype FMNMX : [FALU]",                                     // 5
      "  __Encoding",                                                   // 6
      "    field<0,  8> Optype optype == FMNMX;",                       // 7
      "  __Exception",                                                  // 8
      "",                                                               // 9
      "  __Examples",                                                   // 10
      "```asm",                                                         // 11
      "FMNMX R0, -|R1|, -|R2|, !PT;",                                   // 12
      "FMNMX R0,   R1 ,     1,  P0;",                                   // 13
      "```",                                                            // 14
      "__DefOpcode FMNMX_RR : [FMNMX]",                                 // 15
      "  __Encoding",                                                   // 16
      "    field< 8,  4> SType stype == RR;",                           // 17
      "",                                                               // 18
      "    field<32,  8> Reg rb;",                                      // 19
      "",                                                               // 20
      "__DefOptype FMUL : [FALU]",                                      // 21
      "  __Encoding",                                                   // 22
      "    field<0,  8> Optype optype == FMUL;",                        // 23
      "  __Examples",                                                   // 24
      "```asm",                                                         // 25
      "FMUL               R0,  R1 , -R2        ;  // R0 = R1 * (-R2)",  // 26
      "```",                                                            // 27
      "  __Simulation",                                                 // 28
      "      vd = fmul(va, vb);",                                       // 29
  });
  DiagnosticSink sink;
  const SpecFileAst ast = parseSpecFile(0, text, sink);
  EXPECT_EQ(definitionNames(ast), (Strings{"FALU", "FMNMX", "FMNMX_RR", "FMUL"}));
  const SpecDefinition* fmnmx = definition(ast, "FMNMX");
  ASSERT_NE(fmnmx, nullptr);
  const SpecSection* examples = fmnmx->section("Examples");
  ASSERT_NE(examples, nullptr);
  ASSERT_EQ(examples->lines.size(), 4u);
  EXPECT_EQ(examples->lines.back().text, "```");
  EXPECT_EQ(examples->lines.back().line, 14u);
  EXPECT_EQ(where(definition(ast, "FMNMX_RR")->pos), "0:15:13");

  const SpecLoad load = loadSnippet(text, true);
  EXPECT_EQ(errorsInSnippet(load), Strings{});
  const InstrDb& db = *load.db;
  ASSERT_NE(db.optype("FMNMX"), nullptr);
  EXPECT_EQ(db.optype("FMNMX")->docs.examples.text,
            "```asm\nFMNMX R0, -|R1|, -|R2|, !PT;\nFMNMX R0,   R1 ,     1,  P0;\n```");
  const Opcode* rr = db.opcode("FMNMX_RR");
  ASSERT_NE(rr, nullptr);
  EXPECT_EQ(db.optypeOf(*rr).name, "FMNMX");
  EXPECT_EQ(factsOf(db, *rr), (std::vector<FieldFacts>{
                                  {"optype", 0, 8, "Optype", Fixed, 67, "FMNMX"},
                                  {"stype", 8, 4, "SType", Fixed, 0, "RR"},
                                  {"pg", 12, 3, "Pred", Default, 7, "PT"},
                                  {"rb", 32, 8, "Reg", Required, 0, ""},
                              }));
  const Optype* fmul = db.optype("FMUL");
  ASSERT_NE(fmul, nullptr);
  EXPECT_EQ(fmul->docs.examples.text,
            "```asm\nFMUL               R0,  R1 , -R2        ;  // R0 = R1 * (-R2)\n```");
  EXPECT_EQ(fmul->docs.simulation.text, "      vd = fmul(va, vb);");
  EXPECT_EQ(where(fmul->docs.simulation.pos), "0:28:3");
}

// ------------------------------------------------------------------------------ garbage input

/// Loads `files` and requires: no exception, a database, and every diagnostic at a real line
/// of its file (SpecLoadCheck.h, shared with fuzz/spec_loader.cpp).
void expectSafeLoad(std::vector<SpecFile> files, const std::string& what) {
  SpecLoad load;
  ASSERT_NO_THROW(load = loadSpec(std::move(files))) << what;
  ASSERT_NE(load.db, nullptr) << what;
  EXPECT_EQ(gpuasm::testsupport::diagnosticsOutsideTheirFiles(load), Strings{}) << what;
}

std::vector<SpecFile> preludeFiles() {
  std::vector<SpecFile> out;
  for (auto& f : embeddedSpecFiles())
    if (f.role == SpecFileRole::Prelude) out.push_back(std::move(f));
  return out;
}

TEST(SpecParserTolerance, GarbageRandomBytes) {
  std::mt19937 rng(20240611);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int i = 0; i < 40; ++i) {
    std::string text(4096, '\0');
    for (char& c : text) c = static_cast<char>(byte(rng));
    expectSafeLoad({{"random.txt", text, SpecFileRole::Spec}}, "random bytes #" + std::to_string(i));
  }
}

// Random sequences of DSL fragments reach deeper than random bytes: headers, sections, fields,
// statements and syntax lines in every wrong combination, in all three file roles.
TEST(SpecParserTolerance, GarbageTokenSoup) {
  static constexpr const char* kTokens[] = {"__DefBitFieldType",
                                            "__DefGroup",
                                            "__DefOptype",
                                            "__DefOpcode",
                                            "__Erratum",
                                            "__DefX",
                                            "  __Encoding",
                                            "  __Syntax",
                                            "  __OperandInfo",
                                            "  __Exception",
                                            "  __Aliases",
                                            "  __Problem",
                                            "  __Decision",
                                            "  __Semantics",
                                            "__Examples",
                                            "field<",
                                            "field<0, 8>",
                                            "field<120, 64>",
                                            "Optype",
                                            "Reg",
                                            "Pred",
                                            "CMem",
                                            "T",
                                            "X",
                                            "pg.not",
                                            "=",
                                            "==",
                                            ";",
                                            ":",
                                            "[",
                                            "]",
                                            "[ALL]",
                                            "[T]",
                                            "<",
                                            ">",
                                            "<3>",
                                            "{",
                                            "}",
                                            "{-}",
                                            "{|}",
                                            "{.",
                                            "{, ",
                                            "(",
                                            ")",
                                            "\"",
                                            "```asm",
                                            "```asm   ",
                                            "```",
                                            "//",
                                            "$sched",
                                            "$req",
                                            "Order<",
                                            "Bitwidth<rd> =",
                                            "EncodingError<K, \"m\"> =",
                                            "InList<",
                                            "AsmFormat<a> = F(",
                                            "ModiOrder<",
                                            "R[",
                                            "UR[",
                                            "c[UImm][",
                                            "PR",
                                            ",",
                                            "0x",
                                            "0xFFFFFFFFFFFFFFFFF",
                                            "99999999999999999999999",
                                            "64",
                                            "and",
                                            "!=",
                                            "*",
                                            "+",
                                            ".x = {",
                                            ".A*",
                                            "\t",
                                            " ",
                                            " ",
                                            "\n",
                                            "\n",
                                            "\n",
                                            "\r\n",
                                            "    ",
                                            "  ",
                                            "\xff",
                                            "\xc3"};
  constexpr std::size_t kCount = sizeof(kTokens) / sizeof(kTokens[0]);
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::size_t> pick(0, kCount - 1);
  auto soup = [&] {
    std::string s;
    for (int k = 0; k < 600; ++k) s += kTokens[pick(rng)];
    return s;
  };
  for (int i = 0; i < 60; ++i) {
    expectSafeLoad({{"spec.txt", soup(), SpecFileRole::Spec},
                    {"prelude.isa", soup(), SpecFileRole::Prelude},
                    {"errata.isa", soup(), SpecFileRole::Errata}},
                   "token soup #" + std::to_string(i));
  }
}

// Each embedded file cut at many points (mid-definition, mid-line, mid-UTF-8 character), loaded
// together with the other files intact.
TEST(SpecParserTolerance, TruncatedRealSpec) {
  const std::vector<SpecFile> all = embeddedSpecFiles();
  ASSERT_EQ(all.size(), 7u);
  std::mt19937 rng(42);
  for (std::size_t victim = 0; victim < all.size(); ++victim) {
    const std::size_t size = all[victim].text.size();
    std::uniform_int_distribution<std::size_t> cutAt(0, size);
    std::vector<std::size_t> cuts;
    for (std::size_t k = 1; k < 12; ++k) cuts.push_back(size * k / 12);
    for (int k = 0; k < 8; ++k) cuts.push_back(cutAt(rng));
    for (std::size_t cut : cuts) {
      std::vector<SpecFile> files = all;
      files[victim].text.resize(cut);
      expectSafeLoad(std::move(files), all[victim].name + " cut at byte " + std::to_string(cut));
    }
  }
}

TEST(SpecParserTolerance, MegabyteLines) {
  const std::string mb(1u << 20, 'x');
  std::vector<std::string> texts = {
      mb,
      "__DefOptype " + std::string(1u << 20, 'A') + " : [G]\n",
      "__DefBitFieldType T<2>\n    " + std::string(1u << 20, 'E') + ";\n",
      "__DefGroup G : [ALL]\n  __Encoding\n    field<" + std::string(1u << 20, '9') + ", 3> Pred pg;\n",
      "__DefGroup G : [ALL]\n__DefOptype O : [G]\n  __Syntax\n```asm\nO " + std::string(1u << 20, '{') +
          "\n```\n",
      "__DefGroup G : [ALL]\n__DefOptype O : [G]\n  __Syntax\n```asm\n" + std::string(1u << 20, '.') +
          "\n```\n",
      "__DefGroup G : [ALL]\n__DefOptype O : [G]\n__DefOpcode P : [O]\n  __OperandInfo\n    Bitwidth<a> = " +
          std::string(1u << 20, '9') + ";\n",
  };
  std::string operands = "__DefGroup G : [ALL]\n__DefOptype O : [G]\n  __Syntax\n```asm\nO ";
  while (operands.size() < (1u << 20)) operands += "{-}{|}R{.s}{|}, {, {!}p} UR[a{+b}] ";
  texts.push_back(operands + "$sched ;\n```\n");
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::vector<SpecFile> files{{"huge.txt", texts[i], SpecFileRole::Spec}};
    for (auto& f : preludeFiles()) files.push_back(std::move(f));
    expectSafeLoad(std::move(files), "megabyte line #" + std::to_string(i));
  }
}

// A build without child processes (WebAssembly: tests/WasmTests.cmake) has no death tests.
#if GTEST_HAS_DEATH_TEST
// A 1 MB run of '(' in a Bitwidth expression is malformed and must be reported like any other
// bad expression. The load runs in a child process (a death test) so that a crash fails this
// test instead of killing the whole test binary; the child exits 0 only when the load returned
// and reported "bad-expression".
TEST(SpecParserToleranceDeathTest, DeeplyNestedBitwidthExpression) {
  const std::string text =
      "__DefGroup G : [ALL]\n__DefOptype O : [G]\n__DefOpcode P : [O]\n  __OperandInfo\n"
      "    Bitwidth<a> = " +
      std::string(1u << 20, '(') + "\n";
  EXPECT_EXIT(
      {
        const SpecLoad load = loadSnippet(text);
        const bool reported = !positionsOf(load, SpecCode::BadExpression).empty();
        std::exit(load.db != nullptr && reported ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}
#endif

TEST(SpecParserTolerance, InvalidUtf8) {
  const std::string text = textOf({
      "__DefBitFieldType \xff\xfe<2>",
      "    \xc3\x28;",
      "    A\x80 = 1;",
      "",
      "__DefGroup \xe2\x82 : [ALL]",
      "  __Encoding",
      "    field<12,  3> Pred p\xf0\x28\x8c\x28 = PT;",
      "",
      "__DefOptype O : [\xe2\x82]",
      "  __Syntax",
      "```asm",
      "O\xc0\xaf Rd, {\xed\xa0\x80}Ra      $sched $req ;",
      ".\xf8\x88 = {.\xfc\x84*}",
      "```",
      "  __Description",
      "\xc3\xa9\xff\xfe\xfd \xe6\x96",
  });
  std::vector<SpecFile> files{{"bad-utf8.txt", text, SpecFileRole::Spec}};
  for (auto& f : preludeFiles()) files.push_back(std::move(f));
  expectSafeLoad(std::move(files), "invalid UTF-8");
}

TEST(SpecParserTolerance, EmptyFile) {
  SpecLoad load;
  ASSERT_NO_THROW(load = loadSnippet(""));
  ASSERT_NE(load.db, nullptr);
  EXPECT_TRUE(load.diagnostics.empty());
  EXPECT_TRUE(load.db->types().empty());
  EXPECT_TRUE(load.db->optypes().empty());
  EXPECT_TRUE(load.db->opcodes().empty());
  ASSERT_EQ(load.db->files().size(), 1u);
  expectSafeLoad({{"empty.txt", "", SpecFileRole::Spec}}, "empty file");
}

TEST(SpecParserTolerance, HeaderWithoutName) {
  {
    const SpecLoad load = loadSnippet("__DefOptype\n");
    ASSERT_NE(load.db, nullptr);
    // "__DefOptype" is 11 bytes: the missing name is at column 12.
    EXPECT_EQ(positionsOf(load, SpecCode::MissingName), (Strings{"0:1:12 error"}));
  }
  {
    const SpecLoad load = loadSnippet("__DefBitFieldType <3>\n    A;\n");
    ASSERT_NE(load.db, nullptr);
    EXPECT_EQ(positionsOf(load, SpecCode::MissingName), (Strings{"0:1:19 error"}));
  }
  {
    const SpecLoad load = loadSnippet("__Erratum : [ALL]\n  __Problem\nx\n");
    ASSERT_NE(load.db, nullptr);
    EXPECT_EQ(positionsOf(load, SpecCode::MissingName), (Strings{"0:1:11 error"}));
  }
  for (const char* text : {"__DefOptype\n", "__DefOpcode : [X]\n  __Encoding\n    field<0, 8> T t;\n",
                           "__DefGroup", "__DefBitFieldType\n    A;\n", "__Erratum\n  __Encoding\n"})
    expectSafeLoad({{"noname.txt", text, SpecFileRole::Spec}}, std::string("header without name: ") + text);
}

// -------------------------------------------------------------------------------------- errata

// An erratum replaces the default of pp.not in one opcode (the shape of L-26, which makes ISET's
// default pp = PT): the field is amended, names the erratum and keeps the spec's declaration.
TEST(SpecParserTolerance, ErratumAmendsFieldDefault) {
  const std::string spec = textOf({
      "__DefGroup IALU : [ALL]",                  // 1
      "  __Encoding",                             // 2
      "    field<12,  3> Pred pg = PT;",          // 3
      "    field<15,  1> PModi pg.not = False;",  // 4
      "",                                         // 5
      "__DefOptype ISET : [IALU]",                // 6
      "  __Encoding",                             // 7
      "    field<0,  8> Optype optype == ISET;",  // 8
      "    field<16,  8> Reg rd;",                // 9
      "    field<98, 3> Pred pp = PT;",           // 10
      "    field<101, 1> PModi pp.not=True;",     // 11
      "",                                         // 12
      "__DefOpcode ISET_RR : [ISET]",             // 13
      "  __Encoding",                             // 14
      "    field<8,   4> SType stype == RR;",     // 15
      "",                                         // 16
      "__DefOpcode ISET_RU : [ISET]",             // 17
      "  __Encoding",                             // 18
      "    field<8,   4> SType stype == RU;",     // 19
  });
  const std::string errata = textOf({
      "__Erratum X-1 : [ISET_RR]",                          // 1
      "  __Problem",                                        // 2
      "The default pp = !PT makes ISET.AND always false.",  // 3
      "  __Decision",                                       // 4
      "Make the default pp = PT.",                          // 5
      "  __Encoding",                                       // 6
      "    field<101, 1> PModi pp.not=False;",              // 7
  });
  std::vector<SpecFile> files{{"spec.txt", spec, SpecFileRole::Spec},
                              {"errata.isa", errata, SpecFileRole::Errata}};
  for (auto& f : preludeFiles()) files.push_back(std::move(f));
  const SpecLoad load = loadSpec(std::move(files));
  ASSERT_NE(load.db, nullptr);
  const InstrDb& db = *load.db;
  EXPECT_EQ(withCode(load.diagnostics, SpecCode::ErratumIncomplete).size(), 0u);
  EXPECT_EQ(withCode(load.diagnostics, SpecCode::ErratumUnknownTarget).size(), 0u);
  EXPECT_EQ(withCode(load.diagnostics, SpecCode::FieldConflict).size(), 0u);
  EXPECT_EQ(withCode(load.diagnostics, SpecCode::FieldRedeclared).size(), 0u);
  EXPECT_EQ(errorsInSnippet(load), Strings{});

  const Erratum* e = db.erratum("X-1");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->targets, (Strings{"ISET_RR"}));
  EXPECT_EQ(where(e->pos), "1:1:11");
  EXPECT_TRUE(e->amends);
  EXPECT_TRUE(e->problem.present);
  EXPECT_EQ(e->problem.text, "The default pp = !PT makes ISET.AND always false.");
  EXPECT_EQ(where(e->problem.pos), "1:2:3");
  EXPECT_EQ(e->decision.text, "Make the default pp = PT.");

  const Opcode* rr = db.opcode("ISET_RR");
  ASSERT_NE(rr, nullptr);
  const Field* amended = rr->field("pp.not");
  ASSERT_NE(amended, nullptr);
  EXPECT_EQ(
      std::count_if(rr->fields.begin(), rr->fields.end(), [](const Field& f) { return f.name == "pp.not"; }),
      1);
  EXPECT_EQ(amended->offset, 101u);
  EXPECT_EQ(amended->width, 1u);
  EXPECT_EQ(amended->presence, Default);
  EXPECT_EQ(amended->value, 0u);  // PModi False
  EXPECT_EQ(amended->valueText, "False");
  EXPECT_EQ(amended->amendedBy, "X-1");
  EXPECT_EQ(where(amended->pos), "1:7:5");
  ASSERT_TRUE(amended->specDeclaration.has_value());
  const Field::SpecDeclaration& was = *amended->specDeclaration;
  EXPECT_EQ(was.offset, 101u);
  EXPECT_EQ(was.width, 1u);
  EXPECT_EQ(was.type, "PModi");
  EXPECT_EQ(was.valueText, "True");
  EXPECT_FALSE(was.fixed);
  EXPECT_EQ(where(was.pos), "0:11:5");

  // The sibling opcode is not a target and keeps the spec's default.
  const Opcode* ru = db.opcode("ISET_RU");
  ASSERT_NE(ru, nullptr);
  const Field* untouched = ru->field("pp.not");
  ASSERT_NE(untouched, nullptr);
  EXPECT_EQ(untouched->value, 1u);  // PModi True
  EXPECT_EQ(untouched->valueText, "True");
  EXPECT_EQ(untouched->amendedBy, "");
  EXPECT_FALSE(untouched->specDeclaration.has_value());
  EXPECT_EQ(where(untouched->pos), "0:11:5");
}

}  // namespace
