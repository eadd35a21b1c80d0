// Runs grammar/test/corpus/*.txt — tree-sitter's corpus format — without the tree-sitter CLI:
// each case's input is parsed and its tree compared with the expected S-expression. As in
// `tree-sitter test`, field names are compared only when the expected tree has them, and
// whitespace is not significant. The expected trees were written by hand from the grammar.
#include <gpuasm/syntax/SyntaxTree.h>

#include <gtest/gtest.h>

#include "ScratchDir.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>

namespace gpuasm::syntax {
namespace {

struct CorpusCase {
  std::string file;
  std::string name;
  std::string input;
  std::string expected;
};

// A header is a line of '=' (3 or more), the name, another '=' line; input runs to a line of
// '-' (3 or more); the expected tree runs to the next header.
std::vector<CorpusCase> readCorpus(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    lines.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  auto isRule = [](const std::string& l, char c) {
    return l.size() >= 3 && l.find_first_not_of(c) == std::string::npos;
  };
  std::vector<CorpusCase> cases;
  for (std::size_t i = 0; i + 2 < lines.size(); ++i) {
    if (!isRule(lines[i], '=') || !isRule(lines[i + 2], '=')) continue;
    CorpusCase c{path.filename().string(), lines[i + 1], {}, {}};
    std::size_t j = i + 3;
    std::vector<std::string> input;
    for (; j < lines.size() && !isRule(lines[j], '-'); ++j) input.push_back(lines[j]);
    // The input is the text between the header and the dashes, minus one blank line on each side.
    if (!input.empty() && input.front().empty()) input.erase(input.begin());
    if (!input.empty() && input.back().empty()) input.pop_back();
    for (std::size_t k = 0; k < input.size(); ++k) c.input += input[k] + (k + 1 < input.size() ? "\n" : "");
    for (++j;
         j < lines.size() && !(isRule(lines[j], '=') && j + 2 < lines.size() && isRule(lines[j + 2], '='));
         ++j)
      c.expected += lines[j] + "\n";
    cases.push_back(std::move(c));
    i = j - 1;
  }
  return cases;
}

std::string normalize(const std::string& s) {
  std::string out = std::regex_replace(s, std::regex(R"(\s+)"), " ");
  out = std::regex_replace(out, std::regex(R"(\s*\)\s*)"), ")");
  out = std::regex_replace(out, std::regex(R"(\(\s+)"), "(");
  while (!out.empty() && out.back() == ' ') out.pop_back();
  while (!out.empty() && out.front() == ' ') out.erase(out.begin());
  return out;
}

std::vector<CorpusCase> allCases() {
  std::vector<CorpusCase> all;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(GPUASM_CORPUS_DIR))
    if (e.path().extension() == ".txt") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files)
    for (auto& c : readCorpus(f)) all.push_back(std::move(c));
  return all;
}

TEST(Corpus, EveryCaseParsesToItsExpectedTree) {
  const auto cases = allCases();
  ASSERT_GE(cases.size(), 18u);  // the cases written so far; more may be added
  for (const auto& c : cases) {
    const SyntaxTree tree(c.input);
    const bool withFields = std::regex_search(c.expected, std::regex(R"(\w+: \()"));
    const std::string actual = tree.toSExpression({.ranges = false, .fields = withFields});
    EXPECT_EQ(normalize(actual), normalize(c.expected)) << c.file << ": " << c.name << "\ninput:\n"
                                                        << c.input;
    EXPECT_FALSE(tree.hasErrors()) << c.file << ": " << c.name;
  }
}

TEST(Corpus, ReaderSplitsCasesExactly) {
  const gpuasm::test::ScratchDir dir("corpus-reader");
  std::ofstream(dir / "x.txt")
      << "===\nfirst\n===\n\nMOV R0, R1 ;\n\n---\n\n(source_file)\n\n===\nsecond\n===\n\nNOP ;\n---\n(a)\n";
  const auto cases = readCorpus(dir / "x.txt");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].name, "first");
  EXPECT_EQ(cases[0].input, "MOV R0, R1 ;");
  EXPECT_EQ(normalize(cases[0].expected), "(source_file)");
  EXPECT_EQ(cases[1].input, "NOP ;");
  EXPECT_EQ(normalize(cases[1].expected), "(a)");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace gpuasm::syntax
