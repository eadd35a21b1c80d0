// Snapshot: parse + assemble once per document version (see Snapshot.h).
#include <gpuasm/ide/Snapshot.h>

#include <algorithm>

namespace gpuasm::ide {

Snapshot::Snapshot(const isa::InstrDb& db, std::string text)
    : db_(&db), tree_(std::move(text)), lines_(tree_.text()), unit_(assemble(db, tree_)) {}

std::shared_ptr<const Snapshot> Snapshot::analyse(const isa::InstrDb& db, std::string text) {
  return std::shared_ptr<const Snapshot>(new Snapshot(db, std::move(text)));
}

const AssembledStatement* Snapshot::statementAt(std::uint32_t offset) const {
  // Statements are in document order: the candidate is the last one starting at or before offset.
  const auto& all = unit_.statements;
  auto it = std::upper_bound(all.begin(), all.end(), offset,
                             [](std::uint32_t o, const AssembledStatement& s) { return o < s.statement.range.begin; });
  if (it == all.begin()) return nullptr;
  --it;
  return offset <= it->statement.range.end ? &*it : nullptr;
}

}  // namespace gpuasm::ide
