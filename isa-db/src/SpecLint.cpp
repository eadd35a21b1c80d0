// Cross-definition checks of the spec (see SpecLint.h). Each check names the catalog item it
// implements (L-n) in a comment, and attaches the erratum that handles it when there is one.
// Text checks scan the raw lines of the user's spec files, tracking which definition and
// section a line belongs to, so every finding has an exact line and column.
#include <gpuasm/isa/Decoder.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/SpecLint.h>
#include <gpuasm/isa/SpecParser.h>

#include "TextUtil.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <tuple>

namespace gpuasm::isa {

namespace {

using text::lower;

class Linter {
 public:
  explicit Linter(const InstrDb& db) : db_(db) {}

  std::vector<SpecDiagnostic> run() {
    checkDecodability();
    for (const auto& o : db_.optypes()) {
      checkSections(o);
      checkModifiers(o);
      checkOrderAgainstSyntax(o);
      checkSiblings(o);
      checkBindings(o);
      checkEncodingErrorSpellings(o);
    }
    for (const auto& op : db_.opcodes()) checkOperandLists(op);
    for (std::uint32_t f = 0; f < db_.files().size(); ++f)
      if (db_.files()[f].role == SpecFileRole::Spec) scanText(f);
    return sink_.take();
  }

 private:
  // The erratum about `target` whose id starts with `item` ("L-41"), if errata.isa has one.
  std::string erratumFor(std::string_view item, std::string_view target = {}) const {
    for (const auto& e : db_.errata()) {
      const bool idMatches = e.id == item || (e.id.starts_with(item) && e.id.size() == item.size() + 1 &&
                                              std::isalpha(static_cast<unsigned char>(e.id.back())) != 0);
      if (!idMatches) continue;
      if (target.empty()) return e.id;
      for (const auto& t : e.targets) {
        const Opcode* op = db_.opcode(t);
        if (t == target || (op != nullptr && db_.optypeOf(*op).name == target)) return e.id;
      }
    }
    return {};
  }

  void report(SourcePos pos, Severity sev, SpecCode code, std::string message, std::string_view item,
              std::string_view target = {}) {
    if (!seen_
             .insert(std::to_string(pos.file) + ":" + std::to_string(pos.line) + ":" +
                     std::string(spelling(code)) + ":" + message)
             .second)
      return;
    sink_.report(pos, sev, code, std::move(message), erratumFor(item, target));
  }

  // ---------------------------------------------------------------- encodings

  void checkDecodability() {
    const Decoder decoder(db_);
    // The witness sets every bit either fixes as it fixes it (they agree where both do), so
    // both opcodes' fixed bits match it.
    for (const auto& [a, b] : decoder.ambiguousPairs())
      report(b->pos, Severity::Error, SpecCode::AmbiguousEncoding,
             "opcodes " + a->name + " and " + b->name +
                 " can decode the same word: their fixed bits agree wherever both fix them, e.g. " +
                 (a->fixedBits | b->fixedBits).toHex(),
             "");
    // L-43: the opcode name's suffix should be its stype.
    for (const auto& op : db_.opcodes()) {
      const std::string& optypeName = db_.optypeOf(op).name;
      const Field* stype = op.field("stype");
      if (stype == nullptr || !op.name.starts_with(optypeName + "_")) continue;
      const std::string suffix = op.name.substr(optypeName.size() + 1);
      if (suffix != stype->valueText)
        report(
            stype->pos, Severity::Warning, SpecCode::StypeNameMismatch,
            "opcode " + op.name + " is named for stype " + suffix + " but encodes stype " + stype->valueText,
            "L-43", op.name);
    }
  }

  // ---------------------------------------------------------------- sections (L-4, L-5, L-6)

