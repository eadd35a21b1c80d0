// The language server's byte streams, with Boost.Asio: stdio (the usual editor set-up) or one
// TCP connection on 127.0.0.1 only (`gpuasm lsp --port N`). Frames are read with FrameReader,
// handed to the Server in batches of what arrived together, and the replies written back framed.
// Returns when the client sends `exit` or closes the stream. The WebAssembly build has no Asio:
// its stdio is run by its Node host (hostStdio), with the same handling of what arrived.
#pragma once

#include <gpuasm/wire/Framing.h>

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::wire {

/// What a transport serves: the language server (Server.h) or the debug adapter (DapServer.h),
/// both speaking Content-Length framed JSON.
class MessageHandler {
 public:
  virtual ~MessageHandler() = default;
  /// "gpuasm lsp", "gpuasm dap": the prefix of the transport's log lines.
  virtual const char* name() const = 0;
  /// Handles the bodies that arrived together, in order; returns the bodies to send.
  virtual std::vector<std::string> handle(std::span<const std::string> bodies) = 0;
  /// Whether work waits for a moment without input; `idle` does one piece of it.
  virtual bool hasIdleWork() const = 0;
  virtual std::vector<std::string> idle() = 0;
  /// The reply to a frame that could not be read (not const: a reply may take the next
  /// sequence number of the handler's outgoing messages).
  virtual std::string framingError(std::string_view message) = 0;
  virtual bool exitRequested() const = 0;
  virtual int exitCode() const = 0;
};

/// A MessageHandler that forwards to a server with the same calls (lsp::Server, dap::DapServer),
/// so a server's public header need not depend on the transport. It shares the server: a
/// transport that serves after the call that started it returned (the WebAssembly build's,
/// hostStdio) keeps it.
template <typename Server>
class HandlerFor final : public MessageHandler {
 public:
  explicit HandlerFor(std::shared_ptr<Server> server) : server_(std::move(server)) {}
  const char* name() const override { return server_->name(); }
  std::vector<std::string> handle(std::span<const std::string> bodies) override {
    return server_->handle(bodies);
  }
  bool hasIdleWork() const override { return server_->hasIdleWork(); }
  std::vector<std::string> idle() override { return server_->idle(); }
  std::string framingError(std::string_view message) override { return server_->framingError(message); }
  bool exitRequested() const override { return server_->exitRequested(); }
  int exitCode() const override { return server_->exitCode(); }

 private:
  std::shared_ptr<Server> server_;
};

/// What every transport does with the bytes of one read: fed to `reader`, the whole frames that
/// arrived together handled as one batch (the bodies before a framing error first, then the
/// error's reply, so replies keep the order of what arrived); returns the replies, framed.
std::string handleArrived(MessageHandler& server, FrameReader& reader, std::string_view bytes,
                          std::ostream& log);

/// One piece of the server's idle work; its messages, framed (often none).
std::string idlePiece(MessageHandler& server);

/// Idle work starts once the client has been quiet this long: while someone types, keystrokes
/// come faster, and each is answered without idle work in the way.
inline constexpr int kQuietMs = 25;

/// Serves one client with `server`: on 127.0.0.1:port (0 picks a free one) or, without a port,
/// on standard input and output; returns the process exit code. lsp::serve and dap::serve call
/// this. Natively over Asio (Transport.cpp); the WebAssembly build (HostedTransport.cpp) has stdio
/// only, run by its Node host (server/web/node/gpuasm.js) once main has returned: the server is
/// kept, the host feeds it through the C functions gpuasm_host_*, and this returns 0 at once.
int serve(std::unique_ptr<MessageHandler> server, std::optional<std::uint16_t> port, std::ostream& log);

#ifndef __EMSCRIPTEN__
/// Serves the client on standard input and output; returns the process exit code.
int serveStdio(MessageHandler& server, std::ostream& log);

/// Listens on 127.0.0.1:port, serves the first client that connects, returns the exit code.
/// Port 0 picks a free port; the port in use is printed to `log` as "listening on 127.0.0.1:N".
int serveTcp(MessageHandler& server, std::uint16_t port, std::ostream& log);
#endif

}  // namespace gpuasm::wire
