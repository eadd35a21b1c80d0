// The warp debugger's engine: time travel by checkpoints and re-execution (see Debugger.h).
#include <gpuasm/ide/execution/Debugger.h>

#include "OperandRegisters.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/ValueTypes.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/syntax/Chunks.h>

#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <charconv>
#include <map>
#include <tuple>

namespace gpuasm::ide {

using operands::isConstantRegister;
using operands::perLane;
using operands::registersOf;

namespace {

constexpr std::uint64_t kEvery = Debugger::kCheckpointEvery;
/// Lines assembled at a time when a session is launched.
constexpr std::uint32_t kPrepareLines = 512;

}  // namespace

void Debugger::addWriteTypes(const isa::InstrDb& db, const sim::RegisterLayout& layout,
                             const AssembledUnit& unit, const std::vector<std::uint32_t>& statements,
                             Steps& steps) {
  const std::vector<RegisterEvent> events = registerEvents(db, unit);
  std::size_t e = 0;
  for (const std::uint32_t statement : statements) {
    while (e < events.size() && events[e].statement < statement) ++e;
    for (; e < events.size() && events[e].statement == statement; ++e) {
      const RegisterEvent& ev = events[e];
      if (!isa::writes(ev.access) || ev.unknown) continue;
      const auto file = registerFileOf(layout, ev.reg.file);
      if (!file) continue;
      const auto& inst = unit.statements[statement].inst;
      steps.writes.push_back(
          {*file, ev.reg.number, registerValueType(db, inst ? &*inst : nullptr, ev.reg, ev.width)});
    }
    steps.writesBegin.push_back(static_cast<std::uint32_t>(steps.writes.size()));
  }
}

std::vector<RegisterType> Debugger::registerTypes() const {
  std::map<std::pair<sim::RegFile, std::uint32_t>, sim::ValueType> last;
  const std::uint64_t end = std::min<std::uint64_t>(position_, steps_.writesBegin.size() - 1);
  for (std::uint32_t i = 0; i < steps_.writesBegin[end]; ++i)
    last[{steps_.writes[i].file, steps_.writes[i].number}] = steps_.writes[i].type;
  std::vector<RegisterType> out;
  for (const auto& [reg, type] : last) out.push_back({reg.first, reg.second, type});
  return out;
}

sim::ValueType Debugger::registerType(sim::RegFile file, std::uint32_t number) const {
  const std::uint64_t end = std::min<std::uint64_t>(position_, steps_.writesBegin.size() - 1);
  for (std::uint32_t i = steps_.writesBegin[end]; i > 0; --i)
    if (steps_.writes[i - 1].file == file && steps_.writes[i - 1].number == number)
      return steps_.writes[i - 1].type;
  return sim::ValueType::U32;
}

std::expected<Debugger, std::string> Debugger::launch(const isa::InstrDb& db, std::string_view text,
                                                      DebugLaunch options) {
  auto layout = sim::RegisterLayout::fromDb(db);
  if (!layout) return std::unexpected(layout.error());
  sim::InitialState init = sim::parseStateDirectives(text).state;
  if (options.stateFile) init.overrideWith(*options.stateFile);
  sim::WarpState start(*layout);
  if (auto applied = sim::applyInitialState(init, start); !applied)
    return std::unexpected("initial state: " + applied.error());
  // Assembled and prepared a few hundred lines at a time: a whole document's listing (bindings,
  // encodings, diagnostics) is many times the size of its prepared program, and the debugger
  // keeps only the latter. A chunk is a complete document (syntax/Chunks.h), so assembling whole
  // chunks apart gives the statements assembling the text at once gives.
  // The steps are kept in blocks of kCheckpointEvery, each allocated at its size: one vector of
  // them all would, while it grows, need up to twice the memory.
  Steps steps;
  syntax::ChunkScanner chunks(text);
  std::uint32_t firstLine = 0;
  for (std::uint32_t begin = 0; begin < text.size();) {
    std::uint32_t end = begin, lines = 0;
    while (end < text.size() && lines < kPrepareLines) {
      const std::uint32_t next = chunks.scan(end).end;
      lines += syntax::countNewlines(text.substr(end, next - end));
      end = next;
    }
    const AssembledUnit unit = assembleText(db, text.substr(begin, end - begin));
    std::vector<std::uint32_t> statements;
    const auto source = sourceInstructions(unit, &statements);
    addWriteTypes(db, *layout, unit, statements, steps);
    for (sim::PreparedInst& inst : sim::prepare(db, *layout, sim::SemanticsTable::builtin(), source).steps) {
      if (steps.count % kEvery == 0) steps.blocks.emplace_back().reserve(kEvery);
      inst.line += firstLine;
      steps.blocks.back().push_back(std::move(inst));
      ++steps.count;
    }
    firstLine += lines;
    begin = end;
  }
  return Debugger(db, std::string(text), std::move(start), std::move(steps), std::move(options));
}

Debugger::Debugger(const isa::InstrDb& db, std::string text, sim::WarpState initial, Steps steps,
                   DebugLaunch options)
    : db_(&db),
      text_(std::move(text)),
      steps_(std::move(steps)),
      options_(std::move(options)),
      initial_(initial),
      state_(std::move(initial)) {
  lineStarts_.push_back(0);
  for (std::size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') lineStarts_.push_back(static_cast<std::uint32_t>(i + 1));
  checkpoints_.emplace_back(initial_);
  laneMasks_.assign(steps_.count, 0);
  // The registers the program names (for the lane view), once: the guards, sources and results.
  std::array<std::bitset<sim::kMaxGpr>, 4> named;  // by RegFile
  for (const auto& block : steps_.blocks)
    for (const sim::PreparedInst& inst : block) {
      auto note = [&](const sim::Operand& o) {
        for (const auto& [f, n] : registersOf(o))
          if (n < sim::kMaxGpr && !isConstantRegister(initial_.layout, f, n))
            named[static_cast<std::size_t>(f)].set(n);
      };
      note(inst.guard);
      for (std::uint8_t k = 0; k < inst.inCount; ++k) note(inst.in[k]);
      for (std::uint8_t k = 0; k < inst.outCount; ++k) note(inst.out[k]);
    }
  for (std::size_t f = 0; f < named.size(); ++f)
    for (std::uint32_t n = 0; n < sim::kMaxGpr; ++n)
      if (named[f].test(n)) touched_.emplace_back(static_cast<sim::RegFile>(f), n);
}

std::optional<std::uint32_t> Debugger::lineAt(std::uint64_t p) const {
  if (p >= steps_.count) return std::nullopt;
  return step(p).line;
}

std::string Debugger::sourceAt(std::uint64_t p) const {
  const auto line = lineAt(p);
  if (!line || *line >= lineStarts_.size()) return {};
  const std::size_t begin = lineStarts_[*line];
  const std::size_t end = *line + 1 < lineStarts_.size() ? lineStarts_[*line + 1] : text_.size();
  std::string_view s = std::string_view(text_).substr(begin, end - begin);
  if (const std::size_t comment = s.find("//"); comment != std::string_view::npos) s = s.substr(0, comment);
  return std::string(text::trim(s));
}

std::optional<std::uint64_t> Debugger::positionOfLine(std::uint32_t line) const {
  // Lines grow with positions: the first position whose line is not before `line`.
  std::uint64_t lo = 0, hi = steps_.count;
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (step(mid).line < line)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == steps_.count) return std::nullopt;
  return lo;
}

void Debugger::apply(const Edit& e, sim::WarpState& state) {
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane)
    if (((e.lanes >> lane) & 1u) != 0) state.write(e.file, e.number, lane, e.value);
}

