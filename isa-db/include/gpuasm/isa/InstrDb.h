// The instruction database: the spec resolved into an immutable, indexed model that every other
// part of gpuasm reads (encoder/decoder, matcher, hover, completion, simulator dispatch).
// Built from spec files by `loadSpec`, which never fails: it returns the database and the
// diagnostics found while building it. Types, inheritance (group → optype → opcode, with `ALL`
// as the implicit root) and gpuasm's errata amendments are all applied here.
#pragma once

#include <gpuasm/isa/Diagnostic.h>
#include <gpuasm/isa/Expr.h>
#include <gpuasm/isa/SpecSource.h>
#include <gpuasm/isa/Syntax.h>
#include <gpuasm/isa/Word128.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gpuasm::isa {

/// Transparent string hash: unordered maps keyed by std::string are searched with a
/// std::string_view without building a string.
struct StringHash {
  using is_transparent = void;
  /// FNV-1a: the keys are short names (R17, IMAD.WIDE), where it beats the library's hash.
  std::size_t operator()(std::string_view s) const noexcept {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    return static_cast<std::size_t>(h);
  }
};
/// A string-keyed map searched by std::string_view.
template <typename V>
using StringMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

/// An immutable name → number table for the matcher's hot look-ups (register and enumerator
/// names, mnemonics): open addressing over a power-of-two array at most half full, so a
/// look-up is one short hash, usually one probe and one compare, without allocation.
class NameIndex {
 public:
  /// Adds a name; a name already present keeps its first value.
  void add(std::string_view name, std::uint64_t value) {
    if (find(name)) return;
    if ((keys_.size() + 1) * 2 > slots_.size()) grow();
    keys_.emplace_back(name);
    values_.push_back(value);
    place(static_cast<std::uint32_t>(keys_.size() - 1));
  }
  std::optional<std::uint64_t> find(std::string_view name) const {
    if (slots_.empty()) return std::nullopt;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = StringHash{}(name)&mask;; i = (i + 1) & mask) {
      const std::uint32_t k = slots_[i];
      if (k == kEmpty) return std::nullopt;
      if (same(keys_[k], name)) return values_[k];
    }
  }
  bool empty() const { return keys_.empty(); }
  std::size_t size() const { return keys_.size(); }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  // Names are a few characters long: an inline loop beats a call to memcmp.
  static bool same(const std::string& key, std::string_view name) {
    if (key.size() != name.size()) return false;
    for (std::size_t j = 0; j < name.size(); ++j)
      if (key[j] != name[j]) return false;
    return true;
  }
  void place(std::uint32_t k) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = StringHash{}(keys_[k]) & mask;
    while (slots_[i] != kEmpty) i = (i + 1) & mask;
    slots_[i] = k;
  }
  void grow() {
    slots_.assign(slots_.empty() ? 8 : slots_.size() * 2, kEmpty);
    for (std::uint32_t k = 0; k < keys_.size(); ++k) place(k);
  }
  std::vector<std::string> keys_;
  std::vector<std::uint64_t> values_;
  std::vector<std::uint32_t> slots_;
};

/// What the values of a bit-field type mean. The spec's own types are all Enum; the prelude
/// marks the rest with `: [Kind]` (see docs/ARCHITECTURE.md, "DSL extensions").
enum class TypeKind : std::uint8_t { Enum, Register, Predicate, Flag, SImm, UImm, FImm, CMem };

/// Spelling of a kind as written in the prelude ("Enum", "Register", ...).
const char* typeKindName(TypeKind kind);

/// A named value of an enumerated type.
struct Enumerator {
  std::string name;
  std::uint64_t value = 0;
  SourcePos pos;
};

/// An extra spelling accepted for an enumerator (e.g. CLAMP for CWMode C), from an erratum.
struct EnumAlias {
  std::string spelling;
  std::string target;
  std::uint64_t value = 0;
  std::string erratum;
  SourcePos pos;
};

/// A sub-field of a composite immediate type (CMem's bank and offset).
struct SubField {
  std::string name;
  std::uint32_t offset = 0;
  std::uint32_t width = 0;
  std::string type;
};

