// The binding model: how a written statement binds to the database. Matching decides it once —
// the syntax form, the opcode variant, the form slot of every written operand (which optional
// slots were left out) and the modifier slot of every written modifier — and records the
// decision as a `Binding`, for a match and for the nearest miss alike. Every other fact a tool
// needs about the statement (the Order<> element an operand stands for, the fields it sets,
// whether the instruction reads or writes it, which registers a range covers, what a modifier
// sets) is derived from that decision and the database by the functions below, so hover,
// completion, signature help, the simulator and the dataflow all describe the binding the
// encoder makes, and none decides it again.
//
// The partial-statement queries (how written modifiers fill a form, the slot choices for N
// operands, whether an operand fits an element) are the matcher's own steps, exported: the
// matcher runs them on its hot path, completion and signature help on a line being typed.
#pragma once

#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/MachineInst.h>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::isa {

/// What an instruction does with an operand, from its opcode's InList<> / OutList<>.
enum class Access : std::uint8_t { None = 0, Read = 1, Write = 2, ReadWrite = 3 };

constexpr Access operator|(Access a, Access b) {
  return static_cast<Access>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}
constexpr bool reads(Access a) { return (static_cast<std::uint8_t>(a) & 1u) != 0; }
constexpr bool writes(Access a) { return (static_cast<std::uint8_t>(a) & 2u) != 0; }

/// The decision matching made for one statement. Fixed-size, so recording it costs the
/// matcher's hot path no allocation; a statement with more operands or modifiers than
/// kCapacity records the first kCapacity (no syntax form has that many).
struct Binding {
  static constexpr std::uint8_t kUnbound = 0xFF;
  static constexpr std::size_t kCapacity = 16;

  const Optype* optype = nullptr;
  const SyntaxForm* form = nullptr;  ///< one of optype->syntax.forms
  const Opcode* opcode = nullptr;    ///< the encoding variant
  bool matched = false;              ///< the statement assembles with this binding (else: nearest miss)
  std::uint8_t operandCount = 0;     ///< written operands recorded in operandSlot
  std::uint8_t modifierCount = 0;    ///< written modifiers (after the mnemonic) recorded in modifierSlot
  /// Per written operand: the index into form->operands it fills, kUnbound when undecided
  /// (a miss that failed before the operands were placed).
  std::array<std::uint8_t, kCapacity> operandSlot{};
  /// Per written modifier: the index into form->parts it fills, kUnbound when undecided.
  std::array<std::uint8_t, kCapacity> modifierSlot{};

  /// Index of `form` in optype->syntax.forms.
  std::size_t formIndex() const;
  /// The form's binding to the opcode (never null for a recorded binding).
  const FormBinding& formBinding() const;
  /// The form slot written operand `operand` fills.
  std::optional<std::size_t> slotOf(std::size_t operand) const;
  /// The Order<> element written operand `operand` stands for, with its index.
  const OrderElem* elementOf(std::size_t operand) const;
  std::optional<std::size_t> orderIndexOf(std::size_t operand) const;
  /// The form slot written modifier `modifier` (0 = first after the mnemonic) fills.
  std::optional<std::size_t> modifierSlotOf(std::size_t modifier) const;
  /// The optional operand slots left out (all operand slots decided only).
  std::vector<std::size_t> omittedSlots() const;
};

/// The operands an opcode reads and writes, as its InList<> and OutList<> name them: the
/// InList<> elements in order (the guard first) with Access::Read, then the OutList<> elements
/// in order with Access::Write — an element in both lists appears twice. Each with its field
/// index, or for a predicate-set operand (PR, UPR) the predicate file it stands for.
struct OperandAccess {
  std::string_view name;
  int field = -1;  ///< index into opcode.fields, -1 for a predicate set or an unknown name
  const BitFieldType* predicateSetFile = nullptr;  ///< the predicate type a predicate-set operand covers
  Access access = Access::None;
};
std::vector<OperandAccess> operandAccesses(const InstrDb& db, const Opcode& opcode);

/// The access of an Order<> element in `opcode`: of its field, of a predicate set, or of the
/// parts of a composite address (`R[urb, ridx]` reads urb).
Access accessOf(const Opcode& opcode, const OrderElem& elem);

/// What written operand `operand` is bound to: its slot, its Order<> element, every field the
/// operand's spelling sets (the value field, composite parts, and the attribute fields of its
/// prefixes and selector: ra.neg, ra.abs, …), and its access.
struct OperandFacts {
  std::size_t slot = 0;
  std::size_t orderIndex = 0;
  const OrderElem* element = nullptr;
  std::vector<std::uint32_t> fields;
  Access access = Access::None;
};
std::optional<OperandFacts> operandFacts(const Binding& binding, std::size_t operand);

