// The hand-written part of the simulator: what each optype does. A semantics is one function
// per optype (DESIGN.md §3), registered under the optype's name; the database decides which
// optype a line is, and `prepare` resolves its operands and modifiers before any lane runs.
// Semantics read and write through ExecContext, which applies the guard, the active mask, the
// zero registers and the uniform datapath, so the same function serves IADD and UIADD.
#pragma once

#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/WarpState.h>

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gpuasm::sim {

/// A modifier a semantics reads: the field name and the enumerator names in the order the
/// semantics numbers them. `prepare` maps the field's value to that index through the field's
/// type, so no encoding value is written in C++. An opcode without the field reads index 0.
struct ModifierDecl {
  std::string_view field;
  std::vector<std::string_view> values;
};

/// Picks a fast path for one prepared instruction, or null when it has none for it: a function
/// that gives exactly the answer of the semantics' `exec` for that instruction (its modifiers,
/// operand kinds and uniformity as prepared), computed over a fixed 32 lanes with the modifiers
/// fixed at compile time so the compiler can vectorise the lane loop. tests/sim/FastPathTest.cpp
/// runs each against `exec`.
using FastSelector = ExecFn (*)(const PreparedInst& inst, const RegisterLayout& layout);

/// What an optype does.
struct Semantics {
  std::vector<ModifierDecl> modifiers;  ///< read as inst.mods[i]
  /// Fields outside InList<> that the semantics reads, as inst.named[i] (lut, shiftamt, ridx,
  /// ULDC's constant address). An opcode without the field gets an Operand of kind None.
  std::vector<std::string_view> named;
  ExecFn exec = nullptr;
  /// The fast paths of the hot optypes (null: `exec` always).
  FastSelector fast = nullptr;
  /// Set for optypes whose spec text defines no semantics: execution stops with this reason.
  std::string noSemantics;
  /// A lane's result reads other lanes' operands (SHFL, VOTE, REDUX, MATCH): the debugger's
  /// provenance cannot follow an input to one lane.
  bool acrossLanes = false;
};

/// A semantics: the function, the modifiers it reads (inst.mods) and the extra fields (inst.named).
inline Semantics semantics(ExecFn exec, std::vector<ModifierDecl> modifiers = {},
                           std::vector<std::string_view> named = {}) {
  Semantics s;
  s.exec = exec;
  s.modifiers = std::move(modifiers);
  s.named = std::move(named);
  return s;
}

/// `s`, marked as reading across the warp's lanes.
inline Semantics acrossLanes(Semantics s) {
  s.acrossLanes = true;
  return s;
}

/// `s` with the fast-path selector `fast`.
inline Semantics withFastPath(Semantics s, FastSelector fast) {
  s.fast = fast;
  return s;
}

/// An optype the spec gives no semantics: running it stops with `reason`.
inline Semantics undefinedSemantics(std::string reason) {
  Semantics s;
  s.noSemantics = std::move(reason);
  return s;
}

/// Optype name → semantics.
class SemanticsTable {
 public:
  /// The table with every semantics gpuasm implements.
  static const SemanticsTable& builtin();

  void add(std::string optype, Semantics semantics) { table_[std::move(optype)] = std::move(semantics); }
  const Semantics* find(std::string_view optype) const;
  const std::unordered_map<std::string, Semantics>& all() const { return table_; }

 private:
  std::unordered_map<std::string, Semantics> table_;
};

/// Registration functions, one per family of optypes (simulator/src/semantics/*.cpp).
void registerIntegerArithmetic(SemanticsTable& table);
void registerIntegerLogic(SemanticsTable& table);
void registerBitOps(SemanticsTable& table);
void registerDataMovement(SemanticsTable& table);
void registerWarpOps(SemanticsTable& table);
void registerFloat(SemanticsTable& table);
void registerMufu(SemanticsTable& table);
void registerUndefined(SemanticsTable& table);

/// 32 per-lane values, as a whole-warp semantics computes them before `store`.
using Lanes = std::array<std::uint32_t, kWarpSize>;

/// A source resolved once per instruction, for semantics that loop over all lanes themselves:
/// lane i reads base[i * step] — a register row, or one broadcast value (UR, immediate,
/// constant). Resolved before the loop, it stays in registers; the results go to `store`
/// after the loop, so a source that is also the destination is read before it is written.
struct LaneSource {
  const std::uint32_t* base = nullptr;
  std::size_t step = 0;
  std::uint32_t operator[](unsigned lane) const { return base[lane * step]; }
};

/// What a cross-lane instruction did between the warp's lanes, for a lane view: the lanes it
/// combined and, for SHFL, the lane each of them read. Filled only when asked for (step with an
/// exchange): `participants` by the context, the rest by the semantics that exchange values.
struct LaneExchange {
  std::uint32_t participants = 0;                ///< the lanes it ran on (S: active and guard true)
  bool hasSources = false;                       ///< SHFL: `source` and `inRange` are filled
  std::array<std::uint8_t, kWarpSize> source{};  ///< SHFL: the lane whose Ra each lane of S received
  std::uint32_t inRange = 0;  ///< SHFL: lanes of S whose source lane was valid; the others kept their own Ra
};

/// The execution of one instruction: the state, the instruction, the lanes it runs on.
class ExecContext {
 public:
  /// `written`, when given, collects every register the instruction writes (for traces).
  ExecContext(WarpState& state, const PreparedInst& inst,
              std::vector<std::pair<RegFile, std::uint32_t>>* written = nullptr)
      : state_(state), inst_(inst), written_(written) {
    const Operand& g = inst.guard;
    if (inst.uniform) {
      const bool on = state.up[g.reg] != g.logicalNot;
      laneMask_ = on ? state.activeMask : 0;
    } else {
      const std::uint32_t p = state.p[g.reg];
      laneMask_ = state.activeMask & (g.logicalNot ? ~p : p);
    }
  }

  WarpState& state() { return state_; }
  const WarpState& state() const { return state_; }
  const PreparedInst& inst() const { return inst_; }
  const Operand& in(std::size_t i) const { return inst_.in[i]; }
  const Operand& out(std::size_t i) const { return inst_.out[i]; }
  std::uint8_t mod(std::size_t i) const { return inst_.mods[i]; }
  const Operand& named(std::size_t i) const { return inst_.named[i]; }

  /// Lanes the instruction executes on: active and guard true. For a uniform instruction, all
  /// lanes when the uniform guard is true, none otherwise.
  std::uint32_t laneMask() const { return laneMask_; }
  bool uniform() const { return inst_.uniform; }

  /// Calls f(lane) for each executing lane; a uniform instruction runs once, as lane 0.
  /// Flattened, so each semantics' lane body is inlined into the loop (no call per lane).
  template <typename F>
  [[gnu::flatten]] void forEachLane(F&& f) {
    if (inst_.uniform) {
      if (laneMask_ != 0) f(0u);
      return;
    }
    if (laneMask_ == kAllLanes) {
      // The common case, a whole warp: a plain counted loop the compiler can unroll.
      for (unsigned lane = 0; lane < kWarpSize; ++lane) f(lane);
      return;
    }
    for (std::uint32_t m = laneMask_; m != 0; m &= m - 1) f(static_cast<unsigned>(__builtin_ctz(m)));
  }

  /// The raw 32 bits of a source (register of the lane, uniform register, immediate, constant
  /// word); no prefix applied. For a register range, the first register.
  std::uint32_t read(const Operand& o, unsigned lane) const;
  /// A 64-bit source: a register pair (first = low word), or a 64-bit constant.
  std::uint64_t read64(const Operand& o, unsigned lane) const;
  /// Word `k` of a register range (R[n+k]).
  std::uint32_t readWord(const Operand& o, unsigned lane, unsigned k) const;
  /// The integer value of a source with its `-` / `~` prefixes applied (two's complement).
  std::uint32_t readInt(const Operand& o, unsigned lane) const;
  /// A predicate source with `!` applied; PredSet reads the byte P0..P7.
  bool readPred(const Operand& o, unsigned lane) const;
  std::uint32_t readPredSet(const Operand& o, unsigned lane) const;

  void write(const Operand& o, unsigned lane, std::uint32_t value);
  void write64(const Operand& o, unsigned lane, std::uint64_t value);
  void writeWord(const Operand& o, unsigned lane, unsigned k, std::uint32_t value);
  void writePred(const Operand& o, unsigned lane, bool value);
  /// Writes predicates 0..6 (PT excluded) of the lane where `mask` has a bit.
  void writePredSet(const Operand& o, unsigned lane, std::uint32_t bits, std::uint32_t mask);

  /// Whole-warp access (see LaneSource): lanes to compute (1 for a uniform instruction, whose
  /// sources are all uniform), a source's raw bits, a predicate source as a lane mask with `!`
  /// applied, and stores that write the executing lanes of a 32-bit register or predicate.
  unsigned laneCount() const { return inst_.uniform ? 1u : kWarpSize; }
  LaneSource source(const Operand& o);
  /// What `source` reads, as 32 contiguous lanes (for the fast paths' fixed-length loops): the
  /// register row, or `scratch` filled with the broadcast value.
  const std::uint32_t* lanes(const Operand& o, Lanes& scratch) const {
    if (o.kind == OperandKind::Gpr) return state_.r[o.reg].data();
    scratch.fill(o.kind == OperandKind::Ugpr ? state_.ur[o.reg] : readOther(o, 0));
    return scratch.data();
  }
  std::uint32_t predLanes(const Operand& o) const;
  void store(const Operand& o, const Lanes& values);
  void storePred(const Operand& o, std::uint32_t bits);

  /// Stops execution at this instruction with a reason (e.g. an index out of range). Semantics
  /// check before they write, so a failed instruction leaves the state as it was.
  void fail(std::string reason) {
    if (error_.empty()) error_ = std::move(reason);
  }
  const std::string& error() const { return error_; }

  /// Where a cross-lane semantics reports what it exchanged (null: nobody asked).
  LaneExchange* exchange() const { return exchange_; }
  void reportExchangeTo(LaneExchange* exchange) {
    exchange_ = exchange;
    if (exchange_ != nullptr) exchange_->participants = laneMask_;
  }

  /// Writes one GPR / UR / predicate by number (dynamic indexing: SETGPR, GETGPR, ...).
  void writeGpr(std::uint32_t reg, unsigned lane, std::uint32_t value);
  void writeUgpr(std::uint32_t reg, std::uint32_t value);

 private:
  // The uncommon operand kinds, out of line; the register and immediate paths are inline below
  // because they run once per lane of every instruction.
  std::uint32_t readOther(const Operand& o, unsigned lane) const;
  void writePredOther(const Operand& o, unsigned lane, bool value);
  void note(RegFile file, std::uint32_t index) {
    if (written_ != nullptr) noteWritten(file, index);
  }
  void noteWritten(RegFile file, std::uint32_t index);

  WarpState& state_;
  const PreparedInst& inst_;
  std::uint32_t laneMask_ = 0;
  std::string error_;
  std::vector<std::pair<RegFile, std::uint32_t>>* written_ = nullptr;
  LaneExchange* exchange_ = nullptr;
  // The values behind LaneSource step 0; each is written before it is read.
  std::array<std::uint32_t, kMaxInputs + kMaxOutputs + kMaxNamed> broadcast_;
  std::size_t broadcastUsed_ = 0;
};

// The zero registers are never written (WarpState drops those writes), so r[RZ] and ur[URZ]
// always read 0 and the hot paths need no comparison with them.
inline std::uint32_t ExecContext::read(const Operand& o, unsigned lane) const {
  switch (o.kind) {
    case OperandKind::Gpr: return state_.r[o.reg][lane];
    case OperandKind::Ugpr: return state_.ur[o.reg];
    case OperandKind::Imm: return static_cast<std::uint32_t>(o.imm);
    default: return readOther(o, lane);
  }
}

inline std::uint32_t ExecContext::readInt(const Operand& o, unsigned lane) const {
  std::uint32_t v = read(o, lane);
  if (o.bitNot) v = ~v;
  if (o.neg) v = ~v + 1u;
  return v;
}

inline bool ExecContext::readPred(const Operand& o, unsigned lane) const {
  bool v = false;
  if (o.kind == OperandKind::Pred)
    v = ((state_.p[o.reg] >> lane) & 1u) != 0;
  else if (o.kind == OperandKind::UPred)
    v = state_.up[o.reg];
  else
    v = read(o, lane) != 0;
  return v != o.logicalNot;
}

inline void ExecContext::writeGpr(std::uint32_t reg, unsigned lane, std::uint32_t value) {
  if (reg >= kMaxGpr || reg == state_.layout.rz) return;
  state_.setGpr(reg, lane, value);
  note(RegFile::R, reg);
}

inline void ExecContext::writePred(const Operand& o, unsigned lane, bool value) {
  if (o.kind == OperandKind::Pred) {
    if (o.reg == state_.layout.pt) return;
    state_.setPred(o.reg, lane, value);
    note(RegFile::P, o.reg);
    return;
  }
  writePredOther(o, lane, value);
}

inline void ExecContext::write(const Operand& o, unsigned lane, std::uint32_t value) {
  if (o.kind == OperandKind::Gpr) return writeGpr(o.reg, lane, value);
  writeWord(o, lane, 0, value);
}

}  // namespace gpuasm::sim
