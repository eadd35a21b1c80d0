// The spec document's model shared by its editor features (SpecModel.h): the database by name,
// the word under the cursor and what it names, positions in the spec files; and SpecView.
#include "SpecModel.h"

#include <algorithm>
#include <array>
#include <memory>
#include <set>
#include <utility>

namespace gpuasm::ide::spec {

using isa::DefKind;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

bool isStatementWord(std::string_view w) {
  return std::find(kStatementWords.begin(), kStatementWords.end(), w) != kStatementWords.end();
}

// Sections whose lines are prose or assembly, not DSL statements.
bool isProseSection(std::string_view name) {
  return name == "Description" || name == "ModifierInfo" || name == "Semantics" || name == "Examples" ||
         name == "Simulation" || name == "Exception" || name == "Problem" || name == "Decision" ||
         name == "Syntax" || name == "Affects" || name == "Rules";
}

// ---------------------------------------------------------------- the database, by name

// The opcodes a definition named `name` covers: an opcode itself, an optype's variants, every
// variant of the optypes under a group.
std::vector<const isa::Opcode*> opcodesUnder(const isa::InstrDb& db, std::string_view name) {
  std::vector<const isa::Opcode*> out;
  if (const isa::Opcode* op = db.opcode(name)) return {op};
  if (const isa::Optype* ot = db.optype(name)) {
    for (const std::uint32_t i : ot->opcodes) out.push_back(&db.opcodes()[i]);
    return out;
  }
  if (db.group(name) == nullptr) return out;
  for (const isa::Optype& ot : db.optypes()) {
    // The optype's group chain up to ALL (bounded: a cycle is a spec error the loader reports).
    std::string_view g = ot.group;
    for (int depth = 0; depth < 64 && !g.empty(); ++depth) {
      if (g == name) {
        for (const std::uint32_t i : ot.opcodes) out.push_back(&db.opcodes()[i]);
        break;
      }
      const isa::Group* parent = db.group(g);
      if (parent == nullptr) break;
      g = parent->parent;
    }
  }
  return out;
}

// The names a definition of this document stands for in the database: its own, or (a
// definition the last load did not take, an erratum) its parents or targets.
std::vector<std::string_view> namesOf(const isa::InstrDb& db, const isa::SpecDefinition& def) {
  if (def.kind != DefKind::Erratum && !opcodesUnder(db, def.name).empty()) return {def.name};
  std::vector<std::string_view> out;
  for (const std::string& p : def.parents) out.push_back(p);
  return out;
}

// Field `name` as the database resolves it in a definition: the declaration made there when
// there is one, else the one an opcode under it inherits.
FieldHit fieldIn(const isa::InstrDb& db, const isa::SpecDefinition* def, std::string_view name) {
  if (def == nullptr) return {};
  FieldHit any;
  for (const std::string_view owner : namesOf(db, *def))
    for (const isa::Opcode* op : opcodesUnder(db, owner))
      if (const isa::Field* f = op->field(name)) {
        if (f->declaredIn == def->name) return {f, op};
        if (any.field == nullptr) any = {f, op};
      }
  return any;
}

// Every field a definition can name (its own and inherited), one per name, by offset.
std::vector<const isa::Field*> fieldsOf(const isa::InstrDb& db, const isa::SpecDefinition* def) {
  std::vector<const isa::Field*> out;
  if (def == nullptr) return out;
  std::set<std::string_view> seen;
  for (const std::string_view owner : namesOf(db, *def))
    for (const isa::Opcode* op : opcodesUnder(db, owner))
      for (const isa::Field& f : op->fields)
        if (seen.insert(f.name).second) out.push_back(&f);
  std::stable_sort(out.begin(), out.end(),
                   [](const isa::Field* a, const isa::Field* b) { return a->offset < b->offset; });
  return out;
}

// The chain from a group, optype or opcode up to the root: "IMAD_WIDE_RRR → IMAD_WIDE → IALU → ALL".
std::vector<std::string> inheritanceChain(const isa::InstrDb& db, std::string_view name) {
  std::vector<std::string> chain{std::string(name)};
  std::string_view next;
  if (const isa::Opcode* op = db.opcode(name))
    next = db.optypeOf(*op).name;
  else if (const isa::Optype* ot = db.optype(name))
    next = ot->group;
  else if (const isa::Group* g = db.group(name))
    next = g->parent;
  for (int depth = 0; depth < 64 && !next.empty(); ++depth) {
    chain.emplace_back(next);
    if (const isa::Optype* ot = db.optype(next))
      next = ot->group;
    else if (const isa::Group* g = db.group(next))
      next = g->parent;
    else
      break;
  }
  return chain;
}

std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : std::string(separator)) + p;
  return out;
}

// ---------------------------------------------------------------- the text under the cursor

// The run of name characters around `offset` (its end counts as on it).
std::optional<Word> wordAt(std::string_view text, std::uint32_t offset) {
  if (offset > text.size()) return std::nullopt;
  std::uint32_t b = offset, e = offset;
  while (b > 0 && isWordChar(text[b - 1])) --b;
  e = static_cast<std::uint32_t>(text::wordEnd(text, e));
  if (b == e) return std::nullopt;
  return Word{text.substr(b, e - b), {b, e}};
}

