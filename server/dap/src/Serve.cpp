#include <gpuasm/dap/DapServer.h>
#include <gpuasm/dap/Serve.h>
#include <gpuasm/wire/Transport.h>

#include <memory>
#include <utility>

namespace gpuasm::dap {

int serve(std::shared_ptr<DapServer> server, std::optional<std::uint16_t> port, std::ostream& log) {
  return wire::serve(std::make_unique<wire::HandlerFor<DapServer>>(std::move(server)), port, log);
}

}  // namespace gpuasm::dap
