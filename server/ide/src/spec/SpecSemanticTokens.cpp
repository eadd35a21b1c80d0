// Semantic tokens of a spec file (SpecFeatures.h).
#include "SpecModel.h"

#include <algorithm>

namespace gpuasm::ide {

using namespace spec;
using isa::DefKind;

namespace {

// ---------------------------------------------------------------- semantic tokens

class Tokenizer {
 public:
  Tokenizer(const SpecView& view, std::vector<SemanticToken>& out) : view_(view), out_(out) {}

  void add(std::uint32_t begin, std::uint32_t end, SemanticTokenType type) {
    if (end > begin) out_.push_back({{begin, end}, type, 0});
  }

  // A DSL line from byte `begin` (absolute) to `end`: words, numbers, strings, a comment.
  void statement(std::uint32_t begin, std::uint32_t end, const isa::SpecDefinition* def,
                 const isa::BitFieldType* valueType, bool firstIsKeyword) {
    const std::string_view t = view_.text();
    bool first = true;
    for (std::uint32_t i = begin; i < end;) {
      const char c = t[i];
      if (c == '/' && i + 1 < end && t[i + 1] == '/') {
        add(i, end, SemanticTokenType::Comment);
        return;
      }
      if (c == '"') {
        std::uint32_t j = i + 1;
        while (j < end && t[j] != '"') ++j;
        add(i, std::min(j + 1, end), SemanticTokenType::String);
        i = j + 1;
        continue;
      }
      if (isDigit(c)) {
        std::uint32_t j = i;
        while (j < end && isWordChar(t[j])) ++j;
        add(i, j, SemanticTokenType::Number);
        i = j;
        continue;
      }
      if (isWordChar(c)) {
        std::uint32_t j = i;
        while (j < end && (isWordChar(t[j]) || (t[j] == '.' && j + 1 < end && isWordChar(t[j + 1])))) ++j;
        const std::string_view w = t.substr(i, j - i);
        if (first && firstIsKeyword && isStatementWord(w))
          add(i, j, SemanticTokenType::Keyword);
        else if (auto type = classify(w, def, valueType))
          add(i, j, *type);
        first = false;
        i = j;
        continue;
      }
      ++i;
    }
  }

 private:
  std::optional<SemanticTokenType> classify(std::string_view w, const isa::SpecDefinition* def,
                                            const isa::BitFieldType* valueType) const {
    const isa::InstrDb& db = view_.db();
    if (valueType != nullptr && valueType->valueOf(w)) return SemanticTokenType::EnumMember;
    if (db.type(w) != nullptr) return SemanticTokenType::Type;
    if (db.group(w) != nullptr || w == "ALL") return SemanticTokenType::Namespace;
    if (db.optype(w) != nullptr || db.opcode(w) != nullptr) return SemanticTokenType::Class;
    if (db.erratum(w) != nullptr) return SemanticTokenType::Decorator;
    if (def != nullptr && fieldIn(db, def, w).field != nullptr) return SemanticTokenType::Property;
    return std::nullopt;
  }

  const SpecView& view_;
  std::vector<SemanticToken>& out_;
};

SemanticTokenType definitionTokenType(DefKind kind) {
  switch (kind) {
    case DefKind::BitFieldType: return SemanticTokenType::Type;
    case DefKind::Group: return SemanticTokenType::Namespace;
    case DefKind::Optype:
    case DefKind::Opcode: return SemanticTokenType::Class;
    case DefKind::Erratum: return SemanticTokenType::Decorator;
    case DefKind::AsmFacts: return SemanticTokenType::Keyword;
  }
  return SemanticTokenType::Keyword;
}

}  // namespace

std::vector<SemanticToken> getSpecSemanticTokens(const SpecView& view) {
  std::vector<SemanticToken> out;
  Tokenizer tokens(view, out);
  const syntax::LineIndex& lines = view.lines();
  const std::string_view text = view.text();
  const isa::InstrDb& db = view.db();
  for (std::uint32_t line = 1; line <= lines.lineCount(); ++line) {
    const std::uint32_t begin = lines.lineStart(line - 1), end = lines.lineEnd(line - 1);
    const std::string_view lineText = text.substr(begin, end - begin);
    const std::string_view body = trimLeft(lineText);
    const std::uint32_t at = begin + static_cast<std::uint32_t>(lineText.size() - body.size());
    const isa::SpecDefinition* def = view.definitionAt(line);
    if (def != nullptr && def->pos.line == line) {  // a header: keyword, name, width, parents
      std::uint32_t k = at;
      while (k < end && isWordChar(text[k])) ++k;
      tokens.add(at, k, SemanticTokenType::Keyword);
      const std::uint32_t nameAt = lines.lineStart(line - 1) + def->pos.column - 1;
      if (nameAt >= k && nameAt + def->name.size() <= end) {
        tokens.add(nameAt, static_cast<std::uint32_t>(nameAt + def->name.size()),
                   definitionTokenType(def->kind));
        tokens.statement(static_cast<std::uint32_t>(nameAt + def->name.size()), end, nullptr, nullptr, false);
      }
      continue;
    }
    const isa::SpecSection* section = def != nullptr ? sectionAt(*def, line) : nullptr;
    if (section != nullptr && section->pos.line == line) {  // a section header
      std::uint32_t k = at;
      while (k < end && (isWordChar(text[k]))) ++k;
      tokens.add(at, k, SemanticTokenType::Keyword);
      continue;
    }
    if (body.starts_with("//") && (section == nullptr || !isProseSection(section->name))) {
      tokens.add(at, end, SemanticTokenType::Comment);
      continue;
    }
    if (def == nullptr) continue;
    if (section == nullptr) {  // a type's body: enumerators
      if (def->kind == DefKind::BitFieldType) tokens.statement(at, end, nullptr, db.type(def->name), false);
      continue;
    }
    if (isProseSection(section->name)) continue;
    if (const auto decl = fieldDeclOf(body)) {
      tokens.statement(at, end, def, db.type(decl->type), true);
      continue;
    }
    // __OperandInfo mixes DSL statements (`Order<…>;`) with prose: only statements are tokens.
    std::uint32_t k = at;
    while (k < end && isWordChar(text[k])) ++k;
    if (section->name == "OperandInfo" &&
        !(isStatementWord(text.substr(at, k - at)) && k < end && text[k] == '<'))
      continue;
    tokens.statement(at, end, def, nullptr, true);
  }
  return out;
}

}  // namespace gpuasm::ide
