// Recursive-descent parser and evaluator for Bitwidth and EncodingError expressions.
// Grammar: or := and {"or" and}; and := cmp {"and" cmp}; cmp := add [("=="|"!=") add];
// add := mul {("+"|"-") mul}; mul := unary {"*" unary}; unary := ("!"|"not") unary | primary;
// primary := INT | "string" | field | "(" or ")".
#include <gpuasm/isa/Expr.h>

#include <span>

#include "TextUtil.h"

namespace gpuasm::isa {

namespace {

class ExprParser {
 public:
  ExprParser(std::string_view text, SourcePos pos, DiagnosticSink& sink)
      : text_(text), pos_(pos), sink_(sink) {}

  std::optional<Expr> run() {
    auto e = parseOr();
    skip();
    if (e && i_ < text_.size())
      return fail("unexpected '" + std::string(text_.substr(i_, 1)) + "' in expression");
    return e;
  }

 private:
  void skip() {
    while (i_ < text_.size() && text::isBlank(text_[i_])) ++i_;
  }
  bool acceptWord(std::string_view w) {
    skip();
    if (text_.substr(i_, w.size()) != w) return false;
    const std::size_t end = i_ + w.size();
    if (end < text_.size() && text::isWordChar(text_[end])) return false;
    i_ = end;
    return true;
  }
  bool acceptOp(std::string_view op) {
    skip();
    if (text_.substr(i_, op.size()) != op) return false;
    i_ += op.size();
    return true;
  }
  std::optional<Expr> fail(const std::string& message) {
    if (!failed_)
      sink_.error({pos_.file, pos_.line, pos_.column + static_cast<std::uint32_t>(i_)},
                  SpecCode::BadExpression, message);
    failed_ = true;
    return std::nullopt;
  }
  static Expr binary(Expr::Op op, Expr a, Expr b) {
    Expr e;
    e.op = op;
    e.args.push_back(std::move(a));
    e.args.push_back(std::move(b));
    return e;
  }

  // One precedence level of binary operators: an operand of the next level, then operator and
  // operand pairs, left-associative; a comparison takes at most one pair (`a == b == c` is not
  // an expression). A word operator ("or") must end at a word boundary, a symbol ("||") need not.
  struct BinaryOperator {
    std::string_view spelling;
    bool word;
    Expr::Op op;
  };
  using Level = std::optional<Expr> (ExprParser::*)();
  const BinaryOperator* acceptOperator(std::span<const BinaryOperator> operators) {
    for (const BinaryOperator& o : operators)
      if (o.word ? acceptWord(o.spelling) : acceptOp(o.spelling)) return &o;
    return nullptr;
  }
  std::optional<Expr> parseLevel(Level operand, std::span<const BinaryOperator> operators, bool chains) {
    auto lhs = (this->*operand)();
    while (lhs) {
      const BinaryOperator* o = acceptOperator(operators);
      if (!o) break;
      auto rhs = (this->*operand)();
      if (!rhs) return std::nullopt;
      lhs = binary(o->op, std::move(*lhs), std::move(*rhs));
      if (!chains) break;
    }
    return lhs;
  }
  static constexpr BinaryOperator kOr[] = {{"or", true, Expr::Op::Or}, {"||", false, Expr::Op::Or}};
  static constexpr BinaryOperator kAnd[] = {{"and", true, Expr::Op::And}, {"&&", false, Expr::Op::And}};
  static constexpr BinaryOperator kCmp[] = {{"==", false, Expr::Op::Eq}, {"!=", false, Expr::Op::Ne}};
  static constexpr BinaryOperator kAdd[] = {{"+", false, Expr::Op::Add}, {"-", false, Expr::Op::Sub}};
  static constexpr BinaryOperator kMul[] = {{"*", false, Expr::Op::Mul}};

