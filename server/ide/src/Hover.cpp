// Hover over the tokens of an instruction (see Hover.h). The token under the cursor is found in
// the lowered statement (guard, mnemonic, dotted parts, operands, each with its byte range); the
// text comes from the database: the spec's prose verbatim, its syntax forms, the matched
// opcode's fields and Order<> bindings, and errata.isa. Nothing here knows an ISA fact.
#include <gpuasm/ide/Hover.h>

#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Matcher.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <span>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

namespace {

using isa::AsmOperand;
using isa::AsmOperandKind;
using isa::BitFieldType;
using isa::Field;
using isa::FormBinding;
using isa::InstrDb;
using isa::Opcode;
using isa::Optype;
using isa::OrderElem;
using isa::SyntaxForm;
using isa::TypeKind;

bool contains(isa::SourceRange r, std::uint32_t offset) { return r.begin <= offset && offset < r.end; }

syntax::ByteRange toByteRange(isa::SourceRange r) { return {r.begin, r.end}; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trimmed(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])) != 0) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])) != 0) --e;
  return std::string(s.substr(b, e - b));
}

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return lines;
}

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string bitsText(const Field& f) {
  return std::to_string(f.offset + f.width - 1) + ":" + std::to_string(f.offset);
}

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// True when `line` mentions `.word` as a whole modifier: ".X" must not count inside ".XOR".
bool mentions(std::string_view line, std::string_view word) {
  const std::string needle = "." + std::string(word);
  for (std::size_t at = line.find(needle); at != std::string_view::npos; at = line.find(needle, at + 1)) {
    const std::size_t after = at + needle.size();
    if (after >= line.size() || !isWordChar(line[after])) return true;
  }
  return false;
}

bool isTableRow(std::string_view line) { return trimmed(line).starts_with("|"); }

bool isTableSeparator(std::string_view line) {
  const std::string t = trimmed(line);
  if (!t.starts_with("|")) return false;
  return std::all_of(t.begin(), t.end(), [](char c) { return c == '|' || c == ':' || c == '-' || c == ' '; });
}

// The lines and table rows of a prose section that mention `.word`, as markdown. A matching
// table row keeps its table's header so the editor still renders a table; a matching header
// brings its whole table, since the rows then describe the word's values.
std::string mentioningLines(const isa::Prose& prose, std::string_view word) {
  if (!prose.present) return {};
  const std::vector<std::string_view> lines = splitLines(prose.text);
  std::string out;
  for (std::size_t i = 0; i < lines.size();) {
    if (!isTableRow(lines[i])) {
      if (mentions(lines[i], word)) out += trimmed(lines[i]) + "\n\n";
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < lines.size() && isTableRow(lines[end])) ++end;
    const bool hasSeparator = i + 1 < end && isTableSeparator(lines[i + 1]);
    const std::size_t bodyStart = hasSeparator ? i + 2 : i + 1;
    std::string rows;
    if (mentions(lines[i], word)) {
      for (std::size_t k = bodyStart; k < end; ++k) rows += trimmed(lines[k]) + "\n";
    } else {
      for (std::size_t k = bodyStart; k < end; ++k)
        if (mentions(lines[k], word)) rows += trimmed(lines[k]) + "\n";
    }
    if (!rows.empty()) {
      out += trimmed(lines[i]) + "\n";
      if (hasSeparator) out += trimmed(lines[i + 1]) + "\n";
      out += rows + "\n";
    }
    i = end;
  }
  return out;
}

// The first sentence of an erratum's English prose: up to a period followed by a blank,
// skipping the abbreviations the errata use.
std::string firstSentence(std::string_view text) {
  std::string flat;
  for (char c : trimmed(text)) flat += (c == '\n' || c == '\r') ? ' ' : c;
  for (std::size_t i = 0; i < flat.size(); ++i) {
    if (flat[i] != '.' || (i + 1 < flat.size() && flat[i + 1] != ' ')) continue;
    std::size_t w = i;
    while (w > 0 && flat[w - 1] != ' ') --w;
    const std::string word = lower(std::string_view(flat).substr(w, i - w));
    if (word == "i.e" || word == "e.g" || word == "cf" || word == "vs" || word == "etc") continue;
    return flat.substr(0, i + 1);
  }
  return flat;
}

