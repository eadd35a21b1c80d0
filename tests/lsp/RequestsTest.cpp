// The server's requests end to end through JSON-RPC bodies: hover, inlay hints (and their
// setting), code actions, go to definition into the embedded spec, and the gpuasm extensions
// (run to cursor, execute a selection, encoding) also as workspace/executeCommand. Expected
// values come from the spec text and hand computation, never from the program's own output.
#include "LspMessages.h"
#include "ScratchDir.h"

#include <gpuasm/lsp/Server.h>

#include <gpuasm/ide/asm/SemanticTokens.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <filesystem>
#include <iterator>
#include <set>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gpuasm::lsp {
namespace {

using nlohmann::json;
using test::db;
using test::note;
using test::pos;
using test::range;
using test::request;

const json kDoc = {{"uri", "file:///a.asm"}};

// One client's session with a server of its own.
class Session {
 public:
  virtual ~Session() = default;
  std::vector<json> send(std::vector<json> messages) {
    std::vector<std::string> bodies;
    for (const json& m : messages) bodies.push_back(m.dump());
    std::vector<json> out;
    for (const std::string& reply : server.handle(bodies)) out.push_back(json::parse(reply));
    return out;
  }
  /// The result of one request (fails the test on an error reply).
  json call(const std::string& method, json params) {
    const auto r = send({request(++id, method, std::move(params))});
    EXPECT_EQ(r.size(), 1u);
    EXPECT_FALSE(r.back().contains("error")) << r.back().dump();
    return r.back()["result"];
  }
  void start(const std::string& text, json capabilities = json::object(), json options = nullptr) {
    json init = {{"capabilities", std::move(capabilities)}};
    if (!options.is_null()) init["initializationOptions"] = std::move(options);
    send({request(++id, "initialize", init), note("initialized")});
    send({note("textDocument/didOpen",
               {{"textDocument",
                 {{"uri", "file:///a.asm"}, {"languageId", "gpuasm"}, {"version", 1}, {"text", text}}}})});
  }

  Session() = default;
  explicit Session(const isa::InstrDb& spec) : server{spec, cache} {}

  gpuasm::test::ScratchDir scratch{"requests-test"};
  std::string cache = scratch.string();
  Server server{db(), cache};
  int id = 0;
};

class Requests : public ::testing::Test, public Session {};

TEST_F(Requests, CapabilitiesAnnounceEveryFeature) {
  const auto r = send({request(1, "initialize", {{"capabilities", json::object()}})});
  const json& caps = r[0]["result"]["capabilities"];
  EXPECT_EQ(caps["positionEncoding"], "utf-16");
  for (const char* key :
       {"hoverProvider", "completionProvider", "signatureHelpProvider", "semanticTokensProvider",
        "documentSymbolProvider", "foldingRangeProvider", "documentFormattingProvider",
        "documentRangeFormattingProvider", "inlayHintProvider", "codeActionProvider", "definitionProvider",
        "executeCommandProvider", "codeLensProvider"})
    EXPECT_TRUE(caps.contains(key)) << key;
  EXPECT_EQ(caps["executeCommandProvider"]["commands"],
            json({"gpuasm.runToCursor", "gpuasm.execute", "gpuasm.encoding"}));
}

// 000_ialu.txt:128-129: IADD's __Description starts "进行整数加法，即Rd = Ra + SrcB。".
TEST_F(Requests, HoverOnAMnemonicShowsTheSpecDescription) {
  start("IADD R0, R1, R2 ;\n");
  const json h = call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 2)}});
  EXPECT_EQ(h["contents"]["kind"], "markdown");
  EXPECT_NE(h["contents"]["value"].get<std::string>().find("进行整数加法，即Rd = Ra + SrcB。"),
            std::string::npos);
  EXPECT_EQ(h["range"], range(0, 0, 0, 4));
  EXPECT_TRUE(
      call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 17)}}).is_null());  // after ';'
}

// Explain this line (ExplainLine.h) through the hover request. R3 = 1.0 and R5 = 0x34400000 =
// 3·2^-24 (sign 0, exponent 104 = -23, significand 1.5): the exact sum 1 + 3·2^-24 lies halfway
// between 1 + 2^-23 (0x3f800001) and 1 + 2^-22 (0x3f800002), so RZ and RM give the first, RP and
// RN (ties to even) the second, one ULP above. The pseudo-code is 004_falu.txt:60-91 with
// Ra = R3, SrcB = R5, Rd = R4 and .rnd = .RZ.
TEST_F(Requests, HoverOnAMnemonicExplainsTheLineWithTheRoundingTable) {
  start("// @state R3 = 0x3f800000\n// @state R5 = 0x34400000\nFADD.RZ R4, R3, R5 ;\n");
  auto hoverText = [&] {
    return call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(2, 1)}})["contents"]["value"]
        .get<std::string>();
  };
  // The run has not been asked for yet (the inlay hints of the visible lines run it): the
  // semantics only.
  const std::string before = hoverText();
  EXPECT_NE(before.find("**Semantics of this line**"), std::string::npos) << before;
  EXPECT_NE(before.find("```asm\nFADD.RZ R4, R3, R5:\n    // 计算舍入前的精确求和\n    t = R3 + R5;\n"),
            std::string::npos)
      << before;
  EXPECT_NE(before.find("    R4 = roundToF32(t, .RZ);\n"), std::string::npos);
  EXPECT_EQ(before.find("if (.ftz"), std::string::npos);
  EXPECT_EQ(before.find("Result under each rounding mode"), std::string::npos);

  call("textDocument/inlayHint", {{"textDocument", kDoc}, {"range", range(0, 0, 3, 0)}});
  const std::string after = hoverText();
  EXPECT_NE(
      after.find(
          "**Live run: inputs before this line (lane 0, the first lane that executes it; none pinned)**"),
      std::string::npos)
      << after;
  EXPECT_NE(after.find("- `R3`: 1.0 (0x3f800000)\n"), std::string::npos) << after;
  EXPECT_NE(after.find("- `R4`: "), std::string::npos);
  EXPECT_NE(after.find("| mode | result | bits | ULPs from .RZ |"), std::string::npos) << after;
  for (const char* row : {" | 0x3f800002 | +1 |", " | 0x3f800001 | 0 |"})
    EXPECT_NE(after.find(row), std::string::npos) << row;
  EXPECT_NE(after.find("| .RN | "), std::string::npos);
  EXPECT_NE(after.find("| .RZ (this line) | "), std::string::npos);
  // The semantics and the values come before the encoding.
  EXPECT_LT(after.find("Result under each rounding mode"), after.find("**Encoding"));

  // With live values off, no values.
  send({note("workspace/didChangeConfiguration",
             {{"settings", {{"gpuasm", {{"liveValues", {{"enabled", false}}}}}}}})});
  const std::string off = hoverText();
  EXPECT_NE(off.find("**Semantics of this line**"), std::string::npos);
  EXPECT_EQ(off.find("Result under each rounding mode"), std::string::npos) << off;
}

// FADD.RN R4, R3, 1.5 with R3 = 0 writes 1.5, whose bits are 0x3fc00000; FADD works on f32.
TEST_F(Requests, HoverOnARegisterShowsItsLiveValueInItsType) {
  start("// @state R3 = 0\nFADD.RN R4, R3, 1.5 ;\n");
  // A hover reads the run as far as it got; the inlay hints of the visible lines run it.
  call("textDocument/inlayHint", {{"textDocument", kDoc}, {"range", range(0, 0, 2, 0)}});
  const std::string shown =
      call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(1, 9)}})["contents"]["value"];
  EXPECT_NE(shown.find("Live value (f32, after this line)"), std::string::npos) << shown;
  EXPECT_NE(shown.find("1.5 (0x3fc00000)"), std::string::npos) << shown;
  // With live values off, hover says nothing of them.
  send({note("workspace/didChangeConfiguration",
             {{"settings", {{"gpuasm", {{"liveValues", {{"enabled", false}}}}}}}})});
  const std::string off =
      call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(1, 9)}})["contents"]["value"];
  EXPECT_EQ(off.find("Live value"), std::string::npos) << off;
}

