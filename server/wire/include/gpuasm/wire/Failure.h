// What an LSP or DAP client is told when its request fails inside the server: the protocol's
// words, never a library's exception text ("[json.exception.type_error.302] …",
// "vector::_M_range_check: …"). That text is for a bug report, so it goes to the server's log
// (stderr, which clients show as the server's output) and nowhere else.
#pragma once

#include <exception>
#include <string>
#include <string_view>

namespace gpuasm::wire {

/// Whether a handler's exception says the peer's message was malformed (nlohmann_json's
/// exceptions: a member missing or of the wrong type) rather than that the server failed.
bool isMalformedMessage(const std::exception& e);

/// The reply text for an exception a handler let escape, in the peer's terms: which kind of
/// mistake its message holds, or that the server failed and where the details are.
std::string failureText(const std::exception& e);

/// Writes `who: what failed: e.what()` to stderr, the server's log.
void logFailure(std::string_view who, const std::exception& e);

}  // namespace gpuasm::wire
