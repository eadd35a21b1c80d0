// Expressions over a warp's state: parsing with type checks, evaluation, assertions (see
// Expression.h).
#include <gpuasm/sim/Expression.h>

#include <gpuasm/isa/Utf8.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>

namespace gpuasm::sim {

namespace {

using Op = Expression::Op;

bool isNumeric(ExprType t) { return t != ExprType::Bool; }
bool isInteger(ExprType t) { return t == ExprType::U32 || t == ExprType::S32; }

bool isComparison(Op op) { return op >= Op::Eq && op <= Op::Ge; }

// The type both operands of an arithmetic operation or comparison are brought to: f32 when
// either is, s32 when either is, u32 otherwise.
ExprType common(ExprType a, ExprType b) {
  if (a == ExprType::F32 || b == ExprType::F32) return ExprType::F32;
  if (a == ExprType::S32 || b == ExprType::S32) return ExprType::S32;
  return ExprType::U32;
}

ExprValue ofFloat(float f) { return {ExprType::F32, std::bit_cast<std::uint32_t>(f)}; }
ExprValue ofBool(bool b) { return {ExprType::Bool, b ? 1u : 0u}; }

std::string laneList(std::uint32_t mask) {
  std::string out;
  for (unsigned l = 0; l < kWarpSize;) {
    if (((mask >> l) & 1u) == 0) {
      ++l;
      continue;
    }
    unsigned last = l;
    while (last + 1 < kWarpSize && ((mask >> (last + 1)) & 1u) != 0) ++last;
    if (!out.empty()) out += ", ";
    out += std::to_string(l);
    if (last > l) out += (last == l + 1 ? ", " : "\u2013") + std::to_string(last);
    l = last + 1;
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Parsing: a recursive descent over C's precedence levels, type-checking each node as it is made.

class ExpressionParser {
 public:
  ExpressionParser(std::string_view text, const RegisterLayout& layout) : text_(text), layout_(layout) {}

  std::expected<Expression, ExprError> run() {
    Expression e;
    e.text_ = std::string(text_);
    out_ = &e;
    skipSpace();
    if (at_ >= text_.size()) return std::unexpected(ExprError{0, 0, "an empty expression"});
    const std::uint32_t root = expression();
    if (!error_ && at_ < text_.size()) {
      const auto [c, bytes] = characterAt(at_);
      fail(at_, bytes, "unexpected '" + c + "' after the expression");
    }
    if (error_) return std::unexpected(*error_);
    e.root_ = root;
    out_ = nullptr;
    return e;
  }

 private:
  struct Level {
    std::string_view token;
    Op op;
    int precedence;
  };

  void fail(std::size_t column, std::size_t length, std::string message) {
    if (!error_)
      error_ = ExprError{static_cast<std::uint32_t>(column), static_cast<std::uint32_t>(length),
                         std::move(message)};
  }

  // The character at `at` for a message: a whole UTF-8 sequence, or a stray byte as \xNN, so
  // a message never holds part of a character; and its length in bytes.
  std::pair<std::string, std::size_t> characterAt(std::size_t at) const {
    const std::size_t n = text::utf8SequenceLength(text_, at);
    if (n != 0) return {std::string(text_.substr(at, n)), n};
    return {text::escapedByte(static_cast<unsigned char>(text_[at])), 1};
  }

  void skipSpace() {
    while (at_ < text_.size() && text::isSpace(text_[at_])) ++at_;
  }

  bool accept(std::string_view token) {
    if (text_.substr(at_).starts_with(token)) {
      at_ += token.size();
      skipSpace();
      return true;
    }
    return false;
  }

  // A missing token is marked on the character found in its place (whole, if it is a UTF-8
  // sequence), or with length 0 at the end of the text, never past it.
  bool expect(std::string_view token, std::string_view what) {
    if (accept(token)) return true;
    fail(at_, at_ < text_.size() ? characterAt(at_).second : 0,
         "expected '" + std::string(token) + "' " + std::string(what));
    return false;
  }

  // Evaluation recurses over the tree, and a chain `1+1+…` is as deep as it is long: the node
  // count bounds that depth as unary() bounds the parser's.
  static constexpr std::size_t kMaxNodes = 1024;

  std::uint32_t add(Expression::Node n) {
    if (out_->nodes_.size() == kMaxNodes)
      fail(n.begin, n.end - n.begin,
           "the expression has more than " + std::to_string(kMaxNodes) + " operators and values");
    out_->nodes_.push_back(n);
    return static_cast<std::uint32_t>(out_->nodes_.size() - 1);
  }
  const Expression::Node& node(std::uint32_t i) const { return out_->nodes_[i]; }
  std::string quoted(std::uint32_t i) const {
    const Expression::Node& n = node(i);
    return "'" + std::string(text_.substr(n.begin, n.end - n.begin)) + "'";
  }
  std::string describe(std::uint32_t i) const { return quoted(i) + " (" + exprTypeName(node(i).type) + ")"; }

  // The binary operator at the cursor with at least `minPrecedence`, longest token first.
  std::optional<Level> peekOperator(int minPrecedence) const {
    static constexpr Level kLevels[] = {
        {"||", Op::Or, 1},    {"&&", Op::And, 2}, {"==", Op::Eq, 6},   {"!=", Op::Ne, 6},
        {"<<", Op::Shl, 8},   {">>", Op::Shr, 8}, {"<=", Op::Le, 7},   {">=", Op::Ge, 7},
        {"<", Op::Lt, 7},     {">", Op::Gt, 7},   {"|", Op::BitOr, 3}, {"^", Op::BitXor, 4},
        {"&", Op::BitAnd, 5}, {"+", Op::Add, 9},  {"-", Op::Sub, 9},   {"*", Op::Mul, 10},
        {"/", Op::Div, 10},   {"%", Op::Rem, 10},
    };
    const std::string_view rest = text_.substr(at_);
    for (const Level& l : kLevels)
      if (rest.starts_with(l.token))
        return l.precedence >= minPrecedence ? std::optional<Level>(l) : std::nullopt;
    return std::nullopt;
  }

  // `c ? a : b`, C's conditional: below every binary operator, right-associative (a ? b : c ? d
  // : e is a ? b : (c ? d : e)), the middle any expression. `c` is true/false; `a` and `b` both
  // true/false, or both numbers (brought to their common type, as for '+').
  std::uint32_t expression() {
    const std::uint32_t condition = binary(0);
    if (error_ || at_ >= text_.size() || text_[at_] != '?') return condition;
    const std::size_t questionAt = at_;
    // A chain `c ? a : c ? a : …` nests as deep as it is long: its branches count as one level
    // deeper, so unary() stops a chain of 256 as it stops 256 parentheses.
    accept("?");
    ++depth_;
    const std::uint32_t a = expression();
    std::uint32_t b = 0;
    if (!error_ && expect(":", "of the conditional 'c ? a : b'")) b = expression();
    --depth_;
    if (error_) return 0;
    if (node(condition).type != ExprType::Bool) {
      fail(node(condition).begin, node(condition).end - node(condition).begin,
           "the condition of '?:' must be true or false, not " + describe(condition));
      return 0;
    }
    const ExprType ta = node(a).type, tb = node(b).type;
    ExprType type = ExprType::Bool;
    if (ta == ExprType::Bool || tb == ExprType::Bool) {
      if (ta != tb) {
        fail(questionAt, 1,
             "'?:' needs two true/false values or two numbers, not " + describe(a) + " and " + describe(b));
        return 0;
      }
    } else {
      type = common(ta, tb);
    }
    return add({Op::Select, type, node(condition).perLane || node(a).perLane || node(b).perLane,
                node(condition).begin, node(b).end, condition, a, RegFile::R, b, 0});
  }

  std::uint32_t binary(int minPrecedence) {
    std::uint32_t left = unary();
    while (!error_) {
      const auto level = peekOperator(minPrecedence);
      if (!level) break;
      const std::size_t opAt = at_;
      at_ += level->token.size();
      skipSpace();
      const std::uint32_t right = binary(level->precedence + 1);
      if (error_) break;
      left = combine(level->op, level->token, opAt, left, right);
    }
    return left;
  }

  std::uint32_t combine(Op op, std::string_view token, std::size_t opAt, std::uint32_t a, std::uint32_t b) {
    const ExprType ta = node(a).type, tb = node(b).type;
    Expression::Node n{op,
                       ExprType::U32,
                       node(a).perLane || node(b).perLane,
                       node(a).begin,
                       node(b).end,
                       a,
                       b,
                       RegFile::R,
                       0,
                       0};
    const std::string name = "'" + std::string(token) + "'";
    auto mismatch = [&](std::string need) {
      fail(opAt, token.size(), name + " needs " + need + ", not " + describe(a) + " and " + describe(b));
      return 0u;
    };
    switch (op) {
      case Op::And:
      case Op::Or:
        if (ta != ExprType::Bool || tb != ExprType::Bool)
          return mismatch("true/false operands (comparisons or predicates)");
        n.type = ExprType::Bool;
        break;
      case Op::Eq:
      case Op::Ne:
        if (ta == ExprType::Bool && tb == ExprType::Bool) {
          n.type = ExprType::Bool;
          break;
        }
        [[fallthrough]];
      case Op::Lt:
      case Op::Le:
      case Op::Gt:
      case Op::Ge:
        if (!isNumeric(ta) || !isNumeric(tb)) return mismatch("two numbers");
        n.type = ExprType::Bool;
        break;
      case Op::Add:
      case Op::Sub:
      case Op::Mul:
      case Op::Div:
        if (!isNumeric(ta) || !isNumeric(tb)) return mismatch("numbers");
        n.type = common(ta, tb);
        break;
      case Op::Rem:
      case Op::BitAnd:
      case Op::BitOr:
      case Op::BitXor:
        if (!isInteger(ta) || !isInteger(tb)) return mismatch("integers (u32 or s32)");
        n.type = common(ta, tb);
        break;
      case Op::Shl:
      case Op::Shr:
        if (!isInteger(ta) || !isInteger(tb)) return mismatch("integers (u32 or s32)");
        n.type = ta;
        break;
      default: break;
    }
    return add(n);
  }

  // Every way an operand nests — a parenthesis, a lane index, a prefix operator — passes here,
  // so one depth bounds the recursion: `// @expect` text of 4,000 '(' overflowed the stack
  // (found by fuzz/state_file). A person writes a few levels; 256 is an error, not a crash.
  static constexpr int kMaxNesting = 256;

  static std::string nestingMessage() {
    return "the expression nests deeper than " + std::to_string(kMaxNesting) +
           " levels (parentheses, lane indices, prefix operators, conditionals)";
  }

  std::uint32_t unary() {
    if (depth_ >= kMaxNesting) {
      fail(at_, at_ < text_.size() ? characterAt(at_).second : 0, nestingMessage());
      return 0;
    }
    ++depth_;
    const std::uint32_t result = prefixed();
    --depth_;
    return result;
  }

  std::uint32_t prefixed() {
    const std::size_t begin = at_;
    Op op{};
    if (accept("-"))
      op = Op::Neg;
    else if (accept("~"))
      op = Op::BitNot;
    else if (accept("!"))
      op = Op::Not;
    else
      return postfix();
    const std::uint32_t a = unary();
    if (error_) return 0;
    const ExprType t = node(a).type;
    const bool ok = op == Op::Neg ? isNumeric(t) : op == Op::BitNot ? isInteger(t) : t == ExprType::Bool;
    if (!ok) {
      fail(begin, 1,
           std::string("'") + text_[begin] + "' cannot apply to " + describe(a) +
               (op == Op::Not      ? ": it needs true/false"
                : op == Op::BitNot ? ": it needs an integer"
                                   : ": it needs a number"));
      return 0;
    }
    return add(
        {op, t, node(a).perLane, static_cast<std::uint32_t>(begin), node(a).end, a, 0, RegFile::R, 0, 0});
  }

  std::uint32_t postfix() {
    std::uint32_t x = primary();
    while (!error_ && at_ < text_.size() && text_[at_] == '[') {
      const std::size_t open = at_;
      accept("[");
      const std::uint32_t i = expression();
      if (error_ || !expect("]", "to close the lane index")) return 0;
      if (!node(x).perLane) {
        fail(open, 1, quoted(x) + " is the same in every lane: there is no lane to pick");
        return 0;
      }
      if (!isInteger(node(i).type)) {
        fail(node(i).begin, node(i).end - node(i).begin, "a lane index is an integer, not " + describe(i));
        return 0;
      }
      // A per-lane index picks a lane for each lane (R0[lane ^ 16]): the result is per-lane too.
      x = add({Op::Index, node(x).type, node(i).perLane, node(x).begin, static_cast<std::uint32_t>(lastEnd()),
               x, i, RegFile::R, 0, 0});
    }
    return x;
  }

  // The end of the last token: the cursor without the spaces skipped after it.
  std::size_t lastEnd() const {
    std::size_t e = at_;
    while (e > 0 && text::isSpace(text_[e - 1])) --e;
    return e;
  }

  std::uint32_t primary() {
    const std::size_t begin = at_;
    if (at_ >= text_.size()) {
      fail(at_, 0, "the expression ends where a value is expected");
      return 0;
    }
    const char c = text_[at_];
    if (accept("(")) {
      const std::uint32_t inner = expression();
      if (error_ || !expect(")", "to close '('")) return 0;
      Expression::Node n = node(inner);  // the parentheses belong to its text, for messages
      n.begin = static_cast<std::uint32_t>(begin);
      n.end = static_cast<std::uint32_t>(lastEnd());
      out_->nodes_[inner] = n;
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) != 0 ||
        (c == '.' && at_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_ + 1])) != 0))
      return number();
    if (text::isWordStart(c)) return name();
    const auto [what, bytes] = characterAt(at_);
    fail(at_, bytes, "unexpected '" + what + "' where a value is expected");
    return 0;
  }

