// Syntax and database diagnostics of a document (see Diagnostics.h).
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/Diagnostics.h>

#include <algorithm>
#include <cassert>
#include <cstddef>

namespace gpuasm::ide {

namespace {

Severity severityOf(isa::AsmSeverity s) {
  switch (s) {
    case isa::AsmSeverity::Error: return Severity::Error;
    case isa::AsmSeverity::Warning: return Severity::Warning;
    case isa::AsmSeverity::Note: return Severity::Information;
  }
  return Severity::Error;
}

// Whether the table of codes (isa/DiagnosticCode.h) lists `s` among the severities of `code`.
[[maybe_unused]] bool tableAllows(isa::DiagnosticCode code, Severity s) {
  static constexpr isa::CodeSeverity kAs[] = {isa::CodeSeverity::Error, isa::CodeSeverity::Warning,
                                              isa::CodeSeverity::Information, isa::CodeSeverity::Hint};
  return isa::info(code).reportedAs(kAs[static_cast<std::size_t>(s)]);
}

}  // namespace

Diagnostic toDiagnostic(const isa::AsmDiagnostic& d) {
  const Severity severity = severityOf(d.severity);
  assert(tableAllows(d.code, severity) && "a diagnostic's severity is one its code's row lists");
  return {{d.range.begin, d.range.end}, severity, d.code, d.message, d.fixes, d.legalForms, d.erratum};
}

const char* severityName(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Information: return "information";
    case Severity::Hint: return "hint";
  }
  return "error";
}

std::vector<Diagnostic> computeDiagnostics(const isa::InstrDb& db, std::string_view text) {
  return assembleText(db, text).diagnostics;
}

std::vector<const Diagnostic*> publishedOrder(std::initializer_list<const std::vector<Diagnostic>*> lists) {
  std::vector<const Diagnostic*> all;
  std::size_t n = 0;
  for (const auto* list : lists) n += list->size();
  all.reserve(n);
  for (const auto* list : lists)
    for (const Diagnostic& d : *list) all.push_back(&d);
  std::stable_sort(all.begin(), all.end(),
                   [](const Diagnostic* x, const Diagnostic* y) { return x->range.begin < y->range.begin; });
  return all;
}

}  // namespace gpuasm::ide
