// Canonical text of an instruction (see Printer.h).
#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/DecimalFloat.h>
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Printer.h>

#include "TextUtil.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>

namespace gpuasm::isa {

namespace {

using text::hex;

class FormPrinter {
 public:
  FormPrinter(const InstrDb& db, const Opcode& op, std::span<const std::uint64_t> values,
              const SyntaxForm& form, const FormBinding& binding)
      : db_(db), op_(op), values_(values), form_(form), binding_(binding) {}

  std::optional<std::string> run() {
    std::string text;
    text.reserve(64);  // one allocation for a typical line
    if (!guard(text)) return std::nullopt;
    text += form_.baseName;
    for (std::size_t k = 0; k < form_.parts.size(); ++k) {
      if (k < form_.mnemonicParts) {
        text += '.';
        text += form_.parts[k].text;
        continue;
      }
      const auto part = modifier(form_.parts[k], binding_.literalField[k]);
      if (!part) return std::nullopt;
      if (!part->empty()) {
        text += '.';
        text += *part;
      }
    }
    // Right to left, so each slot knows whether the next printed operand has its type: an
    // optional operand may be left out only when the one after it cannot be taken for it
    // (ISET's pp and pq are both predicates: leaving pp out would turn pq into pp).
    std::vector<std::string> operands;
    operands.reserve(form_.operands.size());
    const BitFieldType* nextType = nullptr;
    for (std::size_t i = form_.operands.size(); i-- > 0;) {
      auto o = operand(i, nextType);
      if (!o) return std::nullopt;
      if (o->empty()) continue;
      operands.push_back(std::move(*o));  // reversed below
      nextType = slotType(i);
    }
    // Every field the form does not show must hold its default, or the text would lose it.
    for (std::size_t i = 0; i < op_.fields.size(); ++i) {
      const Field& f = op_.fields[i];
      if (f.presence == FieldPresence::Fixed || shown_[i]) continue;
      if (f.presence == FieldPresence::Required || values_[i] != f.value) return std::nullopt;
    }
    std::reverse(operands.begin(), operands.end());
    for (std::size_t i = 0; i < operands.size(); ++i) {
      text += i == 0 ? " " : ", ";
      text += operands[i];
    }
    return text + " ;";
  }

 private:
  // Every Field here is one of op_.fields, so its position is pointer arithmetic, and its
  // attribute fields (ra.neg, ...) come from the database's precomputed table.
  std::size_t pos(const Field& f) const { return static_cast<std::size_t>(&f - op_.fields.data()); }
  std::uint64_t value(const Field& f) const { return values_[pos(f)]; }
  bool atDefault(const Field& f) const { return f.presence == FieldPresence::Default && value(f) == f.value; }
  const Field* attr(const Field& f, int FieldAttributes::*which) const {
    return op_.attribute(pos(f), which);
  }
  void show(const Field& f) { shown_[pos(f)] = true; }

  static constexpr int FieldAttributes::*kAttributes[] = {&FieldAttributes::neg,    &FieldAttributes::abs,
                                                          &FieldAttributes::notBit, &FieldAttributes::bitNot,
                                                          &FieldAttributes::bsel,   &FieldAttributes::hsel};

  bool guard(std::string& text) {
    if (firstOperandOrderIndex(db_, op_) == 0) return true;
    const Field* pg = op_.fieldOf(op_.operandInfo.order.front());
    const Field* neg = attr(*pg, &FieldAttributes::notBit);
    show(*pg);
    if (neg != nullptr) show(*neg);
    if (atDefault(*pg) && (neg == nullptr || atDefault(*neg))) return true;
    const Enumerator* e = db_.typeOf(*pg).enumeratorFor(value(*pg));
    if (e == nullptr) return false;
    text += "@" + std::string(neg != nullptr && value(*neg) != 0 ? "!" : "") + e->name + " ";
    return true;
  }

  // The text of a modifier slot (a view of the database's spelling): "" when omitted, nullopt
  // when the form cannot express the value.
  std::optional<std::string_view> modifier(const ModifierSlot& slot, int literalField) {
    if (!slot.variable) {
      const Field* f = literalField < 0 ? nullptr : &op_.fields[static_cast<std::size_t>(literalField)];
      if (f == nullptr)
        return slot.optional ? std::optional<std::string_view>("") : std::nullopt;  // MUFU {.SAT}: no bits
      const std::uint64_t literal = *db_.typeOf(*f).valueOf(slot.text);
      if (value(*f) == literal) {
        show(*f);
        return slot.optional && atDefault(*f) ? std::string_view() : std::string_view(slot.text);
      }
      if (!slot.optional) return std::nullopt;
      return "";  // the field is another literal's business, or must hold its default
    }
    const Field* f = op_.field(slot.text);
    if (f == nullptr) return std::nullopt;
    show(*f);
    if (atDefault(*f)) return "";
    const BitFieldType& t = db_.typeOf(*f);
    const Optype& optype = db_.optypeOf(op_);
    if (const ModifierDomain* d = optype.domain(slot.text))
      for (const auto& v : d->values)
        if (t.valueOf(v.spelling) == value(*f)) return v.spelling;
    return std::nullopt;
  }

