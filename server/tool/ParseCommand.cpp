// `gpuasm parse FILE`: the syntax tree of a file as an indented S-expression with ranges (the
// format of `tree-sitter parse`), for users debugging how a line is read. Syntax errors are
// also listed on stderr as file:line:col diagnostics.
#include "Commands.h"

#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/syntax/Statement.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <fstream>
#include <iterator>
#include <ostream>

namespace gpuasm::tool {

std::optional<std::string> readSourceFile(const std::string& path, std::ostream& err) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) {
    err << "gpuasm: cannot read '" << path << "'\n";
    return std::nullopt;
  }
  const auto size = static_cast<std::uint64_t>(in.tellg());
  if (size > kMaxSourceBytes) {
    err << "gpuasm: '" << path << "' is " << size << " bytes; files larger than " << kMaxSourceBytes
        << " bytes are not read\n";
    return std::nullopt;
  }
  in.seekg(0);
  std::string text(static_cast<std::size_t>(size), '\0');
  if (!in.read(text.data(), static_cast<std::streamsize>(size))) {
    err << "gpuasm: error while reading '" << path << "'\n";
    return std::nullopt;
  }
  return text;
}

int runParse(const ParseOptions& options, std::ostream& out, std::ostream& err) {
  const bool ranges = !options.noRanges;
  const std::vector<std::string> files{options.file};
  auto text = readSourceFile(files.front(), err);
  if (!text) return kExitUsage;
  const syntax::SyntaxTree tree(std::move(*text));
  out << tree.toSExpression({.ranges = ranges, .fields = true}) << '\n';
  const syntax::LineIndex lines(tree.text());
  const auto diagnostics = syntax::syntaxDiagnosticsOf(tree);
  for (const auto& d : diagnostics) {
    const auto p = lines.position(d.range.begin);
    err << files.front() << ':' << p.line + 1 << ':' << p.character + 1 << ": error: " << d.message << " [" << d.code << "]\n";
  }
  return diagnostics.empty() ? kExitOk : kExitInputErrors;
}

}  // namespace gpuasm::tool
