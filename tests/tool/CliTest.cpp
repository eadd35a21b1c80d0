// The gpuasm binary driven as a user drives it: `spec`, `spec --json`, `spec --lint`,
// `--spec-dir`, `dis`, `check`, `run`, `test` (with its JUnit XML read back by a strict parser),
// `lsp`, and the exit statuses of DESIGN.md §6 (0 fine, 1 input errors, 2 usage
// or I/O error). Bad input — unknown options, missing directories, garbage spec files — must
// give a clear message and never crash.
#include "RenamedU32Spec.h"
#include "ScratchDir.h"
#include "Shell.h"
#include "XmlTree.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>
#include <arpa/inet.h>
#include <csignal>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

using gpuasm::test::ScratchDir;

namespace {

using CliRun = shell::Result;

// Runs gpuasm in `dir` (the current directory by default), stdout and stderr together in `out`.
CliRun runGpuasm(const std::string& args, const std::string& dir = {}) {
  return shell::run(std::string(GPUASM_BINARY) + " " + args, {dir, true});
}

TEST(Cli, SpecJsonHasTheWholeDatabase) {
  const CliRun r = runGpuasm("spec --json");
  ASSERT_EQ(r.status, 0) << r.out.substr(0, 500);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["counts"]["optypes"], 72);
  EXPECT_EQ(j["counts"]["opcodes"], 248);
  EXPECT_EQ(j["counts"]["specTypes"], 27);
  EXPECT_EQ(j["counts"]["groups"], 6);
  ASSERT_EQ(j["opcodes"].size(), 248u);
  for (const auto& op : j["opcodes"]) {
    ASSERT_FALSE(op["fields"].empty()) << op["name"];
    for (const auto& f : op["fields"]) {
      EXPECT_TRUE(f.contains("offset") && f.contains("width") && f.contains("type") &&
                  f.contains("presence"));
    }
  }
  // A spot check against 000:454-470: IMAD.WIDE's forms and its .itype domain with default S32.
  for (const auto& o : j["optypes"]) {
    if (o["name"] != "IMAD_WIDE") continue;
    EXPECT_EQ(o["mnemonic"], "IMAD.WIDE");
    ASSERT_EQ(o["syntax"]["forms"].size(), 2u);
    EXPECT_EQ(o["syntax"]["domains"][0]["variable"], "itype");
    EXPECT_EQ(o["syntax"]["domains"][0]["values"][0]["spelling"], "S32");
    EXPECT_EQ(o["syntax"]["domains"][0]["values"][0]["default"], true);
    EXPECT_NE(o["docs"]["description"]["text"].template get<std::string>().find("Rd = Ra * SrcB + SrcC"),
              std::string::npos);
  }
}

TEST(Cli, SpecLintPrintsCompilerStyleDiagnostics) {
  const CliRun r = runGpuasm("spec --lint");
  EXPECT_EQ(r.status, 1);  // the spec has E-level problems (L-31, L-39, L-41)
  const std::regex line(
      R"(^\S+:\d+:\d+: (error|warning|note): .+ \[[a-z0-9-]+\]( \(erratum [A-Z]-\d+[a-z]?\))?$)");
  std::size_t checked = 0;
  std::size_t start = 0;
  while (start < r.out.size()) {
    const std::size_t nl = r.out.find('\n', start);
    const std::string l = r.out.substr(start, nl - start);
    start = nl == std::string::npos ? r.out.size() : nl + 1;
    if (l.find(" errors, ") != std::string::npos) continue;  // the summary line
    EXPECT_TRUE(std::regex_match(l, line)) << l;
    ++checked;
  }
  EXPECT_GT(checked, 100u);
  EXPECT_NE(
      r.out.find("isa-db/spec/000_ialu.txt:2110:1: warning: section header __Examples starts in column 0"),
      std::string::npos);
  EXPECT_NE(r.out.find("isa-db/spec/000_ialu.txt:604:5: error: Order<> of IMAD_WIDE_RCR"), std::string::npos);
}

TEST(Cli, SpecLintJson) {
  const CliRun r = runGpuasm("spec --lint --json");
  EXPECT_EQ(r.status, 1);
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j["diagnostics"].is_array());
  bool l41 = false;
  for (const auto& d : j["diagnostics"]) l41 |= d["line"] == 604 && d["erratum"] == "L-41";
  EXPECT_TRUE(l41);
}

TEST(Cli, SpecDirLoadsTheSameDatabase) {
  const CliRun r = runGpuasm(std::string("spec --json --spec-dir ") + GPUASM_SPEC_DIR);
  ASSERT_EQ(r.status, 0) << r.out.substr(0, 300);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["counts"]["opcodes"], 248);
  EXPECT_EQ(j["counts"]["errata"], j["errata"].size());
}

TEST(Cli, UsageAndIoErrorsExitWithTwo) {
  EXPECT_EQ(runGpuasm("").status, 2);
  const CliRun unknown = runGpuasm("frobnicate");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("unknown command 'frobnicate'"), std::string::npos);
  const CliRun badOption = runGpuasm("spec --bogus");
  EXPECT_EQ(badOption.status, 2);
  EXPECT_NE(badOption.out.find("gpuasm spec: The following argument was not expected: --bogus"),
            std::string::npos)
      << badOption.out;
  EXPECT_NE(badOption.out.find("gpuasm spec --help"), std::string::npos) << badOption.out;
  const CliRun missingDir = runGpuasm("spec --spec-dir /nonexistent/spec");
  EXPECT_EQ(missingDir.status, 2);
  EXPECT_NE(missingDir.out.find("/nonexistent/spec"), std::string::npos);
  EXPECT_EQ(runGpuasm("spec --spec-dir").status, 2);
  EXPECT_EQ(runGpuasm("dis").status, 2);
  EXPECT_EQ(runGpuasm("dis --file /nonexistent/words.txt").status, 2);
  EXPECT_EQ(runGpuasm("--help").status, 0);
  // The same errors, and status 2, from every subcommand.
  EXPECT_EQ(runGpuasm("run --step-limit many x.asm").status, 2);
  EXPECT_EQ(runGpuasm("test --junit").status, 2);
  EXPECT_EQ(runGpuasm("check").status, 2);
  EXPECT_EQ(runGpuasm("stats").status, 2);
  EXPECT_EQ(runGpuasm("asm a.asm b.asm").status, 2);
  EXPECT_EQ(runGpuasm("dap --port 70000").status, 2);
}

TEST(Cli, EverySubcommandHasHelp) {
  for (const char* command :
       {"spec", "check", "stats", "asm", "parse", "run", "test", "lsp", "dap", "dis", "doc"}) {
    const CliRun help = runGpuasm(std::string(command) + " --help");
    EXPECT_EQ(help.status, 0) << command;
    EXPECT_NE(help.out.find(std::string("Usage: gpuasm ") + command), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("exit status: 0 fine, 1 the input has errors, 2 usage or I/O error"),
              std::string::npos)
        << help.out;
  }
  const CliRun all = runGpuasm("--help");
  for (const char* command : {"spec", "check", "asm", "parse", "run", "test", "lsp", "dap", "dis", "doc"})
    EXPECT_NE(all.out.find(std::string("\n  ") + command + " "), std::string::npos)
        << command << " is not listed";
}

// The SHA-256 of `files`' bytes concatenated, by coreutils' sha256sum: a computation
// independent of gpuasm's.
std::string sha256sumOf(const std::vector<std::filesystem::path>& files) {
  std::string cmd = "cat";
  for (const auto& f : files) cmd += " " + shell::quoted(f.string());
  return shell::run(cmd + " | sha256sum").out.substr(0, 64);
}

std::vector<std::filesystem::path> sortedFiles(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// --version names the version of CMakeLists.txt's project(), the commit (a hex hash, perhaps
// -dirty, or "unknown" outside git) and the spec in use by its SHA-256: the embedded one, or
// the directory the nearest gpuasm.json names.
TEST(Cli, VersionNamesTheCommitAndTheSpecInUse) {
  const ScratchDir project("cli-version");
  const CliRun embedded = runGpuasm("--version", project.string());
  EXPECT_EQ(embedded.status, 0);
  const std::regex shape(
      "gpuasm 0\\.1\\.0\ncommit ([0-9a-f]{12}(-dirty)?( \\(\\d{4}-\\d\\d-\\d\\d\\))?|unknown)\n"
      "spec: embedded, sha256 ([0-9a-f]{64})\n");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(embedded.out, m, shape)) << embedded.out;
  EXPECT_EQ(m[4].str(), sha256sumOf(sortedFiles(GPUASM_SPEC_DIR)));

  // A project's copy with one byte changed is another spec, named with the gpuasm.json.
  std::filesystem::create_directories(project / "spec");
  for (const auto& file : sortedFiles(GPUASM_SPEC_DIR))
    std::filesystem::copy_file(file, project / "spec" / file.filename());
  std::ofstream(project / "spec" / "004_falu.txt", std::ios::app) << "\n";
  std::ofstream(project / "gpuasm.json") << R"({"specDir": "spec"})";
  const CliRun copy = runGpuasm("--version", project.string());
  EXPECT_EQ(copy.status, 0);
  const std::string expected = "spec: " + (project / "spec").string() + " (named by " +
                               (project / "gpuasm.json").string() + "), sha256 " +
                               sha256sumOf(sortedFiles(project / "spec")) + "\n";
  EXPECT_NE(copy.out.find(expected), std::string::npos) << copy.out << "expected: " << expected;
  EXPECT_EQ(copy.out.find(m[4].str()), std::string::npos) << copy.out;
}

// gpuasm(1) is written from the command table of --help: every subcommand --help lists has its
// section, and every option a subcommand's --help lists is in that section.
TEST(Cli, TheManPageHasEveryCommandAndOptionOfHelp) {
  const CliRun man = runGpuasm("--manpage");
  EXPECT_EQ(man.status, 0);
  EXPECT_EQ(man.out.rfind(".\\\" gpuasm(1)", 0), 0u) << man.out.substr(0, 200);
  EXPECT_NE(man.out.find("\n.TH GPUASM 1 "), std::string::npos);
  for (const char* section :
       {".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH EXIT STATUS", ".SH FILES"})
    EXPECT_NE(man.out.find(std::string("\n") + section + "\n"), std::string::npos) << section;
  const std::regex option("--([a-z][a-z-]*)");
  for (const char* command :
       {"spec", "spec diff", "check", "asm", "parse", "run", "test", "lsp", "dap", "dis", "completion"}) {
    const auto at = man.out.find(std::string("\n.SS gpuasm ") + command + "\n");
    ASSERT_NE(at, std::string::npos) << command;
    const std::string section = man.out.substr(at, man.out.find("\n.S", at + 1) - at);
    const std::string help = runGpuasm(std::string(command) + " --help").out;
    for (std::sregex_iterator it(help.begin(), help.end(), option), end; it != end; ++it) {
      if ((*it)[1] == "help") continue;
      // roff writes '-' as "\-".
      std::string roffName = "\\-\\-";
      for (char c : (*it)[1].str()) roffName += c == '-' ? std::string("\\-") : std::string(1, c);
      EXPECT_NE(section.find(roffName), std::string::npos)
          << command << " --" << (*it)[1] << " is not in its section";
    }
  }
}

