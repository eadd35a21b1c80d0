// Tests of the `__Syntax` parser (Syntax.h) on the spec's own form and domain lines, copied
// verbatim from isa-db/spec/ (file:line in each test): mnemonic parts (literal or variable,
// mandatory or optional), operand slots (placeholder, shape, register file, offset type,
// optionality, allowed prefixes `- ~ ! |x|`, suffix), scheduling tokens, trailing comments and
// the irregular lines the parser tolerates with a warning (a missing comma between operands, a
// domain line with a trailing ';' or without its leading '.'). The last tests check, on the real
// database, that irregular mnemonics map to their optypes (IMAD.WIDE → IMAD_WIDE, IDP.2A → IDP2A).
#include "TestSpec.h"

#include <gpuasm/isa/SpecParser.h>
#include <gpuasm/isa/Syntax.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace gpuasm::isa;
using gpuasm::isa::test::db;

/// What a parsed operand slot must look like; every field is compared.
struct Slot {
  std::string placeholder{};
  std::string text{};
  OperandShape shape = OperandShape::Plain;
  std::string fileName{};
  std::string offsetType{};
  bool optional = false;
  bool allowNeg = false;
  bool allowBitNot = false;
  bool allowNot = false;
  bool allowAbs = false;
  std::string suffix{};
  bool suffixOptional = false;
};

/// What a mnemonic part must look like.
struct Part {
  std::string text{};
  bool variable = false;
  bool optional = false;
};

void expectParts(const SyntaxForm& form, const std::vector<Part>& expected) {
  ASSERT_EQ(form.parts.size(), expected.size()) << form.text;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE("part " + std::to_string(i) + " '" + expected[i].text + "'");
    EXPECT_EQ(form.parts[i].text, expected[i].text);
    EXPECT_EQ(form.parts[i].variable, expected[i].variable);
    EXPECT_EQ(form.parts[i].optional, expected[i].optional);
  }
}

void expectOperands(const SyntaxForm& form, const std::vector<Slot>& expected) {
  ASSERT_EQ(form.operands.size(), expected.size()) << form.text;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const OperandSlot& got = form.operands[i];
    const Slot& want = expected[i];
    SCOPED_TRACE("operand " + std::to_string(i) + " '" + want.text + "'");
    EXPECT_EQ(got.placeholder, want.placeholder);
    EXPECT_EQ(got.text, want.text);
    EXPECT_EQ(got.shape, want.shape);
    EXPECT_EQ(got.fileName, want.fileName);
    EXPECT_EQ(got.offsetType, want.offsetType);
    EXPECT_EQ(got.optional, want.optional);
    EXPECT_EQ(got.allowNeg, want.allowNeg);
    EXPECT_EQ(got.allowBitNot, want.allowBitNot);
    EXPECT_EQ(got.allowNot, want.allowNot);
    EXPECT_EQ(got.allowAbs, want.allowAbs);
    EXPECT_EQ(got.suffix, want.suffix);
    EXPECT_EQ(got.suffixOptional, want.suffixOptional);
  }
}

/// "file:line:col severity code" of every diagnostic.
std::vector<std::string> diagnosticsOf(const DiagnosticSink& sink) {
  std::vector<std::string> out;
  for (const auto& d : sink.all())
    out.push_back(std::to_string(d.pos.file) + ":" + std::to_string(d.pos.line) + ":" +
                  std::to_string(d.pos.column) + " " + severityName(d.severity) + " " +
                  std::string(spelling(d.code)));
  return out;
}

using Strings = std::vector<std::string>;
const Strings kSchedReq{"$sched", "$req"};
const Strings kSchedReqWsb{"$sched", "$req", "$wsb"};

/// Parses one real form line that must parse without any diagnostic.
SyntaxForm cleanForm(const std::string& line, std::uint32_t lineNo) {
  DiagnosticSink sink;
  SyntaxForm form = parseSyntaxForm(line, {0, lineNo, 1}, sink);
  EXPECT_EQ(diagnosticsOf(sink), Strings{}) << line;
  EXPECT_EQ(form.pos, (SourcePos{0, lineNo, 1}));
  return form;
}

