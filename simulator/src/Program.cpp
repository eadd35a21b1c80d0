// prepare(): matched instructions → executable steps (see Program.h).
#include <gpuasm/sim/Program.h>

#include <gpuasm/isa/Binding.h>
#include <gpuasm/sim/Semantics.h>

#include <algorithm>

namespace gpuasm::sim {

namespace {

class Preparer {
 public:
  Preparer(const isa::InstrDb& db, const RegisterLayout& layout, const isa::MachineInst& mi,
           PreparedInst& out)
      : db_(db), layout_(layout), mi_(mi), out_(out), op_(*mi.opcode) {}

  // Fills `out_`; returns an error message when the instruction cannot be prepared.
  std::string run(const Semantics& sem) {
    // The operands in the order of InList<> (the guard first) and OutList<>, from the database's
    // reading of them (isa::operandAccesses, which the binding model and the dataflow share).
    const std::vector<isa::OperandAccess> accesses = isa::operandAccesses(db_, op_);
    if (accesses.empty() || accesses.front().access != isa::Access::Read)
      return "opcode " + op_.name + " has no InList<>, so its guard and sources are unknown";
    // InList<> starts with the guard predicate (pg or upg) in every opcode of the spec.
    if (std::string err = resolve(accesses.front(), out_.guard); !err.empty()) return err;
    if (out_.guard.kind != OperandKind::Pred && out_.guard.kind != OperandKind::UPred)
      return "opcode " + op_.name + ": the first InList<> element " + std::string(accesses.front().name) +
             " is not a predicate";
    out_.uniform = out_.guard.kind == OperandKind::UPred;
    for (std::size_t i = 1; i < accesses.size(); ++i) {
      const bool isIn = accesses[i].access == isa::Access::Read;
      std::uint8_t& count = isIn ? out_.inCount : out_.outCount;
      if (count >= (isIn ? kMaxInputs : kMaxOutputs))
        return "opcode " + op_.name + " has more operands than the simulator supports";
      Operand& o = isIn ? out_.in[count] : out_.out[count];
      ++count;
      if (std::string err = resolve(accesses[i], o); !err.empty()) return err;
    }
    if (sem.modifiers.size() > kMaxModifiers || sem.named.size() > kMaxNamed)
      return "semantics of " + out_.optype->name + " declare too many modifiers or extra fields";
    for (std::size_t i = 0; i < sem.modifiers.size(); ++i)
      if (std::string err = modifier(sem.modifiers[i], out_.mods[i]); !err.empty()) return err;
    for (std::size_t i = 0; i < sem.named.size(); ++i) {
      if (op_.fieldIndex(sem.named[i]) < 0) continue;  // kind None
      const isa::OperandAccess named{sem.named[i], op_.fieldIndex(sem.named[i]), nullptr, isa::Access::None};
      if (std::string err = resolve(named, out_.named[i]); !err.empty()) return err;
    }
    return {};
  }

 private:
  std::uint64_t value(std::size_t fieldIndex) const { return mi_.values[fieldIndex]; }

