// Which spec directory a file uses (workspace/SpecDirectory.h), the one rule of the command line
// and the language server: an override wins; else the specDir of the gpuasm.json nearest upward
// from the file's folder; else none. On a tree of folders made here:
//   root/gpuasm.json            {"specDir": "spec"}
//   root/a/gpuasm.json          {"specDir": "../other"}
//   root/a/deep/er/             (no gpuasm.json: a's applies)
//   root/b/gpuasm.json          {}            (names no spec: none)
//   root/c/gpuasm.json          [1]           (not an object: an error naming it)
#include <gpuasm/workspace/SpecDirectory.h>

#include <gtest/gtest.h>

#include "ScratchDir.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace gpuasm::workspace {
namespace {

namespace fs = std::filesystem;

class SpecDirectory : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(root / "a" / "deep" / "er");
    fs::create_directories(root / "b");
    fs::create_directories(root / "c");
    std::ofstream(root / "gpuasm.json") << R"({"specDir": "spec"})";
    std::ofstream(root / "a" / "gpuasm.json") << R"({"specDir": "../other"})";
    std::ofstream(root / "b" / "gpuasm.json") << "{}";
    std::ofstream(root / "c" / "gpuasm.json") << "[1]";
  }
  std::string at(const fs::path& p) const { return (root / p).lexically_normal().string(); }

  // A folder of this process's own (CTest runs tests as processes, several at once), removed
  // after the test.
  gpuasm::test::ScratchDir scratch{"spec-directory"};
  fs::path root = scratch.path();
};

TEST_F(SpecDirectory, TheNearestGpuasmJsonUpwardFromTheFolder) {
  EXPECT_EQ(nearestProjectFile(at("a/deep/er")), at("a/gpuasm.json"));
  EXPECT_EQ(nearestProjectFile(at("a/deep/er/")), at("a/gpuasm.json"));  // a trailing '/'
  EXPECT_EQ(nearestProjectFile(at("a")), at("a/gpuasm.json"));           // the folder itself first
  EXPECT_EQ(nearestProjectFile(at("a/deep/../../b")), at("b/gpuasm.json"));
  EXPECT_EQ(nearestProjectFile(root.string()), at("gpuasm.json"));
}

TEST_F(SpecDirectory, ItsSpecDirRelativeToTheFileUnlessOverridden) {
  // a/gpuasm.json's "../other" is root/other, from any folder below a.
  EXPECT_EQ(chooseSpecDir(std::nullopt, at("a/deep/er")), (SpecDirChoice{at("other"), at("a/gpuasm.json")}));
  EXPECT_EQ(chooseSpecDir(std::nullopt, root.string()), (SpecDirChoice{at("spec"), at("gpuasm.json")}));
  // --spec-dir (the command line) or the client's setting wins, as given, and reads no file:
  // not even c's, which cannot be used.
  EXPECT_EQ(chooseSpecDir(std::string("mine"), at("c")), (SpecDirChoice{std::string("mine"), ""}));
  // A gpuasm.json naming no spec: none, the fallback — not the root's, further up.
  EXPECT_EQ(chooseSpecDir(std::nullopt, at("b")), SpecDirChoice{});
}

TEST_F(SpecDirectory, AGpuasmJsonThatCannotBeUsedIsAnErrorNamingIt) {
  const auto c = chooseSpecDir(std::nullopt, at("c"));
  ASSERT_FALSE(c.has_value());
  EXPECT_EQ(c.error(), at("c/gpuasm.json") + R"(: must hold a JSON object, like {"specDir": "spec"})");
  EXPECT_EQ(specDirOf(at("missing/gpuasm.json")).error(), at("missing/gpuasm.json") + ": not a regular file");
}

}  // namespace
}  // namespace gpuasm::workspace
