// What completion and signature help share (private to server/ide): where the cursor is in the
// statement being typed, read from the text of its line (which may not parse), and which syntax
// forms and operand slots of an optype fit what is already written, read from the database.
#pragma once

#include <gpuasm/ide/Snapshot.h>
#include <gpuasm/isa/InstrDb.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide::detail {

/// The statement around the cursor, read with a small tokenizer: comments blanked, the
/// statement starting after the last ';' before the cursor on its line.
struct CursorContext {
  enum class Where : std::uint8_t {
    None,      ///< in a comment, past the end, after a token completion cannot extend
    Guard,     ///< in the predicate of `@P0` / `@!UP1`
    Mnemonic,  ///< in the dotted word `IMAD.WI`
    Operand,   ///< in the operand list
  };
  Where where = Where::None;
  /// Absolute byte range of the partial word being typed (empty at a fresh position).
  syntax::ByteRange word;
  /// Mnemonic: the complete dotted components before the partial one ("IMAD", "WIDE");
  /// Operand: every component of the mnemonic word.
  std::vector<std::string> components;
  /// Operand: the operands before the cursor's, trimmed, prefixes (- ~ ! |) removed.
  std::vector<std::string> operandsBefore;
  /// Operand: the cursor's operand up to the cursor, trimmed, prefixes removed.
  std::string operand;
  /// Operand: index of the cursor's operand (top-level commas before the cursor).
  std::size_t operandIndex = 0;
  /// Operand: how many operands the whole statement writes (through its ';' or the line end).
  std::size_t operandCount = 0;
};

/// The context at byte `offset`; Where::None when the offset is past the end or in a comment.
CursorContext cursorContext(const Snapshot& snapshot, std::uint32_t offset);

/// True for the bytes of an identifier ([A-Za-z0-9_]).
bool isWordChar(char c);

/// The opcodes of `optype` that bind syntax form `form`.
std::vector<const isa::Opcode*> boundOpcodes(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form);

/// Whether `spelling` can fill modifier slot `slot` of form `form`: the literal itself, or a
/// value of the variable's domain that the field's type of a bound opcode spells.
bool slotAccepts(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form, const isa::ModifierSlot& slot,
                 std::string_view spelling);

/// How the written modifiers fill the modifier slots of one form (indices into form.parts).
struct ModifierFill {
  std::vector<bool> taken;  ///< parallel to form.parts
  int last = -1;            ///< the highest slot filled, -1 when none
};

/// Assigns `written` (modifiers after the mnemonic) to the slots of form `form` in order, each to
/// the first free slot after the previous one that accepts it (else any free slot, as the
/// matcher does); nullopt when some modifier fits no slot of the form.
std::optional<ModifierFill> fillModifiers(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form,
                                          const std::vector<std::string>& written);

/// Whether a modifier slot may be left out: braced, or a variable whose field has an encoding
/// default (or is absent) in some variant the form binds (L-53).
bool skippable(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form, const isa::ModifierSlot& slot);

/// Whether form `form` takes exactly the written modifiers: they fill its slots and every slot
/// left free may be left out.
bool formTakes(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form, const std::vector<std::string>& written);

/// The optype and written modifiers of a mnemonic word's components; nullopt for an unknown mnemonic.
struct Mnemonic {
  const isa::Optype* optype = nullptr;
  std::vector<std::string> modifiers;
};
std::optional<Mnemonic> resolveMnemonic(const isa::InstrDb& db, const std::vector<std::string>& components);

/// One operand slot the cursor's operand can stand for.
struct SlotCandidate {
  std::size_t form = 0;
  std::size_t slot = 0;  ///< index into form.operands
  const isa::Opcode* opcode = nullptr;
};

/// The slots of form `form` that operand `index` can fill, given the operands written before it:
/// every choice of optional slots (braced, or predicates with an encoding default) under which
/// the earlier operands fit their slots' kinds, in the matcher's order, without duplicates.
std::vector<SlotCandidate> operandSlots(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form,
                                        const std::vector<std::string>& before, std::size_t index);

/// The Order<> element slot `slot` of form `form` stands for in `opcode` (null when unbound).
const isa::OrderElem* orderElem(const SlotCandidate& at);

/// The first sentence of a prose text (up to '。' or ". "), on one line.
std::string firstSentence(std::string_view text);

/// The first line of the optype's __ModifierInfo that mentions `.word` as a whole modifier.
std::string modifierMeaning(const isa::Optype& optype, std::string_view word);

/// A form as a signature label: the mnemonic as written, then the operands as written, optional
/// ones in braces (`Rd{, pu}, Ra`); `operandRanges` receives each operand's byte range in it.
std::string formLabel(const isa::SyntaxForm& form, std::vector<syntax::ByteRange>* operandRanges);

}  // namespace gpuasm::ide::detail
