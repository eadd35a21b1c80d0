// The matcher as it was before its hot path was rebuilt (quiet first pass, precomputed
// tables, compiled expressions): every attempt built its diagnostics, fields were found by
// name, expressions evaluated through ExprEnv. Kept only in the tests, as the reference the
// differential test (MatcherDifferentialTest.cpp) compares the new matcher with: same
// instruction, same field values, same diagnostics on every input.
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/isa/SpecParser.h>

#include "ReferenceMatcher.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace gpuasm::testsupport {

using namespace gpuasm::isa;

namespace {

std::string hex(std::uint64_t v) {
  static constexpr char digits[] = "0123456789ABCDEF";
  if (v == 0) return "0x0";
  std::string out;
  while (v != 0) {
    out.insert(out.begin(), digits[v & 0xF]);
    v >>= 4;
  }
  return "0x" + out;
}

// The written modifiers after the mnemonic, and the optype they belong to.
struct Written {
  const Optype* optype = nullptr;
  std::vector<const AsmPart*> modifiers;
};

// Ranking of near misses: an operand of the right kind that fails later (a range, a prefix, an
// address part) is nearer than one of the wrong kind.
constexpr int kKindMatched = 5;

// One attempt at (form, opcode, omitted optional slots).
struct Attempt {
  const SyntaxForm* form = nullptr;
  const Opcode* op = nullptr;
  std::vector<std::optional<std::uint64_t>> values;
  std::vector<AsmDiagnostic> problems;  // the first error ends the attempt
  std::vector<AsmDiagnostic> warnings;
  int progress = 0;
  bool failed() const { return !problems.empty(); }
};

class StatementMatcher {
 public:
  StatementMatcher(const InstrDb& db, const AsmStatement& s) : db_(db), s_(s) {}

  MatchResult run() {
    MatchResult result;
    std::vector<std::string_view> parts;
    for (const auto& p : s_.parts) parts.push_back(p.text);
    const auto mm = matchMnemonic(db_, s_.mnemonic, parts);
    if (!mm) {
      auto suggestions = suggestMnemonics(db_, s_.mnemonic);
      std::string message = "unknown mnemonic '" + s_.mnemonic + "'";
      if (!suggestions.empty()) message += "; did you mean " + oneOf(suggestions) + "?";
      result.diagnostics.push_back({s_.mnemonicRange, AsmSeverity::Error, "unknown-mnemonic", message, suggestions, {}, {}});
      return result;
    }
    written_.optype = mm->optype;
    for (std::size_t i = mm->mnemonicParts; i < s_.parts.size(); ++i) written_.modifiers.push_back(&s_.parts[i]);
    const Optype& optype = *mm->optype;
    // Spellings no form of the optype knows are reported first, with suggestions.
    std::vector<std::string_view> mods;
    for (const auto* m : written_.modifiers) mods.push_back(m->text);
    for (const auto& issue : checkModifiers(db_, optype, mods)) {
      const AsmPart& part = *written_.modifiers[issue.index];
      result.diagnostics.push_back({part.range, AsmSeverity::Error, issue.code, issue.message, issue.suggestions, {}, {}});
    }
    if (!result.diagnostics.empty()) return result;
    if (optype.syntax.forms.empty()) {
      result.diagnostics.push_back({s_.mnemonicRange, AsmSeverity::Error, "no-syntax",
                                    optype.name + " has no assembly syntax in the spec", {}, {}, "L-4"});
      return result;
    }
    std::optional<Attempt> best;
    for (std::size_t formIndex = 0; formIndex < optype.syntax.forms.size(); ++formIndex) {
      const SyntaxForm& form = optype.syntax.forms[formIndex];
      for (auto opIndex : optype.opcodes) {
        const Opcode& op = db_.opcodes()[opIndex];
        const auto& binding = op.formBindings[formIndex];
        if (!binding) continue;
        for (auto& attempt : attemptsFor(form, op, *binding)) {
          if (!attempt.failed()) {
            result.inst = MachineInst{&op, &form, finalValues(attempt)};
            result.diagnostics = std::move(attempt.warnings);
            return result;
          }
          if (!best || attempt.progress > best->progress) best = std::move(attempt);
        }
      }
    }
    if (!best) {
      result.diagnostics.push_back({s_.range, AsmSeverity::Error, "no-matching-form", "no syntax form of " + optype.mnemonic + " fits", {}, legalForms(optype), {}});
      return result;
    }
    AsmDiagnostic d = best->problems.front();
    // The forms are the fix when the statement is written in the wrong shape, not when one
    // value or prefix is wrong and the diagnostic says how to fix it.
    static const std::set<std::string> shapeCodes = {"operand-count", "operand-kind", "illegal-modifier", "missing-modifier",
                                                     "missing-operand", "unknown-operand"};
    if (shapeCodes.contains(d.code)) d.legalForms = legalForms(optype);
    result.diagnostics.push_back(std::move(d));
    return result;
  }