  std::uint32_t number() {
    const std::size_t begin = at_;
    std::size_t end = at_;
    while (end < text_.size() &&
           (text::isWordChar(text_[end]) || text_[end] == '.' ||
            ((text_[end] == '+' || text_[end] == '-') && (text_[end - 1] == 'e' || text_[end - 1] == 'E') &&
             !(end >= begin + 2 && (text_[begin + 1] == 'x' || text_[begin + 1] == 'X')))))
      ++end;
    std::string_view token = text_.substr(begin, end - begin);
    at_ = end;
    skipSpace();
    // The token is a literal of the one value grammar (Value.h); its sign is the '-' operator's.
    const auto value = parseValue(token);
    if (!value) {
      fail(begin, token.size(), value.error().message);
      return 0;
    }
    const auto b = static_cast<std::uint32_t>(begin), e = static_cast<std::uint32_t>(end);
    return add({Op::Literal, value->type, false, b, e, 0, 0, RegFile::R, value->bits, 0});
  }

  std::uint32_t name() {
    const std::size_t begin = at_;
    const std::size_t end = text::wordEnd(text_, at_);
    const std::string_view word = text_.substr(begin, end - begin);
    at_ = end;
    skipSpace();
    Expression::Node n{Op::Literal,
                       ExprType::U32,
                       false,
                       static_cast<std::uint32_t>(begin),
                       static_cast<std::uint32_t>(end),
                       0,
                       0,
                       RegFile::R,
                       0,
                       0};
    if (at_ < text_.size() && text_[at_] == '(') return call(word, begin);
    if (word == "c" && at_ < text_.size() && text_[at_] == '[') return constant(begin);
    if (word == "lane") {
      n.op = Op::Lane;
      n.perLane = true;
      return add(n);
    }
    if (word == "activeMask") {
      n.op = Op::ActiveMask;
      return add(n);
    }
    if (const auto truth = parseValue(word); truth && truth->type == ExprType::Bool) {  // true, false
      n.type = ExprType::Bool;
      n.number = truth->bits;
      return add(n);
    }
    const auto reg = layout_.parseIgnoringCase(word);
    if (!reg) {
      fail(begin, word.size(),
           "unknown name '" + std::string(word) +
               "': a register (R1, P0, UR4, UP0), lane, activeMask, c[bank][offset], true, false, or a "
               "function "
               "(f32, s32, u32, all, any, lanes, count, isnan)");
      return 0;
    }
    n.op = Op::Register;
    n.file = reg->first;
    n.number = reg->second;
    n.type = reg->first == RegFile::P || reg->first == RegFile::UP ? ExprType::Bool : ExprType::U32;
    n.perLane = reg->first == RegFile::R || reg->first == RegFile::P;
    return add(n);
  }

