// Signature help (see SignatureHelp.h): the cursor's statement read from its line
// (CursorContext), its optype's syntax forms as signatures; when the statement assembles, its
// binding gives the active form and the slot of the cursor's operand; on a line being typed, the
// binding queries of isa/Binding.h (the matcher's own steps) pick the first form the written
// modifiers and operand count fit and the slot the operand after the written ones can fill.
#include <gpuasm/ide/asm/SignatureHelp.h>

#include "CursorContext.h"

#include <gpuasm/isa/Binding.h>

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
    const isa::OrderElem* elem = &op->operandInfo.order[op->formBindings[form]->orderIndex[slot]];
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

// Whether some variant of form `fi` takes exactly the written modifiers (isa::fillModifiers).
bool formTakes(const InstrDb& db, const detail::Mnemonic& mn, std::size_t fi) {
  const auto fills = isa::fillModifiers(db, *mn.optype, fi, mn.modifierViews());
  return std::any_of(fills.begin(), fills.end(), [](const isa::ModifierFill& f) { return f.complete; });
}

// The form the statement binds to when it assembles, else the first that takes the written
// modifiers and at least as many operands as are written, else the first with enough operands.
std::size_t activeForm(const InstrDb& db, const isa::Binding* matched, const detail::Mnemonic& mn,
                       std::size_t written) {
  const auto& forms = mn.optype->syntax.forms;
  if (matched != nullptr) return matched->formIndex();
  for (std::size_t fi = 0; fi < forms.size(); ++fi)
    if (forms[fi].operands.size() >= written && formTakes(db, mn, fi)) return fi;
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
  for (std::size_t fi = 0; fi < mn->optype->syntax.forms.size(); ++fi)
    help.signatures.push_back(signature(db, *mn->optype, fi));
  // A statement that assembles has its binding: the form and the slot of every operand.
  const auto as = snapshot.statementAt(offset);
  const isa::Binding* matched = as && as->binding && as->binding->matched && as->binding->optype == mn->optype
                                    ? &*as->binding
                                    : nullptr;
  const std::size_t active = activeForm(db, matched, *mn, std::max(ctx.operandCount, ctx.operandIndex + 1));
  help.activeSignature = static_cast<std::uint32_t>(active);
  if (const auto slot = matched != nullptr ? matched->slotOf(ctx.operandIndex) : std::nullopt) {
    help.activeParameter = static_cast<std::uint32_t>(*slot);
    return help;
  }
  const auto slots =
      isa::nextOperandSlots(db, *mn->optype, active, detail::lowerOperands(ctx.operandsBefore));
  help.activeParameter = static_cast<std::uint32_t>(slots.empty() ? ctx.operandIndex : slots.front().slot);
  return help;
}

}  // namespace gpuasm::ide
