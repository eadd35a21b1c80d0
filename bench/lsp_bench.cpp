// The language server on a big file, driven through a real stdio client, beside clangd answering
// on a C file with the same number of lines in the same run (issue 6):
//   didOpen → first diagnostics; one-character edit → diagnostics (p50, p99; for gpuasm, which
//   publishes only a changed list, → its publish or the reply to a request sent after it); hover and
//   completion latency (p50, p99); one-character edit → inlay hints of a 60-line window around
//   it (gpuasm: live values, re-run from the last checkpoint before the edit, and the encoding;
//   clangd: parameter and type hints) and of the last 60 lines (gpuasm: the run from the edit to
//   the end of the file); peak RSS (VmHWM) of the server process.
// clangd runs with --sync (requests on its main thread, no diagnostics debounce, so its edit →
// diagnostics time is its work, not its timer) and -j=1, without a background index.
// Usage: gpuasm_lsp_bench [GPUASM_BINARY [CLANGD]]   (edits and requests: 200 each)
#include "BenchInput.h"
#include "LspClient.h"
#include "ScratchDir.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <unistd.h>

namespace {

using gpuasm::bench::Client;
using nlohmann::json;
constexpr int kSamples = 200;
using gpuasm::bench::Clock;
using gpuasm::bench::msSince;
using gpuasm::bench::percentile;
using gpuasm::bench::pos;

struct Workload {
  std::string languageId;
  std::string uri;
  std::string text;
  std::vector<std::string> lines;
  /// Where a hover and a completion make sense on line `line`.
  std::function<int(const std::string&line)> hoverColumn, completionColumn;
  /// Whether the server publishes diagnostics after every edit (clangd), or only when the list
  /// the client has changes (gpuasm).
  bool publishesUnchanged = true;
};

struct Figures {
  double open = 0, editP50 = 0, editP99 = 0, hoverP50 = 0, hoverP99 = 0, completionP50 = 0, completionP99 = 0,
         rss = 0;
  double hintsP50 = 0, hintsP99 = 0, hintsEndP50 = 0, hintsEndP99 = 0;
  std::size_t endHints = 0;  ///< hints in the last window after the last edit (0: none offered)
  std::size_t openDiagnostics = 0;
};

Figures measure(const std::vector<std::string>& argv, const Workload& w, const std::string& rootUri) {
  Client c(argv);
  Figures f;
  c.reply(c.request("initialize",
                    {{"processId", getpid()},
                     {"rootUri", rootUri},
                     // As gpuasm's own editor clients declare (docs/PROTOCOL.md): the encoding
                     // hint follows the cursor, so the hint windows measured are the live values,
                     // the figures of earlier runs.
                     {"capabilities", {{"experimental", {{"gpuasm", {{"cursorNotifications", true}}}}}}}}));
  c.notify("initialized", json::object());
  auto diagnosticsFor = [&](int version) {
    return c.waitFor([&](const json& m) {
      return m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == w.uri &&
             (!m["params"].contains("version") || m["params"]["version"] == version);
    });
  };
  auto t0 = Clock::now();
  c.notify(
      "textDocument/didOpen",
      {{"textDocument", {{"uri", w.uri}, {"languageId", w.languageId}, {"version", 1}, {"text", w.text}}}});
  f.openDiagnostics = diagnosticsFor(1)["params"]["diagnostics"].size();
  f.open = msSince(t0);

  std::mt19937 rng(42);
  std::vector<double> edits, hovers, completions;
  int version = 1;
  std::size_t spaced = 0;  // the line the last inserted space went to
  for (int i = 0; i < kSamples; ++i) {
    // A one-character edit: a space typed at the start of a random line, then taken back.
    const bool insert = i % 2 == 0;
    if (insert) spaced = rng() % w.lines.size();
    const json change = {{"range", {{"start", pos(spaced, 0)}, {"end", pos(spaced, insert ? 0 : 1)}}},
                         {"text", insert ? " " : ""}};
    t0 = Clock::now();
    c.notify("textDocument/didChange", {{"textDocument", {{"uri", w.uri}, {"version", ++version}}},
                                        {"contentChanges", json::array({change})}});
    if (!w.publishesUnchanged) {
      // No publish when the edit leaves the list as the client has it (a space on a line without
      // a diagnostic): a request after the change is answered once the change is handled, and
      // after its publish if there is one.
      const int sync = c.request("gpuasm/benchSync", json::object());
      const json first = c.waitFor([&](const json& m) {
        const bool published = m.value("method", "") == "textDocument/publishDiagnostics" &&
                               m["params"]["uri"] == w.uri && m["params"].value("version", -1) == version;
        return published || (m.contains("id") && m["id"] == sync && !m.contains("method"));
      });
      edits.push_back(msSince(t0));
      if (first.contains("method")) c.reply(sync);
      continue;
    }
    diagnosticsFor(version);
    edits.push_back(msSince(t0));
  }
  for (int i = 0; i < kSamples; ++i) {
    const std::size_t line = rng() % w.lines.size();
    t0 = Clock::now();
    c.reply(c.request("textDocument/hover", {{"textDocument", {{"uri", w.uri}}},
                                             {"position", pos(line, w.hoverColumn(w.lines[line]))}}));
    hovers.push_back(msSince(t0));
  }
  for (int i = 0; i < kSamples; ++i) {
    const std::size_t line = rng() % w.lines.size();
    t0 = Clock::now();
    c.reply(c.request(
        "textDocument/completion",
        {{"textDocument", {{"uri", w.uri}}}, {"position", pos(line, w.completionColumn(w.lines[line]))}}));
    completions.push_back(msSince(t0));
  }
  // Edit, then the hints of a window: around the edit (what the user sees while typing), or the
  // file's last 60 lines (for gpuasm the longest re-run: from the edit to the end).
  auto editThenHints = [&](bool atEnd) {
    std::vector<double> out;
    for (int i = 0; i < kSamples; ++i) {
      const bool insert = i % 2 == 0;
      if (insert) spaced = rng() % w.lines.size();
      const json change = {{"range", {{"start", pos(spaced, 0)}, {"end", pos(spaced, insert ? 0 : 1)}}},
                           {"text", insert ? " " : ""}};
      const std::size_t first = atEnd ? w.lines.size() - 60 : spaced - std::min<std::size_t>(spaced, 20);
      t0 = Clock::now();
      c.notify("textDocument/didChange", {{"textDocument", {{"uri", w.uri}, {"version", ++version}}},
                                          {"contentChanges", json::array({change})}});
      const json hints =
          c.reply(c.request("textDocument/inlayHint",
                            {{"textDocument", {{"uri", w.uri}}},
                             {"range", {{"start", pos(first, 0)}, {"end", pos(first + 60, 0)}}}}))
              .value("result", json());
      out.push_back(msSince(t0));
      if (atEnd) f.endHints = hints.is_array() ? hints.size() : 0;
    }
    return out;
  };
  const std::vector<double> hints = editThenHints(false), hintsEnd = editThenHints(true);
  f.hintsP50 = percentile(hints, 0.5);
  f.hintsP99 = percentile(hints, 0.99);
  f.hintsEndP50 = percentile(hintsEnd, 0.5);
  f.hintsEndP99 = percentile(hintsEnd, 0.99);
  f.editP50 = percentile(edits, 0.5);
  f.editP99 = percentile(edits, 0.99);
  f.hoverP50 = percentile(hovers, 0.5);
  f.hoverP99 = percentile(hovers, 0.99);
  f.completionP50 = percentile(completions, 0.5);
  f.completionP99 = percentile(completions, 0.99);
  f.rss = c.peakRssMiB();
  c.shutdown();
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string gpuasm = argc > 1 ? argv[1] : GPUASM_BINARY;
  const std::string clangd = argc > 2 ? argv[2] : "clangd";
  const gpuasm::test::ScratchDir scratch("lsp-bench");
  const std::filesystem::path& dir = scratch.path();

  Workload asmWork{"gpuasm", "file://" + (dir / "big.asm").string(), {}, {}, {}, {}, false};
  asmWork.lines = gpuasm::bench::megabyteListing(GPUASM_SOURCE_DIR);
  for (const std::string& l : asmWork.lines) asmWork.text += l + "\n";
  // Hover on the mnemonic; complete right after the mnemonic's first dot, or at the line start.
  asmWork.hoverColumn = [](const std::string& l) {
    const auto at = l.find_first_not_of(" @!PU0123456789T");
    return at == std::string::npos ? 0 : static_cast<int>(at);
  };
  asmWork.completionColumn = [](const std::string& l) {
    const auto start = l.find_first_not_of(' ');
    if (start == std::string::npos || l.compare(start, 2, "//") == 0) return 0;
    const auto dot = l.find('.', start);
    return dot == std::string::npos || dot > l.find(' ', start) ? static_cast<int>(start)
                                                                : static_cast<int>(dot + 1);
  };

  // A C file with the same number of lines: small functions calling each other.
  Workload cWork{"c", "file://" + (dir / "big.c").string(), {}, {}, {}, {}, true};
  const std::size_t n = asmWork.lines.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string k = std::to_string(i);
    cWork.lines.push_back(i == 0 ? "static int f0(int a) { return a + 1; }"
                                 : "static int f" + k + "(int a) { return f" + std::to_string(i - 1) +
                                       "(a) + " + k + "; }");
    cWork.text += cWork.lines.back() + "\n";
  }
  cWork.hoverColumn = [](const std::string& l) {
    return static_cast<int>(l.find("return") + 8);
  };  // on the callee
  cWork.completionColumn = [](const std::string& l) {
    return static_cast<int>(l.find("return") + 8);
  };  // after "f"
  std::ofstream(dir / "big.asm") << asmWork.text;
  std::ofstream(dir / "big.c") << cWork.text;
  std::ofstream(dir / "compile_flags.txt") << "-xc\n-std=c11\n";

