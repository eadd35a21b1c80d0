// The debug adapter (DapServer) driven with Debug Adapter Protocol messages, without a process:
// launch, breakpoints, the stop events, stack, scopes and variables of a lane, stepping both
// ways, pause, evaluate, setVariable, data breakpoints, provenance, and bad requests answered with
// success false. Values are worked out by hand from examples/warp-reduce.asm.
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/dap/DapServer.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ScratchDir.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace gpuasm::dap {
namespace {

using json = nlohmann::json;

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

const std::string kProgram = std::string(GPUASM_SOURCE_DIR) + "/examples/warp-reduce.asm";

class Dap : public ::testing::Test {
 protected:
  std::vector<json> send(const std::string& command, json arguments = json::object()) {
    const std::string body =
        json{{"seq", ++seq}, {"type", "request"}, {"command", command}, {"arguments", std::move(arguments)}}
            .dump();
    std::vector<json> out;
    for (const std::string& m : server.handle(std::vector<std::string>{body}))
      out.push_back(numberedInOrder(json::parse(m)));
    return out;
  }
  // Every message the adapter sends has the next sequence number.
  json numberedInOrder(json m) {
    EXPECT_EQ(m.value("seq", -1), ++sent) << m.dump();
    return m;
  }
  // The response to the last request (the first message of the batch).
  json request(const std::string& command, json arguments = json::object()) {
    auto out = send(command, std::move(arguments));
    EXPECT_FALSE(out.empty());
    if (out.empty()) return json::object();
    EXPECT_EQ(out[0]["type"], "response");
    EXPECT_EQ(out[0]["command"], command);
    EXPECT_EQ(out[0]["success"], true) << out[0].dump();
    return out[0];
  }
  // Runs the adapter's idle work (a continue) until it stops; the stopped event.
  json runUntilStopped() {
    for (int i = 0; i < 1000 && server.hasIdleWork(); ++i)
      for (const std::string& m : server.idle()) {
        json j = numberedInOrder(json::parse(m));
        if (j.value("event", "") == "stopped") return j;
      }
    ADD_FAILURE() << "no stopped event";
    return json::object();
  }
  // The message of a request's error response (after checking it is one).
  std::string refused(const std::string& command, json arguments = json::object()) {
    auto out = send(command, std::move(arguments));
    EXPECT_FALSE(out.empty());
    if (out.empty()) return {};
    EXPECT_EQ(out[0]["success"], false) << out[0].dump();
    return out[0].value("message", std::string());
  }
  static json stoppedIn(const std::vector<json>& messages) {
    for (const json& m : messages)
      if (m.value("event", "") == "stopped") return m;
    return json::object();
  }
  std::string variable(int reference, const std::string& name) {
    json response = request("variables", {{"variablesReference", reference}});
    for (const json& v : response["body"]["variables"])
      if (v["name"] == name) return v["value"];
    return "(none)";
  }
  void launchAndStopAt(int line, json launch = json::object()) {
    request("initialize", {{"adapterID", "gpuasm"}});
    launch["program"] = kProgram;
    auto launched = send("launch", launch);
    ASSERT_EQ(launched[0]["success"], true) << launched[0].dump();
    ASSERT_EQ(launched.back()["event"], "initialized");
    request("setBreakpoints", {{"source", {{"path", kProgram}}}, {"breakpoints", {{{"line", line}}}}});
    request("configurationDone");
  }

  gpuasm::test::ScratchDir scratch{"dap"};  // the programs a test writes, removed after it
  DapServer server{db()};
  int seq = 0;
  int sent = 0;  // the adapter's last sequence number
};

TEST_F(Dap, InitializeAnnouncesTimeTravelAndDataBreakpoints) {
  json caps = request("initialize", {{"adapterID", "gpuasm"}})["body"];
  for (const char* c : {"supportsStepBack", "supportsGotoTargetsRequest", "supportsDataBreakpoints",
                        "supportsConditionalBreakpoints", "supportsHitConditionalBreakpoints",
                        "supportsLogPoints", "supportsSetVariable", "supportsConfigurationDoneRequest"})
    EXPECT_EQ(caps[c], true) << c;
}

TEST_F(Dap, ABreakpointStopsWithTheLanesRegistersAndStepBackUndoes) {
  // examples/warp-reduce.asm line 20 is REDUX.SUM: before it the butterfly made R1 = 0x1f0 in
  // every lane and R2 = the other parity's sum (lane 1: the even lanes' 0xf0).
  launchAndStopAt(20, {{"lane", 1}});
  json stop = runUntilStopped();
  EXPECT_EQ(stop["body"]["reason"], "breakpoint");
  EXPECT_EQ(stop["body"]["threadId"], 1);
  json threads = request("threads")["body"]["threads"];
  ASSERT_EQ(threads.size(), 1u);
  json frame = request("stackTrace", {{"threadId", 1}})["body"]["stackFrames"][0];
  EXPECT_EQ(frame["line"], 20);
  EXPECT_EQ(frame["name"], "REDUX.SUM R3, R0 ;");
  json scopes = request("scopes", {{"frameId", 1}})["body"]["scopes"];
  EXPECT_EQ(scopes[0]["name"], "Registers (lane 1)");
  EXPECT_EQ(variable(1, "R1"), "0x000001f0");
  EXPECT_EQ(variable(1, "R2"), "0x000000f0");
  EXPECT_EQ(variable(1, "R0"), "0x00000001");
  // R2 across the lanes: lane 0 holds the odd sum 0x100.
  std::string r2Ref;
  json allLanes = request("variables", {{"variablesReference", 5}});
  for (const json& v : allLanes["body"]["variables"])
    if (v["name"] == "R2") r2Ref = std::to_string(v["variablesReference"].get<int>());
  ASSERT_FALSE(r2Ref.empty());
  EXPECT_EQ(variable(std::stoi(r2Ref), "[0]"), "0x00000100");
  // Decimal when asked: 0x1f0 = 496.
  json decimal =
      request("variables", {{"variablesReference", 1}, {"format", {{"hex", false}}}})["body"]["variables"];
  EXPECT_EQ(decimal[1]["value"], "496");
  // One step back, before the last IADD: R1 of lane 1 holds its parity's sum, the odd lanes'.
  auto back = send("stepBack", {{"threadId", 1}});
  EXPECT_EQ(stoppedIn(back)["body"]["reason"], "step");
  EXPECT_EQ(request("stackTrace", {{"threadId", 1}})["body"]["stackFrames"][0]["line"], 18);
  EXPECT_EQ(variable(1, "R1"), "0x00000100");  // lane 1 (odd): 1 + 3 + … + 31 = 256
  // And forward again.
  send("next", {{"threadId", 1}});
  EXPECT_EQ(variable(1, "R1"), "0x000001f0");
}

TEST_F(Dap, WarpStateGivesEveryLaneForARegistersView) {
  // Line 10 is the first IADD: before it MOV R1, R0 made R1 = lane and SHFL.BFLY 0x10 made
  // R2 = R1 of lane ^ 16 (lane 3: 19 = 0x13); position 2; no predicate was written.
  launchAndStopAt(10, {{"lane", 3}});
  runUntilStopped();
  json warp = request("gpuasm/warpState")["body"];
  EXPECT_EQ(warp["position"], 2);
  EXPECT_EQ(warp["line"], 10);
  EXPECT_EQ(warp["lane"], 3);
  EXPECT_EQ(warp["activeMask"], "0xffffffff");
  EXPECT_EQ(warp["regs"]["R1"][3], "0x00000003");
  EXPECT_EQ(warp["regs"]["R2"][3], "0x00000013");
  EXPECT_EQ(warp["regs"]["R2"][16], "0x00000000");
  EXPECT_FALSE(warp["regs"].contains("R3"));
  request("gpuasm/selectLane", {{"lane", 16}});
  EXPECT_EQ(request("gpuasm/warpState")["body"]["lane"], 16);
}

// gpuasm/laneView on a program of warp operations, R0 = lane. The source lanes are worked out by
// hand from SHFL's pseudo-code (002_sync.txt:83-114 with L-69): bval = SrcB & 0x1f, cval = SrcC
// & 0x1f, segmask = (SrcC >> 8) & 0x1f, minLane = lane & segmask, maxLane = minLane | (cval &
// ~segmask); an invalid exchange keeps the lane's own Ra.
const std::string kWarpOps = R"(// @state R0 = lane
SHFL.IDX P1, R1, R0, 0x5, 0x181f ;
SHFL.UP P2, R2, R0, 0x2, 0x1800 ;
SHFL.DOWN P3, R3, R0, 0x3, 0x181f ;
SHFL.BFLY PT, R4, R0, 0x9, 0x181f ;
ISETP.LT.AND P0, PT, R0, 0x4, PT ;
@P0 REDUX.SUM R5, R0 ;
VOTE.ANY R6, P4, P0 ;
)";

class DapLanes : public Dap {
 protected:
  void SetUp() override {
    path = (scratch / "gpuasm-dap-lanes.asm").string();
    { std::ofstream(path) << kWarpOps; }
    request("initialize");
    ASSERT_EQ(send("launch", {{"program", path}, {"stopOnEntry", true}})[0]["success"], true);
    request("configurationDone");
  }
  // The lane view after a goto to `step` (which stops with reason goto).
  json viewAt(int step) {
    EXPECT_EQ(stoppedIn(send("gpuasm/gotoStep", {{"step", step}}))["body"]["reason"], "goto");
    return request("gpuasm/laneView")["body"];
  }
  // The source lane of each lane, from a lane view's exchange.
  static std::vector<int> sources(const json& exchange) {
    std::vector<int> out;
    for (const json& s : exchange["sources"]) out.push_back(s.is_null() ? -1 : s.get<int>());
    return out;
  }
  std::string path;
};

TEST_F(DapLanes, TheViewListsTheRegistersTheProgramNamesAndTheTimeline) {
  json v = request("gpuasm/laneView")["body"];
  EXPECT_EQ(v["position"], 0);
  EXPECT_EQ(v["length"], 7);
  EXPECT_EQ(v["line"], 2);
  EXPECT_EQ(v["activeMask"], "0xffffffff");
  EXPECT_FALSE(v.contains("previous"));
  std::vector<std::string> names;
  for (const json& r : v["registers"]) names.push_back(r["name"]);
  // PT and the immediates are not registers the program keeps.
  EXPECT_EQ(names, (std::vector<std::string>{"R0", "R1", "R2", "R3", "R4", "R5", "R6", "P0", "P1", "P2", "P3",
                                             "P4"}));
  ASSERT_EQ(v["registers"][0]["values"].size(), 32u);
  EXPECT_EQ(v["registers"][0]["values"][7], "0x00000007");
  EXPECT_EQ(v["registers"][7]["values"][0], false);
  const json& next = v["next"];
  EXPECT_EQ(next["source"], "SHFL.IDX P1, R1, R0, 0x5, 0x181f ;");
  EXPECT_EQ(next["reads"], json({"R0"}));
  EXPECT_EQ(next["writes"], json({"R1", "P1"}));
  EXPECT_FALSE(next.contains("guard"));
  EXPECT_EQ(next["lanes"], "0xffffffff");
  EXPECT_EQ(next["exchange"]["op"], "SHFL");
  // A step past the end is refused; the timeline goes to the end and back.
  EXPECT_EQ(refused("gpuasm/gotoStep", {{"step", 8}}),
            "step 8 is past the end (the program has 7 instructions)");
  EXPECT_EQ(refused("gpuasm/gotoStep", {{"step", -1}}),
            R"("step" must be a step number (0 or more), not -1)");
  EXPECT_EQ(stoppedIn(send("gpuasm/gotoStep", {{"step", 7}}))["body"]["reason"], "goto");
  v = request("gpuasm/laneView")["body"];
  EXPECT_EQ(v["position"], 7);
  EXPECT_EQ(v["reached"], 7);
  EXPECT_FALSE(v.contains("next"));
  EXPECT_FALSE(v.contains("line"));
  EXPECT_EQ(v["previous"]["line"], 8);
  EXPECT_EQ(viewAt(3)["position"], 3);
  EXPECT_EQ(request("stackTrace")["body"]["stackFrames"][0]["line"], 5);
}

TEST_F(DapLanes, FollowLanesSendsTheLaneViewAfterEveryStop) {
  request("gpuasm/followLanes", {{"enabled", true}});
  auto out = send("gpuasm/gotoStep", {{"step", 5}});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[1]["event"], "stopped");
  EXPECT_EQ(out[2]["event"], "gpuasm/laneView");
  EXPECT_EQ(out[2]["body"], request("gpuasm/laneView")["body"]);
  EXPECT_EQ(out[2]["body"]["next"]["exchange"]["op"], "REDUX");
  out = send("stepBack");
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[2]["body"]["position"], 4);
  request("gpuasm/followLanes", {{"enabled", false}});
  EXPECT_EQ(send("next").size(), 2u);  // the response and the stopped event
  EXPECT_EQ(refused("gpuasm/followLanes", {{"enabled", 1}}), R"("enabled" must be true or false, not 1)");
}

