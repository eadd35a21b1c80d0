// The Debug Adapter Protocol over ide::Debugger (see DapServer.h).
#include <gpuasm/dap/DapServer.h>

#include <gpuasm/ide/analysis/SourceFile.h>
#include <gpuasm/isa/DecimalFloat.h>
#include <gpuasm/wire/RunJson.h>
#include <gpuasm/sim/Expression.h>

#include <gpuasm/wire/RunJsonTree.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <bitset>
#include <charconv>
#include <cstdio>
#include <filesystem>

namespace gpuasm::dap {

using json = nlohmann::json;

namespace {

// Variable references: the scopes, then one per register of the all-lanes scope.
constexpr int kLaneScope = 1, kLaneF32Scope = 2, kPredScope = 3, kWarpScope = 4, kAllLanesScope = 5, kAllLanesBase = 1000;
// Instructions a `continue` runs before it looks for a waiting request (a pause).
constexpr std::uint64_t kSlice = 20000;

// A request the client got wrong: answered with success false and the message.
struct RequestError {
  std::string message;
};

std::string hex8(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

// A value as a user types it into setVariable: decimal, 0x hex, -decimal, an f32 with a '.',
// or true/false.
std::optional<std::uint32_t> parseValue(std::string text) {
  while (!text.empty() && text.back() == ' ') text.pop_back();
  while (!text.empty() && text.front() == ' ') text.erase(text.begin());
  if (text == "true") return 1;
  if (text == "false") return 0;
  if (text.find('.') != std::string::npos && text.find("0x") == std::string::npos) {
    std::string_view digits = text;
    if (!digits.empty() && (digits.back() == 'f' || digits.back() == 'F')) digits.remove_suffix(1);
    const text::DecimalFloat f = text::parseDecimalF32(digits);
    if (f.status != text::FloatStatus::Ok) return std::nullopt;
    return std::bit_cast<std::uint32_t>(f.value);
  }
  bool negative = false;
  std::string_view s = text;
  if (!s.empty() && s.front() == '-') {
    negative = true;
    s.remove_prefix(1);
  }
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  std::uint64_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size() || v > 0xFFFFFFFFull) return std::nullopt;
  return negative ? static_cast<std::uint32_t>(0u - static_cast<std::uint32_t>(v)) : static_cast<std::uint32_t>(v);
}

const json& argumentsOf(const json& request) {
  static const json empty = json::object();
  const auto it = request.find("arguments");
  return it != request.end() && it->is_object() ? *it : empty;
}

std::optional<std::int64_t> intArg(const json& args, const char* key) {
  const auto it = args.find(key);
  if (it == args.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<std::int64_t>();
}

std::string stringArg(const json& args, const char* key) {
  const auto it = args.find(key);
  return it != args.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The path of a request's `source` (empty when it has none).
std::string sourcePath(const json& args) {
  const auto it = args.find("source");
  return it != args.end() && it->is_object() ? stringArg(*it, "path") : std::string();
}

// Whether two paths name the same file (`a/./b.asm` and `a/b.asm`, a symbolic link and its target).
bool samePath(const std::string& a, const std::string& b) {
  std::error_code ea, eb;
  const std::filesystem::path ca = std::filesystem::weakly_canonical(a, ea), cb = std::filesystem::weakly_canonical(b, eb);
  if (ea || eb) return std::filesystem::path(a).lexically_normal() == std::filesystem::path(b).lexically_normal();
  return ca == cb;
}

}  // namespace

// The request handlers, with access to the server's state.
struct DapHandlers {
  DapServer& s;

  ide::Debugger& session() {
    if (!s.session_) throw RequestError{"no program is launched (send launch first)"};
    return *s.session_;
  }

  // Queued; numbered (seq) in the order they are sent when the batch is done.
  void event(const std::string& name, json body = json::object()) {
    s.out_.push_back(json{{"type", "event"}, {"event", name}, {"body", std::move(body)}}.dump(-1, ' ', false, json::error_handler_t::replace));
  }

  void stopped(const ide::DebugStop& stop, const char* reason = nullptr) {
    for (const std::string& line : stop.logs) event("output", {{"category", "console"}, {"output", line + "\n"}});
    json body = {{"reason", reason != nullptr ? reason : ide::debugStopReasonName(stop.reason)},
                 {"threadId", 1},
                 {"allThreadsStopped", true},
                 {"description", stop.description.empty() ? std::string(ide::debugStopReasonName(stop.reason)) : stop.description}};
    if (!stop.hitBreakpoints.empty()) body["hitBreakpointIds"] = stop.hitBreakpoints;
    if (stop.reason == ide::DebugStopReason::Error) body["text"] = stop.description;
    event("stopped", std::move(body));
  }

  // The registers a scope lists: those the run set (initialised or written), by file.
  template <std::size_t N>
  static std::vector<std::uint32_t> setIndices(const std::bitset<N>& set) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < N; ++i)
      if (set[i]) out.push_back(i);
    return out;
  }
  std::vector<std::uint32_t> setGprs() { return setIndices(session().state().rSet); }
  std::vector<std::uint32_t> setPreds() { return setIndices(session().state().pSet); }

