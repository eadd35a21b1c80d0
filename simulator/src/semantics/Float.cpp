// The FP32 ALU (004_falu.txt): FADD, FMUL (with the .scl pre-scaling), FFMA (errata L-30),
// FMNMX, FSETP, FSET, FSEL and FCHK (errata L-32). Arithmetic results are correctly rounded IEEE
// binary32 values in the instruction's mode: the exact result is formed in binary64 (TwoSum for
// sums) and rounded once by FloatRounding.h, so the host's rounding mode never decides a result.
// Operand prefixes apply |x| first, then `-` (004_falu.txt:42); .FTZ flushes subnormal inputs (and
// arithmetic outputs) to a zero of the same sign; a NaN result is the canonical 0x7FFFFFFF
// (004_falu.txt:86) and .SAT maps NaN and -0.0 to +0.0 (errata G-4).
#include "FastPath.h"
#include "FloatRounding.h"

#include <gpuasm/sim/Semantics.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>

namespace gpuasm::sim {

namespace {

using fp::Round;

constexpr std::uint32_t kSign = 0x80000000u;
constexpr std::uint32_t kQuietNan = 0x7FFFFFFFu;  // 004_falu.txt:86, 246, 398
constexpr std::uint32_t kOne = 0x3F800000u;

bool isNan(std::uint32_t b) { return (b & 0x7FFFFFFFu) > 0x7F800000u; }

// A source with its prefixes: |x| clears the sign, then `-` flips it (004_falu.txt:42). Both are
// sign-bit operations, so they apply to NaN, Inf and zeros alike. An F32Imm has no prefix bits
// (its literal already carries the sign), so neg/abs are simply false for it.
std::uint32_t source(const ExecContext& ctx, const Operand& o, unsigned lane) {
  std::uint32_t b = ctx.read(o, lane);
  if (o.abs) b &= ~kSign;
  if (o.neg) b ^= kSign;
  return b;
}

// `source` for whole-warp loops: the prefixes as two masks, applied to a LaneSource's bits.
struct SignPrefix {
  std::uint32_t keep = ~0u, flip = 0;
  explicit SignPrefix(const Operand& o) : keep(o.abs ? ~kSign : ~0u), flip(o.neg ? kSign : 0u) {}
  std::uint32_t operator()(std::uint32_t b) const { return (b & keep) ^ flip; }
};

// isSubnormal(x) ? signZero(x) : x, when .FTZ is on (004_falu.txt:62-70 and each optype).
std::uint32_t flushIf(bool ftz, std::uint32_t b) {
  return ftz && fp::isSubnormal(b, fp::kF32) ? fp::signZero(b, fp::kF32) : b;
}

// The common tail of FADD/FMUL/FFMA (004_falu.txt:75-91): .SAT clamps to [+0.0, 1.0] with NaN and
// -0.0 going to +0.0 (errata G-4); without .SAT a NaN becomes 0x7FFFFFFF; .FTZ flushes a
// subnormal result. (roundTo already returns 0x7FFFFFFF for NaN.)
std::uint32_t finish(std::uint32_t r, bool sat, bool ftz) {
  if (sat) {
    if (isNan(r) || (r & kSign) != 0)
      r = 0;  // NaN, -0.0 and every negative value -> +0.0
    else if (fp::asF32(r) > 1.0f)
      r = kOne;  // includes +Inf
  } else if (isNan(r)) {
    r = kQuietNan;
  }
  return flushIf(ftz, r);
}

// The sign of an exactly zero sum a + b (IEEE 754 §6.3): the common sign when both addends are
// zeros of the same sign, otherwise +0 except -0 under RM.
std::uint32_t zeroSum(double a, double b, Round mode) {
  if (a == 0.0 && b == 0.0 && std::signbit(a) == std::signbit(b)) return std::signbit(a) ? kSign : 0u;
  return mode == Round::RM ? kSign : 0u;
}

// roundToF32(a + b, mode) for binary64 a, b whose sum is wanted exactly: TwoSum gives the exact
// pair s + err (when s is finite; an infinite or NaN s is already the IEEE result).
std::uint32_t roundSum(double a, double b, Round mode) {
  const fp::Pair p = fp::twoSum(a, b);
  if (!std::isfinite(p.s)) return fp::roundTo(p.s, 0, mode, fp::kF32);
  if (p.s == 0.0) return zeroSum(a, b, mode);  // TwoSum: s == 0 only for an exact zero (err == 0)
  const int tail = p.err > 0.0 ? 1 : p.err < 0.0 ? -1 : 0;
  return fp::roundTo(p.s, tail, mode, fp::kF32);
}

// Modifier indices shared by FADD/FMUL/FFMA: {ftz, sat, rnd}.
enum ArithMod : std::size_t { kFtz = 0, kSat = 1, kRnd = 2, kScl = 3 };

// FADD.ftz.sat.rnd Rd, Ra, SrcB (004_falu.txt:60-92): t = Ra + SrcB exactly, Rd = roundToF32(t).
void execFadd(ExecContext& ctx) {
  const fp::HostRoundToNearest rn;
  const bool ftz = ctx.mod(kFtz) == 1, sat = ctx.mod(kSat) == 1;
  const auto mode = static_cast<Round>(ctx.mod(kRnd));
  const LaneSource ra = ctx.source(ctx.in(0)), rb = ctx.source(ctx.in(1));
  const SignPrefix pa(ctx.in(0)), pb(ctx.in(1));
  Lanes d{};
  for (unsigned lane = 0; lane < ctx.laneCount(); ++lane) {
    const float a = fp::asF32(flushIf(ftz, pa(ra[lane])));
    const float b = fp::asF32(flushIf(ftz, pb(rb[lane])));
    // RN is the host's own IEEE binary32 addition (the guard above keeps the host in RN).
    const std::uint32_t r = mode == Round::RN ? fp::bitsOf(a + b) : roundSum(a, b, mode);
    d[lane] = finish(r, sat, ftz);
  }
  ctx.store(ctx.out(0), d);
}

// FMUL.ftz.sat.rnd.scl Rd, Ra, SrcB (004_falu.txt:218-248): a = scale(Ra, .scl) (÷2, ÷4, ÷8, ×2,
// ×4, ×8, 004_falu.txt:205-210), t = a * SrcB, Rd = roundToF32(t). The scaling is by a power of two
// and is applied exactly, as part of the one product that is rounded (errata G-42): a float
// product is exact in binary64 and so is its scaling, so .D8 of a tiny Ra does not underflow
// before the multiply and .M8 of a huge Ra does not overflow before it.
void execFmul(ExecContext& ctx) {
  const fp::HostRoundToNearest rn;
  const bool ftz = ctx.mod(kFtz) == 1, sat = ctx.mod(kSat) == 1;
  const auto mode = static_cast<Round>(ctx.mod(kRnd));
  static constexpr int kScaleExp[] = {0, -1, -2, -3, 1, 2, 3};  // NoScale, D2, D4, D8, M2, M4, M8
  const int scale = kScaleExp[ctx.mod(kScl)];
  const bool hostRn = mode == Round::RN && scale == 0;  // the host's binary32 multiply is exactly that
  const LaneSource ra = ctx.source(ctx.in(0)), rb = ctx.source(ctx.in(1));
  const SignPrefix pa(ctx.in(0)), pb(ctx.in(1));
  Lanes d{};
  for (unsigned lane = 0; lane < ctx.laneCount(); ++lane) {
    const float a = fp::asF32(flushIf(ftz, pa(ra[lane])));
    const float b = fp::asF32(flushIf(ftz, pb(rb[lane])));
    if (hostRn) {
      d[lane] = finish(fp::bitsOf(a * b), sat, ftz);
      continue;
    }
    const double t = std::ldexp(static_cast<double>(a), scale) *
                     static_cast<double>(b);  // exact: 48-bit product, exponent within binary64
    d[lane] = finish(fp::roundTo(t, 0, mode, fp::kF32), sat, ftz);
  }
  ctx.store(ctx.out(0), d);
}

// Whether the C library's fmaf rounds once. glibc's does; WebAssembly's (emscripten's musl,
// without rounding modes) rounds twice, through binary64 — Float.FfmaRoundsOnceInEachMode's
// hand-worked tie (lane 0: 0x4B800001) came out 0x4B800002 there.
#if defined(__EMSCRIPTEN__)
constexpr bool kHostFmaIsFused = false;
#else
constexpr bool kHostFmaIsFused = true;
#endif

// FFMA.ftz.sat.rnd Rd, Ra, SrcB, SrcC (004_falu.txt:372-403, errata L-30): all three inputs
// flushed under .FTZ, Ra * SrcB exact (binary64), + SrcC exact (TwoSum), one rounding, then the
// FADD tail.
void execFfma(ExecContext& ctx) {
  const fp::HostRoundToNearest rn;
  const bool ftz = ctx.mod(kFtz) == 1, sat = ctx.mod(kSat) == 1;
  const auto mode = static_cast<Round>(ctx.mod(kRnd));
  const LaneSource ra = ctx.source(ctx.in(0)), rb = ctx.source(ctx.in(1)), rc = ctx.source(ctx.in(2));
  const SignPrefix pa(ctx.in(0)), pb(ctx.in(1)), pc(ctx.in(2));
  Lanes d{};
  for (unsigned lane = 0; lane < ctx.laneCount(); ++lane) {
    const float a = fp::asF32(flushIf(ftz, pa(ra[lane])));
    const float b = fp::asF32(flushIf(ftz, pb(rb[lane])));
    const float c = fp::asF32(flushIf(ftz, pc(rc[lane])));
    // RN: the C library's fmaf where it is the correctly rounded fused multiply-add (one
    // rounding, in hardware); every other mode, and RN where it is not, by the exact sum and one
    // rounding.
    if (mode == Round::RN && kHostFmaIsFused) {
      d[lane] = finish(fp::bitsOf(std::fma(a, b, c)), sat, ftz);
      continue;
    }
    const double p = static_cast<double>(a) * static_cast<double>(b);  // exact
    d[lane] = finish(roundSum(p, c, mode), sat, ftz);
  }
  ctx.store(ctx.out(0), d);
}

// ---------------------------------------------------------------------------------------------
// Fast paths of FADD, FMUL and FFMA in round-to-nearest without .scl (FastPath.h): the host's
// binary32 operation, as the reference takes it in that mode, with .FTZ and .SAT fixed and the
// tests of flushIf and finish written as selects on integers so the lane loop vectorises.

std::int32_t magnitude(std::uint32_t b) { return static_cast<std::int32_t>(b & ~kSign); }

template <bool Ftz>
std::uint32_t flushLane(std::uint32_t b) {
  // isSubnormal: exponent field 0 and a nonzero fraction, i.e. 0 < |b| < 2^-126's bits.
  if constexpr (Ftz) return magnitude(b) != 0 && magnitude(b) < 0x00800000 ? b & kSign : b;
  return b;
}

template <bool Sat, bool Ftz>
std::uint32_t finishLane(std::uint32_t r) {
  const bool nan = magnitude(r) > 0x7F800000;
  if constexpr (Sat) {
    // NaN and every value with the sign set -> +0.0; above 1.0 (Inf too) -> 1.0: for a
    // non-negative, non-NaN value the bits order as the numbers do.
    r = nan || (r & kSign) != 0                                          ? 0u
        : static_cast<std::int32_t>(r) > static_cast<std::int32_t>(kOne) ? kOne
                                                                         : r;
  } else {
    r = nan ? kQuietNan : r;
  }
  return flushLane<Ftz>(r);
}

// FADD and FMUL: `Op` is std::plus<float> or std::multiplies<float>, the host's binary32 operation.
template <class Op, bool Ftz, bool Sat>
void fastBinary(ExecContext& ctx) {
  const fp::HostRoundToNearest rn;
  Lanes sa, sb;
  const std::uint32_t* a = ctx.lanes(ctx.in(0), sa);
  const std::uint32_t* b = ctx.lanes(ctx.in(1), sb);
  const SignPrefix pa(ctx.in(0)), pb(ctx.in(1));
  Lanes d;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    const float x = fp::asF32(flushLane<Ftz>(pa(a[lane]))), y = fp::asF32(flushLane<Ftz>(pb(b[lane])));
    d[lane] = finishLane<Sat, Ftz>(fp::bitsOf(Op{}(x, y)));
  }
  ctx.store(ctx.out(0), d);
}

// d = fma(x, y, z) in each lane, one rounding. With GCC on x86-64 under glibc the function is
// compiled twice, for processors with FMA (a vector vfmadd, 8 lanes at a time) and for the
// others (the C library's fmaf, lane by lane), and the loader picks one (target_clones). Both are
// the correctly rounded fused multiply-add the reference calls, so the processor never changes
// an answer.
#if defined(__x86_64__) && defined(__GLIBC__) && !defined(__clang__)
[[gnu::target_clones("fma", "default")]]
#endif
void fmaLanes(const float* x, const float* y, const float* z, float* d) {
  for (unsigned lane = 0; lane < kWarpSize; ++lane) d[lane] = std::fma(x[lane], y[lane], z[lane]);
}

template <bool Ftz, bool Sat>
void fastFfma(ExecContext& ctx) {
  const fp::HostRoundToNearest rn;
  Lanes sa, sb, sc;
  const std::uint32_t* a = ctx.lanes(ctx.in(0), sa);
  const std::uint32_t* b = ctx.lanes(ctx.in(1), sb);
  const std::uint32_t* c = ctx.lanes(ctx.in(2), sc);
  const SignPrefix pa(ctx.in(0)), pb(ctx.in(1)), pc(ctx.in(2));
  std::array<float, kWarpSize> x, y, z, r;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    x[lane] = fp::asF32(flushLane<Ftz>(pa(a[lane])));
    y[lane] = fp::asF32(flushLane<Ftz>(pb(b[lane])));
    z[lane] = fp::asF32(flushLane<Ftz>(pc(c[lane])));
  }
  fmaLanes(x.data(), y.data(), z.data(), r.data());
  Lanes d;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) d[lane] = finishLane<Sat, Ftz>(fp::bitsOf(r[lane]));
  ctx.store(ctx.out(0), d);
}

