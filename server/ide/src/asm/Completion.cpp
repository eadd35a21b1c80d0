// Completion (see Completion.h). The cursor's context comes from CursorContext (the line's text,
// comments blanked); the proposals from the database: optype mnemonics and descriptions, the
// syntax forms' modifier slots and domain lines (defaults from the `*` marks or the fields'
// encoding defaults), ModiOrder<>, and the types of the Order<> elements operand slots bind to.
#include <gpuasm/ide/asm/Completion.h>

#include "CursorContext.h"

#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/FormBinding.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

namespace gpuasm::ide {

namespace {

using detail::CursorContext;
using isa::InstrDb;
using isa::Optype;
using isa::SyntaxForm;

std::string sortKey(std::size_t group, std::size_t index) { return completionSortKey(group, index); }

// Escapes the characters LSP snippet syntax gives a meaning to (inside `${n:…}` and `${n|…|}`).
std::string snippetText(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '$' || c == '}' || c == '\\' || c == ',' || c == '|') out += '\\';
    out += c;
  }
  return out;
}

// Collects items, one per label (the first proposal of a label wins), in the order added.
class Items {
 public:
  explicit Items(syntax::ByteRange range) : range_(range) {}

  CompletionItem* add(std::string label, CompletionKind kind, std::string detail) {
    if (!labels_.insert(label).second) return nullptr;
    items_.push_back(
        plainCompletion(std::move(label), kind, std::move(detail), range_, sortKey(0, items_.size())));
    return &items_.back();
  }
  std::vector<CompletionItem> take() { return std::move(items_); }

 private:
  syntax::ByteRange range_;
  std::set<std::string> labels_;
  std::vector<CompletionItem> items_;
};

// ------------------------------------------------------------------ mnemonics and snippets

std::string mnemonicDetail(const Optype& optype) {
  const std::string sentence =
      optype.docs.description.present ? text::firstSentence(optype.docs.description.text) : "";
  return sentence.empty() ? optype.name + " (the spec gives no description)" : sentence;
}

std::string mnemonicDocs(const Optype& optype) {
  std::string md;
  if (optype.docs.description.present) md += optype.docs.description.text + "\n\n";
  md += "```asm\n";
  for (const SyntaxForm& f : optype.syntax.forms) md += f.text + "\n";
  return md + "```\n";
}

// Whether modifier slot `part` of form `fi` may stay free in some variant the form binds.
bool skippableInSomeVariant(const InstrDb& db, const Optype& optype, std::size_t fi, std::size_t part) {
  const SyntaxForm& form = optype.syntax.forms[fi];
  for (const isa::Opcode* op : detail::boundOpcodes(db, optype, fi))
    if (isa::modifierSlotSkippable(*op, form, *op->formBindings[fi], part)) return true;
  return false;
}

// A syntax form as a snippet: the mnemonic with the modifiers it cannot do without (a choice of
// the domain's values for a variable), then its operands without the optional ones.
std::string formSnippet(const InstrDb& db, const Optype& optype, std::size_t fi) {
  const SyntaxForm& form = optype.syntax.forms[fi];
  std::string out = form.baseName;
  int tab = 1;
  for (std::size_t k = 0; k < form.parts.size(); ++k) {
    const isa::ModifierSlot& slot = form.parts[k];
    if (k < form.mnemonicParts || (!slot.variable && !slot.optional)) {
      out += "." + slot.text;
      continue;
    }
    if (!slot.variable || skippableInSomeVariant(db, optype, fi, k)) continue;
    out += ".${" + std::to_string(tab++);
    const isa::ModifierDomain* d = optype.domain(slot.text);
    if (d == nullptr || d->values.empty()) {
      out += ":" + snippetText(slot.text) + "}";
      continue;
    }
    out += "|";
    for (std::size_t v = 0; v < d->values.size(); ++v)
      out += (v ? "," : "") + snippetText(d->values[v].spelling);
    out += "|}";
  }
  bool first = true;
  for (const isa::OperandSlot& slot : form.operands) {
    if (slot.optional) continue;
    out += first ? " " : ", ";
    first = false;
    const auto placeholder = [&](std::string_view text) {
      return "${" + std::to_string(tab++) + ":" + snippetText(text) + "}";
    };
    switch (slot.shape) {
      case isa::OperandShape::Plain: out += placeholder(slot.placeholder); break;
      case isa::OperandShape::RegIndirect:
        out += slot.fileName + "[" + placeholder(slot.placeholder) + "]";
        break;
      case isa::OperandShape::ConstMem:
        out += "c[" + placeholder("0x0");
        out += "][" + placeholder(slot.placeholder) + "]";
        break;
      case isa::OperandShape::PredicateSet: out += slot.fileName; break;
    }
  }
  return out + " ;";
}

