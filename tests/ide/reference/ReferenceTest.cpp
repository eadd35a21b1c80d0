// The instruction reference (`gpuasm doc`, ide/reference/Reference.h): a page for every
// instruction type and type, encoding diagrams whose boxes sit exactly at the database's field
// bits (recomputed here from each rect's geometry), spec text escaped for HTML, every local link
// resolving to a page and an id on it, and the examples' words and registers, worked out by hand
// from the example state the page states.
#include <gpuasm/ide/reference/InstructionReference.h>
#include <gpuasm/ide/reference/Reference.h>
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/InstrDb.h>

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace gpuasm::ide {
namespace {

using Pages = std::map<std::string, std::string>;

Pages render(const isa::InstrDb& db) {
  Pages pages;
  renderReference(db, [&](ReferencePage&& p) {
    EXPECT_TRUE(pages.emplace(p.file, std::move(p.text)).second) << "written twice: " << p.file;
  });
  return pages;
}

const isa::InstrDb& embedded() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

/// The value of attribute `name` in a tag's text, empty when absent.
std::string attribute(const std::string& tag, const std::string& name) {
  const std::regex re("\\s" + name + "=\"([^\"]*)\"");
  std::smatch m;
  return std::regex_search(tag, m, re) ? m[1].str() : std::string();
}

std::vector<std::string> tags(const std::string& text, const std::string& element) {
  std::vector<std::string> out;
  const std::regex re("<" + element + "\\s[^>]*>");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}

TEST(Reference, EveryOptypeAndTypeHasAPageAndTheIndexLinksEveryInstruction) {
  const isa::InstrDb& db = embedded();
  const Pages pages = render(db);
  EXPECT_EQ(pages.size(), 4 + db.optypes().size() + db.types().size());
  ASSERT_TRUE(pages.contains("index.html"));
  ASSERT_TRUE(pages.contains("errata.html"));
  const std::string& index = pages.at("index.html");
  for (const isa::Optype& o : db.optypes()) {
    const std::string file = referenceOf(o).file;
    EXPECT_EQ(file, "instruction-" + o.name + ".html");
    ASSERT_TRUE(pages.contains(file)) << o.name;
    EXPECT_NE(pages.at(file).find("<h1>" + escapeHtml(o.mnemonic) + "</h1>"), std::string::npos) << o.name;
    EXPECT_NE(index.find("href=\"" + file + "\""), std::string::npos) << o.name;
    for (const std::uint32_t i : o.opcodes)
      EXPECT_NE(pages.at(file).find("data-opcode=\"" + db.opcodes()[i].name + "\""), std::string::npos);
  }
  for (const isa::BitFieldType& t : db.types()) EXPECT_TRUE(pages.contains(referenceOf(t).file)) << t.name;
  // The links an editor would open: the variant's section on its optype's page.
  const isa::Opcode* rrr = db.opcode("SHFL_RRR");
  ASSERT_NE(rrr, nullptr);
  EXPECT_EQ(referenceOf(db, *rrr).href(), "instruction-SHFL.html#variant-SHFL_RRR");
  EXPECT_EQ(referenceOf(*db.erratum("L-61")).href(), "errata.html#L-61");
  EXPECT_EQ(referenceOf(*db.group("SYNCOp")).href(), "index.html#group-SYNCOp");
}

/// Per bit, the field whose box covers it by the rect's geometry ("" reserved); fails on a bit
/// drawn twice or a box whose attributes disagree with its geometry.
std::vector<std::string> bitsFromGeometry(const std::string& svg, const std::string& opcode) {
  using G = DiagramGeometry;
  std::vector<std::string> owner(128, "?");
  for (const std::string& rect : tags(svg, "rect")) {
    const int x = std::stoi(attribute(rect, "x")), y = std::stoi(attribute(rect, "y"));
    const int width = std::stoi(attribute(rect, "width"));
    EXPECT_EQ((x - G::kLeft) % G::kBitWidth, 0) << rect;
    EXPECT_EQ(width % G::kBitWidth, 0) << rect;
    EXPECT_EQ((y - G::kTop) % (G::kRowHeight + G::kRowGap), 0) << rect;
    const int row = (y - G::kTop) / (G::kRowHeight + G::kRowGap);
    const int msb = 32 * (3 - row) + 31 - (x - G::kLeft) / G::kBitWidth;
    const int lsb = msb - width / G::kBitWidth + 1;
    EXPECT_EQ(attribute(rect, "data-msb"), std::to_string(msb)) << opcode << rect;
    EXPECT_EQ(attribute(rect, "data-lsb"), std::to_string(lsb)) << opcode << rect;
    const std::string field = attribute(rect, "data-field");
    EXPECT_EQ(field.empty(), attribute(rect, "data-kind") == "reserved") << opcode << rect;
    for (int b = lsb; b <= msb; ++b) {
      EXPECT_EQ(owner[static_cast<std::size_t>(b)], "?") << opcode << ": bit " << b << " drawn twice";
      owner[static_cast<std::size_t>(b)] = field;
    }
  }
  return owner;
}

TEST(Reference, EveryDiagramsBoxesCoverExactlyTheFieldsBits) {
  const isa::InstrDb& db = embedded();
  for (const isa::Opcode& op : db.opcodes()) {
    std::vector<std::string> expected(128, "");
    for (const isa::Field& f : op.fields)
      for (std::uint32_t b = f.offset; b < f.offset + f.width; ++b) expected[b] = f.name;
    EXPECT_EQ(bitsFromGeometry(encodingDiagram(db, op), op.name), expected) << op.name;
  }
  // By hand (002_sync.txt:47, 44): SHFL's rd is field<16, 8>, so bits 23..16 in the bottom row
  // (bits 31..0), 8 cells from the left edge: x = 8 + 8·22 = 184, 176 wide; stype==RRR (an SType
  // enumerator, prelude) is fixed and shows the enumerator's name.
  const std::string svg = encodingDiagram(db, *db.opcode("SHFL_RRR"));
  EXPECT_NE(svg.find("<rect class=\"box k-register\" x=\"184\" y=\"176\" width=\"176\" height=\"38\" "
                     "data-kind=\"register\" data-field=\"rd\" data-msb=\"23\" data-lsb=\"16\"/>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find(">RRR ("), std::string::npos);
}

TEST(Reference, SpecTextIsEscaped) {
  EXPECT_EQ(escapeHtml("a<b && c>\"d'"), "a&lt;b &amp;&amp; c&gt;&quot;d&#39;");
  std::vector<isa::SpecFile> files = isa::embeddedSpecFiles();
  const std::string anchor = "在同一个warp的参与线程之间进行GPR值的交换";
  bool mutated = false;
  for (isa::SpecFile& f : files)
    if (const auto at = f.text.find(anchor); at != std::string::npos) {
      f.text.insert(at, "<script>alert(1)</script> R0 < R1 && R2 > R3, see IADD: ");
      mutated = true;
    }
  ASSERT_TRUE(mutated);
  const isa::SpecLoad load = isa::loadSpec(std::move(files));
  const Pages pages = render(*load.db);
  const std::string& page = pages.at("instruction-SHFL.html");
  // Escaped, and a name of the database in prose is a link.
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt; R0 &lt; R1 &amp;&amp; R2 &gt; R3, see "
                      "<a href=\"instruction-IADD.html\">IADD</a>: " +
                      anchor),
            std::string::npos);
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_NE(page.find("<meta charset=\"utf-8\">"), std::string::npos);
  // The index's search words carry it too, escaped inside the attribute.
  EXPECT_EQ(pages.at("index.html").find("<script>alert"), std::string::npos);
}

TEST(Reference, EveryLocalLinkResolvesToAFileAndAnId) {
  const Pages pages = render(embedded());
  std::map<std::string, std::set<std::string>> ids;
  for (const auto& [file, text] : pages) {
    const std::regex id("\\sid=\"([^\"]*)\"");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), id); it != std::sregex_iterator(); ++it)
      EXPECT_TRUE(ids[file].insert((*it)[1].str()).second) << file << ": id " << (*it)[1] << " twice";
  }
  std::size_t links = 0;
  for (const auto& [file, text] : pages) {
    if (!file.ends_with(".html")) continue;
    const std::regex ref("\\s(href|src)=\"([^\"]*)\"");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), ref); it != std::sregex_iterator(); ++it) {
      const std::string target = (*it)[2].str();
      // The empty icon every page declares (a data URL: nothing is fetched; Html.cpp's pageStart).
      if ((*it)[1] == "href" && target == "data:,") continue;
      ASSERT_EQ(target.find(':'), std::string::npos) << file << " links outside: " << target;
      const auto hash = target.find('#');
      const std::string page = hash == std::string::npos ? target : target.substr(0, hash);
      const std::string where = page.empty() ? file : page;
      ASSERT_TRUE(pages.contains(where)) << file << " links to a missing page: " << target;
      if (hash != std::string::npos) {
        EXPECT_TRUE(ids[where].contains(target.substr(hash + 1)))
            << file << " links to a missing id: " << target;
      }
      ++links;
    }
  }
  EXPECT_GT(links, 5000u);  // every type, erratum, group and variant mentioned is a link
}

