// The live spec in the language server (LiveSpec.h): open spec files, reloads started when the
// server is idle and installed when they are done, the spec's diagnostics in its files, the
// file watchers, and gpuasm/specInfo.
#include <gpuasm/workspace/SpecSession.h>
#include "Protocol.h"
#include "Requests.h"
#include "SpecDocuments.h"

#include <gpuasm/isa/Utf8.h>
#include <gpuasm/wire/ProjectConfig.h>

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

bool wordByte(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || static_cast<unsigned char>(c) >= 0x80; }

// A spec finding at its 1-based line and byte column, over the word that starts there (at least
// one character, never past its line), as an LSP diagnostic.
json specDiagnosticJson(const Positions& at, std::string_view text, const isa::SpecDiagnostic& d) {
  const std::uint32_t line = d.pos.line > 0 ? d.pos.line - 1 : 0;
  const std::uint32_t lineEnd = at.lineEnd(line);
  const std::uint32_t begin = std::min(at.lineStart(line) + (d.pos.column > 0 ? d.pos.column - 1 : 0), lineEnd);
  std::uint32_t end = begin;
  while (end < lineEnd && wordByte(text[end])) ++end;
  if (end == begin && end < lineEnd) end = begin + static_cast<std::uint32_t>(text::utf8SequenceLength(text, begin));
  std::string message = text::escapeInvalidUtf8(d.message);
  if (!d.erratum.empty()) message += " (erratum " + d.erratum + ")";
  json j = {{"range", rangeJson(at, {begin, end})}, {"severity", severityCode(d.severity)}, {"code", d.code}, {"source", "gpuasm spec"},
            {"message", std::move(message)}};
  if (!d.erratum.empty()) j["data"] = {{"erratum", d.erratum}};
  return j;
}

