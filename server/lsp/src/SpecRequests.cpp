// The requests about a spec file (see Methods.h, specMethods): LSP params → a feature of
// ide/SpecFeatures.h → LSP JSON. The features read the database of the last load (a broken one
// too, whose positions match what the user typed); targets in the other spec files become
// their URIs: the user's own files for a spec directory, the read-only copies for the embedded
// spec.
#include "HoverText.h"
#include "Methods.h"
#include "Results.h"

#include <gpuasm/wire/MethodTable.h>
#include <gpuasm/ide/spec/SpecFeatures.h>
#include <gpuasm/isa/Utf8.h>

#include <filesystem>
#include <map>
#include <memory>

namespace gpuasm::lsp {

namespace {

using namespace protocol;

// The open spec file `uri` as the workspace keeps it for the spec's features, and its spec.
workspace::SpecFileView viewOf(Context& ctx, const std::string& uri) {
  auto view = ctx.workspace.specView(uri);
  if (!view) throw ParamsError{"the spec document is not open: " + uri};
  return *view;
}

Positions at(const Context& ctx, const ide::SpecView& view) { return {view.lines(), columnUnit(ctx)}; }

LspRange rangeOf(const Positions& positions, syntax::ByteRange r) {
  return {positions.position(r.begin), positions.position(r.end)};
}

// Spec spots as LSP locations, each target file's lines indexed once per request.
class Placer {
 public:
  Placer(Context& ctx, const workspace::SpecFileView& file, std::string uri)
      : ctx_(ctx), spec_(*file.spec), view_(*file.view), uri_(std::move(uri)) {}

  std::optional<Location> place(const ide::SpecSpot& s) {
    if (s.file == view_.self()) return Location{uri_, rangeOf(at(ctx_, view_), span(view_.lines(), s))};
    const auto& files = view_.db().files();
    if (s.file >= files.size()) return std::nullopt;
    auto uri = uriOf(s.file);
    if (!uri) return std::nullopt;
    auto& lines = lines_[s.file];
    if (!lines) lines = std::make_unique<syntax::LineIndex>(files[s.file].text);
    return Location{std::move(*uri), rangeOf({*lines, columnUnit(ctx_)}, span(*lines, s))};
  }

 private:
  static syntax::ByteRange span(const syntax::LineIndex& lines, const ide::SpecSpot& s) {
    const std::uint32_t line = s.line > 0 ? s.line - 1 : 0;
    const std::uint32_t end = lines.lineEnd(line);
    const std::uint32_t b = std::min(lines.lineStart(line) + (s.column > 0 ? s.column - 1 : 0), end);
    return {b, std::min(b + s.length, end)};
  }

  // A spec directory's file is the user's own; the embedded spec's are served as the copies of
  // the database in use (SpecDocuments), found by name.
  std::optional<std::string> uriOf(std::uint32_t file) {
    const isa::SpecFile& f = view_.db().files()[file];
    if (std::filesystem::path(f.name).is_absolute()) return fileUri(f.name);
    const auto& inUse = spec_.db().files();
    for (std::uint32_t i = 0; i < inUse.size(); ++i)
      if (inUse[i].name == f.name)
        if (auto uri = ctx_.specFiles.uriOf(spec_.db(), i)) return *uri;
    return std::nullopt;
  }

