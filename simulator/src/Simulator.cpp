// run() and step(): run control over a prepared program (see Simulator.h).
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>

namespace gpuasm::sim {

const char* stopReasonName(StopReason reason) {
  switch (reason) {
    case StopReason::Until: return "until";
    case StopReason::End: return "end";
    case StopReason::Error: return "error";
  }
  return "?";
}

namespace {

std::string execute(const PreparedInst& inst, WarpState& state,
                    std::vector<std::pair<RegFile, std::uint32_t>>* written,
                    LaneExchange* exchange = nullptr) {
  if (inst.exec == nullptr) return inst.error.empty() ? "the instruction was not prepared" : inst.error;
  ExecContext ctx(state, inst, written);
  ctx.reportExchangeTo(exchange);
  inst.exec(ctx);
  return ctx.error();
}

WrittenRegister snapshot(const WarpState& state, RegFile file, std::uint32_t index) {
  WrittenRegister w{file, index, {}};
  switch (file) {
    case RegFile::R: w.lanes.assign(state.r[index].begin(), state.r[index].end()); break;
    case RegFile::P:
      for (unsigned lane = 0; lane < kWarpSize; ++lane) w.lanes.push_back((state.p[index] >> lane) & 1u);
      break;
    case RegFile::UR: w.lanes.push_back(state.ur[index]); break;
    case RegFile::UP: w.lanes.push_back(state.up[index] ? 1u : 0u); break;
  }
  return w;
}

}  // namespace

std::string step(const PreparedInst& inst, WarpState& state) { return execute(inst, state, nullptr); }

std::string step(const PreparedInst& inst, WarpState& state, std::uint32_t& laneMask) {
  laneMask = 0;
  if (inst.exec == nullptr) return execute(inst, state, nullptr);
  ExecContext ctx(state, inst);
  laneMask = ctx.laneMask();
  inst.exec(ctx);
  return ctx.error();
}

std::string step(const PreparedInst& inst, WarpState& state, LaneExchange& exchange) {
  exchange = {};
  return execute(inst, state, nullptr, &exchange);
}

RunResult run(const Program& program, WarpState& state, const RunOptions& options) {
  RunResult result;
  result.executed = options.executedBefore;
  // The checks of each step hoisted to two numbers: the first line not to run and the
  // instructions left under the step limit.
  const std::uint64_t untilLine = options.untilLine ? *options.untilLine : ~std::uint64_t{0};
  const std::uint64_t budget = options.stepLimit > result.executed ? options.stepLimit - result.executed : 0;
  std::vector<std::pair<RegFile, std::uint32_t>> written;
  std::vector<std::pair<RegFile, std::uint32_t>>* const collect = options.trace ? &written : nullptr;
  const std::size_t count = program.steps.size();
  const auto stop = [&](StopReason reason, const PreparedInst& inst, std::size_t done, std::string message) {
    result.reason = reason;
    result.line = inst.line;
    result.executed += done;
    result.message = std::move(message);
    return std::move(result);
  };
  for (std::size_t i = 0; i < count; ++i) {
    const PreparedInst& inst = program.steps[i];
    if (inst.line >= untilLine) return stop(StopReason::Until, inst, i, {});
    if (i >= budget)
      return stop(StopReason::Error, inst, i,
                  "step limit of " + std::to_string(options.stepLimit) + " instructions reached");
    if (inst.exec == nullptr) return stop(StopReason::Error, inst, i, execute(inst, state, nullptr));
    written.clear();
    ExecContext ctx(state, inst, collect);
    inst.exec(ctx);
    if (!ctx.error().empty()) return stop(StopReason::Error, inst, i, ctx.error());
    if (collect != nullptr) {
      TraceEntry& t = result.trace.emplace_back();
      t.line = inst.line;
      for (const auto& [file, index] : written) t.writes.push_back(snapshot(state, file, index));
    }
  }
  result.executed += count;
  if (count > 0) result.line = program.steps.back().line;
  result.reason = StopReason::End;
  return result;
}

}  // namespace gpuasm::sim
