// `gpuasm doc OUT_DIR [--spec-dir DIR]` driven as a user drives it: the pages it writes, its
// exit statuses (0 written, 2 a usage error or a directory it cannot write), and --spec-dir
// with a copy of the spec whose edited description shows on the instruction's page.
#include "Shell.h"
#include "SpecCopy.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

using DocRun = shell::Result;

DocRun gpuasm(const std::string& args) {
  return shell::run(std::string(GPUASM_BINARY) + " " + args, {{}, true});
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DocCommand, WritesTheReferenceAndExitsZero) {
  gpuasm::test::SpecCopy dir("doc-", "write");
  const auto out = dir.root / "reference" / "nested";  // made when missing
  const DocRun r = gpuasm("doc " + out.string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("index.html"), std::string::npos) << r.out;
  for (const char* file : {"index.html", "errata.html", "reference.css", "reference.js",
                           "instruction-SHFL.html", "instruction-IMAD_WIDE.html", "type-SHFLMode.html"})
    EXPECT_TRUE(std::filesystem::is_regular_file(out / file)) << file;
  // The bound: the whole spec in at most 10 MB of pages.
  std::uintmax_t bytes = 0;
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(out)) {
    bytes += e.file_size();
    ++files;
  }
  EXPECT_LE(bytes, 10u << 20);
  EXPECT_NE(r.out.find(std::to_string(files) + " files, " + std::to_string(bytes) + " bytes"),
            std::string::npos)
      << r.out;
  // Written again over itself: the same pages.
  const std::string before = read(out / "instruction-SHFL.html");
  ASSERT_EQ(gpuasm("doc " + out.string()).status, 0);
  EXPECT_EQ(read(out / "instruction-SHFL.html"), before);
}

TEST(DocCommand, UsageErrorsAndUnwritableDirectoriesExitWithTwo) {
  gpuasm::test::SpecCopy dir("doc-", "errors");
  EXPECT_EQ(gpuasm("doc").status, 2);  // OUT_DIR is required
  EXPECT_EQ(gpuasm("doc a b").status, 2);
  const auto file = dir.root / "a-file";
  gpuasm::test::writeFile(file, "not a directory");
  const DocRun overFile = gpuasm("doc " + file.string());
  EXPECT_EQ(overFile.status, 2);
  EXPECT_NE(overFile.out.find("gpuasm doc: cannot make the directory"), std::string::npos) << overFile.out;
  EXPECT_EQ(gpuasm("doc " + (file / "below").string()).status, 2);
  const auto readOnly = dir.root / "read-only";
  std::filesystem::create_directories(readOnly);
  std::filesystem::permissions(readOnly,
                               std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  if (::geteuid() != 0) {  // root writes anyway
    const DocRun denied = gpuasm("doc " + readOnly.string());
    EXPECT_EQ(denied.status, 2) << denied.out;
    EXPECT_NE(denied.out.find("gpuasm doc: cannot write"), std::string::npos) << denied.out;
  }
  std::filesystem::permissions(readOnly, std::filesystem::perms::owner_all);
  EXPECT_EQ(gpuasm("doc " + (dir.root / "out").string() + " --spec-dir /nonexistent/spec").status, 2);
  EXPECT_EQ(gpuasm("doc --help").status, 0);
}

TEST(DocCommand, SpecDirChangesThePages) {
  gpuasm::test::SpecCopy dir("doc-", "spec-dir");
  // SHFL's __Description (002_sync.txt:57) with a sentence of our own in front.
  const auto sync = dir.root / "spec" / "002_sync.txt";
  std::string text = read(sync);
  const std::string first = "在同一个warp的参与线程之间进行GPR值的交换";
  const auto at = text.find(first);
  ASSERT_NE(at, std::string::npos);
  text.insert(at, "Edited for the test: a < b & c. ");
  gpuasm::test::writeFile(sync, text);
  const auto out = dir.root / "reference";
  const DocRun r = gpuasm("doc " + out.string() + " --spec-dir " + (dir.root / "spec").string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(read(out / "instruction-SHFL.html").find("Edited for the test: a &lt; b &amp; c. " + first),
            std::string::npos);
  ASSERT_EQ(gpuasm("doc " + out.string()).status, 0);  // the embedded spec again
  EXPECT_EQ(read(out / "instruction-SHFL.html").find("Edited for the test"), std::string::npos);
}

}  // namespace
