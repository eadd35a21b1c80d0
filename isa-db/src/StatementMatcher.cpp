// Matching a whole statement: every (syntax form, encoding variant) pair of the optype is tried;
// the first that accepts the modifiers and operands wins, and when none does, the attempt that
// got furthest explains what is wrong and the optype's forms are offered as the legal
// alternatives. Everything about the ISA comes from the database: which field a modifier sets,
// which register file or immediate type a slot takes (through FormBinding and field types),
// widths (Bitwidth), prefixes (attribute fields and AsmFormat), and EncodingError rules.
//
// Hot path: matching runs twice at most. The first pass is quiet: a failing attempt only marks
// itself failed (no message, fix or form list is built) and the first attempt that succeeds is
// the result. Only when no attempt succeeds does a second, reporting pass run the same attempts
// again, building every diagnostic and keeping the nearest miss. Both passes read what the
// database precomputed — field indices of Order<> elements and modifier slots, a per-slot table
// from modifier spelling to field value, compiled Bitwidth/EncodingError expressions, register
// names by hash — and keep field values in a flat array, so a valid statement costs no name
// look-ups, no std::function and almost no allocation.
#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/isa/SlotChoices.h>
#include <gpuasm/isa/SpecParser.h>

#include "SmallVec.h"
#include "TextUtil.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>

namespace gpuasm::isa {

namespace {

using detail::SmallVec;
using text::hex;

// Ranking of near misses: an operand of the right kind that fails later (a range, a prefix, an
// address part) is nearer than one of the wrong kind.
constexpr int kKindMatched = 5;

// One attempt at (form, opcode, omitted optional slots).
struct Attempt {
  const SyntaxForm* form = nullptr;
  const Opcode* op = nullptr;
  const FormBinding* binding = nullptr;
  // Every field's value (its default until the statement sets it) and whether the statement set
  // it; inline storage, as no opcode has more than a couple of dozen fields.
  SmallVec<std::uint64_t, 24> values;
  SmallVec<std::uint8_t, 24> given;
  // The decisions (Binding.h): per written modifier its slot in form->parts, per written
  // operand its slot in form->operands (Binding::kUnbound while undecided).
  SmallVec<std::uint8_t, 16> modifierSlot;
  SmallVec<std::uint8_t, 16> operandSlot;
  std::optional<AsmDiagnostic> problem;  // the first error (reporting pass only)
  std::vector<AsmDiagnostic> warnings;
  int progress = 0;
  bool failedFlag = false;
  bool failed() const { return failedFlag; }

  void start(const SyntaxForm& f, const Opcode& o, const FormBinding& b) {
    form = &f;
    op = &o;
    binding = &b;
    values.assign(std::span<const std::uint64_t>(o.initialValues));
    given.assign(o.fields.size(), 0);
    modifierSlot.clear();
    operandSlot.clear();
    problem.reset();
    warnings.clear();
    progress = 0;
    failedFlag = false;
  }
  // Same as `*this = base`, reusing this attempt's buffers.
  void copyFrom(const Attempt& base) {
    form = base.form;
    op = base.op;
    binding = base.binding;
    values = base.values;
    given = base.given;
    modifierSlot = base.modifierSlot;
    operandSlot = base.operandSlot;
    problem = base.problem;
    warnings.assign(base.warnings.begin(), base.warnings.end());
    progress = base.progress;
    failedFlag = base.failedFlag;
  }
};

AsmDiagnostic error(SourceRange range, DiagnosticCode code, std::string message,
                    std::vector<std::string> fixes = {}, std::string erratum = {}) {
  return {range, AsmSeverity::Error, code, std::move(message), std::move(fixes), {}, std::move(erratum)};
}

// A register or predicate name looked up in one type.
struct NameLookup {
  const BitFieldType* type = nullptr;
  std::optional<std::uint64_t> value;
};

// Operand slots of one choice of optional slots (SlotChoices.h, Binding.h slotChoice).
using Slots = SlotChoices::Slots;

class StatementMatcher {
 public:
  StatementMatcher(const InstrDb& db, const AsmStatement& s, const SlotChoices& choices)
      : db_(db), s_(s), choices_(choices) {
    // Each register operand's name is looked up once, in every register and predicate type.
    for (const AsmOperand& o : s_.operands)
      named_.push_back(o.kind == AsmOperandKind::Register        ? choices_.registers.of(o.name)
                       : o.kind == AsmOperandKind::RegisterRange ? choices_.registers.of(registerName(o))
                                                                 : std::span<const RegisterNames::Entry>{});
  }