// tests/asm/valid.asm: `MOV R1, 0x10 ;` encodes to 0x00000000000000000000001000017d11, computed by
// tests/asm/encode-by-hand.py from the spec's field declarations.
// The encodings by hand: MOV (optype 17 = 0x11) with an immediate (stype I = 0xd), guard PT (7 at
// bit 12), rd at bit 16 and the immediate in bits 32..63: 0x…10_00017d11 and 0x…20_00027d11.
// The client declares that it reports its cursor (experimental.gpuasm.cursorNotifications, as
// the VS Code and Neovim clients do), so the hint follows it by default.
TEST_F(Requests, TheEncodingHintFollowsTheCursorAndTheSettingShowsAllOrNone) {
  start("MOV R1, 0x10 ; // x\nMOV R2, 0x20 ;\n",
        {{"workspace", {{"inlayHint", {{"refreshSupport", true}}}}},
         {"experimental", {{"gpuasm", {{"cursorNotifications", true}}}}}});
  const std::string first = "0x00000000000000000000001000017d11",
                    second = "0x00000000000000000000002000027d11";
  auto hints = [&] {
    return call("textDocument/inlayHint", {{"textDocument", kDoc}, {"range", range(0, 0, 2, 0)}});
  };
  auto labels = [&] {
    std::vector<std::string> out;
    for (const json& h : hints()) out.push_back(h["label"]);
    return out;
  };
  auto cursorAt = [&](int line, int character) {
    return send({note("gpuasm/cursor",
                      {{"textDocument", {{"uri", "file:///a.asm"}}}, {"position", pos(line, character)}})});
  };
  auto configure = [&](json value) {
    return send(
        {note("workspace/didChangeConfiguration", {{"settings", {{"gpuasm", {{"encodingHints", value}}}}}})});
  };
  // By default on the cursor's line only: before the client says where it is, the live values alone.
  EXPECT_EQ(labels(), (std::vector<std::string>{"R1 = 0x10", "R2 = 0x20"}));
  // The cursor on line 0: its encoding after the trailing comment, and the client asked to refresh.
  auto r = cursorAt(0, 3);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["method"], "workspace/inlayHint/refresh");
  EXPECT_EQ(labels(), (std::vector<std::string>{"R1 = 0x10", first, "R2 = 0x20"}));
  EXPECT_EQ(hints()[1]["position"], pos(0, 19));
  // Another column of the same line changes nothing and asks for nothing.
  EXPECT_TRUE(cursorAt(0, 7).empty());
  ASSERT_EQ(cursorAt(1, 0).size(), 1u);
  EXPECT_EQ(labels(), (std::vector<std::string>{"R1 = 0x10", "R2 = 0x20", second}));
  // "all": every instruction's; the first form of the setting, true, means the same.
  ASSERT_EQ(configure("all").size(), 1u);
  EXPECT_EQ(labels(), (std::vector<std::string>{"R1 = 0x10", first, "R2 = 0x20", second}));
  EXPECT_TRUE(configure(true).empty());
  // With every encoding shown the cursor does not matter: no refresh.
  EXPECT_TRUE(cursorAt(0, 0).empty());
  // "off" (or false): none.
  r = configure("off");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["method"], "workspace/inlayHint/refresh");
  EXPECT_EQ(labels(), (std::vector<std::string>{"R1 = 0x10", "R2 = 0x20"}));
  EXPECT_TRUE(configure(false).empty());
  // A value that is none of them is refused with a log message; the setting stays.
  r = configure("some");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["method"], "window/logMessage");
  EXPECT_EQ(labels(), (std::vector<std::string>{"R1 = 0x10", "R2 = 0x20"}));
  // Live values off too: nothing left.
  EXPECT_EQ(send({note("workspace/didChangeConfiguration",
                       {{"settings", {{"gpuasm", {{"liveValues", {{"enabled", false}}}}}}}})})
                .size(),
            1u);
  EXPECT_TRUE(hints().empty());
}

// examples/kernel.asm's text, and the 0-based lines that hold an instruction, counted from the
// text alone: a line whose code (what precedes `//`) is not blank and ends with `;`. The file
// has no labels and no directives but comments, so every such line is one instruction.
struct KernelFile {
  std::string text;
  std::set<int> instructionLines;
  int lineCount = 0;
};
KernelFile kernelFile() {
  KernelFile k;
  std::ifstream in(std::string(GPUASM_SOURCE_DIR) + "/examples/kernel.asm");
  std::ostringstream all;
  all << in.rdbuf();
  k.text = all.str();
  std::istringstream lines(k.text);
  for (std::string line; std::getline(lines, line); ++k.lineCount) {
    std::string code = line.substr(0, line.find("//"));
    while (!code.empty() && std::isspace(static_cast<unsigned char>(code.back()))) code.pop_back();
    if (!code.empty() && code.back() == ';') k.instructionLines.insert(k.lineCount);
  }
  return k;
}

// The lines of the encoding hints (a label of 0x and 32 hex digits; the live-value hints are
// `R1 = …`) over the whole document; a line with two would show twice in `count`.
struct EncodingHintLines {
  std::set<int> lines;
  std::size_t count = 0;
};
EncodingHintLines encodingHintLines(Session& s, int lineCount) {
  EncodingHintLines out;
  for (const json& h :
       s.call("textDocument/inlayHint", {{"textDocument", kDoc}, {"range", range(0, 0, lineCount, 0)}})) {
    const std::string label = h["label"];
    if (label.size() != 34 || !label.starts_with("0x") ||
        label.find_first_not_of("0123456789abcdef", 2) != std::string::npos)
      continue;
    out.lines.insert(h["position"]["line"].get<int>());
    ++out.count;
  }
  return out;
}

const json kReportsCursor = {{"experimental", {{"gpuasm", {{"cursorNotifications", true}}}}}};

// A client with no gpuasm extensions (Emacs eglot, Helix, Kate, a plain stdio client) never sends
// gpuasm/cursor: it gets the encoding after every instruction. examples/kernel.asm has 20: ULDC and
// MOV, five SHFL.BFLY/FADD pairs, MUFU.RCP, two FMULs, FSETP, the guarded FADD, VOTE, POPC, IMAD.WIDE.
TEST_F(Requests, APlainClientGetsTheEncodingAfterEveryInstruction) {
  const KernelFile k = kernelFile();
  ASSERT_EQ(k.instructionLines.size(), 20u);
  start(k.text);
  const EncodingHintLines hinted = encodingHintLines(*this, k.lineCount);
  EXPECT_EQ(hinted.lines, k.instructionLines);
  EXPECT_EQ(hinted.count, k.instructionLines.size());
}

// A client that reports its cursor gets the encoding on the cursor's line only: none before it
// says where the cursor is. The setting, when the client sends one, wins either way.
TEST_F(Requests, AClientThatReportsItsCursorGetsTheEncodingOnThatLineOnly) {
  const KernelFile k = kernelFile();
  start(k.text, kReportsCursor);
  EXPECT_EQ(encodingHintLines(*this, k.lineCount).count, 0u);
  const int line = *std::next(k.instructionLines.begin(), 5);
  send({note("gpuasm/cursor", {{"textDocument", kDoc}, {"position", pos(line, 0)}})});
  const EncodingHintLines hinted = encodingHintLines(*this, k.lineCount);
  EXPECT_EQ(hinted.lines, std::set<int>{line});
  EXPECT_EQ(hinted.count, 1u);
}

TEST(EncodingHintsSetting, AnExplicitSettingWinsOverWhatTheClientDeclares) {
  const KernelFile k = kernelFile();
  {  // A plain client that asks for "cursor": nothing until it says where its cursor is.
    Session s;
    s.start(k.text, json::object(), {{"encodingHints", "cursor"}});
    EXPECT_EQ(encodingHintLines(s, k.lineCount).count, 0u);
  }
  {  // "off" from a plain client: none.
    Session s;
    s.start(k.text, json::object(), {{"encodingHints", "off"}});
    EXPECT_EQ(encodingHintLines(s, k.lineCount).count, 0u);
  }
  {  // A client that reports its cursor and asks for "all": every instruction's, cursor or not.
    Session s;
    s.start(k.text, kReportsCursor, {{"encodingHints", "all"}});
    s.send(
        {note("gpuasm/cursor", {{"textDocument", kDoc}, {"position", pos(*k.instructionLines.begin(), 0)}})});
    const EncodingHintLines hinted = encodingHintLines(s, k.lineCount);
    EXPECT_EQ(hinted.lines, k.instructionLines);
    EXPECT_EQ(hinted.count, k.instructionLines.size());
  }
  {  // The setting changed later wins too: a plain client switched to "cursor", then told a line.
    Session s;
    s.start(k.text);
    EXPECT_EQ(encodingHintLines(s, k.lineCount).count, k.instructionLines.size());
    s.send({note("workspace/didChangeConfiguration",
                 {{"settings", {{"gpuasm", {{"encodingHints", "cursor"}}}}}})});
    EXPECT_EQ(encodingHintLines(s, k.lineCount).count, 0u);
    const int line = *k.instructionLines.rbegin();
    s.send({note("gpuasm/cursor", {{"textDocument", kDoc}, {"position", pos(line, 0)}})});
    EXPECT_EQ(encodingHintLines(s, k.lineCount).lines, std::set<int>{line});
  }
}

