// The workspace (server/workspace) without a protocol: documents opened, edited in lines and
// columns of either unit, closed; the deferred dataflow and expectation findings moved through
// edits and recomputed by the idle queue; settings and the initial state; the spec reloaded with
// the edits typed meanwhile replayed; and the property that after any edits and the idle work,
// the incremental analysis equals a fresh one.
#include <gpuasm/workspace/Workspace.h>

#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/isa/SpecSource.h>
#include <gpuasm/workspace/Uri.h>

#include "RandomEdits.h"
#include "SpecCopy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <unistd.h>
#include <tuple>
#include <vector>

namespace gpuasm::workspace {
namespace {

namespace fs = std::filesystem;
using syntax::ColumnUnit;

std::shared_ptr<const isa::InstrDb> db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return load.db;
}

TextChange at(std::uint32_t l0, std::uint32_t c0, std::uint32_t l1, std::uint32_t c1, std::string text) {
  return {LineRange{{l0, c0}, {l1, c1}}, std::move(text)};
}

Changes edit(Workspace& w, const std::string& uri, std::vector<TextChange> changes,
             ColumnUnit unit = ColumnUnit::Utf16, std::optional<std::int64_t> version = std::nullopt) {
  return w.change(uri, version, changes, unit);
}

// Runs the idle queue to its end; the documents whose diagnostics changed on the way.
std::vector<std::string> settle(Workspace& w) {
  std::vector<std::string> changed;
  for (int i = 0; i < 2000 && w.hasIdleWork(); ++i)
    for (const std::string& uri : w.idle().diagnostics)
      if (std::find(changed.begin(), changed.end(), uri) == changed.end()) changed.push_back(uri);
  EXPECT_FALSE(w.hasIdleWork());
  return changed;
}

// (first byte, last byte, code) of each diagnostic of a document, in its order.
std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string>> spans(const Document& d) {
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string>> out;
  for (const ide::Diagnostic* x : d.diagnostics())
    out.emplace_back(x->range.begin, x->range.end, isa::spelling(x->code));
  return out;
}

std::string text(const Workspace& w, const std::string& uri) {
  return std::string(w.documents().at(uri).snapshot->text());
}

TEST(Workspace, OpenEditCloseAndVersions) {
  Workspace w(db());
  w.initialize({}, std::nullopt, "");
  Changes c = w.open("file:///a.asm", "gpuasm", 1, "MOV R1, 0x1 ;\n// é here\n");
  EXPECT_EQ(c.diagnostics, std::vector<std::string>{"file:///a.asm"});
  EXPECT_EQ(w.documents().at("file:///a.asm").version, 1);
  // Two changes in one call, the second on the text the first left; no version: one more.
  c = edit(w, "file:///a.asm", {at(0, 4, 0, 6, "R2"), at(1, 0, 1, 0, "X")});
  EXPECT_EQ(c.diagnostics, std::vector<std::string>{"file:///a.asm"});
  EXPECT_EQ(text(w, "file:///a.asm"), "MOV R2, 0x1 ;\nX// é here\n");
  EXPECT_EQ(w.documents().at("file:///a.asm").version, 2);
  // "é" is one UTF-16 unit and two bytes: the character after it is column 5 or byte 6.
  edit(w, "file:///a.asm", {at(1, 5, 1, 6, "!")}, ColumnUnit::Utf16, 7);
  EXPECT_EQ(text(w, "file:///a.asm"), "MOV R2, 0x1 ;\nX// é!here\n");
  EXPECT_EQ(w.documents().at("file:///a.asm").version, 7);
  edit(w, "file:///a.asm", {at(1, 6, 1, 7, "?")}, ColumnUnit::Utf8);
  EXPECT_EQ(text(w, "file:///a.asm"), "MOV R2, 0x1 ;\nX// é?here\n");
  EXPECT_EQ(w.documents().at("file:///a.asm").version, 8);
  // A whole-text change.
  edit(w, "file:///a.asm", {TextChange{std::nullopt, "EXIT ;\n"}});
  EXPECT_EQ(text(w, "file:///a.asm"), "EXIT ;\n");
  // A document that is not open is left alone; closing says which to clear.
  EXPECT_TRUE(edit(w, "file:///b.asm", {at(0, 0, 0, 0, "x")}).diagnostics.empty());
  EXPECT_EQ(w.find("file:///b.asm"), nullptr);
  c = w.close("file:///a.asm");
  EXPECT_EQ(c.closed, std::vector<std::string>{"file:///a.asm"});
  EXPECT_TRUE(w.documents().empty());
  EXPECT_TRUE(w.close("file:///a.asm").closed.empty());
}

// Byte offsets of the text below: line 0 "MOV R1, 0x1 ;\n" is bytes 0..13, line 1 14..27, line 2
// "IADD R2, R1, R3 ;" from 28, so R3 is bytes 41..43.
TEST(Workspace, DeferredFindingsMoveThroughAnEditAndAreRecomputedWhenIdle) {
  Workspace w(db());
  w.initialize({}, std::nullopt, "");
  w.open("file:///a.asm", "gpuasm", 1, "MOV R1, 0x1 ;\nMOV R1, 0x2 ;\nIADD R2, R1, R3 ;\n");
  const Document& d = w.documents().at("file:///a.asm");
  using Spans = std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string>>;
  EXPECT_EQ(spans(d), (Spans{{4, 6, "dead-write"}, {41, 43, "uninitialized-read"}}));
  EXPECT_FALSE(w.hasIdleWork());
  EXPECT_EQ(d.flow[0].message,
            "the value written to R1 here is overwritten on line 2 before anything reads it");
  // A comment line inserted above line 1 (5 bytes): the finding below moves, the one above stays;
  // both are kept until the idle work finds them again: in the same places, but the write that
  // overwrites R1 is on line 3 now.
  edit(w, "file:///a.asm", {at(1, 0, 1, 0, "// x\n")});
  EXPECT_TRUE(d.flowStale);
  EXPECT_EQ(spans(d), (Spans{{4, 6, "dead-write"}, {46, 48, "uninitialized-read"}}));
  EXPECT_EQ(settle(w), std::vector<std::string>{"file:///a.asm"});
  EXPECT_EQ(spans(d), (Spans{{4, 6, "dead-write"}, {46, 48, "uninitialized-read"}}));
  EXPECT_EQ(d.flow[0].message,
            "the value written to R1 here is overwritten on line 3 before anything reads it");
  // A comment changed where no finding is: recomputed the same, nothing changed.
  edit(w, "file:///a.asm", {at(1, 3, 1, 4, "y")});
  EXPECT_TRUE(d.flowStale);
  EXPECT_TRUE(settle(w).empty());
  // Removing the second write makes the first live: the dead-write stays until the idle work.
  edit(w, "file:///a.asm", {at(2, 0, 3, 0, "")});
  EXPECT_EQ(spans(d), (Spans{{4, 6, "dead-write"}, {32, 34, "uninitialized-read"}}));
  EXPECT_EQ(settle(w), std::vector<std::string>{"file:///a.asm"});
  EXPECT_EQ(spans(d), (Spans{{32, 34, "uninitialized-read"}}));
  // An edit over a finding drops it at once.
  edit(w, "file:///a.asm", {at(2, 13, 2, 15, "R1")});
  EXPECT_TRUE(spans(d).empty());
  EXPECT_TRUE(settle(w).empty());
}

// The idle work in bounded pieces (the WebAssembly build's default, IdleSlices): the dataflow of a
// 301-line kernel walks kChunksPerCheck lines per piece when the slice is zero, keeps the old
// findings until its last piece, starts anew after an edit made meanwhile, and ends with what one
// piece gives. The kernel writes R0..R99 three times each (MOV R<i % 100>): the first two writes
// of each register are overwritten unread (200 dead writes), the third is read by the last line
// (R0) or is a result; the last line also reads R101, which nothing sets.
TEST(Workspace, TheDataflowComesInBoundedPiecesWithTheResultOfOne) {
  std::string kernel;
  for (int i = 0; i < 300; ++i) kernel += "MOV R" + std::to_string(i % 100) + ", 0x1 ;\n";
  const std::string last = "IADD R100, R101, R0 ;\n";
  const std::string uri = "file:///a.asm";
  // Opened without its last line, which an edit then adds: the dataflow is left to the idle work.
  const auto start = [&](Workspace& w) {
    Settings all;
    all.dataflowMaxFindings = 1000;  // every finding, no `dataflow-limit`
    w.initialize(all, std::nullopt, "");
    w.open(uri, "gpuasm", 1, kernel);
    edit(w, uri, {at(300, 0, 300, 0, last)});
    EXPECT_TRUE(w.documents().at(uri).flowStale);
  };
  Workspace whole(db());
  whole.setIdleSlices({std::chrono::microseconds::max(), std::chrono::milliseconds(20)});
  start(whole);
  ASSERT_TRUE(whole.hasIdleWork());
  EXPECT_EQ(whole.idle().diagnostics, std::vector<std::string>{uri});
  EXPECT_FALSE(whole.hasIdleWork());
  const Document& one = whole.documents().at(uri);
  const auto count = [](const Document& d, const char* code) {
    return std::count_if(d.flow.begin(), d.flow.end(),
                         [&](const ide::Diagnostic& x) { return isa::spelling(x.code) == code; });
  };
  EXPECT_EQ(count(one, "dead-write"), 200);
  EXPECT_EQ(count(one, "uninitialized-read"), 1);
  EXPECT_EQ(one.flow.size(), 201u);

  Workspace sliced(db());
  sliced.setIdleSlices({std::chrono::microseconds(0), std::chrono::microseconds(0)});
  start(sliced);
  const Document& d = sliced.documents().at(uri);
  const std::size_t chunks = d.snapshot->chunkCount();
  const std::size_t pieces =
      (chunks + ide::DataflowSteps::kChunksPerCheck - 1) / ide::DataflowSteps::kChunksPerCheck;
  ASSERT_GT(pieces, 10u);
  const auto before = spans(d);  // the findings moved through the edit, kept until the last piece
  // Half the pieces, each one check's worth of lines further, nothing published yet.
  for (std::size_t k = 1; k <= pieces / 2; ++k) {
    ASSERT_TRUE(sliced.hasIdleWork());
    EXPECT_TRUE(sliced.idle().diagnostics.empty());
    ASSERT_NE(d.flowSteps, nullptr);
    EXPECT_EQ(d.flowSteps->walked(), k * ide::DataflowSteps::kChunksPerCheck);
    EXPECT_EQ(spans(d), before);
  }
  // An edit meanwhile (a comment line added at the end): the walk starts anew on the new text.
  edit(sliced, uri, {at(301, 0, 301, 0, "// done\n")});
  edit(whole, uri, {at(301, 0, 301, 0, "// done\n")});
  std::size_t used = 0;
  bool published = false;
  while (sliced.hasIdleWork()) {
    ASSERT_LT(used, 2 * pieces);
    published = !sliced.idle().diagnostics.empty();
    ++used;
  }
  EXPECT_EQ(used, (d.snapshot->chunkCount() + ide::DataflowSteps::kChunksPerCheck - 1) /
                      ide::DataflowSteps::kChunksPerCheck);
  EXPECT_TRUE(published);
  EXPECT_EQ(d.flowSteps, nullptr);
  whole.idle();
  EXPECT_FALSE(whole.hasIdleWork());
  EXPECT_EQ(spans(d), spans(whole.documents().at(uri)));
  EXPECT_EQ(d.flow.size(), 201u);
  for (std::size_t k = 0; k < d.flow.size(); ++k)
    EXPECT_EQ(d.flow[k].message, whole.documents().at(uri).flow[k].message);
}

TEST(Workspace, SettingsAndTheInitialStateRedoTheDataflow) {
  Workspace w(db());
  w.initialize({}, std::nullopt, "");
  w.open("file:///a.asm", "gpuasm", 1, "IADD R2, R1, R3 ;\nIADD R4, R5, R6 ;\n");
  const Document& d = w.documents().at("file:///a.asm");
  EXPECT_EQ(spans(d).size(), 4u);  // R1, R3, R5, R6 read, nothing wrote them
  // At most one finding, and the note that three more exist: redone when idle.
  Settings one;
  one.dataflowMaxFindings = 1;
  Changes c = w.configure(one, std::nullopt);
  EXPECT_FALSE(c.inlayHints);
  EXPECT_EQ(settle(w), std::vector<std::string>{"file:///a.asm"});
  ASSERT_EQ(d.flow.size(), 2u);
  EXPECT_EQ(d.flow[0].code, isa::DiagnosticCode::UninitializedRead);
  EXPECT_EQ(d.flow[1].code, isa::DiagnosticCode::DataflowLimit);
  one.encodingHints = workspace::EncodingHints::Off;
  EXPECT_TRUE(w.configure(one, std::nullopt).inlayHints);
  settle(w);
  // A state file that sets R1: at once, the first finding is R3's (bytes 13..15).
  sim::InitialState state;
  state.registers.push_back({"R1", sim::InitValue{.scalar = 0x5}, 0});
  c = w.setInitialState(state);
  EXPECT_EQ(c.diagnostics, std::vector<std::string>{"file:///a.asm"});
  EXPECT_TRUE(c.inlayHints);
  ASSERT_EQ(d.flow.size(), 2u);
  EXPECT_EQ(d.flow[0].range.begin, 13u);
  EXPECT_FALSE(w.hasIdleWork());
}

// A hover reads the live run only as far as the inlay hints took it, of the current version,
// with the pinned lane, and only while live values are on.
TEST(Workspace, AHoverReadsTheLiveRunOfTheCurrentVersionOnly) {
  Workspace w(db());
  w.initialize({}, std::nullopt, "");
  w.open("file:///a.asm", "gpuasm", 1, "MOV R1, 0x1 ;\nIADD R2, R1, R1 ;\n");
  Document& d = *w.find("file:///a.asm");
  EXPECT_EQ(w.liveRunSoFar(d).run, nullptr);  // nothing ran yet
  w.inlayHints(d, 0, 1, {0, static_cast<std::uint32_t>(d.snapshot->text().size())});
  ASSERT_NE(d.live, nullptr);
  EXPECT_EQ(w.liveRunSoFar(d).run, d.live.get());
  EXPECT_EQ(w.liveRunSoFar(d).lane, std::nullopt);
  Settings pinned;
  pinned.liveValuesLane = 3;
  w.configure(pinned, std::nullopt);
  w.inlayHints(d, 0, 1, {0, static_cast<std::uint32_t>(d.snapshot->text().size())});
  EXPECT_EQ(w.liveRunSoFar(d).run, d.live.get());
  EXPECT_EQ(w.liveRunSoFar(d).lane, std::optional<std::uint32_t>(3));
  // An edit makes a new version: the run of the old one is not shown for it.
  edit(w, "file:///a.asm", {at(0, 11, 0, 11, " ")});
  EXPECT_EQ(w.liveRunSoFar(d).run, nullptr);
  w.inlayHints(d, 0, 1, {0, static_cast<std::uint32_t>(d.snapshot->text().size())});
  EXPECT_NE(w.liveRunSoFar(d).run, nullptr);
  Settings off;
  off.liveValues = false;
  w.configure(off, std::nullopt);
  EXPECT_EQ(w.liveRunSoFar(d).run, nullptr);
}

// R1 = lane + lane: `R1 == lane * 2` holds; with IMAD R1, R0, 0x3, RZ it fails in 31 lanes.
TEST(Workspace, ExpectationsAreCheckedWhenIdleAndFollowEdits) {
  Workspace w(db());
  w.initialize({}, std::nullopt, "");
  w.open("file:///a.asm", "gpuasm", 1, "// @state R0 = lane\nIADD R1, R0, R0 ;\n// @expect R1 == lane * 2\n");
  const Document& d = w.documents().at("file:///a.asm");
  EXPECT_TRUE(d.expectationsStale);
  EXPECT_TRUE(settle(w).empty());
  EXPECT_TRUE(d.expectations.empty());
  edit(w, "file:///a.asm", {at(1, 0, 1, 15, "IMAD R1, R0, 0x3, RZ")});
  EXPECT_TRUE(d.expectationsStale);
  EXPECT_EQ(settle(w), std::vector<std::string>{"file:///a.asm"});
  ASSERT_EQ(d.expectations.size(), 1u);
  EXPECT_EQ(d.expectations[0].code, isa::DiagnosticCode::ExpectationFailed);
  // Line 2 starts at byte 20 + 21; the directive's expression from its 4th character.
  EXPECT_EQ(d.snapshot->lines().position(d.expectations[0].range.begin).line, 2u);
  // Back to 2 * lane: the failure goes when idle.
  edit(w, "file:///a.asm", {at(1, 13, 1, 16, "0x2")});
  EXPECT_EQ(d.expectations.size(), 1u) << "kept, moved along, until the run says otherwise";
  EXPECT_EQ(settle(w), std::vector<std::string>{"file:///a.asm"});
  EXPECT_TRUE(d.expectations.empty());
}

// ------------------------------------------------------------------ the spec's reloads

// A workspace directory with a copy of the embedded spec in spec/.
struct SpecDir : test::SpecCopy {
  explicit SpecDir(const std::string& name) : SpecCopy("workspace-", name) {}
};

// 000_ialu.txt with IType's value U32 renamed UINT32 (0-based line 14) and IMAD.WIDE's domain
// (line 471) with it.
std::string renamed() {
  const auto& files = isa::embeddedSpecFiles();
  const auto it = std::find_if(files.begin(), files.end(), [](const isa::SpecFile& f) {
    return fs::path(f.name).filename() == "000_ialu.txt";
  });
  EXPECT_NE(it, files.end());
  std::istringstream in(it->text);
  std::string out, line;
  for (int n = 0; std::getline(in, line); ++n) {
    if (n == 14) {
      EXPECT_EQ(line, "    U32;");
      line = "    UINT32;";
    } else if (n == 471) {
      EXPECT_EQ(line, ".itype = {.S32*, .U32}");
      line = ".itype = {.S32*, .UINT32}";
    }
    out += line + "\n";
  }
  return out;
}

// (line, byte column, code) of each error of a document.
std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string>> errors(const Document& d) {
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string>> out;
  for (const ide::Diagnostic* x : d.diagnostics())
    if (x->severity == ide::Severity::Error) {
      const syntax::LinePosition p = d.snapshot->lines().position(x->range.begin, ColumnUnit::Utf8);
      out.emplace_back(p.line, p.character, isa::spelling(x->code));
    }
  return out;
}

TEST(Workspace, EditsTypedDuringASpecReloadAreReplayedOntoItsAnalysis) {
  SpecDir dir("typing");
  Workspace w(db());
  Changes c = w.initialize({}, "spec", dir.root.string());
  ASSERT_TRUE(c.spec.has_value());
  EXPECT_TRUE(c.spec->installed);
  EXPECT_EQ(w.specs().choice().dir, (dir.root / "spec").string());
  const std::string line0 = "IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;\n",
                    line1 = "IMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13] ;\n";
  w.open("file:///a.asm", "gpuasm", 1, line0 + line1);
  using Errors = std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string>>;
  EXPECT_EQ(errors(w.documents().at("file:///a.asm")), (Errors{{1, 10, "unknown-modifier"}}));  // .UINT32
  // The spec file opened with the rename, unsaved: a spec file, no .asm document.
  c = w.open(fileUri((dir.root / "spec" / "000_ialu.txt").string()), "gpuasm-spec", 1, renamed());
  EXPECT_TRUE(c.diagnostics.empty());
  EXPECT_EQ(w.documents().size(), 1u);
  ASSERT_TRUE(w.hasIdleWork());
  w.idle();  // starts the reload, which takes the text as it is now
  ASSERT_TRUE(w.specs().reloadRunning());
  // Typed meanwhile: a third line, then the first removed — analysed now with the old database…
  edit(w, "file:///a.asm", {at(2, 0, 2, 0, line0)});
  edit(w, "file:///a.asm", {at(0, 0, 1, 0, "")});
  const Document& d = w.documents().at("file:///a.asm");
  EXPECT_EQ(d.editsDuringReload.size(), 2u);
  EXPECT_EQ(errors(d), (Errors{{0, 10, "unknown-modifier"}}));
  // …and replayed onto the reload's analysis: `.UINT32` legal now, `.U32` not.
  bool installed = false;
  for (int i = 0; i < 5000 && w.hasIdleWork(); ++i)
    if (const Changes idle = w.idle(); idle.spec) {
      installed = idle.spec->installed;
      EXPECT_EQ(idle.diagnostics, std::vector<std::string>{"file:///a.asm"});
    }
  ASSERT_TRUE(installed);
  EXPECT_EQ(text(w, "file:///a.asm"), line1 + line0);
  EXPECT_TRUE(d.editsDuringReload.empty());
  EXPECT_EQ(errors(d), (Errors{{1, 10, "unknown-modifier"}}));
  EXPECT_EQ(w.specs().loads(), 2u);
  EXPECT_TRUE(w.specs().problem().empty());
}

// ------------------------------------------------------------------ the property

// Random edits at UTF-16 positions, with non-ASCII text; after each, the document's text equals
// the text the edits produce, and once the idle work is done (the dataflow findings and the
// `// @expect` outcomes recomputed off the typing path) its diagnostics equal those of a fresh
// analysis of that text: the assembler's, the dataflow's and a fresh run's expectations, in
// document order.
TEST(Workspace, IncrementalEditsEqualAFreshAnalysis) {
  Workspace w(db());
  w.initialize({}, std::nullopt, "");
  std::u16string shadow = u"IADD R0, R1, R2 ;\nFADD.RX R1, R2, R3 ; // é\n";
  w.open("file:///a.asm", "gpuasm", 1, test::toUtf8(shadow));
  std::mt19937 rng(7);
  for (int step = 0; step < 300; ++step) {
    const std::size_t a = rng() % (shadow.size() + 1), b = rng() % (shadow.size() + 1);
    const std::size_t lo = std::min(a, b), hi = std::min(std::max(a, b), lo + 6);
    const std::u16string& piece = test::kEditPieces[rng() % std::size(test::kEditPieces)];
    const syntax::LinePosition from = test::positionIn(shadow, lo), to = test::positionIn(shadow, hi);
    shadow.replace(lo, hi - lo, piece);
    edit(w, "file:///a.asm", {at(from.line, from.character, to.line, to.character, test::toUtf8(piece))},
         ColumnUnit::Utf16, step + 2);
    settle(w);
    const Document& doc = w.documents().at("file:///a.asm");
    ASSERT_EQ(std::string(doc.snapshot->text()), test::toUtf8(shadow)) << "step " << step;
    EXPECT_EQ(doc.version, step + 2);
    const std::vector<ide::Diagnostic> expected =
        test::freshDiagnostics(ide::Snapshot::analyse(db(), test::toUtf8(shadow)));
    const std::vector<const ide::Diagnostic*> got = doc.diagnostics();
    ASSERT_EQ(got.size(), expected.size()) << "step " << step;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i]->code, expected[i].code) << "step " << step;
      EXPECT_EQ(got[i]->message, expected[i].message) << "step " << step;
      EXPECT_EQ(got[i]->range, expected[i].range) << "step " << step;
      EXPECT_EQ(got[i]->severity, expected[i].severity) << "step " << step;
    }
  }
}

}  // namespace
}  // namespace gpuasm::workspace