// The word joined to its neighbour across `joint` ('.' of "rc.neg", '-' of "L-41"), the
// neighbour on the left first; none when neither side has one.
std::vector<Word> joinedWords(std::string_view text, const Word& w, char joint) {
  std::vector<Word> out;
  if (w.range.begin >= 2 && text[w.range.begin - 1] == joint && isWordChar(text[w.range.begin - 2])) {
    const auto left = wordAt(text, w.range.begin - 1);
    if (left)
      out.push_back({text.substr(left->range.begin, w.range.end - left->range.begin),
                     {left->range.begin, w.range.end}});
  }
  if (w.range.end + 1 < text.size() && text[w.range.end] == joint && isWordChar(text[w.range.end + 1])) {
    const auto right = wordAt(text, w.range.end + 1);
    if (right)
      out.push_back(
          {text.substr(w.range.begin, right->range.end - w.range.begin), {w.range.begin, right->range.end}});
  }
  return out;
}

// The section of a definition that holds 1-based line `line`, or null (its header line).
const isa::SpecSection* sectionAt(const isa::SpecDefinition& def, std::uint32_t line) {
  const isa::SpecSection* at = nullptr;
  for (const isa::SpecSection& s : def.sections)
    if (s.pos.line <= line) at = &s;
  return at;
}

// A `field<…>` line, parsed (nullopt for any other line).
std::optional<isa::FieldDecl> fieldDeclOf(std::string_view line) {
  const std::string_view t = trimLeft(line);
  if (!t.starts_with("field<")) return std::nullopt;
  isa::DiagnosticSink ignored;
  return isa::parseFieldDecl(isa::stripLineComment(t), {}, ignored);
}

// A domain line of __Syntax, `.itype = {.S32*, .U32}`: the variable's name.
std::optional<std::string_view> domainVariable(std::string_view line) {
  const std::string_view t = trimLeft(line);
  if (!t.starts_with('.')) return std::nullopt;
  const std::size_t e = text::wordEnd(t, 1);
  if (e == 1 || t.find('{', e) == std::string_view::npos || t.find('=', e) == std::string_view::npos)
    return std::nullopt;
  return t.substr(1, e - 1);
}

std::optional<Entity> byName(const isa::InstrDb& db, std::string_view name) {
  Entity e;
  e.name = std::string(name);
  if ((e.erratum = db.erratum(name)) != nullptr)
    e.kind = Entity::Kind::Erratum;
  else if ((e.type = db.type(name)) != nullptr)
    e.kind = Entity::Kind::Type;
  else if ((e.group = db.group(name)) != nullptr)
    e.kind = Entity::Kind::Group;
  else if ((e.optype = db.optype(name)) != nullptr)
    e.kind = Entity::Kind::Optype;
  else if ((e.opcode = db.opcode(name)) != nullptr)
    e.kind = Entity::Kind::Opcode;
  else
    return std::nullopt;
  return e;
}

std::optional<Entity> enumeratorOf(const isa::BitFieldType* type, const Word& w) {
  if (type == nullptr) return std::nullopt;
  for (const isa::Enumerator& en : type->enumerators)
    if (en.name == w.text) {
      Entity e;
      e.kind = Entity::Kind::Enumerator;
      e.name = en.name;
      e.type = type;
      e.enumerator = &en;
      e.range = w.range;
      return e;
    }
  return std::nullopt;
}

std::optional<Entity> fieldEntity(const isa::InstrDb& db, const isa::SpecDefinition* def, const Word& w) {
  const FieldHit hit = fieldIn(db, def, w.text);
  if (hit.field == nullptr) return std::nullopt;
  Entity e;
  e.kind = Entity::Kind::Field;
  e.name = hit.field->name;
  e.field = hit.field;
  e.opcode = hit.opcode;
  e.range = w.range;
  return e;
}

