// The spec as data: the five spec files in isa-db/spec/ are byte-identical to the user's
// originals (sizes and FNV-1a hashes below were computed from ../shared/isa-spec/ by a separate
// script when the files were copied; when that directory is present the bytes are compared
// directly too), the embedded copy equals the files, and --spec-dir reading behaves.
#include <gpuasm/isa/SpecSource.h>

#include <gtest/gtest.h>

#include "ScratchDir.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

namespace gpuasm::isa {
namespace {

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}

struct Original {
  const char* copy;      // name in isa-db/spec/
  const char* original;  // name in ../shared/isa-spec/
  std::size_t size;
  std::uint64_t hash;
};
constexpr Original kOriginals[] = {
    {"000_ialu.txt", "000_e9f594fc4303614e.txt", 82351, 0x2787def66683c941ull},
    {"001_udp.txt", "001_57e5759d086c6818.txt", 64506, 0x41fcfc7192022951ull},
    {"002_sync.txt", "002_d5c21dfacdef8d77.txt", 16799, 0xc2d19c805280d72aull},
    {"003_xu.txt", "003_f500f7bb2ce4caa1.txt", 17311, 0xf44b4a1da5d5b1b8ull},
    {"004_falu.txt", "004_15ef8e87c34b7fb4.txt", 35729, 0xef24654c19df15cdull},
};

TEST(SpecSource, CopiesAreByteIdenticalToTheUsersSpec) {
  for (const auto& o : kOriginals) {
    const std::string copy = readFile(std::filesystem::path(GPUASM_SPEC_DIR) / o.copy);
    EXPECT_EQ(copy.size(), o.size) << o.copy;
    EXPECT_EQ(fnv1a(copy), o.hash) << o.copy;
    const auto original = std::filesystem::path(GPUASM_SHARED_SPEC_DIR) / o.original;
    if (std::filesystem::exists(original)) {
      EXPECT_EQ(copy, readFile(original)) << o.copy << " vs " << original;
    }
  }
}

TEST(SpecSource, EmbeddedFilesEqualTheFilesOnDisk) {
  const auto files = embeddedSpecFiles();
  ASSERT_EQ(files.size(), 7u);  // five spec files, prelude.isa, errata.isa
  int preludes = 0, errata = 0;
  for (const auto& f : files) {
    const auto base = std::filesystem::path(f.name).filename();
    EXPECT_EQ(f.text, readFile(std::filesystem::path(GPUASM_SPEC_DIR) / base)) << f.name;
    preludes += f.role == SpecFileRole::Prelude;
    errata += f.role == SpecFileRole::Errata;
  }
  EXPECT_EQ(preludes, 1);
  EXPECT_EQ(errata, 1);
}

TEST(SpecSource, SpecDirAddsEmbeddedPreludeAndErrataWhenMissing) {
  const gpuasm::test::ScratchDir dir("spec-dir-test");
  for (const auto& o : kOriginals)
    std::filesystem::copy_file(std::filesystem::path(GPUASM_SPEC_DIR) / o.copy, dir / o.copy);
  std::ofstream(dir / "notes.md") << "not a spec file";
  const auto files = readSpecDir(dir.string());
  ASSERT_TRUE(files.has_value()) << files.error();
  ASSERT_EQ(files->size(), 7u);
  EXPECT_EQ(std::filesystem::path(files->front().name).filename(), "000_ialu.txt");
  std::multiset<SpecFileRole> roles;
  for (const auto& f : *files) roles.insert(f.role);
  EXPECT_EQ(roles.count(SpecFileRole::Spec), 5u);
  EXPECT_EQ(roles.count(SpecFileRole::Prelude), 1u);
  EXPECT_EQ(roles.count(SpecFileRole::Errata), 1u);
}

TEST(SpecSource, SpecDirErrorsAreValuesNamingThePath) {
  const auto missing = readSpecDir("/nonexistent/gpuasm/spec");
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().find("/nonexistent/gpuasm/spec"), std::string::npos);
  const gpuasm::test::ScratchDir dir("empty-spec-dir");
  const auto empty = readSpecDir(dir.string());
  ASSERT_FALSE(empty.has_value());
  EXPECT_NE(empty.error().find("no .txt or .isa files"), std::string::npos);
}

}  // namespace
}  // namespace gpuasm::isa
