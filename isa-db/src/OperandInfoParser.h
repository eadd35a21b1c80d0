// Parsing of the DSL statements found in `__OperandInfo` and `__Exception` sections (InList,
// OutList, Order, Bitwidth, AsmFormat, ModiOrder, EncodingError). A line is a statement only
// when it is indented and starts with `Keyword<`; every other line is prose (spec-catalog §1.3).
// Private to isa-db.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/SpecParser.h>

#include <string>
#include <vector>

namespace gpuasm::isa::detail {

/// One statement kind with the text between `<` and `>` and after `=`.
struct RawStatement {
  std::string keyword;  ///< "Order", "Bitwidth", ...
  std::string angle;    ///< text inside <…>
  std::string rhs;      ///< text after '=', empty when none
  SourcePos pos;
};

/// Statement keywords recognised in OperandInfo / Exception sections.
bool isStatementKeyword(std::string_view word);

/// Splits a section into statements and prose. Prose lines are joined (verbatim) into `prose`.
std::vector<RawStatement> splitStatements(const SpecSection& section, std::uint32_t fileIndex,
                                          DiagnosticSink& sink, std::string* prose);

/// Applies one statement to an OperandInfo (replacing a statement of the same kind/operand).
/// Returns false (and reports) when the statement is malformed.
bool applyOperandStatement(const RawStatement& st, OperandInfo& info, DiagnosticSink& sink,
                           const std::string& amendedBy);

/// Parses an EncodingError statement.
std::optional<EncodingErrorRule> parseEncodingError(const RawStatement& st, DiagnosticSink& sink);

}  // namespace gpuasm::isa::detail