TEST_F(DapLanes, ShflIdxAndUpGiveTheSourceLaneOfEachLane) {
  // .IDX 0x5, c 0x181f: segments of 8 lanes (segmask 0x18), maxLane = minLane | 7, j = minLane | 5:
  // always in range.
  json idx = request("gpuasm/laneView")["body"]["next"]["exchange"];
  std::vector<int> expected;
  for (int lane = 0; lane < 32; ++lane) expected.push_back((lane & 0x18) | 5);
  EXPECT_EQ(sources(idx), expected);
  EXPECT_EQ(idx["inRange"], "0xffffffff");
  EXPECT_EQ(idx["participants"], "0xffffffff");
  // .UP 0x2, c 0x1800: cval 0, so maxLane = minLane = lane & 0x18; j = lane - 2 is valid when
  // j >= maxLane, i.e. lane & 7 >= 2; the others keep their own lane. As the previous
  // instruction after the step, with its results in R2 (lane 10 read lane 8).
  json v = viewAt(2);
  json up = v["previous"]["exchange"];
  expected.clear();
  for (int lane = 0; lane < 32; ++lane) expected.push_back((lane & 7) >= 2 ? lane - 2 : lane);
  EXPECT_EQ(sources(up), expected);
  EXPECT_EQ(up["inRange"], "0xfcfcfcfc");
  EXPECT_EQ(v["registers"][2]["values"][10], "0x00000008");
  EXPECT_EQ(v["registers"][2]["values"][9], "0x00000009");
  EXPECT_EQ(v["previous"]["writes"], json({"R2", "P2"}));
}

