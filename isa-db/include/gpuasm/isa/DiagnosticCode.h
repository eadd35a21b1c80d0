// Every code a diagnostic about assembly carries — the statements of a .asm document (`gpuasm
// check`, `asm`, `run`, `test`, the language server) and machine words (`gpuasm dis`, the
// encoder) — in one table: its spelling, the severities it is reported with, the listing of
// docs/PROTOCOL.md that documents it and what it means. Code creates and compares enumerators;
// a spelling is written only here, and read from here by the JSON and LSP writers. A test
// (tests/isa/DiagnosticCodeTest.cpp) checks the table against docs/PROTOCOL.md.
//
// The spec's own diagnostics (its parser, builder and lint: SpecDiagnostic) are another family,
// with a table of their own in SpecCode.h: they are about the spec files, not about assembly,
// use the compilers' three severities (error, warning, note) and are linked to errata.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gpuasm::isa {

/// A diagnostic about assembly or a machine word (the table below says what each means).
enum class DiagnosticCode : std::uint8_t {
  // the syntax layer (server/syntax)
  SyntaxError,
  MissingToken,
  StatementTooLong,
  UnterminatedComment,
  DanglingComma,
  ConstantMemorySpelling,
  IntegerTooLarge,
  // the matcher (StatementMatcher.cpp, Matcher.cpp)
  UnknownMnemonic,
  UnknownModifier,
  DuplicateModifier,
  ConflictingModifiers,
  IllegalModifier,
  MissingModifier,
  ModifierOrder,
  ModifierWithoutEncoding,
  OperandCount,
  OperandKind,
  UnknownOperand,
  RegisterOutOfRange,
  RegisterWidth,
  RegisterAlignment,
  ImmediateOutOfRange,
  IllegalPrefix,
  FixedFieldModifier,
  NegUnderX,
  IllegalSelector,
  GuardPredicate,
  MissingOperand,
  EncodingError,
  NoSyntax,
  NoMatchingForm,
  // the directives of docs/LANGUAGE.md
  StateDirective,
  ExpectDirective,
  // the language server's dataflow and expectations
  UninitializedRead,
  DeadWrite,
  DataflowLimit,
  ExpectationFailed,
  ExpectationNotChecked,
  // machine words: `gpuasm dis` (the decoder) and the encoder
  BadWord,
  UnknownEncoding,
  ReservedBitsSet,
  RegisterRange,
  NotAnEnumerator,
  NotPrintable,
  ValueOutOfRange,
  FixedField,
  MissingField,
  TooManyValues,
};

/// A severity a code is reported with (the language server's four levels).
enum class CodeSeverity : std::uint8_t { Error = 1, Warning = 2, Information = 4, Hint = 8 };

/// The listings of docs/PROTOCOL.md that name a code (a code can be in several).
enum class CodeListing : std::uint8_t {
  Assembler = 1,       ///< "Diagnostic codes of `check`, `asm`, `run` and `test`"
  LanguageServer = 2,  ///< the register dataflow's and expectations' table after it
  Disassembler = 4,    ///< "Codes of `dis`"
  Encoder = 8,         ///< the encoder's issues (isa::encode); no command reports them
};

/// One row of the table.
struct DiagnosticCodeInfo {
  DiagnosticCode code;
  std::string_view spelling;  ///< stable kebab-case text: `[code]`, JSON "code", LSP Diagnostic.code
  std::uint8_t severities;    ///< CodeSeverity bits
  std::uint8_t listings;      ///< CodeListing bits
  std::string_view meaning;   ///< one line

  constexpr bool reportedAs(CodeSeverity s) const { return (severities & static_cast<std::uint8_t>(s)) != 0; }
  constexpr bool listedIn(CodeListing l) const { return (listings & static_cast<std::uint8_t>(l)) != 0; }
};