  std::string resolve(const isa::OperandAccess& access, Operand& o) {
    if (access.predicateSetFile != nullptr) {
      o.kind = access.predicateSetFile == &db_.types()[layout_.upredType] ? OperandKind::UPredSet
                                                                          : OperandKind::PredSet;
      return {};
    }
    const std::string name(access.name);
    const int fi = access.field;
    if (fi < 0) return "opcode " + op_.name + ": operand " + name + " names no field";
    const auto idx = static_cast<std::size_t>(fi);
    const isa::Field& f = op_.fields[idx];
    const isa::BitFieldType& t = db_.typeOf(f);
    o.field = static_cast<std::int16_t>(fi);
    const std::uint64_t v = value(idx);
    if (f.type == layout_.regType) {
      o.kind = OperandKind::Gpr;
    } else if (f.type == layout_.uregType) {
      o.kind = OperandKind::Ugpr;
    } else if (f.type == layout_.predType) {
      o.kind = OperandKind::Pred;
    } else if (f.type == layout_.upredType) {
      o.kind = OperandKind::UPred;
    } else if (t.kind == isa::TypeKind::CMem) {
      o.kind = OperandKind::CMem;
      for (const isa::SubField& sub : t.subFields) {
        const std::uint64_t part = (v >> sub.offset) & ((sub.width >= 64 ? 0 : (1ull << sub.width)) - 1);
        if (sub.name == "bank") o.bank = static_cast<std::uint32_t>(part);
        if (sub.name == "offset") o.offset = static_cast<std::uint32_t>(part);
      }
    } else if (t.kind == isa::TypeKind::SImm) {
      o.kind = OperandKind::Imm;
      const std::uint32_t w = f.width;
      o.imm = (w < 64 && ((v >> (w - 1)) & 1u) != 0) ? v | ~((1ull << w) - 1) : v;
    } else if (t.kind == isa::TypeKind::UImm || t.kind == isa::TypeKind::FImm) {
      o.kind = OperandKind::Imm;
      o.imm = v;
    } else {
      return "opcode " + op_.name + ": operand " + name + " has type " + t.name + ", which holds no value";
    }
    o.reg = static_cast<std::uint32_t>(v);
    const isa::FieldAttributes& a = op_.attributes[idx];
    auto flag = [&](int i) { return i >= 0 && value(static_cast<std::size_t>(i)) != 0; };
    o.neg = flag(a.neg);
    o.abs = flag(a.abs);
    o.bitNot = flag(a.bitNot);
    o.logicalNot = flag(a.notBit);
    if (a.bsel >= 0) o.select = static_cast<std::uint8_t>(value(static_cast<std::size_t>(a.bsel)));
    if (a.hsel >= 0) o.select = static_cast<std::uint8_t>(value(static_cast<std::size_t>(a.hsel)));
    if (const isa::BitwidthRule* rule = op_.operandInfo.bitwidth(name)) {
      const isa::ExprEnv env =
          isa::fieldEnv(db_, op_, [this](std::size_t i) -> std::optional<std::uint64_t> { return value(i); });
      const auto w = isa::evalExpr(rule->expr, env);
      if (!w || *w <= 0 || *w > 128)
        return "opcode " + op_.name + ": Bitwidth<" + name + "> does not evaluate";
      o.width = static_cast<std::uint32_t>(*w);
    }
    return {};
  }

  std::string modifier(const ModifierDecl& decl, std::uint8_t& index) {
    const int fi = op_.fieldIndex(decl.field);
    if (fi < 0) {
      index = 0;
      return {};
    }
    const isa::Field& f = op_.fields[static_cast<std::size_t>(fi)];
    const std::uint64_t v = value(static_cast<std::size_t>(fi));
    const isa::Enumerator* e = db_.typeOf(f).enumeratorFor(v);
    if (e == nullptr)
      return "field " + f.name + " of " + op_.name + " holds " + std::to_string(v) + ", which names no value";
    const auto it = std::find(decl.values.begin(), decl.values.end(), e->name);
    if (it == decl.values.end())
      return "the simulator does not know ." + e->name + " (field " + f.name + ") of " + out_.optype->name;
    index = static_cast<std::uint8_t>(it - decl.values.begin());
    return {};
  }

  const isa::InstrDb& db_;
  const RegisterLayout& layout_;
  const isa::MachineInst& mi_;
  PreparedInst& out_;
  const isa::Opcode& op_;
};

}  // namespace

Program prepare(const isa::InstrDb& db, const RegisterLayout& layout, const SemanticsTable& table,
                std::span<const SourceInstruction> source, PrepareOptions options) {
  Program program;
  program.steps.reserve(source.size());
  for (const SourceInstruction& s : source) {
    PreparedInst& p = program.steps.emplace_back();
    p.line = s.line;
    if (s.inst == nullptr || s.inst->opcode == nullptr) {
      p.error = s.error.empty() ? "the instruction does not assemble" : s.error;
      continue;
    }
    p.opcode = s.inst->opcode;
    p.optype = &db.optypeOf(*p.opcode);
    const Semantics* sem = table.find(p.optype->name);
    if (sem == nullptr) {
      p.error = "the simulator has no semantics for " + p.optype->name;
      continue;
    }
    if (!sem->noSemantics.empty()) {
      p.error = sem->noSemantics;
      continue;
    }
    p.semantics = sem;
    std::string err = Preparer(db, layout, *s.inst, p).run(*sem);
    if (!err.empty()) {
      p.error = std::move(err);
      p.semantics = nullptr;
      continue;
    }
    p.exec = sem->exec;
    if (options.fastPaths && sem->fast != nullptr)
      if (const ExecFn fast = sem->fast(p, layout); fast != nullptr) p.exec = fast;
  }
  return program;
}

}  // namespace gpuasm::sim
