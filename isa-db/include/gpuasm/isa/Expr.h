// Expressions of the spec's OperandInfo and Exception sections, parsed once and evaluated
// against field values: `Bitwidth<rd> = 32 + (width=="64")*32;` and
// `EncodingError<…> = (dtype=="F64H") and (mufuop!="RCP");`. A comparison of a field with a
// string compares enumerators, resolved through the field's type (aliases included), so names
// that look like numbers ("64") never turn into numbers by accident.
#pragma once

#include <gpuasm/isa/Diagnostic.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::isa {

/// A node of an expression tree. Kept as a plain tagged struct: the grammar is tiny and fixed.
struct Expr {
  enum class Op : std::uint8_t { Int, String, Field, Add, Sub, Mul, Eq, Ne, And, Or, Not };
  Op op = Op::Int;
  std::int64_t intValue = 0;
  std::string text;  ///< string literal content or field name
  std::vector<Expr> args;

  /// The expression in the spec's own notation, fully parenthesised where it nests.
  std::string toString() const;
  /// Calls `visit` with every field name the expression reads.
  void forEachField(const std::function<void(const std::string&)>& visit) const;
};

/// Parses an expression; on a syntax error returns nullopt and reports at `pos` (+ offset).
std::optional<Expr> parseExpr(std::string_view text, SourcePos pos, DiagnosticSink& sink);

/// What evaluation needs from its caller: the value of a field, and the numeric value an
/// enumerator name has in the type of a given field.
struct ExprEnv {
  std::function<std::optional<std::uint64_t>(std::string_view field)> fieldValue;
  std::function<std::optional<std::uint64_t>(std::string_view field, std::string_view name)> enumValue;
};

/// An environment over one opcode's fields: `value(field)` gives the current value of a field
/// (nullopt for unknown names), enumerator names resolve through the field's type.
class InstrDb;
struct Opcode;
ExprEnv fieldEnv(const InstrDb& db, const Opcode& op,
                 std::function<std::optional<std::uint64_t>(std::size_t fieldIndex)> value);

/// Evaluates to an integer (booleans are 0/1); nullopt when a field or enumerator is unknown.
std::optional<std::int64_t> evalExpr(const Expr& expr, const ExprEnv& env);

/// An expression resolved against one opcode: field names became field indices and each
/// comparison of a field with an enumerator name became a comparison with its value, so the
/// matcher evaluates Bitwidth and EncodingError rules on a value array without names, maps or
/// std::function. Evaluates exactly as evalExpr with fieldEnv over the same values would.
struct CompiledExpr {
  enum class Kind : std::uint8_t { Const, Unknown, Field, FieldIs, Eq, Ne, Not, Add, Sub, Mul, And, Or };
  struct Node {
    Kind kind = Kind::Unknown;
    std::int64_t value = 0;       ///< Const: the value; FieldIs: the enumerator value compared with
    std::int32_t field = -1;      ///< Field / FieldIs: index into the opcode's fields
    std::int32_t a = -1, b = -1;  ///< operand nodes
  };
  std::vector<Node> nodes;  ///< the root is the last node; empty when not compiled
};

/// Compiles `expr` for one opcode; `fieldIndex` gives a field's index (-1 when unknown) and
/// `enumValue` the value of an enumerator name in a field's type (as ExprEnv::enumValue).
CompiledExpr compileExpr(const Expr& expr, const std::function<int(std::string_view field)>& fieldIndex,
                         const std::function<std::optional<std::uint64_t>(std::string_view field,
                                                                          std::string_view name)>& enumValue);

/// Evaluates a compiled expression on the opcode's current field values (indexed like its
/// fields); nullopt where evalExpr gives nullopt, and for an empty CompiledExpr.
std::optional<std::int64_t> evalCompiled(const CompiledExpr& expr, std::span<const std::uint64_t> values);

}  // namespace gpuasm::isa
