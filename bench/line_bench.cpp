// Statements per line (issue 42): every command must be linear in the statements of a line, so
// a file whose statements share one line costs what the same statements on lines of their own
// cost. Whole processes, best of three: `gpuasm test`, `run` and `check` on 32,000 statements
// (`IADD R1, R1, R2 ;`) on one line, against the same statements one per line, in the same run;
// and on 16,000 on one line, so the one-line growth from 16,000 to 32,000 shows (2.0 is linear).
// Then `run` and `test` once on a one-line file of 5 MB: time and peak memory against the
// input's size (goal: the peak within 4× the input plus the database, which `check` on an
// empty file shows). Goal: each ratio one-line / separate lines at most 2. Needs /usr/bin/time.
// Usage: gpuasm_line_bench [GPUASM_BINARY]
#include "ProcessRun.h"
#include "ScratchDir.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using gpuasm::bench::bestRun;
using gpuasm::bench::ProcessRun;
using gpuasm::bench::runProcess;

constexpr const char* kStatement = "IADD R1, R1, R2 ;";

// `count` statements adding R2 = 1 to R1 = 0, joined by `separator`, and the expectation of
// their sum, so `gpuasm test` checks the whole run and exits 0.
void writeProgram(const std::filesystem::path& path, std::size_t count, const char* separator) {
  std::ofstream out(path, std::ios::binary);
  out << "// @state R1 = 0\n// @state R2 = 1\n";
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    if (i != 0) text += separator;
    text += kStatement;
  }
  out << text << "\n// @expect R1 == " << count << "\n";
}

void printRun(const char* what, const ProcessRun& r) {
  std::printf("  %-38s %8.3f s  peak %7.1f MiB  exit %d\n", what, r.seconds, r.peakMiB, r.status);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = argc > 1 ? argv[1] : GPUASM_BINARY;
  const gpuasm::test::ScratchDir scratch("line-bench");
  const std::filesystem::path& dir = scratch.path();
  const auto oneLine = dir / "one-line-32000.asm", oneLineHalf = dir / "one-line-16000.asm",
             separate = dir / "lines-32000.asm", big = dir / "one-line-5MB.asm", empty = dir / "empty.asm";
  writeProgram(oneLine, 32000, " ");
  writeProgram(oneLineHalf, 16000, " ");
  writeProgram(separate, 32000, "\n");
  const std::size_t bigCount = (5u << 20) / (std::string(kStatement).size() + 1);
  writeProgram(big, bigCount, " ");
  std::ofstream(empty, std::ios::binary) << "\n";

  bool ok = true;
  for (const char* command : {"test", "run", "check"}) {
    const ProcessRun one = bestRun({binary, command, oneLine.string()});
    const ProcessRun half = bestRun({binary, command, oneLineHalf.string()});
    const ProcessRun lines = bestRun({binary, command, separate.string()});
    std::printf("gpuasm %s:\n", command);
    printRun("32,000 statements on one line", one);
    printRun("16,000 statements on one line", half);
    printRun("32,000 statements on their own lines", lines);
    std::printf("ratio one-line/separate-lines gpuasm-%s = %.2f\n", command, one.seconds / lines.seconds);
    std::printf("ratio one-line-32000/one-line-16000 gpuasm-%s = %.2f\n", command,
                one.seconds / half.seconds);
    ok = ok && one.status == 0 && half.status == 0 && lines.status == 0;
  }

  const double inputMiB = static_cast<double>(std::filesystem::file_size(big)) / (1024.0 * 1024.0);
  std::printf("one line of %.2f MiB (%zu statements), one run each:\n", inputMiB, bigCount);
  const ProcessRun base = runProcess({binary, "check", empty.string()});
  printRun("gpuasm check (an empty file)", base);
  for (const char* command : {"run", "test"}) {
    const ProcessRun r = runProcess({binary, command, big.string()});
    printRun((std::string("gpuasm ") + command).c_str(), r);
    std::printf("ratio peak-above-empty-check/input gpuasm-%s = %.2f\n", command,
                (r.peakMiB - base.peakMiB) / inputMiB);
    ok = ok && r.status == 0;
  }
  return ok ? 0 : 1;
}
