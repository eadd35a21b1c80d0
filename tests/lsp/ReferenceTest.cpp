// The instruction reference in the editor (docs/PROTOCOL.md, `referenceDirectory`,
// `referenceBaseUrl` and `gpuasm/reference`): hover's link to an instruction's page, and the pages served
// from the spec in use. Which variant a line assembles to is worked out by hand from 002_sync.txt: SHFL_RRR
// takes registers as SrcB and SrcC (lines 129-141), SHFL_RI two immediates (171-183); files and anchors come
// from the database through referenceOf, the directory from the test.
#include "LspMessages.h"
#include "ScratchDir.h"

#include <gpuasm/ide/reference/Reference.h>
#include <gpuasm/lsp/Server.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpuasm::lsp {
namespace {

using nlohmann::json;
using test::db;
using test::note;
using test::pos;
using test::request;

const json kDoc = {{"uri", "file:///a.asm"}};
// Line 1 is examples/warp-reduce.asm's first SHFL; line 3 does not assemble (two operands missing).
const std::string kText =
    "// a comment\n"
    "SHFL.BFLY PT, R2, R1, 0x10, 0x1f ;   // R1 of lane ^ 16\n"
    "  SHFL.IDX PT, R2, R1, R3, R4 ;\n"
    "SHFL.BFLY PT, R2, R1 ;\n";

class Reference : public ::testing::Test {
 protected:
  std::vector<json> send(const std::vector<json>& messages) { return test::send(server, messages); }
  void start(json options = nullptr, json capabilities = json::object()) {
    json init = {{"capabilities", std::move(capabilities)}};
    if (!options.is_null()) init["initializationOptions"] = std::move(options);
    send({request(++id, "initialize", init), note("initialized")});
    send({note("textDocument/didOpen",
               {{"textDocument",
                 {{"uri", "file:///a.asm"}, {"languageId", "gpuasm"}, {"version", 1}, {"text", kText}}}})});
  }
  json reply(const std::string& method, json params) {
    const auto r = send({request(++id, method, std::move(params))});
    EXPECT_EQ(r.size(), 1u);
    return r.empty() ? json() : r.back();
  }
  json call(const std::string& method, json params) {
    const json r = reply(method, std::move(params));
    EXPECT_FALSE(r.contains("error")) << r.dump();
    return r["result"];
  }
  std::string hover(int line, int character) {
    const json h = call("textDocument/hover", {{"textDocument", kDoc}, {"position", pos(line, character)}});
    return h.is_null() ? std::string() : h["contents"]["value"].get<std::string>();
  }
  json referenceAt(int line, int character) {
    return call("gpuasm/reference", {{"textDocument", kDoc}, {"position", pos(line, character)}});
  }