  // c[bank][offset]: a constant-memory word, numbers only.
  std::uint32_t constant(std::size_t begin) {
    std::uint32_t parts[2] = {0, 0};
    for (std::uint32_t& part : parts) {
      if (!expect("[", "in c[bank][offset]")) return 0;
      const std::uint32_t v = expression();
      if (error_) return 0;
      if (node(v).op != Op::Literal || !isInteger(node(v).type)) {
        fail(node(v).begin, node(v).end - node(v).begin, "c[bank][offset] takes numbers, not " + quoted(v));
        return 0;
      }
      part = node(v).number;
      if (!expect("]", "in c[bank][offset]")) return 0;
    }
    return add({Op::Constant, ExprType::U32, false, static_cast<std::uint32_t>(begin),
                static_cast<std::uint32_t>(lastEnd()), 0, 0, RegFile::R, parts[1], parts[0]});
  }

  std::uint32_t call(std::string_view function, std::size_t begin) {
    struct Function {
      std::string_view name;
      Op op;
    };
    static constexpr Function kFunctions[] = {{"f32", Op::AsF32},   {"s32", Op::AsS32},  {"u32", Op::AsU32},
                                              {"all", Op::All},     {"any", Op::Any},    {"lanes", Op::Lanes},
                                              {"count", Op::Count}, {"isnan", Op::IsNan}};
    const auto* f = std::find_if(std::begin(kFunctions), std::end(kFunctions),
                                 [&](const Function& x) { return x.name == function; });
    if (f == std::end(kFunctions)) {
      fail(
          begin, function.size(),
          "unknown function '" + std::string(function) + "': f32, s32, u32, all, any, lanes, count or isnan");
      return 0;
    }
    accept("(");
    const std::uint32_t a = expression();
    if (error_ || !expect(")", "to close the call of " + std::string(function))) return 0;
    const ExprType t = node(a).type;
    Expression::Node n{f->op,
                       ExprType::U32,
                       node(a).perLane,
                       static_cast<std::uint32_t>(begin),
                       static_cast<std::uint32_t>(lastEnd()),
                       a,
                       0,
                       RegFile::R,
                       0,
                       0};
    auto wrong = [&](std::string need) {
      fail(node(a).begin, node(a).end - node(a).begin,
           std::string(function) + "() takes " + need + ", not " + describe(a));
      return 0u;
    };
    switch (f->op) {
      case Op::AsF32:
      case Op::AsS32:
      case Op::AsU32:
        if (!isNumeric(t)) return wrong("a 32-bit value");
        n.type = f->op == Op::AsF32 ? ExprType::F32 : f->op == Op::AsS32 ? ExprType::S32 : ExprType::U32;
        break;
      case Op::All:
      case Op::Any:
      case Op::Lanes:
      case Op::Count:
        if (t != ExprType::Bool) return wrong("true/false (a comparison or a predicate)");
        n.type = f->op == Op::All || f->op == Op::Any ? ExprType::Bool : ExprType::U32;
        n.perLane = false;
        break;
      case Op::IsNan:
        if (t != ExprType::F32) return wrong("an f32");
        n.type = ExprType::Bool;
        break;
      default: break;
    }
    return add(n);
  }

