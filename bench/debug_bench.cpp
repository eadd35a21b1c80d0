// The warp debugger's time travel (ide::Debugger) on a 100,000-instruction program, against a
// plain forward run of the same program by the simulator in the same process (sim::run): the
// cost of one stepBack anywhere in the run (p50/p99), a reverse continue from the end to the
// start (a data breakpoint that never fires, so the whole run is searched) as a ratio to the
// forward run, and the process's peak memory. Goals (issue 14): stepBack p99 <= 5 ms, reverse
// continue <= 1.5x a forward run, memory <= 64 MB.
#include "BenchInput.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/execution/Debugger.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

namespace ide = gpuasm::ide;
namespace sim = gpuasm::sim;
using Clock = std::chrono::steady_clock;

constexpr const char* kBlock = gpuasm::bench::kSimulatorMix;
constexpr int kRepeats = 10000;  // 100,000 instructions

double ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// A /proc/self/status figure in KiB: "VmRSS:" (now) or "VmHWM:" (the peak so far).
long rssKb(const std::string& key) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind(key, 0) == 0) return std::strtol(line.c_str() + key.size(), nullptr, 10);
  return -1;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main() {
  const auto load = gpuasm::isa::loadEmbeddedSpec();
  std::string text =
      "// @state R0 = lane\n// @state R2 = 3\n// @state R7 = 0x3f800000\n// @state R8 = 0x40000000\n";
  for (int i = 0; i < kRepeats; ++i) text += kBlock;
  const long rssBeforeKb = rssKb("VmRSS:");

  // The debugger first, so the peak memory measured after it is the session's (with the spec
  // database and the text), not the baseline's whole-document listing.
  // Each of 5 fresh sessions (each launch prepares the program again) times its first continue
  // and, after a restart, a second one; the best of each. The first runs over a program just
  // prepared, most of it out of the caches (a prepared step is 432 bytes: 43 MB here), and is
  // compared with the simulator's first run after its prepare; the second, like the
  // simulator's best of 5, over a program the previous run brought into the caches.
  std::optional<ide::Debugger> d;
  double debuggerFirst = 1e9, debuggerForward = 1e9;
  for (int i = 0; i < 5; ++i) {
    d.reset();
    auto launched = ide::Debugger::launch(*load.db, text, {});
    if (!launched) {
      std::fprintf(stderr, "debug_bench: %s\n", launched.error().c_str());
      return 2;
    }
    d.emplace(std::move(*launched));
    for (double* best : {&debuggerFirst, &debuggerForward}) {
      if (best == &debuggerForward) d->restart();
      const auto t0 = Clock::now();
      const ide::DebugStop end = d->continueForward();
      *best = std::min(*best, ms(Clock::now() - t0));
      if (end.reason != ide::DebugStopReason::End) {
        std::fprintf(stderr, "debug_bench: the debugger stopped at %llu: %s\n",
                     static_cast<unsigned long long>(end.position), end.description.c_str());
        return 2;
      }
    }
  }
  const std::uint64_t n = d->position();

  // stepBack from random positions (the worst case is right after a checkpoint: 255 re-executed).
  std::mt19937_64 rng(14);
  std::vector<double> back;
  for (int i = 0; i < 2000; ++i) {
    d->gotoPosition(1 + rng() % n);
    const auto t0 = Clock::now();
    d->stepBack();
    back.push_back(ms(Clock::now() - t0));
  }

  // Reverse continue from the end to the start (best of 3, as the baseline is best of 5): R200
  // is never written, so every segment is searched.
  d->setDataBreakpoints({{"R200", std::nullopt}});
  double reverse = 1e9;
  for (int i = 0; i < 3; ++i) {
    d->gotoPosition(n);
    const auto t0 = Clock::now();
    const ide::DebugStop start = d->reverseContinue();
    reverse = std::min(reverse, ms(Clock::now() - t0));
    if (start.reason != ide::DebugStopReason::Entry) {
      std::fprintf(stderr, "debug_bench: reverse continue stopped at %llu\n",
                   static_cast<unsigned long long>(start.position));
      return 2;
    }
  }
  const long sessionPeakKb = rssKb("VmHWM:");
  d.reset();

  // The baseline: the simulator running the program forward (best of 5).
  const auto layout = sim::RegisterLayout::fromDb(*load.db);
  const ide::AssembledUnit unit = ide::assembleText(*load.db, text);
  if (!layout || !unit.diagnostics.empty()) {
    std::fprintf(stderr, "debug_bench: the generated program does not assemble\n");
    return 2;
  }
  const sim::Program program =
      sim::prepare(*load.db, *layout, sim::SemanticsTable::builtin(), ide::sourceInstructions(unit));
  double forward = 1e9, firstForward = 0;
  for (int i = 0; i < 5; ++i) {
    sim::WarpState state(*layout);
    const auto t1 = Clock::now();
    const sim::RunResult r = sim::run(program, state, {});
    forward = std::min(forward, ms(Clock::now() - t1));
    if (i == 0) firstForward = ms(Clock::now() - t1);
    if (r.reason != sim::StopReason::End) {
      std::fprintf(stderr, "debug_bench: the forward run stopped: %s\n", r.message.c_str());
      return 2;
    }
  }

  std::printf("debug benchmark: %llu instructions, checkpoint every %llu\n",
              static_cast<unsigned long long>(n),
              static_cast<unsigned long long>(ide::Debugger::kCheckpointEvery));
  std::printf("%-44s %10.3f ms\n", "forward run, simulator (baseline)", forward);
  std::printf("%-44s %10.3f ms  %5.2fx the baseline\n", "forward run, debugger (continue to the end)",
              debuggerForward, debuggerForward / forward);
  std::printf("%-44s %10.3f ms\n", "first run after prepare, simulator", firstForward);
  std::printf("%-44s %10.3f ms  %5.2fx the simulator's\n", "first continue of a session, debugger",
              debuggerFirst, debuggerFirst / firstForward);
  std::printf("%-44s %10.3f ms  %5.2fx the baseline\n", "reverse continue, end to start", reverse,
              reverse / forward);
  std::printf("%-44s %10.3f ms  (%5.1f instructions of the baseline)\n", "stepBack p50",
              percentile(back, 0.5), percentile(back, 0.5) / forward * static_cast<double>(n));
  std::printf("%-44s %10.3f ms  (%5.1f instructions of the baseline)\n", "stepBack p99",
              percentile(back, 0.99), percentile(back, 0.99) / forward * static_cast<double>(n));
  std::printf("%-44s %10.1f MiB  (%.1f MiB before the launch: spec database and text)\n",
              "peak RSS, debug session", static_cast<double>(sessionPeakKb) / 1024.0,
              static_cast<double>(rssBeforeKb) / 1024.0);
  return 0;
}
