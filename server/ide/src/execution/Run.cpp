// runDocument(): assemble, set up the warp, run (see Run.h).
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Semantics.h>

#include <algorithm>

namespace gpuasm::ide {

namespace {

// The first error diagnostic inside a statement: why it cannot execute.
std::string statementError(const AssembledUnit& unit, const isa::AsmStatement& s) {
  for (const Diagnostic& d : unit.diagnostics) {
    if (d.severity == Severity::Error && d.range.begin >= s.range.begin &&
        d.range.begin < std::max(s.range.end, s.range.begin + 1))
      return "the instruction does not assemble: " + d.message + " [" + std::string(isa::spelling(d.code)) +
             "]";
  }
  return "the instruction does not assemble";
}

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

RunOutcome runDocument(const isa::InstrDb& db, std::string_view text, const RunRequest& request) {
  return runDocument(db, text, assembleText(db, text), request);
}

std::vector<sim::SourceInstruction> sourceInstructions(const AssembledUnit& unit,
                                                       std::vector<std::uint32_t>* statement) {
  std::vector<sim::SourceInstruction> source;
  source.reserve(unit.statements.size());
  for (std::uint32_t i = 0; i < unit.statements.size(); ++i) {
    const AssembledStatement& s = unit.statements[i];
    if (s.statement.mnemonic.empty() && !s.statement.hasError) continue;
    sim::SourceInstruction si;
    si.line = s.statement.line;
    if (s.inst)
      si.inst = &*s.inst;
    else
      si.error = s.statement.hasError ? "the line has a syntax error" : statementError(unit, s.statement);
    source.push_back(std::move(si));
    if (statement != nullptr) statement->push_back(i);
  }
  return source;
}

AssembledUnit selectLines(const AssembledUnit& unit, std::uint32_t firstLine, std::uint32_t lastLine) {
  AssembledUnit out;
  for (const AssembledStatement& s : unit.statements)
    if (s.statement.line >= firstLine && s.statement.line <= lastLine) out.statements.push_back(s);
  if (out.statements.empty()) return out;
  const std::uint32_t begin = out.statements.front().statement.range.begin;
  const std::uint32_t end = out.statements.back().statement.range.end;
  for (const Diagnostic& d : unit.diagnostics)
    if (d.range.begin >= begin && d.range.begin <= end) out.diagnostics.push_back(d);
  return out;
}

RunOutcome runDocument(const isa::InstrDb& db, std::string_view text, const AssembledUnit& unit,
                       const RunRequest& request) {
  RunOutcome out;
  out.diagnostics = unit.diagnostics;

  sim::ParsedDirectives directives = sim::parseStateDirectives(text);
  for (Diagnostic& d : directiveDiagnostics(db, text)) out.diagnostics.push_back(std::move(d));
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [](const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; });

  const auto layout = sim::RegisterLayout::fromDb(db);
  if (!layout) {
    out.setupError = layout.error();
    return out;
  }
  sim::InitialState init = std::move(directives.state);
  if (request.stateFile) init.overrideWith(*request.stateFile);
  sim::WarpState state(*layout);
  if (auto applied = sim::applyInitialState(init, state); !applied) {
    out.setupError = "initial state: " + applied.error();
    out.initial = state;
    out.final = state;
    return out;
  }
  out.initial = state;

  const std::vector<sim::SourceInstruction> source = sourceInstructions(unit);
  const sim::Program program = sim::prepare(db, *layout, sim::SemanticsTable::builtin(), source);
  sim::RunOptions options;
  options.untilLine = request.untilLine;
  options.stepLimit = request.stepLimit;
  options.trace = request.trace;
  out.result = sim::run(program, state, options);
  out.final = std::move(state);
  return out;
}

}  // namespace gpuasm::ide
