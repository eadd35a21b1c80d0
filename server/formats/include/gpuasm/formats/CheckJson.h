// JSON of `gpuasm check --json` (DESIGN.md §6): per file, its diagnostics with 1-based lines
// and UTF-16 columns.
#pragma once

#include <gpuasm/ide/analysis/Diagnostics.h>
#include <gpuasm/syntax/LineIndex.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace gpuasm::formats {

/// A diagnostic already placed in lines and columns (1-based).
struct PlacedDiagnostic {
  std::uint32_t line = 0, column = 0, endLine = 0, endColumn = 0;
  std::string severity, code, message;
  std::vector<std::string> suggestions;
  std::vector<std::string> legalForms;
  std::string erratum;
};

/// The diagnostics of one file; `error` is set instead when the file could not be read.
struct FileDiagnostics {
  std::string file;
  std::vector<PlacedDiagnostic> diagnostics;
  std::string error;
};

/// Diagnostics placed at 1-based lines and UTF-16 columns, as the command line prints them.
std::vector<PlacedDiagnostic> placeDiagnostics(const std::vector<ide::Diagnostic>& diagnostics,
                                               const syntax::LineIndex& lines);
/// One diagnostic whose 0-based start and end positions are known.
PlacedDiagnostic placeDiagnostic(const ide::Diagnostic& d, syntax::LinePosition begin,
                                 syntax::LinePosition end);
/// The next of a file's diagnostics, met in document order (of their starts), placed by a cursor
/// over the file: what the batch commands print as they go.
PlacedDiagnostic placeDiagnostic(const ide::Diagnostic& d, syntax::LineCursor& cursor);

/// `gpuasm check --json` written as it goes, file after file and diagnostic after diagnostic,
/// so a file with millions of diagnostics is never held: `{"files": [{"diagnostics": [...],
/// "error"?: "...", "file": "..."}, ...]}`, indented by two.
class CheckJsonWriter {
 public:
  explicit CheckJsonWriter(std::ostream& out);
  void beginFile();
  void diagnostic(const PlacedDiagnostic& d);
  /// Ends the file begun last; `error` (empty: none) says why it could not be read.
  void endFile(const std::string& file, const std::string& error);
  /// Ends the document (and its line).
  void finish();

 private:
  std::ostream& out_;
  bool anyFile_ = false, anyDiagnostic_ = false;
};

/// One line of the `gpuasm asm --json` listing.
struct ListingEntry {
  std::uint32_t line = 0;  ///< 1-based
  std::string text;        ///< the statement as written
  std::string canonical;   ///< the printer's text, empty when not printable
  std::string opcode;      ///< empty when the statement did not assemble
  std::string encoding;
  std::vector<std::pair<std::string, std::uint64_t>> fields;
};

/// `{"file", "instructions": [...], "diagnostics": [...]}` (DESIGN.md §6).
std::string asmToJson(const std::string& file, const std::vector<ListingEntry>& listing,
                      const std::vector<PlacedDiagnostic>& diagnostics, int indent);

}  // namespace gpuasm::formats
