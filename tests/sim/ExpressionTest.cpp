// The expression language of `// @expect` and the debugger (docs/LANGUAGE.md "Expressions"):
// parsing with type checks and error columns, evaluation per lane and over the warp, and the
// messages of failing assertions. The state is set by hand; every expected value is worked out
// from it here.
#include "SimTestUtil.h"

#include <gpuasm/sim/Expression.h>

#include <bit>

namespace gpuasm::sim {
namespace {

class ExpressionTest : public ::testing::Test {
 protected:
  ExpressionTest() : layout_(*RegisterLayout::fromDb(simtest::db())), state_(layout_) {
    for (unsigned l = 0; l < kWarpSize; ++l) {
      state_.setGpr(1, l, l * 4);
      state_.setGpr(2, l, l == 3 ? 7 : l * 4);
      state_.setGpr(7, l, 0x3f000000);  // 0.5f
      state_.setPred(0, l, true);
      state_.setPred(1, l, l % 2 == 0);
    }
    state_.setUgpr(4, 0x100);
    state_.setUpred(0, true);
    state_.cmem.setWord(0, 0x10, 0x3e000000);  // 0.125f
  }

  Expression parse(std::string_view text) {
    auto e = Expression::parse(text, layout_);
    EXPECT_TRUE(e.has_value()) << text << ": " << (e ? "" : e.error().message);
    return e ? *e : *Expression::parse("false", layout_);
  }
  ExprError parseError(std::string_view text) {
    auto e = Expression::parse(text, layout_);
    EXPECT_FALSE(e.has_value()) << text << " parsed";
    return e ? ExprError{} : e.error();
  }
  ExprValue eval(std::string_view text, unsigned lane = 0) {
    const auto v = parse(text).evaluate(state_, lane);
    EXPECT_TRUE(v.has_value()) << text << ": " << (v ? "" : v.error().message);
    return v ? *v : ExprValue{};
  }
  ExpectationResult check(std::string_view text) { return checkExpectation(parse(text), state_); }