  Context& ctx_;
  const workspace::SpecSession& spec_;  ///< the spec the file belongs to
  const ide::SpecView& view_;
  std::string uri_;
  std::map<std::uint32_t, std::unique_ptr<syntax::LineIndex>> lines_;
};

json hover(Context& ctx, const PositionParams& p) {
  const workspace::SpecFileView file = viewOf(ctx, p.uri);
  const ide::SpecView& view = *file.view;
  std::vector<isa::SpecDiagnostic> findings;
  if (file.spec->diagnosticsDb() && &view.db() == file.spec->diagnosticsDb().get())
    for (const isa::SpecDiagnostic& d : file.spec->diagnostics())
      if (d.pos.file == view.self()) findings.push_back(d);
  const auto h = ide::getSpecHover(view, at(ctx, view).offset(p.position), findings);
  if (!h) return nullptr;
  // The user's spec may hold bytes that are not UTF-8, which JSON cannot carry.
  MarkupContent contents = ctx.client.markdownHover
                               ? MarkupContent{"markdown", text::escapeInvalidUtf8(hoverMarkdown(*h))}
                               : MarkupContent{"plaintext", text::escapeInvalidUtf8(hoverPlainText(*h))};
  return HoverResult{std::move(contents), rangeOf(at(ctx, view), h->range)};
}

json definition(Context& ctx, const PositionParams& p) {
  const workspace::SpecFileView file = viewOf(ctx, p.uri);
  const ide::SpecView& view = *file.view;
  Placer placer(ctx, file, p.uri);
  std::vector<Location> out;
  for (const ide::SpecSpot& s : ide::getSpecDefinition(view, at(ctx, view).offset(p.position)))
    if (auto l = placer.place(s)) out.push_back(std::move(*l));
  if (out.empty()) return nullptr;
  return out;
}

json references(Context& ctx, const json& params) {
  const auto p = params.get<PositionParams>();
  bool includeDeclaration = false;
  if (const auto c = params.find("context"); c != params.end() && c->is_object())
    if (const auto d = c->find("includeDeclaration"); d != c->end() && d->is_boolean())
      includeDeclaration = d->get<bool>();
  const workspace::SpecFileView file = viewOf(ctx, p.uri);
  const ide::SpecView& view = *file.view;
  std::vector<ide::AsmDocumentRef> documents;
  std::vector<const std::string*> uris;
  for (const auto& [uri, doc] : ctx.workspace.documents()) {
    documents.push_back({doc.snapshot.get()});
    uris.push_back(&uri);
  }
  const ide::SpecReferences refs =
      ide::getSpecReferences(view, at(ctx, view).offset(p.position), includeDeclaration, documents);
  Placer placer(ctx, file, p.uri);
  std::vector<Location> out;
  for (const ide::SpecSpot& s : refs.spec)
    if (auto l = placer.place(s)) out.push_back(std::move(*l));
  for (const auto& r : refs.documents) {
    const ide::Snapshot& snap = *documents[r.document].snapshot;
    out.push_back({*uris[r.document], rangeOf({snap.lines(), columnUnit(ctx)}, r.range)});
  }
  return out;
}

json completion(Context& ctx, const PositionParams& p) {
  const ide::SpecView& view = *viewOf(ctx, p.uri).view;
  CompletionList list;
  for (const ide::CompletionItem& c : ide::getSpecCompletions(view, at(ctx, view).offset(p.position))) {
    CompletionItem& item = list.items.emplace_back();
    item.label = text::escapeInvalidUtf8(c.label);
    item.kind = completionKind(c.kind);
    item.textEdit = {rangeOf(at(ctx, view), c.range), text::escapeInvalidUtf8(c.insertText)};
    item.detail = text::escapeInvalidUtf8(c.detail);
    item.sortText = c.sortText;
  }
  return list;
}

// The LSP SymbolKind of a spec symbol.
int symbolKind(ide::SpecSymbolKind k) {
  switch (k) {
    case ide::SpecSymbolKind::Type: return 10;        // Enum
    case ide::SpecSymbolKind::Group: return 3;        // Namespace
    case ide::SpecSymbolKind::Optype: return 5;       // Class
    case ide::SpecSymbolKind::Opcode: return 6;       // Method
    case ide::SpecSymbolKind::Erratum: return 24;     // Event
    case ide::SpecSymbolKind::AsmFacts: return 2;     // Module
    case ide::SpecSymbolKind::Enumerator: return 22;  // EnumMember
    case ide::SpecSymbolKind::Field: return 8;        // Field
  }
  return 1;
}

DocumentSymbol symbolOf(const Positions& positions, const ide::SpecSymbol& s) {
  DocumentSymbol out{
      text::escapeInvalidUtf8(s.name), text::escapeInvalidUtf8(s.detail),    symbolKind(s.kind),
      rangeOf(positions, s.range),     rangeOf(positions, s.selectionRange), {}};
  for (const ide::SpecSymbol& c : s.children) out.children.push_back(symbolOf(positions, c));
  return out;
}

json documentSymbols(Context& ctx, const DocumentParams& p) {
  const ide::SpecView& view = *viewOf(ctx, p.uri).view;
  std::vector<DocumentSymbol> out;
  for (const ide::SpecSymbol& s : ide::getSpecSymbols(view)) out.push_back(symbolOf(at(ctx, view), s));
  return out;
}

json foldingRanges(Context& ctx, const DocumentParams& p) {
  return foldingRangesJson(ide::getSpecFoldingRanges(*viewOf(ctx, p.uri).view));
}

json semanticTokensFull(Context& ctx, const DocumentParams& p) {
  const ide::SpecView& view = *viewOf(ctx, p.uri).view;
  return encodeSemanticTokens(at(ctx, view), ide::getSpecSemanticTokens(view));
}

json semanticTokensRange(Context& ctx, const RangeParams& p) {
  const ide::SpecView& view = *viewOf(ctx, p.uri).view;
  const syntax::ByteRange r = byteRange(at(ctx, view), p.range);
  std::vector<ide::SemanticToken> tokens = ide::getSpecSemanticTokens(view);
  std::erase_if(
      tokens, [&](const ide::SemanticToken& t) { return t.range.end <= r.begin || t.range.begin >= r.end; });
  return encodeSemanticTokens(at(ctx, view), tokens);
}

constexpr MethodKind Request = MethodKind::Request;

// The spec's findings are published, not pulled (Methods.cpp, diagnosticCap): a client that
// pulls anyway gets an empty report, with which it keeps the published ones.
json diagnostic(Context&, const json&) { return {{"kind", "full"}, {"items", json::array()}}; }

const Method kSpecMethods[] = {
    {"textDocument/diagnostic", Request, untyped<diagnostic>, nullptr},
    {"textDocument/hover", Request, typed<PositionParams, hover>, nullptr},
    {"textDocument/definition", Request, typed<PositionParams, definition>, nullptr},
    {"textDocument/references", Request, untyped<references>, nullptr},
    {"textDocument/completion", Request, typed<PositionParams, completion>, nullptr},
    {"textDocument/documentSymbol", Request, typed<DocumentParams, documentSymbols>, nullptr},
    {"textDocument/foldingRange", Request, typed<DocumentParams, foldingRanges>, nullptr},
    {"textDocument/semanticTokens/full", Request, typed<DocumentParams, semanticTokensFull>, nullptr},
    {"textDocument/semanticTokens/range", Request, typed<RangeParams, semanticTokensRange>, nullptr},
};

}  // namespace

std::span<const Method> specMethods() { return kSpecMethods; }

const Method* findSpecMethod(std::string_view name) {
  return wire::findByName(std::span<const Method>(kSpecMethods), &Method::name, name);
}

}  // namespace gpuasm::lsp
