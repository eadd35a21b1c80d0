// The binding model (see Binding.h): the facts derived from a matcher's decision, and the
// matcher's partial-statement steps exported for completion and signature help.
#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/SlotChoices.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Prose.h>

#include <gpuasm/isa/SpecParser.h>

#include "TextUtil.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cctype>
#include <unordered_map>

namespace gpuasm::isa {

// ------------------------------------------------------------------ Binding

std::size_t Binding::formIndex() const {
  assert(optype != nullptr && form != nullptr);
  return static_cast<std::size_t>(form - optype->syntax.forms.data());
}

const FormBinding& Binding::formBinding() const {
  const auto& fb = opcode->formBindings[formIndex()];
  assert(fb.has_value());
  return *fb;
}

std::optional<std::size_t> Binding::slotOf(std::size_t operand) const {
  if (operand >= operandCount || operandSlot[operand] == kUnbound) return std::nullopt;
  return operandSlot[operand];
}

std::optional<std::size_t> Binding::orderIndexOf(std::size_t operand) const {
  const auto slot = slotOf(operand);
  if (!slot) return std::nullopt;
  return formBinding().orderIndex[*slot];
}

const OrderElem* Binding::elementOf(std::size_t operand) const {
  const auto order = orderIndexOf(operand);
  return order ? &opcode->operandInfo.order[*order] : nullptr;
}

std::optional<std::size_t> Binding::modifierSlotOf(std::size_t modifier) const {
  if (modifier >= modifierCount || modifierSlot[modifier] == kUnbound) return std::nullopt;
  return modifierSlot[modifier];
}

std::vector<std::size_t> Binding::omittedSlots() const {
  std::vector<std::size_t> out;
  if (form == nullptr) return out;
  std::vector<bool> written(form->operands.size(), false);
  for (std::size_t i = 0; i < operandCount; ++i) {
    if (operandSlot[i] == kUnbound) return {};
    if (operandSlot[i] < written.size()) written[operandSlot[i]] = true;
  }
  for (std::size_t s = 0; s < written.size(); ++s)
    if (!written[s]) out.push_back(s);
  return out;
}

// ------------------------------------------------------------------ accesses

namespace {

Access listAccess(const OperandInfo& info, std::string_view name) {
  Access a = Access::None;
  if (std::find(info.inList.begin(), info.inList.end(), name) != info.inList.end()) a = a | Access::Read;
  if (std::find(info.outList.begin(), info.outList.end(), name) != info.outList.end()) a = a | Access::Write;
  return a;
}

std::optional<std::uint32_t> widthOf(const BitwidthRule* rule, std::span<const std::uint64_t> values) {
  if (rule == nullptr) return std::nullopt;
  const auto w = evalCompiled(rule->compiled, values);
  if (!w) return std::nullopt;
  return static_cast<std::uint32_t>(*w);
}

}  // namespace

std::optional<std::uint32_t> operandWidth(const Opcode& opcode, const OrderElem& elem,
                                          std::span<const std::uint64_t> values) {
  if (elem.bitwidth < 0) return std::nullopt;
  return widthOf(&opcode.operandInfo.bitwidths[static_cast<std::size_t>(elem.bitwidth)], values);
}

std::string registerSpelling(const InstrDb& db, const BitFieldType& t, std::uint64_t value,
                             std::uint32_t count) {
  const Enumerator* e = t.enumeratorFor(value);
  if (e == nullptr) return {};
  if (count <= 1 || db.isConstantRegister(t, value)) return e->name;
  // The register file's letters, then the range: R5 → R[4:5] for a pair from R4.
  return std::string(text::letterPrefix(e->name)) + "[" + std::to_string(value) + ":" +
         std::to_string(value + count - 1) + "]";
}

RegisterRangeFit registerRangeFit(const InstrDb& db, const BitFieldType& t, std::uint64_t value,
                                  std::uint32_t count) {
  if (count <= 1 || db.isConstantRegister(t, value)) return RegisterRangeFit::Fits;
  if (value % count != 0) return RegisterRangeFit::Misaligned;
  // The range's last register must be one of the file's ordinary registers.
  const Enumerator* last = t.enumeratorFor(value + count - 1);
  return last != nullptr && !db.isConstantRegister(t, last->value) ? RegisterRangeFit::Fits
                                                                   : RegisterRangeFit::PastTheFile;
}

std::vector<std::string> registerOperandSpellings(const InstrDb& db, const BitFieldType& t,
                                                  std::uint32_t count) {
  std::vector<std::string> out;
  for (const Enumerator& e : t.enumerators)
    if (registerRangeFit(db, t, e.value, count) == RegisterRangeFit::Fits)
      out.push_back(registerSpelling(db, t, e.value, count));
  return out;
}

std::vector<OperandAccess> operandAccesses(const InstrDb& db, const Opcode& opcode) {
  std::vector<OperandAccess> out;
  const OperandInfo& info = opcode.operandInfo;
  const auto add = [&](const std::string& name, Access access) {
    OperandAccess a;
    a.name = name;
    a.field = opcode.fieldIndex(name);
    if (a.field < 0)
      a.predicateSetFile = db.predicateSetFile(name);  // PR, UPR (the prelude's PredicateSet<>)
    a.access = access;
    out.push_back(a);
  };
  for (const auto& n : info.inList) add(n, Access::Read);
  for (const auto& n : info.outList) add(n, Access::Write);
  return out;
}

Access accessOf(const Opcode& opcode, const OrderElem& elem) {
  if (elem.kind != OrderElem::Kind::Composite) return listAccess(opcode.operandInfo, elem.name);
  Access a = Access::None;
  for (const auto& part : elem.parts) a = a | listAccess(opcode.operandInfo, part);
  return a;
}

std::optional<OperandFacts> operandFacts(const Binding& binding, std::size_t operand) {
  const auto slot = binding.slotOf(operand);
  if (!slot) return std::nullopt;
  const Opcode& op = *binding.opcode;
  OperandFacts f;
  f.slot = *slot;
  f.orderIndex = binding.formBinding().orderIndex[*slot];
  f.element = &op.operandInfo.order[f.orderIndex];
  f.access = accessOf(op, *f.element);
  const auto addField = [&](int i) {
    if (i >= 0) f.fields.push_back(static_cast<std::uint32_t>(i));
  };
  if (f.element->kind == OrderElem::Kind::Composite) {
    for (const auto& part : f.element->parts) addField(op.fieldIndex(part));
  } else if (const Field* field = op.fieldOf(*f.element)) {
    const auto pos = static_cast<std::size_t>(field - op.fields.data());
    addField(static_cast<int>(pos));
    const FieldAttributes& a = op.attributes[pos];
    for (const int attr : {a.neg, a.abs, a.notBit, a.bitNot, a.bsel, a.hsel}) addField(attr);
  }
  return f;
}

std::optional<ModifierFacts> modifierFacts(const Binding& binding, std::size_t modifier,
                                           std::string_view spelling) {
  const auto slot = binding.modifierSlotOf(modifier);
  if (!slot) return std::nullopt;
  const ModifierSlot& part = binding.form->parts[*slot];
  const FormBinding& fb = binding.formBinding();
  ModifierFacts m;
  m.slot = *slot;
  if (part.variable) m.variable = part.text;
  m.field = part.variable ? fb.variableField[*slot] : fb.literalField[*slot];
  const int spellingIndex = binding.optype->spellingIndex(spelling);
  if (spellingIndex >= 0) {
    const std::int64_t v = fb.modifierValue[*slot][static_cast<std::size_t>(spellingIndex)];
    m.value = v >= 0 ? v : -1;
  }
  return m;
}

namespace {

RegisterAccessPlans computeRegisterAccessPlans(const InstrDb& db) {
  RegisterAccessPlans plans;
  plans.db = &db;
  plans.opcodes.reserve(db.opcodes().size());
  for (const Opcode& op : db.opcodes()) {
    std::vector<RegisterAccessStep>& steps = plans.opcodes.emplace_back();
    const auto& order = op.operandInfo.order;
    const std::size_t guardOrder = firstOperandOrderIndex(db, op);
    const std::string_view guardName =
        guardOrder == 1 ? std::string_view(order.front().name) : std::string_view{};
    for (const OperandAccess& a : operandAccesses(db, op)) {
      RegisterAccessStep step;
      step.access = a.access;
      if (a.predicateSetFile != nullptr) {
        step.file = a.predicateSetFile;
        step.predicateSet = true;
        for (const Enumerator& e : step.file->enumerators)
          if (!db.isConstantRegister(*step.file, e.value))
            step.predicates.push_back(static_cast<std::uint32_t>(e.value));
      } else {
        if (a.field < 0) continue;
        const BitFieldType& t = db.typeOf(op.fields[static_cast<std::size_t>(a.field)]);
        if (t.kind != TypeKind::Register && t.kind != TypeKind::Predicate) continue;
        step.file = &t;
        step.field = static_cast<std::uint32_t>(a.field);
        if (t.kind == TypeKind::Register) step.bitwidth = op.operandInfo.bitwidth(a.name);
        // InstrDb::isConstantRegister's answer, kept: the first __DefAsmFacts file of the type.
        const auto typeIndex = static_cast<std::uint32_t>(&t - db.types().data());
        for (const AsmFacts::File& f : db.asmFacts().files)
          if (f.type == typeIndex) {
            step.hasConstant = f.constant.has_value();
            step.constant = f.constant.value_or(0);
            break;
          }
        step.guard = a.name == guardName;
      }
      for (std::size_t k = 0; k < order.size(); ++k) {
        const OrderElem& e = order[k];
        if (e.name != a.name && std::find(e.parts.begin(), e.parts.end(), a.name) == e.parts.end()) continue;
        if (k < 64)
          step.orderMask |= std::uint64_t{1} << k;
        else
          step.laterOrder.push_back(static_cast<std::uint32_t>(k));
      }
      steps.push_back(std::move(step));
    }
  }
  return plans;
}

}  // namespace

const RegisterAccessPlans& registerAccessPlans(const InstrDb& db) {
  return db.derived(&computeRegisterAccessPlans);
}

void appendRegisterAccesses(const RegisterAccessPlans& plans, const MachineInst& inst, const Binding* binding,
                            std::vector<RegisterAccess>& out) {
  if (inst.opcode == nullptr) return;
  const Opcode& op = *inst.opcode;
  assert(plans.db != nullptr && op.index < plans.opcodes.size() && &plans.db->opcodes()[op.index] == &op);
  // The Order<> element each written operand stands for, when the binding says.
  constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::array<std::uint32_t, Binding::kCapacity> orderOf{};
  std::size_t operands = 0;
  if (binding != nullptr && binding->opcode == &op) {
    operands = binding->operandCount;
    const FormBinding* form = nullptr;  // Binding::orderIndexOf's, looked up once
    for (std::size_t i = 0; i < operands; ++i) {
      const std::uint8_t slot = binding->operandSlot[i];
      if (slot == Binding::kUnbound) {
        orderOf[i] = kNone;
        continue;
      }
      if (form == nullptr) form = &binding->formBinding();
      orderOf[i] = static_cast<std::uint32_t>(form->orderIndex[slot]);
    }
  }
  // The first written operand bound to an element of the step's name.
  const auto operandOf = [&](const RegisterAccessStep& step) -> std::uint8_t {
    for (std::size_t i = 0; i < operands; ++i) {
      const std::uint32_t k = orderOf[i];
      if (k == kNone) continue;
      if (k < 64 ? ((step.orderMask >> k) & 1u) != 0
                 : std::find(step.laterOrder.begin(), step.laterOrder.end(), k) != step.laterOrder.end())
        return static_cast<std::uint8_t>(i);
    }
    return RegisterAccess::kNotWritten;
  };
  for (const RegisterAccessStep& step : plans.opcodes[op.index]) {
    if (step.predicateSet) {
      const std::uint8_t operand = operandOf(step);
      for (const std::uint32_t p : step.predicates)
        out.push_back({step.file, p, step.access, operand, false});
      continue;
    }
    const std::uint64_t v = inst.values[step.field];
    if (step.hasConstant && v == step.constant) continue;
    std::uint32_t count = 1;
    if (step.bitwidth != nullptr)
      if (const auto w = widthOf(step.bitwidth, inst.values); w && *w > 32) count = (*w + 31) / 32;
    const std::uint8_t operand = step.guard ? RegisterAccess::kNotWritten : operandOf(step);
    for (std::uint32_t k = 0; k < count; ++k)
      out.push_back({step.file, static_cast<std::uint32_t>(v) + k, step.access, operand, step.guard});
  }
}

std::vector<RegisterAccess> registerAccesses(const InstrDb& db, const MachineInst& inst,
                                             const Binding* binding) {
  std::vector<RegisterAccess> out;
  appendRegisterAccesses(registerAccessPlans(db), inst, binding, out);
  return out;
}

// ------------------------------------------------------------------ partial-statement queries

bool assignModifierSlots(const SyntaxForm& form, const FormBinding& binding,
                         std::span<const std::size_t> spellings, std::span<std::uint8_t> slotOf,
                         std::span<std::uint8_t> taken, std::size_t* failed) {
  assert(slotOf.size() >= spellings.size() && taken.size() >= form.parts.size());
  std::fill(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(form.parts.size()), 0);
  for (std::size_t w = 0; w < spellings.size(); ++w) {
    slotOf[w] = Binding::kUnbound;
    for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k) {
      if (taken[k] || binding.modifierValue[k][spellings[w]] == FormBinding::kNoFit) continue;
      slotOf[w] = static_cast<std::uint8_t>(k);
      taken[k] = 1;
      break;
    }
    if (slotOf[w] == Binding::kUnbound) {
      if (failed != nullptr) *failed = w;
      return false;
    }
  }
  return true;
}

