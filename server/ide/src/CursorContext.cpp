// The cursor's statement read from its line's text, and the form/slot lookups completion and
// signature help share (see CursorContext.h). The tokenizer knows only the statement shape of
// docs/LANGUAGE.md (`[guard] mnemonic[.modifier…] [operand {, operand}] ;`); every ISA fact
// comes from the database.
#include "CursorContext.h"

#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/Matcher.h>

#include <algorithm>
#include <cctype>
#include <span>

namespace gpuasm::ide::detail {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool isPrefix(char c) { return c == '-' || c == '~' || c == '!' || c == '|'; }

// Whether the cursor at `offset` is inside comment `c`: strictly inside, or at the end of one
// that runs to the end of its line (a `//` comment or an unclosed `/*`).
bool inComment(std::string_view text, syntax::ByteRange c, std::uint32_t offset) {
  if (offset <= c.begin || offset > c.end) return false;
  if (offset < c.end) return true;
  const std::string_view body = text.substr(c.begin, c.end - c.begin);
  const bool closedBlock = body.starts_with("/*") && body.size() >= 4 && body.ends_with("*/");
  return !closedBlock;
}

// The line holding `offset` with its comments replaced by blanks.
struct MaskedLine {
  std::uint32_t begin = 0;
  std::string text;
};

MaskedLine maskedLine(const Snapshot& snap, std::uint32_t offset) {
  const std::string_view text = snap.text();
  const std::uint32_t line = snap.lines().position(offset).line;
  MaskedLine m;
  m.begin = std::min(snap.lines().lineStart(line), offset);
  const std::uint32_t end = std::max(snap.lines().lineEnd(line), offset);
  m.text = std::string(text.substr(m.begin, end - m.begin));
  for (const syntax::ByteRange c : snap.commentsIn({m.begin, end})) {
    const std::uint32_t b = std::max(c.begin, m.begin), e = std::min(c.end, end);
    for (std::uint32_t i = b; i < e; ++i) m.text[i - m.begin] = ' ';
  }
  return m;
}

// The operands of `list` split at top-level commas (brackets nest), each trimmed.
std::vector<std::string_view> splitOperands(std::string_view list) {
  std::vector<std::string_view> out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= list.size(); ++i) {
    if (i < list.size() && list[i] == '[') ++depth;
    if (i < list.size() && list[i] == ']') depth = std::max(0, depth - 1);
    if (i == list.size() || (list[i] == ',' && depth == 0)) {
      std::string_view item = list.substr(start, i - start);
      while (!item.empty() && isBlank(item.front())) item.remove_prefix(1);
      while (!item.empty() && isBlank(item.back())) item.remove_suffix(1);
      out.push_back(item);
      start = i + 1;
    }
  }
  return out;
}

std::string_view withoutPrefixes(std::string_view operand) {
  while (!operand.empty() && (isPrefix(operand.front()) || isBlank(operand.front()))) operand.remove_prefix(1);
  return operand;
}

// The operand list from `from` (after the mnemonic word) to the cursor at `cursor`.
void readOperands(CursorContext& ctx, const MaskedLine& m, std::size_t from, std::size_t cursor, std::size_t end) {
  ctx.where = CursorContext::Where::Operand;
  const std::vector<std::string_view> before = splitOperands(std::string_view(m.text).substr(from, cursor - from));
  ctx.operandIndex = before.size() - 1;
  for (std::size_t i = 0; i + 1 < before.size(); ++i) ctx.operandsBefore.emplace_back(withoutPrefixes(before[i]));
  ctx.operand = std::string(withoutPrefixes(before.back()));
  // The partial word: the identifier bytes right before the cursor.
  std::size_t w = cursor;
  while (w > from && isWordChar(m.text[w - 1])) --w;
  ctx.word = {m.begin + static_cast<std::uint32_t>(w), m.begin + static_cast<std::uint32_t>(cursor)};
  const std::vector<std::string_view> all = splitOperands(std::string_view(m.text).substr(from, end - from));
  ctx.operandCount = all.size() == 1 && all.front().empty() ? 0 : all.size();
}

}  // namespace

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

