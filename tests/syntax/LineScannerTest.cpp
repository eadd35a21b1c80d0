// The line scanner (fast front end) against the tree-sitter path: lowerText(t) must equal
// lower(SyntaxTree(t)) field by field — statements, operands, ranges, diagnostics and their
// order — on every example file, the LLVM-MC style test files, the grammar's corpus inputs, the
// spec's example lines, hand-picked tricky lines and seeded random mutations of all of them.
// Plus the scanner's own decisions: which lines it must take fast and which it must decline.
#include "LoweredUnitDiff.h"
#include "SpecExamples.h"
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/LineScanner.h>
#include <gpuasm/syntax/Lowering.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

namespace gpuasm::syntax {
namespace {

using namespace std::string_literals;

std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (u < 0x20 || u >= 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", u);
      out += buf;
    } else
      out += c;
  }
  return out;
}

// lowerText against tree-sitter chunk by chunk and, for a text without syntax errors, against
// tree-sitter on the whole text (LoweredUnitDiff.h, shared with fuzz/line_scanner.cpp).
bool agrees(const std::string& text, ScanStats* stats = nullptr) {
  const std::string diff = testsupport::scannerDisagreement(text, stats);
  EXPECT_EQ(diff, "") << "text: \"" << escaped(text) << "\"";
  return diff.empty();
}

// ---- inputs ------------------------------------------------------------------------------------

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    out.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