TEST_F(DapLanes, ShflDownAndBflyMarkTheLanesOutOfRange) {
  // .DOWN 0x3, c 0x181f: maxLane = (lane & 0x18) | 7, j = lane + 3 valid when lane & 7 <= 4.
  json down = viewAt(2)["next"]["exchange"];
  std::vector<int> expected;
  for (int lane = 0; lane < 32; ++lane) expected.push_back((lane & 7) <= 4 ? lane + 3 : lane);
  EXPECT_EQ(sources(down), expected);
  EXPECT_EQ(down["inRange"], "0x1f1f1f1f");
  // .BFLY 0x9, c 0x181f: j = lane ^ 9. Only the upper bound is checked: with bit 3 of the lane
  // set, j drops into the lane's own segment (9 -> 0, 24 -> 17); without it j lies past the
  // segment (0 -> 9 > 7) and the lane keeps its own value.
  json bfly = viewAt(3)["next"]["exchange"];
  expected.clear();
  for (int lane = 0; lane < 32; ++lane) expected.push_back((lane & 8) != 0 ? lane ^ 9 : lane);
  EXPECT_EQ(sources(bfly), expected);
  EXPECT_EQ(bfly["inRange"], "0xff00ff00");
}

TEST_F(DapLanes, ReduxAndVoteCombineTheirParticipants) {
  // ISETP made P0 = lane < 4. @P0 REDUX.SUM combines lanes 0..3: 0 + 1 + 2 + 3 = 6.
  json v = viewAt(5);
  const json& redux = v["next"];
  EXPECT_EQ(redux["guard"], "P0");
  EXPECT_EQ(redux["guardLanes"], "0x0000000f");
  EXPECT_EQ(redux["lanes"], "0x0000000f");
  EXPECT_EQ(redux["reads"], json({"P0", "R0"}));
  EXPECT_EQ(redux["exchange"]["op"], "REDUX");
  EXPECT_EQ(redux["exchange"]["participants"], "0x0000000f");
  EXPECT_FALSE(redux["exchange"].contains("sources"));
  EXPECT_EQ(redux["exchange"]["results"], json::parse(R"([{"register": "R5", "value": "0x00000006"}])"));
  // VOTE.ANY over the whole warp: the ballot of P0 is 0xf, and some lane has it, so P4 is true.
  json vote = viewAt(6)["next"]["exchange"];
  EXPECT_EQ(vote["op"], "VOTE");
  EXPECT_EQ(vote["participants"], "0xffffffff");
  EXPECT_EQ(vote["results"],
            json::parse(
                R"([{"register": "R6", "value": "0x0000000f"}, {"register": "P4", "value": "0x00000001"}])"));
  // The previous instruction, REDUX, wrote R5 in its participants only.
  json after = viewAt(7);
  EXPECT_EQ(after["previous"]["exchange"]["op"], "VOTE");
  EXPECT_EQ(after["registers"][5]["values"][3], "0x00000006");
  EXPECT_EQ(after["registers"][5]["values"][4], "0x00000000");
}

