// LiveRun::replay (LiveValues.h): the warp just before one executed statement. The run keeps a
// copy of the warp entering a chunk every few hundred instructions (its checkpoints) and what each
// line wrote, not the state before every line; the state before a statement is found again by
// re-executing, from the last checkpoint at or before the statement's chunk, the instructions
// that ran before it — the same prepared instructions and the same `sim::step` the run used, so
// the replayed state is the run's.
#include <gpuasm/ide/execution/LiveValues.h>

#include <gpuasm/sim/Simulator.h>

#include <algorithm>

namespace gpuasm::ide {

std::optional<ReplayedStatement> LiveRun::replay(std::uint32_t offset) const {
  if (!layout_ || snapshot_->chunkCount() == 0) return std::nullopt;
  const std::size_t k = snapshot_->chunkHolding(offset);
  if (k >= results_.size() || !results_[k] || offset < snapshot_->chunkStart(k)) return std::nullopt;
  const std::uint32_t rel = offset - snapshot_->chunkStart(k);
  const auto& statements = snapshot_->chunk(k).unit.statements;
  const auto at = std::find_if(statements.begin(), statements.end(), [&](const AssembledStatement& s) {
    return s.statement.range.begin <= rel && rel <= s.statement.range.end;
  });
  if (at == statements.end()) return std::nullopt;
  const auto index = static_cast<std::uint32_t>(at - statements.begin());
  // Executed: the run recorded what it wrote (a run that stopped on it did not).
  const std::uint32_t begin = snapshot_->chunkStart(k) + at->statement.range.begin;
  const auto& lines = results_[k]->lines;
  if (std::none_of(lines.begin(), lines.end(),
                   [&](const ExecutedLine& l) { return l.statement.begin == begin; }))
    return std::nullopt;

  auto cp = checkpoints_.upper_bound(k);
  if (cp == checkpoints_.begin()) return std::nullopt;
  --cp;
  sim::WarpState state = cp->second->state;
  for (std::size_t m = cp->first; m < k; ++m)
    for (const sim::PreparedInst& inst : prepare(m).steps)
      if (!sim::step(inst, state).empty()) return std::nullopt;  // the run went past it: cannot happen
  const PreparedChunk chunk = prepare(k);
  for (std::size_t i = 0; i < chunk.steps.size(); ++i) {
    if (chunk.statement[i] == index) return ReplayedStatement{std::move(state), chunk.steps[i]};
    if (!sim::step(chunk.steps[i], state).empty()) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace gpuasm::ide