std::vector<SpecLine> specLines(std::uint32_t firstLine, const std::vector<std::string>& texts) {
  std::vector<SpecLine> out;
  for (const auto& t : texts) out.push_back({t, firstLine++});
  return out;
}

// ------------------------------------------------------------------------------ form lines

// 000:126: `Rd{ ,pu}` (space before the comma) and `{, {!}pp}` make pu and pp optional.
TEST(SyntaxFormTest, IaddXOptionalCarryOperands) {
  const SyntaxForm f = cleanForm("IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp} $sched $req ;", 126);
  EXPECT_EQ(f.baseName, "IADD");
  EXPECT_EQ(f.text, "IADD.X Rd{ ,pu}, {-}Ra, {-}SrcB{, {!}pp} $sched $req ;");
  EXPECT_EQ(f.comment, "");
  expectParts(f, {{"X", false, false}});
  expectOperands(f, {
                        {.placeholder = "Rd", .text = "Rd"},
                        {.placeholder = "pu", .text = "pu", .optional = true},
                        {.placeholder = "Ra", .text = "{-}Ra", .allowNeg = true},
                        {.placeholder = "SrcB", .text = "{-}SrcB", .allowNeg = true},
                        {.placeholder = "pp", .text = "{!}pp", .optional = true, .allowNot = true},
                    });
  EXPECT_EQ(f.schedTokens, kSchedReq);
}

// 000:253: two literal modifiers, then an optional variable one; a trailing Chinese comment.
TEST(SyntaxFormTest, ImadHiX) {
  const SyntaxForm f = cleanForm(
      "IMAD.HI.X{.itype} Rd{, pu}, Ra, SrcB, {-}SrcC{, {!}pp}      $sched $req ; // 扩展位宽模式", 253);
  EXPECT_EQ(f.baseName, "IMAD");
  EXPECT_EQ(f.text, "IMAD.HI.X{.itype} Rd{, pu}, Ra, SrcB, {-}SrcC{, {!}pp}      $sched $req ;");
  EXPECT_EQ(f.comment, "扩展位宽模式");
  expectParts(f, {{"HI", false, false}, {"X", false, false}, {"itype", true, true}});
  expectOperands(f, {
                        {.placeholder = "Rd", .text = "Rd"},
                        {.placeholder = "pu", .text = "pu", .optional = true},
                        {.placeholder = "Ra", .text = "Ra"},
                        {.placeholder = "SrcB", .text = "SrcB"},
                        {.placeholder = "SrcC", .text = "{-}SrcC", .allowNeg = true},
                        {.placeholder = "pp", .text = "{!}pp", .optional = true, .allowNot = true},
                    });
  EXPECT_EQ(f.schedTokens, kSchedReq);
}

// 000:2046: the optional operand `{pu, }` stands before Rd.
TEST(SyntaxFormTest, Lop3OptionalOperandBeforeRd) {
  const SyntaxForm f =
      cleanForm("LOP3.exbool {pu, }Rd, Ra, SrcB, Rc, UImm8Lut, {!}pp      $sched $req ;", 2046);
  EXPECT_EQ(f.baseName, "LOP3");
  expectParts(f, {{"exbool", true, false}});
  expectOperands(f, {
                        {.placeholder = "pu", .text = "pu", .optional = true},
                        {.placeholder = "Rd", .text = "Rd"},
                        {.placeholder = "Ra", .text = "Ra"},
                        {.placeholder = "SrcB", .text = "SrcB"},
                        {.placeholder = "Rc", .text = "Rc"},
                        {.placeholder = "UImm8Lut", .text = "UImm8Lut"},
                        {.placeholder = "pp", .text = "{!}pp", .allowNot = true},
                    });
  EXPECT_EQ(f.schedTokens, kSchedReq);
}

