// Hover over the tokens of an instruction (see Hover.h). The token under the cursor is found in
// the lowered statement (guard, mnemonic, dotted parts, operands, each with its byte range); what
// it is bound to comes from the statement's binding (isa/Binding.h) — the form, variant, slot and
// field the matcher chose — and the text from the database: the spec's prose verbatim, its
// syntax forms, the variant's fields and Order<> elements, and errata.isa. Nothing here decides a
// binding or knows an ISA fact.
#include <gpuasm/ide/asm/Hover.h>
#include <gpuasm/ide/analysis/RegisterPressure.h>
#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/execution/LiveValues.h>
#include <gpuasm/ide/reference/InstructionReference.h>
#include <gpuasm/ide/asm/ExplainLine.h>

#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

namespace {

using isa::AsmOperand;
using isa::AsmOperandKind;
using isa::BitFieldType;
using isa::Field;
using isa::InstrDb;
using isa::Opcode;
using isa::Optype;
using isa::OrderElem;
using isa::SyntaxForm;
using isa::TypeKind;

bool contains(isa::SourceRange r, std::uint32_t offset) { return r.begin <= offset && offset < r.end; }

syntax::ByteRange toByteRange(isa::SourceRange r) { return {r.begin, r.end}; }

std::string bitsText(const Field& f) {
  return std::to_string(f.offset + f.width - 1) + ":" + std::to_string(f.offset);
}

HoverSection section(HoverSectionKind kind, std::string heading = {}) {
  HoverSection s;
  s.kind = kind;
  s.heading = std::move(heading);
  return s;
}

HoverSection note(std::string text) {
  HoverSection s = section(HoverSectionKind::Note);
  s.text.push_back(std::move(text));
  return s;
}

// A label/value fact: the label a word, the value a token when `code`.
HoverItem fact(std::string label, std::string value, bool code = false) {
  return {std::move(label), std::move(value), false, code};
}

// ------------------------------------------------------------------ describing operand kinds

// Whether a register or predicate type is a uniform file (the prelude's roles, __DefAsmFacts).
bool isUniformFile(const InstrDb& db, const BitFieldType& t) {
  const isa::PlaceholderClass role = db.fileRole(t);
  return role == isa::PlaceholderClass::UniformGpr || role == isa::PlaceholderClass::UniformPredicate;
}

std::string enumeratorSpan(const BitFieldType& t) {
  if (t.enumerators.empty()) return t.name;
  return t.name + ": " + t.enumerators.front().name + ".." + t.enumerators.back().name;
}

// The short name of what a type accepts, as used in the list of legal sources.
std::string shortKind(const InstrDb& db, const BitFieldType& t) {
  switch (t.kind) {
    case TypeKind::Register: return isUniformFile(db, t) ? "UR" : "GPR";
    case TypeKind::Predicate: return isUniformFile(db, t) ? "uniform predicate" : "predicate";
    case TypeKind::SImm:
    case TypeKind::UImm: return "immediate (" + t.name + ")";
    case TypeKind::FImm: return "float immediate (" + t.name + ")";
    case TypeKind::CMem: return "constant memory";
    case TypeKind::Enum:
    case TypeKind::Flag: return "value of " + t.name;
  }
  return t.name;
}

// The long description of a type: its kind and where its values come from.
std::string longKind(const InstrDb& db, const BitFieldType& t) {
  switch (t.kind) {
    case TypeKind::Register:
      return (isUniformFile(db, t) ? "uniform register (UR)" : "general-purpose register (GPR)") +
             std::string(" — ") + enumeratorSpan(t);
    case TypeKind::Predicate:
      return (isUniformFile(db, t) ? "uniform predicate" : "predicate") + std::string(" — ") +
             enumeratorSpan(t);
    case TypeKind::SImm:
      return "signed immediate of type " + t.name + " (" + std::to_string(t.width) + "-bit field)";
    case TypeKind::UImm:
      return "unsigned immediate of type " + t.name + " (" + std::to_string(t.width) + "-bit field)";
    case TypeKind::FImm:
      return "float immediate of type " + t.name + " (" + std::to_string(t.width) + "-bit field)";
    case TypeKind::CMem: return "constant memory c[bank][offset] (type " + t.name + ")";
    case TypeKind::Enum:
    case TypeKind::Flag: return "value of type " + enumeratorSpan(t);
  }
  return t.name;
}

std::string shortKind(const InstrDb& db, const Opcode& op, const OrderElem& elem) {
  switch (elem.kind) {
    case OrderElem::Kind::PredicateSet: return "predicate file " + elem.name;
    case OrderElem::Kind::Composite:
      return db.isConstantMemory(elem.name) ? "constant memory with UR base (" + elem.toString() + ")"
                                            : "register-indirect " + elem.toString();
    case OrderElem::Kind::Field: break;
  }
  const Field* f = op.fieldOf(elem);
  return f == nullptr ? elem.name : shortKind(db, db.typeOf(*f));
}

std::string longKind(const InstrDb& db, const Opcode& op, const OrderElem& elem) {
  switch (elem.kind) {
    case OrderElem::Kind::PredicateSet: return "the whole predicate file " + elem.name;
    case OrderElem::Kind::Composite:
      return db.isConstantMemory(elem.name)
                 ? "constant memory addressed by a uniform register (" + elem.toString() + ")"
                 : "register-indirect address " + elem.toString();
    case OrderElem::Kind::Field: break;
  }
  const Field* f = op.fieldOf(elem);
  return f == nullptr ? elem.name : longKind(db, db.typeOf(*f));
}

const char* writtenKind(AsmOperandKind k) {
  switch (k) {
    case AsmOperandKind::Register: return "register";
    case AsmOperandKind::RegisterRange: return "register range";
    case AsmOperandKind::PredicateSet: return "predicate file";
    case AsmOperandKind::Integer: return "integer literal";
    case AsmOperandKind::Float: return "float literal";
    case AsmOperandKind::FloatBits: return "float literal (raw bits)";
    case AsmOperandKind::ConstantMemory: return "constant memory c[bank][offset]";
    case AsmOperandKind::RegisterIndirect: return "register-indirect address";
    case AsmOperandKind::Name: return "name";
    case AsmOperandKind::Invalid: return "invalid operand";
  }
  return "operand";
}

struct Line {
  const Snapshot& snap;
  const InstrDb& db;
  const AssembledStatement& as;
  const Optype* optype = nullptr;
  std::size_t mnemonicParts = 0;
  const HoverLive* live = nullptr;

