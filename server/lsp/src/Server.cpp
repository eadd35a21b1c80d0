// Server: JSON-RPC dispatch, lifecycle, document sync and diagnostics (see Server.h).
#include <gpuasm/wire/Failure.h>
#include <gpuasm/formats/ProjectConfig.h>
#include <gpuasm/lsp/Server.h>

#include "Methods.h"
#include "Protocol.h"
#include "Publishing.h"
#include "Settings.h"
#include "SpecDocuments.h"

#include <gpuasm/ide/asm/Definition.h>
#include <gpuasm/syntax/LineIndex.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <optional>

namespace gpuasm::lsp {

namespace {

using namespace protocol;

std::string errorReply(const json& id, int code, std::string_view message) {
  return dump({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

std::string resultReply(const json& id, json result) {
  return dump({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
}

// A reply whose result a handler wrote as JSON text (a diagnostics report): what resultReply
// writes for its value.
std::string resultReplyText(const json& id, std::string_view result) {
  std::string out = R"({"id":)" + dump(id) + R"(,"jsonrpc":"2.0","result":)";
  out += result;
  out += '}';
  return out;
}

}  // namespace

Server::Server(std::shared_ptr<const isa::InstrDb> db, std::string cacheRoot, std::string specDir)
    : workspace_(std::make_unique<workspace::Workspace>(std::move(db), std::move(specDir))),
      spec_(std::make_unique<SpecDocuments>(std::move(cacheRoot))),
      published_(std::make_unique<Published>()) {}

// Not owned: the caller keeps it alive (an aliasing pointer with no owner).
Server::Server(const isa::InstrDb& db, std::string cacheRoot)
    : Server(std::shared_ptr<const isa::InstrDb>(std::shared_ptr<const isa::InstrDb>(), &db),
             std::move(cacheRoot)) {}

const isa::InstrDb& Server::db() const { return workspace_->db(); }

Server::~Server() = default;
Server::Server(Server&&) noexcept = default;

std::string defaultCacheRoot() { return SpecDocuments::defaultCacheRoot(); }

std::string Server::framingError(std::string_view message) {
  return errorReply(nullptr, kParseError, std::string("Parse error: ") + std::string(message));
}

struct Server::Message {
  json value;  ///< discarded when the body is not valid JSON
};

struct Server::Call {
  const json& id;
  const std::string& method;
  const json& params;
  Context& ctx;
};

std::vector<std::string> Server::handle(std::span<const std::string> bodies) {
  // Cancellations apply to the whole batch: requests are handled one after the other, so only
  // a request that has not run yet can still be cancelled. Each body is parsed once (a didOpen
  // carries the whole document: a second parse of 1 MB was a tenth of its time).
  std::vector<Message> messages;
  messages.reserve(bodies.size());
  std::set<std::string> cancelled;
  for (const std::string& body : bodies) {
    const json& j = messages.emplace_back(Message{json::parse(body, nullptr, false)}).value;
    if (j.is_object() && j.contains("method") && j["method"] == "$/cancelRequest" && j.contains("params") &&
        j["params"].is_object() && j["params"].contains("id"))
      cancelled.insert(j["params"]["id"].dump());
  }
  std::vector<std::string> out;
  for (const Message& message : messages) handleOne(message, cancelled, out);
  return out;
}

bool Server::hasIdleWork() const { return initialized_ && !shutdown_ && workspace_->hasIdleWork(); }

std::vector<std::string> Server::idle() {
  std::vector<std::string> out;
  Outbox outbox(out, nextRequestId_);
  Context ctx{*workspace_, client_, *spec_, outbox, *published_};
  tell(ctx, workspace_->idle());
  return out;
}

void Server::handleOne(const Message& message, const std::set<std::string>& cancelled,
                       std::vector<std::string>& out) {
  const json& msg = message.value;
  if (msg.is_discarded())
    return out.push_back(errorReply(nullptr, kParseError, "Parse error: the message is not valid JSON"));
  if (!msg.is_object())
    return out.push_back(
        errorReply(nullptr, kInvalidRequest, "Invalid request: a message must be a JSON object"));
  const bool hasId = msg.contains("id");
  const json id = hasId ? msg["id"] : json(nullptr);
  if (hasId && !id.is_number_integer() && !id.is_string())
    return out.push_back(
        errorReply(nullptr, kInvalidRequest, "Invalid request: id must be an integer or a string"));
  if (!msg.contains("method") || !msg["method"].is_string()) {
    if (hasId && (msg.contains("result") || msg.contains("error")))
      return;  // a response to a request of ours
    return out.push_back(errorReply(id, kInvalidRequest, "Invalid request: no method"));
  }
  const std::string method = msg["method"].get<std::string>();
  static const json kNoParams = json::object();
  const auto paramsAt = msg.find("params");  // a reference, not a copy (a didOpen's is the whole document)
  const json& params = paramsAt != msg.end() ? *paramsAt : kNoParams;
  Outbox outbox(out, nextRequestId_);
  Context ctx{*workspace_, client_, *spec_, outbox, *published_};
  const Call call{id, method, params, ctx};
  if (!hasId) return handleNotification(call);  // notifications never get a reply
  if (cancelled.contains(id.dump()))
    return out.push_back(errorReply(id, kRequestCancelled, "Request cancelled"));
  if (method == "initialize") return handleInitialize(call);
  if (!initialized_)
    return out.push_back(
        errorReply(id, kServerNotInitialized, "Server not initialized: send initialize first"));
  if (shutdown_)
    return out.push_back(
        errorReply(id, kInvalidRequest, "the server is shutting down: only exit is accepted"));
  if (method == "shutdown") {
    shutdown_ = true;
    return out.push_back(resultReply(id, nullptr));
  }
  handleRequest(call);
}

void Server::handleNotification(const Call& call) {
  const auto& [id, method, params, ctx] = call;
  if (method == "exit") {
    exit_ = true;
    return;
  }
  // Dropped: notifications before initialize (LSP 3.17) or after shutdown, and those the
  // server does not implement (a `$/` one may be ignored, LSP 3.17; so are the others).
  const Method* m = findMethod(method);
  if (!initialized_ || shutdown_ || m == nullptr || m->kind != MethodKind::Notification) return;
  try {
    m->handler(ctx, params);
  } catch (const ParamsError& e) {
    ctx.out.notify("window/logMessage",
                   {{"type", 1}, {"message", method + ": invalid params: " + e.message}});
  } catch (const std::exception& e) {  // said in the protocol's words; the server goes on
    wire::logFailure("gpuasm lsp: " + method, e);
    const char* kind = wire::isMalformedMessage(e) ? ": invalid params: " : ": failed: ";
    ctx.out.notify("window/logMessage", {{"type", 1}, {"message", method + kind + wire::failureText(e)}});
  }
}

void Server::handleInitialize(const Call& call) {
  const auto& [id, method, params, ctx] = call;
  Outbox& out = ctx.out;
  if (initialized_) return out.send(errorReply(id, kInvalidRequest, "initialize was already received"));
  workspace::Settings settings;
  std::optional<std::string> specDir;
  std::string root;
  try {
    const auto init = params.get<InitializeParams>();
    client_ = init.client;
    // The encoding hints follow the cursor only for a client that reports it (gpuasm/cursor);
    // any other gets them after every instruction. The client's own setting overrides either.
    settings.encodingHints =
        client_.cursorNotifications ? workspace::EncodingHints::Cursor : workspace::EncodingHints::All;
    if (!init.initializationOptions.is_null()) {
      settings = settingsFrom(settings, init.initializationOptions);
      specDir = specDirSetting(init.initializationOptions);
    }
    root = init.workspaceRoot;
  } catch (const ParamsError& e) {
    return out.send(errorReply(id, kInvalidParams, "Invalid params: " + e.message));
  } catch (const json::exception& e) {
    wire::logFailure("gpuasm lsp: initialize", e);
    return out.send(errorReply(id, kInvalidParams, "Invalid params: " + wire::failureText(e)));
  }
  initialized_ = true;
  out.send(resultReply(id, {{"capabilities", serverCapabilities(client_)},
                            {"serverInfo", {{"name", "gpuasm"}, {"version", "0.1.0"}}}}));
  // The workspace's spec, before any document opens: its diagnostics and status follow the reply.
  return tell(ctx, workspace_->initialize(settings, std::move(specDir), std::move(root)));
}

void Server::handleRequest(const Call& call) {
  const auto& [id, method, params, ctx] = call;
  Outbox& out = ctx.out;
  // A request about a spec file goes to the spec's features; what they do not offer is null.
  const bool specDocument =
      method.starts_with("textDocument/") && params.is_object() && params.contains("textDocument") &&
      params["textDocument"].is_object() && params["textDocument"].contains("uri") &&
      params["textDocument"]["uri"].is_string() &&
      workspace_->specFileSession(params["textDocument"]["uri"].get<std::string>()) != nullptr;
  const Method* m = specDocument ? findSpecMethod(method) : findMethod(method);
  if (specDocument && m == nullptr) return out.send(resultReply(id, nullptr));
  if (m == nullptr || m->kind != MethodKind::Request)
    return out.send(errorReply(id, kMethodNotFound, "Method not found: " + method));
  // A handler's failure answers its request and nothing else: the documents are untouched.
  try {
    Result result = m->handler(ctx, params);
    out.send(result.text ? resultReplyText(id, *result.text) : resultReply(id, std::move(result.value)));
  } catch (const ParamsError& e) {
    out.send(errorReply(id, kInvalidParams, "Invalid params: " + e.message));
  } catch (const RequestFailed& e) {
    out.send(errorReply(id, kRequestFailed, e.message));
  } catch (const std::exception& e) {
    wire::logFailure("gpuasm lsp: " + method, e);
    out.send(wire::isMalformedMessage(e)
                 ? errorReply(id, kInvalidParams, "Invalid params: " + wire::failureText(e))
                 : errorReply(id, kRequestFailed, "Request failed: " + wire::failureText(e)));
  }
}

}  // namespace gpuasm::lsp
