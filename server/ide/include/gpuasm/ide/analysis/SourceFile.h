// Reading a user's file — an .asm program, a state file, a machine code file — for the command
// line and the debug adapter: its size is checked before anything is read (DESIGN.md §3: every
// request is bounded), and a failure is an error value naming the path.
#pragma once

#include <cstdint>
#include <expected>
#include <string>

namespace gpuasm::ide {

/// Files larger than this are refused with a message.
inline constexpr std::uint64_t kMaxSourceBytes = 64ull << 20;

/// The bytes of the file at `path`, or why they cannot be had: "cannot read 'P'", "'P' is N
/// bytes; files larger than M bytes are not read", "error while reading 'P'".
std::expected<std::string, std::string> readSourceFile(const std::string& path);

}  // namespace gpuasm::ide