  const isa::AsmStatement& s() const { return as.statement; }
  const isa::MachineInst* inst() const { return as.inst && as.inst->opcode != nullptr ? &*as.inst : nullptr; }
  /// The statement's binding, when the matcher got as far as a form and a variant.
  const isa::Binding* binding() const {
    return as.binding && as.binding->opcode != nullptr ? &*as.binding : nullptr;
  }
};

// errata.isa entries about this optype (or one of its variants) that change what a tool does.
std::vector<const isa::Erratum*> behaviourErrata(const InstrDb& db, const Optype& optype) {
  std::vector<const isa::Erratum*> out;
  for (const auto& e : db.errata()) {
    const bool targets = std::any_of(e.targets.begin(), e.targets.end(), [&](const std::string& t) {
      if (t == optype.name) return true;
      return std::any_of(optype.opcodes.begin(), optype.opcodes.end(),
                         [&](std::uint32_t oi) { return db.opcodes()[oi].name == t; });
    });
    const bool changes = std::any_of(e.affects.begin(), e.affects.end(), [](const std::string& a) {
      return a == "hover" || a == "simulator" || a == "assembler";
    });
    if (targets && changes) out.push_back(&e);
  }
  return out;
}

// ------------------------------------------------------------------ the four hovers

HoverInfo mnemonicHover(const Line& l, syntax::ByteRange range) {
  const Optype& ot = *l.optype;
  HoverInfo h{range, ot.mnemonic, {}, instructionReference(l.db, ot, l.as)};
  if (ot.docs.description.present && !text::trim(ot.docs.description.text).empty()) {
    HoverSection d = section(HoverSectionKind::Description);
    d.text.emplace_back(text::trim(ot.docs.description.text));
    d.source = l.db.describe(ot.docs.description.pos);
    h.sections.push_back(std::move(d));
  } else {
    std::string text = "The spec gives no description of " + ot.mnemonic;
    std::vector<std::string> ids;
    if (!ot.syntaxAmendedBy.empty()) ids.push_back(ot.syntaxAmendedBy);
    for (const auto& e : l.db.errata())
      if (std::find(e.targets.begin(), e.targets.end(), ot.name) != e.targets.end() &&
          std::find(ids.begin(), ids.end(), e.id) == ids.end())
        ids.push_back(e.id);
    if (!ids.empty()) text += "; see erratum " + isa::oneOf(ids) + " in errata.isa";
    h.sections.push_back(note(text + "."));
  }

  if (!ot.syntax.forms.empty()) {
    HoverSection syn = section(HoverSectionKind::Syntax);
    for (const auto& f : ot.syntax.forms) {
      std::string line = f.text;
      if (!f.erratum.empty())
        line += "   // inferred by gpuasm (erratum " + f.erratum + "), not the spec's";
      else if (!f.comment.empty())
        line += "   // " + f.comment;
      syn.code.push_back(std::move(line));
    }
    if (!ot.syntax.domains.empty()) syn.code.emplace_back();
    for (const auto& d : ot.syntax.domains) syn.code.push_back(isa::domainLine(d));
    h.sections.push_back(std::move(syn));
  }

  const auto& parts = l.s().parts;
  if (parts.size() > l.mnemonicParts) {
    HoverSection mods = section(HoverSectionKind::ModifiersOnLine, "Modifiers on this line");
    for (std::size_t w = l.mnemonicParts; w < parts.size(); ++w) {
      std::string meaning;
      for (const std::string& line : isa::modifierMeaningLines(ot, parts[w].text))
        meaning += (meaning.empty() ? "" : "\n") + line;
      mods.items.push_back({"." + parts[w].text,
                            meaning.empty() ? "the spec's __ModifierInfo does not mention it." : meaning,
                            true, false});
    }
    h.sections.push_back(std::move(mods));
  }

  for (HoverSection& s : explainLine(l.snap, l.as, ot, *l.live)) h.sections.push_back(std::move(s));

  if (const isa::MachineInst* inst = l.inst()) {
    const Opcode& op = *inst->opcode;
    HoverSection enc = section(HoverSectionKind::Encoding, "Encoding (" + op.name + ")");
    enc.code.push_back(l.as.encoding.toHex());
    enc.table.push_back({"field", "bits", "value"});
    for (std::size_t i = 0; i < op.fields.size() && i < inst->values.size(); ++i) {
      const Field& f = op.fields[i];
      const BitFieldType& t = l.db.typeOf(f);
      const std::uint64_t v = inst->values[i];
      std::string value;
      if (t.isEnumerated()) {
        const isa::Enumerator* e = t.enumeratorFor(v);
        value = e != nullptr ? e->name + " (" + std::to_string(v) + ")" : std::to_string(v);
      } else {
        value = text::hex(v);
      }
      enc.table.push_back({f.name, bitsText(f), value});
    }
    h.sections.push_back(std::move(enc));
  }

  const auto errata = behaviourErrata(l.db, ot);
  if (!errata.empty()) {
    HoverSection dec = section(HoverSectionKind::Decisions, "gpuasm decisions");
    for (const isa::Erratum* e : errata)
      dec.items.push_back({e->id, text::firstSentence(e->decision.text), false, false});
    h.sections.push_back(std::move(dec));
  }
  return h;
}

// What a written modifier is bound to: from the binding when the matcher placed it, else (a
// statement that failed before) the first slot a form offers the spelling, for documentation.
struct ModifierTarget {
  std::string variable;  ///< the domain variable, empty for a literal slot
  const Field* field = nullptr;
};

std::optional<ModifierTarget> modifierTarget(const Line& l, std::size_t part) {
  const std::string& text = l.s().parts[part].text;
  if (const isa::Binding* b = l.binding()) {
    if (const auto m = isa::modifierFacts(*b, part - l.mnemonicParts, text)) {
      ModifierTarget t{std::string(m->variable), nullptr};
      if (m->field >= 0) t.field = &b->opcode->fields[static_cast<std::size_t>(m->field)];
      return t;
    }
  }
  const std::vector<std::string>* slots = l.optype->slotsFor(text);
  if (slots == nullptr || slots->empty()) return std::nullopt;  // unknown: a diagnostic says so
  ModifierTarget t;
  if (!slots->front().starts_with(".")) t.variable = slots->front();
  for (std::size_t i = 0; t.field == nullptr && i < l.optype->opcodes.size(); ++i) {
    const Opcode& o = l.db.opcodes()[l.optype->opcodes[i]];
    t.field = t.variable.empty() ? isa::literalModifierField(l.db, o, text) : o.field(t.variable);
  }
  return t;
}

std::optional<HoverInfo> modifierHover(const Line& l, std::size_t part) {
  const std::string& text = l.s().parts[part].text;
  const auto target = modifierTarget(l, part);
  if (!target) return std::nullopt;
  const Optype& ot = *l.optype;
  HoverInfo h{toByteRange(l.s().parts[part].range), "." + text, {}, std::nullopt};

  HoverSection facts = section(HoverSectionKind::Facts);
  facts.items.push_back(fact("Modifier of", ot.mnemonic, true));
  if (!target->variable.empty()) facts.items.push_back(fact("Value of", "." + target->variable, true));
  if (target->field != nullptr) {
    const Field& f = *target->field;
    facts.items.push_back(fact("Field", f.name, true));
    facts.items.push_back(fact("Type", l.db.typeOf(f).name));
    facts.items.push_back(fact("Bits", bitsText(f)));
    facts.items.push_back(fact("Sets", text, true));
  }
  h.sections.push_back(std::move(facts));
  if (target->field == nullptr)
    h.sections.push_back(note("No variant of " + ot.mnemonic + " has a field that encodes it."));

  std::vector<std::string> meaning = isa::modifierMeaningLines(ot, text);
  if (meaning.empty() && !target->variable.empty()) meaning = isa::modifierMeaningLines(ot, target->variable);
  if (meaning.empty()) {
    h.sections.push_back(note("The spec's __ModifierInfo does not mention ." + text + "."));
  } else {
    HoverSection m = section(HoverSectionKind::Meaning);
    m.text = std::move(meaning);
    m.source = l.db.describe(ot.docs.modifierInfo.pos);
    h.sections.push_back(std::move(m));
  }

  // Legal values: the domain line when the slot has one, else the field's enumerators.
  HoverSection values = section(HoverSectionKind::LegalValues);
  const isa::ModifierDomain* d = target->variable.empty() ? nullptr : ot.domain(target->variable);
  if (d != nullptr) {
    values.heading = "Legal values of ." + d->variable;
    const bool marked = std::any_of(d->values.begin(), d->values.end(),
                                    [](const isa::DomainValue& v) { return v.isDefault; });
    for (const auto& v : d->values) {
      bool isDefault = v.isDefault;
      if (!marked && target->field != nullptr && target->field->presence == isa::FieldPresence::Default)
        isDefault = l.db.typeOf(*target->field).valueOf(v.spelling) == target->field->value;
      values.items.push_back({"." + v.spelling, isDefault ? "default" : "", true, false});
    }
  } else if (target->field != nullptr) {
    const Field& f = *target->field;
    const BitFieldType& t = l.db.typeOf(f);
    values.heading = "Legal values of field " + f.name + " (" + t.name + ")";
    for (const auto& e : t.enumerators)
      values.items.push_back(
          {e.name, f.presence == isa::FieldPresence::Default && e.value == f.value ? "default" : "", true,
           false});
  }
  if (!values.items.empty()) h.sections.push_back(std::move(values));
  return h;
}

std::string accessText(isa::Access a) {
  switch (a) {
    case isa::Access::Read: return "input";
    case isa::Access::Write: return "output";
    case isa::Access::ReadWrite: return "input and output";
    case isa::Access::None: break;
  }
  return "neither input nor output (not in InList<> or OutList<>)";
}

HoverInfo operandHover(const Line& l, std::size_t index) {
  const AsmOperand& o = l.s().operands[index];
  HoverInfo h{toByteRange(o.range),
              std::string(l.snap.text().substr(o.range.begin, o.range.end - o.range.begin)),
              {},
              std::nullopt};
  const isa::Binding* b = l.binding();
  const auto bound = b != nullptr ? isa::operandFacts(*b, index) : std::nullopt;
  if (!bound) {
    h.sections.push_back(note("Operand " + std::to_string(index + 1) + " of " + l.optype->mnemonic + ": a " +
                              writtenKind(o.kind) + "; no syntax form of " + l.optype->mnemonic +
                              " has a slot for it here."));
    return h;
  }
  const SyntaxForm& form = *b->form;
  const isa::OperandSlot& slot = form.operands[bound->slot];
  const Opcode& op = *b->opcode;
  const OrderElem& elem = *bound->element;
  const isa::MachineInst* inst = b->matched ? l.inst() : nullptr;

  HoverSection facts = section(HoverSectionKind::Facts);
  facts.items.push_back(fact("Slot", slot.placeholder, true));
  facts.items.push_back(fact("Of", l.optype->mnemonic, true));
  facts.items.push_back(fact("Access", accessText(bound->access)));
  facts.items.push_back(
      fact("Kind", inst != nullptr ? longKind(l.db, op, elem) : std::string(writtenKind(o.kind))));

  // Width, field and the fields set only for a match: a slot the operand does not fit has none.
  if (const isa::BitwidthRule* rule = op.operandInfo.bitwidth(elem.name);
      rule != nullptr && inst != nullptr) {
    const isa::ExprEnv env = isa::fieldEnv(l.db, op, [inst](std::size_t i) -> std::optional<std::uint64_t> {
      return i < inst->values.size() ? std::optional<std::uint64_t>(inst->values[i]) : std::nullopt;
    });
    if (const auto width = isa::evalExpr(rule->expr, env))
      facts.items.push_back(
          fact("Width", std::to_string(*width) + " bits (Bitwidth<" + elem.name + "> of " + op.name + ")"));
    else
      facts.items.push_back(
          fact("Width", "Bitwidth<" + elem.name + "> = " + rule->expr.toString() + " (" + op.name + ")"));
  }
  if (inst != nullptr) {
    if (const Field* f = op.fieldOf(elem))
      facts.items.push_back(fact("Field", f->name + ", bits " + bitsText(*f) + " of " + op.name));
    std::string set;
    for (const std::uint32_t fi : bound->fields) set += (set.empty() ? "" : ", ") + op.fields[fi].name;
    if (!set.empty()) facts.items.push_back(fact("Fields set", set));
  }

  // Legal sources: every kind the optype's variants bind to this slot of this form.
  std::vector<std::string> sources;
  const std::size_t fi = b->formIndex();
  for (const std::uint32_t oi : l.optype->opcodes) {
    const Opcode& v = l.db.opcodes()[oi];
    if (fi >= v.formBindings.size() || !v.formBindings[fi]) continue;
    const std::size_t order = v.formBindings[fi]->orderIndex[bound->slot];
    if (order >= v.operandInfo.order.size()) continue;
    std::string kind = shortKind(l.db, v, v.operandInfo.order[order]);
    if (std::find(sources.begin(), sources.end(), kind) == sources.end()) sources.push_back(std::move(kind));
  }
  if (!sources.empty()) {
    std::string list;
    for (const std::string& k : sources) list += (list.empty() ? "" : ", ") + k;
    facts.items.push_back(fact("Legal sources", list));
  }
  h.sections.push_back(std::move(facts));
  return h;
}

HoverInfo guardHover(const Line& l) {
  const isa::AsmGuard& g = *l.s().guard;
  const std::string what = l.optype != nullptr ? l.optype->mnemonic : l.s().mnemonic;
  HoverInfo h{toByteRange(g.range), "@" + std::string(g.negated ? "!" : "") + g.predicate, {}, std::nullopt};
  HoverSection d = section(HoverSectionKind::Facts);
  // A negated guard runs the lanes where the predicate is false, so say it the way round it reads.
  d.text.push_back("Guard predicate: it predicates the instruction. Lanes where " + g.predicate + " is " +
                   (g.negated ? "true" : "false") + " do nothing; the others execute " + what + ".");
  if (const isa::MachineInst* inst = l.inst();
      inst != nullptr && isa::firstOperandOrderIndex(l.db, *inst->opcode) == 1) {
    if (const Field* f = inst->opcode->fieldOf(inst->opcode->operandInfo.order.front()))
      d.items.push_back(fact("Field", f->name + ", bits " + bitsText(*f) + " of " + inst->opcode->name));
  }
  h.sections.push_back(std::move(d));
  return h;
}

std::optional<HoverInfo> hoverOfToken(const Snapshot& snapshot, std::uint32_t offset, const HoverLive& live);

// "line 3", "lines 5 and 3".
std::string linesText(const std::vector<std::uint32_t>& lines) {
  std::string out = lines.size() > 1 ? "lines " : "line ";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += i + 1 == lines.size() ? " and " : ", ";
    out += std::to_string(lines[i] + 1);
  }
  return out;
}

