// What changed between two versions of the spec (`gpuasm spec diff`): the two databases compared
// by name — bit-field types and their enumerators, groups, optypes and their syntax forms,
// domain lines and __Semantics, opcode variants with their fields and operand info, and the
// errata. Comparing the built databases, not the text, means the prelude's and the errata's
// effects are compared too (a field an erratum amends is compared as amended), and a change that
// only moves text around is no change. docs/LANGUAGE.md, "What a spec change changes".
#pragma once

#include <gpuasm/isa/InstrDb.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::isa {

/// What kind of change, by what it changes.
enum class SpecChangeKind : std::uint8_t {
  TypeAdded,
  TypeRemoved,
  TypeResized,           ///< the type's bit width
  TypeRekinded,          ///< Enum, Register, SImm, ... (the prelude's `: [Kind]`)
  EnumeratorAdded,       ///< a name that is new, with a value no removed name had
  EnumeratorRemoved,     ///< a name that is gone, whose value no new name took
  EnumeratorRenumbered,  ///< the same name, another value
  EnumeratorRenamed,     ///< one name gone and another new, with the same value
  GroupAdded,
  GroupRemoved,
  OptypeAdded,
  OptypeRemoved,
  OpcodeAdded,
  OpcodeRemoved,
  FieldAdded,
  FieldRemoved,
  FieldMoved,         ///< another offset
  FieldResized,       ///< another width
  FieldRetyped,       ///< another type
  FieldValueChanged,  ///< default or fixed value, or whether it has one
  SyntaxFormAdded,
  SyntaxFormRemoved,
  SyntaxFormChanged,   ///< the form with the same mnemonic and modifiers, written otherwise
  DomainChanged,       ///< a domain line `.itype = {.S32*, .U32}` added, removed or changed
  SemanticsChanged,    ///< the __Semantics text
  OperandInfoChanged,  ///< InList<>, OutList<>, Order<> or a Bitwidth<> rule
  ErratumAdded,
  ErratumRemoved,
  ErratumChanged,  ///< its targets, decision or amendments
};

/// "enumerator-renamed", ... : the spelling the listing and the JSON use.
std::string_view specChangeKindName(SpecChangeKind kind);

/// Where a thing is in one of the two specs: the file's display name and a 1-based line; empty
/// file when the thing is not in that spec (added or removed).
struct SpecPlace {
  std::string file;
  std::uint32_t line = 0;
  bool present() const { return !file.empty(); }
  std::string toString() const { return line == 0 ? file : file + ":" + std::to_string(line); }
};

/// One change.
struct SpecChange {
  SpecChangeKind kind{};
  /// What changed, by name: "CompOp" (a type), "CompOp.LT" (an enumerator; for a rename the old
  /// name), "IMNMX" (an optype: syntax, semantics), "IADD_RR" (an opcode), "IADD.ext" (a field,
  /// named by the optype when every variant of it changed alike, else by the opcode).
  std::string name;
  /// The old and the new description of it ("field<76, 1> IExt ext = NoX", "LT = 2"), empty
  /// where the thing does not exist.
  std::string oldText, newText;
  SpecPlace oldPlace, newPlace;
  /// The optype whose instructions it concerns (syntax, semantics, its variants' fields and
  /// operand info), empty for a type, an enumerator, a group or an erratum.
  std::string optype;
  /// The opcode variants it concerns, for field and operand-info changes, in database order.
  std::vector<std::string> opcodes;
};

/// Every change from `oldDb` to `newDb`, in a stable order: types and enumerators, groups,
/// optypes (syntax, semantics), opcodes and fields, operand info, errata.
std::vector<SpecChange> diffSpecs(const InstrDb& oldDb, const InstrDb& newDb);

}  // namespace gpuasm::isa
