// The `__Syntax` forms of an optype as structured templates: mnemonic, modifier slots (literal
// or variable, mandatory or optional), operand slots (placeholder, optionality, allowed prefixes
// and suffixes, composite shapes such as `R[URb{+SImm9}]` and `c[UImm][URa+SImm]`) and the
// scheduling placeholders. Domain lines (`.itype = {.S32*, .U32}`) give the values a modifier
// variable may take and its default. The matcher, completion, hover and the printer read these.
#pragma once

#include <gpuasm/isa/Diagnostic.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::isa {

/// A dotted part of a form's mnemonic after the base name: `.X` (literal) or `.itype`
/// (variable, named after a field or a domain line); braces make it optional.
struct ModifierSlot {
  std::string text;       ///< "X", "LO", "itype"
  bool variable = false;  ///< lower-case names are variables
  bool optional = false;  ///< written as `{.name}`
};

/// The shape of an operand slot.
enum class OperandShape : std::uint8_t {
  Plain,         ///< `Rd`, `SrcB`, `pu`, `UImm5Sca`
  RegIndirect,   ///< `R[URb{+SImm9}]` / `UR[URa{+SImm7}]`: register file indexed by a UR
  ConstMem,      ///< `c[UImm][URa+SImm]`
  PredicateSet,  ///< `PR` / `UPR`: the whole predicate file, a fixed token
};

/// One operand slot of a syntax form.
struct OperandSlot {
  std::string placeholder;  ///< "Rd", "SrcB", "pp"; for RegIndirect the index register name
  OperandShape shape = OperandShape::Plain;
  std::string fileName;      ///< RegIndirect: "R" or "UR"; PredicateSet: "PR" or "UPR"
  std::string offsetType;    ///< RegIndirect: "SImm9"; ConstMem: "SImm"
  bool optional = false;     ///< inside `{, …}` / `{…, }`
  bool allowNeg = false;     ///< `{-}`
  bool allowBitNot = false;  ///< `{~}`
  bool allowNot = false;     ///< `{!}`
  bool allowAbs = false;     ///< `{|}…{|}`
  std::string suffix;        ///< `.bsel` / `{.hsel}` variable name, empty when none
  bool suffixOptional = false;
  std::string text;  ///< the slot as written, for hover and snippets
};

/// One form line of a `__Syntax` block.
struct SyntaxForm {
  SourcePos pos;
  std::string text;                 ///< the line, without trailing comment
  std::string comment;              ///< trailing `// …` text
  std::string baseName;             ///< first dotted component: "IMAD", "IDP", "ISETP"
  std::vector<ModifierSlot> parts;  ///< every dotted part after baseName, in order
  std::size_t mnemonicParts = 0;    ///< leading parts that belong to the mnemonic (IMAD.WIDE: 1)
  std::string erratum;              ///< set when the form was added by an erratum (inferred)
  std::vector<OperandSlot> operands;
  std::vector<std::string> schedTokens;  ///< "$sched", "$req", "$wsb"
};

/// One value of a domain line: `.S32*` → {spelling "S32", default true}.
struct DomainValue {
  std::string spelling;
  bool isDefault = false;
};

/// A domain line: the values a modifier variable may take.
struct ModifierDomain {
  SourcePos pos;
  std::string variable;
  std::vector<DomainValue> values;
};

/// Everything in one `__Syntax` section.
struct SyntaxBlock {
  std::vector<SyntaxForm> forms;
  std::vector<ModifierDomain> domains;
};

/// Parses the lines of a `__Syntax` section (the ```asm fence included). Irregular lines are
/// tolerated and reported.
struct SpecLine;
SyntaxBlock parseSyntaxSection(const std::vector<SpecLine>& lines, std::uint32_t fileIndex,
                               DiagnosticSink& sink);

/// Parses one form line (no fence, no comment handling needed by the caller).
SyntaxForm parseSyntaxForm(std::string_view line, SourcePos pos, DiagnosticSink& sink);

}  // namespace gpuasm::isa