TEST_F(Dap, VariablesShowValuesInTheirTypesWithTheHexBeside) {
  // Line 27 is FFMA.RZ R8, R7, R7, 0.25. Before it: MOV R6, c[0x0][0x10] copied the bits
  // 0x3e000000 (MOV has no type: hex), FMUL R7, R6, 4.0 made 0.125 × 4 = 0.5 = 0x3f000000 (FMUL
  // works on f32), I2I.U16 R5, R1 wrote 0x1f0 (a 16-bit type: bits), REDUX.SUM R3 (U32): 0x1f0.
  launchAndStopAt(27);
  runUntilStopped();
  EXPECT_EQ(variable(1, "R6"), "0x3e000000");
  EXPECT_EQ(variable(1, "R7"), "0.5 (0x3f000000)");
  EXPECT_EQ(variable(1, "R5"), "0x000001f0");
  EXPECT_EQ(variable(1, "R3"), "0x000001f0");
  json decimal =
      request("variables", {{"variablesReference", 1}, {"format", {{"hex", false}}}})["body"]["variables"];
  const auto r7 =
      std::find_if(decimal.begin(), decimal.end(), [](const json& v) { return v["name"] == "R7"; });
  ASSERT_NE(r7, decimal.end());
  EXPECT_EQ((*r7)["value"], "0.5");
  // After the FFMA: 0.5 × 0.5 + 0.25 = 0.5 exactly.
  send("next", {{"threadId", 1}});
  EXPECT_EQ(variable(1, "R8"), "0.5 (0x3f000000)");
  // The registers view's types: as the last instruction that wrote each register typed it.
  json types = request("gpuasm/warpState")["body"]["types"];
  EXPECT_EQ(types["R7"], "f32");
  EXPECT_EQ(types["R8"], "f32");
  EXPECT_EQ(types["R6"], "u32");
  EXPECT_EQ(types["P0"], "bool");
  EXPECT_FALSE(types.contains("R0"));  // set by `// @state` only
}

