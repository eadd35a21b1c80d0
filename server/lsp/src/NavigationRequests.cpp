// The requests that find places (see Handlers.h): go to definition (into the spec's files), a
// register's highlights and references.
#include "Handlers.h"

#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/asm/Definition.h>

namespace gpuasm::lsp {

using namespace protocol;

json definition(Context& ctx, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  const auto target = ide::getDefinition(snap, at(ctx, snap).offset(p.position));
  if (!target) return nullptr;
  const auto place = ctx.specFiles.place(snap.db(), target->fileIndex, target->line, target->column);
  if (!place) throw RequestFailed{"the spec cannot be opened: " + place.error()};
  return std::vector<Location>{{place->uri, {place->start, place->end}}};
}

// The reads and writes of the register under the cursor (RegisterUses.h).
json documentHighlights(Context& ctx, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  std::vector<DocumentHighlight> out;
  for (const ide::RegisterOccurrence& o : ide::getRegisterOccurrences(snap, at(ctx, snap).offset(p.position)))
    out.push_back({rangeOf(at(ctx, snap), o.range), o.use == ide::RegisterUse::Read ? 2 : 3});
  return out;
}

json references(Context& ctx, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  std::vector<Location> out;
  for (const ide::RegisterOccurrence& o : ide::getRegisterOccurrences(snap, at(ctx, snap).offset(p.position)))
    out.push_back({p.uri, rangeOf(at(ctx, snap), o.range)});
  return out;
}

}  // namespace gpuasm::lsp