  std::string_view text_;
  const RegisterLayout& layout_;
  std::size_t at_ = 0;
  int depth_ = 0;  // unary() calls open: operands nested in each other
  Expression* out_ = nullptr;
  std::optional<ExprError> error_;
};

std::expected<Expression, ExprError> Expression::parse(std::string_view text, const RegisterLayout& layout) {
  return ExpressionParser(text, layout).run();
}

ExprType Expression::type() const { return nodes_[root_].type; }
bool Expression::perLane() const { return nodes_[root_].perLane; }

std::expected<ExprValue, ExprError> Expression::evaluate(const WarpState& state, unsigned lane) const {
  return evaluateNode(root_, state, lane);
}

// ---------------------------------------------------------------------------------------------
// Evaluation.

namespace {

using Node = Expression::Node;

// An error of evaluating node `n`, placed on its text.
std::unexpected<ExprError> errorAt(const Node& n, std::string message) {
  return std::unexpected(ExprError{n.begin, n.end - n.begin, std::move(message)});
}

// x[i]: x evaluated in lane i.
std::expected<ExprValue, ExprError> evaluateAtLane(const Expression& e, const Node& n, const WarpState& state,
                                                   unsigned lane) {
  const auto i = e.evaluateNode(n.b, state, lane);
  if (!i) return i;
  const std::int64_t at =
      i->type == ExprType::S32 ? static_cast<std::int32_t>(i->bits) : static_cast<std::int64_t>(i->bits);
  if (at < 0 || at >= static_cast<std::int64_t>(kWarpSize))
    return errorAt(n, "the lane index '" + std::string(e.textOf(e.nodes()[n.b])) + "' is " +
                          std::to_string(at) + ", out of range (0..31)");
  return e.evaluateNode(n.a, state, static_cast<unsigned>(at));
}

// c ? a : b: only the branch taken is evaluated, and brought to the node's type.
std::expected<ExprValue, ExprError> evaluateSelect(const Expression& e, const Node& n, const WarpState& state,
                                                   unsigned lane) {
  const auto c = e.evaluateNode(n.a, state, lane);
  if (!c) return c;
  const auto v = e.evaluateNode(c->truth() ? n.b : n.number, state, lane);
  if (!v || v->type == n.type) return v;
  return n.type == ExprType::F32 ? ofFloat(v->f32()) : ExprValue{n.type, v->bits};
}

// all(x), any(x), lanes(x), count(x): x in every active lane.
std::expected<ExprValue, ExprError> evaluateAcrossLanes(const Expression& e, const Node& n,
                                                        const WarpState& state) {
  std::uint32_t mask = 0;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if (((state.activeMask >> l) & 1u) == 0) continue;
    const auto v = e.evaluateNode(n.a, state, l);
    if (!v) return v;
    if (v->truth()) mask |= 1u << l;
  }
  if (n.op == Op::All) return ofBool(mask == state.activeMask);
  if (n.op == Op::Any) return ofBool(mask != 0);
  return ExprValue{ExprType::U32, n.op == Op::Lanes ? mask : static_cast<std::uint32_t>(std::popcount(mask))};
}