// The bash completion, run in bash as the shell runs it: subcommands, a subcommand's options,
// .asm files for a FILE, JSON files for --state, directories for --spec-dir, nothing for N.
TEST(Cli, BashCompletesCommandsOptionsAndFiles) {
  const ScratchDir dir("cli-completion");
  std::filesystem::create_directories(dir / "specs");
  std::ofstream(dir / "k.asm") << "NOP ;\n";
  std::ofstream(dir / "notes.txt") << "x\n";
  std::ofstream(dir / "s.json") << "{}\n";
  const CliRun script = runGpuasm("completion bash > completion.bash", dir.string());
  ASSERT_EQ(script.status, 0) << script.out;
  const auto complete = [&](const std::string& words) {
    return shell::run("source ./completion.bash; COMP_WORDS=(" + words +
                          "); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _gpuasm; printf \"%s\\n\" "
                          "\"${COMPREPLY[@]}\" | sort | tr \"\\n\" \" \"",
                      {dir, true})
        .out;
  };
  EXPECT_EQ(complete("gpuasm ch"), "check ");
  EXPECT_EQ(complete("gpuasm d"), "dap dis doc ");
  EXPECT_EQ(complete("gpuasm doc \"\""), "specs ");  // OUT_DIR: directories
  EXPECT_EQ(complete("gpuasm run --s"), "--spec-dir --state --step-limit ");
  EXPECT_EQ(complete("gpuasm check \"\""), "k.asm specs ");
  EXPECT_EQ(complete("gpuasm run --state \"\""), "s.json specs ");
  EXPECT_EQ(complete("gpuasm spec --spec-dir \"\""), "specs ");
  EXPECT_EQ(complete("gpuasm check -j \"\""), " ");
  EXPECT_EQ(complete("gpuasm --v"), "--version ");
  EXPECT_EQ(complete("gpuasm spec d"), "diff ");  // a command's own subcommand
  EXPECT_EQ(complete("gpuasm spec diff --j"), "--json ");
  EXPECT_EQ(complete("gpuasm spec diff \"\""), "k.asm specs ");
}

std::string fileBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `asm -o` writes each word as 16 bytes, bits 0..7 first. IADD R1, R1, R2 is
// 0x00001c3c000000000000000201017000 (encoded by hand from 000_ialu.txt:105-119 and 181-184
// with the prelude's values: pg=7 at 12, rd=1 at 16, ra=1 at 24, rb=2 at 32, pp=7 at 98,
// pp.not=1 at 101, pu=7 at 106), so its bytes are 00 70 01 01 02 00 00 00, 00 00 00 00 3c 1c 00 00.
TEST(Cli, AsmWritesMachineCodeLittleEndian) {
  const ScratchDir dir("cli-machine-code");
  std::ofstream(dir / "iadd.asm") << "IADD R1, R1, R2 ;\nIADD R1, R1, R2 ;\n";
  const CliRun r = runGpuasm("asm " + (dir / "iadd.asm").string() + " -o " + (dir / "iadd.bin").string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "");  // no listing with -o
  const std::string word("\x00\x70\x01\x01\x02\x00\x00\x00\x00\x00\x00\x00\x3c\x1c\x00\x00", 16);
  EXPECT_EQ(fileBytes(dir / "iadd.bin"), word + word);
  const CliRun back = runGpuasm("dis --binary " + (dir / "iadd.bin").string());
  EXPECT_NE(back.out.find("0x00001c3c000000000000000201017000  IADD R1, R1, R2 ;"), std::string::npos)
      << back.out;

  // An input with errors writes nothing and leaves an existing file alone.
  std::ofstream(dir / "kept.bin") << "kept";
  const CliRun bad = runGpuasm("asm " + std::string(GPUASM_SOURCE_DIR) +
                               "/examples/illegal-modifier.asm -o " + (dir / "kept.bin").string());
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.out.find("not written"), std::string::npos) << bad.out;
  EXPECT_EQ(fileBytes(dir / "kept.bin"), "kept");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()),
            3);  // no leftovers
  EXPECT_EQ(runGpuasm("asm " + (dir / "iadd.asm").string() + " -o /nonexistent/dir/out.bin").status, 2);
  EXPECT_EQ(runGpuasm("asm " + (dir / "iadd.asm").string() + " -o x.bin --json").status, 2);

  // A file that is not whole 16-byte words is an input error.
  std::ofstream(dir / "short.bin") << std::string(20, '\0');
  const CliRun partial = runGpuasm("dis --binary " + (dir / "short.bin").string());
  EXPECT_EQ(partial.status, 1);
  EXPECT_NE(partial.out.find("20 bytes is not a whole number of 16-byte instructions (4 left over)"),
            std::string::npos)
      << partial.out;
}

// assemble -> machine code -> dis --asm -> assemble gives the same bytes, for every example
// that assembles (illegal-modifier.asm and spec-examples.asm hold errors on purpose).
TEST(Cli, MachineCodeRoundTripsThroughTheDisassembler) {
  const ScratchDir dir("cli-round-trip");
  int roundTrips = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(GPUASM_SOURCE_DIR) + "/examples")) {
    if (entry.path().extension() != ".asm") continue;
    const std::string name = entry.path().stem().string();
    const auto first = dir / (name + ".bin"), text = dir / (name + ".dis.asm"),
               second = dir / (name + ".again.bin");
    const CliRun assembled = runGpuasm("asm " + entry.path().string() + " -o " + first.string());
    if (name == "illegal-modifier" || name == "spec-examples") {
      EXPECT_EQ(assembled.status, 1) << name;
      continue;
    }
    ASSERT_EQ(assembled.status, 0) << name << ": " << assembled.out;
    const CliRun dis = runGpuasm("dis --asm --binary " + first.string() + " > " + text.string());
    ASSERT_EQ(dis.status, 0) << name << ": " << dis.out;
    const CliRun again = runGpuasm("asm " + text.string() + " -o " + second.string());
    ASSERT_EQ(again.status, 0) << name << ": " << again.out;
    EXPECT_GT(fileBytes(first).size(), 0u) << name;
    EXPECT_EQ(fileBytes(first), fileBytes(second)) << name;
    ++roundTrips;
  }
  EXPECT_GE(roundTrips, 3);
}

// Bytes that are not UTF-8 are shown as \xNN in diagnostics, never raw; valid UTF-8 stays as
// it is; the JSON stays valid.
TEST(Cli, InvalidUtf8IsEscapedInDiagnostics) {
  const ScratchDir dir("cli-utf8");
  std::ofstream(dir / "bytes.asm") << "FOO\xfe\xfd R1 ;\nMOV R2, \xc3\xa9x ;\n";
  const CliRun r = runGpuasm("check " + (dir / "bytes.asm").string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("unexpected '\\xfe\\xfd'"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\xfe'), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("'\xc3\xa9x'"), std::string::npos) << r.out;
  const CliRun j = runGpuasm("check --json " + (dir / "bytes.asm").string());
  const auto parsed = nlohmann::json::parse(j.out);
  EXPECT_EQ(parsed["files"][0]["diagnostics"][0]["message"], "unexpected '\\xfe\\xfd'");
}

// `check -j N` checks files at once and prints them in the order given: the same output as one
// at a time.
TEST(Cli, CheckInParallelKeepsTheFilesOrder) {
  const ScratchDir dir("cli-parallel");
  std::string files;
  for (int i = 0; i < 12; ++i) {
    const auto path = dir / ("f" + std::to_string(i) + ".asm");
    // Every third file has an error on line i + 1 (an unknown mnemonic), the others are clean.
    std::ofstream out(path);
    for (int line = 0; line < i; ++line) out << "MOV R1, 0x1 ;\n";
    out << (i % 3 == 0 ? "IADDD R1, R1, R1 ;\n" : "MOV R2, 0x2 ;\n");
    files += " " + path.string();
  }
  const CliRun one = runGpuasm("check -j 1" + files);
  const CliRun four = runGpuasm("check -j 4" + files);
  EXPECT_EQ(one.status, 1);
  EXPECT_EQ(four.status, 1);
  EXPECT_EQ(four.out, one.out);
  std::size_t at = 0;
  for (int i = 0; i < 12; i += 3) {
    const std::string expected =
        "f" + std::to_string(i) + ".asm:" + std::to_string(i + 1) + ":1: error: unknown mnemonic 'IADDD'";
    const std::size_t found = four.out.find(expected, at);
    ASSERT_NE(found, std::string::npos) << expected << " in order in " << four.out;
    at = found;
  }
  EXPECT_EQ(runGpuasm("check -j 0" + files).status, 2);
}

TEST(Cli, GarbageSpecDirGivesDiagnosticsNotACrash) {
  const ScratchDir dir("cli-garbage");
  std::mt19937 rng(7);
  std::string bytes(200000, '\0');
  for (auto& c : bytes) c = static_cast<char>(rng() & 0xFF);
  std::ofstream(dir / "000_garbage.txt", std::ios::binary) << bytes;
  std::ofstream(dir / "001_broken.txt")
      << "__DefOptype\n__DefOpcode X : [NOPE]\n  __Encoding\n    field<200, 8> Reg rd;\n\xff\xfe\n";
  const CliRun r = runGpuasm("spec --lint --spec-dir " + dir.string());
  EXPECT_EQ(r.status, 1) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("001_broken.txt:4:5: error: field<200, 8> exceeds the 128-bit word"),
            std::string::npos)
      << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("001_broken.txt:2:"), std::string::npos);
}

// Writes the spec files into `dir` with IType's U32 (000_ialu.txt line 15) and the
// `.itype = {.S32*, .U32}` domain of IMAD.WIDE (line 472) renamed to UINT32, so under it
// `.UINT32` is the legal modifier of IMAD.WIDE and `.U32` none, the other way round from the
// embedded spec.
void writeRenamedU32Spec(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  for (const auto& entry : std::filesystem::directory_iterator(GPUASM_SPEC_DIR)) {
    std::string text = fileBytes(entry.path());
    if (entry.path().filename() == "000_ialu.txt") {
      ASSERT_NO_FATAL_FAILURE(specedit::renameU32InIalu(text));
    }
    std::ofstream(dir / entry.path().filename(), std::ios::binary) << text;
  }
}

// A project's gpuasm.json names its spec for every command run in it or below it (README
// "gpuasm.json"); the project's spec is writeRenamedU32Spec's.
TEST(Cli, AProjectFileChoosesTheSpecOfEveryCommandBelowIt) {
  const ScratchDir project("cli-project");
  std::filesystem::create_directories(project / "src" / "deeper");
  ASSERT_NO_FATAL_FAILURE(writeRenamedU32Spec(project / "spec"));
  std::ofstream(project / "gpuasm.json") << R"({"specDir": "spec"})";
  std::ofstream(project / "src" / "t.asm")
      << "IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;\nIMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13] ;\n";
  const std::string deeper = (project / "src" / "deeper").string();
  CliRun r = runGpuasm("check --no-dataflow ../t.asm", deeper);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("../t.asm:1:11: error: .U32 is not a modifier of IMAD.WIDE"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("t.asm:2:"), std::string::npos) << r.out;
  // --spec-dir wins over gpuasm.json (line 1's inputs, read unset, are dataflow warnings: left out).
  r = runGpuasm(std::string("check --no-dataflow --spec-dir ") + GPUASM_SPEC_DIR + " ../t.asm", deeper);
  EXPECT_NE(r.out.find("../t.asm:2:11: error: .UINT32 is not a modifier of IMAD.WIDE"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("t.asm:1:"), std::string::npos) << r.out;
  // A gpuasm.json that cannot be used is a usage error naming it, for every command.
  std::ofstream(project / "gpuasm.json", std::ios::trunc) << R"({"specDir": "spec",})";
  r = runGpuasm("check ../t.asm", deeper);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find((project / "gpuasm.json").string() + ": not valid JSON"), std::string::npos) << r.out;
  std::ofstream(project / "gpuasm.json", std::ios::trunc) << R"({"specDir": "nowhere"})";
  r = runGpuasm("spec", deeper);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("nowhere' does not exist"), std::string::npos) << r.out;
}