/// What written modifier `modifier` is bound to: its slot in form->parts, the domain variable
/// (empty for a literal slot), the field it sets (-1 when the variant has none, L-48) and the
/// value it sets (-1 when none). `spelling` is the modifier as written.
struct ModifierFacts {
  std::size_t slot = 0;
  std::string_view variable;
  int field = -1;
  std::int64_t value = -1;
};
std::optional<ModifierFacts> modifierFacts(const Binding& binding, std::size_t modifier,
                                           std::string_view spelling);

/// One register an instruction reads or writes, a range expanded register by register.
struct RegisterAccess {
  static constexpr std::uint8_t kNotWritten = 0xFF;  ///< `operand` of elements the syntax does not write
  const BitFieldType* file = nullptr;  ///< the register or predicate type (Reg, UReg, Pred, UPred)
  std::uint32_t number = 0;            ///< the enumerator value (R5 → 5)
  Access access = Access::None;
  std::uint8_t operand = kNotWritten;  ///< the written operand it comes from, when the binding says
  bool guard = false;                  ///< the guard predicate
};
/// Every register `inst` reads or writes, from its opcode's InList<>/OutList<>, its field values
/// and Bitwidth<> (a 64-bit operand covers two registers), a predicate set as every predicate of
/// its file. The prelude's zero and true registers (RZ, PT…) carry no value and are left out.
/// `binding` (optional) attributes each register to the written operand it comes from.
std::vector<RegisterAccess> registerAccesses(const InstrDb& db, const MachineInst& inst,
                                             const Binding* binding = nullptr);

/// One InList<>/OutList<> element of an opcode that can name registers, resolved against the
/// database once (registerAccessPlans), so that registerAccesses compares no names per
/// instruction: the lists' order (InList<> then OutList<>), elements naming no register left out.
struct RegisterAccessStep {
  Access access = Access::None;
  const BitFieldType* file = nullptr;  ///< the register or predicate type
  /// A predicate set (PR, UPR): the predicates of `file` it covers (all but the constant one).
  bool predicateSet = false;
  std::vector<std::uint32_t> predicates;
  std::uint32_t field = 0;                 ///< else: the field holding the register number
  const BitwidthRule* bitwidth = nullptr;  ///< a register's Bitwidth<> rule, null when none
  bool hasConstant = false;                ///< `file` has a constant register (RZ, PT): `constant`
  std::uint64_t constant = 0;
  bool guard = false;  ///< the guard predicate
  /// The Order<> elements named so or having the name as a composite part (bit k: element k;
  /// elements past 63 in `laterOrder`): a written operand bound to one is where the registers come from.
  std::uint64_t orderMask = 0;
  std::vector<std::uint32_t> laterOrder;
};
/// The steps of every opcode of a database (parallel to db.opcodes()), derived on first use and
/// kept with the database (InstrDb::derived).
struct RegisterAccessPlans {
  const InstrDb* db = nullptr;
  std::vector<std::vector<RegisterAccessStep>> opcodes;
};
const RegisterAccessPlans& registerAccessPlans(const InstrDb& db);
/// registerAccesses appended to `out`: with the plans fetched once, a loop over small steps that
/// allocates nothing once `out` has room (the dataflow keeps one buffer for a document).
void appendRegisterAccesses(const RegisterAccessPlans& plans, const MachineInst& inst, const Binding* binding,
                            std::vector<RegisterAccess>& out);

/// The width in bits of Order<> element `elem` of `opcode` under field values `values` (its
/// Bitwidth<> rule); nullopt when it has no rule or the rule reads a value it cannot use.
std::optional<std::uint32_t> operandWidth(const Opcode& opcode, const OrderElem& elem,
                                          std::span<const std::uint64_t> values);

/// How register `value` of register type `t` is written as an operand spanning `count`
/// registers: its name ("R5"; the zero register at any width), or the range from it ("R[4:5]").
std::string registerSpelling(const InstrDb& db, const BitFieldType& t, std::uint64_t value,
                             std::uint32_t count);

/// Whether register `value` of register type `t` can start an operand spanning `count`
/// registers as the assembler takes it: a range starts at a multiple of `count` and ends on one
/// of the file's ordinary registers (the zero register, a wide zero, always fits).
enum class RegisterRangeFit : std::uint8_t { Fits, Misaligned, PastTheFile };
RegisterRangeFit registerRangeFit(const InstrDb& db, const BitFieldType& t, std::uint64_t value,
                                  std::uint32_t count);

/// Every spelling a register operand of type `t` spanning `count` registers can take, in
/// register order: each register for one, else each aligned range (the matcher's rule:
/// R[n:n+count-1] with n a multiple of count) and the zero register.
std::vector<std::string> registerOperandSpellings(const InstrDb& db, const BitFieldType& t,
                                                  std::uint32_t count);

