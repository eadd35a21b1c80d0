// Parsing throughput on a generated 1 MB listing (the spec's example lines and the bundled
// kernel, repeated), next to a baseline in the same run: a hand-written scanner that splits
// the same bytes into lines and tokens (the floor for any parser). Also the cost of an
// incremental reparse after a one-character edit in the middle, against a full parse — the
// number the language server's line-by-line design is measured against. Prints MB/s and ratios.
#include <gpuasm/syntax/Statement.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include "RatioReporter.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>

namespace {

const std::string& listing() {
  static const std::string text = [] {
    std::string lines;
    for (const char* f :
         {GPUASM_SOURCE_DIR "/examples/spec-examples.asm", GPUASM_SOURCE_DIR "/examples/kernel.asm"}) {
      std::ifstream in(f, std::ios::binary);
      lines.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      lines.push_back('\n');
    }
    std::string out;
    while (out.size() < (1u << 20)) out += lines;
    out.resize(1u << 20);
    out.resize(out.rfind('\n') + 1);  // whole lines only
    return out;
  }();
  return text;
}

void FullParse(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(gpuasm::syntax::SyntaxTree(listing()));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(listing().size()));
}

void FullParseAndStatements(benchmark::State& state) {
  for (auto _ : state) {
    const gpuasm::syntax::SyntaxTree tree(listing());
    benchmark::DoNotOptimize(gpuasm::syntax::statementsOf(tree));
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(listing().size()));
}

void NativeTokenize(benchmark::State& state) {
  // Baseline: split into lines and count tokens separated by blanks, commas and ';'.
  for (auto _ : state) {
    std::size_t tokens = 0, lines = 0;
    bool inToken = false;
    for (char c : listing()) {
      const bool sep = c == ' ' || c == '\t' || c == ',' || c == ';' || c == '\n';
      if (c == '\n') ++lines;
      if (!sep && !inToken) ++tokens;
      inToken = !sep;
    }
    benchmark::DoNotOptimize(tokens);
    benchmark::DoNotOptimize(lines);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(listing().size()));
}

void IncrementalReparseOneCharEdit(benchmark::State& state) {
  gpuasm::syntax::SyntaxTree tree(listing());
  const auto middle = static_cast<std::uint32_t>(listing().find("R1", listing().size() / 2) + 1);
  bool flip = false;
  for (auto _ : state) {
    tree.applyEdit({middle, middle + 1, flip ? "1" : "2"});  // R1 ↔ R2, back and forth
    flip = !flip;
    benchmark::DoNotOptimize(tree.root());
  }
}

BENCHMARK(FullParse)->Unit(benchmark::kMillisecond);
BENCHMARK(FullParseAndStatements)->Unit(benchmark::kMillisecond);
BENCHMARK(NativeTokenize)->Unit(benchmark::kMillisecond);
BENCHMARK(IncrementalReparseOneCharEdit)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  gpuasm::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const double mb = static_cast<double>(listing().size()) / 1e6;
  const double full = reporter.time("FullParse"), native = reporter.time("NativeTokenize");
  if (full > 0 && native > 0) {
    std::printf("listing: %.2f MB, %zu lines\n", mb,
                static_cast<std::size_t>(std::count(listing().begin(), listing().end(), '\n')));
    std::printf("full parse: %.1f MB/s; native tokenizer: %.1f MB/s; ratio FullParse/NativeTokenize = %.1f\n",
                mb / (full / 1e3), mb / (native / 1e3), full / native);
  }
  reporter.printRatio("IncrementalReparseOneCharEdit", "FullParse");
  benchmark::Shutdown();
  return 0;
}
