// The live spec: choosing, loading and judging (see SpecSession.h).
#include <gpuasm/workspace/SpecSession.h>

#include <gpuasm/workspace/SpecDirectory.h>

#include <gpuasm/ide/Threads.h>
#include <gpuasm/ide/spec/SpecFeatures.h>
#include <gpuasm/workspace/Uri.h>

#include <gpuasm/isa/SpecLint.h>
#include <gpuasm/isa/SpecSource.h>
#include <gpuasm/formats/ProjectConfig.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#ifdef _WIN32
#include <windows.h>
#else
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace gpuasm::workspace {

namespace fs = std::filesystem;

namespace {

// How much nicer the reload's thread is than the server's.
constexpr int kWorkerNice = 5;

// The calling thread (a reload's) made nicer than the server's (Linux: a thread has its own nice
// value; Windows: a priority below normal).
void lowerThisThreadsPriority() {
#ifdef _WIN32
  SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL);
#else
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), getpriority(PRIO_PROCESS, 0) + kWorkerNice);
#endif
}

}  // namespace

std::string_view originName(SpecOrigin origin) {
  switch (origin) {
    case SpecOrigin::Setting: return "setting";
    case SpecOrigin::ProjectFile: return "gpuasm.json";
    case SpecOrigin::CommandLine: return "command line";
    case SpecOrigin::Embedded: return "embedded";
  }
  return "embedded";
}

SpecOutcome runSpecJob(SpecJob job) {
  SpecOutcome outcome;
  outcome.choice = job.choice;
  if (job.choice.dir.empty()) {
    outcome.db = job.builtIn;
  } else {
    auto files = isa::readSpecDir(job.choice.dir);
    if (!files) {
      outcome.failure = files.error();
      return outcome;
    }
    for (isa::SpecFile& f : *files)
      if (const auto it = job.overlays.find(f.name); it != job.overlays.end()) f.text = it->second;
    isa::SpecLoad load = isa::loadSpec(std::move(*files));
    outcome.db = std::move(load.db);
    outcome.unaccounted = isa::unaccountedLoadErrors(*outcome.db, load.diagnostics);
    isa::attachErrata(*outcome.db, load.diagnostics);
    outcome.loadErrors = unaccountedErrors(*outcome.db, load.diagnostics);
    outcome.diagnostics = std::move(load.diagnostics);
    std::vector<isa::SpecDiagnostic> lint = isa::lintSpec(*outcome.db);
    isa::attachErrata(*outcome.db, lint);
    outcome.diagnostics.insert(outcome.diagnostics.end(), std::make_move_iterator(lint.begin()),
                               std::make_move_iterator(lint.end()));
    std::stable_sort(outcome.diagnostics.begin(), outcome.diagnostics.end(),
                     [](const isa::SpecDiagnostic& a, const isa::SpecDiagnostic& b) {
                       return std::tie(a.pos.file, a.pos.line, a.pos.column) <
                              std::tie(b.pos.file, b.pos.line, b.pos.column);
                     });
  }
  for (DocumentText& d : job.documents)
    outcome.documents.push_back(
        {std::move(d.uri), d.version, ide::Snapshot::analyse(outcome.db, std::move(d.text))});
  return outcome;
}

std::set<std::string> unaccountedErrors(const isa::InstrDb& db,
                                        const std::vector<isa::SpecDiagnostic>& diagnostics) {
  std::set<std::string> errors;
  for (const isa::SpecDiagnostic& d : diagnostics) {
    if (d.severity != isa::Severity::Error || !d.erratum.empty()) continue;
    const std::string file = d.pos.file < db.files().size()
                                 ? fs::path(db.files()[d.pos.file].name).filename().string()
                                 : std::string();
    errors.insert(file + ": [" + std::string(isa::spelling(d.code)) + "] " + d.message);
  }
  return errors;
}

bool isSpecFileOf(std::string_view dir, std::string_view path) {
  if (dir.empty()) return false;
  const fs::path p(path);
  const std::string ext = p.extension().string();
  return (ext == ".txt" || ext == ".isa") && p.parent_path() == fs::path(dir);
}

SpecWorker::~SpecWorker() {
  // A job deferred to the next poll (a build without threads) is dropped, not run.
  if (ide::kThreads && job_.valid()) job_.wait();
}

void SpecWorker::start(SpecJob job) {
  // A thread per job: reloads are seconds apart at most, and a job owns all it reads. It runs
  // at a lower priority than the server's thread (Linux: a thread has its own nice value), so
  // that on a busy machine the keystrokes typed meanwhile are answered first. A build without
  // threads (gpuasm/ide/Threads.h) defers the job: the next poll runs it, on the server's thread
  // between messages (Workspace::idle), with the same outcome.
  if constexpr (!ide::kThreads) {
    job_ = std::async(std::launch::deferred,
                      [job = std::move(job)]() mutable { return runSpecJob(std::move(job)); });
    return;
  }
  job_ = std::async(std::launch::async, [job = std::move(job)]() mutable {
    lowerThisThreadsPriority();
    return runSpecJob(std::move(job));
  });
}

std::optional<SpecOutcome> SpecWorker::poll(std::chrono::milliseconds wait) {
  // A deferred job reports future_status::deferred: get() runs it now.
  if (!job_.valid() || job_.wait_for(wait) == std::future_status::timeout) return std::nullopt;
  return job_.get();
}

