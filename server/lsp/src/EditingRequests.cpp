// The requests that change a document's text (see Handlers.h): completion, signature help,
// code actions, formatting and renaming a register.
#include "Handlers.h"

#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/asm/CodeActions.h>
#include <gpuasm/ide/asm/Completion.h>
#include <gpuasm/ide/asm/Formatting.h>
#include <gpuasm/ide/asm/SignatureHelp.h>

#include <algorithm>
#include <cctype>

namespace gpuasm::lsp {

using namespace protocol;

namespace {

// The state file the client's runs start from, if it gave one.
const sim::InitialState* initialState(const Context& ctx) { return ctx.workspace.initialState(); }

}  // namespace

// The LSP code-action kind of an ide one.
std::string_view codeActionKind(ide::CodeActionKind k) {
  switch (k) {
    case ide::CodeActionKind::QuickFix: return "quickfix";
  }
  return "quickfix";
}

json codeActions(Context& ctx, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  const syntax::ByteRange range = byteRange(at(ctx, snap), p.range);
  std::vector<CodeAction> out;
  for (const ide::CodeAction& a : ide::getCodeActions(snap, range)) {
    // A client asking only for other kinds (refactor, source...) gets none of these.
    const std::string_view kind = codeActionKind(a.kind);
    if (p.only && std::none_of(p.only->begin(), p.only->end(),
                               [&](const std::string& k) { return kind.starts_with(k); }))
      continue;
    out.push_back({a.title, std::string(kind),
                   diagnosticJson(at(ctx, snap), snap.diagnostics()[a.diagnostic]), p.uri,
                   textEdits(at(ctx, snap), a.edits), a.isPreferred});
  }
  return out;
}

namespace {

// A snippet's text for a client without snippet support: each placeholder written out
// (`${1:Rd}` → Rd, `${1|EQ,NE|}` → EQ), tab stops and escapes removed.
std::string plainFromSnippet(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      out += s[++i];
    } else if (s[i] == '$' && i + 1 < s.size() && s[i + 1] == '{') {
      std::size_t k = i + 2;
      while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])) != 0) ++k;
      const std::size_t close = s.find('}', k);
      if (close == std::string_view::npos) break;
      std::string_view body = s.substr(k, close - k);
      if (body.starts_with(":"))
        body.remove_prefix(1);
      else if (body.starts_with("|"))
        body = body.substr(1, body.find_first_of(",|", 1) - 1);
      out += body;
      i = close;
    } else if (s[i] == '$' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])) != 0) {
      while (i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])) != 0) ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

// Items go out without their documentation (markdown with the spec's description, up to a few
// KB each, ~160 items at a statement's start); `completionItem/resolve` adds it for the item the
// user looks at, found again from the position carried in `data`.
json completion(Context& ctx, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  const json data = {{"uri", p.uri}, {"position", positionJson(p.position)}};
  CompletionList list;
  for (const ide::CompletionItem& c : ide::getCompletions(snap, at(ctx, snap).offset(p.position))) {
    const bool snippet = c.isSnippet && ctx.client.snippets;
    CompletionItem& item = list.items.emplace_back();
    item.label = c.label;
    item.kind = completionKind(c.kind);
    item.textEdit =
        textEdit(at(ctx, snap), {c.range.begin, c.range.end,
                                 c.isSnippet && !snippet ? plainFromSnippet(c.insertText) : c.insertText});
    item.insertTextFormat = snippet ? 2 : 1;
    item.detail = c.detail;
    item.sortText = c.sortText;
    item.filterText = c.filterText;
    if (!c.documentation.empty()) item.data = data;
  }
  return list;
}

json resolveCompletion(Context& ctx, const CompletionItemParams& p) {
  json out = p.item;
  if (!p.uri || !p.position) return out;
  const workspace::Document* doc = ctx.workspace.find(*p.uri);
  if (doc == nullptr) return out;  // closed since: the item stays as it is
  const ide::Snapshot& snap = *doc->snapshot;
  for (const ide::CompletionItem& c : ide::getCompletions(snap, at(ctx, snap).offset(*p.position)))
    if (c.label == p.label && !c.documentation.empty()) {
      out["documentation"] = markdown(c.documentation);
      break;
    }
  return out;
}

namespace {

// A byte offset inside a one-line label as a column in the agreed unit, what
// ParameterInformation.label wants.
std::uint32_t labelColumn(const Context& ctx, const std::string& label, std::uint32_t byteOffset) {
  return syntax::LineIndex(label).position(byteOffset, columnUnit(ctx)).character;
}

}  // namespace

json signatureHelp(Context& ctx, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  const auto help = ide::getSignatureHelp(snap, at(ctx, snap).offset(p.position));
  if (!help) return nullptr;
  SignatureHelpResult result;
  result.activeSignature = static_cast<std::uint32_t>(help->activeSignature);
  result.activeParameter = static_cast<std::uint32_t>(help->activeParameter);
  for (const ide::SignatureInfo& sig : help->signatures) {
    SignatureInformation& entry = result.signatures.emplace_back();
    entry.label = sig.label;
    if (!sig.documentation.empty()) entry.documentation = markdown(sig.documentation);
    for (const ide::ParameterInfo& parameter : sig.parameters) {
      ParameterInformation& param = entry.parameters.emplace_back();
      param.labelBegin = labelColumn(ctx, sig.label, parameter.labelRange.begin);
      param.labelEnd = labelColumn(ctx, sig.label, parameter.labelRange.end);
      if (!parameter.documentation.empty()) param.documentation = markdown(parameter.documentation);
    }
  }
  return result;
}

json formatting(Context& ctx, const FormattingParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  return textEdits(at(ctx, snap), ide::formatDocument(snap, p.options));
}

json rangeFormatting(Context& ctx, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  return textEdits(at(ctx, snap), ide::formatRange(snap, byteRange(at(ctx, snap), p.range), p.options));
}

// Renaming a register within its live range (RegisterUses.h); a refusal is an error reply
// whose message says why, which editors show.
json prepareRename(Context& ctx, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  const auto r = ide::prepareRegisterRename(snap, at(ctx, snap).offset(p.position), initialState(ctx));
  if (!r) throw RequestFailed{r.error()};
  return {{"range", rangeOf(at(ctx, snap), r->range)}, {"placeholder", r->name}};
}

json rename(Context& ctx, const RenameParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  const auto r = ide::renameRegister(snap, at(ctx, snap).offset(p.position), p.newName, initialState(ctx));
  if (!r) throw RequestFailed{r.error()};
  return {{"changes", {{p.uri, textEdits(at(ctx, snap), r->edits)}}}};
}

}  // namespace gpuasm::lsp
