// JSON helpers shared by the server's handlers (private to server/lsp): reading params with
// precise errors, and converting between byte offsets and LSP positions (UTF-16, via LineIndex).
#pragma once

#include <gpuasm/ide/analysis/Diagnostics.h>
#include <gpuasm/lsp/ClientCapabilities.h>
#include <gpuasm/ide/asm/Formatting.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::lsp::protocol {

using nlohmann::json;

/// JSON-RPC and LSP error codes.
enum ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,
  kRequestFailed = -32803,
  kRequestCancelled = -32800,
};

/// Bad params: the handler's message becomes an InvalidParams error (or a log message for a
/// notification).
struct ParamsError {
  std::string message;
};

/// A request that cannot be done (a rename the live ranges refuse, a spec file that cannot be
/// opened): the message becomes a RequestFailed error reply, which editors show as it is.
struct RequestFailed {
  std::string message;
};

/// Serialises with invalid UTF-8 replaced by U+FFFD, so document text never breaks the writer.
std::string dump(const json& j);

const json& member(const json& object, const char* key);
std::string stringMember(const json& object, const char* key);
std::uint32_t uintMember(const json& object, const char* key);
bool boolMember(const json& object, const char* key, bool fallback);

/// A document's byte offsets as LSP positions in the encoding agreed at initialize (UTF-16, or
/// UTF-8 when the client offers it): the only way the server turns one into the other.
struct Positions {
  const syntax::LineIndex& lines;
  syntax::ColumnUnit unit = syntax::ColumnUnit::Utf16;
  syntax::LinePosition position(std::uint32_t offset) const { return lines.position(offset, unit); }
  std::uint32_t offset(syntax::LinePosition p) const { return lines.offset(p, unit); }
  std::uint32_t lineStart(std::uint32_t line) const { return lines.lineStart(line); }
  std::uint32_t lineEnd(std::uint32_t line) const { return lines.lineEnd(line); }
};

syntax::LinePosition position(const json& p);
json positionJson(const syntax::LinePosition& p);
json rangeJson(const Positions& at, syntax::ByteRange r);

/// An editor diagnostic as LSP JSON, with the near-miss data quick fixes need in `data`: the
/// value of appendDiagnosticText's text.
json diagnosticJson(const Positions& at, const ide::Diagnostic& d);

// Writing JSON text directly, byte for byte what dump() writes for the same value (keys in
// order, the same escapes, invalid UTF-8 replaced): for publishDiagnostics, which goes out on
// every keystroke, where building a json value first was most of an edit's instructions.

/// `s` as a JSON string.
void appendJsonString(std::string& out, std::string_view s);
void appendJsonInteger(std::string& out, std::int64_t n);
/// An editor diagnostic's object (diagnosticJson's value) as text; `relatedInformation`, when
/// not empty, is the dumped array of its relatedInformation member.
void appendDiagnosticText(std::string& out, const Positions& at, const ide::Diagnostic& d,
                          std::string_view relatedInformation);

// ------------------------------------------------------------------ typed params
// The params of the methods the server implements, read with from_json (found by
// json::get<T>()); a missing or mistyped member throws ParamsError naming it.

struct InitializeParams {
  ClientCapabilities client;
  json initializationOptions;  ///< null when absent
  /// The workspace's directory: the first workspace folder, else rootUri, else rootPath, when
  /// it is a local path; empty when the client opened none.
  std::string workspaceRoot;
};
void from_json(const json& j, InitializeParams& p);

struct LspRange {
  syntax::LinePosition start, end;
};
void from_json(const json& j, LspRange& r);
/// An LSP range as byte offsets of a document.
syntax::ByteRange byteRange(const Positions& at, const LspRange& range);

/// textDocument only (documentSymbol, foldingRange, semanticTokens/full, didClose).
struct DocumentParams {
  std::string uri;
};
void from_json(const json& j, DocumentParams& p);

/// textDocument/diagnostic: the document, and the resultId of the report the client has.
struct DocumentDiagnosticParams {
  std::string uri;
  std::optional<std::string> previousResultId;
};
void from_json(const json& j, DocumentDiagnosticParams& p);

/// textDocument and position (hover, completion, signatureHelp, definition, runToCursor).
struct PositionParams {
  std::string uri;
  syntax::LinePosition position;
  std::optional<sim::InitialState> state;  ///< gpuasm/runToCursor's optional initial state
};
void from_json(const json& j, PositionParams& p);

/// gpuasm/reference: a document and a position (the instruction there), or a page by name.
struct ReferenceParams {
  std::optional<std::string> page;  ///< `{page}`; else uri and position are set
  std::string uri;
  syntax::LinePosition position;
};
void from_json(const json& j, ReferenceParams& p);

/// textDocument and range (inlayHint, semanticTokens/range, codeAction, rangeFormatting,
/// gpuasm/execute, gpuasm/encoding).
struct RangeParams {
  std::string uri;
  LspRange range;
  std::optional<std::vector<std::string>> only;  ///< codeAction's context.only
  std::optional<sim::InitialState> state;        ///< gpuasm/execute's optional initial state
  ide::FormatOptions options;                    ///< rangeFormatting's options
};
void from_json(const json& j, RangeParams& p);

/// textDocument/formatting.
struct FormattingParams {
  std::string uri;
  ide::FormatOptions options;
};
void from_json(const json& j, FormattingParams& p);

/// textDocument/rename.
struct RenameParams {
  std::string uri;
  syntax::LinePosition position;
  std::string newName;
};
void from_json(const json& j, RenameParams& p);

/// gpuasm/setInitialState: the state file's contents, or null for none.
struct InitialStateParams {
  std::optional<sim::InitialState> state;
};
void from_json(const json& j, InitialStateParams& p);

struct DidOpenParams {
  std::string uri;
  std::string languageId;  ///< "gpuasm-spec" for a spec file (empty when absent)
  std::int64_t version = 0;
  std::string text;
};
void from_json(const json& j, DidOpenParams& p);

struct ContentChange {
  std::optional<LspRange> range;  ///< absent: the whole text
  std::string text;
};
struct DidChangeParams {
  std::string uri;
  std::optional<std::int64_t> version;
  std::vector<ContentChange> changes;
};
void from_json(const json& j, DidChangeParams& p);

/// workspace/didChangeWatchedFiles: the URIs of the files created, changed or deleted.
struct WatchedFilesParams {
  std::vector<std::string> uris;
};
void from_json(const json& j, WatchedFilesParams& p);

struct ConfigurationParams {
  json settings;
};
void from_json(const json& j, ConfigurationParams& p);

struct ExecuteCommandParams {
  std::string command;
  json argument;  ///< the one argument: the params object of the request the command stands for
};
void from_json(const json& j, ExecuteCommandParams& p);

/// completionItem/resolve: the item as sent, with the position it came from in `data`.
struct CompletionItemParams {
  json item;
  std::optional<std::string> uri;
  std::optional<syntax::LinePosition> position;
  std::string label;
};
void from_json(const json& j, CompletionItemParams& p);

}  // namespace gpuasm::lsp::protocol

namespace gpuasm::lsp {
/// The client's capabilities from initialize's `capabilities` (found by json::get through ADL).
void from_json(const protocol::json& j, ClientCapabilities& c);
}  // namespace gpuasm::lsp
