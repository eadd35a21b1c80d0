#include "gpuasm/isa/DecimalFloat.h"

#include <cerrno>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdlib>
#include <string>

namespace gpuasm::text {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Where the digits starting at `at` end; `sawNonZero` is set when one of them is not '0'.
std::size_t skipDigits(std::string_view s, std::size_t at, bool& sawNonZero) {
  while (at < s.size() && isDigit(s[at])) {
    sawNonZero = sawNonZero || s[at] != '0';
    ++at;
  }
  return at;
}

}  // namespace

DecimalFloat parseDecimalF32(std::string_view text) {
  DecimalFloat out;
  std::size_t at = text.size() > 0 && text[0] == '-' ? 1 : 0;
  bool nonZero = false;
  const std::size_t intEnd = skipDigits(text, at, nonZero);
  std::size_t digits = intEnd - at;
  at = intEnd;
  if (at < text.size() && text[at] == '.') {
    const std::size_t fracEnd = skipDigits(text, at + 1, nonZero);
    digits += fracEnd - (at + 1);
    at = fracEnd;
  }
  if (digits == 0) return out;
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    std::size_t exp = at + 1;
    if (exp < text.size() && (text[exp] == '+' || text[exp] == '-')) ++exp;
    bool ignored = false;
    const std::size_t expEnd = skipDigits(text, exp, ignored);
    if (expEnd == exp) return out;
    at = expEnd;
  }
  if (at != text.size()) return out;

  // The text is now known to be plain decimal, which strtof reads exactly (correctly rounded);
  // the copy gives it the terminating NUL. The tools never call setlocale, so the decimal point
  // is '.' (the "C" locale every C++ program starts in).
  const std::string copy(text);
  errno = 0;
  const float v = std::strtof(copy.c_str(), nullptr);
  const bool overflow = std::isinf(v);
  const bool underflowToZero = v == 0.0f && nonZero;
  out.value = v;
  out.status = overflow || underflowToZero ? FloatStatus::OutOfRange : FloatStatus::Ok;
  return out;
}

std::string formatDecimalF32(float value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  std::string out(buf, ec == std::errc() ? end : buf);
  if (out.find_first_of(".e") == std::string::npos) out += ".0";
  return out;
}

}  // namespace gpuasm::text
