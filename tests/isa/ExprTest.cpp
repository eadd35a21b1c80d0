// Tests of the spec's expression language (Expr.h): parsing and evaluating the real Bitwidth and
// EncodingError expressions of the spec against field values set by hand, comparisons that
// resolve enumerator names through the environment (so the name "64" is never the number 64),
// operator precedence, the toString round trip, and malformed input, which must give a
// "bad-expression" diagnostic at the column of the error and nullopt, never an exception.
#include <gpuasm/isa/Expr.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using namespace gpuasm::isa;

/// Field values and per-field enumerator tables set by hand, with a log of the name lookups.
class FakeFields {
 public:
  FakeFields& set(std::string field, std::uint64_t value) {
    values_[std::move(field)] = value;
    return *this;
  }
  FakeFields& enumerator(std::string field, std::string name, std::uint64_t value) {
    enums_[{std::move(field), std::move(name)}] = value;
    return *this;
  }
  ExprEnv env() {
    ExprEnv e;
    e.fieldValue = [this](std::string_view field) -> std::optional<std::uint64_t> {
      const auto it = values_.find(std::string(field));
      if (it == values_.end()) return std::nullopt;
      return it->second;
    };
    e.enumValue = [this](std::string_view field, std::string_view name) -> std::optional<std::uint64_t> {
      lookups_.emplace_back(std::string(field), std::string(name));
      const auto it = enums_.find({std::string(field), std::string(name)});
      if (it == enums_.end()) return std::nullopt;
      return it->second;
    };
    return e;
  }
  const std::vector<std::pair<std::string, std::string>>& lookups() const { return lookups_; }

 private:
  std::map<std::string, std::uint64_t> values_;
  std::map<std::pair<std::string, std::string>, std::uint64_t> enums_;
  std::vector<std::pair<std::string, std::string>> lookups_;
};

/// Parses text that must be well formed (no diagnostic).
Expr parsed(std::string_view text) {
  DiagnosticSink sink;
  std::optional<Expr> e = parseExpr(text, {0, 1, 1}, sink);
  EXPECT_TRUE(e.has_value()) << text;
  EXPECT_TRUE(sink.all().empty()) << text;
  return e.value_or(Expr{});
}

std::optional<std::int64_t> eval(std::string_view text, FakeFields& fields) {
  return evalExpr(parsed(text), fields.env());
}

std::optional<std::int64_t> evalConstant(std::string_view text) {
  FakeFields none;
  return eval(text, none);
}

std::vector<std::string> fieldsRead(const Expr& e) {
  std::vector<std::string> out;
  e.forEachField([&](const std::string& name) { out.push_back(name); });
  return out;
}

using Lookups = std::vector<std::pair<std::string, std::string>>;
constexpr std::optional<std::int64_t> kUnknown = std::nullopt;

// MOV (000:2504): `Bitwidth<rd> = 32 + (width=="64")*32;` with MOVW `32` = 0, `64` = 1 (000:100).
TEST(ExprTest, MovBitwidthFollowsWidthModifier) {
  const char* text = "32 + (width==\"64\")*32";
  FakeFields movw;
  movw.enumerator("width", "32", 0).enumerator("width", "64", 1);
  movw.set("width", 0);
  EXPECT_EQ(eval(text, movw), 32);  // 32 + 0*32
  movw.set("width", 1);
  EXPECT_EQ(eval(text, movw), 64);  // 32 + 1*32
  EXPECT_EQ(movw.lookups(), (Lookups{{"width", "64"}, {"width", "64"}}));

  const Expr e = parsed(text);
  EXPECT_EQ(e.op, Expr::Op::Add);
  ASSERT_EQ(e.args.size(), 2u);
  EXPECT_EQ(e.args[0].op, Expr::Op::Int);
  EXPECT_EQ(e.args[0].intValue, 32);
  EXPECT_EQ(e.args[1].op, Expr::Op::Mul);
  ASSERT_EQ(e.args[1].args.size(), 2u);
  const Expr& cmp = e.args[1].args[0];
  EXPECT_EQ(cmp.op, Expr::Op::Eq);
  ASSERT_EQ(cmp.args.size(), 2u);
  EXPECT_EQ(cmp.args[0].op, Expr::Op::Field);
  EXPECT_EQ(cmp.args[0].text, "width");
  EXPECT_EQ(cmp.args[1].op, Expr::Op::String);
  EXPECT_EQ(cmp.args[1].text, "64");
  EXPECT_EQ(fieldsRead(e), (std::vector<std::string>{"width"}));
}

