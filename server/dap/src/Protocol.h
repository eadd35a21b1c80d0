// The arguments of the requests the debug adapter handles, as typed structs (private to
// server/dap), read with from_json (found by json::get<T>()). A missing or mistyped argument
// throws RequestError naming it and saying what it must be: `launch needs "program": …`,
// `"lane" must be a lane 0..31, not 40`. Arguments DAP defines that the adapter has no use for
// (threadId: there is one thread; frameId: there is one frame) are not read.
#pragma once

#include <gpuasm/ide/execution/Debugger.h>
#include <gpuasm/workspace/DebugSession.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::dap::protocol {

using nlohmann::json;

/// A request the client got wrong, or one that cannot be done: answered with success false and
/// the message.
struct RequestError {
  std::string message;
};

/// Serialises with invalid UTF-8 replaced by U+FFFD, so a program's text never breaks the writer.
std::string dump(const json& j);

/// For the requests whose arguments the adapter does not read.
struct NoArguments {};
void from_json(const json& j, NoArguments& a);

struct LaunchArguments {
  workspace::DebugLaunchRequest launch;  ///< program (required), stateFile, stepLimit, lane, stopOnEntry
};
void from_json(const json& j, LaunchArguments& a);

struct SetBreakpointsArguments {
  std::string sourcePath;                        ///< source.path; empty when absent
  std::vector<ide::BreakpointSpec> breakpoints;  ///< lines 0-based (DAP's are 1-based)
};
void from_json(const json& j, SetBreakpointsArguments& a);

struct DataBreakpointInfoArguments {
  std::optional<std::int64_t> variablesReference;  ///< absent or 0: `name` is an expression
  std::string name;
};
void from_json(const json& j, DataBreakpointInfoArguments& a);

struct SetDataBreakpointsArguments {
  std::vector<std::string> dataIds;  ///< breakpoints[].dataId, as dataBreakpointInfo gave them
};
void from_json(const json& j, SetDataBreakpointsArguments& a);

struct VariablesArguments {
  std::int64_t variablesReference = 0;
  bool hex = true;  ///< format.hex
};
void from_json(const json& j, VariablesArguments& a);

struct SetVariableArguments {
  std::int64_t variablesReference = 0;
  std::string name, value;
};
void from_json(const json& j, SetVariableArguments& a);

struct EvaluateArguments {
  std::string expression;
  bool hex = true;  ///< format.hex
};
void from_json(const json& j, EvaluateArguments& a);

struct GotoTargetsArguments {
  std::uint32_t line = 0;  ///< 0-based (DAP's is 1-based)
};
void from_json(const json& j, GotoTargetsArguments& a);

struct GotoArguments {
  std::uint64_t targetId = 0;  ///< as gotoTargets gave it (1 or more)
};
void from_json(const json& j, GotoArguments& a);

/// gpuasm/provenance.
struct ProvenanceArguments {
  std::string registerName;
  std::optional<unsigned> lane;  ///< none: the lane in focus
};
void from_json(const json& j, ProvenanceArguments& a);

/// gpuasm/selectLane.
struct SelectLaneArguments {
  unsigned lane = 0;
};
void from_json(const json& j, SelectLaneArguments& a);

/// gpuasm/gotoStep.
struct GotoStepArguments {
  std::uint64_t step = 0;  ///< a position: the number of instructions executed before it
};
void from_json(const json& j, GotoStepArguments& a);

/// gpuasm/followLanes.
struct FollowLanesArguments {
  bool enabled = true;
};
void from_json(const json& j, FollowLanesArguments& a);

}  // namespace gpuasm::dap::protocol