std::string Debugger::advance(sim::WarpState& state, std::uint64_t p, std::uint32_t* laneMask) const {
  const sim::PreparedInst& inst = step(p);
  if (laneMask != nullptr) *laneMask = inst.error.empty() ? sim::ExecContext(state, inst).laneMask() : 0;
  std::string error = sim::step(inst, state);
  if (!error.empty()) return error;
  if (edits_.empty()) return {};
  if (const auto it = edits_.find(p + 1); it != edits_.end())
    for (const Edit& e : it->second) apply(e, state);
  return {};
}

std::string Debugger::executeOne() {
  std::uint32_t mask = 0;
  std::string error = advance(state_, position_, &mask);
  if (!error.empty()) return error;
  laneMasks_[position_] = mask;
  ++position_;
  furthest_ = std::max(furthest_, position_);
  if (position_ % kEvery == 0 && position_ / kEvery == checkpoints_.size()) checkpoints_.emplace_back(state_);
  return {};
}

sim::WarpState Debugger::checkpointState(std::uint64_t k) const { return checkpoints_[k].state(initial_); }

sim::WarpState Debugger::stateAt(std::uint64_t p) const {
  if (p == position_) return state_;
  const std::uint64_t k = std::min<std::uint64_t>(p / kEvery, checkpoints_.size() - 1);
  sim::WarpState s = checkpointState(k);
  for (std::uint64_t q = k * kEvery; q < p; ++q) advance(s, q, nullptr);
  return s;
}

