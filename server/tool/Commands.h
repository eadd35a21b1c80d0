// The subcommands of the gpuasm binary. Each takes its arguments (after the subcommand name)
// and returns the process exit status: 0 fine, 1 the input has errors, 2 usage or I/O error.
#pragma once

#include <gpuasm/ide/analysis/Diagnostics.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/formats/CheckJson.h>
#include <gpuasm/syntax/LineIndex.h>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::tool {

/// Exit statuses shared by every subcommand (DESIGN.md §6).
enum ExitStatus : int { kExitOk = 0, kExitInputErrors = 1, kExitUsage = 2 };

/// Whether a command without --spec-dir looks for the project's gpuasm.json.
enum class ProjectLookup : bool { None, FromCurrentDirectory };

/// What a command does with a spec whose loader reports errors no erratum accounts for
/// (isa::unaccountedLoadErrors; warnings and erratum-covered findings do not count): say so on
/// `err` — the count, the first error as `spec --lint` prints it, the `spec --lint` command that
/// lists the rest — and then refuse (no spec: exit 2), or go on with it.
enum class SpecErrors : std::uint8_t {
  Refuse,  ///< every command that produces words or results, without --allow-spec-errors
  Allow,   ///< --allow-spec-errors, and the servers (an editor must not go dark; lsp flags it)
  Ignore,  ///< `spec --lint`, whose job is listing them: no message
};

/// The spec options every command that uses a spec has: --spec-dir and --allow-spec-errors.
struct SpecUse {
  std::optional<std::string> specDir;
  bool allowSpecErrors = false;
};

/// Loads the spec: the files of `specDir`; else, with `lookup`, those of the specDir of the
/// gpuasm.json in `from` (default: the current directory) or its nearest ancestor holding one
/// (ProjectConfig.h); else the embedded one. Prints I/O errors and a malformed gpuasm.json to
/// `err`; a spec with errors is reported and refused or allowed as `errors` says. nullopt: the
/// command exits 2.
std::optional<isa::SpecLoad> loadSpecFor(const std::optional<std::string>& specDir, SpecErrors errors,
                                         std::ostream& err,
                                         ProjectLookup lookup = ProjectLookup::FromCurrentDirectory,
                                         const std::string& from = ".");
/// The same for a command's --spec-dir and --allow-spec-errors: the project of `from`, the
/// folder of the command's one FILE (projectFolderOf), or the current directory for a command
/// that reads none.
std::optional<isa::SpecLoad> loadSpecFor(const SpecUse& use, std::ostream& err,
                                         const std::string& from = ".");

/// The folder whose gpuasm.json (or its nearest ancestor's) names the spec of the FILE `path`:
/// the folder the path names, "." for a bare file name.
std::string projectFolderOf(const std::string& path);

/// The specs of a command's FILEs (docs/PROTOCOL.md): each FILE's is the specDir of the
/// gpuasm.json nearest upward from the file's folder, else the embedded one; --spec-dir names
/// the spec of every file. Each distinct spec is loaded (and judged, SpecErrors) once and shared
/// by the files that use it.
class FileSpecs {
 public:
  /// Finds and loads the spec of every file of `files`. nullopt when one cannot be used (a
  /// malformed gpuasm.json, a spec directory that cannot be read, a spec refused for its errors):
  /// the first such reason is printed to `err` and the command exits 2 before reading any file.
  static std::optional<FileSpecs> forFiles(const SpecUse& use, const std::vector<std::string>& files,
                                           std::ostream& err);
  /// The same for the files' folders (projectFolderOf), "." for the current directory.
  static std::optional<FileSpecs> load(const SpecUse& use, const std::vector<std::string>& folders,
                                       std::ostream& err);
  /// The spec of file `i` (the index into the files or folders given).
  const isa::InstrDb& of(std::size_t i) const { return *loads_[spec_[i]].db; }
  /// Whether files `i` and `j` use the same spec (the same database object).
  bool same(std::size_t i, std::size_t j) const { return spec_[i] == spec_[j]; }

 private:
  std::vector<isa::SpecLoad> loads_;  // one per distinct spec, in the order first used
  std::vector<std::size_t> spec_;     // per file, its index into loads_
};

void printDiagnostic(const std::string& file, const formats::PlacedDiagnostic& d, std::ostream& out);
void printDiagnostics(const std::string& file, const std::vector<formats::PlacedDiagnostic>& diagnostics,
                      std::ostream& out);