std::vector<std::filesystem::path> filesIn(const std::filesystem::path& dir, const std::string& extension) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.is_regular_file() && (extension.empty() || e.path().extension() == extension))
      out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The inputs of grammar/test/corpus/*.txt (tree-sitter's corpus format: a '=' header with the
// name, the input, a '-' rule, the expected tree).
std::vector<std::string> corpusInputs() {
  std::vector<std::string> out;
  auto isRule = [](const std::string& l, char c) {
    return l.size() >= 3 && l.find_first_not_of(c) == std::string::npos;
  };
  for (const auto& path : filesIn(GPUASM_CORPUS_DIR, ".txt")) {
    const auto lines = splitLines(readFile(path));
    for (std::size_t i = 0; i + 2 < lines.size(); ++i) {
      if (!isRule(lines[i], '=') || !isRule(lines[i + 2], '=')) continue;
      std::vector<std::string> input;
      std::size_t j = i + 3;
      for (; j < lines.size() && !isRule(lines[j], '-'); ++j) input.push_back(lines[j]);
      if (!input.empty() && input.front().empty()) input.erase(input.begin());
      if (!input.empty() && input.back().empty()) input.pop_back();
      std::string text;
      for (std::size_t k = 0; k < input.size(); ++k) text += input[k] + (k + 1 < input.size() ? "\n" : "");
      out.push_back(text);
      i = j;
    }
  }
  return out;
}

std::vector<std::string> specExampleLines() {
  std::vector<std::string> out;
  const auto load = isa::loadEmbeddedSpec();
  for (const auto& o : load.db->optypes())
    if (o.docs.examples.present)
      for (auto& line : testsupport::fencedLines(o.docs.examples.text)) out.push_back(std::move(line));
  return out;
}

// Whole files: examples/ and tests/asm/*.asm.
std::vector<std::string> sourceFiles() {
  std::vector<std::string> out;
  for (const auto& p : filesIn(GPUASM_SOURCE_DIR "/examples", "")) out.push_back(readFile(p));
  for (const auto& p : filesIn(GPUASM_SOURCE_DIR "/tests/asm", ".asm")) out.push_back(readFile(p));
  return out;
}

// Lines a tokenizer could get wrong: precedence between register tokens and identifiers,
// number shapes, blanks where the grammar allows them, comments, lenient spellings.
const std::vector<std::string>& trickyLines() {
  static const std::vector<std::string> lines = {
      "R2P PR, R7.B1, 0xF ;",
      "P2R R0, PR, R1, 0x7F ;",
      "c R0 ;",
      "R R0 ;",
      "cmem ;",
      "UR ;",
      "PR ;",
      "RZ R0 ;",
      "MOV R1, Rx ;",
      "MOV R1, R1x ;",
      "MOV R1, RZZ ;",
      "MOV R1, URx ;",
      "MOV R1, PRX ;",
      "MOV R1, UPRX ;",
      "MOV R1, PTX ;",
      "MOV R1, P ;",
      "MOV R1, U ;",
      "MOV R1, c ;",
      "MOV R1, cm ;",
      "MOV R1, cmemx ;",
      "MOV R1, R ;",
      "MOV R1, UR ;",
      "MOV R1, _x ;",
      "MOV R1, R01 ;",
      "MOV R1, UP00 ;",
      "MOV R1, 0f ;",
      "MOV R1, 0fG ;",
      "MOV R1, 0f1e5 ;",
      "MOV R1, 0F3F800000 ;",
      "MOV R1, 0x ;",
      "MOV R1, 0X1f ;",
      "MOV R1, 00f1 ;",
      "MOV R1, 0e5 ;",
      "MOV R1, 1e ;",
      "MOV R1, 1e+ ;",
      "MOV R1, 1E-3 ;",
      "MOV R1, 2. ;",
      "MOV R1, 2.e5 ;",
      "MOV R1, 1.5e ;",
      "MOV R1, 1.5.5 ;",
      "MOV R1, 1e400 ;",
      "MOV R1, 99999999999999999999 ;",
      "MOV R1, 0x1FFFFFFFFFFFFFFFF ;",
      "MOV R1, 0f1FFFFFFFFFFFFFFFF ;",
      "MOV R1, 18446744073709551615 ;",
      "MOV R1, 18446744073709551616 ;",
      "MOV R[0:1], R[0x2:0x3] ;",
      "MOV R[ 0 : 1 ], UR[2:3] ;",
      "MOV R [0:1], R2 ;",
      "MOV R[0:99999999999], R2 ;",
      "MOV R[0:1].B1, R2 ;",
      "MOV R[0], R2 ;",
      "MOV R[1.5:2], R2 ;",
      "GETGPR R1, R[UR2-0x3] ;",
      "GETGPR R1, R[ UR2 + 3 ] ;",
      "GETGPR R1, R[UR2.B1] ;",
      "GETGPR R1, R[PR] ;",
      "GETGPR R1, R[UR2+] ;",
      "GETGPR R1, UR[RZ-0x99999999999999999999] ;",
      "ULDC UR4, c[0x0][0x160] ;",
      "ULDC UR4, c [0x0][0x160] ;",
      "ULDC UR4, c[0x0] [0x160] ;",
      "ULDC UR4, c[ 0x0 ][ UR4 + 0x10 ] ;",
      "ULDC UR4, cmem[0x0][0x160] ;",
      "MUFU.RCP R4, c[0x0][0x10].H1 ;",
      "MUFU.RCP R4, c[0x0][0x10] .H1 ;",
      "ULDC UR4, c[0x0][-1] ;",
      "ULDC UR4, c[0x0][UR4-0x8000000000000000] ;",
      "ULDC UR4, c[0x0][UR4-0xFFFFFFFFFFFFFFFF] ;",
      "ULDC UR4, c[0x1FFFFFFFFFFFFFFFF][0] ;",
      "FFMA R0, -|R1|, |R2|, -R3 ;",
      "FFMA R0, - | R1 | , ~R2, !P0 ;",
      "FFMA R0, |-R1|, R2 ;",
      "FFMA R0, --R1 ;",
      "FFMA R0, |R1 ;",
      "FFMA R0, R1.B1, R2.H0, R3. ;",
      "FFMA R0, R1 .B1 ;",
      "IMAD.U32 R0, P0, R2, 0x114514, R4,   ;",
      "IMAD R0, R1, , R2 ;",
      "IMAD R0, R1,;",
      "IMAD , ;",
      "IMAD ;",
      "IMAD;",
      ";",
      "IMAD",
      "IMAD R0",
      "IMAD R0 R1 ;",
      "IMAD R0, R1 ;;",
      "IMAD. R0 ;",
      "IMAD .X R0 ;",
      "IMAD.X.64.2A R0 ;",
      "IMAD.X-R1 ;",
      "NOP $sched ;",
      "NOP $sched $req $wsb ;",
      "NOP R1, $sched ;",
      "NOP R1 $ ;",
      "NOP $1 ;",
      "NOP $s.x ;",
      "@P0 MOV R1, R2 ;",
      "@!PT MOV R1, R2 ;",
      "@ ! UP1 MOV R1, R2 ;",
      "@P0MOV R1, R2 ;",
      "@Pfoo MOV R1, R2 ;",
      "@pg MOV R1, R2 ;",
      "@PR MOV R1, R2 ;",
      "@R0 MOV R1, R2 ;",
      "@ MOV R1, R2 ;",
      "@P0 ;",
      "MOV R1, R2 ; MOV R3, R4 ;",
      "MOV R1, R2;MOV R3, R4;",
      "MOV R1, R2 ; x",
      "MOV R1, R2 ; 1",
      "  \t\r\f MOV R1, R2 ;\r",
      "MOV\tR1,\tR2\t;",
      "MOV R1, R2 ;\v",
      "MOV R1,\vR2 ;",
      "MOV R1, R2 ; // comment \xC3\xA9 \xE2\x80\x94",
      "MOV R1, R2 ; // bad \xFF",
      "MOV R1, R2 ; // overlong \xC0\xAF",
      "MOV R1, R2 ; // surrogate \xED\xA0\x80",
      "MOV R1, R2 ; // nul \x01",
      "MOV R1, \xC3\xA9 ;",
      "/* a */ MOV R1, R2 ; /* b */ /* c */",
      "MOV /* a */ R1, R2 ;",
      "MOV R1, R2 ; /* open",
      "MOV R1, R2 ; /* open\nclose */ MOV R3, R4 ;",
      "/*/ x */ NOP ;",
      "/**/NOP ;",
      "/***/NOP;",
      "// MOV R1, R2 ; /*",
      "NOP ; //*",
      "NOP ; /",
      "NOP ; /x",
      "MOV R1, R2 ; /* a */ /* b\nc */ NOP ; /* d\n*/",
      "MOV R1, R2 ;\n\nMOV R3,\nR4 ;\n",
      "MOV R1, R2\nMOV R3, R4 ;",
      "IADD R0, [\nMOV R1, R2 ;",
      "\n\n\n",
      "",
      "\r\n\r\n",
      "iadd r0, r1, r2 ;",
      "IADD R0, R1, R2 ;MOV",
      "MOV R1, 0x10 ;\x00 MOV R2, R3 ;"s,
      "ULDC.64 UR[2:3], c[0x3][UR4+0x10] ;",
  };
  return lines;
}

