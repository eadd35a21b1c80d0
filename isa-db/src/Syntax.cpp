// Parser of `__Syntax` blocks: form lines become SyntaxForm templates, domain lines become
// ModifierDomain value lists. The notation is the spec's own (spec-catalog §1.5): `{…}` marks
// optional parts, `{-}{~}{!}{|}` allowed prefixes, `{, x}`/`{x, }` optional operands.
#include <gpuasm/isa/SpecParser.h>
#include <gpuasm/isa/Syntax.h>

#include <optional>

#include "TextUtil.h"

namespace gpuasm::isa {

namespace {

bool startsWithLower(std::string_view s) { return !s.empty() && s[0] >= 'a' && s[0] <= 'z'; }

// Index just past the '}' matching the '{' at `open`, or npos.
std::size_t matchBrace(std::string_view s, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == '{')
      ++depth;
    else if (s[i] == '}' && --depth == 0)
      return i + 1;
  }
  return std::string_view::npos;
}

// The text of a `{…}` group's inside without its top-level commas (those outside nested `{}` and
// `[]`), trimmed; nullopt when it has none.
std::optional<std::string> withoutTopLevelCommas(std::string_view inner) {
  std::string out;
  int depth = 0;
  bool found = false;
  for (char c : inner) {
    if (c == '{' || c == '[')
      ++depth;
    else if (c == '}' || c == ']')
      --depth;
    if (c == ',' && depth == 0) {
      found = true;
      continue;
    }
    out.push_back(c);
  }
  if (!found) return std::nullopt;
  return std::string(text::trim(out));
}

class FormParser {
 public:
  FormParser(SourcePos pos, DiagnosticSink& sink) : pos_(pos), sink_(sink) {}

  SyntaxForm parse(std::string_view lineIn) {
    SyntaxForm form;
    form.pos = pos_;
    const std::string_view code = stripLineComment(lineIn);
    if (code.size() < lineIn.size()) {
      std::string_view comment = lineIn.substr(code.size() + 2);
      form.comment = std::string(text::trim(comment));
    }
    const std::string_view line = text::trim(code);
    form.text = std::string(line);
    std::size_t i = 0;
    while (i < line.size() && !text::isBlank(line[i])) ++i;
    parseMnemonic(line.substr(0, i), form);
    std::string_view rest = line.substr(i);
    const std::size_t semi = rest.rfind(';');
    if (semi == std::string_view::npos) {
      warn(0, SpecCode::SyntaxMissingSemicolon, "syntax form does not end with ';'");
    } else {
      rest = rest.substr(0, semi);
    }
    const std::size_t dollar = rest.find('$');
    std::string_view operands = rest;
    if (dollar != std::string_view::npos) {
      operands = rest.substr(0, dollar);
      for (auto tok : text::splitTopLevel(text::trim(rest.substr(dollar)), ' '))
        if (!tok.empty()) form.schedTokens.emplace_back(tok);
    }
    operandBase_ = static_cast<std::uint32_t>(i);
    parseOperands(operands, form);
    return form;
  }

 private:
  void warn(std::size_t col, SpecCode code, std::string message) {
    sink_.warning({pos_.file, pos_.line, pos_.column + static_cast<std::uint32_t>(col)}, code,
                  std::move(message));
  }

  void parseMnemonic(std::string_view m, SyntaxForm& form) {
    std::size_t i = 0;
    i = text::wordEnd(m, i);
    form.baseName = std::string(m.substr(0, i));
    if (form.baseName.empty())
      warn(0, SpecCode::SyntaxBadMnemonic, "syntax form does not start with a mnemonic");
    while (i < m.size()) {
      ModifierSlot slot;
      std::size_t end = i;
      if (m[i] == '{') {
        end = matchBrace(m, i);
        if (end == std::string_view::npos || m[i + 1] != '.') {
          warn(i, SpecCode::SyntaxBadModifier, "malformed optional modifier in '" + std::string(m) + "'");
          return;
        }
        slot.text = std::string(m.substr(i + 2, end - i - 3));
        slot.optional = true;
      } else if (m[i] == '.') {
        end = i + 1;
        end = text::wordEnd(m, end);
        slot.text = std::string(m.substr(i + 1, end - i - 1));
      } else {
        warn(i, SpecCode::SyntaxBadModifier, "unexpected '" + std::string(1, m[i]) + "' in mnemonic");
        return;
      }
      if (slot.text.empty()) {
        warn(i, SpecCode::SyntaxBadModifier, "empty modifier in '" + std::string(m) + "'");
        return;
      }
      slot.variable = startsWithLower(slot.text);
      form.parts.push_back(std::move(slot));
      i = end;
    }
  }

