// Run control: execute a prepared program on a warp from the first instruction to the end, or
// stop before the first instruction at or after a line (a debugger's run-to-cursor), within a
// step limit. An instruction that cannot execute stops the run with its line and reason; the
// state reached so far is kept, so the caller can still show it.
#pragma once

#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::sim {

/// Why a run stopped.
enum class StopReason : std::uint8_t { Until, End, Error };

/// "until", "end", "error".
const char* stopReasonName(StopReason reason);

/// How to run.
struct RunOptions {
  std::optional<std::uint32_t> untilLine;  ///< 0-based; stop before the first instruction at or after it
  std::uint64_t stepLimit = 1'000'000;     ///< instructions executed at most
  bool trace = false;                      ///< record the registers each instruction wrote
  /// Instructions a run of the same warp executed before this program (a run in parts, each
  /// part a program): they count towards the step limit and RunResult::executed.
  std::uint64_t executedBefore = 0;
};

/// A register an instruction wrote, and its value afterwards: 32 lanes for R and P, one value
/// for UR and UP (lanes[0]).
struct WrittenRegister {
  RegFile file = RegFile::R;
  std::uint32_t index = 0;
  std::vector<std::uint32_t> lanes;
};

/// One executed instruction in a trace.
struct TraceEntry {
  std::uint32_t line = 0;
  std::vector<WrittenRegister> writes;
};

/// The outcome of a run.
struct RunResult {
  StopReason reason = StopReason::End;
  std::optional<std::uint32_t>
      line;                    ///< 0-based: the stop line (until), failing line (error), last executed (end)
  std::uint64_t executed = 0;  ///< instructions executed (RunOptions::executedBefore included)
  std::string message;         ///< the reason, for an error
  std::vector<TraceEntry> trace;  ///< when RunOptions::trace
};

/// Runs `program` on `state`.
RunResult run(const Program& program, WarpState& state, const RunOptions& options);

/// Executes one instruction; returns an error message when it cannot (state unchanged then).
std::string step(const PreparedInst& inst, WarpState& state);

/// The same, writing to `laneMask` the lanes it executes on (active and guard true; 0 when it
/// cannot execute), as they were before it ran.
std::string step(const PreparedInst& inst, WarpState& state, std::uint32_t& laneMask);

struct LaneExchange;
/// The same, reporting in `exchange` which lanes a cross-lane instruction combined (Semantics.h).
std::string step(const PreparedInst& inst, WarpState& state, LaneExchange& exchange);

}  // namespace gpuasm::sim
