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

/// The loader's errors (of `loadDiagnostics`, a SpecLoad's) that no erratum accounts for, with
/// their errata attached, in file, line and column order. A spec with one does not read as the
/// DSL the tools assume — a definition that does not parse, a field naming a value its type
/// lacks —, so what is built from it may be wrong; the embedded spec has none.
std::vector<SpecDiagnostic> unaccountedLoadErrors(const InstrDb& db,
                                                  std::vector<SpecDiagnostic> loadDiagnostics);

}  // namespace gpuasm::isa
