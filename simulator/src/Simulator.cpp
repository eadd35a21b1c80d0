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
  if (!inst.error.empty()) return inst.error;
  ExecContext ctx(state, inst, written);
  ctx.reportExchangeTo(exchange);
  inst.semantics->exec(ctx);
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

std::string step(const PreparedInst& inst, WarpState& state, LaneExchange& exchange) {
  exchange = {};
  return execute(inst, state, nullptr, &exchange);
}

RunResult run(const Program& program, WarpState& state, const RunOptions& options) {
  RunResult result;
  result.executed = options.executedBefore;
  std::vector<std::pair<RegFile, std::uint32_t>> written;
  for (const PreparedInst& inst : program.steps) {
    if (options.untilLine && inst.line >= *options.untilLine) {
      result.reason = StopReason::Until;
      result.line = inst.line;
      return result;
    }
    if (result.executed >= options.stepLimit) {
      result.reason = StopReason::Error;
      result.line = inst.line;
      result.message = "step limit of " + std::to_string(options.stepLimit) + " instructions reached";
      return result;
    }
    written.clear();
    std::string error = execute(inst, state, options.trace ? &written : nullptr);
    if (!error.empty()) {
      result.reason = StopReason::Error;
      result.line = inst.line;
      result.message = std::move(error);
      return result;
    }
    ++result.executed;
    result.line = inst.line;
    if (options.trace) {
      TraceEntry& t = result.trace.emplace_back();
      t.line = inst.line;
      for (const auto& [file, index] : written) t.writes.push_back(snapshot(state, file, index));
    }
  }
  result.reason = StopReason::End;
  return result;
}

}  // namespace gpuasm::sim
