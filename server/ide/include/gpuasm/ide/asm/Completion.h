// Completion: what the editor offers while an instruction is typed. The context is read from the
// text of the cursor's line up to the cursor (the line may not parse yet): at the start of a
// statement, every mnemonic as the spec's syntax forms spell it and a snippet per syntax form;
// after `MNEMONIC.` (and after each further modifier), only the modifiers the remaining slots of
// the mnemonic's forms accept at that position, defaults marked; in the operand list, what the
// operand slot under the cursor takes (registers, predicates, constant memory); in a guard, the
// predicates. Everything is read from the database; nothing in comments.
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// The proposals at byte `offset` of the snapshot's text. Empty in comments, past the end, after
/// an unknown mnemonic and where nothing can be typed (immediates, addresses). Work is bounded by
/// the cursor's line and the mnemonic's optype, never by the document.
std::vector<CompletionItem> getCompletions(const Snapshot& snapshot, std::uint32_t offset);

}  // namespace gpuasm::ide
