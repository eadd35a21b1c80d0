// Parser-independent assembly statements: what lowering produces from a syntax tree (or any
// other front end) and what the matcher consumes. Values are already read (integers, floats,
// register names, address parts); positions are byte ranges in the source text, so the
// matcher's diagnostics point at the exact token.
#pragma once

#include <gpuasm/isa/DiagnosticCode.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::isa {

/// A half-open byte range [begin, end) in the source text.
struct SourceRange {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

/// What an operand is, as written.
enum class AsmOperandKind : std::uint8_t {
  Register,          ///< R7, UR4, P0, PT, UPT, RZ … (`name`)
  RegisterRange,     ///< R[0:1], UR[0:3] (`file`, `first`, `last`)
  PredicateSet,      ///< PR, UPR (`name`)
  Integer,           ///< 0x1A, 26 (`integer`; `negative` when written with '-')
  Float,             ///< 0.25, 1e3 (`floatValue`)
  FloatBits,         ///< 0f3F800000 (`integer` holds the bits)
  ConstantMemory,    ///< c[bank][offset] or c[bank][URn±offset]
  RegisterIndirect,  ///< R[URn±offset], UR[URn±offset] (`file`, `base`, `offset`)
  Name,              ///< an identifier that is no register (e.g. a placeholder like `pu`)
  Invalid,           ///< holds a syntax error
};

/// One operand.
struct AsmOperand {
  AsmOperandKind kind = AsmOperandKind::Invalid;
  SourceRange range;        ///< the whole operand, prefixes included
  SourceRange valueRange;   ///< without prefixes and bars
  std::string text;         ///< as written, without prefixes
  bool neg = false;         ///< '-'
  bool bitNot = false;      ///< '~'
  bool logicalNot = false;  ///< '!'
  bool abs = false;         ///< |x|
  std::string name;         ///< register / predicate-set name
  std::string selector;     ///< "B1", "H0"
  SourceRange selectorRange;
  std::string file;  ///< "R" or "UR" of a range or an indirect operand; "c" of constant memory
  std::uint32_t first = 0, last = 0;  ///< register range bounds
  std::uint64_t integer = 0;          ///< integer magnitude, or the bits of FloatBits
  double floatValue = 0;
  std::uint64_t bank = 0;  ///< constant-memory bank
  std::string base;        ///< UR base of an address, empty when none
  SourceRange baseRange;
  std::int64_t offset = 0;  ///< address offset (signed)
  SourceRange offsetRange;
};

/// `@P0` / `@!UPT`.
struct AsmGuard {
  bool negated = false;
  std::string predicate;
  SourceRange range;           ///< the whole guard, '@' included
  SourceRange predicateRange;  ///< the predicate name
};

/// A written modifier (dotted part) with its range.
struct AsmPart {
  std::string text;
  SourceRange range;
};

/// One instruction statement.
struct AsmStatement {
  SourceRange range;
  std::uint32_t line = 0;  ///< 0-based line of the statement's start
  std::optional<AsmGuard> guard;
  std::string mnemonic;  ///< first dotted component
  SourceRange mnemonicRange;
  std::vector<AsmPart> parts;  ///< every dotted part after it
  std::vector<AsmOperand> operands;
  bool hasError = false;  ///< the statement contains a syntax error
};

/// How serious an assembler diagnostic is.
enum class AsmSeverity : std::uint8_t { Error, Warning, Note };

/// A user mistake found while lowering or matching: where, a stable code (DiagnosticCode.h),
/// a message naming the rule, and what would fix it.
struct AsmDiagnostic {
  SourceRange range;
  AsmSeverity severity = AsmSeverity::Error;
  DiagnosticCode code{};
  std::string message;
  std::vector<std::string> fixes;       ///< replacement texts for `range`, best first
  std::vector<std::string> legalForms;  ///< for a near miss: syntax forms that would be legal
  std::string erratum;                  ///< the errata.isa entry behind the rule, if any
};

}  // namespace gpuasm::isa