  RegisterLayout layout_;
  WarpState state_;
};

TEST_F(ExpressionTest, RegistersLanesConstantsAndLiterals) {
  EXPECT_EQ(eval("R1", 5), (ExprValue{ExprType::U32, 20}));     // R1 = lane * 4
  EXPECT_EQ(eval("R1[5]", 0), (ExprValue{ExprType::U32, 20}));  // lane 5's, from any lane
  EXPECT_EQ(eval("R1[2 + 3]", 31), (ExprValue{ExprType::U32, 20}));
  EXPECT_EQ(eval("lane", 17), (ExprValue{ExprType::U32, 17}));
  EXPECT_EQ(eval("UR4"), (ExprValue{ExprType::U32, 0x100}));
  EXPECT_EQ(eval("RZ", 3).bits, 0u);
  EXPECT_EQ(eval("P1", 2), (ExprValue{ExprType::Bool, 1}));
  EXPECT_EQ(eval("P1", 3), (ExprValue{ExprType::Bool, 0}));
  EXPECT_EQ(eval("PT", 3).bits, 1u);
  EXPECT_EQ(eval("UP0").bits, 1u);
  EXPECT_EQ(eval("c[0x0][0x10]"), (ExprValue{ExprType::U32, 0x3e000000}));
  EXPECT_EQ(eval("activeMask"), (ExprValue{ExprType::U32, 0xFFFFFFFF}));
  EXPECT_EQ(eval("0x1f0").bits, 0x1f0u);
  EXPECT_EQ(eval("4294967295").bits, 0xFFFFFFFFu);
  EXPECT_EQ(eval("0.5"), (ExprValue{ExprType::F32, 0x3f000000}));
  EXPECT_EQ(eval("1e-3f"), (ExprValue{ExprType::F32, std::bit_cast<std::uint32_t>(0.001f)}));
  EXPECT_EQ(eval("r1", 1).bits, 4u) << "register names in any case";
  EXPECT_TRUE(parse("R1").perLane());
  EXPECT_FALSE(parse("R1[5]").perLane());
  EXPECT_FALSE(parse("all(P0)").perLane());
  EXPECT_FALSE(parse("UR4 + 1").perLane());
}

TEST_F(ExpressionTest, IntegersWrapAt32BitsAndS32IsSigned) {
  // Lane 0: R1 = 0, so R1 - 1 wraps to 0xffffffff, which -1 also is.
  EXPECT_EQ(eval("R1 - 1", 0).bits, 0xFFFFFFFFu);
  EXPECT_TRUE(eval("R1 - 1 == -1", 0).truth());
  EXPECT_FALSE(eval("R1 - 1 < 0", 0).truth()) << "u32 is unsigned";
  EXPECT_TRUE(eval("s32(R1 - 1) < 0", 0).truth());
  EXPECT_EQ(eval("0x80000000 * 2").bits, 0u);
  // 0xfffffff0 is 4294967280 unsigned, -16 signed.
  EXPECT_EQ(eval("0xfffffff0 / 4").bits, 0x3ffffffcu);
  EXPECT_EQ(eval("s32(0xfffffff0) / 4"), (ExprValue{ExprType::S32, static_cast<std::uint32_t>(-4)}));
  EXPECT_EQ(eval("s32(0xfffffff0) % 5").bits, static_cast<std::uint32_t>(-1));  // -16 = -3 * 5 - 1
  EXPECT_EQ(eval("0xfffffff0 >> 4").bits, 0x0fffffffu);
  EXPECT_EQ(eval("s32(0xfffffff0) >> 4").bits, 0xFFFFFFFFu);
  EXPECT_EQ(eval("1 << 31").bits, 0x80000000u);
  EXPECT_EQ(eval("1 << 32").bits, 0u);
  EXPECT_EQ(eval("s32(0x80000000) / -1").bits, 0x80000000u) << "INT_MIN / -1 wraps";
  EXPECT_EQ(eval("~0").bits, 0xFFFFFFFFu);
  EXPECT_EQ(eval("(0xf0 | 0x0f) ^ 0x3c").bits, 0xc3u);
  EXPECT_EQ(eval("0xff & 0x3c").bits, 0x3cu);
  EXPECT_EQ(eval("u32(s32(5) - 6)"), (ExprValue{ExprType::U32, 0xFFFFFFFF}));
}

TEST_F(ExpressionTest, PrecedenceIsCs) {
  EXPECT_TRUE(eval("1 + 2 * 3 == 7").truth());
  EXPECT_TRUE(eval("(1 + 2) * 3 == 9").truth());
  EXPECT_TRUE(eval("(1 << 4 | 1) == 0x11").truth());
  EXPECT_TRUE(eval("10 - 4 - 3 == 3").truth()) << "left to right";
  EXPECT_TRUE(eval("1 < 2 == true").truth());
  EXPECT_TRUE(eval("-2 * 3 == -6").truth());
  EXPECT_TRUE(eval("true || false && false").truth()) << "&& binds tighter than ||";
}

TEST_F(ExpressionTest, F32ArithmeticAndComparisons) {
  EXPECT_TRUE(eval("f32(R7) == 0.5", 3).truth());
  EXPECT_TRUE(eval("f32(R7) * 2 == 1.0", 3).truth()) << "the integer becomes an f32";
  EXPECT_TRUE(eval("f32(c[0x0][0x10]) == 0.125").truth());
  EXPECT_TRUE(eval("1.5 + 1 == 2.5").truth());
  EXPECT_TRUE(eval("f32(0x3dcccccd) == 0.1").truth()) << "0.1 rounds to the f32 0x3dcccccd";
  EXPECT_EQ(eval("1.0 / 0.0"), (ExprValue{ExprType::F32, 0x7f800000}));
  EXPECT_TRUE(eval("isnan(f32(0x7fc00000))").truth());
  EXPECT_FALSE(eval("f32(0x7fc00000) == f32(0x7fc00000)").truth()) << "NaN is unordered";
  EXPECT_TRUE(eval("f32(0x7fc00000) != f32(0x7fc00000)").truth());
  EXPECT_EQ(eval("u32(-0.0)").bits, 0x80000000u);
  EXPECT_EQ(eval("u32(0.1 + 0.2)").bits, std::bit_cast<std::uint32_t>(0.1f + 0.2f));
}

TEST_F(ExpressionTest, WarpFunctionsCoverTheActiveLanes) {
  EXPECT_TRUE(eval("all(P0)").truth());
  EXPECT_FALSE(eval("all(P1)").truth());
  EXPECT_TRUE(eval("any(P1)").truth());
  EXPECT_FALSE(eval("any(R1 > 0x7c)").truth());  // the largest R1 is 31 * 4 = 124 = 0x7c
  EXPECT_TRUE(eval("any(R1 >= 0x7c)").truth());
  EXPECT_EQ(eval("lanes(P1)").bits, 0x55555555u);  // the even lanes
  EXPECT_EQ(eval("count(P1)").bits, 16u);
  EXPECT_EQ(eval("lanes(R2 != R1)").bits, 1u << 3);
  state_.activeMask = 0x0000FFFF;
  EXPECT_EQ(eval("count(P0)").bits, 16u);
  EXPECT_EQ(eval("lanes(P1)").bits, 0x5555u);
  EXPECT_TRUE(eval("all(R1 < 64)").truth());  // lanes 0..15 hold at most 60
}

TEST_F(ExpressionTest, AndOrShortCircuit) {
  // Lane 0 would divide by zero; && stops before it.
  EXPECT_TRUE(eval("lane != 0 && 60 / lane > 0", 0).truth() == false);
  EXPECT_TRUE(eval("lane == 0 || 60 / lane > 0", 0).truth());
  const auto v = parse("60 / lane > 0").evaluate(state_, 0);
  ASSERT_FALSE(v.has_value());
  EXPECT_EQ(v.error().message, "division by zero");
  EXPECT_EQ(v.error().column, 0u);
  EXPECT_EQ(v.error().length, 9u);  // "60 / lane"
}

TEST_F(ExpressionTest, ParseErrorsSayWhatAndWhere) {
  struct Case {
    std::string_view text;
    std::uint32_t column;
    std::string_view message;  // a part of it
  };
  const Case cases[] = {
      {"", 0, "empty"},
      {"R1 ==", 5, "ends where a value is expected"},
      {"R1 == Q5", 6, "unknown name 'Q5'"},
      {"R1 && P0", 3, "'&&' needs true/false operands"},
      {"all(R1)", 4, "all() takes true/false"},
      {"UR4[3]", 3, "the same in every lane"},
      {"R1[P0]", 3, "a lane index is an integer, not 'P0' (bool)"},
      {"R1 ? 1 : 2", 0, "the condition of '?:' must be true or false, not 'R1' (u32)"},
      {"P0 ? 1 : P1", 3, "'?:' needs two true/false values or two numbers, not '1' (u32) and 'P1' (bool)"},
      {"P0 ? 1 2", 7, "expected ':' of the conditional"},
      {"R1[P0[1]]", 3, "not 'P0[1]' (bool)"},
      {"0x1ffffffff", 0, "does not fit in 32 bits"},
      {"(R1 == 3", 8, "expected ')'"},
      {"R1 == 3 )", 8, "unexpected ')' after the expression"},
      {"foo(R1)", 0, "unknown function 'foo'"},
      {"1.5 % 2", 4, "'%' needs integers"},
      {"R1 + P0", 3, "'+' needs numbers, not 'R1' (u32) and 'P0' (bool)"},
      {"!R1", 0, "'!' cannot apply to 'R1' (u32)"},
      {"~0.5", 0, "needs an integer"},
      {"isnan(R1)", 6, "isnan() takes an f32"},
      {"c[R1][0]", 2, "c[bank][offset] takes numbers"},
      {"R1 == 12abc", 6, "is not a number"},
      {"R1 # 2", 3, "unexpected '#'"},
      {"1e99", 0, "out of the range of an f32"},
  };
  for (const Case& c : cases) {
    const ExprError e = parseError(c.text);
    EXPECT_EQ(e.column, c.column) << c.text << ": " << e.message;
    EXPECT_NE(e.message.find(c.message), std::string::npos) << c.text << ": " << e.message;
  }
}

TEST_F(ExpressionTest, AnUnexpectedCharacterIsQuotedWhole) {
  // A message never holds part of a UTF-8 character: € whole (3 bytes), a stray byte as \xNN.
  const ExprError euro = parseError("R1 \u20ac 2");
  EXPECT_EQ(euro.message, "unexpected '\u20ac' after the expression");
  EXPECT_EQ(euro.column, 3u);
  EXPECT_EQ(euro.length, 3u);
  const ExprError stray = parseError("R1 == \xff");
  EXPECT_EQ(stray.message, "unexpected '\\xff' where a value is expected");
  EXPECT_EQ(stray.column, 6u);
  EXPECT_EQ(stray.length, 1u);
}

// Found by fuzz/state_file (fuzz/regressions/state_file/): a token missing at the end of the
// text was marked one byte past it, so `// @expect R1[ 0` at the end of a file gave a
// diagnostic beyond the document. It is marked with length 0 at the end (the whole directive);
// a missing token before other text marks that character, whole.
TEST_F(ExpressionTest, AMissingTokenIsMarkedInsideTheText) {
  const ExprError atEnd = parseError("R1[ 0");
  EXPECT_EQ(atEnd.message, "expected ']' to close the lane index");
  EXPECT_EQ(atEnd.column, 5u);
  EXPECT_EQ(atEnd.length, 0u);
  const ExprError paren = parseError("(R1 == 3");
  EXPECT_EQ(paren.column, 8u);
  EXPECT_EQ(paren.length, 0u);
  const ExprError euro = parseError("R1[0 \u20ac");  // '€' (3 bytes) where ']' belongs
  EXPECT_EQ(euro.column, 5u);
  EXPECT_EQ(euro.length, 3u);
}

// Found by fuzz/state_file (fuzz/regressions/state_file/expect-deep-parentheses): an `// @expect`
// with thousands of '(' recursed until the stack overflowed. Nesting is bounded at 256 levels:
// 255 parentheses around R1 nest it 256 deep and parse; with 256 the operand after the last '('
// (column 256) is one level too deep. The same holds for prefix operators and lane indices.
TEST_F(ExpressionTest, NestingDeeperThan256LevelsIsAnErrorNotACrash) {
  const auto nested = [](std::size_t n, std::string_view open, std::string_view inner,
                         std::string_view close) {
    std::string t;
    for (std::size_t i = 0; i < n; ++i) t += open;
    t += inner;
    for (std::size_t i = 0; i < n; ++i) t += close;
    return t;
  };
  EXPECT_EQ(eval(nested(255, "(", "R1", ")") + " == 20", 5).bits, 1u);  // R1 of lane 5 is 5 * 4
  const ExprError deep = parseError(nested(256, "(", "R1", ")"));
  EXPECT_EQ(deep.message,
            "the expression nests deeper than 256 levels (parentheses, lane indices, prefix operators, "
            "conditionals)");
  EXPECT_EQ(deep.column, 256u);
  EXPECT_EQ(deep.length, 1u);  // the 'R' of R1
  EXPECT_EQ(parseError(nested(100000, "(", "1", ")")).column, 256u);
  EXPECT_EQ(parseError(nested(100000, "-", "1", "")).column, 256u);
  EXPECT_EQ(parseError(nested(100000, "~", "1", "")).column, 256u);
  EXPECT_EQ(parseError("R1[" + nested(100000, "(", "0", ")") + "]").column, 3u + 255u);
  // A chain of conditionals nests too: each '?' takes its branches one level deeper. 'P0 ? 1 : '
  // is 9 bytes; after 255 of them the 256th condition is read at depth 255 and its middle '1'
  // (5 bytes further) would be the 257th level.
  EXPECT_EQ(parseError(nested(100000, "P0 ? 1 : ", "2", "")).column, 255u * 9u + 5u);
  EXPECT_EQ(eval(nested(255, "P0 ? 1 : ", "2", "")).bits, 1u);  // P0 holds: the first branch
  // A chain is as deep as it is long for the evaluation: 501 terms are fine, 50,000 are too many.
  std::string chain = "1";
  for (int i = 0; i < 500; ++i) chain += "+1";
  EXPECT_EQ(eval(chain).bits, 501u);
  for (int i = 0; i < 49499; ++i) chain += "+1";
  EXPECT_EQ(parseError(chain).message, "the expression has more than 1024 operators and values");
}

// A lane index may differ per lane: x[i] is x in lane i, i evaluated in each lane. R1 = lane * 4.
TEST_F(ExpressionTest, ALaneIndexMayBePerLane) {
  EXPECT_TRUE(parse("R1[lane ^ 16]").perLane());
  EXPECT_FALSE(parse("R1[3]").perLane());
  EXPECT_EQ(eval("R1[lane ^ 16]", 5).bits, 21u * 4u);   // lane 5 reads lane 21
  EXPECT_EQ(eval("R1[lane ^ 16]", 20).bits, 4u * 4u);   // lane 20 reads lane 4
  EXPECT_EQ(eval("R1[(lane + 1) % 32]", 31).bits, 0u);  // lane 31 wraps to lane 0
  EXPECT_EQ(eval("R1[(lane + 1) % 32]", 2).bits, 12u);
  EXPECT_EQ(eval("P1[lane ^ 1]", 3).bits, 1u);  // P1 holds in even lanes; lane 3 reads lane 2
  // A butterfly partner: even lane l reads l + 1 (R1 + 4), odd lane l reads l - 1 (R1 - 4).
  EXPECT_TRUE(check("R1[lane ^ 1] == (P1 ? R1 + 4 : R1 - 4)").holds);
  // Out of range in lane 31 only (index 32): the message names the lane, the index and its value.
  const ExpectationResult r = check("R1[lane + 1] == R1 + 4");
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.message,
            "'R1[lane + 1] == R1 + 4' cannot be evaluated: lane 31: the lane index 'lane + 1' is 32, "
            "out of range (0..31)");
  EXPECT_TRUE(check("lane < 31 ? R1[lane + 1] == R1 + 4 : true").holds);  // lane 31 never indexes
  // R2 = R1 except in lane 3 (7, not 12): only lane 2, which reads lane 3, fails.
  const ExpectationResult one = check("lane == 31 || R2[lane + 1] == R1[lane + 1]");
  EXPECT_FALSE(one.holds);
  EXPECT_EQ(one.failingLanes, 1u << 2);
}

// c ? a : b, C's conditional: the loosest operator, right-associative, only the branch taken
// evaluated; numeric branches meet in their common type (P1 holds in even lanes).
TEST_F(ExpressionTest, TheConditional) {
  EXPECT_EQ(eval("P1 ? 10 : 20", 0), (ExprValue{ExprType::U32, 10}));
  EXPECT_EQ(eval("P1 ? 10 : 20", 1), (ExprValue{ExprType::U32, 20}));
  EXPECT_EQ(eval("P1 ? 1 : 2 + 3", 1).bits, 5u);            // 2 + 3 is the else branch
  EXPECT_EQ(eval("P0 || P1 ? 1 : 2", 1).bits, 1u);          // (P0 || P1) is the condition
  EXPECT_EQ(eval("false ? 1 : true ? 2 : 3", 0).bits, 2u);  // false ? 1 : (true ? 2 : 3)
  EXPECT_EQ(eval("true ? false ? 1 : 2 : 3", 0).bits, 2u);  // the middle is a whole conditional
  EXPECT_EQ(eval("P1 ? 1 : 2.5", 0), (ExprValue{ExprType::F32, 0x3f800000}));  // 1.0f
  EXPECT_EQ(eval("P1 ? 1 : 2.5", 1), (ExprValue{ExprType::F32, 0x40200000}));  // 2.5f
  EXPECT_EQ(eval("P1 ? s32(0 - 1) : 5", 1), (ExprValue{ExprType::S32, 5}));
  EXPECT_EQ(eval("P1 ? P0 : false", 1), (ExprValue{ExprType::Bool, 0}));
  EXPECT_EQ(eval("R1[P1 ? lane + 1 : lane - 1]", 4).bits, 20u);  // lane 4 reads lane 5
  EXPECT_EQ(eval("R1[P1 ? lane + 1 : lane - 1]", 5).bits, 16u);  // lane 5 reads lane 4
  EXPECT_TRUE(parse("P1 ? 1 : 2").perLane());
  EXPECT_FALSE(parse("UP0 ? 1 : 2").perLane());
  EXPECT_EQ(eval("UP0 ? UR4 : 0").bits, 0x100u);
  // The branch not taken is not evaluated: no division by zero in lane 0.
  EXPECT_TRUE(check("lane == 0 ? true : 60 / lane > 0").holds);
}

TEST_F(ExpressionTest, EvaluationErrors) {
  const auto v = parse("R1[40 - lane[0]]").evaluate(state_, 0);
  EXPECT_FALSE(v.has_value());
  const auto w = parse("R1[40]").evaluate(state_, 0);
  ASSERT_FALSE(w.has_value());
  EXPECT_EQ(w.error().message, "the lane index '40' is 40, out of range (0..31)");
  const auto x = parse("R1[s32(0 - 1)]").evaluate(state_, 0);
  ASSERT_FALSE(x.has_value());
  EXPECT_EQ(x.error().message, "the lane index 's32(0 - 1)' is -1, out of range (0..31)");
}

TEST_F(ExpressionTest, ValuesAreFormattedByType) {
  EXPECT_EQ(formatValue({ExprType::U32, 0x1f0}), "0x1f0");
  EXPECT_EQ(formatValue({ExprType::U32, 0}), "0x0");
  EXPECT_EQ(formatValue({ExprType::S32, static_cast<std::uint32_t>(-4)}), "-4");
  EXPECT_EQ(formatValue({ExprType::F32, 0x3f000000}), "0.5");
  EXPECT_EQ(formatValue({ExprType::F32, 0x3f800000}), "1.0");
  EXPECT_EQ(formatValue({ExprType::F32, 0x3dcccccd}),
            "0.1");  // the shortest form that reads back as the same f32
  EXPECT_EQ(formatValue({ExprType::F32, 0xff800000}), "-inf");
  EXPECT_EQ(formatValue({ExprType::F32, 0x7fc00000}), "nan");
  EXPECT_EQ(formatValue({ExprType::Bool, 1}), "true");
}

TEST_F(ExpressionTest, PassingAssertions) {
  for (const char* text : {"R1 == lane * 4", "R1[5] == 0x14", "all(P0)", "f32(R7) == 0.5", "UR4 == 0x100",
                           "UP0", "count(P1) == 16"}) {
    const ExpectationResult r = check(text);
    EXPECT_TRUE(r.holds) << text << ": " << r.message;
    EXPECT_EQ(r.failingLanes, 0u) << text;
    EXPECT_EQ(r.message, "") << text;
  }
}

TEST_F(ExpressionTest, AFailingPerLaneComparisonNamesTheLanesAndBothSides) {
  // R2 differs from lane * 4 only in lane 3: 7 instead of 12 (0xc).
  const ExpectationResult r = check("R2 == lane * 4");
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.failingLanes, 1u << 3);
  EXPECT_EQ(r.message, "'R2 == lane * 4' is false in 1 of 32 active lanes (3): R2 is 0x7, lane * 4 is 0xc");
  // R1 == 8 holds in lane 2 only; the message details the first three failing lanes.
  const ExpectationResult many = check("R1 == 8");
  EXPECT_EQ(many.failingLanes, ~(1u << 2));
  EXPECT_EQ(many.message,
            "'R1 == 8' is false in 31 of 32 active lanes (0, 1, 3\u201331): lane 0: R1 is 0x0; lane 1: R1 is "
            "0x4; lane 3: R1 is 0xc; \u2026");
}

