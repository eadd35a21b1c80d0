// The methods the server implements (private to server/lsp), in one dispatch table: per method
// its name, whether it is a request or a notification, its handler — which reads typed params
// (Protocol.h), calls an ide feature and builds the LSP result — and what it adds to the
// server's capabilities. Server.cpp dispatches through the table, and the `capabilities` of
// the initialize result are derived from it, so nothing is advertised that is not handled.
#pragma once

#include <gpuasm/workspace/SpecSession.h>
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

/// What the handlers may read and change: the server's state.
struct ServerState {
  std::map<std::string, OpenDocument>& documents;
  ServerSettings& settings;
  SpecDocuments& spec;
  ClientCapabilities& client;
  std::int64_t& nextRequestId;     ///< ids of the requests the server sends
  std::vector<std::string>& out;   ///< messages a handler sends besides its reply
  SpecSession& specs;              ///< the database in use, its reloads and the open spec files
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
protocol::SemanticTokensResult encodeSemanticTokens(const protocol::Positions& positions, std::span<const ide::SemanticToken> tokens);

/// The requests about a spec file the server answers (SpecRequests.cpp): hover, definition,
/// references, completion, document symbols, folding and semantic tokens of the DSL. Their
/// capabilities are the .asm methods' of the same names.
std::span<const Method> specMethods();
/// The spec method called `name`, or null (the request is answered with null).
const Method* findSpecMethod(std::string_view name);

/// What a column counts, as agreed with the client at initialize.
syntax::ColumnUnit columnUnit(const ServerState& state);

/// Applies {"encodingHints": bool} (also wrapped as {"gpuasm": {...}}); true when it changed something.
bool applySettings(ServerSettings& settings, const protocol::json& j);

/// Recomputes a document's dataflow findings and publishes its diagnostics again when they changed.
void refreshDataflow(ServerState& state, const std::string& uri, OpenDocument& doc);
/// Runs a document with `// @expect` lines a slice further; once the run is over, publishes
/// its diagnostics again when the expectations' outcomes changed.
void refreshExpectations(ServerState& state, const std::string& uri, OpenDocument& doc);

// ------------------------------------------------------------------ the live spec (SpecSync.cpp)

/// Loads the spec the session resolves to now, on this thread, and installs it (initialize).
void loadSpecNow(ServerState& state);
/// Starts the reload a spec change asked for, unless one is in flight.
void startSpecReload(ServerState& state);
/// Installs a finished reload: the database, the documents' analyses, the spec's diagnostics.
/// With `acceptErrors` (the first load of a directory) it is installed even with errors no
/// erratum accounts for; otherwise a reload that adds one is not.
void finishSpecReload(ServerState& state, SpecOutcome outcome, bool acceptErrors = false);
/// Asks the client to tell the server about changes to the spec directory's files and the
/// workspace's gpuasm.json on disk (client/registerCapability), when it can.
void watchSpecFiles(ServerState& state);

/// The spec handlers of the method table.
protocol::json didChangeWatchedFiles(ServerState& state, const protocol::WatchedFilesParams& p);
protocol::json specInfo(ServerState& state, const protocol::json& params);
/// didOpen/didChange/didClose of a spec file; false when `uri` is no spec file.
bool openSpecDocument(ServerState& state, const protocol::DidOpenParams& p);
bool changeSpecDocument(ServerState& state, const protocol::DidChangeParams& p);
bool closeSpecDocument(ServerState& state, const std::string& uri);
/// Applies {"specDir": "path" | null} of the client's settings; true when it changed.
bool applySpecSetting(SpecSession& specs, const protocol::json& settings);

/// The publishDiagnostics notification of a document, with related information (the spec's
/// legal forms, the erratum) when the client takes it.
std::string publishDiagnostics(ServerState& state, const std::string& uri, const OpenDocument& doc);

}  // namespace gpuasm::lsp