 private:
  static std::vector<std::string> legalForms(const Optype& optype) {
    std::vector<std::string> out;
    for (const auto& f : optype.syntax.forms) {
      std::string text = f.text;
      const std::size_t dollar = text.find('$');
      if (dollar != std::string::npos) text = std::string(trimBlanks(std::string_view(text).substr(0, dollar)));
      // Collapse the spec's column alignment.
      std::string compact;
      for (char c : text)
        if (!(c == ' ' && !compact.empty() && compact.back() == ' ')) compact.push_back(c);
      out.push_back(compact + " ;");
    }
    return out;
  }

  std::vector<std::uint64_t> finalValues(const Attempt& a) const {
    std::vector<std::uint64_t> v(a.op->fields.size());
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = a.values[i].value_or(a.op->fields[i].value);
    return v;
  }

  static void fail(Attempt& a, SourceRange range, std::string code, std::string message,
                   std::vector<std::string> fixes = {}, std::string erratum = {}) {
    if (a.failed()) return;
    a.problems.push_back({range, AsmSeverity::Error, std::move(code), std::move(message), std::move(fixes), {}, std::move(erratum)});
  }

  // Fields are elements of a.op->fields, so their index is pointer arithmetic, not a lookup.
  static bool set(Attempt& a, const Field* f, std::uint64_t value) {
    if (f == nullptr) return false;
    assert(f >= a.op->fields.data() && f < a.op->fields.data() + a.op->fields.size());
    a.values[static_cast<std::size_t>(f - a.op->fields.data())] = value;
    return true;
  }
  static std::uint64_t valueOf(const Attempt& a, const Field& f) {
    return a.values[static_cast<std::size_t>(&f - a.op->fields.data())].value_or(f.value);
  }

  // ---------------------------------------------------------------- modifiers

  // Assigns the written modifiers to the form's slots and sets their fields. Returns false
  // when the form cannot take them.
  bool applyModifiers(Attempt& a) {
    const SyntaxForm& form = *a.form;
    const Optype& optype = *written_.optype;
    std::vector<int> slotOf(written_.modifiers.size(), -1);
    std::vector<bool> taken(form.parts.size(), false);
    for (std::size_t w = 0; w < written_.modifiers.size(); ++w) {
      const std::string& text = written_.modifiers[w]->text;
      for (std::size_t k = form.mnemonicParts; k < form.parts.size() && slotOf[w] < 0; ++k) {
        if (taken[k]) continue;
        const ModifierSlot& slot = form.parts[k];
        const bool fits = slot.variable ? domainAccepts(a, slot.text, text) : slot.text == text;
        if (fits) {
          slotOf[w] = static_cast<int>(k);
          taken[k] = true;
        }
      }
      if (slotOf[w] < 0) {
        fail(a, written_.modifiers[w]->range, "illegal-modifier",
             "." + text + " cannot be used in the form '" + shortForm(form) + "' of " + optype.mnemonic);
        return false;
      }
    }
    a.progress += 100;
    for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k) {
      const ModifierSlot& slot = form.parts[k];
      if (taken[k]) continue;
      if (!slot.variable && !slot.optional) {
        fail(a, s_.mnemonicRange, "missing-modifier", "the form '" + shortForm(form) + "' needs ." + slot.text, {}, {});
        return false;
      }
      if (slot.variable) {
        const Field* f = a.op->field(slot.text);
        if (f != nullptr && f->presence == FieldPresence::Required) {
          const ModifierDomain* d = optype.domain(slot.text);
          std::vector<std::string> values;
          if (d != nullptr)
            for (const auto& v : d->values) values.push_back(v.spelling);
          fail(a, s_.mnemonicRange, "missing-modifier",
               optype.mnemonic + " needs a ." + slot.text + " modifier" + (values.empty() ? "" : ": " + oneOf(values, ".")));
          return false;
        }
      }
    }
    // Set the fields; check ModiOrder and canonical order.
    int lastSlot = -1;
    bool canonical = true;
    for (std::size_t w = 0; w < written_.modifiers.size(); ++w) {
      const ModifierSlot& slot = form.parts[static_cast<std::size_t>(slotOf[w])];
      const std::string& text = written_.modifiers[w]->text;
      const Field* f = slot.variable ? a.op->field(slot.text) : literalModifierField(db_, *a.op, text);
      if (f == nullptr) {
        fail(a, written_.modifiers[w]->range, "modifier-without-encoding",
             "." + text + " of " + optype.mnemonic + " has no encoding field in " + a.op->name, {}, "L-48");
        return false;
      }
      const auto v = db_.typeOf(*f).valueOf(text);
      set(a, f, *v);
      canonical &= slotOf[w] > lastSlot;
      lastSlot = std::max(lastSlot, slotOf[w]);
    }
    for (const auto& order : a.op->operandInfo.modiOrders) {
      for (std::size_t i = 0; i + 1 < order.size(); ++i) {
        const int x = writtenIndexOfSlot(slotOf, form, order[i]);
        const int y = writtenIndexOfSlot(slotOf, form, order[i + 1]);
        if (x >= 0 && y >= 0 && x > y) {
          fail(a, written_.modifiers[static_cast<std::size_t>(y)]->range, "modifier-order",
               "." + order[i] + " must come before ." + order[i + 1] + " (ModiOrder<" + order[i] + ", " + order[i + 1] + ">)");
          return false;
        }
      }
    }
    if (!canonical && !written_.modifiers.empty()) {
      std::vector<std::pair<int, std::string>> sorted;
      for (std::size_t w = 0; w < written_.modifiers.size(); ++w) sorted.emplace_back(slotOf[w], written_.modifiers[w]->text);
      std::sort(sorted.begin(), sorted.end());
      std::string fix;
      for (const auto& [k, t] : sorted) fix += (fix.empty() ? "" : ".") + t;
      const SourceRange r{written_.modifiers.front()->range.begin, written_.modifiers.back()->range.end};
      a.warnings.push_back({r, AsmSeverity::Warning, "modifier-order",
                            "modifiers are not in the order of the syntax form ('" + shortForm(form) + "'): ." + fix, {fix}, {}, {}});
    }
    a.progress += 50;
    return true;
  }

