// The workspace: the open documents and what the server knows about them, without a protocol
// (clangd's ClangdServer under ClangdLSPServer). It owns the open .asm documents (open, edit,
// close, versions), the settings, the deferred findings — the register dataflow's and the
// `// @expect` outcomes, moved with the text by an edit and recomputed by an idle queue —, the
// spec session (SpecSession.h: its open spec files, its reloads, the edits typed during one,
// replayed onto its analysis) and the client's initial state. Every call that changes something
// answers with `Changes`: plain values (document URIs, flags) that the protocol layer turns into
// messages. No JSON, no Asio, no LSP numbers or strings here.
#pragma once

#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/ide/asm/Hover.h>
#include <gpuasm/ide/execution/LiveValues.h>
#include <gpuasm/ide/Threads.h>
#include <gpuasm/sim/InitialState.h>
#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/syntax/SyntaxTree.h>
#include <gpuasm/workspace/SpecSession.h>

#include <chrono>
#include <cstdint>
#include <expected>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::workspace {

/// Where the encoding inlay hints are shown.
enum class EncodingHints : std::uint8_t {
  Off,
  Cursor,  ///< on the line of the client's cursor (its `gpuasm/cursor` notifications) only
  All,     ///< after every instruction
};

/// What the client can switch (its settings; docs/PROTOCOL.md lists them).
struct Settings {
  /// The 128-bit encoding as an inlay hint. The language server starts a client that does not
  /// report its cursor (no experimental.gpuasm.cursorNotifications) with All.
  EncodingHints encodingHints = EncodingHints::Cursor;
  bool liveValues = true;                       ///< what each line wrote, as inlay hints and inline values
  std::optional<std::uint32_t> liveValuesLane;  ///< the lane shown; none = a summary of the active lanes
  /// The uninitialized-read and dead-write findings per document at most.
  std::size_t dataflowMaxFindings = ide::kDefaultDataflowMaxFindings;
  /// A directory holding `gpuasm doc` output (relative: to the workspace root); hover on a
  /// mnemonic links to the instruction's page there. Empty: no link.
  std::string referenceDirectory;
  /// The URL of the same output as the client reaches it (absolute, or relative to the client's
  /// page: the browser playground's `reference/`); when set, hover's link is this URL joined with
  /// the page's file name instead of a file URI in referenceDirectory. Empty: none.
  std::string referenceBaseUrl;
  bool operator==(const Settings&) const = default;
};

/// A page of the instruction reference (ide/reference/Reference.h) as an editor shows it.
struct ReferenceView {
  std::string page;    ///< its file name in the reference, `instruction-SHFL.html`
  std::string anchor;  ///< where on it (`variant-SHFL_RRR`), empty for the top
  /// Its text, rendered from the database in use and kept with it: valid while that database is.
  const std::string* text = nullptr;
};

/// A range of lines and columns (0-based; columns counted in the unit a call names).
struct LineRange {
  syntax::LinePosition start, end;
};

/// One change of a document's text: `text` replaces `range`, or the whole text when it has none.
struct TextChange {
  std::optional<LineRange> range;
  std::string text;
};

/// One open .asm document.
struct Document {
  /// The spec the document is analysed with: the workspace's, or that of the project its file
  /// is in (Workspace::open). Owned by the workspace, alive while the document is open.
  SpecSession* spec = nullptr;
  std::int64_t version = 0;
  /// The line of the client's cursor in this document (0-based), as it last said; none before.
  std::optional<std::uint32_t> cursorLine;
  std::shared_ptr<const ide::Snapshot> snapshot;
  /// The live run (LiveValues.h) of this or an earlier version, made when first needed: a run of
  /// an earlier version lends the next one what the edits left valid.
  std::shared_ptr<ide::LiveRun> live;
  /// The dataflow findings (RegisterUses.h). An edit moves the last ones with the text and marks
  /// them stale; `Workspace::idle` recomputes them, off the typing path.
  std::vector<ide::Diagnostic> flow;
  bool flowStale = false;
  /// The dataflow being recomputed a slice at a time (IdleSlices::dataflow), of `snapshot`; none
  /// between recomputations. An edit before it ends makes the next slice start it anew.
  std::shared_ptr<ide::DataflowSteps> flowSteps;
  /// The failed (and unchecked) `// @expect` directives, from a run to the end; kept like `flow`
  /// and recomputed when idle, a slice of the run at a time.
  std::vector<ide::Diagnostic> expectations;
  bool expectationsStale = false;
  /// The edits since a spec reload took the text: replayed on the reload's analysis when it is
  /// installed, so no keystroke is lost.
  std::vector<syntax::TextEdit> editsDuringReload;

  /// Every diagnostic — the assembler's, the dataflow's, the expectations' — in the order
  /// ide::publishedOrder gives (`gpuasm check` prints the same list for the same text).
  std::vector<const ide::Diagnostic*> diagnostics() const;
};

