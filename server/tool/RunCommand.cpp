// `gpuasm run FILE [--until LINE] [--state STATE.json] [--json] [--trace] [--step-limit N]`:
// simulate a file on one warp and print the registers across the 32 lanes (values that changed
// from the initial state are marked), or the JSON of DESIGN.md §6. Exit 1 when the run stopped
// on an error or the file has errors.
#include "Commands.h"

#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/wire/RunJson.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace gpuasm::tool {

namespace {

// The register table: uniform registers on one line each, then one row per lane with a column
// per R and P register. '*' marks a value that differs from the initial state.
void printTable(const sim::WarpState& before, const sim::WarpState& after, std::ostream& out) {
  const sim::RegisterLayout& l = after.layout;
  for (std::uint32_t i = 0; i < sim::kMaxUgpr; ++i)
    if (after.urSet.test(i))
      out << std::setw(6) << l.name(sim::RegFile::UR, i) << " = "
          << sim::formatBits(after.ur[i], sim::ValueFormat::PaddedHex)
          << (after.ur[i] != before.ur[i] ? " *" : "") << '\n';
  for (std::uint32_t i = 0; i < sim::kMaxPred; ++i)
    if (after.upSet.test(i))
      out << std::setw(6) << l.name(sim::RegFile::UP, i) << " = " << (after.up[i] ? "true" : "false")
          << (after.up[i] != before.up[i] ? " *" : "") << '\n';
  std::vector<std::uint32_t> gprs, preds;
  for (std::uint32_t i = 0; i < sim::kMaxGpr; ++i)
    if (after.rSet.test(i)) gprs.push_back(i);
  for (std::uint32_t i = 0; i < sim::kMaxPred; ++i)
    if (after.pSet.test(i)) preds.push_back(i);
  if (gprs.empty() && preds.empty()) return;
  out << "lane   ";
  for (std::uint32_t i : gprs) out << std::left << std::setw(10) << l.name(sim::RegFile::R, i);
  for (std::uint32_t i : preds) out << std::left << std::setw(4) << l.name(sim::RegFile::P, i);
  out << std::right << '\n';
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) {
    out << std::setw(4) << lane << ((after.activeMask >> lane) & 1u ? "   " : " - ");
    // 8 hex digits without "0x", so that a row of 32-bit registers stays narrow.
    for (std::uint32_t i : gprs)
      out << text::hex(after.r[i][lane], {.digits = 8, .prefix = false})
          << (after.r[i][lane] != before.r[i][lane] ? "* " : "  ");
    for (std::uint32_t i : preds)
      out << (after.pred(i, lane) ? '1' : '0')
          << (after.pred(i, lane) != before.pred(i, lane) ? "*  " : "   ");
    out << '\n';
  }
}

}  // namespace

bool readStateFile(const std::string& path, std::optional<sim::InitialState>& into, std::ostream& err) {
  auto text = readSourceFile(path, err);
  if (!text) return false;
  auto state = wire::parseStateJson(*text);
  if (!state) {
    err << path << ": " << state.error() << '\n';
    return false;
  }
  into = std::move(*state);
  return true;
}

int runRun(const RunOptions& options, std::ostream& out, std::ostream& err) {
  ide::RunRequest request;
  request.trace = options.trace;
  if (options.until) request.untilLine = *options.until - 1;
  if (options.stepLimit) request.stepLimit = *options.stepLimit;
  if (options.statePath && !readStateFile(*options.statePath, request.stateFile, err)) return kExitUsage;
  auto load = loadSpecFor(options, err);
  if (!load) return kExitUsage;
  auto text = readAssemblyFile(options.file, err);
  if (!text) return kExitUsage;
  const syntax::LineIndex lines(*text);
  const ide::RunOutcome outcome = ide::runDocument(*load->db, *text, request);
  const auto placed = wire::placeDiagnostics(outcome.diagnostics, lines);
  const bool anyError =
      std::any_of(placed.begin(), placed.end(), [](const auto& d) { return d.severity == "error"; });
  const bool failed = !outcome.setupError.empty() || outcome.result.reason == sim::StopReason::Error;
  if (options.json) {
    out << wire::runToJson(options.file, outcome, placed, 2) << '\n';
    return failed || anyError ? kExitInputErrors : kExitOk;
  }
  printDiagnostics(options.file, placed, err);
  if (!outcome.setupError.empty()) {
    err << options.file << ": error: " << outcome.setupError << '\n';
    return kExitInputErrors;
  }
  const sim::RunResult& r = outcome.result;
  switch (r.reason) {
    case sim::StopReason::End:
      out << options.file << ": ran to the end: " << r.executed << " instruction"
          << (r.executed == 1 ? "" : "s") << " executed\n";
      break;
    case sim::StopReason::Until:
      out << options.file << ":" << *r.line + 1 << ": stopped before line " << *r.line + 1 << " after "
          << r.executed << " instruction" << (r.executed == 1 ? "" : "s") << '\n';
      break;
    case sim::StopReason::Error:
      out << options.file << ":" << (r.line ? *r.line + 1 : 0) << ": error: " << r.message << " (after "
          << r.executed << " instruction" << (r.executed == 1 ? "" : "s") << ")\n";
      break;
  }
  if (outcome.initial && outcome.final) printTable(*outcome.initial, *outcome.final, out);
  return failed || anyError ? kExitInputErrors : kExitOk;
}

}  // namespace gpuasm::tool
