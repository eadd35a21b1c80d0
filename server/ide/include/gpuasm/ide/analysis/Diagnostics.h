// Diagnostics of an assembly document, in editor terms (byte ranges, severities, stable codes):
// the syntax layer's (syntax errors, lenient spellings) and the matcher's for every statement
// (mnemonics, modifiers, operands, widths, immediates, guards, EncodingError rules), with
// suggestions and, for near misses, the legal forms. A synchronous, LSP-free function over
// immutable inputs; `gpuasm check` and the language server share it.
#pragma once

#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/syntax/SyntaxTree.h>  // syntax::ByteRange

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
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
  isa::DiagnosticCode code{};  ///< stable, documented in docs/PROTOCOL.md
  std::string message;
  std::vector<std::string> suggestions;  ///< replacement texts for the range, best first
  std::vector<std::string> legalForms;   ///< near miss: the syntax forms that would be legal
  std::string erratum;                   ///< errata.isa entry behind the rule, if any
  bool unnecessary = false;              ///< the code it marks could go (a dead write): editors fade it
};

/// An assembler diagnostic in editor terms.
Diagnostic toDiagnostic(const isa::AsmDiagnostic& d);

/// All diagnostics of a document (assembleText's), in document order.
std::vector<Diagnostic> computeDiagnostics(const isa::InstrDb& db, std::string_view text);

/// The register dataflow's findings a document gets at most by default (the language server's
/// `gpuasm.dataflow.maxFindings`, `gpuasm check`).
inline constexpr std::size_t kDefaultDataflowMaxFindings = 100;

/// The order a document's diagnostics are published in (the language server, `gpuasm check`):
/// the lists — the assembler's with the directives', the dataflow's, the `// @expect`
/// outcomes', each in document order — merged by start; among equal starts the earlier list's
/// first.
std::vector<const Diagnostic*> publishedOrder(std::initializer_list<const std::vector<Diagnostic>*> lists);

}  // namespace gpuasm::ide
