// The workspace's documents: open, edit, close, settings and the idle queue (see Workspace.h).
// The spec's part — its files, loads and reloads — is in WorkspaceSpec.cpp.
#include <gpuasm/workspace/Workspace.h>

#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/asm/InlayHints.h>
#include <gpuasm/formats/ProjectConfig.h>

#include <algorithm>
#include <iterator>
#include <limits>
#include <utility>

namespace gpuasm::workspace {

namespace {

// How long idle() waits for a spec reload when nothing else is left: input waits no longer.
constexpr std::chrono::milliseconds kReloadPoll{2};

// Replaces deferred findings; true when they changed.
bool replaceFindings(std::vector<ide::Diagnostic>& held, std::vector<ide::Diagnostic> fresh) {
  const auto same = [](const ide::Diagnostic& x, const ide::Diagnostic& y) {
    return x.range == y.range && x.code == y.code && x.message == y.message && x.severity == y.severity;
  };
  if (std::equal(fresh.begin(), fresh.end(), held.begin(), held.end(), same)) return false;
  held = std::move(fresh);
  return true;
}

}  // namespace

std::vector<const ide::Diagnostic*> Document::diagnostics() const {
  return ide::publishedOrder({&snapshot->diagnostics(), &flow, &expectations});
}

void Changes::merge(Changes other) {
  for (std::string& uri : other.diagnostics)
    if (std::find(diagnostics.begin(), diagnostics.end(), uri) == diagnostics.end())
      diagnostics.push_back(std::move(uri));
  closed.insert(closed.end(), std::make_move_iterator(other.closed.begin()),
                std::make_move_iterator(other.closed.end()));
  inlayHints = inlayHints || other.inlayHints;
  if (other.spec) spec = other.spec;
}

void moveThroughEdit(std::vector<ide::Diagnostic>& findings, const syntax::TextEdit& edit) {
  const auto delta =
      static_cast<std::int64_t>(edit.replacement.size()) - (static_cast<std::int64_t>(edit.end) - edit.begin);
  std::erase_if(findings, [&](const ide::Diagnostic& d) {
    return d.range.end >= edit.begin && d.range.begin <= edit.end;
  });
  for (ide::Diagnostic& d : findings)
    if (d.range.begin > edit.end) {
      d.range.begin = static_cast<std::uint32_t>(d.range.begin + delta);
      d.range.end = static_cast<std::uint32_t>(d.range.end + delta);
    }
}

Workspace::Workspace(std::shared_ptr<const isa::InstrDb> db, std::string specDir)
    : specs_(std::make_unique<SpecSession>(
          std::move(db),
          specDir.empty()
              ? SpecChoice{}
              : SpecChoice{SpecOrigin::CommandLine, formats::normalDirectory(".", specDir), {}})) {}

Workspace::~Workspace() = default;
Workspace::Workspace(Workspace&&) noexcept = default;

Changes Workspace::initialize(const Settings& settings, std::optional<std::string> specDir,
                              std::string root) {
  settings_ = settings;
  if (specDir) specs_->setSettingDir(std::move(*specDir));
  specs_->setWorkspaceRoot(std::move(root));
  return loadSpecNow(*specs_);
}

Changes Workspace::setCursor(const std::string& uri, std::uint32_t line) {
  Changes changes;
  Document* doc = find(uri);
  if (doc == nullptr || doc->cursorLine == line) return changes;
  doc->cursorLine = line;
  changes.inlayHints = settings_.encodingHints == EncodingHints::Cursor;
  return changes;
}

Changes Workspace::configure(const Settings& settings, std::optional<std::string> specDir) {
  Changes changes;
  changes.inlayHints = settings.encodingHints != settings_.encodingHints ||
                       settings.liveValues != settings_.liveValues ||
                       settings.liveValuesLane != settings_.liveValuesLane;
  settings_ = settings;
  for (auto& [uri, doc] : documents_) {  // dataflow.maxFindings may have changed
    doc.flowStale = true;
    doc.flowSteps.reset();
  }
  if (specDir && specs_->setSettingDir(std::move(*specDir))) {
    specs_->wantReload();
    for (const auto& [file, s] : projects_) s->setSettingDir(specs_->settingDir());
    // The setting names every document's spec, or no longer does: each document moves to the
    // spec it now uses, analysed with that one's database.
    for (auto& [uri, doc] : documents_) {
      SpecSession& now = sessionFor(uri, changes);
      if (&now == doc.spec) continue;
      doc.spec = &now;
      doc.snapshot = ide::Snapshot::analyse(now.database(), std::string(doc.snapshot->text()));
      doc.live.reset();
      doc.flowStale = true;
      doc.expectationsStale = doc.snapshot->hasExpectations() || !doc.expectations.empty();
      changes.diagnostics.push_back(uri);
    }
  }
  return changes;
}

// The client's state file changed: the dataflow of every open document may change with it.
Changes Workspace::setInitialState(std::optional<sim::InitialState> state) {
  initialState_ = std::move(state);
  Changes changes;
  for (auto& [uri, doc] : documents_) {
    doc.live.reset();  // the runs start from another state
    doc.expectationsStale = doc.snapshot->hasExpectations() || !doc.expectations.empty();
    doc.flow = ide::dataflowDiagnostics(*doc.snapshot, initialState(), settings_.dataflowMaxFindings);
    doc.flowStale = false;
    doc.flowSteps.reset();
    changes.diagnostics.push_back(uri);
  }
  changes.inlayHints = true;
  return changes;
}

Changes Workspace::open(const std::string& uri, std::string_view languageId, std::int64_t version,
                        std::string text) {
  if (openSpecDocument(uri, languageId, version, text)) return {};
  Changes changes;
  Document d;
  d.spec = &sessionFor(uri, changes);
  d.version = version;
  d.snapshot = ide::Snapshot::analyse(d.spec->database(), std::move(text));
  d.flow = ide::dataflowDiagnostics(*d.snapshot, initialState(), settings_.dataflowMaxFindings);
  d.expectationsStale = d.snapshot->hasExpectations();
  documents_[uri] = std::move(d);
  changes.diagnostics.push_back(uri);
  return changes;
}

Changes Workspace::change(const std::string& uri, std::optional<std::int64_t> version,
                          std::span<const TextChange> changes, syntax::ColumnUnit unit) {
  if (changeSpecDocument(uri, version, changes, unit)) return {};
  const auto it = documents_.find(uri);
  if (it == documents_.end()) return {};  // a change to a document that is not open: nothing to update
  Document& doc = it->second;
  // Each change applies to the text as the previous one left it; a ranged change re-analyses
  // only the chunks it touches (Snapshot::edited).
  std::shared_ptr<const ide::Snapshot> snap = doc.snapshot;
  std::vector<syntax::TextEdit> edits;  // kept while a spec reload analyses the text
  for (const TextChange& change : changes) {
    if (!change.range) {
      snap = ide::Snapshot::analyse(specsOf(doc).database(), change.text);
      doc.flow.clear();
      doc.expectations.clear();
      edits.push_back(
          {0, std::numeric_limits<std::uint32_t>::max(), change.text});  // clamped: the whole text
      continue;
    }
    const syntax::LineIndex& lines = snap->lines();
    const std::uint32_t begin = lines.offset(change.range->start, unit);
    syntax::TextEdit edit{begin, std::max(begin, lines.offset(change.range->end, unit)), change.text};
    snap = snap->edited(edit);
    moveThroughEdit(doc.flow, edit);
    moveThroughEdit(doc.expectations, edit);
    edits.push_back(std::move(edit));
  }
  if (specsOf(doc).reloadRunning())
    doc.editsDuringReload.insert(doc.editsDuringReload.end(), std::make_move_iterator(edits.begin()),
                                 std::make_move_iterator(edits.end()));
  doc.flowStale = true;
  // Only a document with expectations, or one that had some, has them to (re)check.
  doc.expectationsStale = snap->hasExpectations() || !doc.expectations.empty() || doc.expectationsStale;
  doc.version = version.value_or(doc.version + 1);
  doc.snapshot = std::move(snap);
  Changes out;
  out.diagnostics.push_back(uri);
  return out;
}

Changes Workspace::close(const std::string& uri) {
  if (closeSpecDocument(uri)) return {};
  Changes changes;
  if (documents_.erase(uri) > 0) changes.closed.push_back(uri);
  return changes;
}

Document* Workspace::find(const std::string& uri) {
  const auto it = documents_.find(uri);
  return it == documents_.end() ? nullptr : &it->second;
}

const Document* Workspace::find(const std::string& uri) const {
  const auto it = documents_.find(uri);
  return it == documents_.end() ? nullptr : &it->second;
}

ide::LiveRun& Workspace::liveRun(Document& doc, std::optional<std::uint32_t> lastLine,
                                 std::chrono::microseconds slice) {
  if (!doc.live || &doc.live->snapshot() != doc.snapshot.get())
    doc.live =
        std::make_shared<ide::LiveRun>(doc.snapshot, initialState(), doc.live.get(), ide::LiveLimits{});
  doc.live->advance(lastLine, slice);
  return *doc.live;
}

std::vector<ide::InlayHint> Workspace::inlayHints(Document& doc, std::uint32_t firstLine,
                                                  std::uint32_t lastLine, syntax::ByteRange visible) {
  const ide::Snapshot& snap = *doc.snapshot;
  std::vector<ide::InlayHint> out;
  if (settings_.liveValues)
    out = ide::getLiveValueHints(liveRun(doc, lastLine), firstLine, lastLine, settings_.liveValuesLane);
  auto add = [&out](std::vector<ide::InlayHint> hints) {
    out.insert(out.end(), std::make_move_iterator(hints.begin()), std::make_move_iterator(hints.end()));
  };
  switch (settings_.encodingHints) {
    case EncodingHints::All: add(ide::getEncodingHints(snap, visible)); break;
    case EncodingHints::Cursor:
      if (doc.cursorLine && *doc.cursorLine < snap.lines().lineCount()) {
        const syntax::ByteRange line{snap.lines().lineStart(*doc.cursorLine),
                                     snap.lines().lineEnd(*doc.cursorLine)};
        if (line.begin < visible.end && line.end >= visible.begin) add(ide::getEncodingHints(snap, line));
      }
      break;
    case EncodingHints::Off: break;
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ide::InlayHint& x, const ide::InlayHint& y) { return x.offset < y.offset; });
  return out;
}