// Two projects in one tree pinned to specs that disagree on an enumerator: a/ to a copy of
// the spec as it is, b/ to writeRenamedU32Spec's. Each FILE is checked against the spec of the
// gpuasm.json nearest upward from its own folder, wherever the command runs (docs/PROTOCOL.md):
// in the tree's root (which has no gpuasm.json), in a/, and in an unrelated directory whose own
// gpuasm.json names a spec that does not exist (a command that looked there would exit 2).
TEST(Cli, EachFileUsesTheSpecOfItsOwnProject) {
  const ScratchDir tree("cli-two-projects");
  std::filesystem::create_directories(tree / "a" / "spec");
  for (const auto& entry : std::filesystem::directory_iterator(GPUASM_SPEC_DIR))
    std::filesystem::copy_file(entry.path(), tree / "a" / "spec" / entry.path().filename());
  ASSERT_NO_FATAL_FAILURE(writeRenamedU32Spec(tree / "b" / "spec"));
  const std::string k =
      "IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;\nIMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13] ;\n";
  for (const char* p : {"a", "b"}) {
    std::ofstream(tree / p / "gpuasm.json") << R"({"specDir": "spec"})";
    std::ofstream(tree / p / "k.asm") << k;
  }
  const ScratchDir elsewhere("cli-two-projects-elsewhere");
  std::ofstream(elsewhere / "gpuasm.json") << R"({"specDir": "nowhere"})";

  // Per file (in argument order) its diagnostics as (line, column, code, message).
  using Found = std::vector<std::tuple<int, int, std::string, std::string>>;
  auto check = [](const std::string& files, const std::string& dir) {
    // The spec's verdicts only: line 1's inputs, read unset, are dataflow warnings.
    const CliRun r = runGpuasm("check --json --no-dataflow " + files, dir);
    EXPECT_EQ(r.status, 1) << dir << "\n" << r.out;
    std::vector<Found> found;
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    if (j.is_discarded()) {
      ADD_FAILURE() << "not JSON from " << dir << ":\n" << r.out;
      return found;
    }
    for (const auto& f : j["files"]) {
      Found one;
      for (const auto& d : f["diagnostics"])
        one.emplace_back(d["line"].get<int>(), d["column"].get<int>(), d["code"].get<std::string>(),
                         d["message"].get<std::string>());
      found.push_back(std::move(one));
    }
    return found;
  };
  // a/ (the spec as it is): line 2's .UINT32 is not a modifier; b/ (renamed): line 1's .U32 is
  // not, and b's domain {.S32, .UINT32} has .S32 one letter from it. Both modifiers start after
  // the 10 bytes of "IMAD.WIDE.", at column 11.
  const std::vector<Found> expected = {
      {{2, 11, "unknown-modifier", ".UINT32 is not a modifier of IMAD.WIDE"}},
      {{1, 11, "unknown-modifier", ".U32 is not a modifier of IMAD.WIDE; did you mean .S32?"}}};
  EXPECT_EQ(check("a/k.asm b/k.asm", tree.string()), expected);
  EXPECT_EQ(check("k.asm ../b/k.asm", (tree / "a").string()), expected);
  const std::string absolute = (tree / "a" / "k.asm").string() + " " + (tree / "b" / "k.asm").string();
  EXPECT_EQ(check(absolute, elsewhere.string()), expected);
  // The order of the arguments is the order of the output, also when the specs alternate.
  const std::string bab = (tree / "b" / "k.asm").string() + " " + (tree / "a" / "k.asm").string() + " " +
                          (tree / "b" / "k.asm").string();
  EXPECT_EQ(check(bab, elsewhere.string()), (std::vector<Found>{expected[1], expected[0], expected[1]}));
  // --spec-dir names the spec of every file.
  const CliRun all =
      runGpuasm(std::string("check --spec-dir ") + GPUASM_SPEC_DIR + " " + absolute, elsewhere.string());
  EXPECT_EQ(all.status, 1) << all.out;
  EXPECT_NE(all.out.find("a/k.asm:2:11: error: .UINT32 is not a modifier"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("b/k.asm:2:11: error: .UINT32 is not a modifier"), std::string::npos) << all.out;
  EXPECT_EQ(all.out.find(".U32 is not"), std::string::npos) << all.out;

  // The other commands that take files, run in a/ on a file of b's that only b's spec accepts:
  // it assembles (exit 0); under a's spec it would not (exit 1). `run` gets past assembling to
  // the simulator, whose semantics know IMAD.WIDE's modifiers by the spec's names (U32), so b's
  // renamed one stops it there instead.
  const std::string a = (tree / "a").string();
  std::ofstream(tree / "b" / "u.asm") << "IMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13] ;\n";
  for (const char* command : {"check", "asm", "run", "stats", "test"}) {
    const CliRun r = runGpuasm(std::string(command) + " ../b/u.asm", a);
    const bool run = std::string(command) == "run";
    EXPECT_EQ(r.status, run ? 1 : 0) << command << "\n" << r.out;
    EXPECT_EQ(r.out.find("is not a modifier"), std::string::npos) << command << "\n" << r.out;
    if (run) {
      EXPECT_NE(r.out.find("the simulator does not know .UINT32"), std::string::npos) << r.out;
    }
    const CliRun there = runGpuasm(std::string(command) + " --spec-dir spec ../b/u.asm", a);
    EXPECT_EQ(there.status, 1) << command << "\n" << there.out;
  }
  // `stats` and `test` with a file of each project, from the unrelated directory.
  for (const char* command : {"stats", "test"}) {
    const CliRun r = runGpuasm(std::string(command) + " " + absolute, elsewhere.string());
    EXPECT_EQ(r.status, 1) << command << "\n" << r.out;
    if (std::string(command) == "test") {
      EXPECT_NE(r.out.find("a/k.asm:2:11: error: .UINT32 is not a modifier"), std::string::npos) << r.out;
      EXPECT_NE(r.out.find("b/k.asm:1:11: error: .U32 is not a modifier"), std::string::npos) << r.out;
    }
  }
  // `dis --file`: one word decodes to the spelling of the word's file's project. The word is
  // IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] as a/ assembles it (itype U32 is IType value 1
  // in both specs, only its name differs).
  const CliRun word = runGpuasm("asm k.asm", a);
  const std::size_t hex = word.out.find("0x");
  ASSERT_NE(hex, std::string::npos) << word.out;
  for (const char* p : {"a", "b"}) std::ofstream(tree / p / "w.txt") << word.out.substr(hex, 34) << "\n";
  const CliRun disA = runGpuasm("dis --asm --file " + (tree / "a" / "w.txt").string(), elsewhere.string());
  const CliRun disB = runGpuasm("dis --asm --file " + (tree / "b" / "w.txt").string(), elsewhere.string());
  EXPECT_NE(disA.out.find("IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13]"), std::string::npos) << disA.out;
  EXPECT_NE(disB.out.find("IMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13]"), std::string::npos) << disB.out;
  // A file's project whose gpuasm.json cannot be used is named, as when the command runs there.
  const CliRun broken = runGpuasm("check " + (elsewhere / "x.asm").string(), tree.string());
  EXPECT_EQ(broken.status, 2) << broken.out;
  EXPECT_NE(broken.out.find("gpuasm: " + (elsewhere / "gpuasm.json").string() + ": "), std::string::npos)
      << broken.out;
}

TEST(Cli, DisDecodesWordsToOpcodeAndFields) {
  // IADD R5, R6, R7 with every default, encoded by hand (see CodecTest.KnownEncodingOfIaddRr).
  const std::string word = "0x00001c3c000000000000000706057000";
  const CliRun text = runGpuasm("dis " + word);
  ASSERT_EQ(text.status, 0) << text.out;
  EXPECT_EQ(text.out, word + "  IADD R5, R6, R7 ;  // IADD_RR\n");
  const CliRun json = runGpuasm("dis --json " + word + " 0xzz");
  EXPECT_EQ(json.status, 1);
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["instructions"].size(), 2u);
  EXPECT_EQ(j["instructions"][0]["opcode"], "IADD_RR");
  EXPECT_EQ(j["instructions"][0]["encoding"], word);
  EXPECT_EQ(j["instructions"][0]["fields"]["rb"], 7);
  EXPECT_EQ(j["instructions"][0]["text"], "IADD R5, R6, R7 ;");
  EXPECT_EQ(j["instructions"][1]["issues"][0]["code"], "bad-word");
}

TEST(Cli, DisReadsWordsFromAFile) {
  const ScratchDir dir("cli-dis");
  std::ofstream(dir / "words.txt") << "// two words\n0x00001c3c000000000000000706057000\n0xff\n";
  const CliRun r = runGpuasm("dis --file " + (dir / "words.txt").string());
  EXPECT_EQ(r.status, 1);  // 0xff has optype 255, which no opcode has
  EXPECT_NE(r.out.find("IADD_RR"), std::string::npos);
  EXPECT_NE(r.out.find("unknown-encoding"), std::string::npos);
}

}  // namespace