// ---- the scanner's own decisions ---------------------------------------------------------------

TEST(LineScanner, TakesOrdinaryLinesFast) {
  for (const std::string& line : std::vector<std::string>{
           "    IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;  // byte offset",
           "@!P2 IADD.X R1, PT, R3, ~R5, P0 ;", "FFMA.FTZ.RZ R0, -|R1|, 0.5, R3 ;",
           "ULDC.64 UR[2:3], c[0x3][UR4+0x10] ;", "GETGPR R1, R[UR2-0x3] ;", "R2P PR, R7.B1, 0xF ;",
           "MOV R1, 0f3F800000 ;", "SHFL.UP pu, R1, R0, 0x1, 0x0 ;", "ULEA UR0, UR1, cmem[0x0][0x160], 0x2 ;",
           "IMAD.U32 R0, P0, R2, 0x114514, R4,   ;", "MOV R1, R2 ; MOV R3, R4 ;", "NOP $sched ;",
           "/* a */ MOV R1, R2 ; /* b */", "\tMOV R1, R2 ;\r", "", "   ", "// only a comment \xE2\x80\x94",
           "MOV R1, 99999999999999999999 ;"}) {
    LoweredUnit out;
    EXPECT_TRUE(scanLine(line, 0, 0, out)) << escaped(line);
  }
}

TEST(LineScanner, DeclinesWhatItIsNotSureOf) {
  for (const std::string& line : std::vector<std::string>{"IADD R0, R1",
                                                          "IADD R0 R1 ;",
                                                          "MOV R1, R1x ;",
                                                          "MOV R1, 0x10g ;",
                                                          "MOV R1, 1.5e ;",
                                                          "MOV R1, R2 ; /* never closed",
                                                          "MOV /* inside */ R1, R2 ;",
                                                          "MOV R1, R2 ; // \xFF",
                                                          "@Pfoo MOV R1, R2 ;",
                                                          "MOV R1, R ;",
                                                          "MOV R1, c ;",
                                                          "IMAD R0, R1, , R2 ;",
                                                          ";",
                                                          "MOV R1, R2 ;;",
                                                          "MOV R1, R2 ; /",
                                                          "MOV R1 .B1, R2 ;",
                                                          "ULDC UR4, c[0x0] [0x160] ;",
                                                          "MOV R1,\vR2 ;",
                                                          "MOV R1, \xC3\xA9 ;",
                                                          "MOV R1, 0x10 ;\x00"s}) {
    LoweredUnit out;
    EXPECT_FALSE(scanLine(line, 0, 0, out)) << escaped(line);
    EXPECT_TRUE(out.statements.empty() && out.diagnostics.empty())
        << "a declined line must leave the output untouched: " << escaped(line);
  }
}

