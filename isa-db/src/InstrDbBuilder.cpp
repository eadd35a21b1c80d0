// Builds the instruction database from parsed spec files: resolves types (spec, prelude and
// errata aliases), walks inheritance chains (group → optype → opcode, `ALL` implicit), applies
// errata amendments, resolves field values, parses OperandInfo/Exception statements and syntax
// forms, and indexes everything by name. Structural problems become diagnostics; the database
// is always produced. The database itself (its look-ups and accessors) is InstrDb.cpp.
#include <gpuasm/isa/FormBinding.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/isa/SpecParser.h>

#include "OperandInfoParser.h"
#include "TextUtil.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace gpuasm::isa {

// ---------------------------------------------------------------- the builder

std::vector<std::pair<std::string, std::vector<std::string>>> computeModifierSpellings(const InstrDb& db,
                                                                                       const Optype& optype);

class InstrDbBuilder {
 public:
  InstrDbBuilder(std::vector<SpecFile> files, DiagnosticSink& sink) : sink_(sink) {
    db_ = std::make_shared<InstrDb>();
    db_->files_ = std::move(files);
  }

  std::shared_ptr<InstrDb> build() {
    parseFiles();
    indexDefinitions();
    collectErrata();
    buildTypes();
    buildAsmFacts();
    buildGroups();
    buildOptypes();
    buildOpcodes();
    checkTypeUsage();
    deriveMnemonics();
    for (auto& o : db_->optypes_) {
      o.modifierSpellings = computeModifierSpellings(*db_, o);
      for (std::size_t i = 0; i < o.modifierSpellings.size(); ++i)
        o.spellingTable.add(o.modifierSpellings[i].first, i);
    }
    for (auto& op : db_->opcodes_) {
      for (auto& e : op.operandInfo.order) {
        if (e.kind != OrderElem::Kind::Field) continue;
        e.field = op.fieldIndex(e.name);
        const BitwidthRule* rule = op.operandInfo.bitwidth(e.name);
        e.bitwidth = rule == nullptr ? -1 : static_cast<int>(rule - op.operandInfo.bitwidths.data());
      }
      const Optype& o = db_->optypes_[op.optype];
      op.formBindings.reserve(o.syntax.forms.size());
      for (const auto& form : o.syntax.forms) {
        auto binding = bindForm(*db_, op, form);
        if (binding) bindModifierSpellings(*db_, o, op, form, *binding);
        op.formBindings.push_back(std::move(binding));
      }
    }
    indexForMatching();
    compileRules();
    return db_;
  }

 private:
  // The matcher's look-up tables, built last: names of enumerated types and mnemonics by hash
  // (valueOf scans while the types are being built), initial field values, required fields.
  void indexForMatching() {
    for (auto& t : db_->types_) {
      for (const auto& e : t.enumerators) t.byName.add(e.name, e.value);
      for (const auto& a : t.aliases) t.byName.add(a.spelling, a.value);
    }
    for (const auto& [mnemonic, index] : db_->mnemonicIndex_) db_->mnemonicTable_.add(mnemonic, index);
    for (auto& op : db_->opcodes_) {
      op.initialValues.clear();
      op.requiredFields.clear();
      for (std::uint32_t i = 0; i < op.fields.size(); ++i) {
        op.initialValues.push_back(op.fields[i].value);
        if (op.fields[i].presence == FieldPresence::Required) op.requiredFields.push_back(i);
      }
    }
  }

  // Bitwidth and EncodingError expressions resolved against each opcode's fields, for the matcher.
  void compileRules() {
    for (auto& op : db_->opcodes_) {
      const ExprEnv env = fieldEnv(*db_, op, [](std::size_t) { return std::optional<std::uint64_t>(0); });
      const std::function<int(std::string_view)> index = [&op](std::string_view name) {
        return op.fieldIndex(name);
      };
      for (auto& r : op.operandInfo.bitwidths) r.compiled = compileExpr(r.expr, index, env.enumValue);
      for (auto& r : op.encodingErrors) r.compiled = compileExpr(r.condition, index, env.enumValue);
    }
  }

  // An amendment section of an erratum, pre-parsed once.
  struct Amendment {
    std::string erratum;
    std::vector<FieldDecl> fields;
    std::vector<detail::RawStatement> operandStatements;
    std::vector<EncodingErrorRule> encodingErrors;
    const SpecSection* syntax = nullptr;
    const SpecSection* aliases = nullptr;
    std::uint32_t file = 0;
  };
  struct FieldDeclAt {
    FieldDecl decl;
    std::string declaredIn;
    std::string amendedBy;
    std::optional<FieldDecl> specDecl;  // what the spec said before an erratum replaced it
  };

  static std::uint64_t fieldKey(SourcePos pos) { return std::uint64_t{pos.file} << 32 | pos.line; }

  SpecFileRole roleOf(const SpecDefinition& def) const { return db_->files_[def.pos.file].role; }

  void parseFiles() {
    for (std::uint32_t i = 0; i < db_->files_.size(); ++i)
      asts_.push_back(parseSpecFile(i, db_->files_[i].text, sink_));
  }