  void checkSections(const Optype& o) {
    if (o.syntax.forms.empty() || std::all_of(o.syntax.forms.begin(), o.syntax.forms.end(),
                                              [](const SyntaxForm& f) { return !f.erratum.empty(); }))
      report(o.pos, Severity::Warning, SpecCode::NoSyntax,
             "optype " + o.name + " has no __Syntax; it cannot be written in assembly as the spec stands",
             "L-4", o.name);
    if (!o.docs.description.present)
      report(o.pos, Severity::Warning, SpecCode::NoDescription, "optype " + o.name + " has no __Description",
             "L-4", o.name);
    if (!o.docs.semantics.present)
      report(o.pos, Severity::Warning, SpecCode::NoSemantics, "optype " + o.name + " has no __Semantics",
             erratumTargeting(o.name, {"L-6"}, "L-4"), o.name);
    else if (o.docs.semantics.text.find("```") == std::string::npos)
      report(o.docs.semantics.pos, Severity::Warning, SpecCode::SemanticsWithoutCode,
             "__Semantics of " + o.name + " holds no pseudo-code block",
             o.docs.semantics.text.find("TODO") != std::string::npos
                 ? "L-5"
                 : erratumTargeting(o.name, {"L-66"}, "L-65"),
             o.name);
    if (o.docs.examples.present && !examplesHaveInstructions(o.docs.examples.text))
      report(o.docs.examples.pos, Severity::Warning, SpecCode::ExamplesWithoutInstructions,
             "__Examples of " + o.name + " holds no instruction line", "L-6", o.name);
  }

  static bool examplesHaveInstructions(const std::string& text) {
    static const std::regex instruction(R"(^\s*(@!?U?P[0-9T]\s+)?[A-Z][A-Z0-9_]*(\.[A-Z0-9_]+)*\s+[^;]*;)");
    bool inFence = false;
    std::size_t start = 0;
    while (start <= text.size()) {
      const std::size_t nl = text.find('\n', start);
      const std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
      if (text::trim(line).starts_with("```"))
        inFence = !inFence;
      else if (inFence && std::regex_search(line, instruction))
        return true;
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
    return false;
  }

  // ---------------------------------------------------------------- modifiers (L-13, L-31, L-48, L-52, L-53,
  // L-54)

  // The field a variable or literal modifier sets in `op`, or null. A fixed field counts too
  // here (the spec fixes I2IP's satrelu, L-31), so lint can report it.
  const Field* modifierField(const Opcode& op, const ModifierSlot& part) const {
    if (part.variable) return op.field(part.text);
    if (const Field* f = literalModifierField(db_, op, part.text)) return f;
    for (const auto& f : op.fields)
      if (f.presence == FieldPresence::Fixed && f.name != "optype" && f.name != "stype" &&
          db_.typeOf(f).valueOf(part.text))
        return &f;
    return nullptr;
  }

  void checkModifiers(const Optype& o) {
    if (o.opcodes.empty()) return;
    for (const auto& form : o.syntax.forms) {
      for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k) {
        const ModifierSlot& part = form.parts[k];
        const Field* field = nullptr;
        for (auto i : o.opcodes)
          if ((field = modifierField(db_.opcodes()[i], part)) != nullptr) break;
        if (field == nullptr) {
          report(form.pos, Severity::Warning, SpecCode::ModifierWithoutField,
                 "modifier ." + part.text + " of " + o.name + " sets no encoding field", "L-48", o.name);
          continue;
        }
        if (!part.variable) continue;
        const ModifierDomain* domain = o.domain(part.text);
        const BitFieldType& type = db_.typeOf(*field);
        if (domain == nullptr) {
          report(form.pos, Severity::Warning, SpecCode::ModifierWithoutDomain,
                 "modifier variable ." + part.text + " of " + o.name + " has no domain line", "");
        } else {
          checkDomain(o, *domain, *field, type);
        }
        for (const auto& replaced : o.specDomains)
          if (replaced.variable == part.text) checkDomain(o, replaced, *field, type);
        const Field::SpecDeclaration* spec = field->specDeclaration ? &*field->specDeclaration : nullptr;
        const bool specFixed = spec != nullptr ? spec->fixed : field->presence == FieldPresence::Fixed;
        const bool specHasValue =
            spec != nullptr ? !spec->valueText.empty() : field->presence != FieldPresence::Required;
        if (specFixed)
          report(spec != nullptr ? spec->pos : field->pos, Severity::Error, SpecCode::FixedModifier,
                 "field " + field->name + " of " + o.name +
                     " is fixed (==) but the syntax lets the user choose ." + part.text,
                 "L-31", o.name);
        else if (!part.optional && specHasValue)
          report(form.pos, Severity::Warning, SpecCode::MandatoryModifierHasDefault,
                 "modifier ." + part.text + " of " + o.name + " is written as mandatory but field " +
                     field->name + " has a default; the tools treat it as optional",
                 "L-53", o.name);
        else if (part.optional && !specHasValue)
          report(form.pos, Severity::Warning, SpecCode::OptionalModifierWithoutDefault,
                 "modifier ." + part.text + " of " + o.name + " is optional but field " + field->name +
                     " has no default",
                 "L-53", o.name);
      }
    }
  }