  static int writtenIndexOfSlot(const std::vector<int>& slotOf, const SyntaxForm& form, const std::string& variable) {
    for (std::size_t w = 0; w < slotOf.size(); ++w)
      if (form.parts[static_cast<std::size_t>(slotOf[w])].variable && form.parts[static_cast<std::size_t>(slotOf[w])].text == variable)
        return static_cast<int>(w);
    return -1;
  }

  bool domainAccepts(const Attempt& a, const std::string& variable, const std::string& spelling) const {
    const ModifierDomain* d = written_.optype->domain(variable);
    const Field* f = a.op->field(variable);
    if (d == nullptr || f == nullptr) return false;
    const BitFieldType& t = db_.typeOf(*f);
    const auto v = t.valueOf(spelling);
    if (!v) return false;
    for (const auto& dv : d->values)
      if (dv.spelling == spelling || t.valueOf(dv.spelling) == v) return true;
    return false;
  }

  static std::string shortForm(const SyntaxForm& form) {
    std::string m = form.baseName;
    for (const auto& p : form.parts) m += p.optional ? "{." + p.text + "}" : "." + p.text;
    return m;
  }

  // ---------------------------------------------------------------- operands

  std::vector<Attempt> attemptsFor(const SyntaxForm& form, const Opcode& op, const FormBinding& binding) {
    // Braced slots are optional; so is a predicate slot whose field has an encoding default,
    // even when the syntax writes it unbraced (FSET/FSEL pp, L-75; as L-53 for modifiers).
    std::vector<std::size_t> optional;
    for (std::size_t i = 0; i < form.operands.size(); ++i) {
      const OrderElem& elem = op.operandInfo.order[binding.orderIndex[i]];
      const Field* f = elem.kind == OrderElem::Kind::Field ? op.field(elem.name) : nullptr;
      const bool defaultedPredicate = f != nullptr && f->presence == FieldPresence::Default && db_.typeOf(*f).kind == TypeKind::Predicate;
      if (form.operands[i].optional || defaultedPredicate) optional.push_back(i);
    }
    std::vector<Attempt> out;
    const std::size_t n = s_.operands.size();
    // Every choice of optional slots whose count fits; the spec omits optional operands from the
    // middle too (IMAD.HI.X R1, R2, … omits pu).
    std::vector<std::vector<std::size_t>> choices;
    for (std::uint32_t mask = 0; mask < (1u << optional.size()); ++mask) {
      std::vector<std::size_t> slots;
      for (std::size_t i = 0, o = 0; i < form.operands.size(); ++i) {
        const bool isOptional = o < optional.size() && optional[o] == i;
        if (!isOptional || ((mask >> o) & 1u)) slots.push_back(i);
        if (isOptional) ++o;
      }
      if (slots.size() == n) choices.push_back(std::move(slots));
    }
    Attempt base;
    base.form = &form;
    base.op = &op;
    base.values.assign(op.fields.size(), std::nullopt);
    if (!applyModifiers(base) || choices.empty()) {
      if (!base.failed()) {
        const std::size_t required = form.operands.size() - optional.size();
        const std::string count = optional.empty() ? std::to_string(required) : std::to_string(required) + " to " + std::to_string(form.operands.size());
        fail(base, n > form.operands.size() ? s_.operands[form.operands.size()].range : s_.range, "operand-count",
             "the form '" + shortForm(form) + "' takes " + count + " operands; " + std::to_string(n) + " written");
      }
      out.push_back(std::move(base));
      return out;
    }
    for (const auto& slots : choices) {
      Attempt a = base;
      for (std::size_t i = 0; i < n && !a.failed(); ++i) {
        fitOperand(a, form.operands[slots[i]], op.operandInfo.order[binding.orderIndex[slots[i]]], s_.operands[i]);
        if (!a.failed()) a.progress += 10;
      }
      if (!a.failed()) applyGuard(a);
      if (!a.failed()) checkWidths(a, form, binding, slots);
      if (!a.failed()) checkRequired(a);
      if (!a.failed()) checkEncodingErrors(a);
      out.push_back(std::move(a));
    }
    return out;
  }

