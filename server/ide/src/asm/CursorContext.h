// What completion and signature help share (private to server/ide): where the cursor is in the
// statement being typed, read from the text of its line (which may not parse), and what is
// written before it in the form the binding queries of isa/Binding.h take (which forms, variants
// and slots fit is decided there, by the matcher's own steps, never here).
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/Text.h>

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
  /// Operand: the operands before the cursor's, as written (trimmed).
  std::vector<std::string> operandsBefore;
  /// Operand: the cursor's operand up to the cursor, trimmed, prefixes removed.
  std::string operand;
  /// Operand: the prefixes written before it ('-', '~', '!', '|'), in order.
  std::string operandPrefixes;
  /// Operand: index of the cursor's operand (top-level commas before the cursor).
  std::size_t operandIndex = 0;
  /// Operand: how many operands the whole statement writes (through its ';' or the line end).
  std::size_t operandCount = 0;
};

/// The context at byte `offset`; Where::None when the offset is past the end or in a comment.
CursorContext cursorContext(const Snapshot& snapshot, std::uint32_t offset);

/// True for the bytes of an identifier ([A-Za-z0-9_]): the shared test.
using text::isWordChar;

/// The opcodes of `optype` that bind syntax form `form`.
std::vector<const isa::Opcode*> boundOpcodes(const isa::InstrDb& db, const isa::Optype& optype,
                                             std::size_t form);

/// The optype and written modifiers of a mnemonic word's components; nullopt for an unknown mnemonic.
struct Mnemonic {
  const isa::Optype* optype = nullptr;
  std::vector<std::string> modifiers;
  std::vector<std::string_view> modifierViews() const { return {modifiers.begin(), modifiers.end()}; }
};
std::optional<Mnemonic> resolveMnemonic(const isa::InstrDb& db, const std::vector<std::string>& components);

/// The operands written before the cursor's, read as the assembler reads them (lowered), so
/// the binding queries of isa/Binding.h judge them exactly as the matcher does.
std::vector<isa::AsmOperand> lowerOperands(const std::vector<std::string>& operands);

/// A form as a signature label: the mnemonic as written, then the operands as written, optional
/// ones in braces (`Rd{, pu}, Ra`); `operandRanges` receives each operand's byte range in it.
std::string formLabel(const isa::SyntaxForm& form, std::vector<syntax::ByteRange>* operandRanges);

}  // namespace gpuasm::ide::detail
