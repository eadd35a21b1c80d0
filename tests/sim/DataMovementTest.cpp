// MOV/UMOV, ULDC, R2UR and the dynamically indexed SETGPR/GETGPR/SETUGPR/GETUGPR, with values
// from the spec's semantics (000_ialu.txt:2487-2491, 3025-3040, 3083-3085, 3129-3131;
// 001_udp.txt:39-47, 2301-2303, 2347-2349) and errata L-40, L-45, L-46, L-67.
#include "SimTestUtil.h"

namespace gpuasm::simtest {
namespace {

TEST(DataMovement, MovCopiesEverySourceKind) {
  const auto out = run(R"(// @state R1 = lane
// @state UR2 = 0xCAFE
// @state c[0x0][0x10] = 0x12345678
MOV R4, R1 ;
MOV R5, UR2 ;
MOV R6, -0x1 ;
MOV.32 R7, c[0x0][0x10] ;
)");
  for (unsigned lane : {0u, 7u, 31u}) {
    EXPECT_EQ(reg(out, "R4", lane), lane);
    EXPECT_EQ(reg(out, "R5", lane), 0xCAFEu);
    EXPECT_EQ(reg(out, "R6", lane), 0xFFFFFFFFu);
    EXPECT_EQ(reg(out, "R7", lane), 0x12345678u);
  }
}

TEST(DataMovement, Mov64CopiesARegisterPair) {
  const auto out = run(R"(// @state R4 = 0x11111111
// @state R5 = 0x22222222
MOV.64 R[2:3], R[4:5] ;
)");
  EXPECT_EQ(reg(out, "R2"), 0x11111111u);
  EXPECT_EQ(reg(out, "R3"), 0x22222222u);
}

TEST(DataMovement, Mov64FromUniformPairsAndConstantMemory) {
  // L-46 / G-7 / G-8: .64 takes a UR pair or a 64-bit constant read (low word at the lower offset).
  const auto out = run(R"(// @state UR4 = 0xAAAA0001
// @state UR5 = 0xBBBB0002
// @state c[0x0][0x10] = 0xCCCC0003
// @state c[0x0][0x14] = 0xDDDD0004
MOV.64 R[2:3], UR[4:5] ;
MOV.64 R[6:7], c[0x0][0x10] ;
UMOV.64 UR[8:9], c[0x0][0x10] ;
)");
  EXPECT_EQ(reg(out, "R2", 5), 0xAAAA0001u);
  EXPECT_EQ(reg(out, "R3", 5), 0xBBBB0002u);
  EXPECT_EQ(reg(out, "R6", 0), 0xCCCC0003u);
  EXPECT_EQ(reg(out, "R7", 0), 0xDDDD0004u);
  EXPECT_EQ(reg(out, "UR8"), 0xCCCC0003u);
  EXPECT_EQ(reg(out, "UR9"), 0xDDDD0004u);
}

TEST(DataMovement, WritesToRzAreDropped) {
  const auto out = run("MOV RZ, 0x5 ;\nMOV R1, RZ ;\n");
  EXPECT_EQ(reg(out, "R1"), 0u);
}

TEST(DataMovement, UmovIsUniform) {
  const auto out = run("UMOV UR3, 0x77 ;\nUMOV.64 UR[4:5], UR[2:3] ;\n");
  EXPECT_EQ(reg(out, "UR3"), 0x77u);
  EXPECT_EQ(reg(out, "UR5"), 0x77u);  // UR[4:5] = UR[2:3], UR2 = 0
  EXPECT_EQ(reg(out, "UR4"), 0u);
}

TEST(DataMovement, UldcExtendsNarrowTypesAndFillsRanges) {
  // Bytes at c[0x1][0x0..0x3] are 0x80 0xFF 0x34 0x12 (little-endian word 0x1234FF80).
  const auto out = run(R"(// @state c[0x1][0x0] = 0x1234FF80
// @state c[0x0][0x20] = 0xAAAA0001
// @state c[0x0][0x24] = 0xBBBB0002
// @state c[0x0][0x28] = 0xCCCC0003
// @state c[0x0][0x2c] = 0xDDDD0004
// @state UR7 = 0x20
// @state UR4 = 0x2
ULDC.S8 UR1, c[0x1][0x0] ;
ULDC.U8 UR2, c[0x1][0x0] ;
ULDC.S16 UR3, c[0x1][UR4-0x2] ;
ULDC.U16 UR5, c[0x1][0x2] ;
ULDC UR6, c[0x1][0x0] ;
ULDC.64 UR[8:9], c[0x0][UR7+0x0] ;
ULDC.128 UR[12:15], c[0x0][UR7+0x0] ;
)");
  EXPECT_EQ(reg(out, "UR1"), 0xFFFFFF80u);  // -128 sign-extended
  EXPECT_EQ(reg(out, "UR2"), 0x80u);
  EXPECT_EQ(reg(out, "UR3"), 0xFFFFFF80u);  // 0xFF80 sign-extended; address UR4-2 = 0
  EXPECT_EQ(reg(out, "UR5"), 0x1234u);
  EXPECT_EQ(reg(out, "UR6"), 0x1234FF80u);
  EXPECT_EQ(reg(out, "UR8"), 0xAAAA0001u);
  EXPECT_EQ(reg(out, "UR9"), 0xBBBB0002u);
  EXPECT_EQ(reg(out, "UR12"), 0xAAAA0001u);
  EXPECT_EQ(reg(out, "UR15"), 0xDDDD0004u);
}

TEST(DataMovement, R2urTakesTheLowestActiveLaneWithTrueGuard) {
  // P0 is true in lanes 5 and 9 only; the active mask drops lane 5, so lane 9 is picked.
  std::string src = "// @state R2 = lane\n// @state activeMask = 0xFFFFFFDF\n// @state P0 = [";
  for (unsigned lane = 0; lane < 32; ++lane)
    src += std::string(lane ? ", " : "") + ((lane == 5 || lane == 9) ? "1" : "0");
  src += "]\n@P0 R2UR UR1, R2 ;\nR2UR UR2, R2 ;\n";
  const auto out = run(src);
  EXPECT_EQ(reg(out, "UR1"), 9u);
  EXPECT_EQ(reg(out, "UR2"), 0u);  // lane 0 is active and PT is true there
}

TEST(DataMovement, GetgprAndSetgprIndexThroughAUniformRegister) {
  const auto out = run(R"(// @state UR2 = 0x6
// @state R10 = lane
// @state R3 = 0x99
GETGPR R1, R[UR2+0x4] ;
SETGPR R[UR2-0x1], R3 ;
)");
  EXPECT_EQ(reg(out, "R1", 13), 13u);   // R[6+4] = R10
  EXPECT_EQ(reg(out, "R5", 0), 0x99u);  // R[6-1] = R5
}

TEST(DataMovement, SetugprAndGetugprUseTheIndexFieldOfTheEncoding) {
  // L-40: the register inside UR[...] is the index, the other one the value.
  const auto out = run(R"(// @state UR1 = 0x4
// @state UR2 = 0x5A
SETUGPR UR[UR1+0x3], UR2 ;
GETUGPR UR9, UR[UR1+0x3] ;
)");
  EXPECT_EQ(reg(out, "UR7"), 0x5Au);
  EXPECT_EQ(reg(out, "UR9"), 0x5Au);
}

TEST(DataMovement, IndexOutOfRangeStopsWithLaneAndIndex) {
  const auto out = run("// @state UR2 = 0xFF\nMOV R1, 0x1 ;\nGETGPR R1, R[UR2] ;\nMOV R2, 0x2 ;\n", {}, true);
  EXPECT_EQ(out.result.reason, sim::StopReason::Error);
  ASSERT_TRUE(out.result.line);
  EXPECT_EQ(*out.result.line, 2u);
  EXPECT_NE(out.result.message.find("register index 255"), std::string::npos) << out.result.message;
  EXPECT_NE(out.result.message.find("lane 0"), std::string::npos) << out.result.message;
  EXPECT_EQ(out.result.executed, 1u);
  EXPECT_EQ(reg(out, "R1"), 1u);  // the state reached so far is kept
  EXPECT_EQ(reg(out, "R2"), 0u);
}

}  // namespace
}  // namespace gpuasm::simtest
