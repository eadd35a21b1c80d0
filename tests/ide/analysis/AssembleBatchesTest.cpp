// assembleBatches (what `check` and `asm -o` run, on several threads) against assembleText plus
// directiveDiagnostics (the one definition of a document's diagnostics, as the editor shows
// them): the same diagnostics in the same order and the encodings of the statements that
// assembled, whatever the number of threads, across documents of every size.
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/DirectiveDiagnostics.h>
#include <gpuasm/syntax/Chunks.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuasm::ide {
namespace {

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

std::string describe(const std::vector<Diagnostic>& diagnostics) {
  std::ostringstream out;
  for (const Diagnostic& d : diagnostics)
    out << d.range.begin << '-' << d.range.end << ' ' << isa::spelling(d.code) << ' ' << d.message << '\n';
  return out.str();
}

// The expected output of one document, computed the other way.
struct Expected {
  std::string diagnostics;
  std::vector<isa::Word128> words;
};

Expected expectedOf(const std::string& text) {
  const AssembledUnit unit = assembleText(db(), text);
  std::vector<Diagnostic> all = unit.diagnostics;
  const std::vector<Diagnostic> directives = directiveDiagnostics(db(), text);
  all.insert(all.end(), directives.begin(), directives.end());
  std::stable_sort(all.begin(), all.end(),
                   [](const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; });
  Expected e;
  e.diagnostics = describe(all);
  for (const AssembledStatement& s : unit.statements)
    if (s.inst) e.words.push_back(s.encoding);
  return e;
}

struct Documents final : BatchDocuments {
  std::vector<std::optional<std::string>> texts;  // nullopt: cannot be opened
  std::vector<std::vector<Diagnostic>> diagnostics;
  std::vector<std::vector<isa::Word128>> words;
  std::vector<std::string> events;  // the order of deliveries
  std::size_t count() const override { return texts.size(); }
  std::expected<std::string_view, std::string> open(std::size_t i) override {
    if (!texts[i]) return std::unexpected("no document " + std::to_string(i));
    return std::string_view(*texts[i]);
  }
  void failed(std::size_t i, std::string&& error) override {
    events.push_back("failed " + std::to_string(i) + ": " + error);
  }
  void batch(AssembledBatch&& b) override {
    diagnostics.resize(texts.size());
    words.resize(texts.size());
    std::move(b.diagnostics.begin(), b.diagnostics.end(), std::back_inserter(diagnostics[b.document]));
    words[b.document].insert(words[b.document].end(), b.words.begin(), b.words.end());
    if (events.empty() || events.back() != "batch " + std::to_string(b.document))
      events.push_back("batch " + std::to_string(b.document));
    if (b.last) events.push_back("last " + std::to_string(b.document));
  }
};

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(AssembleBatches, EqualsAssembleTextWithDirectivesOnAnyNumberOfThreads) {
  Documents docs;
  for (const char* dir : {GPUASM_SOURCE_DIR "/examples", GPUASM_SOURCE_DIR "/tests/asm"})
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".asm") docs.texts.push_back(readFile(e.path()));
  ASSERT_GE(docs.texts.size(), 6u);
  // A document of many batches with errors and directives all through it, one with a line of
  // many pieces and a statement too long, an empty one, and one that cannot be opened.
  std::string many;
  for (int k = 0; k < 4000; ++k)
    many += k % 7 == 0    ? "MOV R1 R2 ;\n"
            : k % 11 == 0 ? "// @state R9 = nonsense\n"
            : k % 13 == 0 ? "/* a\n ; */ FOO.BAR ;\n"
                          : "MOV R1, R0 ;\n";
  docs.texts.push_back(many);
  std::string longLine;
  while (longLine.size() < 5 * syntax::kPieceBytes) longLine += "MOV R1, R0 ; IADD3 R1 ; ";
  longLine += "MOV R1" + std::string(syntax::kMaxStatementBytes, ' ') + ", R0 ; MOV R2, R0 ;\n";
  docs.texts.push_back(longLine);
  docs.texts.push_back("");
  docs.texts.push_back(std::nullopt);
  docs.texts.push_back("MOV R1, R0 ;\n");

  for (const unsigned threads : {1u, 2u, 3u, 8u}) {
    Documents run;
    run.texts = docs.texts;
    BatchOptions options;
    options.threads = threads;
    options.words = true;
    options.directives = true;
    assembleBatches(db(), run, options);
    run.diagnostics.resize(run.texts.size());
    run.words.resize(run.texts.size());
    std::vector<std::string> expectedEvents;
    for (std::size_t i = 0; i < run.texts.size(); ++i) {
      if (!run.texts[i]) {
        expectedEvents.push_back("failed " + std::to_string(i) + ": no document " + std::to_string(i));
        continue;
      }
      expectedEvents.push_back("batch " + std::to_string(i));
      expectedEvents.push_back("last " + std::to_string(i));
      const Expected e = expectedOf(*run.texts[i]);
      EXPECT_EQ(describe(run.diagnostics[i]), e.diagnostics)
          << "document " << i << ", " << threads << " threads";
      EXPECT_EQ(run.words[i], e.words) << "document " << i << ", " << threads << " threads";
    }
    // Each document's batches come together and in order, documents in order.
    EXPECT_EQ(run.events, expectedEvents) << threads << " threads";
  }
}

TEST(AssembleBatches, TheTooLongStatementAndThePiecesAroundItAreReported) {
  // Worked out by hand: "IADD3 R1 ;" is a near miss (too few operands) in every copy, the long
  // statement is reported once, and the statement after it still assembles.
  Documents run;
  std::string text;
  int copies = 0;
  while (text.size() < 2 * syntax::kPieceBytes) text += "IADD3 R1 ; ", ++copies;
  const auto longBegin = static_cast<std::uint32_t>(text.size());
  text += "MOV R1" + std::string(syntax::kMaxStatementBytes, ' ') + ", R0 ; MOV R2, R0 ;";
  run.texts.push_back(text);
  BatchOptions options;
  options.threads = 2;
  options.words = true;
  assembleBatches(db(), run, options);
  ASSERT_EQ(run.diagnostics.size(), 1u);
  std::size_t tooLong = 0, others = 0;
  for (const Diagnostic& d : run.diagnostics[0]) {
    if (d.code == isa::DiagnosticCode::StatementTooLong) {
      ++tooLong;
      EXPECT_EQ(d.range.begin, longBegin);
    } else {
      ++others;
    }
  }
  EXPECT_EQ(tooLong, 1u);
  EXPECT_EQ(others, static_cast<std::size_t>(copies));
  EXPECT_EQ(run.words[0].size(), 1u);  // MOV R2, R0
}

}  // namespace
}  // namespace gpuasm::ide