  void indexDefinitions() {
    for (const auto& ast : asts_) {
      for (const auto& def : ast.definitions) {
        if (def.kind == DefKind::Erratum) {
          errataDefs_.push_back(&def);
          continue;
        }
        if (roleOf(def) == SpecFileRole::Errata) {
          sink_.error(def.pos, SpecCode::DefinitionInErrata, "errata files may only hold __Erratum entries");
          continue;
        }
        auto [it, fresh] = byName_.emplace(def.name, &def);
        if (!fresh) {
          sink_.error(def.pos, SpecCode::DuplicateDefinition,
                      def.name + " is already defined at " + db_->describe(it->second->pos) +
                          "; this one is ignored");
          continue;
        }
        ordered_.push_back(&def);
      }
    }
  }

  // ------------------------------------------------------------ errata

  void collectErrata() {
    for (const SpecDefinition* def : errataDefs_) {
      Erratum e;
      e.id = def->name;
      e.targets = def->parents;
      e.pos = def->pos;
      for (const auto& s : def->sections) {
        if (s.name == "Problem")
          e.problem = proseOf(s);
        else if (s.name == "Decision")
          e.decision = proseOf(s);
        else if (s.name == "Affects") {
          for (const auto& l : s.lines)
            for (auto a : text::splitTopLevel(stripLineComment(l.text), ','))
              if (!a.empty()) e.affects.emplace_back(a);
        } else if (s.name == "Rules") {
          for (const auto& l : s.lines)
            if (const std::string_view r = text::trim(stripLineComment(l.text)); !r.empty())
              e.rules.emplace_back(r);
        } else if (s.name == "Encoding" || s.name == "OperandInfo" || s.name == "Syntax" ||
                   s.name == "Aliases" || s.name == "Exception") {
          e.amends = true;
        } else {
          sink_.warning(s.pos, SpecCode::UnknownErratumSection,
                        "section __" + s.name + " has no meaning in an erratum");
        }
      }
      if (!e.problem.present)
        sink_.warning(def->pos, SpecCode::ErratumIncomplete, "erratum " + e.id + " has no __Problem");
      if (!e.decision.present)
        sink_.warning(def->pos, SpecCode::ErratumIncomplete, "erratum " + e.id + " has no __Decision");
      if (e.amends) registerAmendments(*def);
      if (db_->erratumIndex_.contains(e.id)) {
        sink_.error(def->pos, SpecCode::DuplicateErratum, "erratum " + e.id + " is defined twice");
        continue;
      }
      db_->erratumIndex_.emplace(e.id, static_cast<std::uint32_t>(db_->errata_.size()));
      db_->errata_.push_back(std::move(e));
    }
  }

  void registerAmendments(const SpecDefinition& def) {
    Amendment a;
    a.erratum = def.name;
    a.file = def.pos.file;
    for (const auto& s : def.sections) {
      if (s.name == "Encoding") {
        for (const auto& l : s.lines) {
          const std::string_view t = text::trim(stripLineComment(l.text));
          if (t.empty()) continue;
          if (auto f = parseFieldDecl(t, {def.pos.file, l.line, text::indentOf(l.text) + 1}, sink_))
            a.fields.push_back(*f);
        }
      } else if (s.name == "OperandInfo") {
        a.operandStatements = detail::splitStatements(s, def.pos.file, sink_, nullptr);
      } else if (s.name == "Exception") {
        for (const auto& st : detail::splitStatements(s, def.pos.file, sink_, nullptr))
          if (auto r = detail::parseEncodingError(st, sink_)) a.encodingErrors.push_back(std::move(*r));
      } else if (s.name == "Syntax") {
        a.syntax = &s;
      } else if (s.name == "Aliases") {
        a.aliases = &s;
      }
    }
    for (const auto& target : def.parents) {
      if (target == "ALL") {
        sink_.error(def.pos, SpecCode::ErratumBadTarget,
                    "erratum " + def.name + " amends definitions but targets ALL");
        continue;
      }
      if (!byName_.contains(target)) {
        sink_.error(def.pos, SpecCode::ErratumUnknownTarget,
                    "erratum " + def.name + " targets '" + target + "', which is not defined");
        continue;
      }
      amendments_[target].push_back(a);
    }
  }

  static Prose proseOf(const SpecSection& s) {
    Prose p;
    p.pos = s.pos;
    p.present = true;
    std::size_t first = 0, last = s.lines.size();
    while (first < last && text::trim(s.lines[first].text).empty()) ++first;
    while (last > first && text::trim(s.lines[last - 1].text).empty()) --last;
    p.firstLine = first < s.lines.size() ? s.lines[first].line : s.pos.line;
    for (std::size_t i = first; i < last; ++i) {
      if (i > first) p.text.push_back('\n');
      p.text += s.lines[i].text;
    }
    return p;
  }

  // ------------------------------------------------------------ assembler facts

  // `Keyword<arg, …> [= value];` lines of the __DefAsmFacts sections (prelude.isa).
  struct FactLine {
    std::string keyword;
    std::vector<std::string> args;
    std::string value;
    SourcePos pos;
  };

