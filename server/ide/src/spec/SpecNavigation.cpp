// Go to definition and references in a spec file (SpecFeatures.h).
#include "SpecModel.h"

#include <algorithm>
#include <set>

namespace gpuasm::ide {

using namespace spec;
using isa::DefKind;

std::vector<SpecSpot> getSpecDefinition(const SpecView& view, std::uint32_t offset) {
  const auto e = entityAt(view, offset);
  if (!e) return {};
  SpecLines lines(view);
  if (auto spot = definitionSpot(view, lines, *e)) return {*spot};
  return {};
}

SpecReferences getSpecReferences(const SpecView& view, std::uint32_t offset, bool includeDeclaration,
                                 std::span<const AsmDocumentRef> documents) {
  SpecReferences out;
  const auto e = entityAt(view, offset);
  if (!e) return out;
  const isa::InstrDb& db = view.db();
  SpecLines lines(view);
  if (includeDeclaration)
    if (auto spot = definitionSpot(view, lines, *e)) out.spec.push_back(*spot);
  switch (e->kind) {
    case Entity::Kind::Type: {
      if (e->type == nullptr) break;
      for (const isa::Field* f : fieldsOfType(db, *e->type)) {
        // The type's name on the field<> line.
        const std::string_view text = lines.line(f->pos.file, f->pos.line);
        const std::size_t gt = text.find('>');
        out.spec.push_back(lines.spotOf(
            {f->pos.file, f->pos.line, static_cast<std::uint32_t>(gt == std::string_view::npos ? 1 : gt + 2)},
            e->type->name));
        if (f->specDeclaration && f->specDeclaration->type == e->type->name) {
          const isa::SourcePos& p = f->specDeclaration->pos;
          const std::string_view st = lines.line(p.file, p.line);
          const std::size_t sgt = st.find('>');
          out.spec.push_back(lines.spotOf(
              {p.file, p.line, static_cast<std::uint32_t>(sgt == std::string_view::npos ? 1 : sgt + 2)},
              e->type->name));
        }
      }
      break;
    }
    case Entity::Kind::Group:
      for (const isa::Group& g : db.groups())
        if (g.parent == e->name) out.spec.push_back(lines.spotOf(g.pos, g.name));
      for (const isa::Optype& ot : db.optypes())
        if (ot.group == e->name) out.spec.push_back(lines.spotOf(ot.pos, ot.name));
      break;
    case Entity::Kind::Optype:
      for (const std::uint32_t i : e->optype->opcodes)
        out.spec.push_back(lines.spotOf(db.opcodes()[i].pos, db.opcodes()[i].name));
      break;
    default: break;
  }
  // The statements of the open listings that assemble to the optype or the opcode.
  if (e->kind == Entity::Kind::Optype || e->kind == Entity::Kind::Opcode) {
    for (std::size_t d = 0; d < documents.size(); ++d) {
      const Snapshot& snap = *documents[d].snapshot;
      for (const AssembledStatement& s :
           snap.statementsIn({0, static_cast<std::uint32_t>(snap.text().size())})) {
        if (!s.inst || s.inst->opcode == nullptr) continue;
        const bool hit = e->kind == Entity::Kind::Opcode
                             ? s.inst->opcode->name == e->name
                             : snap.db().optypeOf(*s.inst->opcode).name == e->name;
        if (hit) out.documents.push_back({d, {s.statement.range.begin, s.statement.range.end}});
      }
    }
  }
  // Sorted by file and line, each once (an erratum's amendment may repeat a declaration).
  std::sort(out.spec.begin() + (includeDeclaration && !out.spec.empty() ? 1 : 0), out.spec.end(),
            [](const SpecSpot& a, const SpecSpot& b) {
              return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
            });
  out.spec.erase(std::unique(out.spec.begin(), out.spec.end()), out.spec.end());
  return out;
}

}  // namespace gpuasm::ide
