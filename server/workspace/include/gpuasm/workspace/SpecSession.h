// The spec the language server uses, live (issue 16, docs/PROTOCOL.md "The workspace's spec"):
// which directory it comes from (the client's setting, the workspace's gpuasm.json, the
// server's --spec-dir, or the embedded copy), the database built from it, and reloads when a
// spec file changes. A reload reads the directory (with the editor's text of every open spec
// file in place of the disk's), builds and lints the database and analyses every open .asm
// document with it, all on a worker thread, off the typing path; the server installs the
// outcome when it is idle, unless it breaks the spec. No JSON here.
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/isa/Diagnostic.h>
#include <gpuasm/isa/InstrDb.h>

#include <chrono>
#include <cstdint>
#include <expected>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {
class SpecView;
}

namespace gpuasm::workspace {

/// Where the spec in use comes from, the first that applies winning.
enum class SpecOrigin : std::uint8_t {
  Setting,      ///< the client's gpuasm.specDir (initializationOptions or didChangeConfiguration)
  ProjectFile,  ///< the specDir of gpuasm.json at the workspace root
  CommandLine,  ///< `gpuasm lsp --spec-dir DIR`
  Embedded,     ///< the copy compiled into the binary
};
std::string_view originName(SpecOrigin origin);

struct SpecChoice {
  SpecOrigin origin = SpecOrigin::Embedded;
  std::string dir;         ///< absolute and normalised; empty for the embedded spec
  std::string configFile;  ///< the gpuasm.json that named `dir` (ProjectFile)
  bool operator==(const SpecChoice&) const = default;
};

/// An open .asm document's text as a reload analyses it.
struct DocumentText {
  std::string uri;
  std::int64_t version = 0;
  std::string text;
};

/// One load's input, all copied, so that it runs on another thread.
struct SpecJob {
  SpecChoice choice;
  /// Absolute path → the editor's text of an open spec file, read instead of the disk's.
  std::map<std::string, std::string> overlays;
  std::vector<DocumentText> documents;
  /// The database of a choice without a directory (the embedded spec, or what the server
  /// was started with): it is reused, not loaded again.
  std::shared_ptr<const isa::InstrDb> builtIn;
};

struct AnalysedDocument {
  std::string uri;
  std::int64_t version = 0;
  std::shared_ptr<const ide::Snapshot> snapshot;
};

/// What a load gives.
struct SpecOutcome {
  SpecChoice choice;
  std::string failure;  ///< the directory could not be read: nothing was loaded
  std::shared_ptr<const isa::InstrDb> db;
  /// The loader's and the lint's findings, errata attached, in file and line order (empty for
  /// a built-in database: those are `gpuasm spec --lint`'s, not the user's files').
  std::vector<isa::SpecDiagnostic> diagnostics;
  /// The loader's errors no erratum accounts for (unaccountedErrors), the lint's left out:
  /// those are the spec's problems to show, this is whether the text still reads as the DSL.
  std::set<std::string> loadErrors;
  /// The same errors with their places, in file order (isa::unaccountedLoadErrors).
  std::vector<isa::SpecDiagnostic> unaccounted;
  std::vector<AnalysedDocument> documents;
};

/// Runs a job: reads, loads, lints and analyses. Never throws on bad spec text.
SpecOutcome runSpecJob(SpecJob job);

/// The errors among `diagnostics` that no erratum accounts for, as "file: [code] message" (no
/// position, so that an edit above one does not make it new). A reload whose loader reports one
/// the database in use did not have is broken (a definition no longer parses, a field names a
/// value its type lacks) and is not installed; the lint's findings (a domain that lists a value
/// renamed in its type) are shown and do not block.
std::set<std::string> unaccountedErrors(const isa::InstrDb& db,
                                        const std::vector<isa::SpecDiagnostic>& diagnostics);

/// Whether `path` (absolute) is a file a spec directory reads: `dir`/NAME.txt or NAME.isa.
bool isSpecFileOf(std::string_view dir, std::string_view path);

/// One job at a time on a worker thread; in a build without threads (gpuasm/ide/Threads.h) the
/// job waits for the next poll, which runs it.
class SpecWorker {
 public:
  SpecWorker() = default;
  SpecWorker(const SpecWorker&) = delete;
  SpecWorker& operator=(const SpecWorker&) = delete;
  ~SpecWorker();  ///< waits for the job in flight

  void start(SpecJob job);
  bool busy() const { return job_.valid(); }
  /// The outcome once the job is done, waiting at most `wait` for it; none while it runs.
  std::optional<SpecOutcome> poll(std::chrono::milliseconds wait);

 private:
  std::future<SpecOutcome> job_;
};

/// An open spec file: the editor's text, and the view of it the spec's editor features read
/// (SpecSession::view builds it and keeps it for that text and database).
struct OpenSpecDocument {
  std::int64_t version = 0;
  std::string text;

 private:
  friend class SpecSession;
  std::shared_ptr<const ide::SpecView> view_;
  std::int64_t viewVersion_ = -1;
  std::shared_ptr<const isa::InstrDb> viewDb_;  ///< keeps alive the database view_ points into
};

/// One spec in use (the workspace's, or a project's): where it comes from, its database, its
/// open files, its reloads and what the last load found.
///
/// Invariants, kept by the methods below:
/// - `db()` is never null, and `choice()` is where it comes from; `knownErrors()` and
///   `loadErrors()` are of its load — the three change together, when a load is installed.
/// - `diagnostics()` point into `diagnosticsDb()`'s files: they are set together, by a load that
///   ran to its end (installed or not); before the first, both are empty.
/// - `problem()` is empty exactly when the last load was installed (or none failed yet).
/// - An open file's view is of its current text and of `featureDb()`; an edit or a load drops it.
/// - A wanted reload stays wanted until one starts (startReload); one runs at a time.
class SpecSession {
 public:
  /// The spec a server started with (`builtIn`, from `builtInChoice`) in use; `projectFile`:
  /// the gpuasm.json of a project below the workspace root whose documents use this spec,
  /// empty for the workspace's own.
  SpecSession(std::shared_ptr<const isa::InstrDb> builtIn, SpecChoice builtInChoice,
              std::string workspaceRoot = {}, std::string projectFile = {});

