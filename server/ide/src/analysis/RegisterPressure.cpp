// Register pressure from the snapshot's register events (see RegisterPressure.h).
#include <gpuasm/ide/analysis/RegisterPressure.h>

#include <gpuasm/isa/Binding.h>

#include <algorithm>
#include <cassert>

namespace gpuasm::ide {

namespace {

constexpr std::array kRoles = {isa::PlaceholderClass::Gpr, isa::PlaceholderClass::Predicate,
                               isa::PlaceholderClass::UniformGpr, isa::PlaceholderClass::UniformPredicate};

constexpr std::uint64_t kNever = 0;  // statement numbers start at 1; 0 is "before the first"

// One value of a register while the walk can still read it.
struct Value {
  std::uint64_t defined = 0;  // the statement that wrote it; kNever for the initial value
  std::uint32_t line = 0;
};

// Per register: the values a read would see now (since the last unguarded write: the one it
// wrote or the initial value, and the guarded writes after it), the last read of them, and the
// union of the ranges ended so far that is still open (the counts add it when the next range
// does not overlap it).
struct RegisterWalk {
  bool seen = false;   // an event named it: it has an initial value, or its values follow
  bool named = false;  // an instruction names it (not only a run-time choice)
  std::vector<Value> values;
  std::uint64_t lastRead = kNever;
  std::uint32_t lastReadLine = 0;
  bool open = false;
  std::uint32_t openBegin = 0, openEnd = 0;
};

}  // namespace

namespace detail {

class PressureWalk {
 public:
  PressureWalk(std::uint32_t lines, const std::vector<std::int8_t>& fileOfType)
      : fileOfType_(fileOfType), regs_(fileOfType.size()), diff_(lines + 1) {}

  void statement(const std::vector<RegisterEvent>& events, std::size_t begin, std::size_t end,
                 std::uint32_t line);
  /// Ends every value at the end of the kernel, whose last statement is on `lastLine`.
  void finish(std::uint32_t lastLine);

  std::vector<RegisterLiveRange> ranges;
  std::vector<RegisterId> used() const;
  std::vector<RegisterCounts> counts() const;

 private:
  RegisterWalk& reg(RegisterId id) {
    auto& file = regs_[id.file];
    if (id.number >= file.size()) file.resize(id.number + 1);
    RegisterWalk& r = file[id.number];
    if (!r.seen) {
      r.seen = true;
      r.values.push_back({kNever, 0});
    }
    return r;
  }
  void read(RegisterWalk& r, std::uint32_t line) {
    r.lastRead = statement_;
    r.lastReadLine = line;
  }
  /// Ends the values a read can see now: an unguarded write follows (`killed`) or the kernel ends.
  void end(RegisterId id, RegisterWalk& r, bool killed, std::uint32_t lastLine);
  void add(RegisterWalk& r, RegisterFile file, std::uint32_t begin, std::uint32_t last);
  void flush(RegisterWalk& r, RegisterFile file);

