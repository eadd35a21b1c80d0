// What every transport does with the bytes that arrived and between them (see Transport.h):
// the Asio transports of the native build and the WebAssembly build's hosted stdio share it.
#include <gpuasm/wire/Framing.h>
#include <gpuasm/wire/Transport.h>

#include <ostream>
#include <utility>
#include <variant>

namespace gpuasm::wire {

std::string handleArrived(MessageHandler& server, FrameReader& reader, std::string_view bytes,
                          std::ostream& log) {
  reader.feed(bytes);
  // Replies keep the order of what arrived: the bodies before a framing error are handled
  // (as one batch, for $/cancelRequest) before the error's reply is written.
  std::vector<std::string> bodies;
  std::string out;
  auto flush = [&] {
    for (const std::string& reply : server.handle(bodies)) out += frameMessage(reply);
    bodies.clear();
  };
  while (auto item = reader.next()) {
    if (auto* error = std::get_if<FrameError>(&*item)) {
      flush();
      log << server.name() << ": " << error->message << '\n';
      out += frameMessage(server.framingError(error->message));
    } else {
      bodies.push_back(std::move(std::get<std::string>(*item)));
    }
  }
  flush();
  return out;
}

std::string idlePiece(MessageHandler& server) {
  std::string out;
  for (const std::string& message : server.idle()) out += frameMessage(message);
  return out;
}

}  // namespace gpuasm::wire
