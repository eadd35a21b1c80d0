// runDocument(): assemble, set up the warp, run (see Run.h).
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/DirectiveDiagnostics.h>
#include <gpuasm/ide/analysis/ValueTypes.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>

#include <algorithm>
#include <map>
#include <utility>

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

// The simulator's options for a request; `executedBefore` counts the instructions a streamed run
// already executed, so its step limit and trace numbering go on from there.
sim::RunOptions runOptionsOf(const RunRequest& request, std::uint64_t executedBefore) {
  sim::RunOptions options;
  options.untilLine = request.untilLine;
  options.stepLimit = request.stepLimit;
  options.trace = request.trace;
  options.executedBefore = executedBefore;
  return options;
}

// Per register, its type after a run: what writtenValueTypes says of each part run in turn.
using TypesSoFar = std::map<std::pair<sim::RegFile, std::uint32_t>, sim::ValueType>;

// The types the first `executed` statements of `unit` give the registers they write, over
// those `into` holds from the statements before.
void addWrittenTypes(const isa::InstrDb& db, const sim::RegisterLayout& layout, const AssembledUnit& unit,
                     std::uint64_t executed, TypesSoFar& into) {
  if (executed == 0) return;
  for (const auto& [reg, type] : writtenValueTypes(db, unit, executed))
    if (const auto file = registerFileOf(layout, reg.file)) into[{*file, reg.number}] = type;
}

std::vector<RegisterType> typesOf(const TypesSoFar& types) {
  std::vector<RegisterType> out;
  out.reserve(types.size());
  for (const auto& [reg, type] : types) out.push_back({reg.first, reg.second, type});
  return out;
}

}  // namespace

std::optional<sim::RegFile> registerFileOf(const sim::RegisterLayout& l, std::uint32_t type) {
  if (type == l.regType) return sim::RegFile::R;
  if (type == l.predType) return sim::RegFile::P;
  if (type == l.uregType) return sim::RegFile::UR;
  if (type == l.upredType) return sim::RegFile::UP;
  return std::nullopt;
}

namespace {

// Assembles a text and runs it as it goes, a batch of statements at a time, so that neither the
// whole document's statements nor its prepared program are ever held: memory is a batch, the
// diagnostics and the warp, whatever the text's size (a 5 MB line of statements took 495 MB
// when the document was assembled whole, then prepared whole). Each batch is prepared and run
// from where the previous one left the warp; once the run stops, the rest is only assembled,
// for its diagnostics. The outcome is the one of running the whole document at once.
class StreamingRun final : public AssemblySink {
 public:
  StreamingRun(const isa::InstrDb& db, const sim::RegisterLayout* layout, sim::WarpState* state,
               const RunRequest& request, RunOutcome& out)
      : db_(db), layout_(layout), state_(state), request_(request), out_(out) {}

  void diagnostic(Diagnostic&& d) override {
    if (sawStatement_) {  // a piece's diagnostics come before its statements: a new piece
      pieceDiagnostics_.clear();
      sawStatement_ = false;
    }
    if (running()) pieceDiagnostics_.push_back(d);
    out_.diagnostics.push_back(std::move(d));
  }

  void statement(AssembledStatement&& s) override {
    sawStatement_ = true;
    if (!running()) return;
    const bool executable = !s.statement.mnemonic.empty() || s.statement.hasError;
    if (!executable) return;
    const bool runnable = s.inst.has_value();
    batch_.statements.push_back(std::move(s));
    // The run stops at a statement that cannot execute, so nothing after it needs preparing;
    // only its own piece's diagnostics are needed to say why.
    if (!runnable) {
      batch_.diagnostics = pieceDiagnostics_;
      flush();
    } else if (batch_.statements.size() >= kBatchStatements) {
      flush();
    }
  }

  // Runs what is left; the outcome's result is final after this.
  void finish() {
    if (running()) flush();
    if (!stopped_) out_.result.reason = sim::StopReason::End;
    out_.types = typesOf(types_);
  }

 private:
  static constexpr std::size_t kBatchStatements = 4096;

  bool running() const { return state_ != nullptr && !stopped_; }

  void flush() {
    const std::vector<sim::SourceInstruction> source = sourceInstructions(batch_);
    const sim::Program program = sim::prepare(db_, *layout_, sim::SemanticsTable::builtin(), source);
    const std::uint64_t executedBefore = out_.result.executed;
    sim::RunResult part = sim::run(program, *state_, runOptionsOf(request_, executedBefore));
    addWrittenTypes(db_, *layout_, batch_, part.executed - executedBefore, types_);
    sim::RunResult& result = out_.result;
    result.executed = part.executed;
    if (part.line) result.line = part.line;
    for (sim::TraceEntry& t : part.trace) result.trace.push_back(std::move(t));
    if (part.reason != sim::StopReason::End) {
      result.reason = part.reason;
      result.message = std::move(part.message);
      stopped_ = true;
    }
    batch_.statements.clear();
    batch_.diagnostics.clear();
  }

  const isa::InstrDb& db_;
  const sim::RegisterLayout* layout_;
  sim::WarpState* state_;  // null: assemble only (the run could not start)
  const RunRequest& request_;
  RunOutcome& out_;
  AssembledUnit batch_;
  std::vector<Diagnostic> pieceDiagnostics_;  // those of the piece being delivered
  TypesSoFar types_;
  bool sawStatement_ = false;
  bool stopped_ = false;
};

}  // namespace

RunOutcome runDocument(const isa::InstrDb& db, std::string_view text, const RunRequest& request) {
  RunOutcome out;
  sim::ParsedDirectives directives = sim::parseStateDirectives(text);
  const auto layout = sim::RegisterLayout::fromDb(db);
  std::optional<sim::WarpState> state;
  if (!layout) {
    out.setupError = layout.error();
  } else {
    sim::InitialState init = std::move(directives.state);
    if (request.stateFile) init.overrideWith(*request.stateFile);
    state.emplace(*layout);
    if (auto applied = sim::applyInitialState(init, *state); !applied) {
      out.setupError = "initial state: " + applied.error();
      out.initial = *state;
      out.final = *state;
      state.reset();
    } else {
      out.initial = *state;
    }
  }
  StreamingRun run(db, layout ? &*layout : nullptr, state ? &*state : nullptr, request, out);
  assembleText(db, text, run);
  run.finish();
  if (state) out.final = std::move(*state);
  for (Diagnostic& d : directiveDiagnostics(db, text)) out.diagnostics.push_back(std::move(d));
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [](const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; });
  return out;
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
  out.result = sim::run(program, state, runOptionsOf(request, 0));
  out.final = std::move(state);
  TypesSoFar types;
  addWrittenTypes(db, *layout, unit, out.result.executed, types);
  out.types = typesOf(types);
  return out;
}

}  // namespace gpuasm::ide