  std::string kindText(const BitFieldType& t) const {
    switch (t.kind) {
      case TypeKind::Register:
      case TypeKind::Predicate:
        return t.name + " (" + t.enumerators.front().name + ".." + t.enumerators.back().name + ")";
      case TypeKind::SImm: return "signed " + std::to_string(t.width) + "-bit immediate (" + t.name + ")";
      case TypeKind::UImm: return "unsigned " + std::to_string(t.width) + "-bit immediate (" + t.name + ")";
      case TypeKind::FImm: return "32-bit float immediate (" + t.name + ")";
      case TypeKind::CMem: return "constant-memory operand c[bank][offset]";
      default: return t.name;
    }
  }

  void fitOperand(Attempt& a, const OperandSlot& slot, const OrderElem& elem, const AsmOperand& o) {
    const std::string where = slot.placeholder;
    auto wrongKind = [&](const std::string& expected) {
      fail(a, o.valueRange, o.kind == AsmOperandKind::Name ? "unknown-operand" : "operand-kind",
           where + " of " + a.op->name + " must be " + expected + "; '" + o.text + "' is " + describe(o));
    };
    if (o.kind == AsmOperandKind::Invalid) {
      fail(a, o.range, "operand-kind", "operand '" + o.text + "' has a syntax error");
      return;
    }
    if (o.kind == AsmOperandKind::Name) {
      fail(a, o.valueRange, "unknown-operand", "'" + o.text + "' is no register, predicate or literal (" + where + " of " + a.op->name + ")");
      return;
    }
    if (elem.kind == OrderElem::Kind::PredicateSet) {
      if (o.kind != AsmOperandKind::PredicateSet || o.name != elem.name) wrongKind(elem.name);
      else rejectPrefixes(a, o, where);
      return;
    }
    if (elem.kind == OrderElem::Kind::Composite) {
      fitComposite(a, elem, o, where);
      return;
    }
    const Field* f = a.op->field(elem.name);
    if (f == nullptr) return;
    const BitFieldType& t = db_.typeOf(*f);
    switch (t.kind) {
      case TypeKind::Register:
      case TypeKind::Predicate: {
        std::string name = o.kind == AsmOperandKind::RegisterRange ? o.file + std::to_string(o.first) : o.name;
        const bool isRegister = o.kind == AsmOperandKind::Register || (o.kind == AsmOperandKind::RegisterRange && t.kind == TypeKind::Register);
        const auto v = isRegister ? t.valueOf(name) : std::nullopt;
        if (!v) {
          if (isRegister && sameFile(t, name))
            fail(a, o.valueRange, "register-out-of-range", "'" + name + "' is not a register of " + kindText(t));
          else
            wrongKind(kindText(t));
          return;
        }
        a.progress += kKindMatched;
        set(a, f, *v);
        applyRegisterPrefixes(a, *f, o, where);
        applySelector(a, *f, o, where);
        return;
      }
      case TypeKind::SImm:
      case TypeKind::UImm:
        fitInteger(a, *f, t, o, where);
        return;
      case TypeKind::FImm:
        fitFloat(a, *f, o, where);
        return;
      case TypeKind::CMem:
        if (o.kind != AsmOperandKind::ConstantMemory) return wrongKind(kindText(t));
        a.progress += kKindMatched;
        if (!o.base.empty()) {
          fail(a, o.baseRange, "operand-kind", "only ULDC addresses constant memory through a uniform register; write c[bank][offset]", {}, "L-63a");
          return;
        }
        setConstMem(a, *f, o);
        applyRegisterPrefixes(a, *f, o, where);
        applySelector(a, *f, o, where);
        return;
      default:
        wrongKind(kindText(t));
        return;
    }
  }

