// The live spec in the language server: what the workspace's loads (workspace/WorkspaceSpec.cpp)
// mean to the client — the spec's diagnostics in its files, the reason a spec cannot be used,
// its status, the file watchers —, and gpuasm/specInfo.
#include "Handlers.h"
#include "Publishing.h"
#include "SpecDocuments.h"

#include <gpuasm/workspace/SpecSession.h>

#include <gpuasm/isa/Text.h>
#include <gpuasm/isa/Utf8.h>
#include <gpuasm/formats/ProjectConfig.h>

#include <algorithm>
#include <filesystem>
#include <map>

namespace gpuasm::lsp {

using namespace protocol;
namespace fs = std::filesystem;

namespace {

int severityCode(isa::Severity s) {
  switch (s) {
    case isa::Severity::Error: return 1;
    case isa::Severity::Warning: return 2;
    case isa::Severity::Note: return 3;
  }
  return 1;
}

// A spec finding at its 1-based line and byte column, over the name or number that starts there
// — word characters (text::isWordChar) and the dots of the spec's dotted names — or one
// character when none does, never past its line, as an LSP diagnostic.
json specDiagnosticJson(const Positions& at, std::string_view text, const isa::SpecDiagnostic& d) {
  const std::uint32_t line = d.pos.line > 0 ? d.pos.line - 1 : 0;
  const std::uint32_t lineEnd = at.lineEnd(line);
  const std::uint32_t begin =
      std::min(at.lineStart(line) + (d.pos.column > 0 ? d.pos.column - 1 : 0), lineEnd);
  std::uint32_t end = begin;
  while (end < lineEnd && (text::isWordChar(text[end]) || text[end] == '.')) ++end;
  if (end == begin && end < lineEnd)
    end = begin + static_cast<std::uint32_t>(text::utf8SequenceLength(text, begin));
  std::string message = text::escapeInvalidUtf8(d.message);
  if (!d.erratum.empty()) message += " (erratum " + d.erratum + ")";
  json j = {{"range", rangeJson(at, {begin, end})},
            {"severity", severityCode(d.severity)},
            {"code", std::string(isa::spelling(d.code))},
            {"source", "gpuasm spec"},
            {"message", std::move(message)}};
  if (!d.erratum.empty()) j["data"] = {{"erratum", d.erratum}};
  return j;
}

// The spec's findings, published to each of the user's spec files (those read from the spec
// directory; the embedded prelude or errata a directory lacks are gpuasm's), and cleared from
// files that had some before and are no longer read.
void publishSpecDiagnostics(Context& ctx, const SpecSession& specs) {
  std::set<std::string> published;
  if (specs.diagnosticsDb()) {
    const auto& files = specs.diagnosticsDb()->files();
    std::vector<json> perFile(files.size(), json::array());
    std::vector<std::unique_ptr<syntax::LineIndex>> lines(files.size());
    for (const isa::SpecDiagnostic& d : specs.diagnostics()) {
      if (!d.pos.valid() || d.pos.file >= files.size() || !fs::path(files[d.pos.file].name).is_absolute())
        continue;
      auto& index = lines[d.pos.file];
      if (!index) index = std::make_unique<syntax::LineIndex>(files[d.pos.file].text);
      perFile[d.pos.file].push_back(specDiagnosticJson({*index, columnUnit(ctx)}, files[d.pos.file].text, d));
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (!fs::path(files[i].name).is_absolute()) continue;
      const std::string uri = fileUri(files[i].name);
      published.insert(uri);
      ctx.out.notify("textDocument/publishDiagnostics",
                     {{"uri", uri}, {"diagnostics", std::move(perFile[i])}});
    }
  }
  const std::set<std::string> before = ctx.published.replaceSpecFiles(&specs, published);
  for (const std::string& uri : before)
    if (!published.contains(uri))
      ctx.out.notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
}

// The load errors of the spec in use no erratum accounts for: their count and the first; null
// when there are none.
json loadErrorsJson(const SpecSession& specs) {
  if (specs.loadErrors().empty()) return nullptr;
  const isa::SpecDiagnostic& d = specs.loadErrors().front();
  const auto& files = specs.db().files();
  const std::string file = d.pos.file < files.size() ? files[d.pos.file].name : std::string();
  return {{"count", specs.loadErrors().size()},
          {"first",
           {{"file", text::escapeInvalidUtf8(file)},
            {"line", d.pos.line},
            {"column", d.pos.column},
            {"code", std::string(isa::spelling(d.code))},
            {"message", text::escapeInvalidUtf8(d.message)}}}};
}

// The message a client shows when a spec with such errors is put in use.
std::string loadErrorsMessage(const SpecSession& specs) {
  const isa::SpecDiagnostic& d = specs.loadErrors().front();
  const std::size_t n = specs.loadErrors().size();
  std::string message =
      "gpuasm: the spec in " + specs.choice().dir + " has " + std::to_string(n) +
      (n == 1 ? " error" : " errors") + " no erratum accounts for; the first: " + specs.db().describe(d.pos) +
      ": " + d.message + " [" + std::string(isa::spelling(d.code)) +
      "]. Diagnostics, encodings and runs may be wrong until it is fixed; the spec's files show " +
      (n == 1 ? "it" : "them all") + ".";
  return text::escapeInvalidUtf8(message);
}

json specInfoJson(const SpecSession& specs) {
  json files = json::array();
  for (const isa::SpecFile& f : specs.db().files()) files.push_back(text::escapeInvalidUtf8(f.name));
  std::size_t errors = 0, warnings = 0;
  for (const isa::SpecDiagnostic& d : specs.diagnostics()) {
    errors += d.severity == isa::Severity::Error ? 1 : 0;
    warnings += d.severity == isa::Severity::Warning ? 1 : 0;
  }
  return {
      {"origin", workspace::originName(specs.choice().origin)},
      {"dir", specs.choice().dir.empty() ? json(nullptr) : json(text::escapeInvalidUtf8(specs.choice().dir))},
      {"configFile", specs.choice().configFile.empty()
                         ? json(nullptr)
                         : json(text::escapeInvalidUtf8(specs.choice().configFile))},
      {"files", std::move(files)},
      {"optypes", specs.db().optypes().size()},
      {"opcodes", specs.db().opcodes().size()},
      {"errors", errors},
      {"warnings", warnings},
      {"loadErrors", loadErrorsJson(specs)},
      {"reloads", specs.loads()},
      {"reloading", specs.reloadRunning() || specs.reloadWanted()},
      {"problem", specs.problem().empty() ? json(nullptr) : json(text::escapeInvalidUtf8(specs.problem()))}};
}

// Tells the client where the spec in use comes from and whether the last change took.
void sendSpecStatus(Context& ctx, const SpecSession& specs) {
  ctx.out.notify("gpuasm/specStatus", specInfoJson(specs));
}

std::string registrationId() { return "gpuasm-spec-files"; }

}  // namespace

void specLoaded(Context& ctx, const workspace::SpecEvent& event) {
  const SpecSession& specs = event.session != nullptr ? *event.session : ctx.workspace.specs();
  if (!event.loaded) {  // a spec that cannot be used: the one in use stays, the user is told why
    const std::string message = "gpuasm: " + text::escapeInvalidUtf8(specs.problem());
    ctx.out.notify("window/showMessage", {{"type", 1}, {"message", message}});
    return;
  }
  publishSpecDiagnostics(ctx, specs);
  if (event.withErrors && !specs.loadErrors().empty())  // in use, flagged: told once, as a warning
    ctx.out.notify("window/showMessage", {{"type", 2}, {"message", loadErrorsMessage(specs)}});
  if (event.installed)
    ctx.specFiles = SpecDocuments(ctx.specFiles.cacheRoot());  // go to definition: the new database's files
}

void specSettled(Context& ctx, const workspace::SpecEvent& event) {
  if (event.installed && event.dirChanged && ctx.client.watchedFiles) {
    ctx.out.request(
        "client/unregisterCapability",
        {{"unregisterations", {{{"id", registrationId()}, {"method", "workspace/didChangeWatchedFiles"}}}}});
    watchSpecFiles(ctx);
  }
  sendSpecStatus(ctx, event.session != nullptr ? *event.session : ctx.workspace.specs());
}

void watchSpecFiles(Context& ctx) {
  if (!ctx.client.watchedFiles) return;
  json watchers = json::array();
  if (ctx.client.relativePatterns) {
    std::set<std::string> dirs;
    for (const SpecSession* s : ctx.workspace.sessions())
      if (!s->choice().dir.empty() && dirs.insert(s->choice().dir).second)
        watchers.push_back(
            {{"globPattern", {{"baseUri", fileUri(s->choice().dir)}, {"pattern", "*.{txt,isa}"}}}});
    // The workspace's gpuasm.json and those of the projects below it.
    if (!ctx.workspace.specs().workspaceRoot().empty())
      watchers.push_back({{"globPattern",
                           {{"baseUri", fileUri(ctx.workspace.specs().workspaceRoot())},
                            {"pattern", std::string("**/") + formats::kProjectFileName}}}});
  } else {  // workspace-relative globs; the server picks out the spec directory's files
    watchers.push_back({{"globPattern", "**/*.{txt,isa}"}});
    watchers.push_back({{"globPattern", std::string("**/") + formats::kProjectFileName}});
  }
  if (watchers.empty()) return;
  ctx.out.request("client/registerCapability", {{"registrations",
                                                 {{{"id", registrationId()},
                                                   {"method", "workspace/didChangeWatchedFiles"},
                                                   {"registerOptions", {{"watchers", watchers}}}}}}});
}

json specInfo(Context& ctx, const json& params) {
  // With a document: the spec that document is analysed with (or, for an open spec file, the
  // spec it belongs to); without: the workspace's.
  if (params.is_object() && params.contains("textDocument")) {
    const json& td = params["textDocument"];
    if (!td.is_object() || !td.contains("uri") || !td["uri"].is_string())
      throw ParamsError{"textDocument.uri must be a string"};
    const std::string uri = td["uri"].get<std::string>();
    if (const workspace::Document* doc = ctx.workspace.find(uri))
      return specInfoJson(ctx.workspace.specsOf(*doc));
    if (const SpecSession* s = ctx.workspace.specFileSession(uri)) return specInfoJson(*s);
    throw ParamsError{"the document is not open: " + uri};
  }
  return specInfoJson(ctx.workspace.specs());
}

}  // namespace gpuasm::lsp