// The entity named at `offset`, read as the loader would in that place (see SpecFeatures.h).
std::optional<Entity> entityAt(const SpecView& view, std::uint32_t offset) {
  const auto w = wordAt(view.text(), offset);
  if (!w) return std::nullopt;
  const isa::InstrDb& db = view.db();
  const std::uint32_t line = view.lines().position(offset, syntax::ColumnUnit::Utf8).line + 1;
  const std::string_view lineText = view.line(line);
  const isa::SpecDefinition* def = view.definitionAt(line);

  // An erratum id ("L-41", "L-9a") is two words joined by '-'.
  for (const Word& j : joinedWords(view.text(), *w, '-'))
    if (auto e = byName(db, j.text); e && e->kind == Entity::Kind::Erratum) {
      e->range = j.range;
      return e;
    }
  // The name of this definition, in its header.
  if (def != nullptr && def->pos.line == line && w->text == def->name) {
    auto e = byName(db, w->text);  // none when the last load did not take it
    if (e) e->range = w->range;
    return e;
  }
  if (def != nullptr && def->pos.line < line) {
    // An enumerator in a type's body.
    if (def->kind == DefKind::BitFieldType)
      if (auto e = enumeratorOf(db.type(def->name), *w)) return e;
    // A `field<>` line: its type, its name, its value.
    if (const auto decl = fieldDeclOf(lineText)) {
      if (w->text == decl->type)
        if (auto e = byName(db, w->text); e && e->kind == Entity::Kind::Type) {
          e->range = w->range;
          return e;
        }
      if (decl->value && w->text == *decl->value)
        if (auto e = enumeratorOf(db.type(decl->type), *w)) return e;
      for (const Word& j : joinedWords(view.text(), *w, '.'))
        if (j.text == decl->name)
          if (auto e = fieldEntity(db, def, j)) return e;
    }
    // A value of a __Syntax domain line: an enumerator of the variable's field's type.
    if (const auto var = domainVariable(lineText); var && *var != w->text) {
      const FieldHit hit = fieldIn(db, def, *var);
      if (hit.field != nullptr)
        if (auto e = enumeratorOf(&db.typeOf(*hit.field), *w)) return e;
    }
  }
  if (auto e = byName(db, w->text)) {
    e->range = w->range;
    return e;
  }
  // A field of the definition: dotted ("rc.neg") first.
  for (const Word& j : joinedWords(view.text(), *w, '.'))
    if (auto e = fieldEntity(db, def, j)) return e;
  return fieldEntity(db, def, *w);
}

// ---------------------------------------------------------------- positions in spec files

// Where a definition is: in this document when it defines a name (the editor's text, which
// may be ahead of the last load), else where the last load found it.
std::optional<SpecSpot> definitionSpot(const SpecView& view, SpecLines& lines, const Entity& e) {
  for (const isa::SpecDefinition& d : view.ast().definitions)
    if (d.name == e.name && (e.kind != Entity::Kind::Field && e.kind != Entity::Kind::Enumerator))
      return SpecSpot{view.self(), d.pos.line, d.pos.column, static_cast<std::uint32_t>(d.name.size())};
  isa::SourcePos pos;
  switch (e.kind) {
    case Entity::Kind::Type: pos = e.type != nullptr ? e.type->pos : pos; break;
    case Entity::Kind::Group: pos = e.group->pos; break;
    case Entity::Kind::Optype: pos = e.optype->pos; break;
    case Entity::Kind::Opcode: pos = e.opcode->pos; break;
    case Entity::Kind::Erratum: pos = e.erratum->pos; break;
    case Entity::Kind::Field: pos = e.field->pos; break;
    case Entity::Kind::Enumerator: pos = e.enumerator->pos; break;
  }
  if (!pos.valid()) return std::nullopt;
  return lines.spotOf(
      pos, e.kind == Entity::Kind::Field ? std::string_view(e.field->name) : std::string_view(e.name));
}

bool isBlankOrComment(std::string_view line) {
  const std::string_view t = trimLeft(line);
  return t.empty() || t == "\r" || t.starts_with("//");
}

// The fields whose type is `type`, one per declaration (inherited copies share it).
std::vector<const isa::Field*> fieldsOfType(const isa::InstrDb& db, const isa::BitFieldType& type) {
  std::vector<const isa::Field*> out;
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  for (const isa::Opcode& op : db.opcodes())
    for (const isa::Field& f : op.fields)
      if (&db.typeOf(f) == &type && seen.insert({f.pos.file, f.pos.line}).second) out.push_back(&f);
  return out;
}

}  // namespace gpuasm::ide::spec

namespace gpuasm::ide {

using spec::isBlankOrComment;

// ---------------------------------------------------------------- SpecView

SpecView::SpecView(std::string text, const isa::InstrDb& db, std::optional<std::uint32_t> fileIndex)
    : text_(std::move(text)),
      lines_(text_),
      db_(&db),
      self_(fileIndex.value_or(static_cast<std::uint32_t>(db.files().size()))) {
  isa::DiagnosticSink ignored;  // the last load's findings are the ones shown
  ast_ = isa::parseSpecFile(self_, text_, ignored);
}

std::string_view SpecView::line(std::uint32_t line) const {
  if (line == 0 || line > lines_.lineCount()) return {};
  const std::uint32_t b = lines_.lineStart(line - 1);
  return std::string_view(text_).substr(b, lines_.lineEnd(line - 1) - b);
}

const isa::SpecDefinition* SpecView::definitionAt(std::uint32_t line) const {
  const auto& defs = ast_.definitions;
  const auto it =
      std::upper_bound(defs.begin(), defs.end(), line,
                       [](std::uint32_t l, const isa::SpecDefinition& d) { return l < d.pos.line; });
  return it == defs.begin() ? nullptr : &*std::prev(it);
}

std::uint32_t SpecView::lastLine(const isa::SpecDefinition& def) const {
  const auto& defs = ast_.definitions;
  std::uint32_t last = lines_.lineCount();
  for (std::size_t i = 0; i + 1 < defs.size(); ++i)
    if (&defs[i] == &def) last = defs[i + 1].pos.line - 1;
  while (last > def.pos.line && isBlankOrComment(line(last))) --last;
  return std::max(last, def.pos.line);
}

}  // namespace gpuasm::ide
