// Fuzz target: the debug adapter in process (dap::DapServer::handle), on a small program
// written once to a temporary file with a state file beside it. The first byte: bit 0 launches
// with stopOnEntry, bit 1 skips the launch (the bodies meet an adapter with no session), bit 2
// launches with the state file. The rest is request bodies, one a line (at most 64); a launch
// or restart among them is pointed at the same program and state file, so the target reads no
// other file. After each body the adapter's idle work (a continue) runs to its stop.
// Properties: nothing crashes or throws; every message the adapter sends is a JSON object, an
// event or a response, numbered with the next sequence number; every request (an object with
// "type": "request" and a command) gets exactly one response, with its seq and command.
#include "FuzzSupport.h"
#include "ScratchDir.h"

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/dap/DapServer.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace gpuasm;
using json = nlohmann::json;

namespace {

using fuzz::db;

constexpr std::size_t kMaxMessages = 64;
constexpr int kMaxIdle = 1000;

// A program with a loop-free run of every kind of register the scopes show, its `// @state`
// directives and an `// @expect`, and a state file that overrides one register.
constexpr const char* kProgram =
    "// @state R0 = lane\n"
    "// @state c[0x0][0x10] = 0x3e000000\n"
    "MOV R1, R0 ;\n"
    "SHFL.BFLY PT, R2, R1, 0x10, 0x1f ;\n"
    "IADD R1, R1, R2 ;\n"
    "REDUX.SUM R3, R0 ;\n"
    "ISETP.EQ.AND P0, PT, R1, R3, PT ;\n"
    "VOTE.ALL R4, P1, P0 ;\n"
    "MOV R6, c[0x0][0x10] ;\n"
    "FMUL R7, R6, 4.0 ;\n"
    "// @expect R7 == 0x3f000000\n"
    "ULDC UR4, c[0x0][0x10] ;\n";
constexpr const char* kStateFile =
    R"({"activeMask": "0x0000ffff", "regs": {"R5": "0x7", "P2": true, "UR1": "0x10"}})";

struct Files {
  std::string program, state;
};

// In the process's scratch directory (tests/common/ScratchDir.h), removed at exit.
const Files& files() {
  static const Files f = [] {
    const auto& dir = gpuasm::test::processScratchDir();
    return Files{dir.write("program.asm", kProgram).string(), dir.write("state.json", kStateFile).string()};
  }();
  return f;
}

class Session {
 public:
  explicit Session(dap::DapServer& server) : server_(server) {}

  // Sends one body; checks the numbering and, for a request, its one response, which it returns.
  json send(const std::string& body) {
    const std::vector<std::string> replies = server_.handle(std::vector<std::string>{body});
    const json msg = json::parse(body, nullptr, false);
    const bool isRequest = msg.is_object() && msg.value("type", json()) == "request" &&
                           msg.contains("command") && msg["command"].is_string() &&
                           !msg["command"].get<std::string>().empty();
    std::size_t responses = 0;
    json response;
    for (const std::string& r : replies) {
      json m = checked(r);
      if (m["type"] == "response") {
        ++responses;
        response = m;
        FUZZ_CHECK(isRequest, "a response to what is no request: " + body + "\n" + r);
        FUZZ_CHECK(m.value("request_seq", json()) == (msg.contains("seq") ? msg["seq"] : json(0)) &&
                       m.value("command", json()) == msg["command"],
                   "response of another request: " + body + "\n" + r);
      }
    }
    FUZZ_CHECK(responses == (isRequest ? 1u : 0u), std::to_string(responses) + " responses to " + body);
    for (int i = 0; i < kMaxIdle && server_.hasIdleWork(); ++i)
      for (const std::string& r : server_.idle()) checked(r);
    return response;
  }

 private:
  json checked(const std::string& message) {
    const json m = json::parse(message, nullptr, false);
    FUZZ_CHECK(!m.is_discarded() && m.is_object(), "not a JSON object: " + message);
    FUZZ_CHECK(m.value("type", "") == "response" || m.value("type", "") == "event",
               "neither response nor event: " + message);
    FUZZ_CHECK(m.value("seq", json()) == json(++seq_),
               "out of sequence (expected " + std::to_string(seq_) + "): " + message);
    return m;
  }

  dap::DapServer& server_;
  std::int64_t seq_ = 0;
};

std::string request(std::int64_t seq, const std::string& command, json arguments) {
  return json{{"seq", seq}, {"type", "request"}, {"command", command}, {"arguments", std::move(arguments)}}
      .dump();
}

// A launch or restart in the input debugs the target's program (and its state file, if any).
std::string confined(std::string_view body) {
  json msg = json::parse(body, nullptr, false);
  if (!msg.is_object() || !msg.contains("command") ||
      (msg["command"] != "launch" && msg["command"] != "restart"))
    return std::string(body);
  json* args = msg.contains("arguments") && msg["arguments"].is_object() ? &msg["arguments"] : nullptr;
  if (args == nullptr) return std::string(body);
  if (msg["command"] == "restart" && args->contains("arguments") && (*args)["arguments"].is_object())
    args = &(*args)["arguments"];
  (*args)["program"] = files().program;
  if (args->contains("stateFile")) (*args)["stateFile"] = files().state;
  return msg.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > fuzz::kMaxInput) return 0;
  const unsigned mode = data[0];
  dap::DapServer server(db());
  Session session(server);
  if ((mode & 2u) == 0) {
    json launch = {{"program", files().program}, {"stopOnEntry", (mode & 1u) != 0}};
    if ((mode & 4u) != 0) launch["stateFile"] = files().state;
    session.send(request(1, "initialize", {{"adapterID", "gpuasm"}}));
    const json launched = session.send(request(2, "launch", launch));
    FUZZ_CHECK(launched.value("success", false),
               "the target's own program does not launch: " + launched.dump());
    session.send(request(3, "setBreakpoints",
                         {{"source", {{"path", files().program}}}, {"breakpoints", {{{"line", 7}}}}}));
    session.send(request(4, "configurationDone", json::object()));
  }
  for (const std::string_view line : fuzz::splitLines(fuzz::asText(data + 1, size - 1), kMaxMessages)) {
    if (server.exitRequested()) break;
    session.send(confined(line));
  }
  return 0;
}
