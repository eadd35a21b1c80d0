// `gpuasm dap`: the Debug Adapter Protocol over the warp debugger's engine (ide::Debugger).
// One session debugs one .asm program on one warp; the warp is DAP's one thread, the selected
// lane's registers, the uniform registers, the predicates and every register across the 32
// lanes are its scopes. Execution goes both ways (supportsStepBack, reverse continue, goto),
// with conditional breakpoints, hit counts, log points and data breakpoints on registers, and
// the custom request `gpuasm/provenance`. docs/PROTOCOL.md describes the launch arguments,
// the capabilities and the custom requests.
#pragma once

#include <gpuasm/ide/execution/Debugger.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/wire/Transport.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::dap {

class DapServer : public wire::MessageHandler {
 public:
  explicit DapServer(const isa::InstrDb& db);
  ~DapServer() override;

  const char* name() const override { return "gpuasm dap"; }
  std::vector<std::string> handle(std::span<const std::string> bodies) override;
  /// A `continue` runs in slices while no request waits, so `pause` can stop it.
  bool hasIdleWork() const override { return running_; }
  std::vector<std::string> idle() override;
  /// An output event on stderr, numbered after the messages sent before it.
  std::string framingError(std::string_view message) override;
  bool exitRequested() const override { return exit_; }
  int exitCode() const override { return 0; }

  /// The session, for tests: none before a successful launch.
  const ide::Debugger* session() const { return session_.get(); }
  unsigned lane() const { return lane_; }

  struct State;

 private:
  std::vector<std::string> numbered();

  const isa::InstrDb& db_;
  std::unique_ptr<ide::Debugger> session_;
  std::string program_;             ///< the launched file's path
  unsigned lane_ = 0;               ///< the lane the registers scope shows
  bool configured_ = false, stopOnEntry_ = false, running_ = false, exit_ = false;
  std::int64_t seq_ = 1;
  std::vector<std::string> out_;    ///< messages of the request being handled
  friend struct DapHandlers;
};

}  // namespace gpuasm::dap
