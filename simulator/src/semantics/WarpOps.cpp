// Cross-lane warp operations of 002_sync.txt: SHFL (register exchange, the PTX-style pseudo-code
// with L-69's choices), VOTE/VOTEU (predicate ballot), REDUX/REDUXU (reductions) and MATCH
// (equal-value masks). Unlike the per-lane families these read other lanes' registers, so they
// compute over the participant set S = active lanes whose guard is true (ctx.laneMask(), the
// warp model of L-65) instead of calling ctx.forEachLane for the whole computation. Lanes outside
// S contribute nothing and receive nothing. VOTEU and REDUXU are guarded per lane (pg) but write
// uniform registers: those are written once, and not at all when S is empty (L-65).
#include "FastPath.h"

#include <gpuasm/sim/Semantics.h>

#include <array>
#include <cstdint>
#include <vector>

namespace gpuasm::sim {

namespace {

// Calls f(lane) for each lane of `mask`.
template <typename F>
void forLanes(std::uint32_t mask, F&& f) {
  for (std::uint32_t m = mask; m != 0; m &= m - 1) f(static_cast<unsigned>(__builtin_ctz(m)));
}

bool isUniform(const Operand& o) { return o.kind == OperandKind::Ugpr || o.kind == OperandKind::UPred; }

// Writes a result that is the same for every participant: into each lane of S for a per-lane
// destination, once for a uniform one (VOTEU's URd/upu, REDUXU's URd), and nowhere when S is
// empty (L-65).
void writeToParticipants(ExecContext& ctx, const Operand& d, std::uint32_t s, std::uint32_t value) {
  if (s == 0) return;
  if (isUniform(d)) return ctx.write(d, static_cast<unsigned>(__builtin_ctz(s)), value);
  if (s == ctx.laneMask()) {  // S is the executing lanes: whole-warp stores
    if (d.kind == OperandKind::Pred) return ctx.storePred(d, value != 0 ? kAllLanes : 0u);
    if (d.kind == OperandKind::Gpr && d.width == 32) {
      Lanes all;
      all.fill(value);
      return ctx.store(d, all);
    }
  }
  forLanes(s, [&](unsigned lane) { ctx.write(d, lane, value); });
}

// SHFL.mode pu, Rd, Ra, SrcB, SrcC (002_sync.txt:83-114), `b`/`c` being SrcB/SrcC (L-37):
// bval = SrcB[4:0], cval = SrcC[4:0], segmask = SrcC[12:8]; the segment of a lane is
// [minLane, maxLane]; the mode gives the source lane j and its validity pu; an invalid exchange
// reads the lane's own Ra. L-69: the pseudo-code is kept as written (.UP tests j >= maxLane), j is a
// signed integer, and a source lane outside S still supplies its current Ra (the spec leaves that
// undefined, 002_sync.txt:64). SrcB and SrcC are read per lane; they may be registers.
enum class ShflMode : std::uint8_t { Idx, Up, Down, Bfly };

void execShfl(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const Operand& pu = ctx.out(1);
  const Operand& a = ctx.in(0);
  const auto mode = static_cast<ShflMode>(ctx.mod(0));
  // SourceA: every lane's Ra before any write (Rd may be Ra).
  const LaneSource source = ctx.source(a), srcB = ctx.source(ctx.in(1)), srcC = ctx.source(ctx.in(2));
  Lanes value{};
  std::uint32_t valid = 0;
  std::array<std::uint8_t, kWarpSize> from{};
  const std::uint32_t s = ctx.laneMask();
  forLanes(s, [&](unsigned lane) {
    const auto bval = static_cast<int>(srcB[lane] & 0x1Fu);
    const std::uint32_t c = srcC[lane];
    const auto cval = static_cast<int>(c & 0x1Fu);
    const auto segmask = static_cast<int>((c >> 8) & 0x1Fu);
    const auto self = static_cast<int>(lane);
    const int maxLane = (self & segmask) | (cval & ~segmask & 0x1F);
    const int minLane = self & segmask;
    int j = self;
    bool ok = false;
    switch (mode) {
      case ShflMode::Up:
        j = self - bval;
        ok = j >= maxLane;
        break;
      case ShflMode::Down:
        j = self + bval;
        ok = j <= maxLane;
        break;
      case ShflMode::Bfly:
        j = self ^ bval;
        ok = j <= maxLane;
        break;
      case ShflMode::Idx:
        j = minLane | (bval & ~segmask & 0x1F);
        ok = j <= maxLane;
        break;
    }
    // A valid j lies in 0..31 in every mode (maxLane <= 31; .UP: j >= maxLane >= 0, j <= lane),
    // but check rather than index out of range.
    if (!ok || j < 0 || j >= static_cast<int>(kWarpSize)) j = self;
    value[lane] = source[static_cast<unsigned>(j)];
    from[lane] = static_cast<std::uint8_t>(j);
    valid |= static_cast<std::uint32_t>(ok) << lane;
  });
  if (LaneExchange* x = ctx.exchange()) {
    x->hasSources = true;
    x->source = from;
    x->inRange = valid;
  }
  // Every lane's Ra was read before this store (Rd may be Ra).
  ctx.store(d, value);
  ctx.storePred(pu, valid);
}

// Fast path of execShfl, the mode fixed: the source lane of every lane, not only of S (a lane
// outside S reads nothing and the stores write S only), so the loop has a fixed count. A lane
// view asks for the exchange (ctx.exchange()); the reference reports it.
template <ShflMode Mode>
void fastShfl(ExecContext& ctx) {
  if (ctx.exchange() != nullptr) return execShfl(ctx);
  Lanes sa, sb, sc;
  const std::uint32_t* source = ctx.lanes(ctx.in(0), sa);
  const std::uint32_t* srcB = ctx.lanes(ctx.in(1), sb);
  const std::uint32_t* srcC = ctx.lanes(ctx.in(2), sc);
  // The source lanes first (a loop that vectorises), then the gather.
  std::array<std::int32_t, kWarpSize> from;
  Lanes valid;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    const auto bval = static_cast<int>(srcB[lane] & 0x1Fu);
    const std::uint32_t c = srcC[lane];
    const auto cval = static_cast<int>(c & 0x1Fu);
    const auto segmask = static_cast<int>((c >> 8) & 0x1Fu);
    const auto self = static_cast<int>(lane);
    const int maxLane = (self & segmask) | (cval & ~segmask & 0x1F);
    int j = self;
    bool ok = false;
    if constexpr (Mode == ShflMode::Up) {
      j = self - bval;
      ok = j >= maxLane;
    } else if constexpr (Mode == ShflMode::Down) {
      j = self + bval;
      ok = j <= maxLane;
    } else if constexpr (Mode == ShflMode::Bfly) {
      j = self ^ bval;
      ok = j <= maxLane;
    } else {
      j = (self & segmask) | (bval & ~segmask & 0x1F);
      ok = j <= maxLane;
    }
    from[lane] = !ok || j < 0 || j >= static_cast<int>(kWarpSize) ? self : j;
    valid[lane] = fast::maskOf(ok);
  }
  Lanes value;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) value[lane] = source[static_cast<unsigned>(from[lane])];
  ctx.store(ctx.out(0), value);
  ctx.storePred(ctx.out(1), fast::pack(valid));
}

