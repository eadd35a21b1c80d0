// Correctly rounded conversion of an exact real value to a small IEEE binary format (binary32,
// binary16, bfloat16), shared by the FP32 ALU (Float.cpp) and MUFU (Mufu.cpp). The simulator never
// relies on the host's rounding mode for the result: the exact value is first obtained in binary64
// (a float product is exact there, a float sum is exact as the pair s + err of TwoSum), and then
// rounded here with integer arithmetic in the mode the instruction asks for (RN/RP/RM/RZ,
// 004_falu.txt:28-33), with ties-to-even, overflow to Inf or the largest finite value per mode,
// and gradual underflow to subnormals.
#pragma once

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>

namespace gpuasm::sim::fp {

/// Rounding modes in the order of the FPRound enumerators the semantics declare (RN, RP, RM, RZ).
enum class Round : std::uint8_t { RN, RP, RM, RZ };

/// A binary interchange format: `p` significand bits (with the hidden bit), `ebits` exponent bits.
struct Format {
  int p;
  int ebits;
};
inline constexpr Format kF32{24, 8};
inline constexpr Format kF16{11, 5};
inline constexpr Format kBF16{8, 8};

/// The canonical quiet NaN of a format: sign 0, every other bit 1 (F32 0x7FFFFFFF, 004_falu.txt:86;
/// F16/BF16 0x7FFF, 003_xu.txt:96).
constexpr std::uint32_t quietNan(Format f) { return (1u << (f.p + f.ebits - 1)) - 1u; }

/// Rounds the exact value `s + tail·ε` to format `f` in `mode` and returns its bits. `s` is a
/// binary64 value (Inf and NaN allowed: NaN gives the canonical quiet NaN, Inf stays Inf) and
/// `tail` the sign (-1, 0, +1) of an infinitesimal remainder: the exact value lies strictly
/// between s and its binary64 neighbour on that side. Because every representable value and
/// every midpoint of a format with p <= 24 is a binary64 number, that sign is all the rounding
/// needs to know about the remainder. A zero s must come with tail 0 (TwoSum guarantees it).
inline std::uint32_t roundTo(double s, int tail, Round mode, Format f) {
  const int emax = (1 << (f.ebits - 1)) - 1;
  const int emin = 1 - emax;
  const std::uint32_t signBit = 1u << (f.p + f.ebits - 1);
  const std::uint32_t hidden = 1u << (f.p - 1);
  const std::uint32_t infBits = ((1u << f.ebits) - 1u) << (f.p - 1);
  if (std::isnan(s)) return quietNan(f);
  const bool neg = std::signbit(s);
  const std::uint32_t sign = neg ? signBit : 0u;
  if (std::isinf(s)) return sign | infBits;
  if (s == 0.0) return sign;

  // |s| = M · 2^(E-52) with M in [2^52, 2^53) (frexp normalises binary64 subnormals too).
  int e2 = 0;
  const double m = std::frexp(std::fabs(s), &e2);
  const auto M = static_cast<std::uint64_t>(std::ldexp(m, 53));
  const int E = e2 - 1;
  const int magTail = neg ? -tail : tail;  // the remainder's sign relative to |s|
  // An exact power of two with a remainder toward zero lies in the binade below.
  const int eb = (M == (std::uint64_t{1} << 52) && magTail < 0) ? E - 1 : E;
  int e = eb < emin ? emin : eb;            // exponent of the result's quantum
  const int sh = e - (f.p - 1) - (E - 52);  // bits of M below the quantum (>= 52 - p > 0)

  enum class Rest { Exact, Below, Tie, Above };
  std::uint64_t kept = 0;
  Rest rest = Rest::Below;
  if (sh > 60) {
    kept = 0;  // M < 2^53 <= 2^(sh-1): less than half a quantum
  } else {
    kept = M >> sh;
    const std::uint64_t rem = M & ((std::uint64_t{1} << sh) - 1);
    const std::uint64_t half = std::uint64_t{1} << (sh - 1);
    if (rem == 0 && magTail < 0) {
      --kept;  // just below a quantum boundary: the remainder is almost a whole quantum
      rest = Rest::Above;
    } else if (rem == 0) {
      rest = magTail > 0 ? Rest::Below : Rest::Exact;
    } else if (rem != half) {
      rest = rem > half ? Rest::Above : Rest::Below;
    } else {
      rest = magTail > 0 ? Rest::Above : magTail < 0 ? Rest::Below : Rest::Tie;
    }
  }

  const bool inexact = rest != Rest::Exact;
  bool up = false;
  switch (mode) {
    case Round::RN: up = rest == Rest::Above || (rest == Rest::Tie && (kept & 1u) != 0); break;
    case Round::RP: up = inexact && !neg; break;
    case Round::RM: up = inexact && neg; break;
    case Round::RZ: up = false; break;
  }
  kept += up ? 1u : 0u;
  if (kept == (std::uint64_t{1} << f.p)) {
    kept >>= 1;
    ++e;
  }
  if (e > emax) {
    // Overflow: RN and the mode rounding away from zero give Inf, the others the largest finite.
    const bool toInf = mode == Round::RN || (mode == Round::RP && !neg) || (mode == Round::RM && neg);
    return toInf ? (sign | infBits) : (sign | (infBits - hidden) | (hidden - 1u));
  }
  const auto k = static_cast<std::uint32_t>(kept);
  if (k < hidden) return sign | k;  // subnormal (or zero): exponent field 0, e == emin
  return sign | (static_cast<std::uint32_t>(e + emax) << (f.p - 1)) | (k - hidden);
}

/// TwoSum (Knuth): s = fl(a + b) and the exact error, so a + b == s + err exactly (round to
/// nearest, finite operands and sum).
struct Pair {
  double s;
  double err;
};
inline Pair twoSum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  const double err = (a - (s - bb)) + (b - bb);
  return {s, err};
}

