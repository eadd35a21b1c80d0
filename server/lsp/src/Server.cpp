// Server: JSON-RPC dispatch, lifecycle, document sync and diagnostics (see Server.h).
#include <gpuasm/lsp/Server.h>

#include <gpuasm/syntax/LineIndex.h>

#include <nlohmann/json.hpp>

#include <optional>

namespace gpuasm::lsp {

namespace {

using nlohmann::json;

// JSON-RPC and LSP error codes.
enum ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,
  kRequestCancelled = -32800,
};

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string errorReply(const json& id, int code, std::string_view message) {
  return dump({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

std::string resultReply(const json& id, json result) { return dump({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}); }

std::string notification(std::string_view method, json params) {
  return dump({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

// A params field that must be present with a type; throws InvalidParams through json's
// exceptions, which handleOne turns into an error reply.
struct ParamsError {
  std::string message;
};

const json& member(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) throw ParamsError{std::string("missing '") + key + "'"};
  return object.at(key);
}

std::string stringMember(const json& object, const char* key) {
  const json& v = member(object, key);
  if (!v.is_string()) throw ParamsError{std::string("'") + key + "' must be a string"};
  return v.get<std::string>();
}

std::uint32_t uintMember(const json& object, const char* key) {
  const json& v = member(object, key);
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 0xFFFFFFFFll)
    throw ParamsError{std::string("'") + key + "' must be a non-negative integer"};
  return static_cast<std::uint32_t>(v.get<std::int64_t>());
}

syntax::LinePosition position(const json& p) { return {uintMember(p, "line"), uintMember(p, "character")}; }

json positionJson(const syntax::LinePosition& p) { return {{"line", p.line}, {"character", p.character}}; }

json rangeJson(const syntax::LineIndex& lines, syntax::ByteRange r) {
  return {{"start", positionJson(lines.position(r.begin))}, {"end", positionJson(lines.position(r.end))}};
}

int severityCode(ide::Severity s) {
  switch (s) {
    case ide::Severity::Error: return 1;
    case ide::Severity::Warning: return 2;
    case ide::Severity::Information: return 3;
    case ide::Severity::Hint: return 4;
  }
  return 1;
}

json diagnosticsJson(const ide::Snapshot& snap) {
  json out = json::array();
  for (const ide::Diagnostic& d : snap.diagnostics()) {
    json j = {{"range", rangeJson(snap.lines(), d.range)},
              {"severity", severityCode(d.severity)},
              {"code", d.code},
              {"source", "gpuasm"},
              {"message", d.message}};
    // The near-miss data the quick fixes are built from travels with the diagnostic.
    json data = json::object();
    if (!d.suggestions.empty()) data["suggestions"] = d.suggestions;
    if (!d.legalForms.empty()) data["legalForms"] = d.legalForms;
    if (!d.erratum.empty()) data["erratum"] = d.erratum;
    if (!data.empty()) j["data"] = std::move(data);
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

std::string Server::framingError(std::string_view message) const {
  return errorReply(nullptr, kParseError, std::string("Parse error: ") + std::string(message));
}

std::vector<std::string> Server::handle(std::span<const std::string> bodies) {
  // Cancellations apply to the whole batch: requests are handled one after the other, so only
  // a request that has not run yet can still be cancelled.
  std::set<std::string> cancelled;
  for (const std::string& body : bodies) {
    const json j = json::parse(body, nullptr, false);
    if (j.is_object() && j.value("method", "") == "$/cancelRequest" && j.contains("params") && j["params"].is_object() &&
        j["params"].contains("id"))
      cancelled.insert(j["params"]["id"].dump());
  }
  std::vector<std::string> out;
  for (const std::string& body : bodies) handleOne(body, cancelled, out);
  return out;
}

void Server::handleOne(std::string_view body, const std::set<std::string>& cancelled, std::vector<std::string>& out) {
  const json msg = json::parse(body.begin(), body.end(), nullptr, false);
  if (msg.is_discarded()) return out.push_back(errorReply(nullptr, kParseError, "Parse error: the message is not valid JSON"));
  if (!msg.is_object()) return out.push_back(errorReply(nullptr, kInvalidRequest, "Invalid request: a message must be a JSON object"));
  const bool hasId = msg.contains("id");
  const json id = hasId ? msg["id"] : json(nullptr);
  if (hasId && !id.is_number_integer() && !id.is_string())
    return out.push_back(errorReply(nullptr, kInvalidRequest, "Invalid request: id must be an integer or a string"));
  if (!msg.contains("method") || !msg["method"].is_string()) {
    if (hasId && (msg.contains("result") || msg.contains("error"))) return;  // a response to a request of ours
    return out.push_back(errorReply(id, kInvalidRequest, "Invalid request: no method"));
  }
  const std::string method = msg["method"].get<std::string>();
  const json params = msg.contains("params") ? msg["params"] : json::object();

  if (!hasId) {  // notifications never get a reply
    try {
      if (method == "exit") {
        exit_ = true;
      } else if (!initialized_ || shutdown_) {
        // Dropped: notifications before initialize (LSP 3.17) or after shutdown.
      } else if (method == "textDocument/didOpen") {
        const json& doc = member(params, "textDocument");
        OpenDocument d;
        d.version = member(doc, "version").is_number_integer() ? doc["version"].get<std::int64_t>() : 0;
        d.snapshot = ide::Snapshot::analyse(db_, stringMember(doc, "text"));
        const std::string uri = stringMember(doc, "uri");
        documents_[uri] = d;
        out.push_back(notification("textDocument/publishDiagnostics",
                                   {{"uri", uri}, {"version", d.version}, {"diagnostics", diagnosticsJson(*d.snapshot)}}));
      } else if (method == "textDocument/didChange") {
        const json& doc = member(params, "textDocument");
        const std::string uri = stringMember(doc, "uri");
        const auto it = documents_.find(uri);
        if (it == documents_.end()) return;  // a change to a document that is not open: nothing to update
        // Each change applies to the text as the previous one left it; a ranged change re-analyses
        // only the chunks it touches (Snapshot::edited). Nothing is kept unless all are valid.
        std::shared_ptr<const ide::Snapshot> snap = it->second.snapshot;
        for (const json& change : member(params, "contentChanges")) {
          if (!change.contains("range")) {
            snap = ide::Snapshot::analyse(db_, stringMember(change, "text"));
            continue;
          }
          // Positions are UTF-16 (LineIndex is the only code that knows it).
          const json& range = member(change, "range");
          const std::uint32_t begin = snap->lines().offset(position(member(range, "start")));
          const std::uint32_t end = snap->lines().offset(position(member(range, "end")));
          if (end < begin) throw ParamsError{"change range ends before it starts"};
          snap = snap->edited({begin, end, stringMember(change, "text")});
        }
        it->second.version = doc.contains("version") && doc["version"].is_number_integer() ? doc["version"].get<std::int64_t>() : it->second.version + 1;
        it->second.snapshot = std::move(snap);
        out.push_back(notification("textDocument/publishDiagnostics", {{"uri", uri},
                                                                        {"version", it->second.version},
                                                                        {"diagnostics", diagnosticsJson(*it->second.snapshot)}}));
      } else if (method == "textDocument/didClose") {
        const std::string uri = stringMember(member(params, "textDocument"), "uri");
        documents_.erase(uri);
        out.push_back(notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
      }
      // Other notifications (initialized, $/cancelRequest, $/setTrace, didSave, ...) need nothing.
    } catch (const ParamsError& e) {
      out.push_back(notification("window/logMessage", {{"type", 1}, {"message", method + ": invalid params: " + e.message}}));
    } catch (const json::exception& e) {
      out.push_back(notification("window/logMessage", {{"type", 1}, {"message", method + ": invalid params: " + std::string(e.what())}}));
    }
    return;
  }

  if (cancelled.contains(id.dump())) return out.push_back(errorReply(id, kRequestCancelled, "Request cancelled"));
  if (method == "initialize") {
    if (initialized_) return out.push_back(errorReply(id, kInvalidRequest, "initialize was already received"));
    initialized_ = true;
    json capabilities = {{"textDocumentSync", {{"openClose", true}, {"change", 2}}}, {"positionEncoding", "utf-16"}};
    return out.push_back(resultReply(id, {{"capabilities", capabilities}, {"serverInfo", {{"name", "gpuasm"}, {"version", "0.1.0"}}}}));
  }
  if (!initialized_) return out.push_back(errorReply(id, kServerNotInitialized, "Server not initialized: send initialize first"));
  if (shutdown_) return out.push_back(errorReply(id, kInvalidRequest, "the server is shutting down: only exit is accepted"));
  if (method == "shutdown") {
    shutdown_ = true;
    return out.push_back(resultReply(id, nullptr));
  }
  return out.push_back(errorReply(id, kMethodNotFound, "Method not found: " + method));
}

}  // namespace gpuasm::lsp
