// `gpuasm spec --lint`: the spec's problems as a compiler reports them. The builder already
// reports what it meets while resolving (undefined types, overlaps, malformed lines, …); this
// adds checks across definitions: syntax vs encoding, Order vs syntax and siblings, pseudo-code
// patterns that the spec-catalog lists as bugs, prose that names registers that cannot exist.
#pragma once

#include <gpuasm/isa/Diagnostic.h>
#include <gpuasm/isa/InstrDb.h>

#include <vector>

namespace gpuasm::isa {

/// Runs every cross-definition check over a built database. Never throws.
std::vector<SpecDiagnostic> lintSpec(const InstrDb& db);

/// Links the loader's diagnostics (tolerated irregularities such as a column-0 section header)
/// to the erratum that records the decision, where errata.isa has one.
void attachErrata(const InstrDb& db, std::vector<SpecDiagnostic>& diagnostics);

}  // namespace gpuasm::isa
