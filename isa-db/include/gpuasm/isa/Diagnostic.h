// Diagnostics about the spec text: where (file, line, column), how bad, which stable code and
// what is wrong. The spec parser and the database builder never throw on bad spec text; they
// return the database together with a list of these, which `gpuasm spec --lint` prints the way
// a compiler prints its warnings.
#pragma once

#include <gpuasm/isa/SpecCode.h>

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

/// One finding about the spec: a parse problem, a tolerated irregularity or a lint result.
struct SpecDiagnostic {
  SourcePos pos;
  Severity severity = Severity::Warning;
  SpecCode code{};      ///< which finding (SpecCode.h's table spells it: "undefined-type")
  std::string message;  ///< one sentence, no trailing period
  std::string erratum;  ///< id of the erratum that handles it (e.g. "L-41"), empty when none
};

/// Text of a severity as compilers print it ("error", "warning", "note").
const char* severityName(Severity severity);

/// Collects diagnostics; passed by reference through the spec pipeline. Reporting a code with a
/// severity its row of SpecCode.h does not allow is a bug (asserted).
class DiagnosticSink {
 public:
  void report(SourcePos pos, Severity severity, SpecCode code, std::string message, std::string erratum = {});
  void error(SourcePos pos, SpecCode code, std::string message) {
    report(pos, Severity::Error, code, std::move(message));
  }
  void warning(SourcePos pos, SpecCode code, std::string message) {
    report(pos, Severity::Warning, code, std::move(message));
  }
  void note(SourcePos pos, SpecCode code, std::string message) {
    report(pos, Severity::Note, code, std::move(message));
  }
  const std::vector<SpecDiagnostic>& all() const { return items_; }
  std::vector<SpecDiagnostic> take() { return std::move(items_); }
  std::size_t errorCount() const;

 private:
  std::vector<SpecDiagnostic> items_;
};

}  // namespace gpuasm::isa
