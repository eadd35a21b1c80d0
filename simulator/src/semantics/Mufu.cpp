// MUFU, the special-function unit (003_xu.txt:10-183): COS, SIN, EX2, LG2, RCP, RSQ, SQRT and TANH
// on .F32, .F64 (= F64H, the high word of a binary64, errata L-35), .F16/.BF16 (the half chosen by
// .H0/.H1, result in the low 16 bits) and .F16_V2/.BF16_V2 (each half on its own). The spec gives
// only special-value tables (003_xu.txt:100-183), applied here exactly, and no accuracy: every
// other value is computed with the host C library in binary64 and rounded once to the destination
// format to nearest-even (errata L-66), so results are "host libm, one rounding", not the
// hardware's approximations. NaN results are the canonical QNaNs of errata L-34.
#include "FloatRounding.h"

#include <gpuasm/sim/Semantics.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace gpuasm::sim {

namespace {

enum class Op : std::uint8_t { COS, SIN, EX2, LG2, RCP, RSQ, SQRT, TANH };
enum class DType : std::uint8_t { F32, F64H, F16_V2, BF16_V2, F16, BF16 };

constexpr const char* kOpNames[] = {"COS", "SIN", "EX2", "LG2", "RCP", "RSQ", "SQRT", "TANH"};
constexpr const char* kTypeNames[] = {"F32", "F64", "F16_V2", "BF16_V2", "F16", "BF16"};

// The legal (mufuop, dtype) pairs of 003_xu.txt:77-87. L-48a has the assembler reject the others,
// but a decoded instruction (or today's assembler) may still produce one; the spec gives it no
// meaning, so it stops the run.
bool legal(Op op, DType t) {
  switch (op) {
    case Op::COS:
    case Op::SIN:
    case Op::LG2:
    case Op::SQRT: return t == DType::F32;
    case Op::RCP:
    case Op::RSQ: return t == DType::F32 || t == DType::F64H;
    case Op::EX2:
    case Op::TANH: return t != DType::F64H;
  }
  return false;
}

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// The function on an exact binary64 input, special-value tables first. `f64` selects the RCP.F64 /
// RSQ.F64 tables, whose subnormal rows treat a subnormal as a zero of its sign (003_xu.txt:134-164).
// A NaN return stands for the QNaN of the destination type.
double evaluate(Op op, double x, bool f64) {
  if (std::isnan(x)) return kNan;  // every table: NAN -> QNAN
  const bool neg = std::signbit(x);
  if (f64 && x != 0.0 && std::fabs(x) < std::numeric_limits<double>::min()) x = neg ? -0.0 : 0.0;
  switch (op) {
    case Op::COS:
      // 003_xu.txt:100-106: ±Inf -> QNAN. The table's ±0 rows (±0 -> ±0) hold for SIN only;
      // COS(±0) is cos's value +1.0 (errata G-40).
      if (std::isinf(x)) return kNan;
      if (x == 0.0) return 1.0;
      return std::cos(x);  // L-33: .COS is the cosine
    case Op::SIN:
      if (std::isinf(x)) return kNan;
      if (x == 0.0) return x;  // -0.0 -> -0.0, +0.0 -> +0.0
      return std::sin(x);
    case Op::EX2:  // 003_xu.txt:108-114
      if (std::isinf(x)) return neg ? 0.0 : kInf;
      if (x == 0.0) return 1.0;
      return std::exp2(x);
    case Op::LG2:  // 003_xu.txt:116-123
      if (x == 0.0) return -kInf;
      if (neg) return kNan;  // -Inf and negative numbers
      if (std::isinf(x)) return kInf;
      return std::log2(x);
    case Op::RCP:  // 003_xu.txt:125-143
      if (std::isinf(x)) return neg ? -0.0 : 0.0;
      if (x == 0.0) return neg ? -kInf : kInf;
      return 1.0 / x;
    case Op::RSQ:  // 003_xu.txt:145-164
      if (x == 0.0) return neg ? -kInf : kInf;
      if (neg) return kNan;  // -Inf and negative numbers
      if (std::isinf(x)) return 0.0;
      return 1.0 / std::sqrt(x);
    case Op::SQRT:  // 003_xu.txt:166-174
      if (x == 0.0) return x;
      if (neg) return kNan;
      if (std::isinf(x)) return kInf;
      return std::sqrt(x);
    case Op::TANH:  // 003_xu.txt:176-183
      if (std::isinf(x)) return neg ? -1.0 : 1.0;
      if (x == 0.0) return x;
      return std::tanh(x);
  }
  return kNan;
}

// One 16-bit (F16 or BF16) element: decode, evaluate, round to nearest-even; NaN -> 0x7FFF (L-34).
std::uint32_t half(Op op, std::uint32_t bits, fp::Format f) {
  return fp::roundTo(evaluate(op, fp::toDouble(bits & 0xFFFFu, f), false), 0, fp::Round::RN, f);
}

// MUFU.mufuop.dtype Rd, SrcB: InList<pg, SrcB>, OutList<rd>.
void execMufu(ExecContext& ctx) {
  const fp::HostRoundToNearest rn;
  const auto op = static_cast<Op>(ctx.mod(0));
  const auto type = static_cast<DType>(ctx.mod(1));
  const Operand& src = ctx.in(0);
  const std::string name = std::string("MUFU.") + kOpNames[ctx.mod(0)] + "." + kTypeNames[ctx.mod(1)];
  if (!legal(op, type))
    return ctx.fail(
        name + " is not a legal pair of the table 003_xu.txt:77-87; the spec defines no semantics for it");
  const bool wide = type == DType::F32 || type == DType::F64H;
  if (!wide && (src.neg || src.abs))
    return ctx.fail(name + ": the - and |x| prefixes exist only for .F32/.F64 (003_xu.txt:55)");
  ctx.forEachLane([&](unsigned lane) {
    std::uint32_t b = ctx.read(src, lane);
    if (src.abs) b &= 0x7FFFFFFFu;  // |x| first, then - (the FALU rule, 004_falu.txt:42)
    if (src.neg) b ^= 0x80000000u;
    std::uint32_t r = 0;
    switch (type) {
      case DType::F32:
        r = fp::roundTo(evaluate(op, fp::toDouble(b, fp::kF32), false), 0, fp::Round::RN, fp::kF32);
        break;
      case DType::F64H: {
        // L-35: SrcB is the high word of a binary64 whose low word is 0; Rd the result's high
        // word (the binary64 result truncated), QNaN 0x7FFFFFFF (L-34).
        const double x = std::bit_cast<double>(static_cast<std::uint64_t>(b) << 32);
        const double y = evaluate(op, x, true);
        r = std::isnan(y) ? 0x7FFFFFFFu : static_cast<std::uint32_t>(std::bit_cast<std::uint64_t>(y) >> 32);
        break;
      }
      case DType::F16:
      case DType::BF16:
        // 003_xu.txt:57-59: .H0/.H1 picks the half; 003_xu.txt:45: the high 16 bits of Rd are 0.
        r = half(op, src.select != 0 ? b >> 16 : b, type == DType::F16 ? fp::kF16 : fp::kBF16);
        break;
      case DType::F16_V2:
      case DType::BF16_V2: {
        // L-66: each half on its own, packed in the same halves (QNaN 0x7FFF7FFF, 003_xu.txt:98).
        const fp::Format f = type == DType::F16_V2 ? fp::kF16 : fp::kBF16;
        r = half(op, b, f) | (half(op, b >> 16, f) << 16);
        break;
      }
    }
    ctx.write(ctx.out(0), lane, r);
  });
}

}  // namespace

void registerMufu(SemanticsTable& table) {
  table.add("MUFU",
            semantics(&execMufu, {{"mufuop", {"COS", "SIN", "EX2", "LG2", "RCP", "RSQ", "SQRT", "TANH"}},
                                  {"dtype", {"F32", "F64H", "F16_V2", "BF16_V2", "F16", "BF16"}}}));
}

}  // namespace gpuasm::sim
