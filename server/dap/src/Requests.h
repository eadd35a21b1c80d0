// The requests the debug adapter handles (private to server/dap), in one table: per request its
// command, its handler — typed arguments (Protocol.h) → one call on the debug session
// (workspace::DebugSession) → a typed body (Results.h) —, whether it needs a launched program,
// and what it adds to the capabilities. DapServer.cpp dispatches through the table, and the
// capabilities of the initialize response are derived from it, so nothing is advertised that
// is not handled.
#pragma once

#include "Protocol.h"
#include "Results.h"

#include <gpuasm/workspace/DebugSession.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::dap {

/// What the handlers may read and change.
struct DapState {
  workspace::DebugSession& session;
  std::vector<std::string>& out;  ///< the events a handler sends, after its response (without seq)
  bool& exit;                     ///< the client asked the adapter to end
  bool& followLanes;              ///< send a gpuasm/laneView event after every stopped event
};

/// A handler: the arguments (an object) → the body; null for none. Bad arguments and requests
/// that cannot be done throw protocol::RequestError.
using MethodHandler = protocol::json (*)(DapState& state, const protocol::json& arguments);

struct Method {
  std::string_view command;
  MethodHandler handler;
  bool needsProgram;  ///< refused before a launch ("no program is launched")
  /// Adds what the request needs the client to know to the capabilities; null when nothing.
  void (*advertise)(protocol::json& capabilities);
};

/// A handler of typed arguments as a table entry: the arguments are read first.
template <typename Arguments, protocol::json (*Handler)(DapState&, const Arguments&)>
protocol::json typed(DapState& state, const protocol::json& arguments) {
  return Handler(state, arguments.get<Arguments>());
}

/// Every request the adapter handles.
std::span<const Method> methods();

/// The request called `command`, or null.
const Method* findMethod(std::string_view command);

/// The capabilities of the initialize response: what the table advertises.
protocol::json capabilities();

/// Queues an event; it follows the response of the request being handled.
template <typename Event>
void send(DapState& state, const Event& e) {
  state.out.push_back(protocol::event(e));
}

/// The stopped event of a stop, after an output event per log point passed on the way; `reason`
/// replaces the stop's own. With followLanes, the lane view where it stopped follows it.
void sendStopped(DapState& state, const ide::DebugStop& stop, const char* reason = nullptr);

}  // namespace gpuasm::dap
