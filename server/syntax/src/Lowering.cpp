// Syntax tree → AsmStatements (see Lowering.h).
#include <gpuasm/syntax/Lowering.h>
#include <gpuasm/syntax/Statement.h>

#include <gpuasm/isa/DecimalFloat.h>

#include <charconv>

namespace gpuasm::syntax {

namespace {

isa::SourceRange toRange(ByteRange r) { return {r.begin, r.end}; }

// Reads 0x-hex or decimal digits; nullopt on overflow or a stray character.
std::optional<std::uint64_t> readInteger(std::string_view t) {
  std::uint64_t v = 0;
  int base = 10;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    t.remove_prefix(2);
  } else if (t.size() > 2 && t[0] == '0' && (t[1] == 'f' || t[1] == 'F')) {
    base = 16;  // 0f float bits
    t.remove_prefix(2);
  }
  const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v, base);
  if (ec != std::errc() || p != t.data() + t.size()) return std::nullopt;
  return v;
}

class Lowerer {
 public:
  explicit Lowerer(std::vector<isa::AsmDiagnostic>& diagnostics) : diagnostics_(diagnostics) {}

  // Fills `s` (a fresh or recycled statement: every field at its default) in place: no
  // temporaries to move. Its strings are empty, so append() sets them, without assign()'s
  // checks for overlapping source and target.
  void statement(const StatementView& v, isa::AsmStatement& s) {
    s.range = toRange(v.range);
    s.line = v.line;
    s.hasError = v.hasError;
    if (v.guard)
      s.guard = isa::AsmGuard{v.guard->negated, std::string(v.guard->predicate.text), toRange(v.guard->range),
                              toRange(v.guard->predicate.range)};
    s.mnemonic.append(v.mnemonic.text);
    s.mnemonicRange = toRange(v.mnemonic.range);
    s.parts.reserve(v.modifiers.size());
    s.operands.reserve(v.operands.size());
    for (const auto& m : v.modifiers) s.parts.push_back({std::string(m.text), toRange(m.range)});
    for (const auto& o : v.operands) operand(o, s.operands.emplace_back());
    if (v.trailingComma)
      diagnostics_.push_back({toRange(*v.trailingComma),
                              isa::AsmSeverity::Warning,
                              isa::DiagnosticCode::DanglingComma,
                              "',' before ';' is followed by no operand",
                              {""},
                              {},
                              {}});
  }

 private:
  void integerTooLarge(Token t) {
    diagnostics_.push_back({toRange(t.range),
                            isa::AsmSeverity::Error,
                            isa::DiagnosticCode::IntegerTooLarge,
                            "'" + std::string(t.text) + "' does not fit 64 bits",
                            {},
                            {},
                            {}});
  }

  std::uint64_t integer(Token t, bool& ok) {
    const auto v = readInteger(t.text);
    if (!v) {
      integerTooLarge(t);
      ok = false;
      return 0;
    }
    return *v;
  }

