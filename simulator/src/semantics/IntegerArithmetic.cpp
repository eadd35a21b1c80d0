// Integer arithmetic: IADD, IMAD, IMAD.WIDE, IDP.2A/.4A, IMUL, LEA, IABS and IMNMX of
// 000_ialu.txt and their uniform twins UIADD, UIMAD, UIMAD.WIDE, UIMUL, ULEA, UIABS, UIMNMX of
// 001_udp.txt. Every add that has a carry-out is one exact unsigned addition s = A + B + cin
// (errata L-20): a source with its neg bit set enters as ~x, and the carry-in is pp under .X or
// the number of negated sources otherwise, which folds -x = ~x + 1 into the chain; pu is bit 32
// (bit 64 for the .WIDE forms) of s. That rule is what makes the two-instruction 64-bit
// sequences of the spec's examples exact. One exec function serves each optype and its twin.
#include "FastPath.h"

#include <gpuasm/sim/Semantics.h>

#include <cstdint>
#include <string>

namespace gpuasm::sim {

namespace {

// Modifier indices, in the order the ModifierDecl lists of registerIntegerArithmetic give them.
constexpr std::uint8_t kHi = 1;          // LOHI {LO, HI}
constexpr std::uint8_t kX = 1;           // IExt {NoX, X}
constexpr std::uint8_t kU32 = 1;         // IType {S32, U32}
constexpr std::uint8_t kSx32 = 1;        // LEASX32 {NoSX32, SX32}
constexpr std::uint8_t kUnsigned8 = 1;   // I8Type {S8, U8}
constexpr std::uint8_t kUnsigned16 = 1;  // I16Type {S16, U16}

// The declarations, built on each call: registration may run during another file's static
// initialisation, before namespace-scope objects of this file exist.
ModifierDecl lohiDecl() { return {"lohi", {"LO", "HI"}}; }
ModifierDecl extDecl() { return {"ext", {"NoX", "X"}}; }
ModifierDecl itypeDecl() { return {"itype", {"S32", "U32"}}; }
ModifierDecl sx32Decl() { return {"sx32", {"NoSX32", "SX32"}}; }

// One addend of a carry chain (L-20): the operand's bits, complemented when its neg bit is set;
// each negated source adds one to `negated`, the carry-in it needs outside .X. Under .X the
// neg bit is the `~` that CvtINegX prints (L-51), so the same bit pattern is right there too.
std::uint32_t addend32(const ExecContext& ctx, const Operand& o, unsigned lane, std::uint32_t& negated) {
  std::uint32_t v = ctx.read(o, lane);
  if (o.bitNot) v = ~v;
  if (o.neg) {
    v = ~v;
    ++negated;
  }
  return v;
}

std::uint64_t addend64(const ExecContext& ctx, const Operand& o, unsigned lane, std::uint32_t& negated) {
  std::uint64_t v = ctx.read64(o, lane);
  if (o.bitNot) v = ~v;
  if (o.neg) {
    v = ~v;
    ++negated;
  }
  return v;
}

// The same addend for whole-warp loops: the mask the bits are XORed with (all ones when the
// addend is complemented by `~` or by the neg bit, but not by both).
std::uint32_t addendFlip(const Operand& o) { return (o.bitNot ? ~0u : 0u) ^ (o.neg ? ~0u : 0u); }

// An integer source with `~` and then `-` applied (ExecContext::readInt, for whole-warp loops).
std::uint32_t withIntPrefix(std::uint32_t v, const Operand& o) {
  if (o.bitNot) v = ~v;
  if (o.neg) v = ~v + 1u;
  return v;
}

// The carry-in of L-20: pp (with its `!`) under .X, the count of negated sources otherwise.
std::uint32_t carryIn(const ExecContext& ctx, bool ext, const Operand& pp, unsigned lane,
                      std::uint32_t negated) {
  return ext ? (ctx.readPred(pp, lane) ? 1u : 0u) : negated;
}

// s = a + b + cin exactly; Rd = s mod 2^32 and pu = s >= 2^32 (L-20: the spec's `>` misses the
// sum 2^32 itself).
void writeSum32(ExecContext& ctx, unsigned lane, std::uint32_t a, std::uint32_t b, std::uint32_t cin) {
  const std::uint64_t s = static_cast<std::uint64_t>(a) + b + cin;
  ctx.write(ctx.out(0), lane, static_cast<std::uint32_t>(s));
  ctx.writePred(ctx.out(1), lane, (s >> 32) != 0);
}

// The 64-bit product of two 32-bit sources, sign- or zero-extended per .itype (INT32/UINT32
// of L-68); the signed product fits in 63 bits, so its two's complement bits are exact.
std::uint64_t product(std::uint32_t a, std::uint32_t b, bool isUnsigned) {
  if (isUnsigned) return static_cast<std::uint64_t>(a) * b;
  const std::int64_t p =
      static_cast<std::int64_t>(static_cast<std::int32_t>(a)) * static_cast<std::int32_t>(b);
  return static_cast<std::uint64_t>(p);
}

// IADD{.X} Rd{, pu}, Ra, SrcB{, pp} (000_ialu.txt:156-169; UIADD 001_udp.txt:118-129):
// in = [ra, SrcB, pp], out = [rd, pu]. Rd = Ra' + SrcB' + cin, pu the carry (L-20). The spec's
// pair `IADD.X R0, P0, R2, ~R4` / `IADD.X R1, PT, R3, ~R5, P0` so gives R[2:3] + ~R[4:5] (L-64).
void execIadd(ExecContext& ctx) {
  const bool ext = ctx.mod(0) == kX;
  const Operand& ra = ctx.in(0);
  const Operand& rb = ctx.in(1);
  const LaneSource a = ctx.source(ra), b = ctx.source(rb);
  const std::uint32_t flipA = addendFlip(ra), flipB = addendFlip(rb);
  const std::uint32_t pp = ctx.predLanes(ctx.in(2));
  const std::uint32_t negated = (ra.neg ? 1u : 0u) + (rb.neg ? 1u : 0u);
  Lanes d{};
  std::uint32_t carry = 0;
  for (unsigned lane = 0; lane < ctx.laneCount(); ++lane) {
    const std::uint32_t cin = ext ? (pp >> lane) & 1u : negated;
    const std::uint64_t sum = static_cast<std::uint64_t>(a[lane] ^ flipA) + (b[lane] ^ flipB) + cin;
    d[lane] = static_cast<std::uint32_t>(sum);
    carry |= static_cast<std::uint32_t>((sum >> 32) != 0) << lane;
  }
  ctx.store(ctx.out(0), d);
  ctx.storePred(ctx.out(1), carry);
}

// Fast path of execIadd (FastPath.h): .X and whether pu is written fixed. The 33-bit sum
// a + b + cin (cin <= 2) carries out when either of its two 32-bit additions wraps.
template <bool Ext, bool Carry>
void fastIadd(ExecContext& ctx) {
  const Operand& ra = ctx.in(0);
  const Operand& rb = ctx.in(1);
  Lanes sa, sb;
  const std::uint32_t* a = ctx.lanes(ra, sa);
  const std::uint32_t* b = ctx.lanes(rb, sb);
  const std::uint32_t flipA = addendFlip(ra), flipB = addendFlip(rb);
  const Lanes cin = Ext ? fast::bitsAsLanes(ctx.predLanes(ctx.in(2))) : Lanes{};
  const std::uint32_t negated = (ra.neg ? 1u : 0u) + (rb.neg ? 1u : 0u);
  Lanes d, carry;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    const auto [sum, out] = fast::addWithCarry(a[lane] ^ flipA, b[lane] ^ flipB, Ext ? cin[lane] : negated);
    d[lane] = sum;
    carry[lane] = out;
  }
  ctx.store(ctx.out(0), d);
  if (Carry) ctx.storePred(ctx.out(1), fast::pack(carry));
}

ExecFn selectIadd(const PreparedInst& inst, const RegisterLayout& layout) {
  if (inst.uniform) return nullptr;
  const bool ext = inst.mods[0] == kX;
  const bool carry = fast::writesPredicate(inst.out[1], layout);
  if (ext) return carry ? &fastIadd<true, true> : &fastIadd<true, false>;
  return carry ? &fastIadd<false, true> : &fastIadd<false, false>;
}

// IMAD{.LO}{.itype} / IMAD.HI.X{.itype} Rd{, pu}, Ra, SrcB, SrcC{, pp} (000_ialu.txt:303-330;
// UIMAD 001_udp.txt:248-275): in = [ra, SrcB, SrcC, pp], out = [rd, pu]. A is the low (.LO) or
// high (.HI) word of the product, i.e. ((Ra * SrcB) >> 32) + SrcC + pp with the grouping of
// L-22; B = SrcC' and cin per L-20. The carry rule depends on .X alone, so the combinations
// L-47 calls illegal (.HI without .X, .LO with .X) still execute by the same rule. The UIMAD
// pseudo-code's `URa = INT32(URa)` is a temporary: sources are never written (L-71).
void execImad(ExecContext& ctx) {
  const bool hi = ctx.mod(0) == kHi;
  const bool ext = ctx.mod(1) == kX;
  const bool isUnsigned = ctx.mod(2) == kU32;
  const Operand& ra = ctx.in(0);
  const Operand& rb = ctx.in(1);
  const Operand& rc = ctx.in(2);
  const LaneSource a = ctx.source(ra), b = ctx.source(rb), c = ctx.source(rc);
  const std::uint32_t flipC = addendFlip(rc);
  const std::uint32_t pp = ctx.predLanes(ctx.in(3));
  const std::uint32_t negated = rc.neg ? 1u : 0u;
  Lanes d{};
  std::uint32_t carry = 0;
  for (unsigned lane = 0; lane < ctx.laneCount(); ++lane) {
    const std::uint64_t p = product(withIntPrefix(a[lane], ra), withIntPrefix(b[lane], rb), isUnsigned);
    const auto lo = static_cast<std::uint32_t>(hi ? p >> 32 : p);
    const std::uint32_t cin = ext ? (pp >> lane) & 1u : negated;
    const std::uint64_t sum = static_cast<std::uint64_t>(lo) + (c[lane] ^ flipC) + cin;
    d[lane] = static_cast<std::uint32_t>(sum);
    carry |= static_cast<std::uint32_t>((sum >> 32) != 0) << lane;
  }
  ctx.store(ctx.out(0), d);
  ctx.storePred(ctx.out(1), carry);
}

// Fast path of execImad: .HI, .X, .U32 and whether pu is written fixed; the prefixes of Ra and
// SrcB as an XOR and an add (-x = ~x + 1), the carry as in fastIadd.
template <bool Hi, bool Ext, bool Unsigned, bool Carry>
void fastImad(ExecContext& ctx) {
  const Operand& ra = ctx.in(0);
  const Operand& rb = ctx.in(1);
  const Operand& rc = ctx.in(2);
  Lanes sa, sb, sc;
  const std::uint32_t* a = ctx.lanes(ra, sa);
  const std::uint32_t* b = ctx.lanes(rb, sb);
  const std::uint32_t* c = ctx.lanes(rc, sc);
  const std::uint32_t xorA = (ra.bitNot ? ~0u : 0u) ^ (ra.neg ? ~0u : 0u), addA = ra.neg ? 1u : 0u;
  const std::uint32_t xorB = (rb.bitNot ? ~0u : 0u) ^ (rb.neg ? ~0u : 0u), addB = rb.neg ? 1u : 0u;
  const std::uint32_t flipC = addendFlip(rc);
  const Lanes cin = Ext ? fast::bitsAsLanes(ctx.predLanes(ctx.in(3))) : Lanes{};
  const std::uint32_t negated = rc.neg ? 1u : 0u;
  Lanes d, carry;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    const std::uint32_t x = (a[lane] ^ xorA) + addA, y = (b[lane] ^ xorB) + addB;
    std::uint32_t p = 0;
    if constexpr (Hi)
      p = static_cast<std::uint32_t>(product(x, y, Unsigned) >> 32);
    else
      p = x * y;  // the low word of the product is the same signed or unsigned
    const auto [sum, out] = fast::addWithCarry(p, c[lane] ^ flipC, Ext ? cin[lane] : negated);
    d[lane] = sum;
    carry[lane] = out;
  }
  ctx.store(ctx.out(0), d);
  if (Carry) ctx.storePred(ctx.out(1), fast::pack(carry));
}