  std::optional<FactLine> parseFactLine(const SpecLine& l, std::uint32_t file) {
    const std::string_view t = text::trim(stripLineComment(l.text));
    if (t.empty()) return std::nullopt;
    const SourcePos pos{file, l.line, text::indentOf(l.text) + 1};
    const std::size_t open = t.find('<'), close = t.find('>');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open ||
        !t.ends_with(";")) {
      sink_.error(pos, SpecCode::BadStatement,
                  "expected `Keyword<name, …> [= value];`, found '" + std::string(t) + "'");
      return std::nullopt;
    }
    FactLine f;
    f.pos = pos;
    f.keyword = std::string(text::trim(t.substr(0, open)));
    for (auto a : text::splitTopLevel(t.substr(open + 1, close - open - 1), ','))
      if (!a.empty()) f.args.emplace_back(a);
    std::string_view rest = text::trim(t.substr(close + 1, t.size() - close - 2));
    if (rest.starts_with("="))
      f.value = std::string(text::trim(rest.substr(1)));
    else if (!rest.empty())
      sink_.error(pos, SpecCode::BadStatement,
                  "unexpected '" + std::string(rest) + "' after " + f.keyword + "<…>");
    return f;
  }

  std::optional<PlaceholderClass> roleNamed(std::string_view keyword) {
    if (keyword == "Gpr") return PlaceholderClass::Gpr;
    if (keyword == "UniformGpr") return PlaceholderClass::UniformGpr;
    if (keyword == "Predicate") return PlaceholderClass::Predicate;
    if (keyword == "UniformPredicate") return PlaceholderClass::UniformPredicate;
    if (keyword == "Immediate") return PlaceholderClass::Immediate;
    if (keyword == "AnySource") return PlaceholderClass::AnySource;
    return std::nullopt;
  }

  const BitFieldType* factType(const FactLine& f, const std::string& name) {
    const BitFieldType* t = db_->type(name);
    if (t == nullptr)
      sink_.error(f.pos, SpecCode::UnknownType, f.keyword + "<…> names '" + name + "', which is not a type");
    return t;
  }

  // The prelude's __DefAsmFacts (AsmFacts in InstrDb.h), read after the types it names.
  void buildAsmFacts() {
    AsmFacts& facts = db_->asmFacts_;
    bool seen = false;
    for (const SpecDefinition* def : ordered_) {
      if (def->kind != DefKind::AsmFacts) continue;
      seen = true;
      for (const SpecSection& s : def->sections) {
        for (const SpecLine& l : s.lines) {
          const auto f = parseFactLine(l, def->pos.file);
          if (!f) continue;
          const auto role = roleNamed(f->keyword);
          const bool oneArg = f->args.size() == 1;
          if (s.name == "Registers" && role && oneArg) {
            const BitFieldType* t = factType(*f, f->args[0]);
            if (t == nullptr) continue;
            AsmFacts::File file{static_cast<std::uint32_t>(t - db_->types_.data()), *role, std::nullopt};
            if (!f->value.empty()) {
              file.constant = t->valueOf(f->value);
              if (!file.constant)
                sink_.error(f->pos, SpecCode::UnknownValue,
                            "'" + f->value + "' is not an enumerator of " + t->name);
            }
            facts.files.push_back(file);
          } else if (s.name == "Operands" && f->keyword == "PredicateSet" && oneArg && !f->value.empty()) {
            if (const BitFieldType* t = factType(*f, f->value))
              facts.predicateSets.emplace_back(f->args[0],
                                               static_cast<std::uint32_t>(t - db_->types_.data()));
          } else if (s.name == "Operands" && f->keyword == "ConstantMemory" && oneArg) {
            facts.constantMemory = f->args[0];
          } else if (s.name == "AsmFormat" && f->keyword == "Complement" && oneArg && !f->value.empty()) {
            facts.complements.emplace_back(f->args[0], f->value);
          } else if (s.name == "Placeholders" && role && !f->args.empty()) {
            for (const auto& prefix : f->args) facts.placeholders.emplace_back(prefix, *role);
          } else {
            sink_.error(f->pos, SpecCode::BadStatement,
                        f->keyword + "<…> has no meaning in __" + s.name + " of __DefAsmFacts");
          }
        }
      }
    }
    const auto prelude = std::find_if(db_->files_.begin(), db_->files_.end(),
                                      [](const SpecFile& f) { return f.role == SpecFileRole::Prelude; });
    if (!seen && prelude != db_->files_.end())
      sink_.warning(
          {static_cast<std::uint32_t>(prelude - db_->files_.begin()), 1, 1}, SpecCode::NoAsmFacts,
          "no __DefAsmFacts in the prelude: zero registers, predicate sets and constant memory are unknown");
  }

  // ------------------------------------------------------------ types

  void buildTypes() {
    for (const SpecDefinition* def : ordered_) {
      if (def->kind != DefKind::BitFieldType) continue;
      BitFieldType t;
      t.name = def->name;
      t.width = def->width;
      t.pos = def->pos;
      t.origin = roleOf(*def);
      if (!def->parents.empty()) {
        t.kind = parseKind(def->parents.front(), def->pos);
        if (def->parents.size() > 1)
          sink_.error(def->pos, SpecCode::BadTypeKind, "a type has at most one kind");
      }
      std::uint64_t next = 0;
      std::set<std::string> seen;
      for (const auto& e : def->enumerators) {
        const std::uint64_t v = e.value.value_or(next);
        next = v + 1;
        if (t.width > 0 && t.width < 64 && v >> t.width != 0)
          sink_.error(e.pos, SpecCode::EnumeratorTooWide,
                      e.name + " = " + std::to_string(v) + " does not fit " + t.name + "<" +
                          std::to_string(t.width) + ">");
        if (!seen.insert(e.name).second) {
          sink_.error(e.pos, SpecCode::DuplicateEnumerator, e.name + " is declared twice in " + t.name);
          continue;
        }
        t.enumerators.push_back({e.name, v, e.pos});
      }
      for (const auto& f : def->subFields) {
        if (f.offset + f.width > t.width)
          sink_.error(f.pos, SpecCode::SubfieldTooWide,
                      "sub-field " + f.name + " exceeds " + t.name + "<" + std::to_string(t.width) + ">");
        t.subFields.push_back({f.name, f.offset, f.width, f.type});
      }
      if (t.kind == TypeKind::CMem && t.subFields.empty())
        sink_.error(def->pos, SpecCode::CmemLayoutMissing,
                    "CMem type " + t.name + " needs field<> lines for bank and offset");
      if (t.isEnumerated() && t.enumerators.empty())
        sink_.warning(def->pos, SpecCode::EmptyType, "type " + t.name + " has no enumerators");
      if (t.isEnumerated() && t.width > 0 && t.width <= 16) {
        t.byValue.assign(std::size_t{1} << t.width, -1);
        for (std::size_t i = t.enumerators.size(); i-- > 0;)  // first declared wins
          if (t.enumerators[i].value < t.byValue.size())
            t.byValue[t.enumerators[i].value] = static_cast<std::int32_t>(i);
      }
      db_->typeIndex_.emplace(t.name, static_cast<std::uint32_t>(db_->types_.size()));
      db_->types_.push_back(std::move(t));
    }
    // Aliases from errata, after every type exists.
    for (auto& t : db_->types_) {
      const auto it = amendments_.find(t.name);
      if (it == amendments_.end()) continue;
      for (const auto& a : it->second) {
        if (a.aliases == nullptr) continue;
        for (const auto& l : a.aliases->lines) {
          const std::string_view line = text::trim(stripLineComment(l.text));
          if (line.empty()) continue;
          const SourcePos pos{a.file, l.line, text::indentOf(l.text) + 1};
          text::Cursor c(line, pos.column);
          const std::string spelling(c.word());
          const bool eq = c.accept('=');
          const std::string target(c.word());
          if (spelling.empty() || !eq || target.empty() || !c.accept(';')) {
            sink_.error(pos, SpecCode::BadAlias, "expected 'SPELLING = ENUMERATOR;'");
            continue;
          }
          const auto v = t.valueOf(target);
          if (!v) {
            sink_.error(pos, SpecCode::BadAlias, target + " is not an enumerator of " + t.name);
            continue;
          }
          if (t.valueOf(spelling)) {
            sink_.error(pos, SpecCode::BadAlias, spelling + " already names a value of " + t.name);
            continue;
          }
          t.aliases.push_back({spelling, target, *v, a.erratum, pos});
        }
      }
    }
    for (const auto& [target, list] : amendments_)
      for (const auto& a : list)
        if (a.aliases != nullptr && !db_->typeIndex_.contains(target))
          sink_.error(a.aliases->pos, SpecCode::ErratumBadTarget,
                      "__Aliases needs a type target; " + target + " is not a type");
  }

  TypeKind parseKind(const std::string& k, SourcePos pos) {
    static constexpr std::array kinds = {TypeKind::Enum, TypeKind::Register, TypeKind::Predicate,
                                         TypeKind::Flag, TypeKind::SImm,     TypeKind::UImm,
                                         TypeKind::FImm, TypeKind::CMem};
    for (TypeKind kind : kinds)
      if (k == typeKindName(kind)) return kind;
    sink_.error(pos, SpecCode::BadTypeKind, "unknown type kind '" + k + "'");
    return TypeKind::Enum;
  }

  // ------------------------------------------------------------ groups

  void buildGroups() {
    for (const SpecDefinition* def : ordered_) {
      if (def->kind != DefKind::Group) continue;
      Group g{def->name, def->parents.empty() ? std::string("ALL") : def->parents.front(), def->pos};
      if (g.parent == "ALL") {
        if (!reportedAll_) {
          sink_.note(def->pos, SpecCode::ImplicitRoot,
                     "parent group ALL is never defined; it is taken as the implicit empty root");
          reportedAll_ = true;
        }
      } else {
        const auto it = byName_.find(g.parent);
        if (it == byName_.end() || it->second->kind != DefKind::Group)
          sink_.error(def->pos, SpecCode::UnknownParent,
                      "group " + g.name + " has parent " + g.parent + ", which is not a group");
      }
      db_->groupIndex_.emplace(g.name, static_cast<std::uint32_t>(db_->groups_.size()));
      db_->groups_.push_back(std::move(g));
    }
  }

  // ------------------------------------------------------------ optypes

  void buildOptypes() {
    for (const SpecDefinition* def : ordered_) {
      if (def->kind != DefKind::Optype) continue;
      Optype o;
      o.name = def->name;
      o.group = def->parents.empty() ? std::string() : def->parents.front();
      o.pos = def->pos;
      o.index = static_cast<std::uint32_t>(db_->optypes_.size());
      const auto git = byName_.find(o.group);
      if (!o.group.empty() && (git == byName_.end() || git->second->kind != DefKind::Group))
        sink_.error(def->pos, SpecCode::UnknownParent,
                    "optype " + o.name + " has parent " + o.group + ", which is not a group");
      for (const auto& s : def->sections) {
        if (s.name == "Syntax")
          o.syntax = parseSyntaxSection(s.lines, def->pos.file, sink_);
        else if (s.name == "Description")
          o.docs.description = proseOf(s);
        else if (s.name == "ModifierInfo")
          o.docs.modifierInfo = proseOf(s);
        else if (s.name == "Semantics")
          o.docs.semantics = proseOf(s);
        else if (s.name == "Examples")
          o.docs.examples = proseOf(s);
        else if (s.name == "Simulation")
          o.docs.simulation = proseOf(s);
        else if (s.name == "OperandInfo") {
          o.docs.operandInfo.pos = s.pos;
          o.docs.operandInfo.present = true;
          optypeStatements_[o.name] =
              detail::splitStatements(s, def->pos.file, sink_, &o.docs.operandInfo.text);
        } else if (s.name == "Exception") {
          for (const auto& st : detail::splitStatements(s, def->pos.file, sink_, nullptr))
            if (auto r = detail::parseEncodingError(st, sink_)) o.encodingErrors.push_back(std::move(*r));
        }
      }
      applySyntaxAmendments(o);
      // Operand slots that stand for a whole predicate file (the prelude's PredicateSet<>).
      for (auto& form : o.syntax.forms)
        for (auto& slot : form.operands)
          if (slot.shape == OperandShape::Plain && db_->predicateSetFile(slot.placeholder) != nullptr) {
            slot.shape = OperandShape::PredicateSet;
            slot.fileName = slot.placeholder;
          }
      db_->optypeIndex_.emplace(o.name, o.index);
      db_->optypes_.push_back(std::move(o));
    }
  }

  void applySyntaxAmendments(Optype& o) {
    const auto it = amendments_.find(o.name);
    if (it == amendments_.end()) return;
    for (const auto& a : it->second) {
      if (a.syntax == nullptr) continue;
      SyntaxBlock extra = parseSyntaxSection(a.syntax->lines, a.file, sink_);
      for (auto& d : extra.domains) {
        auto existing = std::find_if(o.syntax.domains.begin(), o.syntax.domains.end(),
                                     [&](const ModifierDomain& x) { return x.variable == d.variable; });
        if (existing != o.syntax.domains.end()) {
          o.specDomains.push_back(std::move(*existing));
          *existing = std::move(d);
        } else
          o.syntax.domains.push_back(std::move(d));
      }
      for (auto& f : extra.forms) {
        f.erratum = a.erratum;
        o.syntax.forms.push_back(std::move(f));
      }
      o.syntaxAmendedBy = a.erratum;
    }
  }

  // ------------------------------------------------------------ opcodes

  // The definitions from the root-most group down to `leaf`.
  std::vector<const SpecDefinition*> chainOf(const SpecDefinition& leaf) {
    std::vector<const SpecDefinition*> chain;
    const SpecDefinition* cur = &leaf;
    std::set<std::string> visited;
    while (cur != nullptr) {
      if (!visited.insert(cur->name).second) {
        sink_.error(cur->pos, SpecCode::InheritanceCycle,
                    "inheritance of " + leaf.name + " loops at " + cur->name);
        break;
      }
      chain.push_back(cur);
      if (cur->parents.empty() || cur->parents.front() == "ALL") break;
      const auto it = byName_.find(cur->parents.front());
      cur = it == byName_.end() ? nullptr : it->second;
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
  }

  std::vector<FieldDeclAt> collectFields(const std::vector<const SpecDefinition*>& chain) {
    std::vector<FieldDeclAt> fields;
    auto put = [&](const FieldDecl& d, const std::string& declaredIn, const std::string& amendedBy) {
      auto it = std::find_if(fields.begin(), fields.end(),
                             [&](const FieldDeclAt& f) { return f.decl.name == d.name; });
      if (amendedBy.empty() && !firstUse_.contains(d.type)) firstUse_.emplace(d.type, d.pos);
      if (it == fields.end()) {
        fields.push_back({d, declaredIn, amendedBy, std::nullopt});
        return;
      }
      std::optional<FieldDecl> specDecl =
          it->amendedBy.empty() ? std::optional<FieldDecl>(it->decl) : it->specDecl;
      if (amendedBy.empty()) {
        specDecl.reset();
        const bool same = it->decl.offset == d.offset && it->decl.width == d.width &&
                          it->decl.type == d.type && it->decl.value == d.value && it->decl.fixed == d.fixed;
        const std::string key = declaredIn + "/" + d.name;
        if (reportedRedeclarations_.insert(key).second) {
          if (same)
            sink_.warning(d.pos, SpecCode::FieldRedeclared,
                          "field " + d.name + " repeats the declaration inherited from " + it->declaredIn);
          else
            sink_.error(d.pos, SpecCode::FieldConflict,
                        "field " + d.name + " differs from the declaration inherited from " + it->declaredIn +
                            "; the later one is used");
        }
      }
      *it = {d, declaredIn, amendedBy, specDecl};
    };
    for (const SpecDefinition* def : chain) {
      if (const SpecSection* enc = def->section("Encoding")) {
        for (const auto& l : enc->lines) {
          const std::string_view t = text::trim(l.text);
          if (t.empty() || t.starts_with("//")) continue;
          const SourcePos pos{def->pos.file, l.line, text::indentOf(l.text) + 1};
          auto parsed = parsedFields_.find(fieldKey(pos));
          if (parsed == parsedFields_.end()) {
            auto f = parseFieldDecl(t, pos, sink_);
            parsed = parsedFields_.emplace(fieldKey(pos), f).first;
          }
          if (parsed->second) put(*parsed->second, def->name, {});
        }
      }
      const auto am = amendments_.find(def->name);
      if (am != amendments_.end())
        for (const auto& a : am->second)
          for (const auto& f : a.fields) put(f, def->name, a.erratum);
    }
    return fields;
  }

  void buildOpcodes() {
    for (const SpecDefinition* def : ordered_) {
      if (def->kind != DefKind::Opcode) continue;
      Opcode op;
      op.name = def->name;
      op.pos = def->pos;
      op.index = static_cast<std::uint32_t>(db_->opcodes_.size());
      const std::string parent = def->parents.empty() ? std::string() : def->parents.front();
      const auto oit = db_->optypeIndex_.find(parent);
      if (oit == db_->optypeIndex_.end()) {
        if (!parent.empty())
          sink_.error(def->pos, SpecCode::UnknownParent,
                      "opcode " + op.name + " has parent " + parent + ", which is not an optype");
        collectFields(chainOf(*def));  // still read its fields, so their own problems are reported
        continue;
      }
      op.optype = oit->second;
      Optype& optype = db_->optypes_[op.optype];
      const auto chain = chainOf(*def);
      for (auto& fd : collectFields(chain)) {
        if (auto f = resolveField(fd, op.name)) op.fields.push_back(std::move(*f));
      }
      std::stable_sort(op.fields.begin(), op.fields.end(),
                       [](const Field& a, const Field& b) { return a.offset < b.offset; });
      checkOverlaps(op);
      op.attributes.assign(op.fields.size(), {});
      for (std::size_t i = 0; i < op.fields.size(); ++i) {
        const Field& f = op.fields[i];
        if (f.attribute().empty()) continue;
        const int base = op.fieldIndex(f.base());
        if (base < 0) continue;
        FieldAttributes& a = op.attributes[static_cast<std::size_t>(base)];
        const std::string_view attr = f.attribute();
        const int idx = static_cast<int>(i);
        if (attr == "neg")
          a.neg = idx;
        else if (attr == "abs")
          a.abs = idx;
        else if (attr == "not")
          a.notBit = idx;
        else if (attr == "bitnot")
          a.bitNot = idx;
        else if (attr == "bsel")
          a.bsel = idx;
        else if (attr == "hsel")
          a.hsel = idx;
      }
      for (const auto& f : op.fields) {
        op.fieldMask = op.fieldMask | Word128::mask(f.offset, f.width);
        if (f.presence != FieldPresence::Fixed) continue;
        op.fixedMask = op.fixedMask | Word128::mask(f.offset, f.width);
        op.fixedBits.setBits(f.offset, f.width, f.value);
      }
      // OperandInfo: optype statements, then the opcode's own, then errata along the chain.
      for (const auto& st : optypeStatements_[optype.name])
        detail::applyOperandStatement(st, op.operandInfo, sink_, {});
      if (const SpecSection* oi = def->section("OperandInfo")) {
        op.operandInfoProse.pos = oi->pos;
        for (const auto& st : detail::splitStatements(*oi, def->pos.file, sink_, &op.operandInfoProse.text))
          detail::applyOperandStatement(st, op.operandInfo, sink_, {});
        op.operandInfoProse.present = !op.operandInfoProse.text.empty();
      }
      op.encodingErrors = optype.encodingErrors;
      if (const SpecSection* ex = def->section("Exception"))
        for (const auto& st : detail::splitStatements(*ex, def->pos.file, sink_, nullptr))
          if (auto r = detail::parseEncodingError(st, sink_)) op.encodingErrors.push_back(std::move(*r));
      for (const SpecDefinition* link : chain) {
        const auto am = amendments_.find(link->name);
        if (am == amendments_.end()) continue;
        for (const auto& a : am->second) {
          for (const auto& st : a.operandStatements)
            detail::applyOperandStatement(st, op.operandInfo, sink_, a.erratum);
          for (const auto& r : a.encodingErrors) op.encodingErrors.push_back(r);
        }
      }
      // Order<> elements that stand for a whole predicate file (the prelude's PredicateSet<>).
      for (auto& e : op.operandInfo.order)
        if (e.kind == OrderElem::Kind::Field && db_->predicateSetFile(e.name) != nullptr)
          e.kind = OrderElem::Kind::PredicateSet;
      checkOperandInfoNames(op);
      optype.opcodes.push_back(op.index);
      db_->opcodeIndex_.emplace(op.name, op.index);
      db_->opcodes_.push_back(std::move(op));
    }
  }

  std::optional<Field> resolveField(const FieldDeclAt& fd, const std::string& opcodeName) {
    const FieldDecl& d = fd.decl;
    Field f;
    f.name = d.name;
    f.offset = d.offset;
    f.width = d.width;
    f.pos = d.pos;
    f.declaredIn = fd.declaredIn;
    f.amendedBy = fd.amendedBy;
    if (fd.specDecl)
      f.specDeclaration = Field::SpecDeclaration{fd.specDecl->offset, fd.specDecl->width,
                                                 fd.specDecl->type,   fd.specDecl->value.value_or(""),
                                                 fd.specDecl->fixed,  fd.specDecl->pos};
    const auto tit = db_->typeIndex_.find(d.type);
    if (tit == db_->typeIndex_.end()) {
      if (reportedUndefinedTypes_.insert(d.type).second)
        sink_.error(d.pos, SpecCode::UndefinedType,
                    "type " + d.type + " is not defined (field " + d.name + " of " + opcodeName + ")");
      return std::nullopt;
    }
    f.type = tit->second;
    const BitFieldType& t = db_->types_[f.type];
    if (t.width != d.width && t.kind != TypeKind::CMem)
      warnOnce(d.pos, SpecCode::FieldWidthMismatch,
               "field " + d.name + " is " + std::to_string(d.width) + " bits wide but type " + t.name +
                   " has " + std::to_string(t.width));
    if (!d.value) return f;
    f.presence = d.fixed ? FieldPresence::Fixed : FieldPresence::Default;
    f.valueText = *d.value;
    if (auto v = resolveValue(t, *d.value, d.width)) {
      f.value = *v;
    } else {
      warnOnce(d.pos, SpecCode::BadFieldValue,
               "'" + *d.value + "' is not a value of " + t.name + " (field " + d.name + ")", Severity::Error);
      f.presence = FieldPresence::Required;
    }
    return f;
  }

  static std::optional<std::uint64_t> resolveValue(const BitFieldType& t, const std::string& token,
                                                   std::uint32_t width) {
    if (auto v = t.valueOf(token)) return v;  // names first: "32" is a MOVW enumerator, not a number
    if (t.isEnumerated()) return std::nullopt;
    auto v = text::parseUnsigned(token);
    if (!v || (width < 64 && *v >> width != 0)) return std::nullopt;
    return v;
  }

  // "8..11" (or "8") of two overlapping fields.
  static std::string sharedBits(const Field& a, const Field& b) {
    const std::uint32_t first = std::max(a.offset, b.offset);
    const std::uint32_t last = std::min(a.offset + a.width, b.offset + b.width) - 1;
    return first == last ? std::to_string(first) : std::to_string(first) + ".." + std::to_string(last);
  }

  void checkOverlaps(const Opcode& op) {
    for (std::size_t i = 1; i < op.fields.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        const Field& a = op.fields[j];
        const Field& b = op.fields[i];
        if (b.offset < a.offset + a.width && a.offset < b.offset + b.width)
          warnOnce(b.pos, SpecCode::FieldOverlap,
                   "field " + b.name + " <" + std::to_string(b.offset) + "," + std::to_string(b.width) +
                       "> overlaps " + a.name + " <" + std::to_string(a.offset) + "," +
                       std::to_string(a.width) + "> in " + op.name + ": both use bits " + sharedBits(a, b),
                   Severity::Error);
      }
    }
  }

  void checkOperandInfoNames(const Opcode& op) {
    const OperandInfo& info = op.operandInfo;
    auto known = [&](const std::string& n) {
      return op.field(n) != nullptr || db_->predicateSetFile(n) != nullptr;
    };
    auto check = [&](const std::string& n, SourcePos pos, const char* where) {
      if (!known(n))
        sink_.error(
            pos.valid() ? pos : op.pos, SpecCode::UnknownOperand,
            std::string(where) + " of " + op.name + " names '" + n + "', which is not a field of " + op.name);
    };
    for (const auto& n : info.inList) check(n, op.pos, "InList");
    for (const auto& n : info.outList) check(n, op.pos, "OutList");
    for (const auto& e : info.order) {
      if (e.kind == OrderElem::Kind::Composite) {
        for (const auto& p : e.parts) check(p, info.orderPos, "Order");
      } else {
        check(e.name, info.orderPos, "Order");
      }
    }
    for (const auto& b : info.bitwidths) {
      check(b.operand, b.pos, "Bitwidth");
      b.expr.forEachField([&](const std::string& n) { check(n, b.pos, "a Bitwidth expression"); });
    }
    for (const auto& a : info.asmFormats) check(a.target, a.pos, "AsmFormat");
    for (const auto& m : info.modiOrders)
      for (const auto& n : m) check(n, op.pos, "ModiOrder");
    for (const auto& r : op.encodingErrors)
      r.condition.forEachField([&](const std::string& n) { check(n, r.pos, "an EncodingError condition"); });
  }

  // ------------------------------------------------------------ type usage

  void checkTypeUsage() {
    for (const auto& t : db_->types_) {
      const auto use = firstUse_.find(t.name);
      if (t.origin == SpecFileRole::Prelude) {
        if (use != firstUse_.end() && db_->files_[use->second.file].role == SpecFileRole::Spec)
          sink_.warning(use->second, SpecCode::UndefinedType,
                        "type " + t.name +
                            " is used but not defined by the spec; the prelude's assumption at " +
                            db_->describe(t.pos) + " is used");
        continue;
      }
      if (use == firstUse_.end()) {
        sink_.note(t.pos, SpecCode::UnusedType, "type " + t.name + " is defined but no field uses it");
        continue;
      }
      const SourcePos u = use->second;
      if (u.file < t.pos.file || (u.file == t.pos.file && u.line < t.pos.line))
        sink_.note(u, SpecCode::TypeUsedBeforeDefinition,
                   "type " + t.name + " is used before its definition at " + db_->describe(t.pos));
    }
  }

  // ------------------------------------------------------------ mnemonics

  void deriveMnemonics() {
    for (auto& o : db_->optypes_) {
      std::string mnemonic;
      for (auto& form : o.syntax.forms) {
        std::optional<std::size_t> parts;
        std::string joinedUnderscore = form.baseName, joinedPlain = form.baseName;
        if (form.baseName == o.name) parts = 0;
        for (std::size_t k = 0; k < form.parts.size() && !form.parts[k].variable && !form.parts[k].optional;
             ++k) {
          joinedUnderscore += "_" + form.parts[k].text;
          joinedPlain += form.parts[k].text;
          if (joinedUnderscore == o.name || joinedPlain == o.name) parts = k + 1;
        }
        if (!parts) {
          sink_.warning(form.pos, SpecCode::SyntaxMnemonicMismatch,
                        "syntax form '" + form.baseName + "…' does not spell optype " + o.name);
          parts = 0;
        }
        form.mnemonicParts = *parts;
        std::string m = form.baseName;
        for (std::size_t k = 0; k < *parts; ++k) m += "." + form.parts[k].text;
        if (mnemonic.empty())
          mnemonic = m;
        else if (m != mnemonic)
          sink_.warning(
              form.pos, SpecCode::SyntaxMnemonicMismatch,
              "syntax form spells " + m + " where an earlier form of " + o.name + " spells " + mnemonic);
      }
      o.mnemonic = mnemonic.empty() ? o.name : mnemonic;
      auto [it, fresh] = db_->mnemonicIndex_.emplace(o.mnemonic, o.index);
      if (!fresh)
        sink_.error(
            o.pos, SpecCode::DuplicateMnemonic,
            "optypes " + db_->optypes_[it->second].name + " and " + o.name + " share mnemonic " + o.mnemonic);
    }
  }

  void warnOnce(SourcePos pos, SpecCode code, const std::string& message,
                Severity severity = Severity::Warning) {
    if (!reportedOnce_
             .insert(std::to_string(pos.file) + ":" + std::to_string(pos.line) + ":" +
                     std::string(spelling(code)) + message)
             .second)
      return;
    sink_.report(pos, severity, code, message);
  }

  DiagnosticSink& sink_;
  std::shared_ptr<InstrDb> db_;
  std::vector<SpecFileAst> asts_;
  std::unordered_map<std::string, const SpecDefinition*> byName_;
  std::vector<const SpecDefinition*> ordered_;
  std::vector<const SpecDefinition*> errataDefs_;
  std::unordered_map<std::string, std::vector<Amendment>> amendments_;
  std::unordered_map<std::string, std::vector<detail::RawStatement>> optypeStatements_;
  std::unordered_map<std::uint64_t, std::optional<FieldDecl>> parsedFields_;
  std::unordered_map<std::string, SourcePos> firstUse_;
  std::set<std::string> reportedUndefinedTypes_, reportedRedeclarations_, reportedOnce_;
  bool reportedAll_ = false;
};

