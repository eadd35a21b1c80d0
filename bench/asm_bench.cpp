// Assembler and disassembler throughput against GNU binutils, measured in the same run:
//   assemble: a generated 200,000-line gpuasm file, in process (streaming ide::assembleText: line
//             scanner + lowering + match + encode) and through the `gpuasm asm` command, vs
//             `as` on a 200,000-line x86-64 file (a whole `as` run, process start included);
//   batch commands: `gpuasm check` and `gpuasm asm -o` as whole processes on the same file, with
//             their peak memory (ru_maxrss of the process), vs the same `as` run;
//   disassemble: the 200,000 words decoded and printed in process, vs `objdump -d` on the
//             object file `as` produced (200,000 instructions).
//   register pressure (issue 30): `gpuasm stats` as a whole process on the same file vs the same
//             `as` run, and in process the pressure (ide::registerPressure) beside the analysis
//             it reads (ide::Snapshot::analyse of the 200,000 lines).
// Every figure is printed for two inputs of 200,000 lines: the "repeating mix" (the mix's 29
// distinct statements over and over: nearly every statement meets the match cache) and "varied
// registers" (the same mix, each line's registers drawn from those that assemble there,
// bench/VariedInput.h: statements repeat as a kernel's do), each block with its own GNU `as` run.
// `--write-inputs DIR` writes the first 20,000 lines of each (repeating-20k.asm, varied-20k.asm,
// the profiles' inputs) and exits; `--assemble FILE` assembles FILE once in process (the
// streaming path the in-process figure times, for callgrind) and exits.
// The CLI under Node (`node gpuasm.js check`, the WebAssembly build's, docs/WASM.md) is timed
// beside the native `gpuasm check` on each input when it is built (GPUASM_NODE_CLI, or
// `--node NODE GPUASM_JS`), with the ratio of their times (issue 40: at most 3).
// `--node-ratio RUNS` times only that pair, alternating, RUNS runs each on both inputs, and prints
// their medians and bests, the ratios of both and the load average before and after (the recorded
// figure). With --large, also `check` and `asm -o` on 10 million lines and on one line of 32 MB (flat
// memory), beside `as` on 10 million x86 lines.
// Prints lines/s or words/s and the ratios; best of three runs each. Needs `as` and `objdump`
// (binutils, installed with g++) and /usr/bin/time (Debian's `time`). Usage: gpuasm_asm_bench [--large]
// [--write-inputs DIR] [--assemble FILE] [--node NODE GPUASM_JS] [--node-ratio RUNS] [GPUASM_BINARY]
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/RegisterPressure.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/Printer.h>

#include "BenchInput.h"
#include "ProcessRun.h"
#include "ScratchDir.h"
#include "VariedInput.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