TEST_F(ExpressionTest, ValuesTheFailingLanesShareAreSaidOnce) {
  // UR4 is 0x100 for the warp; R7 is 0.5 in every lane: the same values in all 32 failing lanes.
  EXPECT_EQ(
      check("R7 == UR4").message,
      "'R7 == UR4' is false in 32 of 32 active lanes (0\u201331): R7 is 0x3f000000, UR4 is 0x100 in each");
  state_.activeMask = 1u << 4;
  EXPECT_EQ(check("R1 == 0").message, "'R1 == 0' is false in 1 of 1 active lanes (4): R1 is 0x10");
}

TEST_F(ExpressionTest, AFailingUniformAssertionShowsItsValues) {
  const ExpectationResult r = check("R1[5] == 0x10");  // R1 of lane 5 is 5 * 4 = 20 = 0x14
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.failingLanes, 0xFFFFFFFFu);
  EXPECT_EQ(r.message, "'R1[5] == 0x10' is false: R1[5] is 0x14");
  EXPECT_EQ(check("f32(R7[0]) == f32(c[0][0x10])").message,
            "'f32(R7[0]) == f32(c[0][0x10])' is false: f32(R7[0]) is 0.5, f32(c[0][0x10]) is 0.125");
}

TEST_F(ExpressionTest, AllAndAnyNameTheLanesOfTheirArgument) {
  const ExpectationResult all = check("all(P1)");
  EXPECT_FALSE(all.holds);
  EXPECT_EQ(all.failingLanes, 0xAAAAAAAAu);  // the odd lanes
  EXPECT_EQ(all.message.rfind("'all(P1)' is false: P1 is false in 16 of 32 active lanes (1, 3, 5, 7,", 0), 0u)
      << all.message;
  const ExpectationResult cmp = check("all(R2 == R1)");
  EXPECT_EQ(cmp.failingLanes, 1u << 3);
  EXPECT_EQ(cmp.message,
            "'all(R2 == R1)' is false: R2 == R1 is false in 1 of 32 active lanes (3): R2 is 0x7, R1 is 0xc");
  const ExpectationResult any = check("any(R1 > 0x7c)");
  EXPECT_FALSE(any.holds);
  EXPECT_EQ(any.message, "'any(R1 > 0x7c)' is false: R1 > 0x7c is false in every active lane");
  // Only the active lanes count: lanes 1, 3, 5 and 7 of 0..7.
  state_.activeMask = 0xFF;
  const ExpectationResult some = check("P1");
  EXPECT_EQ(some.failingLanes, 0xAAu);
  EXPECT_EQ(some.message, "'P1' is false in 4 of 8 active lanes (1, 3, 5, 7)");
}

