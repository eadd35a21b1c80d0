// `gpuasm parse FILE`: the syntax tree of a file as an indented S-expression with ranges (the
// format of `tree-sitter parse`), for users debugging how a line is read. Syntax errors are
// also listed on stderr as file:line:col diagnostics.
#include "Commands.h"

#include <gpuasm/ide/analysis/SourceFile.h>
#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/syntax/Statement.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <ostream>

namespace gpuasm::tool {

std::optional<std::string> readSourceFile(const std::string& path, std::ostream& err) {
  auto text = ide::readSourceFile(path);
  if (!text) {
    err << "gpuasm: " << text.error() << '\n';
    return std::nullopt;
  }
  return std::move(*text);
}

std::optional<std::string> readAssemblyFile(const std::string& path, std::ostream& err) {
  auto text = ide::readAssemblyFile(path);
  if (!text) {
    err << "gpuasm: " << text.error() << '\n';
    return std::nullopt;
  }
  return std::move(*text);
}

int runParse(const ParseOptions& options, std::ostream& out, std::ostream& err) {
  const bool ranges = !options.noRanges;
  auto text = readAssemblyFile(options.file, err);
  if (!text) return kExitUsage;
  const syntax::SyntaxTree tree(std::move(*text));
  out << tree.toSExpression({.ranges = ranges, .fields = true}) << '\n';
  const syntax::LineIndex lines(tree.text());
  const auto diagnostics = syntax::syntaxDiagnosticsOf(tree);
  for (const auto& d : diagnostics) {
    const auto p = lines.position(d.range.begin);
    err << options.file << ':' << p.line + 1 << ':' << p.character + 1 << ": error: " << d.message << " ["
        << isa::spelling(d.code) << "]\n";
  }
  return diagnostics.empty() ? kExitOk : kExitInputErrors;
}

}  // namespace gpuasm::tool
