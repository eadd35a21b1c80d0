// `gpuasm run FILE [--until LINE] [--state STATE.json] [--json] [--trace] [--step-limit N] [--hex]`:
// simulate a file on one warp and print the registers across the 32 lanes, each value in the
// type the last instruction that wrote it gives it (`--hex`: every value's bits in hex; values
// that changed from the initial state are marked), or the JSON of docs/PROTOCOL.md. Exit 1 when
// the run stopped on an error or the file has errors.
#include "Commands.h"

#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/formats/RunJson.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace gpuasm::tool {

namespace {

// What a register shows in the table: its type's format (sim::formatValue, as the live values
// and the debugger show it; bits in hex unless an executed instruction typed it), or with
// `hex` its raw bits: 8 hex digits for R ("3f000000"), "0x" and 8 for UR, 1/0 for P.
class Cells {
 public:
  Cells(const std::vector<ide::RegisterType>& types, bool hex) : hex_(hex) {
    for (const ide::RegisterType& t : types) types_[{t.file, t.number}] = t.type;
  }
  std::string operator()(sim::RegFile file, std::uint32_t number, std::uint32_t bits) const {
    const bool pred = file == sim::RegFile::P || file == sim::RegFile::UP;
    if (hex_) {
      if (pred) return bits != 0 ? "1" : "0";
      return file == sim::RegFile::UR ? sim::formatBits(bits, sim::ValueFormat::PaddedHex)
                                      : text::hex(bits, {.digits = 8, .prefix = false});
    }
    if (pred) return sim::formatValue({sim::ValueType::Bool, bits != 0 ? 1u : 0u});
    const auto t = types_.find({file, number});
    return sim::formatValue({t == types_.end() ? sim::ValueType::U32 : t->second, bits});
  }

 private:
  bool hex_;
  std::map<std::pair<sim::RegFile, std::uint32_t>, sim::ValueType> types_;
};

// The register table: uniform registers on one line each, then one row per lane with a column
// per R and P register, each as wide as its widest value. '*' marks a value that differs from
// the initial state.
void printTable(const sim::WarpState& before, const sim::WarpState& after, const Cells& cell,
                std::ostream& out) {
  const sim::RegisterLayout& l = after.layout;
  for (std::uint32_t i = 0; i < sim::kMaxUgpr; ++i)
    if (after.urSet.test(i))
      out << std::setw(6) << l.name(sim::RegFile::UR, i) << " = " << cell(sim::RegFile::UR, i, after.ur[i])
          << (after.ur[i] != before.ur[i] ? " *" : "") << '\n';
  for (std::uint32_t i = 0; i < sim::kMaxPred; ++i)
    if (after.upSet.test(i))
      out << std::setw(6) << l.name(sim::RegFile::UP, i) << " = " << (after.up[i] ? "true" : "false")
          << (after.up[i] != before.up[i] ? " *" : "") << '\n';
  // A column: its heading and, per lane, the value and whether it changed.
  struct Column {
    std::string name;
    std::array<std::string, sim::kWarpSize> values;
    std::array<bool, sim::kWarpSize> changed{};
    std::size_t width = 0;
  };
  std::vector<Column> columns;
  auto add = [&](sim::RegFile file, std::uint32_t i) {
    Column& c = columns.emplace_back();
    c.name = l.name(file, i);
    c.width = c.name.size();
    for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) {
      const bool pred = file == sim::RegFile::P;
      const std::uint32_t now = pred ? (after.pred(i, lane) ? 1u : 0u) : after.r[i][lane];
      const std::uint32_t was = pred ? (before.pred(i, lane) ? 1u : 0u) : before.r[i][lane];
      c.values[lane] = cell(file, i, now);
      c.changed[lane] = now != was;
      c.width = std::max(c.width, c.values[lane].size());
    }
  };
  for (std::uint32_t i = 0; i < sim::kMaxGpr; ++i)
    if (after.rSet.test(i)) add(sim::RegFile::R, i);
  for (std::uint32_t i = 0; i < sim::kMaxPred; ++i)
    if (after.pSet.test(i)) add(sim::RegFile::P, i);
  if (columns.empty()) return;
  // Each column is its width, the '*' and a space: "0000001f* ", "1*  ".
  out << "lane   ";
  for (const Column& c : columns) out << std::left << std::setw(static_cast<int>(c.width + 2)) << c.name;
  out << std::right << '\n';
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) {
    out << std::setw(4) << lane << ((after.activeMask >> lane) & 1u ? "   " : " - ");
    for (const Column& c : columns)
      out << std::left << std::setw(static_cast<int>(c.width + 2))
          << c.values[lane] + (c.changed[lane] ? "*" : "");
    out << std::right << '\n';
  }
}

}  // namespace

bool readStateFile(const std::string& path, std::optional<sim::InitialState>& into, std::ostream& err) {
  auto text = readSourceFile(path, err);
  if (!text) return false;
  auto state = formats::parseStateJson(*text);
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
  auto load = loadSpecFor(options, err, projectFolderOf(options.file));
  if (!load) return kExitUsage;
  auto text = readAssemblyFile(options.file, err);
  if (!text) return kExitUsage;
  const syntax::LineIndex lines(*text);
  const ide::RunOutcome outcome = ide::runDocument(*load->db, *text, request);
  const auto placed = formats::placeDiagnostics(outcome.diagnostics, lines);
  const bool anyError =
      std::any_of(placed.begin(), placed.end(), [](const auto& d) { return d.severity == "error"; });
  const bool failed = !outcome.setupError.empty() || outcome.result.reason == sim::StopReason::Error;
  if (options.json) {
    out << formats::runToJson(options.file, outcome, placed, 2) << '\n';
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
  if (outcome.initial && outcome.final)
    printTable(*outcome.initial, *outcome.final, Cells(outcome.types, options.hex), out);
  return failed || anyError ? kExitInputErrors : kExitOk;
}

}  // namespace gpuasm::tool