// The fast path for .ftz and .sat, or null outside RN (and, for FMUL, with a scale).
template <template <bool, bool> class Kernel>
ExecFn selectArith(const PreparedInst& inst, bool hostHasIt) {
  if (inst.uniform || !hostHasIt || static_cast<Round>(inst.mods[kRnd]) != Round::RN) return nullptr;
  const bool ftz = inst.mods[kFtz] == 1, sat = inst.mods[kSat] == 1;
  if (ftz) return sat ? &Kernel<true, true>::run : &Kernel<true, false>::run;
  return sat ? &Kernel<false, true>::run : &Kernel<false, false>::run;
}

template <bool Ftz, bool Sat>
struct FaddKernel {
  static void run(ExecContext& ctx) { fastBinary<std::plus<float>, Ftz, Sat>(ctx); }
};
template <bool Ftz, bool Sat>
struct FmulKernel {
  static void run(ExecContext& ctx) { fastBinary<std::multiplies<float>, Ftz, Sat>(ctx); }
};
template <bool Ftz, bool Sat>
struct FfmaKernel {
  static void run(ExecContext& ctx) { fastFfma<Ftz, Sat>(ctx); }
};

ExecFn selectFadd(const PreparedInst& inst, const RegisterLayout&) {
  return selectArith<FaddKernel>(inst, true);
}
ExecFn selectFmul(const PreparedInst& inst, const RegisterLayout&) {
  return selectArith<FmulKernel>(inst, inst.mods[kScl] == 0);
}
ExecFn selectFfma(const PreparedInst& inst, const RegisterLayout&) {
  return selectArith<FfmaKernel>(inst, kHostFmaIsFused);
}