  static bool sameFile(const BitFieldType& t, const std::string& name) {
    if (t.enumerators.empty()) return false;
    const std::string& first = t.enumerators.front().name;
    std::size_t p = 0;
    while (p < first.size() && std::isalpha(static_cast<unsigned char>(first[p]))) ++p;
    std::size_t q = 0;
    while (q < name.size() && std::isalpha(static_cast<unsigned char>(name[q]))) ++q;
    return p == q && first.compare(0, p, name, 0, q) == 0 && q < name.size();
  }

  static std::string describe(const AsmOperand& o) {
    switch (o.kind) {
      case AsmOperandKind::Register: return "a register";
      case AsmOperandKind::RegisterRange: return "a register range";
      case AsmOperandKind::PredicateSet: return "the predicate set";
      case AsmOperandKind::Integer: return "an integer";
      case AsmOperandKind::Float: return "a float";
      case AsmOperandKind::FloatBits: return "float bits";
      case AsmOperandKind::ConstantMemory: return "a constant-memory operand";
      case AsmOperandKind::RegisterIndirect: return "a register-indirect operand";
      case AsmOperandKind::Name: return "no register or literal";
      case AsmOperandKind::Invalid: return "invalid";
    }
    return "invalid";
  }

  void rejectPrefixes(Attempt& a, const AsmOperand& o, const std::string& where) {
    if (o.neg || o.bitNot || o.logicalNot || o.abs)
      fail(a, o.range, "illegal-prefix", where + " takes no prefix");
  }

  // '-', '~', '!', '|x|' on a register or constant-memory operand set the field's attribute bits.
  void applyRegisterPrefixes(Attempt& a, const Field& f, const AsmOperand& o, const std::string& where) {
    const auto pos = static_cast<std::size_t>(&f - a.op->fields.data());
    const Field* neg = a.op->attribute(pos, &FieldAttributes::neg);
    const Field* bitnot = a.op->attribute(pos, &FieldAttributes::bitNot);
    const Field* abs = a.op->attribute(pos, &FieldAttributes::abs);
    const Field* lnot = a.op->attribute(pos, &FieldAttributes::notBit);
    // A written operand states its attributes: no prefix means the bit is clear, even where the
    // field's default is set (pp.not defaults to True: an omitted pp is !PT, a written P3 is P3).
    for (const Field* bit : {neg, bitnot, abs, lnot})
      if (bit != nullptr) set(a, bit, 0);
    if (o.neg || o.bitNot) {
      const char prefix = o.neg ? '-' : '~';
      if (neg != nullptr) {
        // CvtINegX: the neg bit is written '-' without .X and '~' with .X (L-51).
        const AsmFormatRule* fmt = a.op->operandInfo.asmFormat(neg->name);
        if (fmt != nullptr && fmt->function == "CvtINegX" && fmt->args.size() == 2) {
          const Field* ext = a.op->field(fmt->args[1]);
          const bool x = ext != nullptr && db_.typeOf(*ext).enumeratorFor(valueOf(a, *ext)) != nullptr &&
                         db_.typeOf(*ext).enumeratorFor(valueOf(a, *ext))->name == "X";
          const char expected = x ? '~' : '-';
          if (prefix != expected) {
            fail(a, {o.range.begin, o.range.begin + 1}, "neg-under-x",
                 x ? "under .X the negation of " + where + " is written '~' (CvtINegX)" : "without .X the negation of " + where + " is written '-' (CvtINegX)",
                 {std::string(1, expected)}, "L-51");
            return;
          }
        } else if (prefix == '~') {
          fail(a, {o.range.begin, o.range.begin + 1}, "illegal-prefix", "'~' is not allowed on " + where + " of " + a.op->name + "; '-' is", {"-"});
          return;
        }
        set(a, neg, 1);
      } else if (bitnot != nullptr && prefix == '~') {
        set(a, bitnot, 1);
      } else {
        fail(a, {o.range.begin, o.range.begin + 1}, "illegal-prefix",
             std::string("'") + prefix + "' is not allowed on " + where + " of " + a.op->name + " (it has no " + f.name + (prefix == '-' ? ".neg" : ".bitnot") + " bit)",
             {""}, "L-50");
        return;
      }
    }
    if (o.abs) {
      if (abs == nullptr) {
        fail(a, o.range, "illegal-prefix", "|x| is not allowed on " + where + " of " + a.op->name, {}, "L-50");
        return;
      }
      set(a, abs, 1);
    }
    if (o.logicalNot) {
      if (lnot == nullptr) {
        fail(a, {o.range.begin, o.range.begin + 1}, "illegal-prefix", "'!' is not allowed on " + where + " of " + a.op->name, {""});
        return;
      }
      set(a, lnot, 1);
    }
  }

