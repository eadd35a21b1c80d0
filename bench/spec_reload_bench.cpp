// The live spec (issue 16) through a real stdio client: a workspace whose gpuasm.json names a
// copy of the spec, the 1 MB listing open, and 000_ialu.txt open as a spec file.
//   spec edit → the 1 MB document re-diagnosed against the new database (p50, p99): a space
//   typed into an instruction's description, or taken back (the whole spec is reloaded);
//   one-character edits of the 1 MB document typed while each reload runs → their diagnostics
//   (p50, p99), beside the same typing with no reload (the baseline in the same run).
// The reload's own baseline, in this process: reading and loading the spec, its lint and a
// fresh analysis of the 1 MB text — the work a reload cannot avoid — timed natively.
// Usage: gpuasm_spec_reload_bench [GPUASM_BINARY]
#include "LspClient.h"
#include "ScratchDir.h"

#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/isa/SpecLint.h>
#include <gpuasm/isa/SpecSource.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using gpuasm::bench::Client;
using gpuasm::bench::Clock;
using gpuasm::bench::msSince;
using gpuasm::bench::percentile;
using gpuasm::bench::pos;
using nlohmann::json;
namespace fs = std::filesystem;

constexpr int kReloads = 20;
constexpr int kTypedPerReload = 10;

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// An edit of the spec that changes no instruction: a space typed at the start of IADD's
// __Description (000_ialu.txt line 129), or taken back. The server reloads on any change, and
// the document's diagnostics stay the same, so typing during the reload is compared with typing
// before it on the same diagnostics (a rename that makes the listing's .U32 lines errors would
// compare publishing thousands of diagnostics with publishing none).
json descriptionEdit(const std::string& uri, int version, bool insert) {
  json change = {{"range", {{"start", pos(128, 0)}, {"end", pos(128, insert ? 0 : 1)}}},
                 {"text", insert ? " " : ""}};
  return {{"textDocument", {{"uri", uri}, {"version", version}}}, {"contentChanges", json::array({change})}};
}

}  // namespace

