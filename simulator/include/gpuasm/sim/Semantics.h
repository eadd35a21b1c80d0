// The hand-written part of the simulator: what each optype does. A semantics is one function
// per optype (DESIGN.md §3), registered under the optype's name; the database decides which
// optype a line is, and `prepare` resolves its operands and modifiers before any lane runs.
// Semantics read and write through ExecContext, which applies the guard, the active mask, the
// zero registers and the uniform datapath, so the same function serves IADD and UIADD.
#pragma once

#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/WarpState.h>

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

class ExecContext;
using ExecFn = void (*)(ExecContext&);

/// What an optype does.
struct Semantics {
  std::vector<ModifierDecl> modifiers;       ///< read as inst.mods[i]
  /// Fields outside InList<> that the semantics reads, as inst.named[i] (lut, shiftamt, ridx,
  /// ULDC's constant address). An opcode without the field gets an Operand of kind None.
  std::vector<std::string_view> named;
  ExecFn exec = nullptr;
  /// Set for optypes whose spec text defines no semantics: execution stops with this reason.
  std::string noSemantics;
};

/// A semantics: the function, the modifiers it reads (inst.mods) and the extra fields (inst.named).
inline Semantics semantics(ExecFn exec, std::vector<ModifierDecl> modifiers = {}, std::vector<std::string_view> named = {}) {
  Semantics s;
  s.exec = exec;
  s.modifiers = std::move(modifiers);
  s.named = std::move(named);
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

/// The execution of one instruction: the state, the instruction, the lanes it runs on.
class ExecContext {
 public:
  /// `written`, when given, collects every register the instruction writes (for traces).
  ExecContext(WarpState& state, const PreparedInst& inst, std::vector<std::pair<RegFile, std::uint32_t>>* written = nullptr);

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
  template <typename F>
  void forEachLane(F&& f) {
    if (inst_.uniform) {
      if (laneMask_ != 0) f(0u);
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

  /// Stops execution at this instruction with a reason (e.g. an index out of range). Semantics
  /// check before they write, so a failed instruction leaves the state as it was.
  void fail(std::string reason) {
    if (error_.empty()) error_ = std::move(reason);
  }
  const std::string& error() const { return error_; }

  /// Writes one GPR / UR / predicate by number (dynamic indexing: SETGPR, GETGPR, ...).
  void writeGpr(std::uint32_t reg, unsigned lane, std::uint32_t value);
  void writeUgpr(std::uint32_t reg, std::uint32_t value);

 private:
  void note(RegFile file, std::uint32_t index);

  WarpState& state_;
  const PreparedInst& inst_;
  std::uint32_t laneMask_ = 0;
  std::string error_;
  std::vector<std::pair<RegFile, std::uint32_t>>* written_ = nullptr;
};

}  // namespace gpuasm::sim
