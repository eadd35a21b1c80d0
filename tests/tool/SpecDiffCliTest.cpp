// `gpuasm spec diff` as a user runs it, on copies of isa-db/spec/ that a test edits: the listing,
// the JSON and the exit status. Expected lines are worked out from the edit (the spec line by
// searching the edited text; a word from the old one with the edited field's bits changed by
// hand; a register from the instruction's definition), not taken from the program's output.
#include "ScratchDir.h"
#include "Shell.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

using gpuasm::test::ScratchDir;

namespace {

namespace fs = std::filesystem;

using Outcome = shell::Result;

// Runs gpuasm with `args` in `dir`; stderr joins stdout unless `quiet` (then it is apart).
Outcome runGpuasm(const std::string& args, const fs::path& dir, bool quiet = false) {
  return shell::run(std::string(GPUASM_BINARY) + " " + args, {dir, !quiet});
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// A folder with old/ and new/, each a copy of the spec, removed afterwards.
struct TwoSpecs {
  ScratchDir scratch{"spec-diff"};
  fs::path root = scratch.path();
  TwoSpecs() {
    for (const char* side : {"old", "new"}) {
      fs::create_directories(root / side);
      for (const auto& f : fs::directory_iterator(GPUASM_SPEC_DIR))
        if (f.path().extension() == ".txt" || f.path().extension() == ".isa")
          fs::copy_file(f.path(), root / side / f.path().filename());
    }
  }
  // Replaces the one occurrence of `from` in new/`file`.
  void edit(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = read(root / "new" / file);
    const std::size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    ASSERT_EQ(text.find(from, at + 1), std::string::npos) << from;
    write(root / "new" / file, text.replace(at, from.size(), to));
  }
  // The 1-based line of `needle` in `side`/`file`.
  unsigned lineOf(const std::string& side, const std::string& file, const std::string& needle) const {
    const std::string text = read(root / side / file);
    return 1 + static_cast<unsigned>(
                   std::count(text.begin(), text.begin() + static_cast<long>(text.find(needle)), '\n'));
  }
};

bool has(const std::string& out, const std::string& line) { return out.find(line) != std::string::npos; }

std::string examples() {
  std::string out;
  std::vector<fs::path> files;
  for (const auto& f : fs::directory_iterator(fs::path(GPUASM_SOURCE_DIR) / "examples"))
    if (f.path().extension() == ".asm") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) out += " '" + f.string() + "'";
  return out;
}

const char* kProgram =
    "// @state R1 = -1\n"
    "// @state R2 = 1\n"
    "ISETP.LT.AND P1, PT, R1, R2, PT ;\n"
    "IMNMX R4, R1, R2, !PT ;\n"
    "IADD.X R3, PT, R1, ~R2, P0 ;\n";

TEST(SpecDiffCli, IdenticalSpecsExitZero) {
  TwoSpecs specs;
  Outcome r = runGpuasm("spec diff old new" + examples(), specs.root);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, "spec diff old -> new: 0 changes\n")) << r.out;
  EXPECT_TRUE(has(r.out, "0 lines changed in 5 files\n")) << r.out;
  r = runGpuasm("spec diff old new", specs.root);
  EXPECT_EQ(r.status, 0) << r.out;
}

