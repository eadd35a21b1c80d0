// The method table (see Methods.h): per method its handler (Handlers.h) and what it advertises.
#include "Methods.h"

#include "Handlers.h"
#include "Publishing.h"
#include <gpuasm/wire/MethodTable.h>

#include <array>
#include <utility>

namespace gpuasm::lsp {

namespace {

using namespace protocol;

// The extensions as commands, for clients that only speak workspace/executeCommand.
constexpr std::array<std::pair<std::string_view, MethodHandler>, 3> kCommands = {{
    {"gpuasm.runToCursor", typed<PositionParams, runToCursor>},
    {"gpuasm.execute", typed<RangeParams, execute>},
    {"gpuasm.encoding", typed<RangeParams, encoding>},
}};

Result executeCommand(Context& ctx, const ExecuteCommandParams& p) {
  for (const auto& [name, handler] : kCommands)
    if (name == p.command) return handler(ctx, p.argument);
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

constexpr std::array<Method, 37> kMethods = {{
    {"textDocument/didOpen", Notification, typed<DidOpenParams, didOpen>, syncOpenClose},
    {"textDocument/diagnostic", Request, typed<DocumentDiagnosticParams, documentDiagnostic>, diagnosticCap},
    {"textDocument/didChange", Notification, typed<DidChangeParams, didChange>, syncIncremental},
    {"textDocument/didClose", Notification, typed<DocumentParams, didClose>, syncOpenClose},
    {"workspace/didChangeConfiguration", Notification, typed<ConfigurationParams, didChangeConfiguration>,
     nullptr},
    {"initialized", Notification, untyped<initialized>, nullptr},
    {"workspace/didChangeWatchedFiles", Notification, typed<WatchedFilesParams, didChangeWatchedFiles>,
     nullptr},
    {"gpuasm/specInfo", Request, untyped<specInfo>, nullptr},
    {"textDocument/didSave", Notification, untyped<ignore>, nullptr},
    {"$/setTrace", Notification, untyped<ignore>, nullptr},
    {"$/cancelRequest", Notification, untyped<ignore>,
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

}  // namespace

std::span<const Method> methods() { return kMethods; }

const Method* findMethod(std::string_view name) {
  return wire::findByName(std::span<const Method>(kMethods), &Method::name, name);
}

json serverCapabilities(const ClientCapabilities& client) {
  json caps = {{"positionEncoding", client.utf8Positions ? "utf-8" : "utf-16"}};
  for (const Method& m : kMethods)
    if (m.advertise != nullptr) m.advertise(caps, client);
  return caps;
}

}  // namespace gpuasm::lsp
