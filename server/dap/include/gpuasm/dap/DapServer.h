// `gpuasm dap`: the Debug Adapter Protocol over the warp debugger's engine (ide::Debugger).
// One session debugs one .asm program on one warp; the warp is DAP's one thread, the selected
// lane's registers, the uniform registers, the predicates and every register across the 32
// lanes are its scopes. Execution goes both ways (supportsStepBack, reverse continue, goto),
// with conditional breakpoints, hit counts, log points and data breakpoints on registers, and
// the custom request `gpuasm/provenance`. docs/PROTOCOL.md describes the launch arguments,
// the capabilities and the custom requests.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/workspace/DebugSession.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::dap {

/// The protocol of the debug adapter: DAP messages in, DAP messages out, numbered (seq) in the
/// order they are sent. The session itself — the program, the engine, the breakpoints, the
/// lane in focus — is a workspace::DebugSession; each request is one call on it, through the
/// adapter's method table (src/Requests.h).
class DapServer {
 public:
  explicit DapServer(const isa::InstrDb& db);
  ~DapServer();

  const char* name() const { return "gpuasm dap"; }
  std::vector<std::string> handle(std::span<const std::string> bodies);
  /// A `continue` runs in slices while no request waits, so `pause` can stop it.
  bool hasIdleWork() const { return session_.running(); }
  std::vector<std::string> idle();
  /// An output event on stderr, numbered after the messages sent before it.
  std::string framingError(std::string_view message);
  bool exitRequested() const { return exit_; }
  int exitCode() const { return 0; }

  /// The session, for tests: launched() is false before a successful launch.
  const workspace::DebugSession& session() const { return session_; }

  /// The requests the adapter handles (its method table), in the table's order.
  static std::vector<std::string_view> requests();

 private:
  std::vector<std::string> numbered();

  workspace::DebugSession session_;
  bool exit_ = false;
  bool followLanes_ = false;  ///< gpuasm/followLanes: a gpuasm/laneView event after every stop
  std::int64_t seq_ = 1;
  std::vector<std::string> out_;  ///< messages of the request being handled, without seq
};

}  // namespace gpuasm::dap