  std::printf(
      "LSP benchmark: %zu lines (%zu bytes of assembly, %zu bytes of C), %d edits/hovers/completions each\n",
      n, asmWork.text.size(), cWork.text.size(), kSamples);
  const std::string root = "file://" + dir.string();
  const Figures g = measure({gpuasm, "lsp"}, asmWork, root);
  std::optional<Figures> c;
  try {
    c = measure({clangd, "--sync", "-j=1", "--background-index=false", "--log=error"}, cWork, root);
  } catch (const std::exception& e) {
    std::printf("clangd: %s (no comparison)\n", e.what());
  }
  std::printf("%-34s %12s %12s %10s\n", "", "gpuasm", "clangd", "clangd/gpuasm");
  auto row = [&](const char* name, double a, double b, const char* unit) {
    if (c)
      std::printf("%-34s %9.3f %s %9.3f %s %10.1fx\n", name, a, unit, b, unit, b / a);
    else
      std::printf("%-34s %9.3f %s\n", name, a, unit);
  };
  row("didOpen -> first diagnostics", g.open, c ? c->open : 0, "ms");
  row("edit -> diagnostics p50", g.editP50, c ? c->editP50 : 0, "ms");
  row("edit -> diagnostics p99", g.editP99, c ? c->editP99 : 0, "ms");
  row("hover p50", g.hoverP50, c ? c->hoverP50 : 0, "ms");
  row("hover p99", g.hoverP99, c ? c->hoverP99 : 0, "ms");
  row("completion p50", g.completionP50, c ? c->completionP50 : 0, "ms");
  row("completion p99", g.completionP99, c ? c->completionP99 : 0, "ms");
  row("edit -> inlay hints (window) p50", g.hintsP50, c ? c->hintsP50 : 0, "ms");
  row("edit -> inlay hints (window) p99", g.hintsP99, c ? c->hintsP99 : 0, "ms");
  row("edit -> inlay hints (end) p50", g.hintsEndP50, c ? c->hintsEndP50 : 0, "ms");
  row("edit -> inlay hints (end) p99", g.hintsEndP99, c ? c->hintsEndP99 : 0, "ms");
  row("peak RSS", g.rss, c ? c->rss : 0, "MiB");
  std::printf("hints in the last 60 lines: gpuasm %zu, clangd %zu\n", g.endHints, c ? c->endHints : 0);
  std::printf("diagnostics on open: gpuasm %zu, clangd %zu\n", g.openDiagnostics, c ? c->openDiagnostics : 0);
  return 0;
}