  void parseOperands(std::string_view ops, SyntaxForm& form) {
    std::string current;
    std::size_t currentStart = 0;
    auto flush = [&](bool optional) {
      const std::string_view untrimmed(current);
      const std::string item(text::trim(untrimmed));
      const std::size_t leading = text::indentOf(untrimmed);  // keep columns exact after trimming
      if (!item.empty()) parseItem(item, optional, currentStart + leading, form);
      current.clear();
    };
    for (std::size_t i = 0; i < ops.size();) {
      const char c = ops[i];
      if (c == ',') {
        flush(false);
        ++i;
        currentStart = i;
        continue;
      }
      if (c == '{') {
        const std::size_t end = matchBrace(ops, i);
        if (end == std::string_view::npos) {
          warn(operandBase_ + i, SpecCode::SyntaxUnbalancedBrace, "unbalanced '{' in syntax operands");
          return;
        }
        const std::string_view inner = ops.substr(i + 1, end - i - 2);
        if (std::optional<std::string> joined = withoutTopLevelCommas(inner)) {
          flush(false);
          current = std::move(*joined);
          currentStart = i;
          flush(true);
          i = end;
          currentStart = i;
          continue;
        }
        current.append(ops.substr(i, end - i));
        i = end;
        continue;
      }
      current.push_back(c);
      ++i;
    }
    flush(false);
  }

  // One comma-separated item; normally one operand, several when commas are missing (L-19).
  void parseItem(std::string_view item, bool optional, std::size_t at, SyntaxForm& form) {
    std::size_t i = 0;
    bool first = true;
    while (i < item.size()) {
      while (i < item.size() && text::isBlank(item[i])) ++i;
      if (i >= item.size()) break;
      if (!first)
        warn(operandBase_ + at + i, SpecCode::SyntaxMissingComma,
             "operands '" + form.operands.back().text + "' and '" + std::string(item.substr(i)) +
                 "' are not separated by ','");
      const std::size_t start = i;
      OperandSlot slot = parseOperand(item, i);
      slot.optional = optional;
      slot.text = std::string(text::trim(item.substr(start, i - start)));
      if (slot.placeholder.empty()) {
        warn(operandBase_ + at + start, SpecCode::SyntaxBadOperand,
             "cannot read operand '" + std::string(item.substr(start)) + "'");
        return;
      }
      form.operands.push_back(std::move(slot));
      first = false;
    }
  }

  static bool take(std::string_view s, std::size_t& i, std::string_view what) {
    if (s.substr(i, what.size()) != what) return false;
    i += what.size();
    return true;
  }
  static std::string ident(std::string_view s, std::size_t& i) {
    const std::size_t start = i;
    i = text::wordEnd(s, i);
    return std::string(s.substr(start, i - start));
  }

  // The length of the identifier at `i` when '[' follows it, else 0.
  static std::size_t wordBeforeBracket(std::string_view s, std::size_t i) {
    std::size_t k = i;
    k = text::wordEnd(s, k);
    return k > i && k < s.size() && s[k] == '[' ? k - i : 0;
  }

  OperandSlot parseOperand(std::string_view s, std::size_t& i) {
    OperandSlot slot;
    bool absOpen = false;
    while (true) {
      if (take(s, i, "{-}"))
        slot.allowNeg = true;
      else if (take(s, i, "{~}"))
        slot.allowBitNot = true;
      else if (take(s, i, "{!}"))
        slot.allowNot = true;
      else if (take(s, i, "{|}"))
        absOpen = true;
      else
        break;
    }
    if (take(s, i, "c[")) {
      slot.shape = OperandShape::ConstMem;
      slot.fileName = "c";
      ident(s, i);  // bank placeholder, "UImm"
      if (!take(s, i, "][")) return slot;
      slot.placeholder = ident(s, i);
      if (take(s, i, "+") || take(s, i, "{+")) slot.offsetType = ident(s, i);
      take(s, i, "}");
      if (!take(s, i, "]")) slot.placeholder.clear();
    } else if (const std::size_t word = wordBeforeBracket(s, i); word > 0) {
      // `R[URb{+SImm9}]`: a register file (the name before '[') indexed by a uniform register.
      slot.shape = OperandShape::RegIndirect;
      slot.fileName = std::string(s.substr(i, word));
      i += word + 1;
      slot.placeholder = ident(s, i);
      if (take(s, i, "{+")) {
        slot.offsetType = ident(s, i);
        take(s, i, "}");
      } else if (take(s, i, "+")) {
        slot.offsetType = ident(s, i);
      }
      if (!take(s, i, "]")) slot.placeholder.clear();
    } else {
      slot.placeholder = ident(s, i);  // a predicate set (PR) is classified with the prelude's facts
    }
    if (take(s, i, "{.")) {
      slot.suffix = ident(s, i);
      slot.suffixOptional = true;
      take(s, i, "}");
    } else if (i < s.size() && s[i] == '.') {
      ++i;
      slot.suffix = ident(s, i);
    }
    if (absOpen) {
      slot.allowAbs = true;
      if (!take(s, i, "{|}"))
        warn(operandBase_ + i, SpecCode::SyntaxUnbalancedAbs,
             "'{|}' opened before '" + slot.placeholder + "' is not closed");
    }
    return slot;
  }

