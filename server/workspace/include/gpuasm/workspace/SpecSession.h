// The spec the language server uses, live (issue 16, docs/PROTOCOL.md "The workspace's spec"):
// which directory it comes from (the client's setting, the workspace's gpuasm.json, the
// server's --spec-dir, or the embedded copy), the database built from it, and reloads when a
// spec file changes. A reload reads the directory (with the editor's text of every open spec
// file in place of the disk's), builds and lints the database and analyses every open .asm
// document with it, all on a worker thread, off the typing path; the server installs the
// outcome when it is idle, unless it breaks the spec. Private to server/lsp; no JSON here.
#pragma once

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/isa/Diagnostic.h>
#include <gpuasm/isa/InstrDb.h>

#include <chrono>
#include <cstdint>
#include <expected>
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

/// One job at a time on a worker thread.
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

/// An open spec file: the editor's text.
struct OpenSpecDocument {
  std::int64_t version = 0;
  std::string text;
  /// The text parsed for the spec's editor features (SpecRequests.cpp), and the version and the
  /// database it was made for; made again when either changed.
  std::shared_ptr<const ide::SpecView> view;
  std::int64_t viewVersion = -1;
  std::shared_ptr<const isa::InstrDb> viewDb;
};

/// The server's spec state.
struct SpecSession {
  std::shared_ptr<const isa::InstrDb> db;       ///< in use
  SpecChoice choice;                            ///< where `db` comes from
  std::shared_ptr<const isa::InstrDb> builtIn;  ///< what the server was started with
  SpecChoice builtInChoice;                     ///< CommandLine (with its dir) or Embedded
  std::string workspaceRoot;                    ///< absolute, empty when the client named none
  std::string settingDir;                       ///< the client's gpuasm.specDir, as written
  /// The gpuasm.json of a project below (or beside) the workspace root whose documents use this
  /// spec; empty for the workspace's own spec (the root's gpuasm.json, --spec-dir, embedded).
  std::string projectFile;
  std::map<std::string, OpenSpecDocument> documents;  ///< open spec files by URI
  /// The unaccounted errors of `db`'s load: a reload may keep these, not add others.
  std::set<std::string> knownErrors;
  /// The same with their places in `db`'s files, in file order: a database in use with these
  /// may give wrong results; the user is told once (SpecEvent::withErrors), specInfo says so.
  std::vector<isa::SpecDiagnostic> loadErrors;
  /// The last load's findings and the database whose files they point into (the one in use, or
  /// a broken one that was not installed), and the spec files they were published to.
  std::vector<isa::SpecDiagnostic> diagnostics;
  std::shared_ptr<const isa::InstrDb> diagnosticsDb;
  std::set<std::string> publishedUris;
  std::string problem;      ///< why the last load was not installed; empty when it was
  std::uint64_t loads = 0;  ///< loads installed since the start
  bool reloadWanted = false;
  SpecWorker worker;

  /// The directory the client's setting, else the project's gpuasm.json (projectFile) or the
  /// workspace's, choose, else the built-in one; an error names a gpuasm.json that cannot be used.
  std::expected<SpecChoice, std::string> resolve() const;
};

}  // namespace gpuasm::workspace
