// Register pressure: per line, how many R, P, UR and UP registers hold a value the kernel still
// needs — the first question of anyone tuning GPU code for occupancy (nvdisasm's
// --print-life-ranges, Radeon GPU Analyzer's live register analysis). It is computed from the
// register events the snapshot keeps (RegisterEvents.h), the same dataflow RegisterUses.h walks:
// document order is execution order, an instruction reads its sources before it writes its
// results, a guarded write adds a value to the register instead of replacing it, and a statement
// that does not assemble reads and writes (guarded) every register it names.
//
// Definitions (docs/LANGUAGE.md, "Register pressure"):
// - A *value* is what one write puts in a register, or what the register holds before the
//   first instruction (the initial state: a `// @state` directive, the state file, or 0).
//   A write by an unguarded instruction ends the register's earlier values; a guarded one does
//   not (lanes the guard leaves alone keep the old value, and later reads read both).
// - A value's *live range* runs from the line that writes it (line 0 for an initial value) to
//   its last read: the last line, before an unguarded write ends the value, that reads the
//   register. An initial value nothing reads has no range, and neither has a written value
//   that nothing reads and a later unguarded write ends (a `dead-write`).
// - A written value that nothing reads and nothing overwrites is a *result* of the kernel: as
//   `dead-write` keeps it ("values live at the end are the kernel's results"), it is live from
//   its write through the last statement. A value that is read ends at its last read even when
//   nothing overwrites it afterwards — the kernel used it; counting every final register value
//   as live to the end would make the last line's count the number of registers used and hide
//   where the pressure really is.
// - A register is *live at line L* when one of its values' ranges contains L. So the count at a
//   line is what is live while its instruction executes: its inputs read there or later, its
//   outputs read later, and every value live across it; a register an instruction both reads
//   for the last time and writes (FADD R1, R1, R2) counts once. Lines without a statement count
//   what is live across them.
// - A 64-bit operand counts both of its registers (R[0:1] is R0 and R1); RZ, PT, URZ and UPT
//   hold no value and never count. An operand that picks its register at run time
//   (R[UR2+0x1]) reads every register of its file that an instruction above names, and writes
//   none that can be named.
//
// Linear in the events and the lines: a 200,000-line listing takes a few milliseconds.
#pragma once

#include <gpuasm/ide/analysis/RegisterEvents.h>
#include <gpuasm/ide/analysis/Snapshot.h>

#include <array>
#include <memory>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// The register files whose pressure is counted, in the order they are shown.
enum class RegisterFile : std::uint8_t { R, P, UR, UP };
inline constexpr std::size_t kRegisterFiles = 4;

/// Live registers per file, indexed by RegisterFile.
using RegisterCounts = std::array<std::uint32_t, kRegisterFiles>;

/// The live range of one value (see the definitions above). Lines are 0-based.
struct RegisterLiveRange {
  RegisterId reg;
  RegisterFile file = RegisterFile::R;
  std::optional<std::uint32_t> definedAt;  ///< the line that writes it; nullopt: the initial state
  std::uint32_t lastUse = 0;               ///< its last read; for a result, the last statement's line
  bool result = false;                     ///< nothing reads it: the kernel's result, live to the end
  std::uint32_t first() const { return definedAt.value_or(0); }
  friend bool operator==(const RegisterLiveRange&, const RegisterLiveRange&) = default;
};

/// The peak of one file: its largest count on a statement's line and the first such line.
struct RegisterPeak {
  std::uint32_t count = 0;
  std::optional<std::uint32_t> line;  ///< nullopt when the count is 0
  friend bool operator==(const RegisterPeak&, const RegisterPeak&) = default;
};

