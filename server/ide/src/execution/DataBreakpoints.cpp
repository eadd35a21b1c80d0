// The debugger's data breakpoints (DataBreakpoints.h): which registers they watch and how a
// change is told.
#include <gpuasm/ide/execution/DataBreakpoints.h>

#include "OperandRegisters.h"

#include <gpuasm/sim/Value.h>

namespace gpuasm::ide {

using operands::perLane;

std::vector<BreakpointStatus> DataBreakpoints::set(const std::vector<DataBreakpointSpec>& specs,
                                                   const sim::RegisterLayout& layout, int& nextId) {
  watches_.clear();
  std::vector<BreakpointStatus> out;
  for (const DataBreakpointSpec& spec : specs) {
    BreakpointStatus& st = out.emplace_back();
    st.id = nextId++;
    const auto reg = layout.parseIgnoringCase(spec.registerName);
    if (!reg) {
      st.message = "'" + spec.registerName + "' is not a register (R0..R254, P0..P6, UR0..UR62, UP0..UP6)";
      continue;
    }
    if (operands::isConstantRegister(layout, reg->first, reg->second)) {
      st.message = spec.registerName + " never changes";
      continue;
    }
    if (spec.lane && (!perLane(reg->first) || *spec.lane >= sim::kWarpSize)) {
      st.message =
          perLane(reg->first) ? "a lane is 0..31" : spec.registerName + " is uniform: it has no lanes";
      continue;
    }
    watches_.push_back({st.id, reg->first, reg->second, spec.lane, layout.name(reg->first, reg->second)});
    st.verified = true;
  }
  return out;
}

bool DataBreakpoints::writesWatched(const sim::PreparedInst& inst) const {
  for (std::uint8_t k = 0; k < inst.outCount; ++k)
    for (const auto& [f, n] : operands::registersOf(inst.out[k]))
      for (const Watch& w : watches_)
        if (w.file == f && w.number == n) return true;
  return false;
}

void DataBreakpoints::read(const sim::WarpState& state, std::vector<std::uint32_t>& values) const {
  values.clear();
  for (const Watch& w : watches_)
    for (unsigned lane = 0; lane < (perLane(w.file) ? sim::kWarpSize : 1u); ++lane)
      values.push_back(state.read(w.file, w.number, lane));
}

std::vector<int> DataBreakpoints::changes(const std::vector<std::uint32_t>& before,
                                          const std::vector<std::uint32_t>& after,
                                          std::string& description) const {
  std::vector<int> hit;
  std::size_t at = 0;
  for (const Watch& w : watches_) {
    const bool lanes = perLane(w.file);
    const unsigned count = lanes ? sim::kWarpSize : 1u;
    unsigned changed = 0, first = 0;
    for (unsigned lane = 0; lane < count; ++lane) {
      if (w.lane && lane != *w.lane) continue;
      if (before[at + lane] == after[at + lane]) continue;
      if (changed++ == 0) first = lane;
    }
    if (changed > 0) {
      hit.push_back(w.id);
      if (description.empty()) {
        description = w.name + " changed" + (lanes ? " in lane " + std::to_string(first) : std::string()) +
                      ": " + sim::formatBits(before[at + first], sim::ValueFormat::Hex) + " -> " +
                      sim::formatBits(after[at + first], sim::ValueFormat::Hex);
        if (changed > 1)
          description +=
              " (and " + std::to_string(changed - 1) + " more lane" + (changed > 2 ? "s" : "") + ")";
      }
    }
    at += count;
  }
  return hit;
}

}  // namespace gpuasm::ide
