// Cutting long chunks into pieces (syntax/Chunks.h cutChunk) and lowering them: piece bounds
// worked out by hand from the rules (statements from a first character outside comments to
// their ';', at most kPieceBytes a piece, a statement over kMaxStatementBytes on its own).
#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/LineScanner.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuasm::syntax {
namespace {

std::vector<ChunkPiece> piecesOf(const std::string& text, std::uint32_t line = 0) {
  std::vector<ChunkPiece> out;
  cutChunk(text, 0, static_cast<std::uint32_t>(text.size()), line, out);
  return out;
}

TEST(ChunkPiece, AChunkOfAtMostPieceBytesIsOnePiece) {
  const std::string text = std::string(kPieceBytes - 1, ' ') + "\n";
  EXPECT_EQ(piecesOf(text, 7), (std::vector<ChunkPiece>{{0, kPieceBytes, 7, false}}));
}

TEST(ChunkPiece, ALongLineIsCutAfterWholeStatements) {
  // Statement k is "MOV R1, R0 ;" at [13k, 13k + 12); the blank after it is a gap.
  const std::string statement = "MOV R1, R0 ; ";
  std::string text;
  const std::uint32_t n = 3000;  // 39,000 bytes: three pieces
  for (std::uint32_t k = 0; k < n; ++k) text += statement;
  text += "\n";
  // A piece takes statements while its end stays within kPieceBytes of its start: the first
  // ends after statement m where 13m + 12 <= kPieceBytes, m = (kPieceBytes - 12) / 13.
  const std::uint32_t m = (kPieceBytes - 12) / 13;  // 1259: statements 0..1259 (1260 of them)
  const std::vector<ChunkPiece> pieces = piecesOf(text, 4);
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(pieces[0], (ChunkPiece{0, 13 * m + 12, 4, false}));
  EXPECT_EQ(pieces[1], (ChunkPiece{13 * (m + 1), 13 * (2 * m + 1) + 12, 4, false}));
  EXPECT_EQ(pieces[2], (ChunkPiece{13 * (2 * m + 2), 13 * (n - 1) + 12, 4,
                                   false}));  // the last ';'; the blank and '\n' after it are a gap
}

TEST(ChunkPiece, SemicolonsInCommentsDoNotEndAStatementAndCommentsCountLines) {
  // A long chunk: 2,000 statements, then a block comment holding ';' and two newlines in the
  // middle of a statement, then one more statement. The comment's statement starts on line 0
  // and the statement after it on line 2.
  std::string text;
  for (int k = 0; k < 2000; ++k) text += "MOV R1, R0 ;";
  const auto commentStatement = static_cast<std::uint32_t>(text.size());
  text += "MOV /* ; \n ; \n */ R1, R0 ;";
  const auto last = static_cast<std::uint32_t>(text.size());
  text += "MOV R2, R0 ; // trailing ; comment\n";
  const std::vector<ChunkPiece> pieces = piecesOf(text);
  ASSERT_GE(pieces.size(), 2u);
  // No piece boundary falls inside the commented statement or the comment.
  for (const ChunkPiece& p : pieces) {
    EXPECT_FALSE(p.begin > commentStatement && p.begin < last) << p.begin;
    EXPECT_FALSE(p.end > commentStatement && p.end < last) << p.end;
  }
  EXPECT_EQ(pieces.back().end, last + 12);  // after "MOV R2, R0 ;": the comment is a gap
  // The piece that starts at or after the comment statement says which line it starts on.
  for (const ChunkPiece& p : pieces) {
    if (p.begin == last) {
      EXPECT_EQ(p.line, 2u);
    }
    if (p.begin == commentStatement) {
      EXPECT_EQ(p.line, 0u);
    }
  }
}

TEST(ChunkPiece, AStatementOverTheLimitIsAPieceOfItsOwnAndReported) {
  std::string text = "MOV R1, R0 ;";
  const auto longBegin = static_cast<std::uint32_t>(text.size()) + 1;
  text += " MOV R1";
  while (text.size() - longBegin <= kMaxStatementBytes) text += ", R2";
  text += " ;";
  const auto longEnd = static_cast<std::uint32_t>(text.size());
  text += " MOV R3, R0 ;\n";
  const std::vector<ChunkPiece> pieces = piecesOf(text);
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(pieces[0], (ChunkPiece{0, 12, 0, false}));
  EXPECT_EQ(pieces[1], (ChunkPiece{longBegin, longEnd, 0, true}));
  EXPECT_EQ(pieces[2], (ChunkPiece{longEnd + 1, longEnd + 13, 0, false}));

  // Lowered: the two short statements, and one diagnostic over the long one's first
  // kMaxStatementBytes bytes.
  const LoweredUnit unit = lowerText(text);
  ASSERT_EQ(unit.statements.size(), 2u);
  EXPECT_EQ(unit.statements[1].range.begin, longEnd + 1);
  ASSERT_EQ(unit.diagnostics.size(), 1u);
  EXPECT_EQ(unit.diagnostics[0].code, isa::DiagnosticCode::StatementTooLong);
  EXPECT_EQ(unit.diagnostics[0].range.begin, longBegin);
  EXPECT_EQ(unit.diagnostics[0].range.end, longBegin + kMaxStatementBytes);
  EXPECT_NE(unit.diagnostics[0].message.find(std::to_string(longEnd - longBegin) + " bytes long"),
            std::string::npos);
}

TEST(ChunkPiece, CommentsAndBlanksAloneMakeNoPiece) {
  // A chunk that is one long block comment over several lines, then a statement.
  const std::string text = "/*" + std::string(3 * kPieceBytes, 'x') + "\n;\n*/ MOV R1, R0 ;\n";
  const auto statement = static_cast<std::uint32_t>(text.find("MOV"));
  EXPECT_EQ(piecesOf(text), (std::vector<ChunkPiece>{{statement, statement + 12, 2, false}}));
  const std::string blanks(2 * kPieceBytes, ' ');
  EXPECT_TRUE(piecesOf(blanks).empty());
}

}  // namespace
}  // namespace gpuasm::syntax
