// The model the spec file's editor features share (private to server/ide/src/spec): the
// database looked up by a definition's names, the word under the cursor and the entity it names
// as the loader reads that place, and positions in the spec files.
#pragma once

#include <gpuasm/ide/spec/SpecFeatures.h>
#include <gpuasm/isa/Text.h>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide::spec {

using isa::DefKind;

// The DSL's statement words, which the semantic tokens show as keywords.
constexpr std::array<std::string_view, 8> kStatementWords = {
    "field", "InList", "OutList", "Order", "Bitwidth", "AsmFormat", "ModiOrder", "EncodingError"};

constexpr std::array<std::string_view, 5> kDefinitionKeywords = {"__DefBitFieldType", "__DefGroup",
                                                                 "__DefOptype", "__DefOpcode", "__Erratum"};
constexpr std::array<std::string_view, 14> kSectionNames = {
    "Encoding",   "Syntax",    "Description", "OperandInfo", "ModifierInfo", "Semantics", "Examples",
    "Simulation", "Exception", "Problem",     "Decision",    "Affects",      "Rules",     "Aliases"};

struct FieldHit {
  const isa::Field* field = nullptr;
  const isa::Opcode* opcode = nullptr;
};

struct Word {
  std::string_view text;
  syntax::ByteRange range;
};

// What a name in the document refers to.
struct Entity {
  enum class Kind : std::uint8_t {
    Type,
    Group,
    Optype,
    Opcode,
    Erratum,
    Field,
    Enumerator
  } kind = Kind::Type;
  syntax::ByteRange range;  ///< the name in the document
  std::string name;
  const isa::BitFieldType* type = nullptr;  ///< Type; Enumerator's type
  const isa::Group* group = nullptr;
  const isa::Optype* optype = nullptr;
  const isa::Opcode* opcode = nullptr;  ///< Opcode; Field's owner
  const isa::Erratum* erratum = nullptr;
  const isa::Field* field = nullptr;
  const isa::Enumerator* enumerator = nullptr;
};

// The characters of a name in the DSL, white space, and a value's spelling: the shared ones.
using text::hex;
using text::isWordChar;
using text::trimLeft;
bool isDigit(char c);
bool isStatementWord(std::string_view w);

// Sections whose lines are prose or assembly, not DSL statements.
bool isProseSection(std::string_view name);

// The opcodes a definition named `name` covers: an opcode itself, an optype's variants, every
// variant of the optypes under a group.
std::vector<const isa::Opcode*> opcodesUnder(const isa::InstrDb& db, std::string_view name);

// The names a definition of this document stands for in the database: its own, or (a
// definition the last load did not take, an erratum) its parents or targets.
std::vector<std::string_view> namesOf(const isa::InstrDb& db, const isa::SpecDefinition& def);

// Field `name` as the database resolves it in a definition: the declaration made there when
// there is one, else the one an opcode under it inherits.
FieldHit fieldIn(const isa::InstrDb& db, const isa::SpecDefinition* def, std::string_view name);

// Every field a definition can name (its own and inherited), one per name, by offset.
std::vector<const isa::Field*> fieldsOf(const isa::InstrDb& db, const isa::SpecDefinition* def);

// The chain from a group, optype or opcode up to the root: "IMAD_WIDE_RRR → IMAD_WIDE → IALU → ALL".
std::vector<std::string> inheritanceChain(const isa::InstrDb& db, std::string_view name);
std::string joined(const std::vector<std::string>& parts, std::string_view separator);

// The run of name characters around `offset` (its end counts as on it).
std::optional<Word> wordAt(std::string_view text, std::uint32_t offset);

// The word joined to its neighbour across `joint` ('.' of "rc.neg", '-' of "L-41"), the
// neighbour on the left first; none when neither side has one.
std::vector<Word> joinedWords(std::string_view text, const Word& w, char joint);

// The section of a definition that holds 1-based line `line`, or null (its header line).
const isa::SpecSection* sectionAt(const isa::SpecDefinition& def, std::uint32_t line);

// A `field<…>` line, parsed (nullopt for any other line).
std::optional<isa::FieldDecl> fieldDeclOf(std::string_view line);

// A domain line of __Syntax, `.itype = {.S32*, .U32}`: the variable's name.
std::optional<std::string_view> domainVariable(std::string_view line);
std::optional<Entity> byName(const isa::InstrDb& db, std::string_view name);
std::optional<Entity> enumeratorOf(const isa::BitFieldType* type, const Word& w);
std::optional<Entity> fieldEntity(const isa::InstrDb& db, const isa::SpecDefinition* def, const Word& w);

// The entity named at `offset`, read as the loader would in that place (see SpecFeatures.h).
std::optional<Entity> entityAt(const SpecView& view, std::uint32_t offset);

// The fields whose type is `type`, one per declaration (inherited copies share it).
std::vector<const isa::Field*> fieldsOfType(const isa::InstrDb& db, const isa::BitFieldType& type);

// A blank line or one holding only a // comment.
bool isBlankOrComment(std::string_view line);

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

/// Where a definition is: in this document when it defines a name, else where the last load found it.
std::optional<SpecSpot> definitionSpot(const SpecView& view, SpecLines& lines, const Entity& e);

}  // namespace gpuasm::ide::spec
