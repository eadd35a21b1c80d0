// Simulator throughput: warp-instructions per second on a generated mixed program (integer,
// FP32, shuffle, vote, compare), against a native C++ loop that does the same 32-lane work on
// plain arrays in the same run. Prints the ratio simulator/native (time per program) and the
// simulator's warp-instructions per second; the goal is >= 10 M warp-instructions/s.
#include "BenchInput.h"
#include "RatioReporter.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>

#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

namespace isa = gpuasm::isa;
namespace ide = gpuasm::ide;
namespace sim = gpuasm::sim;
namespace syntax = gpuasm::syntax;

constexpr const char* kBlock = gpuasm::bench::kSimulatorMix;
constexpr int kBlockInstructions = gpuasm::bench::kSimulatorMixInstructions;
constexpr int kRepeats = 100;
constexpr int kProgramInstructions = kBlockInstructions * kRepeats;

struct Fixture {
  isa::SpecLoad load = isa::loadEmbeddedSpec();
  std::string text;
  ide::AssembledUnit unit;
  sim::RegisterLayout layout;
  sim::Program program;

  Fixture() {
    for (int i = 0; i < kRepeats; ++i) text += kBlock;
    unit = ide::assembleText(*load.db, text);
    auto l = sim::RegisterLayout::fromDb(*load.db);
    if (!l || !unit.diagnostics.empty()) {
      std::fprintf(stderr, "sim_bench: the generated program does not assemble\n");
      std::exit(2);
    }
    layout = *l;
    std::vector<sim::SourceInstruction> source;
    for (const auto& s : unit.statements) source.push_back({s.statement.line, &*s.inst, {}});
    program = sim::prepare(*load.db, layout, sim::SemanticsTable::builtin(), source);
    for (const auto& step : program.steps)
      if (!step.error.empty()) {
        std::fprintf(stderr, "sim_bench: line %u cannot execute: %s\n", step.line + 1, step.error.c_str());
        std::exit(2);
      }
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void initialise(sim::WarpState& s) {
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) {
    s.r[2][lane] = lane * 7 + 1;
    s.r[6][lane] = std::bit_cast<std::uint32_t>(0.5f + static_cast<float>(lane));
    s.r[7][lane] = std::bit_cast<std::uint32_t>(0.25f);
    s.r[8][lane] = std::bit_cast<std::uint32_t>(1.0f);
  }
}

void Simulator(benchmark::State& st) {
  Fixture& f = fixture();
  sim::WarpState state(f.layout);
  initialise(state);
  sim::RunOptions options;
  for (auto _ : st) {
    const sim::RunResult r = sim::run(f.program, state, options);
    if (r.reason != sim::StopReason::End) st.SkipWithError(r.message.c_str());
    benchmark::DoNotOptimize(state.r[1][0]);
  }
  st.SetItemsProcessed(st.iterations() * kProgramInstructions);
}

// The same work, hand-written: 32-lane loops over plain arrays, one loop per instruction.
void Native(benchmark::State& st) {
  std::array<std::array<std::uint32_t, 32>, 11> r{};
  std::array<std::array<float, 32>, 3> fp{};  // R6, R7, R8
  std::uint32_t p0 = 0, p1 = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    r[2][lane] = lane * 7 + 1;
    fp[0][lane] = 0.5f + static_cast<float>(lane);
    fp[1][lane] = 0.25f;
    fp[2][lane] = 1.0f;
  }
  for (auto _ : st) {
    for (int rep = 0; rep < kRepeats; ++rep) {
      for (unsigned l = 0; l < 32; ++l) r[1][l] += r[2][l];
      for (unsigned l = 0; l < 32; ++l) r[3][l] = r[1][l] * r[2][l] + r[3][l];
      for (unsigned l = 0; l < 32; ++l) r[4][l] = r[1][l] ^ r[3][l] ^ r[2][l];
      for (unsigned l = 0; l < 32; ++l) r[5][l] = r[4][l] << 3;
      for (unsigned l = 0; l < 32; ++l) fp[0][l] = std::fma(fp[0][l], fp[1][l], fp[2][l]);
      for (unsigned l = 0; l < 32; ++l) fp[1][l] = fp[0][l] - fp[2][l];
      for (unsigned l = 0; l < 32; ++l) fp[2][l] = fp[2][l] * 0.5f;
      for (unsigned l = 0; l < 32; ++l) r[9][l] = r[1][l ^ 1u];
      const std::uint32_t ballot = p0;
      for (unsigned l = 0; l < 32; ++l) r[10][l] = ballot;
      p1 = ballot != 0 ? 0xFFFFFFFFu : 0;
      p0 = 0;
      for (unsigned l = 0; l < 32; ++l)
        p0 |= static_cast<std::uint32_t>(static_cast<std::int32_t>(r[1][l]) >=
                                         static_cast<std::int32_t>(r[2][l]))
              << l;
      benchmark::ClobberMemory();
    }
    benchmark::DoNotOptimize(r);
    benchmark::DoNotOptimize(fp);
    benchmark::DoNotOptimize(p1);
  }
  st.SetItemsProcessed(st.iterations() * kProgramInstructions);
}

}  // namespace

BENCHMARK(Simulator)->Unit(benchmark::kMicrosecond);
BENCHMARK(Native)->Unit(benchmark::kMicrosecond);

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  gpuasm::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.printRatio("Simulator", "Native");
  const double us = reporter.cpuTime("Simulator");
  if (us > 0)
    std::printf("simulator: %.1f M warp-instructions/s of CPU time (goal: >= 10)\n",
                kProgramInstructions / us);
  benchmark::Shutdown();
  return 0;
}