// 004:739: `{pv,}` with no blank, `{-}{|}Ra{|}` (negation and absolute value), optional pp.
TEST(SyntaxFormTest, FsetpOptionalPvAndAbsoluteValues) {
  const SyntaxForm f =
      cleanForm("FSETP{.FTZ}.cmp.lop pu, {pv,} {-}{|}Ra{|}, {-}{|}SrcB{|}{, {!}pp}      $sched $req ;", 739);
  EXPECT_EQ(f.baseName, "FSETP");
  expectParts(f, {{"FTZ", false, true}, {"cmp", true, false}, {"lop", true, false}});
  expectOperands(f, {
                        {.placeholder = "pu", .text = "pu"},
                        {.placeholder = "pv", .text = "pv", .optional = true},
                        {.placeholder = "Ra", .text = "{-}{|}Ra{|}", .allowNeg = true, .allowAbs = true},
                        {.placeholder = "SrcB", .text = "{-}{|}SrcB{|}", .allowNeg = true, .allowAbs = true},
                        {.placeholder = "pp", .text = "{!}pp", .optional = true, .allowNot = true},
                    });
  EXPECT_EQ(f.schedTokens, kSchedReq);
}

// 003:24: an optional suffix inside the absolute-value bars, and `$wsb`.
TEST(SyntaxFormTest, MufuSuffixInsideAbsoluteValue) {
  const SyntaxForm f =
      cleanForm("MUFU.mufuop.dtype{.SAT} Rd, {-}{|}SrcB{.hsel}{|}      $sched $req $wsb ;", 24);
  EXPECT_EQ(f.baseName, "MUFU");
  expectParts(f, {{"mufuop", true, false}, {"dtype", true, false}, {"SAT", false, true}});
  expectOperands(f, {
                        {.placeholder = "Rd", .text = "Rd"},
                        {.placeholder = "SrcB",
                         .text = "{-}{|}SrcB{.hsel}{|}",
                         .allowNeg = true,
                         .allowAbs = true,
                         .suffix = "hsel",
                         .suffixOptional = true},
                    });
  EXPECT_EQ(f.schedTokens, kSchedReqWsb);
}

// 000:1666: the literal `.X` comes after the optional `{.itype}`.
TEST(SyntaxFormTest, IsetpLiteralXAfterOptionalModifier) {
  const SyntaxForm f =
      cleanForm("ISETP.compop.boolop{.itype}.X pu{, pv}, Ra, SrcB, {!}pp{, {!}pq}      $sched $req ;", 1666);
  EXPECT_EQ(f.baseName, "ISETP");
  expectParts(f,
              {{"compop", true, false}, {"boolop", true, false}, {"itype", true, true}, {"X", false, false}});
  expectOperands(f, {
                        {.placeholder = "pu", .text = "pu"},
                        {.placeholder = "pv", .text = "pv", .optional = true},
                        {.placeholder = "Ra", .text = "Ra"},
                        {.placeholder = "SrcB", .text = "SrcB"},
                        {.placeholder = "pp", .text = "{!}pp", .allowNot = true},
                        {.placeholder = "pq", .text = "{!}pq", .optional = true, .allowNot = true},
                    });
}

