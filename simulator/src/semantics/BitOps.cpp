// Bit operations of the XU and the uniform datapath: POPC/UPOPC (population count), FLO/UFLO
// (find leading one, with the sign handling and zero case fixed by errata L-25), BREV/UBREV
// (specified as bitwise NOT, kept so by L-28), BMSK/UBMSK (bit-field masks, L-60) and SGXT/USGXT
// (sign/zero extension from a variable width, L-60 and G-3), plus the integer narrowing
// conversions I2I (saturate to 8/16 bits, L-80) and I2IP (saturate two values and pack them,
// L-24, L-31). The per-lane and uniform optypes mean the same, so each pair shares one function.
#include <gpuasm/sim/Semantics.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace gpuasm::sim {

namespace {

// The source x of POPC/FLO: SrcB, or ~SrcB when the bitnot bit is set (L-25). An immediate's `~`
// has no field: the assembler folds it into the value (L-50), so bitNot is never set there.
std::uint32_t bitnotSource(const ExecContext& ctx, const Operand& o, unsigned lane) {
  const std::uint32_t v = ctx.read(o, lane);
  return o.bitNot ? ~v : v;
}

// POPC Rd, {~}SrcB (003_xu.txt:268-277) / UPOPC (001_udp.txt:1851-1860). The spec's loop shifts
// an undefined `a` and never ends; L-25: Rd = the number of 1 bits of x.
void execPopc(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const Operand& b = ctx.in(0);
  ctx.forEachLane([&](unsigned lane) {
    ctx.write(d, lane, static_cast<std::uint32_t>(std::popcount(bitnotSource(ctx, b, lane))));
  });
}

// FLO{.SH}{.itype} Rd, {~}SrcB (003_xu.txt:369-390) / UFLO (001_udp.txt:1939-1960; `.type` and
// `.shOrNot` are .itype and .sh, L-37). As L-25 decides: a negative .S32 input is inverted (the
// highest bit that differs from the sign); x == 0 gives 0xFFFFFFFF without the .SH adjustment
// (the example `FLO.U32.SH R1, RZ; // R1 = 0xFFFFFFFF`, 003_xu.txt:394); otherwise p = index of
// the highest 1 bit, and Rd = 31 - p under .SH.
enum class FloType : std::uint8_t { S32, U32 };

void execFlo(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const Operand& b = ctx.in(0);
  const auto type = static_cast<FloType>(ctx.mod(0));
  const bool sh = ctx.mod(1) == 1;
  ctx.forEachLane([&](unsigned lane) {
    std::uint32_t x = bitnotSource(ctx, b, lane);
    if (type == FloType::S32 && (x >> 31) != 0) x = ~x;
    if (x == 0) return ctx.write(d, lane, 0xFFFFFFFFu);
    const auto p = static_cast<std::uint32_t>(31 - std::countl_zero(x));
    ctx.write(d, lane, sh ? 31 - p : p);
  });
}

// BREV Rd, SrcB (003_xu.txt:464-467) / UBREV (001_udp.txt:2022-2025): description, semantics and
// example all say Rd = ~SrcB, and L-28 decides to implement exactly that (not a bit reverse).
void execBrev(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const Operand& b = ctx.in(0);
  ctx.forEachLane([&](unsigned lane) { ctx.write(d, lane, ~ctx.read(b, lane)); });
}

// BMSK{.cwmode} Rd, Ra, SrcB (003_xu.txt:553-582) / UBMSK (001_udp.txt:2100-2129; `URb` and
// `.mode` are SrcB and .cwmode, L-37). The pseudo-code decides over the [hi:lo] table (L-60):
// bits a1 .. a1+b1-1 are set, and every overflow of .CLAMP leaves mask1 = 0.
enum class CwMode : std::uint8_t { Clamp, Wrap };

std::uint32_t bitMask(std::uint32_t a, std::uint32_t b, CwMode mode) {
  const std::uint32_t a1 = a & 0x1Fu;
  const std::uint32_t b1 = b & 0x1Fu;
  const std::uint32_t sum = a1 + b1;
  std::uint32_t mask0 = 0xFFFFFFFFu << a1;
  // sum can be 32..62: a 32-bit shift by that much is undefined in C++, and the result is
  // replaced by 0 below (sumOverflow) anyway.
  std::uint32_t mask1 = sum < 32 ? 0xFFFFFFFFu << sum : 0u;
  bool overflow = sum >= 32;
  if (mode == CwMode::Clamp) {
    if (a >= 32) {
      overflow = true;
      mask0 = 0;
    }
    if (b >= 32) overflow = true;
  }
  if (overflow)
    mask1 = 0;
  else if (b1 == 0)
    mask1 = 0xFFFFFFFFu;
  return mask0 & ~mask1;
}

void execBmsk(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const auto mode = static_cast<CwMode>(ctx.mod(0));
  ctx.forEachLane([&](unsigned lane) {
    ctx.write(d, lane, bitMask(ctx.read(ctx.in(0), lane), ctx.read(ctx.in(1), lane), mode));
  });
}

// SGXT{.cwmode}{.itype} Rd, Ra, SrcB (003_xu.txt:675-698) / USGXT (001_udp.txt:2210-2233). L-60 and
// G-3: n = min(SrcB, 32) under .CLAMP, SrcB mod 32 under .WRAP (so .WRAP of 32 is 0); n == 0 gives
// 0; otherwise the low n bits of Ra, zero-extended (.U32) or sign-extended from bit n-1 (.S32).
enum class SgxtType : std::uint8_t { S32, U32 };

std::uint32_t extend(std::uint32_t a, std::uint32_t width, CwMode mode, SgxtType type) {
  const std::uint32_t n = mode == CwMode::Clamp ? std::min(width, 32u) : width % 32u;
  if (n == 0) return 0;
  const std::uint32_t low = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
  std::uint32_t v = a & low;
  if (type == SgxtType::S32 && ((v >> (n - 1)) & 1u) != 0) v |= ~low;
  return v;
}

void execSgxt(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const auto mode = static_cast<CwMode>(ctx.mod(0));
  const auto type = static_cast<SgxtType>(ctx.mod(1));
  ctx.forEachLane([&](unsigned lane) {
    ctx.write(d, lane, extend(ctx.read(ctx.in(0), lane), ctx.read(ctx.in(1), lane), mode, type));
  });
}

// The range of a narrow integer type of `bits` bits.
struct Range {
  std::int64_t min = 0, max = 0;
};

Range rangeOf(unsigned bits, bool isSigned) {
  if (isSigned) return {-(std::int64_t{1} << (bits - 1)), (std::int64_t{1} << (bits - 1)) - 1};
  return {0, (std::int64_t{1} << bits) - 1};
}

// I2I.dtype Rd, SrcB (000_ialu.txt:2813-2825): SrcB is a signed 32-bit integer (2797), clamped to
// [MIN, MAX] of .dtype. L-80: the result is written sign-extended for .S8/.S16 and zero-extended for
// .U8/.U16 (the clamped value as a 32-bit two's complement integer). No rounding exists (L-67).
enum class I2IType : std::uint8_t { S8, U8, S16, U16 };

void execI2i(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const auto type = static_cast<I2IType>(ctx.mod(0));
  const unsigned bits = type == I2IType::S8 || type == I2IType::U8 ? 8 : 16;
  const Range r = rangeOf(bits, type == I2IType::S8 || type == I2IType::S16);
  ctx.forEachLane([&](unsigned lane) {
    const std::int64_t v = static_cast<std::int32_t>(ctx.read(ctx.in(0), lane));
    ctx.write(d, lane, static_cast<std::uint32_t>(std::clamp(v, r.min, r.max)));
  });
}

// I2IP.dsttype.satrelu Rd, Ra, SrcB, Rc (000_ialu.txt:2923-2943), as corrected by L-24 (clamp to
// both bounds, size computed before use): Ra and SrcB are signed 32-bit, clamped to the range of
// .dsttype, then to >= 0 under .SATRELU (a modifier since L-31); SrcB's value goes to the low
// `size` bits, Ra's to the next `size` bits, and the remaining high bits come from Rc's low bits.
enum class I2IPType : std::uint8_t { S2, U2, S4, U4, S8, U8, S16, U16 };

void execI2ip(ExecContext& ctx) {
  const Operand& d = ctx.out(0);
  const auto type = static_cast<I2IPType>(ctx.mod(0));
  const bool relu = ctx.mod(1) == 1;
  const auto t = static_cast<unsigned>(type);
  const unsigned size = 2u << (t / 2);        // S2,U2 -> 2; S4,U4 -> 4; S8,U8 -> 8; S16,U16 -> 16
  const Range r = rangeOf(size, t % 2 == 0);  // even enumerators are the signed ones
  const std::uint32_t msk = (1u << size) - 1u;
  ctx.forEachLane([&](unsigned lane) {
    const auto saturate = [&](std::uint32_t raw) {
      std::int64_t v = std::clamp<std::int64_t>(static_cast<std::int32_t>(raw), r.min, r.max);
      if (relu) v = std::max<std::int64_t>(v, 0);
      return static_cast<std::uint32_t>(v) & msk;
    };
    const std::uint32_t ta = saturate(ctx.read(ctx.in(0), lane));
    const std::uint32_t tb = saturate(ctx.read(ctx.in(1), lane));
    std::uint32_t v = (ta << size) | tb;
    if (size < 16) {
      const std::uint32_t rest = 32 - 2 * size;
      v |= (ctx.read(ctx.in(2), lane) & ((1u << rest) - 1u)) << (2 * size);
    }
    ctx.write(d, lane, v);
  });
}

}  // namespace