// For each spelling the optype's forms accept after the mnemonic, the modifier slots it can
// fill, in the order the forms write them: a literal fills only itself (".X"), a domain value
// or one of its alias spellings (errata __Aliases, e.g. .S1 for .S16, L-54) fills its variable.
// IDP.4A's afmt and bfmt share {S8, U8}, so a spelling can name several slots.
std::vector<std::pair<std::string, std::vector<std::string>>> computeModifierSpellings(const InstrDb& db,
                                                                                       const Optype& optype) {
  std::map<std::string, std::vector<std::string>> slots;
  auto add = [&](const std::string& spelling, const std::string& slot) {
    auto& list = slots[spelling];
    if (std::find(list.begin(), list.end(), slot) == list.end()) list.push_back(slot);
  };
  for (const auto& form : optype.syntax.forms) {
    for (std::size_t k = form.mnemonicParts; k < form.parts.size(); ++k) {
      const ModifierSlot& part = form.parts[k];
      if (!part.variable) {
        add(part.text, "." + part.text);
        continue;
      }
      const ModifierDomain* d = optype.domain(part.text);
      if (d == nullptr) continue;
      for (const auto& v : d->values) add(v.spelling, d->variable);
      for (auto i : optype.opcodes) {
        const Field* f = db.opcodes()[i].field(d->variable);
        if (f == nullptr) continue;
        const BitFieldType& type = db.typeOf(*f);
        for (const auto& a : type.aliases)
          for (const auto& v : d->values)
            if (type.valueOf(v.spelling) == a.value) add(a.spelling, d->variable);
        break;
      }
    }
  }
  return {slots.begin(), slots.end()};  // sorted by spelling
}

SpecLoad loadSpec(std::vector<SpecFile> files) {
  DiagnosticSink sink;
  InstrDbBuilder builder(std::move(files), sink);
  auto db = builder.build();
  return {std::move(db), sink.take()};
}

SpecLoad loadEmbeddedSpec() { return loadSpec(embeddedSpecFiles()); }

}  // namespace gpuasm::isa