// Where the value at a register place comes from and where it goes (RegisterUses.h).
std::optional<HoverSection> dataflowSection(const Snapshot& snapshot, std::uint32_t offset,
                                            const sim::InitialState* stateFile) {
  const std::vector<ValueFlow> flows = valueFlowAt(snapshot, offset, stateFile);
  if (flows.empty()) return std::nullopt;
  HoverSection d = section(HoverSectionKind::Facts);
  d.heading = "Dataflow";
  for (const ValueFlow& f : flows) {
    std::string text;
    if (!f.written || f.writtenAt.size() > 1 || f.fromInitialState || f.uninitialized) {
      // The read side: the writes that reach this place, nearest first.
      const std::vector<std::uint32_t> from(f.written ? f.writtenAt.begin() + 1 : f.writtenAt.begin(),
                                            f.writtenAt.end());
      std::vector<std::string> sources;
      if (!from.empty())
        sources.push_back(linesText(from) + (from.size() > 1 ? " (guarded writes merge lanes)" : ""));
      if (f.fromInitialState) sources.push_back("the initial state (`// @state` or the state file)");
      if (sources.empty()) {
        text = "set by nothing above (no write, no initial value): it reads 0";
      } else {
        text = "value from ";
        for (std::size_t i = 0; i < sources.size(); ++i) text += (i > 0 ? ", or " : "") + sources[i];
        if (f.uninitialized) text += ", or unset (0) in lanes no write reached";
      }
    }
    if (f.written) {
      if (!text.empty()) text += "; ";
      if (f.readNext)
        text += "read next on line " + std::to_string(*f.readNext + 1);
      else if (f.overwrittenAt)
        text += "never read: line " + std::to_string(*f.overwrittenAt + 1) + " overwrites it first";
      else
        text += "never read again; it is live at the end (a result of the kernel)";
      if (f.readNext)
        text += f.overwrittenAt ? "; overwritten on line " + std::to_string(*f.overwrittenAt + 1)
                                : "; live at the end";
    }
    d.items.push_back({f.name, text, true, false});
  }
  return d;
}

