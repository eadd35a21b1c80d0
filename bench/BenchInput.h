// The benchmarks' input: instruction lines of the bundled kernel and of the hand-checked valid
// instructions (comments stripped), a realistic mix that gpuasm_asm_bench repeats into its
// 200,000-line file and gpuasm_match_bench lowers once; gpuasm_lsp_bench takes the same files'
// lines verbatim.
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace gpuasm::bench {

/// The simulator benchmarks' mix of warp instructions (integer, FP32, shuffle, vote, compare),
/// repeated into their programs.
inline constexpr const char* kSimulatorMix =
    "IADD R1, R1, R2 ;\n"
    "IMAD R3, R1, R2, R3 ;\n"
    "LOP3.POR R4, R1, R3, R2, 0x96, !PT ;\n"
    "SHF.L.U32 R5, R4, 0x3, RZ ;\n"
    "FFMA R6, R6, R7, R8 ;\n"
    "FADD R7, R6, -R8 ;\n"
    "FMUL R8, R8, 0.5 ;\n"
    "SHFL.BFLY PT, R9, R1, 0x1, 0x1f ;\n"
    "VOTE.ANY R10, P1, P0 ;\n"
    "ISETP.GE.AND P0, PT, R1, R2, PT ;\n";
inline constexpr int kSimulatorMixInstructions = 10;

/// Every line of `path`, as written.
inline std::vector<std::string> fileLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(std::move(line));
  return out;
}

/// Lines of `path` that hold an instruction (a ';' outside a `//` comment), comments removed.
inline std::vector<std::string> instructionLines(const std::string& path) {
  std::vector<std::string> out;
  for (const std::string& line : fileLines(path)) {
    const auto code = line.substr(0, line.find("//"));
    if (code.find(';') != std::string::npos) out.push_back(code);
  }
  return out;
}

/// examples/kernel.asm, then tests/asm/valid.asm, under the source directory `root`.
inline std::vector<std::string> assemblerMix(const std::string& root) {
  std::vector<std::string> mix = instructionLines(root + "/examples/kernel.asm");
  for (auto& l : instructionLines(root + "/tests/asm/valid.asm")) mix.push_back(l);
  return mix;
}

}  // namespace gpuasm::bench