// The value of a unary operator or one-operand function on `a`; none for the other operators.
std::optional<ExprValue> applyUnary(const Node& n, const ExprValue& a) {
  switch (n.op) {
    case Op::Neg: return n.type == ExprType::F32 ? ofFloat(-a.f32()) : ExprValue{n.type, 0u - a.bits};
    case Op::BitNot: return ExprValue{n.type, ~a.bits};
    case Op::Not: return ofBool(!a.truth());
    case Op::AsF32: return ExprValue{ExprType::F32, a.bits};
    case Op::AsS32: return ExprValue{ExprType::S32, a.bits};
    case Op::AsU32: return ExprValue{ExprType::U32, a.bits};
    case Op::IsNan: return ofBool(std::isnan(a.f32()));
    default: return std::nullopt;
  }
}

// A comparison: two bools by (in)equality, numbers in their common type (a NaN is unordered:
// only != holds).
ExprValue compare(Op op, const ExprValue& a, const ExprValue& b) {
  if (a.type == ExprType::Bool && b.type == ExprType::Bool)
    return ofBool((op == Op::Eq) == (a.bits == b.bits));
  const ExprType t = common(a.type, b.type);
  int order = 0;  // -1, 0, 1; 2 when unordered (a NaN)
  if (t == ExprType::F32) {
    const float x = a.f32(), y = b.f32();
    order = std::isnan(x) || std::isnan(y) ? 2 : x < y ? -1 : x > y ? 1 : 0;
  } else if (t == ExprType::S32) {
    const auto x = static_cast<std::int32_t>(a.bits), y = static_cast<std::int32_t>(b.bits);
    order = x < y ? -1 : x > y ? 1 : 0;
  } else {
    order = a.bits < b.bits ? -1 : a.bits > b.bits ? 1 : 0;
  }
  switch (op) {
    case Op::Eq: return ofBool(order == 0);
    case Op::Ne: return ofBool(order != 0);
    case Op::Lt: return ofBool(order == -1);
    case Op::Le: return ofBool(order == -1 || order == 0);
    case Op::Gt: return ofBool(order == 1);
    default: return ofBool(order == 1 || order == 0);
  }
}

