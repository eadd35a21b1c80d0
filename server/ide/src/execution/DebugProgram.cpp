// The debugger's program (DebugProgram.h): assembled and prepared whole chunks at a time, kept
// as prepared steps in blocks, with each step's typed writes and the registers the steps name.
#include <gpuasm/ide/execution/DebugProgram.h>

#include "OperandRegisters.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/RegisterEvents.h>
#include <gpuasm/ide/analysis/ValueTypes.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/syntax/Chunks.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <map>

namespace gpuasm::ide {

namespace {

/// Lines assembled at a time when a program is prepared.
constexpr std::uint32_t kPrepareLines = 512;

}  // namespace

DebugProgram DebugProgram::prepare(const isa::InstrDb& db, const sim::RegisterLayout& layout,
                                   std::string_view text) {
  // Assembled and prepared a few hundred lines at a time: a whole document's listing (bindings,
  // encodings, diagnostics) is many times the size of its prepared program, and the debugger
  // keeps only the latter. A chunk is a complete document (syntax/Chunks.h), so assembling whole
  // chunks apart gives the statements assembling the text at once gives.
  // The steps are kept in blocks of kBlockSteps, each allocated at its size: one vector of
  // them all would, while it grows, need up to twice the memory.
  DebugProgram program;
  syntax::ChunkScanner chunks(text);
  std::uint32_t firstLine = 0;
  for (std::uint32_t begin = 0; begin < text.size();) {
    std::uint32_t end = begin, lines = 0;
    while (end < text.size() && lines < kPrepareLines) {
      const std::uint32_t next = chunks.scan(end).end;
      lines += syntax::countNewlines(text.substr(end, next - end));
      end = next;
    }
    const AssembledUnit unit = assembleText(db, text.substr(begin, end - begin));
    std::vector<std::uint32_t> statements;
    const auto source = sourceInstructions(unit, &statements);
    program.addWriteTypes(db, layout, unit, statements);
    for (sim::PreparedInst& inst : sim::prepare(db, layout, sim::SemanticsTable::builtin(), source).steps) {
      if (program.count_ % kBlockSteps == 0) program.blocks_.emplace_back().reserve(kBlockSteps);
      inst.line += firstLine;
      program.blocks_.back().push_back(std::move(inst));
      ++program.count_;
    }
    firstLine += lines;
    begin = end;
  }
  program.text_ = std::string(text);
  program.lineStarts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') program.lineStarts_.push_back(static_cast<std::uint32_t>(i + 1));
  program.findNamedRegisters(layout);
  return program;
}

void DebugProgram::addWriteTypes(const isa::InstrDb& db, const sim::RegisterLayout& layout,
                                 const AssembledUnit& unit, const std::vector<std::uint32_t>& statements) {
  const std::vector<RegisterEvent> events = registerEvents(db, unit);
  std::size_t e = 0;
  for (const std::uint32_t statement : statements) {
    while (e < events.size() && events[e].statement < statement) ++e;
    for (; e < events.size() && events[e].statement == statement; ++e) {
      const RegisterEvent& ev = events[e];
      if (!isa::writes(ev.access) || ev.unknown) continue;
      const auto file = registerFileOf(layout, ev.reg.file);
      if (!file) continue;
      const auto& inst = unit.statements[statement].inst;
      writes_.push_back(
          {*file, ev.reg.number, registerValueType(db, inst ? &*inst : nullptr, ev.reg, ev.width)});
    }
    writesBegin_.push_back(static_cast<std::uint32_t>(writes_.size()));
  }
}

void DebugProgram::findNamedRegisters(const sim::RegisterLayout& layout) {
  std::array<std::bitset<sim::kMaxGpr>, 4> named;  // by RegFile
  for (const auto& block : blocks_)
    for (const sim::PreparedInst& inst : block) {
      auto note = [&](const sim::Operand& o) {
        for (const auto& [f, n] : operands::registersOf(o))
          if (n < sim::kMaxGpr && !operands::isConstantRegister(layout, f, n))
            named[static_cast<std::size_t>(f)].set(n);
      };
      note(inst.guard);
      for (std::uint8_t k = 0; k < inst.inCount; ++k) note(inst.in[k]);
      for (std::uint8_t k = 0; k < inst.outCount; ++k) note(inst.out[k]);
    }
  for (std::size_t f = 0; f < named.size(); ++f)
    for (std::uint32_t n = 0; n < sim::kMaxGpr; ++n)
      if (named[f].test(n)) named_.emplace_back(static_cast<sim::RegFile>(f), n);
}

std::optional<std::uint32_t> DebugProgram::lineAt(std::uint64_t p) const {
  if (p >= count_) return std::nullopt;
  return step(p).line;
}

std::string DebugProgram::sourceAt(std::uint64_t p) const {
  const auto line = lineAt(p);
  if (!line || *line >= lineStarts_.size()) return {};
  const std::size_t begin = lineStarts_[*line];
  const std::size_t end = *line + 1 < lineStarts_.size() ? lineStarts_[*line + 1] : text_.size();
  std::string_view s = std::string_view(text_).substr(begin, end - begin);
  if (const std::size_t comment = s.find("//"); comment != std::string_view::npos) s = s.substr(0, comment);
  return std::string(text::trim(s));
}

std::optional<std::uint64_t> DebugProgram::positionOfLine(std::uint32_t line) const {
  // Lines grow with positions: the first position whose line is not before `line`.
  std::uint64_t lo = 0, hi = count_;
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (step(mid).line < line)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == count_) return std::nullopt;
  return lo;
}

std::vector<RegisterType> DebugProgram::registerTypes(std::uint64_t position) const {
  std::map<std::pair<sim::RegFile, std::uint32_t>, sim::ValueType> last;
  const std::uint64_t end = std::min<std::uint64_t>(position, writesBegin_.size() - 1);
  for (std::uint32_t i = 0; i < writesBegin_[end]; ++i)
    last[{writes_[i].file, writes_[i].number}] = writes_[i].type;
  std::vector<RegisterType> out;
  for (const auto& [reg, type] : last) out.push_back({reg.first, reg.second, type});
  return out;
}

sim::ValueType DebugProgram::registerType(std::uint64_t position, sim::RegFile file,
                                          std::uint32_t number) const {
  const std::uint64_t end = std::min<std::uint64_t>(position, writesBegin_.size() - 1);
  for (std::uint32_t i = writesBegin_[end]; i > 0; --i)
    if (writes_[i - 1].file == file && writes_[i - 1].number == number) return writes_[i - 1].type;
  return sim::ValueType::U32;
}

}  // namespace gpuasm::ide
