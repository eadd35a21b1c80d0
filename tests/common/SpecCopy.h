// A temporary workspace folder holding a copy of the embedded spec in spec/, for the tests of
// the live spec (tests/workspace, tests/lsp): named by test and process, removed afterwards.
#pragma once

#include <gpuasm/isa/SpecSource.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include <unistd.h>

namespace gpuasm::test {

inline void writeFile(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
}

struct SpecCopy {
  std::filesystem::path root;
  /// The folder `<temp>/<prefix><name>-<pid>`, made anew.
  SpecCopy(const std::string& prefix, const std::string& name)
      : root(std::filesystem::path(::testing::TempDir()) / (prefix + name + "-" + std::to_string(getpid()))) {
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root / "spec");
    for (const isa::SpecFile& f : isa::embeddedSpecFiles())
      writeFile(root / "spec" / std::filesystem::path(f.name).filename(), f.text);
  }
  ~SpecCopy() {
    std::error_code ec;
    std::filesystem::remove_all(root, ec);
  }
  SpecCopy(const SpecCopy&) = delete;
  SpecCopy& operator=(const SpecCopy&) = delete;
};

}  // namespace gpuasm::test