/// The register pressure of one document version.
class RegisterPressure {
 public:
  /// Lines of the document (the size of `counts()`).
  std::uint32_t lineCount() const { return static_cast<std::uint32_t>(counts_.size()); }
  /// Live registers per file at each line.
  const std::vector<RegisterCounts>& counts() const { return counts_; }
  /// The counts at `line`; zeros past the end.
  RegisterCounts countsAt(std::uint32_t line) const;
  /// Per file (RegisterFile order), the peak over the lines that hold a statement.
  const std::array<RegisterPeak, kRegisterFiles>& peaks() const { return peaks_; }
  /// The lines that hold a statement, in order: the rows of a per-instruction table.
  const std::vector<std::uint32_t>& statementLines() const { return statementLines_; }
  /// Whether `line` is the peak line of some file with a nonzero peak.
  bool isPeakLine(std::uint32_t line) const;
  /// Every value's live range, register by register in the order the walk ends them.
  const std::vector<RegisterLiveRange>& ranges() const { return ranges_; }
  /// The ranges that contain `line`, ordered by file, register and first line.
  std::vector<RegisterLiveRange> rangesAt(std::uint32_t line) const;
  /// Every register an instruction names (reads or writes), ordered by file and number.
  const std::vector<RegisterId>& used() const { return used_; }
  /// A file's name as its registers start: "R", "P", "UR", "UP" (from the database's names).
  const std::string& fileName(RegisterFile file) const { return fileNames_[static_cast<std::size_t>(file)]; }
  /// The file of a register of the snapshot's database that `used()` or a range holds.
  RegisterFile fileOf(RegisterId reg) const;

 private:
  friend class RegisterPressureBuilder;
  std::vector<RegisterCounts> counts_;
  std::array<RegisterPeak, kRegisterFiles> peaks_{};
  std::vector<RegisterLiveRange> ranges_;
  std::vector<RegisterId> used_;
  std::vector<std::uint32_t> statementLines_;
  std::vector<std::int8_t> fileOfType_;  ///< per database type, its RegisterFile or -1
  std::array<std::string, kRegisterFiles> fileNames_;
};

namespace detail {
class PressureWalk;
}

/// Builds the pressure from a document's statements in document order, a unit at a time: what
/// registerPressure does over a snapshot's chunks, and `gpuasm stats` over a file it streams
/// through the assembler (without keeping a snapshot of it).
class RegisterPressureBuilder {
 public:
  RegisterPressureBuilder(const isa::InstrDb& db, std::uint32_t lineCount);
  ~RegisterPressureBuilder();
  RegisterPressureBuilder(const RegisterPressureBuilder&) = delete;
  RegisterPressureBuilder& operator=(const RegisterPressureBuilder&) = delete;
  /// The next statements, with their register events (registerEvents(db, unit)); their lines
  /// are the unit's plus `firstLine`.
  void add(const AssembledUnit& unit, const std::vector<RegisterEvent>& events, std::uint32_t firstLine);
  /// The pressure of everything added.
  RegisterPressure finish();

 private:
  RegisterPressure out_;
  std::unique_ptr<detail::PressureWalk> walk_;
};

/// The register pressure of a document.
RegisterPressure registerPressure(const Snapshot& snapshot);
/// The same, computed once per snapshot and kept with it (Snapshot::derived): what hover and the
/// code lens use, so a request does not walk the whole document.
inline const RegisterPressure& pressureOf(const Snapshot& snapshot) {
  return snapshot.derived(&registerPressure);
}

/// The peaks as the editor's lens and `gpuasm stats` say them, 1-based, files that peak on the
/// same line together: "peak 12 R, 2 P at line 31, 1 UR at line 4"; "no register is live" when
/// every count is 0.
std::string peakSummary(const RegisterPressure& pressure);

/// The editor's lens on the first statement: where it goes, what it says (peakSummary) and the
/// line to go to — the first peak line in file order (R, P, UR, UP).
struct PressureLens {
  syntax::ByteRange range;  ///< the document's first statement
  std::string title;
  std::uint32_t peakLine = 0;  ///< 0-based
};

/// The lens of a document; nullopt when it has no statement or nothing is ever live.
std::optional<PressureLens> getPressureLens(const Snapshot& snapshot);

/// A register's name as written: "R5", "UP1".
std::string registerName(const isa::InstrDb& db, RegisterId reg);

}  // namespace gpuasm::ide
