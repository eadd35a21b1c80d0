// Request handlers: LSP params → an ide feature → LSP JSON (see Requests.h). Byte offsets and
// ranges become UTF-16 positions here and nowhere else.
#include "Requests.h"

#include "HoverText.h"
#include "Results.h"
#include <gpuasm/wire/MethodTable.h>
#include <gpuasm/wire/RunJsonTree.h>

#include <gpuasm/isa/Text.h>
#include <gpuasm/ide/asm/CodeActions.h>
#include <gpuasm/ide/asm/Completion.h>
#include <gpuasm/ide/asm/Definition.h>
#include <gpuasm/ide/asm/DocumentSymbols.h>
#include <gpuasm/ide/asm/Folding.h>
#include <gpuasm/ide/asm/Formatting.h>
#include <gpuasm/ide/asm/Hover.h>
#include <gpuasm/ide/asm/InlayHints.h>
#include <gpuasm/ide/analysis/RegisterPressure.h>
#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/asm/SemanticTokens.h>
#include <gpuasm/ide/asm/SignatureHelp.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/wire/CheckJson.h>

#include <algorithm>
#include <limits>
#include <array>
#include <chrono>
#include <cctype>
#include <cstdio>
#include <utility>

namespace gpuasm::lsp {

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

namespace {

using namespace protocol;

workspace::Document& documentOf(ServerState& state, const std::string& uri) {
  workspace::Document* doc = state.workspace.find(uri);
  if (doc == nullptr) throw ParamsError{"the document is not open: " + uri};
  return *doc;
}

const ide::Snapshot& snapshotOf(ServerState& state, const std::string& uri) {
  return *documentOf(state, uri).snapshot;
}

// The state file the client's runs start from, if it gave one.
const sim::InitialState* initialState(const ServerState& state) { return state.workspace.initialState(); }

// The document's positions in that unit.
Positions at(const ServerState& state, const ide::Snapshot& snap) {
  return {snap.lines(), columnUnit(state)};
}

MarkupContent markdown(std::string value) { return {"markdown", std::move(value)}; }

LspRange rangeOf(const Positions& positions, syntax::ByteRange r) {
  return {positions.position(r.begin), positions.position(r.end)};
}

json hover(ServerState& state, const PositionParams& p) {
  const workspace::Document& doc = documentOf(state, p.uri);
  const ide::Snapshot& snap = *doc.snapshot;
  const auto h = state.workspace.hover(doc, at(state, snap).offset(p.position));
  if (!h) return nullptr;
  // A client that reads only plain text gets plain text (hover.contentFormat).
  MarkupContent contents = state.client.markdownHover ? markdown(hoverMarkdown(*h))
                                                      : MarkupContent{"plaintext", hoverPlainText(*h)};
  return HoverResult{std::move(contents), rangeOf(at(state, snap), h->range)};
}

json inlayHints(ServerState& state, const RangeParams& p) {
  workspace::Document& doc = documentOf(state, p.uri);
  const Positions positions = at(state, *doc.snapshot);
  std::vector<InlayHint> out;
  for (const ide::InlayHint& h :
       state.workspace.inlayHints(doc, p.range.start.line, p.range.end.line, byteRange(positions, p.range)))
    out.push_back({positions.position(h.offset), h.label, markdown(h.tooltip), h.paddingLeft});
  return out;
}

// LSP 3.17 inline values: the live values as text after each executed statement (editors show
// them while debugging; the inlay hints show them while editing).
json inlineValues(ServerState& state, const RangeParams& p) {
  workspace::Document& doc = documentOf(state, p.uri);
  std::vector<InlineValueText> out;
  if (!state.workspace.settings().liveValues) return out;
  const ide::LiveRun& run = state.workspace.liveRun(doc, p.range.end.line);
  for (const ide::ExecutedLine& l : run.linesIn(p.range.start.line, p.range.end.line)) {
    std::string text = ide::liveValueLabel(doc.snapshot->db(), l, state.workspace.settings().liveValuesLane);
    if (!text.empty()) out.push_back({rangeOf(at(state, *doc.snapshot), l.statement), std::move(text)});
  }
  return out;
}

TextEdit textEdit(const Positions& positions, const syntax::TextEdit& e) {
  return {rangeOf(positions, {e.begin, e.end}), e.replacement};
}

std::vector<TextEdit> textEdits(const Positions& positions, const std::vector<syntax::TextEdit>& edits) {
  std::vector<TextEdit> out;
  for (const syntax::TextEdit& e : edits) out.push_back(textEdit(positions, e));
  return out;
}

// The LSP code-action kind of an ide one.
std::string_view codeActionKind(ide::CodeActionKind k) {
  switch (k) {
    case ide::CodeActionKind::QuickFix: return "quickfix";
  }
  return "quickfix";
}

json codeActions(ServerState& state, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  const syntax::ByteRange range = byteRange(at(state, snap), p.range);
  std::vector<CodeAction> out;
  for (const ide::CodeAction& a : ide::getCodeActions(snap, range)) {
    // A client asking only for other kinds (refactor, source...) gets none of these.
    const std::string_view kind = codeActionKind(a.kind);
    if (p.only && std::none_of(p.only->begin(), p.only->end(),
                               [&](const std::string& k) { return kind.starts_with(k); }))
      continue;
    out.push_back({a.title, std::string(kind),
                   diagnosticJson(at(state, snap), snap.diagnostics()[a.diagnostic]), p.uri,
                   textEdits(at(state, snap), a.edits), a.isPreferred});
  }
  return out;
}

json definition(ServerState& state, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  const auto target = ide::getDefinition(snap, at(state, snap).offset(p.position));
  if (!target) return nullptr;
  const auto place = state.spec.place(snap.db(), target->fileIndex, target->line, target->column);
  if (!place) throw RequestFailed{"the spec cannot be opened: " + place.error()};
  return std::vector<Location>{{place->uri, {place->start, place->end}}};
}

// Items go out without their documentation (markdown with the spec's description, up to a few
// KB each, ~160 items at a statement's start); `completionItem/resolve` adds it for the item the
// user looks at, found again from the position carried in `data`.
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

json completion(ServerState& state, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  const json data = {{"uri", p.uri}, {"position", positionJson(p.position)}};
  CompletionList list;
  for (const ide::CompletionItem& c : ide::getCompletions(snap, at(state, snap).offset(p.position))) {
    const bool snippet = c.isSnippet && state.client.snippets;
    CompletionItem& item = list.items.emplace_back();
    item.label = c.label;
    item.kind = completionKind(c.kind);
    item.textEdit =
        textEdit(at(state, snap), {c.range.begin, c.range.end,
                                   c.isSnippet && !snippet ? plainFromSnippet(c.insertText) : c.insertText});
    item.insertTextFormat = snippet ? 2 : 1;
    item.detail = c.detail;
    item.sortText = c.sortText;
    item.filterText = c.filterText;
    if (!c.documentation.empty()) item.data = data;
  }
  return list;
}

json resolveCompletion(ServerState& state, const CompletionItemParams& p) {
  json out = p.item;
  if (!p.uri || !p.position) return out;
  const workspace::Document* doc = state.workspace.find(*p.uri);
  if (doc == nullptr) return out;  // closed since: the item stays as it is
  const ide::Snapshot& snap = *doc->snapshot;
  for (const ide::CompletionItem& c : ide::getCompletions(snap, at(state, snap).offset(*p.position)))
    if (c.label == p.label && !c.documentation.empty()) {
      out["documentation"] = markdown(c.documentation);
      break;
    }
  return out;
}

// A byte offset inside a one-line label as a column in the agreed unit, what
// ParameterInformation.label wants.
std::uint32_t labelColumn(const ServerState& state, const std::string& label, std::uint32_t byteOffset) {
  return syntax::LineIndex(label).position(byteOffset, columnUnit(state)).character;
}

json signatureHelp(ServerState& state, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  const auto help = ide::getSignatureHelp(snap, at(state, snap).offset(p.position));
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
      param.labelBegin = labelColumn(state, sig.label, parameter.labelRange.begin);
      param.labelEnd = labelColumn(state, sig.label, parameter.labelRange.end);
      if (!parameter.documentation.empty()) param.documentation = markdown(parameter.documentation);
    }
  }
  return result;
}

