// The markdown of the spec's prose sections (__Description, __OperandInfo's prose, __ModifierInfo,
// __Semantics; spec-catalog §1.6), read once for every writer: a text is cut into blocks — runs
// of prose lines, ``` fenced code and GFM tables — and a table into its header, the alignment
// its delimiter row gives each column and its rows, cells trimmed and `\|` read as a `|` of the
// cell. Hover (server/lsp's HoverText: markdown and plain text) and the reference's HTML render
// these blocks, so a table is a table in each and the spec's irregular cells (`|cmem |`,
// `| GPR | cmem|`) read the same.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::isa {

/// A table column's alignment, from its delimiter cell: `---` none, `:--` left, `:-:` center,
/// `--:` right.
enum class ColumnAlign : std::uint8_t { None, Left, Center, Right };

/// A GFM table. Every row has `header.size()` cells, as has `align`: a table whose rows do not
/// all have the header's number of cells is widened to the most any line has, the missing cells
/// empty (GFM would drop the extra cells; the spec's text is kept instead).
struct ProseTable {
  std::vector<std::string> header;
  std::vector<ColumnAlign> align;
  std::vector<std::vector<std::string>> rows;
};

/// A piece of a prose text.
struct ProseBlock {
  enum class Kind : std::uint8_t {
    Text,   ///< prose lines, verbatim (`text`: lines joined by '\n', blank ones inside kept, none
            ///< at either end)
    Code,   ///< a ``` fence: `text` the lines inside, `info` what follows the opening ```
    Table,  ///< `table`
  };
  Kind kind = Kind::Text;
  std::string text;
  std::string info;
  ProseTable table;
};

/// The cells of a table line: the text between its unescaped `|`s (the leading and a trailing
/// `|` are optional), trimmed, each `\|` as `|`. Empty for a line with no `|`.
std::vector<std::string> tableCells(std::string_view line);

/// Whether `line` is a delimiter row: `|`-separated cells each `:?-+:?` (spaces around allowed),
/// at least one `|` and one `-`.
bool isTableDelimiter(std::string_view line);

/// Whether `line`, trimmed, starts with `|` — a line a table is made of in the spec.
bool isTableLine(std::string_view line);

/// `text` cut into blocks. A table is a line starting with `|` (its header), a delimiter row
/// right under it and the lines starting with `|` that follow; `|` lines without a delimiter row
/// under the first are prose. Lines inside a ``` fence are code, never a table; an unclosed
/// fence runs to the end. A '\r' ending a line is dropped; blank lines at a block's ends are
/// dropped, so a text without tables or fences is one Text block.
std::vector<ProseBlock> proseBlocks(std::string_view text);

}  // namespace gpuasm::isa