CursorContext cursorContext(const Snapshot& snap, std::uint32_t offset) {
  CursorContext ctx;
  const std::string_view text = snap.text();
  if (offset > text.size()) return ctx;
  for (const syntax::ByteRange c : snap.commentsIn({offset, offset}))
    if (inComment(text, c, offset)) return ctx;
  const MaskedLine m = maskedLine(snap, offset);
  const std::size_t cursor = offset - m.begin;
  const std::size_t lastSemi = m.text.rfind(';', cursor == 0 ? 0 : cursor - 1);
  std::size_t i = lastSemi == std::string::npos || (cursor == 0) ? 0 : lastSemi + 1;
  std::size_t end = m.text.find(';', cursor);
  if (end == std::string::npos) end = m.text.size();

  while (i < cursor && isBlank(m.text[i])) ++i;
  if (i < cursor && m.text[i] == '@') {  // guard
    ++i;
    if (i < cursor && m.text[i] == '!') ++i;
    const std::size_t name = i;
    while (i < cursor && isWordChar(m.text[i])) ++i;
    if (i == cursor) {
      ctx.where = CursorContext::Where::Guard;
      ctx.word = {m.begin + static_cast<std::uint32_t>(name), offset};
      return ctx;
    }
    if (!isBlank(m.text[i])) return ctx;
    while (i < cursor && isBlank(m.text[i])) ++i;
  }
  const std::size_t wordStart = i;
  while (i < cursor && (isWordChar(m.text[i]) || m.text[i] == '.')) ++i;
  const std::string_view mnemonic = std::string_view(m.text).substr(wordStart, i - wordStart);
  std::vector<std::string> parts;
  for (std::size_t at = 0;;) {
    const std::size_t dot = mnemonic.find('.', at);
    parts.emplace_back(mnemonic.substr(at, dot == std::string_view::npos ? std::string_view::npos : dot - at));
    if (dot == std::string_view::npos) break;
    at = dot + 1;
  }
  if (i == cursor) {
    ctx.where = CursorContext::Where::Mnemonic;
    ctx.word = {offset - static_cast<std::uint32_t>(parts.back().size()), offset};
    parts.pop_back();
    ctx.components = std::move(parts);
    return ctx;
  }
  if (!isBlank(m.text[i]) || mnemonic.empty()) return ctx;
  ctx.components = std::move(parts);
  readOperands(ctx, m, i, cursor, end);
  return ctx;
}

std::vector<const isa::Opcode*> boundOpcodes(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form) {
  std::vector<const isa::Opcode*> out;
  for (const std::uint32_t oi : optype.opcodes) {
    const isa::Opcode& op = db.opcodes()[oi];
    if (form < op.formBindings.size() && op.formBindings[form]) out.push_back(&op);
  }
  return out;
}

bool slotAccepts(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form, const isa::ModifierSlot& slot,
                 std::string_view spelling) {
  if (!slot.variable) return slot.text == spelling;
  const isa::ModifierDomain* d = optype.domain(slot.text);
  if (d == nullptr) return false;
  for (const isa::Opcode* op : boundOpcodes(db, optype, form)) {
    const isa::Field* f = op->field(slot.text);
    if (f == nullptr) continue;
    const isa::BitFieldType& t = db.typeOf(*f);
    const auto v = t.valueOf(spelling);
    if (!v) continue;
    if (std::any_of(d->values.begin(), d->values.end(),
                    [&](const isa::DomainValue& dv) { return dv.spelling == spelling || t.valueOf(dv.spelling) == v; }))
      return true;
  }
  return false;
}

std::optional<ModifierFill> fillModifiers(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form,
                                          const std::vector<std::string>& written) {
  const isa::SyntaxForm& f = optype.syntax.forms[form];
  ModifierFill fill;
  fill.taken.assign(f.parts.size(), false);
  const auto firstFree = [&](std::size_t from, const std::string& spelling) -> int {
    for (std::size_t k = from; k < f.parts.size(); ++k)
      if (!fill.taken[k] && slotAccepts(db, optype, form, f.parts[k], spelling)) return static_cast<int>(k);
    return -1;
  };
  for (const std::string& w : written) {
    int k = firstFree(static_cast<std::size_t>(std::max<int>(fill.last + 1, static_cast<int>(f.mnemonicParts))), w);
    if (k < 0) k = firstFree(f.mnemonicParts, w);
    if (k < 0) return std::nullopt;
    fill.taken[static_cast<std::size_t>(k)] = true;
    fill.last = std::max(fill.last, k);
  }
  return fill;
}

