// What every handler shares (see Context.h).
#include "Context.h"

#include <utility>

namespace gpuasm::lsp {

using namespace protocol;

// LSP's relative encoding: per token, line and start relative to the previous token, length,
// type index, modifier bits; columns in the agreed unit. Tokens never span lines.
protocol::SemanticTokensResult encodeSemanticTokens(const protocol::Positions& positions,
                                                    std::span<const ide::SemanticToken> tokens) {
  std::vector<std::uint32_t> data;
  std::uint32_t prevLine = 0, prevStart = 0;
  for (const ide::SemanticToken& t : tokens) {
    const syntax::LinePosition b = positions.position(t.range.begin);
    const syntax::LinePosition e = positions.position(t.range.end);
    if (e.line != b.line || e.character <= b.character) continue;
    data.push_back(b.line - prevLine);
    data.push_back(b.line == prevLine ? b.character - prevStart : b.character);
    data.push_back(e.character - b.character);
    data.push_back(static_cast<std::uint32_t>(t.type));
    data.push_back(t.modifiers);
    prevLine = b.line;
    prevStart = b.character;
  }
  return {std::move(data)};
}

protocol::json foldingRangesJson(std::span<const ide::FoldingRange> ranges) {
  std::vector<protocol::FoldingRange> out;
  for (const ide::FoldingRange& f : ranges)
    out.push_back({f.startLine, f.endLine, f.kind == ide::FoldingKind::Comment ? "comment" : "region"});
  return out;
}

int completionKind(ide::CompletionKind k) {
  switch (k) {                                       // LSP CompletionItemKind
    case ide::CompletionKind::Mnemonic: return 14;   // Keyword
    case ide::CompletionKind::Modifier: return 20;   // EnumMember
    case ide::CompletionKind::Register: return 6;    // Variable
    case ide::CompletionKind::Predicate: return 6;   // Variable
    case ide::CompletionKind::Value: return 12;      // Value
    case ide::CompletionKind::Snippet: return 15;    // Snippet
    case ide::CompletionKind::Type: return 22;       // Struct
    case ide::CompletionKind::Field: return 5;       // Field
    case ide::CompletionKind::Definition: return 7;  // Class
    case ide::CompletionKind::Keyword: return 14;    // Keyword
  }
  return 1;
}
workspace::Document& documentOf(Context& ctx, const std::string& uri) {
  workspace::Document* doc = ctx.workspace.find(uri);
  if (doc == nullptr) throw ParamsError{"the document is not open: " + uri};
  return *doc;
}

const ide::Snapshot& snapshotOf(Context& ctx, const std::string& uri) {
  return *documentOf(ctx, uri).snapshot;
}

Positions at(const Context& ctx, const ide::Snapshot& snap) { return {snap.lines(), columnUnit(ctx)}; }

MarkupContent markdown(std::string value) { return {"markdown", std::move(value)}; }

LspRange rangeOf(const Positions& positions, syntax::ByteRange r) {
  return {positions.position(r.begin), positions.position(r.end)};
}
TextEdit textEdit(const Positions& positions, const syntax::TextEdit& e) {
  return {rangeOf(positions, {e.begin, e.end}), e.replacement};
}

std::vector<TextEdit> textEdits(const Positions& positions, const std::vector<syntax::TextEdit>& edits) {
  std::vector<TextEdit> out;
  for (const syntax::TextEdit& e : edits) out.push_back(textEdit(positions, e));
  return out;
}

syntax::ColumnUnit columnUnit(const ClientCapabilities& client) {
  return client.utf8Positions ? syntax::ColumnUnit::Utf8 : syntax::ColumnUnit::Utf16;
}

std::string notification(std::string_view method, json params) {
  return dump({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

void Outbox::notify(std::string_view method, json params) { send(notification(method, std::move(params))); }

void Outbox::request(std::string_view method, json params) {
  json message = {
      {"jsonrpc", "2.0"}, {"id", "gpuasm-" + std::to_string(nextRequestId_++)}, {"method", method}};
  if (!params.is_null()) message["params"] = std::move(params);
  send(dump(message));
}

}  // namespace gpuasm::lsp