// Values worked out by hand from the text (byte offsets counted on the line, base 100, line 7).
TEST(LineScanner, LowersALineWithDocumentRanges) {
  LoweredUnit out;
  //                  0         1         2         3
  //                  0123456789012345678901234567890123456789
  ASSERT_TRUE(scanLine("@!P1 IMAD.WIDE R[2:3], -|R4|, 0x10, c[0x1][UR5-8], ;", 100, 7, out));
  ASSERT_EQ(out.statements.size(), 1u);
  const isa::AsmStatement& s = out.statements[0];
  EXPECT_EQ(s.line, 7u);
  EXPECT_EQ(s.range, (isa::SourceRange{100, 152}));
  ASSERT_TRUE(s.guard);
  EXPECT_TRUE(s.guard->negated);
  EXPECT_EQ(s.guard->predicate, "P1");
  EXPECT_EQ(s.guard->range, (isa::SourceRange{100, 104}));
  EXPECT_EQ(s.mnemonic, "IMAD");
  ASSERT_EQ(s.parts.size(), 1u);
  EXPECT_EQ(s.parts[0].text, "WIDE");
  EXPECT_EQ(s.parts[0].range, (isa::SourceRange{110, 114}));
  ASSERT_EQ(s.operands.size(), 4u);
  EXPECT_EQ(s.operands[0].kind, isa::AsmOperandKind::RegisterRange);
  EXPECT_EQ(s.operands[0].first, 2u);
  EXPECT_EQ(s.operands[0].last, 3u);
  EXPECT_TRUE(s.operands[1].neg && s.operands[1].abs);
  EXPECT_EQ(s.operands[1].name, "R4");
  EXPECT_EQ(s.operands[1].range, (isa::SourceRange{123, 128}));
  EXPECT_EQ(s.operands[1].valueRange, (isa::SourceRange{125, 127}));
  EXPECT_EQ(s.operands[2].integer, 16u);
  EXPECT_EQ(s.operands[3].kind, isa::AsmOperandKind::ConstantMemory);
  EXPECT_EQ(s.operands[3].bank, 1u);
  EXPECT_EQ(s.operands[3].base, "UR5");
  EXPECT_EQ(s.operands[3].offset, -8);
  ASSERT_EQ(out.diagnostics.size(), 1u);
  EXPECT_EQ(out.diagnostics[0].code, isa::DiagnosticCode::DanglingComma);
  EXPECT_EQ(out.diagnostics[0].range, (isa::SourceRange{149, 150}));
}

TEST(LineScanner, KernelExampleTakesTheFastPathOnEveryLine) {
  const std::string text = readFile(GPUASM_SOURCE_DIR "/examples/kernel.asm");
  ScanStats stats;
  ASSERT_TRUE(agrees(text, &stats));
  EXPECT_EQ(stats.fallbackLines, 0u);
  EXPECT_EQ(stats.fastLines, static_cast<std::size_t>(
                                 std::count(text.begin(), text.end(), '\n')));  // every line ends with '\n'
  EXPECT_EQ(lowerText(text).statements.size(), 20u);  // the file's instruction lines, counted by hand
}

TEST(LineScanner, ChunksSpanTheLinesTheirCommentsSpan) {
  const std::string text = "A ; /* x\ny */ B ; /* z\nw */\nC ;";
  EXPECT_EQ(ChunkScanner(text).scan(0).end, text.find("C ;"));
  const std::string hidden = "A ; // /* x\nB ; */";  // a line comment hides the '/*'
  EXPECT_EQ(ChunkScanner(hidden).scan(0).end, hidden.find('\n') + 1);
  const std::string open = "A ; /* x\nB ;";  // never closed: it ends with its line
  const ChunkScan scan = ChunkScanner(open).scan(0);
  EXPECT_EQ(scan.end, open.find('\n') + 1);
  EXPECT_TRUE(scan.unclosedComment);
  ASSERT_EQ(scan.comments.size(), 1u);
  EXPECT_EQ(scan.comments[0], (ByteRange{4, 8}));
}

// ---- differential: lowerText == lower(SyntaxTree) ----------------------------------------------

TEST(LineScannerDifferential, ExampleAndTestFiles) {
  const auto files = sourceFiles();
  ASSERT_GE(files.size(), 7u);  // 5 files in examples/, valid.asm and invalid.asm
  for (const auto& text : files) agrees(text);
}

