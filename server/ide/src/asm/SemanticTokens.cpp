// Semantic tokens (see SemanticTokens.h): the statements' ranges say where every piece is; the
// work is naming each piece, cutting comments at line ends and keeping the result ordered.
#include <gpuasm/ide/asm/SemanticTokens.h>

#include <gpuasm/isa/Matcher.h>

#include "Sections.h"

#include <algorithm>
#include <string_view>

namespace gpuasm::ide {

namespace {

using Type = SemanticTokenType;

// The registers whose value a program cannot change (docs/LANGUAGE.md, Operands): the constant
// register of a file (the prelude's __DefAsmFacts), found by its name in the file's type.
bool readsAConstant(const isa::InstrDb& db, std::string_view name) {
  for (const auto& f : db.asmFacts().files) {
    const isa::BitFieldType& t = db.types()[f.type];
    if (const auto v = t.valueOf(name)) return db.isConstantRegister(t, *v);
  }
  return false;
}

class Collector {
 public:
  Collector(const Snapshot& snapshot, std::vector<SemanticToken>& out)
      : snapshot_(snapshot), text_(snapshot.text()), out_(out) {}

  void statement(const isa::AsmStatement& s) {
    if (s.guard) add(s.guard->range, Type::Decorator);
    mnemonic(s);
    for (const isa::AsmOperand& o : s.operands) operand(o);
  }

  void comment(syntax::ByteRange c) { add(c, Type::Comment); }

 private:
  void add(isa::SourceRange r, Type type, std::uint32_t modifiers = 0) {
    add(syntax::ByteRange{r.begin, r.end}, type, modifiers);
  }
  void add(syntax::ByteRange r, Type type, std::uint32_t modifiers = 0) {
    r.end = std::min<std::uint32_t>(r.end, static_cast<std::uint32_t>(text_.size()));
    if (r.begin >= r.end) return;
    out_.push_back({r, type, modifiers});
  }

  // The mnemonic with the dotted parts that spell it (IMAD.WIDE) is one keyword; the parts
  // after it are modifiers. An unknown mnemonic owns no part.
  void mnemonic(const isa::AsmStatement& s) {
    std::vector<std::string_view> parts;
    for (const isa::AsmPart& p : s.parts) parts.push_back(p.text);
    const auto match = isa::matchMnemonic(snapshot_.db(), s.mnemonic, parts);
    const std::size_t own = match ? std::min(match->mnemonicParts, s.parts.size()) : 0;
    const std::uint32_t end = own > 0 ? s.parts[own - 1].range.end : s.mnemonicRange.end;
    add(syntax::ByteRange{s.mnemonicRange.begin, end}, Type::Keyword);
    for (std::size_t i = own; i < s.parts.size(); ++i) add(s.parts[i].range, Type::Modifier);
  }

  // Prefixes and bars sit between the operand's range and its value's range.
  void operators(std::uint32_t begin, std::uint32_t end) {
    for (std::uint32_t i = begin; i < end && i < text_.size(); ++i)
      if (std::string_view("-~!|").find(text_[i]) != std::string_view::npos)
        add(syntax::ByteRange{i, i + 1}, Type::Operator);
  }

  void operand(const isa::AsmOperand& o) {
    operators(o.range.begin, o.valueRange.begin);
    const std::uint32_t v = o.valueRange.begin;
    switch (o.kind) {
      case isa::AsmOperandKind::Register:
        add(syntax::ByteRange{v, v + static_cast<std::uint32_t>(o.name.size())}, Type::Variable,
            readsAConstant(snapshot_.db(), o.name) ? std::uint32_t{kReadonly} : 0u);
        break;
      case isa::AsmOperandKind::RegisterRange:
      case isa::AsmOperandKind::PredicateSet:
        add(syntax::ByteRange{v, o.selector.empty() ? o.valueRange.end : o.selectorRange.begin - 1},
            Type::Variable);
        break;
      case isa::AsmOperandKind::Integer:
      case isa::AsmOperandKind::Float:
      case isa::AsmOperandKind::FloatBits: add(o.valueRange, Type::Number); break;
      case isa::AsmOperandKind::ConstantMemory:
        add(syntax::ByteRange{v, v + static_cast<std::uint32_t>(o.file.size())}, Type::Variable, kReadonly);
        bank(o);
        address(o);
        break;
      case isa::AsmOperandKind::RegisterIndirect:
        add(syntax::ByteRange{v, v + static_cast<std::uint32_t>(o.file.size())}, Type::Variable);
        address(o);
        break;
      case isa::AsmOperandKind::Name:
      case isa::AsmOperandKind::Invalid: break;  // an error: its diagnostic marks it
    }
    if (!o.selector.empty()) add(o.selectorRange, Type::Property);
    operators(o.valueRange.end, o.range.end);
  }

  // c[bank][…]: the bank is the first bracket's content (lowering keeps no range for it).
  void bank(const isa::AsmOperand& o) {
    const std::string_view value = text_.substr(o.valueRange.begin, o.valueRange.end - o.valueRange.begin);
    const std::size_t open = value.find('[');
    const std::size_t close = value.find(']');
    if (open == std::string_view::npos || close == std::string_view::npos || close <= open + 1) return;
    std::size_t b = open + 1, e = close;
    while (b < e && value[b] == ' ') ++b;
    while (e > b && value[e - 1] == ' ') --e;
    add(syntax::ByteRange{o.valueRange.begin + static_cast<std::uint32_t>(b),
                          o.valueRange.begin + static_cast<std::uint32_t>(e)},
        Type::Number);
  }

  void address(const isa::AsmOperand& o) {
    if (!o.base.empty()) add(o.baseRange, Type::Variable);
    add(o.offsetRange, Type::Number);
  }

  const Snapshot& snapshot_;
  std::string_view text_;
  std::vector<SemanticToken>& out_;
};

// Cuts every token at line ends (only comments can span lines) and drops the parts that fall
// outside `range` or would overlap a token before them.
std::vector<SemanticToken> singleLine(const syntax::LineIndex& lines, std::vector<SemanticToken> tokens,
                                      syntax::ByteRange range) {
  std::stable_sort(tokens.begin(), tokens.end(), [](const SemanticToken& a, const SemanticToken& b) {
    return a.range.begin < b.range.begin;
  });
  std::vector<SemanticToken> out;
  for (const SemanticToken& t : tokens) {
    const std::uint32_t first = detail::lineOf(lines, t.range.begin);
    const std::uint32_t last = detail::lineOf(lines, t.range.end);
    for (std::uint32_t line = first; line <= last; ++line) {
      const std::uint32_t begin = std::max(t.range.begin, lines.lineStart(line));
      const std::uint32_t end = std::min(t.range.end, lines.lineEnd(line));
      if (begin >= end || end <= range.begin || begin >= range.end) continue;
      if (!out.empty() && begin < out.back().range.end) continue;
      out.push_back({{begin, end}, t.type, t.modifiers});
    }
  }
  return out;
}

}  // namespace

std::vector<SemanticToken> getSemanticTokens(const Snapshot& snapshot, syntax::ByteRange range) {
  std::vector<SemanticToken> tokens;
  Collector collect(snapshot, tokens);
  for (const AssembledStatement& s : snapshot.statementsIn(range)) collect.statement(s.statement);
  for (const syntax::ByteRange& c : snapshot.commentsIn(range)) collect.comment(c);
  return singleLine(snapshot.lines(), std::move(tokens), range);
}

}  // namespace gpuasm::ide
