// The benchmarks' input: instruction lines of the bundled kernel and of the hand-checked valid
// instructions (comments stripped), a realistic mix that gpuasm_asm_bench repeats into its
// 200,000-line file and gpuasm_match_bench lowers once; gpuasm_lsp_bench takes the same files'
// lines verbatim.
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace gpuasm::bench {

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
