// The matcher's hot path (quiet first pass, precomputed modifier tables, compiled expressions,
// cached register look-ups) must not change what it answers. This test runs the current
// isa::matchStatement and the previous implementation (ReferenceMatcher.cpp) on every example
// line of the spec, the hand-checked asm files and systematic mutations of all of them (an
// operand dropped or added, another register file, prefixes, out-of-range immediates,
// register ranges, modifiers added, dropped or reordered, guards), and requires the same
// opcode, form and field values, or the same diagnostics: range, severity, code, message,
// fixes, legal forms and erratum.
#include "ReferenceMatcher.h"
#include "SpecExamples.h"

#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/Printer.h>
#include <gpuasm/syntax/Lowering.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace gpuasm::testsupport {
namespace {

std::vector<std::string> fileLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    const auto code = line.substr(0, line.find("//"));
    if (code.find(';') != std::string::npos) out.push_back(code);
  }
  return out;
}

// Every opcode printed from random legal field values (fixed seed): all 248 variants, with
// register ranges, prefixes, selectors and immediates the hand-written lines may not have.
std::vector<std::string> printedLines(const isa::InstrDb& db) {
  std::mt19937_64 rng(4);
  std::vector<std::string> out;
  for (const auto& op : db.opcodes()) {
    for (int k = 0; k < 3; ++k) {
      std::vector<std::uint64_t> v(op.fields.size());
      for (std::size_t f = 0; f < op.fields.size(); ++f) {
        const isa::Field& field = op.fields[f];
        const isa::BitFieldType& t = db.typeOf(field);
        v[f] = field.presence == isa::FieldPresence::Fixed ? field.value
               : t.isEnumerated()                           ? t.enumerators[rng() % t.enumerators.size()].value
                                                            : rng() & isa::maxForWidth(field.width);
      }
      if (const auto text = isa::printInstruction(db, op, v)) out.push_back(*text);
    }
  }
  return out;
}

// One-token rewrites; each is applied at every place it matches, one place at a time.
struct Rewrite {
  std::regex pattern;
  std::vector<std::string> replacements;  // "$&" is the matched text
};

const std::vector<Rewrite>& rewrites() {
  static const std::vector<Rewrite> r = {
      {std::regex(R"(\bR(\d+)\b)"), {"UR$1", "P$1", "0x7", "c[0x0][0x10]", "-$&", "~$&", "!$&", "|$&|", "R[$1:$1]", "R[4:5]", "R[5:6]", "R[4:7]", "R300", "RZ", "$&.B1", "$&.H1", "PR"}},
      {std::regex(R"(\bUR(\d+)\b)"), {"R$1", "UP$1", "-$&", "~$&", "UR[4:5]", "URZ", "UR99"}},
      {std::regex(R"(\bU?P(\d|T)\b)"), {"!$&", "R1", "UPT", "PT", "P9", "-$&"}},
      {std::regex(R"(\b0x[0-9a-fA-F]+\b)"), {"0xFFFFFFFFFF", "0x100", "0x20", "-0x1", "-0x80000000", "~0x5", "R2", "1.5", "0f3F800000", "-$&", "|$&|"}},
      {std::regex(R"(\b\d+\.\d+\b)"), {"0x3F800000", "1e40", "-$&", "~$&", "R3"}},
      {std::regex(R"(c\[0x[0-9a-fA-F]+\]\[0x[0-9a-fA-F]+\])"), {"c[0x0][UR4+0x10]", "c[0x20][0x10]", "c[0x0][0x10000000]", "-$&", "|$&|", "R5"}},
      {std::regex(R"(\.[A-Z0-9]+\b)"), {"", ".FOO", ".X", ".U32", ".S32", ".64", ".HI", ".AND", ".F16", ".H0", "$&$&", ".WIDE", "$&.X", "$&.LO", "$&.HI", "$&.SAT", "$&.FTZ", "$&.U32"}},
      {std::regex(R"(, [^,;]+;)"), {";", ", R9;", ", PT;", ", 0x1;"}},
      {std::regex(R"(^\s*)"), {"@P0 ", "@!UP1 ", "@R1 ", "@PT "}},
  };
  return r;
}