TEST(Reference, ExamplesShowTheirWordsAndTheRegistersTheySet) {
  const isa::InstrDb& db = embedded();
  const std::string page = render(db).at("instruction-IADD.html");
  // `IADD R0, R1, R2` (000_ialu.txt:171) from the stated state R1 = 0x10 + lane, R2 = 0x20 + lane:
  // R0 = 2·lane + 0x30; `IADD R0, R1, -0x114514`: R0 = lane + 0x10 - 0x114514 = lane - 0x114504.
  EXPECT_NE(page.find("<td>R0 = lane × 2 + 0x30</td>"), std::string::npos);
  EXPECT_NE(page.find("<td>R0 = lane - 0x114504</td>"), std::string::npos);
  // The first example's word decodes (the decoder, not the assembler) to IADD with rd 0, ra 1, rb 2.
  const std::regex row("<td><code>IADD R0, R1, +R2 ;[^<]*</code></td><td><code>(0x[0-9a-f]{32})</code>");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(page, m, row));
  const auto word = isa::Word128::fromHex(m[1].str());
  ASSERT_TRUE(word);
  const auto decoded = isa::Decoder(db).decode(*word).decoded;
  ASSERT_TRUE(decoded);
  EXPECT_EQ(db.optypeOf(*decoded->opcode).name, "IADD");
  const auto value = [&](const char* field) {
    return decoded->values[static_cast<std::size_t>(decoded->opcode->fieldIndex(field))];
  };
  EXPECT_EQ(value("rd"), 0u);
  EXPECT_EQ(value("ra"), 1u);
  EXPECT_EQ(value("rb"), 2u);
  // The example the spec gets wrong (L-51: under .X a negation is written '~') says so and links it.
  EXPECT_NE(page.find("does not assemble: "), std::string::npos);
  EXPECT_NE(page.find("<a href=\"errata.html#L-51\">L-51</a>"), std::string::npos);
}

