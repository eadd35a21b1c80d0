// Reading the debug adapter's arguments (see Protocol.h).
#include "Protocol.h"

#include <gpuasm/sim/WarpState.h>

#include <limits>

namespace gpuasm::dap::protocol {

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

namespace {

constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();
constexpr std::string_view kLine = "a line number (1 or more)";
constexpr std::string_view kLane = "a lane 0..31";

// A value as an error message quotes it: its JSON, cut short.
std::string quoted(const json& v) {
  std::string s = dump(v);
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

[[noreturn]] void wrong(std::string_view key, std::string_view what, const json& v) {
  throw RequestError{"\"" + std::string(key) + "\" must be " + std::string(what) + ", not " + quoted(v)};
}

// The member, or null when it is absent or null (null counts as absent).
const json* find(const json& object, const char* member) {
  const auto it = object.find(member);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

// The member `prefix + member` of a request that cannot do without it.
const json& required(const json& object, const char* member, std::string_view command, std::string_view what,
                     const std::string& prefix = {}) {
  if (const json* v = find(object, member)) return *v;
  throw RequestError{std::string(command) + " needs \"" + prefix + member + "\": " + std::string(what)};
}

std::string text(const json& v, std::string_view key, std::string_view what) {
  if (!v.is_string()) wrong(key, what, v);
  return v.get<std::string>();
}

bool boolean(const json& v, std::string_view key) {
  if (!v.is_boolean()) wrong(key, "true or false", v);
  return v.get<bool>();
}

// An integer in [min, max]; `what` says which.
std::int64_t integer(const json& v, std::string_view key, std::string_view what, std::int64_t min,
                     std::int64_t max) {
  if (v.is_number_unsigned()) {
    const std::uint64_t u = v.get<std::uint64_t>();
    if (u <= static_cast<std::uint64_t>(max) && static_cast<std::int64_t>(u) >= min)
      return static_cast<std::int64_t>(u);
  } else if (v.is_number_integer()) {
    const std::int64_t i = v.get<std::int64_t>();
    if (i >= min && i <= max) return i;
  }
  wrong(key, what, v);
}

unsigned lane(const json& v, std::string_view key) {
  return static_cast<unsigned>(integer(v, key, kLane, 0, sim::kWarpSize - 1));
}

// format.hex of variables and evaluate (default true).
bool hexFormat(const json& arguments) {
  const json* format = find(arguments, "format");
  if (format == nullptr) return true;
  if (!format->is_object()) wrong("format", R"(an object such as {"hex": false})", *format);
  const json* hex = find(*format, "hex");
  return hex == nullptr || boolean(*hex, "format.hex");
}

ide::BreakpointSpec sourceBreakpoint(const json& b, const std::string& at) {
  if (!b.is_object()) wrong(at, R"(a breakpoint such as {"line": 5})", b);
  const json& line = required(b, "line", "setBreakpoints", kLine, at + ".");
  ide::BreakpointSpec spec;
  spec.line = static_cast<std::uint32_t>(integer(line, at + ".line", kLine, 1, 0xFFFFFFFFll) - 1);
  if (const json* v = find(b, "condition")) spec.condition = text(*v, at + ".condition", "an expression");
  if (const json* v = find(b, "hitCondition"))
    spec.hitCondition = text(*v, at + ".hitCondition", "a hit condition such as \">= 3\"");
  if (const json* v = find(b, "logMessage")) spec.logMessage = text(*v, at + ".logMessage", "a message");
  return spec;
}

}  // namespace

void from_json(const json&, NoArguments&) {}

void from_json(const json& j, LaunchArguments& a) {
  const std::string needs = R"(launch needs "program": the .asm file to debug)";
  const json* program = find(j, "program");
  if (program == nullptr || (program->is_string() && program->get_ref<const std::string&>().empty()))
    throw RequestError{needs};
  if (!program->is_string()) throw RequestError{needs + " (a path), not " + quoted(*program)};
  a.launch.program = program->get<std::string>();
  if (const json* v = find(j, "stateFile"))
    a.launch.stateFile = text(*v, "stateFile", "the path of a state file");
  if (const json* v = find(j, "stepLimit"))
    a.launch.stepLimit = static_cast<std::uint64_t>(
        integer(*v, "stepLimit", "a number of instructions (1 or more)", 1, kMaxInt));
  if (const json* v = find(j, "lane")) a.launch.lane = lane(*v, "lane");
  if (const json* v = find(j, "stopOnEntry")) a.launch.stopOnEntry = boolean(*v, "stopOnEntry");
}

void from_json(const json& j, SetBreakpointsArguments& a) {
  if (const json* source = find(j, "source")) {
    if (!source->is_object()) wrong("source", R"(an object with the file's "path")", *source);
    if (const json* path = find(*source, "path"))
      a.sourcePath = text(*path, "source.path", "the file's path");
  }
  if (const json* list = find(j, "breakpoints")) {
    if (!list->is_array()) wrong("breakpoints", "an array of breakpoints", *list);
    for (std::size_t k = 0; k < list->size(); ++k)
      a.breakpoints.push_back(sourceBreakpoint((*list)[k], "breakpoints[" + std::to_string(k) + "]"));
  }
}

void from_json(const json& j, DataBreakpointInfoArguments& a) {
  constexpr std::string_view kName = "the variable's name or an expression";
  a.name = text(required(j, "name", "dataBreakpointInfo", kName), "name", kName);
  if (const json* v = find(j, "variablesReference"))
    a.variablesReference =
        integer(*v, "variablesReference", "a number that scopes or variables gave", 0, kMaxInt);
}

void from_json(const json& j, SetDataBreakpointsArguments& a) {
  constexpr std::string_view kId = "a dataId that dataBreakpointInfo gave";
  const json& list = required(j, "breakpoints", "setDataBreakpoints", "the data breakpoints ([] for none)");
  if (!list.is_array()) wrong("breakpoints", "an array of data breakpoints", list);
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string at = "breakpoints[" + std::to_string(k) + "]";
    if (!list[k].is_object()) wrong(at, R"(a data breakpoint such as {"dataId": "R1[0]"})", list[k]);
    a.dataIds.push_back(
        text(required(list[k], "dataId", "setDataBreakpoints", kId, at + "."), at + ".dataId", kId));
  }
}

void from_json(const json& j, VariablesArguments& a) {
  constexpr std::string_view kReference = "a number that scopes or variables gave";
  a.variablesReference = integer(required(j, "variablesReference", "variables", kReference),
                                 "variablesReference", kReference, 0, kMaxInt);
  a.hex = hexFormat(j);
}

void from_json(const json& j, SetVariableArguments& a) {
  constexpr std::string_view kReference = "a number that scopes or variables gave";
  constexpr std::string_view kValue = "a string (a number, 0x hex, an f32 like 0.5, true or false)";
  a.variablesReference = integer(required(j, "variablesReference", "setVariable", kReference),
                                 "variablesReference", kReference, 0, kMaxInt);
  a.name = text(required(j, "name", "setVariable", "the variable's name"), "name", "the variable's name");
  a.value = text(required(j, "value", "setVariable", kValue), "value", kValue);
}

void from_json(const json& j, EvaluateArguments& a) {
  constexpr std::string_view kExpression = "an expression (docs/LANGUAGE.md) or why REGISTER";
  a.expression = text(required(j, "expression", "evaluate", kExpression), "expression", kExpression);
  a.hex = hexFormat(j);
}

void from_json(const json& j, GotoTargetsArguments& a) {
  a.line = static_cast<std::uint32_t>(
      integer(required(j, "line", "gotoTargets", kLine), "line", kLine, 1, 0xFFFFFFFFll) - 1);
}

void from_json(const json& j, GotoArguments& a) {
  constexpr std::string_view kTarget = "a target id that gotoTargets gave";
  a.targetId = static_cast<std::uint64_t>(
      integer(required(j, "targetId", "goto", kTarget), "targetId", kTarget, 1, kMaxInt));
}

void from_json(const json& j, ProvenanceArguments& a) {
  constexpr std::string_view kRegister = "a register such as R1";
  a.registerName = text(required(j, "register", "gpuasm/provenance", kRegister), "register", kRegister);
  if (const json* v = find(j, "lane")) a.lane = lane(*v, "lane");
}

void from_json(const json& j, SelectLaneArguments& a) {
  a.lane = lane(required(j, "lane", "gpuasm/selectLane", kLane), "lane");
}

void from_json(const json& j, GotoStepArguments& a) {
  constexpr std::string_view kStep = "a step number (0 or more)";
  a.step = static_cast<std::uint64_t>(
      integer(required(j, "step", "gpuasm/gotoStep", kStep), "step", kStep, 0, kMaxInt));
}

void from_json(const json& j, FollowLanesArguments& a) {
  if (const json* v = find(j, "enabled")) a.enabled = boolean(*v, "enabled");
}

}  // namespace gpuasm::dap::protocol
