// The methods the server implements (private to server/lsp), in one dispatch table: per method
// its name, whether it is a request or a notification, its handler — which reads typed params
// (Protocol.h), calls an ide feature and builds the LSP result — and what it adds to the
// server's capabilities. Server.cpp dispatches through the table, and the `capabilities` of
// the initialize result are derived from it, so nothing is advertised that is not handled.
#pragma once

#include <gpuasm/workspace/SpecSession.h>
#include <gpuasm/workspace/Workspace.h>
#include "Protocol.h"
#include "Results.h"
#include "SpecDocuments.h"

#include <gpuasm/ide/asm/Completion.h>
#include <gpuasm/ide/asm/Folding.h>
#include <gpuasm/ide/asm/SemanticTokens.h>

#include <gpuasm/lsp/Server.h>

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::lsp {

using workspace::AnalysedDocument;
using workspace::DocumentText;
using workspace::OpenSpecDocument;
using workspace::SpecChoice;
using workspace::SpecJob;
using workspace::SpecOrigin;
using workspace::SpecOutcome;

/// What the handlers may read and change: the workspace, and the server's protocol state.
struct ServerState {
  workspace::Workspace& workspace;  ///< the documents, settings, deferred findings, the spec
  SpecDocuments& spec;
  ClientCapabilities& client;
  std::int64_t& nextRequestId;    ///< ids of the requests the server sends
  std::vector<std::string>& out;  ///< messages a handler sends besides its reply
  /// Per open .asm document, the diagnostics the client has (pushed or pulled).
  std::map<std::string, SentDiagnostics>& published;
  std::uint64_t& nextResultId;  ///< of pulled diagnostics reports
  SpecSession& specs;           ///< workspace.specs(): the database in use, its reloads, the spec files
  /// A request's result as JSON text, when its handler wrote it so (then it returns null).
  std::optional<std::string> resultText;
  const isa::InstrDb& db() const { return *specs.db; }
};

enum class MethodKind : std::uint8_t { Request, Notification };

/// A handler: params (already checked to be JSON) → the result; a notification returns null.
/// Bad params throw protocol::ParamsError.
using MethodHandler = protocol::json (*)(ServerState& state, const protocol::json& params);

struct Method {
  std::string_view name;
  MethodKind kind;
  MethodHandler handler;
  /// Adds what the method needs the client to know to the capabilities; null when nothing.
  void (*advertise)(protocol::json& capabilities, const ClientCapabilities& client);
};

/// A handler of typed params as a table entry: the params are read first (ParamsError on a bad one).
template <typename Params, protocol::json (*Handler)(ServerState&, const Params&)>
protocol::json typed(ServerState& state, const protocol::json& params) {
  return Handler(state, params.get<Params>());
}

/// Folding ranges as LSP's FoldingRange[].
protocol::json foldingRangesJson(std::span<const ide::FoldingRange> ranges);

/// The LSP CompletionItemKind of an ide one.
int completionKind(ide::CompletionKind kind);

/// Every method the server implements besides the lifecycle (initialize, shutdown, exit).
std::span<const Method> methods();

/// The method called `name`, or null.
const Method* findMethod(std::string_view name);

/// The `capabilities` of the initialize result for a client: what the table advertises.
protocol::json serverCapabilities(const ClientCapabilities& client);

/// A notification message.
std::string notification(std::string_view method, protocol::json params);
/// A request of the server's to the client, with the next id "gpuasm-N" (params left out when null).
std::string serverRequest(ServerState& state, std::string_view method, protocol::json params);
/// Asks the client to request the inlay hints again (workspace/inlayHint/refresh).
std::string inlayHintRefresh(ServerState& state);

/// Semantic tokens in LSP's relative encoding, columns in `positions`' unit.
protocol::SemanticTokensResult encodeSemanticTokens(const protocol::Positions& positions,
                                                    std::span<const ide::SemanticToken> tokens);

/// The requests about a spec file the server answers (SpecRequests.cpp): hover, definition,
/// references, completion, document symbols, folding and semantic tokens of the DSL. Their
/// capabilities are the .asm methods' of the same names.
std::span<const Method> specMethods();
/// The spec method called `name`, or null (the request is answered with null).
const Method* findSpecMethod(std::string_view name);

/// What a column counts, as agreed with the client at initialize.
syntax::ColumnUnit columnUnit(const ServerState& state);

/// The client's settings (initializationOptions, didChangeConfiguration; also wrapped as
/// {"gpuasm": {...}}) applied to `current`; a bad value throws ParamsError.
workspace::Settings settingsFrom(const workspace::Settings& current, const protocol::json& settings);
/// The `specDir` of the client's settings: none when they do not name it, "" for null.
std::optional<std::string> specDirSetting(const protocol::json& settings);

/// Tells the client what a workspace call changed: the diagnostics of the documents whose list
/// differs from what it was last sent (and those closed) — or, to a client that pulls them, to
/// pull again when a report it has is out of date (`pulling`: the document it pulls anyway) —,
/// inlay hints to request again, the spec's findings and status.
void tell(ServerState& state, workspace::Changes changes, std::string_view pulling = {});

// ------------------------------------------------------------------ the live spec (SpecSync.cpp)

/// A spec load finished or failed (before the documents' diagnostics are told): the spec's
/// findings published to its files, or the reason it cannot be used shown.
void specLoaded(ServerState& state, const workspace::SpecEvent& event);
/// After the documents': the file watchers follow a new directory, and the spec's status.
void specSettled(ServerState& state, const workspace::SpecEvent& event);
/// Asks the client to tell the server about changes to the spec directory's files and the
/// workspace's gpuasm.json on disk (client/registerCapability), when it can.
void watchSpecFiles(ServerState& state);

/// The spec handlers of the method table.
protocol::json specInfo(ServerState& state, const protocol::json& params);
}  // namespace gpuasm::lsp
