// The server core as a client drives it: the lifecycle, errors for malformed and unknown
// messages, cancellation, document sync with incremental UTF-16 edits, and diagnostics that
// equal a fresh analysis of the final text after any sequence of edits (DESIGN.md §3).
#include <gpuasm/ide/execution/LiveValues.h>
#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include "LspMessages.h"

#include <gpuasm/lsp/Server.h>

#include "RandomEdits.h"
#include "ScratchDir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace gpuasm::lsp {
namespace {

using nlohmann::json;
using test::db;
using test::note;
using test::request;
using test::send;

Server initialized() {
  Server s(db(), gpuasm::test::processScratchDir().string());
  send(s, {request(1, "initialize", {{"capabilities", json::object()}}), note("initialized")});
  return s;
}

json open(const std::string& text, const std::string& uri = "file:///a.asm") {
  return note("textDocument/didOpen",
              {{"textDocument", {{"uri", uri}, {"languageId", "gpuasm"}, {"version", 1}, {"text", text}}}});
}

// One edit of file:///a.asm, and the server's replies.
std::vector<json> edit(Server& s, int version, const json& range, const std::string& text) {
  return send(s, {note("textDocument/didChange",
                       {{"textDocument", {{"uri", "file:///a.asm"}, {"version", version}}},
                        {"contentChanges", json::array({{{"range", range}, {"text", text}}})}})});
}

TEST(Server, LifecycleAndCapabilities) {
  Server s(db(), gpuasm::test::processScratchDir().string());
  auto r = send(s, {request(7, "textDocument/hover")});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["error"]["code"], -32002);  // not initialized yet
  r = send(s, {request(1, "initialize", {{"capabilities", json::object()}})});
  EXPECT_EQ(r[0]["id"], 1);
  EXPECT_EQ(r[0]["result"]["capabilities"]["textDocumentSync"]["change"], 2);
  EXPECT_EQ(r[0]["result"]["serverInfo"]["name"], "gpuasm");
  r = send(s, {request(2, "initialize")});
  EXPECT_EQ(r[0]["error"]["code"], -32600);
  r = send(s, {request(3, "shutdown")});
  EXPECT_TRUE(r[0]["result"].is_null());
  r = send(s, {request(4, "shutdown")});
  EXPECT_EQ(r[0]["error"]["code"], -32600);  // only exit after shutdown
  EXPECT_FALSE(s.exitRequested());
  send(s, {note("exit")});
  EXPECT_TRUE(s.exitRequested());
  EXPECT_EQ(s.exitCode(), 0);
}

TEST(Server, ExitWithoutShutdownExitsWithOne) {
  Server s = initialized();
  send(s, {note("exit")});
  EXPECT_TRUE(s.exitRequested());
  EXPECT_EQ(s.exitCode(), 1);
}

TEST(Server, MalformedMessagesGetJsonRpcErrors) {
  Server s = initialized();
  auto r = s.handle(std::vector<std::string>{
      "{not json", "[1,2]", R"({"jsonrpc":"2.0","id":{"a":1},"method":"x"})", R"({"jsonrpc":"2.0","id":5})",
      R"({"jsonrpc":"2.0","id":6,"method":"nope/nothing"})"});
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(json::parse(r[0])["error"]["code"], -32700);
  EXPECT_EQ(json::parse(r[1])["error"]["code"], -32600);
  EXPECT_EQ(json::parse(r[2])["error"]["code"], -32600);
  EXPECT_EQ(json::parse(r[3])["error"]["code"], -32600);
  EXPECT_EQ(json::parse(r[4])["error"]["code"], -32601);
  EXPECT_EQ(json::parse(r[4])["id"], 6);
  EXPECT_EQ(json::parse(s.framingError("bad header"))["error"]["code"], -32700);
  // Invalid params on a notification are logged, and the server keeps working.
  auto bad = send(s, {note("textDocument/didOpen", {{"textDocument", {{"uri", 5}}}})});
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0]["method"], "window/logMessage");
  EXPECT_NE(bad[0]["params"]["message"].get<std::string>().find("invalid params"), std::string::npos);
  EXPECT_EQ(send(s, {request(9, "shutdown")})[0]["id"], 9);
}

