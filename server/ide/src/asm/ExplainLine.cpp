// Explain this line (ExplainLine.h): the spec's semantics with the line's operands, the live
// run's inputs and result, and the result under every rounding mode. The pseudo-code is read by
// SemanticsText; the names it uses are tied to the line through the statement's binding (which
// written operand fills which syntax slot, which field a modifier variable is) and the matched
// instruction's field values. Values come from LiveRun::replay and the simulator's own step.
#include <gpuasm/ide/asm/ExplainLine.h>

#include "SemanticsText.h"

#include <gpuasm/ide/execution/LiveValues.h>
#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>
#include <gpuasm/sim/Value.h>

#include <algorithm>
#include <bit>

namespace gpuasm::ide {

namespace {

using isa::BitFieldType;
using isa::InstrDb;

// What the explanation reads about the line: a statement that assembled, with its binding.
struct LineFacts {
  const Snapshot& snap;
  const InstrDb& db;
  const AssembledStatement& as;
  const isa::Optype& optype;
  const isa::Binding& binding;
  const isa::MachineInst& inst;
  std::size_t mnemonicParts = 0;

  const isa::AsmStatement& s() const { return as.statement; }
  const isa::Opcode& op() const { return *inst.opcode; }
  std::string_view textOf(isa::SourceRange r) const { return snap.text().substr(r.begin, r.end - r.begin); }

