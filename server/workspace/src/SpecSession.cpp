// The live spec: choosing, loading and judging (see LiveSpec.h).
#include <gpuasm/workspace/SpecSession.h>

#include <gpuasm/isa/SpecLint.h>
#include <gpuasm/isa/SpecSource.h>
#include <gpuasm/wire/ProjectConfig.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <sys/resource.h>
#include <unistd.h>

namespace gpuasm::workspace {

namespace fs = std::filesystem;

namespace {

// How much nicer the reload's thread is than the server's.
constexpr int kWorkerNice = 5;

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
  if (job_.valid()) job_.wait();
}

void SpecWorker::start(SpecJob job) {
  // A thread per job: reloads are seconds apart at most, and a job owns all it reads. It runs
  // at a lower priority than the server's thread (Linux: a thread has its own nice value), so
  // that on a busy machine the keystrokes typed meanwhile are answered first.
  job_ = std::async(std::launch::async, [job = std::move(job)]() mutable {
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), getpriority(PRIO_PROCESS, 0) + kWorkerNice);
    return runSpecJob(std::move(job));
  });
}

std::optional<SpecOutcome> SpecWorker::poll(std::chrono::milliseconds wait) {
  if (!job_.valid() || job_.wait_for(wait) != std::future_status::ready) return std::nullopt;
  return job_.get();
}

std::expected<SpecChoice, std::string> SpecSession::resolve() const {
  if (!settingDir.empty())
    return SpecChoice{SpecOrigin::Setting,
                      wire::normalDirectory(workspaceRoot.empty() ? "." : workspaceRoot, settingDir),
                      {}};
  if (!projectFile.empty()) {
    auto config = wire::readProjectConfig(projectFile);
    if (!config) return std::unexpected(config.error());
    if (config->specDir) return SpecChoice{SpecOrigin::ProjectFile, *config->specDir, config->file};
    return builtInChoice;
  }
  if (!workspaceRoot.empty()) {
    const fs::path file = fs::path(workspaceRoot) / wire::kProjectFileName;
    std::error_code ec;
    if (fs::exists(file, ec)) {
      auto config = wire::readProjectConfig(file.string());
      if (!config) return std::unexpected(config.error());
      if (config->specDir) return SpecChoice{SpecOrigin::ProjectFile, *config->specDir, config->file};
    }
  }
  return builtInChoice;
}

}  // namespace gpuasm::workspace
