// What a spec load must give on any text (DESIGN.md: failures are error values): a database,
// and every diagnostic at a real line of its file with a column no further than one past the
// line's last byte, or at 1:1, the start of the file, where a diagnostic about the whole file
// goes (also in an empty file). Shared by tests/isa/SpecParserToleranceTest.cpp and fuzz/spec_loader.cpp.
#pragma once

#include <gpuasm/isa/InstrDb.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::testsupport {

/// Byte length of every line as the parser counts lines ('\n' ends a line; a final '\n' does
/// not start another one).
inline std::vector<std::size_t> specLineLengths(std::string_view text) {
  std::vector<std::size_t> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      out.push_back(text.size() - start);
      break;
    }
    out.push_back(nl - start);
    start = nl + 1;
  }
  return out;
}

/// "file:line:col code: message" of the first `limit` diagnostics of `load` placed outside their
/// file (any position when the load has no database); empty when every position is real.
inline std::vector<std::string> diagnosticsOutsideTheirFiles(const isa::SpecLoad& load,
                                                             std::vector<isa::SpecDiagnostic> extra = {},
                                                             std::size_t limit = 10) {
  std::vector<std::string> outside;
  if (load.db == nullptr) return {"no database"};
  const auto& loaded = load.db->files();
  std::vector<std::vector<std::size_t>> lengths;
  for (const auto& f : loaded) lengths.push_back(specLineLengths(f.text));
  extra.insert(extra.begin(), load.diagnostics.begin(), load.diagnostics.end());
  for (const auto& d : extra) {
    const isa::SourcePos& p = d.pos;
    const bool fileStart = p.line == 1 && p.column == 1;
    const bool inside = p.valid() && p.file < loaded.size() &&
                        (fileStart || (p.line <= lengths[p.file].size() && p.column >= 1 &&
                                       p.column <= lengths[p.file][p.line - 1] + 1));
    if (!inside && outside.size() < limit)
      outside.push_back(std::to_string(p.file) + ":" + std::to_string(p.line) + ":" +
                        std::to_string(p.column) + " " + std::string(isa::spelling(d.code)) + ": " +
                        d.message);
  }
  return outside;
}

}  // namespace gpuasm::testsupport