void Debugger::travel(std::uint64_t target) {
  if (target == position_) return;
  const std::uint64_t k = std::min<std::uint64_t>(target / kEvery, checkpoints_.size() - 1);
  // From the current state when it lies between the checkpoint and the target, else from the checkpoint.
  if (!(position_ < target && position_ >= k * kEvery)) {
    checkpoints_[k].restore(initial_, state_);
    position_ = k * kEvery;
  }
  while (position_ < target)
    if (!executeOne().empty()) break;  // cannot happen below `furthest_`: those positions were reached
}

DebugStop Debugger::stopHere(DebugStopReason reason, std::string description) const {
  DebugStop s;
  s.reason = reason;
  s.position = position_;
  s.line = lineAt(position_);
  s.description = std::move(description);
  return s;
}

std::optional<DebugStop> Debugger::blocked() const {
  if (position_ >= steps_.count) return stopHere(DebugStopReason::End, "every instruction executed");
  if (position_ >= options_.stepLimit)
    return stopHere(DebugStopReason::StepLimit,
                    "step limit of " + std::to_string(options_.stepLimit) + " instructions reached");
  if (!step(position_).error.empty()) return stopHere(DebugStopReason::Error, step(position_).error);
  return std::nullopt;
}

std::vector<const Debugger::Breakpoint*> Debugger::breakpointsAt(std::uint64_t p,
                                                                 const sim::WarpState& state) const {
  std::vector<const Breakpoint*> out;
  const auto line = lineAt(p);
  if (!line) return out;
  for (const Breakpoint& b : breakpoints_) {
    if (b.line != *line) continue;
    // A breakpoint stops at the first instruction of its line.
    if (p > 0 && lineAt(p - 1) == line) continue;
    bool holds = true;
    if (b.condition) {
      // A per-lane condition holds when it does in some active lane.
      holds = false;
      for (unsigned lane = 0; lane < sim::kWarpSize && !holds; ++lane) {
        if (b.condition->perLane() && ((state.activeMask >> lane) & 1u) == 0) continue;
        const auto v = b.condition->evaluate(state, lane);
        holds = v && v->truth();
        if (!b.condition->perLane()) break;
      }
    }
    if (holds) out.push_back(&b);
  }
  return out;
}

bool Debugger::mayChangeWatched(std::uint64_t p) const {
  if (edits_.count(p + 1) != 0) return true;
  const sim::PreparedInst& inst = step(p);
  for (std::uint8_t k = 0; k < inst.outCount; ++k)
    for (const auto& [f, n] : registersOf(inst.out[k]))
      for (const DataBreakpoint& d : dataBreakpoints_)
        if (d.file == f && d.number == n) return true;
  return false;
}