namespace {

using gpuasm::bench::bestRun;
using gpuasm::bench::ProcessRun;
using gpuasm::bench::runProcess;

constexpr int kLines = 200000;

// The CLI under Node, when there is one to time: the node program and gpuasm.js.
struct NodeCli {
  std::string node, script;
  bool present() const { return !node.empty() && std::filesystem::exists(script); }
};

double bestSeconds(const std::function<void()>& run) {
  double best = 1e9;
  for (int i = 0; i < 3; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

void printRun(const char* name, double lines, const ProcessRun& r) {
  std::printf("%-26s %10.0f lines/s (%.3f s), peak %.1f MiB, exit %d\n", name, lines / r.seconds, r.seconds,
              r.peakMiB, r.status);
}

// `gpuasm stats` (issue 30: ≤ 1 s on 200,000 lines) and its parts in process. Returns its exit status.
int registerPressureFigures(const std::string& binary, const std::filesystem::path& file,
                            const gpuasm::isa::InstrDb& db, const std::string& text, double gnuAs) {
  const ProcessRun stats = bestRun({binary, "stats", file.string()});
  std::shared_ptr<const gpuasm::ide::Snapshot> snapshot;
  const double analyse = bestSeconds([&] { snapshot = gpuasm::ide::Snapshot::analyse(db, text); });
  std::uint32_t peak = 0;
  const double pressure =
      bestSeconds([&] { peak = gpuasm::ide::registerPressure(*snapshot).peaks()[0].count; });
  const double lines = kLines;
  printRun("gpuasm stats", lines, stats);
  std::printf("ratio gpuasm-stats/GNU-as lines/s = %.2f\n", gnuAs / stats.seconds);
  std::printf(
      "in process: analyse %.3f s, register pressure %.4f s (peak %u R), ratio pressure/analyse = %.3f\n",
      analyse, pressure, peak, pressure / analyse);
  return stats.status;
}

// `check` and `asm -o` on 10 million lines and on one line of 32 MB, beside `as` on 10 million
// x86 lines: the figures of flat memory.
void largeInputs(const std::string& binary, const std::filesystem::path& dir,
                 const std::vector<std::string>& mix, const char* const* x86) {
  constexpr int kLargeLines = 10'000'000;
  {
    std::ofstream big(dir / "large.asm", std::ios::binary);
    std::string block;
    for (std::size_t i = 0; i < 10'000; ++i) block += mix[i % mix.size()] + "\n";
    for (int i = 0; i < kLargeLines / 10'000; ++i) big << block;
    std::ofstream x(dir / "large.s", std::ios::binary);
    std::string xblock;
    for (int i = 0; i < 10'000; ++i) xblock += std::string(x86[i % 8]) + "\n";
    x << ".text\n";
    for (int i = 0; i < kLargeLines / 10'000; ++i) x << xblock;
    // One line of 32 MB: the mix's statements without their comments, joined.
    std::ofstream line(dir / "longline.asm", std::ios::binary);
    std::string joined;
    for (const std::string& m : mix) joined += m.substr(0, m.find("//")) + " ";
    for (std::size_t written = 0; written < (32u << 20); written += joined.size()) line << joined;
    line << "\n";
  }
  const double lines = kLargeLines;
  std::printf("\n10,000,000 lines (%.0f MB), one run each:\n",
              static_cast<double>(std::filesystem::file_size(dir / "large.asm")) / 1e6);
  printRun("gpuasm check", lines, runProcess({binary, "check", (dir / "large.asm").string()}));
  printRun("gpuasm asm -o", lines,
           runProcess({binary, "asm", (dir / "large.asm").string(), "-o", (dir / "large.bin").string()}));
  printRun("GNU as", lines,
           runProcess({"as", "--64", "-o", (dir / "large.o").string(), (dir / "large.s").string()}));
  std::printf("one line of %.1f MB:\n",
              static_cast<double>(std::filesystem::file_size(dir / "longline.asm")) / 1e6);
  const ProcessRun c = runProcess({binary, "check", (dir / "longline.asm").string()});
  std::printf("%-26s %.3f s, peak %.1f MiB, exit %d\n", "gpuasm check", c.seconds, c.peakMiB, c.status);
  const ProcessRun a =
      runProcess({binary, "asm", (dir / "longline.asm").string(), "-o", (dir / "longline.bin").string()});
  std::printf("%-26s %.3f s, peak %.1f MiB, exit %d\n", "gpuasm asm -o", a.seconds, a.peakMiB, a.status);
}

// Every figure of one input (its text written to `file`), each beside GNU `as` timed in the same
// block. Returns whether every command succeeded and every line assembled.
bool inputFigures(const char* label, const std::string& binary, const NodeCli& nodeCli,
                  const std::filesystem::path& dir, const std::filesystem::path& file,
                  const std::string& gpuText, const gpuasm::isa::InstrDb& db) {
  std::printf("\n== %s ==\n", label);
  std::vector<gpuasm::isa::Word128> words;
  std::size_t assembled = 0;
  // The streaming assembler, as `gpuasm asm` runs it: each statement is handed over as soon as
  // it is encoded and only its word is kept, like an object-file writer would.
  struct Words final : gpuasm::ide::AssemblySink {
    std::vector<gpuasm::isa::Word128>* words;
    std::size_t* assembled;
    void diagnostic(gpuasm::ide::Diagnostic&&) override {}
    void statement(gpuasm::ide::AssembledStatement&& s) override {
      if (!s.inst) return;
      ++*assembled;
      words->push_back(s.encoding);
    }
  };
  const double inProcess = bestSeconds([&] {
    assembled = 0;
    words.clear();
    Words sink;
    sink.words = &words;
    sink.assembled = &assembled;
    gpuasm::ide::assembleText(db, gpuText, sink);
  });
  const std::string asmCmd = binary + " asm " + file.string() + " > /dev/null";
  const double cli = bestSeconds([&] { (void)std::system(asmCmd.c_str()); });
  const ProcessRun gnuAsRun =
      bestRun({"as", "--64", "-o", (dir / "bench.o").string(), (dir / "bench.s").string()});
  const double gnuAs = gnuAsRun.seconds;
  const ProcessRun checkRun = bestRun({binary, "check", file.string()});
  const ProcessRun checkOneRun = bestRun({binary, "check", "-j", "1", file.string()});
  const ProcessRun asmORun = bestRun({binary, "asm", file.string(), "-o", (dir / "bench.bin").string()});
  ProcessRun nodeCheckRun;
  if (nodeCli.present()) nodeCheckRun = bestRun({nodeCli.node, nodeCli.script, "check", file.string()});

  const gpuasm::isa::Decoder decoder(db);
  std::size_t printed = 0;
  const double dis = bestSeconds([&] {
    printed = 0;
    for (const auto& w : words) {
      const auto d = decoder.decode(w);
      if (d.decoded && gpuasm::isa::printInstruction(db, *d.decoded->opcode, d.decoded->values)) ++printed;
    }
  });
  const std::string objdumpCmd = "objdump -d " + (dir / "bench.o").string() + " > /dev/null";
  const double objdump = bestSeconds([&] { (void)std::system(objdumpCmd.c_str()); });

  const double lines = kLines;
  std::printf("input: %d lines (%zu assembled), %.1f MB; x86-64: %d lines\n", kLines, assembled,
              static_cast<double>(gpuText.size()) / 1e6, kLines);
  std::printf("assemble in process: %.0f lines/s (%.3f s)\n", lines / inProcess, inProcess);
  std::printf("gpuasm asm command:  %.0f lines/s (%.3f s)\n", lines / cli, cli);
  std::printf("GNU as:              %.0f lines/s (%.3f s)\n", lines / gnuAs, gnuAs);
  std::printf("ratio assemble-in-process/GNU-as lines/s = %.2f\n", gnuAs / inProcess);
  std::printf("ratio gpuasm-asm-command/GNU-as lines/s = %.2f\n", gnuAs / cli);
  std::printf("whole processes (best of 3, largest peak):\n");
  printRun("gpuasm check", lines, checkRun);
  printRun("gpuasm check -j 1", lines, checkOneRun);
  printRun("gpuasm asm -o", lines, asmORun);
  printRun("GNU as", lines, gnuAsRun);
  std::printf("ratio gpuasm-check/GNU-as lines/s = %.2f\n", gnuAs / checkRun.seconds);
  std::printf("ratio gpuasm-check-j1/GNU-as lines/s = %.2f\n", gnuAs / checkOneRun.seconds);
  std::printf("ratio gpuasm-asm-o/GNU-as lines/s = %.2f\n", gnuAs / asmORun.seconds);
  if (nodeCli.present()) {
    // The same command under Node, one thread (the WebAssembly build has none).
    printRun("node gpuasm.js check", lines, nodeCheckRun);
    std::printf("ratio node-check/gpuasm-check time = %.2f (issue 40: at most 3)\n",
                nodeCheckRun.seconds / checkRun.seconds);
    std::printf("ratio node-check/gpuasm-check-j1 time = %.2f\n", nodeCheckRun.seconds / checkOneRun.seconds);
  } else {
    std::printf("node gpuasm.js check: not built (cmake --build build --target wasm-core)\n");
  }
  std::printf("disassemble in process: %.0f words/s (%zu printed, %.3f s)\n",
              static_cast<double>(words.size()) / dis, printed, dis);
  std::printf("objdump -d:             %.0f instructions/s (%.3f s)\n", lines / objdump, objdump);
  std::printf("ratio disassemble-in-process/objdump words/s = %.2f\n",
              (static_cast<double>(words.size()) / dis) / (lines / objdump));
  const int statsStatus = registerPressureFigures(binary, file, db, gpuText, gnuAs);
  return checkRun.status == 0 && checkOneRun.status == 0 && asmORun.status == 0 && statsStatus == 0 &&
         (!nodeCli.present() || nodeCheckRun.status == 0) && assembled == static_cast<std::size_t>(kLines) &&
         printed == words.size();
}

std::string loadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double best(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

// `gpuasm check` and `node gpuasm.js check` on one input, alternating, `runs` times each: their
// medians (and best) and the ratio of the medians. Returns whether every run succeeded.
bool nodeRatio(const char* label, const std::string& binary, const NodeCli& nodeCli,
               const std::filesystem::path& file, int runs) {
  std::vector<double> native, node;
  bool ok = true;
  for (int i = 0; i < runs; ++i) {
    const ProcessRun n = runProcess({binary, "check", file.string()});
    const ProcessRun w = runProcess({nodeCli.node, nodeCli.script, "check", file.string()});
    ok = ok && n.status == 0 && w.status == 0;
    native.push_back(n.seconds);
    node.push_back(w.seconds);
  }
  std::printf(
      "%-17s gpuasm check median %.3f s (best %.3f), node gpuasm.js check median %.3f s (best %.3f): "
      "ratio of medians %.2f, of bests %.2f (issue 40: at most 3)\n",
      label, median(native), best(native), median(node), best(node), median(node) / median(native),
      best(node) / best(native));
  return ok;
}

std::string repeatingMix(const std::vector<std::string>& mix, int lines) {
  std::string text;
  for (int i = 0; i < lines; ++i) text += mix[static_cast<std::size_t>(i) % mix.size()] + "\n";
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  bool large = false;
  std::string binary = GPUASM_BINARY;
  std::string writeInputs, assembleFile;
  int nodeRuns = 0;
#ifdef GPUASM_NODE_CLI
  NodeCli nodeCli{GPUASM_NODE, GPUASM_NODE_CLI};
#else
  NodeCli nodeCli;
#endif
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--large") == 0)
      large = true;
    else if (std::strcmp(argv[i], "--write-inputs") == 0 && i + 1 < argc)
      writeInputs = argv[++i];
    else if (std::strcmp(argv[i], "--assemble") == 0 && i + 1 < argc)
      assembleFile = argv[++i];
    else if (std::strcmp(argv[i], "--node") == 0 && i + 2 < argc) {
      nodeCli.node = argv[++i];
      nodeCli.script = argv[++i];
    } else if (std::strcmp(argv[i], "--node-ratio") == 0 && i + 1 < argc)
      nodeRuns = std::max(1, std::atoi(argv[++i]));
    else
      binary = argv[i];
  }
  const gpuasm::isa::SpecLoad load = gpuasm::isa::loadEmbeddedSpec();
  const gpuasm::isa::InstrDb& db = *load.db;
  // A realistic mix: the bundled kernel and the hand-checked valid instructions, repeated as
  // written ("repeating mix": 29 distinct statements, nearly every one a cache hit), and with
  // its registers renamed per line ("varied registers", bench/VariedInput.h).
  if (!assembleFile.empty()) {
    // The in-process path once, for a profiler: the file through the streaming assembler.
    std::ifstream in(assembleFile, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    struct Count final : gpuasm::ide::AssemblySink {
      std::size_t statements = 0, diagnostics = 0;
      void diagnostic(gpuasm::ide::Diagnostic&&) override { ++diagnostics; }
      void statement(gpuasm::ide::AssembledStatement&& s) override {
        if (s.inst) ++statements;
      }
    } sink;
    gpuasm::ide::assembleText(db, text, sink);
    std::printf("%zu statements assembled, %zu diagnostics\n", sink.statements, sink.diagnostics);
    return sink.diagnostics == 0 ? 0 : 1;
  }
  const std::vector<std::string> mix = gpuasm::bench::assemblerMix(GPUASM_SOURCE_DIR);
  if (!writeInputs.empty()) {
    // The profiles' inputs: the first 20,000 lines of each.
    constexpr int kProfileLines = 20000;
    const std::filesystem::path out(writeInputs);
    std::ofstream(out / "repeating-20k.asm", std::ios::binary) << repeatingMix(mix, kProfileLines);
    std::ofstream(out / "varied-20k.asm", std::ios::binary)
        << gpuasm::bench::variedRegisters(db, mix, kProfileLines);
    std::printf("wrote %s and %s\n", (out / "repeating-20k.asm").c_str(), (out / "varied-20k.asm").c_str());
    return 0;
  }
  const gpuasm::test::ScratchDir scratch("asm-bench");
  const std::filesystem::path& dir = scratch.path();
  const char* x86[] = {"addq %rax, %rbx",           "movl $0x10, %ecx", "imul %rdx, %rsi",
                       "leaq 8(%rdi,%rcx,4), %rax", "xorl %eax, %eax",  "subq $1, %r9",
                       "movq (%rsp), %r10",         "shlq $3, %r11"};
  std::string x86Text = ".text\n";
  for (int i = 0; i < kLines; ++i) x86Text += std::string(x86[i % 8]) + "\n";
  std::ofstream(dir / "bench.s") << x86Text;

  const std::string repeating = repeatingMix(mix, kLines);
  std::ofstream(dir / "bench.asm") << repeating;
  const std::string varied = gpuasm::bench::variedRegisters(db, mix, kLines);
  std::ofstream(dir / "varied.asm") << varied;
  std::printf("binary: %s\n", binary.c_str());
  if (nodeCli.present()) std::printf("node CLI: %s %s\n", nodeCli.node.c_str(), nodeCli.script.c_str());
  if (nodeRuns > 0) {
    if (!nodeCli.present()) {
      std::fprintf(stderr, "--node-ratio: no node CLI (cmake --build build --target wasm-core, or --node)\n");
      return 2;
    }
    std::printf("load average before: %s\n", loadAverage().c_str());
    bool ok = nodeRatio("repeating mix:", binary, nodeCli, dir / "bench.asm", nodeRuns);
    ok = nodeRatio("varied registers:", binary, nodeCli, dir / "varied.asm", nodeRuns) && ok;
    std::printf("load average after:  %s (%d runs each, alternating)\n", loadAverage().c_str(), nodeRuns);
    return ok ? 0 : 1;
  }
  bool ok = inputFigures("repeating mix (29 distinct statements, repeated)", binary, nodeCli, dir,
                         dir / "bench.asm", repeating, db);
  ok = inputFigures("varied registers (the same mix, each line's registers drawn, seed 41)", binary, nodeCli,
                    dir, dir / "varied.asm", varied, db) &&
       ok;
  if (large) largeInputs(binary, dir, mix, x86);
  return ok ? 0 : 1;
}
