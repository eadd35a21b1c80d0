// `gpuasm dap [--port N] [--spec-dir DIR]`: the debug adapter on stdio, or on 127.0.0.1:N.
#include "Commands.h"

#include <gpuasm/dap/DapServer.h>
#include <gpuasm/dap/Serve.h>

#include <ostream>

namespace gpuasm::tool {

int runDap(const ServeOptions& options, std::ostream& /*out*/, std::ostream& err) {
  auto load = loadSpecFor(options.specDir, SpecErrors::Allow, err);
  if (!load) return kExitUsage;
  dap::DapServer server(*load->db);
  return dap::serve(server, options.port, err);
}

}  // namespace gpuasm::tool