bool modifierSlotSkippable(const Opcode& opcode, const SyntaxForm& form, const FormBinding& binding,
                           std::size_t part) {
  const ModifierSlot& slot = form.parts[part];
  // A variable slot is decided by its field, braced or not: a required field needs a value.
  if (!slot.variable) return slot.optional;
  const int f = binding.variableField[part];
  return f < 0 || opcode.fields[static_cast<std::size_t>(f)].presence != FieldPresence::Required;
}

std::vector<ModifierFill> fillModifiers(const InstrDb& db, const Optype& optype, std::size_t form,
                                        std::span<const std::string_view> written) {
  std::vector<ModifierFill> out;
  const SyntaxForm& f = optype.syntax.forms[form];
  std::vector<std::size_t> spellings;
  for (const auto w : written) {
    const int i = optype.spellingIndex(w);
    if (i < 0) return out;
    spellings.push_back(static_cast<std::size_t>(i));
  }
  for (const std::uint32_t oi : optype.opcodes) {
    const Opcode& op = db.opcodes()[oi];
    if (form >= op.formBindings.size() || !op.formBindings[form]) continue;
    const FormBinding& b = *op.formBindings[form];
    ModifierFill fill;
    fill.opcode = &op;
    fill.slotOf.assign(spellings.size(), Binding::kUnbound);
    fill.taken.assign(f.parts.size(), 0);
    if (!assignModifierSlots(f, b, spellings, fill.slotOf, fill.taken)) continue;
    for (const auto k : fill.slotOf) fill.last = std::max(fill.last, static_cast<int>(k));
    fill.complete = true;
    for (std::size_t k = f.mnemonicParts; k < f.parts.size() && fill.complete; ++k)
      if (fill.taken[k] == 0 && !modifierSlotSkippable(op, f, b, k)) fill.complete = false;
    out.push_back(std::move(fill));
  }
  return out;
}

