#include <gpuasm/lsp/Server.h>
#include <gpuasm/lsp/Serve.h>
#include <gpuasm/wire/Transport.h>

namespace gpuasm::lsp {

int serve(Server& server, std::optional<std::uint16_t> port, std::ostream& log) {
  wire::HandlerFor<Server> handler(server);
  return port ? wire::serveTcp(handler, *port, log) : wire::serveStdio(handler, log);
}

}  // namespace gpuasm::lsp