  std::string number(std::uint32_t v, bool hex) { return hex ? hex8(v) : std::to_string(v); }

  json variable(const std::string& name, std::string value, int reference = 0, std::string evaluateName = {}) {
    json v = {{"name", name}, {"value", std::move(value)}, {"variablesReference", reference}};
    if (!evaluateName.empty()) v["evaluateName"] = std::move(evaluateName);
    return v;
  }

  json initialize(const json&) {
    return {{"supportsConfigurationDoneRequest", true},
            {"supportsStepBack", true},
            {"supportsGotoTargetsRequest", true},
            {"supportsConditionalBreakpoints", true},
            {"supportsHitConditionalBreakpoints", true},
            {"supportsLogPoints", true},
            {"supportsDataBreakpoints", true},
            {"supportsSetVariable", true},
            {"supportsEvaluateForHovers", true},
            {"supportsRestartRequest", true},
            {"supportsTerminateRequest", true},
            {"supportsValueFormattingOptions", true},
            {"supportsSteppingGranularity", false}};
  }

  json launch(const json& args) {
    const std::string program = stringArg(args, "program");
    if (program.empty()) throw RequestError{"launch needs \"program\": the .asm file to debug"};
    const auto text = ide::readSourceFile(program);
    if (!text) throw RequestError{text.error()};
    ide::DebugLaunch options;
    if (const std::string stateFile = stringArg(args, "stateFile"); !stateFile.empty()) {
      const auto stateText = ide::readSourceFile(stateFile);
      if (!stateText) throw RequestError{stateText.error()};
      auto state = wire::parseStateJson(*stateText);
      if (!state) throw RequestError{stateFile + ": " + state.error()};
      options.stateFile = std::move(*state);
    }
    if (args.contains("stepLimit")) {
      const auto limit = intArg(args, "stepLimit");
      if (!limit || *limit <= 0) throw RequestError{"stepLimit is a number of instructions (1 or more)"};
      options.stepLimit = static_cast<std::uint64_t>(*limit);
    }
    if (args.contains("lane")) {
      const auto lane = intArg(args, "lane");
      if (!lane || *lane < 0 || *lane > 31) throw RequestError{"lane is 0..31"};
      s.lane_ = static_cast<unsigned>(*lane);
    }
    s.stopOnEntry_ = args.value("stopOnEntry", false);
    auto session = ide::Debugger::launch(s.db_, *text, std::move(options));
    if (!session) throw RequestError{program + ": " + session.error()};
    s.session_ = std::make_unique<ide::Debugger>(std::move(*session));
    s.program_ = program;
    s.configured_ = false;
    s.running_ = false;  // a continue of the previous program ends with it
    return nullptr;
  }

