// Publishing (see Publishing.h).
#include "Publishing.h"

#include <gpuasm/ide/analysis/Diagnostics.h>
#include <gpuasm/ide/asm/Definition.h>

#include <utility>

namespace gpuasm::lsp {

using namespace protocol;

const SentDiagnostics* Published::find(const std::string& uri) const {
  const auto it = documents_.find(uri);
  return it == documents_.end() ? nullptr : &it->second;
}

std::set<std::string> Published::replaceSpecFiles(const workspace::SpecSession* spec,
                                                  std::set<std::string> uris) {
  return std::exchange(specFiles_[spec], std::move(uris));
}

namespace {

// The publishDiagnostics notification is written as text (protocol::appendDiagnosticText), not
// built as a json value and dumped: it goes out on every keystroke that changes it.

// Each diagnostic with its related information, when the client takes it: the spec's legal
// forms for a near miss and the erratum behind a rule, as places in the spec files
// (SpecDocuments; building them writes the spec cache). If the spec cannot be written, the
// diagnostics still go out, without it.
void appendDiagnostics(std::string& out, Context& ctx, const workspace::Document& doc) {
  const ide::Snapshot& snap = *doc.snapshot;
  const std::vector<const ide::Diagnostic*> all = doc.diagnostics();
  const Positions positions = at(ctx, snap);
  out += '[';
  for (std::size_t i = 0; i < all.size(); ++i) {
    const ide::Diagnostic& d = *all[i];
    std::string related;
    if (ctx.client.relatedInformation) {
      json items = json::array();
      for (const ide::RelatedSpecText& r : ide::getRelatedSpecText(snap, d))
        if (const auto place =
                ctx.specFiles.place(snap.db(), r.location.fileIndex, r.location.line, r.location.column))
          items.push_back(
              {{"location",
                {{"uri", place->uri},
                 {"range", {{"start", positionJson(place->start)}, {"end", positionJson(place->end)}}}}},
               {"message", r.message}});
      if (!items.empty()) related = dump(items);
    }
    if (i > 0) out += ',';
    appendDiagnosticText(out, positions, d, related);
  }
  out += ']';
}

// The document's diagnostics as the text of a JSON array.
std::string diagnosticsText(Context& ctx, const workspace::Document& doc) {
  std::string items;
  items.reserve(256 * (doc.snapshot->diagnostics().size() + doc.flow.size() + doc.expectations.size()) + 2);
  appendDiagnostics(items, ctx, doc);
  return items;
}

// A publishDiagnostics notification with `diagnostics` (a JSON array's text) and the version.
std::string publishText(const std::string& uri, std::string_view diagnostics,
                        std::optional<std::int64_t> version) {
  // dump({"jsonrpc", "method", "params": {"diagnostics", "uri", "version"}}), written directly.
  std::string out = R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":)";
  out.reserve(out.size() + diagnostics.size() + uri.size() + 48);
  out += diagnostics;
  out += ",\"uri\":";
  appendJsonString(out, uri);
  if (version) {
    out += ",\"version\":";
    appendJsonInteger(out, *version);
  }
  out += "}}";
  return out;
}

// Sends the document's diagnostics unless the client has them already: the list it was last
// sent is compared as the client sees it — the text of every diagnostic, positions included
// (text inserted above a diagnostic moves its line: that list did change).
void publishIfChanged(Context& ctx, const std::string& uri) {
  const workspace::Document* doc = ctx.workspace.find(uri);
  if (doc == nullptr) return;
  std::string items = diagnosticsText(ctx, *doc);
  std::string& sent = ctx.published.document(uri).items;
  if (sent == items) return;
  ctx.out.send(publishText(uri, items, doc->version));
  sent = std::move(items);
}

// For a client that pulls: whether a document it pulled has findings its report lacks (other
// than `pulling`, which the client is about to pull itself) — it is then asked to pull again.
bool pulledReportOutdated(Context& ctx, const std::vector<std::string>& uris, std::string_view pulling) {
  for (const std::string& uri : uris) {
    const SentDiagnostics* sent = ctx.published.find(uri);
    const workspace::Document* doc = ctx.workspace.find(uri);
    if (uri == pulling || sent == nullptr || sent->resultId == 0 || doc == nullptr) continue;
    if (diagnosticsText(ctx, *doc) != sent->items) return true;
  }
  return false;
}

}  // namespace

// The document's diagnostics as a report (LSP 3.17 DocumentDiagnosticReport): "unchanged" when
// the client's report (previousResultId) is still what the document has, else the full list
// with a new resultId. Not an open .asm document (a spec file, or closed): an empty report.
Result documentDiagnostic(Context& ctx, const DocumentDiagnosticParams& p) {
  const workspace::Document* doc = ctx.workspace.find(p.uri);
  if (doc == nullptr) return Result({{"kind", "full"}, {"items", json::array()}});
  std::string items = diagnosticsText(ctx, *doc);
  SentDiagnostics& sent = ctx.published.document(p.uri);
  // A list never pulled or changed since gets a new id; else the client may have it already.
  if (sent.resultId == 0 || sent.items != items) {
    sent.items = std::move(items);
    sent.resultId = ctx.published.nextResultId();
  } else if (p.previousResultId == std::to_string(sent.resultId)) {
    return Result({{"kind", "unchanged"}, {"resultId", std::to_string(sent.resultId)}});
  }
  std::string out = R"({"items":)";
  out += sent.items;
  out += R"(,"kind":"full","resultId":")" + std::to_string(sent.resultId) + "\"}";
  return Result::ofText(std::move(out));
}

void tell(Context& ctx, workspace::Changes changes, std::string_view pulling) {
  if (changes.spec) specLoaded(ctx, *changes.spec);
  const bool pull = ctx.client.pullDiagnostics;
  for (const std::string& uri : changes.closed) {
    ctx.published.forget(uri);
    if (!pull) ctx.out.send(publishText(uri, "[]", std::nullopt));
  }
  if (!pull)
    for (const std::string& uri : changes.diagnostics) publishIfChanged(ctx, uri);
  else if (pulledReportOutdated(ctx, changes.diagnostics, pulling))
    ctx.out.request("workspace/diagnostic/refresh", nullptr);
  if (changes.inlayHints && ctx.client.inlayHintRefresh)
    ctx.out.request("workspace/inlayHint/refresh", nullptr);
  if (changes.spec) specSettled(ctx, *changes.spec);
}

}  // namespace gpuasm::lsp
