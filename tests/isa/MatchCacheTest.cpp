// The matcher's cache (isa/MatchCache.h, issue 41) against the straightforward path: every
// statement of the hand-checked asm files, the examples and every opcode printed from random
// field values — with its immediates and registers varied, so that statements of one shape
// with other values meet the cache — gets from the cache exactly what matchStatement and encode
// answer afresh: the instruction (opcode, form, values), the binding, the diagnostics and the
// word. And the key tells apart statements that differ in any field the matcher reads.
#include "TestSpec.h"

#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/MatchCache.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/isa/Printer.h>
#include <gpuasm/syntax/LineScanner.h>

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace gpuasm::isa {
namespace {

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The statements' text: the asm files, the examples, and every opcode printed from random legal
// field values, each printed line also with every hex immediate and every R register replaced
// by a few others (same shape, other values: what a shape-keyed cache would get wrong).
std::string corpus(const InstrDb& db) {
  std::string text;
  for (const char* dir : {"/tests/asm", "/examples"})
    for (const auto& entry : std::filesystem::directory_iterator(std::string(GPUASM_SOURCE_DIR) + dir))
      if (entry.path().extension() == ".asm") text += readFile(entry.path()) + "\n";
  const std::regex hex(R"(\b0x[0-9a-fA-F]+\b)"), reg(R"(\bR(\d+)\b)");
  for (const auto& op : db.opcodes()) {
    std::mt19937_64 rng(41 + op.index);
    for (int k = 0; k < 3; ++k) {
      std::vector<std::uint64_t> v(op.fields.size());
      for (std::size_t f = 0; f < op.fields.size(); ++f) {
        const Field& field = op.fields[f];
        const BitFieldType& t = db.typeOf(field);
        v[f] = field.presence == FieldPresence::Fixed ? field.value
               : t.isEnumerated()                     ? t.enumerators[rng() % t.enumerators.size()].value
                                                      : rng() & maxForWidth(field.width);
      }
      const auto line = printInstruction(db, op, v);
      if (!line) continue;
      text += *line + "\n";
      for (const char* value : {"0x0", "0x1", "0x7f", "0x80", "0xffff", "0x10000", "0xffffffff"})
        text += std::regex_replace(*line, hex, value) + "\n";
      for (const char* r : {"R0", "R1", "R2", "R3", "R254", "RZ"})
        text += std::regex_replace(*line, reg, r) + "\n";
    }
  }
  return text;
}

std::string describe(const AsmDiagnostic& d) {
  std::string s = std::to_string(d.range.begin) + "-" + std::to_string(d.range.end) + " " +
                  std::to_string(static_cast<int>(d.severity)) + " " + std::string(spelling(d.code)) + ": " +
                  d.message + " [" + d.erratum + "]";
  for (const auto& f : d.fixes) s += " fix '" + f + "'";
  for (const auto& f : d.legalForms) s += " form '" + f + "'";
  return s;
}

// Everything of an answer, on one line; `word` only counts when there is an instruction.
std::string answer(const MatchResult& r, const Word128& word) {
  std::string out;
  if (r.inst) {
    out += "inst " + r.inst->opcode->name + " form " + r.inst->form->baseName + "@" +
           std::to_string(reinterpret_cast<std::uintptr_t>(r.inst->form)) + " values";
    for (const auto v : r.inst->values) out += " " + std::to_string(v);
    out += " word " + word.toHex();
  } else {
    out += "no inst";
  }
  if (r.binding) {
    const Binding& b = *r.binding;
    out += " binding " + std::to_string(reinterpret_cast<std::uintptr_t>(b.optype)) + "/" +
           std::to_string(reinterpret_cast<std::uintptr_t>(b.form)) + "/" +
           std::to_string(reinterpret_cast<std::uintptr_t>(b.opcode)) + " matched " +
           std::to_string(b.matched) + " " + std::to_string(b.operandCount) + "/" +
           std::to_string(b.modifierCount);
    for (const auto s : b.operandSlot) out += " o" + std::to_string(s);
    for (const auto s : b.modifierSlot) out += " m" + std::to_string(s);
  }
  for (const auto& d : r.diagnostics) out += " | " + describe(d);
  return out;
}

TEST(MatchCache, AnswersEqualFreshMatchesOnTheAsmFilesExamplesAndEveryPrintedForm) {
  const InstrDb& db = test::db();
  const std::string text = corpus(db);
  const auto statements = syntax::lowerText(text).statements;
  ASSERT_GT(statements.size(), 5000u);
  MatchCache cache;
  std::size_t compared = 0, matched = 0, distinct = 0;
  // Three times through: an answer is kept the second time its statement comes (the first
  // pass keeps the repeated ones, the second the rest), the third pass answers every cacheable
  // statement from the cache.
  for (int pass = 0; pass < 3; ++pass) {
    for (const AsmStatement& s : statements) {
      if (s.hasError || s.mnemonic.empty()) continue;
      const MatchResult fresh = matchStatement(db, s);
      Word128 freshWord;
      if (fresh.inst)
        freshWord = encode(db, *fresh.inst->opcode, std::span<const std::uint64_t>(fresh.inst->values)).word;
      Word128 cachedWord;
      const MatchResult cached = cache.match(db, s, cachedWord);
      ASSERT_EQ(answer(cached, cachedWord), answer(fresh, freshWord))
          << "pass " << pass << ": " << text.substr(s.range.begin, s.range.end - s.range.begin);
      ++compared;
      if (fresh.inst) ++matched;
    }
    if (pass == 1) distinct = cache.size();
  }
  // The corpus reaches the cache: many distinct answers kept, the last pass hits on each.
  EXPECT_GT(matched, compared / 3);
  EXPECT_GT(distinct, 1000u);
  EXPECT_GE(cache.hits(), distinct);
}

// A statement lowered from `line`.
AsmStatement lowered(const std::string& line) {
  const auto unit = syntax::lowerText(line);
  EXPECT_EQ(unit.statements.size(), 1u) << line;
  return unit.statements.empty() ? AsmStatement{} : unit.statements.front();
}

std::string keyOf(const AsmStatement& s) {
  std::array<char, MatchCache::kMaxKey> buffer{};
  const std::size_t n = MatchCache::keyOf(s, buffer);
  EXPECT_GT(n, 0u);
  return std::string(buffer.data(), n);
}

TEST(MatchCache, KeyChangesWithEveryFieldTheMatcherReadsAndNotWithPositions) {
  const AsmStatement base =
      lowered("@!P1 IADD3.X R1.B1, -R2, c[0x2][UR4+0x10], R[4:5], 0x10, 1.5, |R7|, ~R8, !P2, PR;");
  ASSERT_EQ(base.operands.size(), 10u);
  const std::string key = keyOf(base);

  // Positions: another place in the file gives the same key.
  AsmStatement moved = base;
  moved.range = {base.range.begin + 7, base.range.end + 7};
  moved.line = base.line + 3;
  moved.mnemonicRange.begin += 7;
  for (auto& p : moved.parts) p.range.begin += 7;
  for (auto& o : moved.operands) {
    o.range.begin += 7;
    o.valueRange.end += 7;
    o.selectorRange.begin += 7;
    o.baseRange.end += 7;
    o.offsetRange.begin += 7;
  }
  moved.guard->range.begin += 7;
  moved.guard->predicateRange.end += 7;
  EXPECT_EQ(keyOf(moved), key);

  // Every other field: a change gives another key.
  const std::vector<std::pair<const char*, std::function<void(AsmStatement&)>>> changes = {
      {"no guard", [](AsmStatement& s) { s.guard.reset(); }},
      {"guard negation", [](AsmStatement& s) { s.guard->negated = !s.guard->negated; }},
      {"guard predicate", [](AsmStatement& s) { s.guard->predicate = "P2"; }},
      {"mnemonic", [](AsmStatement& s) { s.mnemonic = "IADD"; }},
      {"part", [](AsmStatement& s) { s.parts[0].text = "Y"; }},
      {"another part",
       [](AsmStatement& s) {
         s.parts.push_back({"X", {}});
       }},
      {"parts joined",
       [](AsmStatement& s) {
         s.mnemonic += "X";
         s.parts.clear();
       }},
      {"operand dropped", [](AsmStatement& s) { s.operands.pop_back(); }},
      {"kind", [](AsmStatement& s) { s.operands[0].kind = AsmOperandKind::Name; }},
      {"text", [](AsmStatement& s) { s.operands[0].text = "R9"; }},
      {"neg", [](AsmStatement& s) { s.operands[1].neg = !s.operands[1].neg; }},
      {"bitNot", [](AsmStatement& s) { s.operands[7].bitNot = !s.operands[7].bitNot; }},
      {"logicalNot", [](AsmStatement& s) { s.operands[8].logicalNot = !s.operands[8].logicalNot; }},
      {"abs", [](AsmStatement& s) { s.operands[6].abs = !s.operands[6].abs; }},
      {"name", [](AsmStatement& s) { s.operands[0].name = "R9"; }},
      {"selector", [](AsmStatement& s) { s.operands[0].selector = "B2"; }},
      {"file", [](AsmStatement& s) { s.operands[3].file = "UR"; }},
      {"first", [](AsmStatement& s) { s.operands[3].first += 2; }},
      {"last", [](AsmStatement& s) { s.operands[3].last += 2; }},
      {"integer", [](AsmStatement& s) { s.operands[4].integer += 1; }},
      {"large integer", [](AsmStatement& s) { s.operands[4].integer += std::uint64_t{1} << 40; }},
      {"float", [](AsmStatement& s) { s.operands[5].floatValue = 2.5; }},
      {"bank", [](AsmStatement& s) { s.operands[2].bank += 1; }},
      {"base", [](AsmStatement& s) { s.operands[2].base = "UR6"; }},
      {"offset", [](AsmStatement& s) { s.operands[2].offset = -0x10; }},
      {"syntax error", [](AsmStatement& s) { s.hasError = true; }},
  };
  for (const auto& [what, change] : changes) {
    AsmStatement changed = base;
    change(changed);
    EXPECT_NE(keyOf(changed), key) << what;
  }
}

TEST(MatchCache, AStatementTooLongForAKeyIsMatchedAfresh) {
  const InstrDb& db = test::db();
  const std::string longName(MatchCache::kMaxKey, 'Q');
  const AsmStatement s = lowered("MOV R1, " + longName + ";");
  std::array<char, MatchCache::kMaxKey> buffer{};
  EXPECT_EQ(MatchCache::keyOf(s, buffer), 0u);
  MatchCache cache;
  Word128 w1, w2;
  const MatchResult a = cache.match(db, s, w1), b = cache.match(db, s, w2);
  EXPECT_EQ(answer(a, w1), answer(matchStatement(db, s), w1));
  EXPECT_EQ(answer(a, w1), answer(b, w2));
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.hits(), 0u);
}

}  // namespace
}  // namespace gpuasm::isa