TEST(Reference, TheIndexSearchesMnemonicsModifiersAndDescriptions) {
  const std::string index = render(embedded()).at("index.html");
  const std::regex entry("<li class=\"instr\" data-search=\"([^\"]*)\"><a href=\"instruction-SHFL.html\">");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(index, m, entry));
  const std::string words = m[1].str();
  for (const char* w : {"shfl", ".bfly", "idx", "warp"}) EXPECT_NE(words.find(w), std::string::npos) << w;
  EXPECT_NE(index.find("<input id=\"search\""), std::string::npos);
  EXPECT_NE(index.find("<script src=\"reference.js\"></script>"), std::string::npos);
}

// ------------------------------------------------------------------ the spec's markdown tables

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// IMAD's source table, 000:272-281, with its irregular cells (`| GPR |cmem |`, `|cmem | GPR |`,
// `| GPR | UR  |`): a table with a head and a body, the columns centred as `|:--:|:--:|` says,
// each cell trimmed; no markdown of it is left on the page.
TEST(Reference, AnOperandTableOfTheSpecIsAnHtmlTable) {
  const std::string page = render(embedded()).at("instruction-IMAD.html");
  const auto row = [](const char* b, const char* c) {
    return std::string("<tr><td class=\"align-center\">") + b + "</td><td class=\"align-center\">" + c +
           "</td></tr>\n";
  };
  const std::string table =
      "<table class=\"prose-table\">\n<thead><tr><th class=\"align-center\">SrcB</th>"
      "<th class=\"align-center\">SrcC</th></tr></thead>\n<tbody>\n" +
      row("GPR", "GPR") + row("GPR", "Imm32") + row("Imm32", "GPR") + row("GPR", "cmem") +
      row("cmem", "GPR") + row("GPR", "UR") + row("UR", "GPR") + "</tbody>\n</table>\n";
  EXPECT_NE(page.find(table), std::string::npos);
  EXPECT_EQ(page.find("| SrcB | SrcC |"), std::string::npos);
  EXPECT_EQ(page.find("|:--:|"), std::string::npos);
  EXPECT_EQ(page.find("|cmem |"), std::string::npos);
}

