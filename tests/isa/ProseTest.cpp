// The markdown of the spec's prose (isa/Prose.h): tables cut out of a text with their cells as
// the spec writes them (the irregular spacing of 000:272-281 and 000:484-492, the escaped pipes
// of 000:1701-1705), alignment from the delimiter row, rows of another width widened to the
// widest, `|` lines without a delimiter row left as prose, fences never read as tables; and the
// count of tables the five spec files hold in each prose section, counted by hand from the files.
#include "TestSpec.h"

#include <gpuasm/isa/Prose.h>
#include <gpuasm/isa/Text.h>

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace gpuasm::isa {
namespace {

using Cells = std::vector<std::string>;

TEST(Prose, TableCellsAreTrimmedAndEscapedPipesKept) {
  EXPECT_EQ(tableCells("| GPR |cmem |"), (Cells{"GPR", "cmem"}));          // 000:277
  EXPECT_EQ(tableCells("| GPR | cmem|"), (Cells{"GPR", "cmem"}));          // 000:489
  EXPECT_EQ(tableCells("|UImm32| GPR |"), (Cells{"UImm32", "GPR"}));       // 000:2291
  EXPECT_EQ(tableCells("| .OR  | \\|\\| |"), (Cells{".OR", "||"}));        // 000:1704
  EXPECT_EQ(tableCells("|    | .BM | .BF |"), (Cells{"", ".BM", ".BF"}));  // 004:948
  EXPECT_EQ(tableCells("| a | b"), (Cells{"a", "b"}));                     // no trailing pipe
  EXPECT_EQ(tableCells("| a \\|"), (Cells{"a |"}));  // an escaped pipe does not close the row
  EXPECT_TRUE(tableCells("no pipe here").empty());
}

TEST(Prose, DelimiterRows) {
  EXPECT_TRUE(isTableDelimiter("|:--:|:--:|"));
  EXPECT_TRUE(isTableDelimiter("| :--: | :--- |"));  // 000:2313
  EXPECT_TRUE(isTableDelimiter("|:-------:|:----|:----|"));
  EXPECT_FALSE(isTableDelimiter("| GPR | GPR |"));
  EXPECT_FALSE(isTableDelimiter("|::|"));
  EXPECT_FALSE(isTableDelimiter("---"));  // a rule, not a table row
}

TEST(Prose, ATableBetweenParagraphsWithItsAlignmentAndIrregularCells) {
  // IMAD's __OperandInfo, 000:268-284, as the spec writes it.
  const std::string text =
      "操作数SrcB和SrcC的合法来源组合如下：\n"
      "\n"
      "| SrcB | SrcC |\n"
      "|:--:|:--:|\n"
      "| GPR | GPR |\n"
      "| GPR |cmem |\n"
      "|cmem | GPR |\n"
      "| UR  | GPR |\n"
      "\n"
      "启用.LO修饰符时，……\n";
  const std::vector<ProseBlock> blocks = proseBlocks(text);
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].kind, ProseBlock::Kind::Text);
  EXPECT_EQ(blocks[0].text, "操作数SrcB和SrcC的合法来源组合如下：");
  ASSERT_EQ(blocks[1].kind, ProseBlock::Kind::Table);
  const ProseTable& t = blocks[1].table;
  EXPECT_EQ(t.header, (Cells{"SrcB", "SrcC"}));
  EXPECT_EQ(t.align, (std::vector<ColumnAlign>{ColumnAlign::Center, ColumnAlign::Center}));
  EXPECT_EQ(t.rows, (std::vector<Cells>{{"GPR", "GPR"}, {"GPR", "cmem"}, {"cmem", "GPR"}, {"UR", "GPR"}}));
  EXPECT_EQ(blocks[2].kind, ProseBlock::Kind::Text);
  EXPECT_EQ(blocks[2].text, "启用.LO修饰符时，……");
}

TEST(Prose, ATableRightUnderAParagraphLineIsStillATable) {
  // IADD 000:142-145: no blank line between the sentence and the header.
  const auto blocks =
      proseBlocks("启用.X修饰符后，需要额外2个操作数pu和pp：\n| pu | pp |\n|:--:|:--:|\n| PR | PR |");
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].text, "启用.X修饰符后，需要额外2个操作数pu和pp：");
  ASSERT_EQ(blocks[1].kind, ProseBlock::Kind::Table);
  EXPECT_EQ(blocks[1].table.header, (Cells{"pu", "pp"}));
  EXPECT_EQ(blocks[1].table.rows, (std::vector<Cells>{{"PR", "PR"}}));
}

TEST(Prose, AlignmentOfEachDelimiterCell) {
  const auto blocks = proseBlocks("| a | b | c | d |\n| --- | :-- | :-: | --: |\n| 1 | 2 | 3 | 4 |");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].table.align, (std::vector<ColumnAlign>{ColumnAlign::None, ColumnAlign::Left,
                                                             ColumnAlign::Center, ColumnAlign::Right}));
}