/// How long one piece of idle work (Workspace::idle) may run: the dataflow of a document, and a
/// slice of the live run behind its `// @expect` outcomes; the next piece resumes where it
/// stopped. A message that arrives meanwhile waits for the piece to end. The native build, whose
/// documents are small next to its speed, runs the dataflow in one piece; the WebAssembly build
/// (ide::kThreads false: a page's worker, where a keystroke must not wait behind a long piece)
/// cuts both into slices of a few milliseconds. `dataflow` = microseconds::max() is one piece.
struct IdleSlices {
  std::chrono::microseconds dataflow =
      ide::kThreads ? std::chrono::microseconds::max() : std::chrono::milliseconds(3);
  std::chrono::microseconds run =
      ide::kThreads ? std::chrono::milliseconds(20) : std::chrono::milliseconds(3);
};

/// An open spec file's view (SpecSession::view) and the spec it belongs to; valid until the
/// next call that changes the workspace.
struct SpecFileView {
  const ide::SpecView* view = nullptr;
  const SpecSession* spec = nullptr;
};

/// What a spec load did.
struct SpecEvent {
  /// A load ran to its end: its findings (SpecSession::diagnostics) are new and go to the spec
  /// files. False when the spec could not be used at all (SpecSession::problem says why).
  bool loaded = false;
  /// Its database is in use now, and every open document was analysed with it.
  bool installed = false;
  bool dirChanged = false;  ///< the spec directory in use changed (watchers follow it)
  /// The database installed has load errors no erratum accounts for (SpecSession::loadErrors)
  /// and the spec in use had none before, or came from another directory: tell the user, once.
  bool withErrors = false;
  /// The spec the event is about (the workspace's, or a project's).
  SpecSession* session = nullptr;
};

/// What a call changed, for the protocol layer to tell the client.
struct Changes {
  /// Open .asm documents whose diagnostics may differ from what was last published, in URI order.
  std::vector<std::string> diagnostics;
  std::vector<std::string> closed;  ///< .asm documents closed: their diagnostics are cleared
  bool inlayHints = false;          ///< every document's inlay hints and live values may differ
  std::optional<SpecEvent> spec;    ///< a spec load finished or failed: its status changed
  void merge(Changes other);
};

/// Findings placed in the text before `edit`, placed in the text after it: those before the
/// edited range stay, those after move by its change in length, those it touches go.
void moveThroughEdit(std::vector<ide::Diagnostic>& findings, const syntax::TextEdit& edit);

class Workspace {
 public:
  /// `db`: the database the server was started with, from `specDir` (`--spec-dir`) or the
  /// embedded spec when that is empty.
  Workspace(std::shared_ptr<const isa::InstrDb> db, std::string specDir = {});
  ~Workspace();
  Workspace(Workspace&&) noexcept;

  /// The client's first settings, its `specDir` setting when it has one ("" = none), and the
  /// workspace root (absolute, "" when none); then the spec they choose is loaded, here.
  Changes initialize(const Settings& settings, std::optional<std::string> specDir, std::string root);
  /// New settings (and `specDir` when the client's settings name it): the dataflow is redone
  /// when idle, a new spec directory loaded.
  Changes configure(const Settings& settings, std::optional<std::string> specDir);
  /// The client's cursor moved to `line` of `uri`: the encoding hints follow it when they are
  /// shown on the cursor's line only. A document that is not open is left alone.
  Changes setCursor(const std::string& uri, std::uint32_t line);
  /// The initial state the client's runs start from (its state file) besides `// @state`.
  Changes setInitialState(std::optional<sim::InitialState> state);

  /// Opens a document: a spec file when `languageId` is "gpuasm-spec" or it is a file of the
  /// spec directory in use, else .asm (analysed now, its dataflow too).
  Changes open(const std::string& uri, std::string_view languageId, std::int64_t version, std::string text);
  /// Applies changes in order, each to the text the previous left, positions counted in
  /// `unit`; `version` none = one more. A document that is not open is left alone.
  Changes change(const std::string& uri, std::optional<std::int64_t> version,
                 std::span<const TextChange> changes, syntax::ColumnUnit unit);
  Changes close(const std::string& uri);
  /// Files created, changed or deleted on disk: a spec file of the directory that is not open,
  /// or the workspace's gpuasm.json, reloads the spec.
  Changes filesChanged(std::span<const std::string> uris);

  /// Whether work waits for a moment without input: a spec reload, stale deferred findings.
  bool hasIdleWork() const;
  /// Does one piece of that work (a slice of it: input may be waiting) and says what changed.
  Changes idle();
  /// How long the pieces of idle() may run (the build's IdleSlices unless set).
  void setIdleSlices(IdleSlices slices) { idleSlices_ = slices; }
  const IdleSlices& idleSlices() const { return idleSlices_; }