TEST(SpecDiffCli, RenameAndDefaultChangeInTheListing) {
  TwoSpecs specs;
  specs.edit("000_ialu.txt", "    NE;\n    LT;\n    LE;", "    NE;\n    LESS;\n    LE;");
  specs.edit("000_ialu.txt", "    field<77,  1> IType itype = S32;\n    field<98, 3> Pred pp;",
             "    field<77,  1> IType itype = U32;\n    field<98, 3> Pred pp;");
  write(specs.root / "k.asm", kProgram);
  const unsigned lt = specs.lineOf("new", "000_ialu.txt", "    LESS;");
  const unsigned itype = specs.lineOf("new", "000_ialu.txt", "itype = U32;");
  const Outcome r = runGpuasm("spec diff old new k.asm", specs.root);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r.out, "spec diff old -> new: 2 changes\ntypes and enumerators:\n")) << r.out;
  EXPECT_TRUE(has(r.out, "  new/000_ialu.txt:" + std::to_string(lt) +
                             ": enumerator-renamed CompOp.LT: LT = 0x2 -> LESS = 0x2 (was old/000_ialu.txt:" +
                             std::to_string(lt) + ")\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "  new/000_ialu.txt:" + std::to_string(itype) +
                             ": field-value-changed IMNMX.itype: field<77, 1> IType itype = S32 -> field<77, "
                             "1> IType itype = U32"))
      << r.out;
  EXPECT_TRUE(has(r.out, "k.asm:3: no longer assembles: ISETP.LT.AND P1, PT, R1, R2, PT: ")) << r.out;
  // max(-1, 1) is 1 as S32, 0xffffffff as U32; R1 and R2 are alike in every lane.
  EXPECT_TRUE(has(r.out,
                  "k.asm:4: computes something else: IMNMX R4, R1, R2, !PT: R4 0x00000001 -> 0xffffffff "
                  "(lanes 0-31, values of lane 0)\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "k.asm:4: assembles to another word: IMNMX R4, R1, R2, !PT: 0x")) << r.out;
  EXPECT_FALSE(has(r.out, "k.asm:5:")) << r.out;
  EXPECT_TRUE(has(r.out, "3 lines changed in 1 file\n")) << r.out;
  // Without files: the specs differ.
  EXPECT_EQ(runGpuasm("spec diff old new", specs.root).status, 1);
}

TEST(SpecDiffCli, JsonOfAMovedField) {
  TwoSpecs specs;
  specs.edit("000_ialu.txt", "    field<76,  1> IExt ext = NoX;\n\n    field<98, 3> Pred pp = PT;",
             "    field<77,  1> IExt ext = NoX;\n\n    field<98, 3> Pred pp = PT;");
  write(specs.root / "k.asm", kProgram);
  const Outcome r = runGpuasm("spec diff old new k.asm --json", specs.root, true);
  EXPECT_EQ(r.status, 1) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["old"]["dir"], "old");
  EXPECT_EQ(j["new"]["errors"], 0);
  ASSERT_EQ(j["changes"].size(), 1u);
  const auto& c = j["changes"][0];
  EXPECT_EQ(c["kind"], "field-moved");
  EXPECT_EQ(c["name"], "IADD.ext");
  EXPECT_EQ(c["old"], "field<76, 1> IExt ext = NoX");
  EXPECT_EQ(c["new"], "field<77, 1> IExt ext = NoX");
  EXPECT_EQ(c["newAt"]["file"], "new/000_ialu.txt");
  EXPECT_EQ(c["newAt"]["line"], specs.lineOf("new", "000_ialu.txt", "field<77,  1> IExt ext = NoX;"));
  EXPECT_EQ(c["opcodes"], nlohmann::json({"IADD_RR", "IADD_RU", "IADD_RI", "IADD_RC"}));
  ASSERT_EQ(j["files"].size(), 1u);
  const auto& lines = j["files"][0]["lines"];
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["line"], 5);
  EXPECT_EQ(lines[0]["kind"], "other-word");
  // Under .X, ext is X (1): bit 76 is set in the old word (hex digit 31 - 76/4 = 12 from the left,
  // after "0x", value bit 0 of it), and bit 77 in the new one instead.
  const std::string oldWord = lines[0]["oldWord"], newWord = lines[0]["newWord"];
  ASSERT_EQ(oldWord.size(), 34u);
  const auto digit = [](const std::string& w, unsigned bit) {
    return std::stoul(w.substr(2 + 31 - bit / 4, 1), nullptr, 16);
  };
  EXPECT_EQ(digit(oldWord, 76) & 0x3, 0x1u);
  std::string expected = oldWord;
  expected[2 + 31 - 76 / 4] = "0123456789abcdef"[(digit(oldWord, 76) & ~0x3u) | 0x2u];
  EXPECT_EQ(newWord, expected);
  EXPECT_EQ(j["changed"], true);
}

TEST(SpecDiffCli, UsageAndReadErrorsExitTwo) {
  TwoSpecs specs;
  Outcome r = runGpuasm("spec diff old missing", specs.root);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r.out, "missing")) << r.out;
  r = runGpuasm("spec diff old new no-such.asm", specs.root);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r.out, "no-such.asm")) << r.out;
  r = runGpuasm("spec diff old", specs.root);
  EXPECT_EQ(r.status, 2) << r.out;
}

// A side whose loader reports errors no erratum accounts for is refused, as every command
// refuses such a spec (docs/PROTOCOL.md, "A spec with errors"): `<x>` is no width
// [bad-type-width], and the `>` left after the header's parser stopped is [trailing-text], so 2
// errors. With --allow-spec-errors it is compared as built, and stderr says so.
TEST(SpecDiffCli, ASpecWithErrorsIsRefusedOrComparedAndSaysSo) {
  TwoSpecs specs;
  write(specs.root / "new" / "000_ialu.txt",
        read(specs.root / "new" / "000_ialu.txt") + "\n__DefBitFieldType Broken<x>\n    A;\n");
  Outcome r = runGpuasm("spec diff old new", specs.root);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r.out, "gpuasm: error: the spec in new has 2 errors no erratum accounts for")) << r.out;
  EXPECT_TRUE(has(r.out, ": error: type width must be <1..64> [bad-type-width]")) << r.out;
  EXPECT_FALSE(has(r.out, "type-added")) << r.out;
  r = runGpuasm("spec diff old new --allow-spec-errors", specs.root);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r.out, "gpuasm: warning: the spec in new has 2 errors no erratum accounts for")) << r.out;
  EXPECT_TRUE(has(r.out, ": type-added Broken: ")) << r.out;
}

}  // namespace
