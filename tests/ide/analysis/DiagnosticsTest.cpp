// Document diagnostics, written as annotated snippets: `[[…]]` marks the exact range each
// diagnostic must cover, and the codes are listed in document order. Expected facts come from
// the spec's syntax forms (cited beside each case).
#include <gpuasm/ide/analysis/Diagnostics.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

namespace gpuasm::ide {
namespace {

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

struct Annotated {
  std::string text;
  std::vector<syntax::ByteRange> ranges;
};

// Removes the [[ ]] markers and records the byte ranges they enclosed.
Annotated annotate(std::string_view marked) {
  Annotated a;
  std::vector<std::uint32_t> opens;
  for (std::size_t i = 0; i < marked.size(); ++i) {
    if (marked.substr(i, 2) == "[[") {
      opens.push_back(static_cast<std::uint32_t>(a.text.size()));
      ++i;
    } else if (marked.substr(i, 2) == "]]" && !opens.empty()) {
      a.ranges.push_back({opens.back(), static_cast<std::uint32_t>(a.text.size())});
      opens.pop_back();
      ++i;
    } else {
      a.text.push_back(marked[i]);
    }
  }
  return a;
}

void expectDiagnostics(std::string_view marked, const std::vector<std::string>& codes) {
  const Annotated a = annotate(marked);
  const auto diags = computeDiagnostics(db(), a.text);
  ASSERT_EQ(diags.size(), codes.size()) << a.text << "\nfirst: " << (diags.empty() ? "" : diags[0].message);
  ASSERT_EQ(a.ranges.size(), codes.size()) << "annotation of " << a.text;
  for (std::size_t i = 0; i < diags.size(); ++i) {
    EXPECT_EQ(isa::spelling(diags[i].code), codes[i]) << a.text << ": " << diags[i].message;
    EXPECT_EQ(diags[i].range, a.ranges[i]) << a.text << ": " << diags[i].message;
  }
}

TEST(Diagnostics, CleanCodeHasNone) {
  expectDiagnostics(
      "IADD R0, R1, -0x114514 ;\n@!P0 IMAD.WIDE.U32 R[0:1], R2, 0x4, R[4:5] ;\n@UP1 ULDC.64 UR[2:3], "
      "c[0x0][UR4+0x8] ;\n",
      {});
}

TEST(Diagnostics, UnknownMnemonicWithSuggestion) {
  const auto d = computeDiagnostics(db(), "IADDD R0, R1, R2 ;");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, isa::DiagnosticCode::UnknownMnemonic);
  EXPECT_EQ(d[0].message, "unknown mnemonic 'IADDD'; did you mean IADD?");
  EXPECT_EQ(d[0].suggestions.front(), "IADD");
  expectDiagnostics("[[IADDD]] R0, R1, R2 ;", {"unknown-mnemonic"});
}

TEST(Diagnostics, IllegalModifiers) {
  expectDiagnostics("IADD.[[SAT]] R0, R1, R2 ;", {"unknown-modifier"});  // 000:125-126
  expectDiagnostics("IMAD.WIDE.U32.[[S32]] R[0:1], R2, R3, R[4:5] ;", {"conflicting-modifiers"});  // 000:471
  expectDiagnostics("FADD.FTZ.[[FTZ]] R0, R1, R2 ;", {"duplicate-modifier"});
}

TEST(Diagnostics, GuardMustBeOfTheInstructionsPredicateFile) {
  expectDiagnostics("@[[UP0]] MOV R9, R10 ;", {"guard-predicate"});   // IALU: pg is a Pred (000:106)
  expectDiagnostics("@[[P0]] UMOV UR1, UR2 ;", {"guard-predicate"});  // UDP: upg is a UPred (001:3)
  expectDiagnostics("@!UPT UMOV UR1, UR2 ;\n@!PT MOV R1, R2 ;", {});
}

TEST(Diagnostics, LenientSyntaxIsReportedHere) {
  expectDiagnostics("IMAD.U32 R0, P0, R2, 0x114514, R4[[,]]   ;", {"dangling-comma"});            // 000:336
  expectDiagnostics("SHFL.UP [[pu]], R1, R0, 0x1, 0x0 ;", {"unknown-operand"});                   // 002:126
  expectDiagnostics("ULEA UR0, UR1, [[cmem]][0x0][0x160], 0x2 ;", {"constant-memory-spelling"});  // 001:714
}

TEST(Diagnostics, SyntaxErrorsComeFirstAndStayOnTheirLine) {
  expectDiagnostics("IADD R0, R1, R2[[]]\nMOV R3, R4 ;\nMOV R1 [[R2]] ;\nMOV R5, R6 ;\n",
                    {"missing-token", "syntax-error"});
}

TEST(Diagnostics, OptypesWithoutSyntaxSayWhyTheyAreNotChecked) {
  // MOVM has no __Syntax (002:186); errata.isa infers one (L-4a), so it is accepted.
  for (const auto& d : computeDiagnostics(db(), "MOVM R0, R1 ;"))
    EXPECT_NE(d.code, isa::DiagnosticCode::UnknownMnemonic);
}

// 004_falu.txt:26: .rnd = {.RN*, .RP, .RM, .RZ}. .RX is one edit from each of the four (and
// three from .FTZ and .SAT), so all four are suggested: none is closer than .RZ.
TEST(Diagnostics, EveryModifierAtTheSameDistanceIsSuggested) {
  const auto d = computeDiagnostics(db(), "FADD.RX R0, R1, R2 ;");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, isa::DiagnosticCode::UnknownModifier);
  auto suggestions = d[0].suggestions;
  std::sort(suggestions.begin(), suggestions.end());
  EXPECT_EQ(suggestions, (std::vector<std::string>{"RM", "RN", "RP", "RZ"}));
  for (const char* m : {".RM", ".RN", ".RP", ".RZ"})
    EXPECT_NE(d[0].message.find(m), std::string::npos) << d[0].message;
}

