// Snapshot: the statement at an offset, and the annotated-snippet helper the feature tests use.
#include "Annotated.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

namespace gpuasm::featuretest {
namespace {

TEST(Snapshot, StatementAtFindsTheStatementUnderTheCursor) {
  const Annotated a("MOV R1, 0x1 ;\n// comment\n[[IADD R2, R^1, R1 ;]]\n");
  const auto snap = a.snapshot();
  const std::optional<ide::AssembledStatement> s = snap->statementAt(a.cursor);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->statement.range.begin, a.ranges[0].begin);
  EXPECT_EQ(s->statement.mnemonic, "IADD");
  EXPECT_FALSE(snap->statementAt(16).has_value());  // inside the comment line
  EXPECT_EQ(snap->assembledUnit().statements.size(), 2u);
}

TEST(Snapshot, AnnotatedRangeAroundARegisterRangeClosesAfterIt) {
  const Annotated a("IMAD.WIDE [[R[0:1]]], R2, R3, R[4:5] ;");
  ASSERT_EQ(a.ranges.size(), 1u);
  EXPECT_EQ(a.text.substr(a.ranges[0].begin, a.ranges[0].end - a.ranges[0].begin), "R[0:1]");
}

// Everything a feature can see of a snapshot, as text: diagnostics, statements with their
// ranges and encodings, comments. Two snapshots of the same text must print the same.
std::string describe(const ide::Snapshot& s) {
  std::ostringstream out;
  const ide::AssembledUnit unit = s.assembledUnit();
  for (const ide::Diagnostic& d : unit.diagnostics)
    out << "D " << d.range.begin << '-' << d.range.end << ' ' << isa::spelling(d.code) << ' ' << d.message
        << '\n';
  for (const ide::AssembledStatement& a : unit.statements) {
    const isa::AsmStatement& st = a.statement;
    out << "S " << st.line << ' ' << st.range.begin << '-' << st.range.end << ' ' << st.mnemonic << '@'
        << st.mnemonicRange.begin;
    for (const auto& p : st.parts) out << '.' << p.text << '@' << p.range.begin;
    for (const auto& o : st.operands) out << ' ' << o.text << '@' << o.range.begin << '-' << o.range.end;
    if (a.inst) out << ' ' << a.encoding.toHex();
    out << '\n';
  }
  for (const syntax::ByteRange c : s.commentsIn({0, static_cast<std::uint32_t>(s.text().size())}))
    out << "C " << c.begin << '-' << c.end << '\n';
  return out.str();
}

TEST(Snapshot, AChunkIsALineOrTheLinesABlockCommentSpans) {
  const auto snap =
      ide::Snapshot::analyse(db(), "MOV R1, 0x1 ;\n/* a\nb */ MOV R2, 0x2 ;\n// c\n/* open\nNOP ;");
  EXPECT_EQ(snap->chunkCount(), 5u);  // line 1 | lines 2-3 | line 4 | line 5 (unclosed '/*') | line 6
  const auto comments = snap->commentsIn({0, static_cast<std::uint32_t>(snap->text().size())});
  ASSERT_EQ(comments.size(), 3u);
  EXPECT_EQ(comments[0], (syntax::ByteRange{14, 23}));  // "/* a\nb */"
  EXPECT_EQ(comments[1], (syntax::ByteRange{38, 42}));  // "// c"
  EXPECT_EQ(comments[2], (syntax::ByteRange{43, 50}));  // "/* open", to its line's end
  const auto mov2 = snap->statementAt(30);
  ASSERT_TRUE(mov2.has_value());
  EXPECT_EQ(mov2->statement.mnemonic, "MOV");
  EXPECT_EQ(mov2->statement.line, 2u);
  EXPECT_EQ(mov2->statement.range.begin, 24u);
}

TEST(Snapshot, AnEditReanalysesOnlyTheChunksItTouches) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += "IADD R" + std::to_string(i % 200) + ", R1, R2 ;\n";
  const auto snap = ide::Snapshot::analyse(db(), text);
  EXPECT_EQ(snap->analysedChunks(), 1000u);
  const auto at = static_cast<std::uint32_t>(text.find("R2 ;", 500 * 16));
  const auto edited = snap->edited({at, at + 2, "R3"});
  EXPECT_EQ(edited->analysedChunks(), 1u);
  EXPECT_EQ(edited->chunkCount(), 1000u);
  // Splitting a line in two analyses both halves and nothing else.
  const auto split = edited->edited({at, at, ";\n"});
  EXPECT_EQ(split->analysedChunks(), 2u);
  EXPECT_EQ(split->chunkCount(), 1001u);
  EXPECT_EQ(describe(*split), describe(*ide::Snapshot::analyse(db(), std::string(split->text()))));
}

