// Hover: what the editor shows when the pointer rests on a token of an instruction. On a
// mnemonic, the optype's documentation from the spec (description verbatim, syntax forms, the
// meaning of the modifiers written on the line) and, when the line assembles, its 128-bit
// encoding with a field table, plus gpuasm's decisions on spec errata that change behaviour. On
// a modifier, the field it sets, its meaning and the legal values; on an operand, its kind,
// width and the sources its slot accepts; on a guard, what predication does. Everything is read
// from the database; the text is markdown for the editor to render.
#pragma once

#include <gpuasm/ide/Snapshot.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <optional>
#include <string>

namespace gpuasm::ide {

/// The hover of one token: the token's byte range and the markdown to show.
struct HoverInfo {
  syntax::ByteRange range;  ///< the token hovered (the whole mnemonic for any mnemonic part)
  std::string markdown;
};

/// The hover at byte `offset` of the snapshot's text; nullopt on whitespace, comments, past the
/// end, unknown mnemonics and unknown modifiers (diagnostics cover those).
std::optional<HoverInfo> getHover(const Snapshot& snapshot, std::uint32_t offset);

}  // namespace gpuasm::ide