/// A `__DefBitFieldType`, from the spec or the prelude.
struct BitFieldType {
  std::string name;
  std::uint32_t width = 0;
  TypeKind kind = TypeKind::Enum;
  SourcePos pos;
  SpecFileRole origin = SpecFileRole::Spec;
  std::vector<Enumerator> enumerators;
  std::vector<EnumAlias> aliases;
  std::vector<SubField> subFields;
  /// Dense value → enumerator index (-1: none) for enumerated types up to 16 bits wide, built
  /// with the database so decoding checks a value in O(1) instead of scanning 256 registers.
  std::vector<std::int32_t> byValue;
  /// Spelling (enumerator, then alias; the first declared wins) → value, built with the
  /// database so matching a register name is one hash look-up, not a scan of 256 names.
  NameIndex byName;

  /// Value of an enumerator or alias spelling; nullopt when the name is not one.
  std::optional<std::uint64_t> valueOf(std::string_view spelling) const;
  /// The enumerator with this value (first declared), or null.
  const Enumerator* enumeratorFor(std::uint64_t value) const;
  /// True for kinds whose values are named (Enum, Register, Predicate, Flag).
  bool isEnumerated() const;
  /// True for immediate kinds (SImm, UImm, FImm, CMem).
  bool isImmediate() const { return !isEnumerated(); }
};

/// Whether a field must be given, has a default, or is fixed (identifies the encoding).
enum class FieldPresence : std::uint8_t { Required, Default, Fixed };

/// One field of an opcode's full encoding, after inheritance and errata.
struct Field {
  std::string name;  ///< may be dotted: "ra.neg"
  std::uint32_t offset = 0;
  std::uint32_t width = 0;
  std::uint32_t type = 0;  ///< index into InstrDb::types()
  FieldPresence presence = FieldPresence::Required;
  std::uint64_t value = 0;  ///< default or fixed value (raw bits)
  std::string valueText;    ///< as written: "PT", "32", "NoX"
  SourcePos pos;
  std::string declaredIn;  ///< group, optype or opcode that declared it
  std::string amendedBy;   ///< erratum id when an erratum replaced the declaration

  /// The spec's own declaration of a field an erratum replaced, so lint still sees the spec.
  struct SpecDeclaration {
    std::uint32_t offset = 0;
    std::uint32_t width = 0;
    std::string type;
    std::string valueText;
    bool fixed = false;
    SourcePos pos;
  };
  std::optional<SpecDeclaration> specDeclaration;  ///< set when amendedBy is

  /// "ra" for "ra.neg", the whole name otherwise.
  std::string_view base() const;
  /// "neg" for "ra.neg", empty otherwise.
  std::string_view attribute() const;
};

/// A prose section kept verbatim for hover, with the position of its header.
struct Prose {
  std::string text;
  SourcePos pos;                ///< the section header
  std::uint32_t firstLine = 0;  ///< line number of the first line of `text`
  bool present = false;
};

/// An element of `Order<…>`: a field, the predicate file (`PR`/`UPR`) or a composite address
/// (`R[urb, ridx]`, `UR[urb, uridx]`, `C[vb, ura]`).
struct OrderElem {
  enum class Kind : std::uint8_t { Field, PredicateSet, Composite };
  Kind kind = Kind::Field;
  std::string name;                ///< field name, or "PR"/"UPR", or composite file "R"/"UR"/"C"
  std::vector<std::string> parts;  ///< composite parts
  int field = -1;     ///< Kind::Field: index into the opcode's fields (-1 if none), set with the database
  int bitwidth = -1;  ///< Kind::Field: index into OperandInfo::bitwidths of its rule (-1 if none)
  std::string toString() const;
};

/// `Bitwidth<operand> = expr;`
struct BitwidthRule {
  std::string operand;
  Expr expr;
  SourcePos pos;
  std::string amendedBy;
  std::string specText;   ///< the spec's expression when an erratum replaced it
  SourcePos specPos;      ///< and where the spec wrote it
  CompiledExpr compiled;  ///< `expr` resolved against the opcode (opcode rules only)
};

/// `AsmFormat<target> = Function(args);`
struct AsmFormatRule {
  std::string target;
  std::string function;
  std::vector<std::string> args;
  SourcePos pos;
};

/// `EncodingError<Kind, "message"> = condition;`
struct EncodingErrorRule {
  std::string kind;
  std::string message;
  Expr condition;
  SourcePos pos;
  CompiledExpr compiled;  ///< `condition` resolved against the opcode (Opcode::encodingErrors only)

  /// Whether the opcode's field values (one per field) make the condition hold: the rule forbids them.
  /// The one evaluation behind the assembler's, the disassembler's and completion's checks.
  bool forbids(std::span<const std::uint64_t> values) const {
    return evalCompiled(compiled, values).value_or(0) != 0;
  }
  /// What a diagnostic of a violation says: the rule's message and its kind.
  std::string violationMessage() const { return message + " (" + kind + ")"; }
};

