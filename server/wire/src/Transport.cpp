// Stdio and TCP transports over Boost.Asio (see Transport.h).
#include <gpuasm/wire/Framing.h>
#include <gpuasm/wire/Transport.h>

#include <utility>  // Boost 1.74's asio/awaitable.hpp uses std::exchange without including it

#include <boost/asio.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <climits>
#include <ostream>
#include <thread>
#include <vector>

#ifdef _WIN32
#include <io.h>
#include <windows.h>
#else
#include <poll.h>
#include <unistd.h>
#endif

namespace gpuasm::wire {

namespace {

namespace asio = boost::asio;

// The standard streams and the wait for input: the part that is per platform. Both read and
// write whole bytes (on Windows, main() put the streams in binary mode). Waiting: whether bytes
// arrive within `waitMs` (a regular file always has them; so has a closed pipe, whose read then
// says so).
#ifdef _WIN32
std::ptrdiff_t readStdin(void* data, std::size_t size) {
  return _read(0, data, static_cast<unsigned>(std::min<std::size_t>(size, INT_MAX)));
}
std::ptrdiff_t writeStdout(const char* data, std::size_t size) {
  return _write(1, data, static_cast<unsigned>(std::min<std::size_t>(size, INT_MAX)));
}
bool stdinWaiting(int waitMs) {
  HANDLE in = GetStdHandle(STD_INPUT_HANDLE);
  if (GetFileType(in) != FILE_TYPE_PIPE) return true;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
  while (true) {
    DWORD available = 0;
    if (PeekNamedPipe(in, nullptr, 0, nullptr, &available, nullptr) == 0 || available > 0) return true;
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}
bool socketWaiting(asio::ip::tcp::socket& socket, int waitMs) {
  WSAPOLLFD p{socket.native_handle(), POLLRDNORM, 0};
  return WSAPoll(&p, 1, waitMs) != 0;
}
#else
std::ptrdiff_t readStdin(void* data, std::size_t size) { return ::read(STDIN_FILENO, data, size); }
std::ptrdiff_t writeStdout(const char* data, std::size_t size) { return ::write(STDOUT_FILENO, data, size); }
bool pollIn(int fd, int waitMs) {
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, waitMs) != 0;
}
bool stdinWaiting(int waitMs) { return pollIn(STDIN_FILENO, waitMs); }
bool socketWaiting(asio::ip::tcp::socket& socket, int waitMs) {
  return pollIn(socket.native_handle(), waitMs);
}
#endif

// One read-dispatch-write loop over any stream with read_some/write (Asio's synchronous
// operations: requests are handled in order, one batch per read). Between batches, while no
// input waits, the server does its idle work (Server::idle) a piece at a time.
template <typename Waiting, typename ReadSome, typename WriteAll>
int serveLoop(MessageHandler& server, Waiting&& inputWaiting, ReadSome&& readSome, WriteAll&& writeAll,
              std::ostream& log) {
  FrameReader reader;
  std::array<char, 1 << 16> buf{};
  while (!server.exitRequested()) {
    boost::system::error_code ec;
    const std::size_t n = readSome(asio::buffer(buf), ec);
    if (ec) {
      if (ec != asio::error::eof) log << server.name() << ": read failed: " << ec.message() << '\n';
      break;
    }
    std::string out = handleArrived(server, reader, std::string_view(buf.data(), n), log);
    // The batch's replies go out first; then, after a quiet moment, idle work a piece at a time
    // while nothing waits.
    bool writing = out.empty() || writeAll(out);
    for (int wait = kQuietMs;
         writing && !server.exitRequested() && server.hasIdleWork() && !inputWaiting(wait); wait = 0) {
      out = idlePiece(server);
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
  // Plain reads and writes of the descriptors, which take pipes, terminals and a regular file
  // (stdin redirected from one) alike.
  auto readSome = [](asio::mutable_buffer b, boost::system::error_code& e) -> std::size_t {
    const std::ptrdiff_t r = readStdin(b.data(), b.size());
    if (r < 0)
      e = boost::system::error_code(errno, boost::system::generic_category());
    else if (r == 0)
      e = asio::error::eof;
    return r > 0 ? static_cast<std::size_t>(r) : 0;
  };
  auto writeAll = [](const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      const std::ptrdiff_t w = writeStdout(bytes.data() + done, bytes.size() - done);
      if (w <= 0) return false;
      done += static_cast<std::size_t>(w);
    }
    return true;
  };
  return serveLoop(server, stdinWaiting, readSome, writeAll, log);
}

int serve(std::unique_ptr<MessageHandler> server, std::optional<std::uint16_t> port, std::ostream& log) {
  return port ? serveTcp(*server, *port, log) : serveStdio(*server, log);
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
  auto waiting = [&socket](int waitMs) { return socketWaiting(socket, waitMs); };
  return serveLoop(server, waiting, readSome, writeAll, log);
}

}  // namespace gpuasm::wire