TEST(Server, CancelledRequestsAreAnsweredWithRequestCancelled) {
  Server s = initialized();
  auto r = send(s, {request(11, "shutdown"), note("$/cancelRequest", {{"id", 11}})});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["error"]["code"], -32800);
  EXPECT_EQ(r[0]["id"], 11);
}

TEST(Server, OpenPublishesDiagnosticsWithUtf16Ranges) {
  Server s = initialized();
  // "é" is two bytes but one UTF-16 unit: in "/*é*/ IADD.SAT", SAT starts at byte 12 of its
  // line and at UTF-16 character 11.
  auto r = send(s, {open("// first line\n/*é*/ IADD.SAT R0, R1, R2 ;\n")});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["method"], "textDocument/publishDiagnostics");
  const json& d = r[0]["params"]["diagnostics"];
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0]["code"], "unknown-modifier");
  EXPECT_EQ(d[0]["range"]["start"], (json{{"line", 1}, {"character", 11}}));
  EXPECT_EQ(d[0]["range"]["end"], (json{{"line", 1}, {"character", 14}}));
  EXPECT_EQ(d[0]["severity"], 1);
  r = send(s, {note("textDocument/didClose", {{"textDocument", {{"uri", "file:///a.asm"}}}})});
  EXPECT_TRUE(r[0]["params"]["diagnostics"].empty());
  EXPECT_TRUE(s.workspace().documents().empty());
}

// publishDiagnostics is written as text (Publishing.cpp), not dumped from a json value: its text
// must be what protocol::dump writes for the same content — the keys in order, strings escaped
// the same way (quotes, backslashes, control characters, non-ASCII) — with or without related
// information, through edits.
TEST(Server, PublishedDiagnosticsAreTheDumpOfTheirContent) {
  for (const bool related : {false, true}) {
    Server s(db(), gpuasm::test::processScratchDir().string());
    const json caps = related
                          ? json{{"textDocument", {{"publishDiagnostics", {{"relatedInformation", true}}}}}}
                          : json::object();
    send(s, {request(1, "initialize", {{"capabilities", caps}}), note("initialized")});
    const std::string text =
        "IADD.SAT R0, R1, R2 ;\nIADDD R0, R1, R2 ;\nMOV R1, R2, R3 ;\n/*\xc3\xa9\xe2\x82\xac*/ "
        "FOO\t\"q\\\x01\x7f ;\n"
        "IMAD.WIDE R1, R2, R3, R4 ;\nMOV R5, 0x1 ;\nMOV R5, 0x2 ;\nEXIT ;\n";
    std::vector<json> batch = {
        note("textDocument/didOpen",
             {{"textDocument",
               {{"uri", "file:///d.asm"}, {"languageId", "gpuasm"}, {"version", 1}, {"text", text}}}})};
    for (int v = 2; v < 6; ++v)
      batch.push_back(note("textDocument/didChange",
                           {{"textDocument", {{"uri", "file:///d.asm"}, {"version", v}}},
                            {"contentChanges", json::array({{{"range", test::range(v - 2, 0, v - 2, 0)},
                                                             {"text", "\xc3\xa9 X\"\\ ;\n"}}})}}));
    std::vector<std::string> bodies;
    for (const json& m : batch) bodies.push_back(m.dump());
    std::size_t published = 0, diagnostics = 0;
    for (const std::string& reply : s.handle(bodies)) {
      const json j = json::parse(reply);
      if (j.value("method", "") != "textDocument/publishDiagnostics") continue;
      ++published;
      diagnostics += j["params"]["diagnostics"].size();
      EXPECT_EQ(reply, j.dump(-1, ' ', false, json::error_handler_t::replace));
    }
    EXPECT_EQ(published, 5u);
    EXPECT_GT(diagnostics, 20u);
  }
}