/// The DSL statements of `__OperandInfo` sections (optype level merged into opcode level).
struct OperandInfo {
  std::vector<std::string> inList;
  std::vector<std::string> outList;
  std::vector<OrderElem> order;
  SourcePos orderPos;
  std::string orderAmendedBy;
  std::vector<OrderElem> specOrder;  ///< the spec's Order when an erratum replaced it
  SourcePos specOrderPos;
  bool hasInList = false;
  bool hasOutList = false;
  bool hasOrder = false;
  std::vector<BitwidthRule> bitwidths;
  std::vector<AsmFormatRule> asmFormats;
  std::vector<std::vector<std::string>> modiOrders;

  const BitwidthRule* bitwidth(std::string_view operand) const;
  const AsmFormatRule* asmFormat(std::string_view target) const;
};

/// The prose sections of an optype, for hover.
struct OptypeDocs {
  Prose description, operandInfo, modifierInfo, semantics, examples, simulation;
};

/// `__DefGroup`.
struct Group {
  std::string name;
  std::string parent;  ///< "ALL" or another group
  SourcePos pos;
};

/// `__DefOptype`: an instruction with its syntax forms and documentation.
struct Optype {
  std::string name;
  std::string group;
  std::uint32_t index = 0;
  SourcePos pos;
  std::string mnemonic;  ///< "IMAD.WIDE" for IMAD_WIDE; from the syntax forms, else the name
  SyntaxBlock syntax;
  std::string syntaxAmendedBy;              ///< erratum that added or changed syntax lines
  std::vector<ModifierDomain> specDomains;  ///< the spec's domain lines that an erratum replaced
  OptypeDocs docs;
  std::vector<EncodingErrorRule> encodingErrors;  ///< optype-level rules
  std::vector<std::uint32_t> opcodes;             ///< indices into InstrDb::opcodes()
  /// Every spelling the forms accept after the mnemonic and the modifier slots it can fill
  /// ("S32" → {"itype"}, "X" → {".X"}), in form order; built with the database.
  std::vector<std::pair<std::string, std::vector<std::string>>> modifierSpellings;
  /// modifierSpellings' spellings → their index, built with it (the matcher looks every written
  /// modifier up: one short hash instead of a binary search comparing strings).
  NameIndex spellingTable;

  const ModifierDomain* domain(std::string_view variable) const;
  /// Index of a spelling in modifierSpellings, or -1 when no form accepts it.
  int spellingIndex(std::string_view spelling) const;
  /// The slots a spelling can fill, or null when no form accepts it.
  const std::vector<std::string>* slotsFor(std::string_view spelling) const;
};

/// Indices (into Opcode::fields) of the attribute fields of an operand field: `ra.neg`,
/// `ra.abs`, ... of `ra`; -1 when absent. Precomputed so matching never builds field names.
struct FieldAttributes {
  int neg = -1, abs = -1, notBit = -1, bitNot = -1, bsel = -1, hsel = -1;
};

/// The binding of one syntax form to one opcode: for each operand slot, the index into the
/// opcode's Order<> (the element it stands for), and which slots bound by name (FormBinding.h).
struct FormBinding {
  std::vector<std::size_t> orderIndex;  ///< parallel to form.operands
  std::vector<bool> byName;             ///< true when the placeholder names the field
  /// Parallel to form.parts: for a literal modifier (".X"), the index of the field it sets
  /// (literalModifierField), -1 for mnemonic parts, variable slots and literals without bits.
  std::vector<int> literalField;
  /// Parallel to form.parts: for a variable slot (".itype"), the index of the field named after
  /// it, -1 when none (and for other parts).
  std::vector<int> variableField;
  /// Parallel to form.parts, each parallel to the optype's modifierSpellings: what writing that
  /// spelling in this modifier slot means — the field value it sets, kNoFit when the slot does not
  /// take the spelling, kNoField when it does (a literal) but this variant has no field for it.
  std::vector<std::vector<std::int64_t>> modifierValue;
  /// The operand slots that may be omitted: braced ones, and predicates whose field has a
  /// default (FSET/FSEL pp, L-75), in slot order.
  std::vector<std::size_t> optionalSlots;
  static constexpr std::int64_t kNoFit = -1;
  static constexpr std::int64_t kNoField = -2;
};