  void checkDomain(const Optype& o, const ModifierDomain& d, const Field& field, const BitFieldType& type) {
    if (checkedDomains_.contains(&d)) return;
    checkedDomains_.insert(&d);
    if (db_.files()[d.pos.file].role != SpecFileRole::Spec)
      return;  // gpuasm's own restatements use the aliases on purpose
    for (const auto& v : d.values) {
      bool isEnumerator = false;
      for (const auto& e : type.enumerators) isEnumerator |= e.name == v.spelling;
      if (isEnumerator) continue;
      const auto alias = std::find_if(type.aliases.begin(), type.aliases.end(),
                                      [&](const EnumAlias& a) { return a.spelling == v.spelling; });
      if (alias != type.aliases.end())
        sink_.report(d.pos, Severity::Warning, SpecCode::DomainSpelling,
                     "." + v.spelling + " in the ." + d.variable + " domain of " + o.name +
                         " is not an enumerator of " + type.name + "; accepted as " + alias->target,
                     alias->erratum);
      else
        report(d.pos, Severity::Error, SpecCode::DomainValueUnknown,
               "." + v.spelling + " in the ." + d.variable + " domain of " + o.name + " is not a value of " +
                   type.name + " (field " + field.name + ")",
               "");
    }
  }

  // ---------------------------------------------------------------- Order vs syntax (L-39, L-41)

  void checkOrderAgainstSyntax(const Optype& o) {
    for (auto i : o.opcodes) {
      const Opcode& op = db_.opcodes()[i];
      const bool amended = !op.operandInfo.specOrder.empty();
      const auto& order = amended ? op.operandInfo.specOrder : op.operandInfo.order;
      const SourcePos pos = amended ? op.operandInfo.specOrderPos : op.operandInfo.orderPos;
      for (const auto& form : o.syntax.forms) {
        if (!form.erratum.empty()) continue;
        std::vector<std::pair<std::size_t, std::string>> named;  // order index, placeholder
        for (const auto& slot : form.operands) {
          if (slot.shape != OperandShape::Plain) continue;
          const std::string name = lower(slot.placeholder);
          for (std::size_t j = 0; j < order.size(); ++j)
            if (order[j].kind == OrderElem::Kind::Field && order[j].name == name)
              named.emplace_back(j, slot.placeholder);
        }
        for (std::size_t j = 1; j < named.size(); ++j) {
          if (named[j].first > named[j - 1].first) continue;
          report(pos.valid() ? pos : op.pos, Severity::Error, SpecCode::OrderDiffersFromSyntax,
                 "Order<> of " + op.name + " lists " + order[named[j].first].name + " before " +
                     order[named[j - 1].first].name + ", but the syntax writes " + named[j - 1].second +
                     " before " + named[j].second,
                 op.name == "IMAD_WIDE_RCR" ? "L-41" : "L-39", op.name);
          break;
        }
      }
    }
  }

