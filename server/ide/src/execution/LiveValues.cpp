// Live values: a resumable, incremental run per document version (see LiveValues.h).
#include <gpuasm/ide/execution/LiveValues.h>

#include <gpuasm/ide/analysis/ValueTypes.h>
#include <gpuasm/ide/execution/LaneSummary.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/Binding.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>
#include <gpuasm/sim/Value.h>

#include <algorithm>
#include <bit>

namespace gpuasm::ide {

namespace {

// A copy of the warp every this many instructions bounds what an edit re-executes.
constexpr std::uint64_t kCheckpointEvery = 256;
// The clock is read once per this many chunks.
constexpr unsigned kClockEvery = 16;

// The outcome of directive `d` of chunk `k` before it is checked: where it is and what it says.
ExpectationOutcome unchecked(const Snapshot& snap, std::size_t k, const sim::ExpectDirective& d) {
  ExpectationOutcome o;
  o.line = snap.chunkLine(k) + d.line;
  const std::uint32_t lineStart = snap.chunkStart(k) + d.offset - d.column;
  o.range = {snap.chunkStart(k) + d.offset, lineStart + d.exprColumn + d.exprLength};
  o.expression = d.expression->text();
  return o;
}

// The first malformed `// @state` directive of a document (a state-directive diagnostic): where
// it is and its problem. The run starts without it, so what the expectations after it say is
// not what the author asked about.
struct BadStateDirective {
  std::uint32_t offset = 0;
  std::uint32_t line = 0;
  std::string message;
};

std::optional<BadStateDirective> firstBadStateDirective(const Snapshot& snap) {
  for (std::size_t k = 0; k < snap.chunkCount(); ++k) {
    const ChunkAnalysis& chunk = snap.chunk(k);
    if (!chunk.stateDirectives) continue;
    for (const Diagnostic& d : chunk.unit.diagnostics) {
      if (d.code != isa::DiagnosticCode::StateDirective) continue;
      const std::uint32_t offset = snap.chunkStart(k) + d.range.begin;
      return BadStateDirective{offset, snap.lines().position(offset).line, d.message};
    }
  }
  return std::nullopt;
}

}  // namespace

LiveRun::LiveRun(std::shared_ptr<const Snapshot> snapshot, const sim::InitialState* stateFile,
                 const LiveRun* previous, LiveLimits limits)
    : snapshot_(std::move(snapshot)), limits_(limits) {
  if (stateFile != nullptr) stateFile_ = *stateFile;
  const std::size_t n = snapshot_->chunkCount();
  results_.resize(n);
  auto layout = sim::RegisterLayout::fromDb(snapshot_->db());
  if (!layout) {
    stop(LiveStatus::SetupError, layout.error(), std::nullopt);
    return;
  }
  layout_ = std::move(*layout);

  if (previous != nullptr && previous->layout_ && &previous->snapshot_->db() == &snapshot_->db()) {
    // The chunks an edit left alone are the same objects in both versions: a common prefix
    // (same place, same state entering them) and a common suffix.
    const Snapshot& old = *previous->snapshot_;
    std::size_t same = 0;
    while (same < n && same < old.chunkCount() && &old.chunk(same) == &snapshot_->chunk(same)) ++same;
    std::size_t tailOld = old.chunkCount(), tailNew = n;
    while (tailOld > same && tailNew > same && &old.chunk(tailOld - 1) == &snapshot_->chunk(tailNew - 1)) {
      --tailOld;
      --tailNew;
    }
    // A `// @state` directive applies before the first instruction wherever it stands: an edit
    // that touches one changes the start of the run.
    bool directivesChanged = false;
    for (std::size_t k = same; k < tailOld; ++k) directivesChanged |= old.chunk(k).stateDirectives;
    for (std::size_t k = same; k < tailNew; ++k) directivesChanged |= snapshot_->chunk(k).stateDirectives;
    if (!directivesChanged) {
      for (std::size_t k = 0; k < same && k < previous->results_.size(); ++k)
        results_[k] = previous->results_[k];
      for (const auto& [k, cp] : previous->checkpoints_)
        if (k <= same) checkpoints_[k] = cp;
      if (previous->state_ && previous->nextChunk_ <= same) {
        // The previous run stopped before the edit: go on from where it is.
        state_ = previous->state_;
        nextChunk_ = previous->nextChunk_;
        executed_ = previous->executed_;
        if (previous->status_ != LiveStatus::OverBudget && previous->status_ != LiveStatus::Running &&
            !(previous->status_ == LiveStatus::Complete && nextChunk_ < n)) {
          status_ = previous->status_;
          message_ = previous->message_;
          stopLine_ = previous->stopLine_;
        }
      } else if (!checkpoints_.empty()) {
        const auto& [k, cp] = *checkpoints_.rbegin();
        state_ = cp->state;
        nextChunk_ = k;
        executed_ = cp->executed;
      }
      for (std::size_t k = nextChunk_; k < n; ++k) results_[k].reset();
    }
  }
  if (!state_) {
    sim::InitialState init = sim::parseStateDirectives(snapshot_->text()).state;
    if (stateFile_) init.overrideWith(*stateFile_);
    sim::WarpState start(*layout_);
    if (auto applied = sim::applyInitialState(init, start); !applied) {
      stop(LiveStatus::SetupError, "initial state: " + applied.error(), std::nullopt);
      return;
    }
    state_ = start;
    checkpoints_.clear();
    checkpoints_[0] = std::make_shared<const Checkpoint>(Checkpoint{start, 0});
  }
  if (status_ == LiveStatus::Running && nextChunk_ >= n) status_ = LiveStatus::Complete;
}

LiveRun::PreparedChunk LiveRun::prepare(std::size_t k) const {
  PreparedChunk chunk;
  const std::vector<sim::SourceInstruction> source =
      sourceInstructions(snapshot_->chunk(k).unit, &chunk.statement);
  chunk.steps = sim::prepare(snapshot_->db(), *layout_, sim::SemanticsTable::builtin(), source).steps;
  return chunk;
}

void LiveRun::stop(LiveStatus status, std::string message, std::optional<std::uint32_t> line) {
  status_ = status;
  message_ = std::move(message);
  stopLine_ = line;
}

void LiveRun::record(std::size_t k, std::uint32_t statement, std::vector<ExecutedLine>& into) const {
  const ChunkAnalysis& chunk = snapshot_->chunk(k);
  const isa::AsmStatement& s = chunk.unit.statements[statement].statement;
  ExecutedLine& line = into.emplace_back();
  line.line = snapshot_->chunkLine(k) + s.line;
  line.statement = {snapshot_->chunkStart(k) + s.range.begin, snapshot_->chunkStart(k) + s.range.end};
  line.activeMask = state_->activeMask;
  const sim::RegisterLayout& l = *layout_;
  const auto& inst = chunk.unit.statements[statement].inst;
  // The events are in statement order: this statement's are one run, found by binary search.
  // (A scan of all the chunk's events per statement was quadratic in the statements of a line.)
  const auto first =
      std::lower_bound(chunk.registerEvents.begin(), chunk.registerEvents.end(), statement,
                       [](const RegisterEvent& e, std::uint32_t index) { return e.statement < index; });
  for (auto it = first; it != chunk.registerEvents.end() && it->statement == statement; ++it) {
    const RegisterEvent& e = *it;
    if (!isa::writes(e.access) || e.unknown) continue;
    if (std::any_of(line.writes.begin(), line.writes.end(),
                    [&](const WrittenValue& w) { return w.reg == e.reg; }))
      continue;
    WrittenValue w;
    w.reg = e.reg;
    w.number = e.reg.number;
    w.type = registerValueType(snapshot_->db(), inst ? &*inst : nullptr, e.reg, e.width);
    if (e.reg.file == l.regType && e.reg.number < sim::kMaxGpr) {
      w.file = sim::RegFile::R;
      w.lanes = state_->r[e.reg.number];
    } else if (e.reg.file == l.predType && e.reg.number < sim::kMaxPred) {
      w.file = sim::RegFile::P;
      for (unsigned lane = 0; lane < sim::kWarpSize; ++lane)
        w.lanes[lane] = state_->pred(e.reg.number, lane) ? 1 : 0;
    } else if (e.reg.file == l.uregType && e.reg.number < sim::kMaxUgpr) {
      w.file = sim::RegFile::UR;
      w.lanes[0] = state_->ur[e.reg.number];
    } else if (e.reg.file == l.upredType && e.reg.number < sim::kMaxPred) {
      w.file = sim::RegFile::UP;
      w.lanes[0] = state_->up[e.reg.number] ? 1 : 0;
    } else {
      continue;
    }
    line.writes.push_back(w);
  }
}

void LiveRun::check(std::size_t k, const sim::ExpectDirective& d,
                    std::vector<ExpectationOutcome>& into) const {
  ExpectationOutcome& o = into.emplace_back(unchecked(*snapshot_, k, d));
  const sim::ExpectationResult r = sim::checkExpectation(*d.expression, *state_);
  o.status = r.holds ? ExpectationOutcome::Status::Passed : ExpectationOutcome::Status::Failed;
  o.message = r.message;
  o.failingLanes = r.failingLanes;
}

void LiveRun::runChunk(std::size_t k) {
  // Prepared for this run only: kept, the prepared program would be the largest part of the
  // run's memory (920 bytes an instruction), for a saving of well under a microsecond each.
  const PreparedChunk p = prepare(k);
  const ChunkAnalysis& chunk = snapshot_->chunk(k);
  auto result = std::make_shared<ChunkResult>();
  // An expectation holds after every instruction that stands before it in the text.
  std::size_t nextExpectation = 0;
  auto checkBefore = [&](std::uint32_t offset) {
    for (; nextExpectation < chunk.expectations.size() && chunk.expectations[nextExpectation].offset < offset;
         ++nextExpectation)
      check(k, chunk.expectations[nextExpectation], result->expectations);
  };
  for (std::size_t i = 0; i < p.steps.size(); ++i) {
    const std::uint32_t line = snapshot_->chunkLine(k) + p.steps[i].line;
    checkBefore(chunk.unit.statements[p.statement[i]].statement.range.begin);
    if (executed_ >= limits_.stepLimit) {
      results_[k] = std::move(result);
      return stop(LiveStatus::StepLimit,
                  "step limit of " + std::to_string(limits_.stepLimit) + " instructions reached", line);
    }
    std::string error = sim::step(p.steps[i], *state_);
    if (!error.empty()) {
      results_[k] = std::move(result);
      return stop(LiveStatus::Error, std::move(error), line);
    }
    ++executed_;
    ++executedHere_;
    ++sinceCheckpoint_;
    record(k, p.statement[i], result->lines);
  }
  checkBefore(chunk.length);
  results_[k] = std::move(result);
  ++nextChunk_;
  if (sinceCheckpoint_ >= kCheckpointEvery) {
    checkpoints_[nextChunk_] = std::make_shared<const Checkpoint>(Checkpoint{*state_, executed_});
    sinceCheckpoint_ = 0;
  }
}

void LiveRun::advance(std::optional<std::uint32_t> throughLine, std::chrono::microseconds slice) {
  if (finished()) return;
  const std::size_t n = snapshot_->chunkCount();
  std::size_t target = n;
  if (throughLine && *throughLine < snapshot_->lines().lineCount())
    target = std::min(n, snapshot_->chunkHolding(snapshot_->lines().lineEnd(*throughLine)) + 1);
  const auto start = std::chrono::steady_clock::now();
  unsigned sinceClock = 0;
  while (nextChunk_ < target && !finished()) {
    runChunk(nextChunk_);
    if (++sinceClock < kClockEvery) continue;
    sinceClock = 0;
    const auto used = std::chrono::steady_clock::now() - start;
    if (spent_ + used > limits_.budget) {
      stop(LiveStatus::OverBudget,
           "the run took longer than its budget of " + std::to_string(limits_.budget.count()) +
               " ms and was given up",
           nextChunk_ < n ? std::optional<std::uint32_t>(snapshot_->chunkLine(nextChunk_)) : std::nullopt);
      break;
    }
    if (used > slice) break;
  }
  spent_ += std::chrono::steady_clock::now() - start;
  if (status_ == LiveStatus::Running && nextChunk_ >= n) status_ = LiveStatus::Complete;
}

bool LiveRun::reached(std::uint32_t line) const {
  if (finished()) return true;
  if (line >= snapshot_->lines().lineCount()) return nextChunk_ >= snapshot_->chunkCount();
  return nextChunk_ > snapshot_->chunkHolding(snapshot_->lines().lineEnd(line));
}

std::vector<ExecutedLine> LiveRun::linesIn(std::uint32_t firstLine, std::uint32_t lastLine) const {
  std::vector<ExecutedLine> out;
  const syntax::LineIndex& lines = snapshot_->lines();
  if (snapshot_->chunkCount() == 0 || firstLine >= lines.lineCount()) return out;
  lastLine = std::min(lastLine, lines.lineCount() - 1);
  const std::size_t first = snapshot_->chunkHolding(lines.lineStart(firstLine));
  const std::size_t last = snapshot_->chunkHolding(lines.lineEnd(lastLine));
  for (std::size_t k = first; k <= last && k < results_.size(); ++k) {
    if (!results_[k]) continue;
    for (const ExecutedLine& e : results_[k]->lines)
      if (e.line >= firstLine && e.line <= lastLine) out.push_back(e);
  }
  return out;
}

std::vector<ExpectationOutcome> LiveRun::expectations() const {
  std::vector<ExpectationOutcome> out;
  std::string why = "not checked: ";
  if (!finished())
    why += "the run has not reached it yet";
  else if (status_ == LiveStatus::SetupError)
    why += "the run could not start: " + message_;
  else
    why += "the run stopped before it" +
           (stopLine_ ? " at line " + std::to_string(*stopLine_ + 1) : std::string()) + ": " + message_;
  const std::optional<BadStateDirective> badState = firstBadStateDirective(*snapshot_);
  for (std::size_t k = 0; k < snapshot_->chunkCount(); ++k) {
    const ChunkAnalysis& chunk = snapshot_->chunk(k);
    if (chunk.expectations.empty()) continue;
    const std::size_t checked = k < results_.size() && results_[k] ? results_[k]->expectations.size() : 0;
    for (std::size_t i = 0; i < checked; ++i) out.push_back(results_[k]->expectations[i]);
    for (std::size_t i = checked; i < chunk.expectations.size(); ++i) {
      out.push_back(unchecked(*snapshot_, k, chunk.expectations[i]));
      out.back().message = why;
    }
  }
  // After a malformed `// @state`, the run starts from a state the author did not write: the
  // expectations below it are not checked, whatever the run found.
  if (badState)
    for (ExpectationOutcome& o : out)
      if (o.range.begin > badState->offset) {
        o.status = ExpectationOutcome::Status::NotChecked;
        o.failingLanes = 0;
        o.message = "not checked: the @state directive on line " + std::to_string(badState->line + 1) +
                    " is invalid: " + badState->message;
      }
  return out;
}

std::vector<Diagnostic> expectationDiagnostics(const LiveRun& run) {
  std::vector<Diagnostic> out;
  for (ExpectationOutcome& o : run.expectations()) {
    if (o.status == ExpectationOutcome::Status::Failed)
      out.push_back({o.range,
                     Severity::Error,
                     isa::DiagnosticCode::ExpectationFailed,
                     std::move(o.message),
                     {},
                     {},
                     {}});
    else if (o.status == ExpectationOutcome::Status::NotChecked && run.finished())
      out.push_back({o.range,
                     Severity::Warning,
                     isa::DiagnosticCode::ExpectationNotChecked,
                     std::move(o.message),
                     {},
                     {},
                     {}});
  }
  return out;
}

std::vector<Diagnostic> expectationOutcomes(const isa::InstrDb& db, std::string_view text) {
  const std::shared_ptr<const Snapshot> snapshot = Snapshot::analyse(db, std::string(text));
  if (!snapshot->hasExpectations()) return {};
  LiveRun run(snapshot, nullptr, nullptr, LiveLimits{});
  run.advance(std::nullopt, LiveLimits{}.budget);
  return expectationDiagnostics(run);
}

namespace {

std::string writeLabel(const isa::InstrDb& db, const ExecutedLine& line, const WrittenValue& w,
                       std::optional<std::uint32_t> lane, bool briefly) {
  const std::string name = isa::registerSpelling(db, db.types()[w.reg.file], w.reg.number, 1);
  const bool perLane = w.file == sim::RegFile::R || w.file == sim::RegFile::P;
  if (!perLane) return name + " = " + sim::formatValue({w.type, w.lanes[0]});
  if (lane && *lane < sim::kWarpSize) {
    const bool active = ((line.activeMask >> *lane) & 1u) != 0;
    return name + " = " + sim::formatValue({w.type, w.lanes[*lane]}) +
           (active ? "" : " (lane " + std::to_string(*lane) + " inactive)");
  }
  return summarizeLanes(w.lanes, line.activeMask, w.type).label(name, briefly);
}

// Columns of UTF-8 text: its code points (the labels hold no wide characters).
std::size_t columns(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(
      text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// `text` cut to `width` columns, the last one "…", when it is wider.
std::string cut(const std::string& text, std::size_t width) {
  if (columns(text) <= width) return text;
  std::size_t kept = 0, at = 0;
  for (; at < text.size(); ++at) {
    if ((static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) continue;
    if (kept == width - 1) break;
    ++kept;
  }
  return text.substr(0, at) + "\u2026";
}

}  // namespace

std::string liveValueLabel(const isa::InstrDb& db, const ExecutedLine& line,
                           std::optional<std::uint32_t> lane, bool briefly) {
  std::string out;
  for (const WrittenValue& w : line.writes)
    out += (out.empty() ? "" : ", ") + writeLabel(db, line, w, lane, briefly);
  return out;
}

namespace {

// The value `w` gives a register, typed as `type`, in hover's words.
std::string hoverValueText(const WrittenValue& w, std::uint32_t activeMask, sim::ValueType type,
                           std::optional<std::uint32_t> lane) {
  const bool perLane = w.file == sim::RegFile::R || w.file == sim::RegFile::P;
  auto withBits = [&](unsigned l) { return sim::formatValueWithBits({type, w.lanes[l]}); };
  if (!perLane) return withBits(0);
  if (lane && *lane < sim::kWarpSize) return withBits(*lane) + " in lane " + std::to_string(*lane);
  const LaneSummary s = summarizeLanes(w.lanes, activeMask, type);
  if (s.kind == LaneSummary::Kind::Uniform)
    return withBits(static_cast<unsigned>(std::countr_zero(activeMask)));
  return s.text + " (lane 0: " + withBits(0) + ")";
}

}  // namespace

std::optional<HoverSection> liveValueHover(const LiveRun& run, std::uint32_t offset,
                                           std::optional<std::uint32_t> lane) {
  const Snapshot& snap = run.snapshot();
  if (offset >= snap.text().size() || snap.chunkCount() == 0) return std::nullopt;
  const std::size_t k = snap.chunkHolding(offset);
  const ChunkAnalysis& chunk = snap.chunk(k);
  const std::uint32_t local = offset - snap.chunkStart(k);
  const auto event =
      std::find_if(chunk.registerEvents.begin(), chunk.registerEvents.end(), [&](const RegisterEvent& e) {
        return !e.implicit && !e.unknown && !e.wholeFile && e.range.begin <= local && local < e.range.end;
      });
  if (event == chunk.registerEvents.end()) return std::nullopt;
  const std::uint32_t line = snap.chunkLine(k) + event->line;
  const auto& inst = chunk.unit.statements[event->statement].inst;
  const sim::ValueType type = registerValueType(snap.db(), inst ? &*inst : nullptr, event->reg, event->width);
  // A write: the value after this line; a read: the last write above it, looked for a window of
  // lines at a time from this line up.
  const bool written = isa::writes(event->access);
  constexpr std::uint32_t kWindow = 256;
  for (std::uint32_t last = line;;) {
    const std::uint32_t first = written ? line : last - std::min(last, kWindow - 1);
    const std::vector<ExecutedLine> lines = run.linesIn(first, last);
    for (auto l = lines.rbegin(); l != lines.rend(); ++l) {
      if (!written && l->line == line) continue;
      const auto w = std::find_if(l->writes.begin(), l->writes.end(),
                                  [&](const WrittenValue& v) { return v.reg == event->reg; });
      if (w == l->writes.end()) continue;
      HoverSection h;
      h.kind = HoverSectionKind::Facts;
      h.heading =
          std::string("Live value (") + sim::valueTypeName(type) + (written ? ", after this line)" : ")");
      const std::string name =
          isa::registerSpelling(snap.db(), snap.db().types()[w->reg.file], w->reg.number, 1);
      h.items.push_back({name, hoverValueText(*w, l->activeMask, type, lane), true, false});
      return h;
    }
    if (written || first == 0) return std::nullopt;
    last = first - 1;
  }
}

std::vector<InlayHint> getLiveValueHints(const LiveRun& run, std::uint32_t firstLine, std::uint32_t lastLine,
                                         std::optional<std::uint32_t> lane) {
  struct Line {
    std::uint32_t offset;
    std::string full, brief;
  };
  std::vector<Line> lines;
  const Snapshot& snap = run.snapshot();
  for (const ExecutedLine& l : run.linesIn(firstLine, lastLine)) {
    std::string full = liveValueLabel(snap.db(), l, lane);
    if (full.empty()) continue;
    std::string brief = liveValueLabel(snap.db(), l, lane, true);
    const std::uint32_t at = lineContentEnd(snap, l.line);
    if (!lines.empty() && lines.back().offset == at) {
      lines.back().full += "; " + full;
      lines.back().brief += "; " + brief;
      continue;
    }
    lines.push_back({at, std::move(full), std::move(brief)});
  }
  const std::string whose =
      lane ? "lane " + std::to_string(*lane) : std::string("the active lanes (a summary)");
  const std::string about =
      "Live value: what this line wrote, for " + whose + ", in the run of the document as it is now.";
  std::vector<InlayHint> out;
  for (Line& l : lines) {
    if (columns(l.full) <= kLiveHintColumns) {
      out.push_back({l.offset, std::move(l.full), about, true});
      continue;
    }
    out.push_back({l.offset, cut(l.brief, kLiveHintColumns), about + "\n\n`" + l.full + "`", true});
  }
  if (run.stopLine() && *run.stopLine() >= firstLine && *run.stopLine() <= lastLine &&
      run.status() != LiveStatus::Complete)
    out.push_back({lineContentEnd(snap, *run.stopLine()), "live values stop here",
                   "The run stopped before this line: " + run.message(), true});
  return out;
}

}  // namespace gpuasm::ide