  void applySelector(Attempt& a, const Field& f, const AsmOperand& o, const std::string& where) {
    if (o.selector.empty()) return;
    const auto pos = static_cast<std::size_t>(&f - a.op->fields.data());
    for (const Field* sel : {a.op->attribute(pos, &FieldAttributes::bsel), a.op->attribute(pos, &FieldAttributes::hsel)}) {
      if (sel == nullptr) continue;
      const auto v = db_.typeOf(*sel).valueOf(o.selector);
      if (!v) {
        fail(a, o.selectorRange, "illegal-selector", "." + o.selector + " is not a value of " + db_.typeOf(*sel).name);
        return;
      }
      set(a, sel, *v);
      return;
    }
    fail(a, o.selectorRange, "illegal-selector", where + " of " + a.op->name + " takes no ." + o.selector + " selector", {""});
  }

  void fitInteger(Attempt& a, const Field& f, const BitFieldType& t, const AsmOperand& o, const std::string& where) {
    if (o.kind != AsmOperandKind::Integer) {
      fail(a, o.valueRange, "operand-kind", where + " of " + a.op->name + " must be an integer (" + t.name + "); '" + o.text + "' is " + describe(o));
      return;
    }
    a.progress += kKindMatched;
    if (o.logicalNot || o.abs || (o.bitNot && o.neg)) {
      fail(a, o.range, "illegal-prefix", "only '-' or '~' may prefix the immediate " + where);
      return;
    }
    if (o.bitNot) {
      // L-50: no field holds a '~' written on an immediate, so the assembler folds it into the
      // value: the complement within the field's width (POPC R1, ~0x5 encodes 0xFFFFFFFA).
      const std::uint64_t mask = maxForWidth(f.width);
      if (o.integer > mask) {
        fail(a, o.range, "immediate-out-of-range", t.name + " operand " + where + ": ~" + o.text + " does not fit " + std::to_string(f.width) + " bits");
        return;
      }
      set(a, &f, ~o.integer & mask);
      return;
    }
    const bool negative = o.neg && o.integer != 0;
    std::optional<std::uint64_t> bits;
    std::string range;
    if (t.kind == TypeKind::UImm) {
      range = "[0, " + std::to_string(maxForWidth(f.width)) + "]";
      if (!negative && o.integer <= maxForWidth(f.width)) bits = o.integer;
    } else {
      const std::int64_t lo = -(std::int64_t{1} << (f.width - 1));
      const std::uint64_t hiSigned = (std::uint64_t{1} << (f.width - 1)) - 1;
      // A 32-bit immediate also takes any 32-bit pattern written as a positive literal (L-63).
      const std::uint64_t hi = f.width >= 32 ? maxForWidth(f.width) : hiSigned;
      range = "[" + std::to_string(lo) + ", " + (f.width >= 32 ? hex(hi) : std::to_string(hi)) + "]";
      if (negative && o.integer <= static_cast<std::uint64_t>(-(lo + 1)) + 1)
        bits = signedToBits(-static_cast<std::int64_t>(o.integer), f.width);
      else if (!negative && o.integer <= hi)
        bits = o.integer;
    }
    if (!bits) {
      fail(a, o.range, "immediate-out-of-range",
           t.name + " operand " + where + (f.name != where ? " (field " + f.name + ")" : std::string()) + " must be in " + range + "; " +
               (negative ? "-" : "") + o.text + " is not");
      return;
    }
    set(a, &f, *bits);
  }