  // ---------------------------------------------------------------- siblings (L-42, L-44)

  void checkSiblings(const Optype& o) {
    // L-42: the bit of an operand's neg/abs/bitnot attribute, keyed by the operand's slot offset.
    struct Site {
      const Opcode* op;
      SourcePos pos;  // where the spec declares the attribute (or the Bitwidth)
    };
    std::map<std::string, std::map<std::uint32_t, std::vector<Site>>> attrBits;
    std::map<std::string, std::map<std::string, std::vector<Site>>> widths;
    for (auto i : o.opcodes) {
      const Opcode& op = db_.opcodes()[i];
      for (const auto& f : op.fields) {
        if (f.attribute().empty() || f.attribute() == "not" || f.attribute() == "bsel" ||
            f.attribute() == "hsel")
          continue;
        const Field* base = op.field(f.base());
        if (base == nullptr) continue;
        const std::uint32_t bit = f.specDeclaration ? f.specDeclaration->offset : f.offset;
        attrBits[std::to_string(base->offset) + "." + std::string(f.attribute())][bit].push_back(
            {&op, f.specDeclaration ? f.specDeclaration->pos : f.pos});
      }
      for (const auto& b : op.operandInfo.bitwidths)
        widths[b.operand][b.specText.empty() ? b.expr.toString() : b.specText].push_back(
            {&op, b.specText.empty() ? b.pos : b.specPos});
    }
    for (const auto& [key, byBit] : attrBits) {
      if (byBit.size() < 2) continue;
      const auto majority = std::max_element(byBit.begin(), byBit.end(), [](const auto& a, const auto& b) {
        return a.second.size() < b.second.size();
      });
      for (const auto& [bit, ops] : byBit) {
        if (bit == majority->first || ops.size() >= majority->second.size()) continue;
        for (const Site& site : ops) {
          const Opcode* op = site.op;
          const auto attr = key.substr(key.find('.') + 1);
          report(site.pos, Severity::Warning, SpecCode::AttributeBitDiffers,
                 op->name + " puts the ." + attr + " bit of its slot-" + key.substr(0, key.find('.')) +
                     " operand at bit " + std::to_string(bit) + "; its siblings use bit " +
                     std::to_string(majority->first),
                 "L-42", op->name);
        }
      }
    }
    for (const auto& [operand, byText] : widths) {
      if (byText.size() < 2) continue;
      const auto majority = std::max_element(byText.begin(), byText.end(), [](const auto& a, const auto& b) {
        return a.second.size() < b.second.size();
      });
      for (const auto& [text, ops] : byText) {
        if (text == majority->first || ops.size() >= majority->second.size()) continue;
        for (const Site& site : ops) {
          const Opcode* op = site.op;
          report(site.pos, Severity::Warning, SpecCode::BitwidthDiffers,
                 "Bitwidth<" + operand + "> of " + op->name + " is " + text + " where its siblings have " +
                     majority->first,
                 "L-44", op->name);
        }
      }
    }
  }

  // ---------------------------------------------------------------- form bindings (L-50, L-51, L-74, L-79)

  void checkBindings(const Optype& o) {
    for (std::size_t formIndex = 0; formIndex < o.syntax.forms.size(); ++formIndex) {
      const SyntaxForm& form = o.syntax.forms[formIndex];
      bool boundSomewhere = false;
      for (auto i : o.opcodes) {
        const Opcode& op = db_.opcodes()[i];
        const auto& binding = op.formBindings[formIndex];
        if (!binding) continue;
        boundSomewhere = true;
        checkPrefixes(o, op, form, *binding);
        checkUnboundRequired(op, form, *binding);
      }
      if (!boundSomewhere && !o.opcodes.empty())
        report(form.pos, Severity::Warning, SpecCode::FormFitsNoVariant,
               "syntax form '" + form.text + "' fits no encoding variant of " + o.name, "");
    }
  }