  const BitFieldType* slotType(std::size_t i) const {
    const OrderElem& elem = op_.operandInfo.order[binding_.orderIndex[i]];
    if (elem.kind != OrderElem::Kind::Field) return nullptr;
    const Field* f = op_.fieldOf(elem);
    return f == nullptr ? nullptr : &db_.typeOf(*f);
  }

  std::optional<std::string> operand(std::size_t i, const BitFieldType* nextType) {
    const OperandSlot& slot = form_.operands[i];
    const OrderElem& elem = op_.operandInfo.order[binding_.orderIndex[i]];
    if (elem.kind == OrderElem::Kind::PredicateSet) return elem.name;
    if (elem.kind == OrderElem::Kind::Composite) return composite(elem);
    const Field* f = op_.fieldOf(elem);
    if (f == nullptr) return std::nullopt;
    show(*f);
    for (auto a : kAttributes)
      if (const Field* x = attr(*f, a)) show(*x);
    const BitFieldType& t = db_.typeOf(*f);
    const bool optional =
        slot.optional || (f->presence == FieldPresence::Default && t.kind == TypeKind::Predicate);
    if (optional && atDefault(*f) && nextType != &t) {
      bool attrsDefault = true;
      for (auto a : kAttributes)
        if (const Field* x = attr(*f, a)) attrsDefault &= atDefault(*x);
      if (attrsDefault) return "";
    }
    std::string body;
    switch (t.kind) {
      case TypeKind::Register:
      case TypeKind::Predicate: {
        const Enumerator* e = t.enumeratorFor(value(*f));
        if (e == nullptr) return std::nullopt;
        body = e->name;
        const std::uint32_t width = bitwidth(f->name);
        if (t.kind == TypeKind::Register) body = registerSpelling(db_, t, value(*f), width / 32);
        if (!appendSelector(*f, body)) return std::nullopt;
        break;
      }
      case TypeKind::SImm:
        body =
            f->width >= 32 ? hex(value(*f), {.upper = true}) : signedText(bitsToSigned(value(*f), f->width));
        break;
      case TypeKind::UImm: body = hex(value(*f), {.upper = true}); break;
      case TypeKind::FImm:
        body =
            floatText(static_cast<std::uint32_t>(value(*f)), attr(*f, &FieldAttributes::neg) != nullptr ||
                                                                 attr(*f, &FieldAttributes::abs) != nullptr);
        if (const Field* sel = attr(*f, &FieldAttributes::hsel); sel != nullptr && !atDefault(*sel))
          return std::nullopt;  // no syntax for it
        break;
      case TypeKind::CMem:
        body = constMem(*f, nullptr);
        if (!appendSelector(*f, body)) return std::nullopt;
        break;
      default: return std::nullopt;
    }
    return prefixed(*f, std::move(body));
  }

  // ".B1" / ".H1" when the operand's byte or half selector is not at its default.
  bool appendSelector(const Field& f, std::string& body) const {
    for (auto a : {&FieldAttributes::bsel, &FieldAttributes::hsel}) {
      const Field* sel = attr(f, a);
      if (sel == nullptr || atDefault(*sel)) continue;
      const Enumerator* e = db_.typeOf(*sel).enumeratorFor(value(*sel));
      if (e == nullptr) return false;
      body += "." + e->name;
    }
    return true;
  }

  std::string prefixed(const Field& f, std::string body) const {
    const Field* abs = attr(f, &FieldAttributes::abs);
    if (abs != nullptr && value(*abs) != 0) {
      body.insert(0, 1, '|');
      body += '|';
    }
    const Field* neg = attr(f, &FieldAttributes::neg);
    if (neg != nullptr && value(*neg) != 0) {
      char prefix = '-';
      const AsmFormatRule* fmt = op_.operandInfo.asmFormat(neg->name);
      if (fmt != nullptr && fmt->function == "CvtINegX" && fmt->args.size() == 2)
        if (const Field* ext = op_.field(fmt->args[1])) {
          const Enumerator* e = db_.typeOf(*ext).enumeratorFor(value(*ext));
          if (e != nullptr && e->name == db_.complementEnumerator(fmt->function)) prefix = '~';
        }
      body.insert(0, 1, prefix);
    }
    const Field* bitnot = attr(f, &FieldAttributes::bitNot);
    if (bitnot != nullptr && value(*bitnot) != 0) body.insert(0, 1, '~');
    const Field* lnot = attr(f, &FieldAttributes::notBit);
    if (lnot != nullptr && value(*lnot) != 0) body.insert(0, 1, '!');
    return body;
  }