template <bool Hi, bool Ext>
ExecFn selectImadFor(bool isUnsigned, bool carry) {
  if (!Hi) return carry ? &fastImad<Hi, Ext, false, true> : &fastImad<Hi, Ext, false, false>;
  if (isUnsigned) return carry ? &fastImad<Hi, Ext, true, true> : &fastImad<Hi, Ext, true, false>;
  return carry ? &fastImad<Hi, Ext, false, true> : &fastImad<Hi, Ext, false, false>;
}

ExecFn selectImad(const PreparedInst& inst, const RegisterLayout& layout) {
  if (inst.uniform) return nullptr;
  const bool hi = inst.mods[0] == kHi, ext = inst.mods[1] == kX, isUnsigned = inst.mods[2] == kU32;
  const bool carry = fast::writesPredicate(inst.out[1], layout);
  if (hi)
    return ext ? selectImadFor<true, true>(isUnsigned, carry) : selectImadFor<true, false>(isUnsigned, carry);
  return ext ? selectImadFor<false, true>(isUnsigned, carry) : selectImadFor<false, false>(isUnsigned, carry);
}

// IMAD.WIDE{.X}.itype Rd{, pu}, Ra, SrcB, SrcC{, pp} (000_ialu.txt:507-532; UIMAD.WIDE
// 001_udp.txt:418-443): in = [ra, SrcB, SrcC, pp], out = [rd, pu] with Rd and SrcC 64 bits
// wide (register pairs; UIMAD_WIDE_UUC after L-44). s = (P mod 2^64) + SrcC' + cin, Rd = s mod
// 2^64, pu = s >= 2^64 (L-20); `~` under .X inverts all 64 bits of SrcC.
void execImadWide(ExecContext& ctx) {
  const bool ext = ctx.mod(0) == kX;
  const bool isUnsigned = ctx.mod(1) == kU32;
  const Operand& d = ctx.out(0);
  const Operand& c = ctx.in(2);
  if (d.width != 64 || c.width != 64)
    return ctx.fail(ctx.inst().optype->name + ": Rd and SrcC must be 64 bits wide (Bitwidth gives " +
                    std::to_string(d.width) + " and " + std::to_string(c.width) + ")");
  ctx.forEachLane([&](unsigned lane) {
    const std::uint64_t p = product(ctx.readInt(ctx.in(0), lane), ctx.readInt(ctx.in(1), lane), isUnsigned);
    std::uint32_t negated = 0;
    const std::uint64_t b = addend64(ctx, c, lane, negated);
    const std::uint64_t cin = carryIn(ctx, ext, ctx.in(3), lane, negated);
    std::uint64_t s = 0;
    const bool c1 = __builtin_add_overflow(p, b, &s);
    const bool c2 = __builtin_add_overflow(s, cin, &s);
    ctx.write64(d, lane, s);
    ctx.writePred(ctx.out(1), lane, c1 || c2);
  });
}