TEST_F(Requests, InitializationOptionsCanStartWithHintsOff) {
  start("MOV R1, 0x10 ;\n", json::object(), {{"encodingHints", false}, {"liveValues", {{"enabled", false}}}});
  EXPECT_TRUE(call("textDocument/inlayHint", {{"textDocument", kDoc}, {"range", range(0, 0, 1, 0)}}).empty());
}

// Live values follow the document, the pinned lane and the client's state file. Values by hand:
// R2 = R0 + R1 with R0 = lane and R1 = 0x10: lane + 0x10 over the warp, so lane 3 holds 0x13.
TEST_F(Requests, LiveValuesFollowEditsTheLaneAndTheStateFile) {
  start("// @state R0 = lane\nMOV R1, 0x10 ;\nIADD R2, R0, R1 ;\n",
        {{"workspace", {{"inlayHint", {{"refreshSupport", true}}}}}}, {{"encodingHints", false}});
  auto labels = [&](const char* method) {
    std::vector<std::string> out;
    for (const json& h :
         call(method, {{"textDocument", kDoc},
                       {"range", range(0, 0, 3, 0)},
                       {"context", {{"frameId", 0}, {"stoppedLocation", range(0, 0, 0, 0)}}}}))
      out.push_back(h.contains("label") ? h["label"].get<std::string>() : h["text"].get<std::string>());
    return out;
  };
  EXPECT_EQ(labels("textDocument/inlayHint"), (std::vector<std::string>{"R1 = 0x10", "R2 = lane + 0x10"}));
  const json inline0 = call("textDocument/inlineValue",
                            {{"textDocument", kDoc},
                             {"range", range(0, 0, 3, 0)},
                             {"context", {{"frameId", 0}, {"stoppedLocation", range(0, 0, 0, 0)}}}});
  ASSERT_EQ(inline0.size(), 2u);
  EXPECT_EQ(inline0[0]["range"], range(1, 0, 1, 14));
  // Pin lane 3.
  EXPECT_EQ(send({note("workspace/didChangeConfiguration",
                       {{"settings", {{"gpuasm", {{"liveValues", {{"lane", 3}}}}}}}})})
                .size(),
            1u);
  EXPECT_EQ(labels("textDocument/inlineValue"), (std::vector<std::string>{"R1 = 0x10", "R2 = 0x13"}));
  // An edit: MOV R1, 0x20.
  send({note("textDocument/didChange",
             {{"textDocument", {{"uri", "file:///a.asm"}, {"version", 2}}},
              {"contentChanges", {{{"range", range(1, 10, 1, 12)}, {"text", "20"}}}}})});
  EXPECT_EQ(labels("textDocument/inlayHint"), (std::vector<std::string>{"R1 = 0x20", "R2 = 0x23"}));
  // The state file sets R0 = 0x100 in every lane (it overrides the directive).
  send({note("gpuasm/setInitialState", {{"state", {{"regs", {{"R0", "0x100"}}}}}})});
  EXPECT_EQ(labels("textDocument/inlayHint"), (std::vector<std::string>{"R1 = 0x20", "R2 = 0x120"}));
  // A bad lane is refused with a log message; the setting stays.
  const auto bad = send({note("workspace/didChangeConfiguration",
                              {{"settings", {{"gpuasm", {{"liveValues", {{"lane", 40}}}}}}}})});
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0]["method"], "window/logMessage");
  // A line that cannot run stops the values there, and says so.
  send({note("textDocument/didChange",
             {{"textDocument", {{"uri", "file:///a.asm"}, {"version", 3}}},
              {"contentChanges", {{{"range", range(1, 0, 1, 3)}, {"text", "IADD.SAT"}}}}})});
  const json stopped = call("textDocument/inlayHint", {{"textDocument", kDoc}, {"range", range(0, 0, 3, 0)}});
  ASSERT_EQ(stopped.size(), 1u) << stopped.dump();
  EXPECT_EQ(stopped[0]["label"], "live values stop here");
  EXPECT_EQ(stopped[0]["position"]["line"], 1);
}

// examples/illegal-modifier.asm's first mistake: IADD has no .SAT (000_ialu.txt:125-126).
TEST_F(Requests, CodeActionRemovesAnIllegalModifier) {
  start("IADD.SAT R0, R1, R2 ;\n");
  const json actions = call(
      "textDocument/codeAction",
      {{"textDocument", kDoc}, {"range", range(0, 6, 0, 6)}, {"context", {{"diagnostics", json::array()}}}});
  ASSERT_FALSE(actions.empty());
  const json& fix = actions[0];
  EXPECT_EQ(fix["kind"], "quickfix");
  EXPECT_EQ(fix["title"], "Remove '.SAT'");
  const json edit = fix["edit"]["changes"]["file:///a.asm"][0];
  EXPECT_EQ(edit["range"], range(0, 4, 0, 8));
  EXPECT_EQ(edit["newText"], "");
  EXPECT_EQ(fix["diagnostics"][0]["range"]["start"], pos(0, 5));
  // Only other kinds wanted: nothing.
  EXPECT_TRUE(
      call("textDocument/codeAction", {{"textDocument", kDoc},
                                       {"range", range(0, 6, 0, 6)},
                                       {"context", {{"diagnostics", json::array()}, {"only", {"refactor"}}}}})
          .empty());
}

// LSP text edits applied to an ASCII text (columns are bytes), last first.
std::string applied(std::string text, const json& edits) {
  auto offset = [&](const json& p) {
    std::size_t at = 0;
    for (int line = 0; line < p["line"].get<int>(); ++line) at = text.find('\n', at) + 1;
    return at + p["character"].get<std::size_t>();
  };
  std::vector<json> list(edits.begin(), edits.end());
  for (auto it = list.rbegin(); it != list.rend(); ++it) {
    const std::size_t b = offset((*it)["range"]["start"]), e = offset((*it)["range"]["end"]);
    text.replace(b, e - b, (*it)["newText"].get<std::string>());
  }
  return text;
}

