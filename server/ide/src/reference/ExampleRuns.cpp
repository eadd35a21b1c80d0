// The examples of an instruction's page: the spec's __Examples lines assembled (their words, or
// why they do not assemble) and run in the simulator in order from a stated warp state (the
// registers each line set), with the same assembler and simulator as gpuasm asm and run.
#include "Html.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/ValueTypes.h>
#include <gpuasm/ide/execution/LaneSummary.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/Value.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace gpuasm::ide::reference {

namespace {

/// The instruction lines of an __Examples text: every non-blank line inside a ``` fence that is
/// not a whole-line `//` comment (as tests/common/SpecExamples.h reads them).
std::vector<std::string> exampleLines(std::string_view prose) {
  std::vector<std::string> out;
  bool inFence = false;
  while (!prose.empty()) {
    const std::size_t nl = prose.find('\n');
    const std::string_view line = prose.substr(0, nl);
    prose.remove_prefix(nl == std::string_view::npos ? prose.size() : nl + 1);
    const std::string_view t = text::trim(line);
    if (t.empty()) continue;
    if (t.starts_with("```"))
      inFence = !inFence;
    else if (inFence && !t.starts_with("//"))
      out.emplace_back(line);
  }
  return out;
}

/// The state the examples start from: all lanes active, R n = 0x10·n + lane, UR n = 0x10·n
/// (the constant registers left alone), predicates false, constant memory zero.
std::optional<sim::InitialState> exampleState(const isa::InstrDb& db) {
  const auto layout = sim::RegisterLayout::fromDb(db);
  if (!layout) return std::nullopt;
  sim::InitialState state;
  for (std::uint32_t n = 0; n < layout->gprCount; ++n) {
    if (n == layout->rz) continue;
    sim::InitValue v;
    v.kind = sim::InitValue::Kind::PerLane;
    for (std::uint32_t lane = 0; lane < sim::kWarpSize; ++lane) v.lanes[lane] = 0x10u * n + lane;
    state.registers.push_back({layout->name(sim::RegFile::R, n), v});
  }
  for (std::uint32_t n = 0; n < layout->ugprCount; ++n)
    if (n != layout->urz) {
      sim::InitValue v;
      v.scalar = 0x10u * n;
      state.registers.push_back({layout->name(sim::RegFile::UR, n), v});
    }
  return state;
}

constexpr std::string_view kStateText =
    "Run in order in the simulator from a warp with all 32 lanes active, R<i>n</i> = 0x10·<i>n</i> + lane, "
    "UR<i>n</i> = 0x10·<i>n</i>, predicates false and constant memory 0; a line that does not assemble is "
    "skipped. Registers are summarised across the lanes.";

/// Per line, what the run wrote: "R1 = lane + 0xf", ...; and the error that stopped it.
std::map<std::uint32_t, std::string> runExamples(const isa::InstrDb& db,
                                                 const std::vector<std::string>& lines,
                                                 const AssembledUnit& unit) {
  std::vector<bool> runs(lines.size(), false);
  std::vector<const isa::MachineInst*> insts(lines.size(), nullptr);
  for (const AssembledStatement& s : unit.statements)
    if (s.inst && s.statement.line < lines.size()) {
      runs[s.statement.line] = true;
      insts[s.statement.line] = &*s.inst;
    }
  std::string runText;
  for (std::size_t i = 0; i < lines.size(); ++i) runText += (runs[i] ? lines[i] : std::string()) + "\n";
  std::map<std::uint32_t, std::string> out;
  const auto state = exampleState(db);
  if (!state) return out;
  RunRequest request;
  request.trace = true;
  request.stateFile = state;
  const RunOutcome outcome = runDocument(db, runText, request);
  if (!outcome.setupError.empty() || !outcome.final) return out;
  const sim::RegisterLayout layout = *sim::RegisterLayout::fromDb(db);
  for (const sim::TraceEntry& t : outcome.result.trace) {
    if (t.line >= lines.size()) continue;
    std::string& text = out[t.line];
    for (const sim::WrittenRegister& w : t.writes) {
      const bool pred = w.file == sim::RegFile::P || w.file == sim::RegFile::UP;
      const sim::ValueType type = pred                       ? sim::ValueType::Bool
                                  : insts[t.line] != nullptr ? statementValueType(db, *insts[t.line])
                                                             : sim::ValueType::U32;
      const std::string name = layout.name(w.file, w.index);
      if (!text.empty()) text += "; ";
      if (w.lanes.size() == sim::kWarpSize) {
        std::array<std::uint32_t, sim::kWarpSize> lanes{};
        std::copy(w.lanes.begin(), w.lanes.end(), lanes.begin());
        text += summarizeLanes(lanes, outcome.final->activeMask, type).label(name);
      } else if (!w.lanes.empty()) {
        text += name + " = " + sim::formatValue({type, w.lanes[0]});
      }
    }
  }
  if (outcome.result.reason == sim::StopReason::Error && outcome.result.line &&
      *outcome.result.line < lines.size())
    out[*outcome.result.line] += "does not run: " + outcome.result.message;
  return out;
}

/// The first error of each line, by the line its range starts on.
std::map<std::uint32_t, const Diagnostic*> errorsByLine(const std::string& text, const AssembledUnit& unit) {
  std::map<std::uint32_t, const Diagnostic*> out;
  for (const Diagnostic& d : unit.diagnostics) {
    if (d.severity != Severity::Error) continue;
    const std::string_view before = std::string_view(text).substr(0, d.range.begin);
    const auto line = static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n'));
    out.try_emplace(line, &d);
  }
  return out;
}

}  // namespace

std::string examplesSection(const isa::InstrDb& db, const isa::Optype& o) {
  const std::vector<std::string> lines = exampleLines(o.docs.examples.text);
  if (lines.empty()) return {};
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  const AssembledUnit unit = assembleText(db, text);
  std::map<std::uint32_t, std::string> words;
  for (const AssembledStatement& s : unit.statements)
    if (s.inst) words[s.statement.line] = s.encoding.toHex();
  const auto errors = errorsByLine(text, unit);
  const auto effects = runExamples(db, lines, unit);
  std::string out = "<section id=\"examples\">\n<h2>Examples</h2>\n<p class=\"note\">";
  out += kStateText;
  out += "</p>\n<table class=\"examples\"><tr><th>example</th><th>word</th><th>registers set</th></tr>\n";
  for (std::uint32_t i = 0; i < lines.size(); ++i) {
    out += "<tr><td><code>" + escapeHtml(text::trim(lines[i])) + "</code></td><td>";
    if (const auto w = words.find(i); w != words.end()) out += "<code>" + w->second + "</code>";
    if (const auto e = errors.find(i); e != errors.end()) {
      out += "<span class=\"error\">does not assemble: ";
      escapeInto(out, e->second->message);
      if (const isa::Erratum* erratum = db.erratum(e->second->erratum))
        out += " (" + linkTo(referenceOf(*erratum), erratum->id) + ")";
      out += "</span>";
    }
    out += "</td><td>";
    if (const auto r = effects.find(i); r != effects.end()) escapeInto(out, r->second);
    out += "</td></tr>\n";
  }
  out += "</table>\n</section>\n";
  return out;
}

}  // namespace gpuasm::ide::reference