TEST_F(ExpressionTest, AnAssertionThatCannotBeEvaluatedFails) {
  const ExpectationResult r = check("60 / lane > 0");
  EXPECT_FALSE(r.holds);
  EXPECT_EQ(r.message, "'60 / lane > 0' cannot be evaluated: lane 0: division by zero");
}

// docs/LANGUAGE.md's own example lines, copied: a `//` after the expression is a comment. It
// was read as part of it ("unexpected '/'").
TEST_F(ExpressionTest, ACommentMayFollowAnExpectDirective) {
  const std::string source =
      "// @expect R2 == lane * 4        // in every active lane\n"
      "// @expect R1[5] == 0x14//lane 5\n"
      "// @expect R1 / 2 == R1 >> 1 // '/' alone is division\n"
      "// @expect // only a comment\n";
  const auto ds = parseExpectDirectives(source, layout_);
  ASSERT_EQ(ds.size(), 4u);
  ASSERT_TRUE(ds[0].expression.has_value()) << ds[0].expression.error().message;
  EXPECT_EQ(ds[0].expression->text(), "R2 == lane * 4");
  EXPECT_EQ(ds[0].exprColumn, 11u);
  EXPECT_EQ(ds[0].exprLength, 14u);
  ASSERT_TRUE(ds[1].expression.has_value()) << ds[1].expression.error().message;
  EXPECT_EQ(ds[1].expression->text(), "R1[5] == 0x14");
  ASSERT_TRUE(ds[2].expression.has_value()) << ds[2].expression.error().message;
  EXPECT_EQ(ds[2].expression->text(), "R1 / 2 == R1 >> 1");
  EXPECT_TRUE(checkExpectation(*ds[2].expression, state_).holds);
  ASSERT_FALSE(ds[3].expression.has_value());
  EXPECT_NE(ds[3].expression.error().message.find("needs an expression"), std::string::npos);
}

