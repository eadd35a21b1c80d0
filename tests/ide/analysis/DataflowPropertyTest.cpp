// A property of the dataflow against the simulator: removing a line whose every write is
// flagged `dead-write` never changes the final registers of the run. Programs are random
// sequences of the spec's own example instructions (those that assemble and run alone), over
// an initial state with a lane-varying register and a lane-varying predicate, so guarded
// writes really leave lanes alone. A failure prints the program and the line.
#include "Annotated.h"
#include "RandomPrograms.h"

#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/execution/Run.h>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace gpuasm::featuretest {
namespace {

bool covered(const std::vector<ide::Diagnostic>& dead, syntax::ByteRange r) {
  return std::any_of(dead.begin(), dead.end(), [&](const ide::Diagnostic& d) {
    return d.range.begin <= r.begin && r.end <= d.range.end;
  });
}

TEST(DataflowProperty, RemovingADeadWriteNeverChangesTheFinalRegisters) {
  const std::vector<std::string> pool = instructionPool();
  ASSERT_GT(pool.size(), 100u);
  std::string header = "// @state R0 = lane\n// @state R1 = 0x12345\n// @state R2 = 7\n// @state P0 = [";
  for (unsigned lane = 0; lane < sim::kWarpSize; ++lane)
    header += std::string(lane ? ", " : "") + (lane % 3 == 0 ? "1" : "0");
  header += "]\n";
  const std::uint32_t headerLines = 4;

  std::mt19937 rng(20261124);
  std::size_t removed = 0, programs = 0;
  for (int round = 0; round < 1000; ++round) {
    std::vector<std::string> lines;
    for (int i = 0; i < 24; ++i) lines.push_back(pool[rng() % pool.size()]);
    auto textOf = [&](std::optional<std::size_t> without) {
      std::string t = header;
      for (std::size_t i = 0; i < lines.size(); ++i)
        t += (without && *without == i ? std::string() : lines[i]) + "\n";
      return t;
    };
    const std::string text = textOf(std::nullopt);
    const ide::RunOutcome full = ide::runDocument(db(), text, {});
    if (full.result.reason != sim::StopReason::End || !full.final) continue;
    ++programs;
    const auto snapshot = ide::Snapshot::analyse(db(), text);
    std::vector<ide::Diagnostic> dead = ide::dataflowDiagnostics(*snapshot, nullptr);
    std::erase_if(dead, [](const ide::Diagnostic& d) { return d.code != isa::DiagnosticCode::DeadWrite; });
    // Lines whose every write is flagged.
    for (std::size_t k = 0; k < snapshot->chunkCount(); ++k) {
      const std::uint32_t line = snapshot->chunkLine(k);
      if (line < headerLines) continue;
      bool writes = false, allDead = true;
      for (const ide::RegisterEvent& e : snapshot->chunk(k).registerEvents) {
        if (!isa::writes(e.access)) continue;
        writes = true;
        allDead = allDead && covered(dead, {e.range.begin + snapshot->chunkStart(k),
                                            e.range.end + snapshot->chunkStart(k)});
      }
      if (!writes || !allDead) continue;
      const ide::RunOutcome without = ide::runDocument(db(), textOf(line - headerLines), {});
      ASSERT_TRUE(without.final);
      EXPECT_EQ(difference(*full.final, *without.final), "")
          << "removing line " << line + 1 << " (" << lines[line - headerLines] << ") changed the result of\n"
          << text;
      ++removed;
    }
  }
  // The property was exercised, not vacuously true.
  EXPECT_GT(programs, 200u);
  EXPECT_GT(removed, 100u);
}

}  // namespace
}  // namespace gpuasm::featuretest