// "64" is the name of MOVW's value 1, not the number 64: a raw field value of 64 does not match
// it, and a type that has no enumerator "64" makes the comparison unknown instead of numeric.
TEST(ExprTest, NameThatLooksLikeANumberIsResolvedAsAName) {
  FakeFields movw;
  movw.enumerator("width", "32", 0).enumerator("width", "64", 1);
  movw.set("width", 64);
  EXPECT_EQ(eval("width==\"64\"", movw), 0);
  EXPECT_EQ(eval("32 + (width==\"64\")*32", movw), 32);
  movw.set("width", 1);
  EXPECT_EQ(eval("width==\"64\"", movw), 1);
  EXPECT_EQ(eval("width!=\"64\"", movw), 0);
  EXPECT_EQ(eval("\"64\"==width", movw), 1);  // the string may stand on either side

  FakeFields noName;
  noName.set("width", 64);
  EXPECT_EQ(eval("width==\"64\"", noName), kUnknown);
  EXPECT_EQ(eval("32 + (width==\"64\")*32", noName), kUnknown);
}

// REDUX (002:548): `Bitwidth<ra> = 32 + (dtype=="U64")*32;` (MATCHDType U32 = 0, U64 = 1, 002:17).
TEST(ExprTest, ReduxBitwidthFollowsDtype) {
  FakeFields match;
  match.enumerator("dtype", "U32", 0).enumerator("dtype", "U64", 1);
  match.set("dtype", 1);
  EXPECT_EQ(eval("32 + (dtype==\"U64\")*32", match), 64);
  match.set("dtype", 0);
  EXPECT_EQ(eval("32 + (dtype==\"U64\")*32", match), 32);
}

// SHFL (002:155): `Bitwidth<vc> = 13;` needs no field at all.
TEST(ExprTest, ConstantBitwidth) {
  const Expr e = parsed("13");
  EXPECT_EQ(e.op, Expr::Op::Int);
  EXPECT_EQ(e.intValue, 13);
  EXPECT_TRUE(e.args.empty());
  EXPECT_EQ(evalConstant("13"), 13);
  EXPECT_EQ(fieldsRead(e), std::vector<std::string>{});
}

// MUFU (003:20): the condition under which MUFU.F64H is illegal. Hand-made codes: dtype F32 = 0,
// F64H = 1; mufuop RCP = 4, RSQ = 5, SQRT = 6.
TEST(ExprTest, MufuExceptionCondition) {
  const char* text = "(dtype==\"F64H\") and (mufuop!=\"RCP\") and (mufuop!=\"RSQ\")";
  FakeFields mufu;
  mufu.enumerator("dtype", "F32", 0).enumerator("dtype", "F64H", 1);
  mufu.enumerator("mufuop", "RCP", 4).enumerator("mufuop", "RSQ", 5).enumerator("mufuop", "SQRT", 6);
  mufu.set("dtype", 1).set("mufuop", 6);
  EXPECT_EQ(eval(text, mufu), 1);  // F64H with SQRT: illegal
  mufu.set("mufuop", 4);
  EXPECT_EQ(eval(text, mufu), 0);  // F64H with RCP: fine
  mufu.set("mufuop", 5);
  EXPECT_EQ(eval(text, mufu), 0);  // F64H with RSQ: fine
  mufu.set("dtype", 0).set("mufuop", 6);
  EXPECT_EQ(eval(text, mufu), 0);  // F32 with SQRT: fine

  const Expr e = parsed(text);
  EXPECT_EQ(e.op, Expr::Op::And);  // left-associative: (a and b) and c
  ASSERT_EQ(e.args.size(), 2u);
  EXPECT_EQ(e.args[0].op, Expr::Op::And);
  EXPECT_EQ(e.args[1].op, Expr::Op::Ne);
  EXPECT_EQ(fieldsRead(e), (std::vector<std::string>{"dtype", "mufuop", "mufuop"}));
}

