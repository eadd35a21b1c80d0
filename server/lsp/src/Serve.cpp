#include <gpuasm/lsp/Server.h>
#include <gpuasm/lsp/Serve.h>
#include <gpuasm/wire/Transport.h>

namespace gpuasm::lsp {

int serve(Server& server, std::optional<std::uint16_t> port, std::ostream& log) {
  return port ? wire::serveTcp(server, *port, log) : wire::serveStdio(server, log);
}

}  // namespace gpuasm::lsp