/// The table, in the order of the enumerators.
inline constexpr std::array kDiagnosticCodes = [] {
  using enum DiagnosticCode;
  using Row = DiagnosticCodeInfo;
  // Severities and listings, as bits.
  constexpr auto error = static_cast<std::uint8_t>(CodeSeverity::Error);
  constexpr auto warning = static_cast<std::uint8_t>(CodeSeverity::Warning);
  constexpr auto information = static_cast<std::uint8_t>(CodeSeverity::Information);
  constexpr auto hint = static_cast<std::uint8_t>(CodeSeverity::Hint);
  constexpr auto assembler = static_cast<std::uint8_t>(CodeListing::Assembler);
  constexpr auto lsp = static_cast<std::uint8_t>(CodeListing::LanguageServer);
  constexpr auto dis = static_cast<std::uint8_t>(CodeListing::Disassembler);
  constexpr auto encoder = static_cast<std::uint8_t>(CodeListing::Encoder);
  return std::array{
      // clang-format off
      Row{SyntaxError, "syntax-error", error, assembler,
          "the parser found an unexpected token (an ERROR node)"},
      Row{MissingToken, "missing-token", error, assembler, "a required token is missing, usually the `;`"},
      Row{StatementTooLong, "statement-too-long", error, assembler,
          "a statement longer than 65,536 bytes; it is not analysed"},
      Row{UnterminatedComment, "unterminated-comment", warning, assembler,
          "a `/*` is never closed; the comment ends at the end of the line"},
      Row{DanglingComma, "dangling-comma", warning, assembler, "`,` right before `;`"},
      Row{ConstantMemorySpelling, "constant-memory-spelling", warning, assembler,
          "`cmem[…]` written for `c[…]`"},
      Row{IntegerTooLarge, "integer-too-large", error, assembler, "a literal does not fit 64 bits"},
      Row{UnknownMnemonic, "unknown-mnemonic", error, assembler,
          "no optype has this mnemonic; suggestions are the closest ones"},
      Row{UnknownModifier, "unknown-modifier", error, assembler,
          "no syntax form of the optype has this modifier"},
      Row{DuplicateModifier, "duplicate-modifier", error, assembler, "the same modifier twice"},
      Row{ConflictingModifiers, "conflicting-modifiers", error, assembler,
          "two values for one modifier variable (`.S32.U32`)"},
      Row{IllegalModifier, "illegal-modifier", error, assembler,
          "a known modifier that this syntax form cannot take"},
      Row{MissingModifier, "missing-modifier", error, assembler,
          "a form's literal modifier or a modifier variable without default is missing"},
      Row{ModifierOrder, "modifier-order", error | warning, assembler,
          "error when ModiOrder<> is violated; warning when modifiers are not in the form's order"},
      Row{ModifierWithoutEncoding, "modifier-without-encoding", error, assembler,
          "the form has the modifier but the variant has no field for it"},
      Row{OperandCount, "operand-count", error, assembler, "too many or too few operands for every form"},
      Row{OperandKind, "operand-kind", error, assembler, "an operand of the wrong kind for its slot"},
      Row{UnknownOperand, "unknown-operand", error, assembler,
          "a name that is no register, predicate or literal"},
      Row{RegisterOutOfRange, "register-out-of-range", error, assembler,
          "a register the file does not have (`R255`, `P7`)"},
      Row{RegisterWidth, "register-width", error, assembler,
          "a 64/128-bit operand written as one register, or a range for a 32-bit operand"},
      Row{RegisterAlignment, "register-alignment", error, assembler | dis,
          "a register range not starting at a multiple of its size"},
      Row{ImmediateOutOfRange, "immediate-out-of-range", error, assembler,
          "an immediate outside its field type's range"},
      Row{IllegalPrefix, "illegal-prefix", error, assembler,
          "`-`, `~`, `!` or `|x|` where the variant has no bit for it"},
      Row{FixedFieldModifier, "fixed-field-modifier", error, assembler,
          "a modifier that would set a field the spec fixes (`==`) to another value"},
      Row{NegUnderX, "neg-under-x", error, assembler,
          "`-` under `.X` where `~` is meant, or `~` without `.X` (CvtINegX)"},
      Row{IllegalSelector, "illegal-selector", error, assembler,
          "`.B1`/`.H1` where the operand takes none, or a value the selector type lacks"},
      Row{GuardPredicate, "guard-predicate", error, assembler, "a guard from the wrong predicate file"},
      Row{MissingOperand, "missing-operand", error, assembler,
          "a field without default that no operand of the form provides"},
      Row{EncodingError, "encoding-error", error, assembler | dis,
          "one of the spec's EncodingError rules holds"},
      Row{NoSyntax, "no-syntax", error, assembler, "the optype has no syntax form at all"},
      Row{NoMatchingForm, "no-matching-form", error, assembler,
          "no syntax form fits and no attempt came near enough to say why; lists the legal forms"},
      Row{StateDirective, "state-directive", error, assembler, "a malformed `// @state` directive"},
      Row{ExpectDirective, "expect-directive", error, assembler, "a malformed `// @expect` directive"},
      Row{UninitializedRead, "uninitialized-read", warning, lsp,
          "the first read of a register nothing above writes or sets"},
      Row{DeadWrite, "dead-write", hint, lsp,
          "every register of the operand is overwritten before anything reads it"},
      Row{DataflowLimit, "dataflow-limit", information,
          lsp, "more findings than `dataflow.maxFindings`; says how many are not shown"},
      Row{ExpectationFailed, "expectation-failed", error, lsp, "a `// @expect` is false"},
      Row{ExpectationNotChecked, "expectation-not-checked", warning, lsp,
          "the run stopped before a `// @expect`"},
      Row{BadWord, "bad-word", error, dis, "an input that is not 0x followed by 1 to 32 hex digits"},
      Row{UnknownEncoding, "unknown-encoding", error, dis, "no opcode has the word's fixed bits"},
      Row{ReservedBitsSet, "reserved-bits-set", error, dis,
          "bits outside every field of the variant are set"},
      Row{RegisterRange, "register-range", error, dis, "a register range runs past the file's last register"},
      Row{NotAnEnumerator, "not-an-enumerator", error, dis | encoder,
          "a field value that is no enumerator of the field's type"},
      Row{NotPrintable, "not-printable", error, dis, "no syntax form can write the word's field values"},
      Row{ValueOutOfRange, "value-out-of-range", error, encoder, "a value wider than its field"},
      Row{FixedField, "fixed-field", error, encoder,
          "a value given for a field the variant fixes; the fixed value is used"},
      Row{MissingField, "missing-field", error, encoder, "no value for a field without default"},
      Row{TooManyValues, "too-many-values", error, encoder, "more values than the variant has fields"},
      // clang-format on
  };
}();

namespace detail {
constexpr bool diagnosticCodesInEnumOrder() {
  for (std::size_t i = 0; i < kDiagnosticCodes.size(); ++i)
    if (static_cast<std::size_t>(kDiagnosticCodes[i].code) != i) return false;
  return true;
}
static_assert(diagnosticCodesInEnumOrder(), "a row per DiagnosticCode, in their order");
static_assert(kDiagnosticCodes.back().code == DiagnosticCode::TooManyValues, "a row for every enumerator");
}  // namespace detail

/// The row of `code`.
constexpr const DiagnosticCodeInfo& info(DiagnosticCode code) {
  return kDiagnosticCodes[static_cast<std::size_t>(code)];
}

/// "unknown-modifier" for DiagnosticCode::UnknownModifier.
constexpr std::string_view spelling(DiagnosticCode code) { return info(code).spelling; }

}  // namespace gpuasm::isa
