// What the random-edit property tests share (tests/workspace, tests/lsp): the pieces they type
// into a document, and UTF-16 text — the unit the LSP's positions count by default — turned into
// UTF-8 and positions, computed here apart from the server's line index.
#pragma once

#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/ide/execution/LiveValues.h>
#include <gpuasm/syntax/LineIndex.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include <cstddef>
#include <string>

namespace gpuasm::test {

/// Instructions, modifiers, operands, separators, non-ASCII text, comments and `// @expect`
/// directives whole and cut, so that random edits make and break every kind of line.
inline const std::u16string kEditPieces[] = {u"IADD",
                                             u".X",
                                             u" R1, ",
                                             u";",
                                             u"\n",
                                             u"é",
                                             u"€",
                                             u"MOV R2, 0x5 ;\n",
                                             u"",
                                             u"// c\n",
                                             u".",
                                             u"// @expect R2 == 0x5\n",
                                             u"// @expect all(R1 != 0) ",
                                             u"@expect R0 =="};

/// UTF-16 text (no surrogate pairs) as UTF-8.
inline std::string toUtf8(const std::u16string& u) {
  std::string out;
  for (char16_t c : u) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

/// The line and UTF-16 column of unit `i` of `text`.
inline syntax::LinePosition positionIn(const std::u16string& text, std::size_t i) {
  syntax::LinePosition p{0, 0};
  for (std::size_t k = 0; k < i; ++k) {
    if (text[k] == u'\n') {
      ++p.line;
      p.character = 0;
    } else {
      ++p.character;
    }
  }
  return p;
}

/// What the incremental analysis must equal after the edits and the idle work: the diagnostics
/// of `fresh` (a fresh analysis of the text), its dataflow findings (at most 100) and a whole
/// run's `// @expect` outcomes, in document order.
inline std::vector<ide::Diagnostic> freshDiagnostics(const std::shared_ptr<const ide::Snapshot>& fresh) {
  std::vector<ide::Diagnostic> expected = fresh->diagnostics();
  for (const ide::Diagnostic& d : ide::dataflowDiagnostics(*fresh, nullptr, 100)) expected.push_back(d);
  ide::LiveRun run(fresh, nullptr, nullptr, ide::LiveLimits{});
  run.advance(std::nullopt, ide::LiveLimits{}.budget);
  for (const ide::Diagnostic& d : ide::expectationDiagnostics(run)) expected.push_back(d);
  std::stable_sort(expected.begin(), expected.end(),
                   [](const auto& x, const auto& y) { return x.range.begin < y.range.begin; });
  return expected;
}

}  // namespace gpuasm::test