// extractAndExtendPacked8bit / 16bit (L-68): element i is bits [8i+7:8i] ([16i+15:16i]),
// sign- or zero-extended.
std::int64_t packed8(std::uint32_t x, unsigned i, bool isUnsigned) {
  const auto byte = static_cast<std::uint8_t>(x >> (8 * i));
  return isUnsigned ? static_cast<std::int64_t>(byte)
                    : static_cast<std::int64_t>(static_cast<std::int8_t>(byte));
}

std::int64_t packed16(std::uint32_t x, unsigned i, bool isUnsigned) {
  const auto half = static_cast<std::uint16_t>(x >> (16 * i));
  return isUnsigned ? static_cast<std::int64_t>(half)
                    : static_cast<std::int64_t>(static_cast<std::int16_t>(half));
}

// d = SrcC + pp + the dot product, as an exact integer (L-21); Rd = d mod 2^32 and pu is true
// when d lies outside [0, 2^32) — the spec's `ceil(d / 2^32) > 0` would set it for any d > 0.
void writeDot(ExecContext& ctx, unsigned lane, std::int64_t dot) {
  const std::int64_t d =
      static_cast<std::int64_t>(ctx.read(ctx.in(2), lane)) + (ctx.readPred(ctx.in(3), lane) ? 1 : 0) + dot;
  ctx.write(ctx.out(0), lane, static_cast<std::uint32_t>(static_cast<std::uint64_t>(d)));
  ctx.writePred(ctx.out(1), lane, (d >> 32) != 0);
}

