// What a register holds across the active lanes of a warp, said the way a warp programmer
// says it (docs/LANGUAGE.md "Values in their types"), tried in this order:
// - uniform: every active lane holds the same value ("0x1f0", "1.5", "-3", "true");
// - affine in the lane number: "lane", "lane + 0x100", "lane × 4 + 0x100", "0x17c - lane × 4",
//   over the active lanes (3 or more), in the value's type: integers modulo 2^32 (the stride
//   with the least magnitude, the offset as the type shows it, a negative one subtracted),
//   f32 only when every lane's value is exactly stride × lane + offset with both f32; or, for
//   integers, each lane's butterfly partner "lane ^ 0x10" (SHFL.BFLY of the lane ids);
// - two groups, each uniform or affine, in the groups warp code thinks in: even/odd lanes,
//   lanes 0–15/16–31, lane 0/lanes 1–31 ("even lanes 0x100, odd lanes 0xf0",
//   "lanes 0–15: lane + 0x10, lanes 16–31: lane - 0x10"); pairs of uniform groups first;
// - else the distinct values, most frequent first ("8 values (0x30 ×4, 0x34 ×4, 0x38 ×4, …)"),
//   for a predicate how many lanes hold true ("true in 12 of 32 lanes").
#pragma once

#include <gpuasm/sim/Value.h>
#include <gpuasm/sim/WarpState.h>

#include <array>
#include <cstdint>
#include <string>

namespace gpuasm::ide {

struct LaneSummary {
  enum class Kind : std::uint8_t { NoActiveLane, Uniform, Affine, Groups, Distinct };
  Kind kind = Kind::NoActiveLane;
  std::string text;  ///< the summary, as above
  /// A shorter form for a tight space: Distinct drops the list ("8 values"), Groups names the
  /// two groups once ("even/odd: 0x100, 0xf0", "0–15/16–31: lane + 0x10, lane - 0x10").
  std::string brief;

  /// "R1 = 0x1f0", "R1 = lane × 4", "R2: even lanes 0x100, odd lanes 0xf0", "R1: no active lane".
  std::string label(const std::string& name, bool briefly = false) const;
};

/// The summary of `lanes` over the lanes set in `activeMask`, each value of type `type`.
LaneSummary summarizeLanes(const std::array<std::uint32_t, sim::kWarpSize>& lanes, std::uint32_t activeMask,
                           sim::ValueType type);

}  // namespace gpuasm::ide