std::string fileAt(const std::string& uri) {
  EXPECT_EQ(uri.rfind("file://", 0), 0u);
  std::ifstream in(uri.substr(7), std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// 000_ialu.txt:109 `__DefOptype IADD : [IALU]`.
TEST_F(Requests, DefinitionOpensTheEmbeddedSpecAsAFile) {
  start("IADD R0, R1, R2 ;\n");
  const json loc = call("textDocument/definition", {{"textDocument", kDoc}, {"position", pos(0, 1)}});
  ASSERT_EQ(loc.size(), 1u);
  const std::string uri = loc[0]["uri"];
  EXPECT_NE(uri.find("/gpuasm/spec-"), std::string::npos);
  EXPECT_TRUE(uri.ends_with("/000_ialu.txt")) << uri;
  EXPECT_EQ(loc[0]["range"]["start"], pos(108, 12));  // at the name, after "__DefOptype "
  std::istringstream text(fileAt(uri));
  std::string line;
  for (int i = 0; i <= 108; ++i) std::getline(text, line);
  EXPECT_EQ(line, "__DefOptype IADD : [IALU]");
  // A second server finds the files in place (same content, read-only) and gives the same URI.
  Server again{db(), cache};
  std::vector<std::string> bodies = {
      request(1, "initialize", {{"capabilities", json::object()}}).dump(),
      note("textDocument/didOpen", {{"textDocument",
                                     {{"uri", "file:///b.asm"},
                                      {"languageId", "gpuasm"},
                                      {"version", 1},
                                      {"text", "IADD R0, R1, R2 ;"}}}})
          .dump(),
      request(2, "textDocument/definition",
              {{"textDocument", {{"uri", "file:///b.asm"}}}, {"position", pos(0, 1)}})
          .dump()};
  const auto replies = again.handle(bodies);
  EXPECT_EQ(json::parse(replies.back())["result"][0]["uri"], uri);
}

// examples/warp-reduce.asm: after the butterfly (lines 8-18), every lane's R1 is 0+1+…+31 = 496.
TEST_F(Requests, RunToCursorStopsBeforeTheCursorLineWithRegistersAndTrace) {
  std::ifstream in(std::string(GPUASM_SOURCE_DIR) + "/examples/warp-reduce.asm");
  std::ostringstream text;
  text << in.rdbuf();
  start(text.str());
  // Line 20 (0-based 19) is `REDUX.SUM R3, R0 ;`.
  const json r = call("gpuasm/runToCursor", {{"textDocument", kDoc}, {"position", pos(19, 0)}});
  EXPECT_EQ(r["stop"]["reason"], "until");
  EXPECT_EQ(r["stop"]["line"], 20);
  EXPECT_EQ(r["stop"]["executed"], 11);
  ASSERT_EQ(r["regs"]["R1"].size(), 32u);
  for (const json& v : r["regs"]["R1"]) EXPECT_EQ(v, "0x000001f0");
  EXPECT_FALSE(r["regs"].contains("R3"));  // REDUX did not run
  // The types beside the bits (RunOutcome::types): IADD (000_ialu.txt:109-127) and SHFL
  // (002_sync.txt:41-49) have no typed field and no FImm, so R1 and R2 are bits; SHFL's pu is PT,
  // no register; R0, which only the initial state set, has none.
  EXPECT_EQ(r["types"], json({{"R1", "u32"}, {"R2", "u32"}}));
  ASSERT_EQ(r["trace"].size(), 11u);
  EXPECT_EQ(r["trace"][0]["line"], 8);  // MOV R1, R0: R1 = lane
  EXPECT_EQ(r["trace"][0]["writes"]["R1"][5], "0x00000005");
}

TEST_F(Requests, ExecuteRunsOnlyTheSelectedLinesFromTheDocumentsState) {
  start("// @state R0 = lane\nMOV R1, 0x7 ;\nIADD R2, R0, R0 ;\nIADD R3, R2, 0x1 ;\n");
  // Lines 2-3 selected (the selection ends at the start of line 4): R1 is never written.
  const json r = call("gpuasm/execute", {{"textDocument", kDoc}, {"range", range(2, 0, 4, 0)}});
  EXPECT_EQ(r["stop"]["reason"], "end");
  EXPECT_EQ(r["stop"]["executed"], 2);
  EXPECT_FALSE(r["regs"].contains("R1"));
  EXPECT_EQ(r["regs"]["R2"][3], "0x00000006");
  EXPECT_EQ(r["regs"]["R3"][3], "0x00000007");
  // A state given with the request overrides the directives: R0 = 0x10 everywhere.
  const json s =
      call("gpuasm/execute",
           {{"textDocument", kDoc}, {"range", range(2, 0, 2, 5)}, {"state", {{"regs", {{"R0", "0x10"}}}}}});
  EXPECT_EQ(s["regs"]["R2"][0], "0x00000020");
}

// valid.asm: `MOV R1, 0x10 ;` → 0x00000000000000000000001000017d11; 000_ialu.txt:2522 declares the
// immediate `field<32, 32> SImm32 vb`: bits 32..63, the second group of 8 hex digits from the right.
TEST_F(Requests, EncodingListsTheFieldsOfEachLineAndExecuteCommandReachesIt) {
  start("MOV R1, 0x10 ;\nIADD.SAT R0, R1, R2 ;\n");
  const json params = {{"textDocument", kDoc}, {"range", range(0, 0, 1, 3)}};
  const json r = call("gpuasm/encoding", params);
  ASSERT_EQ(r["instructions"].size(), 2u);
  const json& mov = r["instructions"][0];
  EXPECT_EQ(mov["line"], 0);
  EXPECT_EQ(mov["text"], "MOV R1, 0x10 ;");
  EXPECT_EQ(mov["encoding"], "0x00000000000000000000001000017d11");
  bool sawImmediate = false;
  for (const json& f : mov["fields"])
    if (f["name"] == "vb" && f["value"] == "0x10" && f["lo"] == 32 && f["hi"] == 63) sawImmediate = true;
  EXPECT_TRUE(sawImmediate) << mov["fields"].dump();
  const json& bad = r["instructions"][1];
  EXPECT_FALSE(bad.contains("encoding"));
  EXPECT_EQ(bad["diagnostics"][0]["code"], "unknown-modifier");  // IADD's forms have no .SAT at all
  EXPECT_EQ(call("workspace/executeCommand",
                 {{"command", "gpuasm.encoding"}, {"arguments", json::array({params})}}),
            r);
}

// 000_ialu.txt:236-240: after `IMAD.` the forms' first free slots take .HI/.LO, the itype
// .S32/.U32 and the mnemonic part WIDE of IMAD.WIDE (the completion feature's own tests cover
// the rules; this checks the wire format).
TEST_F(Requests, CompletionAfterADotOffersTheLegalModifiersAsTextEdits) {
  start("IMAD. R0, R1, R2, R3 ;\n");
  const json r = call("textDocument/completion", {{"textDocument", kDoc}, {"position", pos(0, 5)}});
  EXPECT_EQ(r["isIncomplete"], false);
  std::set<std::string> labels;
  for (const json& item : r["items"]) {
    labels.insert(item["label"].get<std::string>());
    EXPECT_EQ(item["textEdit"]["range"], range(0, 5, 0, 5)) << item.dump();
  }
  for (const char* m : {"HI", "LO", "S32", "U32", "WIDE"}) EXPECT_TRUE(labels.contains(m)) << m;
  EXPECT_FALSE(labels.contains("SAT"));
}

// 000_ialu.txt:128: the documentation of IADD, sent only when the client resolves the item.
TEST_F(Requests, CompletionDocumentationArrivesOnResolve) {
  start("MOV R1, R0 ;\n\n");
  const json r = call("textDocument/completion", {{"textDocument", kDoc}, {"position", pos(1, 0)}});
  json iadd;
  for (const json& item : r["items"])
    if (item["label"] == "IADD") iadd = item;
  ASSERT_TRUE(iadd.is_object());
  EXPECT_FALSE(iadd.contains("documentation"));
  const json resolved = call("completionItem/resolve", iadd);
  EXPECT_NE(resolved["documentation"]["value"].get<std::string>().find("进行整数加法"), std::string::npos);
  EXPECT_EQ(resolved["label"], "IADD");
}

TEST_F(Requests, SignatureHelpFollowsTheOperandUnderTheCursor) {
  start("IADD R0, R1, R2 ;\n");
  const json r = call("textDocument/signatureHelp", {{"textDocument", kDoc}, {"position", pos(0, 10)}});
  ASSERT_FALSE(r["signatures"].empty());
  EXPECT_EQ(r["activeParameter"], 1);  // R1 is the second operand, Ra
  const json& sig = r["signatures"][r["activeSignature"].get<std::size_t>()];
  const auto label = sig["label"].get<std::string>();
  const json& ra = sig["parameters"][1]["label"];
  EXPECT_NE(
      label.substr(ra[0].get<std::size_t>(), ra[1].get<std::size_t>() - ra[0].get<std::size_t>()).find("Ra"),
      std::string::npos);
}

// Legend order: keyword 0, modifier 1, variable 2, number 3, operator 4, comment 5.
TEST_F(Requests, SemanticTokensUseTheRelativeEncoding) {
  start("IADD R0, R1, R2 ; // x\nMOV R1, 0x10 ;\n");
  const json r = call("textDocument/semanticTokens/full", {{"textDocument", kDoc}});
  const json expected = {0, 0, 4, 0, 0, 0, 5, 2, 2, 0, 0, 4, 2, 2, 0, 0, 4, 2, 2, 0,
                         0, 5, 4, 5, 0, 1, 0, 3, 0, 0, 0, 4, 2, 2, 0, 0, 4, 4, 3, 0};
  EXPECT_EQ(r["data"], expected);
  const json second =
      call("textDocument/semanticTokens/range", {{"textDocument", kDoc}, {"range", range(1, 0, 1, 14)}});
  EXPECT_EQ(second["data"], json({1, 0, 3, 0, 0, 0, 4, 2, 2, 0, 0, 4, 4, 3, 0}));
}

TEST_F(Requests, SymbolsFoldingAndFormattingAnswerInLspShapes) {
  start("// Setup\nMOV R1, 0x10 ;\nIADD   R2,R1,R1 ;\n/* a\nb\n*/\n");
  const json symbols = call("textDocument/documentSymbol", {{"textDocument", kDoc}});
  ASSERT_EQ(symbols.size(), 1u);  // the section "Setup" (docs/LANGUAGE.md, "Sections")
  EXPECT_EQ(symbols[0]["name"], "Setup");
  EXPECT_EQ(symbols[0]["kind"], 3);  // LSP SymbolKind Namespace
  ASSERT_EQ(symbols[0]["children"].size(), 2u);
  EXPECT_EQ(symbols[0]["children"][1]["kind"], 25);  // Operator
  EXPECT_EQ(symbols[0]["children"][1]["name"], "IADD");
  EXPECT_EQ(symbols[0]["children"][1]["selectionRange"], range(2, 0, 2, 4));
  const json folds = call("textDocument/foldingRange", {{"textDocument", kDoc}});
  bool comment = false;
  for (const json& f : folds)
    if (f["kind"] == "comment" && f["startLine"] == 3 && f["endLine"] == 5) comment = true;
  EXPECT_TRUE(comment) << folds.dump();
  // Formatting only moves blanks (docs/LANGUAGE.md, "Formatting"): in the block of two statement
  // lines, operands start one column after the longest mnemonic (IADD, 4) and are joined by ", ".
  const json edits = call("textDocument/formatting",
                          {{"textDocument", kDoc}, {"options", {{"tabSize", 4}, {"insertSpaces", true}}}});
  EXPECT_EQ(applied("// Setup\nMOV R1, 0x10 ;\nIADD   R2,R1,R1 ;\n/* a\nb\n*/\n", edits),
            "// Setup\nMOV  R1, 0x10 ;\nIADD R2, R1, R1 ;\n/* a\nb\n*/\n");
}

// 000_ialu.txt:125-126: IADD's two syntax forms, the legal forms of a near miss, linked from the
// diagnostic as related information into the spec's files.
TEST_F(Requests, NearMissDiagnosticsLinkTheLegalFormsInTheSpec) {
  send({request(
      ++id, "initialize",
      {{"capabilities", {{"textDocument", {{"publishDiagnostics", {{"relatedInformation", true}}}}}}}})});
  const auto r = send({note(
      "textDocument/didOpen",
      {{"textDocument",
        {{"uri", "file:///a.asm"}, {"languageId", "gpuasm"}, {"version", 1}, {"text", "IADD R0 ;\n"}}}})});
  ASSERT_EQ(r.size(), 1u);
  const json& d = r[0]["params"]["diagnostics"][0];
  EXPECT_EQ(d["code"], "operand-count");
  const json& related = d["relatedInformation"];
  ASSERT_EQ(related.size(), 2u);
  EXPECT_TRUE(related[0]["location"]["uri"].get<std::string>().ends_with("/000_ialu.txt"));
  EXPECT_EQ(related[0]["location"]["range"]["start"]["line"], 124);
  EXPECT_EQ(related[1]["location"]["range"]["start"]["line"], 125);
  EXPECT_EQ(related[0]["message"], "legal form: IADD Rd, {-}Ra, {-}SrcB ;");
}

// A cache root that is a regular file: the spec cannot be written. Definition fails with a
// reason, diagnostics still go out (without related information), the server goes on.
TEST(RequestsWithoutCache, AnUnwritableCacheFailsDefinitionOnly) {
  const gpuasm::test::ScratchDir scratch("requests-test");
  const std::string file = scratch.write("gpuasm-not-a-directory", "x");
  Server server{db(), file};
  auto send = [&](const json& m) {
    std::vector<std::string> bodies = {m.dump()};
    std::vector<json> out;
    for (const std::string& r : server.handle(bodies)) out.push_back(json::parse(r));
    return out;
  };
  send(request(
      1, "initialize",
      {{"capabilities", {{"textDocument", {{"publishDiagnostics", {{"relatedInformation", true}}}}}}}}));
  const auto published = send(note(
      "textDocument/didOpen",
      {{"textDocument",
        {{"uri", "file:///a.asm"}, {"languageId", "gpuasm"}, {"version", 1}, {"text", "IADD R0 ;\n"}}}}));
  ASSERT_EQ(published.size(), 1u);
  EXPECT_EQ(published[0]["params"]["diagnostics"][0]["code"], "operand-count");
  EXPECT_FALSE(published[0]["params"]["diagnostics"][0].contains("relatedInformation"));
  const auto r =
      send(request(2, "textDocument/definition", {{"textDocument", kDoc}, {"position", pos(0, 1)}}));
  EXPECT_EQ(r[0]["error"]["code"], -32803);
  EXPECT_NE(r[0]["error"]["message"].get<std::string>().find("cannot create"), std::string::npos)
      << r[0].dump();
  EXPECT_TRUE(
      send(request(3, "textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 1)}}))[0].contains(
          "result"));
}

TEST_F(Requests, BadParamsGetInvalidParamsAndTheServerGoesOn) {
  start("MOV R1, 0x10 ;\n");
  const std::vector<json> bad = {
      request(50, "textDocument/hover",
              {{"textDocument", {{"uri", "file:///not-open.asm"}}}, {"position", pos(0, 0)}}),
      request(51, "textDocument/hover", {{"textDocument", kDoc}}),
      request(52, "textDocument/inlayHint", {{"textDocument", kDoc}, {"range", range(1, 0, 0, 0)}}),
      request(53, "gpuasm/runToCursor",
              {{"textDocument", kDoc}, {"position", pos(0, 0)}, {"state", {{"regs", {{"R1", "banana"}}}}}}),
      request(54, "workspace/executeCommand",
              {{"command", "gpuasm.nope"}, {"arguments", json::array({json::object()})}}),
      request(55, "workspace/executeCommand", {{"command", "gpuasm.encoding"}}),
  };
  const auto replies = send(bad);
  ASSERT_EQ(replies.size(), bad.size());
  for (const json& r : replies) EXPECT_EQ(r["error"]["code"], -32602) << r.dump();
  EXPECT_NE(replies[0]["error"]["message"].get<std::string>().find("not open"), std::string::npos);
  EXPECT_EQ(
      call("gpuasm/encoding", {{"textDocument", kDoc}, {"range", range(0, 0, 0, 1)}})["instructions"].size(),
      1u);
}

// ------------------------------------------------------------------ client capabilities
// What the server answers depends on what the client declared at initialize (LSP 3.17): each
// capability is tested with a client that declares the minimum and one that declares it.

const json kMinimalClient = json::object();
const json kFullClient = {{"textDocument",
                           {{"completion", {{"completionItem", {{"snippetSupport", true}}}}},
                            {"hover", {{"contentFormat", {"markdown", "plaintext"}}}},
                            {"publishDiagnostics", {{"relatedInformation", true}}}}},
                          {"workspace", {{"inlayHint", {{"refreshSupport", true}}}}}};

// Whole-form items at a statement's start are snippets (`IADD ${1:Rd}, …`, Completion.h).
TEST_F(Requests, SnippetsOnlyForAClientThatTakesThem) {
  start("\n", kFullClient);
  const json full = call("textDocument/completion", {{"textDocument", kDoc}, {"position", pos(0, 0)}});
  std::size_t snippets = 0;
  for (const json& item : full["items"]) snippets += item["insertTextFormat"] == 2;
  EXPECT_GT(snippets, 50u);

  Session minimal;
  minimal.start("\n", kMinimalClient);
  const json plain =
      minimal.call("textDocument/completion", {{"textDocument", kDoc}, {"position", pos(0, 0)}});
  ASSERT_EQ(plain["items"].size(), full["items"].size());
  for (const json& item : plain["items"]) {
    EXPECT_EQ(item["insertTextFormat"], 1) << item.dump();
    EXPECT_EQ(item["textEdit"]["newText"].get<std::string>().find("${"), std::string::npos) << item.dump();
  }
  // The placeholders are written out: the IADD form (000_ialu.txt:125) as plain text.
  bool iadd = false;
  for (const json& item : plain["items"])
    if (item["textEdit"]["newText"] == "IADD Rd, Ra, SrcB ;") iadd = true;
  EXPECT_TRUE(iadd);
}

TEST_F(Requests, HoverIsPlainTextForAPlainTextClient) {
  start("IADD R0, R1, R2 ;\n", {{"textDocument", {{"hover", {{"contentFormat", {"plaintext"}}}}}}});
  const json h = call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 1)}});
  EXPECT_EQ(h["contents"]["kind"], "plaintext");
  const std::string text = h["contents"]["value"];
  EXPECT_NE(text.find("进行整数加法，即Rd = Ra + SrcB。"), std::string::npos);  // 000_ialu.txt:130
  EXPECT_EQ(text.find("```"), std::string::npos);
  EXPECT_EQ(text.find("**"), std::string::npos);
  Session markdown;
  markdown.start("IADD R0, R1, R2 ;\n", kFullClient);
  EXPECT_EQ(markdown.call("textDocument/hover",
                          {{"textDocument", kDoc}, {"position", pos(0, 1)}})["contents"]["kind"],
            "markdown");
}