void Debugger::watched(const sim::WarpState& state, std::vector<std::uint32_t>& values) const {
  values.clear();
  for (const DataBreakpoint& d : dataBreakpoints_)
    for (unsigned lane = 0; lane < (perLane(d.file) ? sim::kWarpSize : 1u); ++lane)
      values.push_back(state.read(d.file, d.number, lane));
}

std::vector<int> Debugger::dataChanges(const std::vector<std::uint32_t>& before,
                                       const std::vector<std::uint32_t>& after,
                                       std::string& description) const {
  std::vector<int> hit;
  std::size_t at = 0;
  for (const DataBreakpoint& d : dataBreakpoints_) {
    const bool lanes = perLane(d.file);
    const unsigned count = lanes ? sim::kWarpSize : 1u;
    unsigned changed = 0, first = 0;
    for (unsigned lane = 0; lane < count; ++lane) {
      if (d.lane && lane != *d.lane) continue;
      if (before[at + lane] == after[at + lane]) continue;
      if (changed++ == 0) first = lane;
    }
    if (changed > 0) {
      hit.push_back(d.id);
      if (description.empty()) {
        description = d.name + " changed" + (lanes ? " in lane " + std::to_string(first) : std::string()) +
                      ": " + sim::formatBits(before[at + first], sim::ValueFormat::Hex) + " -> " +
                      sim::formatBits(after[at + first], sim::ValueFormat::Hex);
        if (changed > 1)
          description +=
              " (and " + std::to_string(changed - 1) + " more lane" + (changed > 2 ? "s" : "") + ")";
      }
    }
    at += count;
  }
  return hit;
}

std::string Debugger::interpolate(const std::string& message, const sim::WarpState& state) const {
  std::string out;
  for (std::size_t i = 0; i < message.size();) {
    const std::size_t open = message.find('{', i);
    const std::size_t close = open == std::string::npos ? std::string::npos : message.find('}', open);
    if (close == std::string::npos) {
      out += message.substr(i);
      break;
    }
    out += message.substr(i, open - i);
    const auto e =
        sim::Expression::parse(std::string_view(message).substr(open + 1, close - open - 1), state.layout);
    if (!e) {
      out += "{" + e.error().message + "}";
    } else if (!e->perLane()) {
      const auto v = e->evaluate(state, 0);
      out += v ? sim::formatValue(*v) : "{" + v.error().message + "}";
    } else {
      // Per lane: one value when the active lanes agree, else the list.
      std::vector<std::string> values;
      for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) {
        if (((state.activeMask >> lane) & 1u) == 0) continue;
        const auto v = e->evaluate(state, lane);
        values.push_back(v ? sim::formatValue(*v) : "?");
      }
      const bool same = std::all_of(values.begin(), values.end(),
                                    [&](const std::string& v) { return v == values.front(); });
      if (values.empty())
        out += "(no active lane)";
      else if (same)
        out += values.front();
      else {
        out += "[";
        for (std::size_t k = 0; k < values.size(); ++k) out += (k > 0 ? ", " : "") + values[k];
        out += "]";
      }
    }
    i = close + 1;
  }
  return out;
}

DebugStop Debugger::stepForward() {
  startChecked_ = true;
  if (auto b = blocked()) return *b;
  const std::string error = executeOne();
  if (!error.empty()) return stopHere(DebugStopReason::Error, error);
  return stopHere(DebugStopReason::Step);
}

DebugStop Debugger::stepBack() {
  startChecked_ = true;
  if (position_ == 0) return stopHere(DebugStopReason::Entry, "at the start");
  travel(position_ - 1);
  return stopHere(DebugStopReason::Step);
}

