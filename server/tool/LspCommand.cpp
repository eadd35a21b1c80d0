// `gpuasm lsp [--port N] [--spec-dir DIR]`: the language server on stdio, or on 127.0.0.1:N. The
// workspace's gpuasm.json and the client's gpuasm.specDir are the server's to read (workspace/SpecSession.h).
#include "Commands.h"

#include <gpuasm/lsp/Server.h>
#include <gpuasm/lsp/Serve.h>

#include <memory>
#include <ostream>
#include <utility>

namespace gpuasm::tool {

int runLsp(const ServeOptions& options, std::ostream& /*out*/, std::ostream& err) {
  auto load = loadSpecFor(options.specDir, SpecErrors::Allow, err, ProjectLookup::None);
  if (!load) return kExitUsage;
  auto server = std::make_shared<lsp::Server>(load->db, lsp::defaultCacheRoot(),
                                              options.specDir.value_or(std::string()));
  return lsp::serve(std::move(server), options.port, serverLog(err));
}

}  // namespace gpuasm::tool
