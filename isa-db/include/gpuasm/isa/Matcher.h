// Matching written instructions against the database — the first stage: which optype a
// mnemonic names (IMAD.WIDE → IMAD_WIDE, IDP.2A → IDP2A, derived from the syntax forms, never
// from a table), which dotted parts are its modifiers, and whether each modifier is one the
// optype's syntax forms allow (literals, domain values, alias spellings), with "did you mean"
// suggestions. Operand matching and encoding build on this in the assembler.
#pragma once

#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/MachineInst.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::isa {

/// The optype a mnemonic names and how many of the written dotted parts belong to the
/// mnemonic itself (IMAD.WIDE.U32: optype IMAD_WIDE, 1 part).
struct MnemonicMatch {
  const Optype* optype = nullptr;
  std::size_t mnemonicParts = 0;
};

/// Finds the optype for `name` + the longest prefix of `parts` that spells a mnemonic.
std::optional<MnemonicMatch> matchMnemonic(const InstrDb& db, std::string_view name,
                                           std::span<const std::string_view> parts);

/// "A, B or C" with `prefix` before each word (".RM, .RN or .RP").
std::string oneOf(const std::vector<std::string>& words, std::string_view prefix = {});

/// Up to `max` known mnemonics closest to `written` (edit distance, case-insensitive), best first.
std::vector<std::string> suggestMnemonics(const InstrDb& db, std::string_view written, std::size_t max = 3);

/// A problem with one written modifier.
struct ModifierIssue {
  std::size_t index = 0;  ///< index into the modifiers passed in
  DiagnosticCode code{};  ///< UnknownModifier, DuplicateModifier or ConflictingModifiers
  std::string message;
  std::vector<std::string> suggestions;  ///< legal spellings close to the written one
};

/// Every spelling the optype's syntax forms accept after the mnemonic: literal parts and the
/// values of modifier domains (with alias spellings of those values), without the dot.
std::vector<std::string> legalModifierSpellings(const InstrDb& db, const Optype& optype);

/// Checks the modifiers written after the mnemonic (parts beyond MnemonicMatch::mnemonicParts).
std::vector<ModifierIssue> checkModifiers(const InstrDb& db, const Optype& optype,
                                          std::span<const std::string_view> modifiers);

/// The outcome of matching one statement: the instruction when it is legal, and every
/// diagnostic (errors leave `inst` empty; warnings may accompany a match).
struct MatchResult {
  std::optional<MachineInst> inst;
  std::vector<AsmDiagnostic> diagnostics;
  /// How the statement binds (Binding.h): the match's, or the nearest miss's when it failed
  /// after its mnemonic was known (no binding for an unknown mnemonic or modifier spelling).
  std::optional<Binding> binding;
};

/// Matches a statement against the database: mnemonic, modifiers, every syntax form of the
/// optype and every encoding variant; operand kinds, prefixes, selectors, register widths and
/// alignment (Bitwidth), immediate ranges, the guard, and the spec's EncodingError rules. On
/// failure the diagnostic comes from the nearest miss and lists the legal forms.
MatchResult matchStatement(const InstrDb& db, const AsmStatement& statement);

}  // namespace gpuasm::isa