  MatchResult run() {
    MatchResult result;
    SmallVec<std::string_view, 12> parts;
    for (const auto& p : s_.parts) parts.push_back(p.text);
    const auto mm = matchMnemonic(db_, s_.mnemonic, parts.span());
    if (!mm) {
      auto suggestions = suggestMnemonics(db_, s_.mnemonic);
      std::string message = "unknown mnemonic '" + s_.mnemonic + "'";
      if (!suggestions.empty()) message += "; did you mean " + oneOf(suggestions) + "?";
      result.diagnostics.push_back({s_.mnemonicRange,
                                    AsmSeverity::Error,
                                    DiagnosticCode::UnknownMnemonic,
                                    message,
                                    suggestions,
                                    {},
                                    {}});
      return result;
    }
    optype_ = mm->optype;
    firstModifier_ = mm->mnemonicParts;
    const Optype& optype = *mm->optype;
    // Spellings no form of the optype knows are reported first, with suggestions. Every written
    // modifier is indexed once for the slot tables; checkModifiers, which builds the messages,
    // runs only when that finds an unknown spelling or one with no slot left.
    const auto mods = parts.span().subspan(firstModifier_);
    if (!indexModifiers(mods)) {
      const auto issues = checkModifiers(db_, optype, mods);
      for (const auto& issue : issues) {
        const AsmPart& part = modifier(issue.index);
        result.diagnostics.push_back(
            {part.range, AsmSeverity::Error, issue.code, issue.message, issue.suggestions, {}, {}});
      }
      if (issues.size() == 1 && issues.front().code == DiagnosticCode::UnknownModifier)
        explainForeignModifier(result.diagnostics.back(), firstModifier_ + issues.front().index);
      if (!result.diagnostics.empty()) return result;
      spelling_.clear();
      for (const auto m : mods) spelling_.push_back(static_cast<std::size_t>(optype.spellingIndex(m)));
    }
    if (optype.syntax.forms.empty()) {
      result.diagnostics.push_back({s_.mnemonicRange,
                                    AsmSeverity::Error,
                                    DiagnosticCode::NoSyntax,
                                    optype.name + " has no assembly syntax in the spec",
                                    {},
                                    {},
                                    erratumOf("no-syntax")});
      return result;
    }
    quiet_ = true;
    if (search(result)) return result;
    quiet_ = false;
    if (search(result)) return result;  // not expected: the quiet pass found no match
    if (!best_) {
      result.diagnostics.push_back({s_.range,
                                    AsmSeverity::Error,
                                    DiagnosticCode::NoMatchingForm,
                                    "no syntax form of " + optype.mnemonic + " fits",
                                    {},
                                    legalForms(optype),
                                    {}});
      return result;
    }
    result.binding = bindingOf(*best_);
    AsmDiagnostic d = *best_->problem;
    // The forms are the fix when the statement is written in the wrong shape, not when one
    // value or prefix is wrong and the diagnostic says how to fix it.
    static constexpr std::array kShapeCodes = {
        DiagnosticCode::OperandCount,    DiagnosticCode::OperandKind,    DiagnosticCode::IllegalModifier,
        DiagnosticCode::MissingModifier, DiagnosticCode::MissingOperand, DiagnosticCode::UnknownOperand};
    if (std::find(kShapeCodes.begin(), kShapeCodes.end(), d.code) != kShapeCodes.end())
      d.legalForms = legalForms(optype);
    result.diagnostics.push_back(std::move(d));
    return result;
  }

 private:
  // A modifier no form knows that the statement matches without (LOP3.LUT, the spelling other
  // assemblers of this ISA family use, or IADD.SAT): the diagnostic's legal form is the spec's
  // form the statement matches with that part left out, what it assembles to once the modifier goes.
  void explainForeignModifier(AsmDiagnostic& d, std::size_t part) const {
    AsmStatement without = s_;
    without.parts.erase(without.parts.begin() + static_cast<std::ptrdiff_t>(part));
    const MatchResult m = StatementMatcher(db_, without, choices_).run();
    if (!m.inst || !m.binding || m.binding->form == nullptr) return;
    const std::string form = compactForm(*m.binding->form);
    d.legalForms = {form};
  }

  // Fills spelling_ with each modifier's index in the optype's spellings; false when one is
  // unknown or finds every slot it can name taken (checkModifiers' conditions for an issue).
  bool indexModifiers(std::span<const std::string_view> mods) {
    const Optype& optype = *optype_;
    SmallVec<std::string_view, 8> filled;
    for (const auto m : mods) {
      const int i = optype.spellingIndex(m);
      if (i < 0) return false;
      spelling_.push_back(static_cast<std::size_t>(i));
      const auto& slots = optype.modifierSpellings[static_cast<std::size_t>(i)].second;
      const auto free = std::find_if(slots.begin(), slots.end(), [&](const std::string& s) {
        return std::find(filled.begin(), filled.end(), s) == filled.end();
      });
      if (free == slots.end()) return false;
      filled.push_back(*free);
    }
    return true;
  }

  std::size_t modifierCount() const { return s_.parts.size() - firstModifier_; }
  const AsmPart& modifier(std::size_t w) const { return s_.parts[firstModifier_ + w]; }

  // Tries every (form, variant, optional-operand choice) in order; true with `result` filled at
  // the first that succeeds. The reporting pass keeps the nearest miss in best_.
  bool search(MatchResult& result) {
    const Optype& optype = *optype_;
    for (std::size_t formIndex = 0; formIndex < optype.syntax.forms.size(); ++formIndex) {
      const SyntaxForm& form = optype.syntax.forms[formIndex];
      formIndex_ = formIndex;
      for (auto opIndex : optype.opcodes) {
        const Opcode& op = db_.opcodes()[opIndex];
        const auto& binding = op.formBindings[formIndex];
        if (!binding) continue;
        if (tryBinding(form, op, *binding, result)) return true;
      }
    }
    return false;
  }

  // A finished attempt: the result when it succeeded, else a candidate for the nearest miss.
  bool finish(Attempt& a, MatchResult& result) {
    if (!a.failed()) {
      result.inst = MachineInst{a.op, a.form, std::vector<std::uint64_t>(a.values.begin(), a.values.end())};
      result.binding = bindingOf(a);
      result.diagnostics = std::move(a.warnings);
      return true;
    }
    if (!quiet_ && (!best_ || a.progress > best_->progress)) best_ = std::move(a);
    return false;
  }

  // The decision an attempt made, as far as it got.
  Binding bindingOf(const Attempt& a) const {
    Binding b;
    b.optype = optype_;
    b.form = a.form;
    b.opcode = a.op;
    b.matched = !a.failed();
    b.operandCount = static_cast<std::uint8_t>(std::min(s_.operands.size(), Binding::kCapacity));
    b.modifierCount = static_cast<std::uint8_t>(std::min(modifierCount(), Binding::kCapacity));
    b.operandSlot.fill(Binding::kUnbound);
    b.modifierSlot.fill(Binding::kUnbound);
    for (std::size_t i = 0; i < a.operandSlot.size() && i < b.operandCount; ++i)
      b.operandSlot[i] = a.operandSlot[i];
    for (std::size_t w = 0; w < a.modifierSlot.size() && w < b.modifierCount; ++w)
      b.modifierSlot[w] = a.modifierSlot[w];
    return b;
  }

  static std::vector<std::string> legalForms(const Optype& optype) {
    std::vector<std::string> out;
    for (const auto& f : optype.syntax.forms) out.push_back(compactForm(f));
    return out;
  }

  // Marks the attempt failed; the diagnostic is built (by `make`) only in the reporting pass.
  template <typename Make>
  void fail(Attempt& a, Make&& make) {
    if (a.failed()) return;
    a.failedFlag = true;
    if (!quiet_) a.problem = make();
  }

