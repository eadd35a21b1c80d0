// Register events of statements and `// @state` directives (see RegisterEvents.h).
#include <gpuasm/ide/analysis/RegisterEvents.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace gpuasm::ide {

namespace {

constexpr std::array kRegisterRoles = {isa::PlaceholderClass::Gpr, isa::PlaceholderClass::UniformGpr,
                                       isa::PlaceholderClass::Predicate,
                                       isa::PlaceholderClass::UniformPredicate};

RegisterId idOf(const isa::InstrDb& db, const isa::BitFieldType& type, std::uint64_t number) {
  return {static_cast<std::uint32_t>(&type - db.types().data()), static_cast<std::uint32_t>(number)};
}

// An event whose effect is unknown: the register is taken as read and written, maybe only in
// some lanes, so it neither makes nor hides a finding by itself.
RegisterEvent unknownEvent(RegisterId reg, isa::SourceRange range, const isa::AsmStatement& s,
                           std::uint32_t index) {
  RegisterEvent e;
  e.reg = reg;
  e.range = {range.begin, range.end};
  e.line = s.line;
  e.statement = index;
  e.access = isa::Access::ReadWrite;
  e.guarded = true;
  e.unknown = true;
  return e;
}

// A statement that does not assemble: the registers it names.
void unknownEvents(const isa::InstrDb& db, const isa::AsmStatement& s, std::uint32_t index,
                   std::vector<RegisterEvent>& out) {
  auto add = [&](std::optional<RegisterId> reg, isa::SourceRange range, std::uint32_t width) {
    if (!reg) return;
    out.push_back(unknownEvent(*reg, range, s, index));
    out.back().width = static_cast<std::uint8_t>(std::min<std::uint32_t>(width, 255));
  };
  if (s.guard) add(registerNamed(db, s.guard->predicate), s.guard->predicateRange, 1);
  for (const isa::AsmOperand& o : s.operands) {
    switch (o.kind) {
      case isa::AsmOperandKind::Register: add(registerNamed(db, o.name), o.valueRange, 1); break;
      case isa::AsmOperandKind::RegisterRange:
        for (std::uint32_t n = o.first; n <= o.last && n < o.first + 64; ++n)
          add(registerNamed(db, o.file + std::to_string(n)), o.valueRange, o.last - o.first + 1);
        break;
      case isa::AsmOperandKind::ConstantMemory:
      case isa::AsmOperandKind::RegisterIndirect:
        if (!o.base.empty()) add(registerNamed(db, o.base), o.baseRange, 1);
        break;
      default: break;
    }
  }
}

// Operands that pick their register at run time, R[URb+imm]: the instruction may read or write
// any register of the file, so every one of them counts as read and written.
void indirectEvents(const isa::InstrDb& db, const isa::AsmStatement& s, std::uint32_t index,
                    std::vector<RegisterEvent>& out) {
  for (const isa::AsmOperand& o : s.operands) {
    if (o.kind != isa::AsmOperandKind::RegisterIndirect) continue;
    if (const auto file = registerNamed(db, o.file + "0")) {
      out.push_back(unknownEvent({file->file, 0}, o.valueRange, s, index));
      out.back().wholeFile = true;
    }
  }
}

}  // namespace

std::optional<RegisterId> registerNamed(const isa::InstrDb& db, std::string_view name) {
  for (const isa::PlaceholderClass role : kRegisterRoles) {
    const isa::BitFieldType* type = db.fileOfRole(role);
    if (type == nullptr) continue;
    if (const auto v = type->valueOf(name)) {
      if (db.isConstantRegister(*type, *v)) return std::nullopt;
      return idOf(db, *type, *v);
    }
  }
  return std::nullopt;
}

RegisterEventWriter::RegisterEventWriter(const isa::InstrDb& db)
    : db_(db), plans_(isa::registerAccessPlans(db)) {}

void RegisterEventWriter::append(std::span<const AssembledStatement> statements, std::uint32_t firstIndex,
                                 std::vector<RegisterEvent>& out) {
  const isa::InstrDb& db = db_;
  std::vector<isa::RegisterAccess>& accesses = accesses_;  // one statement's, the capacity kept
  for (std::uint32_t n = 0; n < statements.size(); ++n) {
    const AssembledStatement& a = statements[n];
    const isa::AsmStatement& s = a.statement;
    const std::uint32_t i = firstIndex + n;
    if (!a.inst) {
      if (!s.mnemonic.empty()) unknownEvents(db, s, i, out);
      indirectEvents(db, s, i, out);
      continue;
    }
    accesses.clear();
    isa::appendRegisterAccesses(plans_, *a.inst, a.binding ? &*a.binding : nullptr, accesses);
    // A guard that is not the true predicate (or is negated) can leave lanes unwritten.
    const bool guarded = s.guard && (s.guard->negated || std::any_of(accesses.begin(), accesses.end(),
                                                                     [](const auto& r) { return r.guard; }));
    const auto eventOf = [&](const isa::RegisterAccess& r) {
      RegisterEvent e;
      e.reg = idOf(db, *r.file, r.number);
      e.line = s.line;
      e.statement = i;
      e.access = r.access;
      e.guarded = guarded;
      if (r.guard && s.guard) {
        e.range = {s.guard->predicateRange.begin, s.guard->predicateRange.end};
      } else if (!r.guard && r.operand != isa::RegisterAccess::kNotWritten && r.operand < s.operands.size()) {
        e.range = {s.operands[r.operand].valueRange.begin, s.operands[r.operand].valueRange.end};
        e.width =
            static_cast<std::uint8_t>(std::count_if(accesses.begin(), accesses.end(), [&](const auto& x) {
              return !x.guard && x.operand == r.operand && x.file == r.file;
            }));
      } else {
        e.range = {s.mnemonicRange.begin, s.mnemonicRange.end};
        e.implicit = true;
      }
      return e;
    };
    // Reads before writes: an instruction reads its sources (and whatever an operand that picks
    // its register at run time may read: those events read and write) before it writes its results.
    for (const isa::RegisterAccess& r : accesses)
      if (isa::reads(r.access)) out.push_back(eventOf(r));
    indirectEvents(db, s, i, out);
    for (const isa::RegisterAccess& r : accesses)
      if (!isa::reads(r.access)) out.push_back(eventOf(r));
  }
}

std::vector<RegisterEvent> registerEvents(const isa::InstrDb& db, const AssembledUnit& unit) {
  std::vector<RegisterEvent> out;
  RegisterEventWriter(db).append(unit.statements, 0, out);
  return out;
}

std::vector<RegisterId> stateDirectiveRegisters(const isa::InstrDb& db, const sim::InitialState& state) {
  std::vector<RegisterId> out;
  for (const sim::RegisterInit& r : state.registers)
    if (const auto id = registerNamed(db, r.name)) out.push_back(*id);
  return out;
}

}  // namespace gpuasm::ide
