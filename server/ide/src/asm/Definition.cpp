// Go to definition (see Definition.h): which written part the offset is on, which optype or
// modifier slot that part names (the matcher's own lookups), and that thing's spec position.
#include <gpuasm/ide/asm/Definition.h>
#include <gpuasm/isa/Matcher.h>

#include <algorithm>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

namespace {

bool within(std::uint32_t offset, isa::SourceRange r) { return r.begin <= offset && offset <= r.end; }

std::optional<SpecLocation> locate(const isa::InstrDb& db, const isa::SourcePos& pos,
                                   isa::SourceRange origin) {
  if (!pos.valid() || pos.file >= db.files().size()) return std::nullopt;
  return SpecLocation{pos.file, db.files()[pos.file].name, pos.line, pos.column, {origin.begin, origin.end}};
}

// Where a modifier is declared. A variable slot (`.rnd`) has a domain line listing its values;
// a literal slot (`.X`) exists only in the forms that spell it, the matched form first. When a
// domain line is missing, the enumerator of the field the slot sets is the next best place.
isa::SourcePos modifierPos(const isa::InstrDb& db, const isa::Optype& optype, const isa::SyntaxForm* matched,
                           const std::string& slot, const std::string& spelling) {
  if (!slot.empty() && slot.front() == '.') {
    const std::string_view literal = std::string_view(slot).substr(1);
    auto spells = [&](const isa::SyntaxForm& f) {
      return std::any_of(
          f.parts.begin() + static_cast<std::ptrdiff_t>(std::min(f.mnemonicParts, f.parts.size())),
          f.parts.end(), [&](const isa::ModifierSlot& p) { return !p.variable && p.text == literal; });
    };
    if (matched != nullptr && spells(*matched)) return matched->pos;
    for (const auto& f : optype.syntax.forms)
      if (spells(f)) return f.pos;
    return {};
  }
  if (const isa::ModifierDomain* d = optype.domain(slot); d != nullptr && d->pos.valid()) return d->pos;
  for (auto index : optype.opcodes) {
    const isa::Field* f = db.opcodes()[index].field(slot);
    if (f == nullptr) continue;
    const isa::BitFieldType& t = db.typeOf(*f);
    for (const auto& e : t.enumerators)
      if (e.name == spelling) return e.pos;
    for (const auto& a : t.aliases)
      if (a.spelling == spelling) return a.pos;
  }
  return {};
}

}  // namespace

std::optional<SpecLocation> getDefinition(const Snapshot& snapshot, std::uint32_t offset) {
  const std::optional<AssembledStatement> a = snapshot.statementAt(offset);
  if (!a || a->statement.mnemonic.empty()) return std::nullopt;
  const isa::AsmStatement& s = a->statement;
  const isa::InstrDb& db = snapshot.db();
  std::vector<std::string_view> parts;
  for (const auto& p : s.parts) parts.push_back(p.text);
  const auto mm = isa::matchMnemonic(db, s.mnemonic, parts);
  if (!mm) return std::nullopt;
  const isa::Optype& optype = *mm->optype;
  if (within(offset, s.mnemonicRange)) return locate(db, optype.pos, s.mnemonicRange);
  // A modifier goes to the slot the matcher placed it in (the statement's binding); on a line
  // that failed before its modifiers were placed, to the first slot a form offers the spelling.
  const isa::Binding* binding = a->binding && a->binding->opcode != nullptr ? &*a->binding : nullptr;
  for (std::size_t k = 0; k < s.parts.size(); ++k) {
    const isa::AsmPart& part = s.parts[k];
    const bool here = part.range.begin > 0 ? within(offset, {part.range.begin - 1, part.range.end})
                                           : within(offset, part.range);
    if (!here) continue;
    if (k < mm->mnemonicParts) return locate(db, optype.pos, part.range);
    if (binding != nullptr)
      if (const auto slot = binding->modifierSlotOf(k - mm->mnemonicParts)) {
        const isa::ModifierSlot& p = binding->form->parts[*slot];
        return locate(db,
                      modifierPos(db, optype, binding->form, p.variable ? p.text : "." + p.text, part.text),
                      part.range);
      }
    const std::vector<std::string>* slots = optype.slotsFor(part.text);
    if (slots == nullptr || slots->empty()) return std::nullopt;
    return locate(db, modifierPos(db, optype, nullptr, slots->front(), part.text), part.range);
  }
  return std::nullopt;
}

std::vector<RelatedSpecText> getRelatedSpecText(const Snapshot& snapshot, const Diagnostic& diagnostic) {
  std::vector<RelatedSpecText> out;
  const isa::InstrDb& db = snapshot.db();
  if (!diagnostic.legalForms.empty()) {
    if (const auto a = snapshot.statementAt(diagnostic.range.begin); a && !a->statement.mnemonic.empty()) {
      std::vector<std::string_view> parts;
      for (const auto& p : a->statement.parts) parts.push_back(p.text);
      if (const auto mm = isa::matchMnemonic(db, a->statement.mnemonic, parts)) {
        // The legal forms are the optype's forms in spec order (the matcher lists them so).
        const auto& forms = mm->optype->syntax.forms;
        for (std::size_t i = 0; i < forms.size() && i < diagnostic.legalForms.size(); ++i)
          if (auto at = locate(db, forms[i].pos, {diagnostic.range.begin, diagnostic.range.end}))
            out.push_back({std::move(*at), "legal form: " + diagnostic.legalForms[i]});
      }
    }
  }
  if (!diagnostic.erratum.empty())
    if (const isa::Erratum* e = db.erratum(diagnostic.erratum))
      if (auto at = locate(db, e->pos, {diagnostic.range.begin, diagnostic.range.end}))
        out.push_back({std::move(*at), "gpuasm's decision on a spec problem: erratum " + e->id});
  return out;
}

}  // namespace gpuasm::ide
