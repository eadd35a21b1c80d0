// What ide's features return: the plain values more than one folder of ide hands out — a
// hover (asm/ and spec/; its sections also execution's live values), an inlay hint (asm/'s
// encodings, execution's live values), a completion item, a folding range and a semantic token
// (asm/ and spec/), and the reference link a hover carries (reference/). Each feature's header
// says how it computes them; the protocol layers turn them into messages. They sit at ide's
// root, below all its folders (docs/ARCHITECTURE.md), so that the features of .asm files, of
// spec files and of the live run share them without including each other. A result type only
// one folder returns stays beside its feature.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/syntax/SyntaxTree.h>  // syntax::ByteRange

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

// The reference (reference/Reference.h).

/// Where something is described in the reference: a page file name relative to the output
/// directory (no directories: every page sits in OUT_DIR) and an anchor on it (empty: the top).
struct ReferenceLink {
  std::string file;
  std::string anchor;
  /// `file#anchor`, or `file` when there is no anchor: the href of a link from another page.
  std::string href() const { return anchor.empty() ? file : file + "#" + anchor; }
};

/// The instruction at an editor position and where the reference describes it
/// (reference/InstructionReference.h: instructionReference, instructionReferenceAt).
struct InstructionReference {
  const isa::Optype* optype = nullptr;  ///< the instruction type its mnemonic names
  const isa::Opcode* opcode = nullptr;  ///< the variant it assembles to; null when it does not
  ReferenceLink link;                   ///< `opcode`'s section when there is one, else `optype`'s page
};

// Hover (asm/Hover.h, spec/SpecFeatures.h).

/// What a hover section holds; renderers lay each kind out in its own way.
enum class HoverSectionKind : std::uint8_t {
  Description,      ///< the spec's __Description (`text`), `source` says where
  Note,             ///< a remark of gpuasm's (`text`), shown subdued
  Syntax,           ///< the syntax forms and domain lines (`code`, assembly)
  ModifiersOnLine,  ///< per written modifier: `label` its spelling, `text` its meaning lines
  Encoding,         ///< `heading` names the variant, `code` the word; `table` the fields
  Decisions,        ///< gpuasm's errata decisions: `label` the erratum id, `text` the first sentence
  Facts,            ///< label/value pairs: the operand's slot, kind, width, field, sources …
  Meaning,          ///< the spec's __ModifierInfo lines about a modifier (`code`-free prose lines)
  LegalValues,      ///< `heading` names the domain or field; `label` a value, `text` "default" or empty
  Semantics,  ///< `heading`, `code` the spec's pseudo-code as this line runs it, `source` (ExplainLine.h)
  Table,      ///< `heading` and a `table` whose first row is the header
  Link,       ///< per item a link: `label` its text, `text` its target (a URI)
};

/// One labelled entry of a section (a modifier and its meaning, a fact and its value).
struct HoverItem {
  std::string label;        ///< a token of the language, or a fact's name
  std::string text;         ///< the meaning or value; may hold several lines
  bool labelIsCode = true;  ///< the label is a token (`.X`, `L-20`), not a word
  bool textIsCode = false;  ///< the text is a token (`Rd`, `vb`)
};

struct HoverSection {
  HoverSectionKind kind = HoverSectionKind::Note;
  std::string heading;            ///< may be empty
  std::vector<std::string> text;  ///< paragraphs or prose lines, verbatim
  std::string source;             ///< "file:line:col" of the spec text quoted, when any
  std::vector<std::string> code;  ///< assembly lines, or a single encoded word
  std::vector<HoverItem> items;
  std::vector<std::vector<std::string>> table;  ///< first row is the header
};

/// The hover of one token.
struct HoverInfo {
  syntax::ByteRange range;  ///< the token hovered (the whole mnemonic for any mnemonic part)
  std::string title;        ///< the token as written: "IADD", ".X", "R[0:1]", "@!P2"
  std::vector<HoverSection> sections;
  /// On a mnemonic: the instruction and its place in the reference (InstructionReference above), for
  /// a caller that knows where the reference is to link to it.
  std::optional<InstructionReference> instruction;

  /// The first section of a kind, or null.
  const HoverSection* section(HoverSectionKind kind) const;
};

// Inlay hints (asm/InlayHints.h, execution/LiveValues.h).

