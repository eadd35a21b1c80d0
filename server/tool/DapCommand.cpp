// `gpuasm dap [--port N] [--spec-dir DIR]`: the debug adapter on stdio, or on 127.0.0.1:N.
#include "Commands.h"

#include <gpuasm/lsp/DapServer.h>
#include <gpuasm/lsp/Transport.h>

#include <ostream>

namespace gpuasm::tool {

int runDap(const std::vector<std::string>& args, std::ostream& /*out*/, std::ostream& err) {
  const auto options = parseServeOptions("dap", args, err);
  if (!options) return kExitUsage;
  auto load = loadSpecFor(options->specDir, err);
  if (!load) return kExitUsage;
  lsp::DapServer server(*load->db);
  return options->port ? lsp::serveTcp(server, *options->port, err) : lsp::serveStdio(server, err);
}

}  // namespace gpuasm::tool
