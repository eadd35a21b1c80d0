// The subcommands of the gpuasm binary. Each takes its arguments (after the subcommand name)
// and returns the process exit status: 0 fine, 1 the input has errors, 2 usage or I/O error.
#pragma once

#include <gpuasm/ide/Diagnostics.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/lsp/CheckJson.h>
#include <gpuasm/syntax/LineIndex.h>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::tool {

/// Exit statuses shared by every subcommand (DESIGN.md §6).
enum ExitStatus : int { kExitOk = 0, kExitInputErrors = 1, kExitUsage = 2 };

/// Loads the spec: the embedded one, or the files of `specDir`. Prints I/O errors to `err`.
std::optional<isa::SpecLoad> loadSpecFor(const std::optional<std::string>& specDir, std::ostream& err);

void printDiagnostics(const std::string& file, const std::vector<lsp::PlacedDiagnostic>& diagnostics, std::ostream& out);

/// Source files larger than this are refused with a clear message (DESIGN.md §3: every request
/// is bounded).
inline constexpr std::uint64_t kMaxSourceBytes = 64ull << 20;

/// Reads a source file as bytes; prints the reason and returns nullopt on failure or when it
/// is larger than kMaxSourceBytes.
std::optional<std::string> readSourceFile(const std::string& path, std::ostream& err);

/// Reads the state file at `path` (docs/PROTOCOL.md) into `into`; prints why and returns false
/// when it cannot be read or is malformed.
bool readStateFile(const std::string& path, std::optional<sim::InitialState>& into, std::ostream& err);

/// The options of a server command (lsp, dap): `--port N`, `--spec-dir DIR`, `--stdio`.
struct ServeOptions {
  std::optional<std::string> specDir;
  std::optional<std::uint16_t> port;
};
/// Reads them; prints the problem and returns nullopt on a bad one.
std::optional<ServeOptions> parseServeOptions(const std::string& command, const std::vector<std::string>& args, std::ostream& err);

int runSpec(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runAsm(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runCheck(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runParse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runLsp(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runDap(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runRun(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runTest(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runDis(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace gpuasm::tool
