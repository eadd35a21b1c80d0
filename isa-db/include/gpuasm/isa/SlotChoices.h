// The matcher's tables built once per database: the choices of optional operand slots it
// tries, what each slot of each choice takes, and every register name's values.
//
// A form's optional slots (FormBinding::optionalSlots) can be left out in any combination; the
// matcher tries, for a statement of n operands, every combination that leaves n slots, in the
// order of slotChoice's bit masks (Binding.h). Building each slot list per attempt cost a tenth
// of matching a statement, so they are built here once for every binding and operand count.
// Deciding per attempt whether each written operand has the kind its slot takes (operandFits:
// the Order<> element, its field, the field's type, the register name hashed in that type) cost
// a third of matching a statement that is not cached; the answer depends only on the slot and
// a few facts of the operand, so each slot's SlotNeed is built here too, and a register name is
// looked up once per statement in RegisterNames, which holds its value in every register and
// predicate type.
#pragma once

#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/Matcher.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace gpuasm::isa {

/// Every spelling of a register or predicate type (TypeKind Register or Predicate) with its
/// value in each such type that has it: `of(name)` holds (type, value) exactly where
/// `db.types()[type].valueOf(name)` gives a value, for every type of those kinds.
struct RegisterNames {
  struct Entry {
    std::uint32_t type = 0;  ///< index into InstrDb::types()
    std::uint64_t value = 0;
  };
  NameIndex index;                   ///< name → its number n: entries [begin[n], begin[n + 1])
  std::vector<std::uint32_t> begin;  ///< one more than there are names
  std::vector<Entry> entries;

  /// The name's value in every register and predicate type that has it, in type order.
  std::span<const Entry> of(std::string_view name) const {
    const auto n = index.find(name);
    if (!n) return {};
    return std::span<const Entry>(entries).subspan(begin[*n], begin[*n + 1] - begin[*n]);
  }
};

/// What a written operand must be to stand for one operand slot in one variant: operandFits'
/// answer (Binding.h) decided once per slot. An operand fits when its kind's bit is in `kinds`,
/// a register (or range) has a value in `registerType` when that is set, and a predicate set's
/// name (or a register-indirect operand's file) is `*name` when that is set.
struct SlotNeed {
  std::uint16_t kinds = 0;            ///< bit k: an operand of AsmOperandKind k may fit
  std::int32_t registerType = -1;     ///< index into InstrDb::types(), -1 when no name is looked up
  const std::string* name = nullptr;  ///< the element's name (PR, UPR; R, UR), in the database

  static constexpr std::uint16_t bit(AsmOperandKind k) {
    return static_cast<std::uint16_t>(1u << static_cast<unsigned>(k));
  }
  /// Whether `o` fits, `named` being RegisterNames::of its register name (R[4:5] as R4; empty
  /// for operands that are no register).
  bool admits(const AsmOperand& o, std::span<const RegisterNames::Entry> named) const {
    if ((kinds & bit(o.kind)) == 0) return false;
    if (registerType >= 0 &&
        (o.kind == AsmOperandKind::Register || o.kind == AsmOperandKind::RegisterRange)) {
      for (const auto& e : named)
        if (e.type == static_cast<std::uint32_t>(registerType)) return true;
      return false;
    }
    if (name != nullptr) return (o.kind == AsmOperandKind::PredicateSet ? o.name : o.file) == *name;
    return true;
  }
};

/// The SlotNeed of Order<> element `elem` of `opcode`.
SlotNeed slotNeed(const InstrDb& db, const Opcode& opcode, const OrderElem& elem);

/// The operand slots of every choice, per opcode, form of its optype and number of written
/// operands.
struct SlotChoices {
  using Slots = std::vector<std::size_t>;
  using Needs = std::vector<SlotNeed>;  ///< parallel to a choice's Slots
  /// [opcode index][form index][written operands] → the choices, masks in increasing order.
  std::vector<std::vector<std::vector<std::vector<Slots>>>> byOpcode;
  /// Parallel to byOpcode: per choice, what each of its slots takes.
  std::vector<std::vector<std::vector<std::vector<Needs>>>> needsByOpcode;
  RegisterNames registers;

  /// The choices of `opcode`'s binding of form `form` that write `written` operands: what
  /// slotChoice gives for every mask in increasing order, those that give `written` operands.
  /// Empty when the form does not bind to the opcode or takes no such count.
  std::span<const Slots> of(const Opcode& opcode, std::size_t form, std::size_t written) const {
    if (opcode.index >= byOpcode.size()) return {};
    const auto& forms = byOpcode[opcode.index];
    if (form >= forms.size() || written >= forms[form].size()) return {};
    return forms[form][written];
  }
  /// Parallel to of(opcode, form, written): each choice's SlotNeeds.
  std::span<const Needs> needsOf(const Opcode& opcode, std::size_t form, std::size_t written) const {
    if (opcode.index >= needsByOpcode.size()) return {};
    const auto& forms = needsByOpcode[opcode.index];
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
