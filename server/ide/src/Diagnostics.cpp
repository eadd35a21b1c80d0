// Syntax and database diagnostics of a document (see Diagnostics.h).
#include <gpuasm/ide/Diagnostics.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/Statement.h>

#include <algorithm>

namespace gpuasm::ide {

namespace {

using syntax::OperandKind;
using syntax::StatementView;

// The type of an optype's guard predicate (pg: Pred, upg: UPred): the first element of Order<>
// is the guard (spec-catalog §1.3).
const isa::BitFieldType* guardType(const isa::InstrDb& db, const isa::Optype& optype) {
  for (auto i : optype.opcodes) {
    const isa::Opcode& op = db.opcodes()[i];
    if (isa::firstOperandOrderIndex(db, op) == 0) continue;
    if (const isa::Field* f = op.field(op.operandInfo.order.front().name)) return &db.typeOf(*f);
  }
  return nullptr;
}

std::string spellingsOf(const isa::BitFieldType& t) {
  if (t.enumerators.empty()) return {};
  return t.enumerators.front().name + ".." + t.enumerators.back().name;
}

void checkStatement(const isa::InstrDb& db, const StatementView& s, std::vector<Diagnostic>& out) {
  if (s.trailingComma)
    out.push_back({*s.trailingComma, Severity::Warning, "dangling-comma", "',' before ';' is followed by no operand", {""}});
  for (const auto& o : s.operands) {
    if (o.kind == OperandKind::Identifier)
      out.push_back({o.value.range, Severity::Error, "unknown-operand",
                     "'" + std::string(o.value.text) + "' is no register, predicate or literal", {}});
    if (o.kind == OperandKind::ConstantMemory && o.space.text != "c")
      out.push_back({o.space.range, Severity::Warning, "constant-memory-spelling",
                     "constant memory is written c[bank][offset], not " + std::string(o.space.text) + "[…]", {"c"}});
  }
  if (!s.mnemonic.present()) return;
  std::vector<std::string_view> parts;
  for (const auto& m : s.modifiers) parts.push_back(m.text);
  const auto match = isa::matchMnemonic(db, s.mnemonic.text, parts);
  if (!match) {
    std::string written(s.mnemonic.text);
    auto suggestions = isa::suggestMnemonics(db, written);
    std::string message = "unknown mnemonic '" + written + "'";
    if (!suggestions.empty()) message += "; did you mean " + isa::oneOf(suggestions) + "?";
    out.push_back({s.mnemonic.range, Severity::Error, "unknown-mnemonic", message, suggestions});
    return;
  }
  const isa::Optype& optype = *match->optype;
  const std::span<const std::string_view> modifiers(parts.data() + match->mnemonicParts, parts.size() - match->mnemonicParts);
  for (const auto& issue : isa::checkModifiers(db, optype, modifiers)) {
    const auto& token = s.modifiers[match->mnemonicParts + issue.index];
    out.push_back({token.range, Severity::Error, issue.code, issue.message, issue.suggestions});
  }
  if (optype.syntax.forms.empty())
    out.push_back({s.mnemonic.range, Severity::Warning, "no-syntax",
                   optype.name + " has no assembly syntax in the spec; its operands cannot be checked", {}});
  if (s.guard && s.guard->predicate.present()) {
    const isa::BitFieldType* t = guardType(db, optype);
    const std::string written(s.guard->predicate.text);
    if (t != nullptr && !t->valueOf(written))
      out.push_back({s.guard->predicate.range, Severity::Error, "guard-predicate",
                     "the guard of " + optype.mnemonic + " is a " + t->name + " (" + spellingsOf(*t) + "); '" + written +
                         "' is not one",
                     {}});
  }
}

}  // namespace

const char* severityName(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Information: return "information";
    case Severity::Hint: return "hint";
  }
  return "error";
}

std::vector<Diagnostic> computeDiagnostics(const isa::InstrDb& db, const syntax::SyntaxTree& tree) {
  std::vector<Diagnostic> out;
  for (const auto& d : syntax::syntaxDiagnosticsOf(tree))
    out.push_back({d.range, d.code == "unterminated-comment" ? Severity::Warning : Severity::Error, d.code, d.message, {}});
  for (const auto& s : syntax::statementsOf(tree)) checkStatement(db, s, out);
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
  return out;
}

}  // namespace gpuasm::ide