  bool formHasLiteral(const SyntaxForm& form, std::string_view literal) const {
    for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k)
      if (!form.parts[k].variable && form.parts[k].text == literal) return true;
    return false;
  }

  void checkPrefixes(const Optype& o, const Opcode& op, const SyntaxForm& form, const FormBinding& b) {
    const auto& order = op.operandInfo.order;
    for (std::size_t s = 0; s < form.operands.size(); ++s) {
      const OperandSlot& slot = form.operands[s];
      const OrderElem& elem = order[b.orderIndex[s]];
      if (elem.kind != OrderElem::Kind::Field) continue;
      const Field* base = op.field(elem.name);
      const bool immediate =
          base != nullptr && db_.typeOf(*base).isImmediate() && db_.typeOf(*base).kind != TypeKind::CMem;
      const Field* neg = op.field(elem.name + ".neg");
      const Field* bitnot = op.field(elem.name + ".bitnot");
      const Field* abs = op.field(elem.name + ".abs");
      const Field* notf = op.field(elem.name + ".not");
      auto missing = [&](const char* prefix, const char* attr) {
        report(form.pos, Severity::Warning, SpecCode::PrefixWithoutField,
               "syntax allows '" + std::string(prefix) + "' on " + slot.placeholder + " but " + op.name +
                   " has no " + elem.name + "." + attr + " field",
               "L-50", o.name);
      };
      if (slot.allowNeg && neg == nullptr && !immediate) missing("-", "neg");
      if (slot.allowBitNot && bitnot == nullptr && neg == nullptr && !immediate) missing("~", "bitnot");
      if (slot.allowAbs && abs == nullptr && !immediate) missing("|x|", "abs");
      if (slot.allowNot && notf == nullptr) missing("!", "not");
      if ((neg != nullptr && !slot.allowNeg && !slot.allowBitNot) ||
          (bitnot != nullptr && !slot.allowBitNot) || (abs != nullptr && !slot.allowAbs))
        report(form.pos, Severity::Warning, SpecCode::FieldWithoutPrefix,
               op.name + " encodes a modifier bit for " + elem.name +
                   " that the syntax gives no prefix for (" + slot.placeholder + ")",
               "L-50", o.name);
      // L-51: under .X the neg bit means '~' (the prelude's Complement<CvtINegX> = X), but the
      // form writes {-}.
      if (slot.allowNeg && neg != nullptr) {
        const AsmFormatRule* fmt = op.operandInfo.asmFormat(neg->name);
        const std::string_view complement =
            fmt != nullptr ? db_.complementEnumerator(fmt->function) : std::string_view{};
        if (!complement.empty() && formHasLiteral(form, complement))
          report(form.pos, Severity::Warning, SpecCode::NegUnderX,
                 "the .X form writes {-}" + slot.placeholder + ", but " + fmt->function +
                     " prints and accepts '~' there",
                 "L-51", o.name);
      }
      // L-79 / L-40: a placeholder that names no field, bound by position.
      if (!b.byName[s] && db_.placeholderClass(slot.placeholder) != PlaceholderClass::AnySource &&
          db_.placeholderClass(slot.placeholder) != PlaceholderClass::Immediate &&
          lower(slot.placeholder) != elem.name)
        report(form.pos, Severity::Note, SpecCode::PlaceholderBoundByPosition,
               "placeholder " + slot.placeholder + " of " + o.name + " names no field of " + op.name +
                   "; it stands for " + elem.name,
               "L-79", "");
    }
  }

