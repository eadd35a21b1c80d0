// A property of completion against the matcher (the binding model's promise, issue 13): at
// every prefix of every spec example line, each modifier, mnemonic part, operand or guard it
// offers can be completed into a statement the matcher accepts. The test looks for such a
// statement — a witness — by keeping the example's own rest of the line, by dropping the
// rest of the dotted parts, and by generating the rest from the database: the modifiers each
// form still requires and a representative operand per slot (a register of the slot's file, an
// immediate, an address), widened where the matcher asks for a wider register. An item with no
// witness is reported with its line and position; completion offering it is the bug.
//
// Out of scope: the whole-form snippets offered at a statement's start (templates with
// placeholders, not a continuation of what was typed) and the spec examples that do not
// assemble themselves (their errata, SpecExamplesAssembleTest).
#include "Annotated.h"
#include "SpecExamples.h"

#include <gpuasm/ide/asm/Completion.h>
#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/LineScanner.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace gpuasm::featuretest {
namespace {

using ide::CompletionItem;
using ide::CompletionKind;

// The line lowered to exactly one statement, without errors.
std::optional<isa::AsmStatement> lowerOne(std::string_view line) {
  syntax::LoweredUnit unit = syntax::lowerText(line);
  if (unit.statements.size() != 1) return std::nullopt;
  for (const auto& d : unit.diagnostics)
    if (d.severity == isa::AsmSeverity::Error) return std::nullopt;
  return std::move(unit.statements.front());
}

// A match without errors (warnings such as modifier-order are fine).
bool accepted(const isa::MatchResult& r) {
  return r.inst && std::none_of(r.diagnostics.begin(), r.diagnostics.end(), [](const isa::AsmDiagnostic& d) {
           return d.severity == isa::AsmSeverity::Error;
         });
}

bool accepts(const isa::AsmStatement& st) { return accepted(isa::matchStatement(db(), st)); }

bool accepts(std::string_view line) {
  const auto st = lowerOne(line);
  return st && accepts(*st);
}

// A register operand of `file` (Reg, UReg, …) covering `count` registers from an aligned base.
std::string registerOperand(const isa::BitFieldType& t, std::uint32_t count) {
  const std::string& first = t.enumerators.front().name;  // R0, UR0, P0, UP0
  const std::string file = first.substr(0, first.size() - 1);
  if (count <= 1) return file + "4";
  return file + "[" + std::to_string(4 * count) + ":" + std::to_string(4 * count + count - 1) + "]";
}

// A representative operand for slot `s` of form `fi` in variant `op`, `width` registers wide.
std::string representative(const isa::Optype& optype, std::size_t fi, const isa::Opcode& op, std::size_t s,
                           std::uint32_t width) {
  const isa::SyntaxForm& form = optype.syntax.forms[fi];
  const isa::OperandSlot& slot = form.operands[s];
  switch (slot.shape) {
    case isa::OperandShape::PredicateSet: return slot.fileName;
    case isa::OperandShape::RegIndirect: return slot.fileName + "[UR4+0x1]";
    case isa::OperandShape::ConstMem: return "c[0x0][UR4+0x10]";
    case isa::OperandShape::Plain: break;
  }
  const isa::OrderElem& elem = op.operandInfo.order[op.formBindings[fi]->orderIndex[s]];
  const isa::Field* f = op.fieldOf(elem);
  if (f == nullptr) return "R4";
  const isa::BitFieldType& t = db().typeOf(*f);
  switch (t.kind) {
    case isa::TypeKind::Register: return registerOperand(t, width);
    case isa::TypeKind::Predicate: return t.enumerators.front().name;
    case isa::TypeKind::SImm:
    case isa::TypeKind::UImm: return "0x1";
    case isa::TypeKind::FImm: return "1.0";
    case isa::TypeKind::CMem: return "c[0x0][0x10]";
    case isa::TypeKind::Enum:
    case isa::TypeKind::Flag: return t.enumerators.empty() ? "0x0" : t.enumerators.front().name;
  }
  return "R4";
}

std::string join(const std::vector<std::string>& ops) {
  std::string out;
  for (std::size_t i = 0; i < ops.size(); ++i) out += (i ? ", " : "") + ops[i];
  return out;
}

// `head` followed by the generated operands `gen` (after `written` operands already in the
// head), widening a register the matcher finds too narrow; true when one version is accepted.
bool acceptsWithOperands(const std::string& head, bool headHasOperands, const isa::Optype& optype,
                         std::size_t fi, const isa::Opcode& op, const std::vector<std::size_t>& slots) {
  std::vector<std::uint32_t> width(slots.size(), 1);
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::vector<std::string> gen;
    for (std::size_t k = 0; k < slots.size(); ++k)
      gen.push_back(representative(optype, fi, op, slots[k], width[k]));
    const std::string line = head + (gen.empty() ? "" : (headHasOperands ? ", " : " ") + join(gen)) + " ;";
    const auto st = lowerOne(line);
    if (!st) return false;
    const isa::MatchResult r = isa::matchStatement(db(), *st);
    if (accepted(r)) return true;
    // Widen the generated operand a register-width or -alignment error points at.
    bool widened = false;
    for (const auto& d : r.diagnostics) {
      if (d.code != isa::DiagnosticCode::RegisterWidth && d.code != isa::DiagnosticCode::RegisterAlignment)
        continue;
      const std::size_t firstGenerated = st->operands.size() - gen.size();
      for (std::size_t k = 0; k < gen.size(); ++k) {
        const auto& range = st->operands[firstGenerated + k].range;
        if (d.range.begin >= range.begin && d.range.begin < range.end && width[k] < 4) {
          width[k] *= 2;
          widened = true;
        }
      }
    }
    if (!widened) return false;
  }
  return false;
}