std::vector<CompletionItem> statementStart(const InstrDb& db, const CursorContext& ctx) {
  Items items(ctx.word);
  for (const Optype& optype : db.optypes()) {
    if (optype.syntax.forms.empty()) continue;  // no syntax: it cannot be written (L-4)
    if (CompletionItem* item = items.add(optype.mnemonic, CompletionKind::Mnemonic, mnemonicDetail(optype))) {
      item->documentation = mnemonicDocs(optype);
      item->sortText = "0" + optype.mnemonic;
    }
  }
  for (const Optype& optype : db.optypes()) {
    for (std::size_t fi = 0; fi < optype.syntax.forms.size(); ++fi) {
      const SyntaxForm& form = optype.syntax.forms[fi];
      CompletionItem* item = items.add(detail::formLabel(form, nullptr), CompletionKind::Snippet,
                                       form.comment.empty() ? mnemonicDetail(optype) : form.comment);
      if (item == nullptr) continue;
      item->insertText = formSnippet(db, optype, fi);
      item->isSnippet = true;
      item->documentation = "```asm\n" + form.text + "\n```\n\n" + mnemonicDetail(optype);
      item->sortText = "1" + sortKey(optype.index, fi);
    }
  }
  return items.take();
}

// ------------------------------------------------------------------ after a dot

// The next dotted part of every longer mnemonic that starts with the written parts (WIDE after
// `IMAD.`, 2A and 4A after `IDP.`).
void mnemonicContinuations(const InstrDb& db, const CursorContext& ctx, Items& items) {
  std::string prefix;
  for (const std::string& c : ctx.components) prefix += c + ".";
  for (const Optype& optype : db.optypes()) {
    if (optype.syntax.forms.empty() || !optype.mnemonic.starts_with(prefix)) continue;
    const std::string rest = optype.mnemonic.substr(prefix.size());
    const std::string next = rest.substr(0, rest.find('.'));
    if (next.empty()) continue;
    const std::string detail = next == rest ? mnemonicDetail(optype) : "part of " + optype.mnemonic;
    if (CompletionItem* item = items.add(next, CompletionKind::Mnemonic, detail)) {
      if (next == rest) item->documentation = mnemonicDocs(optype);
    }
  }
}

// The variables of the slots the written modifiers filled.
std::vector<std::string> filledVariables(const SyntaxForm& form, const isa::ModifierFill& fill) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < form.parts.size(); ++k)
    if (fill.taken[k] != 0 && form.parts[k].variable) out.push_back(form.parts[k].text);
  return out;
}

// ModiOrder<a, b> of the variant: `a` cannot be written once `b` is.
bool orderForbids(const isa::Opcode& op, const std::string& variable,
                  const std::vector<std::string>& written) {
  for (const auto& order : op.operandInfo.modiOrders) {
    const auto at = std::find(order.begin(), order.end(), variable);
    if (at == order.end()) continue;
    for (auto later = at + 1; later != order.end(); ++later)
      if (std::find(written.begin(), written.end(), *later) != written.end()) return true;
  }
  return false;
}

std::string modifierDetail(const Optype& optype, const std::string& spelling, const std::string& variable,
                           bool isDefault) {
  std::string meaning = isa::modifierMeaning(optype, spelling);
  if (meaning.empty() && !variable.empty()) meaning = isa::modifierMeaning(optype, variable);
  if (meaning.empty())
    meaning = (variable.empty() ? "modifier" : "value of ." + variable) + " of " + optype.mnemonic;
  return isDefault ? meaning + " (default)" : meaning;
}

