// Integer compare, select and bitwise logic: ISETP/UISETP and ISET (compare, combine with a
// predicate, .X for chained wide compares), SEL/USEL, the truth-table ops LOP3/ULOP3 and
// PLOP3/UPLOP3, the funnel shift SHF/USHF (L-23, G-3), the byte permute PRMT/UPRMT (PTX prmt,
// L-29) and the predicate <-> register packing P2R/UP2UR and R2P/UR2UP (L-27, L-49, L-70).
// Each function serves the per-lane optype and its uniform twin: the operand lists have the
// same shape, and ExecContext runs a uniform instruction once on the uniform registers.
#include "FastPath.h"

#include <gpuasm/sim/Semantics.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace gpuasm::sim {

namespace {

// ---------------------------------------------------------------------------------------------
// Compare and combine (ISETP, UISETP, ISET)

// Index order of the CompOp, BoolOp, IType, IExt and BMBF declarations below; the values are
// the enumerator names of 000_ialu.txt:1-58, never encodings.
enum class CompOp : std::uint8_t { EQ, NE, LT, LE, GT, GE };
enum class BoolOp : std::uint8_t { AND, OR, XOR };

const ModifierDecl kCompOp{"compop", {"EQ", "NE", "LT", "LE", "GT", "GE"}};
const ModifierDecl kBoolOp{"boolop", {"AND", "OR", "XOR"}};
const ModifierDecl kIType{"itype", {"S32", "U32"}};
const ModifierDecl kExt{"ext", {"NoX", "X"}};

// `a compop b` on INT32 (.S32) or UINT32 (.U32) values (000_ialu.txt:1714-1720).
bool compare(CompOp op, std::uint32_t a, std::uint32_t b, bool isSigned) {
  const std::int64_t x = isSigned ? static_cast<std::int32_t>(a) : static_cast<std::int64_t>(a);
  const std::int64_t y = isSigned ? static_cast<std::int32_t>(b) : static_cast<std::int64_t>(b);
  switch (op) {
    case CompOp::EQ: return x == y;
    case CompOp::NE: return x != y;
    case CompOp::LT: return x < y;
    case CompOp::LE: return x <= y;
    case CompOp::GT: return x > y;
    case CompOp::GE: return x >= y;
  }
  return false;
}

bool combine(BoolOp op, bool t, bool p) {
  switch (op) {
    case BoolOp::AND: return t && p;
    case BoolOp::OR: return t || p;
    case BoolOp::XOR: return t != p;
  }
  return false;
}

// The comparison result t of ISETP/ISET. Without .X, t = Ra compop SrcB. With .X (the
// pseudo-code's `.EX`, L-36) the words are the upper halves of a wider compare: when they are
// equal the answer is the lower halves' result, carried in pq (000_ialu.txt:1733-1735 for
// ISETP, 1888 for ISET, 001_udp.txt:1186-1188 for UISETP).
bool compareStep(const ExecContext& ctx, unsigned lane) {
  const auto op = static_cast<CompOp>(ctx.mod(0));
  const bool isSigned = ctx.mod(2) == 0;
  const bool extended = ctx.mod(3) == 1;
  const std::uint32_t a = ctx.read(ctx.in(0), lane);
  const std::uint32_t b = ctx.read(ctx.in(1), lane);
  if (extended && a == b) return ctx.readPred(ctx.in(3), lane);
  return compare(op, a, b, isSigned);
}

// ISETP.compop.boolop{.itype}{.X} pu, pv, Ra, SrcB, pp{, pq} (000_ialu.txt:1711-1740) and UISETP
// (001_udp.txt:1165-1190): in = [ra, SrcB, pp, pq], out = [pu, pv]; pu = t boolop pp,
// pv = !t boolop pp. An omitted pv is PT (write dropped); an omitted pq is !PT (L-78a/L-78b).
void execIsetp(ExecContext& ctx) {
  const auto op = static_cast<CompOp>(ctx.mod(0));
  const auto bop = static_cast<BoolOp>(ctx.mod(1));
  const bool isSigned = ctx.mod(2) == 0;
  const bool extended = ctx.mod(3) == 1;
  const LaneSource a = ctx.source(ctx.in(0)), b = ctx.source(ctx.in(1));
  const std::uint32_t pp = ctx.predLanes(ctx.in(2)), pq = ctx.predLanes(ctx.in(3));
  std::uint32_t pu = 0, pv = 0;
  for (unsigned lane = 0; lane < ctx.laneCount(); ++lane) {
    // compareStep for a whole warp: under .X equal words defer to pq (L-36).
    const bool t =
        extended && a[lane] == b[lane] ? ((pq >> lane) & 1u) != 0 : compare(op, a[lane], b[lane], isSigned);
    const bool p = ((pp >> lane) & 1u) != 0;
    pu |= static_cast<std::uint32_t>(combine(bop, t, p)) << lane;
    pv |= static_cast<std::uint32_t>(combine(bop, !t, p)) << lane;
  }
  ctx.storePred(ctx.out(0), pu);
  ctx.storePred(ctx.out(1), pv);
}

// `combine` on 32 lanes at once.
std::uint32_t combineLanes(BoolOp op, std::uint32_t t, std::uint32_t p) {
  switch (op) {
    case BoolOp::AND: return t & p;
    case BoolOp::OR: return t | p;
    case BoolOp::XOR: return t ^ p;
  }
  return 0;
}

// Fast path of execIsetp: one vectorised loop finds the lanes where Ra < SrcB and Ra == SrcB
// (unsigned values compared as signed after flipping their sign bits); every compop, the .X
// deferral to pq and the boolop are then operations on the 32-bit lane masks. Serves every
// variant, so it has no template parameter.
void fastIsetp(ExecContext& ctx) {
  const auto op = static_cast<CompOp>(ctx.mod(0));
  const auto bop = static_cast<BoolOp>(ctx.mod(1));
  const bool isSigned = ctx.mod(2) == 0;
  const bool extended = ctx.mod(3) == 1;
  Lanes sa, sb;
  const std::uint32_t* a = ctx.lanes(ctx.in(0), sa);
  const std::uint32_t* b = ctx.lanes(ctx.in(1), sb);
  const std::uint32_t bias = isSigned ? 0u : 0x80000000u;
  Lanes lessLanes, equalLanes;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    const auto x = static_cast<std::int32_t>(a[lane] ^ bias), y = static_cast<std::int32_t>(b[lane] ^ bias);
    lessLanes[lane] = fast::maskOf(x < y);
    equalLanes[lane] = fast::maskOf(x == y);
  }
  const std::uint32_t less = fast::pack(lessLanes), equal = fast::pack(equalLanes);
  std::uint32_t t = 0;
  switch (op) {
    case CompOp::EQ: t = equal; break;
    case CompOp::NE: t = ~equal; break;
    case CompOp::LT: t = less; break;
    case CompOp::LE: t = less | equal; break;
    case CompOp::GT: t = ~(less | equal); break;
    case CompOp::GE: t = ~less; break;
  }
  if (extended) t = (equal & ctx.predLanes(ctx.in(3))) | (~equal & t);
  const std::uint32_t pp = ctx.predLanes(ctx.in(2));
  ctx.storePred(ctx.out(0), combineLanes(bop, t, pp));
  ctx.storePred(ctx.out(1), combineLanes(bop, ~t, pp));
}