namespace {

TEST(Cli, CheckReportsCompilerStyleDiagnostics) {
  const CliRun r = runGpuasm(std::string("check ") + GPUASM_SOURCE_DIR + "/examples/illegal-modifier.asm");
  EXPECT_EQ(r.status, 1);
  // Line and column of each mistake, counted by hand in examples/illegal-modifier.asm.
  EXPECT_NE(r.out.find("illegal-modifier.asm:2:6: error: .SAT is not a modifier of IADD [unknown-modifier]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find(
          "illegal-modifier.asm:5:1: error: unknown mnemonic 'IADDD'; did you mean IADD? [unknown-mnemonic]"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("illegal-modifier.asm:6:2: error:"), std::string::npos) << r.out;
}

TEST(Cli, CheckCleanFileExitsZero) {
  // The kernel has no error; its inputs (R0, R12 and R13, set by whoever launches it) are read
  // before anything sets them: warnings, which leave the exit status 0 unless --werror.
  const CliRun r = runGpuasm(std::string("check ") + GPUASM_SOURCE_DIR + "/examples/kernel.asm");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.find(": error:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("kernel.asm:6:19: warning: R0 is read before anything sets it"), std::string::npos)
      << r.out;
  EXPECT_EQ(runGpuasm(std::string("check --werror ") + GPUASM_SOURCE_DIR + "/examples/kernel.asm").status, 1);
  const CliRun quiet =
      runGpuasm(std::string("check --no-dataflow ") + GPUASM_SOURCE_DIR + "/examples/kernel.asm");
  EXPECT_EQ(quiet.status, 0) << quiet.out;
  EXPECT_TRUE(quiet.out.empty()) << quiet.out;
}

TEST(Cli, CheckJsonShape) {
  const CliRun r = runGpuasm(std::string("check --json ") + GPUASM_SOURCE_DIR +
                             "/examples/illegal-modifier.asm /nonexistent.asm");
  EXPECT_EQ(r.status, 2);  // one file could not be read
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["files"].size(), 2u);
  const auto& d = j["files"][0]["diagnostics"][0];
  EXPECT_EQ(d["line"], 2);
  EXPECT_EQ(d["column"], 6);
  EXPECT_EQ(d["endLine"], 2);
  EXPECT_EQ(d["endColumn"], 9);
  EXPECT_EQ(d["severity"], "error");
  EXPECT_EQ(d["code"], "unknown-modifier");
  EXPECT_NE(j["files"][1]["error"].get<std::string>().find("/nonexistent.asm"), std::string::npos);
}

// Register pressure of a small kernel, worked out by hand (docs/LANGUAGE.md, "Register pressure"):
//   line 1  // @state R5 = 3   R5 and R2, R3 (initial values read on line 4), P0 (read on line 3)
//   line 2  MOV R1             R: R1 R2 R3 R5 = 4   P: P0 = 1
//   line 3  @P0 IADD R1        R: the same 4 (the guarded write keeps line 2's R1 live)   P: P0's last read =
//   1 line 4  IMAD.WIDE R[2:3]   R: last reads of R1 R5 R2 R3, writes R2 R3 (read on line 5) = 4   P: 0 line
//   5  ISETP P1           R: last reads of R2 R3 = 2   P: P1, a result = 1
const char* const kPressureKernel =
    "// @state R5 = 3\n"
    "MOV R1, 0x1 ;\n"
    "@P0 IADD R1, R1, R5 ;\n"
    "IMAD.WIDE R[2:3], R1, R5, R[2:3] ;\n"
    "ISETP.LE.AND.U32 P1, PT, R2, R3, PT ;\n";

TEST(Cli, StatsPrintsThePeaksAndTheRegistersUsed) {
  const ScratchDir dir("cli-stats");
  std::ofstream(dir / "k.asm") << kPressureKernel;
  const CliRun r = runGpuasm("stats k.asm", dir.string());
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out,
            "k.asm: peak 4 R, 1 P at line 2\n"
            "  R  4 used: R1 R2 R3 R5\n"
            "  P  2 used: P0 P1\n");
  const CliRun lines = runGpuasm("stats --lines k.asm", dir.string());
  EXPECT_EQ(lines.status, 0) << lines.out;
  EXPECT_NE(lines.out.find("  line     R    P   UR   UP  statement\n"
                           "     2     4    1    0    0  MOV R1, 0x1 ;\n"
                           "     3     4    1    0    0  @P0 IADD R1, R1, R5 ;\n"
                           "     4     4    0    0    0  IMAD.WIDE R[2:3], R1, R5, R[2:3] ;\n"
                           "     5     2    1    0    0  ISETP.LE.AND.U32 P1, PT, R2, R3, PT ;\n"),
            std::string::npos)
      << lines.out;
}

TEST(Cli, StatsJsonShapeAndExitStatuses) {
  const ScratchDir dir("cli-stats-json");
  std::ofstream(dir / "k.asm") << kPressureKernel;
  std::ofstream(dir / "bad.asm") << "MOV R1, 0x1 ;\nIADD.SAT R2, R1, R1 ;\n";
  const CliRun r = runGpuasm("stats --json --lines k.asm missing.asm", dir.string());
  EXPECT_EQ(r.status, 2) << r.out;  // one file could not be read
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["files"].size(), 2u);
  const auto& k = j["files"][0];
  EXPECT_EQ(k["file"], "k.asm");
  EXPECT_EQ(k["errors"], 0);
  EXPECT_EQ(k["registers"]["R"], nlohmann::json::parse(R"({"peak": 4, "line": 2, "count": 4,
                                                           "used": ["R1", "R2", "R3", "R5"]})"));
  EXPECT_EQ(k["registers"]["P"],
            nlohmann::json::parse(R"({"peak": 1, "line": 2, "count": 2, "used": ["P0", "P1"]})"));
  EXPECT_EQ(k["registers"]["UR"],
            nlohmann::json::parse(R"({"peak": 0, "line": null, "count": 0, "used": []})"));
  EXPECT_EQ(k["lines"], nlohmann::json::parse(R"([{"line": 2, "R": 4, "P": 1, "UR": 0, "UP": 0},
                                                  {"line": 3, "R": 4, "P": 1, "UR": 0, "UP": 0},
                                                  {"line": 4, "R": 4, "P": 0, "UR": 0, "UP": 0},
                                                  {"line": 5, "R": 2, "P": 1, "UR": 0, "UP": 0}])"));
  EXPECT_NE(j["files"][1]["error"].get<std::string>().find("missing.asm"), std::string::npos);
  EXPECT_FALSE(j["files"][0].contains("lines") && j["files"][1].contains("lines"));

  // A file with errors still gets its figures and exit 1. The broken line 2 reads (and may write)
  // R2 and R1: line 1 has R1 and R2's initial value live, line 2 the same two, so the peak is the
  // first, line 1.
  const CliRun bad = runGpuasm("stats bad.asm", dir.string());
  EXPECT_EQ(bad.status, 1) << bad.out;
  EXPECT_NE(bad.out.find("bad.asm: peak 2 R at line 1\n"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("1 error (gpuasm check lists them)"), std::string::npos) << bad.out;
  const CliRun missing = runGpuasm("stats missing.asm", dir.string());
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.out.find("gpuasm: cannot read 'missing.asm'"), std::string::npos) << missing.out;
}

TEST(Cli, CheckSurvivesBinaryGarbageAndHugeFiles) {
  const ScratchDir dir("cli-check-garbage");
  std::mt19937 rng(3);
  std::string bytes(1 << 20, '\0');
  for (auto& c : bytes) c = static_cast<char>(rng() & 0xFF);
  // With its NUL bytes the garbage is a binary file: one error (docs/PROTOCOL.md, "Binary files").
  std::ofstream(dir / "garbage.asm", std::ios::binary) << bytes;
  const CliRun binary = runGpuasm("check " + (dir / "garbage.asm").string());
  EXPECT_EQ(binary.status, 2);
  EXPECT_EQ(std::count(binary.out.begin(), binary.out.end(), '\n'), 1) << binary.out;
  EXPECT_NE(binary.out.find("garbage.asm' is a binary file (a NUL byte at offset "), std::string::npos)
      << binary.out;
  // Without them it is text to check: errors, no crash, nothing raw.
  for (auto& c : bytes)
    if (c == '\0') c = '\x01';
  std::ofstream(dir / "garbage.asm", std::ios::binary | std::ios::trunc) << bytes;
  const CliRun garbage = runGpuasm("check " + (dir / "garbage.asm").string());
  EXPECT_EQ(garbage.status, 1);  // errors reported, no crash
  EXPECT_NE(garbage.out.find("garbage.asm:1:"), std::string::npos);
  EXPECT_EQ(garbage.out.find('\x01'), std::string::npos);
  // check maps the file instead of reading it: 64 MiB (a sparse file costs no disk) is checked,
  // and its last line — the garbage's tail, then 63 MiB of NUL bytes without a ';' — is one
  // statement too long to analyse.
  std::filesystem::resize_file(dir / "garbage.asm", (64ull << 20) + 1);
  const CliRun big = runGpuasm("check " + (dir / "garbage.asm").string());
  EXPECT_EQ(big.status, 1);
  EXPECT_NE(big.out.find("bytes are not analysed [statement-too-long]"), std::string::npos);
  // Offsets are 32-bit: a file of 4 GiB or more is refused with a message.
  std::filesystem::resize_file(dir / "garbage.asm", 4ull << 30);
  const CliRun huge = runGpuasm("check " + (dir / "garbage.asm").string());
  EXPECT_EQ(huge.status, 2);
  EXPECT_NE(huge.out.find("files of 4 GiB or more are not read"), std::string::npos) << huge.out;
}

TEST(Cli, CheckPlacesDiagnosticsOnALineLongerThanAPiece) {
  // 5,000 copies of the 13 bytes "MOV R1, R0 ; " (65,000 bytes: several pieces), then an unknown
  // mnemonic at column 65,001 of line 2, and "é" (one UTF-16 unit, two bytes) before another.
  const ScratchDir dir("cli-check-long-line");
  std::string line;
  for (int k = 0; k < 5000; ++k) line += "MOV R1, R0 ; ";
  std::ofstream(dir / "long.asm", std::ios::binary) << "// first line\n" << line << "FOO ; /* é */ BAR ;\n";
  const CliRun r = runGpuasm("check -j 2 " + (dir / "long.asm").string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("long.asm:2:65001: error: unknown mnemonic 'FOO'"), std::string::npos)
      << r.out.substr(0, 400);
  // "FOO ; /* é */ " is 14 characters: BAR starts at column 65,015.
  EXPECT_NE(r.out.find("long.asm:2:65015: error: unknown mnemonic 'BAR'"), std::string::npos)
      << r.out.substr(0, 400);
}

TEST(Cli, CheckReadsAPipeAndRefusesADirectory) {
  // A pipe cannot be mapped: it is read to its end instead.
  const CliRun piped =
      runGpuasm("check /dev/stdin < " + std::string(GPUASM_SOURCE_DIR) + "/examples/illegal-modifier.asm");
  const CliRun file = runGpuasm("check " + std::string(GPUASM_SOURCE_DIR) + "/examples/illegal-modifier.asm");
  EXPECT_EQ(piped.status, 1);
  EXPECT_EQ(file.status, 1);
  auto named = [](std::string out, const std::string& path) {  // every "PATH:" as "F:"
    for (std::size_t at; (at = out.find(path + ":")) != std::string::npos;) out.replace(at, path.size(), "F");
    return out;
  };
  EXPECT_EQ(named(piped.out, "/dev/stdin"),
            named(file.out, std::string(GPUASM_SOURCE_DIR) + "/examples/illegal-modifier.asm"));
  EXPECT_NE(piped.out.find("/dev/stdin:"), std::string::npos);
  const ScratchDir dir("cli-check-dir");
  const CliRun d = runGpuasm("check " + dir.string());
  EXPECT_EQ(d.status, 2);
  EXPECT_NE(d.out.find("is a directory"), std::string::npos) << d.out;
}

TEST(Cli, ParsePrintsTheTree) {
  const ScratchDir dir("cli-parse");
  std::ofstream(dir / "a.asm") << "NOP ;\n";
  const CliRun r = runGpuasm("parse " + (dir / "a.asm").string());
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "(source_file [0, 0] - [1, 0]\n"
            "  (instruction [0, 0] - [0, 5]\n"
            "    mnemonic: (mnemonic [0, 0] - [0, 3]\n"
            "      name: (identifier [0, 0] - [0, 3]))))\n");
  std::ofstream(dir / "b.asm") << "IADD R0, R1\n";
  const CliRun missing = runGpuasm("parse --no-ranges " + (dir / "b.asm").string());
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.out.find("(MISSING \";\")"), std::string::npos);
  EXPECT_NE(missing.out.find("b.asm:1:12: error: missing ';' [missing-token]"), std::string::npos)
      << missing.out;
}

TEST(Cli, ParseWorksOnTheSpecExamples) {
  const CliRun r = runGpuasm(std::string("parse ") + GPUASM_SOURCE_DIR + "/examples/spec-examples.asm");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.find("ERROR"), std::string::npos);
  EXPECT_EQ(r.out.find("MISSING"), std::string::npos);
}

}  // namespace

namespace {

constexpr const char* kRunSnippet =
    "// @state R1 = lane\n"
    "// @state UR2 = 0x10\n"
    "MOV R2, R1 ;\n"
    "UMOV UR3, 0x5 ;\n"
    "MOV R3, 0x7 ;\n";

}  // namespace

TEST(Cli, RunJsonFollowsTheDesign) {
  const ScratchDir dir("cli-run-json");
  const auto asmFile = dir.write("snippet.asm", kRunSnippet);
  const CliRun r = runGpuasm("run --json " + asmFile.string());
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["stop"]["reason"], "end");
  EXPECT_EQ(j["stop"]["executed"], 3);
  EXPECT_EQ(j["stop"]["line"], 5);  // 1-based line of the last instruction executed
  EXPECT_EQ(j["activeMask"], "0xffffffff");
  ASSERT_EQ(j["regs"]["R2"].size(), 32u);
  EXPECT_EQ(j["regs"]["R2"][31], "0x0000001f");
  EXPECT_EQ(j["regs"]["R3"][0], "0x00000007");
  EXPECT_EQ(j["regs"]["UR2"], "0x00000010");  // initialised registers appear too
  EXPECT_EQ(j["regs"]["UR3"], "0x00000005");
  EXPECT_FALSE(j["regs"].contains("R4"));
}

