// ISA facts live only in isa-db/spec/ (docs/ARCHITECTURE.md, "Architecture invariants"): no
// C++ outside the tests and the simulator's semantics spells a mnemonic, a modifier or an
// enumerator of the spec or its prelude as a string literal. The test reads every such
// spelling from the database, lexes the string literals of the production sources and fails
// with file:line for each literal that is one of them.
//
// Scanned: server/, isa-db/src/, isa-db/include/, simulator/ except simulator/src/semantics/
// (the hand-written semantics name the modifiers they implement, DESIGN.md §7). Not scanned:
// tests/ and bench/ (their inputs are assembly text), and the generated grammar/src/.
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

struct Literal {
  std::string file;
  int line = 0;
  std::string text;
};

// The string literals of a C++ source: "…" with escapes, raw strings R"d(…)d"; comments,
// character literals and linkage specifications (extern "C") skipped. Adjacent literals are
// reported one by one.
std::vector<Literal> stringLiterals(const std::string& path, const std::string& src) {
  std::vector<Literal> out;
  int line = 1;
  for (std::size_t i = 0; i < src.size(); ++i) {
    const char c = src[i];
    if (c == '\n') {
      ++line;
    } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      while (i < src.size() && src[i] != '\n') ++i;
      --i;
    } else if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
      const std::size_t end = src.find("*/", i + 2);
      for (std::size_t k = i; k < std::min(end, src.size()); ++k) line += src[k] == '\n';
      i = end == std::string::npos ? src.size() : end + 1;
    } else if (c == '\'') {
      for (++i; i < src.size() && src[i] != '\''; ++i)
        if (src[i] == '\\') ++i;
    } else if (c == 'R' && i + 1 < src.size() && src[i + 1] == '"' && (i == 0 || !std::isalnum(static_cast<unsigned char>(src[i - 1])))) {
      const std::size_t open = src.find('(', i + 2);
      if (open == std::string::npos) break;
      const std::string close = ")" + src.substr(i + 2, open - i - 2) + "\"";
      const std::size_t end = src.find(close, open);
      if (end == std::string::npos) break;
      out.push_back({path, line, src.substr(open + 1, end - open - 1)});
      for (std::size_t k = i; k < end; ++k) line += src[k] == '\n';
      i = end + close.size() - 1;
    } else if (c == '"') {
      std::string text;
      for (++i; i < src.size() && src[i] != '"'; ++i) {
        if (src[i] == '\\' && i + 1 < src.size()) {
          text += src[i];
          ++i;
        }
        text += src[i];
      }
      const std::size_t before = src.find_last_not_of(" \t", i - text.size() - 2);
      const bool linkage = before != std::string::npos && before >= 5 && src.compare(before - 5, 6, "extern") == 0;
      if (!linkage) out.push_back({path, line, text});
    }
  }
  return out;
}

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

std::vector<fs::path> productionSources(const fs::path& root) {
  std::vector<fs::path> out;
  for (const char* dir : {"server", "isa-db/src", "isa-db/include", "simulator"}) {
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      if (!e.is_regular_file()) continue;
      const fs::path& p = e.path();
      if (p.extension() != ".cpp" && p.extension() != ".h") continue;
      if (p.string().find("simulator/src/semantics/") != std::string::npos) continue;
      out.push_back(p);
    }
  }
  return out;
}

TEST(NoIsaFactsInCode, NoProductionSourceSpellsAMnemonicModifierOrEnumerator) {
  const fs::path root = GPUASM_SOURCE_DIR;
  const std::set<std::string> spellings = isaSpellings(test::db());
  ASSERT_GT(spellings.size(), 500u);  // 72 mnemonics, their modifiers, every enumerator
  ASSERT_TRUE(spellings.contains("IADD"));
  ASSERT_TRUE(spellings.contains("RZ"));
  ASSERT_TRUE(spellings.contains("X"));
  const auto sources = productionSources(root);
  ASSERT_GT(sources.size(), 50u);
  std::string found;
  std::size_t literals = 0;
  for (const fs::path& p : sources) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    for (const Literal& l : stringLiterals(fs::relative(p, root).string(), ss.str())) {
      ++literals;
      const bool grammarToken = l.file.starts_with("server/syntax/") && kGrammarTokens.contains(l.text);
      if (spellings.contains(l.text) && !grammarToken) found += "  " + l.file + ":" + std::to_string(l.line) + ": \"" + l.text + "\"\n";
    }
  }
  EXPECT_GT(literals, 1000u);
  EXPECT_TRUE(found.empty()) << "ISA spellings in C++ (state them in isa-db/spec/prelude.isa and read them from the database):\n"
                             << found;
}

TEST(NoIsaFactsInCode, TheLexerFindsLiteralsAndSkipsComments) {
  const auto lits = stringLiterals("x.cpp", "a = \"RZ\"; // \"PT\"\n/* \"X\" */ b = R\"(IADD)\"; c = '\"'; d = \"a\\\"b\";\nextern \"C\" int f();\n");
  ASSERT_EQ(lits.size(), 3u);
  EXPECT_EQ(lits[0].text, "RZ");
  EXPECT_EQ(lits[0].line, 1);
  EXPECT_EQ(lits[1].text, "IADD");
  EXPECT_EQ(lits[1].line, 2);
  EXPECT_EQ(lits[2].text, "a\\\"b");
}

}  // namespace
}  // namespace gpuasm::isa
