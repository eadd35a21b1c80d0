// `gpuasm lsp [--port N] [--spec-dir DIR]`: the language server on stdio, or on 127.0.0.1:N.
#include "Commands.h"

#include <gpuasm/lsp/Server.h>
#include <gpuasm/lsp/Transport.h>

#include <charconv>
#include <ostream>

namespace gpuasm::tool {

int runLsp(const std::vector<std::string>& args, std::ostream& /*out*/, std::ostream& err) {
  std::optional<std::string> specDir;
  std::optional<std::uint16_t> port;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--port" && i + 1 < args.size()) {
      const std::string& v = args[++i];
      unsigned n = 0;
      const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec != std::errc() || p != v.data() + v.size() || n > 65535) {
        err << "gpuasm lsp: --port takes a port number 0..65535, not '" << v << "'\n";
        return kExitUsage;
      }
      port = static_cast<std::uint16_t>(n);
    } else if (args[i] == "--spec-dir" && i + 1 < args.size()) {
      specDir = args[++i];
    } else if (args[i] == "--stdio") {
      // The flag editors' LSP clients pass; stdio is the default.
    } else {
      err << "gpuasm lsp: unknown option or missing value '" << args[i] << "'\n";
      return kExitUsage;
    }
  }
  auto load = loadSpecFor(specDir, err);
  if (!load) return kExitUsage;
  lsp::Server server(*load->db, lsp::defaultCacheRoot());
  return port ? lsp::serveTcp(server, *port, err) : lsp::serveStdio(server, err);
}

}  // namespace gpuasm::tool
