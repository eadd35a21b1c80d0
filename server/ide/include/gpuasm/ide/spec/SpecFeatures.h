// Editor features for the spec's own files (issue 16): the DSL of `__Def…` definitions that
// prelude.isa, errata.isa and the user's spec .txt files are written in (spec-catalog §1). The
// document's text is the editor's (parsed afresh, so its outline follows the typing); what it
// refers to — types, groups, optypes, opcodes, errata, the fields an opcode inherits — is read
// from the database of the spec's last load, whose positions point into every spec file. Names
// are looked up the way the loader resolves them (InstrDb), so a hover or a jump says what the
// tools will do with the text, not what a regular expression guesses.
//
// Positions: byte offsets in the document; targets in other spec files are spec positions
// (1-based line, 1-based byte column, as isa::SourcePos) with the length of the name there.
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/isa/Diagnostic.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/SpecParser.h>
#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// One spec file as the editor has it, parsed, with the database it is read against.
class SpecView {
 public:
  /// `db`: the last load of the spec (a load that was not installed because it broke the spec
  /// too: its positions match the editor's text best); `fileIndex`: this document's index in
  /// `db.files()` when it is one of them (a spec file opened from elsewhere is read alone).
  SpecView(std::string text, const isa::InstrDb& db, std::optional<std::uint32_t> fileIndex);
  SpecView(const SpecView&) = delete;  // lines_ views text_
  SpecView& operator=(const SpecView&) = delete;

  std::string_view text() const { return text_; }
  const syntax::LineIndex& lines() const { return lines_; }
  const isa::InstrDb& db() const { return *db_; }
  const isa::SpecFileAst& ast() const { return ast_; }
  /// The file index this document's positions carry: its index in the database, or one past the
  /// database's files when it is none of them.
  std::uint32_t self() const { return self_; }
  /// The definition whose text holds 1-based line `line`, or null (before the first).
  const isa::SpecDefinition* definitionAt(std::uint32_t line) const;
  /// The last line (1-based) of a definition of this document: its last line that is not blank
  /// or a comment, before the next definition.
  std::uint32_t lastLine(const isa::SpecDefinition& def) const;
  /// Text of 1-based line `line` without its terminator; empty past the end.
  std::string_view line(std::uint32_t line) const;

 private:
  std::string text_;
  syntax::LineIndex lines_;
  const isa::InstrDb* db_;
  std::uint32_t self_;
  isa::SpecFileAst ast_;
};

/// A name in a spec file: where it is and how long.
struct SpecSpot {
  std::uint32_t file = 0;    ///< index into db.files(), or SpecView::self() for the document
  std::uint32_t line = 0;    ///< 1-based
  std::uint32_t column = 0;  ///< 1-based byte column
  std::uint32_t length = 0;  ///< bytes
  friend bool operator==(const SpecSpot&, const SpecSpot&) = default;
};

/// What the outline shows for a definition and what it holds.
enum class SpecSymbolKind : std::uint8_t {
  Type,
  Group,
  Optype,
  Opcode,
  Erratum,
  AsmFacts,
  Enumerator,
  Field
};

struct SpecSymbol {
  std::string name;
  std::string detail;  ///< `<1>` of a type, `: [IALU]` of an optype, the type of a field
  SpecSymbolKind kind = SpecSymbolKind::Type;
  syntax::ByteRange range;           ///< a definition from its header to its last line
  syntax::ByteRange selectionRange;  ///< the name
  std::vector<SpecSymbol> children;  ///< a type's enumerators, a definition's `field<>` lines
};

/// One symbol per definition, in document order.
std::vector<SpecSymbol> getSpecSymbols(const SpecView& view);

/// Every definition (region) and every section of two lines or more (region), and runs of
/// `//` comment lines (comment); sorted by start line, one range per start line.
std::vector<FoldingRange> getSpecFoldingRanges(const SpecView& view);

/// The tokens of the DSL, sorted, one line each: `__Def…`, `__Erratum` and section headers and
/// the DSL's statement words (`field`, `Order`, …) are keywords, the names of types `type`,
/// groups `namespace`, optypes and opcodes `class`, errata `decorator`, fields `property`,
/// enumerators `enumMember`, and numbers, strings and comments what they are. Prose sections
/// (__Description, __Semantics, …) and the assembly of __Syntax are left to the TextMate
/// grammar: only their headers are tokens.
std::vector<SemanticToken> getSpecSemanticTokens(const SpecView& view);

/// The hover at byte `offset`: on a type its kind, width and values; on a field its bits, type
/// and presence and where it is declared (the definition it is inherited from, the erratum that
/// amends it); on a group, optype or opcode its inheritance chain up to ALL and what it holds;
/// on an enumerator its type and value; on an erratum id the problem and the decision. On a line
/// with findings of the last load that an erratum handles, the erratum's decision is added (and
/// is the hover where no name is under the cursor). `findings`: the load's diagnostics of this
/// file.
std::optional<HoverInfo> getSpecHover(const SpecView& view, std::uint32_t offset,
                                      std::span<const isa::SpecDiagnostic> findings = {});

/// Go to definition at byte `offset`: the definition of a type, group, optype, opcode or erratum
/// named there (the parents of a header and the targets of an erratum included); the declaration
/// of a field as the database resolves it in the definition under the cursor (the optype or
/// group it is inherited from, or the erratum line that replaced it); an enumerator of the type
/// the line's field, domain or body is about. Empty on anything else.
std::vector<SpecSpot> getSpecDefinition(const SpecView& view, std::uint32_t offset);

/// An open .asm document, for the references that lead from the spec back to the listings.
struct AsmDocumentRef {
  const Snapshot* snapshot = nullptr;
};

/// Find references at byte `offset`: of a type, every `field<>` line whose type it is (inherited
/// declarations once); of a group, the groups and optypes under it; of an optype, its opcodes;
/// of an opcode or optype, the statements of the open documents that assemble to it (matched by
/// name: the documents may have been analysed with another load). With `includeDeclaration` the
/// definition itself comes first.
struct SpecReferences {
  std::vector<SpecSpot> spec;
  struct InDocument {
    std::size_t document = 0;  ///< index into the documents passed
    syntax::ByteRange range;   ///< the statement
  };
  std::vector<InDocument> documents;
};
SpecReferences getSpecReferences(const SpecView& view, std::uint32_t offset, bool includeDeclaration,
                                 std::span<const AsmDocumentRef> documents = {});

/// Completion at byte `offset`: type names after `field<…>`, the fields of the definition
/// (inherited ones included) where a statement or expression names a field, the type's
/// enumerators after `=` of a `field<>` line, groups and optypes after `: [` of a header, the
/// `__Def…` keywords at the start of a line and section names after indented `__`.
std::vector<CompletionItem> getSpecCompletions(const SpecView& view, std::uint32_t offset);

}  // namespace gpuasm::ide
