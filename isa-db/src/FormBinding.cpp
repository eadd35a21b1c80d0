// Binding of syntax-form operand slots to Order<> elements (see FormBinding.h).
#include <gpuasm/isa/FormBinding.h>

#include "TextUtil.h"

#include <cctype>

namespace gpuasm::isa {

namespace {

using text::lower;

bool fits(const InstrDb& db, const Opcode& op, const OrderElem& elem, const OperandSlot& slot,
          PlaceholderClass cls) {
  switch (slot.shape) {
    case OperandShape::PredicateSet:
      return elem.kind == OrderElem::Kind::PredicateSet && elem.name == slot.fileName;
    case OperandShape::RegIndirect:
      return elem.kind == OrderElem::Kind::Composite && elem.name == slot.fileName;
    case OperandShape::ConstMem:
      return elem.kind == OrderElem::Kind::Composite && db.isConstantMemory(elem.name);
    case OperandShape::Plain: break;
  }
  if (elem.kind != OrderElem::Kind::Field) return false;
  const Field* f = op.field(elem.name);
  if (f == nullptr) return false;
  const BitFieldType& t = db.typeOf(*f);
  switch (cls) {
    case PlaceholderClass::Gpr:
    case PlaceholderClass::UniformGpr: return t.kind == TypeKind::Register && db.fileRole(t) == cls;
    case PlaceholderClass::Predicate:
    case PlaceholderClass::UniformPredicate: return t.kind == TypeKind::Predicate;
    case PlaceholderClass::Immediate: return t.isImmediate();
    case PlaceholderClass::AnySource: return t.kind != TypeKind::Predicate;
    case PlaceholderClass::Other: return true;
  }
  return false;
}

}  // namespace

const Field* literalModifierField(const InstrDb& db, const Opcode& opcode, std::string_view literal) {
  for (const auto& f : opcode.fields) {
    const BitFieldType& t = db.typeOf(f);
    if (t.kind != TypeKind::Enum || f.presence == FieldPresence::Fixed) continue;
    if (t.valueOf(literal)) return &f;
  }
  return nullptr;
}

std::size_t firstOperandOrderIndex(const InstrDb& db, const Opcode& opcode) {
  const auto& order = opcode.operandInfo.order;
  if (order.empty() || order.front().kind != OrderElem::Kind::Field) return 0;
  const Field* f = opcode.fieldOf(order.front());
  // Order<> lists the guard predicate first (spec-catalog §1.3): pg, or upg in the UDP group.
  return f != nullptr && db.typeOf(*f).kind == TypeKind::Predicate ? 1 : 0;
}

std::optional<FormBinding> bindForm(const InstrDb& db, const Opcode& opcode, const SyntaxForm& form) {
  const auto& order = opcode.operandInfo.order;
  FormBinding b;
  std::size_t cursor = firstOperandOrderIndex(db, opcode);
  for (const auto& slot : form.operands) {
    std::optional<std::size_t> pick;
    bool byName = false;
    if (slot.shape == OperandShape::Plain) {
      const std::string name = lower(slot.placeholder);
      for (std::size_t i = cursor; i < order.size() && !pick; ++i)
        if (order[i].kind == OrderElem::Kind::Field && order[i].name == name) {
          pick = i;
          byName = true;
        }
    }
    const PlaceholderClass cls = db.placeholderClass(slot.placeholder);
    for (std::size_t i = cursor; i < order.size() && !pick; ++i)
      if (fits(db, opcode, order[i], slot, cls)) pick = i;
    if (!pick) return std::nullopt;
    b.orderIndex.push_back(*pick);
    b.byName.push_back(byName);
    cursor = *pick + 1;
  }
  b.literalField.assign(form.parts.size(), -1);
  for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k) {
    if (form.parts[k].variable) continue;
    if (const Field* f = literalModifierField(db, opcode, form.parts[k].text))
      b.literalField[k] = static_cast<int>(f - opcode.fields.data());
  }
  return b;
}

namespace {

// Whether the variable slot `variable` takes `spelling` in `opcode`: the spelling must name a
// value of the slot's field type that is (or is an alias of) a value of the optype's domain.
std::optional<std::uint64_t> domainValue(const InstrDb& db, const Optype& optype, const Field* f,
                                         std::string_view variable, std::string_view spelling) {
  const ModifierDomain* d = optype.domain(variable);
  if (d == nullptr || f == nullptr) return std::nullopt;
  const BitFieldType& t = db.typeOf(*f);
  const auto v = t.valueOf(spelling);
  if (!v) return std::nullopt;
  for (const auto& dv : d->values)
    if (dv.spelling == spelling || t.valueOf(dv.spelling) == v) return v;
  return std::nullopt;
}

}  // namespace

void bindModifierSpellings(const InstrDb& db, const Optype& optype, const Opcode& opcode,
                           const SyntaxForm& form, FormBinding& binding) {
  const auto& spellings = optype.modifierSpellings;
  binding.optionalSlots.clear();
  for (std::size_t i = 0; i < form.operands.size() && i < binding.orderIndex.size(); ++i) {
    const Field* f = opcode.fieldOf(opcode.operandInfo.order[binding.orderIndex[i]]);
    const bool defaultedPredicate =
        f != nullptr && f->presence == FieldPresence::Default && db.typeOf(*f).kind == TypeKind::Predicate;
    if (form.operands[i].optional || defaultedPredicate) binding.optionalSlots.push_back(i);
  }
  binding.variableField.assign(form.parts.size(), -1);
  binding.modifierValue.assign(form.parts.size(), {});
  for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k) {
    const ModifierSlot& slot = form.parts[k];
    auto& values = binding.modifierValue[k];
    values.assign(spellings.size(), FormBinding::kNoFit);
    if (slot.variable) {
      const Field* f = opcode.field(slot.text);
      if (f != nullptr) binding.variableField[k] = static_cast<int>(f - opcode.fields.data());
      for (std::size_t i = 0; i < spellings.size(); ++i)
        if (const auto v = domainValue(db, optype, f, slot.text, spellings[i].first))
          values[i] = static_cast<std::int64_t>(*v);
      continue;
    }
    const int i = optype.spellingIndex(slot.text);
    if (i < 0) continue;
    const int field = binding.literalField[k];
    const auto v = field < 0 ? std::nullopt
                             : db.typeOf(opcode.fields[static_cast<std::size_t>(field)]).valueOf(slot.text);
    values[static_cast<std::size_t>(i)] = v ? static_cast<std::int64_t>(*v) : FormBinding::kNoField;
  }
}

}  // namespace gpuasm::isa