  SourcePos pos_;
  DiagnosticSink& sink_;
  std::uint32_t operandBase_ = 0;
};

bool looksLikeDomainLine(std::string_view t) {
  if (t.starts_with(".")) return true;
  std::size_t i = 0;
  i = text::wordEnd(t, i);
  const std::string_view rest = text::trim(t.substr(i));
  return i > 0 && startsWithLower(t) && rest.starts_with("=");
}

ModifierDomain parseDomain(std::string_view t, SourcePos pos, DiagnosticSink& sink) {
  ModifierDomain d;
  d.pos = pos;
  if (!t.starts_with("."))
    sink.warning(pos, SpecCode::DomainMissingDot,
                 "modifier domain line '" + std::string(t) + "' lacks the leading '.'");
  else
    t.remove_prefix(1);
  std::size_t i = 0;
  i = text::wordEnd(t, i);
  d.variable = std::string(t.substr(0, i));
  std::string_view rest = text::trim(t.substr(i));
  if (!rest.starts_with("=")) {
    sink.error(pos, SpecCode::BadDomain, "expected '=' in modifier domain line");
    return d;
  }
  rest = text::trim(rest.substr(1));
  if (rest.ends_with(";")) {
    sink.warning(pos, SpecCode::DomainTrailingSemicolon, "modifier domain line ends with ';'");
    rest = text::trim(rest.substr(0, rest.size() - 1));
  }
  if (!rest.starts_with("{") || !rest.ends_with("}")) {
    sink.error(pos, SpecCode::BadDomain, "modifier domain values must be in '{…}'");
    return d;
  }
  for (auto v : text::splitTopLevel(rest.substr(1, rest.size() - 2), ',')) {
    DomainValue dv;
    if (v.starts_with("."))
      v.remove_prefix(1);
    else
      sink.warning(pos, SpecCode::DomainMissingDot,
                   "domain value '" + std::string(v) + "' lacks the leading '.'");
    if (v.ends_with("*")) {
      dv.isDefault = true;
      v.remove_suffix(1);
    }
    dv.spelling = std::string(text::trim(v));
    if (dv.spelling.empty()) {
      sink.error(pos, SpecCode::BadDomain, "empty value in modifier domain");
      continue;
    }
    d.values.push_back(std::move(dv));
  }
  return d;
}

}  // namespace

SyntaxForm parseSyntaxForm(std::string_view line, SourcePos pos, DiagnosticSink& sink) {
  return FormParser(pos, sink).parse(line);
}

SyntaxBlock parseSyntaxSection(const std::vector<SpecLine>& lines, std::uint32_t fileIndex,
                               DiagnosticSink& sink) {
  SyntaxBlock block;
  bool inFence = false;
  bool sawFence = false;
  for (const auto& l : lines) {
    const std::string_view raw = l.text;
    const std::string_view t = text::trim(raw);
    const std::uint32_t indent = text::indentOf(raw);
    const SourcePos pos{fileIndex, l.line, indent + 1};
    if (t.starts_with("```")) {
      if (!inFence) {
        inFence = true;
        sawFence = true;
        if (raw.size() > 0 && text::isBlank(raw.back()))
          sink.note({fileIndex, l.line, static_cast<std::uint32_t>(text::trim(raw).size() + indent + 1)},
                    SpecCode::FenceTrailingSpaces, "code fence has trailing spaces");
      } else {
        inFence = false;
      }
      continue;
    }
    if (t.empty() || t.starts_with("//")) continue;
    if (!inFence) {
      sink.warning(pos, SpecCode::SyntaxOutsideFence, "text in __Syntax outside the ```asm block is ignored");
      continue;
    }
    if (looksLikeDomainLine(t))
      block.domains.push_back(parseDomain(t, pos, sink));
    else
      block.forms.push_back(parseSyntaxForm(raw.substr(indent), pos, sink));
  }
  if (inFence)
    sink.warning({fileIndex, lines.empty() ? 0 : lines.back().line, 1}, SpecCode::UnclosedFence,
                 "```asm block in __Syntax is not closed");
  if (!sawFence && !lines.empty())
    sink.warning({fileIndex, lines.front().line, 1}, SpecCode::SyntaxWithoutFence,
                 "__Syntax has no ```asm block");
  return block;
}

}  // namespace gpuasm::isa
