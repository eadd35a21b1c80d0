// Hover in a spec file: what a name stands for in the database (SpecFeatures.h).
#include "SpecModel.h"

#include <cstdio>
#include <set>

namespace gpuasm::ide {

using namespace spec;
using isa::DefKind;

namespace {

// ---------------------------------------------------------------- hover text

HoverSection facts(std::vector<HoverItem> items) {
  HoverSection s;
  s.kind = HoverSectionKind::Facts;
  s.items = std::move(items);
  return s;
}

HoverSection note(std::string text) {
  HoverSection s;
  s.kind = HoverSectionKind::Note;
  s.text.push_back(std::move(text));
  return s;
}

HoverSection description(const isa::InstrDb& db, const isa::Prose& prose, std::string heading = {}) {
  HoverSection s;
  s.kind = HoverSectionKind::Description;
  s.heading = std::move(heading);
  s.text.push_back(prose.text);
  if (prose.pos.valid()) s.source = db.describe(prose.pos);
  return s;
}

void addValues(HoverInfo& h, const isa::BitFieldType& type, std::size_t limit) {
  if (!type.isEnumerated() || type.enumerators.empty()) return;
  HoverSection values;
  values.kind = HoverSectionKind::LegalValues;
  values.heading = "values of " + type.name;
  for (const isa::Enumerator& en : type.enumerators) {
    if (values.items.size() == limit) break;
    values.items.push_back({en.name, hex(en.value), true, true});
  }
  for (const isa::EnumAlias& a : type.aliases)
    if (values.items.size() < limit)
      values.items.push_back(
          {a.spelling, "alias of " + a.target + " (erratum " + a.erratum + ")", true, false});
  const std::size_t all = type.enumerators.size() + type.aliases.size();
  h.sections.push_back(std::move(values));
  if (all > limit) h.sections.push_back(note("and " + std::to_string(all - limit) + " more"));
}

std::string presenceText(const isa::Field& f) {
  switch (f.presence) {
    case isa::FieldPresence::Required: return "required: the instruction gives it";
    case isa::FieldPresence::Default: return "default " + f.valueText;
    case isa::FieldPresence::Fixed: return "fixed " + f.valueText + " (identifies the encoding)";
  }
  return {};
}

HoverInfo hoverOf(const isa::InstrDb& db, const Entity& e) {
  HoverInfo h;
  h.range = e.range;
  h.title = e.name;
  switch (e.kind) {
    case Entity::Kind::Type: {
      if (e.type == nullptr) break;
      const isa::BitFieldType& t = *e.type;
      h.title = t.name + "<" + std::to_string(t.width) + ">";
      std::vector<HoverItem> items{
          {"kind", isa::typeKindName(t.kind), false, false},
          {"width", std::to_string(t.width) + (t.width == 1 ? " bit" : " bits"), false, false}};
      if (t.isEnumerated()) items.push_back({"values", std::to_string(t.enumerators.size()), false, false});
      items.push_back({"fields of this type", std::to_string(fieldsOfType(db, t).size()), false, false});
      items.push_back({"defined at", db.describe(t.pos), false, false});
      h.sections.push_back(facts(std::move(items)));
      if (t.origin == isa::SpecFileRole::Prelude)
        h.sections.push_back(
            note("The spec uses this type without defining it; gpuasm's prelude.isa states it."));
      addValues(h, t, 16);
      break;
    }
    case Entity::Kind::Field: {
      const isa::Field& f = *e.field;
      const isa::BitFieldType& t = db.typeOf(f);
      const std::uint32_t hi = f.offset + (f.width > 0 ? f.width - 1 : 0);
      std::vector<HoverItem> items{
          {"bits",
           f.width == 1 ? "[" + std::to_string(f.offset) + "]"
                        : "[" + std::to_string(hi) + ":" + std::to_string(f.offset) + "]",
           false, true},
          {"offset", std::to_string(f.offset), false, false},
          {"width", std::to_string(f.width), false, false},
          {"type", t.name + " (" + isa::typeKindName(t.kind) + ")", false, false},
          {"presence", presenceText(f), false, false},
          {"declared in", f.declaredIn + " at " + db.describe(f.pos), false, false}};
      if (!f.amendedBy.empty()) items.push_back({"amended by", "erratum " + f.amendedBy, false, false});
      h.sections.push_back(facts(std::move(items)));
      addValues(h, t, 16);
      break;
    }
    case Entity::Kind::Group:
    case Entity::Kind::Optype:
    case Entity::Kind::Opcode: {
      std::vector<HoverItem> items{{"inherits", joined(inheritanceChain(db, e.name), " → "), false, false}};
      if (e.optype != nullptr) {
        items.push_back({"mnemonic", e.optype->mnemonic, false, true});
        std::vector<std::string> variants;
        for (const std::uint32_t i : e.optype->opcodes) variants.push_back(db.opcodes()[i].name);
        items.push_back({"encoding variants", joined(variants, ", "), false, false});
      }
      if (e.opcode != nullptr) {
        items.push_back({"mnemonic", db.optypeOf(*e.opcode).mnemonic, false, true});
        items.push_back({"fields", std::to_string(e.opcode->fields.size()), false, false});
      }
      if (e.group != nullptr) {
        std::size_t optypes = 0;
        for (const isa::Optype& ot : db.optypes()) optypes += ot.group == e.group->name ? 1u : 0u;
        items.push_back({"optypes directly in it", std::to_string(optypes), false, false});
      }
      h.sections.push_back(facts(std::move(items)));
      const isa::Optype* docs = e.optype != nullptr   ? e.optype
                                : e.opcode != nullptr ? &db.optypeOf(*e.opcode)
                                                      : nullptr;
      if (docs != nullptr && docs->docs.description.present)
        h.sections.push_back(description(db, docs->docs.description));
      break;
    }
    case Entity::Kind::Erratum: {
      const isa::Erratum& er = *e.erratum;
      std::vector<HoverItem> items{{"targets", joined(er.targets, ", "), false, false}};
      if (!er.affects.empty()) items.push_back({"affects", joined(er.affects, ", "), false, false});
      if (!er.rules.empty()) items.push_back({"rules", joined(er.rules, ", "), false, false});
      h.sections.push_back(facts(std::move(items)));
      if (er.problem.present) h.sections.push_back(description(db, er.problem, "Problem"));
      if (er.decision.present) h.sections.push_back(description(db, er.decision, "Decision"));
      break;
    }
    case Entity::Kind::Enumerator: {
      h.sections.push_back(facts({{"type", e.type->name, false, false},
                                  {"value", hex(e.enumerator->value), false, true},
                                  {"defined at", db.describe(e.enumerator->pos), false, false}}));
      break;
    }
  }
  return h;
}

}  // namespace

std::optional<HoverInfo> getSpecHover(const SpecView& view, std::uint32_t offset,
                                      std::span<const isa::SpecDiagnostic> findings) {
  std::optional<HoverInfo> h;
  if (const auto e = entityAt(view, offset)) h = hoverOf(view.db(), *e);
  // The errata that handle the findings on this line.
  const std::uint32_t line =
      view.lines()
          .position(std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(view.text().size())),
                    syntax::ColumnUnit::Utf8)
          .line +
      1;
  HoverSection decisions;
  decisions.kind = HoverSectionKind::Decisions;
  decisions.heading = "Findings on this line";
  for (const isa::SpecDiagnostic& d : findings) {
    if (d.pos.line != line) continue;
    std::string text = "[" + std::string(isa::spelling(d.code)) + "] " + d.message;
    if (const isa::Erratum* er = view.db().erratum(d.erratum); er != nullptr && er->decision.present)
      text += " — " + text::firstSentence(er->decision.text);
    decisions.items.push_back({d.erratum.empty() ? std::string(isa::severityName(d.severity)) : d.erratum,
                               std::move(text), !d.erratum.empty(), false});
  }
  if (decisions.items.empty()) return h;
  if (!h) {
    h = HoverInfo{};
    const std::uint32_t b = view.lines().lineStart(line - 1);
    h->range = {b, view.lines().lineEnd(line - 1)};
    h->title = "line " + std::to_string(line);
  }
  h->sections.push_back(std::move(decisions));
  return h;
}

}  // namespace gpuasm::ide
