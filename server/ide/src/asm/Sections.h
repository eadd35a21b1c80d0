// What the whole-document features (symbols, folding, formatting) know about each line: blank,
// a `//` comment on its own, holding the start of a statement, or anything else; and the
// sections of docs/LANGUAGE.md ("Sections") built from that. Internal to gpuasm::ide.
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::ide::detail {

enum class LineKind : std::uint8_t {
  Blank,        ///< only blanks, outside any comment
  LineComment,  ///< a `//` comment is the line's only content
  Statement,    ///< a statement starts on the line
  Other,        ///< block-comment text, unparsable text, ...
};

/// The line holding byte `offset` (the last line past the end). Unlike LineIndex::position it
/// counts no columns, so it costs the same on a line of any length.
std::uint32_t lineOf(const syntax::LineIndex& lines, std::uint32_t offset);

/// The kind of every line of the snapshot's text.
std::vector<LineKind> classifyLines(const Snapshot& snapshot);

/// A section: a header of `//` lines and everything up to the next header.
struct Section {
  std::uint32_t firstLine = 0;   ///< the header's first line
  std::uint32_t lastLine = 0;    ///< the last non-blank line before the next header or the end
  std::string title;             ///< the header's first line with words, banner characters trimmed
  syntax::ByteRange titleRange;  ///< that title in the text
};

/// The sections of the document, in order (docs/LANGUAGE.md, "Sections").
std::vector<Section> findSections(const Snapshot& snapshot, const std::vector<LineKind>& kinds);

}  // namespace gpuasm::ide::detail