  const std::map<std::string, Document>& documents() const { return documents_; }
  /// The open .asm document `uri`, or null.
  Document* find(const std::string& uri);
  const Document* find(const std::string& uri) const;
  /// The inlay hints of lines [firstLine, lastLine] (`visible`, the same lines as bytes), by
  /// offset: the live values of the executed lines when they are on (the run advanced through
  /// `lastLine`), and the encodings after every instruction or on the cursor's line only, as
  /// the settings say.
  std::vector<ide::InlayHint> inlayHints(Document& doc, std::uint32_t firstLine, std::uint32_t lastLine,
                                         syntax::ByteRange visible);
  /// What a hover on `doc` may show of its live run: the run as far as it got (the inlay hints
  /// of the visible lines advance it) and the pinned lane, when live values are on and the run
  /// is of the document's current version; none otherwise. Never advances the run, so a line it
  /// has not reached shows no values.
  ide::HoverLive liveRunSoFar(const Document& doc) const;
  /// The hover at byte `offset` of `doc` (ide::getHover with the client's state file and the
  /// live run so far); on a mnemonic it ends with a link to the instruction's page in the
  /// reference directory when the settings name one.
  std::optional<ide::HoverInfo> hover(const Document& doc, std::uint32_t offset) const;
  /// The reference page of the instruction at byte `offset` of `doc` (ide::instructionReferenceAt)
  /// rendered from the database `doc` was analysed with; none when no instruction is there.
  std::optional<ReferenceView> referenceAt(const Document& doc, std::uint32_t offset) const;
  /// The file `page` of the reference of the spec in use (`type-IType.html`, `reference.css`); an
  /// error saying so when the reference has no such file.
  std::expected<ReferenceView, std::string> referencePage(std::string_view page) const;
  /// `doc`'s live run, run through `lastLine` (all when none) for at most `slice`.
  ide::LiveRun& liveRun(Document& doc, std::optional<std::uint32_t> lastLine,
                        std::chrono::microseconds slice = ide::LiveLimits{}.budget);

  const Settings& settings() const { return settings_; }
  /// The client's state file, or null.
  const sim::InitialState* initialState() const { return initialState_ ? &*initialState_ : nullptr; }
  /// The workspace's spec (the root's gpuasm.json, the setting, --spec-dir or the embedded one).
  const isa::InstrDb& db() const { return specs_->db(); }
  /// The workspace's spec in use, its open files, its reloads.
  SpecSession& specs() { return *specs_; }
  const SpecSession& specs() const { return *specs_; }
  /// The spec `doc` is analysed with.
  SpecSession& specsOf(const Document& doc) const { return doc.spec != nullptr ? *doc.spec : *specs_; }
  /// Every spec in use: the workspace's first, then the projects' by their gpuasm.json.
  std::vector<SpecSession*> sessions() const;
  /// The spec whose open spec files include `uri`, or null when it is not an open spec file.
  SpecSession* specFileSession(const std::string& uri) const;
  /// The open spec file `uri` as the spec's editor features read it (built on first use and kept
  /// while its text and the spec's last load stay), with the spec it belongs to; none when `uri`
  /// is not an open spec file.
  std::optional<SpecFileView> specView(const std::string& uri);

 private:
  bool openSpecDocument(const std::string& uri, std::string_view languageId, std::int64_t version,
                        std::string& text);
  bool changeSpecDocument(const std::string& uri, std::optional<std::int64_t> version,
                          std::span<const TextChange> changes, syntax::ColumnUnit unit);
  bool closeSpecDocument(const std::string& uri);
  bool refreshDataflow(Document& doc);
  bool refreshExpectations(Document& doc);
  /// The spec of the document at `uri`: the project's of the gpuasm.json nearest upward from
  /// its file, made and loaded on first use; the workspace's when the setting names a spec, the
  /// nearest is the root's or there is none. `changes` gets the load's event.
  SpecSession& sessionFor(const std::string& uri, Changes& changes);
  Changes loadSpecNow(SpecSession& s);
  Changes startSpecReload(SpecSession& s);
  Changes finishSpecReload(SpecSession& s, SpecOutcome outcome, bool acceptErrors);
  Changes install(SpecSession& s, SpecOutcome outcome, std::set<std::string> errors);
  Changes specProblem(SpecSession& s, std::string problem);

  std::unique_ptr<SpecSession> specs_;
  std::map<std::string, std::unique_ptr<SpecSession>> projects_;  ///< by their gpuasm.json
  std::map<std::string, Document> documents_;
  Settings settings_;
  std::optional<sim::InitialState> initialState_;
  IdleSlices idleSlices_;
};

}  // namespace gpuasm::workspace