TEST_F(Dap, EvaluateSetVariableAndProvenance) {
  launchAndStopAt(20);
  runUntilStopped();
  EXPECT_EQ(
      request("evaluate", {{"expression", "R1 == R2[0] + R2[1]"}, {"context", "repl"}})["body"]["result"],
      "true (lane 0)");
  EXPECT_EQ(
      request("evaluate", {{"expression", "f32(c[0x0][0x10])"}, {"context", "hover"}})["body"]["result"],
      "0.125");
  auto bad = send("evaluate", {{"expression", "R1 +"}});
  EXPECT_EQ(bad[0]["success"], false);
  EXPECT_NE(bad[0]["message"].get<std::string>().find("column 5"), std::string::npos) << bad[0].dump();
  // R0 of lane 0 set to 100: REDUX.SUM R3, R0 then sums 100 + 1 + … + 31 = 596 = 0x254.
  EXPECT_EQ(
      request("setVariable", {{"variablesReference", 1}, {"name", "R0"}, {"value", "100"}})["body"]["value"],
      "0x00000064");
  send("next", {{"threadId", 1}});
  EXPECT_EQ(variable(1, "R3"), "0x00000254");
  auto badValue = send("setVariable", {{"variablesReference", 1}, {"name", "R0"}, {"value", "lots"}});
  EXPECT_EQ(badValue[0]["success"], false);
  // Where R3 came from: REDUX.SUM on line 20, reading R0 across the warp.
  json links = request("gpuasm/provenance", {{"register", "R3"}, {"lane", 0}})["body"]["links"];
  ASSERT_FALSE(links.empty());
  EXPECT_EQ(links[0]["line"], 20);
  EXPECT_EQ(links[0]["value"], "0x00000254");
  EXPECT_NE(links[0]["inputs"][0]["note"].get<std::string>().find("across the warp"), std::string::npos);
  const std::string why =
      request("evaluate", {{"expression", "why R3[0]"}, {"context", "repl"}})["body"]["result"];
  EXPECT_NE(why.find("line 20 REDUX.SUM R3, R0 ;"), std::string::npos) << why;
}

TEST_F(Dap, DataBreakpointsAndReverseContinue) {
  launchAndStopAt(8);  // MOV R1, R0: the first instruction
  runUntilStopped();
  json info = request("dataBreakpointInfo", {{"variablesReference", 1}, {"name", "R2"}})["body"];
  EXPECT_EQ(info["dataId"], "R2[0]");
  request("setBreakpoints", {{"source", {{"path", kProgram}}}, {"breakpoints", json::array()}});
  json set = request("setDataBreakpoints", {{"breakpoints", {{{"dataId", "R2[0]"}}}}})["body"]["breakpoints"];
  ASSERT_EQ(set[0]["verified"], true);
  // The first SHFL.BFLY (line 9) writes R2 of lane 0: lane 16's R1 = 16 = 0x10.
  send("continue", {{"threadId", 1}});
  json stop = runUntilStopped();
  EXPECT_EQ(stop["body"]["reason"], "data breakpoint");
  EXPECT_EQ(stop["body"]["description"], "R2 changed in lane 0: 0x0 -> 0x10");
  // Backwards: before that SHFL (line 9), R2 is still 0.
  auto back = send("reverseContinue", {{"threadId", 1}});
  EXPECT_EQ(stoppedIn(back)["body"]["reason"], "data breakpoint");
  EXPECT_EQ(request("stackTrace", {{"threadId", 1}})["body"]["stackFrames"][0]["line"], 9);
  // R2 was never written before: not in the scope of set registers, 0 when evaluated.
  EXPECT_EQ(variable(1, "R2"), "(none)");
  EXPECT_EQ(request("evaluate", {{"expression", "R2"}, {"context", "watch"}})["body"]["result"],
            "0x0 (lane 0)");
  // goto line 21 (ISETP) through gotoTargets.
  json targets = request("gotoTargets", {{"source", {{"path", kProgram}}}, {"line", 21}})["body"]["targets"];
  ASSERT_EQ(targets.size(), 1u);
  auto went = send("goto", {{"threadId", 1}, {"targetId", targets[0]["id"]}});
  EXPECT_EQ(stoppedIn(went)["body"]["reason"], "goto");
  EXPECT_EQ(variable(1, "R3"), "0x000001f0");
}

TEST_F(Dap, BadRequestsGetErrorResponsesAndTheAdapterGoesOn) {
  EXPECT_EQ(send("stackTrace")[0]["success"], false);  // nothing launched
  EXPECT_EQ(send("launch", {{"program", "/nonexistent.asm"}})[0]["success"], false);
  EXPECT_EQ(send("launch", {{"program", kProgram}, {"lane", 40}})[0]["success"], false);
  EXPECT_EQ(send("frobnicate")[0]["message"], "unknown request 'frobnicate'");
  auto junk =
      server.handle(std::vector<std::string>{"{not json", "[1,2]", R"({"type":"event","event":"x"})"});
  ASSERT_EQ(junk.size(), 3u);
  for (const std::string& m : junk) EXPECT_EQ(numberedInOrder(json::parse(m)).value("event", ""), "output");
  EXPECT_EQ(send("setBreakpoints", {{"breakpoints", {{{"line", "seven"}}}}})[0]["success"], false);
  // Still works.
  launchAndStopAt(20);
  EXPECT_EQ(runUntilStopped()["body"]["reason"], "breakpoint");
  auto gone = send("disconnect");
  EXPECT_EQ(gone.back()["event"], "terminated");
  EXPECT_TRUE(server.exitRequested());
}

