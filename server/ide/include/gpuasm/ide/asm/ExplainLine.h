// Explain this line: what the hover on an instruction's mnemonic adds about the line itself.
//
// - Semantics of this line: the entry of the spec's __Semantics pseudo-code that fits the line
//   (`IADD` or `IADD.X`: the entry whose literal modifiers the line sets), its operand names
//   replaced by the operands as written (`Ra` → `|R1|`), its modifier variables by the values
//   the line gives them (`.rnd` → `.RZ`, defaults included), and every `if`/`else`/`switch` that
//   decides on modifiers alone cut to the branch taken. Conditions on data stay as written.
// - From the live run, when it has executed the line: the value of each register the line reads
//   just before it (LiveRun::replay) and of each register it writes just after, in the pinned
//   lane, or the first lane that executes the instruction when none is pinned.
// - For an operation the spec rounds with `roundToF32(…, .m)` (the modifier `.m` read from its
//   pseudo-code, so from the database): the result in that lane under every value of `.m`, each
//   computed by the simulator's own semantics run with that mode, and its distance in ULPs from
//   the result of the mode written.
#pragma once

#include <gpuasm/ide/asm/Hover.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// The sections explaining `statement` (in document coordinates, as Snapshot::statementAt gives
/// it) of optype `optype`: the substituted semantics, the live inputs and result, the rounding
/// table — each only when it can be given. `live.run` is read only, never advanced.
std::vector<HoverSection> explainLine(const Snapshot& snapshot, const AssembledStatement& statement,
                                      const isa::Optype& optype, const HoverLive& live);

/// How many units in the last place binary32 value `a` lies above `b` (negative: below), both
/// given as bits: the count of representable steps between them, +0 and -0 being one value;
/// nullopt when either is a NaN.
std::optional<std::int64_t> ulpDifference(std::uint32_t a, std::uint32_t b);

}  // namespace gpuasm::ide