// + - * / in f32.
ExprValue floatArithmetic(Op op, float x, float y) {
  switch (op) {
    case Op::Add: return ofFloat(x + y);
    case Op::Sub: return ofFloat(x - y);
    case Op::Mul: return ofFloat(x * y);
    default: return ofFloat(x / y);
  }
}

// An arithmetic or bitwise operator on 32-bit integers of `type` (u32 or s32), wrapping; an
// error for a division by zero or an operator that is neither.
std::expected<ExprValue, std::string> integerArithmetic(Op op, ExprType type, std::uint32_t x,
                                                        std::uint32_t y) {
  const bool isSigned = type == ExprType::S32;
  switch (op) {
    case Op::Add: return ExprValue{type, x + y};
    case Op::Sub: return ExprValue{type, x - y};
    case Op::Mul: return ExprValue{type, x * y};
    case Op::Div:
    case Op::Rem: {
      if (y == 0) return std::unexpected("division by zero");
      if (!isSigned) return ExprValue{type, op == Op::Div ? x / y : x % y};
      // In 64 bits: INT32_MIN / -1 wraps to INT32_MIN instead of overflowing.
      const std::int64_t sx = static_cast<std::int32_t>(x), sy = static_cast<std::int32_t>(y);
      return ExprValue{type, static_cast<std::uint32_t>(op == Op::Div ? sx / sy : sx % sy)};
    }
    case Op::BitAnd: return ExprValue{type, x & y};
    case Op::BitOr: return ExprValue{type, x | y};
    case Op::BitXor: return ExprValue{type, x ^ y};
    case Op::Shl: return ExprValue{type, y >= 32 ? 0u : x << y};
    case Op::Shr:
      if (isSigned)
        return ExprValue{type, static_cast<std::uint32_t>(static_cast<std::int32_t>(x) >> std::min(y, 31u))};
      return ExprValue{type, y >= 32 ? 0u : x >> y};
    default: return std::unexpected("cannot evaluate this operator");
  }
}