  std::optional<Expr> parseOr() { return parseLevel(&ExprParser::parseAnd, kOr, true); }
  std::optional<Expr> parseAnd() { return parseLevel(&ExprParser::parseCmp, kAnd, true); }
  std::optional<Expr> parseCmp() { return parseLevel(&ExprParser::parseAdd, kCmp, false); }
  std::optional<Expr> parseAdd() { return parseLevel(&ExprParser::parseMul, kAdd, true); }
  std::optional<Expr> parseMul() { return parseLevel(&ExprParser::parseUnary, kMul, true); }
  // Nesting deeper than any real expression is rejected, so hostile input cannot exhaust the
  // stack (of the parser here, and of evaluation and destruction later).
  static constexpr int kMaxDepth = 200;

  std::optional<Expr> parseUnary() {
    if (++depth_ > kMaxDepth)
      return fail("expression nested more than " + std::to_string(kMaxDepth) + " levels deep");
    struct Leave {
      int& d;
      ~Leave() { --d; }
    } leave{depth_};
    skip();
    // "!" (not the start of "!=") or "not".
    if (((i_ + 1 >= text_.size() || text_[i_ + 1] != '=') && acceptOp("!")) || acceptWord("not")) {
      auto inner = parseUnary();
      if (!inner) return std::nullopt;
      Expr e;
      e.op = Expr::Op::Not;
      e.args.push_back(std::move(*inner));
      return e;
    }
    return parsePrimary();
  }
  std::optional<Expr> parsePrimary() {
    skip();
    if (i_ >= text_.size()) return fail("expression ends too early");
    const char c = text_[i_];
    if (c == '(') {
      ++i_;
      auto inner = parseOr();
      if (!inner) return std::nullopt;
      if (!acceptOp(")")) return fail("expected ')'");
      return inner;
    }
    if (c == '"') {
      const std::size_t end = text_.find('"', i_ + 1);
      if (end == std::string_view::npos) return fail("unterminated string");
      Expr e;
      e.op = Expr::Op::String;
      e.text = std::string(text_.substr(i_ + 1, end - i_ - 1));
      i_ = end + 1;
      return e;
    }
    if (c >= '0' && c <= '9') {
      std::size_t end = i_;
      end = text::wordEnd(text_, end);
      const auto v = text::parseUnsigned(text_.substr(i_, end - i_));
      if (!v || *v > static_cast<std::uint64_t>(INT64_MAX))
        return fail("bad number '" + std::string(text_.substr(i_, end - i_)) + "'");
      i_ = end;
      Expr e;
      e.op = Expr::Op::Int;
      e.intValue = static_cast<std::int64_t>(*v);
      return e;
    }
    if (text::isWordStart(c)) {
      std::size_t end = i_;
      while (end < text_.size() && (text::isWordChar(text_[end]) || text_[end] == '.')) ++end;
      Expr e;
      e.op = Expr::Op::Field;
      e.text = std::string(text_.substr(i_, end - i_));
      i_ = end;
      return e;
    }
    return fail("unexpected '" + std::string(1, c) + "' in expression");
  }

