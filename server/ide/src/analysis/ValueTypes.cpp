// Values in their types (see ValueTypes.h).
#include <gpuasm/ide/analysis/ValueTypes.h>

#include <algorithm>
#include <charconv>
#include <map>

namespace gpuasm::ide {

std::optional<sim::ValueType> valueTypeNamed(std::string_view name) {
  if (name.size() < 2) return std::nullopt;
  unsigned width = 0;
  const char* end = name.data() + name.size();
  const auto [stop, ec] = std::from_chars(name.data() + 1, end, width);
  if (ec != std::errc() || stop != end || (width != 8 && width != 16 && width != 32 && width != 64))
    return std::nullopt;
  // The kind letters of the spec's type names: the only ISA-independent fact the decision uses.
  switch (name[0]) {
    case 'F': return width == 32 ? sim::ValueType::F32 : sim::ValueType::U32;
    case 'S': return width == 32 ? sim::ValueType::S32 : sim::ValueType::U32;
    case 'U':
    case 'B': return sim::ValueType::U32;
    default: return std::nullopt;
  }
}

namespace {

// Whether the enumerators of `t` name value types (IType's S32 and U32, MUFUDType's F32 …).
bool namesValueTypes(const isa::BitFieldType& t) {
  return t.kind == isa::TypeKind::Enum &&
         std::any_of(t.enumerators.begin(), t.enumerators.end(),
                     [](const isa::Enumerator& e) { return valueTypeNamed(e.name).has_value(); });
}

// What statementValueType needs of each variant, decided once per database (InstrDb::derived)
// rather than per statement: the first field whose type names value types, and the type when
// there is none.
struct VariantTyping {
  int field = -1;
  sim::ValueType fallback = sim::ValueType::U32;
};

std::vector<VariantTyping> variantTypings(const isa::InstrDb& db) {
  std::vector<bool> namesTypes(db.types().size());
  for (std::size_t t = 0; t < db.types().size(); ++t) namesTypes[t] = namesValueTypes(db.types()[t]);
  std::vector<bool> floatOptype(db.optypes().size(), false);
  for (const isa::Opcode& op : db.opcodes())
    for (const isa::Field& f : op.fields)
      if (db.types()[f.type].kind == isa::TypeKind::FImm) floatOptype[op.optype] = true;
  std::vector<VariantTyping> typings(db.opcodes().size());
  for (const isa::Opcode& op : db.opcodes()) {
    VariantTyping& v = typings[op.index];
    for (std::size_t f = 0; f < op.fields.size() && v.field < 0; ++f)
      if (namesTypes[op.fields[f].type]) v.field = static_cast<int>(f);
    v.fallback = floatOptype[op.optype] ? sim::ValueType::F32 : sim::ValueType::U32;
  }
  return typings;
}

}  // namespace

sim::ValueType statementValueType(const isa::InstrDb& db, const isa::MachineInst& inst) {
  const isa::Opcode& op = *inst.opcode;
  const VariantTyping& v = db.derived(&variantTypings)[op.index];
  if (v.field < 0 || static_cast<std::size_t>(v.field) >= inst.values.size()) return v.fallback;
  const auto field = static_cast<std::size_t>(v.field);
  const isa::Enumerator* e = db.typeOf(op.fields[field]).enumeratorFor(inst.values[field]);
  return e != nullptr ? valueTypeNamed(e->name).value_or(sim::ValueType::U32) : sim::ValueType::U32;
}

sim::ValueType registerValueType(const isa::InstrDb& db, const isa::MachineInst* inst, RegisterId reg,
                                 std::uint8_t width) {
  if (reg.file < db.types().size() && db.types()[reg.file].kind == isa::TypeKind::Predicate)
    return sim::ValueType::Bool;
  if (inst == nullptr || width > 1) return sim::ValueType::U32;
  return statementValueType(db, *inst);
}

std::vector<std::pair<RegisterId, sim::ValueType>> writtenValueTypes(const isa::InstrDb& db,
                                                                     const AssembledUnit& unit,
                                                                     std::uint64_t executed) {
  // The statements a run executes are those sourceInstructions (Run.h) hands the simulator.
  std::vector<bool> runs(unit.statements.size(), false);
  std::uint64_t count = 0;
  for (std::size_t i = 0; i < unit.statements.size() && count < executed; ++i) {
    const isa::AsmStatement& s = unit.statements[i].statement;
    if (s.mnemonic.empty() && !s.hasError) continue;
    runs[i] = true;
    ++count;
  }
  std::map<RegisterId, sim::ValueType> types;
  for (const RegisterEvent& e : registerEvents(db, unit)) {
    if (e.statement >= runs.size() || !runs[e.statement] || !isa::writes(e.access) || e.unknown) continue;
    const auto& inst = unit.statements[e.statement].inst;
    types[e.reg] = registerValueType(db, inst ? &*inst : nullptr, e.reg, e.width);
  }
  return {types.begin(), types.end()};
}

}  // namespace gpuasm::ide