/// `__DefOpcode`: one encoding variant with its complete field list.
struct Opcode {
  std::string name;
  std::uint32_t index = 0;
  std::uint32_t optype = 0;  ///< index into InstrDb::optypes()
  SourcePos pos;
  std::vector<Field> fields;  ///< whole chain, sorted by offset
  OperandInfo operandInfo;
  Prose operandInfoProse;                         ///< opcode-level prose, rare
  std::vector<EncodingErrorRule> encodingErrors;  ///< optype + opcode rules
  Word128 fixedMask;                              ///< bits of all fixed fields
  Word128 fixedBits;                              ///< their values
  Word128 fieldMask;                              ///< bits covered by any field (the rest is reserved)

  std::vector<FieldAttributes> attributes;  ///< parallel to fields
  /// Parallel to fields: the value each has before an instruction sets any (its default or
  /// fixed value; 0 for required fields), and the indices of the required fields — so the
  /// matcher starts an attempt with one copy and checks completeness without a scan.
  std::vector<std::uint64_t> initialValues;
  std::vector<std::uint32_t> requiredFields;
  /// Parallel to its optype's syntax forms: how each form binds to this opcode, nullopt when it
  /// does not. Built with the database, so matching and printing never bind a form again.
  std::vector<std::optional<FormBinding>> formBindings;

  const Field* field(std::string_view name) const;
  int fieldIndex(std::string_view name) const;  ///< -1 when absent
  /// The field an Order<> element names (through its resolved index), or null for PR/UPR,
  /// composite addresses and names that are no field.
  const Field* fieldOf(const OrderElem& elem) const {
    if (elem.kind != OrderElem::Kind::Field) return nullptr;
    if (elem.field >= 0 && static_cast<std::size_t>(elem.field) < fields.size())
      return &fields[static_cast<std::size_t>(elem.field)];
    return field(elem.name);
  }
  /// The attribute field (e.g. "neg") of field `index`, or null.
  const Field* attribute(std::size_t fieldPos, int FieldAttributes::*which) const {
    const int i = attributes[fieldPos].*which;
    return i < 0 ? nullptr : &fields[static_cast<std::size_t>(i)];
  }
};

/// gpuasm's record of one spec bug and the decision taken (errata.isa).
struct Erratum {
  std::string id;
  std::vector<std::string> targets;
  Prose problem, decision;
  std::vector<std::string> affects;
  std::vector<std::string> rules;  ///< the tool rules that implement the decision (__Rules)
  SourcePos pos;
  bool amends = false;  ///< carries amendment sections
};

/// What kind of operand a placeholder of a syntax form asks for, and the role of a register file.
enum class PlaceholderClass : std::uint8_t {
  Gpr,
  UniformGpr,
  Predicate,
  UniformPredicate,
  Immediate,
  AnySource,
  Other
};

/// What the assembly notation means, stated by prelude.isa's `__DefAsmFacts` (a gpuasm DSL
/// extension, docs/ARCHITECTURE.md): the facts the tools need that the spec leaves implicit,
/// so that no C++ spells a register, an operand name or an enumerator of the ISA.
struct AsmFacts {
  /// A register or predicate file: its role and its constant register (the zero register RZ, the
  /// always-true predicate PT), which reads as a constant and ignores writes.
  struct File {
    std::uint32_t type = 0;
    PlaceholderClass role = PlaceholderClass::Other;
    std::optional<std::uint64_t> constant;
  };
  std::vector<File> files;
  /// Operands that stand for a whole predicate file (PR, UPR): name and the file's type.
  std::vector<std::pair<std::string, std::uint32_t>> predicateSets;
  /// The composite Order<> element that is the constant-memory address (C of `C[vb, ura]`).
  std::string constantMemory;
  /// Per AsmFormat function, the enumerator of its mode argument under which a negation is
  /// written '~' (CvtINegX: X).
  std::vector<std::pair<std::string, std::string>> complements;
  /// Placeholder name prefixes and the class each announces; the longest matching prefix wins.
  std::vector<std::pair<std::string, PlaceholderClass>> placeholders;
};

/// The resolved, immutable database.
class InstrDb {
 public:
  const std::vector<SpecFile>& files() const { return files_; }
  const std::vector<BitFieldType>& types() const { return types_; }
  const std::vector<Group>& groups() const { return groups_; }
  const std::vector<Optype>& optypes() const { return optypes_; }
  const std::vector<Opcode>& opcodes() const { return opcodes_; }
  const std::vector<Erratum>& errata() const { return errata_; }

