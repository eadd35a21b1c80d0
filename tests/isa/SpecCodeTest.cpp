// The table of the spec's diagnostic codes (SpecCode.h): its rows against the enum's source,
// against docs/PROTOCOL.md's two listings, against the sources (no reporter passes a string
// literal as a code) and against a real load and lint of the embedded spec (each finding's
// severity, step and erratum are ones its row allows).
#include "SourceScan.h"
#include "TestSpec.h"

#include <gpuasm/isa/SpecCode.h>
#include <gpuasm/isa/SpecLint.h>

#include "CodeSpelling.h"
#include "MarkdownTable.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace gpuasm::isa {
namespace {

std::string sourceFile(const std::string& relative) {
  return gpuasm::test::readFile(std::string(GPUASM_SOURCE_DIR) + "/" + relative);
}

// "L-4, L-6" → {"L-4", "L-6"}.
std::vector<std::string> itemsOf(std::string_view items) {
  std::vector<std::string> out;
  std::istringstream in{std::string(items)};
  for (std::string item; std::getline(in, item, ',');) {
    item.erase(0, item.find_first_not_of(' '));
    out.push_back(item);
  }
  return out;
}

TEST(SpecCode, SpellingsAreUniqueKebabCaseAndEveryRowSaysWhatItMeans) {
  std::set<std::string_view> seen;
  const std::regex item(R"(L-([1-9][0-9]?))");
  for (const SpecCodeInfo& row : kSpecCodes) {
    EXPECT_TRUE(seen.insert(row.spelling).second) << row.spelling;
    EXPECT_TRUE(gpuasm::test::isKebabCase(row.spelling)) << row.spelling;
    EXPECT_FALSE(row.meaning.empty()) << row.spelling;
    EXPECT_NE(row.severities, 0) << row.spelling;
    EXPECT_EQ(row.severities & ~0b111, 0) << row.spelling;
    const std::vector<std::string> items =
        row.items.empty() ? std::vector<std::string>{} : itemsOf(row.items);
    for (const std::string& i : items) {
      std::smatch m;
      EXPECT_TRUE(std::regex_match(i, m, item) && std::stoi(m[1]) <= 80) << row.spelling << ": " << i;
    }
    // attachErrata links a loader diagnostic to the erratum of its row's one item.
    if (row.stage == SpecStage::Load) {
      EXPECT_LE(items.size(), 1u) << row.spelling;
    }
  }
  // Both ways, for every row.
  for (const SpecCodeInfo& row : kSpecCodes) {
    EXPECT_EQ(spelling(row.code), row.spelling);
    EXPECT_EQ(specCodeNamed(row.spelling), row.code) << row.spelling;
  }
  EXPECT_EQ(specCodeNamed("unknown-mnemonic"), std::nullopt);  // an assembler code, not a spec one
  EXPECT_EQ(specCodeNamed(""), std::nullopt);
  EXPECT_EQ(specCodeNamed("undefined-type "), std::nullopt);
  // Spot checks, from the reporters: the builder reports undefined-type as an error (no file
  // defines the type) and as a warning (only the prelude's assumption does).
  EXPECT_EQ(spelling(SpecCode::UndefinedType), "undefined-type");
  EXPECT_TRUE(info(SpecCode::UndefinedType).reportedAs(Severity::Error));
  EXPECT_TRUE(info(SpecCode::UndefinedType).reportedAs(Severity::Warning));
  EXPECT_FALSE(info(SpecCode::UndefinedType).reportedAs(Severity::Note));
  EXPECT_EQ(spelling(SpecCode::SectionHeaderColumn0), "section-header-column-0");
  EXPECT_EQ(info(SpecCode::OddHexWidth).stage, SpecStage::Lint);
  EXPECT_EQ(info(SpecCode::BadExpression).stage, SpecStage::Load);
}

// The enumerators as SpecCode.h's source declares them, one a row of the table in their order.
TEST(SpecCode, EveryEnumeratorHasItsRow) {
  const std::string header = sourceFile("isa-db/include/gpuasm/isa/SpecCode.h");
  const std::string code = gpuasm::test::scanSource("SpecCode.h", header).code;
  const std::size_t open = code.find('{', code.find("enum class SpecCode"));
  const std::size_t close = code.find('}', open);
  ASSERT_NE(close, std::string::npos);
  std::vector<std::string> enumerators;
  std::istringstream in(code.substr(open + 1, close - open - 1));
  for (std::string name; std::getline(in, name, ',');) {
    name.erase(0, name.find_first_not_of(" \n"));
    name.erase(name.find_last_not_of(" \n") + 1);
    if (!name.empty()) enumerators.push_back(name);
  }
  ASSERT_EQ(enumerators.size(), kSpecCodes.size());
  // The row's spelling is the enumerator's name in kebab case (SectionHeaderColumn0 →
  // section-header-column-0), so a row cannot silently describe another enumerator.
  for (std::size_t i = 0; i < enumerators.size(); ++i) {
    std::string kebab;
    for (const char c : enumerators[i]) {
      const bool boundary = std::isupper(static_cast<unsigned char>(c)) ||
                            (std::isdigit(static_cast<unsigned char>(c)) && !kebab.empty() &&
                             !std::isdigit(static_cast<unsigned char>(kebab.back())));
      if (boundary && !kebab.empty()) kebab += '-';
      kebab += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    EXPECT_EQ(kSpecCodes[i].spelling, kebab) << enumerators[i];
    EXPECT_EQ(static_cast<std::size_t>(kSpecCodes[i].code), i);
  }
}

// ---------------------------------------------------------------- docs/PROTOCOL.md

struct DocRow {
  std::string code, severity, items, meaning;
};

// The `| code | severity | catalog | meaning |` tables of the `gpuasm spec` section.
std::vector<std::vector<DocRow>> specCodeTables(const std::string& doc) {
  std::istringstream in(doc);
  std::vector<std::vector<DocRow>> tables;
  bool inSection = false, inTable = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("## ")) {
      inSection = line.starts_with("## `gpuasm spec ");
      inTable = false;
      continue;
    }
    if (!inSection || !line.starts_with("|")) {
      inTable = false;
      continue;
    }
    const std::vector<std::string> cells = gpuasm::test::tableCells(line);
    if (cells == std::vector<std::string>{"code", "severity", "catalog", "meaning"}) {
      tables.emplace_back();
      inTable = true;
      continue;
    }
    if (!inTable || line.starts_with("|---")) continue;
    if (cells.size() != 4 || cells[0].size() < 2 || cells[0].front() != '`' || cells[0].back() != '`') {
      ADD_FAILURE() << "not a row `code` | severity | catalog | meaning: " << line;
      continue;
    }
    tables.back().push_back({cells[0].substr(1, cells[0].size() - 2), cells[1], cells[2], cells[3]});
  }
  return tables;
}