ide::HoverLive Workspace::liveRunSoFar(const Document& doc) const {
  if (!settings_.liveValues || !doc.live || &doc.live->snapshot() != doc.snapshot.get()) return {};
  return {doc.live.get(), settings_.liveValuesLane};
}

bool Workspace::hasIdleWork() const {
  for (const SpecSession* s : sessions())
    if (s->reloadWanted() || s->reloadRunning()) return true;
  return std::any_of(documents_.begin(), documents_.end(),
                     [](const auto& d) { return d.second.flowStale || d.second.expectationsStale; });
}

bool Workspace::refreshDataflow(Document& doc) {
  if (idleSlices_.dataflow == std::chrono::microseconds::max()) {  // one piece
    doc.flowStale = false;
    doc.flowSteps.reset();
    return replaceFindings(
        doc.flow, ide::dataflowDiagnostics(*doc.snapshot, initialState(), settings_.dataflowMaxFindings));
  }
  // A slice of the walk; a walk of an earlier version (edited since) starts anew.
  const auto start = std::chrono::steady_clock::now();
  if (!doc.flowSteps || &doc.flowSteps->snapshot() != doc.snapshot.get())
    doc.flowSteps =
        std::make_shared<ide::DataflowSteps>(doc.snapshot, initialState(), settings_.dataflowMaxFindings);
  if (!doc.flowSteps->step(start + idleSlices_.dataflow)) return false;  // more next time
  std::vector<ide::Diagnostic> fresh = doc.flowSteps->finish();
  doc.flowSteps.reset();
  doc.flowStale = false;
  return replaceFindings(doc.flow, std::move(fresh));
}

