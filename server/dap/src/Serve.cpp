#include <gpuasm/dap/DapServer.h>
#include <gpuasm/dap/Serve.h>
#include <gpuasm/wire/Transport.h>

namespace gpuasm::dap {

int serve(DapServer& server, std::optional<std::uint16_t> port, std::ostream& log) {
  return port ? wire::serveTcp(server, *port, log) : wire::serveStdio(server, log);
}

}  // namespace gpuasm::dap