  json configurationDone(const json&) {
    session();
    s.configured_ = true;
    start();
    return nullptr;
  }

  // Entry: stop there, or run.
  void start() {
    ide::Debugger& d = session();
    if (s.stopOnEntry_) stopped(ide::DebugStop{ide::DebugStopReason::Entry, d.position(), d.lineAt(d.position()), "entry", {}, {}});
    else s.running_ = true;
  }

  json setBreakpoints(const json& args) {
    std::vector<ide::BreakpointSpec> specs;
    const auto it = args.find("breakpoints");
    if (it != args.end() && it->is_array())
      for (const json& b : *it) {
        const auto line = intArg(b, "line");
        if (!line || *line < 1) throw RequestError{"a breakpoint's line is 1 or more"};
        specs.push_back({static_cast<std::uint32_t>(*line - 1), stringArg(b, "condition"), stringArg(b, "hitCondition"), stringArg(b, "logMessage")});
      }
    ide::Debugger& d = session();
    json out = json::array();
    // A client sends the breakpoints of every file that has some; those of another file are
    // not in the program and must not replace its breakpoints.
    if (const std::string path = sourcePath(args); !path.empty() && !samePath(path, s.program_)) {
      for (std::size_t k = 0; k < specs.size(); ++k)
        out.push_back({{"verified", false}, {"message", path + " is not the debugged program (" + s.program_ + ")"}});
      return {{"breakpoints", out}};
    }
    for (const ide::BreakpointStatus& st : d.setBreakpoints(specs)) {
      json b = {{"id", st.id}, {"verified", st.verified}};
      if (st.line) b["line"] = *st.line + 1;
      if (!st.message.empty()) b["message"] = st.message;
      out.push_back(std::move(b));
    }
    return {{"breakpoints", out}};
  }

  // "R1@3" (R1 in lane 3), "R1" (any lane), "UR4".
  static ide::DataBreakpointSpec dataSpec(const std::string& id) {
    const std::size_t at = id.find('@');
    ide::DataBreakpointSpec spec{id.substr(0, at), std::nullopt};
    if (at != std::string::npos) {
      unsigned lane = 0;
      const auto [p, ec] = std::from_chars(id.data() + at + 1, id.data() + id.size(), lane);
      if (ec == std::errc() && p == id.data() + id.size()) spec.lane = lane;
      else spec.lane = 99;  // refused by the engine as not a lane
    }
    return spec;
  }

  json dataBreakpointInfo(const json& args) {
    const std::string name = stringArg(args, "name");
    const int ref = static_cast<int>(intArg(args, "variablesReference").value_or(0));
    std::string dataId;
    if (ref == kLaneScope || ref == kLaneF32Scope || ref == kPredScope) dataId = name + "@" + std::to_string(s.lane_);
    else if (ref == kWarpScope) dataId = name;
    else if (ref >= kAllLanesBase) {
      const auto regs = allLanesRegisters();
      const std::size_t k = static_cast<std::size_t>(ref - kAllLanesBase);
      if (k < regs.size() && name.size() > 2 && name.front() == '[') dataId = regs[k] + "@" + name.substr(1, name.size() - 2);
    } else {
      dataId = name;  // an expression: a register name, or R1[3] for one lane
      if (const std::size_t open = name.find('['); open != std::string::npos && name.back() == ']')
        dataId = name.substr(0, open) + "@" + name.substr(open + 1, name.size() - open - 2);
    }
    const auto check = session().layout().parse(dataSpec(dataId).registerName);
    if (dataId.empty() || !check) return {{"dataId", nullptr}, {"description", "only registers can be watched"}};
    const ide::DataBreakpointSpec spec = dataSpec(dataId);
    // Offer only what setDataBreakpoints accepts: a lane 0..31 of a per-lane register.
    if (spec.lane && (check->first == sim::RegFile::UR || check->first == sim::RegFile::UP))
      return {{"dataId", nullptr}, {"description", spec.registerName + " is uniform: it has no lanes"}};
    if (spec.lane && *spec.lane >= sim::kWarpSize) return {{"dataId", nullptr}, {"description", "a lane is 0..31"}};
    const std::string what = spec.registerName + (spec.lane ? " in lane " + std::to_string(*spec.lane) : std::string(" in any lane"));
    return {{"dataId", dataId}, {"description", "when " + what + " changes"}, {"accessTypes", {"write"}}, {"canPersist", false}};
  }

