// Severity names and the collecting sink for spec diagnostics.
#include <gpuasm/isa/Diagnostic.h>

#include <algorithm>
#include <cassert>

namespace gpuasm::isa {

const char* severityName(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "note";
}

void DiagnosticSink::report(SourcePos pos, Severity severity, SpecCode code, std::string message,
                            std::string erratum) {
  assert(info(code).reportedAs(severity) && "a severity SpecCode.h's table does not allow for the code");
  items_.push_back({pos, severity, code, std::move(message), std::move(erratum)});
}

std::size_t DiagnosticSink::errorCount() const {
  return static_cast<std::size_t>(std::count_if(items_.begin(), items_.end(),
                                                [](const auto& d) { return d.severity == Severity::Error; }));
}

}  // namespace gpuasm::isa
