// Completion in a spec file (SpecFeatures.h).
#include "SpecModel.h"

#include <algorithm>
#include <set>

namespace gpuasm::ide {

using namespace spec;
using isa::DefKind;

std::vector<CompletionItem> getSpecCompletions(const SpecView& view, std::uint32_t offset) {
  std::vector<CompletionItem> out;
  const std::string_view text = view.text();
  if (offset > text.size()) return out;
  const isa::InstrDb& db = view.db();
  const std::uint32_t lineNo = view.lines().position(offset, syntax::ColumnUnit::Utf8).line + 1;
  const std::uint32_t lineStart = view.lines().lineStart(lineNo - 1);
  const std::string_view before = text.substr(lineStart, offset - lineStart);
  if (before.find("//") != std::string_view::npos) return out;
  std::uint32_t wordBegin = offset;
  while (wordBegin > lineStart && isWordChar(text[wordBegin - 1])) --wordBegin;
  const syntax::ByteRange range{wordBegin, offset};
  const std::string_view head = before.substr(0, wordBegin - lineStart);  // the line before the word
  const std::string_view word = text.substr(wordBegin, offset - wordBegin);
  auto add = [&](std::string label, CompletionKind kind, std::string detail, syntax::ByteRange r = {}) {
    if (r.end == 0) r = range;
    const std::string_view typed = text.substr(r.begin, r.end - r.begin);
    if (!label.starts_with(typed)) return;
    out.push_back(
        plainCompletion(std::move(label), kind, std::move(detail), r, completionSortKey(0, out.size())));
  };
  const isa::SpecDefinition* def = view.definitionAt(lineNo);
  const isa::SpecSection* section = def != nullptr ? sectionAt(*def, lineNo) : nullptr;

  // `__…` : a definition keyword at the start of a line, a section name when indented.
  if (head.ends_with("__") && trimLeft(head) == "__") {
    const syntax::ByteRange r{static_cast<std::uint32_t>(wordBegin - 2), offset};
    if (head.size() == 2)
      for (const std::string_view k : kDefinitionKeywords)
        add(std::string(k), CompletionKind::Keyword, "a definition", r);
    else
      for (const std::string_view s : kSectionNames)
        add("__" + std::string(s), CompletionKind::Keyword, "a section", r);
    return out;
  }
  // A header's parents: `__DefOptype X : [` → groups; `__DefOpcode X : [` → optypes.
  if (const std::string_view t = trimLeft(head); t.starts_with("__") &&
                                                 head.find('[') != std::string_view::npos &&
                                                 head.find(']') == std::string_view::npos) {
    const bool opcode = t.starts_with("__DefOpcode");
    const bool erratum = t.starts_with("__Erratum");
    if (!opcode || erratum)
      for (const isa::Group& g : db.groups()) add(g.name, CompletionKind::Definition, "group");
    if (opcode || erratum)
      for (const isa::Optype& o : db.optypes())
        add(o.name, CompletionKind::Definition, "optype " + o.mnemonic);
    return out;
  }
  if (def == nullptr || section == nullptr || isProseSection(section->name)) return out;
  auto addFields = [&] {
    for (const isa::Field* f : fieldsOf(db, def))
      add(f->name, CompletionKind::Field,
          "<" + std::to_string(f->offset) + ", " + std::to_string(f->width) + "> " + db.typeOf(*f).name);
  };
  auto addTypes = [&] {
    for (const isa::BitFieldType& t : db.types())
      add(t.name, CompletionKind::Type, "<" + std::to_string(t.width) + "> " + isa::typeKindName(t.kind));
  };
  const std::string_view t = trimLeft(head);
  if (t.starts_with("field<")) {
    const std::size_t gt = t.find('>');
    if (gt == std::string_view::npos) return out;  // in the offset and width
    const std::string_view rest = trimLeft(t.substr(gt + 1));
    if (rest.empty()) {  // the type
      addTypes();
      return out;
    }
    const std::size_t e = text::wordEnd(rest, 0);
    const isa::BitFieldType* type = db.type(rest.substr(0, e));
    if (rest.find('=') != std::string_view::npos) {  // the value: the type's enumerators
      if (type != nullptr && type->isEnumerated())
        for (const isa::Enumerator& en : type->enumerators)
          add(en.name, CompletionKind::Value, hex(en.value));
      return out;
    }
    // The name: the fields the definition inherits, of this type first.
    for (const isa::Field* f : fieldsOf(db, def))
      if (type == nullptr || &db.typeOf(*f) == type)
        add(f->name, CompletionKind::Field,
            "<" + std::to_string(f->offset) + ", " + std::to_string(f->width) + "> " + db.typeOf(*f).name);
    return out;
  }
  if (section->name == "Encoding" && t.empty() && word.empty()) {
    add("field<", CompletionKind::Keyword, "field<offset, width> Type name;");
    return out;
  }
  // Statements and expressions name fields: Order<…>, Bitwidth<rd> = …, EncodingError<…> = ….
  if (head.find('<') != std::string_view::npos || head.find('=') != std::string_view::npos ||
      head.find('(') != std::string_view::npos) {
    addFields();
    return out;
  }
  if (section->name == "OperandInfo" && !word.empty())
    for (const std::string_view s : kStatementWords)
      if (s != "field") add(std::string(s) + "<", CompletionKind::Keyword, "statement");
  addTypes();
  addFields();
  return out;
}

}  // namespace gpuasm::ide
