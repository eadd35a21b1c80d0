// Bit access and the hex spelling of 128-bit instruction words.
#include <gpuasm/isa/Word128.h>

#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <cassert>

namespace gpuasm::isa {

namespace {
std::uint64_t lowMask(std::uint32_t width) {
  return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}
}  // namespace

std::uint64_t Word128::bits(std::uint32_t offset, std::uint32_t width) const {
  assert(width <= 64 && offset + width <= 128);
  if (width == 0) return 0;
  std::uint64_t out = 0;
  for (std::uint32_t done = 0; done < width;) {
    const std::uint32_t bit = offset + done;
    const std::uint64_t half = bit < 64 ? lo : hi;
    const std::uint32_t shift = bit % 64;
    const std::uint32_t take = std::min(width - done, 64 - shift);
    out |= ((half >> shift) & lowMask(take)) << done;
    done += take;
  }
  return out;
}

void Word128::setBits(std::uint32_t offset, std::uint32_t width, std::uint64_t value) {
  assert(width <= 64 && offset + width <= 128);
  for (std::uint32_t done = 0; done < width;) {
    const std::uint32_t bit = offset + done;
    std::uint64_t& half = bit < 64 ? lo : hi;
    const std::uint32_t shift = bit % 64;
    const std::uint32_t take = std::min(width - done, 64 - shift);
    const std::uint64_t m = lowMask(take) << shift;
    half = (half & ~m) | (((value >> done) & lowMask(take)) << shift);
    done += take;
  }
}

Word128 Word128::mask(std::uint32_t offset, std::uint32_t width) {
  Word128 w;
  w.setBits(offset, width, ~std::uint64_t{0});
  return w;
}

std::string Word128::toHex() const {
  return text::hex(hi, {.digits = 16}) + text::hex(lo, {.digits = 16, .prefix = false});
}

std::array<unsigned char, 16> Word128::toBytes() const {
  std::array<unsigned char, 16> out{};
  for (unsigned i = 0; i < 8; ++i) {
    out[i] = static_cast<unsigned char>(lo >> (8 * i));
    out[8 + i] = static_cast<unsigned char>(hi >> (8 * i));
  }
  return out;
}

Word128 Word128::fromBytes(std::span<const unsigned char, 16> bytes) {
  Word128 w;
  for (unsigned i = 0; i < 8; ++i) {
    w.lo |= static_cast<std::uint64_t>(bytes[i]) << (8 * i);
    w.hi |= static_cast<std::uint64_t>(bytes[8 + i]) << (8 * i);
  }
  return w;
}

std::optional<Word128> Word128::fromHex(std::string_view text) {
  if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return std::nullopt;
  text.remove_prefix(2);
  if (text.empty() || text.size() > 32) return std::nullopt;
  Word128 w;
  for (char c : text) {
    std::uint64_t v = 0;
    if (c >= '0' && c <= '9')
      v = static_cast<std::uint64_t>(c - '0');
    else if (c >= 'a' && c <= 'f')
      v = static_cast<std::uint64_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      v = static_cast<std::uint64_t>(c - 'A' + 10);
    else
      return std::nullopt;
    w.hi = (w.hi << 4) | (w.lo >> 60);
    w.lo = (w.lo << 4) | v;
  }
  return w;
}

}  // namespace gpuasm::isa
