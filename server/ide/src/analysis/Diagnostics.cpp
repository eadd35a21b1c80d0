// Syntax and database diagnostics of a document (see Diagnostics.h).
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/Diagnostics.h>

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

}  // namespace

Diagnostic toDiagnostic(const isa::AsmDiagnostic& d) {
  return {{d.range.begin, d.range.end}, severityOf(d.severity), d.code, d.message, d.fixes, d.legalForms, d.erratum};
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

std::vector<Diagnostic> computeDiagnostics(const isa::InstrDb& db, std::string_view text) { return assembleText(db, text).diagnostics; }

}  // namespace gpuasm::ide
