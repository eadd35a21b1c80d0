// Every code a diagnostic about the spec carries — the spec parser, the syntax-form reader, the
// database builder (loadSpec) and the cross-definition lint (lintSpec) — in one table: its
// spelling, the severities it is reported with, whether loading or the lint reports it, the
// items of the spec catalog (../shared/docs/spec-catalog.md, L-1…L-80) it is an instance of and
// what it means. Reporters pass an enumerator; a spelling is written only here, and read from
// here by `gpuasm spec --lint` (text and JSON) and the language server. A test
// (tests/isa/SpecCodeTest.cpp) checks the table against docs/PROTOCOL.md and the sources.
//
// Diagnostics about assembly are another family, with their own table in DiagnosticCode.h.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace gpuasm::isa {

/// How serious a spec diagnostic is (the compilers' three levels).
enum class Severity : std::uint8_t { Error, Warning, Note };

/// A diagnostic about the spec (the table below says what each means).
enum class SpecCode : std::uint8_t {
  // the spec parser (SpecParser.cpp): definitions, sections, types
  MissingName,
  MissingParent,
  BadParent,
  TrailingText,
  UnknownDefinition,
  HeaderTrailingComment,
  SectionOutsideDefinition,
  SectionHeaderColumn0,
  UnknownSection,
  DuplicateSection,
  EmptySection,
  SectionOrder,
  TextOutsideDefinition,
  TextOutsideSection,
  BadTypeWidth,
  BadField,
  BadEnumerator,
  BadEnumeratorValue,
  NumericEnumeratorName,
  MissingSemicolon,
  NoFinalNewline,
  LeadingBlankLine,
  WhitespaceOnlyLine,
  // __OperandInfo and __Exception statements (OperandInfoParser.cpp) and their expressions (Expr.cpp)
  BadStatement,
  MisplacedStatement,
  BadExpression,
  // __Syntax: modifier domains, the ```asm fence, the forms (Syntax.cpp)
  DomainMissingDot,
  BadDomain,
  DomainTrailingSemicolon,
  SyntaxOutsideFence,
  UnclosedFence,
  SyntaxWithoutFence,
  FenceTrailingSpaces,
  SyntaxMissingSemicolon,
  SyntaxBadMnemonic,
  SyntaxBadModifier,
  SyntaxUnbalancedBrace,
  SyntaxMissingComma,
  SyntaxBadOperand,
  SyntaxUnbalancedAbs,
  // the database builder (InstrDbBuilder.cpp)
  DefinitionInErrata,
  DuplicateDefinition,
  UnknownErratumSection,
  ErratumIncomplete,
  DuplicateErratum,
  ErratumBadTarget,
  ErratumUnknownTarget,
  UnknownType,
  UnknownValue,
  NoAsmFacts,
  BadTypeKind,
  EnumeratorTooWide,
  DuplicateEnumerator,
  SubfieldTooWide,
  CmemLayoutMissing,
  EmptyType,
  BadAlias,
  ImplicitRoot,
  UnknownParent,
  InheritanceCycle,
  FieldRedeclared,
  FieldConflict,
  UndefinedType,
  FieldWidthMismatch,
  BadFieldValue,
  FieldOverlap,
  UnknownOperand,
  UnusedType,
  TypeUsedBeforeDefinition,
  DuplicateMnemonic,
  SyntaxMnemonicMismatch,
  // the lint (SpecLint.cpp): encodings, sections, modifiers, operands
  AmbiguousEncoding,
  StypeNameMismatch,
  NoSyntax,
  NoDescription,
  NoSemantics,
  SemanticsWithoutCode,
  ExamplesWithoutInstructions,
  ModifierWithoutField,
  ModifierWithoutDomain,
  FixedModifier,
  MandatoryModifierHasDefault,
  OptionalModifierWithoutDefault,
  DomainSpelling,
  DomainValueUnknown,
  OrderDiffersFromSyntax,
  AttributeBitDiffers,
  BitwidthDiffers,
  FormFitsNoVariant,
  PrefixWithoutField,
  FieldWithoutPrefix,
  NegUnderX,
  PlaceholderBoundByPosition,
  RequiredFieldNotInSyntax,
  ExceptionSpelling,
  EmptyOutlist,
  ImmediateNotInInlist,
  // the lint's scan of the spec's text
  CarryUsesGreater,
  CarryUsesCeil,
  PrecedenceAndPlus,
  PrecedenceShiftPlus,
  EmptyArgument,
  OddHexWidth,
  PrecedenceAndEq,
  ReversedBitSlice,
  Todo,
  CommentedOutDeclaration,
  NoSuchPredicate,
};