  json setDataBreakpoints(const json& args) {
    std::vector<ide::DataBreakpointSpec> specs;
    const auto it = args.find("breakpoints");
    if (it != args.end() && it->is_array())
      for (const json& b : *it) specs.push_back(dataSpec(stringArg(b, "dataId")));
    json out = json::array();
    for (const ide::BreakpointStatus& st : session().setDataBreakpoints(specs)) {
      json b = {{"id", st.id}, {"verified", st.verified}};
      if (!st.message.empty()) b["message"] = st.message;
      out.push_back(std::move(b));
    }
    return {{"breakpoints", out}};
  }

  // A program that cannot go on always stops ("exception"); there is nothing to configure.
  json setExceptionBreakpoints(const json&) { return {{"breakpoints", json::array()}}; }

  json threads(const json&) { return {{"threads", json::array({{{"id", 1}, {"name", "warp (32 lanes)"}}})}}; }

  json stackTrace(const json&) {
    ide::Debugger& d = session();
    const auto line = d.lineAt(d.position());
    const std::string name = line ? d.sourceAt(d.position()) : std::string("(end of the program)");
    // At the end, the frame stands after the last instruction.
    const std::uint32_t shown = line ? *line : (d.length() > 0 ? *d.lineAt(d.length() - 1) + 1 : 0);
    const std::size_t slash = s.program_.find_last_of('/');
    json frame = {{"id", 1},
                  {"name", name},
                  {"line", shown + 1},
                  {"column", 1},
                  {"source", {{"path", s.program_}, {"name", s.program_.substr(slash == std::string::npos ? 0 : slash + 1)}}},
                  {"instructionPointerReference", std::to_string(d.position())}};
    return {{"stackFrames", json::array({frame})}, {"totalFrames", 1}};
  }

  json scopes(const json&) {
    session();
    const std::string lane = std::to_string(s.lane_);
    return {{"scopes", json::array({
                           {{"name", "Registers (lane " + lane + ")"}, {"variablesReference", kLaneScope}, {"expensive", false}},
                           {{"name", "Registers as f32 (lane " + lane + ")"}, {"variablesReference", kLaneF32Scope}, {"expensive", false}},
                           {{"name", "Predicates (lane " + lane + ")"}, {"variablesReference", kPredScope}, {"expensive", false}},
                           {{"name", "Uniform registers and active mask"}, {"variablesReference", kWarpScope}, {"expensive", false}},
                           {{"name", "All lanes"}, {"variablesReference", kAllLanesScope}, {"expensive", false}},
                       })}};
  }

  std::vector<std::string> allLanesRegisters() {
    std::vector<std::string> out;
    const sim::RegisterLayout& l = session().layout();
    for (std::uint32_t r : setGprs()) out.push_back(l.name(sim::RegFile::R, r));
    for (std::uint32_t p : setPreds()) out.push_back(l.name(sim::RegFile::P, p));
    return out;
  }