ExecFn selectShfl(const PreparedInst& inst, const RegisterLayout&) {
  if (inst.uniform) return nullptr;
  switch (static_cast<ShflMode>(inst.mods[0])) {
    case ShflMode::Idx: return &fastShfl<ShflMode::Idx>;
    case ShflMode::Up: return &fastShfl<ShflMode::Up>;
    case ShflMode::Down: return &fastShfl<ShflMode::Down>;
    case ShflMode::Bfly: return &fastShfl<ShflMode::Bfly>;
  }
  return nullptr;
}

// VOTE.voteop Rd, pu, {!}pp (002_sync.txt:242-253) and VOTEU.voteop URd, upu, {!}pp
// (002_sync.txt:312-323), as L-65 states them: p(i) = pp with `!` in lane i; the ballot has bit i
// = p(i) for i in S; pu = OR (.ANY), AND (.ALL) or "all equal" (.EQ) of p over S.
enum class VoteOp : std::uint8_t { Any, All, Eq };

void execVote(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const Operand& pu = ctx.out(1);
  const auto op = static_cast<VoteOp>(ctx.mod(0));
  const std::uint32_t s = ctx.laneMask();
  const std::uint32_t ballot = ctx.predLanes(ctx.in(0)) & s;
  bool result = false;
  switch (op) {
    case VoteOp::Any: result = ballot != 0; break;
    case VoteOp::All: result = ballot == s; break;
    case VoteOp::Eq: result = ballot == 0 || ballot == s; break;
  }
  writeToParticipants(ctx, d, s, ballot);
  writeToParticipants(ctx, pu, s, result ? 1u : 0u);
}