DebugStop Debugger::continueForward(std::uint64_t maxSteps) {
  std::vector<std::string> logs;
  std::vector<std::uint32_t> before, after;  // the watched values around each instruction
  auto finish = [&](DebugStop s) {
    s.logs = std::move(logs);
    return s;
  };
  for (std::uint64_t n = 0;; ++n) {
    if (auto b = blocked()) return finish(*b);
    // The breakpoints of the instruction where execution stands were dealt with when it
    // stopped there, except at the start, where nothing has been checked yet.
    if (n > 0 || !startChecked_) {
      std::vector<int> ids;
      for (const Breakpoint* b : breakpointsAt(position_, state_)) {
        Breakpoint& hit = breakpoints_[static_cast<std::size_t>(b - breakpoints_.data())];
        ++hit.hits;
        const bool counts =
            hit.hit == Breakpoint::Hit::Always ||
            (hit.hit == Breakpoint::Hit::Equal && hit.hits == hit.hitCount) ||
            (hit.hit == Breakpoint::Hit::AtLeast && hit.hits >= hit.hitCount) ||
            (hit.hit == Breakpoint::Hit::Above && hit.hits > hit.hitCount) ||
            (hit.hit == Breakpoint::Hit::Multiple && hit.hitCount != 0 && hit.hits % hit.hitCount == 0);
        if (!counts) continue;
        if (!hit.logMessage.empty())
          logs.push_back(interpolate(hit.logMessage, state_));
        else
          ids.push_back(hit.id);
      }
      startChecked_ = true;
      if (!ids.empty()) {
        DebugStop s = stopHere(DebugStopReason::Breakpoint,
                               "breakpoint on line " + std::to_string(*lineAt(position_) + 1));
        s.hitBreakpoints = std::move(ids);
        return finish(std::move(s));
      }
    }
    if (n >= maxSteps) return finish(stopHere(DebugStopReason::Paused, "paused"));
    // Only an instruction that writes a watched register (or an edit after it) can change one.
    const bool watch = !dataBreakpoints_.empty() && mayChangeWatched(position_);
    if (watch) watched(state_, before);
    const std::string error = executeOne();
    if (!error.empty()) return finish(stopHere(DebugStopReason::Error, error));
    if (watch) {
      std::string description;
      watched(state_, after);
      std::vector<int> ids = dataChanges(before, after, description);
      if (!ids.empty()) {
        DebugStop s = stopHere(DebugStopReason::DataBreakpoint, description);
        s.hitBreakpoints = std::move(ids);
        return finish(std::move(s));
      }
    }
  }
}

DebugStop Debugger::reverseContinue() {
  if (position_ == 0) return stopHere(DebugStopReason::Entry, "at the start");
  // Segment by segment backwards from the current one: each is re-executed from its checkpoint
  // once, looking for the last stop before the current position.
  std::vector<std::uint32_t> before, after;
  const bool lineBreakpoints = !breakpoints_.empty();
  for (std::uint64_t seg = (position_ - 1) / kEvery;; --seg) {
    const std::uint64_t begin = seg * kEvery, end = std::min(position_, begin + kEvery);
    sim::WarpState s = checkpointState(seg);
    std::optional<std::uint64_t> found;
    std::vector<int> ids;
    std::string description;
    DebugStopReason reason = DebugStopReason::Breakpoint;
    for (std::uint64_t q = begin; q < end; ++q) {
      std::vector<int> here;
      if (lineBreakpoints)
        for (const Breakpoint* b : breakpointsAt(q, s))
          if (b->logMessage.empty()) here.push_back(b->id);
      std::string changed;
      if (!dataBreakpoints_.empty() && mayChangeWatched(q)) {
        watched(s, before);
        advance(s, q, nullptr);
        watched(s, after);
        for (int id : dataChanges(before, after, changed)) here.push_back(id);
      } else {
        advance(s, q, nullptr);
      }
      if (here.empty()) continue;
      found = q;
      ids = std::move(here);
      description = changed.empty() ? "breakpoint on line " + std::to_string(*lineAt(q) + 1) : changed;
      reason = changed.empty() ? DebugStopReason::Breakpoint : DebugStopReason::DataBreakpoint;
    }
    if (found) {
      travel(*found);
      startChecked_ = true;
      DebugStop stop = stopHere(reason, description);
      stop.hitBreakpoints = std::move(ids);
      return stop;
    }
    if (seg == 0) break;
  }
  travel(0);
  startChecked_ = true;
  return stopHere(DebugStopReason::Entry, "reached the start");
}