// The total order FMNMX uses on non-NaN values: numeric, with -0.0 < +0.0 (004_falu.txt:622).
bool lessF32(std::uint32_t a, std::uint32_t b) {
  const float x = fp::asF32(a), y = fp::asF32(b);
  if (x == y) return (a & kSign) != 0 && (b & kSign) == 0;
  return x < y;
}

// FMNMX.ftz.nan Rd, Ra, SrcB, pp (004_falu.txt:625-651): pp ? min : max. A NaN input gives the
// other operand, or 0x7FFFFFFF when both are NaN or .NAN is set. .FTZ flushes the inputs before
// either branch (errata G-41: the pseudo-code flushes only in the non-NaN branch, the ModifierInfo
// 004_falu.txt:613 flushes every input, so a NaN paired with a subnormal gives a signed zero).
void execFmnmx(ExecContext& ctx) {
  const bool ftz = ctx.mod(0) == 1, nanMode = ctx.mod(1) == 1;
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t a = flushIf(ftz, source(ctx, ctx.in(0), lane));
    const std::uint32_t b = flushIf(ftz, source(ctx, ctx.in(1), lane));
    const bool pp = ctx.readPred(ctx.in(2), lane);
    std::uint32_t r = 0;
    if (isNan(a) || isNan(b)) {
      r = nanMode ? kQuietNan : !isNan(a) ? a : !isNan(b) ? b : kQuietNan;
    } else {
      const bool aLess = lessF32(a, b);
      r = pp ? (aLess ? a : b) : (aLess ? b : a);
    }
    ctx.write(ctx.out(0), lane, r);
  });
}