  void fitFloat(Attempt& a, const Field& f, const AsmOperand& o, const std::string& where) {
    std::uint32_t bits = 0;
    switch (o.kind) {
      case AsmOperandKind::Float:
      case AsmOperandKind::Integer: {
        // A hex literal in a float slot is raw bits; a decimal one is a value (L-63).
        const bool hexBits = o.kind == AsmOperandKind::Integer && o.text.size() > 2 && (o.text[1] == 'x' || o.text[1] == 'X');
        if (hexBits) {
          if (o.integer > 0xFFFFFFFFull) return fail(a, o.valueRange, "immediate-out-of-range", "float bits " + o.text + " exceed 32 bits");
          bits = static_cast<std::uint32_t>(o.integer);
          break;
        }
        const double v = o.kind == AsmOperandKind::Float ? o.floatValue : static_cast<double>(o.integer);
        if (!(std::fabs(v) <= static_cast<double>(std::numeric_limits<float>::max())))
          return fail(a, o.valueRange, "immediate-out-of-range", o.text + " does not fit a 32-bit float");
        bits = std::bit_cast<std::uint32_t>(static_cast<float>(v));
        break;
      }
      case AsmOperandKind::FloatBits:
        if (o.integer > 0xFFFFFFFFull) return fail(a, o.valueRange, "immediate-out-of-range", o.text + " has more than 32 bits");
        bits = static_cast<std::uint32_t>(o.integer);
        break;
      default:
        return fail(a, o.valueRange, "operand-kind", where + " of " + a.op->name + " must be a float immediate; '" + o.text + "' is " + describe(o));
    }
    const auto pos = static_cast<std::size_t>(&f - a.op->fields.data());
    const Field* neg = a.op->attribute(pos, &FieldAttributes::neg);
    const Field* abs = a.op->attribute(pos, &FieldAttributes::abs);
    if (o.bitNot || o.logicalNot) return fail(a, o.range, "illegal-prefix", "only '-' and |x| may prefix the float " + where);
    // Fold the sign and the absolute value into the literal unless the variant has the bits.
    if (o.abs) {
      if (abs != nullptr) set(a, abs, 1);
      else bits &= 0x7FFFFFFFu;
    }
    if (o.neg) {
      if (neg != nullptr) set(a, neg, 1);
      else bits ^= 0x80000000u;
    }
    set(a, &f, bits);
  }

  void setConstMem(Attempt& a, const Field& f, const AsmOperand& o) {
    const BitFieldType& t = db_.typeOf(f);
    std::uint64_t packed = 0;
    for (const auto& sub : t.subFields) {
      const bool isBank = sub.name == "bank";
      // Relative to a UR base the offset may be negative; it is stored modulo 2^width (L-63a).
      const bool wraps = !isBank && o.offset < 0 && !o.base.empty() && -o.offset <= static_cast<std::int64_t>(maxForWidth(sub.width)) + 1;
      const std::uint64_t v = isBank ? o.bank : wraps ? static_cast<std::uint64_t>(o.offset) & maxForWidth(sub.width) : static_cast<std::uint64_t>(o.offset);
      if ((!isBank && o.offset < 0 && !wraps) || v > maxForWidth(sub.width)) {
        fail(a, isBank ? o.valueRange : o.offsetRange, "immediate-out-of-range",
             "constant-memory " + sub.name + " must be in [0, " + hex(maxForWidth(sub.width)) + "] (" + sub.type + ", an assumption of prelude.isa)", {}, "L-76");
        return;
      }
      packed |= v << sub.offset;
    }
    set(a, &f, packed);
  }

  void fitComposite(Attempt& a, const OrderElem& elem, const AsmOperand& o, const std::string& where) {
    const bool cmem = elem.name == "C";
    if (cmem ? o.kind != AsmOperandKind::ConstantMemory : (o.kind != AsmOperandKind::RegisterIndirect || o.file != elem.name)) {
      fail(a, o.valueRange, "operand-kind",
           where + " of " + a.op->name + " must be " + (cmem ? std::string("c[bank][URn+offset]") : elem.name + "[URn+offset]") + "; '" + o.text + "' is " + describe(o));
      return;
    }
    a.progress += kKindMatched;
    rejectPrefixes(a, o, where);
    if (a.failed() || elem.parts.size() != 2) return;
    if (cmem) {
      const Field* vb = a.op->field(elem.parts[0]);
      if (vb != nullptr) setConstMem(a, *vb, o);
      if (!o.base.empty()) setRegister(a, elem.parts[1], o.base, o.baseRange);
      return;
    }
    setRegister(a, elem.parts[0], o.base, o.baseRange);
    const Field* idx = a.op->field(elem.parts[1]);
    if (idx == nullptr || a.failed()) return;
    const auto bits = signedToBits(o.offset, idx->width);
    if (!bits) {
      fail(a, o.offsetRange, "immediate-out-of-range",
           db_.typeOf(*idx).name + " offset must be in [" + std::to_string(-(std::int64_t{1} << (idx->width - 1))) + ", " +
               std::to_string((std::int64_t{1} << (idx->width - 1)) - 1) + "]");
      return;
    }
    set(a, idx, *bits);
  }

  void setRegister(Attempt& a, const std::string& fieldName, const std::string& reg, SourceRange range) {
    const Field* f = a.op->field(fieldName);
    if (f == nullptr) return;
    const BitFieldType& t = db_.typeOf(*f);
    const auto v = t.valueOf(reg);
    if (!v) {
      fail(a, range, "operand-kind", "'" + reg + "' is not a " + kindText(t));
      return;
    }
    set(a, f, *v);
  }

