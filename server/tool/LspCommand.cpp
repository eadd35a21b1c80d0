// `gpuasm lsp [--port N] [--spec-dir DIR]`: the language server on stdio, or on 127.0.0.1:N.
#include "Commands.h"

#include <gpuasm/lsp/Server.h>
#include <gpuasm/lsp/Transport.h>

#include <charconv>
#include <ostream>

namespace gpuasm::tool {

std::optional<ServeOptions> parseServeOptions(const std::string& command, const std::vector<std::string>& args, std::ostream& err) {
  ServeOptions options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--port" && i + 1 < args.size()) {
      const std::string& v = args[++i];
      unsigned n = 0;
      const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec != std::errc() || p != v.data() + v.size() || n > 65535) {
        err << "gpuasm " << command << ": --port takes a port number 0..65535, not '" << v << "'\n";
        return std::nullopt;
      }
      options.port = static_cast<std::uint16_t>(n);
    } else if (args[i] == "--spec-dir" && i + 1 < args.size()) {
      options.specDir = args[++i];
    } else if (args[i] == "--stdio") {
      // The flag editors' clients pass; stdio is the default.
    } else {
      err << "gpuasm " << command << ": unknown option or missing value '" << args[i] << "'\n";
      return std::nullopt;
    }
  }
  return options;
}

int runLsp(const std::vector<std::string>& args, std::ostream& /*out*/, std::ostream& err) {
  const auto options = parseServeOptions("lsp", args, err);
  if (!options) return kExitUsage;
  auto load = loadSpecFor(options->specDir, err);
  if (!load) return kExitUsage;
  lsp::Server server(*load->db, lsp::defaultCacheRoot());
  return options->port ? lsp::serveTcp(server, *options->port, err) : lsp::serveStdio(server, err);
}

}  // namespace gpuasm::tool
