// Formatting: the expected layouts are written by hand from the rule in docs/LANGUAGE.md
// ("Formatting"); the properties (idempotence, same encodings) run over examples/*.asm.
#include "Annotated.h"

#include <gpuasm/ide/asm/Formatting.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuasm::featuretest {
namespace {

std::string applied(std::string text, const std::vector<syntax::TextEdit>& edits) {
  for (auto e = edits.rbegin(); e != edits.rend(); ++e)
    text.replace(e->begin, e->end - e->begin, e->replacement);
  return text;
}

std::string formatted(const std::string& text, const ide::FormatOptions& options = {}) {
  const auto snap = ide::Snapshot::analyse(db(), text);
  const auto edits = ide::formatDocument(*snap, options);
  for (std::size_t i = 1; i < edits.size(); ++i) EXPECT_LE(edits[i - 1].end, edits[i].begin);
  return applied(text, edits);
}

std::string replaceAll(std::string s, std::string_view from, std::string_view to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

// Block 1 (lines 0-2): the first mnemonic is at column 2, but the guard @!P0 needs 5 columns,
// so mnemonics start at column 5; the longest mnemonic, IMAD.WIDE.U32 (13), puts operands at
// column 19; comments go one column after the longest commented code (line 2, 40 columns).
// Block 2 (lines 4-7): mnemonics stay at column 6, FADD.FTZ.SAT.RZ (15) puts operands at 22;
// line 6 does not parse (no ',' between R1 and R2) and stays as written.
constexpr const char* kMessy =
    "  IADD   R0,R1 ,  R2;// sum\n"
    "@!P0 IMAD.WIDE.U32 R[0:1],R2, 0x4 ,R[4:5]  ;\n"
    "MOV R1,R0; MOV   R2 , R3 ;   /* two */\n"
    "\n"
    "      FADD.FTZ.SAT.RZ R0,-|R1|,-0.25 ;\n"
    "FMUL R0 , R1,R2 ; // x\n"
    "IADD R0, R1 R2 ;    // broken: left alone\n"
    "IMAD.U32 R0, P0, R2, 0x114514, R4,   ;\n";

constexpr const char* kMessyFormatted =
    "     IADD          R0, R1, R2 ;          // sum\n"
    "@!P0 IMAD.WIDE.U32 R[0:1], R2, 0x4, R[4:5] ;\n"
    "     MOV           R1, R0 ; MOV R2, R3 ; /* two */\n"
    "\n"
    "      FADD.FTZ.SAT.RZ R0, -|R1|, -0.25 ;\n"
    "      FMUL            R0, R1, R2 ; // x\n"
    "IADD R0, R1 R2 ;    // broken: left alone\n"
    "      IMAD.U32        R0, P0, R2, 0x114514, R4, ;\n";

TEST(Formatting, AlignsEachBlockInColumns) {
  EXPECT_EQ(formatted(kMessy), kMessyFormatted);
  EXPECT_EQ(formatted(kMessyFormatted), kMessyFormatted);
}

TEST(Formatting, KeepsCrLfAndEditsOnlyLinesThatChange) {
  const std::string crlf = replaceAll(kMessy, "\n", "\r\n");
  const auto snap = ide::Snapshot::analyse(db(), crlf);
  const auto edits = ide::formatDocument(*snap, {});
  EXPECT_EQ(applied(crlf, edits), replaceAll(kMessyFormatted, "\n", "\r\n"));
  EXPECT_EQ(edits.size(), 6u);  // the blank line and the broken line are left alone
  for (const auto& e : edits) {
    EXPECT_EQ(e.replacement.find('\n'), std::string::npos);
    EXPECT_EQ(crlf.substr(e.begin, e.end - e.begin).find('\n'), std::string::npos);
  }
  // Edits replace only what differs: on line 5 from the line start up to "R2 ; // x", which the
  // old and the new line share.
  const std::size_t fmul = crlf.find("FMUL");
  const std::size_t kept = crlf.find("R2 ; // x");
  EXPECT_TRUE(std::any_of(edits.begin(), edits.end(),
                          [&](const auto& e) { return e.begin == fmul && e.end == kept; }));
}

TEST(Formatting, ARangeGetsTheSameLinesAsTheDocument) {
  // Only line 2 (MOV ... MOV) is asked for; its columns still come from its whole block.
  const std::string text = kMessy;
  const auto snap = ide::Snapshot::analyse(db(), text);
  const syntax::ByteRange line2{static_cast<std::uint32_t>(text.find("MOV R1")),
                                static_cast<std::uint32_t>(text.find("/* two"))};
  const auto edits = ide::formatRange(*snap, line2, {});
  ASSERT_EQ(edits.size(), 1u);
  const std::string out = applied(text, edits);
  EXPECT_NE(out.find("\n     MOV           R1, R0 ; MOV R2, R3 ; /* two */\n"), std::string::npos) << out;
  EXPECT_EQ(out.substr(0, line2.begin), text.substr(0, line2.begin));
}

TEST(Formatting, IndentationWithTabs) {
  // A tab is 4 columns: the mnemonic column is 4; with tabs the indentation stays one tab.
  EXPECT_EQ(formatted("\tIADD  R0, R1, R2;\n  MOV R1, R0 ;\n", {4, false}),
            "\tIADD R0, R1, R2 ;\n\tMOV  R1, R0 ;\n");
  EXPECT_EQ(formatted("\tIADD  R0, R1, R2;\n  MOV R1, R0 ;\n", {4, true}),
            "    IADD R0, R1, R2 ;\n    MOV  R1, R0 ;\n");
}

TEST(Formatting, CommentsAndUnparsedLinesAreNeverTouched) {
  const std::string text =
      "/* IADD   R0,R1,R2 ; */\n"
      "IADD R0, /* inside */ R1,R2 ;\n"  // a comment inside the statement: the line is left alone
      "MOV R1,R0 ; /* spans\n"
      "   lines */ MOV R2,R0 ;\n"
      "IADD R0, R1, R2\n"  // missing ';'
      "// IADD   R0,R1,R2 ;   \n"
      "IADD R0, R1, R2 ; /* unclosed\n";
  EXPECT_EQ(formatted(text), text);
}

TEST(Formatting, BadInputNeverCrashes) {
  EXPECT_EQ(formatted(""), "");
  EXPECT_EQ(formatted("\xff\xfe IADD R0,R1,R2 ;\n"), "\xff\xfe IADD R0,R1,R2 ;\n");  // does not parse
  // Non-ASCII in a trailing comment counts one column per character.
  EXPECT_EQ(formatted("MOV R0,R1; // 表示\nMOV.64 R[0:1],R[2:3]; // x\n"),
            "MOV    R0, R1 ;         // 表示\nMOV.64 R[0:1], R[2:3] ; // x\n");
  std::string longLine;
  for (int i = 0; i < 5000; ++i) longLine += "IADD R0,R1,R2 ; ";
  std::string want = "IADD R0, R1, R2 ;";
  for (int i = 1; i < 5000; ++i) want += " IADD R0, R1, R2 ;";
  EXPECT_EQ(formatted(longLine), want);
}

std::vector<std::filesystem::path> examples() {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(GPUASM_EXAMPLES_DIR))
    if (e.path().extension() == ".asm") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Formatting, ExamplesAreIdempotentAndAssembleToTheSameWords) {
  const auto files = examples();
  ASSERT_GE(files.size(), 4u);
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    const std::string original = readFile(file);
    const std::string once = formatted(original);
    EXPECT_EQ(formatted(once), once);
    EXPECT_EQ(formatted(replaceAll(original, "\n", "\r\n")), replaceAll(once, "\n", "\r\n"));
    const auto before = ide::Snapshot::analyse(db(), original);
    const auto after = ide::Snapshot::analyse(db(), once);
    const auto a = before->statementsIn({0, static_cast<std::uint32_t>(original.size())});
    const auto b = after->statementsIn({0, static_cast<std::uint32_t>(once.size())});
    ASSERT_EQ(a.size(), b.size());
    std::size_t assembled = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(a[i].inst.has_value(), b[i].inst.has_value()) << i;
      EXPECT_EQ(a[i].statement.line, b[i].statement.line);
      if (!a[i].inst) continue;
      ++assembled;
      EXPECT_EQ(a[i].encoding.toHex(), b[i].encoding.toHex()) << i;
    }
    EXPECT_EQ(before->diagnostics().size(), after->diagnostics().size());
    if (file.filename() == "kernel.asm") {
      EXPECT_EQ(assembled, a.size());
    }
  }
}

}  // namespace
}  // namespace gpuasm::featuretest
