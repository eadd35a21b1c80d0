// `gpuasm asm FILE [--json]`: the listing of a file — per statement its line, the encoding
// variant, the 128-bit word and the field values — and its diagnostics. Exit 1 on any error.
#include "Commands.h"
#include "MappedSources.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/Listing.h>
#include <gpuasm/ide/analysis/SourceFile.h>
#include <gpuasm/isa/Printer.h>
#include <gpuasm/formats/CheckJson.h>
#include <gpuasm/syntax/LineIndex.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <sstream>
#include <thread>

#ifdef _WIN32
#include <process.h>
#else
#include <unistd.h>
#endif

namespace gpuasm::tool {

namespace {

// This process's id, which names its temporary files.
long processId() {
#ifdef _WIN32
  return _getpid();
#else
  return ::getpid();
#endif
}

// The machine code file of `asm -o`: written under a temporary name beside OUT and renamed over
// it only when the whole input assembled, so a run with errors (or one that fails half-way)
// never leaves a partial file or replaces a good one.
class MachineCodeFile {
 public:
  explicit MachineCodeFile(std::string path)
      : path_(std::move(path)), temp_(path_ + ".partial-" + std::to_string(processId())) {
    out_.open(temp_, std::ios::binary | std::ios::trunc);
  }
  MachineCodeFile(const MachineCodeFile&) = delete;
  MachineCodeFile& operator=(const MachineCodeFile&) = delete;
  ~MachineCodeFile() {
    if (committed_) return;
    out_.close();
    std::error_code ignored;
    std::filesystem::remove(temp_, ignored);
  }