void PartialFieldValues::set(int field, std::int64_t value) {
  if (field < 0 || value < 0) return;
  values[static_cast<std::size_t>(field)] = static_cast<std::uint64_t>(value);
  known[static_cast<std::size_t>(field)] = 1;
}

PartialFieldValues valuesAfterModifiers(const Optype& optype, const SyntaxForm& form,
                                        const ModifierFill& fill, std::span<const std::string_view> written) {
  const Opcode& op = *fill.opcode;
  PartialFieldValues out{op.initialValues, std::vector<std::uint8_t>(op.fields.size(), 0)};
  for (std::size_t i = 0; i < op.fields.size(); ++i)
    out.known[i] = op.fields[i].presence == FieldPresence::Fixed ? 1 : 0;
  const FormBinding& b = *op.formBindings[static_cast<std::size_t>(&form - optype.syntax.forms.data())];
  for (std::size_t w = 0; w < written.size() && w < fill.slotOf.size(); ++w) {
    const std::size_t k = fill.slotOf[w];
    const int spelling = optype.spellingIndex(written[w]);
    if (k >= form.parts.size() || spelling < 0) continue;
    out.set(form.parts[k].variable ? b.variableField[k] : b.literalField[k],
            b.modifierValue[k][static_cast<std::size_t>(spelling)]);
  }
  return out;
}