  static void set(Attempt& a, std::size_t index, std::uint64_t value) {
    a.values[index] = value;
    a.given[index] = 1;
  }
  // Fields are elements of a.op->fields, so their index is pointer arithmetic, not a lookup.
  static bool set(Attempt& a, const Field* f, std::uint64_t value) {
    if (f == nullptr) return false;
    assert(f >= a.op->fields.data() && f < a.op->fields.data() + a.op->fields.size());
    set(a, static_cast<std::size_t>(f - a.op->fields.data()), value);
    return true;
  }
  static std::uint64_t valueOf(const Attempt& a, const Field& f) {
    return a.values[static_cast<std::size_t>(&f - a.op->fields.data())];
  }

  // ---------------------------------------------------------------- modifiers

  // Assigns the written modifiers to the form's slots and sets their fields. Returns false
  // when the form cannot take them.
  bool applyModifiers(Attempt& a) {
    const SyntaxForm& form = *a.form;
    const FormBinding& binding = *a.binding;
    const Optype& optype = *optype_;
    const std::size_t count = modifierCount();
    auto& slotOf = a.modifierSlot;
    slotOf.assign(count, Binding::kUnbound);
    SmallVec<std::uint8_t, 16> taken(form.parts.size(), 0);
    std::size_t unplaced = 0;
    if (!assignModifierSlots(form, binding, spelling_.span(), {slotOf.data(), count},
                             {taken.data(), taken.size()}, &unplaced)) {
      fail(a, [&] {
        return error(modifier(unplaced).range, DiagnosticCode::IllegalModifier,
                     "." + modifier(unplaced).text + " cannot be used in the form '" + shortForm(form) +
                         "' of " + optype.mnemonic);
      });
      return false;
    }
    a.progress += 100;
    for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k) {
      if (taken[k] || modifierSlotSkippable(*a.op, form, binding, k)) continue;
      const ModifierSlot& slot = form.parts[k];
      fail(a, [&] {
        if (!slot.variable)
          return error(s_.mnemonicRange, DiagnosticCode::MissingModifier,
                       "the form '" + shortForm(form) + "' needs ." + slot.text);
        const ModifierDomain* d = optype.domain(slot.text);
        std::vector<std::string> values;
        if (d != nullptr)
          for (const auto& v : d->values) values.push_back(v.spelling);
        return error(s_.mnemonicRange, DiagnosticCode::MissingModifier,
                     optype.mnemonic + " needs a ." + slot.text + " modifier" +
                         (values.empty() ? "" : ": " + oneOf(values, ".")));
      });
      return false;
    }
    // Set the fields; check ModiOrder and canonical order.
    int lastSlot = -1;
    bool canonical = true;
    for (std::size_t w = 0; w < count; ++w) {
      const auto k = static_cast<std::size_t>(slotOf[w]);
      const ModifierSlot& slot = form.parts[k];
      const int f = slot.variable ? binding.variableField[k] : binding.literalField[k];
      const std::int64_t v = binding.modifierValue[k][spelling_[w]];
      if (f < 0 || v < 0) {
        fail(a, [&] {
          return error(
              modifier(w).range, DiagnosticCode::ModifierWithoutEncoding,
              "." + modifier(w).text + " of " + optype.mnemonic + " has no encoding field in " + a.op->name,
              {}, erratumOf("modifier-without-encoding", a.op->name));
        });
        return false;
      }
      // A modifier whose field the spec fixes (`==`) may only spell the fixed value (L-31).
      const Field& field = a.op->fields[static_cast<std::size_t>(f)];
      if (field.presence == FieldPresence::Fixed && field.value != static_cast<std::uint64_t>(v)) {
        fail(a, [&] {
          const Enumerator* fixed = db_.typeOf(field).enumeratorFor(field.value);
          return error(modifier(w).range, DiagnosticCode::FixedFieldModifier,
                       "." + modifier(w).text + " cannot be encoded: " + a.op->name + " fixes " + field.name +
                           " to " + (fixed != nullptr ? fixed->name : std::to_string(field.value)) + " (" +
                           db_.describe(field.pos) + ")",
                       {fixed != nullptr ? fixed->name : std::string{}}, erratumOf("fixed-field-modifier"));
        });
        return false;
      }
      set(a, static_cast<std::size_t>(f), static_cast<std::uint64_t>(v));
      canonical &= static_cast<int>(slotOf[w]) > lastSlot;
      lastSlot = std::max(lastSlot, static_cast<int>(slotOf[w]));
    }
    if (!followsModiOrder(a)) return false;
    if (!canonical && count > 0) warnNotInFormOrder(a);
    a.progress += 50;
    return true;
  }

  // The spec's ModiOrder<> rules: a written modifier may not come after one the rule puts later.
  bool followsModiOrder(Attempt& a) {
    const SyntaxForm& form = *a.form;
    const auto& slotOf = a.modifierSlot;
    for (const auto& order : a.op->operandInfo.modiOrders) {
      for (std::size_t i = 0; i + 1 < order.size(); ++i) {
        const int x = writtenIndexOfSlot(slotOf, form, order[i]);
        const int y = writtenIndexOfSlot(slotOf, form, order[i + 1]);
        if (x >= 0 && y >= 0 && x > y) {
          fail(a, [&] {
            return error(modifier(static_cast<std::size_t>(y)).range, DiagnosticCode::ModifierOrder,
                         "." + order[i] + " must come before ." + order[i + 1] + " (ModiOrder<" + order[i] +
                             ", " + order[i + 1] + ">)");
          });
          return false;
        }
      }
    }
    return true;
  }