// The modifiers a fill still requires (the matcher places each in the first free slot that
// takes it, so one written after a later slot still fills an earlier one), nullopt when one
// has no legal value in the variant.
std::optional<std::vector<std::string>> requiredModifiers(const isa::Optype& optype, std::size_t fi,
                                                          const isa::ModifierFill& fill) {
  const isa::SyntaxForm& form = optype.syntax.forms[fi];
  const isa::Opcode& op = *fill.opcode;
  const isa::FormBinding& b = *op.formBindings[fi];
  std::vector<std::string> out;
  for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k) {
    if (fill.taken[k] != 0 || isa::modifierSlotSkippable(op, form, b, k)) continue;
    const isa::ModifierSlot& slot = form.parts[k];
    if (!slot.variable) {
      out.push_back(slot.text);
      continue;
    }
    const isa::ModifierDomain* d = optype.domain(slot.text);
    if (d == nullptr) return std::nullopt;
    const auto legal = std::find_if(d->values.begin(), d->values.end(), [&](const isa::DomainValue& v) {
      const int i = optype.spellingIndex(v.spelling);
      return i >= 0 && b.modifierValue[k][static_cast<std::size_t>(i)] >= 0;
    });
    if (legal == d->values.end()) return std::nullopt;
    out.push_back(legal->spelling);
  }
  return out;
}

// Generated continuations of `head`, a statement prefix that ends after its dotted parts or
// after `st.operands` operands: every form and variant the written modifiers fill, the
// modifiers it still requires, and operands for every choice of optional slots.
bool generatedWitness(const std::string& head, const isa::AsmStatement& st, bool atOperands) {
  std::vector<std::string_view> parts;
  for (const auto& p : st.parts) parts.push_back(p.text);
  const auto mn = isa::matchMnemonic(db(), st.mnemonic, parts);
  if (!mn) return false;
  const isa::Optype& optype = *mn->optype;
  std::vector<std::string_view> written(parts.begin() + static_cast<std::ptrdiff_t>(mn->mnemonicParts),
                                        parts.end());
  for (std::size_t fi = 0; fi < optype.syntax.forms.size(); ++fi) {
    const isa::SyntaxForm& form = optype.syntax.forms[fi];
    if (form.mnemonicParts != mn->mnemonicParts) continue;
    std::vector<std::size_t> optional;
    for (std::size_t s = 0; s < form.operands.size(); ++s)
      if (form.operands[s].optional) optional.push_back(s);
    for (const isa::ModifierFill& fill : isa::fillModifiers(db(), optype, fi, written)) {
      const auto more = requiredModifiers(optype, fi, fill);
      if (!more || (atOperands && !more->empty())) continue;
      std::string withModifiers = head;
      for (const auto& m : *more) withModifiers += "." + m;
      const std::uint32_t masks = isa::slotChoiceCount(optional);
      std::vector<std::size_t> slots;
      for (std::uint32_t mask = 0; mask < masks; ++mask) {
        const std::size_t total =
            form.operands.size() - optional.size() + static_cast<std::size_t>(std::popcount(mask));
        if (total < st.operands.size() || !isa::slotChoice(form, optional, mask, total, slots)) continue;
        const std::vector<std::size_t> rest(slots.begin() + static_cast<std::ptrdiff_t>(st.operands.size()),
                                            slots.end());
        if (acceptsWithOperands(withModifiers, atOperands && !st.operands.empty(), optype, fi, *fill.opcode,
                                rest))
          return true;
      }
    }
  }
  return false;
}