bool encodingRejects(const Opcode& opcode, const PartialFieldValues& values) {
  // A field the spec fixes takes only its fixed value (the matcher's fixed-field-modifier, L-31).
  for (std::size_t i = 0; i < opcode.fields.size(); ++i)
    if (opcode.fields[i].presence == FieldPresence::Fixed && values.values[i] != opcode.fields[i].value)
      return true;
  for (const EncodingErrorRule& rule : opcode.encodingErrors) {
    const auto& nodes = rule.compiled.nodes;
    const bool decided =
        !nodes.empty() && std::all_of(nodes.begin(), nodes.end(), [&](const CompiledExpr::Node& n) {
          if (n.kind == CompiledExpr::Kind::Unknown) return false;
          return n.field < 0 || values.known[static_cast<std::size_t>(n.field)] != 0;
        });
    if (decided && rule.forbids(values.values)) return true;
  }
  return false;
}

std::uint32_t slotChoiceCount(std::span<const std::size_t> optionalSlots) {
  // More than 16 optional slots would be 65,536 attempts per variant; no form has more than a few.
  return optionalSlots.size() > 16 ? 0 : (1u << optionalSlots.size());
}

bool slotChoice(const SyntaxForm& form, std::span<const std::size_t> optionalSlots, std::uint32_t mask,
                std::size_t written, std::vector<std::size_t>& slots) {
  const std::size_t count =
      form.operands.size() - optionalSlots.size() + static_cast<std::size_t>(std::popcount(mask));
  if (count != written) return false;
  slots.clear();
  for (std::size_t i = 0, o = 0; i < form.operands.size(); ++i) {
    const bool isOptional = o < optionalSlots.size() && optionalSlots[o] == i;
    if (!isOptional || ((mask >> o) & 1u) != 0) slots.push_back(i);
    if (isOptional) ++o;
  }
  return true;
}