  const isa::InstrDb& db() const { return *db_; }
  const std::shared_ptr<const isa::InstrDb>& database() const { return db_; }
  const SpecChoice& choice() const { return choice_; }
  const std::shared_ptr<const isa::InstrDb>& builtIn() const { return builtIn_; }
  const SpecChoice& builtInChoice() const { return builtInChoice_; }
  const std::string& workspaceRoot() const { return workspaceRoot_; }  ///< absolute, empty when none
  const std::string& settingDir() const { return settingDir_; }  ///< the client's gpuasm.specDir, as written
  const std::string& projectFile() const { return projectFile_; }
  /// The unaccounted errors of `db()`'s load: a reload may keep these, not add others.
  const std::set<std::string>& knownErrors() const { return knownErrors_; }
  /// The same with their places in `db()`'s files, in file order: a database in use with these
  /// may give wrong results; the user is told once (SpecEvent::withErrors), specInfo says so.
  const std::vector<isa::SpecDiagnostic>& loadErrors() const { return loadErrors_; }
  /// The last load's findings and the database whose files they point into (the one in use, or
  /// a broken one that was not installed; null before the first load).
  const std::vector<isa::SpecDiagnostic>& diagnostics() const { return diagnostics_; }
  const std::shared_ptr<const isa::InstrDb>& diagnosticsDb() const { return diagnosticsDb_; }
  /// The database the spec's editor features read: the last load's, installed or not.
  const std::shared_ptr<const isa::InstrDb>& featureDb() const {
    return diagnosticsDb_ ? diagnosticsDb_ : db_;
  }
  const std::string& problem() const { return problem_; }  ///< why the last load was not installed
  std::uint64_t loads() const { return loads_; }           ///< loads installed since the start

  /// The workspace root (at initialize).
  void setWorkspaceRoot(std::string root) { workspaceRoot_ = std::move(root); }
  /// The client's gpuasm.specDir ("" = none); whether it changed (the caller decides when the
  /// spec is loaded again: wantReload).
  bool setSettingDir(std::string dir);

  // ---- open spec files
  const std::map<std::string, OpenSpecDocument>& files() const { return files_; }
  bool hasFile(const std::string& uri) const { return files_.contains(uri); }
  /// Opens `uri` with the editor's text; it wants a reload when it is a file of the spec's
  /// directory whose text the database has not seen.
  void openFile(const std::string& uri, std::int64_t version, std::string text);
  /// Applies `apply` to the text of the open file `uri` (false when it is not open); a file of
  /// the spec's directory wants a reload.
  bool editFile(const std::string& uri, std::int64_t version, const std::function<void(std::string&)>& apply);
  std::optional<std::int64_t> fileVersion(const std::string& uri) const;
  /// Closes `uri`: its file on disk is the spec again (a file of the directory wants a reload).
  bool closeFile(const std::string& uri);
  /// The view of the open file `uri` the spec's features read (ide/spec/SpecFeatures.h), built
  /// for its text and `featureDb()` on first use and kept until either changes; null when it is
  /// not open.
  const ide::SpecView* view(const std::string& uri);

  // ---- loads
  /// The directory the client's setting, else the project's gpuasm.json (projectFile) or the
  /// workspace's, choose, else the built-in one; an error names a gpuasm.json that cannot be used.
  std::expected<SpecChoice, std::string> resolve() const;
  void wantReload() { reloadWanted_ = true; }
  bool reloadWanted() const { return reloadWanted_; }
  bool reloadRunning() const { return worker_.busy(); }
  /// Starts `job` on the worker; the wanted reload is under way.
  void startReload(SpecJob job);
  /// The running reload's outcome once it is done, waiting at most `wait`.
  std::optional<SpecOutcome> pollReload(std::chrono::milliseconds wait) { return worker_.poll(wait); }
  /// A load ran to its end: its findings, in `db`'s files.
  void loaded(std::vector<isa::SpecDiagnostic> diagnostics, std::shared_ptr<const isa::InstrDb> db);
  /// That load's database is put in use.
  void install(std::shared_ptr<const isa::InstrDb> db, SpecChoice choice, std::set<std::string> knownErrors,
               std::vector<isa::SpecDiagnostic> loadErrors);
  /// The last load was not installed, for `problem`.
  void failed(std::string problem) { problem_ = std::move(problem); }

 private:
  std::shared_ptr<const isa::InstrDb> db_;
  SpecChoice choice_;
  std::shared_ptr<const isa::InstrDb> builtIn_;
  SpecChoice builtInChoice_;  ///< CommandLine (with its dir) or Embedded
  std::string workspaceRoot_;
  std::string settingDir_;
  std::string projectFile_;
  std::map<std::string, OpenSpecDocument> files_;  ///< by URI
  std::set<std::string> knownErrors_;
  std::vector<isa::SpecDiagnostic> loadErrors_;
  std::vector<isa::SpecDiagnostic> diagnostics_;
  std::shared_ptr<const isa::InstrDb> diagnosticsDb_;
  std::string problem_;
  std::uint64_t loads_ = 0;
  bool reloadWanted_ = false;
  SpecWorker worker_;
};

}  // namespace gpuasm::workspace
