// What a diagnostic code's spelling must be, for the tests of both code tables (DiagnosticCode.h,
// SpecCode.h): kebab case — lower-case letters and digits in words joined by single '-'.
#pragma once

#include <string_view>

namespace gpuasm::test {

inline bool isKebabCase(std::string_view s) {
  if (s.empty() || s.front() == '-' || s.back() == '-' || s.find("--") != std::string_view::npos)
    return false;
  for (const char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

}  // namespace gpuasm::test