int main(int argc, char** argv) {
  const std::string gpuasm = argc > 1 ? argv[1] : GPUASM_BINARY;
  const gpuasm::test::ScratchDir scratch("spec-reload-bench");
  const fs::path& ws = scratch.path();
  fs::create_directories(ws / "spec");
  for (const auto& e : fs::directory_iterator(GPUASM_SOURCE_DIR "/isa-db/spec"))
    fs::copy_file(e.path(), ws / "spec" / e.path().filename());
  std::ofstream(ws / "gpuasm.json") << R"({"specDir": "spec"})";
  std::string text;
  for (const std::string& l : gpuasm::bench::megabyteListing(GPUASM_SOURCE_DIR)) text += l + "\n";
  const std::size_t lineCount = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  const std::string asmUri = "file://" + (ws / "big.asm").string();
  const std::string specUri = "file://" + (ws / "spec" / "000_ialu.txt").string();
  std::printf(
      "spec reload benchmark: %zu lines (%zu bytes) open, %d reloads, %d keystrokes typed during each\n",
      lineCount, text.size(), kReloads, kTypedPerReload);

  // The baseline: what a reload does, natively, once per sample.
  std::vector<double> native;
  for (int i = 0; i < kReloads; ++i) {
    const auto t0 = Clock::now();
    auto files = gpuasm::isa::readSpecDir((ws / "spec").string());
    if (!files) return std::fprintf(stderr, "%s\n", files.error().c_str()), 2;
    gpuasm::isa::SpecLoad load = gpuasm::isa::loadSpec(std::move(*files));
    auto lint = gpuasm::isa::lintSpec(*load.db);
    const auto snap = gpuasm::ide::Snapshot::analyse(load.db, text);
    if (snap->chunkCount() == 0 || lint.empty()) return 2;
    native.push_back(msSince(t0));
  }

  Client c({gpuasm, "lsp"});
  c.reply(c.request(
      "initialize",
      {{"processId", getpid()}, {"rootUri", "file://" + ws.string()}, {"capabilities", json::object()}}));
  c.notify("initialized", json::object());
  int asmVersion = 1, specVersion = 1;
  auto asmDiagnostics = [&](std::optional<int> version) {
    return c.waitFor([&](const json& m) {
      return m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == asmUri &&
             (!version || m["params"].value("version", -1) == *version);
    });
  };
  c.notify("textDocument/didOpen",
           {{"textDocument",
             {{"uri", asmUri}, {"languageId", "gpuasm"}, {"version", asmVersion}, {"text", text}}}});
  asmDiagnostics(asmVersion);
  c.notify("textDocument/didOpen", {{"textDocument",
                                     {{"uri", specUri},
                                      {"languageId", "gpuasm-spec"},
                                      {"version", specVersion},
                                      {"text", readFile(ws / "spec" / "000_ialu.txt")}}}});

  std::mt19937 rng(16);
  std::size_t spaced = 0;
  bool insert = true;
  // One keystroke in the 1 MB document (a space at a line start, then taken back) → its diagnostics.
  auto keystroke = [&]() {
    if (insert) spaced = rng() % lineCount;
    const json change = {{"range", {{"start", pos(spaced, 0)}, {"end", pos(spaced, insert ? 0 : 1)}}},
                         {"text", insert ? " " : ""}};
    insert = !insert;
    const auto t0 = Clock::now();
    c.notify("textDocument/didChange", {{"textDocument", {{"uri", asmUri}, {"version", ++asmVersion}}},
                                        {"contentChanges", json::array({change})}});
    asmDiagnostics(asmVersion);
    return msSince(t0);
  };

  std::vector<double> quietTyping;
  for (int i = 0; i < kReloads * kTypedPerReload; ++i) quietTyping.push_back(keystroke());

  // Spec edit → the document's next publish (the reload's; nothing else changes it), with no
  // typing: the reload starts after the server's 25 ms of quiet.
  std::vector<double> reloads;
  bool forward = true;
  for (int i = 0; i < kReloads; ++i) {
    const auto t0 = Clock::now();
    c.notify("textDocument/didChange", descriptionEdit(specUri, ++specVersion, forward));
    forward = !forward;
    asmDiagnostics(std::nullopt);
    reloads.push_back(msSince(t0));
  }
  // Spec edit, then typing at once and through the reload: each keystroke's latency; the reload
  // lands in a pause between keystrokes (here: the 30 ms before the first, so that it starts).
  std::vector<double> typingDuringReload;
  for (int i = 0; i < kReloads; ++i) {
    c.notify("textDocument/didChange", descriptionEdit(specUri, ++specVersion, forward));
    forward = !forward;
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    for (int k = 0; k < kTypedPerReload; ++k) typingDuringReload.push_back(keystroke());
    asmDiagnostics(std::nullopt);  // the reload's publish, once typing pauses
  }
  const double rss = c.peakRssMiB();
  c.shutdown();

  std::printf("%-44s %10s %10s %8s\n", "", "p50", "p99", "ratio p50");
  std::printf("%-44s %7.1f ms %7.1f ms\n", "native: read + load + lint + analyse 1 MB",
              percentile(native, 0.5), percentile(native, 0.99));
  std::printf("%-44s %7.1f ms %7.1f ms %7.2fx\n", "spec edit -> 1 MB document re-diagnosed",
              percentile(reloads, 0.5), percentile(reloads, 0.99),
              percentile(reloads, 0.5) / percentile(native, 0.5));
  std::printf("%-44s %7.2f ms %7.2f ms\n", "keystroke -> diagnostics, no reload",
              percentile(quietTyping, 0.5), percentile(quietTyping, 0.99));
  std::printf("%-44s %7.2f ms %7.2f ms %7.2fx\n", "keystroke -> diagnostics, during a reload",
              percentile(typingDuringReload, 0.5), percentile(typingDuringReload, 0.99),
              percentile(typingDuringReload, 0.5) / percentile(quietTyping, 0.5));
  std::printf("server peak RSS %.1f MiB\n", rss);
  return 0;
}