TEST(Prose, RowsOfAnotherWidthAreWidenedToTheWidest) {
  // A short row gets empty cells; a long one widens the table (header and alignment padded)
  // rather than losing its last cell.
  const auto blocks = proseBlocks("| a | b |\n|:--|--:|\n| 1 |\n| 1 | 2 | 3 |");
  ASSERT_EQ(blocks.size(), 1u);
  const ProseTable& t = blocks[0].table;
  EXPECT_EQ(t.header, (Cells{"a", "b", ""}));
  EXPECT_EQ(t.align, (std::vector<ColumnAlign>{ColumnAlign::Left, ColumnAlign::Right, ColumnAlign::None}));
  EXPECT_EQ(t.rows, (std::vector<Cells>{{"1", "", ""}, {"1", "2", "3"}}));
}

TEST(Prose, PipeLinesWithoutADelimiterRowAndFencedLinesAreNotTables) {
  const auto noDelimiter = proseBlocks("| a | b |\n| 1 | 2 |");
  ASSERT_EQ(noDelimiter.size(), 1u);
  EXPECT_EQ(noDelimiter[0].kind, ProseBlock::Kind::Text);
  EXPECT_EQ(noDelimiter[0].text, "| a | b |\n| 1 | 2 |");

  const auto fenced = proseBlocks("before\n```asm\n| a | b |\n|:--|:--|\n```\nafter");
  ASSERT_EQ(fenced.size(), 3u);
  EXPECT_EQ(fenced[1].kind, ProseBlock::Kind::Code);
  EXPECT_EQ(fenced[1].info, "asm");
  EXPECT_EQ(fenced[1].text, "| a | b |\n|:--|:--|");
  EXPECT_EQ(fenced[2].text, "after");

  const auto unclosed = proseBlocks("```\nx = 1;\n");
  ASSERT_EQ(unclosed.size(), 1u);
  EXPECT_EQ(unclosed[0].kind, ProseBlock::Kind::Code);
  EXPECT_EQ(unclosed[0].text, "x = 1;\n");
}

TEST(Prose, ATextWithoutTablesIsOneBlockWithItsBlankLines) {
  const auto blocks = proseBlocks("\n第一段\r\n\n- 列表\n\n");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].text, "第一段\n\n- 列表");
  EXPECT_TRUE(proseBlocks("\n  \n").empty());
}

// The tables of the spec's prose, per section kind: counted by hand from the five spec files
// (a `|` header with a delimiter row under it): none in __Description, 18 in __OperandInfo
// (IADD, IMAD ×2, IMAD_WIDE, IDP2A, IDP4A, LEA, SHF, PRMT; UIADD, UIMAD ×2, UIMAD_WIDE, ULEA,
// USHF, UPRMT; SHFL; FFMA), 34 in __ModifierInfo and 9 in MUFU's __Semantics (003:101-183).
TEST(Prose, TheSpecsTablesAreAllRead) {
  std::map<std::string, int> tables;
  std::map<std::string, int> rows;
  for (const Optype& o : test::db().optypes()) {
    const std::pair<const char*, const Prose*> sections[] = {{"Description", &o.docs.description},
                                                             {"OperandInfo", &o.docs.operandInfo},
                                                             {"ModifierInfo", &o.docs.modifierInfo},
                                                             {"Semantics", &o.docs.semantics}};
    for (const auto& [name, prose] : sections)
      for (const ProseBlock& b : proseBlocks(prose->text))
        if (b.kind == ProseBlock::Kind::Table) {
          ++tables[name];
          rows[name] += static_cast<int>(b.table.rows.size());
          for (const auto& row : b.table.rows) EXPECT_EQ(row.size(), b.table.header.size()) << o.name;
        }
  }
  EXPECT_EQ(tables["Description"], 0);
  EXPECT_EQ(tables["OperandInfo"], 18);
  EXPECT_EQ(tables["ModifierInfo"], 34);
  EXPECT_EQ(tables["Semantics"], 9);
  // MUFU's special-value tables, 003:101-183: 4 + 4 + 5 + 5 + 7 + 6 + 7 + 6 + 5 rows.
  EXPECT_EQ(rows["Semantics"], 49);
}

TEST(Text, DisplayWidthCountsWideCharactersTwice) {
  EXPECT_EQ(text::displayWidth("GPR"), 3u);
  EXPECT_EQ(text::displayWidth("功能"), 4u);
  EXPECT_EQ(text::displayWidth(".S32（默认值，可省略）"), 4u + 2 * 9);  // fullwidth brackets and comma
  EXPECT_EQ(text::displayWidth("±Inf"), 4u);
  EXPECT_EQ(text::displayWidth("e\xCC\x81"), 1u);  // e and a combining acute
  EXPECT_EQ(text::displayWidth("\xFF"
                               "a"),
            2u);  // a byte that is not UTF-8 takes a column
}

}  // namespace
}  // namespace gpuasm::isa
