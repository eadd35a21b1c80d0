// The instruction an editor position stands on and where the reference (Reference.h) describes
// it: the section of the variant the statement assembles to, else its instruction type's page.
// Hover links there and an editor's "open the reference" shows that page; both ask here, so
// they never disagree.
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/ide/reference/Reference.h>

#include <cstdint>
#include <optional>

namespace gpuasm::ide {

/// The reference of a statement whose mnemonic names `optype` (as isa::matchMnemonic found it).
InstructionReference instructionReference(const isa::InstrDb& db, const isa::Optype& optype,
                                          const AssembledStatement& as);

/// The reference of the instruction at byte `offset`: the statement whose range holds it, or the
/// first statement of its line when only white space lies before the offset on that line (a
/// cursor in the indentation). None on a comment, an empty line, or an unknown mnemonic.
std::optional<InstructionReference> instructionReferenceAt(const Snapshot& snapshot, std::uint32_t offset);

}  // namespace gpuasm::ide
