// Expressions over a warp's state: the one language of `// @expect` assertions, and of the
// debugger's conditions, watches and evaluate (docs/LANGUAGE.md "Expressions"). Examples:
//   R2 == lane * 4        per lane: true where it holds
//   R3[5] == 0x10         R3 of lane 5: one value for the warp
//   R2 == R1[lane ^ 16]   a per-lane index: each lane reads R1 of the lane it names
//   lane < 31 ? R1[lane + 1] : R1   the conditional, loosest of all operators as in C
//   all(P0)  any(R2 > 5)  over the active lanes
//   f32(R7) == 0.5        the register's bits as an f32
// Values are 32 bits: u32 (registers, numbers; wrapping arithmetic, as the hardware computes),
// s32 (`s32(x)`: signed comparisons, division and shifts), f32 (`f32(x)`, literals with a '.'
// or an exponent; arithmetic in single precision, round to nearest even) and bool
// (comparisons, predicates). An expression is per-lane when it reads a lane's register or
// `lane`, uniform otherwise. Types are checked when it is parsed, so a well-formed expression
// fails to evaluate only on division by zero or a lane index out of range.
#pragma once

#include <gpuasm/sim/InitialState.h>
#include <gpuasm/sim/Value.h>
#include <gpuasm/sim/WarpState.h>

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::sim {

// The expression language's values are sim::Value (Value.h): the names below are that type's.
using ExprType = ValueType;
using ExprValue = Value;
inline const char* exprTypeName(ExprType type) { return valueTypeName(type); }

/// A problem in an expression, at a byte column of its text.
struct ExprError {
  std::uint32_t column = 0;
  std::uint32_t length = 0;
  std::string message;
};

/// A parsed, type-checked expression.
class Expression {
 public:
  /// Parses `text`; register names are the database's (through `layout`). The expression keeps
  /// register numbers, not the layout.
  static std::expected<Expression, ExprError> parse(std::string_view text, const RegisterLayout& layout);

  const std::string& text() const { return text_; }
  ExprType type() const;
  /// Whether the value differs per lane (reads a lane's register or `lane`).
  bool perLane() const;

  /// The value in `lane` (any lane for a uniform expression).
  std::expected<ExprValue, ExprError> evaluate(const WarpState& state, unsigned lane) const;

  /// One node of the syntax tree; children are indices into the node list.
  enum class Op : std::uint8_t {
    Literal,
    Register,
    Lane,
    ActiveMask,
    Constant,
    Index,  // leaves and x[i]
    Neg,
    BitNot,
    Not,  // unary
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    BitAnd,
    BitXor,
    BitOr,  // arithmetic
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,  // comparisons, logic
    AsF32,
    AsS32,
    AsU32,
    All,
    Any,
    Lanes,
    Count,
    IsNan,   // functions
    Select,  // c ? a : b: the condition is node a, the branches node b and node `number`
  };
  struct Node {
    Op op = Op::Literal;
    ExprType type = ExprType::U32;
    bool perLane = false;
    std::uint32_t begin = 0, end = 0;  ///< its text
    std::uint32_t a = 0, b = 0;        ///< operands (node indices)
    RegFile file = RegFile::R;         ///< Register
    std::uint32_t number = 0;          ///< Register: its number; Literal: its bits; Select: c's else
    std::uint32_t bank = 0;            ///< Constant: c[bank][number]
  };

  const std::vector<Node>& nodes() const { return nodes_; }
  std::uint32_t root() const { return root_; }
  /// The text of a node.
  std::string_view textOf(const Node& n) const {
    return std::string_view(text_).substr(n.begin, n.end - n.begin);
  }
  /// The value of node `index` in `lane`.
  std::expected<ExprValue, ExprError> evaluateNode(std::uint32_t index, const WarpState& state,
                                                   unsigned lane) const;

 private:
  friend class ExpressionParser;
  std::string text_;
  std::vector<Node> nodes_;
  std::uint32_t root_ = 0;
};

/// The outcome of checking an assertion: a bool expression that must hold in every active lane.
struct ExpectationResult {
  bool holds = false;
  std::string message;             ///< why it fails (empty when it holds)
  std::uint32_t failingLanes = 0;  ///< lanes where it is false (bit `lane`); all active for a uniform failure
};

/// Checks a bool expression against a state: per-lane, it must be true in every active lane;
/// uniform, true. The message of a failure names the failing lanes and, for a comparison (at
/// the top or inside all()), the values of both sides in each of the first few of them.
/// Errors of evaluation (division by zero, lane out of range) fail it with their message.
ExpectationResult checkExpectation(const Expression& expression, const WarpState& state);

/// A `// @expect EXPR` directive: an assertion about the state after every instruction before it.
struct ExpectDirective {
  std::uint32_t line = 0;        ///< 0-based
  std::uint32_t column = 0;      ///< 0-based byte column of '@expect'
  std::uint32_t offset = 0;      ///< byte offset of '@expect' in the source
  std::uint32_t exprColumn = 0;  ///< byte column where the expression starts
  std::uint32_t exprLength = 0;  ///< its length in bytes
  /// The expression, or what is wrong with it (columns relative to exprColumn); it must be
  /// true or false.
  std::expected<Expression, ExprError> expression;
};

/// The `// @expect` directives of a source text, in order.
std::vector<ExpectDirective> parseExpectDirectives(std::string_view source, const RegisterLayout& layout);

}  // namespace gpuasm::sim