void registerBitOps(SemanticsTable& table) {
  table.add("POPC", semantics(&execPopc));
  table.add("UPOPC", semantics(&execPopc));
  const std::vector<ModifierDecl> flo = {{"itype", {"S32", "U32"}}, {"sh", {"NoSH", "SH"}}};
  table.add("FLO", semantics(&execFlo, flo));
  table.add("UFLO", semantics(&execFlo, flo));
  table.add("BREV", semantics(&execBrev));
  table.add("UBREV", semantics(&execBrev));
  // CWMode's enumerators are C and W; CLAMP/WRAP are their assembly aliases (L-52).
  table.add("BMSK", semantics(&execBmsk, {{"cwmode", {"C", "W"}}}));
  table.add("UBMSK", semantics(&execBmsk, {{"cwmode", {"C", "W"}}}));
  const std::vector<ModifierDecl> sgxt = {{"cwmode", {"C", "W"}}, {"itype", {"S32", "U32"}}};
  table.add("SGXT", semantics(&execSgxt, sgxt));
  table.add("USGXT", semantics(&execSgxt, sgxt));
  table.add("I2I", semantics(&execI2i, {{"dtype", {"S8", "U8", "S16", "U16"}}}));
  table.add("I2IP", semantics(&execI2ip, {{"dsttype", {"S2", "U2", "S4", "U4", "S8", "U8", "S16", "U16"}},
                                          {"satrelu", {"SAT", "SATRELU"}}}));
}

}  // namespace gpuasm::sim