  std::string_view text_;
  SourcePos pos_;
  DiagnosticSink& sink_;
  std::size_t i_ = 0;
  int depth_ = 0;
  bool failed_ = false;
};

const char* opText(Expr::Op op) {
  switch (op) {
    case Expr::Op::Add: return " + ";
    case Expr::Op::Sub: return " - ";
    case Expr::Op::Mul: return "*";
    case Expr::Op::Eq: return "==";
    case Expr::Op::Ne: return "!=";
    case Expr::Op::And: return " and ";
    case Expr::Op::Or: return " or ";
    default: return "";
  }
}

// Comparison of a field with a string literal: compare enumerator values through the type.
std::optional<bool> compareFieldWithName(const Expr& fieldSide, const Expr& nameSide, const ExprEnv& env) {
  const auto fieldValue = env.fieldValue(fieldSide.text);
  const auto nameValue = env.enumValue(fieldSide.text, nameSide.text);
  if (!fieldValue || !nameValue) return std::nullopt;
  return *fieldValue == *nameValue;
}

std::optional<bool> evalEquality(const Expr& a, const Expr& b, const ExprEnv& env) {
  if (a.op == Expr::Op::Field && b.op == Expr::Op::String) return compareFieldWithName(a, b, env);
  if (b.op == Expr::Op::Field && a.op == Expr::Op::String) return compareFieldWithName(b, a, env);
  if (a.op == Expr::Op::String && b.op == Expr::Op::String) return a.text == b.text;
  const auto x = evalExpr(a, env);
  const auto y = evalExpr(b, env);
  if (!x || !y) return std::nullopt;
  return *x == *y;
}

}  // namespace

std::optional<Expr> parseExpr(std::string_view text, SourcePos pos, DiagnosticSink& sink) {
  return ExprParser(text, pos, sink).run();
}

std::string Expr::toString() const {
  switch (op) {
    case Op::Int: return std::to_string(intValue);
    case Op::String: return "\"" + text + "\"";
    case Op::Field: return text;
    case Op::Not: return "!(" + args[0].toString() + ")";
    default: {
      auto side = [](const Expr& e) {
        const bool leaf = e.op == Op::Int || e.op == Op::String || e.op == Op::Field;
        return leaf ? e.toString() : "(" + e.toString() + ")";
      };
      return side(args[0]) + opText(op) + side(args[1]);
    }
  }
}

void Expr::forEachField(const std::function<void(const std::string&)>& visit) const {
  if (op == Op::Field) visit(text);
  for (const auto& a : args) a.forEachField(visit);
}

std::optional<std::int64_t> evalExpr(const Expr& e, const ExprEnv& env) {
  switch (e.op) {
    case Expr::Op::Int: return e.intValue;
    case Expr::Op::String: return std::nullopt;  // only meaningful inside a comparison
    case Expr::Op::Field: {
      const auto v = env.fieldValue(e.text);
      if (!v) return std::nullopt;
      return static_cast<std::int64_t>(*v);
    }
    case Expr::Op::Eq:
    case Expr::Op::Ne: {
      const auto eq = evalEquality(e.args[0], e.args[1], env);
      if (!eq) return std::nullopt;
      return (e.op == Expr::Op::Eq) == *eq ? 1 : 0;
    }
    case Expr::Op::Not: {
      const auto v = evalExpr(e.args[0], env);
      if (!v) return std::nullopt;
      return *v == 0 ? 1 : 0;
    }
    default: break;
  }
  const auto a = evalExpr(e.args[0], env);
  const auto b = evalExpr(e.args[1], env);
  if (!a || !b) return std::nullopt;
  switch (e.op) {
    case Expr::Op::Add: return *a + *b;
    case Expr::Op::Sub: return *a - *b;
    case Expr::Op::Mul: return *a * *b;
    case Expr::Op::And: return (*a != 0 && *b != 0) ? 1 : 0;
    case Expr::Op::Or: return (*a != 0 || *b != 0) ? 1 : 0;
    default: return std::nullopt;
  }
}

namespace {

using CKind = CompiledExpr::Kind;

class ExprCompiler {
 public:
  ExprCompiler(
      const std::function<int(std::string_view)>& fieldIndex,
      const std::function<std::optional<std::uint64_t>(std::string_view, std::string_view)>& enumValue)
      : fieldIndex_(fieldIndex), enumValue_(enumValue) {}

  CompiledExpr run(const Expr& e) {
    add(e);
    return std::move(out_);
  }

 private:
  std::int32_t push(CompiledExpr::Node n) {
    out_.nodes.push_back(n);
    return static_cast<std::int32_t>(out_.nodes.size() - 1);
  }
  std::int32_t constant(std::int64_t v) { return push({CKind::Const, v, -1, -1, -1}); }
  std::int32_t unknown() { return push({CKind::Unknown, 0, -1, -1, -1}); }

  // `field == "name"`: the field's value against the enumerator's, unknown when either is.
  std::int32_t fieldIs(const Expr& field, const Expr& name, bool equal) {
    const int i = fieldIndex_(field.text);
    const auto v = enumValue_(field.text, name.text);
    if (i < 0 || !v) return unknown();
    const std::int32_t is = push({CKind::FieldIs, static_cast<std::int64_t>(*v), i, -1, -1});
    return equal ? is : push({CKind::Not, 0, -1, is, -1});
  }

