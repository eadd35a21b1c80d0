// A debug session of one .asm program (see DebugSession.h).
#include <gpuasm/workspace/DebugSession.h>
#include <gpuasm/workspace/RegisterAtLane.h>

#include <gpuasm/sim/Value.h>

#include <gpuasm/ide/analysis/SourceFile.h>
#include <gpuasm/formats/RunJson.h>

#include <bit>
#include <bitset>
#include <cassert>
#include <filesystem>
#include <utility>

namespace gpuasm::workspace {

namespace {

// Whether two paths name the same file (`a/./b.asm` and `a/b.asm`, a symbolic link and its target).
bool samePath(const std::string& a, const std::string& b) {
  std::error_code ea, eb;
  const std::filesystem::path ca = std::filesystem::weakly_canonical(a, ea);
  const std::filesystem::path cb = std::filesystem::weakly_canonical(b, eb);
  if (ea || eb)
    return std::filesystem::path(a).lexically_normal() == std::filesystem::path(b).lexically_normal();
  return ca == cb;
}

// The registers a view lists: those the run set (initialised or written), by number.
template <std::size_t N>
std::vector<std::uint32_t> setIndices(const std::bitset<N>& set) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < N; ++i)
    if (set[i]) out.push_back(i);
  return out;
}

bool isPredicate(const std::optional<std::pair<sim::RegFile, std::uint32_t>>& reg) {
  return reg && (reg->first == sim::RegFile::P || reg->first == sim::RegFile::UP);
}

}  // namespace

std::expected<void, std::string> DebugSession::launch(const DebugLaunchRequest& request) {
  assert(!request.lane || *request.lane < sim::kWarpSize);
  const auto text = ide::readAssemblyFile(request.program);
  if (!text) return std::unexpected(text.error());
  ide::DebugLaunch options;
  if (!request.stateFile.empty()) {
    const auto stateText = ide::readSourceFile(request.stateFile);
    if (!stateText) return std::unexpected(stateText.error());
    auto state = formats::parseStateJson(*stateText);
    if (!state) return std::unexpected(request.stateFile + ": " + state.error());
    options.stateFile = std::move(*state);
  }
  if (request.stepLimit) options.stepLimit = *request.stepLimit;
  auto launched = ide::Debugger::launch(*db_, *text, std::move(options));
  if (!launched) return std::unexpected(request.program + ": " + launched.error());
  debugger_.emplace(std::move(*launched));
  program_ = request.program;
  if (request.lane) lane_ = *request.lane;
  stopOnEntry_ = request.stopOnEntry;
  running_ = false;  // a continue of the previous program ends with it
  return {};
}

ide::Debugger& DebugSession::engine() {
  assert(debugger_ && "the adapter refuses requests before launch");
  return *debugger_;
}

const ide::Debugger& DebugSession::engine() const {
  assert(debugger_ && "the adapter refuses requests before launch");
  return *debugger_;
}

void DebugSession::selectLane(unsigned lane) {
  assert(lane < sim::kWarpSize);
  lane_ = lane;
}

std::optional<ide::DebugStop> DebugSession::start() {
  const ide::Debugger& d = engine();
  if (stopOnEntry_)
    return ide::DebugStop{ide::DebugStopReason::Entry, d.position(), d.lineAt(d.position()), "entry", {}, {}};
  running_ = true;
  return std::nullopt;
}

std::optional<ide::DebugStop> DebugSession::restart() {
  engine().restart();
  running_ = false;
  return start();
}

ide::DebugStop DebugSession::runSlice() {
  assert(running_);
  ide::DebugStop stop = engine().continueForward(kSlice);
  if (stop.reason != ide::DebugStopReason::Paused) running_ = false;
  return stop;
}

std::optional<ide::DebugStop> DebugSession::pause() {
  const ide::Debugger& d = engine();
  if (!running_) return std::nullopt;
  running_ = false;
  return ide::DebugStop{ide::DebugStopReason::Paused, d.position(), d.lineAt(d.position()), "paused", {}, {}};
}

ide::DebugStop DebugSession::stepForward() { return engine().stepForward(); }
ide::DebugStop DebugSession::stepBack() { return engine().stepBack(); }
ide::DebugStop DebugSession::reverseContinue() { return engine().reverseContinue(); }

ide::DebugStop DebugSession::gotoPosition(std::uint64_t position) {
  running_ = false;
  return engine().gotoPosition(position);
}

std::vector<ide::BreakpointStatus> DebugSession::setBreakpoints(
    std::string_view sourcePath, const std::vector<ide::BreakpointSpec>& specs) {
  ide::Debugger& d = engine();
  if (!sourcePath.empty() && !samePath(std::string(sourcePath), program_)) {
    const std::string message = std::string(sourcePath) + " is not the debugged program (" + program_ + ")";
    return std::vector<ide::BreakpointStatus>(specs.size(),
                                              ide::BreakpointStatus{0, false, std::nullopt, message});
  }
  return d.setBreakpoints(specs);
}