// One definition of a document (issue 13): `gpuasm run` assembles as `gpuasm check` does, chunk
// by chunk, so both report the same diagnostics — on every file of the corpus and on
// deterministic mutations of them (a line's ';' or a comma deleted, a token cut, a garbage
// line inserted, the file cut mid-line). `run` may add only errors of `// @state` directives.
// The diagnostics of one file's report that both commands give: without `run`'s errors of
// `// @state` directives when dropDirectiveErrors, and without `// @expect` outcomes.
nlohmann::json diagnosticsIn(const nlohmann::json& diags, bool dropDirectiveErrors) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : diags)
    if ((!dropDirectiveErrors || d["code"] != "state-directive") &&
        !d["code"].get<std::string>().starts_with("expectation-"))
      out.push_back(d);
  return out;
}

nlohmann::json diagnosticsOf(const std::string& command, const std::filesystem::path& file,
                             bool dropDirectiveErrors) {
  // check's dataflow findings and `// @expect` outcomes are the editor's, which run reports its own way.
  const CliRun r =
      runGpuasm(command + (command == "check" ? " --no-dataflow" : "") + " --json " + file.string());
  if (r.status > 1) {
    ADD_FAILURE() << command << " " << file << " exited " << r.status << ": " << r.out.substr(0, 300);
    return nlohmann::json::array();
  }
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  if (j.is_discarded()) {
    ADD_FAILURE() << command << " " << file << ": not JSON: " << r.out.substr(0, 300);
    return nlohmann::json::array();
  }
  return diagnosticsIn(command == "check" ? j["files"][0]["diagnostics"] : j["diagnostics"],
                       dropDirectiveErrors);
}

std::vector<std::string> mutations(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    lines.push_back(text.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
    at = nl == std::string::npos ? text.size() : nl + 1;
  }
  const auto join = [](const std::vector<std::string>& ls) {
    std::string out;
    for (const auto& l : ls) out += l + "\n";
    return out;
  };
  std::vector<std::string> out{text};
  // Every instruction line up to the 12th of the file that has a ';' and a ',' (deterministic).
  std::size_t used = 0;
  for (std::size_t i = 0; i < lines.size() && used < 12; ++i) {
    const std::string& l = lines[i];
    const std::size_t semi = l.find(';'), comma = l.find(','), code = l.find("//");
    if (semi == std::string::npos || comma == std::string::npos ||
        (code != std::string::npos && code < comma))
      continue;
    ++used;
    auto m = lines;
    m[i].erase(semi, 1);  // the statement runs into the next line
    out.push_back(join(m));
    m = lines;
    m[i].erase(comma, 1);  // two operands run together
    out.push_back(join(m));
    m = lines;
    m[i] = m[i].substr(0, comma + 2);  // cut after the first operand's comma
    out.push_back(join(m));
    m = lines;
    m.insert(m.begin() + static_cast<std::ptrdiff_t>(i), "@@ ,, ] IADD. ; ;");
    out.push_back(join(m));
    out.push_back(text.substr(0, text.find(l) + comma));  // the file ends mid-line
  }
  return out;
}

TEST(Cli, RunReportsTheDiagnosticsCheckReports) {
  const std::filesystem::path root = GPUASM_SOURCE_DIR;
  const ScratchDir dir("cli-run-check");
  struct Variant {
    std::string name, text;
    std::size_t index = 0;
    std::filesystem::path file;
    nlohmann::json check, run;
  };
  std::vector<Variant> variants;
  for (const char* name : {"examples/kernel.asm", "examples/warp-reduce.asm", "examples/illegal-modifier.asm",
                           "examples/spec-examples.asm", "tests/asm/valid.asm", "tests/asm/invalid.asm"}) {
    std::ifstream in(root / name, std::ios::binary);
    ASSERT_TRUE(in) << name;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto texts = mutations(text);
    for (std::size_t v = 0; v < texts.size(); ++v) {
      const auto file = dir / ("m" + std::to_string(variants.size()) + ".asm");
      std::ofstream(file, std::ios::binary) << texts[v];
      variants.push_back({name, texts[v], v, file, {}, {}});
    }
  }
  // `check` takes every variant in one process (its report lists the files in the order given);
  // `run` takes one file, so one process per variant, a few at a time (each thread takes the next
  // variant), as a sanitized binary spends most of a run starting up.
  {
    std::string files;
    for (const auto& v : variants) files += " " + v.file.string();
    const CliRun r = runGpuasm("check --no-dataflow --json" + files);
    ASSERT_LE(r.status, 1) << r.out.substr(0, 300);
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out.substr(0, 300);
    ASSERT_EQ(j["files"].size(), variants.size());
    for (std::size_t i = 0; i < variants.size(); ++i) {
      ASSERT_EQ(j["files"][i]["file"], variants[i].file.string());
      variants[i].check = diagnosticsIn(j["files"][i]["diagnostics"], false);
    }
  }
  std::atomic<std::size_t> next = 0;
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < std::max(2u, std::thread::hardware_concurrency()); ++t)
    workers.emplace_back([&] {
      for (std::size_t i; (i = next++) < variants.size();)
        variants[i].run = diagnosticsOf("run", variants[i].file, true);
    });
  for (auto& w : workers) w.join();
  for (const auto& v : variants)
    EXPECT_EQ(v.run, v.check) << v.name << " variant " << v.index << ":\n" << v.text.substr(0, 2000);
  EXPECT_GT(variants.size(), 150u);
}

TEST(Cli, RunGivesNoSpuriousDiagnosticAfterABrokenLine) {
  // A broken line 1, a valid line 2. Parsing the whole text with tree-sitter let the error reach
  // across the line: an unclosed |R2 gave a spurious missing '|' on line 2 as well.
  const ScratchDir dir("cli-run-broken");
  const auto file = dir / "broken.asm";
  for (const char* broken : {"IADD R0, R1 R2 ;", "FADD R0, R1, |R2 ;", "FADD R0, R1, |R2", "IADD R0, R1,"}) {
    std::ofstream(file) << broken << "\nIADD R3, R1, R2 ;\n";
    const auto run = diagnosticsOf("run", file, false);
    ASSERT_FALSE(run.empty()) << broken;
    for (const auto& d : run) EXPECT_EQ(d["line"], 1) << broken << ": " << d.dump();
  }
}

TEST(Cli, RunUntilStopsBeforeTheLineAndStateFileOverrides) {
  const ScratchDir dir("cli-run-until");
  const auto asmFile = dir.write("snippet.asm", kRunSnippet);
  std::ofstream(asmFile.parent_path() / "state.json")
      << R"({"activeMask": "0x3", "regs": {"R1": ["0x0","0x1","0x2","0x3","0x4","0x5","0x6","0x7","0x8","0x9","0xa","0xb",
      "0xc","0xd","0xe","0xf",16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,"0x100"], "P0": true, "UR2": "17"},
      "cmem": {"0x0": {"0x160": "0x10"}}})";
  const CliRun r = runGpuasm("run --json --until 5 --state " +
                             (asmFile.parent_path() / "state.json").string() + " " + asmFile.string());
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["stop"]["reason"], "until");
  EXPECT_EQ(j["stop"]["line"], 5);
  EXPECT_EQ(j["stop"]["executed"], 2);
  EXPECT_EQ(j["activeMask"], "0x00000003");
  EXPECT_EQ(j["regs"]["R2"][1], "0x00000001");
  EXPECT_EQ(j["regs"]["R2"][2], "0x00000000");  // lane 2 inactive
  EXPECT_EQ(j["regs"]["UR2"], "0x00000011");
  EXPECT_EQ(j["regs"]["P0"][0], true);
  EXPECT_FALSE(j["regs"].contains("R3"));
}

TEST(Cli, RunErrorReportsLineAndReasonWithTheStateSoFar) {
  const ScratchDir dir("cli-run-error");
  const auto asmFile = dir.write("snippet.asm", "MOV R1, 0x1 ;\nUF2FP UR1, UR2, UR3, UR4 ;\nMOV R2, 0x2 ;\n");
  const CliRun r = runGpuasm("run --json " + asmFile.string());
  EXPECT_EQ(r.status, 1) << r.out;
  const auto j = nlohmann::json::parse(r.out.substr(r.out.find('{')));
  EXPECT_EQ(j["stop"]["reason"], "error");
  EXPECT_EQ(j["stop"]["line"], 2);
  EXPECT_NE(j["stop"]["message"].get<std::string>().find("UF2FP"), std::string::npos);
  EXPECT_EQ(j["regs"]["R1"][0], "0x00000001");
  const CliRun table = runGpuasm("run " + asmFile.string());
  EXPECT_EQ(table.status, 1);
  EXPECT_NE(table.out.find("snippet.asm:2: error: the spec defines no semantics for UF2FP"),
            std::string::npos)
      << table.out;
}

