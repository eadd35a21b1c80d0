// The resolved instruction database: look-ups by name, the prelude's assembly facts, field and
// operand accessors. It is immutable once built; InstrDbBuilder.cpp builds it from the spec files
// (`loadSpec`).
#include <gpuasm/isa/InstrDb.h>

#include <algorithm>

namespace gpuasm::isa {

// ---------------------------------------------------------------- small accessors

const char* typeKindName(TypeKind kind) {
  switch (kind) {
    case TypeKind::Enum: return "Enum";
    case TypeKind::Register: return "Register";
    case TypeKind::Predicate: return "Predicate";
    case TypeKind::Flag: return "Flag";
    case TypeKind::SImm: return "SImm";
    case TypeKind::UImm: return "UImm";
    case TypeKind::FImm: return "FImm";
    case TypeKind::CMem: return "CMem";
  }
  return "Enum";
}

std::optional<std::uint64_t> BitFieldType::valueOf(std::string_view spelling) const {
  if (!byName.empty()) return byName.find(spelling);
  for (const auto& e : enumerators)
    if (e.name == spelling) return e.value;
  for (const auto& a : aliases)
    if (a.spelling == spelling) return a.value;
  return std::nullopt;
}

const Enumerator* BitFieldType::enumeratorFor(std::uint64_t value) const {
  if (!byValue.empty()) {
    if (value >= byValue.size() || byValue[value] < 0) return nullptr;
    return &enumerators[static_cast<std::size_t>(byValue[value])];
  }
  for (const auto& e : enumerators)
    if (e.value == value) return &e;
  return nullptr;
}

bool BitFieldType::isEnumerated() const {
  return kind == TypeKind::Enum || kind == TypeKind::Register || kind == TypeKind::Predicate ||
         kind == TypeKind::Flag;
}

std::string_view Field::base() const {
  const std::size_t dot = name.find('.');
  return dot == std::string::npos ? std::string_view(name) : std::string_view(name).substr(0, dot);
}

std::string_view Field::attribute() const {
  const std::size_t dot = name.find('.');
  return dot == std::string::npos ? std::string_view() : std::string_view(name).substr(dot + 1);
}

std::string OrderElem::toString() const {
  if (kind != Kind::Composite) return name;
  std::string out = name + "[";
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out + "]";
}

const BitwidthRule* OperandInfo::bitwidth(std::string_view operand) const {
  for (const auto& r : bitwidths)
    if (r.operand == operand) return &r;
  return nullptr;
}

const AsmFormatRule* OperandInfo::asmFormat(std::string_view target) const {
  for (const auto& r : asmFormats)
    if (r.target == target) return &r;
  return nullptr;
}

const ModifierDomain* Optype::domain(std::string_view variable) const {
  for (const auto& d : syntax.domains)
    if (d.variable == variable) return &d;
  return nullptr;
}

ExprEnv fieldEnv(const InstrDb& db, const Opcode& op,
                 std::function<std::optional<std::uint64_t>(std::size_t)> value) {
  ExprEnv env;
  env.fieldValue = [&op, value](std::string_view name) -> std::optional<std::uint64_t> {
    const int i = op.fieldIndex(name);
    if (i < 0) return std::nullopt;
    return value(static_cast<std::size_t>(i));
  };
  env.enumValue = [&db, &op](std::string_view name,
                             std::string_view spelling) -> std::optional<std::uint64_t> {
    const Field* f = op.field(name);
    return f == nullptr ? std::nullopt : db.typeOf(*f).valueOf(spelling);
  };
  return env;
}

int Optype::spellingIndex(std::string_view spelling) const {
  if (!spellingTable.empty()) {
    const auto i = spellingTable.find(spelling);
    return i ? static_cast<int>(*i) : -1;
  }
  const auto it = std::lower_bound(modifierSpellings.begin(), modifierSpellings.end(), spelling,
                                   [](const auto& entry, std::string_view s) { return entry.first < s; });
  return it != modifierSpellings.end() && it->first == spelling
             ? static_cast<int>(it - modifierSpellings.begin())
             : -1;
}

const std::vector<std::string>* Optype::slotsFor(std::string_view spelling) const {
  const int i = spellingIndex(spelling);
  return i < 0 ? nullptr : &modifierSpellings[static_cast<std::size_t>(i)].second;
}

const Field* Opcode::field(std::string_view fieldName) const {
  const int i = fieldIndex(fieldName);
  return i < 0 ? nullptr : &fields[static_cast<std::size_t>(i)];
}

int Opcode::fieldIndex(std::string_view fieldName) const {
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == fieldName) return static_cast<int>(i);
  return -1;
}