namespace {

// Every spelling of every register and predicate type, with its value in each (valueOf's
// answer: a type's own enumerators and aliases are the only names it gives a value for).
RegisterNames computeRegisterNames(const InstrDb& db) {
  std::unordered_map<std::string, std::vector<RegisterNames::Entry>> byName;
  std::vector<std::string> order;  // first sighting, so the table does not depend on hashing
  for (std::uint32_t t = 0; t < db.types().size(); ++t) {
    const BitFieldType& type = db.types()[t];
    if (type.kind != TypeKind::Register && type.kind != TypeKind::Predicate) continue;
    auto add = [&](const std::string& name) {
      auto [it, fresh] = byName.try_emplace(name);
      if (fresh) order.push_back(name);
      if (!it->second.empty() && it->second.back().type == t) return;  // a name the type repeats
      const auto v = type.valueOf(name);
      assert(v.has_value());
      it->second.push_back({t, *v});
    };
    for (const auto& e : type.enumerators) add(e.name);
    for (const auto& a : type.aliases) add(a.spelling);
  }
  RegisterNames out;
  out.begin.push_back(0);
  for (const auto& name : order) {
    out.index.add(name, out.begin.size() - 1);
    const auto& entries = byName[name];
    out.entries.insert(out.entries.end(), entries.begin(), entries.end());
    out.begin.push_back(static_cast<std::uint32_t>(out.entries.size()));
  }
  return out;
}

SlotChoices computeSlotChoices(const InstrDb& db) {
  SlotChoices out;
  out.byOpcode.resize(db.opcodes().size());
  out.needsByOpcode.resize(db.opcodes().size());
  out.registers = computeRegisterNames(db);
  SlotChoices::Slots slots;
  for (const Opcode& op : db.opcodes()) {
    const Optype& optype = db.optypeOf(op);
    auto& forms = out.byOpcode[op.index];
    auto& needForms = out.needsByOpcode[op.index];
    forms.resize(op.formBindings.size());
    needForms.resize(op.formBindings.size());
    for (std::size_t f = 0; f < op.formBindings.size() && f < optype.syntax.forms.size(); ++f) {
      if (!op.formBindings[f]) continue;
      const FormBinding& binding = *op.formBindings[f];
      const SyntaxForm& form = optype.syntax.forms[f];
      const auto& optional = binding.optionalSlots;
      auto& byCount = forms[f];
      auto& needsByCount = needForms[f];
      byCount.resize(form.operands.size() + 1);
      needsByCount.resize(form.operands.size() + 1);
      const std::uint32_t masks = slotChoiceCount(optional);
      for (std::size_t written = 0; written <= form.operands.size(); ++written)
        for (std::uint32_t mask = 0; mask < masks; ++mask) {
          if (!slotChoice(form, optional, mask, written, slots)) continue;
          byCount[written].push_back(slots);
          SlotChoices::Needs needs;
          for (const std::size_t slot : slots)
            needs.push_back(slotNeed(db, op, op.operandInfo.order[binding.orderIndex[slot]]));
          needsByCount[written].push_back(std::move(needs));
        }
    }
  }
  return out;
}

}  // namespace

