// `gpuasm check FILE... [--json]`: the diagnostics of each file, as a compiler prints them
// (file:line:col: severity: message [code]) or as JSON. Exit 1 when any file has an error.
#include "Commands.h"

#include <gpuasm/ide/Assembler.h>
#include <gpuasm/ide/Diagnostics.h>
#include <gpuasm/ide/Run.h>
#include <gpuasm/lsp/CheckJson.h>
#include <gpuasm/syntax/LineIndex.h>

#include <algorithm>
#include <ostream>
#include <sstream>

namespace gpuasm::tool {

int runCheck(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  const bool json = options.json;
  const std::vector<std::string>& files = options.files;
  auto load = loadSpecFor(options.specDir, err);
  if (!load) return kExitUsage;
  std::vector<lsp::FileDiagnostics> results;
  bool anyError = false, ioError = false;
  for (const auto& path : files) {
    lsp::FileDiagnostics fd;
    fd.file = path;
    std::ostringstream readErr;
    auto text = readSourceFile(path, readErr);
    if (!text) {
      fd.error = readErr.str();
      while (!fd.error.empty() && fd.error.back() == '\n') fd.error.pop_back();
      if (!json) err << fd.error << '\n';
      ioError = true;
      results.push_back(std::move(fd));
      continue;
    }
    // The diagnostics of computeDiagnostics, through the line scanner (no tree for ordinary lines).
    const syntax::LineIndex lines(*text);
    // The directives' problems too, as the editor shows them.
    auto diagnostics = ide::assembleText(*load->db, *text).diagnostics;
    if (auto directives = ide::directiveDiagnostics(*load->db, *text); !directives.empty()) {
      diagnostics.insert(diagnostics.end(), directives.begin(), directives.end());
      std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const auto& x, const auto& y) { return x.range.begin < y.range.begin; });
    }
    fd.diagnostics = lsp::placeDiagnostics(diagnostics, lines);
    anyError |= std::any_of(diagnostics.begin(), diagnostics.end(), [](const auto& d) { return d.severity == ide::Severity::Error; });
    if (!json) printDiagnostics(path, fd.diagnostics, out);
    results.push_back(std::move(fd));
  }
  if (json) out << lsp::checkToJson(results, 2) << '\n';
  if (ioError) return kExitUsage;
  return anyError ? kExitInputErrors : kExitOk;
}

}  // namespace gpuasm::tool
