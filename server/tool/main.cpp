// Entry point of the gpuasm binary: dispatches to the subcommands (DESIGN.md §6).
#include "Commands.h"

#include <exception>
#include <iostream>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#elif defined(__EMSCRIPTEN__)
#include <emscripten.h>
#else
#include <unistd.h>
#endif

namespace {

// The standard streams as the commands use them; whether stdout is a terminal. On Windows they
// are put in binary mode: the bytes written are the program's (no "\n" made "\r\n", as on every
// other platform), and the bytes read are the client's (a message's Content-Length counts them).
bool prepareStdio() {
#ifdef _WIN32
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
  return _isatty(_fileno(stdout)) != 0;
#elif defined(__EMSCRIPTEN__)
  // Under Node (server/web/node/gpuasm.js): the files are the real ones (NODERAWFS), but only
  // Node knows whether its stdout is a terminal.
  return EM_ASM_INT({ return require('tty').isatty(1) ? 1 : 0; }) != 0;
#else
  return ::isatty(STDOUT_FILENO) == 1;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const bool terminal = prepareStdio();
    return gpuasm::tool::runCommandLine(argc, argv, std::cout, std::cerr, terminal);
  } catch (const std::exception& e) {
    // Nothing should throw on user input; this keeps an unexpected failure (e.g. out of
    // memory) from turning into an abort without a message.
    std::cerr << "gpuasm: internal error: " << e.what() << '\n';
    return gpuasm::tool::kExitUsage;
  }
}