bool skippable(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form, const isa::ModifierSlot& slot) {
  if (slot.optional) return true;
  if (!slot.variable) return false;
  for (const isa::Opcode* op : boundOpcodes(db, optype, form)) {
    const isa::Field* f = op->field(slot.text);
    if (f == nullptr || f->presence != isa::FieldPresence::Required) return true;
  }
  return false;
}

bool formTakes(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form, const std::vector<std::string>& written) {
  const auto fill = fillModifiers(db, optype, form, written);
  if (!fill) return false;
  const isa::SyntaxForm& f = optype.syntax.forms[form];
  for (std::size_t k = f.mnemonicParts; k < f.parts.size(); ++k)
    if (!fill->taken[k] && !skippable(db, optype, form, f.parts[k])) return false;
  return true;
}

std::optional<Mnemonic> resolveMnemonic(const isa::InstrDb& db, const std::vector<std::string>& components) {
  if (components.empty() || components.front().empty()) return std::nullopt;
  std::vector<std::string_view> parts(components.begin() + 1, components.end());
  const auto mm = isa::matchMnemonic(db, components.front(), parts);
  if (!mm) return std::nullopt;
  Mnemonic out{mm->optype, {}};
  for (std::size_t k = mm->mnemonicParts + 1; k < components.size(); ++k) out.modifiers.push_back(components[k]);
  return out;
}

const isa::OrderElem* orderElem(const SlotCandidate& at) {
  if (at.opcode == nullptr || at.form >= at.opcode->formBindings.size() || !at.opcode->formBindings[at.form]) return nullptr;
  const isa::FormBinding& b = *at.opcode->formBindings[at.form];
  if (at.slot >= b.orderIndex.size() || b.orderIndex[at.slot] >= at.opcode->operandInfo.order.size()) return nullptr;
  return &at.opcode->operandInfo.order[b.orderIndex[at.slot]];
}

namespace {

// The register or enumerator name an operand starts with: `R4` of `R4.B1`, `R4` of `R[4:5]`.
std::string leadingName(std::string_view operand) {
  std::size_t i = 0;
  while (i < operand.size() && isWordChar(operand[i])) ++i;
  std::string name(operand.substr(0, i));
  if (i < operand.size() && operand[i] == '[') {
    std::size_t j = i + 1;
    while (j < operand.size() && std::isdigit(static_cast<unsigned char>(operand[j])) != 0) ++j;
    if (j > i + 1 && j < operand.size() && operand[j] == ':') name += operand.substr(i + 1, j - i - 1);
  }
  return name;
}

bool startsWithNumber(std::string_view s) {
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) s.remove_prefix(1);
  return !s.empty() && (std::isdigit(static_cast<unsigned char>(s.front())) != 0 || s.front() == '.');
}

// Whether a written operand (prefixes removed) can stand for an Order<> element: by its name
// against the field's type, by its shape for immediates and addresses.
bool fits(const isa::InstrDb& db, const isa::Opcode& op, const isa::OrderElem& elem, std::string_view operand) {
  if (operand.empty()) return true;
  switch (elem.kind) {
    case isa::OrderElem::Kind::PredicateSet: return operand == elem.name;
    case isa::OrderElem::Kind::Composite: {
      const std::string file = elem.name == "C" ? "c" : elem.name;
      return operand.starts_with(file + "[");
    }
    case isa::OrderElem::Kind::Field: break;
  }
  const isa::Field* f = op.fieldOf(elem);
  if (f == nullptr) return true;
  const isa::BitFieldType& t = db.typeOf(*f);
  if (t.isEnumerated()) return t.valueOf(leadingName(operand)).has_value();
  if (t.kind == isa::TypeKind::CMem) return operand.starts_with("c[");
  return startsWithNumber(operand);
}

}  // namespace