// The spec's markdown tables in hover: ISETP's .compop table (000:1690-1698) keeps its header,
// its delimiter row and the row of .EQ, a GFM table with a blank line before and after; a
// plain-text client gets aligned columns, widths counted in display columns (each Chinese
// character and fullwidth bracket two, so "功能（C风格比较运算符表示）" is 27 wide).
TEST_F(Requests, HoverShowsTheSpecsTablesAsTablesOrAlignedColumns) {
  const std::string line = "ISETP.EQ.AND P0, PT, R1, R2, PT ;\n";
  start(line, kFullClient);
  const std::string md =
      call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 7)}})["contents"]["value"];
  EXPECT_NE(md.find("\n\n| .compop | 功能（C风格比较运算符表示） |\n| :-: | :-: |\n| .EQ | == |\n\n"),
            std::string::npos)
      << md;

  Session plain;
  plain.start(line, {{"textDocument", {{"hover", {{"contentFormat", {"plaintext"}}}}}}});
  const std::string text = plain.call("textDocument/hover",
                                      {{"textDocument", kDoc}, {"position", pos(0, 7)}})["contents"]["value"];
  EXPECT_NE(text.find(".compop  功能（C风格比较运算符表示）\n" + std::string(7, '-') + "  " +
                      std::string(27, '-') + "\n.EQ      ==\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("|:--:|"), std::string::npos);
}

// A table in __Description (the spec has none; a user's may): under a sentence with no blank
// line between, with irregular cells, an escaped pipe, a short and a long row. Markdown: the
// sentence a paragraph, the table on its own lines with every row as wide as the widest; plain
// text: aligned columns.
TEST_F(Requests, ATableInTheDescriptionIsAGfmTableInHover) {
  std::vector<isa::SpecFile> files = isa::embeddedSpecFiles();
  const std::string anchor = "进行整数加法，即Rd = Ra + SrcB。";  // 000:129
  bool mutated = false;
  for (isa::SpecFile& f : files)
    if (const auto at = f.text.find(anchor); at != std::string::npos) {
      f.text.insert(at + anchor.size(),
                    "\n| SrcB | SrcC |\n|:--:|--:|\n| GPR |cmem |\n|cmem |\n| a \\| b | c | d|");
      mutated = true;
    }
  ASSERT_TRUE(mutated);
  const isa::SpecLoad load = isa::loadSpec(std::move(files));
  Session markdown(*load.db);
  markdown.start("IADD R0, R1, R2 ;\n", kFullClient);
  const std::string md = markdown.call(
      "textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 1)}})["contents"]["value"];
  EXPECT_NE(
      md.find(anchor + "\n\n| SrcB | SrcC |  |\n| :-: | --: | --- |\n| GPR | cmem |  |\n| cmem |  |  |\n"
                       "| a \\| b | c | d |\n\n加法是对输入整数的二进制补码进行的"),
      std::string::npos)
      << md;

  Session plain(*load.db);
  plain.start("IADD R0, R1, R2 ;\n", {{"textDocument", {{"hover", {{"contentFormat", {"plaintext"}}}}}}});
  const std::string text = plain.call("textDocument/hover",
                                      {{"textDocument", kDoc}, {"position", pos(0, 1)}})["contents"]["value"];
  EXPECT_NE(text.find(anchor + "\nSrcB   SrcC\n-----  ----  -\nGPR    cmem\ncmem\na | b  c     d\n"),
            std::string::npos)
      << text;
}

TEST_F(Requests, RelatedInformationOnlyForAClientThatTakesIt) {
  send({request(++id, "initialize", {{"capabilities", kMinimalClient}})});
  const auto r = send({note(
      "textDocument/didOpen",
      {{"textDocument",
        {{"uri", "file:///a.asm"}, {"languageId", "gpuasm"}, {"version", 1}, {"text", "IADD R0 ;\n"}}}})});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["params"]["diagnostics"][0]["code"], "operand-count");
  EXPECT_FALSE(r[0]["params"]["diagnostics"][0].contains("relatedInformation"));
  // (With it: NearMissDiagnosticsLinkTheLegalFormsInTheSpec.)
}

// Every advertised provider answers its method (no MethodNotFound), and every feature method
// is advertised: the capabilities come from the server's method table.
TEST_F(Requests, EveryAdvertisedCapabilityIsHandled) {
  start("MOV R1, 0x1 ;\nIADD R0, R1, R1 ;\n", kFullClient);
  const std::vector<std::pair<std::string, std::string>> providers = {
      {"hoverProvider", "textDocument/hover"},
      {"completionProvider", "textDocument/completion"},
      {"signatureHelpProvider", "textDocument/signatureHelp"},
      {"semanticTokensProvider", "textDocument/semanticTokens/full"},
      {"documentSymbolProvider", "textDocument/documentSymbol"},
      {"foldingRangeProvider", "textDocument/foldingRange"},
      {"documentFormattingProvider", "textDocument/formatting"},
      {"documentRangeFormattingProvider", "textDocument/rangeFormatting"},
      {"inlayHintProvider", "textDocument/inlayHint"},
      {"inlineValueProvider", "textDocument/inlineValue"},
      {"codeActionProvider", "textDocument/codeAction"},
      {"definitionProvider", "textDocument/definition"},
      {"documentHighlightProvider", "textDocument/documentHighlight"},
      {"referencesProvider", "textDocument/references"},
      {"renameProvider", "textDocument/prepareRename"},
      {"codeLensProvider", "textDocument/codeLens"},
  };
  Session fresh;
  const json caps =
      fresh.send({request(1, "initialize", {{"capabilities", kFullClient}})})[0]["result"]["capabilities"];
  std::size_t advertised = 0;
  for (const auto& [key, value] : caps.items()) advertised += key.ends_with("Provider");
  EXPECT_EQ(advertised, providers.size() + 1) << caps.dump();  // + executeCommandProvider
  const json params = {{"textDocument", kDoc},
                       {"position", pos(1, 9)},
                       {"range", range(0, 0, 0, 5)},
                       {"context", {{"diagnostics", json::array()}}}};
  for (const auto& [key, method] : providers) {
    EXPECT_TRUE(caps.contains(key)) << key;
    const auto reply = send({request(++id, method, params)});
    ASSERT_EQ(reply.size(), 1u) << method;
    EXPECT_FALSE(reply[0].contains("error")) << method << ": " << reply[0].dump();
  }
  EXPECT_EQ(caps["completionProvider"]["resolveProvider"], true);
  EXPECT_EQ(caps["semanticTokensProvider"]["range"], true);
  // The legend names the ide's token types after LSP 3.17's standard types, in the order of
  // ide::SemanticTokenType (Keyword first, Class last), and its one modifier bit.
  const json legend = caps["semanticTokensProvider"]["legend"];
  EXPECT_EQ(legend["tokenTypes"],
            json({"keyword", "modifier", "variable", "number", "operator", "comment", "decorator", "property",
                  "type", "enumMember", "string", "namespace", "class"}));
  EXPECT_EQ(legend["tokenTypes"][static_cast<std::size_t>(ide::SemanticTokenType::Class)], "class");
  EXPECT_EQ(legend["tokenTypes"][static_cast<std::size_t>(ide::SemanticTokenType::Property)], "property");
  EXPECT_EQ(legend["tokenModifiers"], json({"readonly"}));
  EXPECT_EQ(caps["textDocumentSync"]["openClose"], true);
  EXPECT_EQ(caps["textDocumentSync"]["change"], 2);
  EXPECT_EQ(caps["codeActionProvider"]["codeActionKinds"], json({"quickfix"}));
  // An unknown request is MethodNotFound; an unknown notification is dropped without a reply.
  EXPECT_EQ(send({request(++id, "textDocument/noSuchThing", params)})[0]["error"]["code"], -32601);
  EXPECT_TRUE(send({note("gpuasm/noSuchNotification", params)}).empty());
}

TEST_F(Requests, TypedParamsNameWhatIsWrong) {
  start("IADD R0, R1, R2 ;\n");
  const auto missing = send({request(++id, "textDocument/hover", {{"textDocument", kDoc}})});
  EXPECT_EQ(missing[0]["error"]["code"], -32602);
  EXPECT_NE(missing[0]["error"]["message"].get<std::string>().find("'position'"), std::string::npos)
      << missing[0].dump();
  const auto backwards =
      send({request(++id, "textDocument/inlayHint", {{"textDocument", kDoc}, {"range", range(0, 5, 0, 1)}})});
  EXPECT_EQ(backwards[0]["error"]["code"], -32602);
  EXPECT_NE(backwards[0]["error"]["message"].get<std::string>().find("ends before it starts"),
            std::string::npos);
  const auto badUri = send({request(++id, "textDocument/documentSymbol", {{"textDocument", {{"uri", 7}}}})});
  EXPECT_NE(badUri[0]["error"]["message"].get<std::string>().find("'uri' must be a string"),
            std::string::npos);
  const auto badOnly = send(
      {request(++id, "textDocument/codeAction",
               {{"textDocument", kDoc}, {"range", range(0, 0, 0, 1)}, {"context", {{"only", "quickfix"}}}})});
  EXPECT_NE(badOnly[0]["error"]["message"].get<std::string>().find("'only' must be an array"),
            std::string::npos);
  // The server goes on.
  EXPECT_FALSE(call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 1)}}).is_null());
}

