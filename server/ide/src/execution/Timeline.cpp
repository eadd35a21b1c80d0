// The debugger's history (Timeline.h): time travel by checkpoints and re-execution, with the
// user's register edits applied again wherever re-execution passes them.
#include <gpuasm/ide/execution/Timeline.h>

#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>

#include <algorithm>

namespace gpuasm::ide {

namespace {

constexpr std::uint64_t kEvery = Timeline::kCheckpointEvery;

void apply(const RegisterEdit& e, sim::WarpState& state) {
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane)
    if (((e.lanes >> lane) & 1u) != 0) state.write(e.file, e.number, lane, e.value);
}

}  // namespace

Timeline::Timeline(std::shared_ptr<const DebugProgram> program, sim::WarpState initial)
    : program_(std::move(program)), initial_(initial), state_(std::move(initial)) {
  checkpoints_.emplace_back(initial_);
  laneMasks_.assign(program_->count(), 0);
}

const std::vector<RegisterEdit>* Timeline::editsAt(std::uint64_t p) const {
  const auto it = edits_.find(p);
  return it == edits_.end() ? nullptr : &it->second;
}

std::string Timeline::advance(sim::WarpState& state, std::uint64_t p, std::uint32_t* laneMask) const {
  const sim::PreparedInst& inst = program_->step(p);
  std::string error = laneMask != nullptr ? sim::step(inst, state, *laneMask) : sim::step(inst, state);
  if (!error.empty()) return error;
  if (edits_.empty()) return {};
  if (const auto it = edits_.find(p + 1); it != edits_.end())
    for (const RegisterEdit& e : it->second) apply(e, state);
  return {};
}

std::string Timeline::executeOne() {
  std::uint32_t mask = 0;
  std::string error = advance(state_, position_, &mask);
  if (!error.empty()) return error;
  laneMasks_[position_] = mask;
  ++position_;
  furthest_ = std::max(furthest_, position_);
  if (position_ % kEvery == 0 && position_ / kEvery == checkpoints_.size()) checkpoints_.emplace_back(state_);
  return {};
}

std::string Timeline::executeUntil(std::uint64_t end) {
  const DebugProgram& program = *program_;
  while (position_ < end) {
    if (!program.step(position_).runnable()) return {};
    if (std::string error = executeOne(); !error.empty()) return error;
  }
  return {};
}

sim::WarpState Timeline::stateAt(std::uint64_t p) const {
  if (p == position_) return state_;
  const std::uint64_t k = std::min<std::uint64_t>(p / kEvery, checkpoints_.size() - 1);
  sim::WarpState s = checkpointState(k);
  for (std::uint64_t q = k * kEvery; q < p; ++q) advance(s, q, nullptr);
  return s;
}

void Timeline::travel(std::uint64_t target) {
  if (target == position_) return;
  const std::uint64_t k = std::min<std::uint64_t>(target / kEvery, checkpoints_.size() - 1);
  // From the current state when it lies between the checkpoint and the target, else from the checkpoint.
  if (!(position_ < target && position_ >= k * kEvery)) {
    checkpoints_[k].restore(initial_, state_);
    position_ = k * kEvery;
  }
  while (position_ < target)
    if (!executeOne().empty()) break;  // cannot happen below `furthest_`: those positions were reached
}

void Timeline::edit(const RegisterEdit& edit) {
  apply(edit, state_);
  // The edit joins the history here; what came after it is computed again.
  edits_.erase(edits_.upper_bound(position_), edits_.end());
  edits_[position_].push_back(edit);
  checkpoints_.erase(checkpoints_.begin() + static_cast<std::ptrdiff_t>(position_ / kEvery + 1),
                     checkpoints_.end());
  if (position_ % kEvery == 0) checkpoints_.back() = sim::WarpCheckpoint(state_);
  furthest_ = position_;
}

void Timeline::restart() {
  edits_.clear();
  checkpoints_.clear();
  checkpoints_.emplace_back(initial_);
  state_ = initial_;
  position_ = furthest_ = 0;
}

}  // namespace gpuasm::ide