TEST_F(Dap, AProgramThatDoesNotAssembleStopsAtItsFirstBadLine) {
  const std::string path = (scratch / "gpuasm-dap-bad.asm").string();
  { std::ofstream(path) << "MOV R1, 0x1 ;\nIADD.SAT R2, R1, R1 ;\n"; }
  request("initialize");
  ASSERT_EQ(send("launch", {{"program", path}})[0]["success"], true);
  request("configurationDone");
  json stop = runUntilStopped();
  EXPECT_EQ(stop["body"]["reason"], "exception");
  EXPECT_NE(stop["body"]["text"].get<std::string>().find("unknown-modifier"), std::string::npos)
      << stop.dump();
  EXPECT_EQ(request("stackTrace", {{"threadId", 1}})["body"]["stackFrames"][0]["line"], 2);
  // A goto past the bad line stops at it with the same reason, not "goto" (found by
  // tests/dap: the reason was always "goto").
  json targets = request("gotoTargets", {{"source", {{"path", path}}}, {"line", 1}})["body"]["targets"];
  ASSERT_EQ(targets.size(), 1u);
  auto back = send("goto", {{"threadId", 1}, {"targetId", targets[0]["id"]}});
  EXPECT_EQ(stoppedIn(back)["body"]["reason"], "goto");
  auto past = send("goto", {{"threadId", 1}, {"targetId", 1000}});
  EXPECT_EQ(stoppedIn(past)["body"]["reason"], "exception");
  EXPECT_EQ(request("stackTrace", {{"threadId", 1}})["body"]["stackFrames"][0]["line"], 2);
}

TEST_F(Dap, AGotoBeyondTheLastInstructionStopsAtTheEnd) {
  launchAndStopAt(8);
  runUntilStopped();
  auto went = send("goto", {{"threadId", 1}, {"targetId", 1000}});
  EXPECT_EQ(stoppedIn(went)["body"]["reason"], "end");
  EXPECT_EQ(stoppedIn(went)["body"]["description"], "every instruction executed");
}

// Found by tests/dap: dataBreakpointInfo offered ids that setDataBreakpoints refuses
// ("R1@" described as lane 99, a lane of a uniform register).
TEST_F(Dap, DataBreakpointInfoOffersOnlyWhatCanBeWatched) {
  launchAndStopAt(8);
  runUntilStopped();
  for (const char* name : {"R1[]", "R1[99]", "UR4[3]", "lane"})
    EXPECT_TRUE(request("dataBreakpointInfo", {{"name", name}})["body"]["dataId"].is_null()) << name;
  EXPECT_EQ(request("dataBreakpointInfo", {{"name", "UR4[3]"}})["body"]["description"],
            "UR4 is uniform: it has no lanes");
  EXPECT_EQ(request("dataBreakpointInfo", {{"name", "P0[3]"}})["body"]["dataId"], "P0[3]");
  EXPECT_EQ(request("dataBreakpointInfo", {{"name", "UR4"}})["body"]["dataId"], "UR4");
}

// A launch while a continue runs: the new program waits for configurationDone.
TEST_F(Dap, ALaunchEndsTheRunOfThePreviousProgram) {
  launchAndStopAt(8);  // configurationDone started the run
  ASSERT_TRUE(server.hasIdleWork());
  ASSERT_EQ(send("launch", {{"program", kProgram}})[0]["success"], true);
  EXPECT_FALSE(server.hasIdleWork());
}

// A continue runs in slices between which the adapter reads requests; a pause stops it where
// it is. Every line after the directive adds R2 = 1 to R1, so where the pause stopped, R1 counts
// the lines executed: the line number minus 2.
TEST_F(Dap, APauseStopsARunningContinueWhereItIs) {
  constexpr int kAdds = 50'000;
  const std::string path = (scratch / "gpuasm-dap-long.asm").string();
  {
    std::ofstream out(path);
    out << "// @state R2 = 1\n";
    for (int i = 0; i < kAdds; ++i) out << "IADD R1, R1, R2 ;\n";
  }
  request("initialize");
  ASSERT_EQ(send("launch", {{"program", path}})[0]["success"], true);
  request("configurationDone");
  ASSERT_TRUE(server.hasIdleWork());
  for (const std::string& m : server.idle())
    EXPECT_NE(numberedInOrder(json::parse(m)).value("event", ""), "stopped") << m;
  ASSERT_TRUE(server.hasIdleWork()) << "one slice ran the whole program: make it longer";
  auto paused = send("pause", {{"threadId", 1}});
  EXPECT_EQ(paused[0]["success"], true);
  EXPECT_EQ(stoppedIn(paused)["body"]["reason"], "pause");
  EXPECT_FALSE(server.hasIdleWork());
  const int line = request("stackTrace", {{"threadId", 1}})["body"]["stackFrames"][0]["line"];
  EXPECT_GT(line, 2);
  EXPECT_LT(line, kAdds + 2);
  char expected[16];
  std::snprintf(expected, sizeof expected, "0x%08x", static_cast<unsigned>(line - 2));
  EXPECT_EQ(variable(1, "R1"), expected);
  // Paused, a pause has nothing to stop: a response and no event.
  auto again = send("pause", {{"threadId", 1}});
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0]["success"], true);
  // Going on runs the rest: R1 = 50,000 = 0xc350.
  request("continue", {{"threadId", 1}});
  EXPECT_EQ(runUntilStopped()["body"]["reason"], "end");
  EXPECT_EQ(variable(1, "R1"), "0x0000c350");
}

