// Completion: what the editor offers while an instruction is typed. The context is read from the
// text of the cursor's line up to the cursor (the line may not parse yet): at the start of a
// statement, every mnemonic as the spec's syntax forms spell it and a snippet per syntax form;
// after `MNEMONIC.` (and after each further modifier), only the modifiers the remaining slots of
// the mnemonic's forms accept at that position, defaults marked; in the operand list, what the
// operand slot under the cursor takes (registers, predicates, constant memory); in a guard, the
// predicates. Everything is read from the database; nothing in comments.
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::ide {

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

/// The proposals at byte `offset` of the snapshot's text. Empty in comments, past the end, after
/// an unknown mnemonic and where nothing can be typed (immediates, addresses). Work is bounded by
/// the cursor's line and the mnemonic's optype, never by the document.
std::vector<CompletionItem> getCompletions(const Snapshot& snapshot, std::uint32_t offset);

}  // namespace gpuasm::ide