SemanticTokensResult semanticTokensData(const ServerState& state, const ide::Snapshot& snap,
                                        syntax::ByteRange range) {
  return encodeSemanticTokens(at(state, snap), ide::getSemanticTokens(snap, range));
}

json semanticTokensFull(ServerState& state, const DocumentParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  return semanticTokensData(state, snap, {0, static_cast<std::uint32_t>(snap.text().size())});
}

json semanticTokensRange(ServerState& state, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  return semanticTokensData(state, snap, byteRange(at(state, snap), p.range));
}

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

json documentSymbols(ServerState& state, const DocumentParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  std::vector<DocumentSymbol> out;
  for (const ide::DocumentSymbol& s : ide::getDocumentSymbols(snap))
    out.push_back(symbolOf(at(state, snap), s));
  return out;
}

json foldingRanges(ServerState& state, const DocumentParams& p) {
  return foldingRangesJson(ide::getFoldingRanges(snapshotOf(state, p.uri)));
}

json formatting(ServerState& state, const FormattingParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  return textEdits(at(state, snap), ide::formatDocument(snap, p.options));
}

json rangeFormatting(ServerState& state, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  return textEdits(at(state, snap), ide::formatRange(snap, byteRange(at(state, snap), p.range), p.options));
}

// The reads and writes of the register under the cursor (RegisterUses.h).
json documentHighlights(ServerState& state, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  std::vector<DocumentHighlight> out;
  for (const ide::RegisterOccurrence& o :
       ide::getRegisterOccurrences(snap, at(state, snap).offset(p.position)))
    out.push_back({rangeOf(at(state, snap), o.range), o.use == ide::RegisterUse::Read ? 2 : 3});
  return out;
}

