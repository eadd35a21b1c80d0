// `gpuasm spec diff` (issue 31): a copy of the spec and a copy with three edits (an enumerator
// renamed, two renumbered, a field's default changed), compared with the five examples/*.asm.
//   command: the built binary end to end (`gpuasm spec diff old new examples/*.asm`), beside
//            `gpuasm spec --spec-dir old` — starting the binary and loading one spec — as its baseline;
//   in process: reading and loading both specs, diffSpecs and diffFile of every example, beside
//            reading and loading both specs alone (the work no diff can avoid).
// Usage: gpuasm_spec_diff_bench [benchmark options]
#include "RatioReporter.h"
#include "ScratchDir.h"

#include <gpuasm/ide/execution/SpecDiffFile.h>
#include <gpuasm/isa/SpecDiff.h>
#include <gpuasm/isa/SpecSource.h>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// In a scratch directory of the process's own (removed at exit), so runs side by side never share one.
const fs::path& kRoot = gpuasm::test::processScratchDir().path();

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void replaceOnce(std::string& text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos) std::abort();
  text.replace(at, from.size(), to);
}

// old/ and new/ under kRoot; the examples' paths.
std::vector<fs::path> setUp() {
  for (const char* side : {"old", "new"}) {
    fs::create_directories(kRoot / side);
    for (const auto& e : fs::directory_iterator(GPUASM_SOURCE_DIR "/isa-db/spec"))
      fs::copy_file(e.path(), kRoot / side / e.path().filename());
  }
  std::string ialu = readFile(kRoot / "new" / "000_ialu.txt");
  replaceOnce(ialu, "    NE;\n    LT;\n    LE;", "    NE;\n    LESS;\n    LE;");
  replaceOnce(ialu, "SHFDir<1>\n    L;\n    R;", "SHFDir<1>\n    L = 0x1;\n    R = 0x0;");
  replaceOnce(ialu, "    field<77,  1> IType itype = S32;\n    field<98, 3> Pred pp;",
              "    field<77,  1> IType itype = U32;\n    field<98, 3> Pred pp;");
  std::ofstream(kRoot / "new" / "000_ialu.txt", std::ios::binary) << ialu;
  std::vector<fs::path> examples;
  for (const auto& e : fs::directory_iterator(GPUASM_SOURCE_DIR "/examples"))
    if (e.path().extension() == ".asm") examples.push_back(e.path());
  std::sort(examples.begin(), examples.end());
  return examples;
}

const std::vector<fs::path>& examples() {
  static const std::vector<fs::path> files = setUp();
  return files;
}

gpuasm::isa::SpecLoad load(const char* side) {
  auto files = gpuasm::isa::readSpecDir((kRoot / side).string());
  if (!files) std::abort();
  return gpuasm::isa::loadSpec(std::move(*files));
}

void run(const std::string& command) {
  if (std::system(command.c_str()) == -1) std::abort();
}

void BM_LoadTwoSpecs(benchmark::State& state) {
  examples();
  for (auto _ : state) {
    auto a = load("old"), b = load("new");
    benchmark::DoNotOptimize(a.db);
    benchmark::DoNotOptimize(b.db);
  }
}
BENCHMARK(BM_LoadTwoSpecs)->Unit(benchmark::kMillisecond);

void BM_SpecDiffInProcess(benchmark::State& state) {
  std::vector<std::string> texts;
  for (const fs::path& p : examples()) texts.push_back(readFile(p));
  std::size_t lines = 0;
  for (auto _ : state) {
    auto a = load("old"), b = load("new");
    const auto changes = gpuasm::isa::diffSpecs(*a.db, *b.db);
    lines = 0;
    for (const std::string& t : texts) lines += gpuasm::ide::diffFile(*a.db, *b.db, t, changes).lines.size();
  }
  state.counters["changed_lines"] = static_cast<double>(lines);
}
BENCHMARK(BM_SpecDiffInProcess)->Unit(benchmark::kMillisecond);

void BM_SpecCommand(benchmark::State& state) {
  examples();
  const std::string command =
      std::string(GPUASM_BINARY) + " spec --spec-dir '" + (kRoot / "old").string() + "' > /dev/null";
  for (auto _ : state) run(command);
}
BENCHMARK(BM_SpecCommand)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SpecDiffCommand(benchmark::State& state) {
  std::string command = std::string(GPUASM_BINARY) + " spec diff '" + (kRoot / "old").string() + "' '" +
                        (kRoot / "new").string() + "'";
  for (const fs::path& p : examples()) command += " '" + p.string() + "'";
  command += " > /dev/null";
  for (auto _ : state) run(command);
}
BENCHMARK(BM_SpecDiffCommand)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  gpuasm::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.printRatio("BM_SpecDiffInProcess", "BM_LoadTwoSpecs");
  reporter.printRatio("BM_SpecDiffCommand/real_time", "BM_SpecCommand/real_time");
  benchmark::Shutdown();
  return 0;
}
