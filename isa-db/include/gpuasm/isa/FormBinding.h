// Which encoding field each operand slot of a syntax form stands for, in one opcode variant.
// The spec's placeholder names do not always match field names (SrcB is rb, urb or vb; MOV.64's
// Ra is rb; LEA's UImm5Sca is shiftamt — spec-catalog L-79), so binding walks the opcode's
// Order<> (the guard excluded) left to right: a placeholder that names a field binds to it; any
// other binds to the next element whose kind fits (register file, predicate, immediate,
// composite address). A form that cannot be bound does not apply to that variant.
#pragma once

#include <gpuasm/isa/InstrDb.h>

#include <optional>
#include <string>
#include <vector>

namespace gpuasm::isa {

// FormBinding itself is declared in InstrDb.h: every opcode keeps the bindings of its optype's
// forms, computed once with the database (Opcode::formBindings).

/// Binds `form` to `opcode`; nullopt when some slot finds no fitting Order element. The
/// database has done this for every form of every opcode: use Opcode::formBindings.
std::optional<FormBinding> bindForm(const InstrDb& db, const Opcode& opcode, const SyntaxForm& form);

/// Fills binding.optionalSlots, binding.variableField and binding.modifierValue: which operand
/// slots may be omitted, and for every modifier slot of `form` and
/// every spelling of optype.modifierSpellings, whether the slot takes it in `opcode` and the field
/// value it sets (a literal names itself; a variable takes its domain's values and their alias
/// spellings). The database does this once, so matching compares indices, not names.
void bindModifierSpellings(const InstrDb& db, const Optype& optype, const Opcode& opcode,
                           const SyntaxForm& form, FormBinding& binding);

/// The field a literal modifier sets in `opcode` (".X" → ext, whose type has enumerator X):
/// an enumerated field other than the fixed optype/stype whose type spells the literal.
const Field* literalModifierField(const InstrDb& db, const Opcode& opcode, std::string_view literal);

/// Index of the first Order<> element an operand can stand for: 1 when Order<> starts with the
/// guard predicate field (it always does in the spec: `pg`, or `upg` in the UDP group), else 0.
std::size_t firstOperandOrderIndex(const InstrDb& db, const Opcode& opcode);

}  // namespace gpuasm::isa