  // Modifiers written out of the form's order are accepted with a warning whose fix is the order.
  void warnNotInFormOrder(Attempt& a) {
    const SyntaxForm& form = *a.form;
    const std::size_t count = modifierCount();
    const auto& slotOf = a.modifierSlot;
    std::vector<std::pair<int, std::string>> sorted;
    for (std::size_t w = 0; w < count; ++w)
      sorted.emplace_back(static_cast<int>(slotOf[w]), modifier(w).text);
    std::sort(sorted.begin(), sorted.end());
    std::string fix;
    for (const auto& [k, t] : sorted) fix += (fix.empty() ? "" : ".") + t;
    const SourceRange r{modifier(0).range.begin, modifier(count - 1).range.end};
    a.warnings.push_back(
        {r,
         AsmSeverity::Warning,
         DiagnosticCode::ModifierOrder,
         "modifiers are not in the order of the syntax form ('" + shortForm(form) + "'): ." + fix,
         {fix},
         {},
         {}});
  }

  static int writtenIndexOfSlot(const SmallVec<std::uint8_t, 16>& slotOf, const SyntaxForm& form,
                                const std::string& variable) {
    for (std::size_t w = 0; w < slotOf.size(); ++w)
      if (form.parts[slotOf[w]].variable && form.parts[slotOf[w]].text == variable)
        return static_cast<int>(w);
    return -1;
  }

  static std::string shortForm(const SyntaxForm& form) {
    std::string m = form.baseName;
    for (const auto& p : form.parts) m += p.optional ? "{." + p.text + "}" : "." + p.text;
    return m;
  }

  // ---------------------------------------------------------------- operands

  bool tryBinding(const SyntaxForm& form, const Opcode& op, const FormBinding& binding, MatchResult& result) {
    // Braced slots are optional; so is a predicate slot whose field has an encoding default,
    // even when the syntax writes it unbraced (FSET/FSEL pp, L-75; as L-53 for modifiers).
    const std::span<const std::size_t> optional = binding.optionalSlots;
    const std::size_t n = s_.operands.size();
    // Every choice of optional slots whose count fits, in the order of the bit masks; the spec
    // omits optional operands from the middle too (IMAD.HI.X R1, R2, … omits pu).
    const std::size_t required = form.operands.size() - optional.size();
    const bool anyChoice = n >= required && n - required <= optional.size();
    if (quiet_) return anyChoice && tryQuietly(form, op, binding, result);
    Attempt& base = base_;
    base.start(form, op, binding);
    if (!applyModifiers(base) || !anyChoice) {
      if (!base.failed()) {
        fail(base, [&] {
          const std::string count =
              optional.empty() ? std::to_string(required)
                               : std::to_string(required) + " to " + std::to_string(form.operands.size());
          return error(n > form.operands.size() ? s_.operands[form.operands.size()].range : s_.range,
                       DiagnosticCode::OperandCount,
                       "the form '" + shortForm(form) + "' takes " + count + " operands; " +
                           std::to_string(n) + " written");
        });
      }
      return finish(base, result);
    }
    for (const Slots& slots : choices_.of(op, formIndex_, n))
      if (tryChoice(form, op, binding, slots, result)) return true;
    return false;
  }

  // The quiet pass over one binding: choices whose operands cannot have the kinds of their
  // slots (they would fail in fitOperand) are skipped, and the modifiers are applied only once
  // a choice is worth an attempt.
  bool tryQuietly(const SyntaxForm& form, const Opcode& op, const FormBinding& binding, MatchResult& result) {
    bool modifiersApplied = false;
    const auto all = choices_.of(op, formIndex_, s_.operands.size());
    const auto needs = choices_.needsOf(op, formIndex_, s_.operands.size());
    assert(all.size() == needs.size());
    for (std::size_t c = 0; c < all.size(); ++c) {
      const Slots& slots = all[c];
      if (!kindsFit(needs[c])) continue;
      if (!modifiersApplied) {
        base_.start(form, op, binding);
        if (!applyModifiers(base_)) return false;
        modifiersApplied = true;
      }
      if (tryChoice(form, op, binding, slots, result)) return true;
    }
    return false;
  }

  // One attempt: the base (modifiers applied) plus the written operands in `slots`.
  bool tryChoice(const SyntaxForm& form, const Opcode& op, const FormBinding& binding, const Slots& slots,
                 MatchResult& result) {
    Attempt& a = attempt_;
    a.copyFrom(base_);
    a.operandSlot.clear();
    for (const std::size_t slot : slots) a.operandSlot.push_back(static_cast<std::uint8_t>(slot));
    for (std::size_t i = 0; i < slots.size() && !a.failed(); ++i) {
      fitOperand(a, form.operands[slots[i]], op.operandInfo.order[binding.orderIndex[slots[i]]], i);
      if (!a.failed()) a.progress += 10;
    }
    if (!a.failed()) applyGuard(a);
    if (!a.failed()) checkWidths(a, form, binding, slots);
    if (!a.failed()) checkRequired(a);
    if (!a.failed()) checkEncodingErrors(a);
    return finish(a, result);
  }