const SlotChoices& slotChoices(const InstrDb& db) { return db.derived(&computeSlotChoices); }

// operandFitsWith's conditions (Binding.h), decided for the element alone.
SlotNeed slotNeed(const InstrDb& db, const Opcode& opcode, const OrderElem& elem) {
  using K = AsmOperandKind;
  SlotNeed n;
  switch (elem.kind) {
    case OrderElem::Kind::PredicateSet:
      n.kinds = SlotNeed::bit(K::PredicateSet);
      n.name = &elem.name;
      return n;
    case OrderElem::Kind::Composite:
      if (isConstantMemoryElement(db, elem)) {
        n.kinds = SlotNeed::bit(K::ConstantMemory);
      } else {
        n.kinds = SlotNeed::bit(K::RegisterIndirect);
        n.name = &elem.name;
      }
      return n;
    case OrderElem::Kind::Field: break;
  }
  const Field* f = opcode.fieldOf(elem);
  if (f == nullptr) {  // every operand that is neither a bare name nor invalid
    for (const K k : {K::Register, K::RegisterRange, K::PredicateSet, K::Integer, K::Float, K::FloatBits,
                      K::ConstantMemory, K::RegisterIndirect})
      n.kinds |= SlotNeed::bit(k);
    return n;
  }
  switch (db.typeOf(*f).kind) {
    case TypeKind::Register:
      n.kinds = SlotNeed::bit(K::Register) | SlotNeed::bit(K::RegisterRange);
      n.registerType = static_cast<std::int32_t>(f->type);
      break;
    case TypeKind::Predicate:
      n.kinds = SlotNeed::bit(K::Register);
      n.registerType = static_cast<std::int32_t>(f->type);
      break;
    case TypeKind::SImm:
    case TypeKind::UImm: n.kinds = SlotNeed::bit(K::Integer); break;
    case TypeKind::FImm:
      n.kinds = SlotNeed::bit(K::Float) | SlotNeed::bit(K::Integer) | SlotNeed::bit(K::FloatBits);
      break;
    case TypeKind::CMem: n.kinds = SlotNeed::bit(K::ConstantMemory); break;
    case TypeKind::Enum:
    case TypeKind::Flag: break;  // no operand
  }
  return n;
}

bool isConstantMemoryElement(const InstrDb& db, const OrderElem& elem) {
  return elem.kind == OrderElem::Kind::Composite && db.isConstantMemory(elem.name);
}

bool operandFits(const InstrDb& db, const Opcode& op, const OrderElem& elem, const AsmOperand& o) {
  return operandFitsWith(db, op, elem, o, [&](const BitFieldType& t) {
    return o.kind == AsmOperandKind::RegisterRange ? t.valueOf(o.file + std::to_string(o.first))
                                                   : t.valueOf(o.name);
  });
}

NegationPrefix negationPrefix(const InstrDb& db, const Opcode& opcode, const Field& field, char prefix,
                              std::span<const std::uint64_t> values) {
  const auto pos = static_cast<std::size_t>(&field - opcode.fields.data());
  const Field* neg = opcode.attribute(pos, &FieldAttributes::neg);
  const Field* bitnot = opcode.attribute(pos, &FieldAttributes::bitNot);
  if (neg != nullptr) {
    // CvtINegX: the neg bit is written '-' without .X and '~' with .X (L-51).
    const AsmFormatRule* fmt = opcode.operandInfo.asmFormat(neg->name);
    if (fmt != nullptr && fmt->function == "CvtINegX" && fmt->args.size() == 2) {
      const int ext = opcode.fieldIndex(fmt->args[1]);
      const Enumerator* e = ext < 0 ? nullptr
                                    : db.typeOf(opcode.fields[static_cast<std::size_t>(ext)])
                                          .enumeratorFor(values[static_cast<std::size_t>(ext)]);
      const bool x = e != nullptr && e->name == db.complementEnumerator(fmt->function);
      if (prefix != (x ? '~' : '-')) return x ? NegationPrefix::WantsTilde : NegationPrefix::WantsMinus;
      return NegationPrefix::SetsNeg;
    }
    return prefix == '~' ? NegationPrefix::TildeNotAllowed : NegationPrefix::SetsNeg;
  }
  if (bitnot != nullptr && prefix == '~') return NegationPrefix::SetsBitNot;
  return NegationPrefix::NoBit;
}

