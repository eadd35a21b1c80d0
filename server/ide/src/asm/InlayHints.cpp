// The encoding preview (see InlayHints.h): the assembled listing already holds each legal
// statement's word, so a hint is a position and a label; the work is choosing where it goes.
#include <gpuasm/ide/asm/InlayHints.h>

#include <gpuasm/isa/Binding.h>

#include <string_view>

namespace gpuasm::ide {

namespace {

std::string tooltipOf(const isa::InstrDb& db, const isa::MachineInst& inst) {
  const isa::Opcode& op = *inst.opcode;
  std::string t = "Encoding of **" + op.name + "**, a variant of " + db.optypeOf(op).name;
  if (inst.form != nullptr) t += ", in the form `" + isa::compactForm(*inst.form) + "`";
  if (op.pos.valid()) t += "  \n(defined at " + db.describe(op.pos) + ")";
  return t;
}

}  // namespace

std::vector<InlayHint> getEncodingHints(const Snapshot& snapshot, syntax::ByteRange visible) {
  std::vector<InlayHint> out;
  const auto statements = snapshot.statementsIn(visible);
  const syntax::LineIndex& lines = snapshot.lines();
  for (std::size_t i = 0; i < statements.size(); ++i) {
    const AssembledStatement& s = statements[i];
    const isa::SourceRange r = s.statement.range;
    if (!s.inst || r.end < visible.begin || r.begin >= visible.end) continue;  // [begin, end) of the view
    const std::uint32_t line = lines.position(r.end).line;
    const bool lastOnLine =
        i + 1 == statements.size() || lines.position(statements[i + 1].statement.range.begin).line != line;
    const std::uint32_t at = lastOnLine ? lineContentEnd(snapshot, line) : r.end;
    out.push_back({at, s.encoding.toHex(), tooltipOf(snapshot.db(), *s.inst), true});
  }
  return out;
}

}  // namespace gpuasm::ide
