// Fuzz target: the JSON-RPC language server in process (lsp::Server::handle). The first byte
// chooses what the rest is.
//  - Even: message bodies, one a line (at most 64), to a server that was initialized (unless
//    bit 1 is set) and has a document open; bit 2 sends them as one batch. Every reply is a
//    JSON-RPC 2.0 object; sent one at a time, every request gets exactly one response with its
//    id. Nothing crashes or throws, whatever the bodies (tests/lsp/ServerTest.cpp: "survives").
//  - Odd: an edit session. Up to the first NUL byte, the document opened; then edits, each four
//    bytes (start line, start character, end line, end character, taken modulo a little more
//    than the text has, so some ranges are out of range or reversed) and the replacement text up
//    to the next NUL, sent as incremental didChanges (bit 1: all in one didChange). When the
//    idle work is done, the diagnostics the server published last equal those a fresh server
//    publishes on opening the text the edits left (DESIGN.md §3: incremental analysis equals a
//    from-scratch analysis).
#include "FuzzSupport.h"
#include "ScratchDir.h"

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/lsp/Server.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

using namespace gpuasm;
using json = nlohmann::json;

namespace {

using fuzz::db;

constexpr std::size_t kMaxMessages = 64;
constexpr int kMaxIdle = 1000;
const std::string kUri = "file:///fuzz.asm";

// Where go to definition writes the embedded spec files: one directory for the process
// (tests/common/ScratchDir.h), removed at exit.
const std::string& cacheRoot() {
  static const std::string root = gpuasm::test::processScratchDir().string();
  return root;
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json parsedReply(const std::string& reply) {
  json j = json::parse(reply, nullptr, false);
  FUZZ_CHECK(!j.is_discarded() && j.is_object() && j.value("jsonrpc", "") == "2.0",
             "not a JSON-RPC 2.0 object: " + reply);
  return j;
}

std::vector<json> send(lsp::Server& s, const std::vector<std::string>& bodies) {
  std::vector<json> out;
  for (const std::string& reply : s.handle(bodies)) out.push_back(parsedReply(reply));
  return out;
}

std::vector<json> drainIdle(lsp::Server& s) {
  std::vector<json> out;
  for (int i = 0; i < kMaxIdle && s.hasIdleWork() && !s.exitRequested(); ++i)
    for (const std::string& m : s.idle()) out.push_back(parsedReply(m));
  return out;
}

std::string initializeBody() {
  return dump({{"jsonrpc", "2.0"},
               {"id", 1},
               {"method", "initialize"},
               {"params", {{"capabilities", json::object()}}}});
}
std::string initializedBody() {
  return dump({{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", json::object()}});
}
std::string openBody(std::string_view text) {
  return dump({{"jsonrpc", "2.0"},
               {"method", "textDocument/didOpen"},
               {"params",
                {{"textDocument",
                  {{"uri", kUri}, {"languageId", "gpuasm"}, {"version", 1}, {"text", std::string(text)}}}}}});
}

// A request as the server must see it: an object with a method (not a cancellation) and an
// integer or string id.
std::optional<json> requestId(std::string_view body) {
  const json parsed = json::parse(body, nullptr, false);
  if (!parsed.is_object() || !parsed.contains("id") || !parsed.contains("method") ||
      !parsed["method"].is_string() || parsed["method"] == "$/cancelRequest")
    return std::nullopt;
  if (!parsed["id"].is_number_integer() && !parsed["id"].is_string()) return std::nullopt;
  return parsed["id"];
}

void messageBodies(std::string_view rest, unsigned mode) {
  lsp::Server s(db(), cacheRoot());
  if ((mode & 2u) == 0)
    send(s, {initializeBody(), initializedBody(),
             openBody("IADD R0, R1, R2 ;\n// @state R1 = lane\nMOV R1, 0x10 ;\n")});
  std::vector<std::string> bodies;
  for (const std::string_view line : fuzz::splitLines(rest, kMaxMessages)) bodies.emplace_back(line);
  if ((mode & 4u) != 0) {
    send(s, bodies);
    drainIdle(s);
    return;
  }
  for (const std::string& body : bodies) {
    if (s.exitRequested()) break;
    const auto id = requestId(body);
    const std::vector<json> replies = send(s, {body});
    if (id) {
      std::size_t answers = 0;
      for (const json& r : replies)
        answers += !r.contains("method") && r.value("id", json()) == *id ? 1u : 0u;
      FUZZ_CHECK(answers == 1, "request answered " + std::to_string(answers) + " times: " + body);
    }
    drainIdle(s);
  }
}

// The diagnostics of the last publishDiagnostics for the document among `messages`, if any.
std::optional<json> lastPublished(const std::vector<json>& messages) {
  std::optional<json> out;
  for (const json& m : messages)
    if (m.value("method", "") == "textDocument/publishDiagnostics" && m["params"].value("uri", "") == kUri)
      out = m["params"]["diagnostics"];
  return out;
}

// Line and UTF-16-ish character counts of the text, to scale the edit bytes to it.
std::vector<std::uint32_t> lineLengths(std::string_view text) {
  std::vector<std::uint32_t> out{0};
  for (const char c : text) {
    if (c == '\n')
      out.push_back(0);
    else if ((static_cast<unsigned char>(c) & 0xC0u) != 0x80u)
      ++out.back();
  }
  return out;
}

void editSession(std::string_view rest, unsigned mode) {
  const std::size_t nul = rest.find('\0');
  const std::string_view initial = rest.substr(0, nul);
  lsp::Server s(db(), cacheRoot());
  std::vector<json> published = send(s, {initializeBody(), initializedBody(), openBody(initial)});
  std::string text(initial);  // only to scale positions; the server's text is the truth
  json changes = json::array();
  std::size_t at = nul == std::string_view::npos ? rest.size() : nul + 1;
  for (int version = 2; at + 4 <= rest.size() && version < 2 + 32; ++version) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(rest[at + i]); };
    const std::size_t end = rest.find('\0', at + 4);
    const std::string_view replacement =
        rest.substr(at + 4, end == std::string_view::npos ? std::string_view::npos : end - at - 4);
    const std::vector<std::uint32_t> lines = lineLengths(text);
    const auto lineOf = [&](unsigned b) { return b % (lines.size() + 1); };
    const auto charOf = [&](std::size_t line, unsigned b) {
      return b % ((line < lines.size() ? lines[line] : 0) + 2);
    };
    const std::size_t l0 = lineOf(byte(0)), l1 = lineOf(byte(2));
    const json change = {{"range",
                          {{"start", {{"line", l0}, {"character", charOf(l0, byte(1))}}},
                           {"end", {{"line", l1}, {"character", charOf(l1, byte(3))}}}}},
                         {"text", std::string(replacement)}};
    if ((mode & 2u) != 0) {
      changes.push_back(change);
    } else {
      const json note = {{"jsonrpc", "2.0"},
                         {"method", "textDocument/didChange"},
                         {"params",
                          {{"textDocument", {{"uri", kUri}, {"version", version}}},
                           {"contentChanges", json::array({change})}}}};
      for (json& m : send(s, {dump(note)})) published.push_back(std::move(m));
      text = std::string(s.workspace().documents().at(kUri).snapshot->text());
    }
    at = end == std::string_view::npos ? rest.size() : end + 1;
  }
  if (!changes.empty()) {
    const json note = {
        {"jsonrpc", "2.0"},
        {"method", "textDocument/didChange"},
        {"params", {{"textDocument", {{"uri", kUri}, {"version", 2}}}, {"contentChanges", changes}}}};
    for (json& m : send(s, {dump(note)})) published.push_back(std::move(m));
  }
  for (json& m : drainIdle(s)) published.push_back(std::move(m));
  const std::string finalText(s.workspace().documents().at(kUri).snapshot->text());

  lsp::Server fresh(db(), cacheRoot());
  std::vector<json> freshPublished = send(fresh, {initializeBody(), initializedBody(), openBody(finalText)});
  for (json& m : drainIdle(fresh)) freshPublished.push_back(std::move(m));

  const auto incremental = lastPublished(published), scratch = lastPublished(freshPublished);
  FUZZ_CHECK(incremental && scratch, "no diagnostics published");
  FUZZ_CHECK(*incremental == *scratch, "after the edits: " + incremental->dump() + "\nfrom scratch: " +
                                           scratch->dump() + "\ntext: " + dump(json(finalText)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > fuzz::kMaxInput) return 0;
  const unsigned mode = data[0];
  const std::string_view rest = fuzz::asText(data + 1, size - 1);
  if ((mode & 1u) == 0)
    messageBodies(rest, mode);
  else
    editSession(rest, mode);
  return 0;
}