// The item's text as inserted, a snippet's placeholders replaced by their defaults.
std::vector<std::string> insertions(const CompletionItem& item) {
  const std::string text = item.insertText.empty() ? item.label : item.insertText;
  if (!item.isSnippet) return {text};
  // `${n:default}` → default, or a concrete value when the default is a placeholder name.
  std::vector<std::string> out{""};
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "${") == 0) {
      const std::size_t colon = text.find(':', i), close = text.find('}', i);
      const std::string def = colon < close ? text.substr(colon + 1, close - colon - 1) : "";
      std::vector<std::string> next;
      for (const auto& o : out) {
        next.push_back(o + def);
        for (const char* v : {"UR4", "0x10", "UR4+0x10"}) next.push_back(o + v);
      }
      out = std::move(next);
      i = close + 1;
    } else {
      for (auto& o : out) o += text[i];
      ++i;
    }
  }
  return out;
}

class Witnesses {
 public:
  // Whether `head` (the line up to and including the inserted item) completes to an accepted
  // statement; `rest` is the example's own text after the word the item replaced.
  bool exists(const std::string& head, const std::string& rest, CompletionKind kind) {
    const std::string key = head + '\x1f' + rest;
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    return memo_[key] = search(head, rest, kind);
  }

 private:
  static bool search(const std::string& head, const std::string& rest, CompletionKind kind) {
    if (accepts(head + rest)) return true;
    const bool atOperands = kind == CompletionKind::Register || kind == CompletionKind::Predicate ||
                            kind == CompletionKind::Value || kind == CompletionKind::Snippet;
    if (!atOperands) {
      // The example's operands without its later dotted parts.
      const auto space = rest.find_first_of(" \t");
      if (space != std::string::npos && accepts(head + rest.substr(space))) return true;
    }
    // The head as a statement of its own, to read its mnemonic, parts and operands.
    auto st = lowerOne(head + " ;");
    if (!st) return false;
    if (!atOperands && !st->operands.empty()) return false;
    if (st->guard && st->mnemonic.empty()) return false;
    return generatedWitness(head, *st, atOperands);
  }
  std::unordered_map<std::string, bool> memo_;
};

struct Failure {
  std::string line;
  std::uint32_t offset = 0;
  std::string item;
};

TEST(CompletionProperty, EveryItemAtEveryPrefixOfEverySpecExampleHasAnAcceptedCompletion) {
  Witnesses witnesses;
  std::vector<Failure> failures;
  std::size_t lines = 0, positions = 0, checked = 0;
  for (const auto& optype : db().optypes()) {
    if (!optype.docs.examples.present) continue;
    for (std::string line : testsupport::fencedLines(optype.docs.examples.text)) {
      if (const auto c = line.find("//"); c != std::string::npos) line.erase(c);
      if (!accepts(line)) continue;  // an example with an erratum of its own (SpecExamplesAssembleTest)
      ++lines;
      for (std::uint32_t cursor = 0; cursor <= line.size(); ++cursor) {
        const std::string prefix = line.substr(0, cursor);
        const auto snapshot = ide::Snapshot::analyse(db(), prefix);
        const auto items = ide::getCompletions(*snapshot, cursor);
        ++positions;
        for (const CompletionItem& item : items) {
          if (item.kind == CompletionKind::Snippet && item.label.find(' ') != std::string::npos)
            continue;  // a whole form
          // The rest of the example after the word the item replaces.
          std::size_t wordEnd = item.range.end;
          while (wordEnd < line.size() &&
                 (std::isalnum(static_cast<unsigned char>(line[wordEnd])) != 0 || line[wordEnd] == '_'))
            ++wordEnd;
          const std::string rest = line.substr(wordEnd);
          // The statement the item is in: after the last ';' before it.
          const std::size_t semicolon = prefix.rfind(';', item.range.begin);
          const std::size_t start = semicolon == std::string::npos ? 0 : semicolon + 1;
          bool found = false;
          for (const std::string& text : insertions(item)) {
            if (witnesses.exists(prefix.substr(start, item.range.begin - start) + text, rest, item.kind)) {
              found = true;
              break;
            }
          }
          ++checked;
          if (!found) failures.push_back({line, cursor, item.label});
        }
      }
    }
  }
  EXPECT_GT(lines, 100u);  // of the spec's 135 example lines, 14 have errata
  EXPECT_GT(checked, 10000u);
  std::string report;
  // One line per position, its first few items.
  std::size_t shown = 0;
  for (std::size_t i = 0; i < failures.size() && shown < 60; ++i) {
    if (i > 0 && failures[i].line == failures[i - 1].line && failures[i].offset == failures[i - 1].offset)
      continue;
    std::string offered;
    for (std::size_t j = i; j < failures.size() && j < i + 6 && failures[j].line == failures[i].line &&
                            failures[j].offset == failures[i].offset;
         ++j)
      offered += " " + failures[j].item;
    report += "  `" + failures[i].line.substr(0, failures[i].offset) + "^` offers" + offered + "\n";
    ++shown;
  }
  EXPECT_TRUE(failures.empty()) << failures.size() << " of " << checked << " items at " << positions
                                << " positions of " << lines
                                << " example lines have no accepted completion, e.g.\n"
                                << report;
}

}  // namespace
}  // namespace gpuasm::featuretest
