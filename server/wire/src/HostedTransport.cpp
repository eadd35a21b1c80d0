// The WebAssembly build's stdio transport (see Transport.h, wire::serve): no Asio and no blocking
// wait in WebAssembly, so the loop is its Node host's (server/web/node/gpuasm.js), run once main
// has returned. serve() keeps the server; the host hands it each read's bytes and, when the client
// has been quiet for kQuietMs, asks for idle work a piece at a time until input arrives, through
// the C functions below — the loop of Transport.cpp's serveLoop, with its handleArrived and
// idlePiece.
#include <gpuasm/wire/Framing.h>
#include <gpuasm/wire/Transport.h>

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace gpuasm::wire {

namespace {

struct Hosted {
  std::unique_ptr<MessageHandler> server;
  std::ostream* log = nullptr;
  FrameReader reader;
  std::string out;  ///< the bytes the last call returned
};

Hosted& hosted() {
  static Hosted h;
  return h;
}

}  // namespace

int serve(std::unique_ptr<MessageHandler> server, std::optional<std::uint16_t> port, std::ostream& log) {
  if (port) {
    log << server->name()
        << ": --port: this build (WebAssembly under Node) serves on standard input and output only\n";
    return 2;
  }
  Hosted& h = hosted();
  h.server = std::move(server);
  h.log = &log;
  return 0;
}

}  // namespace gpuasm::wire

extern "C" {

/// Whether main left a server for the host to run (`gpuasm lsp`, `gpuasm dap` on stdio).
int gpuasm_host_serving(void) { return gpuasm::wire::hosted().server != nullptr ? 1 : 0; }

/// The bytes of one read of standard input; returns the replies to write, framed
/// (gpuasm_host_out_size bytes, valid until the next call).
const char* gpuasm_host_arrived(const char* bytes, std::size_t size) {
  auto& h = gpuasm::wire::hosted();
  h.out = gpuasm::wire::handleArrived(*h.server, h.reader, std::string_view(bytes, size), *h.log);
  h.log->flush();
  return h.out.data();
}

/// Whether the server has work for a moment without input.
int gpuasm_host_has_idle(void) {
  auto& h = gpuasm::wire::hosted();
  return !h.server->exitRequested() && h.server->hasIdleWork() ? 1 : 0;
}

/// One piece of that work: the messages to write, framed (gpuasm_host_out_size bytes).
const char* gpuasm_host_idle(void) {
  auto& h = gpuasm::wire::hosted();
  h.out = gpuasm::wire::idlePiece(*h.server);
  return h.out.data();
}

/// The size of what gpuasm_host_arrived or gpuasm_host_idle returned last.
std::size_t gpuasm_host_out_size(void) { return gpuasm::wire::hosted().out.size(); }

/// The process's exit code once the client asked to exit; -1 while it has not (the end of input
/// then exits with 1, as the native transports do).
int gpuasm_host_exit_code(void) {
  auto& h = gpuasm::wire::hosted();
  return h.server->exitRequested() ? h.server->exitCode() : -1;
}
}