// The register pressure's lens on the first statement (RegisterPressure.h); its command, run by
// the client, shows the peak line: gpuasm.ui.revealLine(uri, 0-based line).
json codeLenses(ServerState& state, const DocumentParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  std::vector<CodeLens> out;
  if (const auto lens = ide::getPressureLens(snap))
    out.push_back({rangeOf(at(state, snap), lens->range), lens->title, "gpuasm.ui.revealLine",
                   json::array({p.uri, lens->peakLine})});
  return out;
}

json references(ServerState& state, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  std::vector<Location> out;
  for (const ide::RegisterOccurrence& o :
       ide::getRegisterOccurrences(snap, at(state, snap).offset(p.position)))
    out.push_back({p.uri, rangeOf(at(state, snap), o.range)});
  return out;
}

// Renaming a register within its live range (RegisterUses.h); a refusal is an error reply
// whose message says why, which editors show.
json prepareRename(ServerState& state, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  const auto r = ide::prepareRegisterRename(snap, at(state, snap).offset(p.position), initialState(state));
  if (!r) throw RequestFailed{r.error()};
  return {{"range", rangeOf(at(state, snap), r->range)}, {"placeholder", r->name}};
}

json rename(ServerState& state, const RenameParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  const auto r =
      ide::renameRegister(snap, at(state, snap).offset(p.position), p.newName, initialState(state));
  if (!r) throw RequestFailed{r.error()};
  return {{"changes", {{p.uri, textEdits(at(state, snap), r->edits)}}}};
}

// --- gpuasm extensions (docs/PROTOCOL.md) ---

// `gpuasm run --json`'s result, its `types` included (per register the last executed
// instruction wrote, the type it gave it: RunOutcome::types).
json runResult(const std::string& uri, const ide::Snapshot& snap, const ide::RunOutcome& outcome) {
  return wire::detail::runJson(uri, outcome, wire::placeDiagnostics(outcome.diagnostics, snap.lines()));
}

json runToCursor(ServerState& state, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  ide::RunRequest request;
  request.untilLine = p.position.line;
  request.trace = true;
  request.stateFile = p.state;
  const ide::AssembledUnit& unit = snap.assembledUnit();
  const ide::RunOutcome outcome = ide::runDocument(snap.db(), snap.text(), unit, request);
  return runResult(p.uri, snap, outcome);
}

// A page of the instruction reference: the instruction's at a position, or one by name.
json reference(ServerState& state, const ReferenceParams& p) {
  std::optional<workspace::ReferenceView> view;
  if (p.page) {
    auto page = state.workspace.referencePage(*p.page);
    if (!page) throw ParamsError{page.error()};
    view = std::move(*page);
  } else {
    const workspace::Document& doc = documentOf(state, p.uri);
    view = state.workspace.referenceAt(doc, at(state, *doc.snapshot).offset(p.position));
    if (!view) return nullptr;
  }
  return {{"page", view->page}, {"anchor", view->anchor}, {"text", *view->text}};
}

