// Register dataflow over the snapshot's per-chunk register events (see RegisterUses.h).
#include <gpuasm/ide/analysis/RegisterUses.h>

#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <numeric>
#include <optional>
#include <span>
#include <tuple>
#include <unordered_map>

namespace gpuasm::ide {

namespace {

// A statement's place in the document: its chunk, then its index in the chunk. Ordered as the
// document is.
using StatementKey = std::uint64_t;

// An event in document coordinates.
struct Located {
  RegisterEvent e;
  StatementKey statement = 0;
};

Located locate(const Snapshot& s, std::size_t k, const RegisterEvent& e) {
  Located l{e, (static_cast<StatementKey>(k) << 32) | e.statement};
  l.e.range.begin += s.chunkStart(k);
  l.e.range.end += s.chunkStart(k);
  l.e.line += s.chunkLine(k);
  return l;
}

// Every event of `reg`, in document order.
std::vector<Located> chainOf(const Snapshot& s, RegisterId reg) {
  std::vector<Located> out;
  for (std::size_t k = 0; k < s.chunkCount(); ++k)
    for (const RegisterEvent& e : s.chunk(k).registerEvents)
      if (e.reg == reg || (e.wholeFile && e.reg.file == reg.file)) out.push_back(locate(s, k, e));
  return out;
}

// The registers set before the first instruction: `// @state` directives and the state file.
std::vector<RegisterId> initialRegisters(const Snapshot& s, const sim::InitialState* stateFile) {
  std::vector<RegisterId> out;
  for (std::size_t k = 0; k < s.chunkCount(); ++k) {
    const auto& regs = s.chunk(k).stateRegisters;
    out.insert(out.end(), regs.begin(), regs.end());
  }
  if (stateFile)
    for (const sim::RegisterInit& r : stateFile->registers)
      if (const auto id = registerNamed(s.db(), r.name)) out.push_back(*id);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool contains(const std::vector<RegisterId>& sorted, RegisterId r) {
  return std::binary_search(sorted.begin(), sorted.end(), r);
}

std::string nameOf(const isa::InstrDb& db, RegisterId r) {
  return isa::registerSpelling(db, db.types()[r.file], r.number, 1);
}

// "R1", "R1 and R2", "R1, R2 and R3".
std::string nameList(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

RegisterUse useOf(isa::Access a) {
  if (isa::reads(a) && isa::writes(a)) return RegisterUse::ReadWrite;
  return isa::writes(a) ? RegisterUse::Write : RegisterUse::Read;
}

bool within(std::uint32_t offset, syntax::ByteRange r) { return r.begin <= offset && offset <= r.end; }

// The events at the operand or guard under the cursor (named, of a statement that assembles).
std::vector<Located> eventsAt(const Snapshot& s, std::uint32_t offset) {
  std::vector<Located> out;
  if (s.chunkCount() == 0) return out;
  const std::size_t k = s.chunkHolding(offset);
  if (offset < s.chunkStart(k)) return out;
  const std::uint32_t rel = offset - s.chunkStart(k);
  for (const RegisterEvent& e : s.chunk(k).registerEvents)
    if (!e.implicit && !e.unknown && within(rel, e.range)) out.push_back(locate(s, k, e));
  // One place: the first one found (a guard and an operand never overlap).
  if (!out.empty()) {
    const syntax::ByteRange place = out.front().e.range;
    std::erase_if(out, [&](const Located& l) { return !(l.e.range == place); });
  }
  return out;
}

// An unread write: the place it was made at (its slot among DataflowBuilder's places) and its
// index among its statement's events (the order of a place's names).
struct UnreadWrite {
  std::uint32_t place = 0;
  std::uint32_t ordinal = 0;
};

// Per register, while walking the document: whether something set it and the writes no read
// has seen yet.
struct RegisterState {
  bool set = false;
  bool initial = false;                     ///< set before the first instruction (`// @state`, a state file)
  bool reported = false;                    ///< its uninitialized read was found
  std::optional<std::uint32_t> firstWrite;  ///< 0-based line of its first write, when nothing set it before
  std::vector<UnreadWrite> unread;
};

// A dense table of RegisterState by (file, number).
class RegisterTable {
 public:
  struct File {
    std::vector<RegisterState> regs;
    bool allSet = false;  ///< an instruction wrote a register of the file chosen at run time
  };
  explicit RegisterTable(std::size_t types) : slot_(types, -1) {}
  File& file(std::uint32_t type) {
    int& slot = slot_[type];
    if (slot < 0) {
      slot = static_cast<int>(files_.size());
      files_.emplace_back();
    }
    return files_[static_cast<std::size_t>(slot)];
  }
  RegisterState& operator[](RegisterId r) { return in(file(r.file), r.number); }
  RegisterState& in(File& f, std::uint32_t number) {
    if (number >= f.regs.size()) f.regs.resize(number + 1);
    return f.regs[number];
  }
  std::vector<File>& files() { return files_; }

 private:
  std::vector<int> slot_;
  std::vector<File> files_;
};

}  // namespace

std::vector<RegisterId> registersAt(const Snapshot& snapshot, std::uint32_t offset) {
  std::vector<RegisterId> out;
  for (const Located& l : eventsAt(snapshot, offset))
    if (std::find(out.begin(), out.end(), l.e.reg) == out.end()) out.push_back(l.e.reg);
  return out;
}

std::vector<RegisterOccurrence> registerOccurrences(const Snapshot& snapshot,
                                                    const std::vector<RegisterId>& registers) {
  std::vector<RegisterOccurrence> out;
  if (registers.empty()) return out;
  for (std::size_t k = 0; k < snapshot.chunkCount(); ++k) {
    const auto& events = snapshot.chunk(k).registerEvents;
    // Per statement, the union of what each place does with the wanted registers, by position.
    for (std::size_t i = 0; i < events.size();) {
      std::size_t end = i;
      while (end < events.size() && events[end].statement == events[i].statement) ++end;
      std::vector<std::pair<syntax::ByteRange, isa::Access>> places;
      for (std::size_t j = i; j < end; ++j) {
        const RegisterEvent& e = events[j];
        if (e.implicit || e.unknown ||
            std::find(registers.begin(), registers.end(), e.reg) == registers.end())
          continue;
        const auto at =
            std::find_if(places.begin(), places.end(), [&](const auto& x) { return x.first == e.range; });
        if (at == places.end())
          places.emplace_back(e.range, e.access);
        else
          at->second = at->second | e.access;
      }
      std::sort(places.begin(), places.end(),
                [](const auto& x, const auto& y) { return x.first.begin < y.first.begin; });
      for (const auto& [range, access] : places)
        out.push_back({{range.begin + snapshot.chunkStart(k), range.end + snapshot.chunkStart(k)},
                       events[i].line + snapshot.chunkLine(k),
                       useOf(access)});
      i = end;
    }
  }
  return out;
}

std::vector<RegisterOccurrence> getRegisterOccurrences(const Snapshot& snapshot, std::uint32_t offset) {
  return registerOccurrences(snapshot, registersAt(snapshot, offset));
}

// The dataflow walk, streaming (DataflowBuilder). A finding is made at a place — an operand as
// written (R[0:1] names two registers), a guard, or the mnemonic of an implicit access — of one
// statement. An uninitialized read is known when it happens, but a later `// @state` may still
// set the register, and its message names the register's first write, further down: the first
// read of each register waits until the end (one per register). A write is dead once an
// unguarded write overwrites it unread; its place is a finding when every write made there is
// resolved (read, overwritten or at the end) and at least as many of them are dead as the
// operand has registers. Findings come out of document order, so the first `limit` of them in
// document order are kept in a heap, and the rest only counted.
namespace {

// One finding: where, which registers (in the order of their events), and for a dead write the
// 1-based line that overwrites it. Ordered as dataflowDiagnostics lists them: by start, a read
// before a write at the same start, then by statement and event.
struct Finding {
  syntax::ByteRange range;
  bool dead = false;
  std::uint64_t statement = 0;
  std::uint32_t ordinal = 0;
  std::uint32_t by = 0;
  std::vector<RegisterId> registers;
};

bool before(const Finding& x, const Finding& y) {
  return std::tie(x.range.begin, x.dead, x.statement, x.ordinal) <
         std::tie(y.range.begin, y.dead, y.statement, y.ordinal);
}

// A place with writes no read has seen: how many are not resolved yet, and the dead ones.
struct WritePlace {
  syntax::ByteRange range;
  std::uint64_t statement = 0;
  std::uint64_t made = 0;  ///< the places made before it: the order of the places
  std::uint8_t width = 1;  ///< the registers the operand covers
  std::uint32_t open = 0;  ///< 0: the slot is free
  struct Dead {
    std::uint32_t ordinal = 0;
    RegisterId reg;
    std::uint32_t by = 0;
  };
  std::vector<Dead> dead;
};

}  // namespace

// The walk's state. Nothing is allocated per statement once the vectors have grown: the places
// are slots of one vector, reused when closed; each register's unread writes keep their capacity.
struct DataflowBuilder::State {
  const isa::InstrDb& db;
  std::size_t maxFindings;
  RegisterTable table;
  std::uint64_t units = 0;
  std::uint64_t made = 0;
  std::vector<WritePlace> places;   // slots, indexed by UnreadWrite::place
  std::vector<std::uint32_t> free;  // slots of closed places
  std::vector<Finding> reads;       // the first read of each register nothing set, in document order
  std::vector<Finding> kept;        // a max-heap (by `before`) of the first findings in document order
  std::size_t found = 0;
  std::vector<std::pair<syntax::ByteRange, std::uint32_t>> here;  // walkWrites: one statement's places
  std::vector<UnreadWrite> overwritten;                           // walkWrites: scratch

  State(const isa::InstrDb& d, std::size_t max) : db(d), maxFindings(max), table(d.types().size()) {}

  std::size_t limit() const {
    return maxFindings == static_cast<std::size_t>(-1) ? maxFindings : maxFindings + 1;
  }

  // Whether a finding ordered as `f` would be among the first `limit` (else it is only counted).
  bool wanted(const Finding& f) const { return kept.size() < limit() || before(f, kept.front()); }

  void keep(Finding&& f) {
    ++found;
    if (kept.size() == limit()) {
      if (!before(f, kept.front())) return;
      std::pop_heap(kept.begin(), kept.end(), before);
      kept.pop_back();
    }
    kept.push_back(std::move(f));
    std::push_heap(kept.begin(), kept.end(), before);
  }

  std::uint32_t open(syntax::ByteRange range, std::uint64_t statement, std::uint8_t width) {
    std::uint32_t slot;
    if (!free.empty()) {
      slot = free.back();
      free.pop_back();
    } else {
      slot = static_cast<std::uint32_t>(places.size());
      places.emplace_back();
    }
    WritePlace& p = places[slot];
    p.range = range;
    p.statement = statement;
    p.made = made++;
    p.width = width;
    p.open = 0;
    p.dead.clear();
    return slot;
  }

  // A place whose writes are all resolved: a finding when enough of them are dead.
  void close(std::uint32_t slot) {
    WritePlace& p = places[slot];
    p.open = 0;
    free.push_back(slot);
    if (p.dead.size() < p.width || p.dead.empty()) return;  // some register of the place is still read
    const auto ordinal = [](const WritePlace::Dead& x, const WritePlace::Dead& y) {
      return x.ordinal < y.ordinal;
    };
    Finding f{p.range, true, p.statement, std::min_element(p.dead.begin(), p.dead.end(), ordinal)->ordinal,
              0,       {}};
    if (!wanted(f)) {  // past the limit: counted, no names needed
      ++found;
      return;
    }
    std::sort(p.dead.begin(), p.dead.end(), ordinal);
    for (const WritePlace::Dead& d : p.dead) {
      f.by = std::max(f.by, d.by);
      f.registers.push_back(d.reg);
    }
    keep(std::move(f));
  }

  // Resolves one unread write: read (`by` none) or overwritten by line `by` (1-based).
  void resolve(const UnreadWrite& w, RegisterId reg, std::optional<std::uint32_t> by) {
    WritePlace& p = places[w.place];
    assert(p.open > 0);
    if (by) p.dead.push_back({w.ordinal, reg, *by});
    if (--p.open == 0) close(w.place);
  }

  void readAll(RegisterState& r, RegisterId reg) {
    for (const UnreadWrite& w : r.unread) resolve(w, reg, std::nullopt);
    r.unread.clear();
  }

  // One statement's reads (events [i, end)): the first read of a register nothing set is the
  // finding (as compilers warn once per variable; the later ones read the same 0), and a read
  // makes the register's unread writes read.
  void walkReads(std::span<const RegisterEvent> events, std::size_t i, std::size_t end,
                 std::uint64_t statement, std::uint32_t start) {
    for (std::size_t j = i; j < end; ++j) {
      const RegisterEvent& e = events[j];
      if (!isa::reads(e.access)) continue;
      if (e.wholeFile) {  // may read any register of the file: every unread write is read
        auto& regs = table.file(e.reg.file).regs;
        for (std::uint32_t n = 0; n < regs.size(); ++n) readAll(regs[n], {e.reg.file, n});
        continue;
      }
      RegisterTable::File& file = table.file(e.reg.file);
      RegisterState& r = table.in(file, e.reg.number);
      if (!r.set && !r.reported && !file.allSet && !e.unknown) {
        const syntax::ByteRange range{e.range.begin + start, e.range.end + start};
        // Consecutive reads at one place are one finding.
        if (!reads.empty() && reads.back().statement == statement && reads.back().range == range)
          reads.back().registers.push_back(e.reg);
        else
          reads.push_back({range, false, statement, static_cast<std::uint32_t>(j), 0, {e.reg}});
        r.reported = true;
      }
      readAll(r, e.reg);
    }
  }

  // One statement's writes (events [i, end)): an unguarded write makes the register's unread
  // writes dead.
  void walkWrites(std::span<const RegisterEvent> events, std::size_t i, std::size_t end,
                  std::uint64_t statement, std::uint32_t start, std::uint32_t line) {
    here.clear();
    for (std::size_t j = i; j < end; ++j) {
      const RegisterEvent& e = events[j];
      if (!isa::writes(e.access)) continue;
      RegisterTable::File& file = table.file(e.reg.file);
      if (e.wholeFile) {  // may write any register of the file: they may all hold a value now
        file.allSet = true;
        continue;
      }
      RegisterState& r = table.in(file, e.reg.number);
      // A statement that does not assemble may write what it names (so it sets the register),
      // but it is no write a message can point to as the first.
      if (!r.set && !e.unknown) r.firstWrite = e.line + line;
      r.set = true;
      if (!e.guarded && !r.unread.empty()) {
        // resolve() may close a place but never touches a register's list: swap, keeping both capacities.
        overwritten.swap(r.unread);
        for (const UnreadWrite& w : overwritten) resolve(w, e.reg, e.line + line + 1);
        overwritten.clear();
      }
      if (e.unknown) continue;
      const syntax::ByteRange range{e.range.begin + start, e.range.end + start};
      auto at = std::find_if(here.begin(), here.end(), [&](const auto& x) { return x.first == range; });
      if (at == here.end()) {
        here.emplace_back(range, open(range, statement, e.width));
        at = here.end() - 1;
      } else {
        // A second register of the same operand: its place is still open. (One operand writing the
        // same register twice would have closed it above and freed its slot — the database's
        // access plans never list a register twice, so that is a bug, not a user's mistake.)
        assert(places[at->second].open > 0);
      }
      ++places[at->second].open;
      r.unread.push_back({at->second, static_cast<std::uint32_t>(j)});
    }
  }
};

DataflowBuilder::DataflowBuilder(const isa::InstrDb& db, std::size_t maxFindings)
    : s_(std::make_unique<State>(db, maxFindings)) {}
DataflowBuilder::~DataflowBuilder() = default;
DataflowBuilder::DataflowBuilder(DataflowBuilder&&) noexcept = default;
DataflowBuilder& DataflowBuilder::operator=(DataflowBuilder&&) noexcept = default;

void DataflowBuilder::setInitially(std::span<const RegisterId> registers) {
  for (const RegisterId r : registers) {
    RegisterState& state = s_->table[r];
    state.set = state.initial = true;
  }
}

void DataflowBuilder::add(std::span<const RegisterEvent> events, std::uint32_t start, std::uint32_t line) {
  const std::uint64_t unit = s_->units++;
  for (std::size_t i = 0; i < events.size();) {
    std::size_t end = i + 1;
    while (end < events.size() && events[end].statement == events[i].statement) ++end;
    const std::uint64_t statement = (unit << 32) | events[i].statement;
    // An instruction reads its sources, then writes its results.
    s_->walkReads(events, i, end, statement, start);
    s_->walkWrites(events, i, end, statement, start, line);
    i = end;
  }
}

std::vector<Diagnostic> DataflowBuilder::finish() {
  State& s = *s_;
  // The writes still unread are the kernel's results: never dead. Their places close in the
  // order they were made.
  std::vector<std::uint32_t> open;
  for (std::uint32_t slot = 0; slot < s.places.size(); ++slot)
    if (s.places[slot].open > 0) open.push_back(slot);
  std::sort(open.begin(), open.end(),
            [&](std::uint32_t x, std::uint32_t y) { return s.places[x].made < s.places[y].made; });
  for (const std::uint32_t slot : open) s.close(slot);
  // A first read is no finding for the registers a `// @state` found later sets.
  for (Finding& f : s.reads) {
    std::erase_if(f.registers, [&](RegisterId r) { return s.table[r].initial; });
    if (!f.registers.empty()) s.keep(std::move(f));
  }
  s.reads.clear();
  std::sort_heap(s.kept.begin(), s.kept.end(), before);
  std::vector<Diagnostic> out;
  for (std::size_t f = 0; f < s.kept.size() && f < s.maxFindings; ++f) {
    const Finding& x = s.kept[f];
    std::vector<std::string> names;
    std::optional<std::uint32_t> later;  // an uninitialized register's first write
    for (const RegisterId r : x.registers) {
      names.push_back(nameOf(s.db, r));
      const std::optional<std::uint32_t> first = s.table[r].firstWrite;
      if (!x.dead && first && (!later || *first < *later)) later = first;
    }
    if (x.dead) {
      Diagnostic d{x.range,
                   Severity::Hint,
                   isa::DiagnosticCode::DeadWrite,
                   "the value written to " + nameList(names) + " here is overwritten on line " +
                       std::to_string(x.by) + " before anything reads it",
                   {},
                   {},
                   {}};
      d.unnecessary = true;
      out.push_back(std::move(d));
      continue;
    }
    const char* them = names.size() > 1 ? "them" : "it";
    std::string message =
        nameList(names) + (names.size() > 1 ? " are" : " is") + " read before anything sets " + them +
        ": no instruction above writes " + them +
        " and no `// @state` directive or state file gives a value, so the simulator reads 0";
    if (later) message += " (first written on line " + std::to_string(*later + 1) + ")";
    out.push_back(
        {x.range, Severity::Warning, isa::DiagnosticCode::UninitializedRead, std::move(message), {}, {}, {}});
  }
  if (s.found > s.maxFindings) {
    const std::uint32_t at = s.kept[s.maxFindings].range.begin;
    out.push_back({{at, at},
                   Severity::Information,
                   isa::DiagnosticCode::DataflowLimit,
                   std::to_string(s.found - s.maxFindings) +
                       " more dataflow findings from here on are not shown (at most " +
                       std::to_string(s.maxFindings) +
                       " per document; the setting gpuasm.dataflow.maxFindings raises it)",
                   {},
                   {},
                   {}});
  }
  return out;
}

std::vector<Diagnostic> dataflowDiagnostics(const Snapshot& snapshot, const sim::InitialState* stateFile,
                                            std::size_t maxFindings) {
  DataflowBuilder builder(snapshot.db(), maxFindings);
  builder.setInitially(initialRegisters(snapshot, stateFile));
  for (std::size_t k = 0; k < snapshot.chunkCount(); ++k)
    builder.add(snapshot.chunk(k).registerEvents, snapshot.chunkStart(k), snapshot.chunkLine(k));
  return builder.finish();
}

DataflowSteps::DataflowSteps(std::shared_ptr<const Snapshot> snapshot, const sim::InitialState* stateFile,
                             std::size_t maxFindings)
    : snapshot_(std::move(snapshot)), builder_(snapshot_->db(), maxFindings) {
  builder_.setInitially(initialRegisters(*snapshot_, stateFile));
}

bool DataflowSteps::step(std::chrono::steady_clock::time_point deadline) {
  const Snapshot& snap = *snapshot_;
  while (next_ < snap.chunkCount()) {
    const std::size_t end = std::min(snap.chunkCount(), next_ + kChunksPerCheck);
    for (; next_ < end; ++next_)
      builder_.add(snap.chunk(next_).registerEvents, snap.chunkStart(next_), snap.chunkLine(next_));
    if (next_ < snap.chunkCount() && std::chrono::steady_clock::now() >= deadline) break;
  }
  return done();
}

std::vector<Diagnostic> DataflowSteps::finish() {
  assert(done());
  return builder_.finish();
}

namespace {

// The events of one register grouped by statement: [begin, end) index pairs into the chain.
std::vector<std::pair<std::size_t, std::size_t>> statementsOf(const std::vector<Located>& chain) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < chain.size();) {
    std::size_t end = i;
    while (end < chain.size() && chain[end].statement == chain[i].statement) ++end;
    out.emplace_back(i, end);
    i = end;
  }
  return out;
}

bool anyOf(const std::vector<Located>& chain, std::pair<std::size_t, std::size_t> group,
           bool (*pred)(const RegisterEvent&)) {
  for (std::size_t i = group.first; i < group.second; ++i)
    if (pred(chain[i].e)) return true;
  return false;
}

bool isRead(const RegisterEvent& e) { return isa::reads(e.access); }
bool isWrite(const RegisterEvent& e) { return isa::writes(e.access); }
bool isKill(const RegisterEvent& e) { return isa::writes(e.access) && !e.guarded; }

}  // namespace

std::vector<ValueFlow> valueFlowAt(const Snapshot& snapshot, std::uint32_t offset,
                                   const sim::InitialState* stateFile) {
  std::vector<ValueFlow> out;
  const std::vector<Located> here = eventsAt(snapshot, offset);
  if (here.empty()) return out;
  const std::vector<RegisterId> initial = initialRegisters(snapshot, stateFile);
  for (const Located& at : here) {
    if (std::any_of(out.begin(), out.end(), [&](const ValueFlow& f) { return f.reg == at.e.reg; })) continue;
    ValueFlow flow;
    flow.reg = at.e.reg;
    flow.name = nameOf(snapshot.db(), at.e.reg);
    const std::vector<Located> chain = chainOf(snapshot, at.e.reg);
    const auto groups = statementsOf(chain);
    const auto self = std::find_if(groups.begin(), groups.end(),
                                   [&](const auto& g) { return chain[g.first].statement == at.statement; });
    if (self == groups.end()) continue;  // cannot happen: the cursor's event is in its register's chain
    // Access at the cursor's place (a statement may use the register at other places too).
    isa::Access access = isa::Access::None;
    for (std::size_t i = self->first; i < self->second; ++i)
      if (chain[i].e.range == at.e.range) access = access | chain[i].e.access;
    flow.written = isa::writes(access);
    if (isa::reads(access)) {
      // Back to the nearest unguarded write; guarded ones on the way add their lanes' values.
      bool killed = false;
      for (auto g = self; g != groups.begin() && !killed;) {
        --g;
        if (!anyOf(chain, *g, isWrite)) continue;
        flow.writtenAt.push_back(chain[g->first].e.line);
        killed = anyOf(chain, *g, isKill);
      }
      if (!killed) (contains(initial, at.e.reg) ? flow.fromInitialState : flow.uninitialized) = true;
    }
    if (flow.written) {
      flow.writtenAt.insert(flow.writtenAt.begin(), at.e.line);
      for (auto g = self + 1; g != groups.end(); ++g) {
        if (!flow.readNext && anyOf(chain, *g, isRead)) flow.readNext = chain[g->first].e.line;
        if (anyOf(chain, *g, isKill)) {
          flow.overwrittenAt = chain[g->first].e.line;
          break;
        }
      }
    }
    out.push_back(std::move(flow));
  }
  return out;
}

namespace {

// The register's name as written at a place: the letters and digits it starts with (an
// operand's value range may go on with a selector, `R7.B1`).
syntax::ByteRange nameRange(std::string_view text, syntax::ByteRange place) {
  const std::size_t end =
      text::wordEnd(text.substr(0, std::min<std::size_t>(place.end, text.size())), place.begin);
  return {place.begin, static_cast<std::uint32_t>(end)};
}

std::string lineWord(std::uint32_t line) { return "line " + std::to_string(line + 1); }

// The live range at the cursor: the events of the cursor's register whose values meet there.
struct LiveRange {
  std::vector<Located> chain;
  std::vector<std::size_t> members;  ///< indices into chain, in document order
  bool reachesInitial = false;       ///< a member read may see the value from before the first instruction
};

std::expected<LiveRange, std::string> liveRangeAt(const Snapshot& snapshot, std::uint32_t offset) {
  const std::vector<Located> here = eventsAt(snapshot, offset);
  if (here.empty()) return std::unexpected("no register operand here");
  if (here.size() > 1 || here.front().e.width > 1)
    return std::unexpected("only a single register can be renamed; this operand covers " +
                           std::to_string(std::max<std::size_t>(here.size(), here.front().e.width)) +
                           " registers");
  LiveRange live;
  live.chain = chainOf(snapshot, here.front().e.reg);
  const auto& chain = live.chain;
  // Union-find over the chain: a read joins every write that reaches it.
  std::vector<std::size_t> parent(chain.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  std::vector<std::size_t> reaching;
  std::vector<std::size_t> initialReaders;
  bool initialReaches = true;
  for (const auto& g : statementsOf(chain)) {
    for (std::size_t i = g.first; i < g.second; ++i) {
      if (!isa::reads(chain[i].e.access)) continue;
      for (const std::size_t w : reaching) parent[find(i)] = find(w);
      if (initialReaches) initialReaders.push_back(i);
    }
    for (std::size_t i = g.first; i < g.second; ++i) {
      if (!isa::writes(chain[i].e.access)) continue;
      if (!chain[i].e.guarded) {
        reaching.clear();
        initialReaches = false;
      }
      reaching.push_back(i);
    }
  }
  const auto self = std::find_if(chain.begin(), chain.end(), [&](const Located& l) {
    return l.statement == here.front().statement && l.e.range == here.front().e.range;
  });
  const std::size_t root = find(static_cast<std::size_t>(self - chain.begin()));
  for (std::size_t i = 0; i < chain.size(); ++i)
    if (find(i) == root) live.members.push_back(i);
  live.reachesInitial = std::any_of(initialReaders.begin(), initialReaders.end(),
                                    [&](std::size_t i) { return find(i) == root; });
  return live;
}

}  // namespace

std::expected<RegisterRename, std::string> prepareRegisterRename(const Snapshot& snapshot,
                                                                 std::uint32_t offset,
                                                                 const sim::InitialState*) {
  auto live = liveRangeAt(snapshot, offset);
  if (!live) return std::unexpected(live.error());
  const std::string name = nameOf(snapshot.db(), live->chain.front().e.reg);
  if (live->reachesInitial)
    return std::unexpected(name +
                           "'s value here comes from before the first instruction (a `// @state` directive, "
                           "the state file, or 0); renaming it would change what the kernel reads");
  for (const std::size_t i : live->members) {
    const RegisterEvent& e = live->chain[i].e;
    if (e.wholeFile)
      return std::unexpected(lineWord(e.line) +
                             " reads or writes a register chosen at run time, which may be " + name);
    if (e.unknown)
      return std::unexpected(lineWord(e.line) + " does not assemble; fix it before renaming " + name);
    if (e.implicit)
      return std::unexpected(lineWord(e.line) + " uses " + name +
                             " without naming it, so it cannot be renamed there");
    if (e.width > 1)
      return std::unexpected(name + " is part of a register range on " + lineWord(e.line) +
                             "; rename the range's registers together by hand");
  }
  RegisterRename out;
  out.name = name;
  for (const Located& l : eventsAt(snapshot, offset)) out.range = nameRange(snapshot.text(), l.e.range);
  for (const std::size_t i : live->members) {
    const syntax::ByteRange r = nameRange(snapshot.text(), live->chain[i].e.range);
    if (std::none_of(out.edits.begin(), out.edits.end(),
                     [&](const syntax::TextEdit& e) { return e.begin == r.begin; }))
      out.edits.push_back({r.begin, r.end, name});
  }
  std::sort(out.edits.begin(), out.edits.end(),
            [](const auto& x, const auto& y) { return x.begin < y.begin; });
  return out;
}

std::expected<RegisterRename, std::string> renameRegister(const Snapshot& snapshot, std::uint32_t offset,
                                                          std::string_view newName,
                                                          const sim::InitialState* stateFile) {
  auto rename = prepareRegisterRename(snapshot, offset, stateFile);
  if (!rename) return rename;
  const auto live = liveRangeAt(snapshot, offset);
  const RegisterId from = live->chain.front().e.reg;
  const auto to = registerNamed(snapshot.db(), newName);
  if (!to || to->file != from.file)
    return std::unexpected("`" + std::string(newName) + "` is not a register of " + rename->name +
                           "'s file that holds a value");
  for (syntax::TextEdit& e : rename->edits) e.replacement = nameOf(snapshot.db(), *to);
  if (*to == from) return rename;
  // The live range spans its first to its last statement; the new register must be free there:
  // nothing uses it inside, and no value of it written before is read after.
  const StatementKey first = live->chain[live->members.front()].statement;
  const StatementKey last = live->chain[live->members.back()].statement;
  const std::uint32_t firstLine = live->chain[live->members.front()].e.line,
                      lastLine = live->chain[live->members.back()].e.line;
  const std::string span =
      firstLine == lastLine ? lineWord(firstLine)
                            : "lines " + std::to_string(firstLine + 1) + "–" + std::to_string(lastLine + 1);
  const std::string toName = nameOf(snapshot.db(), *to);
  for (const Located& l : chainOf(snapshot, *to)) {
    if (l.statement >= first && l.statement <= last)
      return std::unexpected(toName + " is already used on " + lineWord(l.e.line) + ", inside " +
                             rename->name + "'s live range (" + span + ")");
    if (l.statement > last) {
      if (isa::reads(l.e.access))
        return std::unexpected(toName + " is live there: " + lineWord(l.e.line) +
                               " reads a value of it written before " + span);
      if (!l.e.guarded) break;
    }
  }
  return rename;
}

}  // namespace gpuasm::ide