bool prefixesFit(const InstrDb& db, const Opcode& opcode, const OrderElem& elem, const AsmOperand& o,
                 std::span<const std::uint64_t> values) {
  if (!o.neg && !o.bitNot && !o.abs && !o.logicalNot) return true;
  const Field* f = opcode.fieldOf(elem);
  if (f == nullptr) return true;
  const TypeKind kind = db.typeOf(*f).kind;
  if (kind != TypeKind::Register && kind != TypeKind::Predicate && kind != TypeKind::CMem)
    return true;  // immediates: the matcher's own rules
  const auto pos = static_cast<std::size_t>(f - opcode.fields.data());
  if (o.neg || o.bitNot) {
    const NegationPrefix p = negationPrefix(db, opcode, *f, o.neg ? '-' : '~', values);
    if (p != NegationPrefix::SetsNeg && p != NegationPrefix::SetsBitNot) return false;
  }
  if (o.abs && opcode.attribute(pos, &FieldAttributes::abs) == nullptr) return false;
  if (o.logicalNot && opcode.attribute(pos, &FieldAttributes::notBit) == nullptr) return false;
  return true;
}

std::vector<SlotCandidate> nextOperandSlots(const InstrDb& db, const Optype& optype, std::size_t form,
                                            std::span<const AsmOperand> before) {
  std::vector<SlotCandidate> out;
  const SyntaxForm& f = optype.syntax.forms[form];
  std::vector<std::size_t> slots;
  for (const std::uint32_t oi : optype.opcodes) {
    const Opcode& op = db.opcodes()[oi];
    if (form >= op.formBindings.size() || !op.formBindings[form]) continue;
    const FormBinding& b = *op.formBindings[form];
    const std::uint32_t masks = slotChoiceCount(b.optionalSlots);
    // Every statement length that writes at least one more operand than `before`.
    for (std::size_t written = before.size() + 1; written <= f.operands.size(); ++written) {
      for (std::uint32_t mask = 0; mask < masks; ++mask) {
        if (!slotChoice(f, b.optionalSlots, mask, written, slots)) continue;
        bool ok = true;
        for (std::size_t i = 0; i < before.size() && ok; ++i)
          ok = operandFits(db, op, op.operandInfo.order[b.orderIndex[slots[i]]], before[i]);
        if (!ok) continue;
        const SlotCandidate c{&op, slots[before.size()]};
        const bool seen = std::any_of(out.begin(), out.end(), [&](const SlotCandidate& x) {
          return x.slot == c.slot && x.opcode == c.opcode;
        });
        if (!seen) out.push_back(c);
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ shared text

std::string compactForm(const SyntaxForm& form) {
  std::string_view text = form.text;
  const std::size_t dollar = text.find('$');
  if (dollar != std::string_view::npos) text = text::trim(text.substr(0, dollar));
  std::string compact;
  for (const char c : text)
    if (!(c == ' ' && !compact.empty() && compact.back() == ' ')) compact.push_back(c);
  return compact + " ;";
}

std::string domainLine(const ModifierDomain& d) {
  std::string out = "." + d.variable + " = {";
  for (std::size_t i = 0; i < d.values.size(); ++i)
    out += (i ? ", ." : ".") + d.values[i].spelling + (d.values[i].isDefault ? "*" : "");
  return out + "}";
}

namespace {

// True when `line` mentions `.word` as a whole modifier: ".X" must not count inside ".XOR".
bool mentions(std::string_view line, std::string_view word) {
  if (word.empty()) return false;
  const std::string needle = "." + std::string(word);
  for (std::size_t at = line.find(needle); at != std::string_view::npos; at = line.find(needle, at + 1)) {
    const std::size_t after = at + needle.size();
    if (after >= line.size() || !text::isWordChar(line[after])) return true;
  }
  return false;
}

std::vector<std::string_view> proseLines(std::string_view text) {
  std::vector<std::string_view> out = text::lines(text);
  for (std::string_view& line : out) line = text::trim(line);
  return out;
}

bool isTableRow(std::string_view line) { return line.starts_with("|"); }

bool isTableSeparator(std::string_view line) {
  return isTableRow(line) && std::all_of(line.begin(), line.end(),
                                         [](char c) { return c == '|' || c == ':' || c == '-' || c == ' '; });
}

}  // namespace

std::vector<std::string> modifierMeaningLines(const Optype& optype, std::string_view word) {
  std::vector<std::string> out;
  const Prose& prose = optype.docs.modifierInfo;
  if (!prose.present || word.empty()) return out;
  const std::vector<std::string_view> lines = proseLines(prose.text);
  for (std::size_t i = 0; i < lines.size();) {
    if (!isTableRow(lines[i])) {
      if (mentions(lines[i], word)) out.emplace_back(lines[i]);
      ++i;
      continue;
    }
    // A matching row keeps its table's header so it still reads as a table; a matching header
    // brings its whole table, since the rows then describe the word's values.
    std::size_t end = i;
    while (end < lines.size() && isTableRow(lines[end])) ++end;
    const bool hasSeparator = i + 1 < end && isTableSeparator(lines[i + 1]);
    const std::size_t bodyStart = hasSeparator ? i + 2 : i + 1;
    std::vector<std::string_view> rows;
    for (std::size_t k = bodyStart; k < end; ++k)
      if (mentions(lines[i], word) || mentions(lines[k], word)) rows.push_back(lines[k]);
    if (!rows.empty()) {
      out.emplace_back(lines[i]);
      if (hasSeparator) out.emplace_back(lines[i + 1]);
      for (const auto r : rows) out.emplace_back(r);
    }
    i = end;
  }
  return out;
}

namespace {

// A table row that mentions `.word` said as prose: its other cells, each after its header cell
// ("功能: ==") when that is not empty, joined by "; ".
std::string rowMeaning(const ProseTable& table, const std::vector<std::string>& row, std::string_view word) {
  std::string out;
  for (std::size_t c = 0; c < row.size(); ++c) {
    if (row[c].empty() || mentions(row[c], word)) continue;
    out += out.empty() ? "" : "; ";
    if (!table.header[c].empty()) out += table.header[c] + ": ";
    out += row[c];
  }
  return out;
}

}  // namespace

std::string modifierMeaning(const Optype& optype, std::string_view word) {
  const Prose& prose = optype.docs.modifierInfo;
  if (!prose.present || word.empty()) return {};
  for (const ProseBlock& b : proseBlocks(prose.text)) {
    if (b.kind == ProseBlock::Kind::Table) {
      for (const auto& row : b.table.rows)
        if (std::any_of(row.begin(), row.end(),
                        [&](const std::string& cell) { return mentions(cell, word); }))
          if (std::string m = rowMeaning(b.table, row, word); !m.empty()) return m;
      continue;
    }
    if (b.kind != ProseBlock::Kind::Text) continue;
    for (std::string_view line : proseLines(b.text)) {
      if (!mentions(line, word)) continue;
      if (line.starts_with('#')) line = text::trim(line.substr(line.find_first_not_of('#')));
      return text::firstSentence(line);
    }
  }
  return {};
}

std::vector<std::string> modifierCase(const Optype& optype, std::string_view variable,
                                      std::string_view spelling) {
  std::vector<std::string> out;
  const Prose& prose = optype.docs.semantics;
  if (!prose.present || variable.empty() || spelling.empty()) return out;
  const std::string on = "switch (." + std::string(variable) + ")";
  const std::string label = "case ." + std::string(spelling) + ":";
  bool inSwitch = false, inCase = false;
  for (const std::string_view line : proseLines(prose.text)) {
    std::string_view code = text::trim(line.substr(0, line.find("//")));
    if (!inSwitch) {
      inSwitch = code.starts_with(on);
      continue;
    }
    if (code.starts_with("case ") || code.starts_with("default:") || code == "}") {
      if (inCase) break;
      inSwitch = code != "}";  // the switch ends without the case: look for another
      if (!code.starts_with(label)) continue;
      inCase = true;
      code = text::trim(code.substr(label.size()));
    } else if (!inCase) {
      continue;
    }
    const std::size_t brk = code.find("break;");
    if (const std::string_view kept = text::trim(code.substr(0, brk)); !kept.empty()) out.emplace_back(kept);
    if (brk != std::string_view::npos) break;
  }
  return out;
}

}  // namespace gpuasm::isa
