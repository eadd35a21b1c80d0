// The table of diagnostic codes (DiagnosticCode.h) against docs/PROTOCOL.md: each listing of
// the document names exactly the codes the table says it does, with the same severities.
#include <gpuasm/isa/DiagnosticCode.h>

#include "CodeSpelling.h"
#include "MarkdownTable.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace gpuasm::isa {
namespace {

// One row of a `| code | severity | meaning |` table of the document.
struct DocRow {
  std::string code;
  std::string severity;  ///< as written: "error", "error / warning", "hint (Unnecessary)"
};

std::string protocolText() {
  std::ifstream in(std::string(GPUASM_SOURCE_DIR) + "/docs/PROTOCOL.md");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The `| code | severity | meaning |` tables of the section under `heading` (up to the next
// `## `), in document order.
std::vector<std::vector<DocRow>> codeTables(const std::string& doc, const std::string& heading) {
  std::istringstream in(doc);
  std::vector<std::vector<DocRow>> tables;
  bool inSection = false, inTable = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("## ")) {
      inSection = line.starts_with(heading);
      inTable = false;
      continue;
    }
    if (!inSection) continue;
    if (!line.starts_with("|")) {
      inTable = false;
      continue;
    }
    const std::vector<std::string> cells = gpuasm::test::tableCells(line);
    if (cells.size() == 3 && cells[0] == "code" && cells[1] == "severity") {
      tables.emplace_back();
      inTable = true;
      continue;
    }
    if (!inTable || line.starts_with("|---")) continue;
    EXPECT_EQ(cells.size(), 3u) << line;
    if (cells.size() < 2 || cells[0].size() < 2 || cells[0].front() != '`' || cells[0].back() != '`') {
      ADD_FAILURE() << "not a `code` cell: " << line;
      continue;
    }
    tables.back().push_back({cells[0].substr(1, cells[0].size() - 2), cells[1]});
  }
  return tables;
}

// "error / warning" → Error|Warning; "hint (Unnecessary)" → Hint.
std::uint8_t severitiesWritten(const std::string& text) {
  static const std::map<std::string, CodeSeverity> kNames = {{"error", CodeSeverity::Error},
                                                             {"warning", CodeSeverity::Warning},
                                                             {"information", CodeSeverity::Information},
                                                             {"hint", CodeSeverity::Hint}};
  std::uint8_t bits = 0;
  std::istringstream words(text.substr(0, text.find('(')));
  for (std::string word; words >> word;) {
    if (word == "/") continue;
    const auto it = kNames.find(word);
    if (it == kNames.end()) {
      ADD_FAILURE() << "unknown severity '" << word << "' in '" << text << "'";
      continue;
    }
    bits = static_cast<std::uint8_t>(bits | static_cast<std::uint8_t>(it->second));
  }
  return bits;
}

// The document's listing against the table's rows that name it.
void expectListingMatches(const std::vector<DocRow>& doc, CodeListing listing, const std::string& what) {
  std::map<std::string, std::uint8_t> written;
  for (const DocRow& r : doc) {
    EXPECT_TRUE(written.emplace(r.code, severitiesWritten(r.severity)).second)
        << what << " lists " << r.code << " twice";
  }
  std::set<std::string> inTable;
  for (const DiagnosticCodeInfo& row : kDiagnosticCodes) {
    if (!row.listedIn(listing)) continue;
    inTable.emplace(row.spelling);
    const auto it = written.find(std::string(row.spelling));
    if (it == written.end()) {
      ADD_FAILURE() << what << " does not list " << row.spelling;
      continue;
    }
    EXPECT_EQ(it->second, row.severities)
        << what << ": the severity of " << row.spelling << " differs from the table";
  }
  for (const auto& [code, severity] : written)
    EXPECT_TRUE(inTable.contains(code))
        << what << " lists " << code << ", which the table does not put there";
}

TEST(DiagnosticCode, SpellingsAreUniqueKebabCaseAndEveryRowSaysWhatItMeans) {
  std::set<std::string_view> seen;
  for (const DiagnosticCodeInfo& row : kDiagnosticCodes) {
    EXPECT_TRUE(seen.insert(row.spelling).second) << row.spelling;
    EXPECT_TRUE(gpuasm::test::isKebabCase(row.spelling)) << row.spelling;
    EXPECT_FALSE(row.meaning.empty()) << row.spelling;
    EXPECT_NE(row.severities, 0) << row.spelling;
    EXPECT_NE(row.listings, 0) << row.spelling;
  }
  // Spot checks, from docs/PROTOCOL.md's tables.
  EXPECT_EQ(spelling(DiagnosticCode::UnknownModifier), "unknown-modifier");
  EXPECT_EQ(spelling(DiagnosticCode::NoMatchingForm), "no-matching-form");
  EXPECT_TRUE(info(DiagnosticCode::ModifierOrder).reportedAs(CodeSeverity::Error));
  EXPECT_TRUE(info(DiagnosticCode::ModifierOrder).reportedAs(CodeSeverity::Warning));
  EXPECT_TRUE(info(DiagnosticCode::DeadWrite).reportedAs(CodeSeverity::Hint));
  EXPECT_FALSE(info(DiagnosticCode::DeadWrite).reportedAs(CodeSeverity::Warning));
}

TEST(DiagnosticCode, TheTableAndDocsProtocolListTheSameCodesWithTheSameSeverities) {
  const std::string doc = protocolText();
  ASSERT_FALSE(doc.empty()) << "docs/PROTOCOL.md not found";
  const auto assembler = codeTables(doc, "## Diagnostic codes of `check`, `asm`, `run` and `test`");
  ASSERT_EQ(assembler.size(), 2u) << "the section holds the assembler's table and the language server's";
  expectListingMatches(assembler[0], CodeListing::Assembler, "the table of `check`, `asm`, `run` and `test`");
  expectListingMatches(assembler[1], CodeListing::LanguageServer, "the language server's table");
  const auto dis = codeTables(doc, "## `gpuasm dis");
  ASSERT_EQ(dis.size(), 1u) << "the dis section holds one table of codes";
  expectListingMatches(dis[0], CodeListing::Disassembler, "the table of `dis`");
  // 33 codes of check/asm/run/test, 5 of the language server, 8 of dis, counted in the document.
  EXPECT_EQ(assembler[0].size(), 33u);
  EXPECT_EQ(assembler[1].size(), 5u);
  EXPECT_EQ(dis[0].size(), 8u);
}

}  // namespace
}  // namespace gpuasm::isa