// ------------------------------------------------------------------ partial-statement queries

/// Assigns written modifiers (indices into optype.modifierSpellings) to the modifier slots of
/// `form` bound to one opcode, the matcher's way: each to the first free slot that takes it.
/// `slotOf` receives the slot per modifier; false (with `failed` = the first modifier that
/// found no slot) when one fits none. `slotOf` and `taken` must be sized by the caller
/// (written count, form.parts.size()).
bool assignModifierSlots(const SyntaxForm& form, const FormBinding& binding,
                         std::span<const std::size_t> spellings, std::span<std::uint8_t> slotOf,
                         std::span<std::uint8_t> taken, std::size_t* failed = nullptr);

/// Whether modifier slot `part` of `form` may stay free in `opcode`: a braced literal, or a
/// variable (braced or not) whose field is absent or has an encoding default (L-53). A slot
/// that may not stay free and is left free is the matcher's missing-modifier.
bool modifierSlotSkippable(const Opcode& opcode, const SyntaxForm& form, const FormBinding& binding,
                           std::size_t part);

/// How written modifiers fill form `form` in one opcode variant.
struct ModifierFill {
  const Opcode* opcode = nullptr;
  std::vector<std::uint8_t> slotOf;  ///< per written modifier, an index into form.parts
  std::vector<std::uint8_t> taken;   ///< parallel to form.parts
  int last = -1;                     ///< the highest slot filled, -1 when none
  bool complete = false;             ///< every free slot may stay free: the form takes exactly these
};
/// For each opcode variant the form binds to, in the optype's order, the fill of the written
/// modifiers (as spelled); variants where some modifier fits no slot are left out.
std::vector<ModifierFill> fillModifiers(const InstrDb& db, const Optype& optype, std::size_t form,
                                        std::span<const std::string_view> written);

/// The field values of a variant on a line whose operands are not written yet: its initial
/// values (defaults, fixed values) with each written modifier's field set as the matcher sets
/// it; `known` marks the fields nothing written later can change (fixed, or set by a modifier).
struct PartialFieldValues {
  std::vector<std::uint64_t> values;  ///< parallel to opcode.fields
  std::vector<std::uint8_t> known;    ///< parallel to opcode.fields
  /// Sets field `field` as writing a modifier does.
  void set(int field, std::int64_t value);
};
PartialFieldValues valuesAfterModifiers(const Optype& optype, const SyntaxForm& form,
                                        const ModifierFill& fill, std::span<const std::string_view> written);

/// Whether the variant rejects every statement with these values: a field the spec fixes holds
/// another value (the matcher's fixed-field-modifier), or an EncodingError<> rule that reads only
/// known fields fires (the matcher's encoding-error).
bool encodingRejects(const Opcode& opcode, const PartialFieldValues& values);

/// The number of masks over a form's optional slots (2^optional, 0 when too many to try).
std::uint32_t slotChoiceCount(std::span<const std::size_t> optionalSlots);
/// The operand slots of choice `mask` (bit o set: optional slot o is written), when it gives
/// exactly `written` operands; the matcher tries masks in increasing order.
bool slotChoice(const SyntaxForm& form, std::span<const std::size_t> optionalSlots, std::uint32_t mask,
                std::size_t written, std::vector<std::size_t>& slots);

/// Whether a written operand has what an Order<> element of `opcode` takes — the matcher's
/// kind check, before ranges, prefixes and widths: the predicate set by name, a composite
/// address by shape and file, a register or predicate by its name in the field's type, an
/// immediate by literal kind. True does not promise a match.
bool operandFits(const InstrDb& db, const Opcode& opcode, const OrderElem& elem, const AsmOperand& operand);

/// Whether a composite Order<> element is the constant-memory address (`C[vb, ura]`), the other
/// composites being register-indirect (`R[urb, ridx]`).
bool isConstantMemoryElement(const InstrDb& db, const OrderElem& elem);

