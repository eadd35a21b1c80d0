// The workspace's spec (see Workspace.h, SpecSession.h): the open spec files, loads at
// initialize, reloads started when idle and installed when done — the edits typed during a
// reload replayed onto its analysis —, and the files on disk that ask for one.
#include <gpuasm/workspace/Workspace.h>

#include <gpuasm/workspace/Uri.h>
#include <gpuasm/wire/ProjectConfig.h>

#include <algorithm>
#include <filesystem>

namespace gpuasm::workspace {

namespace fs = std::filesystem;

bool Workspace::openSpecDocument(const std::string& uri, std::string_view languageId, std::int64_t version,
                                 std::string& text) {
  const auto path = pathOfFileUri(uri);
  const bool inDir = path && isSpecFileOf(specs_->choice.dir, *path);
  if (languageId != "gpuasm-spec" && !inDir) return false;
  OpenSpecDocument& doc = specs_->documents[uri];
  doc = OpenSpecDocument{};
  doc.version = version;
  doc.text = std::move(text);
  if (inDir) {  // unsaved text the database has not seen: reload with it
    const auto& files = specs_->db->files();
    const auto it =
        std::find_if(files.begin(), files.end(), [&](const isa::SpecFile& f) { return f.name == *path; });
    if (it == files.end() || it->text != doc.text) specs_->reloadWanted = true;
  }
  return true;
}

bool Workspace::changeSpecDocument(const std::string& uri, std::optional<std::int64_t> version,
                                   std::span<const TextChange> changes, syntax::ColumnUnit unit) {
  const auto it = specs_->documents.find(uri);
  if (it == specs_->documents.end()) return false;
  std::string& text = it->second.text;
  for (const TextChange& change : changes) {
    if (!change.range) {
      text = change.text;
      continue;
    }
    const syntax::LineIndex lines(text);
    const std::uint32_t begin = lines.offset(change.range->start, unit);
    const std::uint32_t end = std::max(begin, lines.offset(change.range->end, unit));
    text.replace(begin, end - begin, change.text);
  }
  it->second.version = version.value_or(it->second.version + 1);
  it->second.view.reset();
  const auto path = pathOfFileUri(uri);
  if (path && isSpecFileOf(specs_->choice.dir, *path)) specs_->reloadWanted = true;
  return true;
}

bool Workspace::closeSpecDocument(const std::string& uri) {
  const auto it = specs_->documents.find(uri);
  if (it == specs_->documents.end()) return false;
  specs_->documents.erase(it);
  // The file on disk is the spec again; its diagnostics stay, they are about that file.
  const auto path = pathOfFileUri(uri);
  if (path && isSpecFileOf(specs_->choice.dir, *path)) specs_->reloadWanted = true;
  return true;
}

Changes Workspace::filesChanged(std::span<const std::string> uris) {
  const std::string project = specs_->workspaceRoot.empty()
                                  ? std::string()
                                  : (fs::path(specs_->workspaceRoot) / wire::kProjectFileName).string();
  for (const std::string& uri : uris) {
    const auto path = pathOfFileUri(uri);
    if (!path) continue;
    // An open spec file's text is the editor's, which its change already brought.
    if ((!project.empty() && *path == project) ||
        (isSpecFileOf(specs_->choice.dir, *path) && !specs_->documents.contains(uri)))
      specs_->reloadWanted = true;
  }
  return {};
}

// A spec that cannot be used: the one in use stays, the user is told why.
Changes Workspace::specProblem(std::string problem) {
  specs_->problem = std::move(problem);
  Changes changes;
  changes.spec = SpecEvent{};
  return changes;
}

Changes Workspace::loadSpecNow() {
  auto choice = specs_->resolve();
  if (!choice) return specProblem(choice.error());
  if (choice->dir.empty() && *choice == specs_->choice) return {};  // the built-in database, already in use
  SpecJob job;
  job.choice = *choice;
  job.builtIn = specs_->builtIn;
  return finishSpecReload(runSpecJob(std::move(job)), /*acceptErrors=*/true);
}

Changes Workspace::startSpecReload() {
  if (specs_->worker.busy()) return {};  // reloadWanted stays: started when this one is done
  specs_->reloadWanted = false;
  auto choice = specs_->resolve();
  if (!choice) return specProblem(choice.error());
  SpecJob job;
  job.choice = *choice;
  job.builtIn = specs_->builtIn;
  for (const auto& [uri, doc] : specs_->documents)
    if (const auto path = pathOfFileUri(uri); path && isSpecFileOf(choice->dir, *path))
      job.overlays[*path] = doc.text;
  for (auto& [uri, doc] : documents_) {
    job.documents.push_back({uri, doc.version, std::string(doc.snapshot->text())});
    doc.editsDuringReload.clear();
  }
  specs_->worker.start(std::move(job));
  return {};
}

// With `acceptErrors` (the first load of a directory) a load is installed even with errors no
// erratum accounts for; otherwise a reload that adds one is not.
Changes Workspace::finishSpecReload(SpecOutcome outcome, bool acceptErrors) {
  if (specs_->reloadWanted) return startSpecReload();  // the spec changed again meanwhile: this one is stale
  if (!outcome.failure.empty()) return specProblem(outcome.failure);
  std::set<std::string> errors = std::move(outcome.loadErrors);
  std::vector<std::string> added;
  for (const std::string& e : errors)
    if (!specs_->knownErrors.contains(e)) added.push_back(e);
  const bool sameDir = outcome.choice.dir == specs_->choice.dir;
  specs_->diagnostics = std::move(outcome.diagnostics);
  specs_->diagnosticsDb = outcome.db;
  if (!added.empty() && sameDir && !acceptErrors) {
    // Broken by the edit: its errors are in the spec file, the last good database stays.
    specs_->problem = "the spec has " + std::to_string(added.size()) + " new error" +
                      (added.size() == 1 ? "" : "s") + " (" + added.front() +
                      "); the last spec that loaded stays in use";
    Changes changes;
    changes.spec = SpecEvent{.loaded = true};
    return changes;
  }
  return install(std::move(outcome), std::move(errors));
}

// The new database in use: every open document analysed with it — the reload's analysis with
// the edits typed meanwhile replayed, or a fresh one —, its runs and deferred findings redone.
Changes Workspace::install(SpecOutcome outcome, std::set<std::string> errors) {
  Changes changes;
  const bool dirChanged = !(outcome.choice.dir == specs_->choice.dir);
  changes.spec =
      SpecEvent{.loaded = true,
                .installed = true,
                .dirChanged = dirChanged,
                .withErrors = !outcome.unaccounted.empty() && (dirChanged || specs_->loadErrors.empty())};
  changes.inlayHints = true;
  const std::shared_ptr<const isa::InstrDb> previous = specs_->db;  // alive until every document has moved on
  specs_->db = outcome.db;
  specs_->choice = outcome.choice;
  specs_->knownErrors = std::move(errors);
  specs_->loadErrors = std::move(outcome.unaccounted);
  specs_->problem.clear();
  ++specs_->loads;
  std::map<std::string, std::shared_ptr<const ide::Snapshot>> analysed;
  for (AnalysedDocument& d : outcome.documents) analysed[d.uri] = std::move(d.snapshot);
  for (auto& [uri, doc] : documents_) {
    std::shared_ptr<const ide::Snapshot> snap;
    if (const auto it = analysed.find(uri); it != analysed.end()) {
      snap = it->second;
      for (const syntax::TextEdit& e : doc.editsDuringReload) snap = snap->edited(e);
    }
    // Opened (or closed and opened again) while the reload ran: analysed here.
    if (!snap || snap->text() != doc.snapshot->text())
      snap = ide::Snapshot::analyse(specs_->db, std::string(doc.snapshot->text()));
    doc.snapshot = std::move(snap);
    doc.editsDuringReload.clear();
    doc.live.reset();  // its runs executed the old database's semantics
    doc.flowStale = true;
    doc.expectationsStale = doc.snapshot->hasExpectations() || !doc.expectations.empty();
    changes.diagnostics.push_back(uri);
  }
  return changes;
}

}  // namespace gpuasm::workspace