// Found by tests/dap: a framing error's output event had seq 0 instead of the next number.
TEST_F(Dap, AFramingErrorTakesTheNextSequenceNumber) {
  request("initialize");
  json e = numberedInOrder(json::parse(server.framingError("header block without Content-Length")));
  EXPECT_EQ(e["event"], "output");
  EXPECT_EQ(e["body"]["category"], "stderr");
  EXPECT_EQ(e["body"]["output"], "gpuasm dap: header block without Content-Length\n");
  request("initialize");  // numbered after it
}

// Found by tests/dap: setBreakpoints of another file replaced the program's breakpoints. A
// client sends the breakpoints of every file that has some.
TEST_F(Dap, BreakpointsOfAnotherFileLeaveTheProgramsAlone) {
  launchAndStopAt(20);
  json other =
      request("setBreakpoints", {{"source", {{"path", "/elsewhere/other.asm"}}},
                                 {"breakpoints", {{{"line", 9}}, {{"line", 10}}}}})["body"]["breakpoints"];
  ASSERT_EQ(other.size(), 2u);
  EXPECT_EQ(other[0]["verified"], false);
  EXPECT_NE(other[0]["message"].get<std::string>().find("is not the debugged program"), std::string::npos)
      << other.dump();
  json stop = runUntilStopped();
  EXPECT_EQ(stop["body"]["reason"], "breakpoint");
  EXPECT_EQ(request("stackTrace", {{"threadId", 1}})["body"]["stackFrames"][0]["line"], 20);
  // The program under another spelling of its path is the program: line 22 replaces line 20.
  const std::string dotted = std::string(GPUASM_SOURCE_DIR) + "/examples/./warp-reduce.asm";
  json mine = request("setBreakpoints", {{"source", {{"path", dotted}}},
                                         {"breakpoints", {{{"line", 22}}}}})["body"]["breakpoints"];
  EXPECT_EQ(mine[0]["verified"], true);
  send("continue", {{"threadId", 1}});
  runUntilStopped();
  EXPECT_EQ(request("stackTrace", {{"threadId", 1}})["body"]["stackFrames"][0]["line"], 22);
}

// A bad argument is named in the error response, with what it must be and the value sent
// (cut short after 37 characters); a missing one names the request that needs it. Null counts
// as absent.
TEST_F(Dap, ABadArgumentIsNamedInTheErrorResponse) {
  request("initialize");
  EXPECT_EQ(refused("launch"), R"(launch needs "program": the .asm file to debug)");
  EXPECT_EQ(refused("launch", {{"program", 42}}),
            R"(launch needs "program": the .asm file to debug (a path), not 42)");
  EXPECT_EQ(refused("launch", {{"program", kProgram}, {"lane", "3"}}),
            R"("lane" must be a lane 0..31, not "3")");
  EXPECT_EQ(refused("launch", {{"program", kProgram}, {"lane", 32}}),
            R"("lane" must be a lane 0..31, not 32)");
  EXPECT_EQ(refused("launch", {{"program", kProgram}, {"stepLimit", 0}}),
            R"("stepLimit" must be a number of instructions (1 or more), not 0)");
  json numbers = json::array();
  for (int i = 1; i <= 30; ++i) numbers.push_back(i);
  EXPECT_EQ(refused("launch", {{"program", kProgram}, {"stateFile", numbers}}),
            R"("stateFile" must be the path of a state file, not [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,...)");
  // Nothing launched by the refusals; null is no lane.
  EXPECT_EQ(refused("stackTrace"), "no program is launched (send launch first)");
  auto launched = send("launch", {{"program", kProgram}, {"lane", nullptr}, {"stopOnEntry", true}});
  ASSERT_EQ(launched[0]["success"], true) << launched[0].dump();
  request("configurationDone");
  EXPECT_EQ(refused("setBreakpoints", {{"breakpoints", {{{"line", 4}}, json::object()}}}),
            R"(setBreakpoints needs "breakpoints[1].line": a line number (1 or more))");
  EXPECT_EQ(refused("setBreakpoints", {{"breakpoints", {{{"line", 4}, {"condition", 5}}}}}),
            R"("breakpoints[0].condition" must be an expression, not 5)");
  EXPECT_EQ(refused("setBreakpoints", {{"source", "warp-reduce.asm"}}),
            R"("source" must be an object with the file's "path", not "warp-reduce.asm")");
  EXPECT_EQ(refused("variables"),
            R"(variables needs "variablesReference": a number that scopes or variables gave)");
  EXPECT_EQ(refused("variables", {{"variablesReference", 1}, {"format", {{"hex", 1}}}}),
            R"("format.hex" must be true or false, not 1)");
  EXPECT_EQ(refused("setDataBreakpoints"),
            R"(setDataBreakpoints needs "breakpoints": the data breakpoints ([] for none))");
  EXPECT_EQ(refused("setDataBreakpoints", {{"breakpoints", {{{"dataId", 7}}}}}),
            R"("breakpoints[0].dataId" must be a dataId that dataBreakpointInfo gave, not 7)");
  EXPECT_EQ(refused("setVariable", {{"variablesReference", 1}, {"name", "R1"}}),
            R"(setVariable needs "value": a string (a number, 0x hex, an f32 like 0.5, true or false))");
  EXPECT_EQ(refused("evaluate", {{"expression", true}}),
            R"("expression" must be an expression (docs/LANGUAGE.md) or why REGISTER, not true)");
  EXPECT_EQ(refused("gotoTargets", {{"line", 0}}), R"("line" must be a line number (1 or more), not 0)");
  EXPECT_EQ(refused("goto", {{"targetId", 1.5}}),
            R"("targetId" must be a target id that gotoTargets gave, not 1.5)");
  EXPECT_EQ(refused("gpuasm/selectLane"), R"(gpuasm/selectLane needs "lane": a lane 0..31)");
  EXPECT_EQ(refused("gpuasm/provenance", {{"register", "R1"}, {"lane", -1}}),
            R"("lane" must be a lane 0..31, not -1)");
  // The refusals changed nothing: still on entry, lane 0.
  EXPECT_EQ(request("stackTrace")["body"]["stackFrames"][0]["line"], 8);
  EXPECT_EQ(request("scopes")["body"]["scopes"][0]["name"], "Registers (lane 0)");
}

