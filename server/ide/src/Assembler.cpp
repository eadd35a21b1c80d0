// Lower, match and encode every statement of a document (see Assembler.h).
#include <gpuasm/ide/Assembler.h>
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/LineScanner.h>
#include <gpuasm/syntax/Lowering.h>

#include <algorithm>
#include <cassert>

namespace gpuasm::ide {

AssembledUnit assemble(const isa::InstrDb& db, syntax::LoweredUnit&& unit) {
  AssembledUnit out;
  out.statements.reserve(unit.statements.size());
  for (const auto& d : unit.diagnostics) out.diagnostics.push_back(toDiagnostic(d));
  for (auto& s : unit.statements) {
    AssembledStatement a;
    if (!s.hasError && !s.mnemonic.empty()) {
      isa::MatchResult m = isa::matchStatement(db, s);
      for (const auto& d : m.diagnostics) out.diagnostics.push_back(toDiagnostic(d));
      if (m.inst) {
        const auto values = std::vector<std::optional<std::uint64_t>>(m.inst->values.begin(), m.inst->values.end());
        const isa::EncodeResult enc = isa::encode(db, *m.inst->opcode, values);
        // The matcher only produces legal values; an encode issue would be a bug in it.
        assert(enc.ok());
        a.encoding = enc.word;
        a.inst = std::move(m.inst);
      }
    }
    a.statement = std::move(s);
    out.statements.push_back(std::move(a));
  }
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [](const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; });
  return out;
}

AssembledUnit assemble(const isa::InstrDb& db, const syntax::LoweredUnit& unit) { return assemble(db, syntax::LoweredUnit(unit)); }

AssembledUnit assemble(const isa::InstrDb& db, const syntax::SyntaxTree& tree) { return assemble(db, syntax::lower(tree)); }

AssembledUnit assembleText(const isa::InstrDb& db, std::string_view text) { return assemble(db, syntax::lowerText(text)); }

}  // namespace gpuasm::ide
