// The requests that show what a document holds (see Handlers.h): hover, inlay hints, inline
// values, semantic tokens, document symbols, folding ranges and the register pressure lens.
#include "Handlers.h"

#include "HoverText.h"

#include <gpuasm/ide/analysis/RegisterPressure.h>
#include <gpuasm/ide/asm/DocumentSymbols.h>
#include <gpuasm/ide/asm/Hover.h>
#include <gpuasm/ide/asm/InlayHints.h>
#include <gpuasm/ide/execution/LiveValues.h>

namespace gpuasm::lsp {

using namespace protocol;

json hover(Context& ctx, const PositionParams& p) {
  const workspace::Document& doc = documentOf(ctx, p.uri);
  const ide::Snapshot& snap = *doc.snapshot;
  const auto h = ctx.workspace.hover(doc, at(ctx, snap).offset(p.position));
  if (!h) return nullptr;
  // A client that reads only plain text gets plain text (hover.contentFormat).
  MarkupContent contents =
      ctx.client.markdownHover ? markdown(hoverMarkdown(*h)) : MarkupContent{"plaintext", hoverPlainText(*h)};
  return HoverResult{std::move(contents), rangeOf(at(ctx, snap), h->range)};
}

json inlayHints(Context& ctx, const RangeParams& p) {
  workspace::Document& doc = documentOf(ctx, p.uri);
  const Positions positions = at(ctx, *doc.snapshot);
  std::vector<InlayHint> out;
  for (const ide::InlayHint& h :
       ctx.workspace.inlayHints(doc, p.range.start.line, p.range.end.line, byteRange(positions, p.range)))
    out.push_back({positions.position(h.offset), h.label, markdown(h.tooltip), h.paddingLeft});
  return out;
}

// LSP 3.17 inline values: the live values as text after each executed statement (editors show
// them while debugging; the inlay hints show them while editing).
json inlineValues(Context& ctx, const RangeParams& p) {
  workspace::Document& doc = documentOf(ctx, p.uri);
  std::vector<InlineValueText> out;
  if (!ctx.workspace.settings().liveValues) return out;
  const ide::LiveRun& run = ctx.workspace.liveRun(doc, p.range.end.line);
  for (const ide::ExecutedLine& l : run.linesIn(p.range.start.line, p.range.end.line)) {
    std::string text = ide::liveValueLabel(doc.snapshot->db(), l, ctx.workspace.settings().liveValuesLane);
    if (!text.empty()) out.push_back({rangeOf(at(ctx, *doc.snapshot), l.statement), std::move(text)});
  }
  return out;
}

namespace {

SemanticTokensResult semanticTokensData(const Context& ctx, const ide::Snapshot& snap,
                                        syntax::ByteRange range) {
  return encodeSemanticTokens(at(ctx, snap), ide::getSemanticTokens(snap, range));
}

}  // namespace

json semanticTokensFull(Context& ctx, const DocumentParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  return semanticTokensData(ctx, snap, {0, static_cast<std::uint32_t>(snap.text().size())});
}

json semanticTokensRange(Context& ctx, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  return semanticTokensData(ctx, snap, byteRange(at(ctx, snap), p.range));
}

namespace {

// The LSP SymbolKind of an ide one: a section is a Namespace (3), an instruction an Operator (25).
int symbolKind(ide::DocumentSymbolKind k) { return k == ide::DocumentSymbolKind::Section ? 3 : 25; }

DocumentSymbol symbolOf(const Positions& positions, const ide::DocumentSymbol& s) {
  DocumentSymbol out{s.name.empty() ? std::string("(unnamed)") : s.name,
                     s.detail,
                     symbolKind(s.kind),
                     rangeOf(positions, s.range),
                     rangeOf(positions, s.selectionRange),
                     {}};
  for (const ide::DocumentSymbol& c : s.children) out.children.push_back(symbolOf(positions, c));
  return out;
}

}  // namespace

json documentSymbols(Context& ctx, const DocumentParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  std::vector<DocumentSymbol> out;
  for (const ide::DocumentSymbol& s : ide::getDocumentSymbols(snap))
    out.push_back(symbolOf(at(ctx, snap), s));
  return out;
}

json foldingRanges(Context& ctx, const DocumentParams& p) {
  return foldingRangesJson(ide::getFoldingRanges(snapshotOf(ctx, p.uri)));
}

// The register pressure's lens on the first statement (RegisterPressure.h); its command, run by
// the client, shows the peak line: gpuasm.ui.revealLine(uri, 0-based line).
json codeLenses(Context& ctx, const DocumentParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  std::vector<CodeLens> out;
  if (const auto lens = ide::getPressureLens(snap))
    out.push_back({rangeOf(at(ctx, snap), lens->range), lens->title, "gpuasm.ui.revealLine",
                   json::array({p.uri, lens->peakLine})});
  return out;
}

}  // namespace gpuasm::lsp
