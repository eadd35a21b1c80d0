// `gpuasm spec --lint` finds the mechanically detectable problems of spec-catalog §5 at the
// places the catalog names. Every expected (code, file, line) below is taken from the catalog's
// text (the L-item is noted beside it), not from the program's output.
#include "TestSpec.h"

#include <gpuasm/isa/SpecLint.h>
#include <gpuasm/isa/SpecSource.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

namespace gpuasm::isa {
namespace {

using test::db;

// All diagnostics of loading + lint, as (code, file stem, line) triples.
const std::set<std::tuple<std::string, std::string, std::uint32_t>>& findings() {
  static const auto all = [] {
    std::vector<SpecDiagnostic> d = test::embeddedSpec().diagnostics;
    auto lint = lintSpec(db());
    d.insert(d.end(), lint.begin(), lint.end());
    attachErrata(db(), d);
    std::set<std::tuple<std::string, std::string, std::uint32_t>> out;
    for (const auto& x : d) {
      const std::string& name = db().files()[x.pos.file].name;
      out.emplace(std::string(spelling(x.code)), name.substr(name.rfind('/') + 1, 3), x.pos.line);
    }
    return out;
  }();
  return all;
}

bool found(const std::string& code, const std::string& file, std::uint32_t line) {
  return findings().contains({code, file, line});
}

struct Expected {
  const char* item;
  const char* code;
  const char* file;  // "000" … "004"
  std::uint32_t line;
};

TEST(SpecLint, FindsTheCatalogItemsWhereTheCatalogSaysTheyAre) {
  const Expected expected[] = {
      {"L-1", "section-header-column-0", "000", 2110},
      {"L-2", "empty-section", "004", 127},
      {"L-2", "empty-section", "004", 283},
      {"L-2", "empty-section", "004", 414},
      {"L-2", "empty-section", "004", 437},
      {"L-2", "empty-section", "004", 653},
      {"L-2", "empty-section", "004", 977},
      {"L-2", "empty-section", "004", 1092},
      {"L-3", "section-order", "003", 22},   // MUFU __Syntax after __Exception (003:19)
      {"L-3", "section-order", "004", 440},  // FFMA_RRR __OperandInfo after __Exception (004:437)
      {"L-4", "no-syntax", "002", 186},
      {"L-4", "no-syntax", "002", 551},
      {"L-4", "no-syntax", "002", 580},
      {"L-4", "no-syntax", "001", 2369},
      {"L-5", "semantics-without-code", "001", 2376},
      {"L-6", "examples-without-instructions", "002", 455},  // 002:455-466
      {"L-9", "unused-type", "000", 17},
      {"L-10", "type-used-before-definition", "001", 1907},
      {"L-11", "field-redeclared", "000", 3008},
      {"L-11", "field-redeclared", "000", 3009},
      {"L-12", "numeric-enumerator-name", "000", 101},
      {"L-12", "numeric-enumerator-name", "000", 102},
      {"L-13", "domain-trailing-semicolon", "001", 2075},
      {"L-13", "domain-missing-dot", "000", 2893},
      {"L-14", "todo", "000", 828},
      {"L-14", "todo", "003", 17},
      {"L-14", "todo", "003", 221},
      {"L-14", "todo", "001", 2378},
      {"L-14", "commented-out-declaration", "000", 48},
      {"L-15", "header-trailing-comment", "003", 190},
      {"L-15", "header-trailing-comment", "003", 206},
      {"L-15", "header-trailing-comment", "003", 218},
      {"L-15", "header-trailing-comment", "003", 232},
      {"L-16", "leading-blank-line", "002", 1},
      {"L-16", "whitespace-only-line", "000", 257},
      {"L-16", "whitespace-only-line", "001", 12},
      {"L-16", "whitespace-only-line", "001", 646},
      {"L-16", "whitespace-only-line", "002", 50},
      {"L-16", "whitespace-only-line", "002", 101},
      {"L-19", "syntax-missing-comma", "001", 2284},
      {"L-21", "carry-uses-ceil", "000", 714},
      {"L-21", "carry-uses-ceil", "000", 886},
      {"L-22", "precedence-and-plus", "000", 1169},
      {"L-22", "precedence-and-plus", "001", 683},
      {"L-22", "precedence-shift-plus", "000", 263},
      {"L-22", "precedence-shift-plus", "001", 210},
      {"L-23", "empty-argument", "000", 2332},
      {"L-23", "empty-argument", "001", 1529},
      {"L-31", "fixed-modifier", "000", 2885},
      {"L-34", "odd-hex-width", "003", 95},
      {"L-35", "exception-spelling", "003", 20},
      {"L-39", "order-differs-from-syntax", "001", 1373},
      {"L-39", "order-differs-from-syntax", "001", 1387},
      {"L-39", "order-differs-from-syntax", "001", 1401},
      {"L-41", "order-differs-from-syntax", "000", 604},
      {"L-42", "attribute-bit-differs", "000", 1049},
      {"L-43", "stype-name-mismatch", "003", 234},
      {"L-44", "bitwidth-differs", "001", 499},
      {"L-48", "modifier-without-field", "003", 24},
      {"L-49", "no-such-predicate", "000", 1451},
      {"L-49", "no-such-predicate", "001", 930},
      {"L-50", "prefix-without-field", "000", 1354},
      {"L-50", "prefix-without-field", "001", 844},
      {"L-50", "prefix-without-field", "000", 1276},
      {"L-50", "prefix-without-field", "001", 774},
      {"L-50", "field-without-prefix", "000", 1115},
      {"L-50", "field-without-prefix", "001", 629},
      {"L-51", "neg-under-x", "000", 126},
      {"L-51", "neg-under-x", "000", 253},
      {"L-51", "neg-under-x", "000", 470},
      {"L-51", "neg-under-x", "000", 1116},
      {"L-51", "neg-under-x", "001", 87},
      {"L-51", "neg-under-x", "001", 200},
      {"L-51", "neg-under-x", "001", 385},
      {"L-51", "neg-under-x", "001", 630},
      {"L-52", "domain-spelling", "000", 2273},
      {"L-52", "domain-spelling", "003", 528},
      {"L-53", "mandatory-modifier-has-default", "000", 1004},
      {"L-53", "mandatory-modifier-has-default", "000", 1354},
      {"L-53", "mandatory-modifier-has-default", "000", 469},
      {"L-53", "mandatory-modifier-has-default", "001", 1119},
      {"L-53", "mandatory-modifier-has-default", "000", 2046},
      {"L-53", "mandatory-modifier-has-default", "001", 2073},
      {"L-54", "domain-spelling", "001", 17},
      {"L-60", "precedence-and-eq", "003", 693},
      {"L-60", "precedence-and-eq", "001", 2228},
      {"L-70", "reversed-bit-slice", "000", 1475},
      {"L-74", "required-field-not-in-syntax", "000", 1212},
      {"L-74", "required-field-not-in-syntax", "001", 725},
  };
  for (const auto& e : expected)
    EXPECT_TRUE(found(e.code, e.file, e.line))
        << e.item << ": expected [" << e.code << "] at " << e.file << ":" << e.line;
}

TEST(SpecLint, CarryComparisonAtAllSixteenSites) {
  // L-20: 000:168, 316, 329, 519, 531, 1172, 1183, 1193; 001:129, 261, 274, 430, 442, 686, 697, 707.
  const std::vector<std::pair<std::string, std::uint32_t>> sites = {
      {"000", 168},  {"000", 316},  {"000", 329}, {"000", 519}, {"000", 531}, {"000", 1172},
      {"000", 1183}, {"000", 1193}, {"001", 129}, {"001", 261}, {"001", 274}, {"001", 430},
      {"001", 442},  {"001", 686},  {"001", 697}, {"001", 707}};
  for (const auto& [file, line] : sites)
    EXPECT_TRUE(found("carry-uses-greater", file, line)) << file << ":" << line;
  std::size_t total = 0;
  for (const auto& f : findings()) total += std::get<0>(f) == "carry-uses-greater";
  EXPECT_EQ(total, sites.size());
}

TEST(SpecLint, EveryUndefinedTypeIsReportedOnce) {
  // L-8: 29 types used but never defined (catalog §2.2).
  std::size_t n = 0;
  for (const auto& f : findings()) n += std::get<0>(f) == "undefined-type";
  EXPECT_EQ(n, 29u);
}

TEST(SpecLint, FilesWithoutFinalNewline) {
  // L-16: files 000, 002 and 004.
  std::set<std::string> files;
  for (const auto& f : findings())
    if (std::get<0>(f) == "no-final-newline") files.insert(std::get<1>(f));
  EXPECT_EQ(files, (std::set<std::string>{"000", "002", "004"}));
}

TEST(SpecLint, FindingsCarryTheirErratum) {
  std::vector<SpecDiagnostic> d = test::embeddedSpec().diagnostics;
  auto lint = lintSpec(db());
  d.insert(d.end(), lint.begin(), lint.end());
  attachErrata(db(), d);
  auto erratumOf = [&](SpecCode code, std::uint32_t line) {
    for (const auto& x : d)
      if (x.code == code && x.pos.line == line) return x.erratum;
    return std::string("<none>");
  };
  EXPECT_EQ(erratumOf(SpecCode::OrderDiffersFromSyntax, 604), "L-41");
  EXPECT_EQ(erratumOf(SpecCode::SectionHeaderColumn0, 2110), "L-1");
  EXPECT_EQ(erratumOf(SpecCode::FixedModifier, 2885), "L-31");
  for (const auto& x : d)
    if (!x.erratum.empty()) {
      EXPECT_NE(db().erratum(x.erratum), nullptr) << x.erratum;
    }
}

TEST(SpecLint, NoFalseAmbiguityOrOverlap) {
  for (const auto& f : findings()) {
    EXPECT_NE(std::get<0>(f), "ambiguous-encoding");
    EXPECT_NE(std::get<0>(f), "field-overlap");
    EXPECT_NE(std::get<0>(f), "unknown-operand");
  }
}

// The embedded spec with `from` (its first occurrence in 000_ialu.txt) replaced by `to`.
SpecLoad loadEdited(const std::string& from, const std::string& to) {
  std::vector<SpecFile> files = embeddedSpecFiles();
  for (SpecFile& f : files)
    if (f.name.ends_with("000_ialu.txt")) {
      const auto at = f.text.find(from);
      EXPECT_NE(at, std::string::npos) << from;
      if (at != std::string::npos) f.text.replace(at, from.size(), to);
    }
  return loadSpec(std::move(files));
}

// The errors a command refuses a spec for (issue 42): the loader's errors without an erratum,
// in file order. The embedded spec has none. 000_ialu.txt line 109 is `__DefOptype IADD :
// [IALU]`; with its '[' lost the header's parser stops at IALU's `I`, column 20. A field of a
// type no file defines is an undefined-type error, which erratum L-8 accounts for.
TEST(SpecLint, UnaccountedLoadErrorsAreTheLoadersErrorsNoErratumCovers) {
  EXPECT_TRUE(unaccountedLoadErrors(db(), test::embeddedSpec().diagnostics).empty());
  const SpecLoad lost = loadEdited("__DefOptype IADD : [IALU]", "__DefOptype IADD : IALU]");
  const auto errors = unaccountedLoadErrors(*lost.db, lost.diagnostics);
  ASSERT_FALSE(errors.empty());
  EXPECT_TRUE(lost.db->files()[errors[0].pos.file].name.ends_with("000_ialu.txt"));
  EXPECT_EQ(errors[0].pos.line, 109u);
  EXPECT_EQ(errors[0].pos.column, 20u);
  EXPECT_EQ(errors[0].code, SpecCode::BadParent);
  EXPECT_EQ(errors[0].message, "expected '[' after ':'");
  for (std::size_t i = 0; i < errors.size(); ++i) {
    EXPECT_EQ(errors[i].severity, Severity::Error);
    EXPECT_TRUE(errors[i].erratum.empty());
    if (i > 0) {
      EXPECT_LE(std::tie(errors[i - 1].pos.file, errors[i - 1].pos.line, errors[i - 1].pos.column),
                std::tie(errors[i].pos.file, errors[i].pos.line, errors[i].pos.column));
    }
  }
  const SpecLoad undefined = loadEdited("    field<16,  8> Reg rd;", "    field<16,  8> Bogus rd;");
  const auto undefinedType = test::withCode(undefined.diagnostics, SpecCode::UndefinedType);
  EXPECT_EQ(std::count_if(undefinedType.begin(), undefinedType.end(),
                          [](const SpecDiagnostic& d) { return d.severity == Severity::Error; }),
            1);
  for (const SpecDiagnostic& d : unaccountedLoadErrors(*undefined.db, undefined.diagnostics))
    EXPECT_NE(d.code, SpecCode::UndefinedType) << d.message;
}

}  // namespace
}  // namespace gpuasm::isa
