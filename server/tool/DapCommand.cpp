// `gpuasm dap [--port N] [--spec-dir DIR]`: the debug adapter on stdio, or on 127.0.0.1:N.
#include "Commands.h"

#include <gpuasm/lsp/DapServer.h>
#include <gpuasm/lsp/Transport.h>

#include <ostream>

namespace gpuasm::tool {

int runDap(const ServeOptions& options, std::ostream& /*out*/, std::ostream& err) {
  auto load = loadSpecFor(options.specDir, err);
  if (!load) return kExitUsage;
  lsp::DapServer server(*load->db);
  return options.port ? lsp::serveTcp(server, *options.port, err) : lsp::serveStdio(server, err);
}

}  // namespace gpuasm::tool