// ISETP 000:1701-1705: `| .OR  | \|\| |` is the cell "||", and cells are escaped (`&&`, `<`).
TEST(Reference, TableCellsAreEscapedAndAnEscapedPipeIsAPipe) {
  const std::string page = render(embedded()).at("instruction-ISETP.html");
  EXPECT_NE(page.find("<tr><td class=\"align-center\">.OR</td><td class=\"align-center\">||</td></tr>"),
            std::string::npos);
  EXPECT_NE(
      page.find("<tr><td class=\"align-center\">.AND</td><td class=\"align-center\">&amp;&amp;</td></tr>"),
      std::string::npos);
  EXPECT_NE(page.find("<tr><td class=\"align-center\">.LT</td><td class=\"align-center\">&lt;</td></tr>"),
            std::string::npos);
  // The modifier table's meaning of .EQ is the row's cell under its header, not the row's markdown.
  EXPECT_NE(page.find("<td>功能（C风格比较运算符表示）: ==</td>"), std::string::npos);
  EXPECT_EQ(page.find("| .EQ | == |"), std::string::npos);
}

// Every table of the spec's prose is a table on its page: 18 in __OperandInfo, 34 in
// __ModifierInfo, 9 in MUFU's __Semantics (counted by hand, ProseTest), none in __Description.
TEST(Reference, EveryTableOfTheSpecIsRendered) {
  std::size_t tables = 0;
  for (const auto& [file, text] : render(embedded())) {
    if (!file.starts_with("instruction-")) continue;
    tables += count(text, "<table class=\"prose-table\">");
    EXPECT_EQ(count(text, "<table class=\"prose-table\">"), count(text, "</tbody>\n</table>")) << file;
    EXPECT_EQ(text.find("|:-"), std::string::npos) << file;
    EXPECT_EQ(text.find("| :-"), std::string::npos) << file;
  }
  EXPECT_EQ(tables, 18u + 34u + 9u);
  EXPECT_EQ(count(render(embedded()).at("instruction-MUFU.html"), "<table class=\"prose-table\">"), 2u + 9u);
}

// A table in __Description (the spec has none; a user's spec may): the text is cut around it,
// the alignment of each delimiter cell is kept, a short row gets an empty cell and a long one
// widens the table instead of losing its cell.
TEST(Reference, ATableInTheDescriptionIsATable) {
  std::vector<isa::SpecFile> files = isa::embeddedSpecFiles();
  const std::string anchor = "注意：如果试图获取另一个inactive线程的GPR值";  // 002:65
  bool mutated = false;
  for (isa::SpecFile& f : files)
    if (const auto at = f.text.find(anchor); at != std::string::npos) {
      f.text.insert(at, "| SrcB | SrcC |\n|:--| --: |\n| GPR |cmem |\n|cmem |\n| a \\| b | c | d|\n\n");
      mutated = true;
    }
  ASSERT_TRUE(mutated);
  const isa::SpecLoad load = isa::loadSpec(std::move(files));
  const std::string page = render(*load.db).at("instruction-SHFL.html");
  EXPECT_NE(
      page.find("- 否则返回的谓词为false</div>\n"
                "<table class=\"prose-table\">\n<thead><tr><th class=\"align-left\">SrcB</th>"
                "<th class=\"align-right\">SrcC</th><th></th></tr></thead>\n<tbody>\n"
                "<tr><td class=\"align-left\">GPR</td><td class=\"align-right\">cmem</td><td></td></tr>\n"
                "<tr><td class=\"align-left\">cmem</td><td class=\"align-right\"></td><td></td></tr>\n"
                "<tr><td class=\"align-left\">a | b</td><td class=\"align-right\">c</td><td>d</td></tr>\n"
                "</tbody>\n</table>\n<div class=\"prose\">" +
                anchor),
      std::string::npos);
}

