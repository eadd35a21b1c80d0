// Entry point of the gpuasm binary: dispatches to the subcommands (DESIGN.md §6).
#include "Commands.h"

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage = R"(usage: gpuasm <command> [options]

commands:
  spec [--json] [--lint] [--spec-dir DIR]   the instruction database, or the spec's problems
  check FILE... [--json] [--spec-dir DIR]   diagnostics of .asm files (syntax, modifiers, operands, …)
  asm FILE [--json] [--spec-dir DIR]        listing: line, encoding, opcode variant, fields
  parse FILE [--no-ranges]                  the syntax tree of an .asm file as an S-expression
  run FILE [--until LINE] [--state STATE.json] [--json] [--trace] [--step-limit N] [--spec-dir DIR]
                                            simulate FILE on one warp of 32 lanes; --until stops
                                            before the first instruction at or after LINE
  test FILE... [--junit OUT.xml] [--state STATE.json] [--step-limit N] [--spec-dir DIR]
                                            run each file and check its // @expect lines;
                                            --junit writes the results as JUnit XML
  lsp [--port N] [--spec-dir DIR]           the language server on stdio, or on 127.0.0.1:N
  dap [--port N] [--spec-dir DIR]           the debug adapter (Debug Adapter Protocol) on stdio,
                                            or on 127.0.0.1:N
  dis WORD... | --file F [--json] [--spec-dir DIR]
                                            decode 128-bit words (0x + up to 32 hex digits)
                                            into canonical assembly text

options:
  --spec-dir DIR   load the spec from DIR (*.txt, *.isa) instead of the embedded copy
  -h, --help       this text
  --version        the version

exit status: 0 fine, 1 the input has errors, 2 usage or I/O error
)";

}  // namespace

int main(int argc, char** argv) {
  using namespace gpuasm::tool;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  const std::string command = args.front();
  args.erase(args.begin());
  try {
    if (command == "-h" || command == "--help" || command == "help") {
      std::cout << kUsage;
      return kExitOk;
    }
    if (command == "--version") {
      std::cout << "gpuasm 0.1.0\n";
      return kExitOk;
    }
    if (command == "spec") return runSpec(args, std::cout, std::cerr);
    if (command == "dis") return runDis(args, std::cout, std::cerr);
    if (command == "parse") return runParse(args, std::cout, std::cerr);
    if (command == "check") return runCheck(args, std::cout, std::cerr);
    if (command == "asm") return runAsm(args, std::cout, std::cerr);
    if (command == "run") return runRun(args, std::cout, std::cerr);
    if (command == "test") return runTest(args, std::cout, std::cerr);
    if (command == "lsp") return runLsp(args, std::cout, std::cerr);
    if (command == "dap") return runDap(args, std::cout, std::cerr);
    std::cerr << "gpuasm: unknown command '" << command << "'\n\n" << kUsage;
    return kExitUsage;
  } catch (const std::exception& e) {
    // Nothing should throw on user input; this keeps an unexpected failure (e.g. out of
    // memory) from turning into an abort without a message.
    std::cerr << "gpuasm: internal error: " << e.what() << '\n';
    return kExitUsage;
  }
}
