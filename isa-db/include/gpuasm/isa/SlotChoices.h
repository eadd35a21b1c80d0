// The choices of optional operand slots the matcher tries, built once per database.
//
// A form's optional slots (FormBinding::optionalSlots) can be left out in any combination; the
// matcher tries, for a statement of n operands, every combination that leaves n slots, in the
// order of slotChoice's bit masks (Binding.h). Building each slot list per attempt cost a tenth
// of matching a statement, so they are built here once for every binding and operand count.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/Matcher.h>

#include <cstddef>
#include <span>
#include <vector>

namespace gpuasm::isa {

/// The operand slots of every choice, per opcode, form of its optype and number of written
/// operands.
struct SlotChoices {
  using Slots = std::vector<std::size_t>;
  /// [opcode index][form index][written operands] → the choices, masks in increasing order.
  std::vector<std::vector<std::vector<std::vector<Slots>>>> byOpcode;

  /// The choices of `opcode`'s binding of form `form` that write `written` operands: what
  /// slotChoice gives for every mask in increasing order, those that give `written` operands.
  /// Empty when the form does not bind to the opcode or takes no such count.
  std::span<const Slots> of(const Opcode& opcode, std::size_t form, std::size_t written) const {
    if (opcode.index >= byOpcode.size()) return {};
    const auto& forms = byOpcode[opcode.index];
    if (form >= forms.size() || written >= forms[form].size()) return {};
    return forms[form][written];
  }
};

/// The database's slot choices, computed on first use and kept with it (InstrDb::derived: a
/// lock and a look-up, so callers that match many statements fetch them once).
const SlotChoices& slotChoices(const InstrDb& db);

/// matchStatement(db, s) with `choices` = slotChoices(db) given by the caller.
MatchResult matchStatement(const InstrDb& db, const AsmStatement& s, const SlotChoices& choices);

}  // namespace gpuasm::isa