// Two modifiers of one slot (.RM and .RZ both set .rnd, 004_falu.txt:26) or one written twice:
// the fix is removing one, and no suggestion is the empty string.
TEST(Diagnostics, ConflictingModifiersSuggestNoEmptyText) {
  for (const char* line : {"FADD.RM.RZ R0, R1, R2 ;", "FADD.FTZ.FTZ R0, R1, R2 ;"}) {
    const auto d = computeDiagnostics(db(), line);
    ASSERT_EQ(d.size(), 1u) << line;
    EXPECT_TRUE(d[0].code == isa::DiagnosticCode::ConflictingModifiers ||
                d[0].code == isa::DiagnosticCode::DuplicateModifier)
        << line;
    for (const auto& s : d[0].suggestions) EXPECT_FALSE(s.empty()) << line << ": " << d[0].message;
  }
}

// 000_ialu.txt:2046: LOP3.exbool {pu, }Rd, Ra, SrcB, Rc, UImm8Lut, {!}pp — there is no .LUT
// modifier (the spelling of other assemblers of this ISA family), and without it the statement
// matches that form: the diagnostic gives it as the legal form (the note under the error).
TEST(Diagnostics, AForeignModifierNamesTheFormTheStatementMatchesWithoutIt) {
  const auto d = computeDiagnostics(db(), "LOP3.LUT R1, R2, R3, R4, 0xfe, !PT ;");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, isa::DiagnosticCode::UnknownModifier);
  EXPECT_NE(d[0].message.find(".LUT is not a modifier of LOP3"), std::string::npos) << d[0].message;
  ASSERT_EQ(d[0].legalForms.size(), 1u);
  EXPECT_NE(d[0].legalForms[0].find("LOP3.exbool {pu, }Rd, Ra, SrcB, Rc, UImm8Lut, {!}pp"), std::string::npos)
      << d[0].legalForms[0];
  // A modifier whose removal does not make the statement match gets no such note.
  const auto other = computeDiagnostics(db(), "LOP3.LUT R1, R2 ;");
  ASSERT_FALSE(other.empty());
  EXPECT_TRUE(other[0].legalForms.empty()) << other[0].legalForms.front();
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// 000_ialu.txt:2459,2471: MOV{.32} Rd, SrcA, SrcA from GPR, UR, Imm32 or cmem. A float is no
// Imm32: the message says the immediate takes bits and gives 1.5's IEEE-754 bits, computed
// here from the layout: sign 0, exponent 0 + 127 (1.5 = 1.1b × 2^0), fraction .1b = 1 << 22.
TEST(Diagnostics, AFloatWhereBitsAreTakenGivesItsBits) {
  const std::uint32_t bits = (0u << 31) | (127u << 23) | (1u << 22);
  ASSERT_EQ(bits, 0x3fc00000u);
  const auto d = computeDiagnostics(db(), "MOV R1, 1.5 ;");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, isa::DiagnosticCode::OperandKind);
  EXPECT_NE(d[0].message.find("bits"), std::string::npos) << d[0].message;
  // The assembly's immediates are written in upper-case hex (0x3FC00000): compared without case.
  EXPECT_NE(lower(d[0].message).find("0x3fc00000"), std::string::npos) << d[0].message;
  EXPECT_EQ(d[0].message.find("register"), std::string::npos) << d[0].message;
  // -1.5: the sign bit set as well.
  const auto n = computeDiagnostics(db(), "MOV R1, -1.5 ;");
  ASSERT_EQ(n.size(), 1u);
  EXPECT_NE(lower(n[0].message).find("0xbfc00000"), std::string::npos) << n[0].message;
}

}  // namespace
}  // namespace gpuasm::ide
