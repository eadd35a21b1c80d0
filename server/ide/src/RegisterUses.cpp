// Register dataflow from the statements' bindings (see RegisterUses.h).
#include <gpuasm/ide/RegisterUses.h>

#include <gpuasm/isa/Binding.h>

#include <algorithm>

namespace gpuasm::ide {

namespace {

// The registers a statement reads and writes, each with the written place it comes from (an
// operand's value or the guard's predicate); implicit ones (an omitted pp) have no place.
struct Placed {
  RegisterId reg;
  isa::SourceRange range;
  isa::Access access = isa::Access::None;
};

std::vector<Placed> placedAccesses(const isa::InstrDb& db, const AssembledStatement& a) {
  std::vector<Placed> out;
  if (!a.inst || !a.binding) return out;
  const isa::AsmStatement& s = a.statement;
  for (const isa::RegisterAccess& r : isa::registerAccesses(db, *a.inst, &*a.binding)) {
    const RegisterId id{static_cast<std::uint32_t>(r.file - db.types().data()), r.number};
    if (r.guard) {
      if (s.guard) out.push_back({id, s.guard->predicateRange, r.access});
    } else if (r.operand != isa::RegisterAccess::kNotWritten && r.operand < s.operands.size()) {
      out.push_back({id, s.operands[r.operand].valueRange, r.access});
    }
  }
  return out;
}

bool within(std::uint32_t offset, isa::SourceRange r) { return r.begin <= offset && offset <= r.end; }

RegisterUse useOf(isa::Access a) {
  if (isa::reads(a) && isa::writes(a)) return RegisterUse::ReadWrite;
  return isa::writes(a) ? RegisterUse::Write : RegisterUse::Read;
}

}  // namespace

std::vector<RegisterId> registersAt(const Snapshot& snapshot, std::uint32_t offset) {
  std::vector<RegisterId> out;
  const auto a = snapshot.statementAt(offset);
  if (!a) return out;
  // The place under the cursor: the guard's predicate or one operand (not its prefixes).
  const isa::AsmStatement& s = a->statement;
  std::optional<isa::SourceRange> place;
  if (s.guard && within(offset, s.guard->predicateRange)) place = s.guard->predicateRange;
  for (const isa::AsmOperand& o : s.operands)
    if (!place && within(offset, o.valueRange)) place = o.valueRange;
  if (!place) return out;
  for (const Placed& p : placedAccesses(snapshot.db(), *a))
    if (p.range == *place && std::find(out.begin(), out.end(), p.reg) == out.end()) out.push_back(p.reg);
  return out;
}

std::vector<RegisterOccurrence> registerOccurrences(const Snapshot& snapshot, const std::vector<RegisterId>& registers) {
  std::vector<RegisterOccurrence> out;
  if (registers.empty()) return out;
  for (const AssembledStatement& a : snapshot.statementsIn({0, static_cast<std::uint32_t>(snapshot.text().size())})) {
    // Per place in this statement, the union of what it does with the wanted registers.
    std::vector<std::pair<isa::SourceRange, isa::Access>> places;
    for (const Placed& p : placedAccesses(snapshot.db(), a)) {
      if (std::find(registers.begin(), registers.end(), p.reg) == registers.end()) continue;
      const auto at = std::find_if(places.begin(), places.end(), [&](const auto& x) { return x.first == p.range; });
      if (at == places.end()) places.emplace_back(p.range, p.access);
      else at->second = at->second | p.access;
    }
    std::sort(places.begin(), places.end(), [](const auto& x, const auto& y) { return x.first.begin < y.first.begin; });
    for (const auto& [range, access] : places) out.push_back({{range.begin, range.end}, a.statement.line, useOf(access)});
  }
  return out;
}

std::vector<RegisterOccurrence> getRegisterOccurrences(const Snapshot& snapshot, std::uint32_t offset) {
  return registerOccurrences(snapshot, registersAt(snapshot, offset));
}

}  // namespace gpuasm::ide