  const BitFieldType* type(std::string_view name) const;
  const Group* group(std::string_view name) const;
  const Optype* optype(std::string_view name) const;
  const Opcode* opcode(std::string_view name) const;
  const Erratum* erratum(std::string_view id) const;
  /// The erratum whose __Rules lists tool rule `rule`: the one that targets one of `targets`
  /// (or ALL), else the first that lists it; null when none does.
  const Erratum* erratumForRule(std::string_view rule,
                                std::initializer_list<std::string_view> targets = {}) const;
  /// The optype written with this mnemonic ("IMAD.WIDE", "IDP.2A", "IADD"), or null.
  const Optype* optypeForMnemonic(std::string_view mnemonic) const;
  const BitFieldType& typeOf(const Field& field) const { return types_[field.type]; }
  const Optype& optypeOf(const Opcode& opcode) const { return optypes_[opcode.optype]; }
  /// "file:line:col" of a position, with the file's display name.
  std::string describe(const SourcePos& pos) const;

  // The prelude's __DefAsmFacts (AsmFacts); every answer is "none" when the prelude states none.
  const AsmFacts& asmFacts() const { return asmFacts_; }
  /// The role of a register or predicate type (Gpr, UniformGpr, Predicate, UniformPredicate),
  /// Other when the prelude names none.
  PlaceholderClass fileRole(const BitFieldType& type) const;
  /// The type of the file with a role, null when none.
  const BitFieldType* fileOfRole(PlaceholderClass role) const;
  /// Whether value `value` of `type` is the file's constant register (RZ, URZ, PT, UPT).
  bool isConstantRegister(const BitFieldType& type, std::uint64_t value) const;
  /// The constant register of a file, null when it has none.
  const Enumerator* constantRegister(const BitFieldType& type) const;
  /// The predicate file an operand name stands for as a whole (PR → Pred), null when none.
  const BitFieldType* predicateSetFile(std::string_view name) const;
  /// Whether a composite Order<> element name is the constant-memory address (C).
  bool isConstantMemory(std::string_view compositeName) const;
  /// The enumerator under which AsmFormat function `function` writes a negation '~' (X), empty when none.
  std::string_view complementEnumerator(std::string_view function) const;
  /// The class of a syntax-form placeholder, from the prelude's prefixes; Other when none fits.
  PlaceholderClass placeholderClass(std::string_view placeholder) const;

  /// What `compute` derives from the whole database, computed on the first call and kept with
  /// it (the database never changes, so it stays true): the layers above hang their per-ISA
  /// tables here (the value type each variant gives its registers) instead of deriving them
  /// per statement. The twin of Snapshot::derived. Safe to call from several threads, and from
  /// a `compute` that asks for another table (the reference's pages run the examples, which
  /// type their registers): the lock is recursive, and the map's nodes do not move on insertion.
  template <typename T>
  const T& derived(T (*compute)(const InstrDb&)) const {
    std::lock_guard lock(derived_->mutex);
    std::shared_ptr<const void>& slot = derived_->values[reinterpret_cast<const void*>(compute)];
    if (!slot) slot = std::make_shared<const T>(compute(*this));
    return *static_cast<const T*>(slot.get());
  }

 private:
  friend class InstrDbBuilder;
  std::vector<SpecFile> files_;
  std::vector<BitFieldType> types_;
  std::vector<Group> groups_;
  std::vector<Optype> optypes_;
  std::vector<Opcode> opcodes_;
  std::vector<Erratum> errata_;
  AsmFacts asmFacts_;
  StringMap<std::uint32_t> typeIndex_, groupIndex_, optypeIndex_, opcodeIndex_, erratumIndex_, mnemonicIndex_;
  NameIndex mnemonicTable_;  ///< mnemonicIndex_ for the matcher's look-up
  struct DerivedCache {
    std::recursive_mutex mutex;
    std::unordered_map<const void*, std::shared_ptr<const void>> values;
  };
  std::unique_ptr<DerivedCache> derived_ = std::make_unique<DerivedCache>();
};

/// The database plus everything found while building it.
struct SpecLoad {
  std::shared_ptr<const InstrDb> db;
  std::vector<SpecDiagnostic> diagnostics;
};

/// Builds the database from spec files. Never throws on bad spec text.
SpecLoad loadSpec(std::vector<SpecFile> files);

/// `loadSpec(embeddedSpecFiles())`.
SpecLoad loadEmbeddedSpec();

}  // namespace gpuasm::isa
