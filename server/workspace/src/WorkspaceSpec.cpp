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
  SpecSession* owner = specs_.get();  // a spec file of no spec in use: the workspace's
  bool inDir = false;
  for (SpecSession* s : sessions())
    if (path && isSpecFileOf(s->choice.dir, *path)) {
      owner = s;
      inDir = true;
      break;
    }
  if (languageId != "gpuasm-spec" && !inDir) return false;
  SpecSession& session = *owner;
  OpenSpecDocument& doc = session.documents[uri];
  doc = OpenSpecDocument{};
  doc.version = version;
  doc.text = std::move(text);
  if (inDir) {  // unsaved text the database has not seen: reload with it
    const auto& files = session.db->files();
    const auto it =
        std::find_if(files.begin(), files.end(), [&](const isa::SpecFile& f) { return f.name == *path; });
    if (it == files.end() || it->text != doc.text) session.reloadWanted = true;
  }
  return true;
}

bool Workspace::changeSpecDocument(const std::string& uri, std::optional<std::int64_t> version,
                                   std::span<const TextChange> changes, syntax::ColumnUnit unit) {
  SpecSession* session = specFileSession(uri);
  if (session == nullptr) return false;
  const auto it = session->documents.find(uri);
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
  if (path && isSpecFileOf(session->choice.dir, *path)) session->reloadWanted = true;
  return true;
}

bool Workspace::closeSpecDocument(const std::string& uri) {
  SpecSession* session = specFileSession(uri);
  if (session == nullptr) return false;
  session->documents.erase(uri);
  // The file on disk is the spec again; its diagnostics stay, they are about that file.
  const auto path = pathOfFileUri(uri);
  if (path && isSpecFileOf(session->choice.dir, *path)) session->reloadWanted = true;
  return true;
}

std::vector<SpecSession*> Workspace::sessions() const {
  std::vector<SpecSession*> all{specs_.get()};
  for (const auto& [file, s] : projects_) all.push_back(s.get());
  return all;
}

SpecSession* Workspace::specFileSession(const std::string& uri) const {
  for (SpecSession* s : sessions())
    if (s->documents.contains(uri)) return s;
  return nullptr;
}

SpecSession& Workspace::sessionFor(const std::string& uri, Changes& changes) {
  if (!specs_->settingDir.empty()) return *specs_;  // the client's choice is every document's
  const auto path = pathOfFileUri(uri);
  if (!path) return *specs_;
  // The nearest gpuasm.json upward from the file. None, or the workspace's own: the workspace's
  // spec. One that cannot be read is the project's problem, reported by its load below.
  std::string file;
  std::error_code ec;
  for (fs::path at = fs::path(*path).parent_path().lexically_normal();; at = at.parent_path()) {
    if (fs::exists(at / wire::kProjectFileName, ec)) {
      file = (at / wire::kProjectFileName).string();
      break;
    }
    if (!at.has_relative_path()) break;
  }
  const std::string rootFile = specs_->workspaceRoot.empty()
                                   ? std::string()
                                   : (fs::path(specs_->workspaceRoot) / wire::kProjectFileName).string();
  if (file.empty() || file == rootFile) return *specs_;
  auto& slot = projects_[file];
  if (!slot) {
    slot = std::make_unique<SpecSession>();
    slot->db = slot->builtIn = specs_->builtIn;
    slot->builtInChoice = slot->choice = specs_->builtInChoice;
    slot->workspaceRoot = specs_->workspaceRoot;
    slot->projectFile = file;
    changes.merge(loadSpecNow(*slot));
  }
  return *slot;
}

Changes Workspace::filesChanged(std::span<const std::string> uris) {
  const std::string project = specs_->workspaceRoot.empty()
                                  ? std::string()
                                  : (fs::path(specs_->workspaceRoot) / wire::kProjectFileName).string();
  for (const std::string& uri : uris) {
    const auto path = pathOfFileUri(uri);
    if (!path) continue;
    for (SpecSession* s : sessions()) {
      const std::string& config = s->projectFile.empty() ? project : s->projectFile;
      // An open spec file's text is the editor's, which its change already brought.
      if ((!config.empty() && *path == config) ||
          (isSpecFileOf(s->choice.dir, *path) && !s->documents.contains(uri)))
        s->reloadWanted = true;
    }
  }
  return {};
}

// A spec that cannot be used: the one in use stays, the user is told why.
Changes Workspace::specProblem(SpecSession& s, std::string problem) {
  s.problem = std::move(problem);
  Changes changes;
  changes.spec = SpecEvent{.session = &s};
  return changes;
}

