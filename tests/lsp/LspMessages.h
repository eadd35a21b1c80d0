// What the language server's tests send: JSON-RPC requests and notifications, LSP positions and
// ranges, a batch handed to a Server with its replies parsed, and the embedded spec's database.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/lsp/Server.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpuasm::lsp::test {

using nlohmann::json;

inline const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

inline json request(int id, const std::string& method, json params = json::object()) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}
inline json note(const std::string& method, json params = json::object()) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}
inline json pos(int line, int character) { return {{"line", line}, {"character", character}}; }
inline json range(int l0, int c0, int l1, int c1) { return {{"start", pos(l0, c0)}, {"end", pos(l1, c1)}}; }

/// Hands `messages` to the server as one batch; its replies, parsed.
inline std::vector<json> send(Server& s, const std::vector<json>& messages) {
  std::vector<std::string> bodies;
  for (const json& m : messages) bodies.push_back(m.dump());
  std::vector<json> out;
  for (const std::string& reply : s.handle(bodies)) out.push_back(json::parse(reply));
  return out;
}

}  // namespace gpuasm::lsp::test