// An operator's value: its operands first (&& and || short-circuit), then the operation in
// the node's type.
std::expected<ExprValue, ExprError> evaluateOperator(const Expression& e, const Node& n,
                                                     const WarpState& state, unsigned lane) {
  const auto a = e.evaluateNode(n.a, state, lane);
  if (!a) return a;
  if (const std::optional<ExprValue> v = applyUnary(n, *a)) return *v;
  if (n.op == Op::And && !a->truth()) return ofBool(false);
  if (n.op == Op::Or && a->truth()) return ofBool(true);
  const auto b = e.evaluateNode(n.b, state, lane);
  if (!b) return b;
  if (n.op == Op::And || n.op == Op::Or) return ofBool(b->truth());
  if (isComparison(n.op)) return compare(n.op, *a, *b);
  if (n.type == ExprType::F32) return floatArithmetic(n.op, a->f32(), b->f32());
  auto v = integerArithmetic(n.op, n.type, a->bits, b->bits);
  if (!v) return errorAt(n, std::move(v.error()));
  return *v;
}

}  // namespace

std::expected<ExprValue, ExprError> Expression::evaluateNode(std::uint32_t index, const WarpState& state,
                                                             unsigned lane) const {
  const Node& n = nodes_[index];
  switch (n.op) {
    case Op::Literal: return ExprValue{n.type, n.number};
    case Op::Lane: return ExprValue{ExprType::U32, lane};
    case Op::ActiveMask: return ExprValue{ExprType::U32, state.activeMask};
    case Op::Constant: return ExprValue{ExprType::U32, state.cmem.readWord(n.bank, n.number)};
    case Op::Register: return ExprValue{n.type, state.read(n.file, n.number, lane)};
    case Op::Index: return evaluateAtLane(*this, n, state, lane);
    case Op::Select: return evaluateSelect(*this, n, state, lane);
    case Op::All:
    case Op::Any:
    case Op::Lanes:
    case Op::Count: return evaluateAcrossLanes(*this, n, state);
    default: return evaluateOperator(*this, n, state, lane);
  }
}

// ---------------------------------------------------------------------------------------------
// Assertions.

namespace {

// "R2 is 0x100, lane * 4 is 0x4" for a comparison in one lane; literal sides are left out.
std::string comparisonValues(const Expression& e, std::uint32_t cmp, const WarpState& state, unsigned lane) {
  const Expression::Node& n = e.nodes()[cmp];
  std::string out;
  for (const std::uint32_t side : {n.a, n.b}) {
    const Expression::Node& s = e.nodes()[side];
    if (s.op == Op::Literal) continue;
    const auto v = e.evaluateNode(side, state, lane);
    if (!out.empty()) out += ", ";
    out += std::string(e.textOf(s)) + " is " + (v ? formatValue(*v) : "an error: " + v.error().message);
  }
  return out;
}

// The failing lanes of a per-lane node: "in 3 of 32 active lanes (1, 4–5): lane 1: R2 is …; …".
std::string perLaneFailure(const Expression& e, std::uint32_t index, std::uint32_t failing,
                           const WarpState& state) {
  constexpr std::size_t kDetailedLanes = 3;
  const unsigned active = static_cast<unsigned>(std::popcount(state.activeMask));
  std::string out = "in " + std::to_string(std::popcount(failing)) + " of " + std::to_string(active) +
                    " active lanes (" + laneList(failing) + ")";
  if (!isComparison(e.nodes()[index].op)) return out;
  std::vector<std::pair<unsigned, std::string>> details;
  for (unsigned l = 0; l < kWarpSize; ++l)
    if (((failing >> l) & 1u) != 0) details.emplace_back(l, comparisonValues(e, index, state, l));
  // The same values in every failing lane (a uniform value): said once.
  const bool same = std::all_of(details.begin(), details.end(),
                                [&](const auto& d) { return d.second == details.front().second; });
  if (same && !details.empty() && !details.front().second.empty())
    return out + ": " + details.front().second + (details.size() > 1 ? " in each" : "");
  for (std::size_t i = 0; i < details.size() && i < kDetailedLanes; ++i)
    out += (i == 0 ? ": " : "; ") + std::string("lane ") + std::to_string(details[i].first) + ": " +
           details[i].second;
  if (details.size() > kDetailedLanes) out += "; \u2026";
  return out;
}

// Where a per-lane bool node is false, over the active lanes; an error value stops the scan.
std::expected<std::uint32_t, ExprError> falseLanes(const Expression& e, std::uint32_t index,
                                                   const WarpState& state) {
  std::uint32_t failing = 0;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if (((state.activeMask >> l) & 1u) == 0) continue;
    const auto v = e.evaluateNode(index, state, l);
    if (!v)
      return std::unexpected(ExprError{v.error().column, v.error().length,
                                       "lane " + std::to_string(l) + ": " + v.error().message});
    if (!v->truth()) failing |= 1u << l;
  }
  return failing;
}

}  // namespace

