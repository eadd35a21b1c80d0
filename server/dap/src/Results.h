// The bodies of the debug adapter's responses and events, as DAP defines them (private to
// server/dap): plain structs the handlers fill from the debug session, written to JSON by
// to_json (found by nlohmann::json's conversion). An event is a struct with its name as kEvent;
// event() makes the message.
#pragma once

#include "Protocol.h"

#include <gpuasm/ide/execution/Debugger.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::dap::protocol {

/// A u32 as the adapter shows it in hex: 0x and eight digits.
std::string hex8(std::uint32_t v);

// ------------------------------------------------------------------ results

/// A breakpoint or data breakpoint as set: verified, or refused with a message.
struct Breakpoint {
  std::optional<int> id;  ///< none for a breakpoint of another file than the program
  bool verified = false;
  std::optional<std::uint32_t> line;  ///< 1-based
  std::string message;                ///< left out when empty
};
void to_json(json& j, const Breakpoint& b);

/// setBreakpoints, setDataBreakpoints and setExceptionBreakpoints.
struct BreakpointsResult {
  std::vector<Breakpoint> breakpoints;
};
void to_json(json& j, const BreakpointsResult& r);

struct DataBreakpointInfoResult {
  std::optional<std::string> dataId;  ///< null when the variable cannot be watched
  std::string description;
};
void to_json(json& j, const DataBreakpointInfoResult& r);

struct Thread {
  int id = 1;
  std::string name;
};
struct ThreadsResult {
  std::vector<Thread> threads;
};
void to_json(json& j, const ThreadsResult& r);

struct Source {
  std::string path, name;
};
struct StackFrame {
  int id = 1;
  std::string name;
  std::uint32_t line = 0, column = 1;  ///< 1-based
  Source source;
  std::string instructionPointerReference;
};
struct StackTraceResult {
  std::vector<StackFrame> stackFrames;
};
void to_json(json& j, const StackTraceResult& r);

struct Scope {
  std::string name;
  std::int64_t variablesReference = 0;
};
struct ScopesResult {
  std::vector<Scope> scopes;
};
void to_json(json& j, const ScopesResult& r);

struct Variable {
  std::string name, value;
  std::int64_t variablesReference = 0;  ///< 0: no children
  std::string evaluateName;             ///< left out when empty
};
struct VariablesResult {
  std::vector<Variable> variables;
};
void to_json(json& j, const VariablesResult& r);

struct SetVariableResult {
  std::string value;
};
void to_json(json& j, const SetVariableResult& r);

struct EvaluateResult {
  std::string result;
  std::optional<std::string> type;  ///< the expression's type; none for `why`
};
void to_json(json& j, const EvaluateResult& r);

struct ContinueResult {};  ///< allThreadsContinued: the warp is the one thread
void to_json(json& j, const ContinueResult& r);

struct GotoTarget {
  std::uint64_t id = 0;
  std::string label;
  std::uint32_t line = 0;  ///< 1-based
};
struct GotoTargetsResult {
  std::vector<GotoTarget> targets;
};
void to_json(json& j, const GotoTargetsResult& r);

/// gpuasm/provenance.
struct ProvenanceResult {
  std::vector<ide::ProvenanceLink> links;
};
void to_json(json& j, const ProvenanceResult& r);

/// gpuasm/warpState: the whole warp where execution stands.
struct WarpStateResult {
  std::uint64_t position = 0, length = 0;
  std::optional<std::uint32_t> line;  ///< 1-based; none at the end
  unsigned lane = 0;
  const sim::WarpState* state = nullptr;  ///< the active mask and the registers (as `gpuasm run --json`)
  /// Per register the last instruction executed wrote: the type it gave it (ValueTypes.h).
  std::vector<ide::RegisterType> types;
};
void to_json(json& j, const WarpStateResult& r);

/// gpuasm/laneView: the warp across its lanes, the next and the previous instruction.
struct LaneViewResult {
  std::shared_ptr<const ide::LaneView> view;
  std::optional<std::uint32_t> line;  ///< 1-based; none at the end
  unsigned lane = 0;
};
void to_json(json& j, const LaneViewResult& r);

// ------------------------------------------------------------------ events

struct InitializedEvent {
  static constexpr const char* kEvent = "initialized";
};
void to_json(json& j, const InitializedEvent& e);

struct StoppedEvent {
  static constexpr const char* kEvent = "stopped";
  std::string reason, description;
  std::vector<int> hitBreakpointIds;  ///< left out when empty
  std::optional<std::string> text;    ///< an exception's
};
void to_json(json& j, const StoppedEvent& e);

struct OutputEvent {
  static constexpr const char* kEvent = "output";
  std::string category;  ///< "console", "stderr"
  std::string output;
};
void to_json(json& j, const OutputEvent& e);

struct InvalidatedEvent {
  static constexpr const char* kEvent = "invalidated";
  std::vector<std::string> areas;
};
void to_json(json& j, const InvalidatedEvent& e);

/// The lane view after a stop, for a client that asked for it (gpuasm/followLanes).
struct LaneViewEvent {
  static constexpr const char* kEvent = "gpuasm/laneView";
  LaneViewResult view;
};
void to_json(json& j, const LaneViewEvent& e);

struct TerminatedEvent {
  static constexpr const char* kEvent = "terminated";
};
void to_json(json& j, const TerminatedEvent& e);

/// An event message, without its seq (numbered when it is sent).
template <typename Event>
std::string event(const Event& e) {
  return dump(json{{"type", "event"}, {"event", Event::kEvent}, {"body", e}});
}

}  // namespace gpuasm::dap::protocol