/// Forces round-to-nearest on the host while a semantics computes, whatever the embedding
/// program left in the FP environment (TwoSum and the exact products assume it).
class HostRoundToNearest {
 public:
  HostRoundToNearest() : saved_(std::fegetround()) {
    if (saved_ != FE_TONEAREST) std::fesetround(FE_TONEAREST);
  }
  ~HostRoundToNearest() {
    if (saved_ != FE_TONEAREST) std::fesetround(saved_);
  }
  HostRoundToNearest(const HostRoundToNearest&) = delete;
  HostRoundToNearest& operator=(const HostRoundToNearest&) = delete;

 private:
  int saved_;
};

/// binary32 bits <-> value.
inline float asF32(std::uint32_t u) { return std::bit_cast<float>(u); }
inline std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }

/// True for a nonzero value with exponent field 0 in format f (bits in the low bits).
constexpr bool isSubnormal(std::uint32_t bits, Format f) {
  const std::uint32_t mant = (1u << (f.p - 1)) - 1u;
  const std::uint32_t expo = ((1u << f.ebits) - 1u) << (f.p - 1);
  return (bits & expo) == 0 && (bits & mant) != 0;
}
/// signZero: keeps the sign bit only.
constexpr std::uint32_t signZero(std::uint32_t bits, Format f) { return bits & (1u << (f.p + f.ebits - 1)); }

/// The exact binary64 value of a format's bits (every F32/F16/BF16 value is a binary64).
inline double toDouble(std::uint32_t bits, Format f) {
  const int emax = (1 << (f.ebits - 1)) - 1;
  const std::uint32_t mantMask = (1u << (f.p - 1)) - 1u;
  const std::uint32_t expField = (bits >> (f.p - 1)) & ((1u << f.ebits) - 1u);
  const std::uint32_t mant = bits & mantMask;
  const bool neg = ((bits >> (f.p + f.ebits - 1)) & 1u) != 0;
  double v = 0.0;
  if (expField == (1u << f.ebits) - 1u) {
    v = mant != 0 ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  } else if (expField == 0) {
    v = std::ldexp(static_cast<double>(mant), 1 - emax - (f.p - 1));
  } else {
    v = std::ldexp(static_cast<double>(mant | (mantMask + 1u)),
                   static_cast<int>(expField) - emax - (f.p - 1));
  }
  return neg ? -v : v;
}

}  // namespace gpuasm::sim::fp
