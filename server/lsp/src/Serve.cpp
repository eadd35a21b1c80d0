#include <gpuasm/lsp/Server.h>
#include <gpuasm/lsp/Serve.h>
#include <gpuasm/wire/Transport.h>

#include <memory>
#include <utility>

namespace gpuasm::lsp {

int serve(std::shared_ptr<Server> server, std::optional<std::uint16_t> port, std::ostream& log) {
  return wire::serve(std::make_unique<wire::HandlerFor<Server>>(std::move(server)), port, log);
}

}  // namespace gpuasm::lsp