std::expected<SpecChoice, std::string> SpecSession::resolve() const {
  if (!settingDir_.empty())
    return SpecChoice{SpecOrigin::Setting,
                      formats::normalDirectory(workspaceRoot_.empty() ? "." : workspaceRoot_, settingDir_),
                      {}};
  // A project's gpuasm.json (the nearest upward from its documents, Workspace::sessionFor), else
  // the workspace root's when there is one (SpecDirectory.h).
  std::string file = projectFile_;
  if (file.empty() && !workspaceRoot_.empty()) {
    std::error_code ec;
    const fs::path rootFile = fs::path(workspaceRoot_) / formats::kProjectFileName;
    if (fs::exists(rootFile, ec)) file = rootFile.string();
  }
  if (file.empty()) return builtInChoice_;
  const auto named = specDirOf(file);
  if (!named) return std::unexpected(named.error());
  if (named->dir) return SpecChoice{SpecOrigin::ProjectFile, *named->dir, named->namedBy};
  return builtInChoice_;
}

namespace {

// The index of a document among the database's files: the same path (a spec directory's file),
// or the same name and text (the embedded spec's copy in the cache).
std::optional<std::uint32_t> fileIndexOf(const isa::InstrDb& db, const std::string& uri,
                                         const std::string& text) {
  const auto path = pathOfFileUri(uri);
  if (!path) return std::nullopt;
  const auto& files = db.files();
  for (std::uint32_t i = 0; i < files.size(); ++i)
    if (files[i].name == *path) return i;
  const fs::path base = fs::path(*path).filename();
  for (std::uint32_t i = 0; i < files.size(); ++i)
    if (fs::path(files[i].name).filename() == base && files[i].text == text) return i;
  return std::nullopt;
}

}  // namespace

SpecSession::SpecSession(std::shared_ptr<const isa::InstrDb> builtIn, SpecChoice builtInChoice,
                         std::string workspaceRoot, std::string projectFile)
    : db_(builtIn),
      choice_(builtInChoice),
      builtIn_(std::move(builtIn)),
      builtInChoice_(std::move(builtInChoice)),
      workspaceRoot_(std::move(workspaceRoot)),
      projectFile_(std::move(projectFile)) {}

bool SpecSession::setSettingDir(std::string dir) {
  if (dir == settingDir_) return false;
  settingDir_ = std::move(dir);
  return true;
}

void SpecSession::openFile(const std::string& uri, std::int64_t version, std::string text) {
  OpenSpecDocument& doc = files_[uri];
  doc = OpenSpecDocument{};
  doc.version = version;
  doc.text = std::move(text);
  const auto path = pathOfFileUri(uri);
  if (path && isSpecFileOf(choice_.dir, *path)) {  // unsaved text the database has not seen: reload with it
    const auto& files = db_->files();
    const auto it =
        std::find_if(files.begin(), files.end(), [&](const isa::SpecFile& f) { return f.name == *path; });
    if (it == files.end() || it->text != doc.text) reloadWanted_ = true;
  }
}

bool SpecSession::editFile(const std::string& uri, std::int64_t version,
                           const std::function<void(std::string&)>& apply) {
  const auto it = files_.find(uri);
  if (it == files_.end()) return false;
  apply(it->second.text);
  it->second.version = version;
  it->second.view_.reset();
  const auto path = pathOfFileUri(uri);
  if (path && isSpecFileOf(choice_.dir, *path)) reloadWanted_ = true;
  return true;
}

std::optional<std::int64_t> SpecSession::fileVersion(const std::string& uri) const {
  const auto it = files_.find(uri);
  if (it == files_.end()) return std::nullopt;
  return it->second.version;
}

bool SpecSession::closeFile(const std::string& uri) {
  if (files_.erase(uri) == 0) return false;
  // The file on disk is the spec again; its diagnostics stay, they are about that file.
  const auto path = pathOfFileUri(uri);
  if (path && isSpecFileOf(choice_.dir, *path)) reloadWanted_ = true;
  return true;
}

const ide::SpecView* SpecSession::view(const std::string& uri) {
  const auto it = files_.find(uri);
  if (it == files_.end()) return nullptr;
  OpenSpecDocument& doc = it->second;
  const std::shared_ptr<const isa::InstrDb>& db = featureDb();
  if (!doc.view_ || doc.viewVersion_ != doc.version || doc.viewDb_ != db) {
    doc.view_ = std::make_shared<const ide::SpecView>(doc.text, *db, fileIndexOf(*db, uri, doc.text));
    doc.viewVersion_ = doc.version;
    doc.viewDb_ = db;
  }
  return doc.view_.get();
}

void SpecSession::startReload(SpecJob job) {
  reloadWanted_ = false;
  worker_.start(std::move(job));
}

void SpecSession::loaded(std::vector<isa::SpecDiagnostic> diagnostics,
                         std::shared_ptr<const isa::InstrDb> db) {
  diagnostics_ = std::move(diagnostics);
  diagnosticsDb_ = std::move(db);
}

void SpecSession::install(std::shared_ptr<const isa::InstrDb> db, SpecChoice choice,
                          std::set<std::string> knownErrors, std::vector<isa::SpecDiagnostic> loadErrors) {
  db_ = std::move(db);
  choice_ = std::move(choice);
  knownErrors_ = std::move(knownErrors);
  loadErrors_ = std::move(loadErrors);
  problem_.clear();
  ++loads_;
}

}  // namespace gpuasm::workspace
