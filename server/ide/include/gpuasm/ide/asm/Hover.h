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

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/ide/reference/InstructionReference.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

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
  /// On a mnemonic: the instruction and its place in the reference (InstructionReference.h), for
  /// a caller that knows where the reference is to link to it.
  std::optional<InstructionReference> instruction;

  /// The first section of a kind, or null.
  const HoverSection* section(HoverSectionKind kind) const;
};

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