  json variables(const json& args) {
    ide::Debugger& d = session();
    const sim::WarpState& st = d.state();
    const sim::RegisterLayout& l = d.layout();
    const int ref = static_cast<int>(intArg(args, "variablesReference").value_or(0));
    bool hex = true;
    if (const auto f = args.find("format"); f != args.end() && f->is_object() && f->contains("hex")) hex = f->value("hex", true);
    const unsigned lane = s.lane_;
    json out = json::array();
    if (ref == kLaneScope) {
      for (std::uint32_t r : setGprs()) out.push_back(variable(l.name(sim::RegFile::R, r), number(st.r[r][lane], hex), 0, l.name(sim::RegFile::R, r)));
    } else if (ref == kLaneF32Scope) {
      for (std::uint32_t r : setGprs())
        out.push_back(variable(l.name(sim::RegFile::R, r), sim::formatValue({sim::ExprType::F32, st.r[r][lane]}), 0, "f32(" + l.name(sim::RegFile::R, r) + ")"));
    } else if (ref == kPredScope) {
      for (std::uint32_t p : setPreds()) out.push_back(variable(l.name(sim::RegFile::P, p), st.pred(p, lane) ? "true" : "false", 0, l.name(sim::RegFile::P, p)));
    } else if (ref == kWarpScope) {
      out.push_back(variable("activeMask", hex8(st.activeMask), 0, "activeMask"));
      for (std::uint32_t i = 0; i < sim::kMaxUgpr; ++i)
        if (st.urSet[i]) out.push_back(variable(l.name(sim::RegFile::UR, i), number(st.ur[i], hex), 0, l.name(sim::RegFile::UR, i)));
      for (std::uint32_t i = 0; i < sim::kMaxPred; ++i)
        if (st.upSet[i]) out.push_back(variable(l.name(sim::RegFile::UP, i), st.up[i] ? "true" : "false", 0, l.name(sim::RegFile::UP, i)));
    } else if (ref == kAllLanesScope) {
      const auto regs = allLanesRegisters();
      for (std::size_t k = 0; k < regs.size(); ++k) out.push_back(variable(regs[k], "32 lanes", kAllLanesBase + static_cast<int>(k)));
    } else if (ref >= kAllLanesBase) {
      const auto regs = allLanesRegisters();
      const std::size_t k = static_cast<std::size_t>(ref - kAllLanesBase);
      if (k >= regs.size()) throw RequestError{"no such variables reference (the program moved on)"};
      const auto reg = l.parse(regs[k]);
      for (unsigned ln = 0; ln < sim::kWarpSize; ++ln) {
        const std::string value = reg->first == sim::RegFile::P ? (st.pred(reg->second, ln) ? "true" : "false") : number(st.r[reg->second][ln], hex);
        out.push_back(variable("[" + std::to_string(ln) + "]", value, 0, regs[k] + "[" + std::to_string(ln) + "]"));
      }
    } else {
      throw RequestError{"no such variables reference"};
    }
    return {{"variables", out}};
  }

  json setVariable(const json& args) {
    ide::Debugger& d = session();
    const int ref = static_cast<int>(intArg(args, "variablesReference").value_or(0));
    const std::string name = stringArg(args, "name");
    const auto value = parseValue(stringArg(args, "value"));
    if (!value) throw RequestError{"'" + stringArg(args, "value") + "' is not a value (a number, 0x hex, an f32 like 0.5, true or false)"};
    std::string reg = name;
    std::optional<unsigned> lane = s.lane_;
    if (ref == kWarpScope) lane.reset();
    if (ref >= kAllLanesBase) {
      const auto regs = allLanesRegisters();
      const std::size_t k = static_cast<std::size_t>(ref - kAllLanesBase);
      if (k >= regs.size() || name.size() < 3) throw RequestError{"no such variable"};
      reg = regs[k];
      unsigned ln = 0;
      std::from_chars(name.data() + 1, name.data() + name.size() - 1, ln);
      lane = ln;
    }
    if (auto done = d.setRegister(reg, lane, *value); !done) throw RequestError{done.error()};
    const auto parsed = d.layout().parse(reg);
    const bool pred = parsed && (parsed->first == sim::RegFile::P || parsed->first == sim::RegFile::UP);
    return {{"value", pred ? (*value != 0 ? "true" : "false") : hex8(*value)}};
  }

