// The debugger's lane view (LaneView.h): the registers the program names across the 32 lanes
// where execution stands, and for the instruction about to execute and the one just executed
// their reads, writes and guard lanes and, for a cross-lane instruction, the lanes it combined
// as the simulator reports them (sim::LaneExchange) — not worked out again here.
#include <gpuasm/ide/execution/LaneView.h>

#include "OperandRegisters.h"

#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>

#include <algorithm>

namespace gpuasm::ide {

namespace {

// "P0", "!P1", "UP0"; empty for a guard that always holds (PT).
std::string guardText(const sim::PreparedInst& inst, const sim::RegisterLayout& l) {
  const sim::Operand& g = inst.guard;
  const sim::RegFile file = inst.uniform ? sim::RegFile::UP : sim::RegFile::P;
  if (g.kind == sim::OperandKind::None || (!g.logicalNot && operands::isConstantRegister(l, file, g.reg)))
    return {};
  return (g.logicalNot ? "!" : "") + l.name(file, g.reg);
}

// Adds the names of the registers `o` stands for (RZ, PT and the like left out), each once.
void addNames(std::vector<std::string>& names, const sim::Operand& o, const sim::RegisterLayout& l) {
  for (const auto& [f, n] : operands::registersOf(o)) {
    if (operands::isConstantRegister(l, f, n)) continue;
    std::string name = l.name(f, n);
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
  }
}

// The lanes whose guard holds, as sim::ExecContext decides them (a uniform guard: all or none).
std::uint32_t guardLanes(const sim::PreparedInst& inst, const sim::WarpState& state) {
  const sim::Operand& g = inst.guard;
  if (inst.uniform) return state.up[g.reg] != g.logicalNot ? sim::kAllLanes : 0u;
  return g.logicalNot ? ~state.p[g.reg] : state.p[g.reg];
}

}  // namespace

InstructionLanes instructionLanes(const DebugProgram& program, std::uint64_t p,
                                  const sim::WarpState& before) {
  const sim::PreparedInst& inst = program.step(p);
  const sim::RegisterLayout& l = before.layout;
  InstructionLanes out;
  out.position = p;
  out.line = inst.line;
  out.source = program.sourceAt(p);
  if (!inst.error.empty()) {
    out.error = inst.error;
    return out;
  }
  out.guard = guardText(inst, l);
  addNames(out.reads, inst.guard, l);
  for (std::uint8_t k = 0; k < inst.inCount; ++k) addNames(out.reads, inst.in[k], l);
  for (std::uint8_t k = 0; k < inst.outCount; ++k) addNames(out.writes, inst.out[k], l);
  out.guardLanes = guardLanes(inst, before);
  out.lanes = out.guardLanes & before.activeMask;
  // Executed on a copy: what the simulator reports it exchanged, and the values it wrote.
  sim::WarpState after = before;
  sim::LaneExchange x;
  if (std::string error = sim::step(inst, after, x); !error.empty()) {
    out.error = std::move(error);
    return out;
  }
  if (inst.semantics == nullptr || !inst.semantics->acrossLanes) return out;
  LaneExchangeInfo info;
  info.op = inst.optype != nullptr ? inst.optype->name : std::string();
  info.participants = x.participants;
  if (x.hasSources) {
    info.sources = x.source;
    info.inRange = x.inRange;
  }
  if (x.participants != 0) {
    const auto first = static_cast<unsigned>(__builtin_ctz(x.participants));
    for (std::uint8_t k = 0; k < inst.outCount; ++k)
      for (const auto& [f, n] : operands::registersOf(inst.out[k]))
        if (!operands::isConstantRegister(l, f, n))
          info.results.emplace_back(l.name(f, n), after.read(f, n, first));
  }
  out.exchange = std::move(info);
  return out;
}

LaneView laneView(const Timeline& timeline) {
  const DebugProgram& program = timeline.program();
  const sim::WarpState& state = timeline.state();
  LaneView v;
  v.position = timeline.position();
  v.length = program.count();
  v.reached = timeline.reached();
  v.activeMask = state.activeMask;
  for (const auto& [f, n] : program.namedRegisters()) {
    LaneRegister& r = v.registers.emplace_back();
    r.name = state.layout.name(f, n);
    r.file = f;
    r.number = n;
    const unsigned lanes = operands::perLane(f) ? sim::kWarpSize : 1u;
    for (unsigned lane = 0; lane < lanes; ++lane) r.values.push_back(state.read(f, n, lane));
  }
  if (v.position < program.count()) v.next = instructionLanes(program, v.position, state);
  if (v.position > 0)
    v.previous = instructionLanes(program, v.position - 1, timeline.stateAt(v.position - 1));
  return v;
}

}  // namespace gpuasm::ide