  std::vector<std::int8_t> fileOfType_;
  std::vector<std::vector<RegisterWalk>> regs_;  // by type, then number
  std::vector<RegisterCounts> diff_;             // per line, the change of each count there
  std::uint64_t statement_ = kNever;
};

void PressureWalk::statement(const std::vector<RegisterEvent>& events, std::size_t begin, std::size_t end,
                             std::uint32_t line) {
  ++statement_;
  for (std::size_t i = begin; i < end; ++i) {  // sources first
    const RegisterEvent& e = events[i];
    if (fileOfType_[e.reg.file] < 0 || !isa::reads(e.access)) continue;
    if (e.wholeFile) {  // may read any register of the file: each one named so far
      for (RegisterWalk& r : regs_[e.reg.file])
        if (r.seen) read(r, line);
      continue;
    }
    RegisterWalk& r = reg(e.reg);
    r.named = true;
    read(r, line);
  }
  for (std::size_t i = begin; i < end; ++i) {  // then results
    const RegisterEvent& e = events[i];
    if (fileOfType_[e.reg.file] < 0 || e.wholeFile) continue;
    RegisterWalk& r = reg(e.reg);
    r.named = true;
    if (!isa::writes(e.access)) continue;
    if (!e.guarded) this->end(e.reg, r, true, line);
    r.values.push_back({statement_, line});
  }
}

void PressureWalk::end(RegisterId id, RegisterWalk& r, bool killed, std::uint32_t lastLine) {
  const auto file = static_cast<RegisterFile>(fileOfType_[id.file]);
  for (const Value& v : r.values) {
    const bool initial = v.defined == kNever;
    // The last read of the values seen since the last unguarded write reads every one of them
    // written before it.
    if (r.lastRead != kNever && r.lastRead > v.defined) {
      ranges.push_back({id, file, initial ? std::nullopt : std::optional(v.line), r.lastReadLine, false});
      add(r, file, initial ? 0 : v.line, r.lastReadLine);
    } else if (!killed && !initial) {
      ranges.push_back({id, file, v.line, lastLine, true});
      add(r, file, v.line, lastLine);
    }
  }
  r.values.clear();
  r.lastRead = kNever;
}

// Ranges of one register come in the order of their first lines, so their union is kept as one
// open interval until a range starts past it.
void PressureWalk::add(RegisterWalk& r, RegisterFile file, std::uint32_t begin, std::uint32_t last) {
  if (r.open && begin <= r.openEnd) {
    r.openEnd = std::max(r.openEnd, last);
    return;
  }
  flush(r, file);
  r.open = true;
  r.openBegin = begin;
  r.openEnd = last;
}

void PressureWalk::flush(RegisterWalk& r, RegisterFile file) {
  if (!r.open) return;
  const auto f = static_cast<std::size_t>(file);
  ++diff_[r.openBegin][f];
  --diff_[r.openEnd + 1][f];  // wraps as unsigned; the running sum comes back
  r.open = false;
}

void PressureWalk::finish(std::uint32_t lastLine) {
  for (std::uint32_t type = 0; type < regs_.size(); ++type)
    for (std::uint32_t n = 0; n < regs_[type].size(); ++n) {
      RegisterWalk& r = regs_[type][n];
      if (!r.seen) continue;
      end({type, n}, r, false, lastLine);
      flush(r, static_cast<RegisterFile>(fileOfType_[type]));
    }
}

std::vector<RegisterId> PressureWalk::used() const {
  std::vector<RegisterId> out;
  for (std::size_t f = 0; f < kRegisterFiles; ++f)
    for (std::uint32_t type = 0; type < regs_.size(); ++type) {
      if (fileOfType_[type] != static_cast<std::int8_t>(f)) continue;
      for (std::uint32_t n = 0; n < regs_[type].size(); ++n)
        if (regs_[type][n].named) out.push_back({type, n});
    }
  return out;
}

std::vector<RegisterCounts> PressureWalk::counts() const {
  std::vector<RegisterCounts> out(diff_.size() - 1);
  RegisterCounts running{};
  for (std::size_t line = 0; line < out.size(); ++line) {
    for (std::size_t f = 0; f < kRegisterFiles; ++f) running[f] += diff_[line][f];
    out[line] = running;
  }
  return out;
}

}  // namespace detail

std::string registerName(const isa::InstrDb& db, RegisterId reg) {
  return isa::registerSpelling(db, db.types()[reg.file], reg.number, 1);
}

RegisterCounts RegisterPressure::countsAt(std::uint32_t line) const {
  return line < counts_.size() ? counts_[line] : RegisterCounts{};
}

bool RegisterPressure::isPeakLine(std::uint32_t line) const {
  return std::any_of(peaks_.begin(), peaks_.end(), [&](const RegisterPeak& p) { return p.line == line; });
}

std::vector<RegisterLiveRange> RegisterPressure::rangesAt(std::uint32_t line) const {
  std::vector<RegisterLiveRange> out;
  for (const RegisterLiveRange& r : ranges_)
    if (r.first() <= line && line <= r.lastUse) out.push_back(r);
  std::sort(out.begin(), out.end(), [](const RegisterLiveRange& x, const RegisterLiveRange& y) {
    if (x.file != y.file) return x.file < y.file;
    if (x.reg != y.reg) return x.reg < y.reg;
    return x.first() < y.first();
  });
  return out;
}

std::string peakSummary(const RegisterPressure& pressure) {
  std::string out;
  std::array<bool, kRegisterFiles> said{};
  for (std::size_t f = 0; f < kRegisterFiles; ++f) {
    const RegisterPeak& first = pressure.peaks()[f];
    if (said[f] || !first.line) continue;
    out += out.empty() ? "peak " : ", ";
    for (std::size_t g = f; g < kRegisterFiles; ++g) {
      const RegisterPeak& p = pressure.peaks()[g];
      if (p.line != first.line) continue;
      if (g != f) out += ", ";
      out += std::to_string(p.count) + " " + pressure.fileName(static_cast<RegisterFile>(g));
      said[g] = true;
    }
    out += " at line " + std::to_string(*first.line + 1);
  }
  return out.empty() ? "no register is live" : out;
}

std::optional<PressureLens> getPressureLens(const Snapshot& snapshot) {
  const RegisterPressure& pressure = pressureOf(snapshot);
  const auto peak = std::find_if(pressure.peaks().begin(), pressure.peaks().end(),
                                 [](const RegisterPeak& p) { return p.line.has_value(); });
  if (peak == pressure.peaks().end()) return std::nullopt;
  for (std::size_t k = 0; k < snapshot.chunkCount(); ++k)
    for (const AssembledStatement& s : snapshot.chunk(k).unit.statements) {
      if (s.statement.mnemonic.empty()) continue;
      const std::uint32_t start = snapshot.chunkStart(k);
      return PressureLens{{start + s.statement.range.begin, start + s.statement.range.end},
                          peakSummary(pressure),
                          *peak->line};
    }
  return std::nullopt;
}

RegisterFile RegisterPressure::fileOf(RegisterId reg) const {
  assert(reg.file < fileOfType_.size() && fileOfType_[reg.file] >= 0);
  return static_cast<RegisterFile>(fileOfType_[reg.file]);
}

RegisterPressureBuilder::RegisterPressureBuilder(const isa::InstrDb& db, std::uint32_t lineCount) {
  out_.fileOfType_.assign(db.types().size(), -1);
  for (std::size_t f = 0; f < kRoles.size(); ++f)
    if (const isa::BitFieldType* type = db.fileOfRole(kRoles[f])) {
      out_.fileOfType_[static_cast<std::size_t>(type - db.types().data())] = static_cast<std::int8_t>(f);
      // The name of register 0 without its number: R0 → R.
      std::string name = isa::registerSpelling(db, *type, 0, 1);
      while (!name.empty() && name.back() >= '0' && name.back() <= '9') name.pop_back();
      out_.fileNames_[f] = std::move(name);
    }
  walk_ = std::make_unique<detail::PressureWalk>(lineCount, out_.fileOfType_);
}

RegisterPressureBuilder::~RegisterPressureBuilder() = default;

void RegisterPressureBuilder::add(const AssembledUnit& unit, const std::vector<RegisterEvent>& events,
                                  std::uint32_t firstLine) {
  for (const AssembledStatement& s : unit.statements)
    if (const std::uint32_t line = firstLine + s.statement.line;  // in document order
        !s.statement.mnemonic.empty() &&
        (out_.statementLines_.empty() || out_.statementLines_.back() != line))
      out_.statementLines_.push_back(line);
  for (std::size_t i = 0; i < events.size();) {
    std::size_t end = i + 1;
    while (end < events.size() && events[end].statement == events[i].statement) ++end;
    walk_->statement(events, i, end, firstLine + events[i].line);
    i = end;
  }
}

RegisterPressure RegisterPressureBuilder::finish() {
  walk_->finish(out_.statementLines_.empty() ? 0 : out_.statementLines_.back());
  out_.ranges_ = std::move(walk_->ranges);
  out_.used_ = walk_->used();
  out_.counts_ = walk_->counts();
  for (const std::uint32_t line : out_.statementLines_)
    for (std::size_t f = 0; f < kRegisterFiles; ++f)
      if (out_.counts_[line][f] > out_.peaks_[f].count) out_.peaks_[f] = {out_.counts_[line][f], line};
  return std::move(out_);
}

RegisterPressure registerPressure(const Snapshot& snapshot) {
  RegisterPressureBuilder builder(snapshot.db(), snapshot.lines().lineCount());
  for (std::size_t k = 0; k < snapshot.chunkCount(); ++k)
    builder.add(snapshot.chunk(k).unit, snapshot.chunk(k).registerEvents, snapshot.chunkLine(k));
  return builder.finish();
}

}  // namespace gpuasm::ide