// MOV_I (000:2531): `EncodingError<…> = width=="64";`
TEST(ExprTest, MovImmediateExceptionCondition) {
  const Expr e = parsed("width==\"64\"");
  EXPECT_EQ(e.op, Expr::Op::Eq);
  FakeFields movw;
  movw.enumerator("width", "32", 0).enumerator("width", "64", 1);
  movw.set("width", 1);
  EXPECT_EQ(evalExpr(e, movw.env()), 1);
  movw.set("width", 0);
  EXPECT_EQ(evalExpr(e, movw.env()), 0);
}

TEST(ExprTest, UnknownFieldOrEnumeratorIsUnknown) {
  FakeFields f;
  f.enumerator("dtype", "U64", 1);
  EXPECT_EQ(eval("dtype==\"U64\"", f), kUnknown);  // no value for dtype
  EXPECT_EQ(eval("32 + dtype", f), kUnknown);
  f.set("dtype", 1);
  EXPECT_EQ(eval("dtype==\"S64\"", f), kUnknown);  // no enumerator S64
  EXPECT_EQ(eval("dtype + 31", f), 32);            // a bare field reads its raw value
}

// Compiled for one opcode: fields become indices into a value array, `field=="name"` a
// comparison with the enumerator's value. Hand-made layout: field 0 is width (32 = 0, 64 = 1),
// field 1 dtype (F32 = 0, F64H = 1), field 2 mufuop (RCP = 4, RSQ = 5, SQRT = 6).
CompiledExpr compiled(std::string_view text) {
  const std::function<int(std::string_view)> index = [](std::string_view f) {
    return f == "width" ? 0 : f == "dtype" ? 1 : f == "mufuop" ? 2 : -1;
  };
  const std::function<std::optional<std::uint64_t>(std::string_view, std::string_view)> enums =
      [](std::string_view f, std::string_view n) -> std::optional<std::uint64_t> {
    if (f == "width" && n == "32") return 0;
    if (f == "width" && n == "64") return 1;
    if (f == "dtype" && n == "F32") return 0;
    if (f == "dtype" && n == "F64H") return 1;
    if (f == "mufuop" && n == "RCP") return 4;
    if (f == "mufuop" && n == "RSQ") return 5;
    if (f == "mufuop" && n == "SQRT") return 6;
    return std::nullopt;
  };
  return compileExpr(parsed(text), index, enums);
}

std::optional<std::int64_t> evalOn(std::string_view text, std::vector<std::uint64_t> values) {
  return evalCompiled(compiled(text), values);
}

TEST(CompiledExprTest, BitwidthFollowsTheEnumeratorNotTheNumber) {
  EXPECT_EQ(evalOn("32 + (width==\"64\")*32", {0, 0, 0}), 32);
  EXPECT_EQ(evalOn("32 + (width==\"64\")*32", {1, 0, 0}), 64);
  EXPECT_EQ(evalOn("width==\"64\"", {64, 0, 0}), 0);  // raw 64 is not the name "64"
  EXPECT_EQ(evalOn("\"64\"==width", {1, 0, 0}), 1);
  EXPECT_EQ(evalOn("width!=\"64\"", {1, 0, 0}), 0);
  EXPECT_EQ(evalOn("13", {}), 13);
}