// The spellings slot `part` takes in variant `op`: the database's table of what writing each
// spelling there sets (FormBinding::modifierValue), the same table the matcher reads.
// A spelling is left out when the variant rejects it together with the modifiers already
// written (isa::encodingRejects: MUFU.SQRT takes only .F32; I2IP's satrelu is fixed to SAT).
void slotValues(const InstrDb& db, const Optype& optype, std::size_t fi, const isa::Opcode& op,
                std::size_t part, const isa::PartialFieldValues& written, Items& items) {
  const SyntaxForm& form = optype.syntax.forms[fi];
  const isa::ModifierSlot& slot = form.parts[part];
  const isa::FormBinding& b = *op.formBindings[fi];
  const int fieldIndex = slot.variable ? b.variableField[part] : b.literalField[part];
  const isa::Field* f = fieldIndex < 0 ? nullptr : &op.fields[static_cast<std::size_t>(fieldIndex)];
  const auto rejected = [&](std::int64_t value) {
    isa::PartialFieldValues with = written;
    with.set(fieldIndex, value);
    return isa::encodingRejects(op, with);
  };
  if (!slot.variable) {
    if (f == nullptr) return;  // this variant does not encode it (L-48)
    const int spelling = optype.spellingIndex(slot.text);
    if (spelling >= 0 && rejected(b.modifierValue[part][static_cast<std::size_t>(spelling)])) return;
    const bool isDefault =
        f->presence == isa::FieldPresence::Default && db.typeOf(*f).valueOf(slot.text) == f->value;
    if (CompletionItem* item =
            items.add(slot.text, CompletionKind::Modifier, modifierDetail(optype, slot.text, {}, isDefault)))
      item->isDefault = isDefault;
    return;
  }
  const isa::ModifierDomain* d = optype.domain(slot.text);
  if (d == nullptr) return;
  const bool marked =
      std::any_of(d->values.begin(), d->values.end(), [](const isa::DomainValue& v) { return v.isDefault; });
  for (const isa::DomainValue& v : d->values) {
    const int spelling = optype.spellingIndex(v.spelling);
    if (spelling < 0 || b.modifierValue[part][static_cast<std::size_t>(spelling)] < 0) continue;
    if (rejected(b.modifierValue[part][static_cast<std::size_t>(spelling)])) continue;
    bool isDefault = v.isDefault;
    if (!marked && f != nullptr && f->presence == isa::FieldPresence::Default)
      isDefault = db.typeOf(*f).valueOf(v.spelling) == f->value;
    CompletionItem* item = items.add(v.spelling, CompletionKind::Modifier,
                                     modifierDetail(optype, v.spelling, slot.text, isDefault));
    if (item == nullptr) continue;
    item->isDefault = isDefault;
    item->documentation = "`" + isa::domainLine(*d) + "` (" + optype.mnemonic + ")";
  }
}

// The modifiers legal after the written ones: per form and variant the written modifiers fill
// (isa::fillModifiers, the matcher's assignment), the free slots after the last filled one, up
// to and including the first that cannot stay free.
void modifiers(const InstrDb& db, const detail::Mnemonic& mn, Items& items) {
  const Optype& optype = *mn.optype;
  const std::vector<std::string_view> written = mn.modifierViews();
  for (std::size_t fi = 0; fi < optype.syntax.forms.size(); ++fi) {
    const SyntaxForm& form = optype.syntax.forms[fi];
    for (const isa::ModifierFill& fill : isa::fillModifiers(db, optype, fi, written)) {
      const isa::Opcode& op = *fill.opcode;
      const std::vector<std::string> variables = filledVariables(form, fill);
      const isa::PartialFieldValues values = isa::valuesAfterModifiers(optype, form, fill, written);
      const std::size_t from =
          static_cast<std::size_t>(std::max<int>(fill.last + 1, static_cast<int>(form.mnemonicParts)));
      for (std::size_t k = from; k < form.parts.size(); ++k) {
        const isa::ModifierSlot& slot = form.parts[k];
        if (fill.taken[k] != 0) continue;
        if (!slot.variable || !orderForbids(op, slot.text, variables))
          slotValues(db, optype, fi, op, k, values, items);
        if (!isa::modifierSlotSkippable(op, form, *op.formBindings[fi], k)) break;
      }
    }
  }
}