// Position encodings (LSP 3.17 general.positionEncodings): "/* 中 */ " is 8 UTF-16 units but
// 10 UTF-8 bytes (中 is U+4E2D, three bytes), so IADD starts at column 8 or 10.
TEST_F(Requests, Utf8PositionsWhenTheClientOffersThem) {
  const std::string text = "/* 中 */ IADD R0, R1, R2 ;\n";
  Session utf8;
  const json caps = utf8.send({request(
      1, "initialize", {{"capabilities", {{"general", {{"positionEncodings", {"utf-8", "utf-16"}}}}}}})})[0];
  EXPECT_EQ(caps["result"]["capabilities"]["positionEncoding"], "utf-8");
  utf8.id = 1;
  utf8.send({note("initialized"),
             note("textDocument/didOpen",
                  {{"textDocument",
                    {{"uri", "file:///a.asm"}, {"languageId", "gpuasm"}, {"version", 1}, {"text", text}}}})});
  const json h8 = utf8.call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 10)}});
  EXPECT_EQ(h8["range"], range(0, 10, 0, 14));
  // An incremental change in UTF-8 columns: IADD → IMAD at bytes 10..14.
  const auto published = utf8.send({note(
      "textDocument/didChange", {{"textDocument", {{"uri", "file:///a.asm"}, {"version", 2}}},
                                 {"contentChanges", {{{"range", range(0, 11, 0, 13)}, {"text", "MA"}}}}})});
  ASSERT_EQ(published.size(), 1u);
  EXPECT_EQ(published[0]["params"]["diagnostics"][0]["range"]["start"],
            pos(0, 10));  // IMAD takes four operands (000_ialu.txt:252)

  start(text, json::object());  // no positionEncodings: UTF-16
  const json h16 = call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(0, 8)}});
  EXPECT_EQ(h16["range"], range(0, 8, 0, 12));
}

