#include <gpuasm/dap/DapServer.h>
#include <gpuasm/dap/Serve.h>
#include <gpuasm/wire/Transport.h>

namespace gpuasm::dap {

int serve(DapServer& server, std::optional<std::uint16_t> port, std::ostream& log) {
  wire::HandlerFor<DapServer> handler(server);
  return port ? wire::serveTcp(handler, *port, log) : wire::serveStdio(handler, log);
}

}  // namespace gpuasm::dap
