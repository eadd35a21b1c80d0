// diffSpecs(): two databases compared by name (SpecDiff.h).
#include <gpuasm/isa/SpecDiff.h>
#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <utility>

namespace gpuasm::isa {

namespace {

using Kind = SpecChangeKind;
using text::firstSentence;
using text::hex;
using text::isSpace;
using text::trim;

constexpr std::array<std::pair<Kind, std::string_view>, 29> kKindNames{{
    {Kind::TypeAdded, "type-added"},
    {Kind::TypeRemoved, "type-removed"},
    {Kind::TypeResized, "type-resized"},
    {Kind::TypeRekinded, "type-rekinded"},
    {Kind::EnumeratorAdded, "enumerator-added"},
    {Kind::EnumeratorRemoved, "enumerator-removed"},
    {Kind::EnumeratorRenumbered, "enumerator-renumbered"},
    {Kind::EnumeratorRenamed, "enumerator-renamed"},
    {Kind::GroupAdded, "group-added"},
    {Kind::GroupRemoved, "group-removed"},
    {Kind::OptypeAdded, "optype-added"},
    {Kind::OptypeRemoved, "optype-removed"},
    {Kind::OpcodeAdded, "opcode-added"},
    {Kind::OpcodeRemoved, "opcode-removed"},
    {Kind::FieldAdded, "field-added"},
    {Kind::FieldRemoved, "field-removed"},
    {Kind::FieldMoved, "field-moved"},
    {Kind::FieldResized, "field-resized"},
    {Kind::FieldRetyped, "field-retyped"},
    {Kind::FieldValueChanged, "field-value-changed"},
    {Kind::SyntaxFormAdded, "syntax-form-added"},
    {Kind::SyntaxFormRemoved, "syntax-form-removed"},
    {Kind::SyntaxFormChanged, "syntax-form-changed"},
    {Kind::DomainChanged, "domain-changed"},
    {Kind::SemanticsChanged, "semantics-changed"},
    {Kind::OperandInfoChanged, "operand-info-changed"},
    {Kind::ErratumAdded, "erratum-added"},
    {Kind::ErratumRemoved, "erratum-removed"},
    {Kind::ErratumChanged, "erratum-changed"},
}};

// Runs of white space as one space, none at the ends: a form realigned is the same form.
std::string squeeze(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : trim(text)) {
    if (isSpace(c)) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// Everything one diff needs: the two databases and the list being built.
class Differ {
 public:
  Differ(const InstrDb& oldDb, const InstrDb& newDb) : old_(oldDb), new_(newDb) {}

  std::vector<SpecChange> run() {
    diffTypes();
    diffGroups();
    diffOptypes();
    diffErrata();
    return std::move(out_);
  }

 private:
  static SpecPlace place(const InstrDb& db, const SourcePos& pos) {
    if (pos.file >= db.files().size()) return {"<spec>", pos.line};
    return {db.files()[pos.file].name, pos.line};
  }
  SpecChange& add(Kind kind, std::string name, const SourcePos* oldPos, const SourcePos* newPos) {
    SpecChange& c = out_.emplace_back();
    c.kind = kind;
    c.name = std::move(name);
    if (oldPos != nullptr) c.oldPlace = place(old_, *oldPos);
    if (newPos != nullptr) c.newPlace = place(new_, *newPos);
    return c;
  }

  static std::string typeText(const BitFieldType& t) {
    return t.name + "<" + std::to_string(t.width) + "> : [" + typeKindName(t.kind) + "]";
  }
  static std::string enumText(const Enumerator& e) { return e.name + " = " + hex(e.value); }

  void diffTypes();
  void diffEnumerators(const BitFieldType& o, const BitFieldType& n);
  void diffGroups();
  void diffOptypes();
  void diffOptype(const Optype& o, const Optype& n);
  void diffForms(const Optype& o, const Optype& n);
  void diffDomains(const Optype& o, const Optype& n);
  void diffSemantics(const Optype& o, const Optype& n);
  void diffOpcodes(const Optype& o, const Optype& n);
  void diffErrata();

  const InstrDb& old_;
  const InstrDb& new_;
  std::vector<SpecChange> out_;
};

void Differ::diffTypes() {
  for (const BitFieldType& n : new_.types()) {
    const BitFieldType* o = old_.type(n.name);
    if (o == nullptr) {
      add(Kind::TypeAdded, n.name, nullptr, &n.pos).newText = typeText(n);
      continue;
    }
    if (o->width != n.width) {
      SpecChange& c = add(Kind::TypeResized, n.name, &o->pos, &n.pos);
      c.oldText = typeText(*o);
      c.newText = typeText(n);
    }
    if (o->kind != n.kind) {
      SpecChange& c = add(Kind::TypeRekinded, n.name, &o->pos, &n.pos);
      c.oldText = typeText(*o);
      c.newText = typeText(n);
    }
    diffEnumerators(*o, n);
  }
  for (const BitFieldType& o : old_.types())
    if (new_.type(o.name) == nullptr) add(Kind::TypeRemoved, o.name, &o.pos, nullptr).oldText = typeText(o);
}

// Names compared first: the same name with another value is renumbered. Of the names that are
// gone and those that are new, a pair with the same value is a rename; the rest are removed or
// added.
void Differ::diffEnumerators(const BitFieldType& o, const BitFieldType& n) {
  const auto find = [](const BitFieldType& t, std::string_view name) -> const Enumerator* {
    for (const Enumerator& e : t.enumerators)
      if (e.name == name) return &e;
    return nullptr;
  };
  std::vector<const Enumerator*> gone, fresh;
  for (const Enumerator& e : o.enumerators)
    if (find(o, e.name) == &e && find(n, e.name) == nullptr) gone.push_back(&e);
  for (const Enumerator& e : n.enumerators) {
    if (find(n, e.name) != &e) continue;  // a repeated name: the first one is the enumerator
    const Enumerator* before = find(o, e.name);
    if (before == nullptr) {
      fresh.push_back(&e);
    } else if (before->value != e.value) {
      SpecChange& c = add(Kind::EnumeratorRenumbered, n.name + "." + e.name, &before->pos, &e.pos);
      c.oldText = enumText(*before);
      c.newText = enumText(e);
    }
  }
  for (const Enumerator* g : gone) {
    const auto same = std::find_if(fresh.begin(), fresh.end(),
                                   [&](const Enumerator* f) { return f != nullptr && f->value == g->value; });
    if (same != fresh.end()) {
      SpecChange& c = add(Kind::EnumeratorRenamed, n.name + "." + g->name, &g->pos, &(*same)->pos);
      c.oldText = enumText(*g);
      c.newText = enumText(**same);
      *same = nullptr;
      continue;
    }
    add(Kind::EnumeratorRemoved, n.name + "." + g->name, &g->pos, nullptr).oldText = enumText(*g);
  }
  for (const Enumerator* f : fresh)
    if (f != nullptr)
      add(Kind::EnumeratorAdded, n.name + "." + f->name, nullptr, &f->pos).newText = enumText(*f);
}

void Differ::diffGroups() {
  const auto text = [](const Group& g) { return g.name + " : [" + g.parent + "]"; };
  for (const Group& n : new_.groups())
    if (old_.group(n.name) == nullptr) add(Kind::GroupAdded, n.name, nullptr, &n.pos).newText = text(n);
  for (const Group& o : old_.groups())
    if (new_.group(o.name) == nullptr) add(Kind::GroupRemoved, o.name, &o.pos, nullptr).oldText = text(o);
}

void Differ::diffOptypes() {
  for (const Optype& n : new_.optypes()) {
    const Optype* o = old_.optype(n.name);
    if (o == nullptr) {
      SpecChange& c = add(Kind::OptypeAdded, n.name, nullptr, &n.pos);
      c.newText = n.name + " : [" + n.group + "]";
      c.optype = n.name;
      continue;
    }
    diffOptype(*o, n);
  }
  for (const Optype& o : old_.optypes()) {
    if (new_.optype(o.name) != nullptr) continue;
    SpecChange& c = add(Kind::OptypeRemoved, o.name, &o.pos, nullptr);
    c.oldText = o.name + " : [" + o.group + "]";
    c.optype = o.name;
  }
}

void Differ::diffOptype(const Optype& o, const Optype& n) {
  diffForms(o, n);
  diffDomains(o, n);
  diffSemantics(o, n);
  diffOpcodes(o, n);
}

// Forms are paired by their head — the mnemonic with its modifier slots, "IADD.X" — and, when
// several share a head, by their order among them.
void Differ::diffForms(const Optype& o, const Optype& n) {
  const auto heads = [](const Optype& t) {
    std::map<std::string, std::vector<const SyntaxForm*>> out;
    for (const SyntaxForm& f : t.syntax.forms) {
      const std::string text = squeeze(f.text);
      out[text.substr(0, text.find(' '))].push_back(&f);
    }
    return out;
  };
  const auto before = heads(o), after = heads(n);
  for (const SyntaxForm& f : n.syntax.forms) {
    const std::string text = squeeze(f.text);
    const std::string head = text.substr(0, text.find(' '));
    const std::vector<const SyntaxForm*>& mine = after.at(head);
    const std::size_t i = static_cast<std::size_t>(std::find(mine.begin(), mine.end(), &f) - mine.begin());
    const auto it = before.find(head);
    const SyntaxForm* was = it != before.end() && i < it->second.size() ? it->second[i] : nullptr;
    if (was != nullptr && squeeze(was->text) == text) continue;
    SpecChange& c = add(was == nullptr ? Kind::SyntaxFormAdded : Kind::SyntaxFormChanged, n.name,
                        was == nullptr ? nullptr : &was->pos, &f.pos);
    if (was != nullptr) c.oldText = squeeze(was->text);
    c.newText = text;
    c.optype = n.name;
  }
  for (const auto& [head, forms] : before) {
    const auto it = after.find(head);
    for (std::size_t i = it == after.end() ? 0 : it->second.size(); i < forms.size(); ++i) {
      SpecChange& c = add(Kind::SyntaxFormRemoved, o.name, &forms[i]->pos, nullptr);
      c.oldText = squeeze(forms[i]->text);
      c.optype = o.name;
    }
  }
}

void Differ::diffDomains(const Optype& o, const Optype& n) {
  const auto text = [](const ModifierDomain& d) {
    std::string out = "." + d.variable + " = {";
    for (std::size_t i = 0; i < d.values.size(); ++i)
      out += (i == 0 ? "." : ", .") + d.values[i].spelling + (d.values[i].isDefault ? "*" : "");
    return out + "}";
  };
  for (const ModifierDomain& d : n.syntax.domains) {
    const ModifierDomain* was = o.domain(d.variable);
    if (was != nullptr && text(*was) == text(d)) continue;
    SpecChange& c =
        add(Kind::DomainChanged, n.name + "." + d.variable, was == nullptr ? nullptr : &was->pos, &d.pos);
    if (was != nullptr) c.oldText = text(*was);
    c.newText = text(d);
    c.optype = n.name;
  }
  for (const ModifierDomain& d : o.syntax.domains) {
    if (n.domain(d.variable) != nullptr) continue;
    SpecChange& c = add(Kind::DomainChanged, o.name + "." + d.variable, &d.pos, nullptr);
    c.oldText = text(d);
    c.optype = o.name;
  }
}

// The texts compared line by line, white space squeezed; the change shows the first line that
// differs in each, at its own line of the spec.
void Differ::diffSemantics(const Optype& o, const Optype& n) {
  const auto lines = [](const Prose& p) {
    std::vector<std::pair<std::string, std::uint32_t>> out;
    std::uint32_t line = p.firstLine;
    std::size_t start = 0;
    while (start <= p.text.size()) {
      const std::size_t nl = std::min(p.text.find('\n', start), p.text.size());
      if (std::string s = squeeze(std::string_view(p.text).substr(start, nl - start)); !s.empty())
        out.emplace_back(std::move(s), line);
      ++line;
      start = nl + 1;
    }
    return out;
  };
  const auto a = lines(o.docs.semantics), b = lines(n.docs.semantics);
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i].first == b[i].first) ++i;
  if (i == a.size() && i == b.size()) return;
  SourcePos oldPos = o.docs.semantics.pos, newPos = n.docs.semantics.pos;
  if (i < a.size()) oldPos.line = a[i].second;
  if (i < b.size()) newPos.line = b[i].second;
  SpecChange& c = add(Kind::SemanticsChanged, n.name, o.docs.semantics.present ? &oldPos : nullptr,
                      n.docs.semantics.present ? &newPos : nullptr);
  c.oldText = i < a.size() ? a[i].first : "";
  c.newText = i < b.size() ? b[i].first : "";
  c.optype = n.name;
}

// One opcode's change before changes alike across the optype's variants are merged: the
// field's or the operand-info statement's name within the opcode.
struct LocalChange {
  Kind kind{};
  std::string local;
  std::string oldText, newText;
  SourcePos oldPos, newPos;
  bool hasOld = false, hasNew = false;
};

std::string fieldText(const InstrDb& db, const Field& f) {
  std::string out = "field<" + std::to_string(f.offset) + ", " + std::to_string(f.width) + "> " +
                    db.typeOf(f).name + " " + f.name;
  if (f.presence == FieldPresence::Default) out += " = " + f.valueText;
  if (f.presence == FieldPresence::Fixed) out += " == " + f.valueText;
  return out;
}

const Field* firstField(const Opcode& op, std::string_view name) {
  for (const Field& f : op.fields)
    if (f.name == name) return &f;
  return nullptr;
}

void diffFields(const InstrDb& oldDb, const Opcode& o, const InstrDb& newDb, const Opcode& n,
                std::vector<LocalChange>& out) {
  for (const Field& f : n.fields) {
    if (firstField(n, f.name) != &f) continue;
    const Field* was = firstField(o, f.name);
    const auto change = [&](Kind kind) {
      out.push_back({kind, f.name, was == nullptr ? "" : fieldText(oldDb, *was), fieldText(newDb, f),
                     was == nullptr ? SourcePos{} : was->pos, f.pos, was != nullptr, true});
    };
    if (was == nullptr) {
      change(Kind::FieldAdded);
      continue;
    }
    if (was->offset != f.offset) change(Kind::FieldMoved);
    if (was->width != f.width) change(Kind::FieldResized);
    if (oldDb.typeOf(*was).name != newDb.typeOf(f).name) change(Kind::FieldRetyped);
    if (was->presence != f.presence || (f.presence != FieldPresence::Required && was->value != f.value))
      change(Kind::FieldValueChanged);
  }
  for (const Field& f : o.fields)
    if (firstField(o, f.name) == &f && firstField(n, f.name) == nullptr)
      out.push_back({Kind::FieldRemoved, f.name, fieldText(oldDb, f), "", f.pos, {}, true, false});
}

// The operand-info statements of an opcode by their head ("InList", "Bitwidth<ra>") and text.
std::vector<std::pair<std::string, std::string>> operandStatements(const OperandInfo& info) {
  const auto list = [](const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
  };
  std::vector<std::pair<std::string, std::string>> out;
  if (info.hasInList) out.emplace_back("InList", "InList<" + list(info.inList) + ">");
  if (info.hasOutList) out.emplace_back("OutList", "OutList<" + list(info.outList) + ">");
  if (info.hasOrder) {
    std::vector<std::string> elems;
    for (const OrderElem& e : info.order) elems.push_back(e.toString());
    out.emplace_back("Order", "Order<" + list(elems) + ">");
  }
  for (const BitwidthRule& r : info.bitwidths)
    out.emplace_back("Bitwidth<" + r.operand + ">", "Bitwidth<" + r.operand + "> = " + r.expr.toString());
  return out;
}

void diffOperandInfo(const Opcode& o, const Opcode& n, std::vector<LocalChange>& out) {
  const auto before = operandStatements(o.operandInfo), after = operandStatements(n.operandInfo);
  const auto find = [](const auto& list, const std::string& head) -> const std::string* {
    for (const auto& [h, text] : list)
      if (h == head) return &text;
    return nullptr;
  };
  const SourcePos oldPos = o.operandInfo.orderPos.valid() ? o.operandInfo.orderPos : o.pos;
  const SourcePos newPos = n.operandInfo.orderPos.valid() ? n.operandInfo.orderPos : n.pos;
  for (const auto& [head, text] : after) {
    const std::string* was = find(before, head);
    if (was != nullptr && *was == text) continue;
    out.push_back({Kind::OperandInfoChanged, head, was == nullptr ? "" : *was, text, oldPos, newPos,
                   was != nullptr, true});
  }
  for (const auto& [head, text] : before)
    if (find(after, head) == nullptr)
      out.push_back({Kind::OperandInfoChanged, head, text, "", oldPos, newPos, true, false});
}

// Each variant compared with the variant of the same name; a change alike in several variants
// (a field the optype declares moved) is one change naming them all.
void Differ::diffOpcodes(const Optype& o, const Optype& n) {
  std::vector<std::pair<LocalChange, std::vector<std::string>>> merged;
  for (const std::uint32_t index : n.opcodes) {
    const Opcode& op = new_.opcodes()[index];
    const Opcode* was = old_.opcode(op.name);
    if (was == nullptr) {
      SpecChange& c = add(Kind::OpcodeAdded, op.name, nullptr, &op.pos);
      c.newText = op.name + " : [" + n.name + "]";
      c.optype = n.name;
      c.opcodes = {op.name};
      continue;
    }
    std::vector<LocalChange> local;
    diffFields(old_, *was, new_, op, local);
    diffOperandInfo(*was, op, local);
    for (LocalChange& l : local) {
      const auto same = std::find_if(merged.begin(), merged.end(), [&](const auto& m) {
        return std::tie(m.first.kind, m.first.local, m.first.oldText, m.first.newText) ==
               std::tie(l.kind, l.local, l.oldText, l.newText);
      });
      if (same != merged.end())
        same->second.push_back(op.name);
      else
        merged.emplace_back(std::move(l), std::vector<std::string>{op.name});
    }
  }
  for (auto& [l, opcodes] : merged) {
    const bool one = opcodes.size() == 1 && n.opcodes.size() > 1;
    const std::string owner = one ? opcodes.front() : n.name;
    SpecChange& c = add(l.kind, owner + (l.kind == Kind::OperandInfoChanged ? " " : ".") + l.local,
                        l.hasOld ? &l.oldPos : nullptr, l.hasNew ? &l.newPos : nullptr);
    c.oldText = std::move(l.oldText);
    c.newText = std::move(l.newText);
    c.optype = n.name;
    c.opcodes = std::move(opcodes);
  }
  for (const std::uint32_t index : o.opcodes) {
    const Opcode& op = old_.opcodes()[index];
    if (new_.opcode(op.name) != nullptr) continue;
    SpecChange& c = add(Kind::OpcodeRemoved, op.name, &op.pos, nullptr);
    c.oldText = op.name + " : [" + o.name + "]";
    c.optype = o.name;
    c.opcodes = {op.name};
  }
}

void Differ::diffErrata() {
  const auto text = [](const Erratum& e) {
    std::string targets;
    for (const std::string& t : e.targets) targets += (targets.empty() ? "" : ", ") + t;
    return e.id + " [" + targets + "]: " + firstSentence(e.decision.text);
  };
  const auto same = [](const Erratum& a, const Erratum& b) {
    return a.targets == b.targets && squeeze(a.decision.text) == squeeze(b.decision.text) &&
           a.rules == b.rules && a.amends == b.amends;
  };
  for (const Erratum& n : new_.errata()) {
    const Erratum* o = old_.erratum(n.id);
    if (o != nullptr && same(*o, n)) continue;
    SpecChange& c = add(o == nullptr ? Kind::ErratumAdded : Kind::ErratumChanged, n.id,
                        o == nullptr ? nullptr : &o->pos, &n.pos);
    if (o != nullptr) c.oldText = text(*o);
    c.newText = text(n);
  }
  for (const Erratum& o : old_.errata())
    if (new_.erratum(o.id) == nullptr) add(Kind::ErratumRemoved, o.id, &o.pos, nullptr).oldText = text(o);
}

}  // namespace

std::vector<SpecChange> diffSpecs(const InstrDb& oldDb, const InstrDb& newDb) {
  return Differ(oldDb, newDb).run();
}

std::string_view specChangeKindName(SpecChangeKind kind) {
  for (const auto& [k, name] : kKindNames)
    if (k == kind) return name;
  return "?";
}

}  // namespace gpuasm::isa