// The register under the cursor: its writes and reads (MOV_I OutList<rd>, 000_ialu.txt:2526;
// IADD_RR InList<pg, ra, rb, pp>, 000_ialu.txt:184).
TEST_F(Requests, DocumentHighlightAndReferencesOfARegister) {
  start("MOV R1, 0x10 ;\nIADD R2, R1, R1 ;\n");
  const json h = call("textDocument/documentHighlight", {{"textDocument", kDoc}, {"position", pos(1, 10)}});
  ASSERT_EQ(h.size(), 3u) << h.dump();
  EXPECT_EQ(h[0], json({{"range", range(0, 4, 0, 6)}, {"kind", 3}}));
  EXPECT_EQ(h[1], json({{"range", range(1, 9, 1, 11)}, {"kind", 2}}));
  EXPECT_EQ(h[2], json({{"range", range(1, 13, 1, 15)}, {"kind", 2}}));
  const json r =
      call("textDocument/references",
           {{"textDocument", kDoc}, {"position", pos(0, 5)}, {"context", {{"includeDeclaration", true}}}});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0]["uri"], "file:///a.asm");
  EXPECT_EQ(r[2]["range"], range(1, 13, 1, 15));
  EXPECT_TRUE(
      call("textDocument/documentHighlight", {{"textDocument", kDoc}, {"position", pos(0, 1)}}).empty());
}

// Register pressure (docs/LANGUAGE.md, "Register pressure"), worked out by hand:
//   line 1 (0-based) MOV R1         R1 (read on 3)                        R 1
//   line 2           MOV R2         R1, R2 (read on 3)                    R 2
//   line 3           IADD R3        last reads of R1, R2; R3 (read on 4)  R 3: the R peak
//   line 4           ISETP P0       last read of R3; P0 never read        R 1, P 1: the P peak
// The lens sits on the first statement and says the lines 1-based; its client-side command
// takes the document and the 0-based line to show.
TEST_F(Requests, CodeLensNamesThePeakAndHoverOnThePeakLineListsTheLiveRanges) {
  start(
      "// kernel\nMOV R1, 0x10 ;\nMOV R2, 0x20 ;\nIADD R3, R1, R2 ;\nISETP.LE.AND.U32 P0, PT, R3, R3, PT "
      ";\n");
  const json lenses = call("textDocument/codeLens", {{"textDocument", kDoc}});
  ASSERT_EQ(lenses.size(), 1u) << lenses.dump();
  EXPECT_EQ(lenses[0]["range"], range(1, 0, 1, 14));
  EXPECT_EQ(lenses[0]["command"], json({{"title", "peak 3 R at line 4, 1 P at line 5"},
                                        {"command", "gpuasm.ui.revealLine"},
                                        {"arguments", {"file:///a.asm", 3}}}));

  const std::string peak =
      call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(3, 1)}})["contents"]["value"];
  EXPECT_NE(peak.find("Register pressure: 3 R (peak) live"), std::string::npos) << peak;
  EXPECT_NE(peak.find("written on line 2, last read on line 4"), std::string::npos) << peak;  // R1
  EXPECT_NE(peak.find("written on line 3, last read on line 4"), std::string::npos) << peak;  // R2
  EXPECT_NE(peak.find("written on line 4, last read on line 5"), std::string::npos) << peak;  // R3
  const std::string pPeak =
      call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(4, 1)}})["contents"]["value"];
  EXPECT_NE(pPeak.find("Register pressure: 1 R, 1 P (peak) live"), std::string::npos) << pPeak;
  EXPECT_NE(pPeak.find("written on line 5, never read: a result, live to the end"), std::string::npos)
      << pPeak;
  // Not a peak line, and not the mnemonic: no such section.
  for (const json& at : {pos(2, 1), pos(3, 6)}) {
    const std::string other =
        call("textDocument/hover", {{"textDocument", kDoc}, {"position", at}})["contents"]["value"];
    EXPECT_EQ(other.find("Register pressure"), std::string::npos) << other;
  }

  // A document without statements has no lens.
  send({note("textDocument/didChange", {{"textDocument", {{"uri", "file:///a.asm"}, {"version", 2}}},
                                        {"contentChanges", {{{"text", "// nothing yet\n"}}}}})});
  EXPECT_TRUE(call("textDocument/codeLens", {{"textDocument", kDoc}}).empty());
}