// The snippet's MOV and UMOV have no typed field and no FImm operand: their values are bits,
// shown in hex — with --hex as 8 digits, without it as the live values show a u32 ("0x1f").
TEST(Cli, RunTablePrintsLanesAndMarksChangedValues) {
  const ScratchDir dir("cli-run-table");
  const auto asmFile = dir.write("snippet.asm", kRunSnippet);
  const CliRun r = runGpuasm("run --hex " + asmFile.string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("ran to the end: 3 instructions executed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("UR3 = 0x00000005 *"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("UR2 = 0x00000010\n"), std::string::npos) << r.out;  // initialised, unchanged
  // Lane 31: R1 = 0x1f unchanged, R2 = 0x1f written, R3 = 7 written.
  EXPECT_NE(r.out.find("  31   0000001f  0000001f* 00000007* "), std::string::npos) << r.out;
  const CliRun typed = runGpuasm("run " + asmFile.string());
  ASSERT_EQ(typed.status, 0) << typed.out;
  EXPECT_NE(typed.out.find("UR3 = 0x5 *"), std::string::npos) << typed.out;
  EXPECT_NE(typed.out.find("UR2 = 0x10\n"), std::string::npos) << typed.out;
  // Each column as wide as its widest value ("0x1f", 4; "0x7", 3) or heading, then '*' or ' ',
  // then a space.
  EXPECT_NE(typed.out.find("\nlane   R1    R2    R3   \n"), std::string::npos) << typed.out;
  EXPECT_NE(typed.out.find("\n  31   0x1f  0x1f* 0x7* \n"), std::string::npos) << typed.out;
}

namespace {

// The table of `gpuasm run` as cells: per lane (0..31), per column heading, the text of the
// cell ('*' included). The cells hold no blanks, so a row splits on them.
std::map<unsigned, std::map<std::string, std::string>> runTable(const std::string& out) {
  std::map<unsigned, std::map<std::string, std::string>> table;
  std::istringstream lines(out);
  std::vector<std::string> heading;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (!w.empty() && w[0] == "lane") {
      heading.assign(w.begin() + 1, w.end());
    } else if (!heading.empty() && w.size() == heading.size() + 1) {
      auto& row = table[static_cast<unsigned>(std::stoul(w[0]))];
      for (std::size_t i = 0; i < heading.size(); ++i) row[heading[i]] = w[i + 1];
    }
  }
  return table;
}

}  // namespace

// examples/warp-reduce.asm by hand: R0 = lane (the initial state; no instruction writes it, so its
// value is bits). After the butterfly every lane's R1 is 0 + … + 31 = 496 = 0x1f0 (IADD: no typed
// field, no FImm, 000_ialu.txt:109-127 — bits); ISETP.EQ sets P0 = (R1 == R3) = true. R6 = the
// constant word 0x3e000000 (MOV: bits), which is 0.125f (exponent 124 = 2^-3, significand 1.0);
// FMUL R7 = 0.125 × 4.0 = 0.5 exactly (f32: FMUL takes an FImm), bits 0x3f000000 (exponent 126);
// FFMA.RZ R8 = 0.5 × 0.5 + 0.25 = 0.5 exactly, the same bits.
TEST(Cli, RunShowsEachValueInTheTypeItsLastWriterGaveIt) {
  const std::string file = std::string(GPUASM_SOURCE_DIR) + "/examples/warp-reduce.asm";
  const CliRun typed = runGpuasm("run " + file);
  ASSERT_EQ(typed.status, 0) << typed.out;
  auto table = runTable(typed.out);
  ASSERT_EQ(table.size(), 32u) << typed.out;
  for (unsigned lane : {0u, 5u, 31u}) {
    auto& row = table[lane];
    std::ostringstream hexLane;
    hexLane << "0x" << std::hex << lane;
    EXPECT_EQ(row["R0"], hexLane.str()) << lane;  // unchanged: no '*'
    EXPECT_EQ(row["R1"], "0x1f0*") << lane;
    EXPECT_EQ(row["R6"], "0x3e000000*") << lane;
    EXPECT_EQ(row["R7"], "0.5*") << lane;
    EXPECT_EQ(row["R8"], "0.5*") << lane;
    EXPECT_EQ(row["P0"], "true*") << lane;
  }
  // --hex: the raw table, every value's bits.
  const CliRun hex = runGpuasm("run --hex " + file);
  ASSERT_EQ(hex.status, 0) << hex.out;
  table = runTable(hex.out);
  auto& row = table[5];
  EXPECT_EQ(row["R0"], "00000005");
  EXPECT_EQ(row["R1"], "000001f0*");
  EXPECT_EQ(row["R6"], "3e000000*");
  EXPECT_EQ(row["R7"], "3f000000*");
  EXPECT_EQ(row["R8"], "3f000000*");
  EXPECT_EQ(row["P0"], "1*");
  // The JSON keeps both: the bits in regs, the types beside them (a register only the initial
  // state set has none).
  const CliRun json = runGpuasm("run --json " + file);
  ASSERT_EQ(json.status, 0) << json.out;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["regs"]["R7"][5], "0x3f000000");
  EXPECT_EQ(j["regs"]["R0"][5], "0x00000005");
  EXPECT_EQ(j["types"]["R7"], "f32");
  EXPECT_EQ(j["types"]["R8"], "f32");
  EXPECT_EQ(j["types"]["R1"], "u32");
  EXPECT_EQ(j["types"]["R6"], "u32");
  EXPECT_EQ(j["types"]["P0"], "bool");
  EXPECT_FALSE(j["types"].contains("R0"));
  // Stopped before the FMUL (line 26), R7 was never written: it is not in the table or types.
  const CliRun before = runGpuasm("run --json --until 26 " + file);
  const auto b = nlohmann::json::parse(before.out);
  EXPECT_FALSE(b["types"].contains("R7"));
  EXPECT_EQ(b["types"]["R6"], "u32");
}

TEST(Cli, RunRejectsBadArgumentsAndStateFiles) {
  const ScratchDir dir("cli-run-bad");
  const auto asmFile = dir.write("snippet.asm", kRunSnippet);
  EXPECT_EQ(runGpuasm("run").status, 2);
  EXPECT_EQ(runGpuasm("run --until x " + asmFile.string()).status, 2);
  EXPECT_EQ(runGpuasm("run --until 0 " + asmFile.string()).status, 2);
  EXPECT_EQ(runGpuasm("run /nonexistent.asm").status, 2);
  for (const auto& [text, expected] : std::vector<std::pair<std::string, std::string>>{
           {"{not json", "not valid JSON"},
           {"[1,2]", "must hold a JSON object"},
           {R"({"regs": {"R1": [1, 2]}})", "needs 32 values, found 2"},
           {R"({"regs": {"R1": "banana"}})", "regs.R1"},
           {R"({"bogus": 1})", "unknown key \"bogus\""},
           {R"({"cmem": {"0x0": {"zz": 1}}})", "cmem offset 'zz'"}}) {
    std::ofstream(dir / "state.json", std::ios::trunc) << text;
    const CliRun r = runGpuasm("run --state " + (dir / "state.json").string() + " " + asmFile.string());
    EXPECT_EQ(r.status, 2) << text;
    EXPECT_NE(r.out.find(expected), std::string::npos) << text << " → " << r.out;
  }
  std::ofstream(dir / "state.json", std::ios::trunc) << R"({"regs": {"R999": 1}})";
  const CliRun badReg = runGpuasm("run --state " + (dir / "state.json").string() + " " + asmFile.string());
  EXPECT_EQ(badReg.status, 1);
  EXPECT_NE(badReg.out.find("'R999' is not a register"), std::string::npos) << badReg.out;
}

namespace {

std::string lspFrame(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// A whole client session: initialize, open a document with an error, a broken frame, shutdown, exit.
std::string lspSession() {
  return lspFrame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})") +
         lspFrame(R"({"jsonrpc":"2.0","method":"initialized","params":{}})") +
         lspFrame(
             R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.asm","languageId":"gpuasm","version":1,"text":"IADD.SAT R0, R1, R2 ;\n"}}})") +
         "Content-Length: nope\r\n\r\n" + lspFrame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})") +
         lspFrame(R"({"jsonrpc":"2.0","method":"exit"})");
}

}  // namespace

TEST(Cli, LspServesASessionOnStdio) {
  const ScratchDir dir("cli-lsp-stdio");
  std::ofstream(dir / "session.bin", std::ios::binary) << lspSession();
  const CliRun r = runGpuasm("lsp < " + (dir / "session.bin").string());
  EXPECT_EQ(r.status, 0) << r.out;  // shutdown, then exit
  EXPECT_NE(r.out.find(R"("serverInfo":{"name":"gpuasm")"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(R"("code":"unknown-modifier")"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Content-Length 'nope' is not a number"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(R"({"id":2,"jsonrpc":"2.0","result":null})"), std::string::npos) << r.out;
  // End of input without exit: the server stops with status 1.
  std::ofstream(dir / "cut.bin", std::ios::binary)
      << lspFrame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})");
  EXPECT_EQ(runGpuasm("lsp < " + (dir / "cut.bin").string()).status, 1);
  EXPECT_EQ(runGpuasm("lsp --port nope").status, 2);
}

namespace {

using nlohmann::json;

// Does `actual` have what `expected` asks for? (The rules are in the session files' header.)
bool matches(const json& expected, const json& actual) {
  if (expected.is_object()) {
    if (!actual.is_object()) return false;
    for (const auto& [key, value] : expected.items())
      if (!actual.contains(key) || !matches(value, actual[key])) return false;
    return true;
  }
  if (expected.is_array()) {
    if (!actual.is_array()) return false;
    if (expected.empty() || !expected.front().is_object()) return expected == actual;
    for (const json& e : expected)
      if (std::none_of(actual.begin(), actual.end(), [&](const json& a) { return matches(e, a); }))
        return false;
    return true;
  }
  if (expected.is_string() && expected.get<std::string>().starts_with("~"))
    return actual.is_string() &&
           actual.get<std::string>().find(expected.get<std::string>().substr(1)) != std::string::npos;
  return expected == actual;
}

std::vector<json> framesIn(const std::string& out) {
  std::vector<json> frames;
  for (std::size_t at = out.find("Content-Length: "); at != std::string::npos;
       at = out.find("Content-Length: ", at)) {
    const std::size_t length = std::stoul(out.substr(at + 16));
    const std::size_t body = out.find("\r\n\r\n", at) + 4;
    frames.push_back(json::parse(out.substr(body, length)));
    at = body + length;
  }
  return frames;
}

}  // namespace

// Every recorded session in tests/lsp/sessions/ replayed through the real binary on stdio.
TEST(Cli, LspRecordedSessionsBehaveAsRecorded) {
  const auto sessions = std::filesystem::path(GPUASM_SOURCE_DIR) / "tests" / "lsp" / "sessions";
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(sessions)) {
    if (entry.path().extension() != ".jsonl") continue;
    ++count;
    std::ifstream in(entry.path());
    std::string input;
    std::vector<json> expected;
    for (std::string line; std::getline(in, line);) {
      if (line.starts_with("> "))
        input += lspFrame(line.substr(2));
      else if (line.starts_with("< "))
        expected.push_back(json::parse(line.substr(2)));
    }
    const ScratchDir dir("cli-lsp-session");
    std::ofstream(dir / "in.bin", std::ios::binary) << input;
    const CliRun r = runGpuasm("lsp < " + (dir / "in.bin").string());
    EXPECT_EQ(r.status, 0) << entry.path() << r.out;
    const std::vector<json> replies = framesIn(r.out);
    std::size_t next = 0;
    for (const json& e : expected) {
      while (next < replies.size() && !matches(e, replies[next])) ++next;
      ASSERT_LT(next, replies.size())
          << entry.path().filename() << ": no reply (in order) matches " << e.dump() << "\nreplies:\n"
          << r.out;
      ++next;
    }
  }
  EXPECT_GE(count, 1);
}