ExecFn selectIsetp(const PreparedInst& inst, const RegisterLayout&) {
  return inst.uniform ? nullptr : &fastIsetp;
}

// ISET.compop{.boolop}{.itype}{.bmbf}{.X} Rd, Ra, SrcB{, pp}{, pq} (000_ialu.txt:1864-1893):
// Rd = (t boolop pp) ? (.BM 0xFFFFFFFF | .BF 0x3F800000 = 1.0f) : 0. The omitted pp is PT
// (L-26: the spec's !PT would make every default ISET false), the omitted pq !PT.
void execIset(ExecContext& ctx) {
  const auto bop = static_cast<BoolOp>(ctx.mod(1));
  const bool bf = ctx.mod(4) == 1;
  ctx.forEachLane([&](unsigned lane) {
    const bool t = compareStep(ctx, lane);
    const bool r = combine(bop, t, ctx.readPred(ctx.in(2), lane));
    ctx.write(ctx.out(0), lane, r ? (bf ? 0x3F800000u : 0xFFFFFFFFu) : 0u);
  });
}

// SEL Rd, Ra, SrcB, pp (000_ialu.txt:1974-1978) and USEL (001_udp.txt:1262-1265):
// Rd = pp ? Ra : SrcB, with `!pp` applied by readPred.
void execSel(ExecContext& ctx) {
  ctx.forEachLane([&](unsigned lane) {
    const bool pp = ctx.readPred(ctx.in(2), lane);
    ctx.write(ctx.out(0), lane, ctx.read(ctx.in(pp ? 0 : 1), lane));
  });
}