// The 14 comparisons of FCMPOp (004_falu.txt:770-785): ordered ones are false and unordered ones
// true when an input is NaN; NAN/NUM test for NaN only. IEEE comparison: -0.0 == +0.0.
enum class Cmp : std::uint8_t {
  EQ,
  NE,
  LT,
  LE,
  GT,
  GE,
  EQU,
  NEU,
  LTU,
  LEU,
  GTU,
  GEU,
  AnyNan,
  NoNan
};  // NAN, NUM (NAN is a <cmath> macro)

bool compare(Cmp cmp, std::uint32_t ab, std::uint32_t bb) {
  const float a = fp::asF32(ab), b = fp::asF32(bb);
  const bool unordered = isNan(ab) || isNan(bb);
  switch (cmp) {
    case Cmp::EQ: return !unordered && a == b;
    case Cmp::NE: return !unordered && a != b;
    case Cmp::LT: return !unordered && a < b;
    case Cmp::LE: return !unordered && a <= b;
    case Cmp::GT: return !unordered && a > b;
    case Cmp::GE: return !unordered && a >= b;
    case Cmp::EQU: return unordered || a == b;
    case Cmp::NEU: return unordered || a != b;
    case Cmp::LTU: return unordered || a < b;
    case Cmp::LEU: return unordered || a <= b;
    case Cmp::GTU: return unordered || a > b;
    case Cmp::GEU: return unordered || a >= b;
    case Cmp::AnyNan: return unordered;
    case Cmp::NoNan: return !unordered;
  }
  return false;
}