TEST(Snapshot, ClosingAnEarlierCommentReanalysesFromIt) {
  const std::string text = "MOV R1, 0x1 ;\n/* open\nMOV R2, 0x2 ;\nMOV R3, 0x3 ;\n";
  const auto snap = ide::Snapshot::analyse(db(), text);
  EXPECT_EQ(snap->assembledUnit().statements.size(), 3u);
  // A '*/' typed on the last line closes the '/*' of line 2: MOV R2 is comment now.
  const auto at = static_cast<std::uint32_t>(text.find("MOV R3"));
  const auto closed = snap->edited({at, at, "*/ "});
  EXPECT_EQ(closed->assembledUnit().statements.size(), 2u);
  EXPECT_EQ(describe(*closed), describe(*ide::Snapshot::analyse(db(), std::string(closed->text()))));
  // And made by joining a '*' and a '/' that were apart.
  const auto star = snap->edited({at, at, "*x/"})->edited({at + 1, at + 2, ""});
  EXPECT_EQ(star->text().substr(at, 2), "*/");
  EXPECT_EQ(describe(*star), describe(*ide::Snapshot::analyse(db(), std::string(star->text()))));
}

// The property the language server relies on: after any sequence of edits, the snapshot is what
// a fresh analysis of the final text gives.
TEST(Snapshot, RandomEditSequencesMatchAFreshAnalysis) {
  const std::vector<std::string> pieces = {"IADD R0, R1, R2 ;",
                                           "\n",
                                           "/*",
                                           "*/",
                                           "//",
                                           ";",
                                           ".X",
                                           " ",
                                           "IMAD.WIDE R[0:1], R2, R3, R[4:5] ;",
                                           "@P0 ",
                                           "c[0x0][0x10]",
                                           ",",
                                           "R7",
                                           "FADD.FTZ",
                                           "\xff",
                                           "0x1f",
                                           "MOV UR4, 0x1 ;",
                                           "*",
                                           "/"};
  std::mt19937 rng(20261123);
  for (int round = 0; round < 60; ++round) {
    std::string text;
    for (int i = 0; i < 40; ++i) text += pieces[rng() % pieces.size()];
    auto snap = ide::Snapshot::analyse(db(), text);
    for (int step = 0; step < 25; ++step) {
      const auto size = static_cast<std::uint32_t>(snap->text().size());
      const std::uint32_t b = size == 0 ? 0 : static_cast<std::uint32_t>(rng() % (size + 1));
      const std::uint32_t e = std::min(size, b + static_cast<std::uint32_t>(rng() % 12));
      std::string insert;
      for (auto k = rng() % 3; k > 0; --k) insert += pieces[rng() % pieces.size()];
      snap = snap->edited({b, e, insert});
      ASSERT_EQ(describe(*snap), describe(*ide::Snapshot::analyse(db(), std::string(snap->text()))))
          << "round " << round << " step " << step << " text:\n"
          << snap->text();
    }
  }
}

