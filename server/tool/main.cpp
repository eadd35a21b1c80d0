// Entry point of the gpuasm binary: dispatches to the subcommands (DESIGN.md §6).
#include "Commands.h"

#include <exception>
#include <iostream>

#include <unistd.h>

int main(int argc, char** argv) {
  try {
    return gpuasm::tool::runCommandLine(argc, argv, std::cout, std::cerr, ::isatty(STDOUT_FILENO) == 1);
  } catch (const std::exception& e) {
    // Nothing should throw on user input; this keeps an unexpected failure (e.g. out of
    // memory) from turning into an abort without a message.
    std::cerr << "gpuasm: internal error: " << e.what() << '\n';
    return gpuasm::tool::kExitUsage;
  }
}
