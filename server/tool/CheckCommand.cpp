// `gpuasm check FILE... [--json] [-j N] [--no-dataflow] [--werror]`: the diagnostics of each
// file — exactly what the language server publishes for it with its default settings and no
// state file: the assembler's, the directives', the register dataflow's and the `// @expect`
// outcomes — as a compiler prints them (file:line:col: severity: message [code]) or as JSON.
// Exit 1 when any file has an error (or, with --werror, a warning). The files are mapped
// (MappedSources), cut into batches assembled by N threads at once (ide::assembleBatches), and
// every diagnostic is placed and printed as it comes back, in file order: a file's diagnostics
// come with its last batch (the dataflow is known at its end; with --no-dataflow and no
// `// @expect`, with each batch), so memory does not grow with the files' sizes. Each file is
// checked against its own project's spec (FileSpecs): a run of consecutive files that share one
// is assembled together, so the output keeps the order of the arguments.
#include "Commands.h"
#include "MappedSources.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/SourceFile.h>
#include <gpuasm/formats/CheckJson.h>
#include <gpuasm/ide/execution/LiveValues.h>
#include <gpuasm/syntax/LineIndex.h>

#include <algorithm>
#include <optional>
#include <ostream>
#include <thread>
#include <vector>

namespace gpuasm::tool {

namespace {

class CheckedFiles final : public ide::BatchDocuments {
 public:
  CheckedFiles(const CheckOptions& options, std::ostream& out, std::ostream& err)
      : options_(options), out_(out), err_(err) {
    if (options.json) json_.emplace(out);
    texts_.resize(options.files.size());
  }

  /// Assemble files [first, first + n) next: assembleBatches' document i is file first + i.
  void select(std::size_t first, std::size_t n) {
    first_ = first;
    count_ = n;
  }

  std::size_t count() const override { return count_; }
  // On an assembling thread; batch() reads texts_[i] only after a batch of file i came back.
  std::expected<std::string_view, std::string> open(std::size_t document) override {
    const std::size_t i = first_ + document;
    auto text = sources_.open(i, options_.files[i]);
    if (!text) return text;
    if (auto problem = ide::binaryFileProblem(options_.files[i], *text)) {
      sources_.close(i);
      return std::unexpected(std::move(*problem));
    }
    texts_[i] = *text;
    return text;
  }

  void failed(std::size_t document, std::string&& error) override {
    const std::size_t i = first_ + document;
    ioError_ = true;
    if (json_) {
      json_->beginFile();
      json_->endFile(options_.files[i], error);
    } else {
      err_ << "gpuasm: " << error << '\n';
    }
  }

  void batch(ide::AssembledBatch&& b) override {
    const std::size_t i = first_ + b.document;
    const std::string& path = options_.files[i];
    if (!cursor_) {  // the file's first batch
      cursor_.emplace(texts_[i]);
      if (json_) json_->beginFile();
    }
    for (const ide::Diagnostic& d : b.diagnostics) {
      anyError_ |=
          d.severity == ide::Severity::Error || (options_.werror && d.severity == ide::Severity::Warning);
      const formats::PlacedDiagnostic placed = formats::placeDiagnostic(d, *cursor_);
      if (json_)
        json_->diagnostic(placed);
      else
        printDiagnostic(path, placed, out_);
    }
    if (b.last) {
      if (json_) json_->endFile(path, "");
      cursor_.reset();
      sources_.close(i);
    }
  }

  void finish() {
    if (json_) json_->finish();
  }
  int status() const { return ioError_ ? kExitUsage : anyError_ ? kExitInputErrors : kExitOk; }

 private:
  const CheckOptions& options_;
  std::ostream& out_;
  std::ostream& err_;
  MappedSources sources_;
  std::vector<std::string_view> texts_;
  std::size_t first_ = 0, count_ = 0;  // the files being assembled
  std::optional<formats::CheckJsonWriter> json_;
  std::optional<syntax::LineCursor> cursor_;  // of the file being printed
  bool anyError_ = false, ioError_ = false;
};

}  // namespace

int runCheck(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  const auto specs = FileSpecs::forFiles(options, options.files, err);
  if (!specs) return kExitUsage;
  CheckedFiles files(options, out, err);
  ide::BatchOptions batches;
  batches.threads = options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  // What the language server publishes with its default settings and no state file.
  batches.directives = true;
  batches.dataflow = !options.noDataflow;
  batches.dataflowMaxFindings = ide::kDefaultDataflowMaxFindings;
  batches.expectations = &ide::expectationOutcomes;
  for (std::size_t first = 0, end = 0; first < options.files.size(); first = end) {
    for (end = first + 1; end < options.files.size() && specs->same(first, end); ++end) {}
    files.select(first, end - first);
    ide::assembleBatches(specs->of(first), files, batches);
  }
  files.finish();
  return files.status();
}

}  // namespace gpuasm::tool
