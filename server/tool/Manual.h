// The manual and the shell completion of the gpuasm binary, generated from the same CLI11 command
// table as --help (CommandLine.cpp), so the three cannot disagree. The build writes them with the
// hidden `gpuasm --manpage` and with `gpuasm completion bash`; `cmake --install` installs both.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace gpuasm::tool {

/// gpuasm(1) in man(7) roff: every subcommand with its arguments and options, the exit status,
/// the files gpuasm reads and examples.
std::string manPage(const CLI::App& gpuasm);

/// A bash completion script (`complete -F _gpuasm gpuasm`): subcommands, each one's options, and
/// for an argument its kind — .asm files, JSON state files, directories, any file, or none.
std::string bashCompletion(const CLI::App& gpuasm);

}  // namespace gpuasm::tool
