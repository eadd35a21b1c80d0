// ISA facts live only in isa-db/spec/ (docs/ARCHITECTURE.md, "isa-db/"): no
// C++ outside the tests and the simulator's semantics spells a mnemonic, a modifier or an
// enumerator of the spec or its prelude as a string literal. The test reads every such
// spelling from the database, lexes the string literals of the production sources and fails
// with file:line for each literal that is one of them.
//
// Scanned: server/, isa-db/src/, isa-db/include/, simulator/ except simulator/src/semantics/
// (the hand-written semantics name the modifiers they implement, DESIGN.md §7). Not scanned:
// tests/ and bench/ (their inputs are assembly text), and the generated grammar/src/.
#include "SourceScan.h"
#include "TestSpec.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace gpuasm::isa {
namespace {

namespace fs = std::filesystem;

// Spellings that are also words of the DSL or of the assembly language's own syntax, which
// the code must spell to read the spec at all. Each is an ISA spelling by accident.
const std::set<std::string> kLanguageWords = {
    "True", "False",  // PModi/SignModi enumerators, and the DSL's boolean field values
    "ALL",            // an enumerator (VOTE's mode), and the DSL's root group `[ALL]` (000:104)
};

// The assembly notation's own tokens, which grammar.js defines and the syntax layer
// (server/syntax/, the grammar's hand-written mirror, without a database) must spell to lex a
// line: the register tokens R<n>, UR<n>, P<n>, UP<n>, the predicate sets PR and UPR, and the
// indexed register files R[…], UR[…]. What they mean (which is the zero register, which file a
// predicate set covers) is the prelude's; only the syntax layer may spell them.
const std::set<std::string> kGrammarTokens = {"R", "UR", "P", "UP", "PR", "UPR"};

std::set<std::string> isaSpellings(const InstrDb& db) {
  std::set<std::string> out;
  for (const auto& o : db.optypes()) {
    out.insert(o.mnemonic);
    // Each dotted part of a mnemonic ("IMAD.WIDE" → "IMAD", "WIDE").
    std::size_t at = 0;
    for (std::size_t dot = o.mnemonic.find('.'); dot != std::string::npos; dot = o.mnemonic.find('.', at)) {
      out.insert(o.mnemonic.substr(at, dot - at));
      at = dot + 1;
    }
    out.insert(o.mnemonic.substr(at));
    for (const auto& [spelling, slots] : o.modifierSpellings) out.insert(spelling);
  }
  for (const auto& t : db.types()) {
    for (const auto& e : t.enumerators) out.insert(e.name);
    for (const auto& a : t.aliases) out.insert(a.spelling);
  }
  for (const auto& w : kLanguageWords) out.erase(w);
  return out;
}

TEST(NoIsaFactsInCode, NoProductionSourceSpellsAMnemonicModifierOrEnumerator) {
  const fs::path root = GPUASM_SOURCE_DIR;
  const std::set<std::string> spellings = isaSpellings(test::db());
  ASSERT_GT(spellings.size(), 500u);  // 72 mnemonics, their modifiers, every enumerator
  ASSERT_TRUE(spellings.contains("IADD"));
  ASSERT_TRUE(spellings.contains("RZ"));
  ASSERT_TRUE(spellings.contains("X"));
  const auto sources = gpuasm::test::sourcesUnder(
      root, {"server", "isa-db/src", "isa-db/include", "simulator"}, {"simulator/src/semantics/"});
  ASSERT_GT(sources.size(), 50u);
  std::string found;
  std::size_t literals = 0;
  for (const fs::path& p : sources) {
    for (const gpuasm::test::Literal& l :
         gpuasm::test::stringLiterals(fs::relative(p, root).string(), gpuasm::test::readFile(p))) {
      ++literals;
      const bool grammarToken = l.file.starts_with("server/syntax/") && kGrammarTokens.contains(l.text);
      if (spellings.contains(l.text) && !grammarToken)
        found += "  " + l.file + ":" + std::to_string(l.line) + ": \"" + l.text + "\"\n";
    }
  }
  EXPECT_GT(literals, 1000u);
  EXPECT_TRUE(found.empty())
      << "ISA spellings in C++ (state them in isa-db/spec/prelude.isa and read them from the database):\n"
      << found;
}

TEST(NoIsaFactsInCode, TheLexerFindsLiteralsAndSkipsComments) {
  const auto lits = gpuasm::test::stringLiterals("x.cpp",
                                                 "a = \"RZ\"; // \"PT\"\n/* \"X\" */ b = R\"(IADD)\"; c = "
                                                 "'\"'; d = \"a\\\"b\";\nextern \"C\" int f();\n");
  ASSERT_EQ(lits.size(), 3u);
  EXPECT_EQ(lits[0].text, "RZ");
  EXPECT_EQ(lits[0].line, 1);
  EXPECT_EQ(lits[1].text, "IADD");
  EXPECT_EQ(lits[1].line, 2);
  EXPECT_EQ(lits[2].text, "a\\\"b");
}

}  // namespace
}  // namespace gpuasm::isa