// 001:2284: the comma between the two operands is missing (lint L-19). Both operands are kept
// and the warning points at the second operand: "SETUGPR " is 8 bytes and "UR[URa{+SImm7}]" 15,
// so URb starts in column 25.
TEST(SyntaxFormTest, SetugprMissingCommaKeepsBothOperands) {
  DiagnosticSink sink;
  const SyntaxForm f =
      parseSyntaxForm("SETUGPR UR[URa{+SImm7}] URb      $sched $req $wsb ;", {1, 2284, 1}, sink);
  EXPECT_EQ(diagnosticsOf(sink), (Strings{"1:2284:25 warning syntax-missing-comma"}));
  EXPECT_EQ(f.baseName, "SETUGPR");
  expectParts(f, {});
  expectOperands(f, {
                        {.placeholder = "URa",
                         .text = "UR[URa{+SImm7}]",
                         .shape = OperandShape::RegIndirect,
                         .fileName = "UR",
                         .offsetType = "SImm7"},
                        {.placeholder = "URb", .text = "URb"},
                    });
  EXPECT_EQ(f.schedTokens, kSchedReqWsb);

  // Not a spec line: the same form with three blanks before URb. The warning must move with the
  // operand (column 27), which shows whether the column counts the blanks before the operand.
  DiagnosticSink wide;
  const SyntaxForm w =
      parseSyntaxForm("SETUGPR UR[URa{+SImm7}]   URb      $sched $req $wsb ;", {1, 2284, 1}, wide);
  EXPECT_EQ(diagnosticsOf(wide), (Strings{"1:2284:27 warning syntax-missing-comma"}));
  EXPECT_EQ(w.operands.size(), 2u);

  // The same operands with the comma (GETUGPR's order reversed) give no warning.
  DiagnosticSink clean;
  const SyntaxForm g =
      parseSyntaxForm("GETUGPR URd, UR[URa{+SImm7}]      $sched $req $wsb ;", {1, 2330, 1}, clean);
  EXPECT_EQ(diagnosticsOf(clean), Strings{});
  ASSERT_EQ(g.operands.size(), 2u);
  EXPECT_EQ(g.operands[1].shape, OperandShape::RegIndirect);
}

// 000:3112: a GPR indexed by a uniform register with an optional signed offset.
TEST(SyntaxFormTest, GetgprRegisterIndirect) {
  const SyntaxForm f = cleanForm("GETGPR Rd, R[URb{+SImm9}]      $sched $req ;", 3112);
  EXPECT_EQ(f.baseName, "GETGPR");
  expectParts(f, {});
  expectOperands(f, {
                        {.placeholder = "Rd", .text = "Rd"},
                        {.placeholder = "URb",
                         .text = "R[URb{+SImm9}]",
                         .shape = OperandShape::RegIndirect,
                         .fileName = "R",
                         .offsetType = "SImm9"},
                    });
}

// 001:15: constant memory addressed by a bank and a uniform register plus offset.
TEST(SyntaxFormTest, UldcConstantMemory) {
  const SyntaxForm f = cleanForm("ULDC{.dtype} URd, c[UImm][URa+SImm]      $sched $req ;", 15);
  EXPECT_EQ(f.baseName, "ULDC");
  expectParts(f, {{"dtype", true, true}});
  expectOperands(f, {
                        {.placeholder = "URd", .text = "URd"},
                        {.placeholder = "URa",
                         .text = "c[UImm][URa+SImm]",
                         .shape = OperandShape::ConstMem,
                         .fileName = "c",
                         .offsetType = "SImm"},
                    });
}

// 000:1445: `PR` is the whole predicate file, a fixed token.
// The parser reads PR as a placeholder; the database classifies it as the predicate set the
// prelude's __DefAsmFacts names (PredicateSet<PR> = Pred).
TEST(SyntaxFormTest, P2rPredicateSet) {
  const SyntaxForm f = cleanForm("P2R{.bsel} Rd, PR, Ra, SbMsk      $sched $req ;", 1445);
  EXPECT_EQ(f.baseName, "P2R");
  expectParts(f, {{"bsel", true, true}});
  expectOperands(f, {
                        {.placeholder = "Rd", .text = "Rd"},
                        {.placeholder = "PR", .text = "PR"},
                        {.placeholder = "Ra", .text = "Ra"},
                        {.placeholder = "SbMsk", .text = "SbMsk"},
                    });
  const SyntaxForm& loaded = test::db().optype("P2R")->syntax.forms.front();
  ASSERT_EQ(loaded.operands.size(), 4u);
  EXPECT_EQ(loaded.operands[1].shape, OperandShape::PredicateSet);
  EXPECT_EQ(loaded.operands[1].fileName, "PR");
  ASSERT_NE(test::db().predicateSetFile("PR"), nullptr);
  EXPECT_EQ(test::db().predicateSetFile("PR")->name, "Pred");
  EXPECT_EQ(test::db().predicateSetFile("UPR")->name, "UPred");
  EXPECT_EQ(test::db().predicateSetFile("Ra"), nullptr);
}