// ---------------------------------------------------------------------------------------------
// Truth tables (LOP3, ULOP3, PLOP3, UPLOP3)

// d[i] = lut[(a[i] << 2) | (b[i] << 1) | c[i]] for every bit i (000_ialu.txt:2107).
std::uint32_t lookUp(std::uint32_t lut, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  // A branch-free multiplexer tree over the eight truth-table bits: bit k of lut is the result
  // for (a, b, c) = (k>>2, k>>1, k) & 1, so c selects within pairs, then b, then a.
  auto m = [lut](unsigned k) { return 0u - ((lut >> k) & 1u); };
  const std::uint32_t h00 = (c & m(1)) | (~c & m(0)), h01 = (c & m(3)) | (~c & m(2));
  const std::uint32_t h10 = (c & m(5)) | (~c & m(4)), h11 = (c & m(7)) | (~c & m(6));
  const std::uint32_t g0 = (b & h01) | (~b & h00), g1 = (b & h11) | (~b & h10);
  return (a & g1) | (~a & g0);
}

// LOP3.exbool {pu, }Rd, Ra, SrcB, Rc, lut, pp (000_ialu.txt:2068-2080) and ULOP3
// (001_udp.txt:1344-1356): in = [ra, SrcB, rc, pp], out = [rd, pu], lut is a named field.
// .exbool combines "the computed result of Rd" (Rd的计算结果, 000_ialu.txt:2066) with pp:
// .PAND pu = (Rd != 0) && pp, .POR pu = (Rd != 0) || pp. The test is on the computed value,
// not on the register read back, so `LOP3.PAND P0, RZ, ...` still sets P0 from the result (G-20).
// An omitted .exbool is .POR, the field default (L-53); an omitted pu is PT (dropped).
void execLop3(ExecContext& ctx) {
  const bool pand = ctx.mod(0) == 0;
  const auto lut = static_cast<std::uint32_t>(ctx.named(0).imm & 0xFFu);
  const LaneSource a = ctx.source(ctx.in(0)), b = ctx.source(ctx.in(1)), c = ctx.source(ctx.in(2));
  const std::uint32_t pp = ctx.predLanes(ctx.in(3));
  Lanes d{};
  std::uint32_t pu = 0;
  for (unsigned lane = 0; lane < ctx.laneCount(); ++lane) {
    d[lane] = lookUp(lut, a[lane], b[lane], c[lane]);
    const bool nonzero = d[lane] != 0, p = ((pp >> lane) & 1u) != 0;
    pu |= static_cast<std::uint32_t>(pand ? nonzero && p : nonzero || p) << lane;
  }
  ctx.store(ctx.out(0), d);
  ctx.storePred(ctx.out(1), pu);
}

// Fast path of execLop3: whether pu is written fixed.
template <bool Pred>
void fastLop3(ExecContext& ctx) {
  const auto lut = static_cast<std::uint32_t>(ctx.named(0).imm & 0xFFu);
  Lanes sa, sb, sc;
  const std::uint32_t* a = ctx.lanes(ctx.in(0), sa);
  const std::uint32_t* b = ctx.lanes(ctx.in(1), sb);
  const std::uint32_t* c = ctx.lanes(ctx.in(2), sc);
  Lanes d, nonzero;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    d[lane] = lookUp(lut, a[lane], b[lane], c[lane]);
    nonzero[lane] = fast::maskOf(d[lane] != 0);
  }
  ctx.store(ctx.out(0), d);
  if (Pred) {
    const std::uint32_t pp = ctx.predLanes(ctx.in(3)), nz = fast::pack(nonzero);
    ctx.storePred(ctx.out(1), ctx.mod(0) == 0 ? nz & pp : nz | pp);
  }
}

ExecFn selectLop3(const PreparedInst& inst, const RegisterLayout& layout) {
  if (inst.uniform) return nullptr;
  return fast::writesPredicate(inst.out[1], layout) ? &fastLop3<true> : &fastLop3<false>;
}

