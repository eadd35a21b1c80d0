// JSON of `gpuasm spec diff --json` (docs/PROTOCOL.md, "gpuasm spec diff"): the two specs, every
// change between them (isa/SpecDiff.h) and, per file, the lines that changed
// (ide/execution/SpecDiffFile.h).
#pragma once

#include <gpuasm/ide/execution/SpecDiffFile.h>
#include <gpuasm/isa/SpecDiff.h>

#include <cstdint>
#include <string>
#include <vector>

namespace gpuasm::formats {

/// One side of the comparison: the directory and how many errors loading it reported.
struct SpecDiffSide {
  std::string dir;
  std::uint32_t errors = 0;
};

/// One file of the comparison; `error` is set instead when it could not be read.
struct SpecDiffFileEntry {
  std::string file;
  std::string error;
  ide::FileDiff diff;
};

struct SpecDiffReport {
  SpecDiffSide oldSpec, newSpec;
  std::vector<isa::SpecChange> changes;
  std::vector<SpecDiffFileEntry> files;
  bool changed = false;  ///< what the exit status says: 1 when set
};

/// `{"old": {"dir", "errors"}, "new": {...}, "changes": [...], "files": [...], "changed"}`, indented by two.
std::string specDiffToJson(const SpecDiffReport& report);

}  // namespace gpuasm::formats