// The spec's findings, published to each of the user's spec files (those read from the spec
// directory; the embedded prelude or errata a directory lacks are gpuasm's), and cleared from
// files that had some before and are no longer read.
void publishSpecDiagnostics(ServerState& state) {
  SpecSession& specs = state.specs;
  std::set<std::string> published;
  if (specs.diagnosticsDb) {
    const auto& files = specs.diagnosticsDb->files();
    std::vector<json> perFile(files.size(), json::array());
    std::vector<std::unique_ptr<syntax::LineIndex>> lines(files.size());
    for (const isa::SpecDiagnostic& d : specs.diagnostics) {
      if (!d.pos.valid() || d.pos.file >= files.size() || !fs::path(files[d.pos.file].name).is_absolute()) continue;
      auto& index = lines[d.pos.file];
      if (!index) index = std::make_unique<syntax::LineIndex>(files[d.pos.file].text);
      perFile[d.pos.file].push_back(specDiagnosticJson({*index, columnUnit(state)}, files[d.pos.file].text, d));
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (!fs::path(files[i].name).is_absolute()) continue;
      const std::string uri = fileUri(files[i].name);
      published.insert(uri);
      state.out.push_back(notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", std::move(perFile[i])}}));
    }
  }
  for (const std::string& uri : specs.publishedUris)
    if (!published.contains(uri)) state.out.push_back(notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
  specs.publishedUris = std::move(published);
}

json specInfoJson(const ServerState& state) {
  const SpecSession& specs = state.specs;
  json files = json::array();
  for (const isa::SpecFile& f : specs.db->files()) files.push_back(text::escapeInvalidUtf8(f.name));
  std::size_t errors = 0, warnings = 0;
  for (const isa::SpecDiagnostic& d : specs.diagnostics) {
    errors += d.severity == isa::Severity::Error ? 1 : 0;
    warnings += d.severity == isa::Severity::Warning ? 1 : 0;
  }
  return {{"origin", workspace::originName(specs.choice.origin)},
          {"dir", specs.choice.dir.empty() ? json(nullptr) : json(text::escapeInvalidUtf8(specs.choice.dir))},
          {"configFile", specs.choice.configFile.empty() ? json(nullptr) : json(text::escapeInvalidUtf8(specs.choice.configFile))},
          {"files", std::move(files)},
          {"optypes", specs.db->optypes().size()},
          {"opcodes", specs.db->opcodes().size()},
          {"errors", errors},
          {"warnings", warnings},
          {"reloads", specs.loads},
          {"reloading", specs.worker.busy() || specs.reloadWanted},
          {"problem", specs.problem.empty() ? json(nullptr) : json(text::escapeInvalidUtf8(specs.problem))}};
}

// Tells the client where the spec in use comes from and whether the last change took.
void sendSpecStatus(ServerState& state) { state.out.push_back(notification("gpuasm/specStatus", specInfoJson(state))); }

// A spec that cannot be used: the one in use stays, the user is told why.
void reportSpecProblem(ServerState& state, std::string problem) {
  state.specs.problem = std::move(problem);
  state.out.push_back(notification("window/showMessage", {{"type", 1}, {"message", "gpuasm: " + text::escapeInvalidUtf8(state.specs.problem)}}));
  sendSpecStatus(state);
}

std::string registrationId() { return "gpuasm-spec-files"; }

void install(ServerState& state, SpecOutcome outcome, std::set<std::string> errors) {
  SpecSession& specs = state.specs;
  const bool moved = !(outcome.choice.dir == specs.choice.dir);
  const std::shared_ptr<const isa::InstrDb> previous = specs.db;  // alive until every document has moved on
  specs.db = outcome.db;
  specs.choice = outcome.choice;
  specs.knownErrors = std::move(errors);
  specs.problem.clear();
  ++specs.loads;
  state.spec = SpecDocuments(state.spec.cacheRoot());  // go to definition: the new database's files
  std::map<std::string, std::shared_ptr<const ide::Snapshot>> analysed;
  for (AnalysedDocument& d : outcome.documents) analysed[d.uri] = std::move(d.snapshot);
  for (auto& [uri, doc] : state.documents) {
    std::shared_ptr<const ide::Snapshot> snap;
    if (const auto it = analysed.find(uri); it != analysed.end()) {
      snap = it->second;
      for (const syntax::TextEdit& e : doc.editsDuringReload) snap = snap->edited(e);
    }
    // Opened (or closed and opened again) while the reload ran: analysed here.
    if (!snap || snap->text() != doc.snapshot->text()) snap = ide::Snapshot::analyse(specs.db, std::string(doc.snapshot->text()));
    doc.snapshot = std::move(snap);
    doc.editsDuringReload.clear();
    doc.live.reset();  // its runs executed the old database's semantics
    doc.flowStale = true;
    doc.expectationsStale = doc.snapshot->hasExpectations() || !doc.expectations.empty();
    state.out.push_back(publishDiagnostics(state, uri, doc));
  }
  if (state.client.inlayHintRefresh) state.out.push_back(inlayHintRefresh(state));
  if (moved && state.client.watchedFiles) {
    state.out.push_back(serverRequest(state, "client/unregisterCapability",
                                      {{"unregisterations", {{{"id", registrationId()}, {"method", "workspace/didChangeWatchedFiles"}}}}}));
    watchSpecFiles(state);
  }
}

}  // namespace

void finishSpecReload(ServerState& state, SpecOutcome outcome, bool acceptErrors) {
  SpecSession& specs = state.specs;
  if (specs.reloadWanted) return startSpecReload(state);  // the spec changed again meanwhile: this one is stale
  if (!outcome.failure.empty()) return reportSpecProblem(state, outcome.failure);
  std::set<std::string> errors = std::move(outcome.loadErrors);
  std::vector<std::string> added;
  for (const std::string& e : errors)
    if (!specs.knownErrors.contains(e)) added.push_back(e);
  const bool sameDir = outcome.choice.dir == specs.choice.dir;
  specs.diagnostics = std::move(outcome.diagnostics);
  specs.diagnosticsDb = outcome.db;
  publishSpecDiagnostics(state);
  if (!added.empty() && sameDir && !acceptErrors) {
    // Broken by the edit: its errors are in the spec file, the last good database stays.
    specs.problem = "the spec has " + std::to_string(added.size()) + " new error" + (added.size() == 1 ? "" : "s") + " (" + added.front() +
                    "); the last spec that loaded stays in use";
    return sendSpecStatus(state);
  }
  install(state, std::move(outcome), std::move(errors));
  sendSpecStatus(state);
}

void loadSpecNow(ServerState& state) {
  SpecSession& specs = state.specs;
  auto choice = specs.resolve();
  if (!choice) return reportSpecProblem(state, choice.error());
  if (choice->dir.empty() && *choice == specs.choice) return;  // the built-in database, already in use
  SpecJob job;
  job.choice = *choice;
  job.builtIn = specs.builtIn;
  finishSpecReload(state, workspace::runSpecJob(std::move(job)), /*acceptErrors=*/true);
}

void startSpecReload(ServerState& state) {
  SpecSession& specs = state.specs;
  if (specs.worker.busy()) return;  // reloadWanted stays: started when this one is done
  specs.reloadWanted = false;
  auto choice = specs.resolve();
  if (!choice) return reportSpecProblem(state, choice.error());
  SpecJob job;
  job.choice = *choice;
  job.builtIn = specs.builtIn;
  for (const auto& [uri, doc] : specs.documents)
    if (const auto path = pathOfFileUri(uri); path && workspace::isSpecFileOf(choice->dir, *path)) job.overlays[*path] = doc.text;
  for (auto& [uri, doc] : state.documents) {
    job.documents.push_back({uri, doc.version, std::string(doc.snapshot->text())});
    doc.editsDuringReload.clear();
  }
  specs.worker.start(std::move(job));
}

void watchSpecFiles(ServerState& state) {
  const SpecSession& specs = state.specs;
  if (!state.client.watchedFiles) return;
  json watchers = json::array();
  if (state.client.relativePatterns) {
    if (!specs.choice.dir.empty()) watchers.push_back({{"globPattern", {{"baseUri", fileUri(specs.choice.dir)}, {"pattern", "*.{txt,isa}"}}}});
    if (!specs.workspaceRoot.empty()) watchers.push_back({{"globPattern", {{"baseUri", fileUri(specs.workspaceRoot)}, {"pattern", wire::kProjectFileName}}}});
  } else {  // workspace-relative globs; the server picks out the spec directory's files
    watchers.push_back({{"globPattern", "**/*.{txt,isa}"}});
    watchers.push_back({{"globPattern", std::string("**/") + wire::kProjectFileName}});
  }
  if (watchers.empty()) return;
  state.out.push_back(serverRequest(
      state, "client/registerCapability",
      {{"registrations", {{{"id", registrationId()}, {"method", "workspace/didChangeWatchedFiles"}, {"registerOptions", {{"watchers", watchers}}}}}}}));
}

json didChangeWatchedFiles(ServerState& state, const WatchedFilesParams& p) {
  SpecSession& specs = state.specs;
  const std::string project = specs.workspaceRoot.empty() ? std::string() : (fs::path(specs.workspaceRoot) / wire::kProjectFileName).string();
  for (const std::string& uri : p.uris) {
    const auto path = pathOfFileUri(uri);
    if (!path) continue;
    // An open spec file's text is the editor's, which its didChange already brought.
    if ((!project.empty() && *path == project) || (workspace::isSpecFileOf(specs.choice.dir, *path) && !specs.documents.contains(uri)))
      specs.reloadWanted = true;
  }
  return nullptr;
}

json specInfo(ServerState& state, const json&) { return specInfoJson(state); }

bool openSpecDocument(ServerState& state, const DidOpenParams& p) {
  SpecSession& specs = state.specs;
  const auto path = pathOfFileUri(p.uri);
  const bool inDir = path && workspace::isSpecFileOf(specs.choice.dir, *path);
  if (p.languageId != "gpuasm-spec" && !inDir) return false;
  OpenSpecDocument& doc = specs.documents[p.uri];
  doc = OpenSpecDocument{};
  doc.version = p.version;
  doc.text = p.text;
  if (inDir) {  // unsaved text the database has not seen: reload with it
    const auto& files = specs.db->files();
    const auto it = std::find_if(files.begin(), files.end(), [&](const isa::SpecFile& f) { return f.name == *path; });
    if (it == files.end() || it->text != p.text) specs.reloadWanted = true;
  }
  return true;
}

bool changeSpecDocument(ServerState& state, const DidChangeParams& p) {
  SpecSession& specs = state.specs;
  const auto it = specs.documents.find(p.uri);
  if (it == specs.documents.end()) return false;
  std::string& text = it->second.text;
  for (const ContentChange& change : p.changes) {
    if (!change.range) {
      text = change.text;
      continue;
    }
    const syntax::LineIndex lines(text);
    const Positions at{lines, columnUnit(state)};
    const std::uint32_t begin = at.offset(change.range->start), end = std::max(begin, at.offset(change.range->end));
    text.replace(begin, end - begin, change.text);
  }
  it->second.version = p.version.value_or(it->second.version + 1);
  it->second.view.reset();
  const auto path = pathOfFileUri(p.uri);
  if (path && workspace::isSpecFileOf(specs.choice.dir, *path)) specs.reloadWanted = true;
  return true;
}

bool closeSpecDocument(ServerState& state, const std::string& uri) {
  SpecSession& specs = state.specs;
  const auto it = specs.documents.find(uri);
  if (it == specs.documents.end()) return false;
  specs.documents.erase(it);
  // The file on disk is the spec again; its diagnostics stay, they are about that file.
  const auto path = pathOfFileUri(uri);
  if (path && workspace::isSpecFileOf(specs.choice.dir, *path)) specs.reloadWanted = true;
  return true;
}

bool applySpecSetting(SpecSession& specs, const json& settings) {
  const json& s = settings.is_object() && settings.contains("gpuasm") ? settings["gpuasm"] : settings;
  if (!s.is_object() || !s.contains("specDir")) return false;
  const json& v = s["specDir"];
  if (!v.is_null() && !v.is_string()) throw ParamsError{"specDir must be a string (a directory) or null"};
  const std::string dir = v.is_string() ? v.get<std::string>() : std::string();
  if (dir == specs.settingDir) return false;
  specs.settingDir = dir;
  return true;
}

}  // namespace gpuasm::lsp