// The lines a selection covers: one that ends at the start of a line leaves that line out.
std::pair<std::uint32_t, std::uint32_t> selectedLines(const LspRange& range) {
  syntax::LinePosition end = range.end;
  if (end.character == 0 && end.line > range.start.line) --end.line;
  return {range.start.line, end.line};
}

json execute(ServerState& state, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  const auto [first, last] = selectedLines(p.range);
  ide::RunRequest request;
  request.trace = true;
  request.stateFile = p.state;
  const ide::AssembledUnit selection = ide::selectLines(snap.assembledUnit(), first, last);
  const ide::RunOutcome outcome = ide::runDocument(snap.db(), snap.text(), selection, request);
  return runResult(p.uri, snap, outcome);
}

json encoding(ServerState& state, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(state, p.uri);
  const auto [first, last] = selectedLines(p.range);
  const Positions lines = at(state, snap);
  EncodingResult out;
  for (const ide::AssembledStatement& a : snap.statementsIn({lines.lineStart(first), lines.lineEnd(last)})) {
    const isa::AsmStatement& s = a.statement;
    if (s.line < first || s.line > last || s.mnemonic.empty()) continue;
    InstructionEncoding& entry = out.instructions.emplace_back();
    entry.line = s.line;
    entry.range = rangeOf(lines, {s.range.begin, s.range.end});
    entry.text = std::string(snap.text().substr(s.range.begin, s.range.end - s.range.begin));
    if (a.inst) {
      const isa::Opcode& op = *a.inst->opcode;
      for (std::size_t i = 0; i < op.fields.size(); ++i)
        entry.fields.push_back({op.fields[i].name, op.fields[i].offset + op.fields[i].width - 1,
                                op.fields[i].offset, text::hex(a.inst->values[i])});
      entry.variant = op.name;
      entry.encoding = a.encoding.toHex();
    } else {
      json problems = json::array();
      for (const ide::Diagnostic& d : snap.diagnostics())
        if (d.severity == ide::Severity::Error && d.range.begin >= s.range.begin &&
            d.range.begin <= s.range.end)
          problems.push_back(diagnosticJson(lines, d));
      entry.diagnostics = std::move(problems);
    }
  }
  return out;
}

// ------------------------------------------------------------------ document sync
// Each handler: the params → one workspace call → what changed, told to the client (tell).

std::vector<workspace::TextChange> textChanges(const std::vector<ContentChange>& changes) {
  std::vector<workspace::TextChange> out;
  out.reserve(changes.size());
  for (const ContentChange& c : changes) {
    workspace::TextChange& t = out.emplace_back();
    if (c.range) t.range = workspace::LineRange{c.range->start, c.range->end};
    t.text = c.text;
  }
  return out;
}

// A client that pulls diagnostics pulls an opened or changed document's itself.
json didOpen(ServerState& state, const DidOpenParams& p) {
  tell(state, state.workspace.open(p.uri, p.languageId, p.version, p.text), p.uri);
  return nullptr;
}

json didChange(ServerState& state, const DidChangeParams& p) {
  tell(state, state.workspace.change(p.uri, p.version, textChanges(p.changes), columnUnit(state)), p.uri);
  return nullptr;
}

json didClose(ServerState& state, const DocumentParams& p) {
  tell(state, state.workspace.close(p.uri));
  return nullptr;
}

json didChangeConfiguration(ServerState& state, const ConfigurationParams& p) {
  tell(state, state.workspace.configure(settingsFrom(state.workspace.settings(), p.settings),
                                        specDirSetting(p.settings)));
  return nullptr;
}

json didChangeWatchedFiles(ServerState& state, const WatchedFilesParams& p) {
  tell(state, state.workspace.filesChanged(p.uris));
  return nullptr;
}

// The client's cursor moved (a gpuasm extension): the encoding hint follows it in "cursor" mode.
json cursor(ServerState& state, const PositionParams& p) {
  tell(state, state.workspace.setCursor(p.uri, p.position.line));
  return nullptr;
}