TEST(Cli, LspServesOneClientOnLoopbackTcp) {
  // `gpuasm lsp --port 0` picks a free port on 127.0.0.1 and says which; a client session runs
  // over it. Every wait is bounded and the server is stopped by its PID.
  const ScratchDir dir("cli-lsp-tcp");
  const std::string log = (dir / "stderr.txt").string();
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, STDERR_FILENO);
    execl(GPUASM_BINARY, GPUASM_BINARY, "lsp", "--port", "0", static_cast<char*>(nullptr));
    _exit(127);
  }
  int port = 0;
  for (int i = 0; i < 100 && port == 0; ++i) {  // up to 10 s
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::smatch m;
    if (std::regex_search(text, m, std::regex("listening on 127\\.0\\.0\\.1:(\\d+)")))
      port = std::stoi(m[1]);
    else
      usleep(100000);
  }
  ASSERT_GT(port, 0) << "the server did not say where it listens";
  const int sock = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(connect(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  const std::string session = lspSession();
  ASSERT_EQ(send(sock, session.data(), session.size(), 0), static_cast<ssize_t>(session.size()));
  std::string received;
  for (int i = 0; i < 100; ++i) {  // up to 10 s until the server closes the connection
    pollfd p{sock, POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    char buf[4096];
    const ssize_t n = recv(sock, buf, sizeof buf, 0);
    if (n <= 0) break;
    received.append(buf, static_cast<std::size_t>(n));
  }
  close(sock);
  int status = -1;
  for (int i = 0; i < 50 && waitpid(pid, &status, WNOHANG) == 0; ++i) usleep(100000);
  if (status == -1) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    FAIL() << "the server did not exit after `exit`";
  }
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_NE(received.find(R"("code":"unknown-modifier")"), std::string::npos) << received;
  EXPECT_NE(received.find(R"({"id":2,"jsonrpc":"2.0","result":null})"), std::string::npos) << received;
}

// ------------------------------------------------------------------ gpuasm test

namespace {

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

xmltest::Element parseXml(const std::string& text) {
  xmltest::Parser parser(text);
  const auto root = parser.parse();
  EXPECT_TRUE(root.has_value()) << parser.error() << "\n" << text;
  return root ? *root : xmltest::Element{};
}

}  // namespace

// The example kernel: every expectation holds (each is worked out in the file's comments).
TEST(Cli, TestPassesTheExampleKernelAndWritesJUnit) {
  const ScratchDir dir("cli-test-example");
  const std::string example = std::string(GPUASM_SOURCE_DIR) + "/examples/warp-scan.asm";
  const CliRun r = runGpuasm("test " + example + " --junit " + (dir / "scan.xml").string());
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("warp-scan.asm:10:4: pass: R1 == lane\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("warp-scan.asm: 8 expectations: 8 passed, 0 failed, 0 not checked\n"),
            std::string::npos)
      << r.out;
  const auto root = parseXml(readFile(dir / "scan.xml"));
  EXPECT_EQ(root.name, "testsuites");
  EXPECT_EQ(root.attr("tests"), "8");
  EXPECT_EQ(root.attr("failures"), "0");
  EXPECT_EQ(root.attr("errors"), "0");
  ASSERT_EQ(root.all("testsuite").size(), 1u);
  const auto& suite = *root.all("testsuite")[0];
  EXPECT_EQ(suite.attr("name"), example);
  const auto cases = suite.all("testcase");
  ASSERT_EQ(cases.size(), 8u);
  EXPECT_EQ(cases[0]->attr("name"), "line 10: R1 == lane");
  EXPECT_EQ(cases[0]->attr("line"), "10");
  EXPECT_EQ(cases[2]->attr("name"),
            "line 17: R1[0] == 0 && all(lane == 0 || R1 == 2 * lane - 1)");  // & read back from &amp;
  for (const auto* c : cases) EXPECT_TRUE(c->children.empty()) << c->attr("name");
}

// A failing expectation, one the run never reaches (the line before it does not assemble), a
// malformed one with a byte that is not UTF-8, and a clean file, in one run.
TEST(Cli, TestReportsFailuresUncheckedAndMalformedExpectations) {
  const ScratchDir dir("cli-test-failures");
  {
    std::ofstream(dir / "bad.asm") << "// @state R0 = lane\n"
                                      "MOV R1, R0 ;\n"
                                      "// @expect R1 == lane && R1 < 32\n"
                                      "// @expect R1[5] == 0x10\n"
                                      "IADD.SAT R2, R1, R1 ;\n"
                                      "// @expect R2 == 2 * lane\n"
                                      "// @expect R2 \xff 2\n";
    std::ofstream(dir / "good.asm") << "MOV R1, 0x7 ;\n// @expect all(R1 == 7)\n";
  }
  const CliRun r = runGpuasm("test " + (dir / "bad.asm").string() + " " + (dir / "good.asm").string() +
                             " --junit " + (dir / "out.xml").string());
  EXPECT_EQ(r.status, 1) << r.out;
  const std::string bad = (dir / "bad.asm").string();
  // R1 of lane 5 is 5.
  EXPECT_NE(r.out.find(bad + ":4:4: error: 'R1[5] == 0x10' is false: R1[5] is 0x5 [expectation-failed]\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(bad + ":6:4: error: R2 == 2 * lane: not checked: the run stopped before it at line 5: "
                             "the instruction does not assemble"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(bad + ":7:15: error: unexpected '"), std::string::npos)
      << r.out;  // the 0xff, column 15
  EXPECT_NE(r.out.find(bad + ": 3 expectations: 1 passed, 1 failed, 1 not checked; 2 errors in the file\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("good.asm: 1 expectation: 1 passed, 0 failed, 0 not checked\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("2 files: 2 of 4 expectations passed\n"), std::string::npos) << r.out;

  const auto root = parseXml(readFile(dir / "out.xml"));
  // bad.asm: its 3 expectations and "the file assembles"; good.asm: 1.
  EXPECT_EQ(root.attr("tests"), "5");
  EXPECT_EQ(root.attr("failures"), "1");
  EXPECT_EQ(root.attr("errors"), "2");
  const auto suites = root.all("testsuite");
  ASSERT_EQ(suites.size(), 2u);
  const auto cases = suites[0]->all("testcase");
  ASSERT_EQ(cases.size(), 4u);
  EXPECT_EQ(cases[0]->attr("name"), "the file assembles");
  ASSERT_EQ(cases[0]->all("error").size(), 1u);
  const std::string details = cases[0]->all("error")[0]->text;
  EXPECT_NE(details.find("[unknown-modifier]"), std::string::npos) << details;
  EXPECT_NE(details.find("unexpected '\\xff'"), std::string::npos) << "the byte, escaped: " << details;
  EXPECT_EQ(cases[1]->attr("name"), "line 3: R1 == lane && R1 < 32");
  EXPECT_TRUE(cases[1]->children.empty());
  ASSERT_EQ(cases[2]->all("failure").size(), 1u);
  EXPECT_EQ(cases[2]->all("failure")[0]->attr("type"), "expectation-failed");
  EXPECT_EQ(cases[2]->all("failure")[0]->attr("message"), "'R1[5] == 0x10' is false: R1[5] is 0x5");
  ASSERT_EQ(cases[3]->all("error").size(), 1u);
  EXPECT_EQ(cases[3]->all("error")[0]->attr("type"), "expectation-not-checked");
  EXPECT_EQ(suites[1]->attr("tests"), "1");
  EXPECT_EQ(suites[1]->attr("failures"), "0");
}

// A malformed `// @state` (R2 left at 0) would make `R3 == lane + 1` fail falsely: the
// expectations after it are not checked, each naming the bad line, in the text and in JUnit;
// the one before it passes, and the directive is one of the file's errors.
TEST(Cli, TestDoesNotCheckExpectationsAfterAnInvalidStateDirective) {
  const ScratchDir dir("cli-test-bad-state");
  std::ofstream(dir / "k.asm") << "// @state R0 = lane\n"
                                  "MOV R1, R0 ;\n"
                                  "// @expect R1 == lane\n"
                                  "// @state R2 = 0x1g\n"
                                  "IADD R3, R1, R2 ;\n"
                                  "// @expect R3 == lane + 1\n";
  const std::string file = (dir / "k.asm").string();
  const CliRun r = runGpuasm("test " + file + " --junit " + (dir / "out.xml").string());
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find(file + ":4:4: error: "), std::string::npos) << r.out;  // the directive itself
  EXPECT_NE(r.out.find(file + ":3:4: pass: R1 == lane\n"), std::string::npos) << r.out;
  const std::string why = "not checked: the @state directive on line 4 is invalid: '0x1g' is not a value";
  EXPECT_NE(r.out.find(file + ":6:4: error: R3 == lane + 1: " + why), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(file + ": 2 expectations: 1 passed, 0 failed, 1 not checked; 1 error in the file\n"),
            std::string::npos)
      << r.out;
  const auto root = parseXml(readFile(dir / "out.xml"));
  EXPECT_EQ(root.attr("failures"), "0");
  EXPECT_EQ(root.attr("errors"), "2");  // the file's error and the expectation not checked
  const auto cases = root.all("testsuite")[0]->all("testcase");
  ASSERT_EQ(cases.size(), 3u);
  ASSERT_EQ(cases[2]->all("error").size(), 1u);
  EXPECT_EQ(cases[2]->all("error")[0]->attr("type"), "expectation-not-checked");
  EXPECT_EQ(cases[2]->all("error")[0]->attr("message").substr(0, why.size()), why);
}

// Every asm example of docs/LANGUAGE.md that holds a `// @state` or `// @expect` works as
// written when copied into a file: `gpuasm test` finds no error and every expectation holds.
TEST(Cli, TheLanguageDocsDirectiveExamplesWorkAsWritten) {
  std::ifstream in(std::string(GPUASM_SOURCE_DIR) + "/docs/LANGUAGE.md");
  std::vector<std::string> blocks;
  std::string line, block;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line == "```asm") {
      inside = true;
      block.clear();
    } else if (inside && line == "```") {
      inside = false;
      if (block.find("@state") != std::string::npos || block.find("@expect") != std::string::npos)
        blocks.push_back(block);
    } else if (inside) {
      block += line + "\n";
    }
  }
  ASSERT_GE(blocks.size(), 2u);  // the @state and the @expect examples at least
  const ScratchDir dir("cli-language-examples");
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const auto path = dir / ("example" + std::to_string(i) + ".asm");
    std::ofstream(path) << blocks[i];
    const CliRun r = runGpuasm("test " + path.string());
    EXPECT_EQ(r.status, 0) << blocks[i] << "\n→\n" << r.out;
    // The report without the file's path, which may itself hold the word (a checkout in ~/errors/).
    std::string report = r.out;
    for (auto at = report.find(path.string()); at != std::string::npos; at = report.find(path.string(), at))
      report.replace(at, path.string().size(), "FILE");
    EXPECT_EQ(report.find("error"), std::string::npos) << blocks[i] << "\n→\n" << r.out;
  }
}

TEST(Cli, TestStopsAtTheStepLimitAndRejectsBadArguments) {
  // One instruction runs; the expectation after it holds, the next is never reached.
  const std::string example = std::string(GPUASM_SOURCE_DIR) + "/examples/warp-scan.asm";
  const CliRun limited = runGpuasm("test --step-limit 1 " + example);
  EXPECT_EQ(limited.status, 1);
  EXPECT_NE(limited.out.find("warp-scan.asm:10:4: pass: R1 == lane"), std::string::npos) << limited.out;
  EXPECT_NE(limited.out.find("step limit of 1 instructions reached"), std::string::npos) << limited.out;
  EXPECT_NE(limited.out.find("1 passed, 0 failed, 7 not checked"), std::string::npos) << limited.out;

  EXPECT_EQ(runGpuasm("test").status, 2);
  EXPECT_EQ(runGpuasm("test --step-limit many " + example).status, 2);
  EXPECT_EQ(runGpuasm("test --frobnicate " + example).status, 2);
  const CliRun missing = runGpuasm("test /nonexistent/kernel.asm " + example);
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.out.find("/nonexistent/kernel.asm"), std::string::npos) << missing.out;
  EXPECT_NE(missing.out.find("8 expectations: 8 passed"), std::string::npos)
      << "the other file is still tested: " << missing.out;
  const ScratchDir dir("cli-test-state");
  std::ofstream(dir / "state.json") << "{\"regs\": {\"R0\": \"0x1\"}}";
  // From a state file with R0 = 1 in every lane, R1 == lane no longer holds (only in lane 1).
  const CliRun state = runGpuasm("test --state " + (dir / "state.json").string() + " " + example);
  EXPECT_EQ(state.status, 1);
  EXPECT_NE(state.out.find("warp-scan.asm:10:4: error: 'R1 == lane' is false in 31 of 32 active lanes"),
            std::string::npos)
      << state.out;
}

// ------------------------------------------------------------------ the encoding space

namespace {

// Every element of the tree named `name` whose class is `cls`, depth first.
void collect(const xmltest::Element& e, const std::string& cls, std::vector<const xmltest::Element*>& out) {
  if (e.attr("class") == cls) out.push_back(&e);
  for (const auto& c : e.children) collect(c, cls, out);
}

// A spec directory copied from isa-db/spec/ with one replacement in 000_ialu.txt.
ScratchDir mutatedSpec(const std::string& name, const std::string& from, const std::string& to) {
  ScratchDir dir("cli-" + name);
  for (const auto& entry : std::filesystem::directory_iterator(GPUASM_SPEC_DIR))
    std::filesystem::copy_file(entry.path(), dir / entry.path().filename());
  const auto file = dir / "000_ialu.txt";
  std::string text = readFile(file);
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
  return dir;
}

// A "0x" + 32 hex digits word as its two halves.
std::pair<std::uint64_t, std::uint64_t> halves(const std::string& hex) {
  EXPECT_EQ(hex.size(), 34u) << hex;
  return {std::stoull(hex.substr(2, 16), nullptr, 16), std::stoull(hex.substr(18, 16), nullptr, 16)};
}

}  // namespace

