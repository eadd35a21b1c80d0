// Matching and encoding alone, on statements lowered once before timing (issue 4's per-line
// budget after the front end):
//   MatchEncode       matchStatement + encode for every statement of the bench mix (the bundled
//                     kernel and tests/asm/valid.asm, as gpuasm_asm_bench generates its file),
//                     exactly as ide::assemble calls them;
//   NativeAssemble    the floor any table-driven assembler pays for the same statements: one
//                     hash look-up of the full mnemonic (with modifiers) and packing the already
//                     known field values into the word with plain shifts, no checks.
// Prints ns/line, lines/s and "ratio MatchEncode/NativeAssemble = x".
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/Lowering.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include "BenchInput.h"
#include "RatioReporter.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

using namespace gpuasm;

namespace {

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

// One copy of the bench mix, lowered once.
const std::vector<isa::AsmStatement>& statements() {
  static const std::vector<isa::AsmStatement> s = [] {
    std::string text;
    for (const auto& line : bench::assemblerMix(GPUASM_SOURCE_DIR)) text += line + "\n";
    const syntax::SyntaxTree tree(text);
    return syntax::lower(tree).statements;
  }();
  return s;
}

void MatchEncode(benchmark::State& state) {
  std::size_t matched = 0;
  for (auto _ : state) {
    for (const auto& s : statements()) {
      isa::MatchResult m = isa::matchStatement(db(), s);
      if (!m.inst) continue;
      const auto values =
          std::vector<std::optional<std::uint64_t>>(m.inst->values.begin(), m.inst->values.end());
      const isa::EncodeResult enc = isa::encode(db(), *m.inst->opcode, values);
      benchmark::DoNotOptimize(enc.word);
      ++matched;
    }
  }
  state.counters["matched"] = static_cast<double>(matched) / static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(statements().size()));
}

void NativeAssemble(benchmark::State& state) {
  // Per statement: the full dotted mnemonic as written → (field layout, values), resolved once.
  struct Prepared {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> layout;
    std::vector<std::uint64_t> values;
  };
  std::unordered_map<std::string, std::vector<Prepared>> table;
  std::vector<std::pair<std::string, std::size_t>> keys;  // per statement: key and index in its bucket
  for (const auto& s : statements()) {
    std::string key = s.mnemonic;
    for (const auto& p : s.parts) key += "." + p.text;
    const auto m = isa::matchStatement(db(), s);
    Prepared p;
    if (m.inst)
      for (std::size_t i = 0; i < m.inst->opcode->fields.size(); ++i) {
        p.layout.emplace_back(m.inst->opcode->fields[i].offset, m.inst->opcode->fields[i].width);
        p.values.push_back(m.inst->values[i]);
      }
    auto& bucket = table[key];
    keys.emplace_back(key, bucket.size());
    bucket.push_back(std::move(p));
  }
  for (auto _ : state) {
    for (const auto& [key, index] : keys) {
      const Prepared& p = table.find(key)->second[index];
      isa::Word128 w;
      for (std::size_t i = 0; i < p.layout.size(); ++i)
        w.setBits(p.layout[i].first, p.layout[i].second, p.values[i]);
      benchmark::DoNotOptimize(w);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(statements().size()));
}

BENCHMARK(MatchEncode)->Unit(benchmark::kMicrosecond);
BENCHMARK(NativeAssemble)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const double lines = static_cast<double>(statements().size());
  for (const char* name : {"MatchEncode", "NativeAssemble"}) {
    const double us = reporter.cpuTime(name);
    if (us > 0)
      std::printf("%-15s %.0f ns/line, %.0f lines/s (CPU time)\n", name, us * 1000 / lines, lines / us * 1e6);
  }
  // CPU time: the machine is shared, and wall time counts other processes' turns.
  const double a = reporter.cpuTime("MatchEncode"), b = reporter.cpuTime("NativeAssemble");
  if (a > 0 && b > 0) std::printf("ratio MatchEncode/NativeAssemble = %.2f (CPU time)\n", a / b);
  benchmark::Shutdown();
  return 0;
}
