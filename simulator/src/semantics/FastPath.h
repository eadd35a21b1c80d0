// What the fast paths share (Semantics::fast). A fast path is chosen once per prepared
// instruction, for a per-lane (not uniform) instruction, with the modifiers that change the lane
// loop's shape as template parameters. It computes the same values as the semantics' reference
// function, in the same order of reads and writes, but over a fixed 32 lanes of contiguous
// sources (ExecContext::lanes), with per-lane conditions as all-ones/zero masks and per-lane
// booleans collected by `pack` — loops the compiler vectorises. tests/sim/FastPathTest.cpp runs
// every fast path against the reference over the examples and random programs.
#pragma once

#include <gpuasm/sim/Semantics.h>

#include <cstdint>

namespace gpuasm::sim::fast {

/// Bit `lane` for each lane: lane masks are built with an AND and an OR, no variable shift.
inline constexpr Lanes kLaneBit = [] {
  Lanes b{};
  for (unsigned lane = 0; lane < kWarpSize; ++lane) b[lane] = 1u << lane;
  return b;
}();

/// All ones when `c`, else 0.
constexpr std::uint32_t maskOf(bool c) { return c ? ~0u : 0u; }

/// The lane mask of per-lane all-ones/zero masks.
inline std::uint32_t pack(const Lanes& m) {
  std::uint32_t bits = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) bits |= m[lane] & kLaneBit[lane];
  return bits;
}

/// x + y + cin in 32 bits, and whether either addition carried out (all ones or zero): the sum
/// and carry-out of IADD's and IMAD's three-input add.
struct SumCarry {
  std::uint32_t sum, carry;
};
inline SumCarry addWithCarry(std::uint32_t x, std::uint32_t y, std::uint32_t cin) {
  const std::uint32_t s1 = x + y, s = s1 + cin;
  return {s, maskOf(s1 < x) | maskOf(s < s1)};
}

/// Bit `lane` of `bits` as 0 or 1 in each lane.
inline Lanes bitsAsLanes(std::uint32_t bits) {
  Lanes out;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) out[lane] = (bits & kLaneBit[lane]) != 0 ? 1u : 0u;
  return out;
}

/// Whether a write to `o` changes anything: storePred drops every write to PT.
inline bool writesPredicate(const Operand& o, const RegisterLayout& layout) {
  return !(o.kind == OperandKind::Pred && o.reg == layout.pt);
}

}  // namespace gpuasm::sim::fast
