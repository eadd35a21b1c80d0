// The batch benchmarks' second input (issue 41): the assembler mix with its registers renamed per
// repetition, so statements repeat as a real kernel's do (the same instruction and modifiers,
// other registers) instead of 29 distinct statements over and over, which a cache of answers
// makes look faster than any real program would run.
//
// Which register numbers an operand takes is learned from what assembles: for each register of
// each statement of the mix (a plain `Rn` or a range `R[a:b]`), every number 0..254 (for a range,
// every first register with the range's width kept) is tried in the statement with its other
// operands as written; the numbers that assemble without a diagnostic are that operand's choices
// (its file's range and the alignment a vector or pair operand needs). A fixed-seed generator
// then picks each operand's number per line. The result is checked whole: the generator throws
// when the text draws any diagnostic, so a benchmark never times an input of errors.
#pragma once

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/isa/InstrDb.h>

#include <cstddef>
#include <cstdint>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuasm::bench {

namespace varied_detail {

// One register operand of a statement: where its text is, the first number and the width
// (1 for `Rn`, b - a + 1 for `R[a:b]`), and the first numbers that assemble there.
struct RegisterSlot {
  std::size_t begin = 0, length = 0;
  unsigned width = 1;
  std::vector<unsigned> choices;
};

inline std::string registerText(unsigned first, unsigned width) {
  if (width == 1) return "R" + std::to_string(first);
  return "R[" + std::to_string(first) + ":" + std::to_string(first + width - 1) + "]";
}

inline bool assemblesClean(const isa::InstrDb& db, const std::string& text) {
  const ide::AssembledUnit unit = ide::assembleText(db, text);
  return unit.diagnostics.empty() && !unit.statements.empty() && unit.statements.front().inst.has_value();
}

// splitmix64: the same sequence on every platform and standard library.
struct Generator {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

}  // namespace varied_detail

/// `lines` lines: line i is mix[i % mix.size()] with each of its registers renamed to a number
/// drawn (fixed seed) from those that assemble in that operand. Throws std::runtime_error when
/// a statement of the mix does not assemble as written or the result draws a diagnostic.
inline std::string variedRegisters(const isa::InstrDb& db, const std::vector<std::string>& mix, int lines,
                                   std::uint64_t seed = 41) {
  using varied_detail::RegisterSlot;
  // `R12` (not RZ, UR4, SR_…), or `R[10:11]`; not `R[UR2-0x3]`.
  static const std::regex kRegister(R"((^|[^A-Za-z0-9_])(R(\d+)|R\[(\d+):(\d+)\]))");
  std::vector<std::vector<RegisterSlot>> slots(mix.size());
  for (std::size_t m = 0; m < mix.size(); ++m) {
    const std::string& statement = mix[m];
    if (!varied_detail::assemblesClean(db, statement + "\n"))
      throw std::runtime_error("variedRegisters: the mix's statement does not assemble: " + statement);
    for (auto it = std::sregex_iterator(statement.begin(), statement.end(), kRegister);
         it != std::sregex_iterator(); ++it) {
      const std::smatch& match = *it;
      RegisterSlot slot;
      slot.begin = static_cast<std::size_t>(match.position(2));
      slot.length = static_cast<std::size_t>(match.length(2));
      if (match[4].matched) {
        const unsigned a = static_cast<unsigned>(std::stoul(match[4].str()));
        const unsigned b = static_cast<unsigned>(std::stoul(match[5].str()));
        if (b < a) continue;
        slot.width = b - a + 1;
      }
      for (unsigned first = 0; first + slot.width - 1 <= 254; ++first) {
        std::string candidate = statement;
        candidate.replace(slot.begin, slot.length, varied_detail::registerText(first, slot.width));
        if (varied_detail::assemblesClean(db, candidate + "\n")) slot.choices.push_back(first);
      }
      if (slot.choices.empty())
        throw std::runtime_error("variedRegisters: no register assembles in: " + statement);
      slots[m].push_back(std::move(slot));
    }
  }
  varied_detail::Generator generator{seed};
  std::string text;
  text.reserve(static_cast<std::size_t>(lines) * 40);
  for (int i = 0; i < lines; ++i) {
    const std::size_t m = static_cast<std::size_t>(i) % mix.size();
    std::string line = mix[m];
    // Right to left, so the earlier slots' positions stay valid.
    for (auto slot = slots[m].rbegin(); slot != slots[m].rend(); ++slot) {
      const unsigned first = slot->choices[generator.next() % slot->choices.size()];
      line.replace(slot->begin, slot->length, varied_detail::registerText(first, slot->width));
    }
    text += line;
    text += '\n';
  }
  const ide::AssembledUnit unit = ide::assembleText(db, text);
  if (!unit.diagnostics.empty())
    throw std::runtime_error("variedRegisters: the generated text draws " +
                             std::to_string(unit.diagnostics.size()) +
                             " diagnostics, the first: " + unit.diagnostics.front().message);
  return text;
}

}  // namespace gpuasm::bench
