// The register events of a piece of text: per statement, every register it reads and writes
// (from the binding, isa/Binding.h: InList<>/OutList<>, ranges register by register, predicate
// sets as their predicates, the guard), and the registers `// @state` directives set. The
// snapshot keeps them per chunk, so the register dataflow (RegisterUses.h) walks the document
// without re-deriving a statement's accesses.
#pragma once

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/isa/Binding.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// One register of a file: its type (index into db.types()) and number.
struct RegisterId {
  std::uint32_t file = 0;
  std::uint32_t number = 0;
  friend auto operator<=>(const RegisterId&, const RegisterId&) = default;
};

/// What one statement does with one register.
struct RegisterEvent {
  RegisterId reg;
  /// The operand or guard predicate as written; for a register the statement uses without
  /// writing it (an omitted operand's default) the mnemonic, and `implicit` is set.
  syntax::ByteRange range;
  std::uint32_t line = 0;
  std::uint32_t statement = 0;  ///< index of the statement in its unit
  isa::Access access = isa::Access::None;
  bool guarded = false;  ///< the statement executes under a predicate: a write may leave lanes alone
  bool implicit = false;
  /// The statement does not assemble: what it does with the register it names is unknown, so
  /// the dataflow takes it as read and written (no finding is made on it).
  bool unknown = false;
  /// An operand that names its register at run time (R[UR2+0x1]): the event stands for every
  /// register of `reg.file` (its `number` means nothing), and is `unknown` too.
  bool wholeFile = false;
  std::uint8_t width = 1;  ///< registers the written operand covers (2 for R[0:1])
};

/// The events of every statement of `unit`, statement by statement, reads before writes within
/// a statement. Coordinates are the unit's.
std::vector<RegisterEvent> registerEvents(const isa::InstrDb& db, const AssembledUnit& unit);
/// registerEvents over a stream of statements (the batch path, a piece at a time): the
/// database's register-access plans fetched once, one statement's accesses in a reused buffer.
class RegisterEventWriter {
 public:
  explicit RegisterEventWriter(const isa::InstrDb& db);
  /// The events of `statements` appended to `out`, statement n numbered `firstIndex + n`.
  void append(std::span<const AssembledStatement> statements, std::uint32_t firstIndex,
              std::vector<RegisterEvent>& out);

 private:
  const isa::InstrDb& db_;
  const isa::RegisterAccessPlans& plans_;
  std::vector<isa::RegisterAccess> accesses_;
};

/// The register a name denotes in one of the register files (R5, UR4, P0, UP1); nullopt for
/// other names and for the zero and true registers, which hold no value.
std::optional<RegisterId> registerNamed(const isa::InstrDb& db, std::string_view name);

/// The registers an initial state sets — a text's `// @state` directives as
/// sim::parseStateDirectives reads them (malformed directives are not in it, and unknown names
/// are left out: running the text reports them).
std::vector<RegisterId> stateDirectiveRegisters(const isa::InstrDb& db, const sim::InitialState& state);

}  // namespace gpuasm::ide
