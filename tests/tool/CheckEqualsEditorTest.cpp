// `gpuasm check` reports exactly what the language server publishes for a file with its default
// settings and no state file (README, "gpuasm check"): every example and a few hundred seeded
// random edits of them (broken lines, non-ASCII text, `// @expect` and `// @state` directives,
// repeated lines that make dead writes) are opened in an in-process server, which is left to do
// its idle work (the dataflow findings and the `// @expect` outcomes come from there), and the
// last list it published for each is compared with `gpuasm check --json` on the same text, run
// in-process as main() runs it: code, severity, range, message, suggestions, legal forms and
// erratum, in order. check's positions are 1-based lines and UTF-16 columns; the server's,
// without a positionEncoding from the client, 0-based lines and UTF-16 characters.
// GPUASM_CHECK_EDITOR_FILES sets how many random files (default 300), GPUASM_CHECK_EDITOR_SEED the seed.
#include "Commands.h"

#include "../common/RandomEdits.h"
#include "../lsp/LspMessages.h"
#include "ScratchDir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace gpuasm::tool {
namespace {

using lsp::test::json;
using lsp::test::note;
using lsp::test::request;
using lsp::test::send;

std::size_t fromEnv(const char* name, std::size_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtoull(v, nullptr, 10) : fallback;
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// UTF-8 (valid, BMP only, as the examples are) as UTF-16.
std::u16string toUtf16(const std::string& s) {
  std::u16string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out += static_cast<char16_t>(c);
      i += 1;
    } else if (c < 0xE0) {
      out += static_cast<char16_t>(((c & 0x1F) << 6) | (s[i + 1] & 0x3F));
      i += 2;
    } else {
      out += static_cast<char16_t>(((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F));
      i += 3;
    }
  }
  return out;
}

// A diagnostic the server published, in check's JSON terms.
json fromServer(const json& d) {
  static const char* const severities[] = {"", "error", "warning", "information", "hint"};
  json out = {{"line", d["range"]["start"]["line"].get<int>() + 1},
              {"column", d["range"]["start"]["character"].get<int>() + 1},
              {"endLine", d["range"]["end"]["line"].get<int>() + 1},
              {"endColumn", d["range"]["end"]["character"].get<int>() + 1},
              {"severity", severities[d["severity"].get<int>()]},
              {"code", d["code"]},
              {"message", d["message"]}};
  if (d.contains("data"))
    for (const char* key : {"suggestions", "legalForms", "erratum"})
      if (d["data"].contains(key)) out[key] = d["data"][key];
  return out;
}

TEST(CheckEqualsEditor, EveryExampleAndRandomEditsOfThem) {
  std::vector<std::string> texts;
  std::vector<std::u16string> seeds;
  for (const auto& entry : std::filesystem::directory_iterator(GPUASM_SOURCE_DIR "/examples"))
    if (entry.path().extension() == ".asm") {
      texts.push_back(readFile(entry.path()));
      seeds.push_back(toUtf16(texts.back()));
    }
  ASSERT_GE(seeds.size(), 4u);
  // The issue's two examples (issue 37 item 2), and more findings than the default 100.
  texts.push_back("MOV R1, 0x1 ;\nMOV R1, 0x2 ;\nIADD R2, R1, R1 ;\n");
  texts.push_back("IADD R1, R1, R2 ; IMAD.WIDE.U32 R[0:1], R2, R3, R[4:5] ;\n");
  std::string many;
  for (int i = 0; i < 120; ++i) many += "MOV R" + std::to_string(i % 7) + ", 0x1 ;\n";
  texts.push_back(many);
  texts.push_back("IADD R1, R2, R3 ;\n// @state R2 = 0x1\n// @expect R1 == 0x1\n");
  const std::size_t fixed = texts.size();

  const std::size_t files = fromEnv("GPUASM_CHECK_EDITOR_FILES", 300);
  std::mt19937 rng(static_cast<std::uint32_t>(fromEnv("GPUASM_CHECK_EDITOR_SEED", 37)));
  for (std::size_t f = 0; f < files; ++f) {
    std::u16string text = seeds[rng() % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 8);
    for (int e = 0; e < edits; ++e) {
      const std::size_t a = rng() % (text.size() + 1);
      switch (rng() % 4) {
        case 0: {  // a line repeated: dead writes
          const std::size_t begin = text.rfind(u'\n', a == 0 ? 0 : a - 1);
          const std::size_t from = begin == std::u16string::npos || a == 0 ? 0 : begin + 1;
          const std::size_t to = text.find(u'\n', from);
          if (to != std::u16string::npos) text.insert(from, text.substr(from, to + 1 - from));
          break;
        }
        case 1: {  // a line deleted: reads of registers nothing sets
          const std::size_t to = text.find(u'\n', a);
          if (to != std::u16string::npos) text.erase(a, to + 1 - a);
          break;
        }
        default: {  // a piece typed over a few units
          const std::size_t hi = std::min(text.size(), a + rng() % 12);
          text.replace(a, hi - a, test::kEditPieces[rng() % std::size(test::kEditPieces)]);
        }
      }
    }
    texts.push_back(test::toUtf8(text));
  }

  // The server's lists: each file opened, the idle work done, the last list published kept.
  lsp::Server server(lsp::test::db(), gpuasm::test::processScratchDir().string());
  send(server, {request(1, "initialize", {{"capabilities", json::object()}}), note("initialized")});
  std::vector<json> published(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string uri = "file:///f" + std::to_string(i) + ".asm";
    std::vector<json> replies = send(
        server, {note("textDocument/didOpen",
                      {{"textDocument",
                        {{"uri", uri}, {"languageId", "gpuasm"}, {"version", 1}, {"text", texts[i]}}}})});
    for (int work = 0; server.hasIdleWork() && work < 1000; ++work)
      for (const std::string& m : server.idle()) replies.push_back(json::parse(m));
    ASSERT_FALSE(server.hasIdleWork()) << "file " << i;
    for (const json& r : replies)
      if (r.value("method", "") == "textDocument/publishDiagnostics" && r["params"]["uri"] == uri)
        published[i] = r["params"]["diagnostics"];
    ASSERT_TRUE(published[i].is_array()) << "file " << i << ": nothing published";
    send(server, {note("textDocument/didClose", {{"textDocument", {{"uri", uri}}}})});
  }

  // check's: every file at once.
  const gpuasm::test::ScratchDir dir("check-editor");
  std::vector<std::string> args{"gpuasm", "check", "--json"};
  for (std::size_t i = 0; i < texts.size(); ++i) {
    args.push_back((dir / ("f" + std::to_string(i) + ".asm")).string());
    std::ofstream(args.back(), std::ios::binary) << texts[i];
  }
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  const int status = runCommandLine(static_cast<int>(argv.size()), argv.data(), out, err);
  EXPECT_TRUE(status == 0 || status == 1) << err.str();
  const json checked = json::parse(out.str());
  ASSERT_EQ(checked["files"].size(), texts.size());

  std::size_t differences = 0, diagnostics = 0, dataflow = 0, expectations = 0;
  bool anyError = false;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::vector<json> editor, check;
    for (const json& d : published[i]) editor.push_back(fromServer(d));
    for (const json& d : checked["files"][i]["diagnostics"]) {
      check.push_back(d);
      const std::string code = d["code"];
      dataflow += code == "dead-write" || code == "uninitialized-read" || code == "dataflow-limit";
      expectations += code.starts_with("expectation-");
      anyError = anyError || d["severity"] == "error";
    }
    diagnostics += check.size();
    if (editor != check) {
      ++differences;
      ADD_FAILURE() << "file " << i << (i < fixed ? " (fixed)" : " (random)") << " differs:\n"
                    << texts[i] << "\nserver: " << json(editor).dump(1) << "\ncheck: " << json(check).dump(1);
    }
  }
  EXPECT_EQ(differences, 0u);
  EXPECT_EQ(status, anyError ? 1 : 0);
  // The comparison covers the findings the issue is about, and expectation outcomes.
  EXPECT_GT(dataflow, 100u);
  EXPECT_GT(expectations, 0u);
  std::cout << texts.size() << " files, " << diagnostics << " diagnostics (" << dataflow << " dataflow, "
            << expectations << " expectations), " << differences << " differences\n";
}

}  // namespace
}  // namespace gpuasm::tool
