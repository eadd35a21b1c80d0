// Document symbols: one per statement, grouped by the section rule of docs/LANGUAGE.md
// ("Sections"); the opcode names come from the spec's __DefOpcode lines.
#include "Annotated.h"

#include <gpuasm/ide/asm/DocumentSymbols.h>

#include <gtest/gtest.h>

namespace gpuasm::featuretest {
namespace {

using K = ide::DocumentSymbolKind;

std::string textOf(const Annotated& a, syntax::ByteRange r) {
  return a.text.substr(r.begin, r.end - r.begin);
}

TEST(DocumentSymbols, OneSymbolPerInstruction) {
  const Annotated a(
      "[[@P0 [[IMAD.WIDE.U32]] R[0:1], R2, R3, R[4:5] ;]] // wide\n[[[[MOV]] R1, R0 ;]] [[[[IADD.SAT]] R0, "
      "R1, R2 ;]]\n");
  const auto symbols = ide::getDocumentSymbols(*a.snapshot());
  ASSERT_EQ(symbols.size(), 3u);
  EXPECT_EQ(symbols[0].name, "IMAD.WIDE.U32");
  EXPECT_EQ(symbols[0].detail, "IMAD_WIDE_RRR");  // 000_ialu.txt:543
  EXPECT_EQ(symbols[0].kind, K::Instruction);
  EXPECT_EQ(symbols[0].range, a.ranges[1]);
  EXPECT_EQ(symbols[0].selectionRange, a.ranges[0]);
  EXPECT_EQ(symbols[1].name, "MOV");
  EXPECT_EQ(symbols[1].detail, "MOV_R");  // 000_ialu.txt:2495
  EXPECT_EQ(symbols[1].range, a.ranges[3]);
  EXPECT_EQ(symbols[1].selectionRange, a.ranges[2]);
  EXPECT_EQ(symbols[2].name, "IADD.SAT");
  EXPECT_EQ(symbols[2].detail, "");  // IADD has no .SAT: it does not assemble
  EXPECT_EQ(symbols[2].range, a.ranges[5]);
}

// Lines: 0-1 an introduction that a blank line separates from code (no header); 5 a banner
// header; 9 a directive (not a title); 11 a comment after code (not a header); 14 a header.
constexpr const char* kSections =
    "// Demo listing\n"
    "// (intro)\n"
    "\n"
    "IADD R0, R1, R2 ;\n"
    "\n"
    "// ---- [[Setup]] ----\n"
    "@P0 IMAD.WIDE.U32 R[0:1], R2, R3, R[4:5] ;\n"
    "MOV R1, R0 ;\n"
    "\n"
    "// @state R0 = 0x1\n"
    "IADD.SAT R0, R1, R2 ;\n"
    "// Loop body\n"
    "FADD R1, R1, R2 ;[[]]\n"
    "\n"
    "//   [[Tail]]\n"
    "MOV R2, R1 ;[[]]\n";

TEST(DocumentSymbols, SectionsOpenAtCommentHeadersAfterABlankLine) {
  const Annotated a(kSections);
  const auto symbols = ide::getDocumentSymbols(*a.snapshot());
  ASSERT_EQ(symbols.size(), 3u);
  EXPECT_EQ(symbols[0].name, "IADD");
  EXPECT_EQ(symbols[0].kind, K::Instruction);

  const auto& setup = symbols[1];
  EXPECT_EQ(setup.name, "Setup");
  EXPECT_EQ(setup.kind, K::Section);
  EXPECT_EQ(setup.selectionRange, a.ranges[0]);
  EXPECT_EQ(setup.range.begin, a.text.find("// ----"));
  EXPECT_EQ(setup.range.end, a.ranges[1].begin);  // the end of its last non-blank line
  ASSERT_EQ(setup.children.size(), 4u);
  EXPECT_EQ(setup.children[0].name, "IMAD.WIDE.U32");
  EXPECT_EQ(setup.children[1].name, "MOV");
  EXPECT_EQ(setup.children[2].name, "IADD.SAT");
  EXPECT_EQ(setup.children[3].name, "FADD");
  EXPECT_EQ(setup.children[3].detail, "FADD_RR");

  const auto& tail = symbols[2];
  EXPECT_EQ(tail.name, "Tail");
  EXPECT_EQ(tail.selectionRange, a.ranges[2]);
  EXPECT_EQ(tail.range.end, a.ranges[3].begin);
  ASSERT_EQ(tail.children.size(), 1u);
  EXPECT_EQ(textOf(a, tail.children[0].range), "MOV R2, R1 ;");
}

TEST(DocumentSymbols, AHeaderNeedsAStatementRightAfterIt) {
  // The first comment is followed by a blank line; the banner has no words; the last comment
  // is followed by nothing.
  const Annotated a("// intro\n\nMOV R1, R0 ;\n\n// -------\nMOV R2, R0 ;\n\n// trailing\n");
  const auto symbols = ide::getDocumentSymbols(*a.snapshot());
  ASSERT_EQ(symbols.size(), 2u);
  EXPECT_EQ(symbols[0].kind, K::Instruction);
  EXPECT_EQ(symbols[1].kind, K::Instruction);
  // A banner line above a titled line: the title is the first line with words.
  const Annotated b("\n// =====\n// [[Reduce]]\n// =====\nMOV R1, R0 ;\n");
  const auto s = ide::getDocumentSymbols(*b.snapshot());
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].name, "Reduce");
  EXPECT_EQ(s[0].selectionRange, b.ranges[0]);
  EXPECT_EQ(s[0].children.size(), 1u);
}

TEST(DocumentSymbols, BadInputNeverCrashes) {
  EXPECT_TRUE(ide::getDocumentSymbols(*Annotated("").snapshot()).empty());
  EXPECT_TRUE(ide::getDocumentSymbols(*Annotated("/* never closed\n// x\n").snapshot()).empty());
  const Annotated bad("\xff\xfe\n// \xc3 title\nIADD R0, R1, R2 ;\n%%%% ;\n");
  for (const auto& s : ide::getDocumentSymbols(*bad.snapshot())) {
    EXPECT_LE(s.range.end, bad.text.size());
    EXPECT_LE(s.range.begin, s.selectionRange.begin);
    EXPECT_LE(s.selectionRange.end, s.range.end);
  }
  std::string longLine;
  for (int i = 0; i < 5000; ++i) longLine += "IADD R0, R1, R2 ; ";
  EXPECT_EQ(ide::getDocumentSymbols(*Annotated(longLine).snapshot()).size(), 5000u);
}

}  // namespace
}  // namespace gpuasm::featuretest