/// ide::readSourceFile (bounded by ide::kMaxSourceBytes), printing the reason as
/// "gpuasm: ..." on failure.
std::optional<std::string> readSourceFile(const std::string& path, std::ostream& err);
/// The same for an assembly file (ide::readAssemblyFile): a binary file is refused too.
std::optional<std::string> readAssemblyFile(const std::string& path, std::ostream& err);

/// Reads the state file at `path` (docs/PROTOCOL.md) into `into`; prints why and returns false
/// when it cannot be read or is malformed.
bool readStateFile(const std::string& path, std::optional<sim::InitialState>& into, std::ostream& err);

/// The command line (main): every subcommand's options, parsed by CLI11 in CommandLine.cpp,
/// which gives each one --help, the same error messages and exit status 2 on a usage error.
/// `outIsTerminal`: `out` goes to a terminal, so it is written a line at a time (EscapingStream.h).
int runCommandLine(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
                   bool outIsTerminal = false);

struct SpecOptions : SpecUse {
  bool json = false, lint = false;
  std::optional<std::string> encodingMap;  ///< --encoding-map: where to write the SVG
};
/// `gpuasm spec diff OLD_DIR NEW_DIR [FILE...]` (SpecDiffCommand.cpp).
struct SpecDiffOptions {
  std::string oldDir, newDir;
  std::vector<std::string> files;
  bool json = false;
  bool allowSpecErrors = false;  ///< compare specs that load with errors (each side's are reported)
};
struct CheckOptions : SpecUse {
  std::vector<std::string> files;
  unsigned jobs = 0;  ///< files checked at once; 0: the number of cores
  bool json = false;
  bool noDataflow = false;  ///< leave out the register dataflow's findings
  bool werror = false;      ///< a warning makes the exit status 1, as an error does
};
struct StatsOptions : SpecUse {
  std::vector<std::string> files;
  bool json = false, lines = false;
};
struct AsmOptions : SpecUse {
  std::string file;
  bool json = false;
  std::optional<std::string> output;  ///< -o: the machine code, 16 bytes an instruction
  unsigned jobs = 0;                  ///< -j: threads assembling for -o; 0: the number of cores
};
struct ParseOptions {
  std::string file;
  bool noRanges = false;
};
struct RunOptions : SpecUse {
  std::string file;
  bool json = false, trace = false;
  bool hex = false;                    ///< the table's values as bits in hex, not in their types
  std::optional<std::uint32_t> until;  ///< 1-based line
  std::optional<std::uint64_t> stepLimit;
  std::optional<std::string> statePath;
};
struct TestOptions : SpecUse {
  std::vector<std::string> files;
  std::optional<std::string> junitPath, statePath;
  std::optional<std::uint64_t> stepLimit;
};
/// The options of a server command (lsp, dap).
struct ServeOptions {
  std::optional<std::string> specDir;
  std::optional<std::uint16_t> port;
};
struct DisOptions : SpecUse {
  std::vector<std::string> words;
  std::optional<std::string> file;
  std::optional<std::string> binary;  ///< a file of 16-byte words (`asm -o`)
  bool json = false, assembly = false;
};

/// `gpuasm doc OUT_DIR`: the instruction reference (ide/reference/Reference.h).
struct DocOptions : SpecUse {
  std::string outDir;
};

int runSpec(const SpecOptions& options, std::ostream& out, std::ostream& err);
int runSpecDiff(const SpecDiffOptions& options, std::ostream& out, std::ostream& err);
int runAsm(const AsmOptions& options, std::ostream& out, std::ostream& err);
int runCheck(const CheckOptions& options, std::ostream& out, std::ostream& err);
int runStats(const StatsOptions& options, std::ostream& out, std::ostream& err);
int runParse(const ParseOptions& options, std::ostream& out, std::ostream& err);
int runLsp(const ServeOptions& options, std::ostream& out, std::ostream& err);
/// The log a server started by `lsp` or `dap` writes to: the command's `err`, except in the
/// WebAssembly build under Node, where lsp::serve and dap::serve return before serving (the Node
/// host runs the loop after main) and the log must outlive the command: there the process's
/// stderr through the same escaping, kept for the process.
std::ostream& serverLog(std::ostream& err);
int runDap(const ServeOptions& options, std::ostream& out, std::ostream& err);
int runRun(const RunOptions& options, std::ostream& out, std::ostream& err);
int runTest(const TestOptions& options, std::ostream& out, std::ostream& err);
int runDis(const DisOptions& options, std::ostream& out, std::ostream& err);
int runDoc(const DocOptions& options, std::ostream& out, std::ostream& err);

}  // namespace gpuasm::tool