TEST(CompiledExprTest, MufuExceptionCondition) {
  const char* text = "(dtype==\"F64H\") and (mufuop!=\"RCP\") and (mufuop!=\"RSQ\")";
  EXPECT_EQ(evalOn(text, {0, 1, 6}), 1);  // F64H with SQRT: illegal
  EXPECT_EQ(evalOn(text, {0, 1, 4}), 0);  // F64H with RCP
  EXPECT_EQ(evalOn(text, {0, 1, 5}), 0);  // F64H with RSQ
  EXPECT_EQ(evalOn(text, {0, 0, 6}), 0);  // F32 with SQRT
}

TEST(CompiledExprTest, UnknownFieldsNamesAndStringsStayUnknown) {
  EXPECT_EQ(evalOn("ext==\"X\"", {0, 0, 0}), kUnknown);      // no such field
  EXPECT_EQ(evalOn("dtype==\"S64\"", {0, 0, 0}), kUnknown);  // no such enumerator
  EXPECT_EQ(evalOn("32 + ext", {0, 0, 0}), kUnknown);
  EXPECT_EQ(evalOn("\"A\"", {}), kUnknown);  // a string outside a comparison
  EXPECT_EQ(evalOn("\"A\"==\"A\"", {}), 1);
  EXPECT_EQ(evalOn("\"A\"!=\"A\"", {}), 0);
  EXPECT_EQ(evalOn("dtype + 31", {0, 1, 0}), 32);  // a bare field reads its raw value
  EXPECT_EQ(evalOn("!(dtype==\"F32\") or 0", {0, 1, 0}), 1);
  EXPECT_EQ(evalCompiled(CompiledExpr{}, std::vector<std::uint64_t>{}), kUnknown);
}

TEST(ExprTest, Precedence) {
  EXPECT_EQ(evalConstant("1 + 2*3"), 7);
  EXPECT_EQ(evalConstant("2*3 + 1"), 7);
  EXPECT_EQ(evalConstant("(1 + 2)*3"), 9);
  EXPECT_EQ(evalConstant("2*3*4"), 24);
  EXPECT_EQ(evalConstant("7 - 2 - 1"), 4);     // left-associative
  EXPECT_EQ(evalConstant("1 + 2 == 3"), 1);    // comparison binds looser than +
  EXPECT_EQ(evalConstant("0 and 0 or 1"), 1);  // and binds tighter than or
  EXPECT_EQ(evalConstant("1 or 0 and 0"), 1);
  EXPECT_EQ(evalConstant("1 == 1 and 2 == 3"), 0);

  const Expr e = parsed("1 + 2*3");
  EXPECT_EQ(e.op, Expr::Op::Add);
  ASSERT_EQ(e.args.size(), 2u);
  EXPECT_EQ(e.args[1].op, Expr::Op::Mul);
}

// toString writes the spec's notation, parenthesising every nested operation; parsing that text
// again gives the same text and the same values.
TEST(ExprTest, ToStringRoundTrip) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"32 + (width==\"64\")*32", "32 + ((width==\"64\")*32)"},
      {"32 + (dtype==\"U64\")*32", "32 + ((dtype==\"U64\")*32)"},
      {"13", "13"},
      {"(dtype==\"F64H\") and (mufuop!=\"RCP\") and (mufuop!=\"RSQ\")",
       "((dtype==\"F64H\") and (mufuop!=\"RCP\")) and (mufuop!=\"RSQ\")"},
      {"width==\"64\"", "width==\"64\""},
      {"1 + 2*3", "1 + (2*3)"},
  };
  FakeFields f;
  f.enumerator("width", "64", 1).enumerator("dtype", "U64", 1).enumerator("dtype", "F64H", 1);
  f.enumerator("mufuop", "RCP", 4).enumerator("mufuop", "RSQ", 5);
  f.set("width", 1).set("dtype", 1).set("mufuop", 6);
  for (const auto& [source, expected] : cases) {
    SCOPED_TRACE(source);
    const Expr e = parsed(source);
    const std::string printed = e.toString();
    EXPECT_EQ(printed, expected);
    const Expr again = parsed(printed);
    EXPECT_EQ(again.toString(), printed);
    EXPECT_EQ(evalExpr(again, f.env()), evalExpr(e, f.env()));
    EXPECT_EQ(fieldsRead(again), fieldsRead(e));
  }
}