// IDP.2A{.lohi}.afmt.bfmt Rd{, pu}, Ra, SrcB, SrcC{, pp} (000_ialu.txt:698-716): in = [ra, SrcB,
// SrcC, pp]. va = the two halfwords of Ra per .afmt, vb = the four bytes of SrcB per .bfmt;
// .LO uses vb[0..1], .HI vb[2..3] (the ModifierInfo's `.HO` is .HI, L-55).
void execIdp2a(ExecContext& ctx) {
  const unsigned bSelect = ctx.mod(0) == kHi ? 2 : 0;
  const bool aUnsigned = ctx.mod(1) == kUnsigned16;
  const bool bUnsigned = ctx.mod(2) == kUnsigned8;
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t a = ctx.read(ctx.in(0), lane);
    const std::uint32_t b = ctx.read(ctx.in(1), lane);
    std::int64_t dot = 0;
    for (unsigned i = 0; i < 2; ++i) dot += packed16(a, i, aUnsigned) * packed8(b, bSelect + i, bUnsigned);
    writeDot(ctx, lane, dot);
  });
}

// IDP.4A.afmt.bfmt Rd{, pu}, Ra, SrcB, SrcC{, pp} (000_ialu.txt:871-888): the four bytes of Ra
// and SrcB, each per its format; pu as in L-21.
void execIdp4a(ExecContext& ctx) {
  const bool aUnsigned = ctx.mod(0) == kUnsigned8;
  const bool bUnsigned = ctx.mod(1) == kUnsigned8;
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t a = ctx.read(ctx.in(0), lane);
    const std::uint32_t b = ctx.read(ctx.in(1), lane);
    std::int64_t dot = 0;
    for (unsigned i = 0; i < 4; ++i) dot += packed8(a, i, aUnsigned) * packed8(b, i, bUnsigned);
    writeDot(ctx, lane, dot);
  });
}

