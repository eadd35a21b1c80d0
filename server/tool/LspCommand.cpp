// `gpuasm lsp [--port N] [--spec-dir DIR]`: the language server on stdio, or on 127.0.0.1:N.
#include "Commands.h"

#include <gpuasm/lsp/Server.h>
#include <gpuasm/lsp/Transport.h>

#include <ostream>

namespace gpuasm::tool {

int runLsp(const ServeOptions& options, std::ostream& /*out*/, std::ostream& err) {
  auto load = loadSpecFor(options.specDir, err);
  if (!load) return kExitUsage;
  lsp::Server server(*load->db, lsp::defaultCacheRoot());
  return options.port ? lsp::serveTcp(server, *options.port, err) : lsp::serveStdio(server, err);
}

}  // namespace gpuasm::tool
