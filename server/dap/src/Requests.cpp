// The debug adapter's requests: typed arguments → the debug session → a typed body (see
// Requests.h). DAP's numbers for the views (variablesReference) and the text of values are made
// here and nowhere else.
#include "Requests.h"

#include <gpuasm/wire/MethodTable.h>
#include <gpuasm/sim/Expression.h>
#include <gpuasm/sim/Value.h>

#include <array>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

namespace gpuasm::dap {

using namespace protocol;
using workspace::DebugContainer;
using workspace::DebugValue;
using workspace::DebugView;

namespace {

// The stopped event's `reason` for each way the engine stops (DAP's names where DAP has one).
std::string_view stopReasonName(ide::DebugStopReason reason) {
  using R = ide::DebugStopReason;
  static constexpr std::array<std::pair<R, std::string_view>, 8> kNames = {{
      {R::Entry, "entry"},
      {R::Step, "step"},
      {R::Breakpoint, "breakpoint"},
      {R::DataBreakpoint, "data breakpoint"},
      {R::End, "end"},
      {R::Error, "exception"},
      {R::StepLimit, "step limit"},
      {R::Paused, "pause"},
  }};
  for (const auto& [r, name] : kNames)
    if (r == reason) return name;
  return "step";
}

}  // namespace

namespace {

// The lane view where execution stands, as gpuasm/laneView answers and its event carries.
LaneViewResult laneViewOf(DapState& s) {
  const ide::Debugger& d = *s.session.debugger();
  LaneViewResult r{std::make_shared<const ide::LaneView>(d.laneView()), std::nullopt, s.session.lane()};
  if (const auto line = d.lineAt(d.position())) r.line = *line + 1;
  return r;
}

}  // namespace

void sendStopped(DapState& state, const ide::DebugStop& stop, const char* reason) {
  for (const std::string& line : stop.logs) send(state, OutputEvent{"console", line + "\n"});
  const std::string name(stopReasonName(stop.reason));
  StoppedEvent e{reason != nullptr ? reason : name,
                 stop.description.empty() ? name : stop.description,
                 stop.hitBreakpoints,
                 {}};
  if (stop.reason == ide::DebugStopReason::Error) e.text = stop.description;
  send(state, e);
  if (state.followLanes) send(state, LaneViewEvent{laneViewOf(state)});
}

namespace {

// Variable references: the scopes, then one per register of the all-lanes scope.
constexpr std::int64_t kLaneScope = 1, kLaneF32Scope = 2, kPredScope = 3, kWarpScope = 4, kAllLanesScope = 5;
constexpr std::int64_t kAllLanesBase = 1000;

// The session's list a variables reference names; none for a number that names none.
std::optional<DebugContainer> containerOf(std::int64_t reference) {
  switch (reference) {
    case kLaneScope: return DebugContainer{DebugView::Lane};
    case kLaneF32Scope: return DebugContainer{DebugView::LaneF32};
    case kPredScope: return DebugContainer{DebugView::Predicates};
    case kWarpScope: return DebugContainer{DebugView::Warp};
    case kAllLanesScope: return DebugContainer{DebugView::AllLanes};
    default: break;
  }
  if (reference >= kAllLanesBase)
    return DebugContainer{DebugView::RegisterLanes, static_cast<std::size_t>(reference - kAllLanesBase)};
  return std::nullopt;
}

std::string valueText(const DebugValue& v, bool hex) {
  switch (v.kind) {
    case DebugValue::Kind::Number:
      // In its type with the bits beside ("1.5 (0x3fc00000)"); bits in hex, or decimal when asked.
      if (!hex)
        return v.type == sim::ValueType::U32 ? sim::formatBits(v.bits, sim::ValueFormat::Unsigned)
                                             : sim::formatValue({v.type, v.bits});
      return sim::formatValueWithBits({v.type, v.bits}, sim::ValueFormat::PaddedHex);
    case DebugValue::Kind::Hex: return hex8(v.bits);
    case DebugValue::Kind::F32: return sim::formatValue({sim::ExprType::F32, v.bits});
    case DebugValue::Kind::Bool: return sim::formatBits(v.bits, sim::ValueFormat::Bool);
    case DebugValue::Kind::Lanes: return "32 lanes";
  }
  return {};
}

json initialize(DapState&, const NoArguments&) { return capabilities(); }

json launch(DapState& s, const LaunchArguments& a) {
  if (auto launched = s.session.launch(a.launch); !launched) throw RequestError{launched.error()};
  send(s, InitializedEvent{});
  return nullptr;
}

json configurationDone(DapState& s, const NoArguments&) {
  if (const auto entry = s.session.start()) sendStopped(s, *entry);
  return nullptr;
}

Breakpoint breakpoint(const ide::BreakpointStatus& st) {
  Breakpoint b{std::nullopt, st.verified, std::nullopt, st.message};
  if (st.id != 0) b.id = st.id;
  if (st.line) b.line = *st.line + 1;
  return b;
}

json setBreakpoints(DapState& s, const SetBreakpointsArguments& a) {
  BreakpointsResult r;
  for (const ide::BreakpointStatus& st : s.session.setBreakpoints(a.sourcePath, a.breakpoints))
    r.breakpoints.push_back(breakpoint(st));
  return r;
}

json dataBreakpointInfo(DapState& s, const DataBreakpointInfoArguments& a) {
  const auto container = a.variablesReference ? containerOf(*a.variablesReference) : std::nullopt;
  workspace::DataWatchOffer offer = s.session.watchOffer(container, a.name);
  return DataBreakpointInfoResult{std::move(offer.dataId), std::move(offer.description)};
}

json setDataBreakpoints(DapState& s, const SetDataBreakpointsArguments& a) {
  BreakpointsResult r;
  for (const ide::BreakpointStatus& st : s.session.setDataBreakpoints(a.dataIds)) {
    r.breakpoints.push_back(breakpoint(st));
    r.breakpoints.back().line.reset();  // a register has no line
  }
  return r;
}

// A program that cannot go on always stops ("exception"); there is nothing to configure.
json setExceptionBreakpoints(DapState&, const NoArguments&) { return BreakpointsResult{}; }

json threads(DapState&, const NoArguments&) { return ThreadsResult{{Thread{1, "warp (32 lanes)"}}}; }

json stackTrace(DapState& s, const NoArguments&) {
  const workspace::DebugFrame f = s.session.frame();
  const std::string& program = s.session.program();
  const std::size_t slash = program.find_last_of('/');
  const Source source{program, program.substr(slash == std::string::npos ? 0 : slash + 1)};
  return StackTraceResult{{StackFrame{1, f.name, f.line + 1, 1, source, std::to_string(f.position)}}};
}

json scopes(DapState& s, const NoArguments&) {
  const std::string lane = std::to_string(s.session.lane());
  return ScopesResult{{{"Registers (lane " + lane + ")", kLaneScope},
                       {"Registers as f32 (lane " + lane + ")", kLaneF32Scope},
                       {"Predicates (lane " + lane + ")", kPredScope},
                       {"Uniform registers and active mask", kWarpScope},
                       {"All lanes", kAllLanesScope}}};
}

json variables(DapState& s, const VariablesArguments& a) {
  const auto container = containerOf(a.variablesReference);
  if (!container) throw RequestError{"no such variables reference"};
  const auto values = s.session.values(*container);
  if (!values) throw RequestError{"no such variables reference (the program moved on)"};
  VariablesResult r;
  for (const DebugValue& v : *values) {
    const std::int64_t reference =
        v.kind == DebugValue::Kind::Lanes ? kAllLanesBase + static_cast<std::int64_t>(v.index) : 0;
    r.variables.push_back({v.name, valueText(v, a.hex), reference, v.evaluateName});
  }
  return r;
}

json setVariable(DapState& s, const SetVariableArguments& a) {
  const auto container = containerOf(a.variablesReference);
  if (!container) throw RequestError{"no such variables reference"};
  const auto set = s.session.setVariable(*container, a.name, a.value);
  if (!set) throw RequestError{set.error()};
  return SetVariableResult{valueText(*set, true)};
}

// `why R1[3]` in the REPL: the provenance chain as text.
std::string whyText(const std::vector<ide::ProvenanceLink>& chain) {
  auto lane = [](const std::optional<unsigned>& l) {
    return l ? "[" + std::to_string(*l) + "]" : std::string();
  };
  std::string text;
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const ide::ProvenanceLink& l = chain[i];
    text += "#" + std::to_string(i) + " " + l.registerName + lane(l.lane) + " = " + hex8(l.value) + ": " +
            (l.line ? "line " + std::to_string(*l.line + 1) + " " : "") + l.source;
    for (const ide::ProvenanceInput& in : l.inputs)
      text += "\n     reads " + in.registerName + lane(in.lane) + " = " + hex8(in.value) +
              (in.from ? " (#" + std::to_string(*in.from) + ")" : "") +
              (in.note.empty() ? "" : " " + in.note);
    text += "\n";
  }
  return text;
}

json evaluate(DapState& s, const EvaluateArguments& a) {
  if (a.expression.starts_with("why ")) {
    const auto chain = s.session.why(std::string_view(a.expression).substr(4));
    if (!chain) throw RequestError{chain.error()};
    return EvaluateResult{whyText(*chain), std::nullopt};
  }
  const auto e = s.session.evaluate(a.expression);
  if (!e) throw RequestError{e.error()};
  std::string result = e->value.type == sim::ExprType::U32 && !a.hex ? std::to_string(e->value.bits)
                                                                     : sim::formatValue(e->value);
  if (e->perLane) result += " (lane " + std::to_string(s.session.lane()) + ")";
  return EvaluateResult{std::move(result), sim::valueTypeName(e->value.type)};
}

json provenance(DapState& s, const ProvenanceArguments& a) {
  auto chain = s.session.provenance(a.registerName, a.lane);
  if (!chain) throw RequestError{chain.error()};
  return ProvenanceResult{std::move(*chain)};
}

// The whole warp where execution stands, for a registers view: the run's registers as
// `gpuasm run --json` gives them, the active mask, the position and the lane in focus.
json warpState(DapState& s, const NoArguments&) {
  const ide::Debugger& d = *s.session.debugger();
  WarpStateResult r{d.position(), d.length(), std::nullopt, s.session.lane(), &d.state(), d.registerTypes()};
  if (const auto line = d.lineAt(d.position())) r.line = *line + 1;
  return r;
}

// The lane view where execution stands: what the VS Code Lanes view and :GpuasmLanes draw.
json laneView(DapState& s, const NoArguments&) { return laneViewOf(s); }

// A lane view that follows the session: the lane view as an event after every stop, so a client
// draws a stop without a request's round trip.
json followLanes(DapState& s, const FollowLanesArguments& a) {
  s.followLanes = a.enabled;
  return nullptr;
}

// A timeline's move: time travel to a step (a position), stopping as goto does.
json gotoStep(DapState& s, const GotoStepArguments& a) {
  const std::uint64_t length = s.session.debugger()->length();
  if (a.step > length)
    throw RequestError{"step " + std::to_string(a.step) + " is past the end (the program has " +
                       std::to_string(length) + " instructions)"};
  const ide::DebugStop stop = s.session.gotoPosition(a.step);
  sendStopped(s, stop, stop.reason == ide::DebugStopReason::Step ? "goto" : nullptr);
  return nullptr;
}

json selectLane(DapState& s, const SelectLaneArguments& a) {
  s.session.selectLane(a.lane);
  send(s, InvalidatedEvent{{"variables"}});
  return nullptr;
}

json resume(DapState& s, const NoArguments&) {
  s.session.resume();
  return ContinueResult{};
}

json next(DapState& s, const NoArguments&) {
  sendStopped(s, s.session.stepForward());
  return nullptr;
}

json stepBack(DapState& s, const NoArguments&) {
  sendStopped(s, s.session.stepBack());
  return nullptr;
}

json reverseContinue(DapState& s, const NoArguments&) {
  sendStopped(s, s.session.reverseContinue());
  return nullptr;
}

json gotoTargets(DapState& s, const GotoTargetsArguments& a) {
  GotoTargetsResult r;
  if (const auto t = s.session.gotoTarget(a.line))
    r.targets.push_back(
        {t->position + 1, "line " + std::to_string(t->line + 1) + ": " + t->source, t->line + 1});
  return r;
}

json gotoTarget(DapState& s, const GotoArguments& a) {
  // Reason "goto" when the target was reached; the end, an instruction that cannot run or the
  // step limit on the way stop with their own reason.
  const ide::DebugStop stop = s.session.gotoPosition(a.targetId - 1);
  sendStopped(s, stop, stop.reason == ide::DebugStopReason::Step ? "goto" : nullptr);
  return nullptr;
}

json pause(DapState& s, const NoArguments&) {
  if (const auto paused = s.session.pause()) sendStopped(s, *paused);
  return nullptr;
}

json restart(DapState& s, const NoArguments&) {
  if (const auto entry = s.session.restart()) sendStopped(s, *entry);
  return nullptr;
}

json disconnect(DapState& s, const NoArguments&) {
  s.session.end();
  s.exit = true;
  send(s, TerminatedEvent{});
  return nullptr;
}

// What each request advertises (capabilities of DAP 1.x).
void configurationDoneCap(json& c) { c["supportsConfigurationDoneRequest"] = true; }
void stepBackCap(json& c) { c["supportsStepBack"] = true; }  // stepBack and reverseContinue
void gotoCap(json& c) { c["supportsGotoTargetsRequest"] = true; }
void breakpointsCap(json& c) {
  c["supportsConditionalBreakpoints"] = true;
  c["supportsHitConditionalBreakpoints"] = true;
  c["supportsLogPoints"] = true;
}
void dataBreakpointsCap(json& c) { c["supportsDataBreakpoints"] = true; }
void setVariableCap(json& c) { c["supportsSetVariable"] = true; }
void evaluateCap(json& c) { c["supportsEvaluateForHovers"] = true; }
void restartCap(json& c) { c["supportsRestartRequest"] = true; }
void terminateCap(json& c) { c["supportsTerminateRequest"] = true; }
// format.hex of variables and evaluate.
void formatCap(json& c) { c["supportsValueFormattingOptions"] = true; }
// A step is one instruction whatever the granularity asked.
void steppingCap(json& c) { c["supportsSteppingGranularity"] = false; }

constexpr std::array<Method, 31> kMethods = {{
    {"initialize", typed<NoArguments, initialize>, false, nullptr},
    {"launch", typed<LaunchArguments, launch>, false, nullptr},
    {"configurationDone", typed<NoArguments, configurationDone>, true, configurationDoneCap},
    {"setBreakpoints", typed<SetBreakpointsArguments, setBreakpoints>, true, breakpointsCap},
    {"dataBreakpointInfo", typed<DataBreakpointInfoArguments, dataBreakpointInfo>, true, dataBreakpointsCap},
    {"setDataBreakpoints", typed<SetDataBreakpointsArguments, setDataBreakpoints>, true, dataBreakpointsCap},
    {"setExceptionBreakpoints", typed<NoArguments, setExceptionBreakpoints>, false, nullptr},
    {"threads", typed<NoArguments, threads>, false, nullptr},
    {"stackTrace", typed<NoArguments, stackTrace>, true, nullptr},
    {"scopes", typed<NoArguments, scopes>, true, nullptr},
    {"variables", typed<VariablesArguments, variables>, true, formatCap},
    {"setVariable", typed<SetVariableArguments, setVariable>, true, setVariableCap},
    {"evaluate", typed<EvaluateArguments, evaluate>, true, evaluateCap},
    {"continue", typed<NoArguments, resume>, true, nullptr},
    {"next", typed<NoArguments, next>, true, steppingCap},
    {"stepIn", typed<NoArguments, next>, true, nullptr},
    {"stepOut", typed<NoArguments, next>, true, nullptr},
    {"stepBack", typed<NoArguments, stepBack>, true, stepBackCap},
    {"reverseContinue", typed<NoArguments, reverseContinue>, true, stepBackCap},
    {"gotoTargets", typed<GotoTargetsArguments, gotoTargets>, true, gotoCap},
    {"goto", typed<GotoArguments, gotoTarget>, true, gotoCap},
    {"pause", typed<NoArguments, pause>, true, nullptr},
    {"restart", typed<NoArguments, restart>, true, restartCap},
    {"disconnect", typed<NoArguments, disconnect>, false, nullptr},
    {"terminate", typed<NoArguments, disconnect>, false, terminateCap},
    {"gpuasm/provenance", typed<ProvenanceArguments, provenance>, true, nullptr},
    {"gpuasm/selectLane", typed<SelectLaneArguments, selectLane>, false, nullptr},
    {"gpuasm/warpState", typed<NoArguments, warpState>, true, nullptr},
    {"gpuasm/laneView", typed<NoArguments, laneView>, true, nullptr},
    {"gpuasm/gotoStep", typed<GotoStepArguments, gotoStep>, true, nullptr},
    {"gpuasm/followLanes", typed<FollowLanesArguments, followLanes>, false, nullptr},
}};

}  // namespace

std::span<const Method> methods() { return kMethods; }

const Method* findMethod(std::string_view command) {
  return wire::findByName(std::span<const Method>(kMethods), &Method::command, command);
}

json capabilities() {
  json caps = json::object();
  for (const Method& m : kMethods)
    if (m.advertise != nullptr) m.advertise(caps);
  return caps;
}

}  // namespace gpuasm::dap
