// The warp debugger's façade (Debugger.h): launching a session, and running it — where a step,
// a continue either way or a goto stops, from the timeline, the breakpoints and the data
// breakpoints it composes.
#include <gpuasm/ide/execution/Debugger.h>

#include "OperandRegisters.h"

#include <algorithm>
#include <iterator>
#include <memory>

namespace gpuasm::ide {

using operands::isConstantRegister;
using operands::perLane;

namespace {

constexpr std::uint64_t kEvery = Debugger::kCheckpointEvery;

std::string breakpointDescription(std::uint32_t line) {
  return "breakpoint on line " + std::to_string(line + 1);
}

}  // namespace

std::expected<Debugger, std::string> Debugger::launch(const isa::InstrDb& db, std::string_view text,
                                                      DebugLaunch options) {
  auto layout = sim::RegisterLayout::fromDb(db);
  if (!layout) return std::unexpected(layout.error());
  sim::InitialState init = sim::parseStateDirectives(text).state;
  if (options.stateFile) init.overrideWith(*options.stateFile);
  sim::WarpState start(*layout);
  if (auto applied = sim::applyInitialState(init, start); !applied)
    return std::unexpected("initial state: " + applied.error());
  auto program = std::make_shared<const DebugProgram>(DebugProgram::prepare(db, *layout, text));
  return Debugger(Timeline(std::move(program), std::move(start)), std::move(options));
}

DebugStop Debugger::stopHere(DebugStopReason reason, std::string description) const {
  DebugStop s;
  s.reason = reason;
  s.position = position();
  s.line = lineAt(position());
  s.description = std::move(description);
  return s;
}

DebugStop Debugger::breakpointStop(std::vector<int> ids) const {
  DebugStop s = stopHere(DebugStopReason::Breakpoint, breakpointDescription(*lineAt(position())));
  s.hitBreakpoints = std::move(ids);
  return s;
}

std::optional<DebugStop> Debugger::blocked() const {
  if (position() >= length()) return stopHere(DebugStopReason::End, "every instruction executed");
  if (position() >= options_.stepLimit)
    return stopHere(DebugStopReason::StepLimit,
                    "step limit of " + std::to_string(options_.stepLimit) + " instructions reached");
  if (const std::string& error = program().step(position()).error; !error.empty())
    return stopHere(DebugStopReason::Error, error);
  return std::nullopt;
}

bool Debugger::mayChangeWatched(std::uint64_t p) const {
  return timeline_.editsAt(p + 1) != nullptr || dataBreakpoints_.writesWatched(program().step(p));
}

std::optional<DebugStop> Debugger::executeWatching(std::vector<std::uint32_t>& before,
                                                   std::vector<std::uint32_t>& after) {
  // Only an instruction that writes a watched register (or an edit after it) can change one.
  const bool watch = !dataBreakpoints_.empty() && mayChangeWatched(position());
  if (watch) dataBreakpoints_.read(state(), before);
  if (const std::string error = timeline_.executeOne(); !error.empty())
    return stopHere(DebugStopReason::Error, error);
  if (!watch) return std::nullopt;
  std::string description;
  dataBreakpoints_.read(state(), after);
  std::vector<int> ids = dataBreakpoints_.changes(before, after, description);
  if (ids.empty()) return std::nullopt;
  DebugStop s = stopHere(DebugStopReason::DataBreakpoint, description);
  s.hitBreakpoints = std::move(ids);
  return s;
}

DebugStop Debugger::stepForward() {
  startChecked_ = true;
  if (auto b = blocked()) return *b;
  const std::string error = timeline_.executeOne();
  if (!error.empty()) return stopHere(DebugStopReason::Error, error);
  return stopHere(DebugStopReason::Step);
}

DebugStop Debugger::stepBack() {
  startChecked_ = true;
  if (position() == 0) return stopHere(DebugStopReason::Entry, "at the start");
  timeline_.travel(position() - 1);
  return stopHere(DebugStopReason::Step);
}

DebugStop Debugger::continueUnwatched(std::uint64_t maxSteps) {
  startChecked_ = true;
  const std::uint64_t start = std::min(position(), length());
  const std::uint64_t end = std::min(start + std::min(maxSteps, length() - start), options_.stepLimit);
  if (const std::string error = timeline_.executeUntil(end); !error.empty())
    return stopHere(DebugStopReason::Error, error);
  // The same order of reasons as continueForward's loop: the end, the step limit, a step that
  // cannot execute, then the number of steps asked for.
  if (auto b = blocked()) return *b;
  return stopHere(DebugStopReason::Paused, "paused");
}

DebugStop Debugger::continueForward(std::uint64_t maxSteps) {
  if (breakpoints_.empty() && dataBreakpoints_.empty()) return continueUnwatched(maxSteps);
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
    if ((n > 0 || !startChecked_) && !breakpoints_.empty()) {
      LineBreakpoints::Pass pass = breakpoints_.passForward(program(), position(), state());
      std::move(pass.logs.begin(), pass.logs.end(), std::back_inserter(logs));
      if (!pass.stops.empty()) {
        startChecked_ = true;
        return finish(breakpointStop(std::move(pass.stops)));
      }
    }
    startChecked_ = true;
    if (n >= maxSteps) return finish(stopHere(DebugStopReason::Paused, "paused"));
    if (auto stop = executeWatching(before, after)) return finish(std::move(*stop));
  }
}