  /// The field a modifier variable of the pseudo-code stands for: the field of that name, or
  /// the field a written modifier of that domain variable sets; -1 when none.
  int fieldOfVariable(std::string_view variable) const {
    if (const int fi = op().fieldIndex(variable); fi >= 0) return fi;
    for (std::size_t w = mnemonicParts; w < s().parts.size(); ++w)
      if (const auto m = isa::modifierFacts(binding, w - mnemonicParts, s().parts[w].text);
          m && m->variable == variable)
        return m->field;
    return -1;
  }
  /// The enumerator a field holds on this line, or null.
  const isa::Enumerator* valueOf(int field) const {
    if (field < 0 || static_cast<std::size_t>(field) >= inst.values.size()) return nullptr;
    const auto i = static_cast<std::size_t>(field);
    return db.typeOf(op().fields[i]).enumeratorFor(inst.values[i]);
  }
  /// Whether a literal modifier of a pseudo-code header (`X` of `IADD.X`) is set on this line:
  /// written, or the value some field holds (a default such as `LO`).
  bool literalSet(std::string_view part) const {
    for (std::size_t w = mnemonicParts; w < s().parts.size(); ++w)
      if (text::equalsIgnoringCase(s().parts[w].text, part)) return true;
    for (std::size_t i = 0; i < op().fields.size(); ++i) {
      const BitFieldType& t = db.typeOf(op().fields[i]);
      if (t.kind != isa::TypeKind::Enum && t.kind != isa::TypeKind::Flag) continue;
      const isa::Enumerator* e = t.enumeratorFor(inst.values[i]);
      if (e != nullptr && e->name == part) return true;
    }
    return false;
  }
  bool isVariable(std::string_view part) const { return fieldOfVariable(part) >= 0; }
  /// The field of selector `suffix` on the operand written in the slot named `placeholder`: the
  /// attribute field its spelling sets whose name ends in `.suffix`; -1 when none.
  int fieldOfSuffix(std::string_view placeholder, std::string_view suffix) const {
    for (std::size_t i = 0; i < s().operands.size(); ++i) {
      const auto facts = isa::operandFacts(binding, i);
      if (!facts || binding.form->operands[facts->slot].placeholder != placeholder) continue;
      for (const std::uint32_t fi : facts->fields) {
        const std::string& name = op().fields[fi].name;
        if (name.size() > suffix.size() && name.ends_with(suffix) &&
            name[name.size() - suffix.size() - 1] == '.')
          return static_cast<int>(fi);
      }
    }
    return -1;
  }
};

// The entry for this line: every literal modifier of its header set on the line, the most of
// them, then the operand count of the line's form.
const semantics::Entry* chooseEntry(const LineFacts& f, const std::vector<semantics::Entry>& entries) {
  const semantics::Entry* best = nullptr;
  std::pair<std::size_t, bool> bestScore{0, false};
  for (const semantics::Entry& e : entries) {
    std::size_t literals = 0;
    bool all = true;
    for (const std::string& p : e.parts) {
      if (f.isVariable(p)) continue;
      ++literals;
      all = all && f.literalSet(p);
    }
    if (!all) continue;
    const std::pair<std::size_t, bool> score{literals, e.operands.size() == f.binding.form->operands.size()};
    if (best == nullptr || score > bestScore) {
      best = &e;
      bestScore = score;
    }
  }
  return best;
}

// The enumerator an omitted operand slot leaves in its field (`PT` for an omitted `pu`), or null.
const isa::Enumerator* omittedValue(const LineFacts& f, std::size_t slot) {
  const auto& orderIndex = f.binding.formBinding().orderIndex;
  if (slot >= orderIndex.size() || orderIndex[slot] >= f.op().operandInfo.order.size()) return nullptr;
  const isa::Field* field = f.op().fieldOf(f.op().operandInfo.order[orderIndex[slot]]);
  return field == nullptr ? nullptr : f.valueOf(static_cast<int>(field - f.op().fields.data()));
}

semantics::Substitutions substitutions(const LineFacts& f, const semantics::Entry& e) {
  semantics::Substitutions subs;
  const auto& slots = f.binding.form->operands;
  for (std::size_t j = 0; j < e.operands.size(); ++j) {
    const std::string& name = e.operands[j];
    // The slot of that name; a header name the syntax does not use (catalog L-37) stands for
    // the slot at its place.
    std::optional<std::size_t> slot;
    for (std::size_t k = 0; k < slots.size() && !slot; ++k)
      if (slots[k].placeholder == name) slot = k;
    if (!slot && e.operands.size() == slots.size()) slot = j;
    if (!slot) continue;
    bool written = false;
    for (std::size_t i = 0; i < f.s().operands.size() && !written; ++i) {
      if (f.binding.slotOf(i) != slot) continue;
      written = true;
      subs.operands[name] = std::string(f.textOf(f.s().operands[i].range));
      const auto facts = isa::operandFacts(f.binding, i);
      if (facts && facts->access == isa::Access::Read) subs.inputsOnly.insert(name);
    }
    if (const isa::Enumerator* value = written ? nullptr : omittedValue(f, *slot))
      subs.operands[name] = value->name;
  }
  auto addVariable = [&](const std::string& name, int fi) {
    const isa::Enumerator* value = f.valueOf(fi);
    if (value == nullptr) return;
    const BitFieldType* type = &f.db.typeOf(f.op().fields[static_cast<std::size_t>(fi)]);
    const std::uint64_t v = value->value;
    subs.variables[name] = {value->name, [type, v](std::string_view spelling) -> std::optional<bool> {
                              const auto other = type->valueOf(spelling);
                              return other ? std::optional<bool>(*other == v) : std::nullopt;
                            }};
  };
  for (const std::string& p : e.parts) addVariable(p, f.fieldOfVariable(p));
  // A selector suffix (`Ra.bsel`) is an attribute field of the operand in that slot (`ra.bsel`).
  for (std::size_t j = 0; j < e.operands.size() && j < e.suffixes.size(); ++j)
    if (!e.suffixes[j].empty()) addVariable(e.suffixes[j], f.fieldOfSuffix(e.operands[j], e.suffixes[j]));
  return subs;
}

// The statement as written on one line, white space collapsed.
std::string statementText(const LineFacts& f) {
  std::string out;
  for (const char c : f.textOf(f.s().range)) {
    if (text::isSpace(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == ';')) out.pop_back();
  return out;
}

// The modifier variables `.m` of every `roundToF32(t, .m)` in a pseudo-code text.
std::vector<std::string_view> roundingVariables(std::string_view text) {
  static constexpr std::string_view kRound = "roundToF32(";
  std::vector<std::string_view> out;
  for (std::size_t at = text.find(kRound); at != std::string_view::npos; at = text.find(kRound, at + 1)) {
    const std::size_t close = text.find(')', at);
    const std::size_t comma = text.rfind(',', close);
    if (close == std::string_view::npos || comma == std::string_view::npos || comma < at) continue;
    const std::string_view arg = text::trim(text.substr(comma + 1, close - comma - 1));
    if (arg.size() > 1 && arg.front() == '.') out.push_back(arg.substr(1));
  }
  return out;
}

// The field of the line that is a rounding mode, or -1. A rounding mode is a value of a type the
// spec passes to roundToF32 somewhere (FADD's and FMUL's `.rnd`, of type FPRound), so FFMA's
// `rnd` is one although its pseudo-code leaves the rounding out (erratum L-30).
int roundingField(const LineFacts& f) {
  std::vector<const BitFieldType*> types;
  for (const isa::Optype& o : f.db.optypes())
    for (const std::string_view v : roundingVariables(o.docs.semantics.text))
      for (const std::uint32_t oi : o.opcodes)
        if (const isa::Field* field = f.db.opcodes()[oi].field(v)) types.push_back(&f.db.typeOf(*field));
  for (std::size_t i = 0; i < f.op().fields.size(); ++i)
    if (std::find(types.begin(), types.end(), &f.db.typeOf(f.op().fields[i])) != types.end())
      return static_cast<int>(i);
  return -1;
}

// ---------------------------------------------------------------- the live run

std::string valueText(sim::RegFile file, std::uint32_t v, bool asFloat) {
  if (file == sim::RegFile::P || file == sim::RegFile::UP) return v != 0 ? "true" : "false";
  const std::string hex = sim::formatBits(v, sim::ValueFormat::Hex);
  return asFloat ? sim::formatBits(v, sim::ValueFormat::Float) + " (" + hex + ")" : hex;
}

std::optional<sim::RegFile> fileOf(const sim::RegisterLayout& l, const RegisterId& r) {
  if (r.file == l.regType) return sim::RegFile::R;
  if (r.file == l.predType) return sim::RegFile::P;
  if (r.file == l.uregType) return sim::RegFile::UR;
  if (r.file == l.upredType) return sim::RegFile::UP;
  return std::nullopt;
}

// The registers the statement reads (Access::Read) or writes, from the chunk's register events.
std::vector<RegisterId> registersOf(const LineFacts& f, bool written) {
  const std::size_t k = f.snap.chunkHolding(f.s().range.begin);
  const ChunkAnalysis& chunk = f.snap.chunk(k);
  const std::uint32_t rel = f.s().range.begin - f.snap.chunkStart(k);
  const auto& all = chunk.unit.statements;
  const auto it = std::find_if(all.begin(), all.end(),
                               [&](const AssembledStatement& s) { return s.statement.range.begin == rel; });
  std::vector<RegisterId> out;
  if (it == all.end()) return out;
  const auto index = static_cast<std::uint32_t>(it - all.begin());
  for (const RegisterEvent& e : chunk.registerEvents) {
    if (e.statement != index || e.unknown || e.wholeFile) continue;
    if (!(written ? isa::writes(e.access) : isa::reads(e.access))) continue;
    if (std::find(out.begin(), out.end(), e.reg) == out.end()) out.push_back(e.reg);
  }
  return out;
}

// One item per register: its name and its value in `lane` of `state`.
std::vector<HoverItem> registerItems(const LineFacts& f, const sim::WarpState& state,
                                     const std::vector<RegisterId>& regs, unsigned lane, bool asFloat) {
  std::vector<HoverItem> out;
  for (const RegisterId& r : regs) {
    const auto file = fileOf(state.layout, r);
    if (!file) continue;
    out.push_back({isa::registerSpelling(f.db, f.db.types()[r.file], r.number, 1),
                   valueText(*file, state.read(*file, r.number, lane), asFloat), true, false});
  }
  return out;
}

// The destination's bits in `lane` after `inst` ran on a copy of `before`.
std::optional<std::uint32_t> resultIn(const sim::PreparedInst& inst, const sim::WarpState& before,
                                      unsigned lane) {
  if (inst.outCount == 0) return std::nullopt;
  sim::WarpState after = before;
  if (!sim::step(inst, after).empty()) return std::nullopt;
  const sim::Operand& d = inst.out[0];
  if (d.kind == sim::OperandKind::Gpr) return after.read(sim::RegFile::R, d.reg, lane);
  if (d.kind == sim::OperandKind::Ugpr) return after.read(sim::RegFile::UR, d.reg, lane);
  return std::nullopt;
}

struct LaneChoice {
  unsigned lane = 0;
  bool executes = false;
  std::string why;
};

LaneChoice chooseLane(const ReplayedStatement& r, std::optional<std::uint32_t> pinned) {
  sim::WarpState probe = r.before;
  const std::uint32_t executing = sim::ExecContext(probe, r.inst).laneMask();
  LaneChoice c;
  if (pinned && *pinned < sim::kWarpSize) {
    c.lane = *pinned;
    c.why = "lane " + std::to_string(c.lane) + ", pinned";
  } else if (executing != 0) {
    c.lane = static_cast<unsigned>(std::countr_zero(executing));
    c.why = "lane " + std::to_string(c.lane) + ", the first lane that executes it; none pinned";
  } else {
    c.why = "lane 0; no lane executes it";
  }
  c.executes = ((executing >> c.lane) & 1u) != 0;
  return c;
}

// The result under each value of the rounding field, by the simulator's semantics.
std::optional<HoverSection> roundingTable(const LineFacts& f, const ReplayedStatement& r,
                                          const LaneChoice& lane, int field) {
  if (field < 0 || r.inst.semantics == nullptr || !lane.executes) return std::nullopt;
  const isa::Field& fd = f.op().fields[static_cast<std::size_t>(field)];
  const auto& decls = r.inst.semantics->modifiers;
  const auto decl =
      std::find_if(decls.begin(), decls.end(), [&](const auto& d) { return d.field == fd.name; });
  const isa::Enumerator* written = f.valueOf(field);
  if (decl == decls.end() || written == nullptr) return std::nullopt;
  const std::size_t index = static_cast<std::size_t>(decl - decls.begin());
  const auto writtenBits = resultIn(r.inst, r.before, lane.lane);
  if (!writtenBits) return std::nullopt;

  HoverSection t;
  t.kind = HoverSectionKind::Table;
  t.heading = "Result under each rounding mode (lane " + std::to_string(lane.lane) + ")";
  t.table.push_back({"mode", "result", "bits", "ULPs from ." + written->name});
  for (const isa::Enumerator& e : f.db.typeOf(fd).enumerators) {
    const auto at = std::find(decl->values.begin(), decl->values.end(), e.name);
    if (at == decl->values.end()) return std::nullopt;  // a mode the semantics does not implement
    sim::PreparedInst variant = r.inst;
    variant.mods[index] = static_cast<std::uint8_t>(at - decl->values.begin());
    variant.exec = variant.semantics->exec;  // the fast path, if any, was chosen for the line's own mode
    const auto bits = resultIn(variant, r.before, lane.lane);
    if (!bits) return std::nullopt;
    const auto ulps = ulpDifference(*bits, *writtenBits);
    std::string distance = !ulps ? "—" : *ulps > 0 ? "+" + std::to_string(*ulps) : std::to_string(*ulps);
    t.table.push_back({"." + e.name + (e.value == written->value ? " (this line)" : ""),
                       sim::formatBits(*bits, sim::ValueFormat::Float),
                       sim::formatBits(*bits, sim::ValueFormat::PaddedHex), std::move(distance)});
  }
  return t;
}

void liveSections(const LineFacts& f, const HoverLive& live, std::vector<HoverSection>& out) {
  if (live.run == nullptr || &live.run->snapshot() != &f.snap) return;
  const std::optional<ReplayedStatement> r = live.run->replay(f.s().range.begin);
  if (!r) return;
  const LaneChoice lane = chooseLane(*r, live.lane);
  const int rounding = roundingField(f);
  const bool asFloat = rounding >= 0;  // the operands of a rounded operation are f32

  HoverSection in;
  in.kind = HoverSectionKind::Facts;
  in.heading = "Live run: inputs before this line (" + lane.why + ")";
  in.items = registerItems(f, r->before, registersOf(f, false), lane.lane, asFloat);
  for (std::size_t i = 0; i < r->inst.inCount; ++i) {
    const sim::Operand& o = r->inst.in[i];
    if (o.kind != sim::OperandKind::CMem) continue;
    in.items.push_back({"c[" + text::hex(o.bank) + "][" + text::hex(o.offset) + "]",
                        valueText(sim::RegFile::R, r->before.cmem.readWord(o.bank, o.offset), asFloat), true,
                        false});
  }
  if (!in.items.empty()) out.push_back(std::move(in));

  sim::WarpState after = r->before;
  if (!sim::step(r->inst, after).empty()) return;
  HoverSection res;
  res.kind = HoverSectionKind::Facts;
  res.heading = "Live run: result";
  if (!lane.executes)
    res.text.push_back("Lane " + std::to_string(lane.lane) +
                       " does not execute this line: "
                       "its registers keep their values.");
  res.items = registerItems(f, after, registersOf(f, true), lane.lane, asFloat);
  if (!res.items.empty()) out.push_back(std::move(res));
  if (auto table = roundingTable(f, *r, lane, rounding)) out.push_back(std::move(*table));
}

}  // namespace

std::optional<std::int64_t> ulpDifference(std::uint32_t a, std::uint32_t b) {
  auto nan = [](std::uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; };
  if (nan(a) || nan(b)) return std::nullopt;
  // Sign and magnitude onto one line of integers: -0 and +0 both at 0, each step one ULP.
  auto ordered = [](std::uint32_t x) {
    const auto magnitude = static_cast<std::int64_t>(x & 0x7FFFFFFFu);
    return (x >> 31) != 0 ? -magnitude : magnitude;
  };
  return ordered(a) - ordered(b);
}

std::vector<HoverSection> explainLine(const Snapshot& snapshot, const AssembledStatement& statement,
                                      const isa::Optype& optype, const HoverLive& live) {
  std::vector<HoverSection> out;
  if (!statement.inst || statement.inst->opcode == nullptr || !statement.binding ||
      statement.binding->opcode == nullptr || !statement.binding->matched || !optype.docs.semantics.present)
    return out;
  const LineFacts f{
      snapshot,
      snapshot.db(),
      statement,
      optype,
      *statement.binding,
      *statement.inst,
      static_cast<std::size_t>(std::count(optype.mnemonic.begin(), optype.mnemonic.end(), '.'))};
  std::vector<std::string> mnemonicParts;
  for (std::size_t at = 0; at <= optype.mnemonic.size();) {
    const std::size_t dot = std::min(optype.mnemonic.find('.', at), optype.mnemonic.size());
    mnemonicParts.push_back(optype.mnemonic.substr(at, dot - at));
    at = dot + 1;
  }
  const std::vector<semantics::Entry> entries =
      semantics::parseEntries(optype.docs.semantics.text, mnemonicParts);
  const semantics::Entry* entry = chooseEntry(f, entries);
  if (entry == nullptr) return out;

  HoverSection sem;
  sem.kind = HoverSectionKind::Semantics;
  sem.heading = "Semantics of this line";
  sem.source = snapshot.db().describe(optype.docs.semantics.pos);
  sem.code.push_back(statementText(f) + ":");
  for (const std::string& line : semantics::instantiate(*entry, substitutions(f, *entry)))
    sem.code.push_back(line.empty() ? line : "    " + line);
  out.push_back(std::move(sem));

  liveSections(f, live, out);
  return out;
}

}  // namespace gpuasm::ide