  static std::string signedText(std::int64_t v) {
    return v < 0 ? "-" + hex(static_cast<std::uint64_t>(-v), {.upper = true})
                 : hex(static_cast<std::uint64_t>(v), {.upper = true});
  }

  // Shortest decimal that reads back to the same bits; raw 0f bits for NaN, infinities, and
  // negative values of variants that carry their own neg bit (a '-' there would set that bit).
  static std::string floatText(std::uint32_t bits, bool hasSignBits) {
    const float f = std::bit_cast<float>(bits);
    const bool negative = (bits >> 31) != 0;
    if (!std::isfinite(f) || (negative && hasSignBits))
      return "0f" + ::gpuasm::text::hex(bits, {.digits = 8, .upper = true, .prefix = false});
    return text::formatDecimalF32(f);
  }

  std::string constMem(const Field& f, const Field* baseField) const {
    const BitFieldType& t = db_.typeOf(f);
    std::uint64_t bank = 0, offset = 0;
    std::uint32_t offsetWidth = 16;
    for (const auto& sub : t.subFields) {
      const std::uint64_t v = (value(f) >> sub.offset) & maxForWidth(sub.width);
      if (sub.name == "bank")
        bank = v;
      else {
        offset = v;
        offsetWidth = sub.width;
      }
    }
    std::string address = hex(offset, {.upper = true});
    if (baseField != nullptr && !atDefault(*baseField)) {
      const Enumerator* e = db_.typeOf(*baseField).enumeratorFor(value(*baseField));
      const std::int64_t signedOffset = bitsToSigned(offset, offsetWidth);
      address = (e != nullptr ? e->name : "?") + (signedOffset == 0 ? std::string()
                                                  : signedText(signedOffset).front() == '-'
                                                      ? signedText(signedOffset)
                                                      : "+" + signedText(signedOffset));
    }
    return "c[" + hex(bank, {.upper = true}) + "][" + address + "]";
  }

  std::optional<std::string> composite(const OrderElem& elem) {
    if (elem.parts.size() != 2) return std::nullopt;
    const Field* a = op_.field(elem.parts[0]);
    const Field* b = op_.field(elem.parts[1]);
    if (a == nullptr || b == nullptr) return std::nullopt;
    show(*a);
    show(*b);
    if (db_.isConstantMemory(elem.name)) return constMem(*a, b);
    const Enumerator* base = db_.typeOf(*a).enumeratorFor(value(*a));
    if (base == nullptr) return std::nullopt;
    const std::int64_t offset = bitsToSigned(value(*b), b->width);
    std::string text = elem.name + "[" + base->name;
    if (offset != 0) text += offset < 0 ? signedText(offset) : "+" + signedText(offset);
    return text + "]";
  }

  std::uint32_t bitwidth(const std::string& operand) const {
    const BitwidthRule* rule = op_.operandInfo.bitwidth(operand);
    if (rule == nullptr) return 32;
    if (rule->expr.op == Expr::Op::Int)
      return static_cast<std::uint32_t>(rule->expr.intValue);  // most rules: a constant
    const ExprEnv env =
        fieldEnv(db_, op_, [this](std::size_t i) -> std::optional<std::uint64_t> { return values_[i]; });
    return static_cast<std::uint32_t>(evalExpr(rule->expr, env).value_or(32));
  }

  const InstrDb& db_;
  const Opcode& op_;
  std::span<const std::uint64_t> values_;
  const SyntaxForm& form_;
  const FormBinding& binding_;
  std::vector<bool> shown_ = std::vector<bool>(op_.fields.size());  ///< fields the text shows
};

}  // namespace

std::optional<std::string> printInstruction(const InstrDb& db, const Opcode& opcode,
                                            std::span<const std::uint64_t> values) {
  if (values.size() != opcode.fields.size()) return std::nullopt;
  const auto& forms = db.optypeOf(opcode).syntax.forms;
  for (std::size_t i = 0; i < forms.size(); ++i) {
    const auto& binding = opcode.formBindings[i];
    if (!binding) continue;
    if (auto text = FormPrinter(db, opcode, values, forms[i], *binding).run()) return text;
  }
  return std::nullopt;
}

}  // namespace gpuasm::isa
