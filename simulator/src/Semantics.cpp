// ExecContext: operand access under the guard, the zero registers and the uniform datapath;
// and the built-in semantics table.
#include <gpuasm/sim/Semantics.h>

#include <algorithm>
#include <cassert>

namespace gpuasm::sim {

const SemanticsTable& SemanticsTable::builtin() {
  static const SemanticsTable table = [] {
    SemanticsTable t;
    registerIntegerArithmetic(t);
    registerIntegerLogic(t);
    registerBitOps(t);
    registerDataMovement(t);
    registerWarpOps(t);
    registerFloat(t);
    registerMufu(t);
    registerUndefined(t);
    return t;
  }();
  return table;
}

const Semantics* SemanticsTable::find(std::string_view optype) const {
  const auto it = table_.find(std::string(optype));
  return it == table_.end() ? nullptr : &it->second;
}

std::uint32_t ExecContext::readOther(const Operand& o, unsigned lane) const {
  switch (o.kind) {
    case OperandKind::Gpr:
    case OperandKind::Ugpr:
    case OperandKind::Imm: return read(o, lane);  // the inline fast path handles these
    case OperandKind::CMem: return state_.cmem.readWord(o.bank, o.offset);
    case OperandKind::Pred:
    case OperandKind::UPred: return readPred(o, lane) ? 1u : 0u;
    case OperandKind::PredSet:
    case OperandKind::UPredSet: return readPredSet(o, lane);
    case OperandKind::None: return 0;
  }
  return 0;
}

std::uint32_t ExecContext::readWord(const Operand& o, unsigned lane, unsigned k) const {
  switch (o.kind) {
    case OperandKind::Gpr: {
      if (o.reg == state_.layout.rz) return 0;
      const std::uint32_t reg = o.reg + k;
      // A range running past the last register reads zero; the matcher's alignment rule keeps
      // real programs inside the file.
      return reg < kMaxGpr && reg != state_.layout.rz ? state_.r[reg][lane] : 0u;
    }
    case OperandKind::Ugpr: {
      if (o.reg == state_.layout.urz) return 0;
      const std::uint32_t reg = o.reg + k;
      return reg < kMaxUgpr && reg != state_.layout.urz ? state_.ur[reg] : 0u;
    }
    case OperandKind::Imm:
      return k == 0 ? static_cast<std::uint32_t>(o.imm) : static_cast<std::uint32_t>(o.imm >> 32);
    case OperandKind::CMem: return state_.cmem.readWord(o.bank, o.offset + 4 * k);
    default: return k == 0 ? read(o, lane) : 0u;
  }
}

std::uint64_t ExecContext::read64(const Operand& o, unsigned lane) const {
  return static_cast<std::uint64_t>(readWord(o, lane, 0)) |
         (static_cast<std::uint64_t>(readWord(o, lane, 1)) << 32);
}

std::uint32_t ExecContext::readPredSet(const Operand& o, unsigned lane) const {
  std::uint32_t bits = 0;
  for (std::uint32_t i = 0; i < kMaxPred; ++i) {
    const bool b = o.kind == OperandKind::UPredSet ? state_.up[i] : ((state_.p[i] >> lane) & 1u) != 0;
    bits |= static_cast<std::uint32_t>(b) << i;
  }
  return bits;
}

void ExecContext::noteWritten(RegFile file, std::uint32_t index) {
  const std::pair<RegFile, std::uint32_t> key{file, index};
  if (std::find(written_->begin(), written_->end(), key) == written_->end()) written_->push_back(key);
}

void ExecContext::writeUgpr(std::uint32_t reg, std::uint32_t value) {
  if (reg >= kMaxUgpr || reg == state_.layout.urz) return;
  state_.setUgpr(reg, value);
  note(RegFile::UR, reg);
}

void ExecContext::writeWord(const Operand& o, unsigned lane, unsigned k, std::uint32_t value) {
  switch (o.kind) {
    case OperandKind::Gpr:
      if (o.reg == state_.layout.rz) return;  // RZ as a range base discards the whole result
      writeGpr(o.reg + k, lane, value);
      return;
    case OperandKind::Ugpr:
      if (o.reg == state_.layout.urz) return;
      writeUgpr(o.reg + k, value);
      return;
    case OperandKind::Pred:
    case OperandKind::UPred: writePred(o, lane, value != 0); return;
    default: assert(false && "write to an operand that is not a register"); return;
  }
}

void ExecContext::write64(const Operand& o, unsigned lane, std::uint64_t value) {
  writeWord(o, lane, 0, static_cast<std::uint32_t>(value));
  writeWord(o, lane, 1, static_cast<std::uint32_t>(value >> 32));
}

void ExecContext::writePredOther(const Operand& o, unsigned lane, bool value) {
  if (o.kind == OperandKind::UPred) {
    if (o.reg == state_.layout.upt) return;
    state_.setUpred(o.reg, value);
    note(RegFile::UP, o.reg);
    return;
  }
  if (o.kind == OperandKind::Pred) return writePred(o, lane, value);
  assert(false && "predicate write to an operand that is not a predicate");
}

void ExecContext::writePredSet(const Operand& o, unsigned lane, std::uint32_t bits, std::uint32_t mask) {
  const bool uniformSet = o.kind == OperandKind::UPredSet;
  const std::uint32_t trueIndex = uniformSet ? state_.layout.upt : state_.layout.pt;
  for (std::uint32_t i = 0; i < kMaxPred; ++i) {
    if (i == trueIndex || ((mask >> i) & 1u) == 0) continue;
    const bool b = ((bits >> i) & 1u) != 0;
    if (uniformSet) {
      state_.setUpred(i, b);
      note(RegFile::UP, i);
    } else {
      state_.setPred(i, lane, b);
      note(RegFile::P, i);
    }
  }
}

LaneSource ExecContext::source(const Operand& o) {
  switch (o.kind) {
    case OperandKind::Gpr: return {state_.r[o.reg].data(), 1};
    case OperandKind::Ugpr: return {&state_.ur[o.reg], 0};
    default: break;
  }
  assert(broadcastUsed_ < broadcast_.size() && "more broadcast sources than operands");
  std::uint32_t& slot = broadcast_[broadcastUsed_++];
  slot = readOther(o, 0);
  return {&slot, 0};
}

std::uint32_t ExecContext::predLanes(const Operand& o) const {
  std::uint32_t bits = 0;
  if (o.kind == OperandKind::Pred)
    bits = state_.p[o.reg];
  else if (o.kind == OperandKind::UPred)
    bits = state_.up[o.reg] ? kAllLanes : 0u;
  else
    assert(false && "predLanes of an operand that is not a predicate");
  return o.logicalNot ? ~bits : bits;
}

void ExecContext::store(const Operand& o, const Lanes& values) {
  if (laneMask_ == 0) return;
  if (o.kind == OperandKind::Ugpr) return writeUgpr(o.reg, values[0]);
  assert(o.kind == OperandKind::Gpr && "store to an operand that is not a register");
  if (o.reg == state_.layout.rz || o.reg >= kMaxGpr) return;
  auto& row = state_.r[o.reg];
  const std::uint32_t m = laneMask_;
  if (m == kAllLanes) {
    row = values;
  } else {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const std::uint32_t keep = ((m >> lane) & 1u) - 1u;  // all ones for a lane that does not execute
      row[lane] = (values[lane] & ~keep) | (row[lane] & keep);
    }
  }
  state_.rSet[o.reg] = true;
  note(RegFile::R, o.reg);
}

void ExecContext::storePred(const Operand& o, std::uint32_t bits) {
  if (laneMask_ == 0) return;
  if (o.kind == OperandKind::UPred) return writePredOther(o, 0, (bits & 1u) != 0);
  assert(o.kind == OperandKind::Pred && "storePred to an operand that is not a predicate");
  if (o.reg == state_.layout.pt) return;
  state_.p[o.reg] = (state_.p[o.reg] & ~laneMask_) | (bits & laneMask_);
  state_.pSet[o.reg] = true;
  note(RegFile::P, o.reg);
}

}  // namespace gpuasm::sim
