// Reading a user's file — an .asm program, a state file, a machine code file — for the command
// line and the debug adapter: its size is checked before anything is read (DESIGN.md §3: every
// request is bounded), an assembly file must not be binary, and a failure is an error value
// naming the path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

namespace gpuasm::ide {

/// Files larger than this are refused with a message.
inline constexpr std::uint64_t kMaxSourceBytes = 64ull << 20;

/// The bytes of the file at `path`, or why they cannot be had: "cannot read 'P'", "'P' is N
/// bytes; files larger than M bytes are not read", "error while reading 'P'".
std::expected<std::string, std::string> readSourceFile(const std::string& path);

/// How much of a file the binary-file rule looks at: its first 64 KiB.
inline constexpr std::size_t kBinaryProbeBytes = 64u << 10;

/// The binary-file rule (docs/PROTOCOL.md), as GNU grep and diff decide it: text whose first
/// kBinaryProbeBytes bytes hold a NUL byte is not assembly text. Returns why, naming the path and
/// the first NUL's byte offset: "'P' is a binary file (a NUL byte at offset N); gpuasm reads
/// assembly text"; nothing for text.
std::optional<std::string> binaryFileProblem(const std::string& path, std::string_view text);

/// readSourceFile for an assembly file: a binary file (binaryFileProblem) is refused too.
std::expected<std::string, std::string> readAssemblyFile(const std::string& path);

}  // namespace gpuasm::ide
