// A program ready to execute: every matched instruction resolved once into operands (register
// numbers, immediates, constant addresses, prefix bits, widths), its modifiers mapped to the
// small enumerations its semantics declared, and the semantics function to call. Operands are
// taken from the opcode's InList<>/OutList<> in order (the guard excluded), which the spec keeps
// in the same shape across all variants of an optype, so one semantics serves RR, RU, RI and RC.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/MachineInst.h>
#include <gpuasm/sim/WarpState.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace gpuasm::sim {

/// Where an operand's value lives.
enum class OperandKind : std::uint8_t {
  None,
  Gpr,       ///< per-lane R register (or the first of a range when width > 32)
  Ugpr,      ///< uniform UR register
  Pred,      ///< per-lane predicate
  UPred,     ///< uniform predicate
  PredSet,   ///< PR: P0..P7 as a byte (P2R, R2P)
  UPredSet,  ///< UPR
  Imm,       ///< immediate bits (signed immediates sign-extended to 64 bits)
  CMem,      ///< constant memory c[bank][offset]
};

/// One resolved operand. The fields are ordered so that it takes 32 bytes: a prepared program
/// holds some eleven per instruction, and the debugger keeps a whole program prepared.
struct Operand {
  std::uint64_t imm = 0;     ///< immediate value
  std::uint32_t reg = 0;     ///< register or predicate number
  std::uint32_t bank = 0;    ///< constant bank
  std::uint32_t offset = 0;  ///< constant byte offset
  std::uint32_t width = 32;  ///< Bitwidth<> of the operand in this instruction
  std::int16_t field = -1;   ///< index into the opcode's fields (-1 for PR/UPR)
  OperandKind kind = OperandKind::None;
  std::uint8_t select = 0;  ///< `.B0`..`.B3` / `.H0`/`.H1` selector value (0 when none)
  bool neg = false;         ///< `-` (or `~` where CvtINegX prints it so)
  bool abs = false;         ///< `|x|`
  bool bitNot = false;      ///< `~`
  bool logicalNot = false;  ///< `!` on a predicate
};
static_assert(sizeof(Operand) == 32);

/// The most sources (InList<> after the guard), results (OutList<>) and extra fields any
/// opcode or semantics has, with room to spare: the spec's largest InList<> has five elements
/// with the guard, its largest OutList<> two, and a semantics reads one extra field at most.
/// prepare() refuses an instruction beyond them with a message, it never writes past them.
inline constexpr std::size_t kMaxInputs = 5;
inline constexpr std::size_t kMaxOutputs = 3;
inline constexpr std::size_t kMaxNamed = 2;
/// The most modifiers one semantics may declare.
inline constexpr std::size_t kMaxModifiers = 8;

struct Semantics;
class ExecContext;
/// What executes an instruction: a semantics' function, or a fast path it chose (Semantics::fast).
using ExecFn = void (*)(ExecContext&);

/// One executable instruction.
struct PreparedInst {
  const isa::Opcode* opcode = nullptr;
  const isa::Optype* optype = nullptr;
  const Semantics* semantics = nullptr;
  /// What run() and step() call: semantics->exec, or the fast path the semantics chose for this
  /// instruction (the same answer, computed with the modifiers fixed); null with `error` set.
  ExecFn exec = nullptr;
  std::uint32_t line = 0;  ///< 0-based source line
  bool uniform = false;    ///< guarded by a uniform predicate: executes once per warp
  Operand guard;
  std::array<Operand, kMaxInputs> in{};
  std::array<Operand, kMaxOutputs> out{};
  std::uint8_t inCount = 0, outCount = 0;
  std::array<std::uint8_t, kMaxModifiers> mods{};  ///< per the semantics' ModifierDecl list
  std::array<Operand, kMaxNamed> named{};          ///< per the semantics' `named` field list
  std::string error;  ///< non-empty: executing this instruction stops with this reason

  /// Whether it executes (`error` says why not). Reads `exec`, beside the fields execution
  /// reads, rather than `error` at the struct's end: a check per step of a long run would
  /// otherwise cost a cache line of its own.
  bool runnable() const { return exec != nullptr; }
};

/// One source statement handed to `prepare`: a matched instruction, or the reason it has none.
struct SourceInstruction {
  std::uint32_t line = 0;                  ///< 0-based
  const isa::MachineInst* inst = nullptr;  ///< null when the statement did not assemble
  std::string error;                       ///< why, when inst is null
};

/// A prepared program, in source order.
struct Program {
  std::vector<PreparedInst> steps;
};

class SemanticsTable;

/// How to prepare.
struct PrepareOptions {
  /// Let each semantics pick a fast path for an instruction (Semantics::fast); without them
  /// every step runs its semantics' reference function — what the fast paths are tested against.
  bool fastPaths = true;
};

/// Resolves every statement. Never fails: a statement that cannot execute (it did not assemble,
/// or the spec gives its optype no semantics) becomes a step whose `error` says why, so
/// execution stops there with the state reached so far.
Program prepare(const isa::InstrDb& db, const RegisterLayout& layout, const SemanticsTable& table,
                std::span<const SourceInstruction> source, PrepareOptions options = {});

}  // namespace gpuasm::sim
