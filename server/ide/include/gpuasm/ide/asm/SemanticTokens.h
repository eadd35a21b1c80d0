// Semantic tokens: what the editor colours by meaning rather than by regular expression. Every
// token comes from the analysed statements (guard, mnemonic, modifiers, operands with their
// prefixes, selectors and address parts) and the comments, so a theme shows IMAD.WIDE's WIDE
// as part of the mnemonic and .U32 as a modifier — the database decides which is which, as the
// assembler does. Lines that do not parse keep their comments and whatever their statement has.
//
// Choices (server/lsp names each type after an LSP 3.17 standard type, so every theme colours them):
// - the mnemonic is a `keyword`: mnemonics are the ISA's closed vocabulary, like a language's
//   keywords, not user-defined callables (`function` would colour IADD like a call);
// - dotted modifiers are `modifier`; register selectors (.B1, .H0) `property`, a part of the
//   register they follow;
// - registers, predicates, register ranges and predicate sets are `variable`; the registers
//   that read a constant (RZ, URZ read 0; PT, UPT read true; writes to them are discarded) and
//   constant memory's `c` carry `readonly`, because a program cannot change what they hold;
// - the guard (`@!P0`) is a `decorator`: it annotates the whole statement, as `@` does in the
//   languages themes are written for;
// - literals are `number`, the prefixes - ~ ! and the bars | | `operator`, comments `comment`.
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// The tokens that overlap `range` (half-open; the whole document is {0, text size}), sorted,
/// non-overlapping and never spanning a line end: a comment over several lines gives one token
/// per line it has text on.
std::vector<SemanticToken> getSemanticTokens(const Snapshot& snapshot, syntax::ByteRange range);

}  // namespace gpuasm::ide
