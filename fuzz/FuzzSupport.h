// What every fuzz target shares: the input size bound, a check that stops the process in every
// build type (libFuzzer records the input as a crash; the corpus replayer of the normal build
// fails its ctest), the splitting of an input into messages or pieces, and the embedded spec's
// database, loaded once per process.
#pragma once

#include <gpuasm/isa/InstrDb.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::fuzz {

/// The embedded spec's database.
inline const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

/// Inputs longer than this are skipped, so one input never takes long enough to time out.
inline constexpr std::size_t kMaxInput = 64 * 1024;

/// The input as text (bytes as they are; the targets must take any bytes).
inline std::string_view asText(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// Stops the process after printing what failed: a property of a target does not hold.
[[noreturn]] inline void fail(const char* file, int line, const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n%s\n", file, line, what, detail.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

/// The lines of an input ('\n' separated, without it), at most `maxLines` of them.
inline std::vector<std::string_view> splitLines(std::string_view text, std::size_t maxLines) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start < text.size() && out.size() < maxLines) {
    const std::size_t nl = text.find('\n', start);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace gpuasm::fuzz

/// Like assert, but also in release builds: a fuzz target's property.
#define FUZZ_CHECK(cond, detail)                                            \
  do {                                                                      \
    if (!(cond)) ::gpuasm::fuzz::fail(__FILE__, __LINE__, #cond, (detail)); \
  } while (false)
