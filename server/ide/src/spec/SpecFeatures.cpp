// Editor features for the spec's own files (see SpecFeatures.h).
#include <gpuasm/ide/spec/SpecFeatures.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <utility>

namespace gpuasm::ide {

namespace {

using isa::DefKind;

bool isWordChar(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string_view trimLeft(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// The DSL's statement words, which the semantic tokens show as keywords.
constexpr std::array<std::string_view, 8> kStatementWords = {"field", "InList", "OutList", "Order", "Bitwidth", "AsmFormat", "ModiOrder", "EncodingError"};
bool isStatementWord(std::string_view w) { return std::find(kStatementWords.begin(), kStatementWords.end(), w) != kStatementWords.end(); }

// Sections whose lines are prose or assembly, not DSL statements.
bool isProseSection(std::string_view name) {
  return name == "Description" || name == "ModifierInfo" || name == "Semantics" || name == "Examples" || name == "Simulation" ||
         name == "Exception" || name == "Problem" || name == "Decision" || name == "Syntax" || name == "Affects" || name == "Rules";
}

constexpr std::array<std::string_view, 5> kDefinitionKeywords = {"__DefBitFieldType", "__DefGroup", "__DefOptype", "__DefOpcode", "__Erratum"};
constexpr std::array<std::string_view, 14> kSectionNames = {"Encoding", "Syntax", "Description", "OperandInfo", "ModifierInfo",
                                                            "Semantics", "Examples", "Simulation", "Exception", "Problem",
                                                            "Decision", "Affects", "Rules", "Aliases"};

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

struct FieldHit {
  const isa::Field* field = nullptr;
  const isa::Opcode* opcode = nullptr;
};

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
  std::stable_sort(out.begin(), out.end(), [](const isa::Field* a, const isa::Field* b) { return a->offset < b->offset; });
  return out;
}

// The chain from a group, optype or opcode up to the root: "IMAD_WIDE_RRR → IMAD_WIDE → IALU → ALL".
std::vector<std::string> inheritanceChain(const isa::InstrDb& db, std::string_view name) {
  std::vector<std::string> chain{std::string(name)};
  std::string_view next;
  if (const isa::Opcode* op = db.opcode(name)) next = db.optypeOf(*op).name;
  else if (const isa::Optype* ot = db.optype(name)) next = ot->group;
  else if (const isa::Group* g = db.group(name)) next = g->parent;
  for (int depth = 0; depth < 64 && !next.empty(); ++depth) {
    chain.emplace_back(next);
    if (const isa::Optype* ot = db.optype(next)) next = ot->group;
    else if (const isa::Group* g = db.group(next)) next = g->parent;
    else break;
  }
  return chain;
}

std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : std::string(separator)) + p;
  return out;
}

// ---------------------------------------------------------------- the text under the cursor

struct Word {
  std::string_view text;
  syntax::ByteRange range;
};

// The run of name characters around `offset` (its end counts as on it).
std::optional<Word> wordAt(std::string_view text, std::uint32_t offset) {
  if (offset > text.size()) return std::nullopt;
  std::uint32_t b = offset, e = offset;
  while (b > 0 && isWordChar(text[b - 1])) --b;
  while (e < text.size() && isWordChar(text[e])) ++e;
  if (b == e) return std::nullopt;
  return Word{text.substr(b, e - b), {b, e}};
}

// The word joined to its neighbour across `joint` ('.' of "rc.neg", '-' of "L-41"), the
// neighbour on the left first; none when neither side has one.
std::vector<Word> joinedWords(std::string_view text, const Word& w, char joint) {
  std::vector<Word> out;
  if (w.range.begin >= 2 && text[w.range.begin - 1] == joint && isWordChar(text[w.range.begin - 2])) {
    const auto left = wordAt(text, w.range.begin - 1);
    if (left) out.push_back({text.substr(left->range.begin, w.range.end - left->range.begin), {left->range.begin, w.range.end}});
  }
  if (w.range.end + 1 < text.size() && text[w.range.end] == joint && isWordChar(text[w.range.end + 1])) {
    const auto right = wordAt(text, w.range.end + 1);
    if (right) out.push_back({text.substr(w.range.begin, right->range.end - w.range.begin), {w.range.begin, right->range.end}});
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
  std::size_t e = 1;
  while (e < t.size() && isWordChar(t[e])) ++e;
  if (e == 1 || t.find('{', e) == std::string_view::npos || t.find('=', e) == std::string_view::npos) return std::nullopt;
  return t.substr(1, e - 1);
}

// What a name in the document refers to.
struct Entity {
  enum class Kind : std::uint8_t { Type, Group, Optype, Opcode, Erratum, Field, Enumerator } kind = Kind::Type;
  syntax::ByteRange range;  ///< the name in the document
  std::string name;
  const isa::BitFieldType* type = nullptr;  ///< Type; Enumerator's type
  const isa::Group* group = nullptr;
  const isa::Optype* optype = nullptr;
  const isa::Opcode* opcode = nullptr;      ///< Opcode; Field's owner
  const isa::Erratum* erratum = nullptr;
  const isa::Field* field = nullptr;
  const isa::Enumerator* enumerator = nullptr;
};

std::optional<Entity> byName(const isa::InstrDb& db, std::string_view name) {
  Entity e;
  e.name = std::string(name);
  if ((e.erratum = db.erratum(name)) != nullptr) e.kind = Entity::Kind::Erratum;
  else if ((e.type = db.type(name)) != nullptr) e.kind = Entity::Kind::Type;
  else if ((e.group = db.group(name)) != nullptr) e.kind = Entity::Kind::Group;
  else if ((e.optype = db.optype(name)) != nullptr) e.kind = Entity::Kind::Optype;
  else if ((e.opcode = db.opcode(name)) != nullptr) e.kind = Entity::Kind::Opcode;
  else return std::nullopt;
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

// Lines of the spec files, indexed on first use: many references point into one file.
class SpecLines {
 public:
  explicit SpecLines(const SpecView& view) : view_(view) {}

  // Text of 1-based line `line` of file `file` (the document itself for view.self()).
  std::string_view line(std::uint32_t file, std::uint32_t line) {
    if (file == view_.self()) return view_.line(line);
    const auto& files = view_.db().files();
    if (file >= files.size() || line == 0) return {};
    if (indexes_.size() < files.size()) indexes_.resize(files.size());
    if (!indexes_[file]) indexes_[file] = std::make_unique<syntax::LineIndex>(files[file].text);
    const syntax::LineIndex& idx = *indexes_[file];
    if (line > idx.lineCount()) return {};
    const std::uint32_t b = idx.lineStart(line - 1);
    return std::string_view(files[file].text).substr(b, idx.lineEnd(line - 1) - b);
  }

  // The spot of `name` on the line of `pos`, as a whole word at or after its column (the
  // column itself when the line does not hold it).
  SpecSpot spotOf(const isa::SourcePos& pos, std::string_view name) {
    const std::string_view text = line(pos.file, pos.line);
    std::size_t at = pos.column > 0 ? pos.column - 1 : 0;
    for (std::size_t i = text.find(name, at); i != std::string_view::npos; i = text.find(name, i + 1)) {
      const bool before = i > 0 && isWordChar(text[i - 1]);
      const bool after = i + name.size() < text.size() && isWordChar(text[i + name.size()]);
      if (!before && !after) {
        at = i;
        break;
      }
    }
    return {pos.file, pos.line, static_cast<std::uint32_t>(at + 1), static_cast<std::uint32_t>(name.size())};
  }

 private:
  const SpecView& view_;
  std::vector<std::unique_ptr<syntax::LineIndex>> indexes_;
};

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
  return lines.spotOf(pos, e.kind == Entity::Kind::Field ? std::string_view(e.field->name) : std::string_view(e.name));
}

// ---------------------------------------------------------------- hover text

HoverSection facts(std::vector<HoverItem> items) {
  HoverSection s;
  s.kind = HoverSectionKind::Facts;
  s.items = std::move(items);
  return s;
}

HoverSection note(std::string text) {
  HoverSection s;
  s.kind = HoverSectionKind::Note;
  s.text.push_back(std::move(text));
  return s;
}

HoverSection description(const isa::InstrDb& db, const isa::Prose& prose, std::string heading = {}) {
  HoverSection s;
  s.kind = HoverSectionKind::Description;
  s.heading = std::move(heading);
  s.text.push_back(prose.text);
  if (prose.pos.valid()) s.source = db.describe(prose.pos);
  return s;
}

// The first sentence of a prose text (an erratum's decision), for a one-line summary.
std::string firstSentence(std::string_view text) {
  text = trimLeft(text);
  std::size_t end = text.find(". ");
  const std::size_t para = text.find("\n\n");
  if (para != std::string_view::npos && (end == std::string_view::npos || para < end)) end = para;
  std::string out(text.substr(0, end == std::string_view::npos ? text.size() : end + (text[end] == '.' ? 1 : 0)));
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
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

void addValues(HoverInfo& h, const isa::BitFieldType& type, std::size_t limit) {
  if (!type.isEnumerated() || type.enumerators.empty()) return;
  HoverSection values;
  values.kind = HoverSectionKind::LegalValues;
  values.heading = "values of " + type.name;
  for (const isa::Enumerator& en : type.enumerators) {
    if (values.items.size() == limit) break;
    values.items.push_back({en.name, hex(en.value), true, true});
  }
  for (const isa::EnumAlias& a : type.aliases)
    if (values.items.size() < limit) values.items.push_back({a.spelling, "alias of " + a.target + " (erratum " + a.erratum + ")", true, false});
  const std::size_t all = type.enumerators.size() + type.aliases.size();
  h.sections.push_back(std::move(values));
  if (all > limit) h.sections.push_back(note("and " + std::to_string(all - limit) + " more"));
}

std::string presenceText(const isa::Field& f) {
  switch (f.presence) {
    case isa::FieldPresence::Required: return "required: the instruction gives it";
    case isa::FieldPresence::Default: return "default " + f.valueText;
    case isa::FieldPresence::Fixed: return "fixed " + f.valueText + " (identifies the encoding)";
  }
  return {};
}

HoverInfo hoverOf(const isa::InstrDb& db, const Entity& e) {
  HoverInfo h;
  h.range = e.range;
  h.title = e.name;
  switch (e.kind) {
    case Entity::Kind::Type: {
      if (e.type == nullptr) break;
      const isa::BitFieldType& t = *e.type;
      h.title = t.name + "<" + std::to_string(t.width) + ">";
      std::vector<HoverItem> items{{"kind", isa::typeKindName(t.kind), false, false},
                                   {"width", std::to_string(t.width) + (t.width == 1 ? " bit" : " bits"), false, false}};
      if (t.isEnumerated()) items.push_back({"values", std::to_string(t.enumerators.size()), false, false});
      items.push_back({"fields of this type", std::to_string(fieldsOfType(db, t).size()), false, false});
      items.push_back({"defined at", db.describe(t.pos), false, false});
      h.sections.push_back(facts(std::move(items)));
      if (t.origin == isa::SpecFileRole::Prelude)
        h.sections.push_back(note("The spec uses this type without defining it; gpuasm's prelude.isa states it."));
      addValues(h, t, 16);
      break;
    }
    case Entity::Kind::Field: {
      const isa::Field& f = *e.field;
      const isa::BitFieldType& t = db.typeOf(f);
      const std::uint32_t hi = f.offset + (f.width > 0 ? f.width - 1 : 0);
      std::vector<HoverItem> items{
          {"bits", f.width == 1 ? "[" + std::to_string(f.offset) + "]" : "[" + std::to_string(hi) + ":" + std::to_string(f.offset) + "]", false, true},
          {"offset", std::to_string(f.offset), false, false},
          {"width", std::to_string(f.width), false, false},
          {"type", t.name + " (" + isa::typeKindName(t.kind) + ")", false, false},
          {"presence", presenceText(f), false, false},
          {"declared in", f.declaredIn + " at " + db.describe(f.pos), false, false}};
      if (!f.amendedBy.empty()) items.push_back({"amended by", "erratum " + f.amendedBy, false, false});
      h.sections.push_back(facts(std::move(items)));
      addValues(h, t, 16);
      break;
    }
    case Entity::Kind::Group:
    case Entity::Kind::Optype:
    case Entity::Kind::Opcode: {
      std::vector<HoverItem> items{{"inherits", joined(inheritanceChain(db, e.name), " → "), false, false}};
      if (e.optype != nullptr) {
        items.push_back({"mnemonic", e.optype->mnemonic, false, true});
        std::vector<std::string> variants;
        for (const std::uint32_t i : e.optype->opcodes) variants.push_back(db.opcodes()[i].name);
        items.push_back({"encoding variants", joined(variants, ", "), false, false});
      }
      if (e.opcode != nullptr) {
        items.push_back({"mnemonic", db.optypeOf(*e.opcode).mnemonic, false, true});
        items.push_back({"fields", std::to_string(e.opcode->fields.size()), false, false});
      }
      if (e.group != nullptr) {
        std::size_t optypes = 0;
        for (const isa::Optype& ot : db.optypes()) optypes += ot.group == e.group->name ? 1u : 0u;
        items.push_back({"optypes directly in it", std::to_string(optypes), false, false});
      }
      h.sections.push_back(facts(std::move(items)));
      const isa::Optype* docs = e.optype != nullptr ? e.optype : e.opcode != nullptr ? &db.optypeOf(*e.opcode) : nullptr;
      if (docs != nullptr && docs->docs.description.present) h.sections.push_back(description(db, docs->docs.description));
      break;
    }
    case Entity::Kind::Erratum: {
      const isa::Erratum& er = *e.erratum;
      std::vector<HoverItem> items{{"targets", joined(er.targets, ", "), false, false}};
      if (!er.affects.empty()) items.push_back({"affects", joined(er.affects, ", "), false, false});
      if (!er.rules.empty()) items.push_back({"rules", joined(er.rules, ", "), false, false});
      h.sections.push_back(facts(std::move(items)));
      if (er.problem.present) h.sections.push_back(description(db, er.problem, "Problem"));
      if (er.decision.present) h.sections.push_back(description(db, er.decision, "Decision"));
      break;
    }
    case Entity::Kind::Enumerator: {
      h.sections.push_back(facts({{"type", e.type->name, false, false},
                                  {"value", hex(e.enumerator->value), false, true},
                                  {"defined at", db.describe(e.enumerator->pos), false, false}}));
      break;
    }
  }
  return h;
}

// ---------------------------------------------------------------- semantic tokens

class Tokenizer {
 public:
  Tokenizer(const SpecView& view, std::vector<SemanticToken>& out) : view_(view), out_(out) {}

  void add(std::uint32_t begin, std::uint32_t end, SemanticTokenType type) {
    if (end > begin) out_.push_back({{begin, end}, type, 0});
  }

  // A DSL line from byte `begin` (absolute) to `end`: words, numbers, strings, a comment.
  void statement(std::uint32_t begin, std::uint32_t end, const isa::SpecDefinition* def, const isa::BitFieldType* valueType, bool firstIsKeyword) {
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
        if (first && firstIsKeyword && isStatementWord(w)) add(i, j, SemanticTokenType::Keyword);
        else if (auto type = classify(w, def, valueType)) add(i, j, *type);
        first = false;
        i = j;
        continue;
      }
      ++i;
    }
  }

 private:
  std::optional<SemanticTokenType> classify(std::string_view w, const isa::SpecDefinition* def, const isa::BitFieldType* valueType) const {
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

SpecSymbolKind symbolKind(DefKind kind) {
  switch (kind) {
    case DefKind::BitFieldType: return SpecSymbolKind::Type;
    case DefKind::Group: return SpecSymbolKind::Group;
    case DefKind::Optype: return SpecSymbolKind::Optype;
    case DefKind::Opcode: return SpecSymbolKind::Opcode;
    case DefKind::Erratum: return SpecSymbolKind::Erratum;
    case DefKind::AsmFacts: return SpecSymbolKind::AsmFacts;
  }
  return SpecSymbolKind::Type;
}

bool isBlankOrComment(std::string_view line) {
  const std::string_view t = trimLeft(line);
  return t.empty() || t == "\r" || t.starts_with("//");
}

}  // namespace

// ---------------------------------------------------------------- SpecView

SpecView::SpecView(std::string text, const isa::InstrDb& db, std::optional<std::uint32_t> fileIndex)
    : text_(std::move(text)), lines_(text_), db_(&db), self_(fileIndex.value_or(static_cast<std::uint32_t>(db.files().size()))) {
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
  const auto it = std::upper_bound(defs.begin(), defs.end(), line, [](std::uint32_t l, const isa::SpecDefinition& d) { return l < d.pos.line; });
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

// ---------------------------------------------------------------- features

std::vector<SpecSymbol> getSpecSymbols(const SpecView& view) {
  std::vector<SpecSymbol> out;
  const syntax::LineIndex& lines = view.lines();
  auto lineRange = [&](std::uint32_t first, std::uint32_t last) {
    return syntax::ByteRange{lines.lineStart(first - 1), lines.lineEnd(last - 1)};
  };
  auto nameRange = [&](const isa::SourcePos& pos, std::size_t length) {
    const std::uint32_t b = lines.lineStart(pos.line - 1) + (pos.column > 0 ? pos.column - 1 : 0);
    return syntax::ByteRange{b, static_cast<std::uint32_t>(b + length)};
  };
  for (const isa::SpecDefinition& d : view.ast().definitions) {
    SpecSymbol s;
    s.name = d.name.empty() ? std::string("(unnamed)") : d.name;
    s.kind = symbolKind(d.kind);
    if (d.kind == DefKind::BitFieldType) s.detail = "<" + std::to_string(d.width) + ">";
    else if (!d.parents.empty()) {
      std::vector<std::string> parents(d.parents.begin(), d.parents.end());
      s.detail = ": [" + joined(parents, ", ") + "]";
    }
    s.range = lineRange(d.pos.line, view.lastLine(d));
    s.selectionRange = nameRange(d.pos, d.name.size());
    for (const isa::EnumDecl& en : d.enumerators) {
      const std::string_view text = view.line(en.pos.line);
      const std::size_t at = text.find(en.name);
      const isa::SourcePos namePos{en.pos.file, en.pos.line, static_cast<std::uint32_t>(at == std::string_view::npos ? 1 : at + 1)};
      s.children.push_back({en.name, en.value ? hex(*en.value) : std::string(), SpecSymbolKind::Enumerator, lineRange(en.pos.line, en.pos.line),
                            nameRange(namePos, en.name.size()), {}});
    }
    for (const isa::SpecSection& sec : d.sections) {
      if (sec.name != "Encoding") continue;
      for (const isa::SpecLine& l : sec.lines) {
        const auto decl = fieldDeclOf(l.text);
        if (!decl) continue;
        const std::size_t at = l.text.find(decl->name, l.text.find('>'));
        const isa::SourcePos namePos{view.self(), l.line, static_cast<std::uint32_t>(at == std::string::npos ? 1 : at + 1)};
        s.children.push_back({decl->name, "<" + std::to_string(decl->offset) + ", " + std::to_string(decl->width) + "> " + decl->type, SpecSymbolKind::Field,
                              lineRange(l.line, l.line), nameRange(namePos, decl->name.size()), {}});
      }
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<FoldingRange> getSpecFoldingRanges(const SpecView& view) {
  std::vector<FoldingRange> out;
  for (const isa::SpecDefinition& d : view.ast().definitions) {
    const std::uint32_t last = view.lastLine(d);
    if (last > d.pos.line) out.push_back({d.pos.line - 1, last - 1, FoldingKind::Region});
    for (std::size_t i = 0; i < d.sections.size(); ++i) {
      const isa::SpecSection& s = d.sections[i];
      std::uint32_t end = i + 1 < d.sections.size() ? d.sections[i + 1].pos.line - 1 : last;
      while (end > s.pos.line && isBlankOrComment(view.line(end))) --end;
      if (end > s.pos.line) out.push_back({s.pos.line - 1, end - 1, FoldingKind::Region});
    }
  }
  // Runs of two or more comment lines outside the definitions' prose (the files' headers).
  const std::uint32_t count = view.lines().lineCount();
  for (std::uint32_t line = 1; line <= count;) {
    std::uint32_t end = line;
    while (end <= count && trimLeft(view.line(end)).starts_with("//")) ++end;
    if (end - line >= 2) {
      const isa::SpecDefinition* def = view.definitionAt(line);
      const isa::SpecSection* sec = def != nullptr ? sectionAt(*def, line) : nullptr;
      if (sec == nullptr || !isProseSection(sec->name)) out.push_back({line - 1, end - 2, FoldingKind::Comment});
    }
    line = std::max(end, line + 1);
  }
  std::stable_sort(out.begin(), out.end(), [](const FoldingRange& a, const FoldingRange& b) {
    return a.startLine != b.startLine ? a.startLine < b.startLine : a.endLine > b.endLine;
  });
  out.erase(std::unique(out.begin(), out.end(), [](const FoldingRange& a, const FoldingRange& b) { return a.startLine == b.startLine; }), out.end());
  return out;
}

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
        tokens.add(nameAt, static_cast<std::uint32_t>(nameAt + def->name.size()), definitionTokenType(def->kind));
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
    if (section->name == "OperandInfo" && !(isStatementWord(text.substr(at, k - at)) && k < end && text[k] == '<')) continue;
    tokens.statement(at, end, def, nullptr, true);
  }
  return out;
}

std::optional<HoverInfo> getSpecHover(const SpecView& view, std::uint32_t offset, std::span<const isa::SpecDiagnostic> findings) {
  std::optional<HoverInfo> h;
  if (const auto e = entityAt(view, offset)) h = hoverOf(view.db(), *e);
  // The errata that handle the findings on this line.
  const std::uint32_t line = view.lines().position(std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(view.text().size())), syntax::ColumnUnit::Utf8).line + 1;
  HoverSection decisions;
  decisions.kind = HoverSectionKind::Decisions;
  decisions.heading = "Findings on this line";
  for (const isa::SpecDiagnostic& d : findings) {
    if (d.pos.line != line) continue;
    std::string text = "[" + d.code + "] " + d.message;
    if (const isa::Erratum* er = view.db().erratum(d.erratum); er != nullptr && er->decision.present)
      text += " — " + firstSentence(er->decision.text);
    decisions.items.push_back({d.erratum.empty() ? std::string(isa::severityName(d.severity)) : d.erratum, std::move(text), !d.erratum.empty(), false});
  }
  if (decisions.items.empty()) return h;
  if (!h) {
    h = HoverInfo{};
    const std::uint32_t b = view.lines().lineStart(line - 1);
    h->range = {b, view.lines().lineEnd(line - 1)};
    h->title = "line " + std::to_string(line);
  }
  h->sections.push_back(std::move(decisions));
  return h;
}

std::vector<SpecSpot> getSpecDefinition(const SpecView& view, std::uint32_t offset) {
  const auto e = entityAt(view, offset);
  if (!e) return {};
  SpecLines lines(view);
  if (auto spot = definitionSpot(view, lines, *e)) return {*spot};
  return {};
}

SpecReferences getSpecReferences(const SpecView& view, std::uint32_t offset, bool includeDeclaration, std::span<const AsmDocumentRef> documents) {
  SpecReferences out;
  const auto e = entityAt(view, offset);
  if (!e) return out;
  const isa::InstrDb& db = view.db();
  SpecLines lines(view);
  if (includeDeclaration)
    if (auto spot = definitionSpot(view, lines, *e)) out.spec.push_back(*spot);
  switch (e->kind) {
    case Entity::Kind::Type: {
      if (e->type == nullptr) break;
      for (const isa::Field* f : fieldsOfType(db, *e->type)) {
        // The type's name on the field<> line.
        const std::string_view text = lines.line(f->pos.file, f->pos.line);
        const std::size_t gt = text.find('>');
        out.spec.push_back(lines.spotOf({f->pos.file, f->pos.line, static_cast<std::uint32_t>(gt == std::string_view::npos ? 1 : gt + 2)}, e->type->name));
        if (f->specDeclaration && f->specDeclaration->type == e->type->name) {
          const isa::SourcePos& p = f->specDeclaration->pos;
          const std::string_view st = lines.line(p.file, p.line);
          const std::size_t sgt = st.find('>');
          out.spec.push_back(lines.spotOf({p.file, p.line, static_cast<std::uint32_t>(sgt == std::string_view::npos ? 1 : sgt + 2)}, e->type->name));
        }
      }
      break;
    }
    case Entity::Kind::Group:
      for (const isa::Group& g : db.groups())
        if (g.parent == e->name) out.spec.push_back(lines.spotOf(g.pos, g.name));
      for (const isa::Optype& ot : db.optypes())
        if (ot.group == e->name) out.spec.push_back(lines.spotOf(ot.pos, ot.name));
      break;
    case Entity::Kind::Optype:
      for (const std::uint32_t i : e->optype->opcodes) out.spec.push_back(lines.spotOf(db.opcodes()[i].pos, db.opcodes()[i].name));
      break;
    default: break;
  }
  // The statements of the open listings that assemble to the optype or the opcode.
  if (e->kind == Entity::Kind::Optype || e->kind == Entity::Kind::Opcode) {
    for (std::size_t d = 0; d < documents.size(); ++d) {
      const Snapshot& snap = *documents[d].snapshot;
      for (const AssembledStatement& s : snap.statementsIn({0, static_cast<std::uint32_t>(snap.text().size())})) {
        if (!s.inst || s.inst->opcode == nullptr) continue;
        const bool hit = e->kind == Entity::Kind::Opcode ? s.inst->opcode->name == e->name : snap.db().optypeOf(*s.inst->opcode).name == e->name;
        if (hit) out.documents.push_back({d, {s.statement.range.begin, s.statement.range.end}});
      }
    }
  }
  // Sorted by file and line, each once (an erratum's amendment may repeat a declaration).
  std::sort(out.spec.begin() + (includeDeclaration && !out.spec.empty() ? 1 : 0), out.spec.end(), [](const SpecSpot& a, const SpecSpot& b) {
    return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
  });
  out.spec.erase(std::unique(out.spec.begin(), out.spec.end()), out.spec.end());
  return out;
}

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
    CompletionItem item;
    item.insertText = label;
    item.label = std::move(label);
    item.kind = kind;
    item.detail = std::move(detail);
    item.range = r;
    char sort[16];
    std::snprintf(sort, sizeof sort, "%06zu", out.size());
    item.sortText = sort;
    out.push_back(std::move(item));
  };
  const isa::SpecDefinition* def = view.definitionAt(lineNo);
  const isa::SpecSection* section = def != nullptr ? sectionAt(*def, lineNo) : nullptr;

  // `__…` : a definition keyword at the start of a line, a section name when indented.
  if (head.ends_with("__") && trimLeft(head) == "__") {
    const syntax::ByteRange r{static_cast<std::uint32_t>(wordBegin - 2), offset};
    if (head.size() == 2)
      for (const std::string_view k : kDefinitionKeywords) add(std::string(k), CompletionKind::Keyword, "a definition", r);
    else
      for (const std::string_view s : kSectionNames) add("__" + std::string(s), CompletionKind::Keyword, "a section", r);
    return out;
  }
  // A header's parents: `__DefOptype X : [` → groups; `__DefOpcode X : [` → optypes.
  if (const std::string_view t = trimLeft(head); t.starts_with("__") && head.find('[') != std::string_view::npos && head.find(']') == std::string_view::npos) {
    const bool opcode = t.starts_with("__DefOpcode");
    const bool erratum = t.starts_with("__Erratum");
    if (!opcode || erratum)
      for (const isa::Group& g : db.groups()) add(g.name, CompletionKind::Definition, "group");
    if (opcode || erratum)
      for (const isa::Optype& o : db.optypes()) add(o.name, CompletionKind::Definition, "optype " + o.mnemonic);
    return out;
  }
  if (def == nullptr || section == nullptr || isProseSection(section->name)) return out;
  auto addFields = [&] {
    for (const isa::Field* f : fieldsOf(db, def))
      add(f->name, CompletionKind::Field, "<" + std::to_string(f->offset) + ", " + std::to_string(f->width) + "> " + db.typeOf(*f).name);
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
    std::size_t e = 0;
    while (e < rest.size() && isWordChar(rest[e])) ++e;
    const isa::BitFieldType* type = db.type(rest.substr(0, e));
    if (rest.find('=') != std::string_view::npos) {  // the value: the type's enumerators
      if (type != nullptr && type->isEnumerated())
        for (const isa::Enumerator& en : type->enumerators) add(en.name, CompletionKind::Value, hex(en.value));
      return out;
    }
    // The name: the fields the definition inherits, of this type first.
    for (const isa::Field* f : fieldsOf(db, def))
      if (type == nullptr || &db.typeOf(*f) == type) add(f->name, CompletionKind::Field, "<" + std::to_string(f->offset) + ", " + std::to_string(f->width) + "> " + db.typeOf(*f).name);
    return out;
  }
  if (section->name == "Encoding" && t.empty() && word.empty()) {
    add("field<", CompletionKind::Keyword, "field<offset, width> Type name;");
    return out;
  }
  // Statements and expressions name fields: Order<…>, Bitwidth<rd> = …, EncodingError<…> = ….
  if (head.find('<') != std::string_view::npos || head.find('=') != std::string_view::npos || head.find('(') != std::string_view::npos) {
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
