// `gpuasm check --json` as CheckJsonWriter streams it: the exact text for a small case, written
// out by hand, and valid JSON of the documented shape with escapes and many files.
#include <gpuasm/formats/CheckJson.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

namespace gpuasm::formats {
namespace {

PlacedDiagnostic diagnostic(std::uint32_t line, std::string message) {
  PlacedDiagnostic d;
  d.line = line;
  d.column = 2;
  d.endLine = line;
  d.endColumn = 5;
  d.severity = "error";
  d.code = "unknown-mnemonic";
  d.message = std::move(message);
  return d;
}

TEST(CheckJsonWriter, WritesTheDocumentedLayout) {
  std::ostringstream out;
  CheckJsonWriter w(out);
  w.beginFile();
  PlacedDiagnostic d = diagnostic(3, "unknown mnemonic 'FOO'");
  d.suggestions = {"FLO"};
  w.diagnostic(d);
  w.endFile("a.asm", "");
  w.beginFile();
  w.endFile("b.asm", "cannot read 'b.asm'");
  w.finish();
  EXPECT_EQ(out.str(),
            "{\n"
            "  \"files\": [\n"
            "    {\n"
            "      \"diagnostics\": [\n"
            "        {\n"
            "          \"code\": \"unknown-mnemonic\",\n"
            "          \"column\": 2,\n"
            "          \"endColumn\": 5,\n"
            "          \"endLine\": 3,\n"
            "          \"line\": 3,\n"
            "          \"message\": \"unknown mnemonic 'FOO'\",\n"
            "          \"severity\": \"error\",\n"
            "          \"suggestions\": [\n"
            "            \"FLO\"\n"
            "          ]\n"
            "        }\n"
            "      ],\n"
            "      \"file\": \"a.asm\"\n"
            "    },\n"
            "    {\n"
            "      \"diagnostics\": [],\n"
            "      \"error\": \"cannot read 'b.asm'\",\n"
            "      \"file\": \"b.asm\"\n"
            "    }\n"
            "  ]\n"
            "}\n");
}

TEST(CheckJsonWriter, ManyFilesAndQuotesStayValidJson) {
  std::ostringstream out;
  CheckJsonWriter w(out);
  for (int f = 0; f < 5; ++f) {
    w.beginFile();
    for (int k = 0; k < f; ++k)
      w.diagnostic(diagnostic(static_cast<std::uint32_t>(k + 1), "a \"quoted\"\n\\ message"));
    w.endFile("dir/" + std::to_string(f) + "\".asm", "");
  }
  w.finish();
  const nlohmann::json j = nlohmann::json::parse(out.str());
  ASSERT_EQ(j["files"].size(), 5u);
  for (std::size_t f = 0; f < 5; ++f) {
    EXPECT_EQ(j["files"][f]["file"], "dir/" + std::to_string(f) + "\".asm");
    ASSERT_EQ(j["files"][f]["diagnostics"].size(), f);
    if (f > 0) {
      EXPECT_EQ(j["files"][f]["diagnostics"][0]["message"], "a \"quoted\"\n\\ message");
    }
  }
  std::ostringstream none;
  CheckJsonWriter empty(none);
  empty.finish();
  EXPECT_EQ(none.str(), "{\n  \"files\": []\n}\n");
}

}  // namespace
}  // namespace gpuasm::formats
