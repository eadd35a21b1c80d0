// Document sync and the other notifications (see Handlers.h): each handler turns the params
// into one workspace call and tells the client what changed (Publishing.h).
#include "Handlers.h"

#include "Publishing.h"
#include "Settings.h"

namespace gpuasm::lsp {

using namespace protocol;

// ------------------------------------------------------------------ document sync
// Each handler: the params → one workspace call → what changed, told to the client (tell).

namespace {

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

}  // namespace

// A client that pulls diagnostics pulls an opened or changed document's itself.
json didOpen(Context& ctx, const DidOpenParams& p) {
  tell(ctx, ctx.workspace.open(p.uri, p.languageId, p.version, p.text), p.uri);
  return nullptr;
}

json didChange(Context& ctx, const DidChangeParams& p) {
  tell(ctx, ctx.workspace.change(p.uri, p.version, textChanges(p.changes), columnUnit(ctx)), p.uri);
  return nullptr;
}

json didClose(Context& ctx, const DocumentParams& p) {
  tell(ctx, ctx.workspace.close(p.uri));
  return nullptr;
}

json didChangeConfiguration(Context& ctx, const ConfigurationParams& p) {
  tell(ctx, ctx.workspace.configure(settingsFrom(ctx.workspace.settings(), p.settings),
                                    specDirSetting(p.settings)));
  return nullptr;
}

json didChangeWatchedFiles(Context& ctx, const WatchedFilesParams& p) {
  tell(ctx, ctx.workspace.filesChanged(p.uris));
  return nullptr;
}

// The client's cursor moved (a gpuasm extension): the encoding hint follows it in "cursor" mode.
json cursor(Context& ctx, const PositionParams& p) {
  tell(ctx, ctx.workspace.setCursor(p.uri, p.position.line));
  return nullptr;
}

// The client's state file changed: the dataflow of every open document may change with it.
json setInitialState(Context& ctx, const InitialStateParams& p) {
  tell(ctx, ctx.workspace.setInitialState(p.state));
  return nullptr;
}

json ignore(Context&, const json&) { return nullptr; }

json initialized(Context& ctx, const json&) {
  watchSpecFiles(ctx);
  return nullptr;
}

}  // namespace gpuasm::lsp
