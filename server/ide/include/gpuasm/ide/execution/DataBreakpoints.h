// A debug session's data breakpoints (Debugger.h): stop when a register changes, in any lane or
// in one. The debugger reads the watched values before and after an instruction that may
// change one and asks which breakpoints the change hits.
#pragma once

#include <gpuasm/ide/execution/Breakpoints.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// A data breakpoint: stop when a register changes, in any lane or in one.
struct DataBreakpointSpec {
  std::string registerName;      ///< R5, P0, UR4, UP1
  std::optional<unsigned> lane;  ///< a lane of a per-lane register; none: any lane
};

/// The data breakpoints of a session.
class DataBreakpoints {
 public:
  /// Replaces the data breakpoints with `specs` (ids from `nextId`, which advances by one
  /// each); a name that is no register, a constant register (RZ, PT) or a lane of a uniform
  /// register is refused.
  std::vector<BreakpointStatus> set(const std::vector<DataBreakpointSpec>& specs,
                                    const sim::RegisterLayout& layout, int& nextId);
  bool empty() const { return watches_.empty(); }
  /// Whether `inst` writes a watched register (in any lane).
  bool writesWatched(const sim::PreparedInst& inst) const;
  /// The watched values in `state` (32 lanes for R and P, one for UR and UP), in order.
  void read(const sim::WarpState& state, std::vector<std::uint32_t>& values) const;
  /// The ids of the data breakpoints whose values went from `before` to `after` (as read());
  /// `description` (when empty) becomes the first change's, e.g.
  /// "R1 changed in lane 3: 0x0 -> 0x5 (and 2 more lanes)".
  std::vector<int> changes(const std::vector<std::uint32_t>& before, const std::vector<std::uint32_t>& after,
                           std::string& description) const;

 private:
  struct Watch {
    int id = 0;
    sim::RegFile file = sim::RegFile::R;
    std::uint32_t number = 0;
    std::optional<unsigned> lane;
    std::string name;
  };
  std::vector<Watch> watches_;
};

}  // namespace gpuasm::ide
