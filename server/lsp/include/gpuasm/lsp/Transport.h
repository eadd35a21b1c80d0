// The language server's byte streams, with Boost.Asio: stdio (the usual editor set-up) or one
// TCP connection on 127.0.0.1 only (`gpuasm lsp --port N`). Frames are read with FrameReader,
// handed to the Server in batches of what arrived together, and the replies written back framed.
// Returns when the client sends `exit` or closes the stream.
#pragma once

#include <gpuasm/lsp/Server.h>

#include <cstdint>
#include <iosfwd>

namespace gpuasm::lsp {

/// Serves the client on standard input and output; returns the process exit code.
int serveStdio(Server& server, std::ostream& log);

/// Listens on 127.0.0.1:port, serves the first client that connects, returns the exit code.
/// Port 0 picks a free port; the port in use is printed to `log` as "listening on 127.0.0.1:N".
int serveTcp(Server& server, std::uint16_t port, std::ostream& log);

}  // namespace gpuasm::lsp