  void checkUnboundRequired(const Opcode& op, const SyntaxForm& form, const FormBinding& b) {
    std::set<std::string> bound;
    for (std::size_t s = 0; s < b.orderIndex.size(); ++s) {
      const OrderElem& e = op.operandInfo.order[b.orderIndex[s]];
      bound.insert(e.name);
      for (const auto& p : e.parts) bound.insert(p);
      if (!form.operands[s].suffix.empty()) bound.insert(e.name + "." + form.operands[s].suffix);
    }
    for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k)
      if (const Field* f = modifierField(op, form.parts[k])) bound.insert(f->name);
    for (const auto& f : op.fields) {
      const bool specRequired =
          f.specDeclaration ? f.specDeclaration->valueText.empty() : f.presence == FieldPresence::Required;
      if (!specRequired || bound.contains(f.name)) continue;
      if (!f.attribute().empty() && bound.contains(std::string(f.base())) && f.attribute() != "hsel")
        continue;
      report(f.specDeclaration ? f.specDeclaration->pos : f.pos, Severity::Warning,
             SpecCode::RequiredFieldNotInSyntax,
             "field " + f.name + " of " + op.name + " has no default, and the form '" + form.text +
                 "' gives no operand for it",
             f.attribute() == "hsel" ? "L-48" : "L-74", op.name);
    }
  }

  // ---------------------------------------------------------------- EncodingError spellings (L-35)

  void checkEncodingErrorSpellings(const Optype& o) {
    for (const auto& rule : o.encodingErrors) {
      std::vector<std::pair<std::string, std::string>> comparisons;
      collectComparisons(rule.condition, comparisons);
      for (const auto& [field, value] : comparisons) {
        const ModifierDomain* d = o.domain(field);
        if (d == nullptr) continue;
        const bool spelled =
            std::any_of(d->values.begin(), d->values.end(),
                        [&value = value](const DomainValue& v) { return v.spelling == value; });
        if (!spelled)
          report(rule.pos, Severity::Warning, SpecCode::ExceptionSpelling,
                 "EncodingError compares " + field + " with \"" + value + "\", which the syntax domain of ." +
                     field + " does not spell",
                 "L-35", "");
      }
    }
  }

  static void collectComparisons(const Expr& e, std::vector<std::pair<std::string, std::string>>& out) {
    if ((e.op == Expr::Op::Eq || e.op == Expr::Op::Ne) && e.args.size() == 2) {
      if (e.args[0].op == Expr::Op::Field && e.args[1].op == Expr::Op::String)
        out.emplace_back(e.args[0].text, e.args[1].text);
      if (e.args[1].op == Expr::Op::Field && e.args[0].op == Expr::Op::String)
        out.emplace_back(e.args[1].text, e.args[0].text);
    }
    for (const auto& a : e.args) collectComparisons(a, out);
  }

  // ---------------------------------------------------------------- In/Out lists (L-17, L-18)

  void checkOperandLists(const Opcode& op) {
    const OperandInfo& info = op.operandInfo;
    if (info.hasOutList && info.outList.empty())
      report(op.pos, Severity::Note, SpecCode::EmptyOutlist,
             "OutList<> of " + op.name + " is empty; the destination is chosen at run time", "L-18", op.name);
    for (const auto& e : info.order) {
      std::vector<std::string> names =
          e.kind == OrderElem::Kind::Composite ? e.parts : std::vector<std::string>{e.name};
      for (const auto& n : names) {
        const Field* f = op.field(n);
        if (f == nullptr || !db_.typeOf(*f).isImmediate()) continue;
        if (std::find(info.inList.begin(), info.inList.end(), n) == info.inList.end())
          report(op.pos, Severity::Note, SpecCode::ImmediateNotInInlist,
                 "immediate operand " + n + " of " + op.name + " appears in Order<> but not in InList<>",
                 "L-17", "");
      }
    }
  }

  // ---------------------------------------------------------------- text scans

  struct TextCheck {
    const char* pattern;
    SpecCode code;  // its row of SpecCode.h names the catalog item the finding is an instance of
    const char* message;
    Severity severity;
    bool codeOnly;  // only inside pseudo-code sections (Semantics, Simulation) and Description
  };

