// Folding: block comments, runs of `//` lines and the sections of docs/LANGUAGE.md; line
// numbers counted by hand in each snippet.
#include "Annotated.h"

#include <gpuasm/ide/asm/Folding.h>

#include <gtest/gtest.h>

namespace gpuasm::featuretest {
namespace {

using F = ide::FoldingRange;
using K = ide::FoldingKind;

std::vector<F> folds(const std::string& text) {
  return ide::getFoldingRanges(*ide::Snapshot::analyse(db(), text));
}

TEST(Folding, CommentsAndSections) {
  const std::string text =
      "// Demo listing\n"     // 0  comment run 0-1
      "// (intro)\n"          // 1
      "\n"                    // 2
      "IADD R0, R1, R2 ;\n"   // 3
      "\n"                    // 4
      "// ---- Setup ----\n"  // 5  section 5-10
      "MOV R1, R0 ;\n"        // 6
      "/* a block\n"          // 7  block comment 7-9
      "   comment */\n"       // 8
      "MOV R1, R0 ; /* x\n"   // 9
      "*/ MOV R2, R0 ;\n"     // 10 (the block comment 9-10 starts after code)
      "\n"                    // 11
      "// Tail\n"             // 12 section 12-14, its header a run 12-13
      "// more words\n"       // 13
      "MOV R2, R1 ;\n";       // 14
  EXPECT_EQ(folds(text), (std::vector<F>{{0, 1, K::Comment},
                                         {5, 10, K::Region},
                                         {7, 8, K::Comment},
                                         {9, 10, K::Comment},
                                         {12, 14, K::Region}}));
}

TEST(Folding, ASingleLineFoldsNothing) {
  EXPECT_TRUE(folds("MOV R1, R0 ; // one\n/* one line */\n").empty());
  // A section of one line (header and statement are two lines, so it folds).
  EXPECT_EQ(folds("// S\nMOV R1, R0 ;"), (std::vector<F>{{0, 1, K::Region}}));
  // `//` inside a block comment is not a comment line of its own.
  EXPECT_EQ(folds("/*\n// a\n// b\n*/\n"), (std::vector<F>{{0, 3, K::Comment}}));
  // CRLF lines count the same.
  EXPECT_EQ(folds("// a\r\n// b\r\n\r\nMOV R1, R0 ;\r\n"), (std::vector<F>{{0, 1, K::Comment}}));
}

TEST(Folding, BadInputNeverCrashes) {
  EXPECT_TRUE(folds("").empty());
  // A '/*' never closed comments out its own line only (docs/LANGUAGE.md).
  EXPECT_EQ(folds("/* never closed\n// a\n// b\n"), (std::vector<F>{{1, 2, K::Comment}}));
  for (const F& f : folds("\xff\n// \xc3\n// \xfe\n%%% ;\n")) EXPECT_LT(f.startLine, f.endLine);
  std::string longLine = "// ";
  longLine.append(200000, 'x');
  EXPECT_EQ(folds(longLine + "\n" + longLine + "\n"), (std::vector<F>{{0, 1, K::Comment}}));
}

}  // namespace
}  // namespace gpuasm::featuretest
