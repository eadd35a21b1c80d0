// Values in their types: the type a statement's binding gives the registers it reads and
// writes, so hover, live values, the debugger's variables and the registers view show a value
// as the instruction treats it (docs/LANGUAGE.md "Values in their types"). The decision reads
// the database only: a field whose type's enumerators name value types (S32, U32, F32 in the
// spec's naming: a kind letter and a width in bits) types the statement by the value it holds;
// an optype with an FImm immediate in any variant works on f32; predicates are truth values;
// anything else is bits, shown in hex. The one C++ fact is the meaning of the kind letters.
#pragma once

#include <gpuasm/ide/analysis/RegisterEvents.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/MachineInst.h>
#include <gpuasm/sim/Value.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuasm::ide {

/// The value type an enumerator's name states, when it names one: a kind letter (F float,
/// S signed, U unsigned, B bits) and a width of 8, 16, 32 or 64 bits. Only a 32-bit type types a
/// register: F32 → f32, S32 → s32, U32 and B32 → u32 (hex); the other widths describe a part of
/// a wider value or packed narrower ones and are bits (u32). nullopt: not a type name.
std::optional<sim::ValueType> valueTypeNamed(std::string_view name);

/// The type statement `inst` gives its 32-bit register operands: that of its first field whose
/// type names value types (the value the statement sets), else f32 when any variant of its
/// optype has an FImm field, else u32 (bits).
sim::ValueType statementValueType(const isa::InstrDb& db, const isa::MachineInst& inst);

/// The type of one register `inst` reads or writes: bool for a predicate file, u32 for one
/// register of an operand `width` registers wide, else the statement's. `inst` null (the
/// statement does not assemble): u32, or bool for a predicate.
sim::ValueType registerValueType(const isa::InstrDb& db, const isa::MachineInst* inst, RegisterId reg,
                                 std::uint8_t width = 1);

/// Per register, the type given by the last of the first `executed` instructions of `unit`
/// (the statements a run executes, in order) that writes it; registers none of them writes are
/// absent. Sorted by register.
std::vector<std::pair<RegisterId, sim::ValueType>> writtenValueTypes(const isa::InstrDb& db,
                                                                     const AssembledUnit& unit,
                                                                     std::uint64_t executed);

}  // namespace gpuasm::ide