  void applyGuard(Attempt& a) {
    const auto& order = a.op->operandInfo.order;
    if (firstOperandOrderIndex(db_, *a.op) == 0) return;
    const Field* pg = a.op->field(order.front().name);
    if (!s_.guard) return;
    const BitFieldType& t = db_.typeOf(*pg);
    const auto v = t.valueOf(s_.guard->predicate);
    if (!v) {
      fail(a, s_.guard->predicateRange, "guard-predicate",
           "the guard of " + written_.optype->mnemonic + " is a " + kindText(t) + "; '" + s_.guard->predicate + "' is not one");
      return;
    }
    set(a, pg, *v);
    if (const Field* neg = a.op->field(pg->name + ".not")) set(a, neg, s_.guard->negated ? 1 : 0);
  }

  // Register widths from Bitwidth<>: 64- and 128-bit operands are aligned register ranges.
  void checkWidths(Attempt& a, const SyntaxForm& form, const FormBinding& binding, const std::vector<std::size_t>& slots) {
    const ExprEnv env = envOf(a);
    for (std::size_t i = 0; i < slots.size() && !a.failed(); ++i) {
      const AsmOperand& o = s_.operands[i];
      if (o.kind != AsmOperandKind::Register && o.kind != AsmOperandKind::RegisterRange) continue;
      const OrderElem& elem = a.op->operandInfo.order[binding.orderIndex[slots[i]]];
      const BitwidthRule* rule = a.op->operandInfo.bitwidth(elem.name);
      const Field* f = a.op->field(elem.name);
      if (rule == nullptr || f == nullptr || db_.typeOf(*f).kind != TypeKind::Register) continue;
      const auto width = evalExpr(rule->expr, env);
      if (!width) continue;
      const std::uint32_t regs = static_cast<std::uint32_t>(*width / 32);
      const std::string& where = form.operands[slots[i]].placeholder;
      const bool zero = o.kind == AsmOperandKind::Register && db_.typeOf(*f).enumeratorFor(valueOf(a, *f)) == &db_.typeOf(*f).enumerators.back();
      if (regs <= 1) {
        if (o.kind == AsmOperandKind::RegisterRange && o.last != o.first)
          fail(a, o.valueRange, "register-width", where + " of " + a.op->name + " is a 32-bit operand; write " + o.file + std::to_string(o.first), {o.file + std::to_string(o.first)});
        continue;
      }
      if (o.kind == AsmOperandKind::Register) {
        if (zero) continue;  // RZ / URZ stand for a wide zero
        std::string name = o.name;
        std::size_t p = 0;
        while (p < name.size() && std::isalpha(static_cast<unsigned char>(name[p]))) ++p;
        const std::string fix = name.substr(0, p) + "[" + name.substr(p) + ":" + std::to_string(std::stoul(name.substr(p)) + regs - 1) + "]";
        fail(a, o.valueRange, "register-width", where + " of " + a.op->name + " is a " + std::to_string(*width) + "-bit operand; write a register range such as " + fix, {fix});
        continue;
      }
      if (o.last < o.first || o.last - o.first + 1 != regs) {
        fail(a, o.valueRange, "register-width",
             where + " of " + a.op->name + " is a " + std::to_string(*width) + "-bit operand: " + std::to_string(regs) + " registers, " +
                 o.file + "[n:n+" + std::to_string(regs - 1) + "]");
        continue;
      }
      if (o.first % regs != 0)
        fail(a, o.valueRange, "register-alignment",
             "a " + std::to_string(*width) + "-bit register range must start at a multiple of " + std::to_string(regs) + "; " + o.file +
                 std::to_string(o.first) + " does not");
    }
  }

  ExprEnv envOf(const Attempt& a) const {
    return fieldEnv(db_, *a.op, [&a](std::size_t i) -> std::optional<std::uint64_t> { return a.values[i].value_or(a.op->fields[i].value); });
  }

  void checkRequired(Attempt& a) {
    for (std::size_t i = 0; i < a.op->fields.size(); ++i) {
      const Field& f = a.op->fields[i];
      if (f.presence == FieldPresence::Required && !a.values[i]) {
        fail(a, s_.range, "missing-operand", a.op->name + " needs a value for " + f.name + ", and the form gives no operand for it");
        return;
      }
    }
  }

  void checkEncodingErrors(Attempt& a) {
    const ExprEnv env = envOf(a);
    for (const auto& rule : a.op->encodingErrors) {
      if (evalExpr(rule.condition, env).value_or(0) != 0) {
        fail(a, s_.mnemonicRange, "encoding-error", rule.message + " (" + rule.kind + ")");
        return;
      }
    }
  }

  const InstrDb& db_;
  const AsmStatement& s_;
  Written written_;
};

}  // namespace

MatchResult referenceMatchStatement(const InstrDb& db, const AsmStatement& statement) {
  return StatementMatcher(db, statement).run();
}

}  // namespace gpuasm::testsupport