// "error / warning" → the bits of Error and Warning.
unsigned severitiesWritten(const std::string& text) {
  static const std::map<std::string, Severity> kNames = {
      {"error", Severity::Error}, {"warning", Severity::Warning}, {"note", Severity::Note}};
  unsigned bits = 0;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (word == "/") continue;
    const auto it = kNames.find(word);
    if (it == kNames.end()) {
      ADD_FAILURE() << "unknown severity '" << word << "' in '" << text << "'";
      continue;
    }
    bits |= 1u << static_cast<unsigned>(it->second);
  }
  return bits;
}

void expectListingMatches(const std::vector<DocRow>& doc, SpecStage stage, const std::string& what) {
  std::map<std::string, const DocRow*> written;
  for (const DocRow& r : doc)
    EXPECT_TRUE(written.emplace(r.code, &r).second) << what << " lists " << r.code << " twice";
  std::set<std::string> inTable;
  for (const SpecCodeInfo& row : kSpecCodes) {
    if (row.stage != stage) continue;
    inTable.emplace(row.spelling);
    const auto it = written.find(std::string(row.spelling));
    if (it == written.end()) {
      ADD_FAILURE() << what << " does not list " << row.spelling;
      continue;
    }
    EXPECT_EQ(severitiesWritten(it->second->severity), row.severities)
        << what << ": the severities of " << row.spelling << " differ from the table";
    EXPECT_EQ(it->second->items, row.items) << what << ": the catalog items of " << row.spelling;
    EXPECT_EQ(it->second->meaning, row.meaning) << what << ": the meaning of " << row.spelling;
  }
  for (const auto& [code, row] : written)
    EXPECT_TRUE(inTable.contains(code))
        << what << " lists " << code << ", which the table does not put there";
}

TEST(SpecCode, TheTableAndDocsProtocolListTheSameCodesWithTheSameSeverities) {
  const std::string doc = sourceFile("docs/PROTOCOL.md");
  ASSERT_FALSE(doc.empty()) << "docs/PROTOCOL.md not found";
  const auto tables = specCodeTables(doc);
  ASSERT_EQ(tables.size(), 2u) << "the `gpuasm spec` section holds the loader's table and the lint's";
  expectListingMatches(tables[0], SpecStage::Load, "the loader's table");
  expectListingMatches(tables[1], SpecStage::Lint, "the lint's table");
  EXPECT_EQ(tables[0].size() + tables[1].size(), kSpecCodes.size());
}

// ---------------------------------------------------------------- the sources

struct LiteralCode {
  std::string file;
  int line = 0;
  std::string call;
};