std::vector<ide::BreakpointStatus> DebugSession::setDataBreakpoints(const std::vector<std::string>& dataIds) {
  // A data id is a register at a lane, `R1[3]`, or a register in any lane, `R1`; one that is
  // neither is refused here with the grammar's message, the others by the engine.
  std::vector<ide::DataBreakpointSpec> specs;
  std::vector<std::optional<std::string>> refused;
  for (const std::string& id : dataIds) {
    auto parsed = parseRegisterAtLane(id);
    refused.push_back(parsed ? std::nullopt : std::optional(parsed.error()));
    if (parsed) specs.push_back({std::move(parsed->registerName), parsed->lane});
  }
  const std::vector<ide::BreakpointStatus> set = engine().setDataBreakpoints(specs);
  std::vector<ide::BreakpointStatus> out;
  std::size_t next = 0;
  for (const auto& problem : refused)
    out.push_back(problem ? ide::BreakpointStatus{0, false, std::nullopt, *problem} : set[next++]);
  return out;
}

DataWatchOffer DebugSession::watchOffer(std::optional<DebugContainer> container,
                                        const std::string& name) const {
  const ide::Debugger& d = engine();
  const DebugView view = container ? container->view : DebugView::AllLanes;
  // The register at a lane the variable or expression names (RegisterAtLane.h): the lane in
  // focus for a lane view's register, the child's lane in a register's lanes, none for a
  // uniform one, the written lane or none for an expression.
  std::expected<RegisterAtLane, std::string> spec;
  if (view == DebugView::Lane || view == DebugView::LaneF32 || view == DebugView::Predicates) {
    spec = RegisterAtLane{name, lane_};
  } else if (view == DebugView::Warp) {
    spec = RegisterAtLane{name, std::nullopt};
  } else if (view == DebugView::RegisterLanes) {
    const auto regs = allLanesRegisters();
    if (container->index >= regs.size()) return {std::nullopt, "no such variable"};
    const auto lane = parseLaneIndex(name);
    if (!lane) return {std::nullopt, lane.error()};
    spec = RegisterAtLane{regs[container->index], *lane};
  } else {
    spec = parseRegisterAtLane(name);  // an expression, or a name of the AllLanes list
    if (!spec)
      return {std::nullopt,
              "only a register (R1) or a register at a lane (R1[3]) can be watched: " + spec.error()};
  }
  const auto reg = d.layout().parse(spec->registerName);
  if (!reg) return {std::nullopt, "only registers can be watched"};
  // Offer only what setDataBreakpoints accepts: a lane of a per-lane register.
  if (spec->lane && (reg->first == sim::RegFile::UR || reg->first == sim::RegFile::UP))
    return {std::nullopt, spec->registerName + " is uniform: it has no lanes"};
  const std::string what =
      spec->registerName + (spec->lane ? " in lane " + std::to_string(*spec->lane) : " in any lane");
  return {registerAtLaneName(*spec), "when " + what + " changes"};
}

DebugFrame DebugSession::frame() const {
  const ide::Debugger& d = engine();
  const auto line = d.lineAt(d.position());
  // At the end, the frame stands after the last instruction.
  const std::uint32_t shown = line ? *line : (d.length() > 0 ? *d.lineAt(d.length() - 1) + 1 : 0);
  return {line ? d.sourceAt(d.position()) : std::string("(end of the program)"), shown, d.position()};
}

std::vector<std::string> DebugSession::allLanesRegisters() const {
  const sim::WarpState& st = engine().state();
  std::vector<std::string> out;
  for (std::uint32_t r : setIndices(st.rSet)) out.push_back(st.layout.name(sim::RegFile::R, r));
  for (std::uint32_t p : setIndices(st.pSet)) out.push_back(st.layout.name(sim::RegFile::P, p));
  return out;
}