  void operand(const OperandView& v, isa::AsmOperand& o) {
    o.range = toRange(v.range);
    o.valueRange = toRange(v.value.range);
    o.text.append(v.value.text);
    o.neg = v.prefix == '-';
    o.bitNot = v.prefix == '~';
    o.logicalNot = v.prefix == '!';
    o.abs = v.absolute;
    o.name.append(v.name.text);
    if (v.selector.present()) o.selector.append(v.selector.text);
    o.selectorRange = toRange(v.selector.range);
    bool ok = true;
    switch (v.kind) {
      case OperandKind::Gpr:
      case OperandKind::UniformGpr:
      case OperandKind::Predicate:
      case OperandKind::UniformPredicate: o.kind = isa::AsmOperandKind::Register; break;
      case OperandKind::PredicateSet: o.kind = isa::AsmOperandKind::PredicateSet; break;
      case OperandKind::RegisterRange:
        o.kind = isa::AsmOperandKind::RegisterRange;
        o.file.append(v.file.text);
        o.first = static_cast<std::uint32_t>(std::min<std::uint64_t>(integer(v.first, ok), 0xFFFFFFFFu));
        o.last = static_cast<std::uint32_t>(std::min<std::uint64_t>(integer(v.last, ok), 0xFFFFFFFFu));
        break;
      case OperandKind::Integer:
        o.kind = isa::AsmOperandKind::Integer;
        o.integer = integer(v.name, ok);
        break;
      case OperandKind::FloatBits:
        o.kind = isa::AsmOperandKind::FloatBits;
        o.integer = integer(v.name, ok);
        break;
      case OperandKind::Float: {
        o.kind = isa::AsmOperandKind::Float;
        // The grammar's float token is plain decimal; an f32 it overflows reads as infinity, as
        // the matcher then reports.
        o.floatValue = text::parseDecimalF32(v.name.text).value;
        break;
      }
      case OperandKind::ConstantMemory:
      case OperandKind::RegisterIndirect: {
        o.kind = v.kind == OperandKind::ConstantMemory ? isa::AsmOperandKind::ConstantMemory
                                                       : isa::AsmOperandKind::RegisterIndirect;
        o.file.append(v.kind == OperandKind::ConstantMemory ? v.space.text : v.file.text);
        if (v.bank.present()) o.bank = integer(v.bank, ok);
        if (v.base.present()) o.base.append(v.base.text);
        o.baseRange = toRange(v.base.range);
        o.offsetRange = toRange(v.offset.range);
        if (v.offset.present()) {
          const std::uint64_t magnitude = integer(v.offset, ok);
          const auto clipped =
              static_cast<std::int64_t>(std::min<std::uint64_t>(magnitude, 0x7FFFFFFFFFFFFFFFull));
          o.offset = v.sign == '-' ? -clipped : clipped;
        }
        if (v.kind == OperandKind::ConstantMemory && v.space.text != "c")
          diagnostics_.push_back(
              {toRange(v.space.range),
               isa::AsmSeverity::Warning,
               isa::DiagnosticCode::ConstantMemorySpelling,
               "constant memory is written c[bank][offset], not " + std::string(v.space.text) + "[…]",
               {"c"},
               {},
               {}});
        break;
      }
      case OperandKind::Identifier: o.kind = isa::AsmOperandKind::Name; break;
      case OperandKind::Invalid: o.kind = isa::AsmOperandKind::Invalid; break;
    }
    if (!ok) o.kind = isa::AsmOperandKind::Invalid;
  }

  std::vector<isa::AsmDiagnostic>& diagnostics_;
};

}  // namespace

void recycledStatement(isa::AsmStatement& s) {
  // Field by field (assigning a fresh statement costs more than the allocations it saves); a
  // field added to AsmStatement is reset here too (RecycledStatementIsAFreshOne checks each).
  s.range = {};
  s.line = 0;
  s.guard.reset();
  s.mnemonic.clear();
  s.mnemonicRange = {};
  s.parts.clear();
  s.operands.clear();
  s.hasError = false;
}

isa::AsmStatement& lowerStatement(const StatementView& statement, LoweredUnit& out) {
  if (out.spare.empty()) {
    isa::AsmStatement& s = out.statements.emplace_back();
    Lowerer(out.diagnostics).statement(statement, s);
    return s;
  }
  isa::AsmStatement& s = out.statements.emplace_back(std::move(out.spare.back()));
  out.spare.pop_back();
  recycledStatement(s);
  Lowerer(out.diagnostics).statement(statement, s);
  return s;
}

isa::AsmDiagnostic toAsmDiagnostic(const SyntaxDiagnostic& d) {
  return {toRange(d.range),
          d.code == isa::DiagnosticCode::UnterminatedComment ? isa::AsmSeverity::Warning
                                                             : isa::AsmSeverity::Error,
          d.code,
          d.message,
          d.insert.empty() ? std::vector<std::string>{} : std::vector<std::string>{d.insert},
          {},
          {}};
}

LoweredUnit lower(const SyntaxTree& tree) {
  LoweredUnit out;
  for (const auto& d : syntaxDiagnosticsOf(tree)) out.diagnostics.push_back(toAsmDiagnostic(d));
  const auto views = statementsOf(tree);
  out.statements.reserve(views.size());
  for (const auto& s : views) lowerStatement(s, out);
  return out;
}

isa::SourceRange shifted(isa::SourceRange r, std::uint32_t base) { return {r.begin + base, r.end + base}; }

void shiftStatement(isa::AsmStatement& s, std::uint32_t base, std::uint32_t lineNo) {
  auto token = [base](isa::SourceRange r) { return r.begin == 0 && r.end == 0 ? r : shifted(r, base); };
  s.range = shifted(s.range, base);
  s.line += lineNo;
  if (s.guard) {
    s.guard->range = shifted(s.guard->range, base);
    s.guard->predicateRange = token(s.guard->predicateRange);
  }
  s.mnemonicRange = token(s.mnemonicRange);
  for (auto& p : s.parts) p.range = token(p.range);
  for (auto& o : s.operands) {
    o.range = shifted(o.range, base);
    o.valueRange = token(o.valueRange);
    o.selectorRange = token(o.selectorRange);
    o.baseRange = token(o.baseRange);
    o.offsetRange = token(o.offsetRange);
  }
}

}  // namespace gpuasm::syntax
