// `gpuasm dap [--port N] [--spec-dir DIR]`: the debug adapter on stdio, or on 127.0.0.1:N.
#include "Commands.h"

#include <gpuasm/dap/DapServer.h>
#include <gpuasm/dap/Serve.h>

#include "EscapingStream.h"

#include <iostream>
#include <memory>
#include <ostream>
#include <utility>

namespace gpuasm::tool {

int runDap(const ServeOptions& options, std::ostream& /*out*/, std::ostream& err) {
  auto load = loadSpecFor(options.specDir, SpecErrors::Allow, err);
  if (!load) return kExitUsage;
  // The adapter refers to the spec, so the two are kept together for as long as the transport
  // keeps the adapter.
  struct Adapter {
    explicit Adapter(std::shared_ptr<const isa::InstrDb> spec) : db(std::move(spec)), server(*db) {}
    std::shared_ptr<const isa::InstrDb> db;
    dap::DapServer server;
  };
  auto adapter = std::make_shared<Adapter>(load->db);
  return dap::serve(std::shared_ptr<dap::DapServer>(adapter, &adapter->server), options.port, serverLog(err));
}

// Both servers' commands (runLsp, runDap) log through this (Commands.h).
std::ostream& serverLog(std::ostream& err) {
#ifdef __EMSCRIPTEN__
  (void)err;
  static EscapingStream log(std::cerr);
  return log;
#else
  return err;
#endif
}

}  // namespace gpuasm::tool