// A message quoting control characters shows them as `gpuasm check` does (docs/PROTOCOL.md,
// "What reaches the terminal"): ESC as \x1b; a document holding NUL, DEL and C1 characters is
// analysed like any other.
TEST(Server, DiagnosticsShowControlCharactersAsCheckDoes) {
  Server s = initialized();
  auto r = send(s, {open("IADD R1, \x1b[2J\x1b[31mRED ;\n")});
  ASSERT_EQ(r.size(), 1u);
  std::vector<std::string> messages;
  for (const json& d : r[0]["params"]["diagnostics"]) messages.push_back(d["message"]);
  EXPECT_NE(std::find(messages.begin(), messages.end(), "unexpected '\\x1b[2J\\x1b[31mRED'"), messages.end())
      << r[0].dump();
  r = send(s, {open(std::string("MOV\0 R1 ;\nFOO\x7f\xc2\x9b ;\n", 19), "file:///b.asm")});
  ASSERT_EQ(r.size(), 1u);
  for (const json& d : r[0]["params"]["diagnostics"]) {
    const std::string m = d["message"];
    EXPECT_TRUE(std::none_of(m.begin(), m.end(), [](char c) { return (c >= 0 && c < 0x20) || c == 0x7f; }))
        << m;
    EXPECT_EQ(m.find("\xc2\x9b"), std::string::npos) << m;
  }
}

TEST(Server, IncrementalEditsEqualAFreshAnalysis) {
  // Random edits at UTF-16 positions, with non-ASCII text; after each, the server's text equals
  // the text the edits produce, and once the server has done its idle work (the dataflow
  // findings and the `// @expect` outcomes are recomputed off the typing path), the diagnostics
  // the client was last sent equal those of a fresh analysis of that text: the assembler's, the
  // dataflow's and a fresh run's expectations, in document order. The server sends a list only
  // when it differs from the last one sent, so this is also the check that it never skips one
  // that the client needs. (The same property without JSON: tests/workspace.)
  Server s = initialized();
  std::u16string shadow = u"IADD R0, R1, R2 ;\nFADD.RX R1, R2, R3 ; // é\n";
  json last = send(s, {open(gpuasm::test::toUtf8(shadow))}).at(0);
  std::mt19937 rng(7);
  std::size_t skipped = 0;
  for (int step = 0; step < 200; ++step) {
    // Pick a range in the shadow text (UTF-16 units) and its line/character positions.
    const std::size_t a = rng() % (shadow.size() + 1), b = rng() % (shadow.size() + 1);
    const std::size_t lo = std::min(a, b), hi = std::min(std::max(a, b), lo + 6);
    auto pos = [&](std::size_t i) {
      const syntax::LinePosition p = gpuasm::test::positionIn(shadow, i);
      return json{{"line", p.line}, {"character", p.character}};
    };
    const std::u16string& piece = gpuasm::test::kEditPieces[rng() % std::size(gpuasm::test::kEditPieces)];
    const json change = {{"range", {{"start", pos(lo)}, {"end", pos(hi)}}},
                         {"text", gpuasm::test::toUtf8(piece)}};
    shadow.replace(lo, hi - lo, piece);
    auto r = send(s, {note("textDocument/didChange",
                           {{"textDocument", {{"uri", "file:///a.asm"}, {"version", step + 2}}},
                            {"contentChanges", json::array({change})}})});
    ASSERT_LE(r.size(), 1u);
    if (r.empty())
      ++skipped;
    else
      EXPECT_EQ(r[0]["params"]["version"], step + 2);
    for (int work = 0; s.hasIdleWork() && work < 10; ++work)
      for (const std::string& m : s.idle()) r.push_back(json::parse(m));
    ASSERT_FALSE(s.hasIdleWork());
    if (!r.empty()) last = r.back();
    const auto& doc = s.workspace().documents().at("file:///a.asm");
    ASSERT_EQ(std::string(doc.snapshot->text()), gpuasm::test::toUtf8(shadow)) << "step " << step;
    const auto fresh = ide::Snapshot::analyse(db(), gpuasm::test::toUtf8(shadow));
    const std::vector<ide::Diagnostic> expected = gpuasm::test::freshDiagnostics(fresh);
    const json& published = last["params"]["diagnostics"];
    ASSERT_EQ(published.size(), expected.size()) << "step " << step;
    for (std::size_t i = 0; i < published.size(); ++i) {
      const ide::Diagnostic& d = expected[i];
      const syntax::LinePosition from = fresh->lines().position(d.range.begin),
                                 to = fresh->lines().position(d.range.end);
      EXPECT_EQ(published[i]["code"], std::string(isa::spelling(d.code))) << "step " << step;
      EXPECT_EQ(published[i]["message"], d.message) << "step " << step;
      EXPECT_EQ(published[i]["range"], json({{"start", {{"line", from.line}, {"character", from.character}}},
                                             {"end", {{"line", to.line}, {"character", to.character}}}}))
          << "step " << step;
    }
    EXPECT_LE(last["params"]["version"], step + 2);
  }
  EXPECT_GT(skipped, 0u) << "some edits leave the list as the client has it";
}