  void scanText(std::uint32_t fileIndex) {
    static const std::vector<std::pair<std::regex, TextCheck>> checks = [] {
      const std::vector<TextCheck> raw = {
          {R"([\w)]\s*>\s*(4294967296|0x100000000|18446744073709551616\b|\(\s*1\s*<<\s*(32|64)\s*\)))",
           SpecCode::CarryUsesGreater,
           "carry-out compares with '>' 2^n; a carry happens when the sum is >= 2^n", Severity::Warning,
           true},
          {R"(ceil\s*\(\s*\w+\s*/\s*4294967296\s*\)\s*>\s*0)", SpecCode::CarryUsesCeil,
           "ceil(d / 2^32) > 0 is true for every positive d; it is no carry test", Severity::Warning, true},
          {R"(&\s*0x[0-9A-Fa-f]+\s*\+)", SpecCode::PrecedenceAndPlus,
           "'a & MASK + b' parses as 'a & (MASK + b)' in C precedence", Severity::Warning, true},
          {R"(>>\s*32\s*\+)", SpecCode::PrecedenceShiftPlus,
           "'x >> 32 + y' parses as 'x >> (32 + y)' in C precedence", Severity::Warning, true},
          {R"(,\s*\))", SpecCode::EmptyArgument, "function call with an empty argument", Severity::Warning,
           true},
          {R"(\b0[xX][0-9A-Fa-f]{9,15}\b)", SpecCode::OddHexWidth,
           "hex constant wider than 32 bits but narrower than 64; a digit too many?", Severity::Warning,
           false},
          {R"(&\s*0x1\s*==)", SpecCode::PrecedenceAndEq,
           "'x & 0x1 == 1' parses as 'x & (0x1 == 1)' in C precedence", Severity::Warning, true},
          {R"(\[\s*(\d+)\s*:\s*(\d+)\s*\])", SpecCode::ReversedBitSlice, "", Severity::Note, true},
          {R"(TODO)", SpecCode::Todo, "TODO left in the spec", Severity::Note, false},
      };
      std::vector<std::pair<std::regex, TextCheck>> out;
      for (const auto& c : raw) out.emplace_back(std::regex(c.pattern), c);
      return out;
    }();
    static const std::regex header(R"(^__(Def\w+|Erratum)\s+([A-Za-z0-9_-]+))");
    static const std::regex section(R"(^\s*__(\w+)\s*$)");
    static const std::regex predicateName(R"(\b(U?P)([0-9]+)\b)");
    static const std::regex commentedDecl(R"(^\s*//\s*(field\s*<|[A-Za-z_][A-Za-z0-9_]*\s*;))");
    const std::string& text = db_.files()[fileIndex].text;
    std::string def, sec;
    std::uint32_t lineNo = 0;
    std::size_t start = 0;
    while (start < text.size()) {
      const std::size_t nl = text.find('\n', start);
      const std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
      start = nl == std::string::npos ? text.size() : nl + 1;
      ++lineNo;
      std::smatch m;
      if (std::regex_search(line, m, header)) {
        def = m[2];
        sec.clear();
        continue;
      }
      if (std::regex_match(line, m, section)) {
        sec = m[1];
        continue;
      }
      const bool codeSection = sec == "Semantics" || sec == "Simulation" || sec == "Description";
      for (const auto& [re, c] : checks) {
        if (c.codeOnly && !codeSection) continue;
        for (auto it = std::sregex_iterator(line.begin(), line.end(), re); it != std::sregex_iterator();
             ++it) {
          std::string message = c.message;
          if (c.code == SpecCode::OddHexWidth) {
            // 2^32 .. 2^60 written in hex are legitimate; a non-power of two of 9..15 digits is not.
            const unsigned long long v = std::stoull(it->str(), nullptr, 16);
            if ((v & (v - 1)) == 0) continue;
          }
          if (c.code == SpecCode::ReversedBitSlice) {
            if (std::stoul((*it)[1]) >= std::stoul((*it)[2])) continue;
            message = "bit slice " + it->str() + " is written [lo:hi]; the spec writes [hi:lo] elsewhere";
          }
          const SourcePos pos{fileIndex, lineNo, static_cast<std::uint32_t>(it->position() + 1)};
          report(pos, c.severity, c.code, message + " (in " + def + ")", info(c.code).items, "");
        }
      }
      if (std::regex_search(line, commentedDecl) && (sec == "Encoding" || sec.empty()))
        report({fileIndex, lineNo, 1}, Severity::Note, SpecCode::CommentedOutDeclaration,
               "declaration commented out (in " + def + ")", "L-14", "");
      // L-49: predicate names the 3-bit predicate types cannot hold.
      for (auto it = std::sregex_iterator(line.begin(), line.end(), predicateName);
           it != std::sregex_iterator(); ++it) {
        const std::string name = it->str();
        const BitFieldType* t = predicateFileSpelled((*it)[1].str());
        if (t == nullptr || t->valueOf(name)) continue;
        report({fileIndex, lineNo, static_cast<std::uint32_t>(it->position() + 1)}, Severity::Warning,
               SpecCode::NoSuchPredicate,
               name + " is not a value of " + t->name + "<" + std::to_string(t->width) + "> (in " + def + ")",
               "L-49", "");
      }
    }
  }