// The dataflow's findings go out with the assembler's: R3 is read before anything sets it
// (IADD_RR InList<…, ra, rb, …>), and line 1's write of R1 is overwritten on line 2 unread
// (MOV_I OutList<rd>), a hint tagged Unnecessary.
TEST_F(Requests, DataflowFindingsArePublishedAndTheStateFileCounts) {
  const auto r = [&] {
    json init = {{"capabilities", json::object()}};
    send({request(++id, "initialize", init), note("initialized")});
    return send(
        {note("textDocument/didOpen", {{"textDocument",
                                        {{"uri", "file:///a.asm"},
                                         {"languageId", "gpuasm"},
                                         {"version", 1},
                                         {"text", "MOV R1, 0x1 ;\nMOV R1, 0x2 ;\nIADD R2, R1, R3 ;\n"}}}})});
  }();
  ASSERT_EQ(r.size(), 1u);
  const json& d = r[0]["params"]["diagnostics"];
  ASSERT_EQ(d.size(), 2u) << d.dump();
  EXPECT_EQ(d[0]["code"], "dead-write");
  EXPECT_EQ(d[0]["severity"], 4);
  EXPECT_EQ(d[0]["tags"], json::array({1}));
  EXPECT_EQ(d[0]["range"], range(0, 4, 0, 6));
  EXPECT_EQ(d[1]["code"], "uninitialized-read");
  EXPECT_EQ(d[1]["severity"], 2);
  EXPECT_EQ(d[1]["range"], range(2, 13, 2, 15));
  // A state file that sets R3: the documents are published again without the warning.
  const auto again = send({note("gpuasm/setInitialState", {{"state", {{"regs", {{"R3", "0x5"}}}}}})});
  ASSERT_EQ(again.size(), 1u);
  ASSERT_EQ(again[0]["params"]["diagnostics"].size(), 1u) << again[0].dump();
  EXPECT_EQ(again[0]["params"]["diagnostics"][0]["code"], "dead-write");
  // A malformed state is an invalid-params log message; the last good one stays.
  const auto bad = send({note("gpuasm/setInitialState", {{"state", "R3"}})});
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0]["method"], "window/logMessage");
  const json hover = call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(2, 14)}});
  EXPECT_NE(hover["contents"]["value"].get<std::string>().find("the initial state"), std::string::npos)
      << hover.dump();

  // An edit keeps the findings, moved along; the recomputed ones follow when the server is idle.
  // Deleting line 2 (MOV R1, 0x2) makes line 1's write live: no finding left. At once the
  // dead-write of line 1, above the edit, stays where the client has it: nothing is sent.
  const auto edited = send(
      {note("textDocument/didChange", {{"textDocument", {{"uri", "file:///a.asm"}, {"version", 2}}},
                                       {"contentChanges", {{{"range", range(1, 0, 2, 0)}, {"text", ""}}}}})});
  EXPECT_TRUE(edited.empty()) << json(edited).dump();
  ASSERT_TRUE(server.hasIdleWork());
  std::vector<std::string> later = server.idle();
  EXPECT_FALSE(server.hasIdleWork());
  ASSERT_EQ(later.size(), 1u);
  const json republished = json::parse(later[0]);
  EXPECT_EQ(republished["params"]["version"], 2);
  EXPECT_TRUE(republished["params"]["diagnostics"].empty()) << republished.dump();
}

// `// @expect` lines: a malformed one is an error at once; whether the others hold is known once
// the server, idle, has run the document to the end; an edit that fixes the kernel clears it.
TEST_F(Requests, ExpectationsAreCheckedWhenIdleAndFollowEdits) {
  const auto opened = [&] {
    send({request(++id, "initialize", {{"capabilities", json::object()}}), note("initialized")});
    return send({note("textDocument/didOpen", {{"textDocument",
                                                {{"uri", "file:///a.asm"},
                                                 {"languageId", "gpuasm"},
                                                 {"version", 1},
                                                 {"text",
                                                  "// @state R0 = lane\n"
                                                  "IADD R1, R0, R0 ;\n"
                                                  "// @expect R1 == lane * 3\n"
                                                  "// @expect R1[2] ==\n"
                                                  "// @expect all(R1 < 100)\n"}}}})});
  }();
  ASSERT_EQ(opened.size(), 1u);
  const json& first = opened[0]["params"]["diagnostics"];
  ASSERT_EQ(first.size(), 1u) << first.dump();
  EXPECT_EQ(first[0]["code"], "expect-directive");
  EXPECT_EQ(first[0]["severity"], 1);
  EXPECT_EQ(first[0]["range"], range(3, 3, 3, 19));  // nothing after '==': the whole directive
  ASSERT_TRUE(server.hasIdleWork());
  std::vector<json> published;
  for (int i = 0; i < 100 && server.hasIdleWork(); ++i)
    for (const std::string& m : server.idle()) published.push_back(json::parse(m));
  ASSERT_FALSE(server.hasIdleWork());
  ASSERT_EQ(published.size(), 1u);
  // R1 = lane + lane = 2 * lane, not 3 * lane: it holds in lane 0 only. all(R1 < 100) holds (62 at most).
  const json& checked = published[0]["params"]["diagnostics"];
  ASSERT_EQ(checked.size(), 2u) << checked.dump();
  EXPECT_EQ(checked[0]["code"], "expectation-failed");
  EXPECT_EQ(checked[0]["severity"], 1);
  EXPECT_EQ(checked[0]["range"], range(2, 3, 2, 25));
  EXPECT_EQ(checked[0]["message"],
            "'R1 == lane * 3' is false in 31 of 32 active lanes (1\u201331): lane 1: R1 is 0x2, lane * 3 is "
            "0x3; lane 2: R1 is 0x4, "
            "lane * 3 is 0x6; lane 3: R1 is 0x6, lane * 3 is 0x9; \u2026");
  EXPECT_EQ(checked[1]["code"], "expect-directive");

  // IADD R1, R0, R0 -> IMAD R1, R0, 0x3, RZ: now R1 = 3 * lane (93 at most), and the failure goes when idle.
  const auto edited =
      send({note("textDocument/didChange",
                 {{"textDocument", {{"uri", "file:///a.asm"}, {"version", 2}}},
                  {"contentChanges", {{{"range", range(1, 0, 1, 15)}, {"text", "IMAD R1, R0, 0x3, RZ"}}}}})});
  // The last outcome, moved along, until the run says otherwise: on lines 2 and 3, below the
  // edited line and where the client has them, so nothing is sent at once.
  EXPECT_TRUE(edited.empty()) << "the last outcome, moved along, until the run says otherwise";
  std::vector<json> after;
  for (int i = 0; i < 100 && server.hasIdleWork(); ++i)
    for (const std::string& m : server.idle()) after.push_back(json::parse(m));
  ASSERT_FALSE(after.empty());
  const json& now = after.back()["params"]["diagnostics"];
  ASSERT_EQ(now.size(), 1u) << now.dump();
  EXPECT_EQ(now[0]["code"], "expect-directive");
  EXPECT_EQ(after.back()["params"]["version"], 2);
}

// Renaming R1's live range on lines 1-2 leaves the value line 3 writes alone; a name in use
// there is refused with the reason.
TEST_F(Requests, RenameARegisterWithinItsLiveRange) {
  start("MOV R1, 0x10 ;\nIADD R2, R1, R1 ;\nMOV R1, 0x20 ;\nIADD R3, R1, R2 ;\n");
  const json prepared =
      call("textDocument/prepareRename", {{"textDocument", kDoc}, {"position", pos(1, 10)}});
  EXPECT_EQ(prepared, json({{"range", range(1, 9, 1, 11)}, {"placeholder", "R1"}}));
  const json edit =
      call("textDocument/rename", {{"textDocument", kDoc}, {"position", pos(1, 10)}, {"newName", "R7"}});
  const json& edits = edit["changes"]["file:///a.asm"];
  ASSERT_EQ(edits.size(), 3u) << edit.dump();
  EXPECT_EQ(edits[0], json({{"range", range(0, 4, 0, 6)}, {"newText", "R7"}}));
  EXPECT_EQ(edits[1], json({{"range", range(1, 9, 1, 11)}, {"newText", "R7"}}));
  EXPECT_EQ(edits[2], json({{"range", range(1, 13, 1, 15)}, {"newText", "R7"}}));
  const auto refused = send({request(++id, "textDocument/rename",
                                     {{"textDocument", kDoc}, {"position", pos(1, 10)}, {"newName", "R2"}})});
  ASSERT_EQ(refused.size(), 1u);
  ASSERT_TRUE(refused[0].contains("error"));
  EXPECT_NE(refused[0]["error"]["message"].get<std::string>().find("R2 is already used on line 2"),
            std::string::npos)
      << refused[0].dump();
  const auto missing =
      send({request(++id, "textDocument/rename", {{"textDocument", kDoc}, {"position", pos(1, 10)}})});
  EXPECT_EQ(missing[0]["error"]["code"], -32602);
}

}  // namespace
}  // namespace gpuasm::lsp
