// `gpuasm check FILE... [--json]`: the diagnostics of each file, as a compiler prints them
// (file:line:col: severity: message [code]) or as JSON. Exit 1 when any file has an error.
#include "Commands.h"

#include <gpuasm/ide/Assembler.h>
#include <gpuasm/ide/Diagnostics.h>
#include <gpuasm/ide/Run.h>
#include <gpuasm/lsp/CheckJson.h>
#include <gpuasm/syntax/LineIndex.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>

namespace gpuasm::tool {

namespace {

// One file's outcome: its diagnostics placed (or why it could not be read), and what to print.
struct Checked {
  lsp::FileDiagnostics file;
  bool hasError = false, ioError = false;
  std::string text;  // the human output (diagnostics, or the read error), printed in file order
};

Checked checkFile(const isa::InstrDb& db, const std::string& path, bool json) {
  Checked c;
  c.file.file = path;
  std::ostringstream readErr;
  auto text = readSourceFile(path, readErr);
  if (!text) {
    c.file.error = readErr.str();
    while (!c.file.error.empty() && c.file.error.back() == '\n') c.file.error.pop_back();
    c.ioError = true;
    return c;
  }
  // The diagnostics of the streaming assembler (statements are dropped as they come: a file's
  // listing is many times its size) and of the directives, in document order, as the editor shows them.
  struct Diagnostics final : ide::AssemblySink {
    std::vector<ide::Diagnostic> list;
    void diagnostic(ide::Diagnostic&& d) override { list.push_back(std::move(d)); }
    void statement(ide::AssembledStatement&&) override {}
  } sink;
  ide::assembleText(db, *text, sink);
  std::vector<ide::Diagnostic>& diagnostics = sink.list;
  if (auto directives = ide::directiveDiagnostics(db, *text); !directives.empty()) {
    diagnostics.insert(diagnostics.end(), directives.begin(), directives.end());
    std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const auto& x, const auto& y) { return x.range.begin < y.range.begin; });
  }
  const syntax::LineIndex lines(*text);
  c.file.diagnostics = lsp::placeDiagnostics(diagnostics, lines);
  c.hasError = std::any_of(diagnostics.begin(), diagnostics.end(), [](const auto& d) { return d.severity == ide::Severity::Error; });
  if (!json) {
    std::ostringstream printed;
    printDiagnostics(path, c.file.diagnostics, printed);
    c.text = printed.str();
  }
  return c;
}

}  // namespace

int runCheck(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  const std::vector<std::string>& files = options.files;
  auto load = loadSpecFor(options.specDir, err);
  if (!load) return kExitUsage;
  const isa::InstrDb& db = *load->db;

  // Files are checked by `jobs` threads, each taking the next unchecked file; the results are
  // printed in the order of the command line as soon as every file before them is done.
  const std::size_t jobs = std::min<std::size_t>(files.size(), options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::optional<Checked>> done(files.size());
  std::mutex mutex;
  std::condition_variable ready;
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < files.size();) {
      Checked c = checkFile(db, files[i], options.json);
      const std::lock_guard lock(mutex);
      done[i] = std::move(c);
      ready.notify_all();
    }
  };
  std::vector<std::thread> workers;  // std::thread, not jthread: libc++ 16 (the fuzz build) lacks it
  for (std::size_t k = 1; k < jobs; ++k) workers.emplace_back(work);
  if (jobs <= 1) work();

  std::vector<lsp::FileDiagnostics> results;
  bool anyError = false, ioError = false;
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::unique_lock lock(mutex);
    ready.wait(lock, [&] { return done[i].has_value(); });
    Checked c = std::move(*done[i]);
    done[i].reset();
    lock.unlock();
    anyError |= c.hasError;
    ioError |= c.ioError;
    if (options.json) {
      results.push_back(std::move(c.file));
    } else {
      if (c.ioError) err << c.file.error << '\n';
      out << c.text;
    }
  }
  for (std::thread& w : workers) w.join();
  if (options.json) out << lsp::checkToJson(results, 2) << '\n';
  if (ioError) return kExitUsage;
  return anyError ? kExitInputErrors : kExitOk;
}

}  // namespace gpuasm::tool