// PLOP3 pu, pa, pb, pc, lut (000_ialu.txt:2195-2201, 2228) and UPLOP3 (001_udp.txt:1433-1440):
// pu = lut[(pa << 2) | (pb << 1) | pc], each source with its `!` applied. PLOP3_U takes a
// uniform predicate as pc (L-56); readPred reads it the same way for every lane.
void execPlop3(ExecContext& ctx) {
  const auto lut = static_cast<std::uint32_t>(ctx.named(0).imm & 0xFFu);
  ctx.forEachLane([&](unsigned lane) {
    const unsigned k = (ctx.readPred(ctx.in(0), lane) ? 4u : 0u) | (ctx.readPred(ctx.in(1), lane) ? 2u : 0u) |
                       (ctx.readPred(ctx.in(2), lane) ? 1u : 0u);
    ctx.writePred(ctx.out(0), lane, ((lut >> k) & 1u) != 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Funnel shift (SHF, USHF)

enum class ShfType : std::uint8_t { S64, U64, S32, U32 };  // SHFDType order, 000_ialu.txt:61-65

// SHF.direction{.lohi}{.cwmod}{.itype} Rd, Ra, SrcB, SrcC (000_ialu.txt:2321-2347) and USHF
// (001_udp.txt:1518-1544), as decided by L-23: t = {SrcC, Ra} (SrcC high); n_ub = 64 for
// .S64/.U64, else 32; b = UINT32(SrcB); n = min(b, n_ub) for .CLAMP, b mod n_ub for .WRAP (for
// every b, G-3). .L shifts t left modulo 2^64; .R shifts right, arithmetically for .S32/.S64
// with the sign taken from bit 63 of t (bit 31 of SrcC), logically for .U32/.U64; n = 64
// leaves only sign bits (0 for the logical shifts). Rd = t[31:0] (.LO) or t[63:32] (.HI).
void execShf(ExecContext& ctx) {
  const bool right = ctx.mod(0) == 1;
  const bool hi = ctx.mod(1) == 1;
  const bool wrap = ctx.mod(2) == 1;
  const auto type = static_cast<ShfType>(ctx.mod(3));
  const std::uint32_t nub = (type == ShfType::S64 || type == ShfType::U64) ? 64u : 32u;
  const bool arithmetic = type == ShfType::S64 || type == ShfType::S32;
  const LaneSource lo = ctx.source(ctx.in(0)), count = ctx.source(ctx.in(1)), high = ctx.source(ctx.in(2));
  Lanes d{};
  for (unsigned lane = 0; lane < ctx.laneCount(); ++lane) {
    const std::uint64_t t = (static_cast<std::uint64_t>(high[lane]) << 32) | lo[lane];
    const std::uint32_t b = count[lane];
    const std::uint32_t n = wrap ? b % nub : std::min(b, nub);
    std::uint64_t r = 0;
    if (!right) {
      r = n >= 64 ? 0 : t << n;
    } else if (arithmetic) {
      const auto s = static_cast<std::int64_t>(t);
      r = static_cast<std::uint64_t>(n >= 64 ? s >> 63 : s >> n);
    } else {
      r = n >= 64 ? 0 : t >> n;
    }
    d[lane] = static_cast<std::uint32_t>(hi ? r >> 32 : r);
  }
  ctx.store(ctx.out(0), d);
}

// Fast path of execShf for a shift count that is the same in every lane (an immediate, a
// uniform register or a constant): the count is reduced once, so the loop is a 64-bit shift by
// a loop-invariant amount. .L/.R, arithmetic and .HI fixed; n = 64 (or more) handled before it.
template <bool Right, bool Arithmetic, bool Hi>
void fastShf(ExecContext& ctx) {
  const bool wrap = ctx.mod(2) == 1;
  const auto type = static_cast<ShfType>(ctx.mod(3));
  const std::uint32_t nub = (type == ShfType::S64 || type == ShfType::U64) ? 64u : 32u;
  Lanes sl, sc, sh;
  const std::uint32_t* lo = ctx.lanes(ctx.in(0), sl);
  const std::uint32_t b = ctx.lanes(ctx.in(1), sc)[0];
  const std::uint32_t* high = ctx.lanes(ctx.in(2), sh);
  const std::uint32_t n = wrap ? b % nub : std::min(b, nub);
  Lanes d;
  if (n >= 64) {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const std::uint32_t fill = Right && Arithmetic ? fast::maskOf((high[lane] >> 31) != 0) : 0u;
      d[lane] = fill;  // both halves of t are sign (or zero) bits
    }
  } else {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const std::uint64_t t = (static_cast<std::uint64_t>(high[lane]) << 32) | lo[lane];
      std::uint64_t r = 0;
      if constexpr (!Right)
        r = t << n;
      else if constexpr (Arithmetic)
        r = static_cast<std::uint64_t>(static_cast<std::int64_t>(t) >> n);
      else
        r = t >> n;
      d[lane] = static_cast<std::uint32_t>(Hi ? r >> 32 : r);
    }
  }
  ctx.store(ctx.out(0), d);
}

ExecFn selectShf(const PreparedInst& inst, const RegisterLayout&) {
  if (inst.uniform || inst.in[1].kind == OperandKind::Gpr) return nullptr;
  const bool right = inst.mods[0] == 1, hi = inst.mods[1] == 1;
  const auto type = static_cast<ShfType>(inst.mods[3]);
  const bool arithmetic = type == ShfType::S64 || type == ShfType::S32;
  if (!right) return hi ? &fastShf<false, false, true> : &fastShf<false, false, false>;
  if (arithmetic) return hi ? &fastShf<true, true, true> : &fastShf<true, true, false>;
  return hi ? &fastShf<true, false, true> : &fastShf<true, false, false>;
}

// ---------------------------------------------------------------------------------------------
// Byte permute (PRMT, UPRMT)

enum class PrmtMode : std::uint8_t { IDX, F4E, B4E, RC8, ECL, ECR, RC16 };  // 000_ialu.txt:67-74

// The mode tables of 000_ialu.txt:2609-2659 row by row, entries as printed. The header says
// Rd.b0..Rd.b3, but the rows are PTX prmt's, which list d.b3 first (L-29): entry k is the
// source byte of Rd.b(3-k). Indexed [mode - F4E][selector].
constexpr std::array<std::array<std::array<std::uint8_t, 4>, 4>, 6> kPrmtRows{{
    {{{3, 2, 1, 0}, {4, 3, 2, 1}, {5, 4, 3, 2}, {6, 5, 4, 3}}},  // .F4E  forward 4 extract
    {{{5, 6, 7, 0}, {6, 7, 0, 1}, {7, 0, 1, 2}, {0, 1, 2, 3}}},  // .B4E  backward 4 extract
    {{{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}},  // .RC8  replicate byte
    {{{3, 2, 1, 0}, {3, 2, 1, 1}, {3, 2, 2, 2}, {3, 3, 3, 3}}},  // .ECL  edge clamp left
    {{{0, 0, 0, 0}, {1, 1, 1, 0}, {2, 2, 1, 0}, {3, 2, 1, 0}}},  // .ECR  edge clamp right
    {{{1, 0, 1, 0}, {3, 2, 3, 2}, {1, 0, 1, 0}, {3, 2, 3, 2}}},  // .RC16 replicate half
}};

// PRMT{.mode} Rd, Ra, SrcB, SrcC (000_ialu.txt:2661-2678) and UPRMT (001_udp.txt:1735-1752),
// with the undefined ReadByte() taken from PTX prmt (L-29): bytes b0..b7 = {SrcB, Ra}, b0 the
// low byte of Ra. .IDX: nibble i of SrcC picks Rd.b(i) = b(nibble & 7), or, when the nibble's
// bit 3 is set, that byte's sign (0xFF or 0x00) (000_ialu.txt:2595-2599, SrcC[15:0] for the spec's
// SrcC[16:0]). Other modes: the row for selector SrcC[1:0] (000_ialu.txt:2603).
void execPrmt(ExecContext& ctx) {
  const auto mode = static_cast<PrmtMode>(ctx.mod(0));
  ctx.forEachLane([&](unsigned lane) {
    const std::uint64_t t =
        (static_cast<std::uint64_t>(ctx.read(ctx.in(1), lane)) << 32) | ctx.read(ctx.in(0), lane);
    const std::uint32_t c = ctx.read(ctx.in(2), lane);
    const auto byte = [t](unsigned i) { return static_cast<std::uint32_t>((t >> (8 * i)) & 0xFFu); };
    std::uint32_t d = 0;
    if (mode == PrmtMode::IDX) {
      for (unsigned i = 0; i < 4; ++i) {
        const std::uint32_t nibble = (c >> (4 * i)) & 0xFu;
        std::uint32_t v = byte(nibble & 7u);
        if ((nibble & 8u) != 0) v = (v & 0x80u) != 0 ? 0xFFu : 0u;
        d |= v << (8 * i);
      }
    } else {
      const auto& row = kPrmtRows[static_cast<std::size_t>(mode) - 1][c & 3u];
      for (unsigned k = 0; k < 4; ++k) d |= byte(row[k]) << (8 * (3 - k));
    }
    ctx.write(ctx.out(0), lane, d);
  });
}

// ---------------------------------------------------------------------------------------------
// Predicates <-> register bytes (P2R, UP2UR, R2P, UR2UP)

// P2R{.bsel} Rd, PR, Ra, SbMsk (000_ialu.txt:1463-1487) and UP2UR (001_udp.txt:942-966):
// in = [ra, PR, SbMsk]. pr = P0..P6 packed with bit 7 = PT = 1 (L-49); m = SbMsk[7:0] (the
// spec's `[0:7]` is bits 0..7, L-70). The .bsel byte of Rd is (m & pr) | (~m & that byte of
// Ra); the other three bytes, which the spec leaves unassigned, are copied from Ra (L-27).
void execP2r(ExecContext& ctx) {
  const unsigned shift = 8u * ctx.mod(0);
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t ra = ctx.read(ctx.in(0), lane);
    const std::uint32_t pr = ctx.readPredSet(ctx.in(1), lane) & 0xFFu;
    const std::uint32_t m = ctx.read(ctx.in(2), lane) & 0xFFu;
    const std::uint32_t old = (ra >> shift) & 0xFFu;
    const std::uint32_t merged = ((m & pr) | (~m & old)) & 0xFFu;
    ctx.write(ctx.out(0), lane, (ra & ~(0xFFu << shift)) | (merged << shift));
  });
}

// R2P PR, Ra{.bsel}, SbMsk (000_ialu.txt:1567-1593) and UR2UP (001_udp.txt:1034-1060):
// in = [ra, SbMsk], out = [PR]; .bsel is Ra's byte selector (Operand::select). The pseudo-code
// writes b_select & byte to all eight predicates, clearing the unselected ones; per L-27 the
// write is masked instead: P(i) = byte[i] where m[i] = 1, unchanged where m[i] = 0. Bit 7
// addresses PT/UPT and is dropped (L-49; writePredSet never writes the true predicate).
void execR2p(ExecContext& ctx) {
  const unsigned shift = 8u * ctx.in(0).select;
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t r = (ctx.read(ctx.in(0), lane) >> shift) & 0xFFu;
    const std::uint32_t m = ctx.read(ctx.in(1), lane) & 0xFFu;
    ctx.writePredSet(ctx.out(0), lane, r, m);
  });
}

}  // namespace

