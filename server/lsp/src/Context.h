// What a request handler works with (private to server/lsp): the workspace, what the client
// declared, the spec's files as documents, the messages it sends besides its reply and the
// diagnostics the client has; and the conversions every handler shares — byte offsets and
// ranges become the client's positions here and in the handlers, nowhere else.
#pragma once

#include "Protocol.h"
#include "Results.h"
#include "SpecDocuments.h"

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/ide/asm/Completion.h>
#include <gpuasm/ide/asm/Folding.h>
#include <gpuasm/ide/asm/SemanticTokens.h>
#include <gpuasm/lsp/ClientCapabilities.h>
#include <gpuasm/workspace/Workspace.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::lsp {

class Published;
using workspace::SpecSession;

/// A handler's result: a JSON value, or the JSON text of one the handler wrote directly (a
/// diagnostics report, written as text on every keystroke that changes it).
struct Result {
  explicit Result(protocol::json v) : value(std::move(v)) {}
  static Result ofText(std::string text) {
    Result r{nullptr};
    r.text = std::move(text);
    return r;
  }
  protocol::json value;
  std::optional<std::string> text;  ///< when set, the result instead of `value`
};

/// The messages the server sends besides its replies (notifications, its own requests) for one
/// batch of input, and the ids of its requests.
class Outbox {
 public:
  Outbox(std::vector<std::string>& messages, std::int64_t& nextRequestId)
      : messages_(messages), nextRequestId_(nextRequestId) {}
  /// A message written already.
  void send(std::string message) { messages_.push_back(std::move(message)); }
  void notify(std::string_view method, protocol::json params);
  /// A request of the server's to the client, with the next id "gpuasm-N" (params left out when null).
  void request(std::string_view method, protocol::json params);

 private:
  std::vector<std::string>& messages_;
  std::int64_t& nextRequestId_;
};

/// A handler's world.
struct Context {
  workspace::Workspace& workspace;  ///< the documents, settings, deferred findings, the specs
  const ClientCapabilities& client;
  SpecDocuments& specFiles;  ///< the spec's files as documents (go to definition, related information)
  Outbox& out;
  Published& published;  ///< the diagnostics the client has (Publishing.h)
};

/// A notification message.
std::string notification(std::string_view method, protocol::json params);

/// What a column counts, as agreed with the client at initialize.
syntax::ColumnUnit columnUnit(const ClientCapabilities& client);
inline syntax::ColumnUnit columnUnit(const Context& ctx) { return columnUnit(ctx.client); }

/// The open .asm document `uri`; ParamsError when it is not open.
workspace::Document& documentOf(Context& ctx, const std::string& uri);
const ide::Snapshot& snapshotOf(Context& ctx, const std::string& uri);
/// The document's positions in the agreed unit.
protocol::Positions at(const Context& ctx, const ide::Snapshot& snap);

protocol::MarkupContent markdown(std::string value);
protocol::LspRange rangeOf(const protocol::Positions& positions, syntax::ByteRange r);
protocol::TextEdit textEdit(const protocol::Positions& positions, const syntax::TextEdit& e);
std::vector<protocol::TextEdit> textEdits(const protocol::Positions& positions,
                                          const std::vector<syntax::TextEdit>& edits);

/// Folding ranges as LSP's FoldingRange[].
protocol::json foldingRangesJson(std::span<const ide::FoldingRange> ranges);

/// The LSP CompletionItemKind of an ide one.
int completionKind(ide::CompletionKind kind);

/// Semantic tokens in LSP's relative encoding, columns in `positions`' unit.
protocol::SemanticTokensResult encodeSemanticTokens(const protocol::Positions& positions,
                                                    std::span<const ide::SemanticToken> tokens);

}  // namespace gpuasm::lsp