std::vector<std::string> mutations(const std::string& line) {
  std::vector<std::string> out;
  for (const auto& rw : rewrites()) {
    for (auto it = std::sregex_iterator(line.begin(), line.end(), rw.pattern); it != std::sregex_iterator(); ++it) {
      const std::smatch& m = *it;
      for (const auto& rep : rw.replacements) {
        const std::string replaced = m.format(rep);
        out.push_back(line.substr(0, static_cast<std::size_t>(m.position(0))) + replaced +
                      line.substr(static_cast<std::size_t>(m.position(0) + m.length(0))));
      }
    }
  }
  // Modifiers in reverse order (a ModiOrder or canonical-order case where there are several).
  const std::regex dotted(R"(^(\s*(?:@!?\w+\s+)?)([A-Z0-9_]+)((?:\.[A-Z0-9_]+)+))");
  std::smatch m;
  if (std::regex_search(line, m, dotted)) {
    std::vector<std::string> parts;
    const std::string mods = m[3].str();
    for (std::size_t p = 0; p < mods.size();) {
      const std::size_t q = mods.find('.', p + 1);
      parts.push_back(mods.substr(p, q == std::string::npos ? std::string::npos : q - p));
      p = q == std::string::npos ? mods.size() : q;
    }
    std::string reversed;
    for (auto r = parts.rbegin(); r != parts.rend(); ++r) reversed += *r;
    out.push_back(m[1].str() + m[2].str() + reversed + line.substr(static_cast<std::size_t>(m.length(0))));
  }
  return out;
}

std::string describe(const isa::AsmDiagnostic& d) {
  std::string s = std::to_string(d.range.begin) + "-" + std::to_string(d.range.end) + " " + std::to_string(static_cast<int>(d.severity)) + " " + d.code +
                  ": " + d.message + " [erratum " + d.erratum + "] fixes:";
  for (const auto& f : d.fixes) s += " '" + f + "'";
  s += " forms:";
  for (const auto& f : d.legalForms) s += " '" + f + "'";
  return s;
}

TEST(MatcherDifferential, SameAnswersAsTheReferenceMatcherOnExamplesAsmFilesAndMutations) {
  const isa::SpecLoad load = isa::loadEmbeddedSpec();
  const isa::InstrDb& db = *load.db;
  std::vector<std::string> seeds;
  for (const auto& o : db.optypes())
    if (o.docs.examples.present)
      for (const auto& line : fencedLines(o.docs.examples.text)) seeds.push_back(line);
  for (const char* f : {"/valid.asm", "/invalid.asm"})
    for (const auto& line : fileLines(std::string(GPUASM_ASM_TEST_DIR) + f)) seeds.push_back(line);
  for (const auto& line : fileLines(std::string(GPUASM_SOURCE_DIR) + "/examples/kernel.asm")) seeds.push_back(line);
  for (const auto& line : printedLines(db)) seeds.push_back(line);
  ASSERT_GT(seeds.size(), 600u);

  std::string text;
  std::size_t inputs = 0;
  for (const auto& seed : seeds) {
    text += seed + "\n";
    ++inputs;
    for (const auto& m : mutations(seed)) {
      text += m + "\n";
      ++inputs;
    }
  }
  const syntax::SyntaxTree tree(text);
  const auto statements = syntax::lower(tree).statements;
  std::size_t compared = 0, matched = 0, rejected = 0;
  std::set<std::string> codes;
  for (const auto& s : statements) {
    if (s.hasError || s.mnemonic.empty()) continue;
    ++compared;
    const isa::MatchResult now = isa::matchStatement(db, s);
    const isa::MatchResult before = referenceMatchStatement(db, s);
    const std::string where = text.substr(s.range.begin, s.range.end - s.range.begin);
    ASSERT_EQ(now.inst.has_value(), before.inst.has_value()) << where;
    if (now.inst) {
      ++matched;
      EXPECT_EQ(now.inst->opcode, before.inst->opcode) << where;
      EXPECT_EQ(now.inst->form, before.inst->form) << where;
      EXPECT_EQ(now.inst->values, before.inst->values) << where;
    } else {
      ++rejected;
    }
    ASSERT_EQ(now.diagnostics.size(), before.diagnostics.size()) << where;
    for (std::size_t i = 0; i < now.diagnostics.size(); ++i) {
      EXPECT_EQ(describe(now.diagnostics[i]), describe(before.diagnostics[i])) << where;
      codes.insert(now.diagnostics[i].code);
    }
  }
  // The inputs reach both outcomes and the whole range of diagnostics, or the test proves little.
  EXPECT_GT(compared, inputs / 2);
  EXPECT_GT(matched, 1000u);
  EXPECT_GT(rejected, 1000u);
  for (const char* code : {"unknown-modifier", "illegal-modifier", "operand-count", "operand-kind", "register-width", "register-alignment",
                           "register-out-of-range", "immediate-out-of-range", "illegal-prefix", "illegal-selector", "guard-predicate",
                           "neg-under-x", "modifier-order", "duplicate-modifier", "conflicting-modifiers", "missing-modifier",
                           "unknown-mnemonic", "unknown-operand", "encoding-error"})
    EXPECT_TRUE(codes.contains(code)) << code << " never produced; seen: " << [&] {
      std::string seen;
      for (const auto& c : codes) seen += c + " ";
      return seen;
    }();
}

}  // namespace
}  // namespace gpuasm::testsupport