// .lop (004_falu.txt:789-793): AND, OR, XOR.
bool combine(std::uint8_t lop, bool t, bool pp) {
  switch (lop) {
    case 0: return t && pp;
    case 1: return t || pp;
    default: return t != pp;
  }
}

// Modifiers of FSETP/FSET: {ftz, cmp, lop} (+ bval for FSET).
// FSETP.ftz.cmp.lop pu, pv, Ra, SrcB, pp (004_falu.txt:799-815): t = Ra cmp SrcB;
// pu = t lop pp; pv = (!t) lop pp.
void execFsetp(ExecContext& ctx) {
  const bool ftz = ctx.mod(0) == 1;
  const auto cmp = static_cast<Cmp>(ctx.mod(1));
  const std::uint8_t lop = ctx.mod(2);
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t a = flushIf(ftz, source(ctx, ctx.in(0), lane));
    const std::uint32_t b = flushIf(ftz, source(ctx, ctx.in(1), lane));
    const bool pp = ctx.readPred(ctx.in(2), lane);
    const bool t = compare(cmp, a, b);
    ctx.writePred(ctx.out(0), lane, combine(lop, t, pp));
    ctx.writePred(ctx.out(1), lane, combine(lop, !t, pp));
  });
}

// FSET.ftz.cmp.lop.bval Rd, Ra, SrcB, pp (004_falu.txt:957-975; the header says FSETP, L-37):
// Rd = (t lop pp) ? (BM: 0xFFFFFFFF, BF: 0x3F800000) : 0.
void execFset(ExecContext& ctx) {
  const bool ftz = ctx.mod(0) == 1;
  const auto cmp = static_cast<Cmp>(ctx.mod(1));
  const std::uint8_t lop = ctx.mod(2);
  const std::uint32_t trueValue = ctx.mod(3) == 1 ? kOne : 0xFFFFFFFFu;
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t a = flushIf(ftz, source(ctx, ctx.in(0), lane));
    const std::uint32_t b = flushIf(ftz, source(ctx, ctx.in(1), lane));
    const bool pp = ctx.readPred(ctx.in(2), lane);
    ctx.write(ctx.out(0), lane, combine(lop, compare(cmp, a, b), pp) ? trueValue : 0u);
  });
}

