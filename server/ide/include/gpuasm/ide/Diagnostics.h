// Diagnostics of an assembly document, in editor terms (byte ranges, severities, stable codes):
// syntax errors from the tree, then what the instruction database says about each statement —
// unknown mnemonics and modifiers with "did you mean", guards of the wrong predicate file,
// operands that are no register or literal, the spec's sloppy spellings. A synchronous,
// LSP-free function over immutable inputs; `gpuasm check` and the language server share it.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <string>
#include <vector>

namespace gpuasm::ide {

/// How serious a diagnostic is (the LSP's four levels).
enum class Severity : std::uint8_t { Error, Warning, Information, Hint };

/// "error", "warning", "information", "hint".
const char* severityName(Severity severity);

/// One finding in a document.
struct Diagnostic {
  syntax::ByteRange range;
  Severity severity = Severity::Error;
  std::string code;                      ///< stable, documented in docs/PROTOCOL.md
  std::string message;
  std::vector<std::string> suggestions;  ///< replacement texts for the range, best first
};

/// All diagnostics of a parsed document, in document order.
std::vector<Diagnostic> computeDiagnostics(const isa::InstrDb& db, const syntax::SyntaxTree& tree);

}  // namespace gpuasm::ide
