// The registers a prepared operand stands for, shared by the debugger's parts (DebugProgram,
// DataBreakpoints, Provenance, LaneView, Debugger): ranges register by register, predicate sets
// expanded.
#pragma once

#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/WarpState.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace gpuasm::ide::operands {

inline bool perLane(sim::RegFile f) { return f == sim::RegFile::R || f == sim::RegFile::P; }

inline bool isConstantRegister(const sim::RegisterLayout& l, sim::RegFile file, std::uint32_t n) {
  return (file == sim::RegFile::R && n == l.rz) || (file == sim::RegFile::UR && n == l.urz) ||
         (file == sim::RegFile::P && n == l.pt) || (file == sim::RegFile::UP && n == l.upt);
}

// The registers an operand stands for, in its file.
inline std::vector<std::pair<sim::RegFile, std::uint32_t>> registersOf(const sim::Operand& o) {
  std::vector<std::pair<sim::RegFile, std::uint32_t>> out;
  const std::uint32_t words = std::max<std::uint32_t>(1, o.width / 32);
  switch (o.kind) {
    case sim::OperandKind::Gpr:
      for (std::uint32_t k = 0; k < words; ++k) out.emplace_back(sim::RegFile::R, o.reg + k);
      break;
    case sim::OperandKind::Ugpr:
      for (std::uint32_t k = 0; k < words; ++k) out.emplace_back(sim::RegFile::UR, o.reg + k);
      break;
    case sim::OperandKind::Pred: out.emplace_back(sim::RegFile::P, o.reg); break;
    case sim::OperandKind::UPred: out.emplace_back(sim::RegFile::UP, o.reg); break;
    case sim::OperandKind::PredSet:
      for (std::uint32_t k = 0; k < sim::kMaxPred; ++k) out.emplace_back(sim::RegFile::P, k);
      break;
    case sim::OperandKind::UPredSet:
      for (std::uint32_t k = 0; k < sim::kMaxPred; ++k) out.emplace_back(sim::RegFile::UP, k);
      break;
    default: break;
  }
  return out;
}

}  // namespace gpuasm::ide::operands