// 000:1550: an optional byte-select suffix on Ra.
TEST(SyntaxFormTest, R2pOptionalSuffix) {
  const SyntaxForm f = cleanForm("R2P PR, Ra{.bsel}, SbMsk      $sched $req ;", 1550);
  EXPECT_EQ(f.baseName, "R2P");
  expectParts(f, {});
  expectOperands(f, {
                        {.placeholder = "PR", .text = "PR"},
                        {.placeholder = "Ra", .text = "Ra{.bsel}", .suffix = "bsel", .suffixOptional = true},
                        {.placeholder = "SbMsk", .text = "SbMsk"},
                    });
}

// 000:837: `Rd{,pu}` and `SrcC{,{!}pp}` without blanks inside the braces.
TEST(SyntaxFormTest, Idp4aBracesWithoutBlanks) {
  const SyntaxForm f = cleanForm("IDP.4A.afmt.bfmt Rd{,pu}, Ra, SrcB, SrcC{,{!}pp}      $sched $req ;", 837);
  EXPECT_EQ(f.baseName, "IDP");
  expectParts(f, {{"4A", false, false}, {"afmt", true, false}, {"bfmt", true, false}});
  expectOperands(f, {
                        {.placeholder = "Rd", .text = "Rd"},
                        {.placeholder = "pu", .text = "pu", .optional = true},
                        {.placeholder = "Ra", .text = "Ra"},
                        {.placeholder = "SrcB", .text = "SrcB"},
                        {.placeholder = "SrcC", .text = "SrcC"},
                        {.placeholder = "pp", .text = "{!}pp", .optional = true, .allowNot = true},
                    });
}

// 000:3014 (`$wsb` present) and 000:125 (absent): the scheduling placeholders are kept as
// tokens and are not operands.
TEST(SyntaxFormTest, SchedulingTokens) {
  const SyntaxForm r2ur = cleanForm("R2UR URd, Rb      $sched $req $wsb ;", 3014);
  EXPECT_EQ(r2ur.schedTokens, kSchedReqWsb);
  expectOperands(r2ur, {{.placeholder = "URd", .text = "URd"}, {.placeholder = "Rb", .text = "Rb"}});
  const SyntaxForm iadd = cleanForm("IADD   Rd,       {-}Ra, {-}SrcB          $sched $req ;", 125);
  EXPECT_EQ(iadd.schedTokens, kSchedReq);
  expectParts(iadd, {});
  expectOperands(iadd, {
                           {.placeholder = "Rd", .text = "Rd"},
                           {.placeholder = "Ra", .text = "{-}Ra", .allowNeg = true},
                           {.placeholder = "SrcB", .text = "{-}SrcB", .allowNeg = true},
                       });
}

// ------------------------------------------------------------------------------ sections

// 000:467-473, IMAD.WIDE: two forms with trailing comments and a domain line with a default.
TEST(SyntaxFormTest, SectionWithTrailingComments) {
  DiagnosticSink sink;
  const SyntaxBlock block = parseSyntaxSection(
      specLines(
          468, {"```asm",
                "IMAD.WIDE.itype   Rd{, pu}, Ra, SrcB, {-}SrcC               $sched $req ;   // 64bit模式",
                "IMAD.WIDE.X.itype Rd{, pu}, Ra, SrcB, {-}SrcC{, {!}pp}      $sched $req ;   // 扩展位宽模式",
                "", ".itype = {.S32*, .U32}", "```"}),
      0, sink);
  EXPECT_EQ(diagnosticsOf(sink), Strings{});
  ASSERT_EQ(block.forms.size(), 2u);
  const SyntaxForm& wide = block.forms[0];
  EXPECT_EQ(wide.pos, (SourcePos{0, 469, 1}));
  EXPECT_EQ(wide.comment, "64bit模式");
  EXPECT_EQ(wide.text, "IMAD.WIDE.itype   Rd{, pu}, Ra, SrcB, {-}SrcC               $sched $req ;");
  EXPECT_EQ(wide.baseName, "IMAD");
  expectParts(wide, {{"WIDE", false, false}, {"itype", true, false}});
  EXPECT_EQ(wide.operands.size(), 5u);
  const SyntaxForm& wideX = block.forms[1];
  EXPECT_EQ(wideX.pos, (SourcePos{0, 470, 1}));
  EXPECT_EQ(wideX.comment, "扩展位宽模式");
  expectParts(wideX, {{"WIDE", false, false}, {"X", false, false}, {"itype", true, false}});
  EXPECT_EQ(wideX.operands.size(), 6u);
  ASSERT_EQ(block.domains.size(), 1u);
  EXPECT_EQ(block.domains[0].variable, "itype");
  EXPECT_EQ(block.domains[0].pos, (SourcePos{0, 472, 1}));
  ASSERT_EQ(block.domains[0].values.size(), 2u);
  EXPECT_EQ(block.domains[0].values[0].spelling, "S32");
  EXPECT_TRUE(block.domains[0].values[0].isDefault);
  EXPECT_EQ(block.domains[0].values[1].spelling, "U32");
  EXPECT_FALSE(block.domains[0].values[1].isDefault);
}