  std::int32_t add(const Expr& e) {
    switch (e.op) {
      case Expr::Op::Int: return constant(e.intValue);
      case Expr::Op::String: return unknown();
      case Expr::Op::Field: {
        const int i = fieldIndex_(e.text);
        return i < 0 ? unknown() : push({CKind::Field, 0, i, -1, -1});
      }
      case Expr::Op::Eq:
      case Expr::Op::Ne: {
        const Expr& a = e.args[0];
        const Expr& b = e.args[1];
        const bool equal = e.op == Expr::Op::Eq;
        if (a.op == Expr::Op::Field && b.op == Expr::Op::String) return fieldIs(a, b, equal);
        if (b.op == Expr::Op::Field && a.op == Expr::Op::String) return fieldIs(b, a, equal);
        if (a.op == Expr::Op::String && b.op == Expr::Op::String)
          return constant(equal == (a.text == b.text) ? 1 : 0);
        const std::int32_t x = add(a), y = add(b);
        return push({equal ? CKind::Eq : CKind::Ne, 0, -1, x, y});
      }
      case Expr::Op::Not: {
        const std::int32_t x = add(e.args[0]);
        return push({CKind::Not, 0, -1, x, -1});
      }
      case Expr::Op::Add:
      case Expr::Op::Sub:
      case Expr::Op::Mul:
      case Expr::Op::And:
      case Expr::Op::Or: {
        const std::int32_t x = add(e.args[0]), y = add(e.args[1]);
        const CKind k = e.op == Expr::Op::Add   ? CKind::Add
                        : e.op == Expr::Op::Sub ? CKind::Sub
                        : e.op == Expr::Op::Mul ? CKind::Mul
                        : e.op == Expr::Op::And ? CKind::And
                                                : CKind::Or;
        return push({k, 0, -1, x, y});
      }
    }
    return unknown();
  }

  const std::function<int(std::string_view)>& fieldIndex_;
  const std::function<std::optional<std::uint64_t>(std::string_view, std::string_view)>& enumValue_;
  CompiledExpr out_;
};

std::optional<std::int64_t> evalNode(const CompiledExpr& e, std::int32_t at,
                                     std::span<const std::uint64_t> values) {
  const CompiledExpr::Node& n = e.nodes[static_cast<std::size_t>(at)];
  switch (n.kind) {
    case CKind::Const: return n.value;
    case CKind::Unknown: return std::nullopt;
    case CKind::Field:
      if (static_cast<std::size_t>(n.field) >= values.size()) return std::nullopt;
      return static_cast<std::int64_t>(values[static_cast<std::size_t>(n.field)]);
    case CKind::FieldIs:
      if (static_cast<std::size_t>(n.field) >= values.size()) return std::nullopt;
      return values[static_cast<std::size_t>(n.field)] == static_cast<std::uint64_t>(n.value) ? 1 : 0;
    case CKind::Not: {
      const auto v = evalNode(e, n.a, values);
      if (!v) return std::nullopt;
      return *v == 0 ? 1 : 0;
    }
    default: break;
  }
  const auto x = evalNode(e, n.a, values);
  const auto y = evalNode(e, n.b, values);
  if (!x || !y) return std::nullopt;
  switch (n.kind) {
    case CKind::Eq: return *x == *y ? 1 : 0;
    case CKind::Ne: return *x != *y ? 1 : 0;
    case CKind::Add: return *x + *y;
    case CKind::Sub: return *x - *y;
    case CKind::Mul: return *x * *y;
    case CKind::And: return (*x != 0 && *y != 0) ? 1 : 0;
    case CKind::Or: return (*x != 0 || *y != 0) ? 1 : 0;
    default: return std::nullopt;
  }
}

}  // namespace

CompiledExpr compileExpr(
    const Expr& expr, const std::function<int(std::string_view)>& fieldIndex,
    const std::function<std::optional<std::uint64_t>(std::string_view, std::string_view)>& enumValue) {
  return ExprCompiler(fieldIndex, enumValue).run(expr);
}

std::optional<std::int64_t> evalCompiled(const CompiledExpr& expr, std::span<const std::uint64_t> values) {
  if (expr.nodes.empty()) return std::nullopt;
  return evalNode(expr, static_cast<std::int32_t>(expr.nodes.size() - 1), values);
}

}  // namespace gpuasm::isa
