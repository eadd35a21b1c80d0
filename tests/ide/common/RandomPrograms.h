// Random programs for property tests: the spec's own example instructions that assemble and
// run alone, and a comparison of two warps' registers.
#pragma once

#include "Annotated.h"
#include "SpecExamples.h"

#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/sim/WarpState.h>

#include <algorithm>
#include <string>
#include <vector>

namespace gpuasm::featuretest {

// Spec example lines that assemble and run to the end on their own.
inline std::vector<std::string> instructionPool() {
  std::vector<std::string> out;
  for (const isa::Optype& optype : db().optypes()) {
    if (!optype.docs.examples.present) continue;
    for (const std::string& line : testsupport::fencedLines(optype.docs.examples.text)) {
      const ide::RunOutcome alone = ide::runDocument(db(), line + "\n", {});
      const bool clean =
          std::none_of(alone.diagnostics.begin(), alone.diagnostics.end(),
                       [](const ide::Diagnostic& d) { return d.severity == ide::Severity::Error; });
      if (clean && alone.setupError.empty() && alone.result.reason == sim::StopReason::End &&
          alone.result.executed == 1)
        out.push_back(line);
    }
  }
  return out;
}

// The registers whose final values differ ("" when none).
inline std::string difference(const sim::WarpState& a, const sim::WarpState& b) {
  std::string out;
  for (std::uint32_t i = 0; i < sim::kMaxGpr; ++i)
    if (a.r[i] != b.r[i] || a.rSet[i] != b.rSet[i]) out += " R" + std::to_string(i);
  for (std::uint32_t i = 0; i < sim::kMaxPred; ++i) {
    if (a.p[i] != b.p[i] || a.pSet[i] != b.pSet[i]) out += " P" + std::to_string(i);
    if (a.up[i] != b.up[i] || a.upSet[i] != b.upSet[i]) out += " UP" + std::to_string(i);
  }
  for (std::uint32_t i = 0; i < sim::kMaxUgpr; ++i)
    if (a.ur[i] != b.ur[i] || a.urSet[i] != b.urSet[i]) out += " UR" + std::to_string(i);
  return out;
}

}  // namespace gpuasm::featuretest
