// Request handlers: LSP params → an ide feature → LSP JSON (see Requests.h). Byte offsets and
// ranges become UTF-16 positions here and nowhere else.
#include "Requests.h"

#include "HoverText.h"
#include "RunJsonTree.h"

#include <gpuasm/ide/CodeActions.h>
#include <gpuasm/ide/Completion.h>
#include <gpuasm/ide/Definition.h>
#include <gpuasm/ide/DocumentSymbols.h>
#include <gpuasm/ide/Folding.h>
#include <gpuasm/ide/Formatting.h>
#include <gpuasm/ide/Hover.h>
#include <gpuasm/ide/InlayHints.h>
#include <gpuasm/ide/SemanticTokens.h>
#include <gpuasm/ide/SignatureHelp.h>
#include <gpuasm/ide/Run.h>
#include <gpuasm/lsp/CheckJson.h>

#include <array>
#include <cstdio>
#include <utility>

namespace gpuasm::lsp {

namespace {

using namespace protocol;

const ide::Snapshot& snapshotOf(const RequestContext& ctx, const json& params) {
  const std::string uri = stringMember(member(params, "textDocument"), "uri");
  const auto it = ctx.documents.find(uri);
  if (it == ctx.documents.end()) throw ParamsError{"the document is not open: " + uri};
  return *it->second.snapshot;
}

std::uint32_t offsetOf(const ide::Snapshot& snap, const json& params) { return snap.lines().offset(position(member(params, "position"))); }

json markdown(std::string value) { return {{"kind", "markdown"}, {"value", std::move(value)}}; }

json hover(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  const auto h = ide::getHover(snap, offsetOf(snap, params));
  if (!h) return nullptr;
  return {{"contents", markdown(hoverMarkdown(*h))}, {"range", rangeJson(snap.lines(), h->range)}};
}

json inlayHints(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  const syntax::ByteRange visible = byteRange(snap.lines(), member(params, "range"));
  json out = json::array();
  if (!ctx.settings.encodingHints) return out;
  for (const ide::InlayHint& h : ide::getEncodingHints(snap, visible))
    out.push_back({{"position", positionJson(snap.lines().position(h.offset))},
                   {"label", h.label},
                   {"tooltip", markdown(h.tooltip)},
                   {"paddingLeft", h.paddingLeft}});
  return out;
}

json textEditJson(const syntax::LineIndex& lines, const syntax::TextEdit& e) {
  return {{"range", rangeJson(lines, {e.begin, e.end})}, {"newText", e.replacement}};
}

json codeActions(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  const syntax::ByteRange range = byteRange(snap.lines(), member(params, "range"));
  const std::string uri = stringMember(member(params, "textDocument"), "uri");
  // A client asking only for other kinds (refactor, source...) gets none: all ours are quick fixes.
  if (params.contains("context") && params["context"].is_object() && params["context"].contains("only")) {
    bool wantsQuickFix = false;
    for (const json& kind : params["context"]["only"])
      if (kind.is_string() && std::string_view("quickfix").starts_with(kind.get<std::string>())) wantsQuickFix = true;
    if (!wantsQuickFix) return json::array();
  }
  json out = json::array();
  for (const ide::CodeAction& a : ide::getCodeActions(snap, range)) {
    json edits = json::array();
    for (const syntax::TextEdit& e : a.edits) edits.push_back(textEditJson(snap.lines(), e));
    json action = {{"title", a.title},
                   {"kind", a.kind},
                   {"diagnostics", json::array({diagnosticJson(snap.lines(), snap.diagnostics()[a.diagnostic])})},
                   {"edit", {{"changes", {{uri, std::move(edits)}}}}}};
    if (a.isPreferred) action["isPreferred"] = true;
    out.push_back(std::move(action));
  }
  return out;
}

json definition(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  const auto target = ide::getDefinition(snap, offsetOf(snap, params));
  if (!target) return nullptr;
  const auto at = ctx.spec.place(ctx.db, target->fileIndex, target->line, target->column);
  if (!at) throw std::runtime_error("the spec cannot be opened: " + at.error());
  return json::array({{{"uri", at->uri}, {"range", {{"start", positionJson(at->start)}, {"end", positionJson(at->end)}}}}});
}

int completionKind(ide::CompletionKind k) {
  switch (k) {  // LSP CompletionItemKind
    case ide::CompletionKind::Mnemonic: return 14;   // Keyword
    case ide::CompletionKind::Modifier: return 20;   // EnumMember
    case ide::CompletionKind::Register: return 6;    // Variable
    case ide::CompletionKind::Predicate: return 6;   // Variable
    case ide::CompletionKind::Value: return 12;      // Value
    case ide::CompletionKind::Snippet: return 15;    // Snippet
  }
  return 1;
}

// Items go out without their documentation (markdown with the spec's description, up to a few
// KB each, ~160 items at a statement's start); `completionItem/resolve` adds it for the item the
// user looks at, found again from the position carried in `data`.
json completion(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  const json& at = member(params, "position");
  const json data = {{"uri", stringMember(member(params, "textDocument"), "uri")}, {"position", at}};
  json items = json::array();
  for (const ide::CompletionItem& c : ide::getCompletions(snap, snap.lines().offset(position(at)))) {
    json item = {{"label", c.label},
                 {"kind", completionKind(c.kind)},
                 {"textEdit", textEditJson(snap.lines(), {c.range.begin, c.range.end, c.insertText})},
                 {"insertTextFormat", c.isSnippet ? 2 : 1}};
    if (!c.detail.empty()) item["detail"] = c.detail;
    if (!c.documentation.empty()) item["data"] = data;
    if (!c.sortText.empty()) item["sortText"] = c.sortText;
    if (!c.filterText.empty()) item["filterText"] = c.filterText;
    items.push_back(std::move(item));
  }
  return {{"isIncomplete", false}, {"items", std::move(items)}};
}

json resolveCompletion(RequestContext& ctx, const json& item) {
  json out = item;
  if (!item.is_object() || !item.contains("data") || !item["data"].is_object()) return out;
  const json& data = item["data"];
  const auto it = ctx.documents.find(stringMember(data, "uri"));
  if (it == ctx.documents.end()) return out;  // closed since: the item stays as it is
  const ide::Snapshot& snap = *it->second.snapshot;
  const std::string label = stringMember(item, "label");
  for (const ide::CompletionItem& c : ide::getCompletions(snap, snap.lines().offset(position(member(data, "position")))))
    if (c.label == label && !c.documentation.empty()) {
      out["documentation"] = markdown(c.documentation);
      break;
    }
  return out;
}

// A byte offset inside a one-line label as UTF-16 units, what ParameterInformation.label wants.
std::uint32_t utf16Offset(const std::string& label, std::uint32_t byteOffset) {
  return syntax::LineIndex(label).position(byteOffset).character;
}

json signatureHelp(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  const auto help = ide::getSignatureHelp(snap, offsetOf(snap, params));
  if (!help) return nullptr;
  json signatures = json::array();
  for (const ide::SignatureInfo& sig : help->signatures) {
    json parameters = json::array();
    for (const ide::ParameterInfo& p : sig.parameters) {
      json param = {{"label", {utf16Offset(sig.label, p.labelRange.begin), utf16Offset(sig.label, p.labelRange.end)}}};
      if (!p.documentation.empty()) param["documentation"] = markdown(p.documentation);
      parameters.push_back(std::move(param));
    }
    json entry = {{"label", sig.label}, {"parameters", std::move(parameters)}};
    if (!sig.documentation.empty()) entry["documentation"] = markdown(sig.documentation);
    signatures.push_back(std::move(entry));
  }
  return {{"signatures", std::move(signatures)}, {"activeSignature", help->activeSignature}, {"activeParameter", help->activeParameter}};
}

// LSP's relative encoding: per token, line and start relative to the previous token, length,
// type index, modifier bits; columns in UTF-16. Tokens never span lines.
json semanticTokensData(const ide::Snapshot& snap, syntax::ByteRange range) {
  json data = json::array();
  std::uint32_t prevLine = 0, prevStart = 0;
  for (const ide::SemanticToken& t : ide::getSemanticTokens(snap, range)) {
    const syntax::LinePosition b = snap.lines().position(t.range.begin);
    const syntax::LinePosition e = snap.lines().position(t.range.end);
    if (e.line != b.line || e.character <= b.character) continue;
    data.push_back(b.line - prevLine);
    data.push_back(b.line == prevLine ? b.character - prevStart : b.character);
    data.push_back(e.character - b.character);
    data.push_back(static_cast<int>(t.type));
    data.push_back(t.modifiers);
    prevLine = b.line;
    prevStart = b.character;
  }
  return {{"data", std::move(data)}};
}

json semanticTokensFull(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  return semanticTokensData(snap, {0, static_cast<std::uint32_t>(snap.text().size())});
}

json semanticTokensRange(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  return semanticTokensData(snap, byteRange(snap.lines(), member(params, "range")));
}

json symbolJson(const syntax::LineIndex& lines, const ide::DocumentSymbol& s) {
  json children = json::array();
  for (const ide::DocumentSymbol& c : s.children) children.push_back(symbolJson(lines, c));
  json j = {{"name", s.name.empty() ? std::string("(unnamed)") : s.name},
            {"kind", ide::lspSymbolKind(s.kind)},
            {"range", rangeJson(lines, s.range)},
            {"selectionRange", rangeJson(lines, s.selectionRange)}};
  if (!s.detail.empty()) j["detail"] = s.detail;
  if (!children.empty()) j["children"] = std::move(children);
  return j;
}

json documentSymbols(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  json out = json::array();
  for (const ide::DocumentSymbol& s : ide::getDocumentSymbols(snap)) out.push_back(symbolJson(snap.lines(), s));
  return out;
}

json foldingRanges(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  json out = json::array();
  for (const ide::FoldingRange& f : ide::getFoldingRanges(snap))
    out.push_back({{"startLine", f.startLine}, {"endLine", f.endLine}, {"kind", f.kind == ide::FoldingKind::Comment ? "comment" : "region"}});
  return out;
}

ide::FormatOptions formatOptions(const json& params) {
  ide::FormatOptions options;
  if (params.contains("options")) {
    const json& o = params["options"];
    if (o.is_object() && o.contains("tabSize")) options.tabSize = std::max<std::uint32_t>(1, uintMember(o, "tabSize"));
    options.insertSpaces = boolMember(o, "insertSpaces", true);
  }
  return options;
}

json editsJson(const syntax::LineIndex& lines, const std::vector<syntax::TextEdit>& edits) {
  json out = json::array();
  for (const syntax::TextEdit& e : edits) out.push_back(textEditJson(lines, e));
  return out;
}

json formatting(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  return editsJson(snap.lines(), ide::formatDocument(snap, formatOptions(params)));
}

json rangeFormatting(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  return editsJson(snap.lines(), ide::formatRange(snap, byteRange(snap.lines(), member(params, "range")), formatOptions(params)));
}

// --- gpuasm extensions (docs/PROTOCOL.md) ---

std::optional<sim::InitialState> stateParam(const json& params) {
  if (!params.contains("state") || params["state"].is_null()) return std::nullopt;
  auto state = detail::stateFromJson(params["state"]);
  if (!state) throw ParamsError{"state: " + state.error()};
  return std::move(*state);
}

json runResult(const std::string& uri, const ide::Snapshot& snap, const ide::RunOutcome& outcome) {
  return detail::runJson(uri, outcome, placeDiagnostics(outcome.diagnostics, snap.lines()));
}

json runToCursor(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  ide::RunRequest request;
  request.untilLine = position(member(params, "position")).line;
  request.trace = true;
  request.stateFile = stateParam(params);
  const ide::RunOutcome outcome = ide::runDocument(ctx.db, snap.text(), snap.assembledUnit(), request);
  return runResult(stringMember(member(params, "textDocument"), "uri"), snap, outcome);
}

// The lines a selection covers: one that ends at the start of a line leaves that line out.
std::pair<std::uint32_t, std::uint32_t> selectedLines(const json& range) {
  const syntax::LinePosition start = position(member(range, "start"));
  syntax::LinePosition end = position(member(range, "end"));
  if (end.line < start.line) throw ParamsError{"the range ends before it starts"};
  if (end.character == 0 && end.line > start.line) --end.line;
  return {start.line, end.line};
}

json execute(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  const auto [first, last] = selectedLines(member(params, "range"));
  ide::RunRequest request;
  request.trace = true;
  request.stateFile = stateParam(params);
  const ide::AssembledUnit selection = ide::selectLines(snap.assembledUnit(), first, last);
  const ide::RunOutcome outcome = ide::runDocument(ctx.db, snap.text(), selection, request);
  return runResult(stringMember(member(params, "textDocument"), "uri"), snap, outcome);
}

std::string hexValue(std::uint64_t v) {
  std::array<char, 24> buf{};
  std::snprintf(buf.data(), buf.size(), "0x%llx", static_cast<unsigned long long>(v));
  return buf.data();
}

json encoding(RequestContext& ctx, const json& params) {
  const ide::Snapshot& snap = snapshotOf(ctx, params);
  const auto [first, last] = selectedLines(member(params, "range"));
  const syntax::LineIndex& lines = snap.lines();
  json out = json::array();
  for (const ide::AssembledStatement& a : snap.statementsIn({lines.lineStart(first), lines.lineEnd(last)})) {
    const isa::AsmStatement& s = a.statement;
    if (s.line < first || s.line > last || s.mnemonic.empty()) continue;
    json entry = {{"line", s.line},
                  {"range", rangeJson(lines, {s.range.begin, s.range.end})},
                  {"text", std::string(snap.text().substr(s.range.begin, s.range.end - s.range.begin))}};
    if (a.inst) {
      const isa::Opcode& op = *a.inst->opcode;
      json fields = json::array();
      for (std::size_t i = 0; i < op.fields.size(); ++i)
        fields.push_back({{"name", op.fields[i].name},
                          {"hi", op.fields[i].offset + op.fields[i].width - 1},
                          {"lo", op.fields[i].offset},
                          {"value", hexValue(a.inst->values[i])}});
      entry["variant"] = op.name;
      entry["encoding"] = a.encoding.toHex();
      entry["fields"] = std::move(fields);
    } else {
      json problems = json::array();
      for (const ide::Diagnostic& d : snap.diagnostics())
        if (d.severity == ide::Severity::Error && d.range.begin >= s.range.begin && d.range.begin <= s.range.end)
          problems.push_back(diagnosticJson(lines, d));
      entry["diagnostics"] = std::move(problems);
    }
    out.push_back(std::move(entry));
  }
  return {{"instructions", std::move(out)}};
}

// The extensions as commands, for clients that only speak workspace/executeCommand.
constexpr std::array<std::pair<std::string_view, RequestHandler>, 3> kCommands = {{
    {"gpuasm.runToCursor", runToCursor},
    {"gpuasm.execute", execute},
    {"gpuasm.encoding", encoding},
}};

json executeCommand(RequestContext& ctx, const json& params) {
  const std::string command = stringMember(params, "command");
  const json& args = params.contains("arguments") ? params["arguments"] : json::array();
  if (!args.is_array() || args.size() != 1) throw ParamsError{command + " takes one argument: the request's params object"};
  for (const auto& [name, handler] : kCommands)
    if (name == command) return handler(ctx, args[0]);
  throw ParamsError{"unknown command '" + command + "'"};
}

constexpr std::array<std::pair<std::string_view, RequestHandler>, 18> kRequests = {{
    {"textDocument/hover", hover},
    {"textDocument/completion", completion},
    {"completionItem/resolve", resolveCompletion},
    {"textDocument/signatureHelp", signatureHelp},
    {"textDocument/semanticTokens/full", semanticTokensFull},
    {"textDocument/semanticTokens/range", semanticTokensRange},
    {"textDocument/documentSymbol", documentSymbols},
    {"textDocument/foldingRange", foldingRanges},
    {"textDocument/formatting", formatting},
    {"textDocument/rangeFormatting", rangeFormatting},
    {"textDocument/inlayHint", inlayHints},
    {"textDocument/codeAction", codeActions},
    {"textDocument/definition", definition},
    {"gpuasm/runToCursor", runToCursor},
    {"gpuasm/execute", execute},
    {"gpuasm/encoding", encoding},
    {"workspace/executeCommand", executeCommand},
}};

}  // namespace

RequestHandler requestHandler(std::string_view method) {
  for (const auto& [name, handler] : kRequests)
    if (name == method) return handler;
  return nullptr;
}

json serverCapabilities() {
  json commands = json::array();
  for (const auto& c : kCommands) commands.push_back(c.first);
  return {{"positionEncoding", "utf-16"},
          {"textDocumentSync", {{"openClose", true}, {"change", 2}}},
          {"hoverProvider", true},
          {"completionProvider", {{"triggerCharacters", {".", "@", ","}}, {"resolveProvider", true}}},
          {"signatureHelpProvider", {{"triggerCharacters", {" ", ","}}, {"retriggerCharacters", {","}}}},
          {"semanticTokensProvider",
           {{"legend", {{"tokenTypes", ide::semanticTokenLegend().types}, {"tokenModifiers", ide::semanticTokenLegend().modifiers}}},
            {"full", true},
            {"range", true}}},
          {"documentSymbolProvider", true},
          {"foldingRangeProvider", true},
          {"documentFormattingProvider", true},
          {"documentRangeFormattingProvider", true},
          {"inlayHintProvider", true},
          {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
          {"definitionProvider", true},
          {"executeCommandProvider", {{"commands", commands}}}};
}

}  // namespace gpuasm::lsp
