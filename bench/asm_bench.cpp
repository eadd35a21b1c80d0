// Assembler and disassembler throughput against GNU binutils, measured in the same run:
//   assemble: a generated 200,000-line gpuasm file, in process (streaming ide::assembleText: line
//             scanner + lowering + match + encode) and through the `gpuasm asm` command, vs
//             `as` on a 200,000-line x86-64 file (a whole `as` run, process start included);
//   disassemble: the 200,000 words decoded and printed in process, vs `objdump -d` on the
//             object file `as` produced (200,000 instructions).
// Prints lines/s or words/s and the ratios; best of three runs each. Needs `as` and `objdump`
// (binutils, installed with g++). Usage: gpuasm_asm_bench [GPUASM_BINARY]
#include <gpuasm/ide/Assembler.h>
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/Printer.h>

#include "BenchInput.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

namespace {

constexpr int kLines = 200000;

double bestSeconds(const std::function<void()>& run) {
  double best = 1e9;
  for (int i = 0; i < 3; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = argc > 1 ? argv[1] : GPUASM_BINARY;
  const auto dir = std::filesystem::temp_directory_path() / "gpuasm-asm-bench";
  std::filesystem::create_directories(dir);
  // A realistic mix: the bundled kernel and the hand-checked valid instructions, repeated.
  const std::vector<std::string> mix = gpuasm::bench::assemblerMix(GPUASM_SOURCE_DIR);
  std::string gpuText;
  for (int i = 0; i < kLines; ++i) gpuText += mix[static_cast<std::size_t>(i) % mix.size()] + "\n";
  std::ofstream(dir / "bench.asm") << gpuText;
  const char* x86[] = {"addq %rax, %rbx", "movl $0x10, %ecx", "imul %rdx, %rsi", "leaq 8(%rdi,%rcx,4), %rax",
                       "xorl %eax, %eax", "subq $1, %r9", "movq (%rsp), %r10", "shlq $3, %r11"};
  std::string x86Text = ".text\n";
  for (int i = 0; i < kLines; ++i) x86Text += std::string(x86[i % 8]) + "\n";
  std::ofstream(dir / "bench.s") << x86Text;

  const gpuasm::isa::SpecLoad load = gpuasm::isa::loadEmbeddedSpec();
  const gpuasm::isa::InstrDb& db = *load.db;
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
  const std::string asmCmd = binary + " asm " + (dir / "bench.asm").string() + " > /dev/null";
  const double cli = bestSeconds([&] { (void)std::system(asmCmd.c_str()); });
  const std::string asCmd = "as --64 -o " + (dir / "bench.o").string() + " " + (dir / "bench.s").string();
  const double gnuAs = bestSeconds([&] { (void)std::system(asCmd.c_str()); });

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
  std::printf("disassemble in process: %.0f words/s (%zu printed, %.3f s)\n", static_cast<double>(words.size()) / dis, printed, dis);
  std::printf("objdump -d:             %.0f instructions/s (%.3f s)\n", lines / objdump, objdump);
  std::printf("ratio disassemble-in-process/objdump words/s = %.2f\n", (static_cast<double>(words.size()) / dis) / (lines / objdump));
  std::filesystem::remove_all(dir);
  return assembled == static_cast<std::size_t>(kLines) && printed == words.size() ? 0 : 1;
}