/// operandFits with the register look-up supplied: `registerValue(type)` gives the value of the
/// operand's register name (R[4:5] as R4) in `type`, so the matcher can cache it per operand.
template <typename RegisterValue>
bool operandFitsWith(const InstrDb& db, const Opcode& opcode, const OrderElem& elem, const AsmOperand& o,
                     RegisterValue&& registerValue) {
  if (o.kind == AsmOperandKind::Invalid || o.kind == AsmOperandKind::Name) return false;
  switch (elem.kind) {
    case OrderElem::Kind::PredicateSet: return o.kind == AsmOperandKind::PredicateSet && o.name == elem.name;
    case OrderElem::Kind::Composite:
      return isConstantMemoryElement(db, elem)
                 ? o.kind == AsmOperandKind::ConstantMemory
                 : o.kind == AsmOperandKind::RegisterIndirect && o.file == elem.name;
    case OrderElem::Kind::Field: break;
  }
  const Field* f = opcode.fieldOf(elem);
  if (f == nullptr) return true;
  const BitFieldType& t = db.typeOf(*f);
  switch (t.kind) {
    case TypeKind::Register:
    case TypeKind::Predicate: {
      const bool isRegister = o.kind == AsmOperandKind::Register ||
                              (o.kind == AsmOperandKind::RegisterRange && t.kind == TypeKind::Register);
      return isRegister && registerValue(t).has_value();
    }
    case TypeKind::SImm:
    case TypeKind::UImm: return o.kind == AsmOperandKind::Integer;
    case TypeKind::FImm:
      return o.kind == AsmOperandKind::Float || o.kind == AsmOperandKind::Integer ||
             o.kind == AsmOperandKind::FloatBits;
    case TypeKind::CMem: return o.kind == AsmOperandKind::ConstantMemory;
    case TypeKind::Enum:
    case TypeKind::Flag: return false;
  }
  return false;
}

/// What a '-' or '~' prefix does on an operand standing for a register or constant-memory
/// field: sets its neg or bitnot attribute, or why it may not stand there.
enum class NegationPrefix : std::uint8_t {
  SetsNeg,          ///< '-' (or '~' under .X with CvtINegX) sets field.neg
  SetsBitNot,       ///< '~' sets field.bitnot
  WantsTilde,       ///< under .X, CvtINegX writes the negation '~' (L-51)
  WantsMinus,       ///< without .X, CvtINegX writes the negation '-' (L-51)
  TildeNotAllowed,  ///< the field negates, but '~' is not its spelling
  NoBit,            ///< the variant has no attribute bit for it (L-50)
};
/// The matcher's rule for prefix `prefix` ('-' or '~') on field `field` of `opcode`, with the
/// field values known so far (CvtINegX reads the .X field).
NegationPrefix negationPrefix(const InstrDb& db, const Opcode& opcode, const Field& field, char prefix,
                              std::span<const std::uint64_t> values);

/// Whether the prefixes of `operand` ('-', '~', '|x|', '!') are legal on a register or
/// constant-memory operand standing for Order<> element `elem` (the matcher's illegal-prefix
/// and neg-under-x rules); true for an element without a field.
bool prefixesFit(const InstrDb& db, const Opcode& opcode, const OrderElem& elem, const AsmOperand& operand,
                 std::span<const std::uint64_t> values);

/// One form slot an operand can stand for, in one variant.
struct SlotCandidate {
  const Opcode* opcode = nullptr;
  std::size_t slot = 0;
};
/// The slots of form `form` that the operand after `before` can fill: every variant and choice
/// of optional slots, in the matcher's order, under which each operand of `before` fits its
/// slot's element, without duplicates.
std::vector<SlotCandidate> nextOperandSlots(const InstrDb& db, const Optype& optype, std::size_t form,
                                            std::span<const AsmOperand> before);

// ------------------------------------------------------------------ shared text of the database

/// A form as the spec writes it without the scheduling placeholders and the column alignment,
/// with " ;" — the legal forms of a diagnostic and the tooltip of an encoding hint.
std::string compactForm(const SyntaxForm& form);

/// The domain line of a modifier variable as the spec writes it: `.rnd = {.RN*, .RM, .RP, .RZ}`.
std::string domainLine(const ModifierDomain& domain);

/// The lines (and table rows, with their table's header) of the optype's __ModifierInfo that
/// mention `.word` as a whole modifier (".X" does not match ".XOR"), in order; empty when none.
std::vector<std::string> modifierMeaningLines(const Optype& optype, std::string_view word);

/// What __ModifierInfo says of `.word` on one line, from the first place that mentions it: in a
/// table row, the row's other cells after their header cells (ISETP's `.EQ`: "功能（C风格比较运算符
/// 表示）: =="), not the row's markdown; in prose, the line's first sentence (a heading without
/// its `#`s). Code fences are not read. Empty when nothing says. A line naming several values
/// gives each the same meaning (SHFL's four .mode values share 002:63); the reference says it
/// once for them.
std::string modifierMeaning(const Optype& optype, std::string_view word);

/// The lines of `case .spelling:` in the `switch (.variable)` of the optype's __Semantics, up
/// to its `break;` (the label and `break;` left out, comments too): what the pseudo-code does
/// for that value (SHFL's `.UP`: "j = lane - bval; pu = (j >= maxLane);"). Empty when the
/// semantics switch on no such variable or have no such case.
std::vector<std::string> modifierCase(const Optype& optype, std::string_view variable,
                                      std::string_view spelling);

}  // namespace gpuasm::isa