bool Workspace::refreshExpectations(Document& doc) {
  if (!doc.snapshot->hasExpectations()) {
    doc.expectationsStale = false;
    return replaceFindings(doc.expectations, {});
  }
  const ide::LiveRun& run = liveRun(doc, std::nullopt, idleSlices_.run);
  if (!run.finished()) return false;  // more next time
  doc.expectationsStale = false;
  return replaceFindings(doc.expectations, ide::expectationDiagnostics(run));
}

Changes Workspace::idle() {
  // One piece per call: input may be waiting again. A spec reload first: it was asked for
  // after the last keystroke in a spec file, and everything else is redone once it is in.
  for (SpecSession* s : sessions()) {
    if (s->reloadRunning()) {
      if (auto outcome = s->pollReload(std::chrono::milliseconds(0)))
        return finishSpecReload(*s, std::move(*outcome), false);
    } else if (s->reloadWanted()) {
      return startSpecReload(*s);
    }
  }
  Changes changes;
  // The dataflow next: it is quick.
  for (auto& [uri, doc] : documents_)
    if (doc.flowStale) {
      if (refreshDataflow(doc)) changes.diagnostics.push_back(uri);
      return changes;
    }
  for (auto& [uri, doc] : documents_)
    if (doc.expectationsStale) {
      if (refreshExpectations(doc)) changes.diagnostics.push_back(uri);
      return changes;
    }
  // Only the reload is left: wait for it a moment at a time, so input is still read between.
  for (SpecSession* s : sessions())
    if (s->reloadRunning()) {
      if (auto outcome = s->pollReload(kReloadPoll)) return finishSpecReload(*s, std::move(*outcome), false);
      break;
    }
  return changes;
}

}  // namespace gpuasm::workspace