Changes Workspace::loadSpecNow(SpecSession& s) {
  auto choice = s.resolve();
  if (!choice) return specProblem(s, choice.error());
  if (choice->dir.empty() && *choice == s.choice) return {};  // the built-in database, already in use
  SpecJob job;
  job.choice = *choice;
  job.builtIn = s.builtIn;
  for (const auto& [uri, doc] : documents_)
    if (&specsOf(doc) == &s) job.documents.push_back({uri, doc.version, std::string(doc.snapshot->text())});
  return finishSpecReload(s, runSpecJob(std::move(job)), /*acceptErrors=*/true);
}

Changes Workspace::startSpecReload(SpecSession& s) {
  if (s.worker.busy()) return {};  // reloadWanted stays: started when this one is done
  s.reloadWanted = false;
  auto choice = s.resolve();
  if (!choice) return specProblem(s, choice.error());
  SpecJob job;
  job.choice = *choice;
  job.builtIn = s.builtIn;
  for (const auto& [uri, doc] : s.documents)
    if (const auto path = pathOfFileUri(uri); path && isSpecFileOf(choice->dir, *path))
      job.overlays[*path] = doc.text;
  for (auto& [uri, doc] : documents_) {
    if (&specsOf(doc) != &s) continue;
    job.documents.push_back({uri, doc.version, std::string(doc.snapshot->text())});
    doc.editsDuringReload.clear();
  }
  s.worker.start(std::move(job));
  return {};
}

// With `acceptErrors` (the first load of a directory) a load is installed even with errors no
// erratum accounts for; otherwise a reload that adds one is not.
Changes Workspace::finishSpecReload(SpecSession& s, SpecOutcome outcome, bool acceptErrors) {
  if (s.reloadWanted) return startSpecReload(s);  // the spec changed again meanwhile: this one is stale
  if (!outcome.failure.empty()) return specProblem(s, outcome.failure);
  std::set<std::string> errors = std::move(outcome.loadErrors);
  std::vector<std::string> added;
  for (const std::string& e : errors)
    if (!s.knownErrors.contains(e)) added.push_back(e);
  const bool sameDir = outcome.choice.dir == s.choice.dir;
  s.diagnostics = std::move(outcome.diagnostics);
  s.diagnosticsDb = outcome.db;
  if (!added.empty() && sameDir && !acceptErrors) {
    // Broken by the edit: its errors are in the spec file, the last good database stays.
    s.problem = "the spec has " + std::to_string(added.size()) + " new error" +
                (added.size() == 1 ? "" : "s") + " (" + added.front() +
                "); the last spec that loaded stays in use";
    Changes changes;
    changes.spec = SpecEvent{.loaded = true, .session = &s};
    return changes;
  }
  return install(s, std::move(outcome), std::move(errors));
}

// The new database in use: every open document analysed with it — the reload's analysis with
// the edits typed meanwhile replayed, or a fresh one —, its runs and deferred findings redone.
Changes Workspace::install(SpecSession& s, SpecOutcome outcome, std::set<std::string> errors) {
  Changes changes;
  const bool dirChanged = !(outcome.choice.dir == s.choice.dir);
  changes.spec = SpecEvent{.loaded = true,
                           .installed = true,
                           .dirChanged = dirChanged,
                           .withErrors = !outcome.unaccounted.empty() && (dirChanged || s.loadErrors.empty()),
                           .session = &s};
  changes.inlayHints = true;
  const std::shared_ptr<const isa::InstrDb> previous = s.db;  // alive until every document has moved on
  s.db = outcome.db;
  s.choice = outcome.choice;
  s.knownErrors = std::move(errors);
  s.loadErrors = std::move(outcome.unaccounted);
  s.problem.clear();
  ++s.loads;
  std::map<std::string, std::shared_ptr<const ide::Snapshot>> analysed;
  for (AnalysedDocument& d : outcome.documents) analysed[d.uri] = std::move(d.snapshot);
  for (auto& [uri, doc] : documents_) {
    if (&specsOf(doc) != &s) continue;
    std::shared_ptr<const ide::Snapshot> snap;
    if (const auto it = analysed.find(uri); it != analysed.end()) {
      snap = it->second;
      for (const syntax::TextEdit& e : doc.editsDuringReload) snap = snap->edited(e);
    }
    // Opened (or closed and opened again) while the reload ran: analysed here.
    if (!snap || snap->text() != doc.snapshot->text())
      snap = ide::Snapshot::analyse(s.db, std::string(doc.snapshot->text()));
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
