// Readable by default (issue 30): no line of the examples is cut at 120 columns by what the
// editor draws after it by default — its live values, in the summary of the active lanes and for
// a pinned lane — and no line of warp-reduce.asm, the file README's screenshots show, with the
// cursor on it either, which adds its encoding.
// The widths are counted here independently of the server's own budget: every character of the
// line and of each hint's label is one column, and each hint has one column of padding before it.
#include "Annotated.h"

#include <gpuasm/ide/asm/InlayHints.h>
#include <gpuasm/ide/execution/LiveValues.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace gpuasm::featuretest {
namespace {

constexpr std::size_t kScreenColumns = 120;

// One column per code point (the examples and the labels hold no wide characters or tabs).
std::size_t columns(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

TEST(ExamplesFit, NoLineIsCutAt120ColumnsByItsHints) {
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(GPUASM_EXAMPLES_DIR)) {
    if (entry.path().extension() != ".asm") continue;
    ++files;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const auto snap = ide::Snapshot::analyse(db(), text.str());
    ide::LiveRun run(snap, nullptr, nullptr, {});
    run.advance(std::nullopt, std::chrono::seconds(60));
    const std::uint32_t lines = snap->lines().lineCount();
    for (const std::optional<std::uint32_t> lane :
         {std::optional<std::uint32_t>(), std::optional<std::uint32_t>(0)}) {
      // Per line: the hints' columns, each with its padding.
      std::vector<std::size_t> live(lines, 0), encoding(lines, 0);
      for (const ide::InlayHint& h : ide::getLiveValueHints(run, 0, lines, lane))
        live[snap->lines().position(h.offset).line] += 1 + columns(h.label);
      for (const ide::InlayHint& h :
           ide::getEncodingHints(*snap, {0, static_cast<std::uint32_t>(snap->text().size())}))
        encoding[snap->lines().position(h.offset).line] += 1 + columns(h.label);
      for (std::uint32_t l = 0; l < lines; ++l) {
        const std::string_view line =
            std::string_view(snap->text())
                .substr(snap->lines().lineStart(l), snap->lines().lineEnd(l) - snap->lines().lineStart(l));
        // The cursor elsewhere, and the cursor on it.
        EXPECT_LE(columns(line) + live[l], kScreenColumns) << entry.path().filename().string() << ":" << l + 1
                                                           << " (" << (lane ? "lane 0" : "summary") << ")";
        if (entry.path().filename() != "warp-reduce.asm") continue;
        EXPECT_LE(columns(line) + live[l] + encoding[l], kScreenColumns)
            << entry.path().filename().string() << ":" << l + 1 << " with the cursor on it ("
            << (lane ? "lane 0" : "summary") << ")";
      }
    }
  }
  EXPECT_GE(files, 4);
}

}  // namespace
}  // namespace gpuasm::featuretest