// On the mnemonic of a line where a register file peaks (RegisterPressure.h): the values live
// there, each with the line that writes it and its last read.
std::optional<HoverSection> pressureSection(const Snapshot& snapshot, const HoverInfo& h) {
  const std::optional<AssembledStatement> as = snapshot.statementAt(h.range.begin);
  if (!as || as->statement.mnemonicRange.begin != h.range.begin) return std::nullopt;
  const std::uint32_t line = snapshot.lines().position(h.range.begin).line;
  const RegisterPressure& pressure = pressureOf(snapshot);
  if (!pressure.isPeakLine(line)) return std::nullopt;
  HoverSection d = section(HoverSectionKind::Facts);
  std::string counts;
  for (std::size_t f = 0; f < kRegisterFiles; ++f) {
    const std::uint32_t n = pressure.countsAt(line)[f];
    if (n == 0) continue;
    const bool peak = pressure.peaks()[f].line == line;
    counts += std::string(counts.empty() ? "" : ", ") + std::to_string(n) + " " +
              pressure.fileName(static_cast<RegisterFile>(f)) + (peak ? " (peak)" : "");
  }
  d.heading = "Register pressure: " + counts + " live";
  for (const RegisterLiveRange& r : pressure.rangesAt(line)) {
    std::string text =
        r.definedAt ? "written on line " + std::to_string(*r.definedAt + 1) : "from the initial state";
    text += r.result ? ", never read: a result, live to the end"
                     : ", last read on line " + std::to_string(r.lastUse + 1);
    d.items.push_back({registerName(snapshot.db(), r.reg), std::move(text), true, false});
  }
  return d;
}

}  // namespace