  bool opened() const { return out_.is_open(); }
  void write(const isa::Word128& word) {
    const auto bytes = word.toBytes();
    out_.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  /// Puts the file in place; false (and why, on `err`) when writing or renaming failed.
  bool commit(std::ostream& err) {
    out_.close();
    if (!out_) {
      err << "gpuasm asm: error while writing '" << temp_ << "'\n";
      return false;
    }
    std::error_code ec;
    std::filesystem::rename(temp_, path_, ec);
    if (ec) {
      err << "gpuasm asm: cannot write '" << path_ << "': " << ec.message() << '\n';
      return false;
    }
    committed_ = true;
    return true;
  }

 private:
  std::string path_, temp_;
  std::ofstream out_;
  bool committed_ = false;
};

}  // namespace

void printDiagnostic(const std::string& file, const formats::PlacedDiagnostic& d, std::ostream& out) {
  out << file << ':' << d.line << ':' << d.column << ": " << d.severity << ": " << d.message << " [" << d.code
      << "]";
  if (!d.erratum.empty()) out << " (erratum " << d.erratum << ")";
  out << '\n';
  if (!d.legalForms.empty()) {
    out << file << ':' << d.line << ':' << d.column << ": note: any one of these forms would be legal:\n";
    for (const auto& f : d.legalForms) out << "    " << f << '\n';
  }
}

void printDiagnostics(const std::string& file, const std::vector<formats::PlacedDiagnostic>& diagnostics,
                      std::ostream& out) {
  for (const auto& d : diagnostics) printDiagnostic(file, d, out);
}

namespace {

// `asm -o`: the file mapped and assembled in batches by several threads (ide::assembleBatches),
// the words written and the diagnostics printed as the batches come back, so memory stays flat
// on a file of any size; the file is put in place only when nothing was an error.
int writeMachineCode(const isa::InstrDb& db, const AsmOptions& options, std::ostream& err) {
  MachineCodeFile machineCode(*options.output);
  if (!machineCode.opened()) {
    err << "gpuasm asm: cannot write '" << *options.output << "'\n";
    return kExitUsage;
  }
  struct Source final : ide::BatchDocuments {
    const AsmOptions* options;
    std::ostream* err;
    MachineCodeFile* machineCode;
    MappedSources sources;
    std::optional<syntax::LineCursor> cursor;
    bool anyError = false, ioError = false;
    std::size_t count() const override { return 1; }
    std::expected<std::string_view, std::string> open(std::size_t i) override {
      auto text = sources.open(i, options->file);
      if (!text) return text;
      if (auto problem = ide::binaryFileProblem(options->file, *text)) {
        sources.close(i);
        return std::unexpected(std::move(*problem));
      }
      cursor.emplace(*text);  // read by batch() only after the first batch came back
      return text;
    }
    void failed(std::size_t, std::string&& error) override {
      *err << "gpuasm: " << error << '\n';
      ioError = true;
    }
    void batch(ide::AssembledBatch&& b) override {
      for (const ide::Diagnostic& d : b.diagnostics) {
        anyError |= d.severity == ide::Severity::Error;
        printDiagnostic(options->file, formats::placeDiagnostic(d, *cursor), *err);
      }
      if (!anyError)
        for (const isa::Word128& w : b.words) machineCode->write(w);
    }
  } source;
  source.options = &options;
  source.err = &err;
  source.machineCode = &machineCode;
  ide::BatchOptions batches;
  batches.threads = options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  batches.words = true;
  ide::assembleBatches(db, source, batches);
  if (source.ioError) return kExitUsage;
  if (source.anyError) {
    err << "gpuasm asm: " << *options.output << " not written: " << options.file << " has errors\n";
    return kExitInputErrors;
  }
  return machineCode.commit(err) ? kExitOk : kExitUsage;
}

}  // namespace

int runAsm(const AsmOptions& options, std::ostream& out, std::ostream& err) {
  auto load = loadSpecFor(options, err, projectFolderOf(options.file));
  if (!load) return kExitUsage;
  if (options.output) return writeMachineCode(*load->db, options, err);
  auto text = readAssemblyFile(options.file, err);
  if (!text) return kExitUsage;
  const isa::InstrDb& db = *load->db;
  const std::string& source = *text;
  const syntax::LineIndex lines(source);
  if (options.json) {
    const ide::AssembledUnit unit = ide::assembleText(db, source);
    std::vector<formats::ListingEntry> listing;
    for (const auto& s : unit.statements) {
      ide::ListingLine l = ide::listingLine(source, s);
      formats::ListingEntry& e = listing.emplace_back();
      e.line = l.line + 1;
      e.text = std::string(l.text);
      if (!l.assembled) continue;
      e.opcode = std::string(l.variant);
      e.encoding = std::move(l.encoding);
      for (const ide::EncodedField& f : l.fields) e.fields.emplace_back(std::string(f.name), f.value);
      e.canonical = isa::printInstruction(db, *s.inst->opcode, s.inst->values).value_or("");
    }
    const auto placed = formats::placeDiagnostics(unit.diagnostics, lines);
    out << formats::asmToJson(options.file, listing, placed, 2) << '\n';
    return std::any_of(placed.begin(), placed.end(), [](const auto& d) { return d.severity == "error"; })
               ? kExitInputErrors
               : kExitOk;
  }
  // The listing is written as the assembler goes, a line of fixed columns per statement (line
  // number, word, variant, source); the diagnostics follow it on stderr.
  struct Listing final : ide::AssemblySink {
    std::ostream* out;
    std::string_view source;
    std::string row;  // reused: one allocation for the whole listing
    std::vector<ide::Diagnostic> diagnostics;
    void diagnostic(ide::Diagnostic&& d) override { diagnostics.push_back(std::move(d)); }
    void statement(ide::AssembledStatement&& s) override {
      const ide::ListingLine l = ide::listingLine(source, s);
      const std::string number = std::to_string(l.line + 1);
      row.assign(number.size() < 5 ? 5 - number.size() : 0, ' ');
      row += number;
      row += "  ";
      if (l.assembled) {
        row += l.encoding;
        row += "  ";
        row += l.variant;
        row.append(l.variant.size() < 16 ? 16 - l.variant.size() : 0, ' ');
      } else {
        row.append(34 + 2 + 16, ' ');
      }
      row += "  ";
      row += l.text;
      row += '\n';
      out->write(row.data(), static_cast<std::streamsize>(row.size()));
    }
  } listing;
  listing.out = &out;
  listing.source = source;
  ide::assembleText(db, source, listing);
  const auto placed = formats::placeDiagnostics(listing.diagnostics, lines);
  printDiagnostics(options.file, placed, err);
  return std::any_of(placed.begin(), placed.end(), [](const auto& d) { return d.severity == "error"; })
             ? kExitInputErrors
             : kExitOk;
}

}  // namespace gpuasm::tool