// Malformed input: nullopt and exactly one "bad-expression" error at the offending column
// (the expression's start column plus the 0-based offset of the error), never an exception.
TEST(ExprTest, MalformedInputReportsColumn) {
  struct Case {
    std::string text;
    std::uint32_t column;  // with the expression starting in column 1
  };
  const std::vector<Case> cases = {
      {"32 +", 5},             // operand missing at the end
      {"(width==\"64\"", 13},  // ')' missing after 12 bytes
      {"32 # 1", 4},           // '#' is the 4th byte
      {"dtype==\"F64H", 8},    // the unterminated string starts at byte 8
      {"", 1},                 // nothing at all
      {")", 1},
      {"99999999999999999999", 1},  // does not fit 64 bits
      {"width ==", 9},
      {"32 32", 4},  // two operands without an operator
      {"!", 2},
      {"(dtype==\"F64H\") and", 20},  // 'and' without right operand
  };
  for (const auto& c : cases) {
    SCOPED_TRACE("'" + c.text + "'");
    DiagnosticSink sink;
    std::optional<Expr> e;
    EXPECT_NO_THROW(e = parseExpr(c.text, {0, 1, 1}, sink));
    EXPECT_FALSE(e.has_value());
    ASSERT_EQ(sink.all().size(), 1u);
    const SpecDiagnostic& d = sink.all()[0];
    EXPECT_EQ(d.code, SpecCode::BadExpression);
    EXPECT_EQ(d.severity, Severity::Error);
    EXPECT_EQ(d.pos.line, 1u);
    EXPECT_EQ(d.pos.column, c.column);
  }

  // The position is relative to where the expression starts in the spec file.
  DiagnosticSink sink;
  EXPECT_FALSE(parseExpr("32 +", {2, 17, 30}, sink).has_value());
  ASSERT_EQ(sink.all().size(), 1u);
  EXPECT_EQ(sink.all()[0].pos, (SourcePos{2, 17, 34}));
}

// A build without child processes (WebAssembly: tests/WasmTests.cmake) has no death tests.
#if GTEST_HAS_DEATH_TEST
// Deep nesting must not exhaust the stack: a 1 MB run of '(' is malformed and must be reported;
// a 1 MB run of '!' before 1 is well formed (an even number of negations gives 1) and must either
// evaluate to 1 or be rejected with a diagnostic. Each case runs in a child process (a death
// test) so that a crash fails the test instead of killing the test binary.
TEST(ExprDeathTest, DeepNestingIsReportedNotACrash) {
  const std::string parens(1u << 20, '(');
  EXPECT_EXIT(
      {
        DiagnosticSink sink;
        const bool rejected = !parseExpr(parens, {0, 1, 1}, sink).has_value();
        std::exit(rejected && sink.all().size() == 1 && sink.all()[0].code == SpecCode::BadExpression ? 0
                                                                                                      : 1);
      },
      ::testing::ExitedWithCode(0), "");

  const std::string negations = std::string(1u << 20, '!') + "1";
  EXPECT_EXIT(
      {
        DiagnosticSink sink;
        const std::optional<Expr> e = parseExpr(negations, {0, 1, 1}, sink);
        FakeFields none;
        const bool fine = e ? evalExpr(*e, none.env()) == std::optional<std::int64_t>(1)
                            : sink.all().size() == 1 && sink.all()[0].code == SpecCode::BadExpression;
        std::exit(fine ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}
#endif

}  // namespace
