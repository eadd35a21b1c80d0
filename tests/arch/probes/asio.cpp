// Compiled by CTest's forbidden_include_* tests with one library's include directories: it
// builds only where the library may use Boost.Asio (docs/ARCHITECTURE.md, "Layering").
#include <utility>  // Boost 1.74's asio/awaitable.hpp uses std::exchange without including it

#include <boost/asio.hpp>

int main() {
  boost::asio::io_context io;
  return static_cast<int>(io.run());
}