  // False when some written operand certainly fails fitOperand's kind check for its slot (the
  // same conditions, without the diagnostics: operandFits, decided per slot in SlotChoices);
  // true does not promise a match.
  bool kindsFit(const SlotChoices::Needs& needs) const {
    for (std::size_t i = 0; i < needs.size(); ++i)
      if (!needs[i].admits(s_.operands[i], named_[i])) return false;
    return true;
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

  void fitOperand(Attempt& a, const OperandSlot& slot, const OrderElem& elem, std::size_t operand) {
    const AsmOperand& o = s_.operands[operand];
    const std::string& where = slot.placeholder;
    // `expected` names what the slot takes; called only when the diagnostic is built.
    auto wrongKind = [&](auto&& expected) {
      fail(a, [&] {
        return error(
            o.valueRange,
            o.kind == AsmOperandKind::Name ? DiagnosticCode::UnknownOperand : DiagnosticCode::OperandKind,
            where + " of " + a.op->name + " must be " + expected() + "; '" + o.text + "' is " + describe(o));
      });
    };
    if (o.kind == AsmOperandKind::Invalid) {
      fail(a, [&] {
        return error(o.range, DiagnosticCode::OperandKind, "operand '" + o.text + "' has a syntax error");
      });
      return;
    }
    if (o.kind == AsmOperandKind::Name) {
      fail(a, [&] {
        return error(
            o.valueRange, DiagnosticCode::UnknownOperand,
            "'" + o.text + "' is no register, predicate or literal (" + where + " of " + a.op->name + ")");
      });
      return;
    }
    if (elem.kind == OrderElem::Kind::PredicateSet) {
      if (o.kind != AsmOperandKind::PredicateSet || o.name != elem.name)
        wrongKind([&] { return elem.name; });
      else
        rejectPrefixes(a, o, where);
      return;
    }
    if (elem.kind == OrderElem::Kind::Composite) {
      fitComposite(a, elem, o, where);
      return;
    }
    const Field* f = a.op->fieldOf(elem);
    if (f == nullptr) return;
    const BitFieldType& t = db_.typeOf(*f);
    switch (t.kind) {
      case TypeKind::Register:
      case TypeKind::Predicate: {
        const bool isRegister = o.kind == AsmOperandKind::Register ||
                                (o.kind == AsmOperandKind::RegisterRange && t.kind == TypeKind::Register);
        const auto v = isRegister ? registerValue(operand, t) : std::nullopt;
        if (!v) {
          if (isRegister && sameFile(t, registerName(o)))
            fail(a, [&] {
              return error(o.valueRange, DiagnosticCode::RegisterOutOfRange,
                           "'" + registerName(o) + "' is not a register of " + kindText(t));
            });
          else
            wrongKind([&] { return kindText(t); });
          return;
        }
        a.progress += kKindMatched;
        set(a, f, *v);
        applyRegisterPrefixes(a, *f, o, where);
        applySelector(a, *f, o, where);
        return;
      }
      case TypeKind::SImm:
      case TypeKind::UImm: fitInteger(a, *f, t, o, where); return;
      case TypeKind::FImm: fitFloat(a, *f, o, where); return;
      case TypeKind::CMem:
        if (o.kind != AsmOperandKind::ConstantMemory) return wrongKind([&] { return kindText(t); });
        a.progress += kKindMatched;
        if (!o.base.empty()) {
          fail(a, [&] {
            return error(o.baseRange, DiagnosticCode::OperandKind,
                         "only " + uniformBaseCmemMnemonics() +
                             " constant memory through a uniform register; write c[bank][offset]",
                         {}, erratumOf("cmem-base-outside-uldc"));
          });
          return;
        }
        setConstMem(a, *f, o);
        applyRegisterPrefixes(a, *f, o, where);
        applySelector(a, *f, o, where);
        return;
      default: wrongKind([&] { return kindText(t); }); return;
    }
  }

  // The register name an operand writes: R[4:5] is looked up as R4.
  static std::string registerName(const AsmOperand& o) {
    return o.kind == AsmOperandKind::RegisterRange ? o.file + std::to_string(o.first) : o.name;
  }

  // The value of register operand `operand`'s name in type `t`, from its look-up in every
  // register and predicate type (named_).
  std::optional<std::uint64_t> registerValue(std::size_t operand, const BitFieldType& t) const {
    const AsmOperand& o = s_.operands[operand];
    assert(o.kind == AsmOperandKind::Register || o.kind == AsmOperandKind::RegisterRange);
    if (t.kind != TypeKind::Register && t.kind != TypeKind::Predicate)
      return o.kind == AsmOperandKind::Register ? t.valueOf(o.name) : t.valueOf(registerName(o));
    const auto type = static_cast<std::uint32_t>(&t - db_.types().data());
    for (const auto& e : named_[operand])
      if (e.type == type) return e.value;
    return std::nullopt;
  }

  static bool sameFile(const BitFieldType& t, std::string_view name) {
    if (t.enumerators.empty()) return false;
    const std::string_view letters = text::letterPrefix(name);
    return letters == text::letterPrefix(t.enumerators.front().name) && letters.size() < name.size();
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
      fail(a, [&] { return error(o.range, DiagnosticCode::IllegalPrefix, where + " takes no prefix"); });
  }

  // '-', '~', '!', '|x|' on a register or constant-memory operand set the field's attribute bits.
  void applyRegisterPrefixes(Attempt& a, const Field& f, const AsmOperand& o, const std::string& where) {
    const auto pos = static_cast<std::size_t>(&f - a.op->fields.data());
    const FieldAttributes& bits = a.op->attributes[pos];
    // A written operand states its attributes: no prefix means the bit is clear, even where the
    // field's default is set (pp.not defaults to True: an omitted pp is !PT, a written P3 is P3).
    if (bits.neg >= 0) set(a, static_cast<std::size_t>(bits.neg), 0);
    if (bits.bitNot >= 0) set(a, static_cast<std::size_t>(bits.bitNot), 0);
    if (bits.abs >= 0) set(a, static_cast<std::size_t>(bits.abs), 0);
    if (bits.notBit >= 0) set(a, static_cast<std::size_t>(bits.notBit), 0);
    if (!o.neg && !o.bitNot && !o.abs && !o.logicalNot) return;
    const Field* neg = a.op->attribute(pos, &FieldAttributes::neg);
    const Field* bitnot = a.op->attribute(pos, &FieldAttributes::bitNot);
    const Field* abs = a.op->attribute(pos, &FieldAttributes::abs);
    const Field* lnot = a.op->attribute(pos, &FieldAttributes::notBit);
    const SourceRange first{o.range.begin, o.range.begin + 1};
    if (o.neg || o.bitNot) {
      const char prefix = o.neg ? '-' : '~';
      const NegationPrefix verdict = negationPrefix(db_, *a.op, f, prefix, a.values.span());
      switch (verdict) {
        case NegationPrefix::SetsNeg: set(a, neg, 1); break;
        case NegationPrefix::SetsBitNot: set(a, bitnot, 1); break;
        case NegationPrefix::WantsTilde:
        case NegationPrefix::WantsMinus: {
          const bool x = verdict == NegationPrefix::WantsTilde;
          fail(a, [&] {
            return error(first, DiagnosticCode::NegUnderX,
                         x ? "under .X the negation of " + where + " is written '~' (CvtINegX)"
                           : "without .X the negation of " + where + " is written '-' (CvtINegX)",
                         {std::string(1, x ? '~' : '-')}, erratumOf("negation-spelling-under-x"));
          });
          return;
        }
        case NegationPrefix::TildeNotAllowed:
          fail(a, [&] {
            return error(first, DiagnosticCode::IllegalPrefix,
                         "'~' is not allowed on " + where + " of " + a.op->name + "; '-' is", {"-"});
          });
          return;
        case NegationPrefix::NoBit:
          fail(a, [&] {
            return error(first, DiagnosticCode::IllegalPrefix,
                         std::string("'") + prefix + "' is not allowed on " + where + " of " + a.op->name +
                             " (it has no " + f.name + (prefix == '-' ? ".neg" : ".bitnot") + " bit)",
                         {""}, erratumOf("prefix-without-bit"));
          });
          return;
      }
    }
    if (o.abs) {
      if (abs == nullptr) {
        fail(a, [&] {
          return error(o.range, DiagnosticCode::IllegalPrefix,
                       "|x| is not allowed on " + where + " of " + a.op->name, {},
                       erratumOf("prefix-without-bit"));
        });
        return;
      }
      set(a, abs, 1);
    }
    if (o.logicalNot) {
      if (lnot == nullptr) {
        fail(a, [&] {
          return error(first, DiagnosticCode::IllegalPrefix,
                       "'!' is not allowed on " + where + " of " + a.op->name, {""});
        });
        return;
      }
      set(a, lnot, 1);
    }
  }

  void applySelector(Attempt& a, const Field& f, const AsmOperand& o, const std::string& where) {
    if (o.selector.empty()) return;
    const auto pos = static_cast<std::size_t>(&f - a.op->fields.data());
    for (const Field* sel :
         {a.op->attribute(pos, &FieldAttributes::bsel), a.op->attribute(pos, &FieldAttributes::hsel)}) {
      if (sel == nullptr) continue;
      const auto v = db_.typeOf(*sel).valueOf(o.selector);
      if (!v) {
        fail(a, [&] {
          return error(o.selectorRange, DiagnosticCode::IllegalSelector,
                       "." + o.selector + " is not a value of " + db_.typeOf(*sel).name);
        });
        return;
      }
      set(a, sel, *v);
      return;
    }
    fail(a, [&] {
      return error(o.selectorRange, DiagnosticCode::IllegalSelector,
                   where + " of " + a.op->name + " takes no ." + o.selector + " selector", {""});
    });
  }

  void fitInteger(Attempt& a, const Field& f, const BitFieldType& t, const AsmOperand& o,
                  const std::string& where) {
    if (o.kind == AsmOperandKind::Float && f.width == 32) {
      // A float where a 32-bit immediate takes bits (MOV R1, 1.5): this form is the near miss
      // over a register form, and the message gives the f32's IEEE-754 bits to write instead.
      ++a.progress;
      fail(a, [&] {
        const double v = o.neg ? -o.floatValue : o.floatValue;
        std::string bits = "; '" + o.text + "' does not fit a 32-bit float";
        if (std::fabs(v) <= static_cast<double>(std::numeric_limits<float>::max()))
          bits = "; as an f32, " + std::string(o.neg ? "-" : "") + o.text + " is " +
                 hex(std::bit_cast<std::uint32_t>(static_cast<float>(v)), {.upper = true});
        return error(o.valueRange, DiagnosticCode::OperandKind,
                     where + " of " + a.op->name + " takes the bits of a 32-bit value (" + t.name +
                         "), not a float" + bits);
      });
      return;
    }
    if (o.kind != AsmOperandKind::Integer) {
      fail(a, [&] {
        return error(o.valueRange, DiagnosticCode::OperandKind,
                     where + " of " + a.op->name + " must be an integer (" + t.name + "); '" + o.text +
                         "' is " + describe(o));
      });
      return;
    }
    a.progress += kKindMatched;
    if (o.logicalNot || o.abs || (o.bitNot && o.neg)) {
      fail(a, [&] {
        return error(o.range, DiagnosticCode::IllegalPrefix,
                     "only '-' or '~' may prefix the immediate " + where);
      });
      return;
    }
    if (o.bitNot) {
      // L-50: no field holds a '~' written on an immediate, so the assembler folds it into the
      // value: the complement within the field's width (POPC R1, ~0x5 encodes 0xFFFFFFFA).
      const std::uint64_t mask = maxForWidth(f.width);
      if (o.integer > mask) {
        fail(a, [&] {
          return error(o.range, DiagnosticCode::ImmediateOutOfRange,
                       t.name + " operand " + where + ": ~" + o.text + " does not fit " +
                           std::to_string(f.width) + " bits");
        });
        return;
      }
      set(a, &f, ~o.integer & mask);
      return;
    }
    const bool negative = o.neg && o.integer != 0;
    std::optional<std::uint64_t> bits;
    if (t.kind == TypeKind::UImm) {
      if (!negative && o.integer <= maxForWidth(f.width)) bits = o.integer;
    } else {
      const std::int64_t lo = -(std::int64_t{1} << (f.width - 1));
      const std::uint64_t hiSigned = (std::uint64_t{1} << (f.width - 1)) - 1;
      // A 32-bit immediate also takes any 32-bit pattern written as a positive literal (L-63).
      const std::uint64_t hi = f.width >= 32 ? maxForWidth(f.width) : hiSigned;
      if (negative && o.integer <= static_cast<std::uint64_t>(-(lo + 1)) + 1)
        bits = signedToBits(-static_cast<std::int64_t>(o.integer), f.width);
      else if (!negative && o.integer <= hi)
        bits = o.integer;
    }
    if (!bits) {
      fail(a, [&] {
        std::string range;
        if (t.kind == TypeKind::UImm) {
          range = "[0, " + std::to_string(maxForWidth(f.width)) + "]";
        } else {
          const std::int64_t lo = -(std::int64_t{1} << (f.width - 1));
          const std::uint64_t hi =
              f.width >= 32 ? maxForWidth(f.width) : (std::uint64_t{1} << (f.width - 1)) - 1;
          range = "[" + std::to_string(lo) + ", " +
                  (f.width >= 32 ? hex(hi, {.upper = true}) : std::to_string(hi)) + "]";
        }
        return error(o.range, DiagnosticCode::ImmediateOutOfRange,
                     t.name + " operand " + where +
                         (f.name != where ? " (field " + f.name + ")" : std::string()) + " must be in " +
                         range + "; " + (negative ? "-" : "") + o.text + " is not");
      });
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
        const bool hexBits =
            o.kind == AsmOperandKind::Integer && o.text.size() > 2 && (o.text[1] == 'x' || o.text[1] == 'X');
        if (hexBits) {
          if (o.integer > 0xFFFFFFFFull)
            return fail(a, [&] {
              return error(o.valueRange, DiagnosticCode::ImmediateOutOfRange,
                           "float bits " + o.text + " exceed 32 bits");
            });
          bits = static_cast<std::uint32_t>(o.integer);
          break;
        }
        const double v = o.kind == AsmOperandKind::Float ? o.floatValue : static_cast<double>(o.integer);
        if (!(std::fabs(v) <= static_cast<double>(std::numeric_limits<float>::max())))
          return fail(a, [&] {
            return error(o.valueRange, DiagnosticCode::ImmediateOutOfRange,
                         o.text + " does not fit a 32-bit float");
          });
        bits = std::bit_cast<std::uint32_t>(static_cast<float>(v));
        break;
      }
      case AsmOperandKind::FloatBits:
        if (o.integer > 0xFFFFFFFFull)
          return fail(a, [&] {
            return error(o.valueRange, DiagnosticCode::ImmediateOutOfRange,
                         o.text + " has more than 32 bits");
          });
        bits = static_cast<std::uint32_t>(o.integer);
        break;
      default:
        return fail(a, [&] {
          return error(
              o.valueRange, DiagnosticCode::OperandKind,
              where + " of " + a.op->name + " must be a float immediate; '" + o.text + "' is " + describe(o));
        });
    }
    const auto pos = static_cast<std::size_t>(&f - a.op->fields.data());
    const Field* neg = a.op->attribute(pos, &FieldAttributes::neg);
    const Field* abs = a.op->attribute(pos, &FieldAttributes::abs);
    if (o.bitNot || o.logicalNot)
      return fail(a, [&] {
        return error(o.range, DiagnosticCode::IllegalPrefix,
                     "only '-' and |x| may prefix the float " + where);
      });
    // Fold the sign and the absolute value into the literal unless the variant has the bits.
    if (o.abs) {
      if (abs != nullptr)
        set(a, abs, 1);
      else
        bits &= 0x7FFFFFFFu;
    }
    if (o.neg) {
      if (neg != nullptr)
        set(a, neg, 1);
      else
        bits ^= 0x80000000u;
    }
    set(a, &f, bits);
  }