TEST_F(ExpressionTest, ExpectDirectivesAreFoundWithTheirColumns) {
  const std::string source =
      "MOV R1, R0 ;\n"
      "// @expect R1 == lane\n"
      "IADD R1, R1, R1 ; // @expect   all(R1 < 64)  \n"
      "// not a directive: @expect R1\n"
      "//@expect R1\n"
      "// @expectation R1 == 0\n"
      "  // @expect\n";
  const auto ds = parseExpectDirectives(source, layout_);
  ASSERT_EQ(ds.size(), 4u);
  EXPECT_EQ(ds[0].line, 1u);
  EXPECT_EQ(ds[0].column, 3u);
  EXPECT_EQ(ds[0].offset, 13u + 3u);
  EXPECT_EQ(ds[0].exprColumn, 11u);
  ASSERT_TRUE(ds[0].expression.has_value());
  EXPECT_EQ(ds[0].expression->text(), "R1 == lane");
  EXPECT_EQ(ds[1].line, 2u);
  EXPECT_EQ(ds[1].exprColumn, 31u);  // after "@expect" (21..27) and three spaces
  EXPECT_EQ(ds[1].exprLength, 12u);
  ASSERT_TRUE(ds[1].expression.has_value());
  EXPECT_EQ(ds[1].expression->text(), "all(R1 < 64)");
  EXPECT_EQ(ds[2].line, 4u);
  ASSERT_FALSE(ds[2].expression.has_value());
  EXPECT_NE(ds[2].expression.error().message.find("must be true or false, and 'R1' is u32"),
            std::string::npos);
  EXPECT_EQ(ds[3].line, 6u);
  ASSERT_FALSE(ds[3].expression.has_value());
  EXPECT_NE(ds[3].expression.error().message.find("needs an expression"), std::string::npos);
}

}  // namespace
}  // namespace gpuasm::sim