TEST(Cli, EncodingMapDrawsEveryVariantWithTheDatabasesFixedFields) {
  const ScratchDir dir("cli-encoding-map");
  const CliRun r = runGpuasm("spec --encoding-map " + (dir / "m.svg").string());
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(runGpuasm("spec --json").out);
  // The summary states the fraction the JSON gives: every variant fixes 12 bits (optype
  // <0,8>, stype <8,4>) and 4 also bit 75 of the 13 selecting bits: (244·2 + 4)/8192 = 123/2048.
  EXPECT_EQ(j["opcodeSpace"]["used"], "123/2048");
  EXPECT_EQ(j["opcodeSpace"]["selectingBits"], 13);
  EXPECT_NE(r.out.find("opcode space: 123/2048 (6.01%) in use of the 13 opcode-selecting bits"),
            std::string::npos)
      << r.out;
  const xmltest::Element svg = parseXml(readFile(dir / "m.svg"));
  EXPECT_EQ(svg.name, "svg");
  EXPECT_EQ(svg.attr("data-used"), "123/2048");
  // One cell per variant; its data-values are the variant's fixed fields in offset order.
  std::vector<const xmltest::Element*> cells;
  collect(svg, "variant", cells);
  std::map<std::string, std::string> drawn;
  for (const auto* c : cells)
    EXPECT_TRUE(drawn.emplace(c->attr("data-opcode"), c->attr("data-values")).second);
  ASSERT_EQ(drawn.size(), j["opcodes"].size());
  for (const auto& op : j["opcodes"]) {
    std::vector<json> fixed;
    for (const auto& f : op["fields"])
      if (f["presence"] == "fixed") fixed.push_back(f);
    std::stable_sort(fixed.begin(), fixed.end(),
                     [](const json& a, const json& b) { return a["offset"] < b["offset"]; });
    std::string expected;
    for (const auto& f : fixed)
      expected += (expected.empty() ? "" : " ") + f["name"].get<std::string>() + "=" +
                  std::to_string(f["value"].get<std::uint64_t>());
    EXPECT_EQ(drawn[op["name"].get<std::string>()], expected) << op["name"];
  }
  // The rows of taken values and the free runs cover the 256 optype values once each, and a
  // variant's row is its optype's value.
  std::vector<int> seen(256, 0);
  std::vector<const xmltest::Element*> rows, free;
  collect(svg, "value", rows);
  collect(svg, "free", free);
  for (const auto* row : rows) {
    const std::string value = row->attr("data-value");
    ++seen.at(std::stoul(value));
    std::vector<const xmltest::Element*> inRow;
    collect(*row, "variant", inRow);
    EXPECT_FALSE(inRow.empty());
    for (const auto* c : inRow)
      EXPECT_TRUE(c->attr("data-values").starts_with("optype=" + value + " ")) << value;
  }
  for (const auto* f : free)
    for (auto v = std::stoul(f->attr("data-first")); v <= std::stoul(f->attr("data-last")); ++v) ++seen.at(v);
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), 256);
  EXPECT_EQ(rows.size(), 72u);  // one optype value per optype
}

TEST(Cli, EncodingMapToAnUnwritablePathExitsWithTwo) {
  const CliRun r = runGpuasm("spec --encoding-map /nonexistent-gpuasm-dir/m.svg");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("gpuasm spec: cannot write /nonexistent-gpuasm-dir/m.svg"), std::string::npos)
      << r.out;
}

TEST(Cli, SpecLintNamesAnOverlappingVariantAndAWordBothDecode) {
  const auto dir =
      mutatedSpec("ambiguous", "__DefOpcode IADD_RU : [IADD]",
                  "__DefOpcode IADD_RR2 : [IADD]\n  __Encoding\n    field<8,   4> SType stype == RR;\n"
                  "    field<32,  8> Reg rb;\n    field<127, 1> SignModi probe == True;\n"
                  "  __OperandInfo\n    InList<pg, ra, rb, pp>;\n    OutList<rd, pu>;\n"
                  "    Order<pg, rd, pu, ra, rb, pp>;\n\n__DefOpcode IADD_RU : [IADD]");
  const CliRun r = runGpuasm("spec --lint --spec-dir " + dir.string());
  EXPECT_EQ(r.status, 1);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m,
                                std::regex("error: opcodes IADD_RR and IADD_RR2 can decode the same word: .* "
                                           "e\\.g\\. (0x[0-9a-f]{32}) \\[ambiguous-encoding\\]")))
      << r.out.substr(0, 2000);
  const auto [hi, lo] = halves(m[1].str());
  const auto j = nlohmann::json::parse(runGpuasm("spec --json --spec-dir " + dir.string()).out);
  int matched = 0;
  for (const auto& op : j["opcodes"]) {
    if (op["name"] != "IADD_RR" && op["name"] != "IADD_RR2") continue;
    const auto [maskHi, maskLo] = halves(op["fixedMask"]);
    const auto [bitsHi, bitsLo] = halves(op["fixedBits"]);
    EXPECT_EQ(hi & maskHi, bitsHi) << op["name"];
    EXPECT_EQ(lo & maskLo, bitsLo) << op["name"];
    ++matched;
  }
  EXPECT_EQ(matched, 2);
}

TEST(Cli, SpecLintNamesBothFieldsOfAnOverlapAndTheSharedBits) {
  const auto dir = mutatedSpec("overlap", "    field<8,   4> SType stype == RR;\n    field<32,  8> Reg rb;",
                               "    field<8,   4> SType stype == RR;\n    field<28,  8> Reg rb;");
  const CliRun r = runGpuasm("spec --lint --spec-dir " + dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error: field rb <28,8> overlaps ra <24,8> in IADD_RR: both use bits 28..31 "
                       "[field-overlap]"),
            std::string::npos)
      << r.out.substr(0, 2000);
}

// Every command that reads a FILE names a directory given as one for what it is — not as a
// file of 2^63 - 1 bytes — and exits 2 (an unreadable file, DESIGN.md §6).
TEST(Cli, ADirectoryGivenAsAFileIsNamedADirectoryByEveryCommand) {
  const ScratchDir dir("cli-directory-as-file");
  const std::string d = (dir / "dir.asm").string();
  std::filesystem::create_directories(d);
  for (const std::string& command :
       {"asm " + d, "asm -o " + (dir / "out.bin").string() + " " + d, "run " + d, "test " + d, "stats " + d,
        "parse " + d, "check " + d, "dis --file " + d, "dis --binary " + d,
        "run --state " + d + " " + (dir / "dir.asm").string()}) {
    const CliRun r = runGpuasm(command);
    EXPECT_EQ(r.status, 2) << command << "\n" << r.out;
    EXPECT_NE(r.out.find("'" + d + "' is a directory"), std::string::npos) << command << "\n" << r.out;
    EXPECT_EQ(r.out.find("bytes"), std::string::npos) << command << "\n" << r.out;
  }
}

// The size limit of the commands that read a file whole (docs/PROTOCOL.md "File sizes"):
// 64 MiB = 64 × 1024 × 1024 = 67,108,864 bytes; one byte more is refused by each, with a
// message naming the file's size and the limit (a sparse file costs no disk).
TEST(Cli, AFileOverTheSizeLimitIsRefusedNamingItsSizeAndTheLimit) {
  const ScratchDir dir("cli-size-limit");
  const auto file = dir / "big.asm";
  std::ofstream(file) << "MOV R1, R2 ;\n";
  std::filesystem::resize_file(file, 67108864ull + 1);
  const std::string expected =
      "'" + file.string() + "' is 67108865 bytes; files larger than 67108864 bytes (64 MiB) are not read";
  for (const std::string command : {"asm ", "run ", "stats ", "parse ", "test "}) {
    const CliRun r = runGpuasm(command + file.string());
    EXPECT_EQ(r.status, 2) << command << "\n" << r.out;
    EXPECT_NE(r.out.find(expected), std::string::npos) << command << "\n" << r.out;
  }
}

// A gpuasm.json whose specDir does not exist: the error names the gpuasm.json that named it
// (docs/PROTOCOL.md: `gpuasm: /path/gpuasm.json: …`, exit 2).
TEST(Cli, AProjectFileWithAMissingSpecDirIsNamed) {
  const ScratchDir dir("cli-project-missing-specdir");
  std::ofstream(dir / "gpuasm.json") << R"({"specDir": "nowhere"})";
  std::ofstream(dir / "a.asm") << "MOV R1, R2 ;\n";
  for (const char* command : {"check a.asm", "asm a.asm", "run a.asm", "spec"}) {
    const CliRun r = runGpuasm(command, dir.string());
    EXPECT_EQ(r.status, 2) << command << "\n" << r.out;
    EXPECT_NE(r.out.find("gpuasm: " + (dir / "gpuasm.json").string() + ": "), std::string::npos)
        << command << "\n"
        << r.out;
    EXPECT_NE(r.out.find("nowhere"), std::string::npos) << command << "\n" << r.out;
  }
}

// Bad JSON in gpuasm.json: the file, the line and the column in the tool's words, no library
// text. Line 2 is `  "specDir": spec`: two spaces, the 9 bytes of "specDir", ':' and a space
// put the 's' of the bare word at column 2 + 9 + 2 + 1 = 14.
TEST(Cli, AProjectFileWithBadJsonSaysWhereWithoutLibraryText) {
  const ScratchDir dir("cli-project-bad-json");
  std::ofstream(dir / "gpuasm.json") << "{\n  \"specDir\": spec\n}\n";
  std::ofstream(dir / "a.asm") << "MOV R1, R2 ;\n";
  const CliRun r = runGpuasm("check a.asm", dir.string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("gpuasm: " + (dir / "gpuasm.json").string() + ": not valid JSON: line 2, column 14"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("json.exception"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("parse_error"), std::string::npos) << r.out;
  // A text that ends early: the line and column of its end.
  std::ofstream(dir / "gpuasm.json", std::ios::trunc) << "{\"specDir\": ";
  const CliRun early = runGpuasm("check a.asm", dir.string());
  EXPECT_EQ(early.status, 2) << early.out;
  EXPECT_NE(early.out.find("not valid JSON: line 1, column 13: the text ends"), std::string::npos)
      << early.out;
  EXPECT_EQ(early.out.find("json.exception"), std::string::npos) << early.out;
}

// A state-file value that does not fit 32 bits stops the run before the first instruction
// (exit 1, docs/PROTOCOL.md) whether it is written as a string or as a JSON number:
// 0x1ffffffff = 2^33 - 1 = 8,589,934,591.
TEST(Cli, AStateValueOutOfRangeExitsAlikeAsStringOrNumber) {
  const ScratchDir dir("cli-state-range");
  std::ofstream(dir / "a.asm") << "MOV R2, R1 ;\n";
  std::ofstream(dir / "string.json") << R"({"regs": {"R1": "0x1ffffffff"}})";
  std::ofstream(dir / "number.json") << R"({"regs": {"R1": 8589934591}})";
  std::ofstream(dir / "decimal.json") << R"({"regs": {"R1": "8589934591"}})";
  for (const char* state : {"string.json", "number.json", "decimal.json"}) {
    const CliRun r = runGpuasm(std::string("run --state ") + state + " a.asm", dir.string());
    EXPECT_EQ(r.status, 1) << state << "\n" << r.out;
    EXPECT_NE(r.out.find("R1: value 8589934591 does not fit 32 bits"), std::string::npos) << state << "\n"
                                                                                          << r.out;
  }
}
