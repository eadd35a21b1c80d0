// Shared helpers of the simulator tests: run an assembly snippet (with its `// @state`
// directives) through the same path as `gpuasm run`, and read registers back by name.
// Expected values in the tests come from the spec's text, worked out by hand.
#pragma once

#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/InstrDb.h>

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <string>

namespace gpuasm::simtest {

/// The embedded spec, loaded once for all tests.
inline const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

/// Runs `source`; fails the test when the snippet has an error diagnostic (a typo in a test
/// must not pass silently) unless `allowErrors`.
inline ide::RunOutcome runOn(const isa::InstrDb& database, const std::string& source,
                             ide::RunRequest request = {}, bool allowErrors = false) {
  ide::RunOutcome out = ide::runDocument(database, source, request);
  if (!allowErrors) {
    for (const auto& d : out.diagnostics)
      if (d.severity == ide::Severity::Error)
        ADD_FAILURE() << "snippet does not assemble: " << d.message << " [" << isa::spelling(d.code) << "]\n"
                      << source;
    EXPECT_TRUE(out.setupError.empty()) << out.setupError;
    EXPECT_EQ(out.result.reason, sim::StopReason::End) << out.result.message;
  }
  return out;
}

/// runOn with the embedded spec.
inline ide::RunOutcome run(const std::string& source, ide::RunRequest request = {},
                           bool allowErrors = false) {
  return runOn(db(), source, std::move(request), allowErrors);
}

/// Register `name` (R5, P0, UR3, UP1) in `lane` of the final state; predicates read 0/1.
inline std::uint32_t reg(const ide::RunOutcome& out, const std::string& name, unsigned lane = 0) {
  if (!out.final) {
    ADD_FAILURE() << "no final state";
    return 0xDEADBEEF;
  }
  const sim::WarpState& s = *out.final;
  const auto r = s.layout.parse(name);
  if (!r) {
    ADD_FAILURE() << "no register " << name;
    return 0xDEADBEEF;
  }
  switch (r->first) {
    case sim::RegFile::R: return r->second == s.layout.rz ? 0u : s.r[r->second][lane];
    case sim::RegFile::P: return (s.p[r->second] >> lane) & 1u;
    case sim::RegFile::UR: return r->second == s.layout.urz ? 0u : s.ur[r->second];
    case sim::RegFile::UP: return s.up[r->second] ? 1u : 0u;
  }
  return 0xDEADBEEF;
}

/// "// @state NAME = [v0, ..., v31]": the given values in lanes 0.., zero in the others.
inline std::string lanes(const std::string& name, std::initializer_list<std::uint32_t> values) {
  std::string s = "// @state " + name + " = [";
  auto it = values.begin();
  for (unsigned lane = 0; lane < 32; ++lane) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08X", it != values.end() ? *it++ : 0u);
    s += (lane ? ", " : "") + std::string(buf);
  }
  return s + "]\n";
}

/// "// @state NAME = [value(0), ..., value(31)]" (negative values wrap to 32 bits).
inline std::string perLane(const std::string& name, const std::function<long long(unsigned)>& value) {
  std::string s = "// @state " + name + " = [";
  for (unsigned lane = 0; lane < 32; ++lane) s += (lane ? ", " : "") + std::to_string(value(lane));
  return s + "]\n";
}

/// Only the list "[f(0), f(1), ..., f(31)]", for a directive written around it.
template <typename F>
std::string perLane(F f) {
  std::string s = "[";
  for (unsigned lane = 0; lane < 32; ++lane) s += (lane ? ", " : "") + std::to_string(f(lane));
  return s + "]";
}

/// A float's bits and back, for FP expectations.
inline std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline float asFloat(std::uint32_t u) { return std::bit_cast<float>(u); }

}  // namespace gpuasm::simtest
