// The debugger's lane view (Debugger.h): the registers the program names across the 32 lanes
// where execution stands, and for the instruction about to execute and the one just executed
// their reads, writes and guard lanes and, for a cross-lane instruction, the lanes it combined
// as the simulator reports them (sim::LaneExchange).
#pragma once

#include <gpuasm/ide/execution/Timeline.h>
#include <gpuasm/sim/WarpState.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpuasm::ide {

/// How a cross-lane instruction (SHFL, VOTE, REDUX, MATCH) combined the warp's lanes, as the
/// simulator executed it (sim::LaneExchange).
struct LaneExchangeInfo {
  std::string op;                  ///< the optype: SHFL, VOTE, VOTEU, REDUX, REDUXU, MATCH
  std::uint32_t participants = 0;  ///< the lanes it combined (active, guard true)
  /// SHFL: the lane each participant received Ra from (its own when out of range).
  std::optional<std::array<std::uint8_t, 32>> sources;
  std::uint32_t inRange = 0;  ///< SHFL: the participants whose source lane was valid
  /// Each register it wrote, with its value in the lowest participant lane (once for uniform ones).
  std::vector<std::pair<std::string, std::uint32_t>> results;
};

/// One instruction as a lane view shows it: the registers it reads and writes, its guard's lanes.
struct InstructionLanes {
  std::uint64_t position = 0;
  std::uint32_t line = 0;                    ///< 0-based
  std::string source;                        ///< the line's text, trimmed
  std::vector<std::string> reads, writes;    ///< register names, guard included; RZ/PT left out
  std::string guard;                         ///< "P0", "!P1", "UP0"; empty when it always runs (PT)
  std::uint32_t guardLanes = 0;              ///< lanes whose guard holds, before it executes
  std::uint32_t lanes = 0;                   ///< lanes it executes on (active and guard)
  std::optional<LaneExchangeInfo> exchange;  ///< a cross-lane instruction's
  std::string error;                         ///< why it cannot execute, if it cannot
};

/// A register the program names anywhere, with its lanes where execution stands.
struct LaneRegister {
  std::string name;
  sim::RegFile file = sim::RegFile::R;
  std::uint32_t number = 0;
  std::vector<std::uint32_t> values;  ///< 32 lanes (R, P: 0/1); one value for UR and UP
};

/// The warp across its lanes where execution stands, with the instruction about to execute
/// (`next`, the frame's line) and the one just executed (`previous`, whose results the values
/// show); a lane view draws it. `reached` is how far execution has gone (positions 0..reached
/// are reached again exactly by goto).
struct LaneView {
  std::uint64_t position = 0, length = 0, reached = 0;
  std::uint32_t activeMask = 0;
  std::vector<LaneRegister> registers;  ///< by file (R, P, UR, UP), then number
  std::optional<InstructionLanes> next, previous;
};

/// Step p of `program` as a lane view shows it, executed (on a copy) from `before`.
InstructionLanes instructionLanes(const DebugProgram& program, std::uint64_t p, const sim::WarpState& before);

/// The lane view where `timeline` stands.
LaneView laneView(const Timeline& timeline);

}  // namespace gpuasm::ide