// The client's state file changed: the dataflow of every open document may change with it.
json setInitialState(ServerState& state, const InitialStateParams& p) {
  tell(state, state.workspace.setInitialState(p.state));
  return nullptr;
}

json ignore(ServerState&, const json&) { return nullptr; }

json initialized(ServerState& state, const json&) {
  watchSpecFiles(state);
  return nullptr;
}

// ------------------------------------------------------------------ the table

// The extensions as commands, for clients that only speak workspace/executeCommand.
constexpr std::array<std::pair<std::string_view, MethodHandler>, 3> kCommands = {{
    {"gpuasm.runToCursor", typed<PositionParams, runToCursor>},
    {"gpuasm.execute", typed<RangeParams, execute>},
    {"gpuasm.encoding", typed<RangeParams, encoding>},
}};

json executeCommand(ServerState& state, const ExecuteCommandParams& p) {
  for (const auto& [name, handler] : kCommands)
    if (name == p.command) return handler(state, p.argument);
  throw ParamsError{"unknown command '" + p.command + "'"};
}

// What each method advertises (capabilities of LSP 3.17).
void syncOpenClose(json& c, const ClientCapabilities&) { c["textDocumentSync"]["openClose"] = true; }
void syncIncremental(json& c, const ClientCapabilities&) { c["textDocumentSync"]["change"] = 2; }
void hoverCap(json& c, const ClientCapabilities&) { c["hoverProvider"] = true; }
// Offered only to a client that declares pull diagnostics; the others are sent them. Only .asm
// documents are pulled: the spec's findings cover files that need not be open, so they are
// published (a pull about a spec file gets an empty report).
void diagnosticCap(json& c, const ClientCapabilities& client) {
  if (client.pullDiagnostics)
    c["diagnosticProvider"] = {{"identifier", "gpuasm"},
                               {"documentSelector", json::array({{{"language", "gpuasm"}}})},
                               {"interFileDependencies", false},
                               {"workspaceDiagnostics", false}};
}
void completionCap(json& c, const ClientCapabilities&) {
  c["completionProvider"]["triggerCharacters"] = {".", "@", ","};
}
void resolveCap(json& c, const ClientCapabilities&) { c["completionProvider"]["resolveProvider"] = true; }
void signatureCap(json& c, const ClientCapabilities&) {
  c["signatureHelpProvider"] = {{"triggerCharacters", {" ", ","}}, {"retriggerCharacters", {","}}};
}
void semanticTokensCap(json& c, const ClientCapabilities&) {
  c["semanticTokensProvider"]["legend"] = semanticTokensLegend();
  c["semanticTokensProvider"]["full"] = true;
}
void semanticTokensRangeCap(json& c, const ClientCapabilities&) {
  c["semanticTokensProvider"]["range"] = true;
}
void documentSymbolCap(json& c, const ClientCapabilities&) { c["documentSymbolProvider"] = true; }
void foldingCap(json& c, const ClientCapabilities&) { c["foldingRangeProvider"] = true; }
void formattingCap(json& c, const ClientCapabilities&) { c["documentFormattingProvider"] = true; }
void rangeFormattingCap(json& c, const ClientCapabilities&) { c["documentRangeFormattingProvider"] = true; }
void inlayHintCap(json& c, const ClientCapabilities&) { c["inlayHintProvider"] = true; }
void inlineValueCap(json& c, const ClientCapabilities&) { c["inlineValueProvider"] = true; }
void codeActionCap(json& c, const ClientCapabilities&) {
  c["codeActionProvider"]["codeActionKinds"] = {codeActionKind(ide::CodeActionKind::QuickFix)};
}
void definitionCap(json& c, const ClientCapabilities&) { c["definitionProvider"] = true; }
void highlightCap(json& c, const ClientCapabilities&) { c["documentHighlightProvider"] = true; }
void referencesCap(json& c, const ClientCapabilities&) { c["referencesProvider"] = true; }
void codeLensCap(json& c, const ClientCapabilities&) { c["codeLensProvider"] = {{"resolveProvider", false}}; }
void renameCap(json& c, const ClientCapabilities&) { c["renameProvider"] = {{"prepareProvider", true}}; }
void executeCommandCap(json& c, const ClientCapabilities&) {
  json commands = json::array();
  for (const auto& command : kCommands) commands.push_back(command.first);
  c["executeCommandProvider"]["commands"] = std::move(commands);
}

