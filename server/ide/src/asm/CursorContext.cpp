// The cursor's statement read from its line's text, and the form/slot lookups completion and
// signature help share (see CursorContext.h). The tokenizer knows only the statement shape of
// docs/LANGUAGE.md (`[guard] mnemonic[.modifier…] [operand {, operand}] ;`); every ISA fact
// comes from the database.
#include "CursorContext.h"

#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/LineScanner.h>

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
      out.push_back(text::trim(list.substr(start, i - start)));
      start = i + 1;
    }
  }
  return out;
}

std::string_view withoutPrefixes(std::string_view operand) {
  while (!operand.empty() && (isPrefix(operand.front()) || isBlank(operand.front())))
    operand.remove_prefix(1);
  return operand;
}

// The operand list from `from` (after the mnemonic word) to the cursor at `cursor`.
void readOperands(CursorContext& ctx, const MaskedLine& m, std::size_t from, std::size_t cursor,
                  std::size_t end) {
  ctx.where = CursorContext::Where::Operand;
  const std::vector<std::string_view> before =
      splitOperands(std::string_view(m.text).substr(from, cursor - from));
  ctx.operandIndex = before.size() - 1;
  for (std::size_t i = 0; i + 1 < before.size(); ++i) ctx.operandsBefore.emplace_back(before[i]);
  ctx.operand = std::string(withoutPrefixes(before.back()));
  for (const char c : before.back().substr(0, before.back().size() - ctx.operand.size()))
    if (isPrefix(c)) ctx.operandPrefixes += c;
  // The partial word: the identifier bytes right before the cursor.
  std::size_t w = cursor;
  while (w > from && isWordChar(m.text[w - 1])) --w;
  ctx.word = {m.begin + static_cast<std::uint32_t>(w), m.begin + static_cast<std::uint32_t>(cursor)};
  const std::vector<std::string_view> all = splitOperands(std::string_view(m.text).substr(from, end - from));
  ctx.operandCount = all.size() == 1 && all.front().empty() ? 0 : all.size();
}

}  // namespace

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
    parts.emplace_back(
        mnemonic.substr(at, dot == std::string_view::npos ? std::string_view::npos : dot - at));
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

std::vector<const isa::Opcode*> boundOpcodes(const isa::InstrDb& db, const isa::Optype& optype,
                                             std::size_t form) {
  std::vector<const isa::Opcode*> out;
  for (const std::uint32_t oi : optype.opcodes) {
    const isa::Opcode& op = db.opcodes()[oi];
    if (form < op.formBindings.size() && op.formBindings[form]) out.push_back(&op);
  }
  return out;
}

std::optional<Mnemonic> resolveMnemonic(const isa::InstrDb& db, const std::vector<std::string>& components) {
  if (components.empty() || components.front().empty()) return std::nullopt;
  std::vector<std::string_view> parts(components.begin() + 1, components.end());
  const auto mm = isa::matchMnemonic(db, components.front(), parts);
  if (!mm) return std::nullopt;
  Mnemonic out{mm->optype, {}};
  for (std::size_t k = mm->mnemonicParts + 1; k < components.size(); ++k)
    out.modifiers.push_back(components[k]);
  return out;
}

std::vector<isa::AsmOperand> lowerOperands(const std::vector<std::string>& operands) {
  // Each operand as the one operand of a statement under a placeholder mnemonic: lowering reads
  // operands without knowing the instruction; one that does not lower stays Invalid (fits nothing).
  std::vector<isa::AsmOperand> out(operands.size());
  for (std::size_t i = 0; i < operands.size(); ++i) {
    syntax::LoweredUnit unit = syntax::lowerText("X " + operands[i] + " ;");
    if (unit.statements.size() == 1 && unit.statements.front().operands.size() == 1 &&
        !unit.statements.front().hasError)
      out[i] = std::move(unit.statements.front().operands.front());
  }
  return out;
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
    if (operandRanges != nullptr)
      operandRanges->push_back({begin, begin + static_cast<std::uint32_t>(slot.text.size())});
  }
  return label;
}

}  // namespace gpuasm::ide::detail
