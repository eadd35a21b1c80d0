// Register dataflow of a document, per register: every place an instruction reads or writes
// it, from the statement's binding (isa/Binding.h: the opcode's InList<>/OutList<>, register
// ranges register by register, predicate sets as their predicates, the guard), in document
// order. The ISA has no branches, so document order is execution order. Backs document
// highlights and references of the register under the cursor.
#pragma once

#include <gpuasm/ide/Snapshot.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace gpuasm::ide {

/// What an instruction does with a register at one place.
enum class RegisterUse : std::uint8_t { Read, Write, ReadWrite };

/// One register of a file: its type (index into db.types()) and number.
struct RegisterId {
  std::uint32_t file = 0;
  std::uint32_t number = 0;
  friend bool operator==(const RegisterId&, const RegisterId&) = default;
  friend auto operator<=>(const RegisterId&, const RegisterId&) = default;
};

/// A place where a register is read or written: the operand (or guard) as written.
struct RegisterOccurrence {
  syntax::ByteRange range;
  std::uint32_t line = 0;
  RegisterUse use = RegisterUse::Read;
  friend bool operator==(const RegisterOccurrence&, const RegisterOccurrence&) = default;
};

/// The registers the operand or guard at `offset` stands for (R[0:1] is R0 and R1; PR every
/// predicate but PT), in a statement that assembles; empty elsewhere.
std::vector<RegisterId> registersAt(const Snapshot& snapshot, std::uint32_t offset);

/// Every place in the document that reads or writes one of `registers`, in document order; an
/// operand that covers several of them appears once (its uses merged).
std::vector<RegisterOccurrence> registerOccurrences(const Snapshot& snapshot, const std::vector<RegisterId>& registers);

/// registerOccurrences of the registers under the cursor: what documentHighlight and
/// references show.
std::vector<RegisterOccurrence> getRegisterOccurrences(const Snapshot& snapshot, std::uint32_t offset);

}  // namespace gpuasm::ide