// FSEL.ftz Rd, Ra, SrcB, pp (004_falu.txt:1077-1090): Rd = pp ? Ra : SrcB, with the prefixes and
// .FTZ applied to the chosen value; the bits are copied (no NaN canonicalisation: no arithmetic).
void execFsel(ExecContext& ctx) {
  const bool ftz = ctx.mod(0) == 1;
  ctx.forEachLane([&](unsigned lane) {
    const bool pp = ctx.readPred(ctx.in(2), lane);
    ctx.write(ctx.out(0), lane, flushIf(ftz, source(ctx, ctx.in(pp ? 0 : 1), lane)));
  });
}

// FCHK pu, Ra, SrcB (004_falu.txt:1187-1208, errata L-32): unbiased exponents from bits [30:23]
// (zeros and subnormals -127, Inf/NaN 128), then the pu expression unchanged.
void execFchk(ExecContext& ctx) {
  ctx.forEachLane([&](unsigned lane) {
    const int ea = static_cast<int>((source(ctx, ctx.in(0), lane) >> 23) & 0xFFu) - 127;
    const int eb = static_cast<int>((source(ctx, ctx.in(1), lane) >> 23) & 0xFFu) - 127;
    constexpr int emin = -126, emax = 127, N = 23;
    const bool pu = ea <= emin + N || ea >= emax + 1 || eb <= emin || eb >= emax - 2 || ea - eb <= emin + 1 ||
                    ea - eb >= emax;
    ctx.writePred(ctx.out(0), lane, pu);
  });
}

}  // namespace

void registerFloat(SemanticsTable& table) {
  const ModifierDecl ftz{"ftz", {"NoFTZ", "FTZ"}};
  const ModifierDecl sat{"sat", {"NoSAT", "SAT"}};
  const ModifierDecl rnd{"rnd", {"RN", "RP", "RM", "RZ"}};
  const ModifierDecl scl{"scl", {"NoScale", "D2", "D4", "D8", "M2", "M4", "M8"}};
  const ModifierDecl cmp{
      "cmp", {"EQ", "NE", "LT", "LE", "GT", "GE", "EQU", "NEU", "LTU", "LEU", "GTU", "GEU", "NAN", "NUM"}};
  const ModifierDecl lop{"lop", {"AND", "OR", "XOR"}};
  table.add("FADD", withFastPath(semantics(&execFadd, {ftz, sat, rnd}), &selectFadd));
  table.add("FMUL", withFastPath(semantics(&execFmul, {ftz, sat, rnd, scl}), &selectFmul));
  table.add("FFMA", withFastPath(semantics(&execFfma, {ftz, sat, rnd}), &selectFfma));
  table.add("FMNMX", semantics(&execFmnmx, {ftz, {"nan", {"NoNAN", "NAN"}}}));
  table.add("FSETP", semantics(&execFsetp, {ftz, cmp, lop}));
  table.add("FSET", semantics(&execFset, {ftz, cmp, lop, {"bval", {"BM", "BF"}}}));
  table.add("FSEL", semantics(&execFsel, {ftz}));
  table.add("FCHK", semantics(&execFchk));
}

}  // namespace gpuasm::sim