using enum MethodKind;
json documentDiagnostic(ServerState& state, const DocumentDiagnosticParams& p);  // below the table

constexpr std::array<Method, 37> kMethods = {{
    {"textDocument/didOpen", Notification, typed<DidOpenParams, didOpen>, syncOpenClose},
    {"textDocument/diagnostic", Request, typed<DocumentDiagnosticParams, documentDiagnostic>, diagnosticCap},
    {"textDocument/didChange", Notification, typed<DidChangeParams, didChange>, syncIncremental},
    {"textDocument/didClose", Notification, typed<DocumentParams, didClose>, syncOpenClose},
    {"workspace/didChangeConfiguration", Notification, typed<ConfigurationParams, didChangeConfiguration>,
     nullptr},
    {"initialized", Notification, initialized, nullptr},
    {"workspace/didChangeWatchedFiles", Notification, typed<WatchedFilesParams, didChangeWatchedFiles>,
     nullptr},
    {"gpuasm/specInfo", Request, specInfo, nullptr},
    {"textDocument/didSave", Notification, ignore, nullptr},
    {"$/setTrace", Notification, ignore, nullptr},
    {"$/cancelRequest", Notification, ignore,
     nullptr},  // applied to the batch before dispatch (Server::handle)
    {"textDocument/hover", Request, typed<PositionParams, hover>, hoverCap},
    {"textDocument/completion", Request, typed<PositionParams, completion>, completionCap},
    {"completionItem/resolve", Request, typed<CompletionItemParams, resolveCompletion>, resolveCap},
    {"textDocument/signatureHelp", Request, typed<PositionParams, signatureHelp>, signatureCap},
    {"textDocument/semanticTokens/full", Request, typed<DocumentParams, semanticTokensFull>,
     semanticTokensCap},
    {"textDocument/semanticTokens/range", Request, typed<RangeParams, semanticTokensRange>,
     semanticTokensRangeCap},
    {"textDocument/documentSymbol", Request, typed<DocumentParams, documentSymbols>, documentSymbolCap},
    {"textDocument/foldingRange", Request, typed<DocumentParams, foldingRanges>, foldingCap},
    {"textDocument/formatting", Request, typed<FormattingParams, formatting>, formattingCap},
    {"textDocument/rangeFormatting", Request, typed<RangeParams, rangeFormatting>, rangeFormattingCap},
    {"textDocument/inlayHint", Request, typed<RangeParams, inlayHints>, inlayHintCap},
    {"textDocument/inlineValue", Request, typed<RangeParams, inlineValues>, inlineValueCap},
    {"textDocument/codeAction", Request, typed<RangeParams, codeActions>, codeActionCap},
    {"textDocument/definition", Request, typed<PositionParams, definition>, definitionCap},
    {"textDocument/documentHighlight", Request, typed<PositionParams, documentHighlights>, highlightCap},
    {"textDocument/references", Request, typed<PositionParams, references>, referencesCap},
    {"textDocument/codeLens", Request, typed<DocumentParams, codeLenses>, codeLensCap},
    {"textDocument/prepareRename", Request, typed<PositionParams, prepareRename>, renameCap},
    {"textDocument/rename", Request, typed<RenameParams, rename>, renameCap},
    {"gpuasm/setInitialState", Notification, typed<InitialStateParams, setInitialState>, nullptr},
    {"gpuasm/cursor", Notification, typed<PositionParams, cursor>, nullptr},
    {"gpuasm/runToCursor", Request, typed<PositionParams, runToCursor>, nullptr},
    {"gpuasm/execute", Request, typed<RangeParams, execute>, nullptr},
    {"gpuasm/encoding", Request, typed<RangeParams, encoding>, nullptr},
    {"gpuasm/reference", Request, typed<ReferenceParams, reference>, nullptr},
    {"workspace/executeCommand", Request, typed<ExecuteCommandParams, executeCommand>, executeCommandCap},
}};

// The publishDiagnostics notification is written as text (protocol::appendDiagnosticText), not
// built as a json value and dumped: it goes out on every keystroke that changes it.

