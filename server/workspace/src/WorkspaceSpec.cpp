// The workspace's spec (see Workspace.h, SpecSession.h): the open spec files, loads at
// initialize, reloads started when idle and installed when done — the edits typed during a
// reload replayed onto its analysis —, and the files on disk that ask for one.
#include <gpuasm/workspace/Workspace.h>

#include <gpuasm/workspace/SpecDirectory.h>
#include <gpuasm/workspace/Uri.h>
#include <gpuasm/formats/ProjectConfig.h>

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
    if (path && isSpecFileOf(s->choice().dir, *path)) {
      owner = s;
      inDir = true;
      break;
    }
  if (languageId != "gpuasm-spec" && !inDir) return false;
  owner->openFile(uri, version, std::move(text));
  return true;
}

bool Workspace::changeSpecDocument(const std::string& uri, std::optional<std::int64_t> version,
                                   std::span<const TextChange> changes, syntax::ColumnUnit unit) {
  SpecSession* session = specFileSession(uri);
  if (session == nullptr) return false;
  const std::int64_t next = version.value_or(*session->fileVersion(uri) + 1);
  return session->editFile(uri, next, [&](std::string& text) {
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
  });
}

bool Workspace::closeSpecDocument(const std::string& uri) {
  SpecSession* session = specFileSession(uri);
  return session != nullptr && session->closeFile(uri);
}

std::vector<SpecSession*> Workspace::sessions() const {
  std::vector<SpecSession*> all{specs_.get()};
  for (const auto& [file, s] : projects_) all.push_back(s.get());
  return all;
}

SpecSession* Workspace::specFileSession(const std::string& uri) const {
  for (SpecSession* s : sessions())
    if (s->hasFile(uri)) return s;
  return nullptr;
}

std::optional<SpecFileView> Workspace::specView(const std::string& uri) {
  SpecSession* session = specFileSession(uri);
  if (session == nullptr) return std::nullopt;
  return SpecFileView{session->view(uri), session};
}

SpecSession& Workspace::sessionFor(const std::string& uri, Changes& changes) {
  if (!specs_->settingDir().empty()) return *specs_;  // the client's choice is every document's
  const auto path = pathOfFileUri(uri);
  if (!path) return *specs_;
  // The nearest gpuasm.json upward from the file (SpecDirectory.h, the command line's rule too).
  // None, or the workspace's own: the workspace's spec. One that cannot be read is the
  // project's problem, reported by its load below.
  const std::string file = nearestProjectFile(fs::path(*path).parent_path().string()).value_or("");
  const std::string rootFile = specs_->workspaceRoot().empty()
                                   ? std::string()
                                   : (fs::path(specs_->workspaceRoot()) / formats::kProjectFileName).string();
  if (file.empty() || file == rootFile) return *specs_;
  auto& slot = projects_[file];
  if (!slot) {
    slot = std::make_unique<SpecSession>(specs_->builtIn(), specs_->builtInChoice(), specs_->workspaceRoot(),
                                         file);
    changes.merge(loadSpecNow(*slot));
  }
  return *slot;
}

Changes Workspace::filesChanged(std::span<const std::string> uris) {
  const std::string project = specs_->workspaceRoot().empty()
                                  ? std::string()
                                  : (fs::path(specs_->workspaceRoot()) / formats::kProjectFileName).string();
  for (const std::string& uri : uris) {
    const auto path = pathOfFileUri(uri);
    if (!path) continue;
    for (SpecSession* s : sessions()) {
      const std::string& config = s->projectFile().empty() ? project : s->projectFile();
      // An open spec file's text is the editor's, which its change already brought.
      if ((!config.empty() && *path == config) || (isSpecFileOf(s->choice().dir, *path) && !s->hasFile(uri)))
        s->wantReload();
    }
  }
  return {};
}

// A spec that cannot be used: the one in use stays, the user is told why.
Changes Workspace::specProblem(SpecSession& s, std::string problem) {
  s.failed(std::move(problem));
  Changes changes;
  changes.spec = SpecEvent{.session = &s};
  return changes;
}

Changes Workspace::loadSpecNow(SpecSession& s) {
  auto choice = s.resolve();
  if (!choice) return specProblem(s, choice.error());
  if (choice->dir.empty() && *choice == s.choice()) return {};  // the built-in database, already in use
  SpecJob job;
  job.choice = *choice;
  job.builtIn = s.builtIn();
  for (const auto& [uri, doc] : documents_)
    if (&specsOf(doc) == &s) job.documents.push_back({uri, doc.version, std::string(doc.snapshot->text())});
  return finishSpecReload(s, runSpecJob(std::move(job)), /*acceptErrors=*/true);
}

Changes Workspace::startSpecReload(SpecSession& s) {
  if (s.reloadRunning()) return {};  // the reload stays wanted: started when this one is done
  auto choice = s.resolve();
  if (!choice) return specProblem(s, choice.error());
  SpecJob job;
  job.choice = *choice;
  job.builtIn = s.builtIn();
  for (const auto& [uri, doc] : s.files())
    if (const auto path = pathOfFileUri(uri); path && isSpecFileOf(choice->dir, *path))
      job.overlays[*path] = doc.text;
  for (auto& [uri, doc] : documents_) {
    if (&specsOf(doc) != &s) continue;
    job.documents.push_back({uri, doc.version, std::string(doc.snapshot->text())});
    doc.editsDuringReload.clear();
  }
  s.startReload(std::move(job));
  return {};
}

// With `acceptErrors` (the first load of a directory) a load is installed even with errors no
// erratum accounts for; otherwise a reload that adds one is not.
Changes Workspace::finishSpecReload(SpecSession& s, SpecOutcome outcome, bool acceptErrors) {
  if (s.reloadWanted()) return startSpecReload(s);  // the spec changed again meanwhile: this one is stale
  if (!outcome.failure.empty()) return specProblem(s, outcome.failure);
  std::set<std::string> errors = std::move(outcome.loadErrors);
  std::vector<std::string> added;
  for (const std::string& e : errors)
    if (!s.knownErrors().contains(e)) added.push_back(e);
  const bool sameDir = outcome.choice.dir == s.choice().dir;
  s.loaded(std::move(outcome.diagnostics), outcome.db);
  if (!added.empty() && sameDir && !acceptErrors) {
    // Broken by the edit: its errors are in the spec file, the last good database stays.
    s.failed("the spec has " + std::to_string(added.size()) + " new error" + (added.size() == 1 ? "" : "s") +
             " (" + added.front() + "); the last spec that loaded stays in use");
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
  const bool dirChanged = !(outcome.choice.dir == s.choice().dir);
  changes.spec =
      SpecEvent{.loaded = true,
                .installed = true,
                .dirChanged = dirChanged,
                .withErrors = !outcome.unaccounted.empty() && (dirChanged || s.loadErrors().empty()),
                .session = &s};
  changes.inlayHints = true;
  const std::shared_ptr<const isa::InstrDb> previous =
      s.database();  // alive until every document has moved on
  s.install(outcome.db, outcome.choice, std::move(errors), std::move(outcome.unaccounted));
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
      snap = ide::Snapshot::analyse(s.database(), std::string(doc.snapshot->text()));
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
