// The grammar of a register at a lane (workspace/RegisterAtLane.h, docs/LANGUAGE.md "Registers at
// a lane"): hand-written inputs, good and bad; every error says what is wrong.
#include <gpuasm/workspace/RegisterAtLane.h>

#include <gtest/gtest.h>

namespace gpuasm::workspace {
namespace {

TEST(RegisterAtLane, ReadsARegisterWithOrWithoutALane) {
  EXPECT_EQ(parseRegisterAtLane("R1[3]"), (RegisterAtLane{"R1", 3u}));
  EXPECT_EQ(parseRegisterAtLane("R1"), (RegisterAtLane{"R1", std::nullopt}));
  EXPECT_EQ(parseRegisterAtLane("  P0[0] "), (RegisterAtLane{"P0", 0u}));  // blanks around it
  EXPECT_EQ(parseRegisterAtLane("UR4"), (RegisterAtLane{"UR4", std::nullopt}));
  EXPECT_EQ(parseRegisterAtLane("R255[31]"), (RegisterAtLane{"R255", 31u}));  // the last lane
  // The name is not checked against a register file here: the debugger says what it names.
  EXPECT_EQ(parseRegisterAtLane("lane"), (RegisterAtLane{"lane", std::nullopt}));
}

TEST(RegisterAtLane, BadInputSaysWhatIsWrong) {
  auto error = [](std::string_view s) {
    const auto r = parseRegisterAtLane(s);
    return r ? std::string("(parsed)") : r.error();
  };
  EXPECT_EQ(error(""), "a register is expected: a register at a lane is written R1[3]");
  EXPECT_EQ(error("  "), "a register is expected: a register at a lane is written R1[3]");
  EXPECT_EQ(error("R1[40]"), "lane 40 is out of range: a lane is 0..31");
  EXPECT_EQ(error("R1[32]"), "lane 32 is out of range: a lane is 0..31");
  EXPECT_EQ(error("R1[99999999999999999999]"), "lane 99999999999999999999 is out of range: a lane is 0..31");
  EXPECT_EQ(error("R1[x]"), "'x' is not a lane: a lane is a decimal number 0..31");
  EXPECT_EQ(error("R1[-1]"), "'-1' is not a lane: a lane is a decimal number 0..31");
  EXPECT_EQ(error("R1[0x3]"), "'0x3' is not a lane: a lane is a decimal number 0..31");
  EXPECT_EQ(error("R1[]"), "no lane between '[' and ']': a lane is 0..31");
  EXPECT_EQ(error("R1[3"), "'[' is not closed: a register at a lane is written R1[3]");
  EXPECT_EQ(error("R1[3]x"), "unexpected 'x' after ']'");
  EXPECT_EQ(error("R1@3"), "unexpected '@3' after R1: a register at a lane is written R1[3]");
  EXPECT_EQ(error("R1 + 2"), "unexpected ' + 2' after R1: a register at a lane is written R1[3]");
  EXPECT_EQ(error("[3]"), "'[3]' is not a register: a register at a lane is written R1[3]");
  EXPECT_EQ(error("3R"), "'3R' is not a register: a register at a lane is written R1[3]");
  // Bytes a terminal would act on are quoted as \xNN (isa/Utf8.h).
  EXPECT_EQ(error("R1[\x1b]"), "'\\x1b' is not a lane: a lane is a decimal number 0..31");
}

TEST(RegisterAtLane, ReadsALaneAlone) {
  EXPECT_EQ(parseLaneIndex("[9]"), 9u);
  EXPECT_EQ(parseLaneIndex(" [31] "), 31u);
  EXPECT_EQ(parseLaneIndex("[32]").error(), "lane 32 is out of range: a lane is 0..31");
  EXPECT_EQ(parseLaneIndex("9").error(), "'9' is not a lane: a lane is written [3]");
  EXPECT_EQ(parseLaneIndex("R1[9]").error(), "'R1[9]' is not a lane: a lane is written [3]");
  EXPECT_EQ(parseLaneIndex("[9]]").error(), "unexpected ']' after ']'");
}

TEST(RegisterAtLane, NamesReadBackAsTheyWereWritten) {
  EXPECT_EQ(registerAtLaneName({"R1", 3u}), "R1[3]");
  EXPECT_EQ(registerAtLaneName({"UR4", std::nullopt}), "UR4");
  EXPECT_EQ(laneIndexName(31), "[31]");
  for (unsigned lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(parseRegisterAtLane(registerAtLaneName({"P2", lane})), (RegisterAtLane{"P2", lane}));
    EXPECT_EQ(parseLaneIndex(laneIndexName(lane)), lane);
  }
}

}  // namespace
}  // namespace gpuasm::workspace
