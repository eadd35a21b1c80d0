// diffFile(): one .asm file under two specs (SpecDiffFile.h).
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/ide/execution/SpecDiffFile.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace gpuasm::ide {

namespace {

// The first error the new spec reports inside a statement: "message [code]".
std::string errorIn(const AssembledUnit& unit, const isa::AsmStatement& s) {
  for (const Diagnostic& d : unit.diagnostics)
    if (d.severity == Severity::Error && d.range.begin >= s.range.begin &&
        d.range.begin < std::max(s.range.end, s.range.begin + 1))
      return d.message + " [" + std::string(isa::spelling(d.code)) + "]";
  return "it does not assemble";
}

// The statement as written, without its terminating ';'.
std::string sourceOf(std::string_view text, const isa::AsmStatement& s) {
  if (s.range.begin >= text.size()) return {};
  std::string_view source = gpuasm::text::trim(text.substr(s.range.begin, s.range.end - s.range.begin));
  if (source.ends_with(';')) source = gpuasm::text::trim(source.substr(0, source.size() - 1));
  return std::string(source);
}

// Per-lane registers compared lane by lane, uniform ones once.
void compareRow(std::string name, const std::uint32_t* a, const std::uint32_t* b, unsigned lanes,
                std::vector<RegisterDifference>& out) {
  RegisterDifference d{std::move(name), lanes > 1, {}, 0, 0};
  for (unsigned lane = 0; lane < lanes; ++lane) {
    if (a[lane] == b[lane]) continue;
    if (d.lanes.empty()) d.oldValue = a[lane], d.newValue = b[lane];
    d.lanes.push_back(lane);
  }
  if (!d.lanes.empty()) out.push_back(std::move(d));
}

std::vector<RegisterDifference> compareStates(const sim::WarpState& a, const sim::WarpState& b) {
  std::vector<RegisterDifference> out;
  const sim::RegisterLayout& names = a.layout;
  for (std::uint32_t r = 0; r < sim::kMaxGpr; ++r)
    if (a.r[r] != b.r[r])
      compareRow(names.name(sim::RegFile::R, r), a.r[r].data(), b.r[r].data(), sim::kWarpSize, out);
  for (std::uint32_t p = 0; p < sim::kMaxPred; ++p) {
    if (a.p[p] == b.p[p]) continue;
    std::array<std::uint32_t, sim::kWarpSize> x{}, y{};
    for (unsigned lane = 0; lane < sim::kWarpSize; ++lane)
      x[lane] = (a.p[p] >> lane) & 1u, y[lane] = (b.p[p] >> lane) & 1u;
    compareRow(names.name(sim::RegFile::P, p), x.data(), y.data(), sim::kWarpSize, out);
  }
  for (std::uint32_t u = 0; u < sim::kMaxUgpr; ++u)
    compareRow(names.name(sim::RegFile::UR, u), &a.ur[u], &b.ur[u], 1, out);
  for (std::uint32_t u = 0; u < sim::kMaxPred; ++u) {
    const std::uint32_t x = a.up[u] ? 1u : 0u, y = b.up[u] ? 1u : 0u;
    compareRow(names.name(sim::RegFile::UP, u), &x, &y, 1, out);
  }
  return out;
}

// The UsesChanged entry of a statement: the changes to its optype (syntax, semantics) or to
// the variant it assembled to (fields, operand info).
std::vector<std::uint32_t> changesOf(const isa::InstrDb& db, const isa::MachineInst& inst,
                                     std::span<const isa::SpecChange> changes) {
  std::vector<std::uint32_t> out;
  const isa::Opcode& op = *inst.opcode;
  const std::string& optype = db.optypeOf(op).name;
  for (std::uint32_t i = 0; i < changes.size(); ++i) {
    const isa::SpecChange& c = changes[i];
    if (c.optype != optype) continue;
    if (c.opcodes.empty() || std::find(c.opcodes.begin(), c.opcodes.end(), op.name) != c.opcodes.end())
      out.push_back(i);
  }
  return out;
}

// Both specs' assemblies of the text, statements paired by where they start.
struct Paired {
  AssembledUnit before, after;
  std::map<std::uint32_t, std::size_t> afterAt;  ///< statement start → index in after.statements

  const AssembledStatement* counterpart(const AssembledStatement& s) const {
    const auto it = afterAt.find(s.statement.range.begin);
    return it == afterAt.end() ? nullptr : &after.statements[it->second];
  }
};

void compareWords(const Paired& p, std::string_view text, std::span<const isa::SpecChange> changes,
                  const isa::InstrDb& oldDb, std::vector<LineChange>& out) {
  for (const AssembledStatement& s : p.before.statements) {
    if (!s.inst) continue;  // not changed: it did not assemble before either
    const AssembledStatement* n = p.counterpart(s);
    LineChange c;
    c.line = s.statement.line;
    c.source = sourceOf(text, s.statement);
    c.oldWord = s.encoding;
    if (n == nullptr || !n->inst) {
      c.kind = LineChangeKind::NoLongerAssembles;
      c.diagnostic = n == nullptr ? "it is no statement" : errorIn(p.after, n->statement);
      out.push_back(std::move(c));
      continue;
    }
    c.newWord = n->encoding;
    if (n->encoding != s.encoding) {
      c.kind = LineChangeKind::OtherWord;
      out.push_back(std::move(c));
      continue;
    }
    c.specChanges = changesOf(oldDb, *s.inst, changes);
    if (c.specChanges.empty()) continue;
    c.kind = LineChangeKind::UsesChanged;
    out.push_back(std::move(c));
  }
}

// The program prepared under one spec, and its steps by the line and order they start.
struct Prepared {
  sim::Program program;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> at;  ///< (line, n-th on it) → step
};

Prepared prepareUnit(const isa::InstrDb& db, const sim::RegisterLayout& layout, const AssembledUnit& unit) {
  Prepared p;
  p.program = sim::prepare(db, layout, sim::SemanticsTable::builtin(), sourceInstructions(unit));
  std::map<std::uint32_t, std::uint32_t> seen;
  for (std::size_t i = 0; i < p.program.steps.size(); ++i) {
    const std::uint32_t line = p.program.steps[i].line;
    p.at[{line, seen[line]++}] = i;
  }
  return p;
}

}  // namespace

std::string_view lineChangeKindName(LineChangeKind kind) {
  switch (kind) {
    case LineChangeKind::NoLongerAssembles: return "no-longer-assembles";
    case LineChangeKind::OtherWord: return "other-word";
    case LineChangeKind::ComputesOtherwise: return "computes-otherwise";
    case LineChangeKind::NoLongerRuns: return "no-longer-runs";
    case LineChangeKind::UsesChanged: return "uses-changed";
  }
  return "?";
}

namespace {

// The old spec's run, line by line; before each line the state is copied and the line executed
// under both specs, the new spec's instruction on the copy with the new spec's register layout.
void compareResults(const isa::InstrDb& oldDb, const isa::InstrDb& newDb, std::string_view text,
                    const Paired& p, FileDiff& out) {
  const auto oldLayout = sim::RegisterLayout::fromDb(oldDb);
  const auto newLayout = sim::RegisterLayout::fromDb(newDb);
  if (!oldLayout || !newLayout) {
    out.notes.push_back("results not compared: " +
                        (!oldLayout ? "old spec: " + oldLayout.error() : "new spec: " + newLayout.error()));
    return;
  }
  sim::WarpState state(*oldLayout);
  if (auto applied = sim::applyInitialState(sim::parseStateDirectives(text).state, state); !applied) {
    out.notes.push_back("results not compared: initial state: " + applied.error());
    return;
  }
  const Prepared before = prepareUnit(oldDb, *oldLayout, p.before);
  const Prepared after = prepareUnit(newDb, *newLayout, p.after);
  std::map<std::uint32_t, std::uint32_t> seen;
  for (const sim::PreparedInst& inst : before.program.steps) {
    const std::uint32_t nth = seen[inst.line]++;
    sim::WarpState oldState = state;
    if (!sim::step(inst, oldState).empty()) continue;  // the old spec cannot execute it: skipped
    const auto it = after.at.find({inst.line, nth});
    const sim::PreparedInst* other = it == after.at.end() ? nullptr : &after.program.steps[it->second];
    const bool assembles = other != nullptr && other->opcode != nullptr;
    if (assembles) {
      sim::WarpState newState = state;
      newState.layout = *newLayout;
      const std::string error = sim::step(*other, newState);
      LineChange c;
      c.line = inst.line;
      for (const AssembledStatement& s : p.before.statements)
        if (s.statement.line == inst.line && s.inst) {
          c.source = sourceOf(text, s.statement);
          c.oldWord = s.encoding;
          if (const AssembledStatement* n = p.counterpart(s); n != nullptr) c.newWord = n->encoding;
          break;
        }
      if (!error.empty()) {
        c.kind = LineChangeKind::NoLongerRuns;
        c.diagnostic = error;
        out.lines.push_back(std::move(c));
      } else if (auto diffs = compareStates(oldState, newState); !diffs.empty()) {
        c.kind = LineChangeKind::ComputesOtherwise;
        c.registers = std::move(diffs);
        out.lines.push_back(std::move(c));
      }
    }
    state = std::move(oldState);
  }
}

}  // namespace

FileDiff diffFile(const isa::InstrDb& oldDb, const isa::InstrDb& newDb, std::string_view text,
                  std::span<const isa::SpecChange> changes) {
  FileDiff out;
  Paired p{assembleText(oldDb, text), assembleText(newDb, text), {}};
  for (std::size_t i = 0; i < p.after.statements.size(); ++i)
    p.afterAt[p.after.statements[i].statement.range.begin] = i;
  compareWords(p, text, changes, oldDb, out.lines);
  compareResults(oldDb, newDb, text, p, out);
  // Document order; on one line the most telling kind first.
  std::stable_sort(out.lines.begin(), out.lines.end(), [](const LineChange& a, const LineChange& b) {
    return std::pair(a.line, a.kind) < std::pair(b.line, b.kind);
  });
  // A line whose word, result or execution changed needs no "uses a changed definition" entry.
  std::set<std::uint32_t> told;
  for (const LineChange& c : out.lines)
    if (c.kind != LineChangeKind::UsesChanged) told.insert(c.line);
  std::erase_if(out.lines, [&](const LineChange& c) {
    return c.kind == LineChangeKind::UsesChanged && told.contains(c.line);
  });
  return out;
}

}  // namespace gpuasm::ide
