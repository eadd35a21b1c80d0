// How `gpuasm dap` runs the debug adapter: on stdio, or on one TCP connection on 127.0.0.1. The
// transports are server/wire's; the command line starts the server through this call and never
// sees them.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>

namespace gpuasm::dap {

class DapServer;

/// Serves one client on `port` (127.0.0.1; 0 picks a free one) or, without a port, on
/// standard input and output; returns the process exit code. The transport shares the server:
/// the WebAssembly build's (under Node) serves after this returned.
int serve(std::shared_ptr<DapServer> server, std::optional<std::uint16_t> port, std::ostream& log);

}  // namespace gpuasm::dap