// IMUL.lohi.itype Rd, Ra, SrcB (000_ialu.txt:1023-1036; UIMUL 001_udp.txt:550-563): in = [ra,
// SrcB]. `-SrcB` is the two's complement of the 32-bit source, then read per .itype; Rd is
// bits [31:0] (.LO) or [63:32] (.HI) of the product. Sources are never written (L-71).
void execImul(ExecContext& ctx) {
  const bool hi = ctx.mod(0) == kHi;
  const bool isUnsigned = ctx.mod(1) == kU32;
  ctx.forEachLane([&](unsigned lane) {
    const std::uint64_t p = product(ctx.readInt(ctx.in(0), lane), ctx.readInt(ctx.in(1), lane), isUnsigned);
    ctx.write(ctx.out(0), lane, static_cast<std::uint32_t>(hi ? p >> 32 : p));
  });
}

// LEA{.LO} / LEA.HI.X / LEA.HI.X.SX32 Rd{, pu}, Ra, SrcB, [Rc,] shiftamt{, pp} (000_ialu.txt:
// 1164-1194; ULEA 001_udp.txt:678-708): in = [ra, SrcB, rc, pp], shiftamt is a named field
// (rc is RZ outside .HI.X, L-74a/b). The shifted term follows L-22: .LO: ((-)Ra << sh) mod
// 2^32; .HI.X: the high word of ({Rc, Ra} << sh) mod 2^64, the pair inverted by `~Ra`;
// .HI.X.SX32: the same with Ra (or ~Ra) sign-extended to 64 bits. Then Rd = A + SrcB' + cin,
// where cin is pp under .X or SrcB's negation (L-20; Ra's negation is already in A). The mode
// follows .HI and .SX32, the carry follows .X, so illegal combinations run too (L-47).
void execLea(ExecContext& ctx) {
  const bool hi = ctx.mod(0) == kHi;
  const bool ext = ctx.mod(1) == kX;
  const bool sx32 = ctx.mod(2) == kSx32;
  const auto sh = static_cast<unsigned>(ctx.named(0).imm & 31u);
  const Operand& ra = ctx.in(0);
  ctx.forEachLane([&](unsigned lane) {
    std::uint32_t a = 0;
    if (!hi) {
      a = ctx.readInt(ra, lane) << sh;
    } else {
      std::uint64_t w = 0;
      if (sx32) {
        std::uint32_t r = ctx.read(ra, lane);
        if (ra.neg) r = ~r;
        w = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(r)));
      } else {
        w = static_cast<std::uint64_t>(ctx.read(ra, lane)) |
            (static_cast<std::uint64_t>(ctx.read(ctx.in(2), lane)) << 32);
        if (ra.neg) w = ~w;
      }
      a = static_cast<std::uint32_t>((w << sh) >> 32);
    }
    std::uint32_t negated = 0;
    const std::uint32_t b = addend32(ctx, ctx.in(1), lane, negated);
    writeSum32(ctx, lane, a, b, carryIn(ctx, ext, ctx.in(3), lane, negated));
  });
}