std::vector<SlotCandidate> operandSlots(const isa::InstrDb& db, const isa::Optype& optype, std::size_t form,
                                        const std::vector<std::string>& before, std::size_t index) {
  std::vector<SlotCandidate> out;
  if (index != before.size()) return out;
  const isa::SyntaxForm& f = optype.syntax.forms[form];
  for (const isa::Opcode* op : boundOpcodes(db, optype, form)) {
    const isa::FormBinding& b = *op->formBindings[form];
    const std::vector<std::size_t>& optional = b.optionalSlots;  // computed with the database
    if (optional.size() > 12) continue;
    for (std::uint32_t mask = 0; mask < (1u << optional.size()); ++mask) {
      std::vector<std::size_t> slots;
      for (std::size_t i = 0, o = 0; i < f.operands.size(); ++i) {
        const bool isOptional = o < optional.size() && optional[o] == i;
        if (!isOptional || ((mask >> o) & 1u) != 0) slots.push_back(i);
        if (isOptional) ++o;
      }
      if (slots.size() <= index) continue;
      bool ok = true;
      for (std::size_t i = 0; i < index && ok; ++i) {
        const isa::OrderElem* e = orderElem({form, slots[i], op});
        ok = e != nullptr && fits(db, *op, *e, before[i]);
      }
      if (!ok) continue;
      const SlotCandidate c{form, slots[index], op};
      const bool seen = std::any_of(out.begin(), out.end(), [&](const SlotCandidate& x) { return x.slot == c.slot && x.opcode == c.opcode; });
      if (!seen) out.push_back(c);
    }
  }
  return out;
}

std::string firstSentence(std::string_view text) {
  std::string flat;
  for (const char c : text) {
    if (c == '\n' || c == '\r') {
      if (!flat.empty() && flat.back() != ' ') flat += ' ';
    } else if (!(c == ' ' && flat.empty())) {
      flat += c;
    }
  }
  static constexpr std::string_view kFullStop = "\xE3\x80\x82";  // '。'
  const std::size_t cjk = flat.find(kFullStop);
  std::size_t latin = std::string::npos;
  for (std::size_t i = flat.find('.'); i != std::string::npos; i = flat.find('.', i + 1))
    if (i + 1 == flat.size() || flat[i + 1] == ' ') {
      latin = i;
      break;
    }
  if (cjk != std::string::npos && (latin == std::string::npos || cjk < latin)) return flat.substr(0, cjk + kFullStop.size());
  if (latin != std::string::npos) return flat.substr(0, latin + 1);
  while (!flat.empty() && flat.back() == ' ') flat.pop_back();
  return flat;
}

std::string modifierMeaning(const isa::Optype& optype, std::string_view word) {
  const isa::Prose& prose = optype.docs.modifierInfo;
  if (!prose.present || word.empty()) return {};
  const std::string needle = "." + std::string(word);
  std::string_view rest = prose.text;
  while (!rest.empty()) {
    const std::size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    for (std::size_t at = line.find(needle); at != std::string_view::npos; at = line.find(needle, at + 1)) {
      const std::size_t after = at + needle.size();
      if (after < line.size() && isWordChar(line[after])) continue;
      std::string out;
      for (const char c : line)
        if (c != '\r') out += c;
      return std::string(firstSentence(out));
    }
  }
  return {};
}

std::string formLabel(const isa::SyntaxForm& form, std::vector<syntax::ByteRange>* operandRanges) {
  const std::size_t blank = form.text.find_first_of(" \t");
  std::string label = form.text.substr(0, blank);
  for (std::size_t i = 0; i < form.operands.size(); ++i) {
    const isa::OperandSlot& slot = form.operands[i];
    const std::string separator = i == 0 ? " " : ", ";
    std::uint32_t begin = 0;
    if (slot.optional) {
      // `Rd{, pu}`, as the spec writes an optional operand after another.
      label += i == 0 ? " {" : "{, ";
      begin = static_cast<std::uint32_t>(label.size());
      label += slot.text;
      label += "}";
    } else {
      label += separator;
      begin = static_cast<std::uint32_t>(label.size());
      label += slot.text;
    }
    if (operandRanges != nullptr) operandRanges->push_back({begin, begin + static_cast<std::uint32_t>(slot.text.size())});
  }
  return label;
}

}  // namespace gpuasm::ide::detail
