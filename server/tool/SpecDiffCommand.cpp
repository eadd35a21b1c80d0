// `gpuasm spec diff OLD_DIR NEW_DIR [FILE.asm...] [--json]`: what changed between two versions
// of the spec (isa::diffSpecs) and, for each file, the lines that no longer assemble, assemble
// to another word or compute something else (ide::diffFile). Exit status: with files, 1 when a
// line of one of them changed, else 0; without, 1 when the specs differ at all, else 0; 2 when
// a directory or a file cannot be read. A spec that loads with errors is still compared (the
// database is built anyway); the listing says so. docs/LANGUAGE.md, "What a spec change changes".
#include "Commands.h"

#include <gpuasm/ide/analysis/SourceFile.h>
#include <gpuasm/ide/execution/SpecDiffFile.h>
#include <gpuasm/isa/SpecDiff.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/formats/SpecDiffJson.h>

#include <algorithm>
#include <array>
#include <ostream>
#include <utility>

namespace gpuasm::tool {

namespace {

using isa::SpecChangeKind;

// The listing's sections, each a range of change kinds in SpecChangeKind's order.
struct Section {
  const char* title;
  SpecChangeKind first, last;
};
constexpr std::array<Section, 5> kSections{{
    {"types and enumerators", SpecChangeKind::TypeAdded, SpecChangeKind::EnumeratorRenamed},
    {"groups", SpecChangeKind::GroupAdded, SpecChangeKind::GroupRemoved},
    {"instructions and variants", SpecChangeKind::OptypeAdded, SpecChangeKind::OpcodeRemoved},
    {"fields, syntax, semantics and operand info", SpecChangeKind::FieldAdded,
     SpecChangeKind::OperandInfoChanged},
    {"errata", SpecChangeKind::ErratumAdded, SpecChangeKind::ErratumChanged},
}};

// "new/000_ialu.txt:42: enumerator-renamed CompOp.LT: LT = 0x2 -> LESS = 0x2 (old/000_ialu.txt:42)"
void printChange(const isa::SpecChange& c, std::ostream& out) {
  const isa::SpecPlace& at = c.newPlace.present() ? c.newPlace : c.oldPlace;
  out << "  " << at.toString() << ": " << isa::specChangeKindName(c.kind) << ' ' << c.name << ": ";
  if (!c.oldText.empty() && !c.newText.empty())
    out << c.oldText << " -> " << c.newText;
  else if (!c.newText.empty())
    out << c.newText;
  else if (!c.oldText.empty())
    out << c.oldText << (c.newPlace.present() ? " (gone)" : "");
  if (c.opcodes.size() > 1) {
    out << " (in";
    for (std::size_t i = 0; i < c.opcodes.size(); ++i) out << (i == 0 ? " " : ", ") << c.opcodes[i];
    out << ')';
  }
  if (c.oldPlace.present() && c.newPlace.present()) out << " (was " << c.oldPlace.toString() << ')';
  out << '\n';
}

void printChanges(const std::vector<isa::SpecChange>& changes, std::ostream& out) {
  for (const Section& s : kSections) {
    bool any = false;
    for (const isa::SpecChange& c : changes) {
      if (c.kind < s.first || c.kind > s.last) continue;
      if (!std::exchange(any, true)) out << s.title << ":\n";
      printChange(c, out);
    }
  }
}

// "0-31", "0, 2, 4-7"
std::string laneSet(const std::vector<unsigned>& lanes) {
  std::string out;
  for (std::size_t i = 0; i < lanes.size();) {
    std::size_t j = i;
    while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1) ++j;
    out +=
        (out.empty() ? "" : ", ") + std::to_string(lanes[i]) + (j > i ? "-" + std::to_string(lanes[j]) : "");
    i = j + 1;
  }
  return out;
}

void printLine(const std::string& file, const ide::LineChange& c, const std::vector<isa::SpecChange>& changes,
               std::ostream& out) {
  out << file << ':' << c.line + 1 << ": ";
  switch (c.kind) {
    case ide::LineChangeKind::NoLongerAssembles:
      out << "no longer assembles: " << c.source << ": " << c.diagnostic;
      break;
    case ide::LineChangeKind::OtherWord:
      out << "assembles to another word: " << c.source << ": " << c.oldWord.toHex() << " -> "
          << c.newWord.toHex();
      break;
    case ide::LineChangeKind::ComputesOtherwise:
      out << "computes something else: " << c.source << ':';
      for (std::size_t i = 0; i < c.registers.size(); ++i) {
        const ide::RegisterDifference& r = c.registers[i];
        out << (i == 0 ? " " : "; ") << r.name << ' ' << text::hex(r.oldValue, {.digits = 8}) << " -> "
            << text::hex(r.newValue, {.digits = 8});
        if (r.perLane)
          out << (r.lanes.size() == 1 ? " (lane " : " (lanes ") << laneSet(r.lanes) << ", values of lane "
              << r.lanes.front() << ')';
      }
      break;
    case ide::LineChangeKind::NoLongerRuns:
      out << "no longer runs: " << c.source << ": " << c.diagnostic;
      break;
    case ide::LineChangeKind::UsesChanged:
      out << "uses a changed definition: " << c.source << ':';
      for (std::size_t i = 0; i < c.specChanges.size(); ++i)
        out << (i == 0 ? " " : ", ") << isa::specChangeKindName(changes[c.specChanges[i]].kind) << ' '
            << changes[c.specChanges[i]].name;
      break;
  }
  out << '\n';
}

void printReport(const formats::SpecDiffReport& r, std::ostream& out) {
  out << "spec diff " << r.oldSpec.dir << " -> " << r.newSpec.dir << ": " << r.changes.size()
      << (r.changes.size() == 1 ? " change" : " changes") << '\n';
  printChanges(r.changes, out);
  std::size_t lines = 0;
  for (const formats::SpecDiffFileEntry& f : r.files) {
    for (const ide::LineChange& c : f.diff.lines) printLine(f.file, c, r.changes, out);
    for (const std::string& note : f.diff.notes) out << f.file << ": note: " << note << '\n';
    lines += f.diff.lines.size();
  }
  if (!r.files.empty())
    out << lines << (lines == 1 ? " line changed" : " lines changed") << " in " << r.files.size()
        << (r.files.size() == 1 ? " file" : " files") << '\n';
}

// Loads one side; nullopt (after saying why) when the directory cannot be read, or its spec has
// errors no erratum accounts for and --allow-spec-errors was not given.
std::optional<isa::SpecLoad> loadSide(const std::string& dir, bool allowErrors, formats::SpecDiffSide& side,
                                      std::ostream& err) {
  side.dir = dir;
  std::optional<isa::SpecLoad> load =
      loadSpecFor(dir, allowErrors ? SpecErrors::Allow : SpecErrors::Refuse, err, ProjectLookup::None);
  if (!load) return std::nullopt;
  side.errors = static_cast<std::uint32_t>(
      std::count_if(load->diagnostics.begin(), load->diagnostics.end(),
                    [](const isa::SpecDiagnostic& d) { return d.severity == isa::Severity::Error; }));
  return load;
}

}  // namespace

int runSpecDiff(const SpecDiffOptions& options, std::ostream& out, std::ostream& err) {
  formats::SpecDiffReport report;
  const auto before = loadSide(options.oldDir, options.allowSpecErrors, report.oldSpec, err);
  const auto after = loadSide(options.newDir, options.allowSpecErrors, report.newSpec, err);
  if (!before || !after) return kExitUsage;
  report.changes = isa::diffSpecs(*before->db, *after->db);
  bool unreadable = false;
  for (const std::string& path : options.files) {
    formats::SpecDiffFileEntry& f = report.files.emplace_back();
    f.file = path;
    auto text = ide::readAssemblyFile(path);
    if (!text) {
      err << "gpuasm spec diff: " << text.error() << '\n';
      f.error = text.error();
      unreadable = true;
      continue;
    }
    f.diff = ide::diffFile(*before->db, *after->db, *text, report.changes);
    report.changed = report.changed || !f.diff.lines.empty();
  }
  if (options.files.empty()) report.changed = !report.changes.empty();
  if (options.json)
    out << formats::specDiffToJson(report);
  else
    printReport(report, out);
  if (unreadable) return kExitUsage;
  return report.changed ? kExitInputErrors : kExitOk;
}

}  // namespace gpuasm::tool