// IABS Rd, SrcB (000_ialu.txt:1287-1290; UIABS 001_udp.txt:785-788): in = [SrcB]. |SrcB| as a
// signed 32-bit value with two's complement wrap, so |0x80000000| = 0x80000000 (L-67). No
// variant has a neg field; `-imm` is folded by the assembler (L-50).
void execIabs(ExecContext& ctx) {
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t v = ctx.readInt(ctx.in(0), lane);
    ctx.write(ctx.out(0), lane, static_cast<std::int32_t>(v) < 0 ? 0u - v : v);
  });
}

// IMNMX.itype Rd, Ra, SrcB, pp (000_ialu.txt:1376-1380; UIMNMX 001_udp.txt:866-870, header
// per L-37): in = [ra, SrcB, pp]. pp true selects the minimum, false the maximum, comparing as
// INT32 under .S32 and UINT32 under .U32 (G-2).
void execImnmx(ExecContext& ctx) {
  const bool isUnsigned = ctx.mod(0) == kU32;
  ctx.forEachLane([&](unsigned lane) {
    const std::uint32_t a = ctx.readInt(ctx.in(0), lane);
    const std::uint32_t b = ctx.readInt(ctx.in(1), lane);
    const bool aLess = isUnsigned ? a < b : static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b);
    const bool wantMin = ctx.readPred(ctx.in(2), lane);
    ctx.write(ctx.out(0), lane, aLess == wantMin ? a : b);
  });
}

}  // namespace

void registerIntegerArithmetic(SemanticsTable& table) {
  const auto iadd = withFastPath(semantics(&execIadd, {extDecl()}), &selectIadd);
  table.add("IADD", iadd);
  table.add("UIADD", iadd);
  const auto imad = withFastPath(semantics(&execImad, {lohiDecl(), extDecl(), itypeDecl()}), &selectImad);
  table.add("IMAD", imad);
  table.add("UIMAD", imad);
  const auto imadWide = semantics(&execImadWide, {extDecl(), itypeDecl()});
  table.add("IMAD_WIDE", imadWide);
  table.add("UIMAD_WIDE", imadWide);
  table.add("IDP2A", semantics(&execIdp2a, {lohiDecl(), {"afmt", {"S16", "U16"}}, {"bfmt", {"S8", "U8"}}}));
  table.add("IDP4A", semantics(&execIdp4a, {{"afmt", {"S8", "U8"}}, {"bfmt", {"S8", "U8"}}}));
  const auto imul = semantics(&execImul, {lohiDecl(), itypeDecl()});
  table.add("IMUL", imul);
  table.add("UIMUL", imul);
  const auto lea = semantics(&execLea, {lohiDecl(), extDecl(), sx32Decl()}, {"shiftamt"});
  table.add("LEA", lea);
  table.add("ULEA", lea);
  table.add("IABS", semantics(&execIabs));
  table.add("UIABS", semantics(&execIabs));
  const auto imnmx = semantics(&execImnmx, {itypeDecl()});
  table.add("IMNMX", imnmx);
  table.add("UIMNMX", imnmx);
}

}  // namespace gpuasm::sim
