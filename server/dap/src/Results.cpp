// The debug adapter's response and event bodies as JSON (see Results.h).
#include "Results.h"

#include <gpuasm/sim/Value.h>
#include <gpuasm/formats/RunJson.h>

#include <cstdio>

namespace gpuasm::dap::protocol {

std::string hex8(std::uint32_t v) { return sim::formatBits(v, sim::ValueFormat::PaddedHex); }

void to_json(json& j, const Breakpoint& b) {
  j = {{"verified", b.verified}};
  if (b.id) j["id"] = *b.id;
  if (b.line) j["line"] = *b.line;
  if (!b.message.empty()) j["message"] = b.message;
}

void to_json(json& j, const BreakpointsResult& r) { j = {{"breakpoints", r.breakpoints}}; }

void to_json(json& j, const DataBreakpointInfoResult& r) {
  j = {{"dataId", nullptr}, {"description", r.description}};
  if (r.dataId) {
    j["dataId"] = *r.dataId;
    j["accessTypes"] = {"write"};
    j["canPersist"] = false;
  }
}

void to_json(json& j, const ThreadsResult& r) {
  j = {{"threads", json::array()}};
  for (const Thread& t : r.threads) j["threads"].push_back({{"id", t.id}, {"name", t.name}});
}

void to_json(json& j, const StackTraceResult& r) {
  j = {{"stackFrames", json::array()}, {"totalFrames", r.stackFrames.size()}};
  for (const StackFrame& f : r.stackFrames)
    j["stackFrames"].push_back({{"id", f.id},
                                {"name", f.name},
                                {"line", f.line},
                                {"column", f.column},
                                {"source", {{"path", f.source.path}, {"name", f.source.name}}},
                                {"instructionPointerReference", f.instructionPointerReference}});
}

void to_json(json& j, const ScopesResult& r) {
  j = {{"scopes", json::array()}};
  for (const Scope& s : r.scopes)
    j["scopes"].push_back(
        {{"name", s.name}, {"variablesReference", s.variablesReference}, {"expensive", false}});
}

void to_json(json& j, const VariablesResult& r) {
  j = {{"variables", json::array()}};
  for (const Variable& v : r.variables) {
    json item = {{"name", v.name}, {"value", v.value}, {"variablesReference", v.variablesReference}};
    if (!v.evaluateName.empty()) item["evaluateName"] = v.evaluateName;
    j["variables"].push_back(std::move(item));
  }
}

void to_json(json& j, const SetVariableResult& r) { j = {{"value", r.value}}; }

void to_json(json& j, const EvaluateResult& r) {
  j = {{"result", r.result}, {"variablesReference", 0}};
  if (r.type) j["type"] = *r.type;
}

void to_json(json& j, const ContinueResult&) { j = {{"allThreadsContinued", true}}; }

void to_json(json& j, const GotoTargetsResult& r) {
  j = {{"targets", json::array()}};
  for (const GotoTarget& t : r.targets)
    j["targets"].push_back({{"id", t.id}, {"label", t.label}, {"line", t.line}});
}

namespace {

json inputJson(const ide::ProvenanceInput& in) {
  json j = {{"register", in.registerName}, {"value", hex8(in.value)}};
  if (in.lane) j["lane"] = *in.lane;
  if (in.from) j["from"] = *in.from;
  if (!in.note.empty()) j["note"] = in.note;
  return j;
}

}  // namespace

void to_json(json& j, const ProvenanceResult& r) {
  j = {{"links", json::array()}};
  for (const ide::ProvenanceLink& l : r.links) {
    json inputs = json::array();
    for (const ide::ProvenanceInput& in : l.inputs) inputs.push_back(inputJson(in));
    json link = {{"register", l.registerName},
                 {"value", hex8(l.value)},
                 {"source", l.source},
                 {"inputs", std::move(inputs)}};
    if (l.lane) link["lane"] = *l.lane;
    if (l.line) link["line"] = *l.line + 1;
    if (l.position) link["position"] = *l.position;
    j["links"].push_back(std::move(link));
  }
}

void to_json(json& j, const WarpStateResult& r) {
  j = {{"position", r.position},
       {"length", r.length},
       {"lane", r.lane},
       {"activeMask", hex8(r.state->activeMask)},
       {"regs", json::parse(formats::registersToJson(*r.state))}};
  json types = json::object();
  for (const ide::RegisterType& t : r.types)
    types[r.state->layout.name(t.file, t.number)] = sim::valueTypeName(t.type);
  j["types"] = std::move(types);
  if (r.line) j["line"] = *r.line;
}

namespace {

json instructionJson(const ide::InstructionLanes& in) {
  json j = {{"position", in.position}, {"line", in.line + 1}, {"source", in.source},
            {"reads", in.reads},       {"writes", in.writes}, {"guardLanes", hex8(in.guardLanes)},
            {"lanes", hex8(in.lanes)}};
  if (!in.guard.empty()) j["guard"] = in.guard;
  if (!in.error.empty()) j["error"] = in.error;
  if (!in.exchange) return j;
  const ide::LaneExchangeInfo& x = *in.exchange;
  json exchange = {{"op", x.op}, {"participants", hex8(x.participants)}, {"results", json::array()}};
  if (x.sources) {
    json sources = json::array();
    for (unsigned lane = 0; lane < sim::kWarpSize; ++lane)
      sources.push_back(((x.participants >> lane) & 1u) != 0 ? json((*x.sources)[lane]) : json(nullptr));
    exchange["sources"] = std::move(sources);
    exchange["inRange"] = hex8(x.inRange);
  }
  for (const auto& [name, value] : x.results)
    exchange["results"].push_back({{"register", name}, {"value", hex8(value)}});
  j["exchange"] = std::move(exchange);
  return j;
}

}  // namespace

void to_json(json& j, const LaneViewResult& r) {
  const ide::LaneView& v = *r.view;
  json registers = json::array();
  for (const ide::LaneRegister& reg : v.registers) {
    const bool predicate = reg.file == sim::RegFile::P || reg.file == sim::RegFile::UP;
    json values = json::array();
    for (const std::uint32_t value : reg.values)
      values.push_back(predicate ? json(value != 0) : json(hex8(value)));
    json item = {{"name", reg.name}, {"values", std::move(values)}};
    if (reg.values.size() == 1) item["uniform"] = true;
    registers.push_back(std::move(item));
  }
  j = {{"position", v.position},
       {"length", v.length},
       {"reached", v.reached},
       {"lane", r.lane},
       {"activeMask", hex8(v.activeMask)},
       {"registers", std::move(registers)}};
  if (r.line) j["line"] = *r.line;
  if (v.next) j["next"] = instructionJson(*v.next);
  if (v.previous) j["previous"] = instructionJson(*v.previous);
}

void to_json(json& j, const InitializedEvent&) { j = json::object(); }

void to_json(json& j, const StoppedEvent& e) {
  j = {{"reason", e.reason}, {"threadId", 1}, {"allThreadsStopped", true}, {"description", e.description}};
  if (!e.hitBreakpointIds.empty()) j["hitBreakpointIds"] = e.hitBreakpointIds;
  if (e.text) j["text"] = *e.text;
}

void to_json(json& j, const OutputEvent& e) { j = {{"category", e.category}, {"output", e.output}}; }

void to_json(json& j, const InvalidatedEvent& e) { j = {{"areas", e.areas}}; }

void to_json(json& j, const LaneViewEvent& e) { to_json(j, e.view); }

void to_json(json& j, const TerminatedEvent&) { j = json::object(); }

}  // namespace gpuasm::dap::protocol