// 001:2072-2076, UBMSK: `.cwmode = {.CLAMP, .WRAP};` ends with ';'; the fence has trailing spaces.
TEST(SyntaxFormTest, DomainLineWithTrailingSemicolon) {
  DiagnosticSink sink;
  const SyntaxBlock block = parseSyntaxSection(
      specLines(2072, {"```asm          ", "UBMSK.cwmode URd, URa, SrcB      $sched $req ;", "",
                       ".cwmode = {.CLAMP, .WRAP};", "```"}),
      1, sink);
  EXPECT_EQ(diagnosticsOf(sink),
            (Strings{"1:2072:7 note fence-trailing-spaces", "1:2075:1 warning domain-trailing-semicolon"}));
  ASSERT_EQ(block.forms.size(), 1u);
  EXPECT_EQ(block.forms[0].baseName, "UBMSK");
  expectParts(block.forms[0], {{"cwmode", true, false}});
  ASSERT_EQ(block.domains.size(), 1u);
  const ModifierDomain& d = block.domains[0];
  EXPECT_EQ(d.variable, "cwmode");
  EXPECT_EQ(d.pos, (SourcePos{1, 2075, 1}));
  ASSERT_EQ(d.values.size(), 2u);
  EXPECT_EQ(d.values[0].spelling, "CLAMP");
  EXPECT_FALSE(d.values[0].isDefault);
  EXPECT_EQ(d.values[1].spelling, "WRAP");
  EXPECT_FALSE(d.values[1].isDefault);
}

// 000:2889-2894, I2IP: `satrelu = {.SAT*, .SATRELU}` lacks the leading dot; it is still a domain
// line (with SAT the default), not a form.
TEST(SyntaxFormTest, DomainLineWithoutLeadingDot) {
  DiagnosticSink sink;
  const SyntaxBlock block = parseSyntaxSection(
      specLines(2889, {"```asm          ", "I2IP.dsttype.satrelu Rd, Ra, SrcB, Rc $sched $req ;", "",
                       ".dsttype = {.S2, .U2, .S4, .U4, .S8, .U8, .S16, .U16}", "satrelu = {.SAT*, .SATRELU}",
                       "```"}),
      0, sink);
  EXPECT_EQ(diagnosticsOf(sink),
            (Strings{"0:2889:7 note fence-trailing-spaces", "0:2893:1 warning domain-missing-dot"}));
  ASSERT_EQ(block.forms.size(), 1u);
  const SyntaxForm& f = block.forms[0];
  EXPECT_EQ(f.baseName, "I2IP");
  expectParts(f, {{"dsttype", true, false}, {"satrelu", true, false}});
  expectOperands(f, {
                        {.placeholder = "Rd", .text = "Rd"},
                        {.placeholder = "Ra", .text = "Ra"},
                        {.placeholder = "SrcB", .text = "SrcB"},
                        {.placeholder = "Rc", .text = "Rc"},
                    });
  ASSERT_EQ(block.domains.size(), 2u);
  EXPECT_EQ(block.domains[0].variable, "dsttype");
  ASSERT_EQ(block.domains[0].values.size(), 8u);
  EXPECT_EQ(block.domains[0].values[0].spelling, "S2");
  EXPECT_EQ(block.domains[0].values[7].spelling, "U16");
  const ModifierDomain& satrelu = block.domains[1];
  EXPECT_EQ(satrelu.variable, "satrelu");
  EXPECT_EQ(satrelu.pos, (SourcePos{0, 2893, 1}));
  ASSERT_EQ(satrelu.values.size(), 2u);
  EXPECT_EQ(satrelu.values[0].spelling, "SAT");
  EXPECT_TRUE(satrelu.values[0].isDefault);
  EXPECT_EQ(satrelu.values[1].spelling, "SATRELU");
  EXPECT_FALSE(satrelu.values[1].isDefault);
}