// Each diagnostic with its related information, when the client takes it: the spec's legal
// forms for a near miss and the erratum behind a rule, as places in the spec files
// (SpecDocuments; building them writes the spec cache). If the spec cannot be written, the
// diagnostics still go out, without it.
void appendDiagnostics(std::string& out, ServerState& state, const workspace::Document& doc) {
  const ide::Snapshot& snap = *doc.snapshot;
  const std::vector<const ide::Diagnostic*> all = doc.diagnostics();
  const Positions positions = at(state, snap);
  out += '[';
  for (std::size_t i = 0; i < all.size(); ++i) {
    const ide::Diagnostic& d = *all[i];
    std::string related;
    if (state.client.relatedInformation) {
      json items = json::array();
      for (const ide::RelatedSpecText& r : ide::getRelatedSpecText(snap, d))
        if (const auto place =
                state.spec.place(snap.db(), r.location.fileIndex, r.location.line, r.location.column))
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
std::string diagnosticsText(ServerState& state, const workspace::Document& doc) {
  std::string items;
  items.reserve(256 * (doc.snapshot->diagnostics().size() + doc.flow.size() + doc.expectations.size()) + 2);
  appendDiagnostics(items, state, doc);
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
void publishIfChanged(ServerState& state, const std::string& uri) {
  const workspace::Document* doc = state.workspace.find(uri);
  if (doc == nullptr) return;
  std::string items = diagnosticsText(state, *doc);
  std::string& sent = state.published[uri].items;
  if (sent == items) return;
  state.out.push_back(publishText(uri, items, doc->version));
  sent = std::move(items);
}

// For a client that pulls: whether a document it pulled has findings its report lacks (other
// than `pulling`, which the client is about to pull itself) — it is then asked to pull again.
bool pulledReportOutdated(ServerState& state, const std::vector<std::string>& uris,
                          std::string_view pulling) {
  for (const std::string& uri : uris) {
    const auto sent = state.published.find(uri);
    const workspace::Document* doc = state.workspace.find(uri);
    if (uri == pulling || sent == state.published.end() || sent->second.resultId == 0 || doc == nullptr)
      continue;
    if (diagnosticsText(state, *doc) != sent->second.items) return true;
  }
  return false;
}

// The document's diagnostics as a report (LSP 3.17 DocumentDiagnosticReport): "unchanged" when
// the client's report (previousResultId) is still what the document has, else the full list
// with a new resultId. Not an open .asm document (a spec file, or closed): an empty report.
json documentDiagnostic(ServerState& state, const DocumentDiagnosticParams& p) {
  const workspace::Document* doc = state.workspace.find(p.uri);
  if (doc == nullptr) return {{"kind", "full"}, {"items", json::array()}};
  std::string items = diagnosticsText(state, *doc);
  SentDiagnostics& sent = state.published[p.uri];
  // A list never pulled or changed since gets a new id; else the client may have it already.
  if (sent.resultId == 0 || sent.items != items) {
    sent.items = std::move(items);
    sent.resultId = state.nextResultId++;
  } else if (p.previousResultId == std::to_string(sent.resultId)) {
    return {{"kind", "unchanged"}, {"resultId", std::to_string(sent.resultId)}};
  }
  std::string& out = state.resultText.emplace(R"({"items":)");
  out += sent.items;
  out += R"(,"kind":"full","resultId":")" + std::to_string(sent.resultId) + "\"}";
  return nullptr;
}

}  // namespace

syntax::ColumnUnit columnUnit(const ServerState& state) {
  return state.client.utf8Positions ? syntax::ColumnUnit::Utf8 : syntax::ColumnUnit::Utf16;
}

std::string serverRequest(ServerState& state, std::string_view method, protocol::json params) {
  protocol::json message = {
      {"jsonrpc", "2.0"}, {"id", "gpuasm-" + std::to_string(state.nextRequestId++)}, {"method", method}};
  if (!params.is_null()) message["params"] = std::move(params);
  return protocol::dump(message);
}

std::string inlayHintRefresh(ServerState& state) {
  return serverRequest(state, "workspace/inlayHint/refresh", nullptr);
}

std::span<const Method> methods() { return kMethods; }

namespace {

// "encodingHints": "cursor", "all" or "off"; true and false (the setting's first form) are "all" and "off".
workspace::EncodingHints encodingHintsMember(const json& s, workspace::EncodingHints current) {
  using workspace::EncodingHints;
  if (!s.contains("encodingHints")) return current;
  const json& v = s["encodingHints"];
  if (v.is_boolean()) return v.get<bool>() ? EncodingHints::All : EncodingHints::Off;
  if (v == "cursor") return EncodingHints::Cursor;
  if (v == "all") return EncodingHints::All;
  if (v == "off") return EncodingHints::Off;
  throw ParamsError{"encodingHints must be \"cursor\", \"all\" or \"off\" (or true/false)"};
}

}  // namespace

workspace::Settings settingsFrom(const workspace::Settings& current, const json& j) {
  workspace::Settings settings = current;
  const json& s = j.is_object() && j.contains("gpuasm") ? j["gpuasm"] : j;
  if (!s.is_object()) return settings;
  settings.encodingHints = encodingHintsMember(s, settings.encodingHints);
  // {"liveValues": {"enabled": bool, "lane": 0..31 or null}}
  if (s.contains("liveValues") && s["liveValues"].is_object()) {
    const json& live = s["liveValues"];
    settings.liveValues = boolMember(live, "enabled", settings.liveValues);
    if (live.contains("lane")) {
      const json& l = live["lane"];
      if (l.is_null())
        settings.liveValuesLane.reset();
      else if (l.is_number_integer() && l.get<std::int64_t>() >= 0 &&
               l.get<std::int64_t>() < static_cast<std::int64_t>(sim::kWarpSize))
        settings.liveValuesLane = l.get<std::uint32_t>();
      else
        throw ParamsError{"liveValues.lane must be a lane number 0..31 or null"};
    }
  }
  // {"referenceDirectory": "dir" or null}
  if (s.contains("referenceDirectory")) {
    const json& r = s["referenceDirectory"];
    if (!r.is_null() && !r.is_string())
      throw ParamsError{"referenceDirectory must be a string (a directory of `gpuasm doc` output) or null"};
    settings.referenceDirectory = r.is_string() ? r.get<std::string>() : std::string();
  }
  // {"dataflow": {"maxFindings": n}}
  if (s.contains("dataflow") && s["dataflow"].is_object() && s["dataflow"].contains("maxFindings")) {
    const json& m = s["dataflow"]["maxFindings"];
    if (!m.is_number_unsigned())
      throw ParamsError{"dataflow.maxFindings must be a number of findings (0 or more)"};
    settings.dataflowMaxFindings = m.get<std::size_t>();
  }
  return settings;
}

std::optional<std::string> specDirSetting(const json& settings) {
  const json& s = settings.is_object() && settings.contains("gpuasm") ? settings["gpuasm"] : settings;
  if (!s.is_object() || !s.contains("specDir")) return std::nullopt;
  const json& v = s["specDir"];
  if (!v.is_null() && !v.is_string()) throw ParamsError{"specDir must be a string (a directory) or null"};
  return v.is_string() ? v.get<std::string>() : std::string();
}

std::string notification(std::string_view method, json params) {
  return dump({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

const Method* findMethod(std::string_view name) {
  return wire::findByName(std::span<const Method>(kMethods), &Method::name, name);
}

json serverCapabilities(const ClientCapabilities& client) {
  json caps = {{"positionEncoding", client.utf8Positions ? "utf-8" : "utf-16"}};
  for (const Method& m : kMethods)
    if (m.advertise != nullptr) m.advertise(caps, client);
  return caps;
}

void tell(ServerState& state, workspace::Changes changes, std::string_view pulling) {
  if (changes.spec) specLoaded(state, *changes.spec);
  const bool pull = state.client.pullDiagnostics;
  for (const std::string& uri : changes.closed) {
    state.published.erase(uri);
    if (!pull) state.out.push_back(publishText(uri, "[]", std::nullopt));
  }
  if (!pull)
    for (const std::string& uri : changes.diagnostics) publishIfChanged(state, uri);
  else if (pulledReportOutdated(state, changes.diagnostics, pulling))
    state.out.push_back(serverRequest(state, "workspace/diagnostic/refresh", nullptr));
  if (changes.inlayHints && state.client.inlayHintRefresh) state.out.push_back(inlayHintRefresh(state));
  if (changes.spec) specSettled(state, *changes.spec);
}

}  // namespace gpuasm::lsp