DebugStop Debugger::gotoPosition(std::uint64_t target) {
  if (target <= furthest_) {
    travel(target);
  } else {
    travel(furthest_);
    while (position_ < target) {
      if (auto b = blocked()) {
        startChecked_ = true;
        return *b;
      }
      if (const std::string error = executeOne(); !error.empty())
        return stopHere(DebugStopReason::Error, error);
    }
  }
  startChecked_ = true;
  return stopHere(DebugStopReason::Step);
}

DebugStop Debugger::restart() {
  edits_.clear();
  checkpoints_.clear();
  checkpoints_.emplace_back(initial_);
  state_ = initial_;
  position_ = furthest_ = 0;
  startChecked_ = false;
  for (Breakpoint& b : breakpoints_) b.hits = 0;
  return stopHere(DebugStopReason::Entry, "restarted");
}

std::vector<BreakpointStatus> Debugger::setBreakpoints(const std::vector<BreakpointSpec>& specs) {
  breakpoints_.clear();
  std::vector<BreakpointStatus> out;
  for (const BreakpointSpec& spec : specs) {
    BreakpointStatus& st = out.emplace_back();
    st.id = nextId_++;
    const auto p = positionOfLine(spec.line);
    if (!p) {
      st.message = "no instruction on line " + std::to_string(spec.line + 1) + " or after it";
      continue;
    }
    Breakpoint b;
    b.id = st.id;
    b.line = *lineAt(*p);
    if (const std::string_view condition = text::trim(spec.condition); !condition.empty()) {
      auto e = sim::Expression::parse(condition, state_.layout);
      if (!e) {
        st.message = "condition, column " + std::to_string(e.error().column + 1) + ": " + e.error().message;
        continue;
      }
      if (e->type() != sim::ExprType::Bool) {
        st.message =
            "a condition must be true or false, and '" + e->text() + "' is " + sim::exprTypeName(e->type());
        continue;
      }
      b.condition = std::move(*e);
    }
    const std::string hit(text::trim(spec.hitCondition));
    if (!hit.empty()) {
      std::string_view h = hit;
      b.hit = Breakpoint::Hit::Equal;
      for (const auto& [prefix, kind] : {std::pair{std::string_view(">="), Breakpoint::Hit::AtLeast},
                                         {"==", Breakpoint::Hit::Equal},
                                         {">", Breakpoint::Hit::Above},
                                         {"%", Breakpoint::Hit::Multiple}})
        if (h.starts_with(prefix)) {
          b.hit = kind;
          h.remove_prefix(prefix.size());
          break;
        }
      const std::string_view digits = text::trim(h);
      const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), b.hitCount);
      if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
        st.message = "a hit condition is a count: 'N', '>= N', '> N', '== N' or '% N', not '" + hit + "'";
        continue;
      }
    }
    b.logMessage = spec.logMessage;
    st.verified = true;
    st.line = b.line;
    if (b.line != spec.line)
      st.message = "moved to line " + std::to_string(b.line + 1) + ", the next instruction";
    breakpoints_.push_back(std::move(b));
  }
  return out;
}