// ------------------------------------------------------------------------------ real database

// Mnemonics whose dotted spelling differs from the optype name (spec-catalog Key findings).
TEST(SyntaxFormTest, IrregularMnemonicsMapToOptypes) {
  struct Case {
    const char* mnemonic;
    const char* optype;
    std::size_t forms;
    const char* firstPart;
  };
  // IMAD_WIDE 000:469-470, IDP2A 000:661, IDP4A 000:837, UIMAD_WIDE 001:384-385.
  for (const Case& c : {Case{"IMAD.WIDE", "IMAD_WIDE", 2, "WIDE"}, Case{"IDP.2A", "IDP2A", 1, "2A"},
                        Case{"IDP.4A", "IDP4A", 1, "4A"}, Case{"UIMAD.WIDE", "UIMAD_WIDE", 2, "WIDE"}}) {
    SCOPED_TRACE(c.mnemonic);
    const Optype* o = db().optypeForMnemonic(c.mnemonic);
    ASSERT_NE(o, nullptr);
    EXPECT_EQ(o->name, c.optype);
    EXPECT_EQ(o->mnemonic, c.mnemonic);
    EXPECT_EQ(db().optype(c.optype), o);
    ASSERT_EQ(o->syntax.forms.size(), c.forms);
    for (const SyntaxForm& f : o->syntax.forms) {
      EXPECT_EQ(f.mnemonicParts, 1u) << f.text;
      ASSERT_FALSE(f.parts.empty());
      EXPECT_EQ(f.parts[0].text, c.firstPart);
      EXPECT_FALSE(f.parts[0].variable);
      EXPECT_FALSE(f.parts[0].optional);
    }
  }
  // The underscore names are not mnemonics, and IDP alone names no optype.
  EXPECT_EQ(db().optypeForMnemonic("IMAD_WIDE"), nullptr);
  EXPECT_EQ(db().optypeForMnemonic("IDP"), nullptr);
}

// Regular mnemonics: the base name alone is the mnemonic, so no part belongs to it, even when
// the form starts with literal modifiers (IMAD.HI.X, 000:253; IADD.X, 000:126).
TEST(SyntaxFormTest, RegularMnemonicsHaveNoMnemonicParts) {
  for (const char* name : {"IMAD", "IADD", "ISETP", "SETUGPR"}) {
    SCOPED_TRACE(name);
    const Optype* o = db().optypeForMnemonic(name);
    ASSERT_NE(o, nullptr);
    EXPECT_EQ(o->name, name);
    ASSERT_FALSE(o->syntax.forms.empty());
    for (const SyntaxForm& f : o->syntax.forms) EXPECT_EQ(f.mnemonicParts, 0u) << f.text;
  }
  const Optype* imad = db().optype("IMAD");
  ASSERT_NE(imad, nullptr);
  ASSERT_EQ(imad->syntax.forms.size(), 2u);
  expectParts(imad->syntax.forms[1], {{"HI", false, false}, {"X", false, false}, {"itype", true, true}});
}

}  // namespace