// Calls that report a spec diagnostic — sink.error/warning/note(pos, CODE, …), report(pos,
// severity, CODE, …) and the reporters' wrappers warn(col, CODE, …), warnOnce(pos, CODE, …) —
// whose code argument is a string literal. `code` is a source with comments and the insides of
// literals blanked (SourceScan.h), so a literal shows as `"  "`.
std::vector<LiteralCode> literalCodes(const std::string& file, const std::string& source) {
  static const std::regex call(R"(\b(error|warning|note|warn|warnOnce|report)\s*\()");
  const std::string code = gpuasm::test::scanSource(file, source).code;
  std::vector<LiteralCode> out;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), call); it != std::sregex_iterator(); ++it) {
    const std::size_t codeArgument = (*it)[1] == "report" ? 2 : 1;
    // The arguments at depth 1, split at top-level commas.
    std::vector<std::string> args(1);
    int depth = 1;
    for (std::size_t at = static_cast<std::size_t>(it->position() + it->length());
         at < code.size() && depth > 0; ++at) {
      const char c = code[at];
      if (c == '(' || c == '{' || c == '[') ++depth;
      if (c == ')' || c == '}' || c == ']') --depth;
      if (depth == 0) break;
      if (c == ',' && depth == 1)
        args.emplace_back();
      else
        args.back() += c;
    }
    if (args.size() <= codeArgument) continue;
    std::string arg = args[codeArgument];
    arg.erase(0, arg.find_first_not_of(" \t\n"));
    if (!arg.starts_with('"')) continue;
    const int line = 1 + static_cast<int>(std::count(code.begin(), code.begin() + it->position(), '\n'));
    out.push_back({file, line, (*it)[1]});
  }
  return out;
}

TEST(SpecCode, TheCheckForLiteralCodesFindsThem) {
  // What the scan must find and must leave alone, worked out by hand.
  const std::string source = R"src(
void f(DiagnosticSink& sink, SourcePos pos) {
  sink.error(pos, "bad-field", "a message");
  sink_.report(pos, Severity::Note,
               "todo", "x, y");
  warn(3, "syntax-bad-operand", "cannot read '" + std::string("a,b") + "'");
  sink.warning(pos, SpecCode::BadField, "the \"quoted\" message, with a comma");
  report({0, 1, 1}, Severity::Error, SpecCode::Todo, "(", "L-1");
  // sink.error(pos, "in-a-comment", "");
  const char* s = "sink.note(pos, \"in-a-literal\", \"\")";
}
)src";
  const std::vector<LiteralCode> found = literalCodes("x.cpp", source);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(std::tie(found[0].line, found[0].call), std::make_tuple(3, std::string("error")));
  EXPECT_EQ(std::tie(found[1].line, found[1].call), std::make_tuple(4, std::string("report")));
  EXPECT_EQ(std::tie(found[2].line, found[2].call), std::make_tuple(6, std::string("warn")));
}

TEST(SpecCode, NoReporterPassesAStringLiteralAsCode) {
  const std::filesystem::path root(GPUASM_SOURCE_DIR);
  std::size_t files = 0;
  for (const auto& p : gpuasm::test::sourcesUnder(root, {"isa-db/src", "isa-db/include", "server", "fuzz"})) {
    ++files;
    for (const LiteralCode& c : literalCodes(p.string(), gpuasm::test::readFile(p)))
      ADD_FAILURE() << c.file << ":" << c.line << ": " << c.call
                    << "(…) is given a string literal as its code; pass a SpecCode (SpecCode.h)";
  }
  EXPECT_GT(files, 50u);
}

// ---------------------------------------------------------------- a real load and lint

TEST(SpecCode, EveryFindingOfTheEmbeddedSpecIsOneItsRowAllows) {
  const SpecLoad& load = test::embeddedSpec();
  std::vector<SpecDiagnostic> loaded = load.diagnostics;
  std::vector<SpecDiagnostic> linted = lintSpec(*load.db);
  attachErrata(*load.db, loaded);
  attachErrata(*load.db, linted);
  ASSERT_FALSE(loaded.empty());
  ASSERT_FALSE(linted.empty());
  std::set<SpecCode> codes;
  const auto check = [&](const SpecDiagnostic& d, SpecStage stage) {
    const SpecCodeInfo& row = info(d.code);
    codes.insert(d.code);
    EXPECT_TRUE(row.reportedAs(d.severity))
        << row.spelling << " reported as " << severityName(d.severity) << ": " << d.message;
    EXPECT_EQ(row.stage, stage) << row.spelling << " comes from the other step: " << d.message;
    if (d.erratum.empty()) return;
    // An erratum is one of the row's catalog items ("L-41") or a part of one ("L-4a").
    bool ofAnItem = false;
    for (const std::string& item : itemsOf(row.items))
      ofAnItem |= d.erratum == item || (d.erratum.starts_with(item) && d.erratum.size() == item.size() + 1 &&
                                        std::isalpha(static_cast<unsigned char>(d.erratum.back())) != 0);
    EXPECT_TRUE(ofAnItem) << row.spelling << " names erratum " << d.erratum << ", not one of its items '"
                          << row.items << "': " << d.message;
  };
  for (const SpecDiagnostic& d : loaded) check(d, SpecStage::Load);
  for (const SpecDiagnostic& d : linted) check(d, SpecStage::Lint);
  // The spec exercises both steps broadly: more than a few dozen distinct codes.
  EXPECT_GT(codes.size(), 30u);
}

}  // namespace
}  // namespace gpuasm::isa