// SHFL's .mode (002:53-65, 110-116): __ModifierInfo says one thing of all four values; the table
// says it once, in a cell spanning the four rows, and gives each value its case of the
// semantics' switch. Values from SHFLMode, 002:2-6.
TEST(Reference, ShflsModifierTableSaysTheSharedSentenceOnceAndEachValuesCase) {
  const std::string page = render(embedded()).at("instruction-SHFL.html");
  const std::string sentence = ".mode修饰符的可取值包括.IDX、.UP、.DOWN和.BFLY。";
  EXPECT_NE(page.find("<tr><td><code>.IDX</code></td><td>0x0</td><td rowspan=\"4\">" + sentence +
                      "</td><td><code>j = minLane  | (bval[4:0] &amp; ~segmask[4:0]);</code><br>"
                      "<code>pu = (j &lt;= maxLane);</code></td></tr>\n"
                      "<tr><td><code>.UP</code></td><td>0x1</td><td><code>j = lane - bval; pu = (j &gt;= "
                      "maxLane);</code></td></tr>\n"
                      "<tr><td><code>.DOWN</code></td><td>0x2</td><td><code>j = lane + bval; pu = (j &lt;= "
                      "maxLane);</code></td></tr>\n"
                      "<tr><td><code>.BFLY</code></td><td>0x3</td><td><code>j = lane ^ bval; pu = (j &lt;= "
                      "maxLane);</code></td></tr>\n"),
            std::string::npos);
  // Once in the table, once in the __ModifierInfo text under it.
  EXPECT_EQ(count(page, sentence), 2u);
}

// What an editor shows: the same files as `gpuasm doc` writes, rendered once per database (the
// second call is a look-up: the same object); rendering runs the examples, which ask the database
// for its other derived tables, so it must not happen under InstrDb::derived's lock.
TEST(Reference, TheRenderedReferenceIsTheDocOutputKeptWithTheDatabase) {
  const isa::SpecLoad load = isa::loadEmbeddedSpec();  // a database of its own: nothing derived yet
  const RenderedReference& first = renderedReference(*load.db);
  EXPECT_EQ(&renderedReference(*load.db), &first);
  const Pages written = render(*load.db);
  ASSERT_EQ(first.files.size(), written.size());
  for (const auto& [file, text] : written) {
    const std::string* shown = first.find(file);
    ASSERT_NE(shown, nullptr) << file;
    EXPECT_EQ(*shown, text) << file;
  }
  EXPECT_EQ(first.find("nope.html"), nullptr);
  EXPECT_NE(&renderedReference(embedded()), &first);  // another database, its own reference
}

// The instruction at a position, by hand from 002_sync.txt: two immediates as SrcB and SrcC make
// SHFL_RI (lines 171-183), registers SHFL_RRR (129-141); a SHFL missing operands assembles to
// nothing and links to the page; IADD (000_ialu.txt) is another page.
TEST(Reference, TheInstructionAtAPosition) {
  const std::string text =
      "// SHFL in a comment\n"                     // 0
      "SHFL.BFLY PT, R2, R1, 0x10, 0x1f ; // x\n"  // 21
      "    SHFL.IDX PT, R2, R1, R3, R4 ;\n"        // 61
      "SHFL.UP PT, R2 ;\n"                         // 95
      "\n"                                         // 112
      "IADD R1, R1, R2 ;\n";                       // 113
  const auto snap = Snapshot::analyse(embedded(), text);
  auto at = [&](std::uint32_t offset) { return instructionReferenceAt(*snap, offset); };
  const isa::Opcode* ri = embedded().opcode("SHFL_RI");
  const isa::Opcode* rrr = embedded().opcode("SHFL_RRR");
  ASSERT_TRUE(ri && rrr);
  for (const std::uint32_t offset : {21u, 25u, 43u, 54u}) {  // mnemonic, modifier, operand, ';'
    const auto r = at(offset);
    ASSERT_TRUE(r) << offset;
    EXPECT_EQ(r->opcode, ri);
    EXPECT_EQ(r->optype, embedded().optype("SHFL"));
    EXPECT_EQ(r->link.href(), "instruction-SHFL.html#variant-SHFL_RI");
  }
  EXPECT_FALSE(at(3)) << "a comment";
  EXPECT_FALSE(at(57)) << "the comment after the ';'";
  for (const std::uint32_t offset : {61u, 63u, 65u}) {  // the indentation, the mnemonic
    const auto r = at(offset);
    ASSERT_TRUE(r) << offset;
    EXPECT_EQ(r->opcode, rrr);
    EXPECT_EQ(r->link.href(), "instruction-SHFL.html#variant-SHFL_RRR");
  }
  const auto partial = at(96);
  ASSERT_TRUE(partial);
  EXPECT_EQ(partial->opcode, nullptr);
  EXPECT_EQ(partial->link.href(), "instruction-SHFL.html");
  EXPECT_FALSE(at(112)) << "an empty line";
  ASSERT_TRUE(at(113));
  EXPECT_EQ(at(113)->link.file, "instruction-IADD.html");
  EXPECT_FALSE(at(static_cast<std::uint32_t>(text.size()) + 5)) << "past the end";
}

}  // namespace
}  // namespace gpuasm::ide