  // The first of `ids` whose erratum lists `name` among its targets, else `otherwise`: which of
  // several catalog items a finding on one definition is an instance of.
  std::string erratumTargeting(const std::string& name, std::initializer_list<const char*> ids,
                               const char* otherwise) const {
    for (const char* id : ids)
      if (const Erratum* e = db_.erratum(id);
          e != nullptr && std::find(e->targets.begin(), e->targets.end(), name) != e->targets.end())
        return id;
    return otherwise;
  }

  // The predicate file whose registers are spelled with `letters` (P7 → Pred, UP7 → UPred).
  const BitFieldType* predicateFileSpelled(const std::string& letters) const {
    for (const PlaceholderClass role : {PlaceholderClass::Predicate, PlaceholderClass::UniformPredicate}) {
      const BitFieldType* t = db_.fileOfRole(role);
      if (t == nullptr || t->enumerators.empty()) continue;
      if (text::letterPrefix(t->enumerators.front().name) == letters) return t;
    }
    return nullptr;
  }

  const InstrDb& db_;
  DiagnosticSink sink_;
  std::set<std::string> seen_;
  std::set<const ModifierDomain*> checkedDomains_;
};

}  // namespace

std::vector<SpecDiagnostic> lintSpec(const InstrDb& db) { return Linter(db).run(); }

void attachErrata(const InstrDb& db, std::vector<SpecDiagnostic>& diagnostics) {
  // A loader diagnostic is an instance of the catalog item its row of SpecCode.h names (one, for
  // loader codes); the lint links its own findings.
  for (auto& d : diagnostics) {
    const SpecCodeInfo& row = info(d.code);
    if (!d.erratum.empty() || row.stage != SpecStage::Load || row.items.empty()) continue;
    for (const auto& e : db.errata()) {
      if (e.id == row.items || (e.id.starts_with(row.items) && e.id.size() == row.items.size() + 1)) {
        d.erratum = e.id;
        break;
      }
    }
  }
}

std::vector<SpecDiagnostic> unaccountedLoadErrors(const InstrDb& db,
                                                  std::vector<SpecDiagnostic> loadDiagnostics) {
  attachErrata(db, loadDiagnostics);
  std::erase_if(loadDiagnostics,
                [](const SpecDiagnostic& d) { return d.severity != Severity::Error || !d.erratum.empty(); });
  std::stable_sort(loadDiagnostics.begin(), loadDiagnostics.end(),
                   [](const SpecDiagnostic& a, const SpecDiagnostic& b) {
                     return std::tie(a.pos.file, a.pos.line, a.pos.column) <
                            std::tie(b.pos.file, b.pos.line, b.pos.column);
                   });
  return loadDiagnostics;
}

}  // namespace gpuasm::isa