std::optional<DebugStop> Debugger::lastStopIn(std::uint64_t seg) const {
  const std::uint64_t begin = seg * kEvery, end = std::min(position(), begin + kEvery);
  sim::WarpState s = timeline_.checkpointState(seg);
  std::vector<std::uint32_t> before, after;
  std::optional<DebugStop> found;
  for (std::uint64_t q = begin; q < end; ++q) {
    std::vector<int> here;
    if (!breakpoints_.empty()) here = breakpoints_.stopsBackward(program(), q, s);
    std::string changed;
    if (!dataBreakpoints_.empty() && mayChangeWatched(q)) {
      dataBreakpoints_.read(s, before);
      timeline_.advance(s, q);
      dataBreakpoints_.read(s, after);
      for (int id : dataBreakpoints_.changes(before, after, changed)) here.push_back(id);
    } else {
      timeline_.advance(s, q);
    }
    if (here.empty()) continue;
    found.emplace();
    found->position = q;
    found->hitBreakpoints = std::move(here);
    found->description = changed.empty() ? breakpointDescription(*lineAt(q)) : changed;
    found->reason = changed.empty() ? DebugStopReason::Breakpoint : DebugStopReason::DataBreakpoint;
  }
  return found;
}

DebugStop Debugger::reverseContinue() {
  if (position() == 0) return stopHere(DebugStopReason::Entry, "at the start");
  // Segment by segment backwards from the current one: each is re-executed from its checkpoint
  // once, looking for the last stop before the current position.
  for (std::uint64_t seg = (position() - 1) / kEvery;; --seg) {
    if (std::optional<DebugStop> found = lastStopIn(seg)) {
      timeline_.travel(found->position);
      startChecked_ = true;
      found->line = lineAt(position());
      return std::move(*found);
    }
    if (seg == 0) break;
  }
  timeline_.travel(0);
  startChecked_ = true;
  return stopHere(DebugStopReason::Entry, "reached the start");
}

DebugStop Debugger::gotoPosition(std::uint64_t target) {
  if (target <= reached()) {
    timeline_.travel(target);
  } else {
    timeline_.travel(reached());
    while (position() < target) {
      if (auto b = blocked()) {
        startChecked_ = true;
        return *b;
      }
      if (const std::string error = timeline_.executeOne(); !error.empty())
        return stopHere(DebugStopReason::Error, error);
    }
  }
  startChecked_ = true;
  return stopHere(DebugStopReason::Step);
}

DebugStop Debugger::restart() {
  timeline_.restart();
  startChecked_ = false;
  breakpoints_.resetHits();
  return stopHere(DebugStopReason::Entry, "restarted");
}

std::expected<sim::ExprValue, sim::ExprError> Debugger::evaluate(std::string_view expression,
                                                                 unsigned lane) const {
  if (lane >= sim::kWarpSize) return std::unexpected(sim::ExprError{0, 0, "a lane is 0..31"});
  auto e = sim::Expression::parse(expression, layout());
  if (!e) return std::unexpected(e.error());
  return e->evaluate(state(), lane);
}

std::expected<void, std::string> Debugger::setRegister(std::string_view name, std::optional<unsigned> lane,
                                                       std::uint32_t value) {
  const auto reg = layout().parseIgnoringCase(name);
  if (!reg) return std::unexpected("'" + std::string(name) + "' is not a register");
  if (isConstantRegister(layout(), reg->first, reg->second))
    return std::unexpected(std::string(name) + " is constant and cannot be set");
  if (lane && *lane >= sim::kWarpSize) return std::unexpected("a lane is 0..31");
  timeline_.edit(
      {reg->first, reg->second, lane && perLane(reg->first) ? 1u << *lane : sim::kAllLanes, value});
  return {};
}

}  // namespace gpuasm::ide
