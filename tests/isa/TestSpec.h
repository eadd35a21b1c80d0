// Shared fixture for isa-db tests: the embedded spec, loaded once per test binary (it is
// immutable, so sharing it between tests is safe), and helpers to load small spec snippets.
#pragma once

#include <gpuasm/isa/InstrDb.h>

#include <algorithm>
#include <string>
#include <vector>

namespace gpuasm::isa::test {

/// The embedded spec, loaded on first use.
inline const SpecLoad& embeddedSpec() {
  static const SpecLoad load = loadEmbeddedSpec();
  return load;
}
inline const InstrDb& db() { return *embeddedSpec().db; }

/// Loads one snippet of DSL text as a spec file named "snippet.txt" (plus the embedded prelude
/// when `withPrelude`), so tests can feed irregular input.
inline SpecLoad loadSnippet(const std::string& text, bool withPrelude = false) {
  std::vector<SpecFile> files{{"snippet.txt", text, SpecFileRole::Spec}};
  if (withPrelude)
    for (auto& f : embeddedSpecFiles())
      if (f.role == SpecFileRole::Prelude) files.push_back(std::move(f));
  return loadSpec(std::move(files));
}

/// The diagnostics with a given code.
inline std::vector<SpecDiagnostic> withCode(const std::vector<SpecDiagnostic>& all, SpecCode code) {
  std::vector<SpecDiagnostic> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out),
               [&](const SpecDiagnostic& d) { return d.code == code; });
  return out;
}

}  // namespace gpuasm::isa::test