  json evaluate(const json& args) {
    ide::Debugger& d = session();
    const std::string expression = stringArg(args, "expression");
    if (expression.rfind("why ", 0) == 0) return why(expression.substr(4));
    bool hex = true;
    if (const auto f = args.find("format"); f != args.end() && f->is_object() && f->contains("hex")) hex = f->value("hex", true);
    const auto parsed = sim::Expression::parse(expression, d.layout());
    if (!parsed) throw RequestError{"column " + std::to_string(parsed.error().column + 1) + ": " + parsed.error().message};
    const auto v = d.evaluate(expression, s.lane_);
    if (!v) throw RequestError{v.error().message};
    std::string result = v->type == sim::ExprType::U32 && !hex ? std::to_string(v->bits) : sim::formatValue(*v);
    if (parsed->perLane()) result += " (lane " + std::to_string(s.lane_) + ")";
    return {{"result", result}, {"type", sim::exprTypeName(v->type)}, {"variablesReference", 0}};
  }

  // `why R1[3]` in the REPL: the provenance chain as text.
  json why(std::string what) {
    while (!what.empty() && what.back() == ' ') what.pop_back();
    unsigned lane = s.lane_;
    if (const std::size_t open = what.find('['); open != std::string::npos && what.back() == ']') {
      std::from_chars(what.data() + open + 1, what.data() + what.size() - 1, lane);
      what = what.substr(0, open);
    }
    const auto chain = session().provenance(what, lane);
    if (!chain) throw RequestError{chain.error()};
    std::string text;
    for (std::size_t i = 0; i < chain->size(); ++i) {
      const ide::ProvenanceLink& l = (*chain)[i];
      text += "#" + std::to_string(i) + " " + l.registerName + (l.lane ? "[" + std::to_string(*l.lane) + "]" : "") + " = " + hex8(l.value) +
              ": " + (l.line ? "line " + std::to_string(*l.line + 1) + " " : "") + l.source;
      for (const ide::ProvenanceInput& in : l.inputs)
        text += "\n     reads " + in.registerName + (in.lane ? "[" + std::to_string(*in.lane) + "]" : "") + " = " + hex8(in.value) +
                (in.from ? " (#" + std::to_string(*in.from) + ")" : "") + (in.note.empty() ? "" : " " + in.note);
      text += "\n";
    }
    return {{"result", text}, {"variablesReference", 0}};
  }

  json provenance(const json& args) {
    const std::string reg = stringArg(args, "register");
    const auto lane = intArg(args, "lane").value_or(s.lane_);
    if (lane < 0 || lane > 31) throw RequestError{"lane is 0..31"};
    const auto chain = session().provenance(reg, static_cast<unsigned>(lane));
    if (!chain) throw RequestError{chain.error()};
    json links = json::array();
    for (const ide::ProvenanceLink& l : *chain) {
      json inputs = json::array();
      for (const ide::ProvenanceInput& in : l.inputs) {
        json j = {{"register", in.registerName}, {"value", hex8(in.value)}};
        if (in.lane) j["lane"] = *in.lane;
        if (in.from) j["from"] = *in.from;
        if (!in.note.empty()) j["note"] = in.note;
        inputs.push_back(std::move(j));
      }
      json link = {{"register", l.registerName}, {"value", hex8(l.value)}, {"source", l.source}, {"inputs", std::move(inputs)}};
      if (l.lane) link["lane"] = *l.lane;
      if (l.line) link["line"] = *l.line + 1;
      if (l.position) link["position"] = *l.position;
      links.push_back(std::move(link));
    }
    return {{"links", links}};
  }