  gpuasm::test::ScratchDir cache{"reference-test"};
  Server server{db(), cache.string()};
  int id = 0;
};

const isa::Opcode& opcode(const char* name) {
  const isa::Opcode* op = db().opcode(name);
  EXPECT_NE(op, nullptr) << name;
  return *op;
}

// The link as the hover's markdown ends with it, to `dir` (already percent-encoded).
std::string linkTo(const std::string& encodedDir, const ide::ReferenceLink& link) {
  return "[SHFL in the instruction reference](file://" + encodedDir + "/" + link.file +
         (link.anchor.empty() ? "" : "#" + link.anchor) + ")\n\n";
}

TEST_F(Reference, HoverHasNoLinkWithoutTheSetting) {
  start();
  const std::string md = hover(1, 2);
  ASSERT_NE(md.find("### SHFL"), std::string::npos) << md;
  EXPECT_EQ(md.find("instruction reference"), std::string::npos) << md;
  EXPECT_EQ(md.find("](file://"), std::string::npos) << md;
}

TEST_F(Reference, HoverOnAMnemonicEndsWithTheLinkToItsVariantOrItsPage) {
  // A space in the directory is written %20 in the URI.
  start({{"referenceDirectory", "/tmp/gpuasm ref"}});
  const ide::ReferenceLink ri = ide::referenceOf(db(), opcode("SHFL_RI"));
  const ide::ReferenceLink rrr = ide::referenceOf(db(), opcode("SHFL_RRR"));
  EXPECT_EQ(ri.file, "instruction-SHFL.html");
  EXPECT_EQ(ri.anchor, "variant-SHFL_RI");
  const std::string md = hover(1, 2);
  EXPECT_TRUE(md.ends_with(linkTo("/tmp/gpuasm%20ref", ri))) << md;
  // The register form.
  EXPECT_TRUE(hover(2, 3).ends_with(linkTo("/tmp/gpuasm%20ref", rrr))) << hover(2, 3);
  // A line that does not assemble: the instruction type's page, no anchor.
  const ide::ReferenceLink page = ide::referenceOf(*db().optype("SHFL"));
  EXPECT_TRUE(hover(3, 1).ends_with(linkTo("/tmp/gpuasm%20ref", page))) << hover(3, 1);
  // A modifier (`.BFLY`) and an operand are not the instruction: no link.
  EXPECT_NE(hover(1, 6).find(".BFLY"), std::string::npos);
  EXPECT_EQ(hover(1, 6).find("instruction reference"), std::string::npos);
  EXPECT_EQ(hover(1, 15).find("instruction reference"), std::string::npos);
  // Cleared by the settings: no link.
  send({note("workspace/didChangeConfiguration",
             {{"settings", {{"gpuasm", {{"referenceDirectory", nullptr}}}}}})});
  EXPECT_EQ(hover(1, 2).find("instruction reference"), std::string::npos);
}

TEST_F(Reference, APlainTextClientGetsTheUriAsText) {
  start({{"referenceDirectory", "/srv/ref"}},
        {{"textDocument", {{"hover", {{"contentFormat", {"plaintext"}}}}}}});
  const ide::ReferenceLink ri = ide::referenceOf(db(), opcode("SHFL_RI"));
  const std::string text = hover(1, 0);
  EXPECT_TRUE(text.ends_with("SHFL in the instruction reference: file:///srv/ref/" + ri.href() + "\n"))
      << text;
}

TEST_F(Reference, ARelativeDirectoryIsTakenFromTheWorkspaceRoot) {
  send({request(++id, "initialize",
                {{"capabilities", json::object()},
                 {"rootUri", "file:///home/me/proj"},
                 {"initializationOptions", {{"referenceDirectory", "build/ref/"}}}}),
        note("initialized")});
  send({note("textDocument/didOpen",
             {{"textDocument",
               {{"uri", "file:///a.asm"}, {"languageId", "gpuasm"}, {"version", 1}, {"text", kText}}}})});
  const ide::ReferenceLink ri = ide::referenceOf(db(), opcode("SHFL_RI"));
  EXPECT_TRUE(hover(1, 0).ends_with(linkTo("/home/me/proj/build/ref", ri))) << hover(1, 0);
}

TEST_F(Reference, ABadSettingIsReported) {
  start();
  const auto r =
      send({note("workspace/didChangeConfiguration", {{"settings", {{"referenceDirectory", 7}}}})});
  ASSERT_EQ(r.size(), 1u);
  EXPECT_NE(r[0].dump().find("referenceDirectory must be a string"), std::string::npos) << r[0].dump();
}

// The browser playground's form (docs/PROTOCOL.md, `referenceBaseUrl`): the link is the URL the
// client gave joined with the page, as the client's page resolves it. Expected links by hand:
// line 1 assembles to SHFL_RI, line 2 to SHFL_RRR (the file comment), pages are
// instruction-<type>.html and sections variant-<opcode> (Reference.h).
TEST_F(Reference, AReferenceBaseUrlMakesTheLinkASiteUrl) {
  start({{"referenceBaseUrl", "reference"}});
  EXPECT_TRUE(hover(1, 2).ends_with(
      "[SHFL in the instruction reference](reference/instruction-SHFL.html#variant-SHFL_RI)\n\n"))
      << hover(1, 2);
  // Not the instruction: no link.
  EXPECT_EQ(hover(1, 6).find("instruction reference"), std::string::npos);
  // An absolute URL ending with '/', and beside a reference directory: the URL wins.
  send({note("workspace/didChangeConfiguration",
             {{"settings",
               {{"gpuasm",
                 {{"referenceBaseUrl", "https://example.org/gpuasm/reference/"},
                  {"referenceDirectory", "/srv/ref"}}}}}})});
  EXPECT_TRUE(
      hover(2, 3).ends_with("[SHFL in the instruction reference](https://example.org/gpuasm/reference/"
                            "instruction-SHFL.html#variant-SHFL_RRR)\n\n"))
      << hover(2, 3);
  // A line that does not assemble: the page.
  EXPECT_TRUE(hover(3, 1).ends_with(
      "[SHFL in the instruction reference](https://example.org/gpuasm/reference/instruction-SHFL.html)\n\n"))
      << hover(3, 1);
  // Cleared: the directory's file URI again.
  send({note("workspace/didChangeConfiguration",
             {{"settings", {{"gpuasm", {{"referenceBaseUrl", nullptr}}}}}})});
  EXPECT_TRUE(hover(1, 2).ends_with(
      "[SHFL in the instruction reference](file:///srv/ref/instruction-SHFL.html#variant-SHFL_RI)\n\n"))
      << hover(1, 2);
}

TEST_F(Reference, APlainTextClientGetsTheSiteUrlAsText) {
  start({{"referenceBaseUrl", "./reference/"}},
        {{"textDocument", {{"hover", {{"contentFormat", {"plaintext"}}}}}}});
  const std::string text = hover(1, 0);
  EXPECT_TRUE(text.ends_with(
      "SHFL in the instruction reference: ./reference/instruction-SHFL.html#variant-SHFL_RI\n"))
      << text;
}

TEST_F(Reference, ABadReferenceBaseUrlIsReportedAndKeepsTheSetting) {
  start({{"referenceBaseUrl", "reference"}});
  for (const json& bad : {json(7), json("my reference"), json("reference?v=2"), json("reference#top"),
                          json("ref(1)"), json("ref<x>")}) {
    const auto r =
        send({note("workspace/didChangeConfiguration", {{"settings", {{"referenceBaseUrl", bad}}}})});
    ASSERT_EQ(r.size(), 1u) << bad.dump();
    EXPECT_NE(r[0].dump().find("referenceBaseUrl must be a URL"), std::string::npos) << r[0].dump();
  }
  EXPECT_TRUE(hover(1, 2).ends_with("(reference/instruction-SHFL.html#variant-SHFL_RI)\n\n")) << hover(1, 2);
}

TEST_F(Reference, TheInstructionAtAPositionGivesItsPageAndVariant) {
  start();
  const ide::ReferenceLink ri = ide::referenceOf(db(), opcode("SHFL_RI"));
  const ide::ReferenceLink rrr = ide::referenceOf(db(), opcode("SHFL_RRR"));
  for (const int character : {0, 3, 20, 33}) {  // mnemonic, operands, the ';'
    const json r = referenceAt(1, character);
    ASSERT_TRUE(r.is_object()) << character;
    EXPECT_EQ(r["page"], ri.file);
    EXPECT_EQ(r["anchor"], ri.anchor);
  }
  const json r = referenceAt(1, 0);
  const std::string text = r["text"];
  EXPECT_TRUE(text.starts_with("<!DOCTYPE html>")) << text.substr(0, 100);
  // The variant's section and its encoding diagram, and the other variants' too.
  for (const char* op : {"SHFL_RI", "SHFL_RRR", "SHFL_RRI", "SHFL_RIR"}) {
    EXPECT_NE(text.find(std::string("data-opcode=\"") + op + "\""), std::string::npos) << op;
    EXPECT_NE(text.find("id=\"" + ide::referenceOf(db(), opcode(op)).anchor + "\""), std::string::npos) << op;
  }
  // In the indentation of line 2: its instruction, the register form.
  EXPECT_EQ(referenceAt(2, 0)["anchor"], rrr.anchor);
  // A line that does not assemble: the page, no anchor.
  const json page = referenceAt(3, 2);
  EXPECT_EQ(page["page"], "instruction-SHFL.html");
  EXPECT_EQ(page["anchor"], "");
}

TEST_F(Reference, NoInstructionGivesNull) {
  start();
  EXPECT_TRUE(referenceAt(0, 4).is_null());   // a comment line
  EXPECT_TRUE(referenceAt(1, 40).is_null());  // the comment after the instruction
  EXPECT_TRUE(referenceAt(4, 0).is_null());   // past the last line
}

TEST_F(Reference, APageByNameAndAnUnknownPage) {
  start();
  const json errata = call("gpuasm/reference", {{"page", "errata.html"}});
  EXPECT_EQ(errata["page"], "errata.html");
  EXPECT_EQ(errata["anchor"], "");
  const std::string text = errata["text"];
  ASSERT_FALSE(db().errata().empty());
  for (const isa::Erratum& e : db().errata())
    EXPECT_NE(text.find("id=\"" + ide::referenceOf(e).anchor + "\""), std::string::npos) << e.id;
  // A type page and the style sheet the pages link to.
  const json type = call("gpuasm/reference", {{"page", ide::referenceOf(*db().type("SHFLMode")).file}});
  for (const char* value : {"IDX", "UP", "DOWN", "BFLY"})  // 002_sync.txt:2-6
    EXPECT_NE(type["text"].get<std::string>().find(value), std::string::npos) << value;
  EXPECT_FALSE(call("gpuasm/reference", {{"page", "reference.css"}})["text"].get<std::string>().empty());

  for (const char* bad : {"nope.html", "../errata.html", "", "instruction-NOPE.html"}) {
    const json r = reply("gpuasm/reference", {{"page", bad}});
    EXPECT_EQ(r["error"]["code"], -32602) << r.dump();
    EXPECT_NE(r["error"]["message"].get<std::string>().find(std::string("no page '") + bad + "'"),
              std::string::npos)
        << r.dump();
  }
  const json noParams = reply("gpuasm/reference", json::object());
  EXPECT_EQ(noParams["error"]["code"], -32602) << noParams.dump();
}

}  // namespace
}  // namespace gpuasm::lsp
