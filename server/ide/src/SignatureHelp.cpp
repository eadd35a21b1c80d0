// Signature help (see SignatureHelp.h): the cursor's statement read from its line
// (CursorContext), its optype's syntax forms as signatures, the matched form (or the first one
// the written modifiers and operand count fit) as the active one, and the slot the cursor's
// operand fills in it, optional slots left out as the matcher decides (operand kinds).
#include <gpuasm/ide/SignatureHelp.h>

#include "CursorContext.h"

#include <algorithm>

namespace gpuasm::ide {

namespace {

using isa::InstrDb;
using isa::Optype;
using isa::SyntaxForm;

// What one slot accepts across the variants that bind the form: the types (and kinds) of the
// Order<> elements it stands for.
std::string parameterDocs(const InstrDb& db, const Optype& optype, std::size_t form, std::size_t slot) {
  std::vector<std::string> kinds;
  for (const isa::Opcode* op : detail::boundOpcodes(db, optype, form)) {
    const isa::OrderElem* elem = detail::orderElem({form, slot, op});
    if (elem == nullptr) continue;
    std::string kind = elem->toString();
    if (const isa::Field* f = op->fieldOf(*elem)) {
      const isa::BitFieldType& t = db.typeOf(*f);
      kind = "`" + t.name + "` (" + isa::typeKindName(t.kind) + ")";
    } else {
      kind = "`" + kind + "`";
    }
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(std::move(kind));
  }
  if (kinds.empty()) return {};
  std::string md = "Accepts ";
  for (std::size_t i = 0; i < kinds.size(); ++i) md += (i ? ", " : "") + kinds[i];
  return md;
}

SignatureInfo signature(const InstrDb& db, const Optype& optype, std::size_t fi) {
  const SyntaxForm& form = optype.syntax.forms[fi];
  SignatureInfo s;
  std::vector<syntax::ByteRange> ranges;
  s.label = detail::formLabel(form, &ranges);
  if (!form.comment.empty()) s.documentation = form.comment + "\n\n";
  if (optype.docs.description.present) s.documentation += optype.docs.description.text;
  for (std::size_t i = 0; i < form.operands.size(); ++i)
    s.parameters.push_back({form.operands[i].text, ranges[i], parameterDocs(db, optype, fi, i)});
  return s;
}

// The form the statement matched, else the first that takes the written modifiers and at least
// as many operands as are written, else the first with enough operands.
std::size_t activeForm(const Snapshot& snap, std::uint32_t offset, const detail::Mnemonic& mn, std::size_t written) {
  const auto& forms = mn.optype->syntax.forms;
  if (const auto as = snap.statementAt(offset); as && as->inst && as->inst->form != nullptr) {
    const SyntaxForm* f = as->inst->form;
    if (f >= forms.data() && f < forms.data() + forms.size()) return static_cast<std::size_t>(f - forms.data());
  }
  for (std::size_t fi = 0; fi < forms.size(); ++fi)
    if (forms[fi].operands.size() >= written && detail::formTakes(snap.db(), *mn.optype, fi, mn.modifiers)) return fi;
  for (std::size_t fi = 0; fi < forms.size(); ++fi)
    if (forms[fi].operands.size() >= written) return fi;
  return 0;
}

}  // namespace

std::optional<SignatureHelp> getSignatureHelp(const Snapshot& snapshot, std::uint32_t offset) {
  const detail::CursorContext ctx = detail::cursorContext(snapshot, offset);
  if (ctx.where != detail::CursorContext::Where::Operand) return std::nullopt;
  const InstrDb& db = snapshot.db();
  const auto mn = detail::resolveMnemonic(db, ctx.components);
  if (!mn || mn->optype->syntax.forms.empty()) return std::nullopt;

  SignatureHelp help;
  for (std::size_t fi = 0; fi < mn->optype->syntax.forms.size(); ++fi) help.signatures.push_back(signature(db, *mn->optype, fi));
  const std::size_t active = activeForm(snapshot, offset, *mn, std::max(ctx.operandCount, ctx.operandIndex + 1));
  help.activeSignature = static_cast<std::uint32_t>(active);
  const auto slots = detail::operandSlots(db, *mn->optype, active, ctx.operandsBefore, ctx.operandIndex);
  help.activeParameter = static_cast<std::uint32_t>(slots.empty() ? ctx.operandIndex : slots.front().slot);
  return help;
}

}  // namespace gpuasm::ide