std::vector<CompletionItem> afterDot(const InstrDb& db, const CursorContext& ctx) {
  Items items(ctx.word);
  if (const auto mn = detail::resolveMnemonic(db, ctx.components)) modifiers(db, *mn, items);
  mnemonicContinuations(db, ctx, items);
  return items.take();
}

// ------------------------------------------------------------------ operands and guards

void enumerators(const isa::BitFieldType& t, std::size_t group, const std::string& detail, Items& items) {
  const CompletionKind kind = t.kind == isa::TypeKind::Register    ? CompletionKind::Register
                              : t.kind == isa::TypeKind::Predicate ? CompletionKind::Predicate
                                                                   : CompletionKind::Value;
  for (std::size_t e = 0; e < t.enumerators.size(); ++e)
    if (CompletionItem* item = items.add(t.enumerators[e].name, kind, detail))
      item->sortText = sortKey(group, e);
}

// A register slot `registers` wide: the spellings the matcher takes there (aligned ranges of a
// 64- or 128-bit operand, isa::registerOperandSpellings).
void registerSpellings(const InstrDb& db, const isa::BitFieldType& t, std::uint32_t registers,
                       std::size_t group, const std::string& detail, Items& items) {
  const std::vector<std::string> spellings = isa::registerOperandSpellings(db, t, registers);
  for (std::size_t e = 0; e < spellings.size(); ++e)
    if (CompletionItem* item = items.add(spellings[e], CompletionKind::Register, detail))
      item->sortText = sortKey(group, e);
}

void snippet(std::string label, std::string insert, std::string detail, std::size_t group, Items& items) {
  if (CompletionItem* item = items.add(std::move(label), CompletionKind::Snippet, std::move(detail))) {
    item->insertText = std::move(insert);
    item->isSnippet = true;
    item->sortText = sortKey(group, 0);
  }
}

// What one operand slot takes: the enumerators of its field's type (a register as wide as the
// slot is under the written modifiers, `values`), or the shape of an address.
void slotItems(const InstrDb& db, const Optype& optype, std::size_t fi, const isa::SlotCandidate& at,
               std::span<const std::uint64_t> values, std::size_t group, Items& items) {
  const isa::OrderElem& elem = at.opcode->operandInfo.order[at.opcode->formBindings[fi]->orderIndex[at.slot]];
  const isa::OperandSlot& slot = optype.syntax.forms[fi].operands[at.slot];
  const std::string where = slot.placeholder + " of " + optype.mnemonic;
  switch (slot.shape) {
    case isa::OperandShape::RegIndirect:
      snippet(slot.fileName + "[" + slot.placeholder + "]",
              slot.fileName + "[${1:" + snippetText(slot.placeholder) + "}]", where, group, items);
      return;
    case isa::OperandShape::ConstMem:
      snippet("c[0x0][" + slot.placeholder + "]", "c[${1:0x0}][${2:" + snippetText(slot.placeholder) + "}]",
              where, group, items);
      return;
    case isa::OperandShape::PredicateSet:
      if (CompletionItem* item = items.add(slot.fileName, CompletionKind::Register, where))
        item->sortText = sortKey(group, 0);
      return;
    case isa::OperandShape::Plain: break;
  }
  const isa::Field* f = at.opcode->fieldOf(elem);
  if (f == nullptr) return;
  const isa::BitFieldType& t = db.typeOf(*f);
  if (t.kind == isa::TypeKind::Register)
    registerSpellings(db, t, isa::operandWidth(*at.opcode, elem, values).value_or(32) / 32, group,
                      t.name + " — " + where, items);
  else if (t.isEnumerated())
    enumerators(t, group, t.name + " — " + where, items);
  else if (t.kind == isa::TypeKind::CMem)
    snippet("c[0x0][0x0]", "c[${1:0x0}][${2:0x0}]", t.name + " — " + where, group, items);
  // Immediates: nothing to propose.
}