std::vector<BreakpointStatus> Debugger::setDataBreakpoints(const std::vector<DataBreakpointSpec>& specs) {
  dataBreakpoints_.clear();
  std::vector<BreakpointStatus> out;
  for (const DataBreakpointSpec& spec : specs) {
    BreakpointStatus& st = out.emplace_back();
    st.id = nextId_++;
    const auto reg = state_.layout.parseIgnoringCase(spec.registerName);
    if (!reg) {
      st.message = "'" + spec.registerName + "' is not a register (R0..R254, P0..P6, UR0..UR62, UP0..UP6)";
      continue;
    }
    if (isConstantRegister(state_.layout, reg->first, reg->second)) {
      st.message = spec.registerName + " never changes";
      continue;
    }
    if (spec.lane && (!perLane(reg->first) || *spec.lane >= sim::kWarpSize)) {
      st.message =
          perLane(reg->first) ? "a lane is 0..31" : spec.registerName + " is uniform: it has no lanes";
      continue;
    }
    dataBreakpoints_.push_back(
        {st.id, reg->first, reg->second, spec.lane, state_.layout.name(reg->first, reg->second)});
    st.verified = true;
  }
  return out;
}

std::expected<sim::ExprValue, sim::ExprError> Debugger::evaluate(std::string_view expression,
                                                                 unsigned lane) const {
  if (lane >= sim::kWarpSize) return std::unexpected(sim::ExprError{0, 0, "a lane is 0..31"});
  auto e = sim::Expression::parse(expression, state_.layout);
  if (!e) return std::unexpected(e.error());
  return e->evaluate(state_, lane);
}

std::expected<void, std::string> Debugger::setRegister(std::string_view name, std::optional<unsigned> lane,
                                                       std::uint32_t value) {
  const auto reg = state_.layout.parseIgnoringCase(name);
  if (!reg) return std::unexpected("'" + std::string(name) + "' is not a register");
  if (isConstantRegister(state_.layout, reg->first, reg->second))
    return std::unexpected(std::string(name) + " is constant and cannot be set");
  if (lane && *lane >= sim::kWarpSize) return std::unexpected("a lane is 0..31");
  const Edit edit{reg->first, reg->second, lane && perLane(reg->first) ? 1u << *lane : sim::kAllLanes, value};
  apply(edit, state_);
  // The edit joins the history here; what came after it is computed again.
  edits_.erase(edits_.upper_bound(position_), edits_.end());
  edits_[position_].push_back(edit);
  checkpoints_.erase(checkpoints_.begin() + static_cast<std::ptrdiff_t>(position_ / kEvery + 1),
                     checkpoints_.end());
  if (position_ % kEvery == 0) checkpoints_.back() = sim::WarpCheckpoint(state_);
  furthest_ = position_;
  return {};
}

