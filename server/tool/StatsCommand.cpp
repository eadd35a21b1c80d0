// `gpuasm stats FILE... [--json] [--lines]`: per file the register pressure
// (ide/analysis/RegisterPressure.h) — the peak of each register file with its line, the
// registers used, and with --lines the live counts at each statement line, as nvdisasm's
// --print-life-ranges gives them per instruction. Exit 2 when a file cannot be read, 1 when a
// file has errors (its figures are still printed: a line that does not assemble counts as
// reading and writing every register it names), else 0. A file is streamed through the
// assembler (ide::assembleText) and its register events fed to the pressure a few thousand
// statements at a time: no snapshot of it is kept (docs/BENCHMARKS.md, "See the warp").
#include "Commands.h"

#include <gpuasm/ide/analysis/RegisterPressure.h>
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/RegisterEvents.h>
#include <gpuasm/ide/analysis/SourceFile.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/formats/StatsJson.h>

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace gpuasm::tool {

namespace {

// The statements of a file as the assembler hands them over, fed to the pressure in units.
class PressureSink final : public ide::AssemblySink {
 public:
  PressureSink(const isa::InstrDb& db, std::uint32_t lines) : db_(db), builder_(db, lines) {}
  void diagnostic(ide::Diagnostic&& d) override { errors += d.severity == ide::Severity::Error; }
  void statement(ide::AssembledStatement&& s) override {
    unit_.statements.push_back(std::move(s));
    if (unit_.statements.size() == kUnit) flush();
  }
  ide::RegisterPressure finish() {
    flush();
    return builder_.finish();
  }
  std::uint32_t errors = 0;

 private:
  static constexpr std::size_t kUnit = 4096;
  void flush() {
    builder_.add(unit_, ide::registerEvents(db_, unit_), 0);
    unit_.statements.clear();
  }
  const isa::InstrDb& db_;
  ide::RegisterPressureBuilder builder_;
  ide::AssembledUnit unit_;
};

formats::FileStats statsOf(const isa::InstrDb& db, const std::string& path, std::uint32_t errors,
                           const ide::RegisterPressure& pressure, bool lines) {
  formats::FileStats f;
  f.file = path;
  f.errors = errors;
  for (std::size_t i = 0; i < ide::kRegisterFiles; ++i) {
    const auto file = static_cast<ide::RegisterFile>(i);
    formats::RegisterFileStats r;
    r.file = pressure.fileName(file);
    r.peak = pressure.peaks()[i].count;
    if (pressure.peaks()[i].line) r.peakLine = *pressure.peaks()[i].line + 1;
    for (const ide::RegisterId reg : pressure.used())
      if (pressure.fileOf(reg) == file) r.used.push_back(ide::registerName(db, reg));
    f.files.push_back(std::move(r));
  }
  if (lines) {
    f.lines.emplace();
    for (const std::uint32_t line : pressure.statementLines())
      f.lines->push_back({line + 1, pressure.countsAt(line)});
  }
  return f;
}

// The text of a line, without its end and surrounding white space.
std::string_view lineText(std::string_view source, const syntax::LineIndex& index, std::uint32_t line) {
  const std::uint32_t begin = index.lineStart(line);
  const std::uint32_t end =
      line + 1 < index.lineCount() ? index.lineStart(line + 1) : static_cast<std::uint32_t>(source.size());
  return text::trim(source.substr(begin, end - begin));
}

void printStats(const formats::FileStats& f, std::string_view source, const syntax::LineIndex& index,
                const ide::RegisterPressure& pressure, std::ostream& out) {
  out << f.file << ": " << ide::peakSummary(pressure) << '\n';
  for (const formats::RegisterFileStats& r : f.files) {
    if (r.used.empty()) continue;
    out << "  " << r.file << std::string(3 - r.file.size(), ' ') << r.used.size() << " used:";
    for (const std::string& name : r.used) out << ' ' << name;
    out << '\n';
  }
  if (f.errors > 0)
    out << "  " << f.errors << (f.errors == 1 ? " error" : " errors")
        << " (gpuasm check lists them): a line that does not assemble counts as reading and writing every "
           "register it names\n";
  if (!f.lines) return;
  out << "  line     R    P   UR   UP  statement\n";
  char row[64];
  for (const formats::LineStats& l : *f.lines) {
    std::snprintf(row, sizeof row, "%6u %5u %4u %4u %4u  ", l.line, l.live[0], l.live[1], l.live[2],
                  l.live[3]);
    out << row << lineText(source, index, l.line - 1) << '\n';
  }
}

}  // namespace

int runStats(const StatsOptions& options, std::ostream& out, std::ostream& err) {
  const auto specs = FileSpecs::forFiles(options, options.files, err);
  if (!specs) return kExitUsage;
  bool ioError = false, anyError = false;
  std::vector<formats::FileStats> all;
  for (std::size_t i = 0; i < options.files.size(); ++i) {
    const std::string& path = options.files[i];
    const isa::InstrDb& db = specs->of(i);
    auto text = ide::readAssemblyFile(path);
    if (!text) {
      ioError = true;
      if (options.json)
        all.push_back(formats::FileStats{path, text.error(), 0, {}, std::nullopt});
      else
        err << "gpuasm: " << text.error() << '\n';
      continue;
    }
    const syntax::LineIndex index(*text);
    PressureSink sink(db, index.lineCount());
    ide::assembleText(db, *text, sink);
    const ide::RegisterPressure pressure = sink.finish();
    formats::FileStats f = statsOf(db, path, sink.errors, pressure, options.lines);
    anyError |= f.errors > 0;
    if (options.json)
      all.push_back(std::move(f));
    else
      printStats(f, *text, index, pressure, out);
  }
  if (options.json) out << formats::statsToJson(all);
  return ioError ? kExitUsage : anyError ? kExitInputErrors : kExitOk;
}

}  // namespace gpuasm::tool