  // The whole warp where execution stands, for a registers view: the run's registers as
  // `gpuasm run --json` gives them, the active mask, the position and the lane in focus.
  json warpState(const json&) {
    const ide::Debugger& d = session();
    json body = {{"position", d.position()},
                 {"length", d.length()},
                 {"lane", s.lane_},
                 {"activeMask", hex8(d.state().activeMask)},
                 {"regs", wire::detail::registersJson(d.state())}};
    if (const auto line = d.lineAt(d.position())) body["line"] = *line + 1;
    return body;
  }

  json selectLane(const json& args) {
    const auto lane = intArg(args, "lane");
    if (!lane || *lane < 0 || *lane > 31) throw RequestError{"lane is 0..31"};
    s.lane_ = static_cast<unsigned>(*lane);
    event("invalidated", {{"areas", {"variables"}}});
    return nullptr;
  }

  json resume(const json&) {
    session();
    s.running_ = true;
    return {{"allThreadsContinued", true}};
  }
  json next(const json&) {
    stopped(session().stepForward());
    return nullptr;
  }
  json stepBack(const json&) {
    stopped(session().stepBack());
    return nullptr;
  }
  json reverseContinue(const json&) {
    stopped(session().reverseContinue());
    return nullptr;
  }
  json gotoTargets(const json& args) {
    ide::Debugger& d = session();
    const auto line = intArg(args, "line");
    if (!line || *line < 1) throw RequestError{"gotoTargets needs a line (1 or more)"};
    json targets = json::array();
    if (const auto p = d.positionOfLine(static_cast<std::uint32_t>(*line - 1)))
      targets.push_back({{"id", *p + 1}, {"label", "line " + std::to_string(*d.lineAt(*p) + 1) + ": " + d.sourceAt(*p)}, {"line", *d.lineAt(*p) + 1}});
    return {{"targets", targets}};
  }
  json gotoTarget(const json& args) {
    const auto id = intArg(args, "targetId");
    if (!id || *id < 1) throw RequestError{"goto needs a targetId from gotoTargets"};
    s.running_ = false;
    // Reason "goto" when the target was reached; the end, an instruction that cannot run or
    // the step limit on the way stop with their own reason.
    const ide::DebugStop stop = session().gotoPosition(static_cast<std::uint64_t>(*id - 1));
    stopped(stop, stop.reason == ide::DebugStopReason::Step ? "goto" : nullptr);
    return nullptr;
  }
  json pause(const json&) {
    session();
    if (s.running_) {
      s.running_ = false;
      stopped(ide::DebugStop{ide::DebugStopReason::Paused, session().position(), session().lineAt(session().position()), "paused", {}, {}});
    }
    return nullptr;
  }
  json restart(const json&) {
    session().restart();
    s.running_ = false;
    start();
    return nullptr;
  }
  json disconnect(const json&) {
    s.running_ = false;
    s.exit_ = true;
    event("terminated");
    return nullptr;
  }
};

DapServer::DapServer(const isa::InstrDb& db) : db_(db) {}
DapServer::~DapServer() = default;

namespace {

// An output event on stderr saying what was wrong with a message, without its seq.
std::string unreadable(std::string_view message) {
  return json{{"type", "event"}, {"event", "output"}, {"body", {{"category", "stderr"}, {"output", "gpuasm dap: " + std::string(message) + "\n"}}}}.dump(
      -1, ' ', false, json::error_handler_t::replace);
}

// `message` (a JSON object) with "seq" as its first member.
std::string withSeq(std::int64_t seq, std::string_view message) { return "{\"seq\":" + std::to_string(seq) + "," + std::string(message.substr(1)); }

}  // namespace

std::string DapServer::framingError(std::string_view message) { return withSeq(seq_++, unreadable(message)); }

std::vector<std::string> DapServer::handle(std::span<const std::string> bodies) {
  using Handler = json (DapHandlers::*)(const json&);
  static const std::map<std::string, Handler, std::less<>> kHandlers = {
      {"initialize", &DapHandlers::initialize},
      {"launch", &DapHandlers::launch},
      {"configurationDone", &DapHandlers::configurationDone},
      {"setBreakpoints", &DapHandlers::setBreakpoints},
      {"dataBreakpointInfo", &DapHandlers::dataBreakpointInfo},
      {"setDataBreakpoints", &DapHandlers::setDataBreakpoints},
      {"setExceptionBreakpoints", &DapHandlers::setExceptionBreakpoints},
      {"threads", &DapHandlers::threads},
      {"stackTrace", &DapHandlers::stackTrace},
      {"scopes", &DapHandlers::scopes},
      {"variables", &DapHandlers::variables},
      {"setVariable", &DapHandlers::setVariable},
      {"evaluate", &DapHandlers::evaluate},
      {"continue", &DapHandlers::resume},
      {"next", &DapHandlers::next},
      {"stepIn", &DapHandlers::next},
      {"stepOut", &DapHandlers::next},
      {"stepBack", &DapHandlers::stepBack},
      {"reverseContinue", &DapHandlers::reverseContinue},
      {"gotoTargets", &DapHandlers::gotoTargets},
      {"goto", &DapHandlers::gotoTarget},
      {"pause", &DapHandlers::pause},
      {"restart", &DapHandlers::restart},
      {"disconnect", &DapHandlers::disconnect},
      {"terminate", &DapHandlers::disconnect},
      {"gpuasm/provenance", &DapHandlers::provenance},
      {"gpuasm/selectLane", &DapHandlers::selectLane},
      {"gpuasm/warpState", &DapHandlers::warpState},
  };
  out_.clear();
  DapHandlers h{*this};
  for (const std::string& body : bodies) {
    const json msg = json::parse(body, nullptr, false);
    if (msg.is_discarded() || !msg.is_object()) {
      out_.push_back(unreadable("a message that is not a JSON object was ignored"));
      continue;
    }
    const std::string command = stringArg(msg, "command");
    const json seq = msg.contains("seq") ? msg["seq"] : json(0);
    if (stringArg(msg, "type") != "request" || command.empty()) {
      out_.push_back(unreadable("a message that is not a request (\"type\": \"request\" with a \"command\") was ignored"));
      continue;
    }
    json response = {{"type", "response"}, {"request_seq", seq}, {"command", command}, {"success", true}};
    // The events a handler sends follow its response.
    const std::size_t mark = out_.size();
    try {
      const auto it = kHandlers.find(command);
      if (it == kHandlers.end()) throw RequestError{"unknown request '" + command + "'"};
      json result = (h.*(it->second))(argumentsOf(msg));
      if (!result.is_null()) response["body"] = std::move(result);
    } catch (const RequestError& e) {
      response["success"] = false;
      response["message"] = e.message;
    } catch (const json::exception& e) {
      response["success"] = false;
      response["message"] = std::string("malformed arguments: ") + e.what();
    }
    out_.insert(out_.begin() + static_cast<std::ptrdiff_t>(mark), response.dump(-1, ' ', false, json::error_handler_t::replace));
    if (command == "launch" && response["success"] == true) h.event("initialized");
  }
  return numbered();
}

// Every outgoing message (a JSON object, dumped without seq) gets the next sequence number, in
// the order it is sent.
std::vector<std::string> DapServer::numbered() {
  std::vector<std::string> out;
  out.reserve(out_.size());
  for (const std::string& m : out_) out.push_back(withSeq(seq_++, m));
  out_.clear();
  return out;
}

std::vector<std::string> DapServer::idle() {
  out_.clear();
  if (!running_ || !session_) {
    running_ = false;
    return {};
  }
  DapHandlers h{*this};
  const ide::DebugStop stop = session_->continueForward(kSlice);
  if (stop.reason == ide::DebugStopReason::Paused) {
    for (const std::string& line : stop.logs) h.event("output", {{"category", "console"}, {"output", line + "\n"}});
    return numbered();
  }
  running_ = false;
  h.stopped(stop);
  return numbered();
}

}  // namespace gpuasm::dap
