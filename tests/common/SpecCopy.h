// A temporary workspace folder holding a copy of the embedded spec in spec/, for the tests of
// the live spec (tests/workspace, tests/lsp): named by test, of this process, removed afterwards.
#pragma once

#include <gpuasm/isa/SpecSource.h>

#include "ScratchDir.h"

#include <filesystem>
#include <fstream>
#include <string>

namespace gpuasm::test {

inline void writeFile(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
}

struct SpecCopy {
  ScratchDir scratch;
  std::filesystem::path root;
  /// The folder `<temp>/gpuasm-<prefix><name>-XXXXXX` (a ScratchDir).
  SpecCopy(const std::string& prefix, const std::string& name)
      : scratch(prefix + name), root(scratch.path()) {
    std::filesystem::create_directories(root / "spec");
    for (const isa::SpecFile& f : isa::embeddedSpecFiles())
      writeFile(root / "spec" / std::filesystem::path(f.name).filename(), f.text);
  }
};

}  // namespace gpuasm::test