  void setConstMem(Attempt& a, const Field& f, const AsmOperand& o) {
    const BitFieldType& t = db_.typeOf(f);
    std::uint64_t packed = 0;
    for (const auto& sub : t.subFields) {
      const bool isBank = sub.name == "bank";
      // Relative to a UR base the offset may be negative; it is stored modulo 2^width (L-63a).
      const bool wraps = !isBank && o.offset < 0 && !o.base.empty() &&
                         -o.offset <= static_cast<std::int64_t>(maxForWidth(sub.width)) + 1;
      const std::uint64_t v = isBank  ? o.bank
                              : wraps ? static_cast<std::uint64_t>(o.offset) & maxForWidth(sub.width)
                                      : static_cast<std::uint64_t>(o.offset);
      if ((!isBank && o.offset < 0 && !wraps) || v > maxForWidth(sub.width)) {
        fail(a, [&] {
          return error(isBank ? o.valueRange : o.offsetRange, DiagnosticCode::ImmediateOutOfRange,
                       "constant-memory " + sub.name + " must be in [0, " +
                           hex(maxForWidth(sub.width), {.upper = true}) + "] (" + sub.type +
                           ", an assumption of prelude.isa)",
                       {}, erratumOf("cmem-field-range", t.name));
        });
        return;
      }
      packed |= v << sub.offset;
    }
    set(a, &f, packed);
  }