ExpectationResult checkExpectation(const Expression& e, const WarpState& state) {
  ExpectationResult r;
  const Expression::Node& root = e.nodes()[e.root()];
  const std::string text = "'" + e.text() + "'";
  if (root.perLane) {
    const auto failing = falseLanes(e, e.root(), state);
    if (!failing) {
      r.message = text + " cannot be evaluated: " + failing.error().message;
      r.failingLanes = state.activeMask;
      return r;
    }
    r.holds = *failing == 0;
    r.failingLanes = *failing;
    if (!r.holds) r.message = text + " is false " + perLaneFailure(e, e.root(), *failing, state);
    return r;
  }
  const auto v = e.evaluate(state, 0);
  if (!v) {
    r.message = text + " cannot be evaluated: " + v.error().message;
    r.failingLanes = state.activeMask;
    return r;
  }
  r.holds = v->truth();
  if (r.holds) return r;
  r.failingLanes = state.activeMask;
  r.message = text + " is false";
  // all(x) and any(x) of a per-lane x: where x is false; a comparison: its sides.
  if ((root.op == Op::All || root.op == Op::Any) && e.nodes()[root.a].perLane) {
    const auto failing = falseLanes(e, root.a, state);
    if (failing && root.op == Op::All) {
      r.failingLanes = *failing;
      r.message += ": " + std::string(e.textOf(e.nodes()[root.a])) + " is false " +
                   perLaneFailure(e, root.a, *failing, state);
    } else if (failing) {
      r.message += ": " + std::string(e.textOf(e.nodes()[root.a])) + " is false in every active lane";
    }
  } else if (isComparison(root.op)) {
    const std::string values = comparisonValues(e, e.root(), state, 0);
    if (!values.empty()) r.message += ": " + values;
  }
  return r;
}

std::vector<ExpectDirective> parseExpectDirectives(std::string_view source, const RegisterLayout& layout) {
  static constexpr std::string_view kName = "@expect";
  std::vector<ExpectDirective> out;
  for (const CommentDirective& d : findCommentDirectives(source, kName)) {
    const std::string_view expr = text::trim(d.rest);
    const auto lead = static_cast<std::size_t>(text::trimLeft(d.rest).data() - d.rest.data());
    ExpectDirective e{d.line,
                      d.column,
                      d.offset,
                      static_cast<std::uint32_t>(d.column + kName.size() + lead),
                      static_cast<std::uint32_t>(expr.size()),
                      std::unexpected(ExprError{})};
    if (expr.empty()) {
      e.expression = std::unexpected(
          ExprError{0, 0, "@expect needs an expression that must hold, e.g. R2 == lane * 4 or all(P0)"});
    } else {
      e.expression = Expression::parse(expr, layout);
      if (e.expression && e.expression->type() != ExprType::Bool) {
        const std::string text = e.expression->text();
        e.expression = std::unexpected(ExprError{0, static_cast<std::uint32_t>(expr.size()),
                                                 "an expectation must be true or false, and '" + text +
                                                     "' is " + exprTypeName(e.expression->type()) +
                                                     " (compare it, e.g. " + text + " == 0x10)"});
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace gpuasm::sim