// ------------------------------------------------------------------ describing operand kinds

// Whether a register or predicate type is the uniform file, read from its first enumerator's
// spelling with the same classifier the form binder uses for placeholders.
bool isUniformFile(const BitFieldType& t) {
  if (t.enumerators.empty()) return false;
  const isa::PlaceholderClass cls = isa::classifyPlaceholder(t.kind == TypeKind::Predicate ? lower(t.enumerators.front().name)
                                                                                          : t.enumerators.front().name);
  return cls == isa::PlaceholderClass::UniformGpr || cls == isa::PlaceholderClass::UniformPredicate;
}

std::string enumeratorSpan(const BitFieldType& t) {
  if (t.enumerators.empty()) return t.name;
  return t.name + ": " + t.enumerators.front().name + ".." + t.enumerators.back().name;
}

// The short name of what a type accepts, as used in the list of legal sources.
std::string shortKind(const BitFieldType& t) {
  switch (t.kind) {
    case TypeKind::Register: return isUniformFile(t) ? "UR" : "GPR";
    case TypeKind::Predicate: return isUniformFile(t) ? "uniform predicate" : "predicate";
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
std::string longKind(const BitFieldType& t) {
  switch (t.kind) {
    case TypeKind::Register:
      return (isUniformFile(t) ? "uniform register (UR)" : "general-purpose register (GPR)") + std::string(" — ") + enumeratorSpan(t);
    case TypeKind::Predicate:
      return (isUniformFile(t) ? "uniform predicate" : "predicate") + std::string(" — ") + enumeratorSpan(t);
    case TypeKind::SImm: return "signed immediate of type " + t.name + " (" + std::to_string(t.width) + "-bit field)";
    case TypeKind::UImm: return "unsigned immediate of type " + t.name + " (" + std::to_string(t.width) + "-bit field)";
    case TypeKind::FImm: return "float immediate of type " + t.name + " (" + std::to_string(t.width) + "-bit field)";
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
      return lower(elem.name) == "c" ? "constant memory with UR base (" + elem.toString() + ")" : "register-indirect " + elem.toString();
    case OrderElem::Kind::Field: break;
  }
  const Field* f = op.fieldOf(elem);
  return f == nullptr ? elem.name : shortKind(db.typeOf(*f));
}

std::string longKind(const InstrDb& db, const Opcode& op, const OrderElem& elem) {
  switch (elem.kind) {
    case OrderElem::Kind::PredicateSet: return "the whole predicate file " + elem.name;
    case OrderElem::Kind::Composite:
      return lower(elem.name) == "c" ? "constant memory addressed by a uniform register (" + elem.toString() + ")"
                                     : "register-indirect address " + elem.toString();
    case OrderElem::Kind::Field: break;
  }
  const Field* f = op.fieldOf(elem);
  return f == nullptr ? elem.name : longKind(db.typeOf(*f));
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

// ------------------------------------------------------------------ which slot an operand fills

// Whether a written operand can stand for an Order<> element (and, given the matched values,
// whether it is the operand those values came from).
bool operandFits(const InstrDb& db, const Opcode& op, const OrderElem& elem, const AsmOperand& o, const isa::MachineInst* inst) {
  if (elem.kind == OrderElem::Kind::PredicateSet) return o.kind == AsmOperandKind::PredicateSet;
  if (elem.kind == OrderElem::Kind::Composite) {
    if (o.kind == AsmOperandKind::RegisterIndirect) return elem.name == o.file;
    return o.kind == AsmOperandKind::ConstantMemory && lower(elem.name) == lower(o.file);
  }
  const Field* f = op.fieldOf(elem);
  if (f == nullptr) return o.kind == AsmOperandKind::Name;
  const BitFieldType& t = db.typeOf(*f);
  const auto matchedValue = [&](std::optional<std::uint64_t> v) {
    if (!v) return false;
    if (inst == nullptr) return true;
    const auto index = static_cast<std::size_t>(f - op.fields.data());
    return index < inst->values.size() && inst->values[index] == *v;
  };
  switch (o.kind) {
    case AsmOperandKind::Register: return t.isEnumerated() && matchedValue(t.valueOf(o.name));
    case AsmOperandKind::RegisterRange:
      return t.kind == TypeKind::Register && matchedValue(t.valueOf(o.file + std::to_string(o.first)));
    case AsmOperandKind::Integer:
    case AsmOperandKind::Float:
    case AsmOperandKind::FloatBits: return t.isImmediate() && t.kind != TypeKind::CMem;
    case AsmOperandKind::ConstantMemory: return t.kind == TypeKind::CMem;
    case AsmOperandKind::Name: return true;
    case AsmOperandKind::PredicateSet:
    case AsmOperandKind::RegisterIndirect:
    case AsmOperandKind::Invalid: return false;
  }
  return false;
}

// The ways the written operands can fill the form's slots: every choice of optional slots whose
// count fits, in the matcher's order (braced slots, and predicate slots with a default, are
// optional).
std::vector<std::vector<std::size_t>> slotChoices(const SyntaxForm& form, const FormBinding& b,
                                                  std::size_t written) {
  const std::vector<std::size_t>& optional = b.optionalSlots;  // computed with the database
  std::vector<std::vector<std::size_t>> choices;
  if (optional.size() > 16) return choices;
  for (std::uint32_t mask = 0; mask < (1u << optional.size()); ++mask) {
    std::vector<std::size_t> slots;
    for (std::size_t i = 0, o = 0; i < form.operands.size(); ++i) {
      const bool isOptional = o < optional.size() && optional[o] == i;
      if (!isOptional || ((mask >> o) & 1u) != 0) slots.push_back(i);
      if (isOptional) ++o;
    }
    if (slots.size() == written) choices.push_back(std::move(slots));
  }
  return choices;
}

// Where one written operand sits: the form, its slot, and the variant used to read it.
struct SlotOf {
  std::size_t form = 0;
  std::size_t slot = 0;
  const Opcode* opcode = nullptr;
};

std::optional<std::size_t> slotIn(const InstrDb& db, const isa::AsmStatement& s, std::size_t operand, const SyntaxForm& form,
                                  const Opcode& op, const FormBinding& b, const isa::MachineInst* inst) {
  for (const auto& slots : slotChoices(form, b, s.operands.size())) {
    bool fits = true;
    for (std::size_t i = 0; i < slots.size() && fits; ++i)
      fits = operandFits(db, op, op.operandInfo.order[b.orderIndex[slots[i]]], s.operands[i], inst);
    if (fits) return slots[operand];
  }
  return std::nullopt;
}

std::optional<SlotOf> findSlot(const InstrDb& db, const Optype& optype, const AssembledStatement& as, std::size_t operand) {
  const auto& forms = optype.syntax.forms;
  if (as.inst && as.inst->opcode != nullptr && as.inst->form != nullptr) {
    const Opcode& op = *as.inst->opcode;
    const auto fi = static_cast<std::size_t>(as.inst->form - forms.data());
    if (fi < forms.size() && fi < op.formBindings.size() && op.formBindings[fi]) {
      if (auto slot = slotIn(db, as.statement, operand, forms[fi], op, *op.formBindings[fi], &*as.inst)) return SlotOf{fi, *slot, &op};
    }
  }
  // The line does not assemble: the first form and variant the written operand kinds fit.
  for (std::size_t fi = 0; fi < forms.size(); ++fi)
    for (const std::uint32_t oi : optype.opcodes) {
      const Opcode& op = db.opcodes()[oi];
      if (fi >= op.formBindings.size() || !op.formBindings[fi]) continue;
      if (auto slot = slotIn(db, as.statement, operand, forms[fi], op, *op.formBindings[fi], nullptr)) return SlotOf{fi, *slot, &op};
    }
  return std::nullopt;
}

// ------------------------------------------------------------------ shared pieces

struct Line {
  const Snapshot& snap;
  const InstrDb& db;
  const AssembledStatement& as;
  const Optype* optype = nullptr;
  std::size_t mnemonicParts = 0;

  const isa::AsmStatement& s() const { return as.statement; }
  const isa::MachineInst* inst() const { return as.inst && as.inst->opcode != nullptr ? &*as.inst : nullptr; }
};

// errata.isa entries about this optype (or one of its variants) that change what a tool does.
std::vector<const isa::Erratum*> behaviourErrata(const InstrDb& db, const Optype& optype) {
  std::vector<const isa::Erratum*> out;
  for (const auto& e : db.errata()) {
    const bool targets = std::any_of(e.targets.begin(), e.targets.end(), [&](const std::string& t) {
      if (t == optype.name) return true;
      return std::any_of(optype.opcodes.begin(), optype.opcodes.end(), [&](std::uint32_t oi) { return db.opcodes()[oi].name == t; });
    });
    const bool changes = std::any_of(e.affects.begin(), e.affects.end(),
                                     [](const std::string& a) { return a == "hover" || a == "simulator" || a == "assembler"; });
    if (targets && changes) out.push_back(&e);
  }
  return out;
}

std::string domainLine(const isa::ModifierDomain& d) {
  std::string out = "." + d.variable + " = {";
  for (std::size_t i = 0; i < d.values.size(); ++i) out += (i ? ", ." : ".") + d.values[i].spelling + (d.values[i].isDefault ? "*" : "");
  return out + "}";
}

// The modifier slot each written modifier fills in `form`, as the matcher assigns them: the
// first free slot that accepts the spelling. -1 when none does.
std::vector<int> modifierSlots(const InstrDb& db, const Line& l, const SyntaxForm& form, const Opcode& op) {
  const auto& parts = l.s().parts;
  std::vector<int> slotOf(parts.size(), -1);
  std::vector<bool> taken(form.parts.size(), false);
  for (std::size_t w = l.mnemonicParts; w < parts.size(); ++w) {
    const std::string& text = parts[w].text;
    for (std::size_t k = form.mnemonicParts; k < form.parts.size() && slotOf[w] < 0; ++k) {
      if (taken[k]) continue;
      const isa::ModifierSlot& slot = form.parts[k];
      bool fits = !slot.variable && slot.text == text;
      if (slot.variable) {
        const isa::ModifierDomain* d = l.optype->domain(slot.text);
        const Field* f = op.field(slot.text);
        if (d != nullptr && f != nullptr) {
          const BitFieldType& t = db.typeOf(*f);
          const auto v = t.valueOf(text);
          fits = v && std::any_of(d->values.begin(), d->values.end(),
                                  [&](const isa::DomainValue& dv) { return dv.spelling == text || t.valueOf(dv.spelling) == v; });
        }
      }
      if (fits) {
        slotOf[w] = static_cast<int>(k);
        taken[k] = true;
      }
    }
  }
  return slotOf;
}

// What a written modifier sets: the slot (a variable name, or the literal), and the field.
struct ModifierTarget {
  std::string variable;  ///< the domain variable, empty for a literal slot
  const Field* field = nullptr;
  const Opcode* opcode = nullptr;
};

std::optional<ModifierTarget> modifierTarget(const Line& l, std::size_t part) {
  const std::string& text = l.s().parts[part].text;
  const std::vector<std::string>* slots = l.optype->slotsFor(text);
  if (slots == nullptr || slots->empty()) return std::nullopt;  // unknown: a diagnostic says so
  std::string slot = slots->front();
  const Opcode* op = nullptr;
  if (const isa::MachineInst* inst = l.inst(); inst != nullptr && inst->form != nullptr) {
    op = inst->opcode;
    const std::vector<int> assigned = modifierSlots(l.db, l, *inst->form, *op);
    if (assigned[part] >= 0) {
      const isa::ModifierSlot& m = inst->form->parts[static_cast<std::size_t>(assigned[part])];
      slot = m.variable ? m.text : "." + m.text;
    }
  }
  ModifierTarget t;
  if (!slot.starts_with(".")) t.variable = slot;
  const auto resolve = [&](const Opcode& o) -> const Field* {
    return t.variable.empty() ? isa::literalModifierField(l.db, o, text) : o.field(t.variable);
  };
  if (op != nullptr) {
    t.field = resolve(*op);
    t.opcode = op;
  }
  for (std::size_t i = 0; t.field == nullptr && i < l.optype->opcodes.size(); ++i) {
    const Opcode& o = l.db.opcodes()[l.optype->opcodes[i]];
    t.field = resolve(o);
    t.opcode = &o;
  }
  return t;
}

std::string modifierMeaning(const Optype& optype, std::string_view spelling, std::string_view variable) {
  std::string lines = mentioningLines(optype.docs.modifierInfo, spelling);
  if (lines.empty() && !variable.empty()) lines = mentioningLines(optype.docs.modifierInfo, variable);
  return lines;
}

// ------------------------------------------------------------------ the four hovers

std::string mnemonicHover(const Line& l) {
  const Optype& ot = *l.optype;
  std::string md = "### " + ot.mnemonic + "\n\n";
  if (ot.docs.description.present && !trimmed(ot.docs.description.text).empty()) {
    md += trimmed(ot.docs.description.text) + "\n\n";
    md += "*Spec: " + l.db.describe(ot.docs.description.pos) + "*\n\n";
  } else {
    md += "*The spec gives no description of " + ot.mnemonic + "*";
    std::vector<std::string> ids;
    if (!ot.syntaxAmendedBy.empty()) ids.push_back(ot.syntaxAmendedBy);
    for (const auto& e : l.db.errata())
      if (std::find(e.targets.begin(), e.targets.end(), ot.name) != e.targets.end() &&
          std::find(ids.begin(), ids.end(), e.id) == ids.end())
        ids.push_back(e.id);
    if (!ids.empty()) md += "; see erratum " + isa::oneOf(ids) + " in errata.isa";
    md += ".\n\n";
  }

  if (!ot.syntax.forms.empty()) {
    md += "```asm\n";
    for (const auto& f : ot.syntax.forms) {
      md += f.text;
      if (!f.erratum.empty()) md += "   // inferred by gpuasm (erratum " + f.erratum + "), not the spec's";
      else if (!f.comment.empty()) md += "   // " + f.comment;
      md += "\n";
    }
    if (!ot.syntax.domains.empty()) md += "\n";
    for (const auto& d : ot.syntax.domains) md += domainLine(d) + "\n";
    md += "```\n\n";
  }

  const auto& parts = l.s().parts;
  if (parts.size() > l.mnemonicParts) {
    md += "**Modifiers on this line**\n\n";
    for (std::size_t w = l.mnemonicParts; w < parts.size(); ++w) {
      const std::string meaning = modifierMeaning(ot, parts[w].text, {});
      md += "`." + parts[w].text + "`";
      md += meaning.empty() ? " — the spec's __ModifierInfo does not mention it.\n\n" : "\n\n" + meaning;
    }
  }

  if (const isa::MachineInst* inst = l.inst()) {
    const Opcode& op = *inst->opcode;
    md += "**Encoding** (" + op.name + "): `" + l.as.encoding.toHex() + "`\n\n";
    md += "| field | bits | value |\n|:--|:--|:--|\n";
    for (std::size_t i = 0; i < op.fields.size() && i < inst->values.size(); ++i) {
      const Field& f = op.fields[i];
      const BitFieldType& t = l.db.typeOf(f);
      const std::uint64_t v = inst->values[i];
      std::string value;
      if (t.isEnumerated()) {
        const isa::Enumerator* e = t.enumeratorFor(v);
        value = e != nullptr ? e->name + " (" + std::to_string(v) + ")" : std::to_string(v);
      } else {
        value = hex(v);
      }
      md += "| " + f.name + " | " + bitsText(f) + " | " + value + " |\n";
    }
    md += "\n";
  }

  const auto errata = behaviourErrata(l.db, ot);
  if (!errata.empty()) {
    md += "**gpuasm decisions**\n\n";
    for (const isa::Erratum* e : errata) md += "- " + e->id + ": " + firstSentence(e->decision.text) + "\n";
  }
  return md;
}

std::optional<std::string> modifierHover(const Line& l, std::size_t part) {
  const std::string& text = l.s().parts[part].text;
  const auto target = modifierTarget(l, part);
  if (!target) return std::nullopt;
  const Optype& ot = *l.optype;
  std::string md = "### ." + text + "\n\nModifier of " + ot.mnemonic;
  if (!target->variable.empty()) md += ", a value of `." + target->variable + "`";
  md += ".\n\n";
  if (target->field != nullptr) {
    const Field& f = *target->field;
    md += "Sets field `" + f.name + "` (type " + l.db.typeOf(f).name + ", bits " + bitsText(f) + ") to " + text + ".\n\n";
  } else {
    md += "No variant of " + ot.mnemonic + " has a field that encodes it.\n\n";
  }

  const std::string meaning = modifierMeaning(ot, text, target->variable);
  md += meaning.empty() ? "The spec's __ModifierInfo does not mention ." + text + ".\n\n" : meaning;

  // Legal values: the domain line when the slot has one, else the field's enumerators.
  std::vector<std::pair<std::string, bool>> values;  // spelling, is default
  std::string what;
  const isa::ModifierDomain* d = target->variable.empty() ? nullptr : ot.domain(target->variable);
  if (d != nullptr) {
    what = "`." + d->variable + "`";
    const bool marked = std::any_of(d->values.begin(), d->values.end(), [](const isa::DomainValue& v) { return v.isDefault; });
    for (const auto& v : d->values) {
      bool isDefault = v.isDefault;
      if (!marked && target->field != nullptr && target->field->presence == isa::FieldPresence::Default)
        isDefault = l.db.typeOf(*target->field).valueOf(v.spelling) == target->field->value;
      values.emplace_back("." + v.spelling, isDefault);
    }
  } else if (target->field != nullptr) {
    const Field& f = *target->field;
    const BitFieldType& t = l.db.typeOf(f);
    what = "field `" + f.name + "` (" + t.name + ")";
    for (const auto& e : t.enumerators)
      values.emplace_back(e.name, f.presence == isa::FieldPresence::Default && e.value == f.value);
  }
  if (!values.empty()) {
    md += "**Legal values of " + what + "**\n\n";
    for (const auto& [spelling, isDefault] : values) md += "- `" + spelling + "`" + (isDefault ? " (default)" : "") + "\n";
  }
  return md;
}

std::string operandHover(const Line& l, std::size_t index) {
  const AsmOperand& o = l.s().operands[index];
  std::string md = "### " + std::string(l.snap.text().substr(o.range.begin, o.range.end - o.range.begin)) + "\n\n";
  const auto at = findSlot(l.db, *l.optype, l.as, index);
  if (!at) {
    md += "Operand " + std::to_string(index + 1) + " of " + l.optype->mnemonic + ": a " + writtenKind(o.kind) +
          "; no syntax form of " + l.optype->mnemonic + " has a slot for it here.\n";
    return md;
  }
  const SyntaxForm& form = l.optype->syntax.forms[at->form];
  const isa::OperandSlot& slot = form.operands[at->slot];
  const Opcode& op = *at->opcode;
  const FormBinding& b = *op.formBindings[at->form];
  const OrderElem& elem = op.operandInfo.order[b.orderIndex[at->slot]];
  const isa::MachineInst* inst = l.inst();
  const bool matched = inst != nullptr && inst->opcode == &op;

  md += "Operand `" + slot.placeholder + "` of " + l.optype->mnemonic;
  const auto& ins = op.operandInfo.inList;
  const auto& outs = op.operandInfo.outList;
  const bool isIn = std::find(ins.begin(), ins.end(), elem.name) != ins.end();
  const bool isOut = std::find(outs.begin(), outs.end(), elem.name) != outs.end();
  if (isIn || isOut) md += isIn && isOut ? " (input and output)" : isIn ? " (input)" : " (output)";
  md += ".\n\n";
  md += "- Kind: " + (matched ? longKind(l.db, op, elem) : std::string(writtenKind(o.kind))) + "\n";

  if (const isa::BitwidthRule* rule = op.operandInfo.bitwidth(elem.name)) {
    std::optional<std::int64_t> width;
    if (rule->expr.op == isa::Expr::Op::Int) {
      width = rule->expr.intValue;
    } else if (matched) {
      const isa::ExprEnv env = isa::fieldEnv(l.db, op, [inst](std::size_t i) -> std::optional<std::uint64_t> {
        return i < inst->values.size() ? std::optional<std::uint64_t>(inst->values[i]) : std::nullopt;
      });
      width = isa::evalExpr(rule->expr, env);
    }
    if (width) md += "- Width: " + std::to_string(*width) + " bits (`Bitwidth<" + elem.name + ">` of " + op.name + ")\n";
    else md += "- Width: `Bitwidth<" + elem.name + "> = " + rule->expr.toString() + "` (" + op.name + ")\n";
  }
  if (const Field* f = op.fieldOf(elem); f != nullptr && matched) md += "- Field: `" + f->name + "`, bits " + bitsText(*f) + " of " + op.name + "\n";

  // Legal sources: every kind the optype's variants bind to this slot of this form.
  std::vector<std::string> sources;
  for (const std::uint32_t oi : l.optype->opcodes) {
    const Opcode& v = l.db.opcodes()[oi];
    if (at->form >= v.formBindings.size() || !v.formBindings[at->form]) continue;
    const std::size_t order = v.formBindings[at->form]->orderIndex[at->slot];
    if (order >= v.operandInfo.order.size()) continue;
    std::string kind = shortKind(l.db, v, v.operandInfo.order[order]);
    if (std::find(sources.begin(), sources.end(), kind) == sources.end()) sources.push_back(std::move(kind));
  }
  if (!sources.empty()) {
    md += "- Legal sources of `" + slot.placeholder + "`: ";
    for (std::size_t i = 0; i < sources.size(); ++i) md += (i ? ", " : "") + sources[i];
    md += "\n";
  }
  return md;
}

std::string guardHover(const Line& l) {
  const isa::AsmGuard& g = *l.s().guard;
  const std::string what = l.optype != nullptr ? l.optype->mnemonic : l.s().mnemonic;
  std::string md = "### @" + std::string(g.negated ? "!" : "") + g.predicate + "\n\n";
  // A negated guard runs the lanes where the predicate is false, so say it the way round it reads.
  md += "Guard predicate: it predicates the instruction. Lanes where " + g.predicate + " is " + (g.negated ? "true" : "false") +
        " do nothing; the others execute " + what + ".\n";
  if (const isa::MachineInst* inst = l.inst(); inst != nullptr && isa::firstOperandOrderIndex(l.db, *inst->opcode) == 1) {
    if (const Field* f = inst->opcode->fieldOf(inst->opcode->operandInfo.order.front()))
      md += "\nEncoded in field `" + f->name + "`, bits " + bitsText(*f) + ".\n";
  }
  return md;
}

}  // namespace

std::optional<HoverInfo> getHover(const Snapshot& snapshot, std::uint32_t offset) {
  if (offset >= snapshot.text().size()) return std::nullopt;
  const std::optional<AssembledStatement> as = snapshot.statementAt(offset);
  if (!as) return std::nullopt;
  const isa::AsmStatement& s = as->statement;
  const InstrDb& db = snapshot.db();

  Line l{snapshot, db, *as};
  std::vector<std::string_view> parts;
  for (const auto& p : s.parts) parts.emplace_back(p.text);
  if (!s.mnemonic.empty()) {
    if (const auto mm = isa::matchMnemonic(db, s.mnemonic, parts)) {
      l.optype = mm->optype;
      l.mnemonicParts = mm->mnemonicParts;
    }
  }

  if (s.guard && contains(s.guard->range, offset)) return HoverInfo{toByteRange(s.guard->range), guardHover(l)};
  if (l.optype == nullptr) return std::nullopt;  // unknown mnemonic: the diagnostic says so

  isa::SourceRange mnemonic = s.mnemonicRange;
  bool onMnemonic = contains(s.mnemonicRange, offset);
  for (std::size_t k = 0; k < l.mnemonicParts && k < s.parts.size(); ++k) {
    onMnemonic |= contains(s.parts[k].range, offset);
    mnemonic.end = s.parts[k].range.end;
  }
  if (onMnemonic) return HoverInfo{toByteRange(mnemonic), mnemonicHover(l)};

  for (std::size_t k = l.mnemonicParts; k < s.parts.size(); ++k) {
    if (!contains(s.parts[k].range, offset)) continue;
    auto md = modifierHover(l, k);
    if (!md) return std::nullopt;
    return HoverInfo{toByteRange(s.parts[k].range), std::move(*md)};
  }
  for (std::size_t i = 0; i < s.operands.size(); ++i) {
    if (!contains(s.operands[i].range, offset)) continue;
    if (s.operands[i].kind == AsmOperandKind::Invalid) return std::nullopt;
    return HoverInfo{toByteRange(s.operands[i].range), operandHover(l, i)};
  }
  return std::nullopt;
}

}  // namespace gpuasm::ide
