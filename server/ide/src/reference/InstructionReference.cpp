// The instruction at a position and its place in the reference (InstructionReference.h).
#include <gpuasm/ide/reference/InstructionReference.h>

#include <gpuasm/isa/Matcher.h>
#include <gpuasm/isa/Text.h>

#include <string_view>
#include <vector>

namespace gpuasm::ide {

InstructionReference instructionReference(const isa::InstrDb& db, const isa::Optype& optype,
                                          const AssembledStatement& as) {
  InstructionReference out;
  out.optype = &optype;
  if (as.inst && as.inst->opcode != nullptr && &db.optypeOf(*as.inst->opcode) == &optype)
    out.opcode = as.inst->opcode;
  out.link = out.opcode != nullptr ? referenceOf(db, *out.opcode) : referenceOf(optype);
  return out;
}

namespace {

// The reference of a statement whose mnemonic the database knows; none for an unknown one.
std::optional<InstructionReference> referenceOfStatement(const isa::InstrDb& db,
                                                         const AssembledStatement& as) {
  const isa::AsmStatement& s = as.statement;
  if (s.mnemonic.empty()) return std::nullopt;
  std::vector<std::string_view> parts;
  for (const auto& p : s.parts) parts.emplace_back(p.text);
  const auto mm = isa::matchMnemonic(db, s.mnemonic, parts);
  if (!mm || mm->optype == nullptr) return std::nullopt;
  return instructionReference(db, *mm->optype, as);
}

}  // namespace

std::optional<InstructionReference> instructionReferenceAt(const Snapshot& snapshot, std::uint32_t offset) {
  const std::string_view text = snapshot.text();
  if (offset > text.size()) return std::nullopt;
  std::optional<AssembledStatement> as = snapshot.statementAt(offset);
  if (!as) {
    // In the indentation: the line's first statement, if any.
    const syntax::LinePosition at = snapshot.lines().position(offset, syntax::ColumnUnit::Utf8);
    const std::uint32_t lineStart = snapshot.lines().lineStart(at.line);
    for (std::uint32_t i = lineStart; i < offset; ++i)
      if (!text::isSpace(text[i])) return std::nullopt;
    for (AssembledStatement& s : snapshot.statementsIn({offset, offset}))
      if (s.statement.line == at.line && s.statement.range.begin >= offset) {
        as = std::move(s);
        break;
      }
    if (!as) return std::nullopt;
    for (std::uint32_t i = offset; i < as->statement.range.begin; ++i)
      if (!text::isSpace(text[i])) return std::nullopt;
  }
  return referenceOfStatement(snapshot.db(), *as);
}

}  // namespace gpuasm::ide
