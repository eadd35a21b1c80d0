// Hover: what the editor shows when the pointer rests on a token of an instruction. On a
// mnemonic, the optype's documentation from the spec (description verbatim, syntax forms, the
// meaning of the modifiers written on the line) and, when the line assembles, its 128-bit
// encoding with a field table, plus gpuasm's decisions on spec errata that change behaviour. On
// a modifier, the field it sets, its meaning and the legal values; on an operand, the slot it
// fills, its kind, width, access and the sources its slot accepts; on a guard, what predication
// does. Everything is read from the database and the statement's binding (isa/Binding.h).
//
// The result is structured — a title and typed sections of plain text — so the protocol layer
// renders it as markdown or plain text, as the client asks, and tests check content, not markup.
#pragma once

#include <gpuasm/ide/Results.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

class LiveRun;

/// What a hover may show of the live run (LiveValues.h): the document's run, read only (never
/// advanced: a line it has not reached shows no values), and the lane pinned (none: the first
/// lane that executes the instruction).
struct HoverLive {
  const LiveRun* run = nullptr;
  std::optional<std::uint32_t> lane;
};

/// The hover at byte `offset` of the snapshot's text; nullopt on whitespace, comments, past the
/// end, unknown mnemonics and unknown modifiers (diagnostics cover those). On a register
/// operand or guard it ends with the register's dataflow (RegisterUses.h): where the value
/// read was written, where the value written is read next. `stateFile` is the initial state
/// the runs start from besides the `// @state` directives. On a mnemonic it explains the line
/// (ExplainLine.h), with values from `live`; on the mnemonic of a line where a register file's
/// pressure peaks (RegisterPressure.h) it ends with the values live there.
std::optional<HoverInfo> getHover(const Snapshot& snapshot, std::uint32_t offset,
                                  const sim::InitialState* stateFile = nullptr, const HoverLive& live = {});

}  // namespace gpuasm::ide