std::expected<std::vector<ProvenanceLink>, std::string> Debugger::provenance(std::string_view name,
                                                                             unsigned lane,
                                                                             std::size_t maxLinks) const {
  const auto reg = state_.layout.parseIgnoringCase(name);
  if (!reg) return std::unexpected("'" + std::string(name) + "' is not a register");
  if (lane >= sim::kWarpSize) return std::unexpected("a lane is 0..31");
  // A value to explain: a register in a lane as read at a position, and the input it answers.
  struct Pending {
    sim::RegFile file;
    std::uint32_t number;
    unsigned lane;
    std::uint64_t at;
    std::optional<std::pair<std::size_t, std::size_t>> input;  // (link, input)
  };
  // Where a value came from: the writing instruction's position, an edit's position, or neither.
  struct Origin {
    std::optional<std::uint64_t> writer;
    std::optional<std::uint64_t> edit;
  };
  auto editSets = [&](std::uint64_t at, const Pending& v) {
    const auto it = edits_.find(at);
    if (it == edits_.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(), [&](const Edit& e) {
      return e.file == v.file && e.number == v.number &&
             (!perLane(v.file) || ((e.lanes >> v.lane) & 1u) != 0);
    });
  };
  auto originOf = [&](const Pending& v) {
    for (std::uint64_t q = v.at; q-- > 0;) {
      if (editSets(q + 1, v)) return Origin{std::nullopt, q + 1};  // an edit after step q
      const sim::PreparedInst& inst = step(q);
      const bool ran = perLane(v.file) ? ((laneMasks_[q] >> v.lane) & 1u) != 0 : laneMasks_[q] != 0;
      if (!ran) continue;
      for (std::uint8_t k = 0; k < inst.outCount; ++k)
        for (const auto& [f, n] : registersOf(inst.out[k]))
          if (f == v.file && n == v.number) return Origin{q, std::nullopt};
    }
    if (editSets(0, v)) return Origin{std::nullopt, 0};
    return Origin{};
  };

  std::vector<ProvenanceLink> links;
  std::map<std::tuple<int, std::uint32_t, unsigned, std::uint64_t, std::uint64_t>, std::size_t> made;
  std::vector<Pending> queue{{reg->first, reg->second, lane, position_, std::nullopt}};
  const sim::SemanticsTable& table = sim::SemanticsTable::builtin();
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Pending v = queue[head];
    const bool lanes = perLane(v.file);
    const Origin origin = originOf(v);
    constexpr std::uint64_t kNone = UINT64_MAX;
    const auto key = std::tuple(static_cast<int>(v.file), v.number, lanes ? v.lane : 0u,
                                origin.writer.value_or(kNone), origin.edit.value_or(kNone));
    if (const auto it = made.find(key); it != made.end()) {
      if (v.input) links[v.input->first].inputs[v.input->second].from = it->second;
      continue;
    }
    if (links.size() >= maxLinks) continue;
    ProvenanceLink link;
    link.registerName = state_.layout.name(v.file, v.number);
    if (lanes) link.lane = v.lane;
    if (origin.edit) {
      link.value = stateAt(*origin.edit).read(v.file, v.number, v.lane);
      link.source = "set by the user";
    } else if (!origin.writer) {
      link.value = initial_.read(v.file, v.number, v.lane);
      link.source = "initial state";
    } else {
      const std::uint64_t q = *origin.writer;
      const sim::PreparedInst& inst = step(q);
      link.position = q;
      link.line = inst.line;
      link.source = sourceAt(q);
      // The state before the instruction, and after it by executing just that one.
      const sim::WarpState before = stateAt(q);
      sim::WarpState after = before;
      advance(after, q, nullptr);
      link.value = after.read(v.file, v.number, v.lane);
      const sim::Semantics* sem = inst.optype != nullptr ? table.find(inst.optype->name) : nullptr;
      const bool across = sem != nullptr && sem->acrossLanes;
      auto addInputs = [&](const sim::Operand& o, bool guard) {
        for (const auto& [f, n] : registersOf(o)) {
          if (isConstantRegister(state_.layout, f, n)) continue;
          ProvenanceInput in;
          in.registerName = state_.layout.name(f, n);
          in.value = before.read(f, n, v.lane);
          // A warp-wide instruction reads its data operands in other lanes too; its guard is per lane.
          const bool otherLanes = across && !guard && perLane(f);
          if (perLane(f) && !otherLanes) in.lane = v.lane;
          if (otherLanes)
            in.note = "read across the warp (lane " + std::to_string(v.lane) + "'s value shown)";
          link.inputs.push_back(in);
          if (!otherLanes)
            queue.push_back({f, n, v.lane, q, std::pair{links.size(), link.inputs.size() - 1}});
        }
      };
      for (std::uint8_t k = 0; k < inst.inCount; ++k) addInputs(inst.in[k], false);
      if (inst.guard.kind != sim::OperandKind::None) addInputs(inst.guard, true);
    }
    if (v.input) links[v.input->first].inputs[v.input->second].from = links.size();
    made[key] = links.size();
    links.push_back(std::move(link));
  }
  return links;
}

}  // namespace gpuasm::ide
