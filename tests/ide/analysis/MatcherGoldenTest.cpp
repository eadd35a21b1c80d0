// Golden test of the matcher: what isa::matchStatement answers on every example line of the
// spec, the hand-checked asm files, every opcode printed from random field values and
// systematic mutations of all of them (an operand dropped or added, another register file,
// prefixes, out-of-range immediates, register ranges, modifiers added, dropped or reordered,
// guards) is kept in tests/ide/golden/matcher.golden, one line per statement: the opcode
// variant, form and encoding of a match, or every diagnostic (range relative to the statement,
// severity, code, message, fixes, legal forms, erratum).
//
// The file changes only when someone asks: GPUASM_UPDATE_GOLDEN=1 ctest -R MatcherGolden (or
// running gpuasm_asm_tests with that variable) rewrites it, and the diff is reviewed like code —
// a changed line is a changed answer of the assembler. It was first written from the matcher
// when it still agreed, line for line, with the previous implementation it replaces (kept in
// the tests until then), except for one fix: `.SAT` on MUFU names erratum L-48a, an entry
// that exists, instead of L-48, which does not.
#include "SpecExamples.h"

#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/Printer.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/LineScanner.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <algorithm>
#include <fstream>
#include <sstream>
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
  std::vector<std::string> out;
  for (const auto& op : db.opcodes()) {
    // Seeded per opcode, so a change to one opcode's fields leaves the other lines as they were.
    std::mt19937_64 rng(4 + op.index);
    for (int k = 0; k < 3; ++k) {
      std::vector<std::uint64_t> v(op.fields.size());
      for (std::size_t f = 0; f < op.fields.size(); ++f) {
        const isa::Field& field = op.fields[f];
        const isa::BitFieldType& t = db.typeOf(field);
        v[f] = field.presence == isa::FieldPresence::Fixed ? field.value
               : t.isEnumerated()                          ? t.enumerators[rng() % t.enumerators.size()].value
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
      {std::regex(R"(\bR(\d+)\b)"),
       {"UR$1", "P$1", "0x7", "c[0x0][0x10]", "-$&", "~$&", "!$&", "|$&|", "R[$1:$1]", "R[4:5]", "R[5:6]",
        "R[4:7]", "R300", "RZ", "$&.B1", "$&.H1", "PR"}},
      {std::regex(R"(\bUR(\d+)\b)"), {"R$1", "UP$1", "-$&", "~$&", "UR[4:5]", "URZ", "UR99"}},
      {std::regex(R"(\bU?P(\d|T)\b)"), {"!$&", "R1", "UPT", "PT", "P9", "-$&"}},
      {std::regex(R"(\b0x[0-9a-fA-F]+\b)"),
       {"0xFFFFFFFFFF", "0x100", "0x20", "-0x1", "-0x80000000", "~0x5", "R2", "1.5", "0f3F800000", "-$&",
        "|$&|"}},
      {std::regex(R"(\b\d+\.\d+\b)"), {"0x3F800000", "1e40", "-$&", "~$&", "R3"}},
      {std::regex(R"(c\[0x[0-9a-fA-F]+\]\[0x[0-9a-fA-F]+\])"),
       {"c[0x0][UR4+0x10]", "c[0x20][0x10]", "c[0x0][0x10000000]", "-$&", "|$&|", "R5"}},
      {std::regex(R"(\.[A-Z0-9]+\b)"),
       {"", ".FOO", ".X", ".U32", ".S32", ".64", ".HI", ".AND", ".F16", ".H0", "$&$&", ".WIDE", "$&.X",
        "$&.LO", "$&.HI", "$&.SAT", "$&.FTZ", "$&.U32"}},
      {std::regex(R"(, [^,;]+;)"), {";", ", R9;", ", PT;", ", 0x1;"}},
      {std::regex(R"(^\s*)"), {"@P0 ", "@!UP1 ", "@R1 ", "@PT "}},
  };
  return r;
}

std::vector<std::string> mutations(const std::string& line) {
  std::vector<std::string> out;
  for (const auto& rw : rewrites()) {
    for (auto it = std::sregex_iterator(line.begin(), line.end(), rw.pattern); it != std::sregex_iterator();
         ++it) {
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

// One diagnostic, its range relative to the statement's start.
std::string describe(const isa::AsmDiagnostic& d, std::uint32_t base) {
  std::string s = std::to_string(d.range.begin - base) + "-" + std::to_string(d.range.end - base) + " " +
                  std::string(d.severity == isa::AsmSeverity::Error     ? "error"
                              : d.severity == isa::AsmSeverity::Warning ? "warning"
                                                                        : "note") +
                  " " + std::string(isa::spelling(d.code)) + ": " + d.message;
  if (!d.erratum.empty()) s += " [erratum " + d.erratum + "]";
  if (!d.fixes.empty()) {
    s += " fixes:";
    for (const auto& f : d.fixes) s += " '" + f + "'";
  }
  if (!d.legalForms.empty()) s += " forms: " + std::to_string(d.legalForms.size());
  return s;
}

// The answer to one statement, on one line.
std::string answer(const isa::InstrDb& db, const isa::AsmStatement& s, const isa::MatchResult& r) {
  std::string out;
  if (r.inst) {
    const auto enc = isa::encode(db, *r.inst->opcode, std::span<const std::uint64_t>(r.inst->values));
    const std::size_t form =
        static_cast<std::size_t>(r.inst->form - db.optypeOf(*r.inst->opcode).syntax.forms.data());
    out = "= " + r.inst->opcode->name + " form " + std::to_string(form) + " " + enc.word.toHex();
  } else {
    out = "!";
  }
  for (const auto& d : r.diagnostics) out += " | " + describe(d, s.range.begin);
  return out;
}

// A near miss lists the optype's forms as legal forms, the same for every miss of an optype
// (tests of the features that show them check the text); the golden file keeps their count.
std::string goldenPath() { return std::string(GPUASM_ASM_TEST_DIR) + "/../ide/golden/matcher.golden"; }

TEST(MatcherGolden, AnswersOnExamplesAsmFilesAndMutationsAreTheReviewedOnes) {
  const isa::SpecLoad load = isa::loadEmbeddedSpec();
  const isa::InstrDb& db = *load.db;
  std::vector<std::string> seeds;
  for (const auto& o : db.optypes())
    if (o.docs.examples.present)
      for (const auto& line : fencedLines(o.docs.examples.text)) seeds.push_back(line);
  for (const char* f : {"/valid.asm", "/invalid.asm"})
    for (const auto& line : fileLines(std::string(GPUASM_ASM_TEST_DIR) + f)) seeds.push_back(line);
  for (const auto& line : fileLines(std::string(GPUASM_SOURCE_DIR) + "/examples/kernel.asm"))
    seeds.push_back(line);
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
  // Each line lowered on its own (the chunk-wise definition of a document).
  const auto statements = syntax::lowerText(text).statements;
  std::size_t compared = 0, matched = 0, rejected = 0;
  std::set<std::string> codes;
  std::ostringstream golden;
  golden << "# The matcher's answers (tests/ide/analysis/MatcherGoldenTest.cpp). Regenerate with\n"
         << "# GPUASM_UPDATE_GOLDEN=1 and review the diff: every changed line is a changed answer.\n";
  std::set<std::string> seen;
  for (const auto& s : statements) {
    if (s.hasError || s.mnemonic.empty()) continue;
    const std::string where = text.substr(s.range.begin, s.range.end - s.range.begin);
    if (!seen.insert(where).second) continue;  // a mutation can repeat another input
    ++compared;
    const isa::MatchResult r = isa::matchStatement(db, s);
    (r.inst ? matched : rejected) += 1;
    for (const auto& d : r.diagnostics) {
      codes.insert(std::string(isa::spelling(d.code)));
      // The severity is one the table of codes (isa/DiagnosticCode.h) gives the code.
      const isa::CodeSeverity as = d.severity == isa::AsmSeverity::Error     ? isa::CodeSeverity::Error
                                   : d.severity == isa::AsmSeverity::Warning ? isa::CodeSeverity::Warning
                                                                             : isa::CodeSeverity::Information;
      EXPECT_TRUE(isa::info(d.code).reportedAs(as)) << where << ": " << isa::spelling(d.code);
    }
    golden << where << "\t" << answer(db, s, r) << "\n";
  }
  const std::string now = golden.str();

  if (const char* update = std::getenv("GPUASM_UPDATE_GOLDEN");
      update != nullptr && std::string(update) == "1") {
    std::ofstream(goldenPath(), std::ios::binary) << now;
    GTEST_SKIP() << "rewrote " << goldenPath() << "; review the diff";
  }
  std::ifstream in(goldenPath(), std::ios::binary);
  ASSERT_TRUE(in) << goldenPath() << " is missing; create it with GPUASM_UPDATE_GOLDEN=1";
  const std::string expected((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (now != expected) {
    // The first differing lines, not the whole file.
    const auto lines = [](const std::string& t) {
      std::vector<std::string> out;
      std::istringstream stream(t);
      for (std::string l; std::getline(stream, l);) out.push_back(l);
      return out;
    };
    const std::vector<std::string> was = lines(expected), is = lines(now);
    std::string report;
    int shown = 0;
    for (std::size_t i = 0; shown < 8 && i < std::max(was.size(), is.size()); ++i) {
      const std::string& x = i < was.size() ? was[i] : "(end of file)";
      const std::string& y = i < is.size() ? is[i] : "(end of file)";
      if (x == y) continue;
      report += "line " + std::to_string(i + 1) + "\n  golden: " + x + "\n  now:    " + y + "\n";
      ++shown;
    }
    ADD_FAILURE()
        << "the matcher's answers differ from " << goldenPath() << " (" << expected.size()
        << " bytes golden, " << now.size()
        << " now). If the change is intended, run with GPUASM_UPDATE_GOLDEN=1 and review the diff.\n"
        << report;
  }
  // The inputs reach both outcomes and the whole range of diagnostics, or the file proves little.
  EXPECT_GT(compared, inputs / 2);
  EXPECT_GT(matched, 1000u);
  EXPECT_GT(rejected, 1000u);
  for (const char* code :
       {"unknown-modifier", "illegal-modifier", "operand-count", "operand-kind", "register-width",
        "register-alignment", "register-out-of-range", "immediate-out-of-range", "illegal-prefix",
        "illegal-selector", "guard-predicate", "neg-under-x", "modifier-order", "duplicate-modifier",
        "conflicting-modifiers", "missing-modifier", "unknown-mnemonic", "unknown-operand", "encoding-error"})
    EXPECT_TRUE(codes.contains(code)) << code << " never produced; seen: " << [&] {
      std::string all;
      for (const auto& c : codes) all += c + " ";
      return all;
    }();
}

}  // namespace
}  // namespace gpuasm::testsupport