// A document's diagnostics go out when the list the client has changes, positions included:
// typing in a comment below the errors sends nothing; a line inserted above them moves them, so
// the list is sent again; an edit that fixes one sends the shorter list.
TEST(Server, PublishesOnlyWhenTheClientsListChanges) {
  Server s = initialized();
  auto r = send(s, {open("IADD.SAT R0, R1, R2 ;\nIADDD R0, R1, R2 ;\n// the end\n")});
  ASSERT_EQ(r.size(), 1u);
  ASSERT_EQ(r[0]["params"]["diagnostics"].size(), 2u) << r[0].dump();
  EXPECT_EQ(r[0]["params"]["diagnostics"][0]["range"], test::range(0, 5, 0, 8));  // SAT: unknown-modifier
  EXPECT_EQ(r[0]["params"]["diagnostics"][1]["range"]["start"]["line"], 1);       // IADDD: unknown mnemonic
  auto change = [&](int version, const json& range, const std::string& text) {
    return edit(s, version, range, text);
  };
  // A keystroke in the comment on the last line, and its idle work: nothing to send.
  EXPECT_TRUE(change(2, test::range(2, 9, 2, 9), "!").empty());
  for (int i = 0; i < 10 && s.hasIdleWork(); ++i) EXPECT_TRUE(s.idle().empty());
  EXPECT_TRUE(change(3, test::range(2, 3, 2, 7), "").empty());  // "the " deleted
  // A line inserted above: the same two errors, one line down each, sent with the new version.
  r = change(4, test::range(0, 0, 0, 0), "// header\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["params"]["version"], 4);
  ASSERT_EQ(r[0]["params"]["diagnostics"].size(), 2u);
  EXPECT_EQ(r[0]["params"]["diagnostics"][0]["range"], test::range(1, 5, 1, 8));
  EXPECT_EQ(r[0]["params"]["diagnostics"][1]["range"]["start"]["line"], 2);
  // A space after the first error's line moves nothing the client sees; IADDD → IADD fixes one.
  EXPECT_TRUE(change(5, test::range(1, 21, 1, 21), " ").empty());
  r = change(6, test::range(2, 4, 2, 5), "");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["params"]["version"], 6);
  ASSERT_EQ(r[0]["params"]["diagnostics"].size(), 1u);
  EXPECT_EQ(r[0]["params"]["diagnostics"][0]["range"], test::range(1, 5, 1, 8));
  // Closed, the list is cleared; opened again, it is sent whole.
  r = send(s, {note("textDocument/didClose", {{"textDocument", {{"uri", "file:///a.asm"}}}})});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0]["params"]["diagnostics"].empty());
  r = send(s, {open("IADD.SAT R0, R1, R2 ;\n")});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["params"]["diagnostics"].size(), 1u);
}

