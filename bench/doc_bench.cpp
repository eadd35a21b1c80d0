// `gpuasm doc` (issue 31): the whole instruction reference of the embedded spec, against a
// baseline in the same run that writes the same files (same names, same bytes) natively.
//   - in process: loadEmbeddedSpec + ide::renderReference (assembling and running the examples)
//     + writing the pages, best and median of 9;
//   - the whole process: `gpuasm doc OUT` as a user runs it, best and median of 5;
//   - baseline: the same files written from memory, best and median of 9.
// Prints the figures, the ratios to the baseline and the total size; the bounds are
// 2 s and 10 MB. docs/BENCHMARKS.md records them.
#include <gpuasm/ide/reference/Reference.h>
#include <gpuasm/isa/InstrDb.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "ScratchDir.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Figure {
  double best = 0, median = 0;  // ms
};

/// Runs `body(i)` `runs` times; each run writes into a directory of its own (i), made before
/// the clock starts: rewriting existing files costs more on ext4 (the truncate makes the
/// close flush them, auto_da_alloc) and would measure the file system, not the writer.
Figure timeIt(int runs, const std::function<void(const std::filesystem::path&)>& body,
              const std::filesystem::path& dir) {
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    const auto out = dir / std::to_string(i);
    std::filesystem::create_directories(out);
    const auto start = Clock::now();
    body(out);
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::ranges::sort(ms);
  return {ms.front(), ms[ms.size() / 2]};
}

void writeFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace

int main() {
  const gpuasm::test::ScratchDir scratch("doc-bench");
  const std::filesystem::path& root = scratch.path();
  std::vector<gpuasm::ide::ReferencePage> pages;
  const Figure inProcess = timeIt(
      9,
      [&](const std::filesystem::path& out) {
        pages.clear();
        const gpuasm::isa::SpecLoad load = gpuasm::isa::loadEmbeddedSpec();
        gpuasm::ide::renderReference(*load.db, [&](gpuasm::ide::ReferencePage&& p) {
          writeFile(out / p.file, p.text);
          pages.push_back(std::move(p));
        });
      },
      root / "in-process");
  std::size_t bytes = 0;
  for (const auto& p : pages) bytes += p.text.size();
  const Figure baseline = timeIt(
      9,
      [&](const std::filesystem::path& out) {
        for (const auto& p : pages) writeFile(out / p.file, p.text);
      },
      root / "baseline");
  const Figure process = timeIt(
      5,
      [&](const std::filesystem::path& out) {
        const std::string command = std::string(GPUASM_BINARY) + " doc " + out.string() + " > /dev/null";
        if (std::system(command.c_str()) != 0)
          std::fprintf(stderr, "doc_bench: %s failed\n", command.c_str());
      },
      root / "process");
  std::printf("reference: %zu files, %.2f MB (bound 10 MB)\n", pages.size(),
              static_cast<double>(bytes) / 1e6);
  std::printf("baseline, writing the same files natively: best %.1f ms, median %.1f ms\n", baseline.best,
              baseline.median);
  std::printf("in process, load + render + write:        best %.1f ms, median %.1f ms\n", inProcess.best,
              inProcess.median);
  std::printf("gpuasm doc OUT, whole process:             best %.1f ms, median %.1f ms (bound 2000 ms)\n",
              process.best, process.median);
  std::printf("ratio in-process/baseline = %.1f\nratio process/baseline = %.1f\n",
              inProcess.median / baseline.median, process.median / baseline.median);
  return bytes <= 10'000'000 && process.median <= 2000 ? 0 : 1;
}
