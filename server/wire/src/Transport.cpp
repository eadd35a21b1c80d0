// Stdio and TCP transports over Boost.Asio (see Transport.h).
#include <gpuasm/wire/Framing.h>
#include <gpuasm/wire/Transport.h>

#include <utility>  // Boost 1.74's asio/awaitable.hpp uses std::exchange without including it

#include <boost/asio.hpp>

#include <array>
#include <ostream>
#include <poll.h>
#include <unistd.h>
#include <vector>

namespace gpuasm::wire {

namespace {

namespace asio = boost::asio;

// Whether bytes arrive to be read on `fd` within `waitMs` (a regular file always has them).
bool inputWaiting(int fd, int waitMs) {
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, waitMs) != 0;
}

// Idle work starts once the client has been quiet this long: while someone types, keystrokes
// come faster, and each is answered without idle work in the way.
constexpr int kQuietMs = 25;

// One read-dispatch-write loop over any stream with read_some/write (Asio's synchronous
// operations: requests are handled in order, one batch per read). Between batches, while no
// input waits, the server does its idle work (Server::idle) a piece at a time.
template <typename ReadSome, typename WriteAll>
int serveLoop(MessageHandler& server, int fd, ReadSome&& readSome, WriteAll&& writeAll, std::ostream& log) {
  FrameReader reader;
  std::array<char, 1 << 16> buf{};
  while (!server.exitRequested()) {
    boost::system::error_code ec;
    const std::size_t n = readSome(asio::buffer(buf), ec);
    if (ec) {
      if (ec != asio::error::eof) log << server.name() << ": read failed: " << ec.message() << '\n';
      break;
    }
    reader.feed(std::string_view(buf.data(), n));
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
    // The batch's replies go out first; then, after a quiet moment, idle work a piece at a time
    // while nothing waits.
    bool writing = out.empty() || writeAll(out);
    for (int wait = kQuietMs;
         writing && !server.exitRequested() && server.hasIdleWork() && !inputWaiting(fd, wait); wait = 0) {
      out.clear();
      for (const std::string& message : server.idle()) out += frameMessage(message);
      writing = out.empty() || writeAll(out);
    }
    if (!writing) {
      log << server.name() << ": the client stopped reading\n";
      break;
    }
  }
  return server.exitRequested() ? server.exitCode() : 1;
}

}  // namespace

int serveStdio(MessageHandler& server, std::ostream& log) {
  asio::io_context io;
  // Asio's descriptors cannot take a regular file (stdin redirected from a file), so that
  // case reads with plain read(2); pipes and terminals go through Asio.
  boost::system::error_code ec;
  asio::posix::stream_descriptor in(io);
  in.assign(::dup(STDIN_FILENO), ec);
  auto writeAll = [](const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t w = ::write(STDOUT_FILENO, bytes.data() + done, bytes.size() - done);
      if (w <= 0) return false;
      done += static_cast<std::size_t>(w);
    }
    return true;
  };
  if (ec) {
    auto readSome = [](asio::mutable_buffer b, boost::system::error_code& e) -> std::size_t {
      const ssize_t r = ::read(STDIN_FILENO, b.data(), b.size());
      if (r < 0)
        e = boost::system::error_code(errno, boost::system::system_category());
      else if (r == 0)
        e = asio::error::eof;
      return r > 0 ? static_cast<std::size_t>(r) : 0;
    };
    return serveLoop(server, STDIN_FILENO, readSome, writeAll, log);
  }
  auto readSome = [&in](asio::mutable_buffer b, boost::system::error_code& e) { return in.read_some(b, e); };
  return serveLoop(server, STDIN_FILENO, readSome, writeAll, log);
}

int serveTcp(MessageHandler& server, std::uint16_t port, std::ostream& log) {
  asio::io_context io;
  boost::system::error_code ec;
  asio::ip::tcp::acceptor acceptor(io);
  const asio::ip::tcp::endpoint endpoint(asio::ip::address_v4::loopback(), port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(1, ec);
  if (ec) {
    log << server.name() << ": cannot listen on 127.0.0.1:" << port << ": " << ec.message() << '\n';
    return 2;
  }
  log << "listening on 127.0.0.1:" << acceptor.local_endpoint().port() << std::endl;
  asio::ip::tcp::socket socket(io);
  acceptor.accept(socket, ec);
  if (ec) {
    log << server.name() << ": accept failed: " << ec.message() << '\n';
    return 2;
  }
  auto readSome = [&socket](asio::mutable_buffer b, boost::system::error_code& e) {
    return socket.read_some(b, e);
  };
  auto writeAll = [&socket](const std::string& bytes) {
    boost::system::error_code e;
    asio::write(socket, asio::buffer(bytes), e);
    return !e;
  };
  return serveLoop(server, socket.native_handle(), readSome, writeAll, log);
}

}  // namespace gpuasm::wire
