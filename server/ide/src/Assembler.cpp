// Lower, match and encode every statement of a document (see Assembler.h).
#include <gpuasm/ide/Assembler.h>
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/LineScanner.h>
#include <gpuasm/syntax/Lowering.h>

#include <algorithm>
#include <cassert>
#include <span>

namespace gpuasm::ide {

namespace {

bool inDocumentOrder(const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; }

// Matches and encodes the statement `a` holds.
void matchAndEncode(const isa::InstrDb& db, AssembledStatement& a, std::vector<Diagnostic>& diagnostics) {
  const isa::AsmStatement& s = a.statement;
  if (s.hasError || s.mnemonic.empty()) return;
  isa::MatchResult m = isa::matchStatement(db, s);
  for (const auto& d : m.diagnostics) diagnostics.push_back(toDiagnostic(d));
  if (!m.inst) return;
  const isa::EncodeResult enc = isa::encode(db, *m.inst->opcode, std::span<const std::uint64_t>(m.inst->values));
  // The matcher only produces legal values; an encode issue would be a bug in it.
  assert(enc.ok());
  a.encoding = enc.word;
  a.inst = std::move(m.inst);
}

}  // namespace

AssembledUnit assemble(const isa::InstrDb& db, syntax::LoweredUnit&& unit) {
  AssembledUnit out;
  out.statements.reserve(unit.statements.size());
  out.diagnostics.reserve(unit.diagnostics.size());
  for (const auto& d : unit.diagnostics) out.diagnostics.push_back(toDiagnostic(d));
  for (auto& s : unit.statements) {
    AssembledStatement& a = out.statements.emplace_back();
    a.statement = std::move(s);
    matchAndEncode(db, a, out.diagnostics);
  }
  // Usually already in order (statements come in order); the sort is for lowering's
  // diagnostics interleaved with the matcher's.
  if (!std::is_sorted(out.diagnostics.begin(), out.diagnostics.end(), inDocumentOrder))
    std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(), inDocumentOrder);
  return out;
}

AssembledUnit assemble(const isa::InstrDb& db, const syntax::LoweredUnit& unit) { return assemble(db, syntax::LoweredUnit(unit)); }

AssembledUnit assemble(const isa::InstrDb& db, const syntax::SyntaxTree& tree) { return assemble(db, syntax::lower(tree)); }

AssembledUnit assembleText(const isa::InstrDb& db, std::string_view text) { return assemble(db, syntax::lowerText(text)); }

}  // namespace gpuasm::ide
