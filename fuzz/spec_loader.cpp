// Fuzz target: the spec loader on spec DSL text (isa-db: SpecParser, InstrDb, SpecLint).
// The first byte chooses the company of the text: bit 0 loads it with the embedded prelude.isa,
// bit 1 with errata.isa, bit 2 gives the text the prelude's role (in place of the embedded
// one); the rest of the input is the file. Properties: loading, linting and linking diagnostics
// to errata never crash, never throw and never hang; the load always gives a database; every
// diagnostic lies inside its file (tests/common/SpecLoadCheck.h).
#include "FuzzSupport.h"
#include "SpecLoadCheck.h"

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/SpecLint.h>
#include <gpuasm/isa/SpecSource.h>

#include <string>
#include <vector>

using namespace gpuasm;

namespace {

const std::vector<isa::SpecFile>& embedded() {
  static const std::vector<isa::SpecFile> files = isa::embeddedSpecFiles();
  return files;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > fuzz::kMaxInput) return 0;
  const unsigned mode = data[0];
  const std::string text(fuzz::asText(data + 1, size - 1));
  const bool asPrelude = (mode & 4u) != 0;
  std::vector<isa::SpecFile> files;
  for (const isa::SpecFile& f : embedded()) {
    if (f.role == isa::SpecFileRole::Prelude && (mode & 1u) != 0 && !asPrelude) files.push_back(f);
    if (f.role == isa::SpecFileRole::Errata && (mode & 2u) != 0) files.push_back(f);
  }
  files.push_back({asPrelude ? "fuzz/prelude.isa" : "fuzz/spec.txt", text,
                   asPrelude ? isa::SpecFileRole::Prelude : isa::SpecFileRole::Spec});

  isa::SpecLoad load = isa::loadSpec(std::move(files));
  FUZZ_CHECK(load.db != nullptr, "loadSpec gave no database");
  std::vector<isa::SpecDiagnostic> lint = isa::lintSpec(*load.db);
  isa::attachErrata(*load.db, lint);
  isa::attachErrata(*load.db, load.diagnostics);
  const auto outside = testsupport::diagnosticsOutsideTheirFiles(load, lint);
  FUZZ_CHECK(outside.empty(), joined(outside));
  return 0;
}