TEST(LineScannerDifferential, CorpusInputs) {
  const auto inputs = corpusInputs();
  ASSERT_GE(inputs.size(), 18u);
  for (const auto& text : inputs) agrees(text);
}

TEST(LineScannerDifferential, SpecExampleLines) {
  const auto lines = specExampleLines();
  ASSERT_EQ(lines.size(), 135u);  // as counted in SpecExamplesParseTest
  std::string block;
  for (const auto& line : lines) {
    agrees(line);
    block += line + "\n";
  }
  agrees(block);
}

TEST(LineScannerDifferential, TrickyLines) {
  for (const auto& line : trickyLines()) agrees(line);
  std::string all;
  for (const auto& line : trickyLines()) all += line + "\n";
  agrees(all);
}

// A line longer than kPieceBytes is lowered in pieces of whole statements: for valid text the
// statements are those of tree-sitter's parse of the whole line, including ';' in comments,
// a block comment spanning lines in the middle of a statement, and every example line joined.
TEST(LineScannerDifferential, LinesLongerThanAPiece) {
  std::string joined;
  for (const auto& text : sourceFiles())
    for (const auto& line : splitLines(text))
      if (line.find("//") == std::string::npos && line.find("/*") == std::string::npos &&
          line.find(';') != std::string::npos)
        joined += line + " ";
  std::string longLine;
  while (longLine.size() < 3 * kPieceBytes) longLine += joined + "/* ; */ MOV R1, /* a\n ; b */ R0 ; ";
  ASSERT_GT(longLine.size(), 3 * kPieceBytes);
  const std::string text = longLine + "// ; end\nMOV R1, R0 ;\n";
  ASSERT_FALSE(SyntaxTree(text).hasErrors());  // so agrees() compares with the whole-text parse
  EXPECT_TRUE(agrees(text));
}

// Seeded random mutations of all the lines above: characters deleted, inserted or replaced
// from a set that matters to the grammar, lines joined and split.
TEST(LineScannerDifferential, RandomMutations) {
  std::vector<std::string> pool;
  for (const auto& text : sourceFiles())
    for (auto& l : splitLines(text)) pool.push_back(std::move(l));
  for (const auto& text : corpusInputs())
    for (auto& l : splitLines(text)) pool.push_back(std::move(l));
  for (auto& l : specExampleLines()) pool.push_back(std::move(l));
  for (const auto& l : trickyLines()) pool.push_back(l);
  pool.erase(
      std::remove_if(pool.begin(), pool.end(),
                     [](const std::string& l) { return l.find_first_not_of(" \t\r") == std::string::npos; }),
      pool.end());

  const std::string interesting = ".,;[]|-~!@:$/*+ \t\r\n0123456789xfFeEabcRUPZTmxX_";
  const std::vector<std::string> pieces = {"0x", "0f", "/*",   "*/",     "//",    "R[", "c[",
                                           "UR", "PR", "cmem", "$sched", "1.5e3", "-|", "\r\n"};
  std::mt19937 rng(20240601u);
  auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  auto randomChar = [&]() -> std::string {
    const std::size_t r = pick(20);
    if (r == 0) return std::string(1, static_cast<char>(0x80 + pick(0x80)));  // a byte >= 0x80
    if (r == 1) return pieces[pick(pieces.size())];
    return std::string(1, interesting[pick(interesting.size())]);
  };

  // Each mutated text is checked whole, and each of its lines alone.
  constexpr int kCases = 24000;
  ScanStats texts, lines;
  int failures = 0;
  for (int c = 0; c < kCases && failures < 10; ++c) {
    std::string text = pool[pick(pool.size())];
    const std::size_t extraLines = pick(3);
    for (std::size_t k = 0; k < extraLines; ++k) text += "\n" + pool[pick(pool.size())];
    const std::size_t mutations = 1 + pick(3);
    for (std::size_t m = 0; m < mutations; ++m) {
      const std::size_t at = text.empty() ? 0 : pick(text.size() + 1);
      switch (pick(5)) {
        case 0:  // delete
          if (at < text.size()) text.erase(at, 1 + pick(2));
          break;
        case 1:  // insert
          text.insert(at, randomChar());
          break;
        case 2:  // replace
          if (at < text.size()) text.replace(at, 1, randomChar());
          break;
        case 3: {  // join: drop a newline
          const std::size_t nl = text.find('\n', at);
          if (nl != std::string::npos)
            text.erase(nl, 1);
          else
            text += " " + pool[pick(pool.size())];
          break;
        }
        default:  // split: a newline somewhere
          text.insert(at, "\n");
          break;
      }
    }
    bool ok = agrees(text, &texts);
    for (const auto& line : splitLines(text)) ok = agrees(line, &lines) && ok;
    if (!ok) ++failures;
  }
  std::printf("[ mutations ] %d texts: %zu lines fast, %zu by tree-sitter\n", kCases, texts.fastLines,
              texts.fallbackLines);
  std::printf("[ mutations ] their lines alone: %zu fast, %zu by tree-sitter\n", lines.fastLines,
              lines.fallbackLines);
  EXPECT_GT(lines.fastLines, 0u);
  EXPECT_GT(lines.fallbackLines, 0u);
}

