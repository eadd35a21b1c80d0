// A register across the active lanes, summarised (see LaneSummary.h).
#include <gpuasm/ide/execution/LaneSummary.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace gpuasm::ide {

namespace {

using sim::ValueType;
using Lanes = std::array<std::uint32_t, sim::kWarpSize>;

std::string show(std::uint32_t bits, ValueType type) { return sim::formatValue({type, bits}); }

std::optional<std::uint32_t> uniformValue(const Lanes& lanes, std::uint32_t mask) {
  std::optional<std::uint32_t> value;
  for (unsigned l = 0; l < sim::kWarpSize; ++l) {
    if (((mask >> l) & 1u) == 0) continue;
    if (value && *value != lanes[l]) return std::nullopt;
    value = lanes[l];
  }
  return value;
}

// "lane × 4 + 0x100" from the stride's magnitude and sign and the offset's text and sign.
std::string affineText(const std::string& stride, bool strideNegative, const std::string& offset,
                       bool offsetZero, bool offsetNegative) {
  const std::string term = stride.empty() ? "lane" : "lane \u00d7 " + stride;
  if (offsetZero) return (strideNegative ? "-" : "") + term;
  if (!strideNegative) return term + (offsetNegative ? " - " : " + ") + offset;
  return (offsetNegative ? "-" : "") + offset + " - " + term;
}

// The solutions a of a × d ≡ delta (mod 2^32), least magnitude (as an s32) first.
std::vector<std::uint32_t> strides(std::uint32_t d, std::uint32_t delta) {
  const unsigned k = static_cast<unsigned>(std::countr_zero(d));
  if ((delta & ((1u << k) - 1u)) != 0) return {};
  const std::uint32_t m = d >> k;
  std::uint32_t inverse = m;  // Newton's iteration: each step doubles the correct low bits
  for (int i = 0; i < 5; ++i) inverse *= 2u - m * inverse;
  const std::uint32_t low = k == 0 ? ~0u : (1u << (32 - k)) - 1u;
  const std::uint32_t first = ((delta >> k) * inverse) & low;
  std::vector<std::uint32_t> out;
  for (std::uint32_t j = 0; j < (1u << k); ++j) out.push_back(first + (k == 0 ? 0u : j << (32 - k)));
  auto magnitude = [](std::uint32_t a) {
    return std::abs(static_cast<std::int64_t>(static_cast<std::int32_t>(a)));
  };
  std::sort(out.begin(), out.end(),
            [&](std::uint32_t x, std::uint32_t y) { return magnitude(x) < magnitude(y); });
  return out;
}

std::optional<std::string> affineInteger(const Lanes& lanes, std::uint32_t mask, ValueType type) {
  const unsigned l0 = static_cast<unsigned>(std::countr_zero(mask));
  const unsigned l1 = static_cast<unsigned>(std::countr_zero(mask & (mask - 1)));
  for (const std::uint32_t a : strides(l1 - l0, lanes[l1] - lanes[l0])) {
    if (a == 0) continue;
    bool holds = true;
    for (unsigned l = 0; l < sim::kWarpSize && holds; ++l)
      if (((mask >> l) & 1u) != 0) holds = lanes[l] == lanes[l0] + a * (l - l0);
    if (!holds) continue;
    const std::uint32_t b = lanes[l0] - a * l0;
    const auto sa = static_cast<std::int32_t>(a);
    const auto sb = static_cast<std::int32_t>(b);
    const std::uint32_t magnitudeA = sa < 0 ? 0u - a : a, magnitudeB = sb < 0 ? 0u - b : b;
    // The offset as its type shows it: an s32 in decimal, bits in hex; a negative one subtracted.
    const std::string offset =
        type == ValueType::S32 ? std::to_string(magnitudeB) : show(magnitudeB, ValueType::U32);
    return affineText(magnitudeA == 1 ? "" : std::to_string(magnitudeA), sa < 0, offset, b == 0, sb < 0);
  }
  return std::nullopt;
}

// Whether `x` is exactly an f32.
bool isF32(double x) { return static_cast<double>(static_cast<float>(x)) == x; }

std::optional<std::string> affineFloat(const Lanes& lanes, std::uint32_t mask) {
  auto value = [&](unsigned l) { return static_cast<double>(std::bit_cast<float>(lanes[l])); };
  const unsigned l0 = static_cast<unsigned>(std::countr_zero(mask));
  const unsigned l1 = static_cast<unsigned>(std::countr_zero(mask & (mask - 1)));
  const double a = (value(l1) - value(l0)) / static_cast<double>(l1 - l0);
  const double b = value(l0) - a * l0;
  if (!std::isfinite(a) || !std::isfinite(b) || a == 0 || !isF32(a) || !isF32(b)) return std::nullopt;
  for (unsigned l = 0; l < sim::kWarpSize; ++l) {
    if (((mask >> l) & 1u) == 0) continue;
    const double exact = b + a * l;
    if (!isF32(exact) || std::bit_cast<std::uint32_t>(static_cast<float>(exact)) != lanes[l])
      return std::nullopt;
  }
  auto f32 = [](double x) {
    return show(std::bit_cast<std::uint32_t>(static_cast<float>(std::fabs(x))), ValueType::F32);
  };
  return affineText(std::fabs(a) == 1 ? "" : f32(a), a < 0, f32(b), b == 0, b < 0);
}

// "lane ^ 0x10": each active lane holds its butterfly partner's number (SHFL.BFLY of the lane ids).
std::optional<std::string> butterfly(const Lanes& lanes, std::uint32_t mask, ValueType type) {
  const unsigned l0 = static_cast<unsigned>(std::countr_zero(mask));
  const std::uint32_t k = lanes[l0] ^ l0;
  if (k == 0 || k >= sim::kWarpSize) return std::nullopt;
  for (unsigned l = 0; l < sim::kWarpSize; ++l)
    if (((mask >> l) & 1u) != 0 && lanes[l] != (l ^ k)) return std::nullopt;
  return "lane ^ " + show(k, type);
}

std::optional<std::string> affine(const Lanes& lanes, std::uint32_t mask, ValueType type) {
  if (std::popcount(mask) < 3 || type == ValueType::Bool) return std::nullopt;
  if (type == ValueType::F32) return affineFloat(lanes, mask);
  if (auto f = affineInteger(lanes, mask, type)) return f;
  return butterfly(lanes, mask, type);
}

struct Partition {
  std::uint32_t first, second;
  const char* firstName;
  const char* secondName;
  const char* both;  ///< the two groups in a few characters, for the brief form
};
constexpr Partition kPartitions[] = {
    {0x55555555u, 0xAAAAAAAAu, "even lanes", "odd lanes", "even/odd"},
    {0x0000FFFFu, 0xFFFF0000u, "lanes 0\u201315", "lanes 16\u201331", "0\u201315/16\u201331"},
    {0x00000001u, 0xFFFFFFFEu, "lane 0", "lanes 1\u201331", "0/1\u201331"},
};

// One group's value or formula, and whether it is a formula.
std::optional<std::pair<std::string, bool>> groupPart(const Lanes& lanes, std::uint32_t mask, ValueType type,
                                                      bool uniformOnly) {
  if (const auto v = uniformValue(lanes, mask)) return std::pair(show(*v, type), false);
  if (uniformOnly) return std::nullopt;
  if (const auto f = affine(lanes, mask, type)) return std::pair(*f, true);
  return std::nullopt;
}

// "even lanes 0x100" or "lanes 0–15: lane + 0x10".
std::string groupText(const char* name, const std::pair<std::string, bool>& part) {
  return std::string(name) + (part.second ? ": " : " ") + part.first;
}

std::optional<LaneSummary> groups(const Lanes& lanes, std::uint32_t mask, ValueType type) {
  for (const bool uniformOnly : {true, false}) {
    if (!uniformOnly && type == ValueType::Bool) break;
    for (const Partition& p : kPartitions) {
      if ((mask & p.first) == 0 || (mask & p.second) == 0) continue;
      const auto first = groupPart(lanes, mask & p.first, type, uniformOnly);
      const auto second = first ? groupPart(lanes, mask & p.second, type, uniformOnly) : std::nullopt;
      if (!second) continue;
      return LaneSummary{LaneSummary::Kind::Groups,
                         groupText(p.firstName, *first) + ", " + groupText(p.secondName, *second),
                         std::string(p.both) + ": " + first->first + ", " + second->first};
    }
  }
  return std::nullopt;
}

LaneSummary distinct(const Lanes& lanes, std::uint32_t mask, ValueType type) {
  std::vector<std::pair<std::uint32_t, unsigned>> counts;  // in lane order of first appearance
  for (unsigned l = 0; l < sim::kWarpSize; ++l) {
    if (((mask >> l) & 1u) == 0) continue;
    const auto it =
        std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == lanes[l]; });
    if (it == counts.end())
      counts.emplace_back(lanes[l], 1);
    else
      ++it->second;
  }
  const std::string active = std::to_string(std::popcount(mask));
  if (type == ValueType::Bool) {
    const auto t = std::find_if(counts.begin(), counts.end(), [](const auto& c) { return c.first != 0; });
    const std::string text = "true in " + std::to_string(t->second) + " of " + active + " lanes";
    return {LaneSummary::Kind::Distinct, text, text};
  }
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  const std::string brief = std::to_string(counts.size()) + " values";
  std::string text = brief + " (";
  for (std::size_t i = 0; i < counts.size() && i < 3; ++i)
    text += (i > 0 ? ", " : "") + show(counts[i].first, type) + " \u00d7" + std::to_string(counts[i].second);
  return {LaneSummary::Kind::Distinct, text + (counts.size() > 3 ? ", \u2026)" : ")"), brief};
}

}  // namespace

std::string LaneSummary::label(const std::string& name, bool briefly) const {
  switch (kind) {
    case Kind::NoActiveLane: return name + ": no active lane";
    case Kind::Uniform:
    case Kind::Affine: return name + " = " + text;
    case Kind::Groups:
    case Kind::Distinct: break;
  }
  return name + ": " + (briefly ? brief : text);
}

LaneSummary summarizeLanes(const Lanes& lanes, std::uint32_t activeMask, ValueType type) {
  if (activeMask == 0) return {LaneSummary::Kind::NoActiveLane, {}, {}};
  if (const auto v = uniformValue(lanes, activeMask)) {
    const std::string text = show(*v, type);
    return {LaneSummary::Kind::Uniform, text, text};
  }
  if (const auto f = affine(lanes, activeMask, type)) return {LaneSummary::Kind::Affine, *f, *f};
  if (auto g = groups(lanes, activeMask, type)) return std::move(*g);
  return distinct(lanes, activeMask, type);
}

}  // namespace gpuasm::ide