// REDUX{.dtype}.reduxop Rd, Ra (002_sync.txt:383-393) and REDUXU, whose semantics text is in its
// __Examples section (002_sync.txt:455-466, L-6; `.op` is .reduxop and `.type` .dtype, L-37):
// the reduction of Ra over S; .SUM modulo 2^32 (the notes at 002_sync.txt:379, 452); .MAX/.MIN
// compare as INT32 under .S32 and as UINT32 under .U32; the bitwise ops ignore .dtype.
enum class ReduxOp : std::uint8_t { And, Or, Xor, Sum, Max, Min };
enum class ReduxType : std::uint8_t { U32, S32 };

void execRedux(ExecContext& ctx) {
  const auto op = static_cast<ReduxOp>(ctx.mod(0));
  const bool isSigned = static_cast<ReduxType>(ctx.mod(1)) == ReduxType::S32;
  const std::uint32_t s = ctx.laneMask();
  if (s == 0) return;
  // Ordering helper: a < b as .dtype says.
  const auto less = [&](std::uint32_t x, std::uint32_t y) {
    return isSigned ? static_cast<std::int32_t>(x) < static_cast<std::int32_t>(y) : x < y;
  };
  bool first = true;
  std::uint32_t acc = 0;
  forLanes(s, [&](unsigned lane) {
    const std::uint32_t v = ctx.read(ctx.in(0), lane);
    if (first) {
      acc = v;
      first = false;
      return;
    }
    switch (op) {
      case ReduxOp::And: acc &= v; break;
      case ReduxOp::Or: acc |= v; break;
      case ReduxOp::Xor: acc ^= v; break;
      case ReduxOp::Sum: acc += v; break;
      case ReduxOp::Max:
        if (less(acc, v)) acc = v;
        break;
      case ReduxOp::Min:
        if (less(v, acc)) acc = v;
        break;
    }
  });
  writeToParticipants(ctx, ctx.out(0), s, acc);
}

// MATCH{.dtype}.matchop Rd, pu, Ra (002_sync.txt:519-531) as L-65 states it: .ANY gives each lane
// of S the mask of the lanes of S whose Ra equals its own, with pu = false (initialized and never
// set by the spec); .ALL gives the mask of S and pu = true when every Ra in S is equal, else 0 and
// false. Under .U64, Ra is the register pair R[n:n+1] (Bitwidth<ra> = 64, 002_sync.txt:548).
enum class MatchOp : std::uint8_t { Any, All };

void execMatch(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const Operand& pu = ctx.out(1);
  const Operand& a = ctx.in(0);
  const auto op = static_cast<MatchOp>(ctx.mod(0));
  const bool wide = ctx.mod(1) == 1;
  const std::uint32_t s = ctx.laneMask();
  std::array<std::uint64_t, kWarpSize> v{};
  forLanes(s, [&](unsigned lane) { v[lane] = wide ? ctx.read64(a, lane) : ctx.read(a, lane); });
  std::array<std::uint32_t, kWarpSize> mask{};
  bool allEqual = true;
  forLanes(s, [&](unsigned lane) {
    forLanes(s, [&](unsigned other) {
      if (v[other] == v[lane]) mask[lane] |= 1u << other;
    });
    if (mask[lane] != s) allEqual = false;
  });
  forLanes(s, [&](unsigned lane) {
    if (op == MatchOp::Any) {
      ctx.write(d, lane, mask[lane]);
      ctx.writePred(pu, lane, false);
    } else {
      ctx.write(d, lane, allEqual ? s : 0u);
      ctx.writePred(pu, lane, allEqual);
    }
  });
}

}  // namespace

void registerWarpOps(SemanticsTable& table) {
  table.add("SHFL", acrossLanes(withFastPath(semantics(&execShfl, {{"mode", {"IDX", "UP", "DOWN", "BFLY"}}}),
                                             &selectShfl)));
  table.add("VOTE", acrossLanes(semantics(&execVote, {{"voteop", {"ANY", "ALL", "EQ"}}})));
  table.add("VOTEU", acrossLanes(semantics(&execVote, {{"voteop", {"ANY", "ALL", "EQ"}}})));
  const std::vector<ModifierDecl> redux = {{"reduxop", {"AND", "OR", "XOR", "SUM", "MAX", "MIN"}},
                                           {"dtype", {"U32", "S32"}}};
  table.add("REDUX", acrossLanes(semantics(&execRedux, redux)));
  table.add("REDUXU", acrossLanes(semantics(&execRedux, redux)));
  table.add("MATCH",
            acrossLanes(semantics(&execMatch, {{"matchop", {"ANY", "ALL"}}, {"dtype", {"U32", "U64"}}})));
}

}  // namespace gpuasm::sim