// The capabilities of initialize are what the method table handles: each capability DAP ties
// to requests (the specification's Capabilities) is advertised exactly when the adapter
// handles those requests, and every request of the table is handled.
TEST_F(Dap, TheCapabilitiesAreWhatTheMethodTableHandles) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> kCapabilityRequests = {
      {"supportsConfigurationDoneRequest", {"configurationDone"}},
      {"supportsStepBack", {"stepBack", "reverseContinue"}},
      {"supportsGotoTargetsRequest", {"gotoTargets", "goto"}},
      {"supportsConditionalBreakpoints", {"setBreakpoints"}},
      {"supportsHitConditionalBreakpoints", {"setBreakpoints"}},
      {"supportsLogPoints", {"setBreakpoints"}},
      {"supportsDataBreakpoints", {"dataBreakpointInfo", "setDataBreakpoints"}},
      {"supportsSetVariable", {"setVariable"}},
      {"supportsEvaluateForHovers", {"evaluate"}},
      {"supportsRestartRequest", {"restart"}},
      {"supportsTerminateRequest", {"terminate"}},
      {"supportsValueFormattingOptions", {"variables", "evaluate"}},
      {"supportsFunctionBreakpoints", {"setFunctionBreakpoints"}},
      {"supportsStepInTargetsRequest", {"stepInTargets"}},
      {"supportsCompletionsRequest", {"completions"}},
      {"supportsModulesRequest", {"modules"}},
      {"supportsRestartFrame", {"restartFrame"}},
      {"supportsExceptionInfoRequest", {"exceptionInfo"}},
      {"supportsLoadedSourcesRequest", {"loadedSources"}},
      {"supportsSetExpression", {"setExpression"}},
      {"supportsReadMemoryRequest", {"readMemory"}},
      {"supportsWriteMemoryRequest", {"writeMemory"}},
      {"supportsDisassembleRequest", {"disassemble"}},
      {"supportsCancelRequest", {"cancel"}},
      {"supportsTerminateThreadsRequest", {"terminateThreads"}},
      {"supportsInstructionBreakpoints", {"setInstructionBreakpoints"}},
      {"supportsBreakpointLocationsRequest", {"breakpointLocations"}},
  };
  const json caps = request("initialize")["body"];
  const std::vector<std::string_view> table = DapServer::requests();
  auto handled = [&](const std::string& command) {
    return std::find(table.begin(), table.end(), command) != table.end();
  };
  for (const auto& [capability, requests] : kCapabilityRequests) {
    const bool all = std::all_of(requests.begin(), requests.end(), handled);
    EXPECT_EQ(caps.value(capability, false), all) << capability;
  }
  // Nothing else is advertised true (a step is one instruction: no stepping granularity).
  for (const auto& [capability, value] : caps.items()) {
    const bool known =
        std::any_of(kCapabilityRequests.begin(), kCapabilityRequests.end(),
                    [&capability = capability](const auto& c) { return c.first == capability; });
    EXPECT_TRUE(known || value == false) << capability << " is advertised without a request that needs it";
  }
  EXPECT_EQ(caps["supportsSteppingGranularity"], false);
  // Every request of the table is answered as a known request; the others are unknown.
  for (std::string_view command : table) {
    const std::string name(command);
    if (name == "disconnect" || name == "terminate") continue;  // they end the adapter
    const auto out = send(name, json::object());
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(out[0].value("message", std::string()).find("unknown request"), std::string::npos) << name;
  }
  EXPECT_EQ(refused("stepInTargets"), "unknown request 'stepInTargets'");
  EXPECT_EQ(refused("readMemory"), "unknown request 'readMemory'");
}

}  // namespace
}  // namespace gpuasm::dap