// A client that declares pull diagnostics (LSP 3.17) is offered them and sent none: it asks
// (textDocument/diagnostic) and gets the list with a resultId, or "unchanged" while the list it
// has is still the document's. Findings the idle work changes (the dataflow's) make the server
// ask it to pull again (workspace/diagnostic/refresh), when it can be asked.
TEST(Server, PullDiagnostics) {
  // Offered only to a client that declares them.
  {
    Server push(db(), gpuasm::test::processScratchDir().string());
    const auto r = send(push, {request(1, "initialize", {{"capabilities", json::object()}})});
    EXPECT_FALSE(r[0]["result"]["capabilities"].contains("diagnosticProvider"));
  }
  Server s(db(), gpuasm::test::processScratchDir().string());
  const json caps = {{"textDocument", {{"diagnostic", json::object()}}},
                     {"workspace", {{"diagnostics", {{"refreshSupport", true}}}}}};
  auto r = send(s, {request(1, "initialize", {{"capabilities", caps}}), note("initialized")});
  const json& provider = r[0]["result"]["capabilities"]["diagnosticProvider"];
  EXPECT_EQ(provider["interFileDependencies"], false);
  EXPECT_EQ(provider["workspaceDiagnostics"], false);
  EXPECT_EQ(provider["documentSelector"], json::parse(R"([{"language":"gpuasm"}])"));

  // Opened, nothing is pushed; pulled, the two errors come with a resultId.
  EXPECT_TRUE(send(s, {open("IADD.SAT R0, R1, R2 ;\nIADDD R0, R1, R2 ;\n// the end\n")}).empty());
  int id = 10;
  auto pull = [&](std::optional<std::string> previous) {
    json params = {{"textDocument", {{"uri", "file:///a.asm"}}}};
    if (previous) params["previousResultId"] = *previous;
    const auto replies = send(s, {request(++id, "textDocument/diagnostic", params)});
    EXPECT_EQ(replies.size(), 1u);
    EXPECT_EQ(replies[0]["id"], id);
    return replies[0]["result"];
  };
  json report = pull(std::nullopt);
  EXPECT_EQ(report["kind"], "full");
  ASSERT_EQ(report["items"].size(), 2u) << report.dump();
  EXPECT_EQ(report["items"][0]["code"], "unknown-modifier");
  EXPECT_EQ(report["items"][0]["range"], test::range(0, 5, 0, 8));  // SAT
  EXPECT_EQ(report["items"][1]["range"]["start"]["line"], 1);       // IADDD
  const std::string first = report["resultId"].get<std::string>();
  EXPECT_FALSE(first.empty());
  report = pull(first);
  EXPECT_EQ(report, (json{{"kind", "unchanged"}, {"resultId", first}}));

  auto change = [&](int version, const json& range, const std::string& text) {
    return edit(s, version, range, text);
  };
  // A keystroke in the comment: nothing sent, and the client's report still holds.
  EXPECT_TRUE(change(2, test::range(2, 9, 2, 9), "!").empty());
  for (int i = 0; i < 10 && s.hasIdleWork(); ++i) EXPECT_TRUE(s.idle().empty());
  EXPECT_EQ(pull(first)["kind"], "unchanged");
  // A line inserted above moves both errors: a full report with another resultId. A client
  // that names an older report, or none, gets the full list again under the current id.
  EXPECT_TRUE(change(3, test::range(0, 0, 0, 0), "// header\n").empty());
  report = pull(first);
  EXPECT_EQ(report["kind"], "full");
  ASSERT_EQ(report["items"].size(), 2u);
  EXPECT_EQ(report["items"][0]["range"], test::range(1, 5, 1, 8));
  const std::string second = report["resultId"].get<std::string>();
  EXPECT_NE(second, first);
  EXPECT_EQ(pull(first), report);
  EXPECT_EQ(pull(std::nullopt), report);
  EXPECT_EQ(pull(second)["kind"], "unchanged");

  // A document nothing is known about, and bad params.
  r = send(s, {request(++id, "textDocument/diagnostic", {{"textDocument", {{"uri", "file:///none.asm"}}}}),
               request(++id, "textDocument/diagnostic", {{"textDocument", {{"uri", 5}}}})});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0]["result"], (json{{"kind", "full"}, {"items", json::array()}}));
  EXPECT_EQ(r[1]["error"]["code"], -32602);

  // The dataflow's findings follow an edit when the server is idle. Replacing the text with
  // "MOV R1, 0x1 ;\nIADD R2, R1, R3 ;\n": R3 is read and nothing sets it — found when idle, so
  // the client, which pulled already, is asked to pull again; the next pull has the warning.
  EXPECT_TRUE(change(4, test::range(0, 0, 4, 0), "MOV R1, 0x1 ;\nIADD R2, R1, R3 ;\n").empty());
  report = pull(second);
  const std::string third = report["resultId"].get<std::string>();
  std::vector<json> later;
  for (int i = 0; i < 10 && s.hasIdleWork(); ++i)
    for (const std::string& m : s.idle()) later.push_back(json::parse(m));
  ASSERT_EQ(later.size(), 1u) << json(later).dump();
  EXPECT_EQ(later[0]["method"], "workspace/diagnostic/refresh");
  EXPECT_TRUE(later[0].contains("id"));
  report = pull(third);
  EXPECT_EQ(report["kind"], "full");
  ASSERT_EQ(report["items"].size(), 1u) << report.dump();
  EXPECT_EQ(report["items"][0]["code"], "uninitialized-read");
  EXPECT_EQ(report["items"][0]["range"], test::range(1, 13, 1, 15));  // R3 of "IADD R2, R1, R3"
  // Closed: nothing is pushed (the client drops what it pulled).
  EXPECT_TRUE(
      send(s, {note("textDocument/didClose", {{"textDocument", {{"uri", "file:///a.asm"}}}})}).empty());
}

