// Text round trip over all 248 encoding variants: random legal field values (fixed seed) are
// encoded, the word is decoded and printed, the text is assembled again, and the word must be
// the same. "Legal" means: enumerators for enumerated fields, any bits for immediates, 64- and
// 128-bit register operands aligned (Bitwidth), and no EncodingError rule firing. Values that
// no syntax form can write (IMAD.HI without .X, catalog §7) print nothing and are skipped, but
// every variant must round-trip at least kMinPerOpcode times, and every syntax form must be
// the one some round trip was written in.
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/Printer.h>

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <random>

namespace gpuasm::ide {
namespace {

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

isa::ExprEnv envFor(const isa::Opcode& op, const std::vector<std::uint64_t>& values) {
  isa::ExprEnv env;
  env.fieldValue = [&op, &values](std::string_view name) -> std::optional<std::uint64_t> {
    const int i = op.fieldIndex(name);
    if (i < 0) return std::nullopt;
    return values[static_cast<std::size_t>(i)];
  };
  env.enumValue = [&op](std::string_view name, std::string_view spelling) -> std::optional<std::uint64_t> {
    const isa::Field* f = op.field(name);
    return f == nullptr ? std::nullopt : db().typeOf(*f).valueOf(spelling);
  };
  return env;
}

// Random legal values for an opcode, or nullopt when an EncodingError rule fires.
std::optional<std::vector<std::uint64_t>> randomLegal(const isa::Opcode& op, std::mt19937_64& rng) {
  std::vector<std::uint64_t> v(op.fields.size());
  for (std::size_t i = 0; i < op.fields.size(); ++i) {
    const isa::Field& f = op.fields[i];
    const isa::BitFieldType& t = db().typeOf(f);
    if (f.presence == isa::FieldPresence::Fixed)
      v[i] = f.value;
    else if (t.isEnumerated())
      v[i] = t.enumerators[rng() % t.enumerators.size()].value;
    else
      v[i] = rng() & isa::maxForWidth(f.width);
    // Bias towards defaults, so optional operands and modifiers are often omitted.
    if (f.presence == isa::FieldPresence::Default && rng() % 3 == 0) v[i] = f.value;
  }
  const auto env = envFor(op, v);
  for (const auto& rule : op.operandInfo.bitwidths) {
    const int i = op.fieldIndex(rule.operand);
    if (i < 0) continue;
    const isa::BitFieldType& t = db().typeOf(op.fields[static_cast<std::size_t>(i)]);
    const auto width = isa::evalExpr(rule.expr, env);
    if (t.kind != isa::TypeKind::Register || !width || *width <= 32) continue;
    std::uint64_t& reg = v[static_cast<std::size_t>(i)];
    if (reg == t.enumerators.back().value) continue;  // RZ / URZ
    const std::uint64_t regs = static_cast<std::uint64_t>(*width / 32);
    reg -= reg % regs;
    // The last register of the range must exist too (R[252:255] would need R255).
    if (!t.enumeratorFor(reg + regs - 1) || t.enumeratorFor(reg + regs - 1) == &t.enumerators.back()) reg = 0;
  }
  for (const auto& rule : op.encodingErrors)
    if (isa::evalExpr(rule.condition, envFor(op, v)).value_or(0) != 0) return std::nullopt;
  return v;
}

TEST(RoundTrip, PrintThenAssembleGivesTheSameWordForEveryVariant) {
  constexpr int kTrialsPerOpcode = 300;
  constexpr int kMinPerOpcode = 5;
  const isa::Decoder decoder(db());
  std::mt19937_64 rng(20261121);
  std::map<std::string, int> ok;
  std::set<const isa::SyntaxForm*> formsUsed;
  int total = 0;
  for (const auto& op : db().opcodes()) {
    for (int n = 0; n < kTrialsPerOpcode; ++n) {
      const auto values = randomLegal(op, rng);
      if (!values) continue;
      const isa::FieldValues given(values->begin(), values->end());
      const isa::EncodeResult enc = isa::encode(db(), op, given);
      ASSERT_TRUE(enc.ok()) << op.name << ": " << enc.issues.front().message;
      const auto dec = decoder.decode(enc.word);
      ASSERT_TRUE(dec.decoded.has_value());
      const auto text = isa::printInstruction(db(), *dec.decoded->opcode, dec.decoded->values);
      if (!text) continue;  // values no form can write
      const AssembledUnit unit = assembleText(db(), *text);
      ASSERT_EQ(unit.statements.size(), 1u) << *text;
      std::string problems;
      for (const auto& d : unit.diagnostics)
        if (d.severity == Severity::Error)
          problems += std::string(isa::spelling(d.code)) + ": " + d.message + "\n";
      ASSERT_TRUE(unit.statements[0].inst.has_value()) << op.name << " " << enc.word.toHex() << "\n"
                                                       << *text << "\n"
                                                       << problems;
      ASSERT_EQ(unit.statements[0].encoding, enc.word)
          << op.name << ": " << *text << " assembled as " << unit.statements[0].inst->opcode->name << " "
          << unit.statements[0].encoding.toHex() << " instead of " << enc.word.toHex();
      ++ok[op.name];
      ++total;
      formsUsed.insert(unit.statements[0].inst->form);
    }
  }
  for (const auto& op : db().opcodes())
    EXPECT_GE(ok[op.name], kMinPerOpcode) << op.name << " round-tripped " << ok[op.name] << " times";
  EXPECT_EQ(ok.size(), 248u);
  // Every syntax form of the spec (and every form errata.isa infers) is printed and accepted.
  for (const auto& o : db().optypes())
    for (const auto& form : o.syntax.forms)
      EXPECT_TRUE(formsUsed.contains(&form)) << o.name << ": " << form.text;
  RecordProperty("roundTrips", total);
}

}  // namespace
}  // namespace gpuasm::ide