/// Which step reports a code: loading (parser, syntax reader, builder: loadSpec's diagnostics,
/// linked to errata by attachErrata through the row's catalog item) or the lint (lintSpec, which
/// links its findings itself).
enum class SpecStage : std::uint8_t { Load, Lint };

/// One row of the table.
struct SpecCodeInfo {
  SpecCode code;
  std::string_view spelling;  ///< stable kebab-case text: `[code]` of --lint, JSON "code", LSP code
  std::uint8_t severities;    ///< bit 1 << Severity for each severity it is reported with
  SpecStage stage;
  std::string_view items;    ///< the catalog items it is an instance of ("L-53", "L-4, L-6"), or ""
  std::string_view meaning;  ///< one line

  constexpr bool reportedAs(Severity s) const { return (severities & (1u << static_cast<unsigned>(s))) != 0; }
};

/// The table, in the order of the enumerators.
inline constexpr std::array kSpecCodes = [] {
  using enum SpecCode;
  using Row = SpecCodeInfo;
  constexpr std::uint8_t error = 1u << static_cast<unsigned>(Severity::Error);
  constexpr std::uint8_t warning = 1u << static_cast<unsigned>(Severity::Warning);
  constexpr std::uint8_t note = 1u << static_cast<unsigned>(Severity::Note);
  constexpr SpecStage load = SpecStage::Load;
  constexpr SpecStage lint = SpecStage::Lint;
  return std::array{
      // clang-format off
      Row{MissingName, "missing-name", error, load, "", "a definition header without a name"},
      Row{MissingParent, "missing-parent", error, load, "", "a definition header without `: [PARENT]`"},
      Row{BadParent, "bad-parent", error, load, "", "a malformed `[PARENT]` (no `[` after `:`, no `]`)"},
      Row{TrailingText, "trailing-text", error, load, "",
          "unexpected text after a definition header or an enumerator"},
      Row{UnknownDefinition, "unknown-definition", error, load, "", "a `__Def…` keyword the DSL does not have"},
      Row{HeaderTrailingComment, "header-trailing-comment", note, load, "L-15",
          "a comment after a definition header"},
      Row{SectionOutsideDefinition, "section-outside-definition", error, load, "",
          "a section header before any definition"},
      Row{SectionHeaderColumn0, "section-header-column-0", warning, load, "L-1",
          "a section header in column 0 where the others are indented"},
      Row{UnknownSection, "unknown-section", warning, load, "", "a section name the DSL does not have; kept as prose"},
      Row{DuplicateSection, "duplicate-section", warning, load, "", "a second section of the same name in a definition"},
      Row{EmptySection, "empty-section", note, load, "L-2", "a section with nothing in it"},
      Row{SectionOrder, "section-order", note, load, "L-3", "sections not in the usual order"},
      Row{TextOutsideDefinition, "text-outside-definition", error, load, "",
          "text outside any definition; it is ignored"},
      Row{TextOutsideSection, "text-outside-section", error, load, "",
          "text before a definition's first section; it is ignored"},
      Row{BadTypeWidth, "bad-type-width", error, load, "", "a type without `<width>` or with one outside 1..64"},
      Row{BadField, "bad-field", error, load, "", "a malformed `field<offset, width>` line, or one past bit 127"},
      Row{BadEnumerator, "bad-enumerator", error, load, "", "an enumerator line without a name"},
      Row{BadEnumeratorValue, "bad-enumerator-value", error, load, "", "an enumerator value that is not a number"},
      Row{NumericEnumeratorName, "numeric-enumerator-name", note, load, "L-12",
          "an enumerator named like a number"},
      Row{MissingSemicolon, "missing-semicolon", warning, load, "",
          "an enumerator line or an __OperandInfo statement without its `;`"},
      Row{NoFinalNewline, "no-final-newline", note, load, "L-16", "the file does not end with a newline"},
      Row{LeadingBlankLine, "leading-blank-line", note, load, "L-16", "the file starts with an empty line"},
      Row{WhitespaceOnlyLine, "whitespace-only-line", note, load, "L-16", "a line holding only whitespace"},
      Row{BadStatement, "bad-statement", error, load, "",
          "a malformed `Keyword<…>` statement of __OperandInfo, __Exception or __DefAsmFacts"},
      Row{MisplacedStatement, "misplaced-statement", error, load, "",
          "a statement in the wrong section (EncodingError in __OperandInfo, InList in __Exception)"},
      Row{BadExpression, "bad-expression", error, load, "", "an expression of a statement that does not parse"},
      Row{DomainMissingDot, "domain-missing-dot", warning, load, "L-13",
          "a modifier domain line or value without its leading `.`"},
      Row{BadDomain, "bad-domain", error, load, "",
          "a malformed modifier domain line (no `=`, no `{…}`, an empty value)"},
      Row{DomainTrailingSemicolon, "domain-trailing-semicolon", warning, load, "L-13",
          "a modifier domain line ending with `;`"},
      Row{SyntaxOutsideFence, "syntax-outside-fence", warning, load, "",
          "text in __Syntax outside its asm code fence; it is ignored"},
      Row{UnclosedFence, "unclosed-fence", warning, load, "", "the asm code fence of __Syntax is not closed"},
      Row{SyntaxWithoutFence, "syntax-without-fence", warning, load, "", "a __Syntax without an asm code fence"},
      Row{FenceTrailingSpaces, "fence-trailing-spaces", note, load, "L-16", "a code fence with trailing spaces"},
      Row{SyntaxMissingSemicolon, "syntax-missing-semicolon", warning, load, "",
          "a syntax form that does not end with `;`"},
      Row{SyntaxBadMnemonic, "syntax-bad-mnemonic", warning, load, "",
          "a syntax form that does not start with a mnemonic"},
      Row{SyntaxBadModifier, "syntax-bad-modifier", warning, load, "",
          "a malformed or empty modifier in a syntax form's mnemonic"},
      Row{SyntaxUnbalancedBrace, "syntax-unbalanced-brace", warning, load, "",
          "an unbalanced `{` among a syntax form's operands"},
      Row{SyntaxMissingComma, "syntax-missing-comma", warning, load, "L-19",
          "two operands of a syntax form not separated by `,`"},
      Row{SyntaxBadOperand, "syntax-bad-operand", warning, load, "", "an operand of a syntax form that cannot be read"},
      Row{SyntaxUnbalancedAbs, "syntax-unbalanced-abs", warning, load, "",
          "a `{|}` opened before an operand and not closed after it"},
      Row{DefinitionInErrata, "definition-in-errata", error, load, "",
          "a definition other than __Erratum in an errata file"},
      Row{DuplicateDefinition, "duplicate-definition", error, load, "", "a name defined twice"},
      Row{UnknownErratumSection, "unknown-erratum-section", warning, load, "",
          "a section an erratum does not have"},
      Row{ErratumIncomplete, "erratum-incomplete", warning, load, "", "an erratum without __Problem or __Decision"},
      Row{DuplicateErratum, "duplicate-erratum", error, load, "", "an erratum id defined twice"},
      Row{ErratumBadTarget, "erratum-bad-target", error, load, "",
          "an erratum's amendment or alias aimed at something it cannot amend"},
      Row{ErratumUnknownTarget, "erratum-unknown-target", error, load, "",
          "an erratum that targets a name the spec does not define"},
      Row{UnknownType, "unknown-type", error, load, "", "a statement naming a type that is not defined"},
      Row{UnknownValue, "unknown-value", error, load, "", "a statement's value that is no enumerator of its type"},
      Row{NoAsmFacts, "no-asm-facts", warning, load, "",
          "no __DefAsmFacts in the prelude: registers, predicates and constant memory are unknown"},
      Row{BadTypeKind, "bad-type-kind", error, load, "", "an unknown type kind, or a second kind for one type"},
      Row{EnumeratorTooWide, "enumerator-too-wide", error, load, "", "an enumerator value that does not fit its type"},
      Row{DuplicateEnumerator, "duplicate-enumerator", error, load, "", "an enumerator declared twice in a type"},
      Row{SubfieldTooWide, "subfield-too-wide", error, load, "", "a sub-field past the width of its type"},
      Row{CmemLayoutMissing, "cmem-layout-missing", error, load, "",
          "a CMem type without the field<> lines of bank and offset"},
      Row{EmptyType, "empty-type", warning, load, "", "an enumerated type without enumerators"},
      Row{BadAlias, "bad-alias", error, load, "",
          "a malformed alias, one naming no enumerator, or one spelling an existing value"},
      Row{ImplicitRoot, "implicit-root", note, load, "L-7", "the parent group ALL is used but never defined"},
      Row{UnknownParent, "unknown-parent", error, load, "",
          "a parent that is not a group (of a group or optype) or not an optype (of an opcode)"},
      Row{InheritanceCycle, "inheritance-cycle", error, load, "", "definitions that inherit from each other"},
      Row{FieldRedeclared, "field-redeclared", warning, load, "L-11",
          "a field declaration repeating the one it inherits"},
      Row{FieldConflict, "field-conflict", error, load, "", "a field declaration differing from the one it inherits"},
      Row{UndefinedType, "undefined-type", error | warning, load, "L-8",
          "error when no file defines a field's type; warning when only the prelude's assumption does"},
      Row{FieldWidthMismatch, "field-width-mismatch", warning, load, "", "a field narrower or wider than its type"},
      Row{BadFieldValue, "bad-field-value", error, load, "", "a field's value that is not a value of its type"},
      Row{FieldOverlap, "field-overlap", error, load, "", "two fields of an opcode sharing bits"},
      Row{UnknownOperand, "unknown-operand", error, load, "",
          "InList, OutList, Order or Bitwidth naming something that is no field of the opcode"},
      Row{UnusedType, "unused-type", note, load, "L-9", "a type no field uses"},
      Row{TypeUsedBeforeDefinition, "type-used-before-definition", note, load, "L-10",
          "a type used in a file before the file defines it"},
      Row{DuplicateMnemonic, "duplicate-mnemonic", error, load, "", "two optypes with the same mnemonic"},
      Row{SyntaxMnemonicMismatch, "syntax-mnemonic-mismatch", warning, load, "",
          "a syntax form spelling another mnemonic than the optype's or its other forms'"},
      Row{AmbiguousEncoding, "ambiguous-encoding", error, lint, "",
          "two opcodes whose fixed bits agree where both fix them: a word (named) decodes as either"},
      Row{StypeNameMismatch, "stype-name-mismatch", warning, lint, "L-43",
          "an opcode whose name's suffix is not the stype it encodes"},
      Row{NoSyntax, "no-syntax", warning, lint, "L-4", "an optype without __Syntax: it cannot be written"},
      Row{NoDescription, "no-description", warning, lint, "L-4", "an optype without __Description"},
      Row{NoSemantics, "no-semantics", warning, lint, "L-4, L-6", "an optype without __Semantics"},
      Row{SemanticsWithoutCode, "semantics-without-code", warning, lint, "L-5, L-65, L-66",
          "a __Semantics without a pseudo-code block"},
      Row{ExamplesWithoutInstructions, "examples-without-instructions", warning, lint, "L-6",
          "an __Examples without an instruction line"},
      Row{ModifierWithoutField, "modifier-without-field", warning, lint, "L-48",
          "a modifier of a syntax form that sets no encoding field"},
      Row{ModifierWithoutDomain, "modifier-without-domain", warning, lint, "",
          "a modifier variable without a domain line"},
      Row{FixedModifier, "fixed-modifier", error, lint, "L-31",
          "a modifier the user chooses whose field the spec fixes (`==`)"},
      Row{MandatoryModifierHasDefault, "mandatory-modifier-has-default", warning, lint, "L-53",
          "a mandatory modifier whose field has a default; the tools treat it as optional"},
      Row{OptionalModifierWithoutDefault, "optional-modifier-without-default", warning, lint, "L-53",
          "an optional modifier whose field has no default"},
      Row{DomainSpelling, "domain-spelling", warning, lint, "L-35, L-52, L-54",
          "a domain value that is an alias, not an enumerator, of the field's type"},
      Row{DomainValueUnknown, "domain-value-unknown", error, lint, "",
          "a domain value that is no value of the field's type"},
      Row{OrderDiffersFromSyntax, "order-differs-from-syntax", error, lint, "L-39, L-41",
          "Order<> lists two operands in the other order than the syntax writes them"},
      Row{AttributeBitDiffers, "attribute-bit-differs", warning, lint, "L-42",
          "an operand's neg/abs/bitnot bit where the optype's other opcodes do not put it"},
      Row{BitwidthDiffers, "bitwidth-differs", warning, lint, "L-44",
          "a Bitwidth<> differing from the optype's other opcodes'"},
      Row{FormFitsNoVariant, "form-fits-no-variant", warning, lint, "",
          "a syntax form that binds to no encoding variant of its optype"},
      Row{PrefixWithoutField, "prefix-without-field", warning, lint, "L-50",
          "a prefix (`-`, `~`, `|x|`, `!`) the syntax allows but no field encodes"},
      Row{FieldWithoutPrefix, "field-without-prefix", warning, lint, "L-50",
          "a neg/bitnot/abs field the syntax gives no prefix for"},
      Row{NegUnderX, "neg-under-x", warning, lint, "L-51",
          "a .X form writing `{-}` where CvtINegX prints and accepts `~`"},
      Row{PlaceholderBoundByPosition, "placeholder-bound-by-position", note, lint, "L-79",
          "a placeholder naming no field, bound to its operand by position"},
      Row{RequiredFieldNotInSyntax, "required-field-not-in-syntax", warning, lint, "L-48, L-74",
          "a field without default that a syntax form gives no operand for"},
      Row{ExceptionSpelling, "exception-spelling", warning, lint, "L-35",
          "an EncodingError comparing with a value the modifier's domain does not spell"},
      Row{EmptyOutlist, "empty-outlist", note, lint, "L-18",
          "an empty OutList<>: the destination is chosen at run time"},
      Row{ImmediateNotInInlist, "immediate-not-in-inlist", note, lint, "L-17",
          "an immediate operand in Order<> but not in InList<>"},
      Row{CarryUsesGreater, "carry-uses-greater", warning, lint, "L-20",
          "pseudo-code testing a carry with `> 2^n` where `>= 2^n` is meant"},
      Row{CarryUsesCeil, "carry-uses-ceil", warning, lint, "L-21",
          "pseudo-code testing a carry with `ceil(d / 2^32) > 0`, true for every positive d"},
      Row{PrecedenceAndPlus, "precedence-and-plus", warning, lint, "L-22",
          "pseudo-code `a & MASK + b`, which C reads as `a & (MASK + b)`"},
      Row{PrecedenceShiftPlus, "precedence-shift-plus", warning, lint, "L-22",
          "pseudo-code `x >> 32 + y`, which C reads as `x >> (32 + y)`"},
      Row{EmptyArgument, "empty-argument", warning, lint, "L-23", "pseudo-code calling a function with an empty argument"},
      Row{OddHexWidth, "odd-hex-width", warning, lint, "L-34",
          "a hex constant of 9 to 15 digits that is no power of two: a digit too many?"},
      Row{PrecedenceAndEq, "precedence-and-eq", warning, lint, "L-60",
          "pseudo-code `x & 0x1 == 1`, which C reads as `x & (0x1 == 1)`"},
      Row{ReversedBitSlice, "reversed-bit-slice", note, lint, "L-70",
          "a bit slice written `[lo:hi]` where the spec writes `[hi:lo]`"},
      Row{Todo, "todo", note, lint, "L-14", "a TODO left in the spec"},
      Row{CommentedOutDeclaration, "commented-out-declaration", note, lint, "L-14", "a declaration commented out"},
      Row{NoSuchPredicate, "no-such-predicate", warning, lint, "L-49",
          "a predicate name (`P9`) the predicate type cannot hold"},
      // clang-format on
  };
}();

namespace detail {
constexpr bool specCodesInEnumOrder() {
  for (std::size_t i = 0; i < kSpecCodes.size(); ++i)
    if (static_cast<std::size_t>(kSpecCodes[i].code) != i) return false;
  return true;
}
static_assert(specCodesInEnumOrder(), "a row per SpecCode, in their order");
static_assert(kSpecCodes.back().code == SpecCode::NoSuchPredicate, "a row for every enumerator");
}  // namespace detail

/// The row of `code`.
constexpr const SpecCodeInfo& info(SpecCode code) { return kSpecCodes[static_cast<std::size_t>(code)]; }

/// "undefined-type" for SpecCode::UndefinedType.
constexpr std::string_view spelling(SpecCode code) { return info(code).spelling; }

/// SpecCode::UndefinedType for "undefined-type"; nothing for a spelling no row has.
constexpr std::optional<SpecCode> specCodeNamed(std::string_view spelling) {
  for (const SpecCodeInfo& row : kSpecCodes)
    if (row.spelling == spelling) return row.code;
  return std::nullopt;
}

}  // namespace gpuasm::isa