std::optional<HoverInfo> getHover(const Snapshot& snapshot, std::uint32_t offset,
                                  const sim::InitialState* stateFile, const HoverLive& live) {
  std::optional<HoverInfo> h = hoverOfToken(snapshot, offset, live);
  if (h)
    if (auto flow = dataflowSection(snapshot, offset, stateFile)) h->sections.push_back(std::move(*flow));
  // On a register operand: its live value in the type this instruction gives it, hex beside.
  if (h && live.run != nullptr)
    if (auto value = liveValueHover(*live.run, offset, live.lane)) h->sections.push_back(std::move(*value));
  if (h)
    if (auto pressure = pressureSection(snapshot, *h)) h->sections.push_back(std::move(*pressure));
  return h;
}

namespace {

std::optional<HoverInfo> hoverOfToken(const Snapshot& snapshot, std::uint32_t offset, const HoverLive& live) {
  if (offset >= snapshot.text().size()) return std::nullopt;
  const std::optional<AssembledStatement> as = snapshot.statementAt(offset);
  if (!as) return std::nullopt;
  const isa::AsmStatement& s = as->statement;
  const InstrDb& db = snapshot.db();

  Line l{snapshot, db, *as, nullptr, 0, &live};
  std::vector<std::string_view> parts;
  for (const auto& p : s.parts) parts.emplace_back(p.text);
  if (!s.mnemonic.empty()) {
    if (const auto mm = isa::matchMnemonic(db, s.mnemonic, parts)) {
      l.optype = mm->optype;
      l.mnemonicParts = mm->mnemonicParts;
    }
  }

  if (s.guard && contains(s.guard->range, offset)) return guardHover(l);
  if (l.optype == nullptr) return std::nullopt;  // unknown mnemonic: the diagnostic says so

  isa::SourceRange mnemonic = s.mnemonicRange;
  bool onMnemonic = contains(s.mnemonicRange, offset);
  for (std::size_t k = 0; k < l.mnemonicParts && k < s.parts.size(); ++k) {
    onMnemonic |= contains(s.parts[k].range, offset);
    mnemonic.end = s.parts[k].range.end;
  }
  if (onMnemonic) return mnemonicHover(l, toByteRange(mnemonic));

  for (std::size_t k = l.mnemonicParts; k < s.parts.size(); ++k)
    if (contains(s.parts[k].range, offset)) return modifierHover(l, k);
  for (std::size_t i = 0; i < s.operands.size(); ++i) {
    if (!contains(s.operands[i].range, offset)) continue;
    if (s.operands[i].kind == AsmOperandKind::Invalid) return std::nullopt;
    return operandHover(l, i);
  }
  return std::nullopt;
}

}  // namespace

}  // namespace gpuasm::ide
