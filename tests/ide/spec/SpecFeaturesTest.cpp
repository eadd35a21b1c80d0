// The spec's own files in the editor (issue 16, part 3): outline, folding, tokens, hover, go to
// definition, references and completion on the embedded spec's 000_ialu.txt. Every expected
// line and column is read off the spec text by hand (line numbers as an editor shows them), or
// computed here from the text with a pattern that does not share code with the loader.
#include "Annotated.h"

#include <gpuasm/ide/spec/SpecFeatures.h>

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

namespace gpuasm::featuretest {
namespace {

std::uint32_t fileIndex(std::string_view base) {
  const auto& files = db().files();
  for (std::uint32_t i = 0; i < files.size(); ++i)
    if (files[i].name.ends_with(base)) return i;
  ADD_FAILURE() << "no spec file " << base;
  return 0;
}

const std::string& ialuText() { return db().files()[fileIndex("/000_ialu.txt")].text; }

ide::SpecView& ialu() {
  static ide::SpecView view(ialuText(), db(), fileIndex("/000_ialu.txt"));
  return view;
}

// Byte offset of `needle` on 1-based line `line` of the view's text (+ `into` bytes).
std::uint32_t at(const ide::SpecView& view, std::uint32_t line, std::string_view needle,
                 std::uint32_t into = 0) {
  const std::string_view text = view.line(line);
  const std::size_t i = text.find(needle);
  EXPECT_NE(i, std::string_view::npos) << "'" << needle << "' is not on line " << line << ": " << text;
  return view.lines().lineStart(line - 1) + static_cast<std::uint32_t>(i) + into;
}

// The lines of the spec files whose `field<…>` declares a field of type `type`, found with a
// regular expression over the text: (file index, 1-based line).
std::set<std::pair<std::uint32_t, std::uint32_t>> fieldLinesOfType(const std::string& type) {
  const std::regex fieldOfType("^\\s*field<\\s*\\d+\\s*,\\s*\\d+\\s*>\\s*" + type + "\\s+\\w");
  std::set<std::pair<std::uint32_t, std::uint32_t>> out;
  for (std::uint32_t f = 0; f < db().files().size(); ++f) {
    std::istringstream in(db().files()[f].text);
    std::string line;
    for (std::uint32_t n = 1; std::getline(in, line); ++n)
      if (std::regex_search(line, fieldOfType)) out.insert({f, n});
  }
  return out;
}

TEST(SpecFeatures, GoToDefinitionOfATypeOnAFieldLine) {
  // 000_ialu.txt:461 `    field<77,  1> IType itype = S32;` (IMAD_WIDE); IType is defined at
  // 13:19 (`__DefBitFieldType ` is 18 bytes).
  const auto targets = ide::getSpecDefinition(ialu(), at(ialu(), 461, "IType", 2));
  ASSERT_EQ(targets.size(), 1u);
  EXPECT_EQ(targets[0], (ide::SpecSpot{ialu().self(), 13, 19, 5}));
}

TEST(SpecFeatures, GoToDefinitionOfAParentAndOfAnInheritedField) {
  // 000_ialu.txt:454 `__DefOptype IMAD_WIDE : [IALU]` → 104 `__DefGroup IALU : [ALL]`, column 12.
  ASSERT_EQ(ialu().line(454), "__DefOptype IMAD_WIDE : [IALU]");
  auto targets = ide::getSpecDefinition(ialu(), at(ialu(), 454, "IALU", 1));
  ASSERT_EQ(targets.size(), 1u);
  EXPECT_EQ(targets[0], (ide::SpecSpot{ialu().self(), 104, 12, 4}));
  // `Order<pg, rd, pu, ra, rb, rc, pp>` of IMAD_WIDE_RRR names `rd`, which IMAD_WIDE declares at
  // 457: `    field<16,  8> Reg rd;` (the name at column 23).
  ASSERT_EQ(ialu().line(457), "    field<16,  8> Reg rd;");
  const std::uint32_t orderLine = 552;
  ASSERT_NE(ialu().line(orderLine).find("Order<"), std::string_view::npos) << ialu().line(orderLine);
  targets = ide::getSpecDefinition(ialu(), at(ialu(), orderLine, " rd", 1));
  ASSERT_EQ(targets.size(), 1u);
  EXPECT_EQ(targets[0], (ide::SpecSpot{ialu().self(), 457, 23, 2}));
}

TEST(SpecFeatures, ReferencesOfATypeAreTheFieldLinesOfThatType) {
  const auto expected = fieldLinesOfType("IType");
  ASSERT_EQ(expected.size(), 15u);  // 6 in 000_ialu.txt, 7 in 001_udp.txt, 2 in 003_xu.txt (grep)
  const ide::SpecReferences refs = ide::getSpecReferences(ialu(), at(ialu(), 13, "IType", 1), false);
  std::set<std::pair<std::uint32_t, std::uint32_t>> found;
  for (const ide::SpecSpot& s : refs.spec) {
    found.insert({s.file, s.line});
    EXPECT_EQ(s.length, 5u);
    // Each spot is the type's name on its line.
    const std::string& text = db().files()[s.file].text;
    std::istringstream in(text);
    std::string line;
    for (std::uint32_t n = 1; n <= s.line; ++n) std::getline(in, line);
    EXPECT_EQ(line.substr(s.column - 1, 5), "IType") << line;
  }
  EXPECT_EQ(found, expected);
  EXPECT_TRUE(refs.documents.empty());
  // With the declaration: the definition first.
  const auto withDecl = ide::getSpecReferences(ialu(), at(ialu(), 13, "IType", 1), true);
  ASSERT_EQ(withDecl.spec.size(), refs.spec.size() + 1);
  EXPECT_EQ(withDecl.spec[0], (ide::SpecSpot{ialu().self(), 13, 19, 5}));
}

TEST(SpecFeatures, ReferencesOfAnOpcodeVariantAreTheStatementsThatAssembleToIt) {
  // SrcB 0x4 is an immediate: the variant is IMAD_WIDE_RIR (`stype == RIR`, `SImm32 vb`, line 559);
  // SrcB R9 a register: IMAD_WIDE_RRR (line 543).
  const std::string listing =
      "IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;\n"
      "IADD R0, R1, R2 ;\n"
      "IMAD.WIDE R[2:3], R8, R9, R[4:5] ;\n"
      "IMAD.WIDE R[2:3], R8, 0x10, R[4:5] ;\n";
  const auto snap = ide::Snapshot::analyse(db(), listing);
  const std::vector<ide::AsmDocumentRef> docs{{snap.get()}};
  ASSERT_EQ(ialu().line(559), "__DefOpcode IMAD_WIDE_RIR : [IMAD_WIDE]");
  auto refs = ide::getSpecReferences(ialu(), at(ialu(), 559, "IMAD_WIDE_RIR", 3), false, docs);
  ASSERT_EQ(refs.documents.size(), 2u);
  EXPECT_EQ(listing.substr(refs.documents[0].range.begin, 13), "IMAD.WIDE.U32");
  EXPECT_EQ(snap->lines().position(refs.documents[0].range.begin).line, 0u);
  EXPECT_EQ(snap->lines().position(refs.documents[1].range.begin).line, 3u);
  // The optype: its six variants in the spec (543, 559, 575, 593, 611, 628) and all three statements.
  refs = ide::getSpecReferences(ialu(), at(ialu(), 454, "IMAD_WIDE"), false, docs);
  std::vector<std::uint32_t> lines;
  for (const ide::SpecSpot& s : refs.spec) lines.push_back(s.line);
  EXPECT_EQ(lines, (std::vector<std::uint32_t>{543, 559, 575, 593, 611, 628}));
  EXPECT_EQ(refs.documents.size(), 3u);
}

TEST(SpecFeatures, HoverOfAFieldSaysItsBitsTypeAndDefault) {
  const auto h = ide::getSpecHover(ialu(), at(ialu(), 461, "itype", 1));
  ASSERT_TRUE(h);
  EXPECT_EQ(h->title, "itype");
  const ide::HoverSection* facts = h->section(ide::HoverSectionKind::Facts);
  ASSERT_NE(facts, nullptr);
  std::map<std::string, std::string> items;
  for (const ide::HoverItem& i : facts->items) items[i.label] = i.text;
  EXPECT_EQ(items["bits"], "[77]");
  EXPECT_EQ(items["width"], "1");
  EXPECT_EQ(items["type"], "IType (Enum)");
  EXPECT_EQ(items["presence"], "default S32");
  EXPECT_TRUE(items["declared in"].starts_with("IMAD_WIDE at ")) << items["declared in"];
  // IType's values, 000_ialu.txt:14-15: S32 = 0x0; U32 (the next value, 1).
  const ide::HoverSection* values = h->section(ide::HoverSectionKind::LegalValues);
  ASSERT_NE(values, nullptr);
  ASSERT_EQ(values->items.size(), 2u);
  EXPECT_EQ(values->items[0].label + "=" + values->items[0].text, "S32=0x0");
  EXPECT_EQ(values->items[1].label + "=" + values->items[1].text, "U32=0x1");
}

TEST(SpecFeatures, HoverOfAnOpcodeShowsItsInheritanceChain) {
  const auto h = ide::getSpecHover(ialu(), at(ialu(), 559, "IMAD_WIDE_RIR", 2));
  ASSERT_TRUE(h);
  const ide::HoverSection* facts = h->section(ide::HoverSectionKind::Facts);
  ASSERT_NE(facts, nullptr);
  ASSERT_FALSE(facts->items.empty());
  EXPECT_EQ(facts->items[0].label, "inherits");
  EXPECT_EQ(facts->items[0].text, "IMAD_WIDE_RIR → IMAD_WIDE → IALU → ALL");
  // The optype's __Description comes along (000_ialu.txt:476).
  const ide::HoverSection* text = h->section(ide::HoverSectionKind::Description);
  ASSERT_NE(text, nullptr);
  EXPECT_NE(text->text[0].find("进行64bit整数乘加运算"), std::string::npos);
}

TEST(SpecFeatures, HoverOnALineWithAFindingNamesTheErratumThatHandlesIt) {
  isa::SpecDiagnostic finding;
  finding.pos = {ialu().self(), 457, 5};
  finding.code = isa::SpecCode::OrderDiffersFromSyntax;
  finding.message = "a finding";
  finding.erratum = "L-41";
  const auto h = ide::getSpecHover(ialu(), at(ialu(), 457, "field"), std::vector{finding});
  ASSERT_TRUE(h);
  const ide::HoverSection* decisions = h->section(ide::HoverSectionKind::Decisions);
  ASSERT_NE(decisions, nullptr);
  ASSERT_EQ(decisions->items.size(), 1u);
  EXPECT_EQ(decisions->items[0].label, "L-41");
  EXPECT_TRUE(decisions->items[0].text.starts_with("[order-differs-from-syntax] a finding — "))
      << decisions->items[0].text;
}

TEST(SpecFeatures, OutlineHasOneSymbolPerDefinition) {
  const auto symbols = ide::getSpecSymbols(ialu());
  // Definitions counted with a pattern over the text: lines that start with `__Def`.
  std::size_t headers = 0;
  std::istringstream in(ialuText());
  for (std::string line; std::getline(in, line);) headers += line.starts_with("__Def") ? 1u : 0u;
  EXPECT_EQ(symbols.size(), headers);
  ASSERT_FALSE(symbols.empty());
  // 000_ialu.txt:1-3: `__DefBitFieldType IExt<1>` with NoX = 0x0 and X = 0x1.
  EXPECT_EQ(symbols[0].name, "IExt");
  EXPECT_EQ(symbols[0].detail, "<1>");
  ASSERT_EQ(symbols[0].children.size(), 2u);
  EXPECT_EQ(symbols[0].children[0].name, "NoX");
  EXPECT_EQ(symbols[0].children[1].name, "X");
  EXPECT_EQ(ialuText().substr(symbols[0].selectionRange.begin, 4), "IExt");
  // IMAD_WIDE's outline lists its field<> lines (456-465: optype, rd, ra, ext, itype, pp, pp.not, pu).
  const auto wide = std::find_if(symbols.begin(), symbols.end(),
                                 [](const ide::SpecSymbol& s) { return s.name == "IMAD_WIDE"; });
  ASSERT_NE(wide, symbols.end());
  std::vector<std::string> fields;
  for (const auto& c : wide->children) fields.push_back(c.name);
  EXPECT_EQ(fields, (std::vector<std::string>{"optype", "rd", "ra", "ext", "itype", "pp", "pp.not", "pu"}));
}

TEST(SpecFeatures, FoldingCoversDefinitionsAndSections) {
  const auto folds = ide::getSpecFoldingRanges(ialu());
  // IExt: lines 1-3 (0-based 0-2); IMAD_WIDE's __Encoding: 455 to its last field line 465.
  EXPECT_NE(std::find(folds.begin(), folds.end(), ide::FoldingRange{0, 2, ide::FoldingKind::Region}),
            folds.end());
  ASSERT_EQ(ialu().line(455), "  __Encoding");
  ASSERT_EQ(ialu().line(465), "    field<106, 3> Pred pu = PT;");
  EXPECT_NE(std::find(folds.begin(), folds.end(), ide::FoldingRange{454, 464, ide::FoldingKind::Region}),
            folds.end());
  for (std::size_t i = 1; i < folds.size(); ++i) EXPECT_LT(folds[i - 1].startLine, folds[i].startLine);
}

TEST(SpecFeatures, TokensOfAFieldLine) {
  // 461: `    field<77,  1> IType itype = S32;`
  const std::uint32_t begin = ialu().lines().lineStart(460), end = ialu().lines().lineEnd(460);
  std::vector<std::pair<std::string, ide::SemanticTokenType>> onLine;
  for (const ide::SemanticToken& t : ide::getSpecSemanticTokens(ialu()))
    if (t.range.begin >= begin && t.range.end <= end)
      onLine.push_back({ialuText().substr(t.range.begin, t.range.end - t.range.begin), t.type});
  using T = ide::SemanticTokenType;
  EXPECT_EQ(onLine, (std::vector<std::pair<std::string, T>>{{"field", T::Keyword},
                                                            {"77", T::Number},
                                                            {"1", T::Number},
                                                            {"IType", T::Type},
                                                            {"itype", T::Property},
                                                            {"S32", T::EnumMember}}));
}

TEST(SpecFeatures, CompletionOfTypesFieldsAndValues) {
  // A view of a file whose IMAD_WIDE field line is being typed.
  auto labels = [](const std::vector<ide::CompletionItem>& items) {
    std::set<std::string> out;
    for (const auto& i : items) out.insert(i.label);
    return out;
  };
  std::string text = ialuText();
  const std::uint32_t lineStart = ialu().lines().lineStart(460);
  const std::string typing = "    field<77,  1> I";
  text.replace(lineStart, ialu().line(461).size(), typing);
  ide::SpecView edited(text, db(), ialu().self());
  auto items = ide::getSpecCompletions(edited, lineStart + static_cast<std::uint32_t>(typing.size()));
  auto got = labels(items);
  EXPECT_TRUE(got.contains("IType"));
  EXPECT_TRUE(got.contains("IXType"));
  EXPECT_FALSE(got.contains("S32"));
  for (const auto& i : items) EXPECT_TRUE(i.label.starts_with("I")) << i.label;
  // After `= ` the type's values.
  text = ialuText();
  const std::string value = "    field<77,  1> IType itype = ";
  text.replace(lineStart, ialu().line(461).size(), value);
  ide::SpecView valued(text, db(), ialu().self());
  EXPECT_EQ(labels(ide::getSpecCompletions(valued, lineStart + static_cast<std::uint32_t>(value.size()))),
            (std::set<std::string>{"S32", "U32"}));
  // In Order<…> of IMAD_WIDE_RRR (552), the fields IMAD_WIDE_RRR has: rd and rb among them.
  const std::uint32_t order = at(ialu(), 552, "Order<", 6);
  got = labels(ide::getSpecCompletions(ialu(), order));
  EXPECT_TRUE(got.contains("rd"));
  EXPECT_TRUE(got.contains("rb"));
  EXPECT_TRUE(got.contains("itype"));
}

// Every feature at every offset of a spec file, and of a copy cut short and strewn with bytes
// that are not UTF-8 or DSL: answers stay inside their texts, and nothing fails.
void checkEverywhere(const ide::SpecView& view, std::uint32_t referencesEvery) {
  const std::uint32_t size = static_cast<std::uint32_t>(view.text().size());
  auto inText = [&](syntax::ByteRange r) { return r.begin <= r.end && r.end <= size; };
  auto validSpot = [&](const ide::SpecSpot& s) {
    const std::string_view text =
        s.file == view.self() ? view.text() : std::string_view(db().files().at(s.file).text);
    return s.line >= 1 && s.line <= syntax::LineIndex(text).lineCount();
  };
  for (std::uint32_t offset = 0; offset <= size; ++offset) {
    if (const auto h = ide::getSpecHover(view, offset)) {
      EXPECT_TRUE(inText(h->range)) << offset;
    }
    for (const auto& s : ide::getSpecDefinition(view, offset)) EXPECT_TRUE(validSpot(s)) << offset;
    for (const auto& c : ide::getSpecCompletions(view, offset))
      EXPECT_TRUE(inText(c.range) && c.range.end == offset) << offset;
    if (offset % referencesEvery == 0) {
      for (const auto& s : ide::getSpecReferences(view, offset, true).spec)
        EXPECT_TRUE(validSpot(s)) << offset;
    }
  }
  std::uint32_t last = 0;
  for (const ide::SemanticToken& t : ide::getSpecSemanticTokens(view)) {
    EXPECT_TRUE(inText(t.range) && t.range.begin >= last && t.range.end > t.range.begin);
    EXPECT_EQ(view.text().substr(t.range.begin, t.range.end - t.range.begin).find('\n'),
              std::string_view::npos);
    last = t.range.end;
  }
  for (const ide::SpecSymbol& s : ide::getSpecSymbols(view))
    EXPECT_TRUE(inText(s.range) && inText(s.selectionRange));
  for (const ide::FoldingRange& f : ide::getSpecFoldingRanges(view)) EXPECT_LT(f.startLine, f.endLine);
}

TEST(SpecFeatures, EveryOffsetOfASpecFileAndOfAGarbledOneAnswersWithinItsText) {
  const std::uint32_t sync = fileIndex("/002_sync.txt");
  checkEverywhere(ide::SpecView(db().files()[sync].text, db(), sync), 7);
  // The first 9 KB of 000_ialu.txt with a junk byte every 97 bytes, read as another file.
  std::string garbled = ialuText().substr(0, 9000);
  for (std::size_t i = 50; i < garbled.size(); i += 97) garbled[i] = static_cast<char>(0xC0 + i % 64);
  garbled += "\n__DefOpcode X : [\n  __Encoding\n    field<1, > Reg";
  checkEverywhere(ide::SpecView(garbled, db(), std::nullopt), 11);
}

TEST(SpecFeatures, AnErratumLeadsToItsTargetAndExplainsItself) {
  // errata.isa:463 `__Erratum L-41 : [IMAD_WIDE_RCR]`; IMAD_WIDE_RCR is 000_ialu.txt:593,
  // `__DefOpcode IMAD_WIDE_RCR : [IMAD_WIDE]` (the name at column 13).
  const std::uint32_t errata = fileIndex("/errata.isa");
  const ide::SpecView view(db().files()[errata].text, db(), errata);
  ASSERT_EQ(view.line(463), "__Erratum L-41 : [IMAD_WIDE_RCR]");
  const auto targets = ide::getSpecDefinition(view, at(view, 463, "IMAD_WIDE_RCR", 4));
  ASSERT_EQ(targets.size(), 1u);
  EXPECT_EQ(targets[0], (ide::SpecSpot{fileIndex("/000_ialu.txt"), 593, 13, 13}));
  // On its id, on either side of the '-': the problem and the decision (errata.isa:465).
  for (const std::uint32_t into : {0u, 3u}) {
    const auto h = ide::getSpecHover(view, at(view, 463, "L-41", into));
    ASSERT_TRUE(h);
    EXPECT_EQ(h->title, "L-41");
    bool problem = false;
    for (const auto& section : h->sections)
      problem |=
          section.heading == "Problem" &&
          section.text.at(0).starts_with("`Order<pg, pu, rd, ...>` at 000_ialu.txt:604 puts pu before rd");
    EXPECT_TRUE(problem);
    EXPECT_EQ(view.text().substr(h->range.begin, h->range.end - h->range.begin), "L-41");
  }
}

}  // namespace
}  // namespace gpuasm::featuretest
