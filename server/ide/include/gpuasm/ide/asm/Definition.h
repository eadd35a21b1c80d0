// Go to definition: from an instruction in a document to where the spec defines it. On a
// mnemonic (any of its parts, IMAD.WIDE's WIDE too) the target is the optype's `__DefOptype`
// line; on a modifier it is the domain line of the variable the modifier fills
// (`.rnd = {.RN*, …}` in `__Syntax`), or for a literal modifier (`.X`) the syntax form that
// spells it. Targets are spec positions; the spec files, the embedded ones included, are in
// the database, so the server can serve their text as read-only virtual documents.
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// A place in the spec.
struct SpecLocation {
  std::uint32_t fileIndex = 0;  ///< index into snapshot.db().files() (its text is the document)
  std::string file;             ///< the file's display name, e.g. "isa-db/spec/000_ialu.txt"
  std::uint32_t line = 0;       ///< 1-based, as isa::SourcePos
  std::uint32_t column = 0;     ///< 1-based byte column, as isa::SourcePos
  syntax::ByteRange origin;     ///< the token of the document the definition was asked for
};

/// The definition of the token at byte `offset` (the end of a token counts as on it); nullopt
/// on whitespace, comments, operands, guards, past the end, and on unknown mnemonics or
/// modifiers.
std::optional<SpecLocation> getDefinition(const Snapshot& snapshot, std::uint32_t offset);

/// A place in the spec that explains a diagnostic, with a short message.
struct RelatedSpecText {
  SpecLocation location;
  std::string message;
};

/// The spec behind a diagnostic, for the editor's related information: for a near miss the
/// syntax forms that would be legal (their `__Syntax` lines), and the errata.isa entry whose
/// decision the rule applies.
std::vector<RelatedSpecText> getRelatedSpecText(const Snapshot& snapshot, const Diagnostic& diagnostic);

}  // namespace gpuasm::ide