void registerIntegerLogic(SemanticsTable& table) {
  const std::vector<ModifierDecl> compareMods = {kCompOp, kBoolOp, kIType, kExt};
  table.add("ISETP", withFastPath(semantics(&execIsetp, compareMods), &selectIsetp));
  table.add("UISETP", semantics(&execIsetp, compareMods));
  table.add("ISET", semantics(&execIset, {kCompOp, kBoolOp, kIType, kExt, {"bmbf", {"BM", "BF"}}}));
  table.add("SEL", semantics(&execSel));
  table.add("USEL", semantics(&execSel));

  const ModifierDecl exbool{"exbool", {"PAND", "POR"}};
  table.add("LOP3", withFastPath(semantics(&execLop3, {exbool}, {"lut"}), &selectLop3));
  table.add("ULOP3", semantics(&execLop3, {exbool}, {"lut"}));
  table.add("PLOP3", semantics(&execPlop3, {}, {"lut"}));
  table.add("UPLOP3", semantics(&execPlop3, {}, {"lut"}));

  const std::vector<ModifierDecl> shfMods = {{"direction", {"L", "R"}},
                                             {"lohi", {"LO", "HI"}},
                                             {"cwmod", {"C", "W"}},
                                             {"itype", {"S64", "U64", "S32", "U32"}}};
  table.add("SHF", withFastPath(semantics(&execShf, shfMods), &selectShf));
  table.add("USHF", semantics(&execShf, shfMods));

  const ModifierDecl prmtMode{"mode", {"IDX", "F4E", "B4E", "RC8", "ECL", "ECR", "RC16"}};
  table.add("PRMT", semantics(&execPrmt, {prmtMode}));
  table.add("UPRMT", semantics(&execPrmt, {prmtMode}));

  const ModifierDecl bsel{"bsel", {"B0", "B1", "B2", "B3"}};
  table.add("P2R", semantics(&execP2r, {bsel}));
  table.add("UP2UR", semantics(&execP2r, {bsel}));
  table.add("R2P", semantics(&execR2p));
  table.add("UR2UP", semantics(&execR2p));
}

}  // namespace gpuasm::sim