  void fitComposite(Attempt& a, const OrderElem& elem, const AsmOperand& o, const std::string& where) {
    const bool cmem = db_.isConstantMemory(elem.name);
    if (cmem ? o.kind != AsmOperandKind::ConstantMemory
             : (o.kind != AsmOperandKind::RegisterIndirect || o.file != elem.name)) {
      fail(a, [&] {
        return error(o.valueRange, DiagnosticCode::OperandKind,
                     where + " of " + a.op->name + " must be " +
                         (cmem ? std::string("c[bank][URn+offset]") : elem.name + "[URn+offset]") + "; '" +
                         o.text + "' is " + describe(o));
      });
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
      fail(a, [&] {
        return error(o.offsetRange, DiagnosticCode::ImmediateOutOfRange,
                     db_.typeOf(*idx).name + " offset must be in [" +
                         std::to_string(-(std::int64_t{1} << (idx->width - 1))) + ", " +
                         std::to_string((std::int64_t{1} << (idx->width - 1)) - 1) + "]");
      });
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
      fail(a, [&] {
        return error(range, DiagnosticCode::OperandKind, "'" + reg + "' is not a " + kindText(t));
      });
      return;
    }
    set(a, f, *v);
  }

  void applyGuard(Attempt& a) {
    const auto& order = a.op->operandInfo.order;
    if (firstOperandOrderIndex(db_, *a.op) == 0) return;
    const Field* pg = a.op->fieldOf(order.front());
    if (!s_.guard) return;
    const BitFieldType& t = db_.typeOf(*pg);
    if (guardName_.type != &t) guardName_ = {&t, t.valueOf(s_.guard->predicate)};
    const auto v = guardName_.value;
    if (!v) {
      fail(a, [&] {
        return error(s_.guard->predicateRange, DiagnosticCode::GuardPredicate,
                     "the guard of " + optype_->mnemonic + " is a " + kindText(t) + "; '" +
                         s_.guard->predicate + "' is not one");
      });
      return;
    }
    set(a, pg, *v);
    // The guard's negation is its `.not` attribute field (pg.not).
    const Field* neg =
        pg->attribute().empty()
            ? a.op->attribute(static_cast<std::size_t>(pg - a.op->fields.data()), &FieldAttributes::notBit)
            : a.op->field(pg->name + ".not");
    if (neg != nullptr) set(a, neg, s_.guard->negated ? 1 : 0);
  }