namespace {
template <typename Vec>
auto* lookup(const Vec& vec, const StringMap<std::uint32_t>& index, std::string_view name) {
  const auto it = index.find(name);
  return it == index.end() ? nullptr : &vec[it->second];
}
}  // namespace

const BitFieldType* InstrDb::type(std::string_view name) const { return lookup(types_, typeIndex_, name); }
const Group* InstrDb::group(std::string_view name) const { return lookup(groups_, groupIndex_, name); }
const Optype* InstrDb::optype(std::string_view name) const { return lookup(optypes_, optypeIndex_, name); }
const Opcode* InstrDb::opcode(std::string_view name) const { return lookup(opcodes_, opcodeIndex_, name); }
const Erratum* InstrDb::erratum(std::string_view id) const { return lookup(errata_, erratumIndex_, id); }

const Erratum* InstrDb::erratumForRule(std::string_view rule,
                                       std::initializer_list<std::string_view> targets) const {
  const Erratum* first = nullptr;
  for (const Erratum& e : errata_) {
    if (std::find(e.rules.begin(), e.rules.end(), rule) == e.rules.end()) continue;
    if (first == nullptr) first = &e;
    for (const std::string& t : e.targets)
      if (t == "ALL" || std::find(targets.begin(), targets.end(), t) != targets.end()) return &e;
  }
  return first;
}

PlaceholderClass InstrDb::fileRole(const BitFieldType& type) const {
  const auto index = static_cast<std::uint32_t>(&type - types_.data());
  for (const auto& f : asmFacts_.files)
    if (f.type == index) return f.role;
  return PlaceholderClass::Other;
}

const BitFieldType* InstrDb::fileOfRole(PlaceholderClass role) const {
  for (const auto& f : asmFacts_.files)
    if (f.role == role) return &types_[f.type];
  return nullptr;
}

bool InstrDb::isConstantRegister(const BitFieldType& type, std::uint64_t value) const {
  const auto index = static_cast<std::uint32_t>(&type - types_.data());
  for (const auto& f : asmFacts_.files)
    if (f.type == index) return f.constant == value;
  return false;
}

const Enumerator* InstrDb::constantRegister(const BitFieldType& type) const {
  const auto index = static_cast<std::uint32_t>(&type - types_.data());
  for (const auto& f : asmFacts_.files)
    if (f.type == index && f.constant) return type.enumeratorFor(*f.constant);
  return nullptr;
}

const BitFieldType* InstrDb::predicateSetFile(std::string_view name) const {
  for (const auto& [set, file] : asmFacts_.predicateSets)
    if (set == name) return &types_[file];
  return nullptr;
}

bool InstrDb::isConstantMemory(std::string_view compositeName) const {
  return !asmFacts_.constantMemory.empty() && compositeName == asmFacts_.constantMemory;
}

std::string_view InstrDb::complementEnumerator(std::string_view function) const {
  for (const auto& [f, e] : asmFacts_.complements)
    if (f == function) return e;
  return {};
}

PlaceholderClass InstrDb::placeholderClass(std::string_view placeholder) const {
  PlaceholderClass best = PlaceholderClass::Other;
  std::size_t bestLength = 0;
  for (const auto& [prefix, cls] : asmFacts_.placeholders)
    if (placeholder.starts_with(prefix) && prefix.size() > bestLength) best = cls, bestLength = prefix.size();
  return best;
}
const Optype* InstrDb::optypeForMnemonic(std::string_view m) const {
  if (!mnemonicTable_.empty()) {
    const auto i = mnemonicTable_.find(m);
    return i ? &optypes_[*i] : nullptr;
  }
  return lookup(optypes_, mnemonicIndex_, m);
}

std::string InstrDb::describe(const SourcePos& pos) const {
  const std::string file = pos.file < files_.size() ? files_[pos.file].name : "<spec>";
  if (!pos.valid()) return file;
  return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

}  // namespace gpuasm::isa
