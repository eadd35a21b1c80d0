// A debug session's line breakpoints (Debugger.h): set on a line and verified on the first
// instruction of it or, on a line without one, of the next line that has one; a condition in the
// expression language of docs/LANGUAGE.md (true in some active lane), a hit condition that
// counts the forward passes, and log points, which print a message instead of stopping.
#pragma once

#include <gpuasm/ide/execution/DebugProgram.h>
#include <gpuasm/sim/Expression.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// A line breakpoint as a client sets it.
struct BreakpointSpec {
  std::uint32_t line = 0;    ///< 0-based
  std::string condition;     ///< an expression; empty: always
  std::string hitCondition;  ///< "N", ">= N", "> N", "== N", "% N"; empty: every hit
  std::string logMessage;    ///< non-empty: a log point ({expr} is replaced by its value)
};

/// What became of a breakpoint: verified on the line of an instruction (moved down to the next
/// one when set on a line without one), or refused with a message.
struct BreakpointStatus {
  int id = 0;
  bool verified = false;
  std::optional<std::uint32_t> line;
  std::string message;
};

/// When a breakpoint counts a hit, by the number of times it was reached.
struct HitCondition {
  enum class Kind : std::uint8_t { Always, Equal, AtLeast, Above, Multiple } kind = Kind::Always;
  std::uint64_t count = 0;
  /// Whether the `hits`-th pass (1 for the first) counts.
  bool holds(std::uint64_t hits) const;
};
/// Reads "N" (== N), ">= N", "> N", "== N" or "% N" (every N-th); empty or blank: Always.
std::expected<HitCondition, std::string> parseHitCondition(std::string_view text);

/// A log point's message with each {expression} replaced by its value in `state`: one value
/// when the active lanes agree on a per-lane expression, else the list of their values; an
/// expression with an error shows the error in braces.
std::string interpolateLogMessage(std::string_view message, const sim::WarpState& state);

/// The line breakpoints of a session.
class LineBreakpoints {
 public:
  /// Replaces the breakpoints with `specs` (ids from `nextId`, which advances by one each),
  /// placed on `program`'s instructions; expressions read with `layout`'s register names.
  std::vector<BreakpointStatus> set(const std::vector<BreakpointSpec>& specs, const DebugProgram& program,
                                    const sim::RegisterLayout& layout, int& nextId);
  bool empty() const { return breakpoints_.empty(); }

  /// What a forward pass before step p stops for and logs.
  struct Pass {
    std::vector<int> stops;         ///< the ids of the breakpoints that stop
    std::vector<std::string> logs;  ///< the log points' messages
  };
  /// Passes forward before step p with the warp in `state`: each breakpoint of p's line (p its
  /// first instruction) whose condition holds counts a hit; those whose hit condition then
  /// holds stop or log.
  Pass passForward(const DebugProgram& program, std::uint64_t p, const sim::WarpState& state);
  /// The ids of the breakpoints that would stop before step p in `state` going backward: the
  /// condition holds; hit conditions do not apply and log points do not stop.
  std::vector<int> stopsBackward(const DebugProgram& program, std::uint64_t p,
                                 const sim::WarpState& state) const;
  /// Forgets the hits counted (a restart).
  void resetHits();

 private:
  struct Breakpoint {
    int id = 0;
    std::uint32_t line = 0;
    std::optional<sim::Expression> condition;
    HitCondition hit;
    std::string logMessage;
    std::uint64_t hits = 0;
  };
  /// Whether `b` stands before step p and its condition holds in `state`.
  static bool applies(const Breakpoint& b, const DebugProgram& program, std::uint64_t p,
                      const sim::WarpState& state);

  std::vector<Breakpoint> breakpoints_;
};

}  // namespace gpuasm::ide
