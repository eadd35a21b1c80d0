// Diagnostics about the spec text: where (file, line, column), how bad, which stable code and
// what is wrong. The spec parser and the database builder never throw on bad spec text; they
// return the database together with a list of these, which `gpuasm spec --lint` prints the way
// a compiler prints its warnings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::isa {

/// A 1-based position in one of the loaded spec files (index into the database's file list).
struct SourcePos {
  std::uint32_t file = 0;
  std::uint32_t line = 0;    ///< 1-based; 0 means "no position".
  std::uint32_t column = 0;  ///< 1-based byte column.

  bool valid() const { return line != 0; }
  friend bool operator==(const SourcePos&, const SourcePos&) = default;
};

/// How serious a spec diagnostic is.
enum class Severity : std::uint8_t { Error, Warning, Note };

/// One finding about the spec: a parse problem, a tolerated irregularity or a lint result.
struct SpecDiagnostic {
  SourcePos pos;
  Severity severity = Severity::Warning;
  std::string code;     ///< stable kebab-case code, e.g. "undefined-type"
  std::string message;  ///< one sentence, no trailing period
  std::string erratum;  ///< id of the erratum that handles it (e.g. "L-41"), empty when none
};

/// Text of a severity as compilers print it ("error", "warning", "note").
const char* severityName(Severity severity);

/// Collects diagnostics; passed by reference through the spec pipeline.
class DiagnosticSink {
 public:
  void report(SourcePos pos, Severity severity, std::string code, std::string message,
              std::string erratum = {});
  void error(SourcePos pos, std::string code, std::string message) {
    report(pos, Severity::Error, std::move(code), std::move(message));
  }
  void warning(SourcePos pos, std::string code, std::string message) {
    report(pos, Severity::Warning, std::move(code), std::move(message));
  }
  void note(SourcePos pos, std::string code, std::string message) {
    report(pos, Severity::Note, std::move(code), std::move(message));
  }
  const std::vector<SpecDiagnostic>& all() const { return items_; }
  std::vector<SpecDiagnostic> take() { return std::move(items_); }
  std::size_t errorCount() const;

 private:
  std::vector<SpecDiagnostic> items_;
};

}  // namespace gpuasm::isa