  // Register widths from Bitwidth<>: 64- and 128-bit operands are aligned register ranges.
  void checkWidths(Attempt& a, const SyntaxForm& form, const FormBinding& binding, const Slots& slots) {
    for (std::size_t i = 0; i < slots.size() && !a.failed(); ++i) {
      const AsmOperand& o = s_.operands[i];
      if (o.kind != AsmOperandKind::Register && o.kind != AsmOperandKind::RegisterRange) continue;
      const OrderElem& elem = a.op->operandInfo.order[binding.orderIndex[slots[i]]];
      // A register operand that got this far stands for a Field element (the others take
      // predicate sets, constant memory or addresses).
      const Field* f = a.op->fieldOf(elem);
      if (f == nullptr || db_.typeOf(*f).kind != TypeKind::Register) continue;
      const auto width = operandWidth(*a.op, elem, a.values.span());
      if (!width) continue;
      const std::uint32_t regs = static_cast<std::uint32_t>(*width / 32);
      const std::string& where = form.operands[slots[i]].placeholder;
      const bool zero =
          o.kind == AsmOperandKind::Register && db_.isConstantRegister(db_.typeOf(*f), valueOf(a, *f));
      if (regs <= 1) {
        if (o.kind == AsmOperandKind::RegisterRange && o.last != o.first)
          fail(a, [&] {
            return error(o.valueRange, DiagnosticCode::RegisterWidth,
                         where + " of " + a.op->name + " is a 32-bit operand; write " + o.file +
                             std::to_string(o.first),
                         {o.file + std::to_string(o.first)});
          });
        continue;
      }
      if (o.kind == AsmOperandKind::Register) {
        if (zero) continue;  // RZ / URZ stand for a wide zero
        fail(a, [&] {
          const std::string fix = registerSpelling(db_, db_.typeOf(*f), valueOf(a, *f), regs);
          return error(o.valueRange, DiagnosticCode::RegisterWidth,
                       where + " of " + a.op->name + " is a " + std::to_string(*width) +
                           "-bit operand; write a register range such as " + fix,
                       {fix});
        });
        continue;
      }
      if (o.last < o.first || o.last - o.first + 1 != regs) {
        fail(a, [&] {
          return error(o.valueRange, DiagnosticCode::RegisterWidth,
                       where + " of " + a.op->name + " is a " + std::to_string(*width) +
                           "-bit operand: " + std::to_string(regs) + " registers, " + o.file + "[n:n+" +
                           std::to_string(regs - 1) + "]");
        });
        continue;
      }
      if (o.first % regs != 0)
        fail(a, [&] {
          return error(o.valueRange, DiagnosticCode::RegisterAlignment,
                       "a " + std::to_string(*width) + "-bit register range must start at a multiple of " +
                           std::to_string(regs) + "; " + o.file + std::to_string(o.first) + " does not");
        });
    }
  }

  void checkRequired(Attempt& a) {
    for (const std::uint32_t i : a.op->requiredFields) {
      const Field& f = a.op->fields[i];
      if (a.given[i] == 0) {
        fail(a, [&] {
          return error(
              s_.range, DiagnosticCode::MissingOperand,
              a.op->name + " needs a value for " + f.name + ", and the form gives no operand for it");
        });
        return;
      }
    }
  }

  // The errata.isa entry whose __Rules lists `rule` (for this optype or `target`), empty when none.
  std::string erratumOf(std::string_view rule, std::string_view target = {}) const {
    const Erratum* e = db_.erratumForRule(
        rule, {optype_ != nullptr ? std::string_view(optype_->name) : std::string_view{}, target});
    return e != nullptr ? e->id : std::string{};
  }

  // "ULDC addresses" (or "A and B address"): the mnemonics whose constant-memory operand takes a
  // uniform register base (a C[vb, ura] Order<> element), for the message that others do not.
  std::string uniformBaseCmemMnemonics() const {
    std::vector<std::string> names;
    for (const Opcode& op : db_.opcodes())
      for (const OrderElem& e : op.operandInfo.order)
        if (isConstantMemoryElement(db_, e)) {
          const std::string& m = db_.optypeOf(op).mnemonic;
          if (std::find(names.begin(), names.end(), m) == names.end()) names.push_back(m);
        }
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
      out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    if (names.empty()) return "no instruction addresses";
    return out + (names.size() == 1 ? " addresses" : " address");
  }

  void checkEncodingErrors(Attempt& a) {
    for (const auto& rule : a.op->encodingErrors) {
      if (rule.forbids(a.values.span())) {
        fail(a,
             [&] { return error(s_.mnemonicRange, DiagnosticCode::EncodingError, rule.violationMessage()); });
        return;
      }
    }
  }

  const InstrDb& db_;
  const AsmStatement& s_;
  NameLookup guardName_;        // the guard's last look-up
  const SlotChoices& choices_;  // every binding's choices of optional slots, per operand count
  // Per operand: its register name's value in every register and predicate type (empty for
  // operands that are no register).
  SmallVec<std::span<const RegisterNames::Entry>, 8> named_;
  const Optype* optype_ = nullptr;
  std::size_t formIndex_ = 0;           // the form being tried, in optype_->syntax.forms
  std::size_t firstModifier_ = 0;       // index in s_.parts of the first modifier
  SmallVec<std::size_t, 12> spelling_;  // per written modifier: its index in optype_->modifierSpellings
  bool quiet_ = true;                   // build no diagnostics (the first pass)
  Attempt base_, attempt_;              // scratch, reused by every attempt
  std::optional<Attempt> best_;         // the nearest miss (reporting pass)
};

}  // namespace

MatchResult matchStatement(const InstrDb& db, const AsmStatement& statement) {
  return StatementMatcher(db, statement, slotChoices(db)).run();
}

MatchResult matchStatement(const InstrDb& db, const AsmStatement& statement, const SlotChoices& choices) {
  return StatementMatcher(db, statement, choices).run();
}

}  // namespace gpuasm::isa
