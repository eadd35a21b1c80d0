// A typed view of the statements of a syntax tree: guard, mnemonic and modifiers, operands
// with their kind, prefix, selector, address parts and byte ranges — what lowering and the
// IDE features read instead of walking tree-sitter nodes. Also the syntax diagnostics (ERROR
// and MISSING nodes) in plain words. Views hold string_views into the tree's text: they are
// valid while the SyntaxTree lives and is not edited.
#pragma once

#include <gpuasm/isa/DiagnosticCode.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::syntax {

/// A piece of text with its range; empty text and range when absent.
struct Token {
  std::string_view text;
  ByteRange range;
  bool present() const { return range.end > range.begin; }
};

/// The shape of an operand's value, as the grammar sees it.
enum class OperandKind : std::uint8_t {
  Gpr,               ///< R7, RZ
  UniformGpr,        ///< UR4, URZ
  Predicate,         ///< P0, PT
  UniformPredicate,  ///< UP1, UPT
  PredicateSet,      ///< PR, UPR
  RegisterRange,     ///< R[0:1], UR[0:3]
  RegisterIndirect,  ///< R[UR2+0x1], UR[UR4]
  ConstantMemory,    ///< c[0x0][0x160], c[0x0][UR4+0x10]
  Integer,           ///< 0x1A, 16
  Float,             ///< 0.25, 1.5e3
  FloatBits,         ///< 0f3F800000
  Identifier,        ///< a name the grammar does not know (e.g. a placeholder such as pu)
  Invalid,           ///< the operand holds a syntax error
};

/// Name of a kind for messages ("general-purpose register", ...).
const char* operandKindName(OperandKind kind);

/// One operand.
struct OperandView {
  OperandKind kind = OperandKind::Invalid;
  ByteRange range;        ///< the whole operand, prefix and bars included
  char prefix = 0;        ///< '-', '~', '!' or 0
  bool absolute = false;  ///< written |x|
  Token value;            ///< the value without prefix and bars ("R7.B1", "c[0x0][0x160]")
  Token name;             ///< register name ("R7"), or the literal / identifier text
  Token selector;         ///< "B1" of R7.B1, "H0" of R1.H0
  Token file;             ///< "R"/"UR" of a range or indirect operand
  Token first, last;      ///< bounds of a register range
  Token space;            ///< "c" (or "cmem") of constant memory
  Token bank;             ///< constant-memory bank
  Token base;             ///< UR base register of an indirect or constant-memory address
  char sign = 0;          ///< '+' or '-' before the offset of an address, 0 when none
  Token offset;           ///< address offset
};

/// `@P0` / `@!UPT`.
struct GuardView {
  bool negated = false;
  Token predicate;
  ByteRange range;
};

/// One instruction statement.
struct StatementView {
  ByteRange range;
  std::uint32_t line = 0;  ///< 0-based line where the statement starts
  std::optional<GuardView> guard;
  Token mnemonic;                ///< the first dotted component: "IMAD" of IMAD.WIDE.U32
  std::vector<Token> modifiers;  ///< every dotted part after it: "WIDE", "U32"
  std::vector<OperandView> operands;
  std::optional<ByteRange> trailingComma;  ///< a ',' right before ';' (lenient, reported later)
  std::vector<Token> scheduling;           ///< $sched $req $wsb placeholders
  bool hasSemicolon = false;               ///< false when the ';' is MISSING
  bool hasError = false;                   ///< an ERROR or MISSING node inside the statement
};

/// The statements of a tree, in document order.
std::vector<StatementView> statementsOf(const SyntaxTree& tree);

/// A syntax error: where, a stable code and a message.
struct SyntaxDiagnostic {
  ByteRange range;
  isa::DiagnosticCode code{};  ///< SyntaxError (ERROR), MissingToken (MISSING), UnterminatedComment
  std::string message;
  std::string insert;  ///< for a missing token: its spelling, to insert at `range` (empty: none)
};

/// Every ERROR and MISSING node of the tree (outermost ERROR once) and every unclosed '/*',
/// in document order.
std::vector<SyntaxDiagnostic> syntaxDiagnosticsOf(const SyntaxTree& tree);

}  // namespace gpuasm::syntax
