// Server: JSON-RPC dispatch, lifecycle, document sync and diagnostics (see Server.h).
#include <gpuasm/lsp/Server.h>

#include "Protocol.h"
#include "Requests.h"
#include "SpecDocuments.h"

#include <gpuasm/ide/Definition.h>
#include <gpuasm/syntax/LineIndex.h>

#include <exception>
#include <optional>

namespace gpuasm::lsp {

namespace {

using namespace protocol;

std::string errorReply(const json& id, int code, std::string_view message) {
  return dump({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

std::string resultReply(const json& id, json result) { return dump({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}); }

std::string notification(std::string_view method, json params) {
  return dump({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

// Each diagnostic with its related information: the spec's legal forms for a near miss and the
// erratum behind a rule, as places in the spec files (SpecDocuments). If the spec cannot be
// written, the diagnostics still go out, without it.
json diagnosticsJson(const ide::Snapshot& snap, SpecDocuments& spec) {
  json out = json::array();
  for (const ide::Diagnostic& d : snap.diagnostics()) {
    json j = diagnosticJson(snap.lines(), d);
    json related = json::array();
    for (const ide::RelatedSpecText& r : ide::getRelatedSpecText(snap, d))
      if (const auto at = spec.place(snap.db(), r.location.fileIndex, r.location.line, r.location.column))
        related.push_back({{"location", {{"uri", at->uri}, {"range", {{"start", positionJson(at->start)}, {"end", positionJson(at->end)}}}}},
                           {"message", r.message}});
    if (!related.empty()) j["relatedInformation"] = std::move(related);
    out.push_back(std::move(j));
  }
  return out;
}

std::string publishDiagnostics(const std::string& uri, const OpenDocument& doc, SpecDocuments& spec) {
  return notification("textDocument/publishDiagnostics",
                      {{"uri", uri}, {"version", doc.version}, {"diagnostics", diagnosticsJson(*doc.snapshot, spec)}});
}

// {"encodingHints": bool} (also accepted wrapped as {"gpuasm": {...}}); true when it changed something.
bool applySettings(ServerSettings& settings, const json& j) {
  const json& s = j.is_object() && j.contains("gpuasm") ? j["gpuasm"] : j;
  if (!s.is_object()) return false;
  const bool hints = boolMember(s, "encodingHints", settings.encodingHints);
  const bool changed = hints != settings.encodingHints;
  settings.encodingHints = hints;
  return changed;
}

}  // namespace

Server::Server(const isa::InstrDb& db, std::string cacheRoot) : db_(db), spec_(std::make_unique<SpecDocuments>(std::move(cacheRoot))) {}

Server::~Server() = default;
Server::Server(Server&&) noexcept = default;

std::string defaultCacheRoot() { return SpecDocuments::defaultCacheRoot(); }

std::string Server::framingError(std::string_view message) const {
  return errorReply(nullptr, kParseError, std::string("Parse error: ") + std::string(message));
}

std::vector<std::string> Server::handle(std::span<const std::string> bodies) {
  // Cancellations apply to the whole batch: requests are handled one after the other, so only
  // a request that has not run yet can still be cancelled.
  std::set<std::string> cancelled;
  for (const std::string& body : bodies) {
    const json j = json::parse(body, nullptr, false);
    if (j.is_object() && j.contains("method") && j["method"] == "$/cancelRequest" && j.contains("params") && j["params"].is_object() &&
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
        out.push_back(publishDiagnostics(uri, d, *spec_));
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
        out.push_back(publishDiagnostics(uri, it->second, *spec_));
      } else if (method == "workspace/didChangeConfiguration") {
        // Encoding hints switched: a client that can be told re-requests them.
        if (applySettings(settings_, member(params, "settings")) && inlayHintRefresh_)
          out.push_back(dump({{"jsonrpc", "2.0"}, {"id", "gpuasm-" + std::to_string(nextRequestId_++)}, {"method", "workspace/inlayHint/refresh"}}));
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
    } catch (const std::exception& e) {  // a failure, not a user mistake: said, and the server goes on
      out.push_back(notification("window/logMessage", {{"type", 1}, {"message", method + ": failed: " + std::string(e.what())}}));
    }
    return;
  }

  if (cancelled.contains(id.dump())) return out.push_back(errorReply(id, kRequestCancelled, "Request cancelled"));
  if (method == "initialize") {
    if (initialized_) return out.push_back(errorReply(id, kInvalidRequest, "initialize was already received"));
    try {
      if (params.contains("initializationOptions")) applySettings(settings_, params["initializationOptions"]);
      const json caps = params.value("capabilities", json::object());
      inlayHintRefresh_ = caps.is_object() && caps.contains("workspace") && caps["workspace"].is_object() &&
                          caps["workspace"].contains("inlayHint") && boolMember(caps["workspace"]["inlayHint"], "refreshSupport", false);
    } catch (const ParamsError& e) {
      return out.push_back(errorReply(id, kInvalidParams, "Invalid params: " + e.message));
    } catch (const json::exception& e) {
      return out.push_back(errorReply(id, kInvalidParams, std::string("Invalid params: ") + e.what()));
    }
    initialized_ = true;
    return out.push_back(resultReply(id, {{"capabilities", serverCapabilities()}, {"serverInfo", {{"name", "gpuasm"}, {"version", "0.1.0"}}}}));
  }
  if (!initialized_) return out.push_back(errorReply(id, kServerNotInitialized, "Server not initialized: send initialize first"));
  if (shutdown_) return out.push_back(errorReply(id, kInvalidRequest, "the server is shutting down: only exit is accepted"));
  if (method == "shutdown") {
    shutdown_ = true;
    return out.push_back(resultReply(id, nullptr));
  }
  const RequestHandler handler = requestHandler(method);
  if (handler == nullptr) return out.push_back(errorReply(id, kMethodNotFound, "Method not found: " + method));
  // A handler's failure answers its request and nothing else: the documents are untouched.
  try {
    RequestContext ctx{db_, documents_, settings_, *spec_};
    out.push_back(resultReply(id, handler(ctx, params)));
  } catch (const ParamsError& e) {
    out.push_back(errorReply(id, kInvalidParams, "Invalid params: " + e.message));
  } catch (const json::exception& e) {
    out.push_back(errorReply(id, kInvalidParams, std::string("Invalid params: ") + e.what()));
  } catch (const std::exception& e) {
    out.push_back(errorReply(id, kRequestFailed, std::string("Request failed: ") + e.what()));
  }
}

}  // namespace gpuasm::lsp