/// One hint: text the editor draws at a position without it being part of the document.
struct InlayHint {
  std::uint32_t offset = 0;  ///< byte offset the hint is drawn at (before the byte there)
  std::string label;         ///< an encoding: "0x" + 32 hex digits; a live value: LiveValues.h
  std::string tooltip;      ///< markdown: of an encoding, the opcode variant, its optype and the form matched
  bool paddingLeft = true;  ///< a space between the code and the hint
};

// Completion (asm/Completion.h, spec/SpecFeatures.h).

/// What a completion item is (server/lsp maps these to LSP CompletionItemKind).
enum class CompletionKind : std::uint8_t {
  Mnemonic,   ///< IMAD, IMAD.WIDE; also the next part of a dotted mnemonic (WIDE after `IMAD.`)
  Modifier,   ///< a modifier value (U32, HI, X)
  Register,   ///< R0, RZ, UR4, URZ
  Predicate,  ///< P0, PT, UP0, UPT
  Value,      ///< an enumerator of a non-register operand type
  Snippet,    ///< a whole syntax form, or an operand shape such as c[0x0][0x0]
  // In the spec's own files (SpecFeatures.h):
  Type,        ///< a bit-field type
  Field,       ///< a field of the definition
  Definition,  ///< a group or an optype (a header's parent)
  Keyword,     ///< `__DefOpcode`, a section name
};

/// One proposal.
struct CompletionItem {
  std::string label;  ///< what the menu shows
  CompletionKind kind = CompletionKind::Mnemonic;
  std::string detail;         ///< one line: the optype's first sentence, the modifier's meaning, the type
  std::string documentation;  ///< markdown, may be empty
  std::string insertText;     ///< the text that replaces `range`
  bool isSnippet = false;     ///< insertText uses LSP snippet syntax (`${1:Rd}`, `${1|EQ,NE|}`)
  syntax::ByteRange range;    ///< the partially typed word it replaces (empty at a fresh position)
  bool isDefault = false;     ///< a modifier the encoding takes when it is omitted ("(default)" in detail)
  std::string sortText;       ///< orders the menu (spec order), compared as bytes
  std::string filterText;     ///< what the client matches the typed word against, when not the label
};

/// An item that inserts its label over `range`, ordered by `sortText`.
CompletionItem plainCompletion(std::string label, CompletionKind kind, std::string detail,
                               syntax::ByteRange range, std::string sortText);
/// A sort key that orders by `group`, then by `index` within it (compared as bytes).
std::string completionSortKey(std::size_t group, std::size_t index);

// Folding (asm/Folding.h, spec/SpecFeatures.h).

enum class FoldingKind : std::uint8_t { Comment, Region };  ///< the LSP's "comment" and "region"

/// Lines [startLine, endLine], 0-based; the editor keeps startLine visible.
struct FoldingRange {
  std::uint32_t startLine = 0;
  std::uint32_t endLine = 0;
  FoldingKind kind = FoldingKind::Comment;
  friend bool operator==(const FoldingRange&, const FoldingRange&) = default;
};

/// Of ranges sorted by start line, keeps the first of each start line (editors fold one range per
/// line), in place.
void keepFirstPerStartLine(std::vector<FoldingRange>& ranges);

// Semantic tokens (asm/SemanticTokens.h, spec/SpecFeatures.h).

/// Token types. The protocol layer names them for the editor (server/lsp: semanticTokensLegend).
enum class SemanticTokenType : std::uint8_t {
  Keyword,
  Modifier,
  Variable,
  Number,
  Operator,
  Comment,
  Decorator,
  Property,
  // The spec's own files (SpecFeatures.h): type names, enumerators, strings, groups, optypes and opcodes.
  Type,
  EnumMember,
  String,
  Namespace,
  Class,
};
/// How many token types there are (Class is the last).
inline constexpr std::size_t kSemanticTokenTypeCount = static_cast<std::size_t>(SemanticTokenType::Class) + 1;

/// Token modifier bits.
enum SemanticTokenModifier : std::uint32_t { kReadonly = 1u << 0 };
/// How many modifier bits there are.
inline constexpr std::size_t kSemanticTokenModifierCount = 1;

/// One token: a byte range within a single line, its type and its modifier bits.
struct SemanticToken {
  syntax::ByteRange range;
  SemanticTokenType type = SemanticTokenType::Keyword;
  std::uint32_t modifiers = 0;  ///< SemanticTokenModifier bits
  friend bool operator==(const SemanticToken&, const SemanticToken&) = default;
};

}  // namespace gpuasm::ide