// The same on a document of many blocks of shared chunks (Snapshot.h: an edit copies the flat
// per-chunk arrays and shares the untouched blocks): edits that add and remove lines anywhere,
// some spanning many chunks, keep the line index, the chunks' lines and the diagnostics equal to
// a fresh analysis; and the versions edited from keep describing their own text.
TEST(Snapshot, EditsAcrossBlocksMatchAFreshAnalysis) {
  const std::vector<std::string> lines = {"IADD R0, R1, R2 ;\n",    "FADD.RX R1, R2, R3 ;\n",
                                          "// comment\n",           "/* a\nb */ MOV R2, 0x2 ;\n",
                                          "IADDD R1, R2 ;\n",       "\n",
                                          "// @expect R1 == 0x1\n", "MOV R1, 0x1 ;\n"};
  std::mt19937 rng(20261126);
  std::string text;
  for (int i = 0; i < 700; ++i) text += lines[rng() % lines.size()];
  auto snap = ide::Snapshot::analyse(db(), text);
  std::vector<std::pair<std::shared_ptr<const ide::Snapshot>, std::string>> kept;
  for (int step = 0; step < 120; ++step) {
    const auto size = static_cast<std::uint32_t>(snap->text().size());
    const std::uint32_t b = static_cast<std::uint32_t>(rng() % (size + 1));
    const std::uint32_t span = step % 10 == 0 ? 3000 : 40;
    const std::uint32_t e = std::min(size, b + static_cast<std::uint32_t>(rng() % span));
    std::string insert;
    for (auto k = rng() % (step % 7 == 0 ? 200 : 3); k > 0; --k) insert += lines[rng() % lines.size()];
    snap = snap->edited({b, e, insert});
    const auto fresh = ide::Snapshot::analyse(db(), std::string(snap->text()));
    ASSERT_EQ(describe(*snap), describe(*fresh)) << "step " << step;
    ASSERT_EQ(snap->chunkCount(), fresh->chunkCount());
    ASSERT_EQ(snap->hasExpectations(), fresh->hasExpectations());
    ASSERT_EQ(snap->lines().lineCount(), fresh->lines().lineCount());
    for (std::uint32_t line = 0; line < fresh->lines().lineCount(); ++line)
      ASSERT_EQ(snap->lines().lineStart(line), fresh->lines().lineStart(line))
          << "step " << step << " line " << line;
    for (std::size_t k = 0; k < fresh->chunkCount(); ++k) {
      ASSERT_EQ(snap->chunkStart(k), fresh->chunkStart(k));
      ASSERT_EQ(snap->chunkLine(k), fresh->chunkLine(k));
    }
    if (step % 20 == 0) kept.emplace_back(snap, describe(*snap));
  }
  for (const auto& [version, description] : kept) EXPECT_EQ(describe(*version), description);
}

// A text of 64 KiB or more is analysed on several threads, each taking runs of chunks
// (Snapshot.cpp: analyseChunks). Its analysis equals the one an edit makes of the same text,
// which analyses chunk after chunk on the calling thread: the same statements, diagnostics
// (the directives' included), comments, chunk starts and lines, in document order.
TEST(Snapshot, ALargeTextAnalysedOnSeveralThreadsMatchesOneAnalysedChunkByChunk) {
  const std::vector<std::string> lines = {
      "IADD R0, R1, R2 ;\n",        "FADD.RX R1, R2, R3 ;\n", "// comment\n",
      "/* a\nb */ MOV R2, 0x2 ;\n", "IADDD R1, R2 ;\n",       "\n",
      "// @expect R1 == 0x1\n",     "// @state R9 = 0x\n",    "MOV R1, 0x1 ;\n"};
  std::mt19937 rng(20261127);
  std::string text;
  while (text.size() < 300 * 1024) text += lines[rng() % lines.size()];
  const auto threaded = ide::Snapshot::analyse(db(), text);
  const auto serial = ide::Snapshot::analyse(db(), "")->edited({0, 0, text});
  ASSERT_EQ(serial->text(), text);
  ASSERT_GT(threaded->chunkCount(), 4000u);  // many runs of chunks for the threads to share
  ASSERT_EQ(threaded->chunkCount(), serial->chunkCount());
  for (std::size_t k = 0; k < serial->chunkCount(); ++k) {
    ASSERT_EQ(threaded->chunkStart(k), serial->chunkStart(k)) << "chunk " << k;
    ASSERT_EQ(threaded->chunkLine(k), serial->chunkLine(k)) << "chunk " << k;
  }
  EXPECT_EQ(describe(*threaded), describe(*serial));
  EXPECT_TRUE(threaded->hasExpectations());
  EXPECT_EQ(threaded->analysedChunks(), threaded->chunkCount());
}

}  // namespace
}  // namespace gpuasm::featuretest
