// Directive comments' problems as diagnostics (see DirectiveDiagnostics.h).
#include <gpuasm/ide/analysis/DirectiveDiagnostics.h>
#include <gpuasm/sim/WarpState.h>

#include <algorithm>

namespace gpuasm::ide {

namespace {

// Byte offset of the start of a 0-based line, for directive diagnostics.
std::uint32_t lineStart(std::string_view text, std::uint32_t line) {
  std::uint32_t offset = 0;
  for (std::uint32_t l = 0; l < line; ++l) {
    const std::size_t nl = text.find('\n', offset);
    if (nl == std::string_view::npos) return static_cast<std::uint32_t>(text.size());
    offset = static_cast<std::uint32_t>(nl + 1);
  }
  return offset;
}

}  // namespace

std::vector<Diagnostic> stateDirectiveDiagnostics(std::string_view text) {
  if (text.find("@state") == std::string_view::npos) return {};
  return stateDirectiveDiagnostics(text, sim::parseStateDirectives(text).errors);
}

std::vector<Diagnostic> stateDirectiveDiagnostics(std::string_view text,
                                                  std::span<const sim::StateDirectiveError> errors) {
  std::vector<Diagnostic> out;
  for (const sim::StateDirectiveError& e : errors) {
    const std::uint32_t begin = lineStart(text, e.line) + e.column;
    const std::size_t nl = text.find('\n', begin);
    const auto end = static_cast<std::uint32_t>(nl == std::string_view::npos ? text.size() : nl);
    out.push_back(
        {{begin, end}, Severity::Error, isa::DiagnosticCode::StateDirective, e.message, {}, {}, {}});
  }
  return out;
}

Diagnostic expectDirectiveDiagnostic(const sim::ExpectDirective& d) {
  const sim::ExprError& e = d.expression.error();
  const std::uint32_t expr = d.offset - d.column + d.exprColumn;
  syntax::ByteRange range{expr + e.column, expr + e.column + e.length};
  if (e.length == 0) range = {d.offset, expr + d.exprLength};
  return {range, Severity::Error, isa::DiagnosticCode::ExpectDirective, e.message, {}, {}, {}};
}

std::vector<Diagnostic> directiveDiagnostics(const isa::InstrDb& db, std::string_view text) {
  std::vector<Diagnostic> out = stateDirectiveDiagnostics(text);
  if (text.find("@expect") != std::string_view::npos)
    if (const auto layout = sim::RegisterLayout::fromDb(db))
      for (const sim::ExpectDirective& d : sim::parseExpectDirectives(text, *layout))
        if (!d.expression) out.push_back(expectDirectiveDiagnostic(d));
  std::stable_sort(out.begin(), out.end(),
                   [](const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; });
  return out;
}

}  // namespace gpuasm::ide