// ---- recycled statements (issue 41) ------------------------------------------------------------

// Lowers `text` piece by piece as the batch assembler does (syntax/Chunks.h: chunks cut into
// pieces, each lowered by lowerPiece), into one LoweredUnit; with `recycle`, each piece's
// statements are handed back through `spare` before the next piece, as the assembler does.
// Returns every piece's statements and diagnostics in order.
LoweredUnit lowerPieceByPiece(std::string_view text, bool recycle) {
  LoweredUnit all, scratch;
  std::vector<isa::AsmDiagnostic> syntaxDiagnostics;
  ChunkScanner chunks(text, false);
  std::vector<ChunkPiece> pieces;
  std::uint32_t lineNo = 0;
  for (std::uint32_t at = 0; at < text.size();) {
    const std::uint32_t end = chunks.scan(at).end;
    cutChunk(text, at, end, lineNo, pieces);
    for (const ChunkPiece& piece : pieces) {
      if (recycle)
        for (isa::AsmStatement& s : scratch.statements) scratch.spare.push_back(std::move(s));
      else
        scratch = LoweredUnit{};
      scratch.statements.clear();
      scratch.diagnostics.clear();
      syntaxDiagnostics.clear();
      lowerPiece(text, piece, scratch, syntaxDiagnostics);
      all.diagnostics.insert(all.diagnostics.end(), syntaxDiagnostics.begin(), syntaxDiagnostics.end());
      all.diagnostics.insert(all.diagnostics.end(), scratch.diagnostics.begin(), scratch.diagnostics.end());
      all.statements.insert(all.statements.end(), scratch.statements.begin(), scratch.statements.end());
    }
    lineNo += countNewlines(text.substr(at, end - at));
    at = end;
  }
  return all;
}

// A statement lowered into a recycled one (its storage kept from the statement before) equals
// one lowered fresh, field by field: every example and test file, the tricky lines and the
// spec's example lines, in order and reversed (so guarded statements follow unguarded ones,
// long operand lists short ones, selectors and addresses statements without them).
TEST(LineScannerDifferential, RecycledStatementsLowerAsFreshOnes) {
  std::vector<std::string> lines;
  for (const auto& text : sourceFiles())
    for (const auto& line : splitLines(text)) lines.push_back(line);
  for (const auto& line : trickyLines()) lines.push_back(line);
  for (const auto& line : specExampleLines()) lines.push_back(line);
  std::string forward, backward;
  for (const auto& line : lines) forward += line + "\n";
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) backward += *it + "\n";
  for (const std::string& text : {forward, backward}) {
    const LoweredUnit recycled = lowerPieceByPiece(text, true);
    const LoweredUnit fresh = lowerPieceByPiece(text, false);
    ASSERT_GT(fresh.statements.size(), 500u);
    EXPECT_EQ(testsupport::firstDifference(recycled, fresh), "");
  }
}

// Every field of a recycled statement is back at its default (the parts and operands emptied).
TEST(LineScannerDifferential, RecycledStatementIsAFreshOne) {
  LoweredUnit unit;
  ASSERT_TRUE(
      scanLine("@!P2 IADD.X.U32 R1, PT, -|R3.B1|, c[0x3][UR4+0x10], ~R5, R[2:3], 0x10, 0.5 ;", 7, 4, unit));
  ASSERT_EQ(unit.statements.size(), 1u);
  isa::AsmStatement s = unit.statements.front();
  ASSERT_TRUE(s.guard.has_value());
  s.hasError = true;
  recycledStatement(s);
  LoweredUnit recycled, fresh;
  recycled.statements.push_back(s);
  fresh.statements.emplace_back();
  EXPECT_EQ(testsupport::firstDifference(recycled, fresh), "");
  EXPECT_GE(s.operands.capacity(), 8u);  // the storage is kept
}
}  // namespace
}  // namespace gpuasm::syntax