std::optional<std::vector<DebugValue>> DebugSession::values(DebugContainer container) const {
  using enum DebugValue::Kind;
  const sim::WarpState& st = engine().state();
  const sim::RegisterLayout& l = st.layout;
  std::vector<DebugValue> out;
  const ide::Debugger& d = engine();
  auto add = [&](std::string name, DebugValue::Kind kind, std::uint32_t bits, std::string evaluateName,
                 sim::ValueType type = sim::ValueType::U32) {
    out.push_back({std::move(name), kind, bits, std::move(evaluateName), 0, type});
  };
  switch (container.view) {
    case DebugView::Lane:
      for (std::uint32_t r : setIndices(st.rSet))
        add(l.name(sim::RegFile::R, r), Number, st.r[r][lane_], l.name(sim::RegFile::R, r),
            d.registerType(sim::RegFile::R, r));
      break;
    case DebugView::LaneF32:
      for (std::uint32_t r : setIndices(st.rSet))
        add(l.name(sim::RegFile::R, r), F32, st.r[r][lane_], "f32(" + l.name(sim::RegFile::R, r) + ")");
      break;
    case DebugView::Predicates:
      for (std::uint32_t p : setIndices(st.pSet))
        add(l.name(sim::RegFile::P, p), Bool, st.pred(p, lane_), l.name(sim::RegFile::P, p));
      break;
    case DebugView::Warp:
      add("activeMask", Hex, st.activeMask, "activeMask");
      for (std::uint32_t i : setIndices(st.urSet))
        add(l.name(sim::RegFile::UR, i), Number, st.ur[i], l.name(sim::RegFile::UR, i),
            d.registerType(sim::RegFile::UR, i));
      for (std::uint32_t i : setIndices(st.upSet))
        add(l.name(sim::RegFile::UP, i), Bool, st.up[i], l.name(sim::RegFile::UP, i));
      break;
    case DebugView::AllLanes: {
      const auto regs = allLanesRegisters();
      for (std::size_t k = 0; k < regs.size(); ++k) out.push_back({regs[k], Lanes, 0, {}, k});
      break;
    }
    case DebugView::RegisterLanes: {
      const auto regs = allLanesRegisters();
      if (container.index >= regs.size()) return std::nullopt;
      const std::string& name = regs[container.index];
      const auto reg = l.parse(name);
      for (unsigned ln = 0; ln < sim::kWarpSize; ++ln) {
        const bool pred = reg->first == sim::RegFile::P;
        add(laneIndexName(ln), pred ? Bool : Number, pred ? st.pred(reg->second, ln) : st.r[reg->second][ln],
            registerAtLaneName({name, ln}),
            pred ? sim::ValueType::Bool : d.registerType(reg->first, reg->second));
      }
      break;
    }
  }
  return out;
}

std::expected<DebugValue, std::string> DebugSession::setVariable(DebugContainer container,
                                                                 const std::string& name,
                                                                 const std::string& value) {
  // The one grammar of a value a user types (sim/Value.h, docs/LANGUAGE.md "Values a user types").
  const auto parsed = sim::parseValue(value);
  if (!parsed) {
    if (parsed.error().kind == sim::ValueError::Kind::OutOfRange)
      return std::unexpected(parsed.error().message);
    return std::unexpected("'" + value +
                           "' is not a value (a number, 0x hex, 0b binary, an f32 like 0.5, true or false)");
  }
  const std::uint32_t bits = parsed->bits;
  std::string reg = name;
  std::optional<unsigned> lane = lane_;
  if (container.view == DebugView::Warp) lane.reset();
  if (container.view == DebugView::RegisterLanes) {
    const auto regs = allLanesRegisters();
    if (container.index >= regs.size()) return std::unexpected("no such variable");
    const auto ln = parseLaneIndex(name);
    if (!ln) return std::unexpected(ln.error());
    reg = regs[container.index];
    lane = *ln;
  }
  ide::Debugger& d = engine();
  if (auto done = d.setRegister(reg, lane, bits); !done) return std::unexpected(done.error());
  const bool pred = isPredicate(d.layout().parse(reg));
  return DebugValue{name, pred ? DebugValue::Kind::Bool : DebugValue::Kind::Hex,
                    pred ? (bits != 0 ? 1u : 0u) : bits, reg, 0};
}

std::expected<DebugEvaluation, std::string> DebugSession::evaluate(std::string_view expression) const {
  const ide::Debugger& d = engine();
  const auto parsed = sim::Expression::parse(expression, d.layout());
  if (!parsed)
    return std::unexpected("column " + std::to_string(parsed.error().column + 1) + ": " +
                           parsed.error().message);
  const auto v = d.evaluate(expression, lane_);
  if (!v) return std::unexpected(v.error().message);
  return DebugEvaluation{*v, parsed->perLane()};
}

std::expected<std::vector<ide::ProvenanceLink>, std::string> DebugSession::provenance(
    std::string_view reg, std::optional<unsigned> lane) const {
  return engine().provenance(reg, lane.value_or(lane_));
}

std::expected<std::vector<ide::ProvenanceLink>, std::string> DebugSession::why(std::string_view text) const {
  // `why R1[3]`, or `why R1` in the lane in focus.
  const auto what = parseRegisterAtLane(text);
  if (!what) return std::unexpected(what.error());
  return engine().provenance(what->registerName, what->lane.value_or(lane_));
}

std::optional<DebugGotoTarget> DebugSession::gotoTarget(std::uint32_t line) const {
  const ide::Debugger& d = engine();
  const auto p = d.positionOfLine(line);
  if (!p) return std::nullopt;
  return DebugGotoTarget{*p, *d.lineAt(*p), d.sourceAt(*p)};
}

}  // namespace gpuasm::workspace