// A client that pulls but cannot be asked to pull again (Neovim 0.10) would keep the idle
// work's findings from the user until its next edit: it is offered no pull and sent them.
TEST(Server, ClientsThatCannotBeAskedToPullAgainAreSentDiagnostics) {
  Server s(db(), gpuasm::test::processScratchDir().string());
  auto r = send(
      s, {request(1, "initialize", {{"capabilities", {{"textDocument", {{"diagnostic", json::object()}}}}}}),
          note("initialized")});
  EXPECT_FALSE(r[0]["result"]["capabilities"].contains("diagnosticProvider"));
  r = send(s, {open("IADD.SAT R0, R1, R2 ;\n")});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["method"], "textDocument/publishDiagnostics");
  EXPECT_EQ(r[0]["params"]["diagnostics"].size(), 1u);
}

// Thousands of malformed, random or ill-typed messages: every request gets exactly one reply,
// nothing crashes, and a valid request afterwards is answered normally.
TEST(Server, SurvivesThousandsOfMalformedAndRandomMessages) {
  Server s = initialized();
  send(s, {open("IADD R0, R1, R2 ;\nMOV R1, 0x10 ;\n")});
  std::mt19937 rng(7);
  const std::vector<std::string> methods = {"textDocument/hover",
                                            "textDocument/completion",
                                            "textDocument/signatureHelp",
                                            "textDocument/inlayHint",
                                            "textDocument/codeAction",
                                            "textDocument/definition",
                                            "textDocument/semanticTokens/full",
                                            "textDocument/semanticTokens/range",
                                            "textDocument/documentSymbol",
                                            "textDocument/foldingRange",
                                            "textDocument/formatting",
                                            "textDocument/rangeFormatting",
                                            "gpuasm/runToCursor",
                                            "gpuasm/execute",
                                            "gpuasm/encoding",
                                            "gpuasm/reference",
                                            "workspace/executeCommand",
                                            "textDocument/didChange",
                                            "textDocument/didOpen",
                                            "workspace/didChangeConfiguration",
                                            "$/cancelRequest",
                                            "initialize",
                                            "nonsense/method"};
  auto randomValue = [&](int depth, auto& self) -> json {
    switch (rng() % (depth > 3 ? 6 : 9)) {
      case 0: return nullptr;
      case 1: return static_cast<std::int64_t>(rng()) - (1ll << 31);
      case 2: return -1;
      case 3: return "file:///a.asm";
      case 4: return std::string(1, static_cast<char>(rng() % 256));
      case 5: return rng() % 2 == 0;
      case 6: {
        json o = json::object();
        static const char* keys[] = {"textDocument", "uri",     "position",  "line",     "character",
                                     "range",        "start",   "end",       "text",     "contentChanges",
                                     "state",        "command", "arguments", "settings", "options",
                                     "context",      "id",      "page"};
        for (auto k = rng() % 5; k > 0; --k) o[keys[rng() % std::size(keys)]] = self(depth + 1, self);
        return o;
      }
      case 7: {
        json a = json::array();
        for (auto k = rng() % 4; k > 0; --k) a.push_back(self(depth + 1, self));
        return a;
      }
      default: return 1e300;
    }
  };
  const json goodDoc = {{"uri", "file:///a.asm"}};
  int requests = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string body;
    switch (i % 4) {
      case 0: {  // random bytes
        for (auto k = rng() % 40; k > 0; --k) body += static_cast<char>(rng() % 256);
        break;
      }
      case 1: {  // a known method with random params
        json m = {{"jsonrpc", "2.0"},
                  {"method", methods[rng() % methods.size()]},
                  {"params", randomValue(0, randomValue)}};
        if (rng() % 2 == 0) m["id"] = 1000 + i;
        body = m.dump(-1, ' ', false, json::error_handler_t::replace);
        break;
      }
      case 2: {  // well-formed params with hostile positions
        json p = {{"textDocument", goodDoc},
                  {"position", {{"line", rng() % 5}, {"character", rng() % 100000}}},
                  {"range",
                   {{"start", {{"line", rng() % 5}, {"character", rng() % 50}}},
                    {"end", {{"line", rng() % 1000000}, {"character", 0}}}}}};
        body = request(1000 + i, methods[rng() % 16], p).dump();
        if (rng() % 8 == 0)
          body.insert(body.find("file:///") + 8, "\xC3\x28");  // invalid UTF-8 inside a string
        break;
      }
      default: {  // structurally broken JSON-RPC
        static const char* broken[] = {"[]",
                                       "{}",
                                       "{\"id\":{}}",
                                       "{\"method\":7}",
                                       "{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"x\"}",
                                       "null",
                                       "\"str\"",
                                       "{\"id\":1,\"result\":{}}",
                                       "{\"method\":\"textDocument/hover\",\"id\":1,\"params\":[]}"};
        body = broken[rng() % std::size(broken)];
      }
    }
    const json parsed = json::parse(body, nullptr, false);
    const bool isRequest = parsed.is_object() && parsed.contains("id") && parsed.contains("method") &&
                           parsed["method"].is_string() &&
                           (parsed["id"].is_number_integer() || parsed["id"].is_string()) &&
                           parsed["method"] != "$/cancelRequest";
    std::vector<std::string> bodies = {body};
    std::vector<std::string> replies;
    ASSERT_NO_THROW(replies = s.handle(bodies)) << body;
    if (isRequest) {
      ++requests;
      std::size_t answers = 0;
      for (const std::string& r : replies)
        answers += json::parse(r).value("id", json()) == parsed["id"] ? 1u : 0u;
      EXPECT_EQ(answers, 1u) << body;
    }
  }
  EXPECT_GT(requests, 1000);
  EXPECT_FALSE(s.exitRequested());
  // Still serving: the document may have been edited by random didChanges, but hover answers.
  const auto r =
      send(s, {request(99, "textDocument/hover",
                       {{"textDocument", goodDoc}, {"position", {{"line", 0}, {"character", 0}}}})});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["id"], 99);
  EXPECT_TRUE(r[0].contains("result")) << r[0].dump();
  EXPECT_TRUE(s.workspace().documents().contains("file:///a.asm"));
}

}  // namespace
}  // namespace gpuasm::lsp