std::vector<CompletionItem> operands(const InstrDb& db, const CursorContext& ctx) {
  Items items(ctx.word);
  const auto mn = detail::resolveMnemonic(db, ctx.components);
  if (!mn) return {};
  // Only a name can be completed: not an immediate, an address in progress or a selector.
  const std::string& typed = ctx.operand;
  if (!std::all_of(typed.begin(), typed.end(), detail::isWordChar)) return {};
  if (!typed.empty() && std::isdigit(static_cast<unsigned char>(typed.front())) != 0) return {};
  // After a whole operand and a blank only ',' or ';' can follow.
  if (!typed.empty() && ctx.word.begin == ctx.word.end) return {};
  const std::vector<isa::AsmOperand> before = detail::lowerOperands(ctx.operandsBefore);
  // The prefixes typed before the word: a slot whose variant has no bit for them takes nothing.
  isa::AsmOperand prefixed;
  prefixed.neg = ctx.operandPrefixes.find('-') != std::string::npos;
  prefixed.bitNot = ctx.operandPrefixes.find('~') != std::string::npos;
  prefixed.logicalNot = ctx.operandPrefixes.find('!') != std::string::npos;
  prefixed.abs = ctx.operandPrefixes.find('|') != std::string::npos;
  const std::vector<std::string_view> written = mn->modifierViews();
  std::size_t group = 0;
  for (std::size_t fi = 0; fi < mn->optype->syntax.forms.size(); ++fi) {
    // The variants in which the written modifiers are all the form needs, with the field values
    // those modifiers set (operand widths read them).
    std::vector<isa::ModifierFill> variants = isa::fillModifiers(db, *mn->optype, fi, written);
    std::erase_if(variants, [](const isa::ModifierFill& f) { return !f.complete; });
    if (variants.empty()) continue;
    const isa::SyntaxForm& form = mn->optype->syntax.forms[fi];
    for (const isa::SlotCandidate& at : isa::nextOperandSlots(db, *mn->optype, fi, before)) {
      const auto fill = std::find_if(variants.begin(), variants.end(),
                                     [&](const isa::ModifierFill& f) { return f.opcode == at.opcode; });
      if (fill == variants.end()) continue;
      const isa::PartialFieldValues values = isa::valuesAfterModifiers(*mn->optype, form, *fill, written);
      const isa::OrderElem& elem =
          at.opcode->operandInfo.order[at.opcode->formBindings[fi]->orderIndex[at.slot]];
      if (!isa::prefixesFit(db, *at.opcode, elem, prefixed, values.values)) continue;
      slotItems(db, *mn->optype, fi, at, values.values, group++, items);
    }
  }
  return items.take();
}

std::vector<CompletionItem> guard(const InstrDb& db, const CursorContext& ctx) {
  Items items(ctx.word);
  std::size_t group = 0;
  for (const isa::BitFieldType& t : db.types())
    if (t.kind == isa::TypeKind::Predicate) enumerators(t, group++, t.name + " — guard predicate", items);
  return items.take();
}

}  // namespace

std::vector<CompletionItem> getCompletions(const Snapshot& snapshot, std::uint32_t offset) {
  const CursorContext ctx = detail::cursorContext(snapshot, offset);
  switch (ctx.where) {
    case CursorContext::Where::None: return {};
    case CursorContext::Where::Guard: return guard(snapshot.db(), ctx);
    case CursorContext::Where::Mnemonic:
      return ctx.components.empty() ? statementStart(snapshot.db(), ctx) : afterDot(snapshot.db(), ctx);
    case CursorContext::Where::Operand: return operands(snapshot.db(), ctx);
  }
  return {};
}

}  // namespace gpuasm::ide
