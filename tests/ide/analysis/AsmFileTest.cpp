// LLVM MC style assembler tests: tests/asm/valid.asm pairs instructions with the words
// tests/asm/encode-by-hand.py computed independently from the spec; tests/asm/invalid.asm
// pairs invalid instructions with the first error (code and column) the rules of the spec
// demand. Each line is assembled on its own, as the language server may do.
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/syntax/LineIndex.h>

#include <gtest/gtest.h>

#include <fstream>
#include <regex>

namespace gpuasm::ide {
namespace {

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

std::vector<std::string> linesOf(const char* name) {
  std::ifstream in(std::string(GPUASM_ASM_TEST_DIR) + "/" + name);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(AsmFile, ValidInstructionsEncodeToTheHandComputedWords) {
  const std::regex check(R"(//\s*CHECK:\s*(0x[0-9a-f]{32}))");
  int checked = 0;
  for (const auto& line : linesOf("valid.asm")) {
    std::smatch m;
    if (!std::regex_search(line, m, check)) continue;
    const std::string code = line.substr(0, line.find("//"));
    const AssembledUnit unit = assembleText(db(), code);
    for (const auto& d : unit.diagnostics)
      EXPECT_NE(d.severity, Severity::Error) << code << ": " << d.message;
    ASSERT_EQ(unit.statements.size(), 1u) << code;
    ASSERT_TRUE(unit.statements[0].inst.has_value()) << code;
    EXPECT_EQ(unit.statements[0].encoding.toHex(), m[1].str()) << code;
    ++checked;
  }
  EXPECT_EQ(checked, 15);
}

TEST(AsmFile, InvalidInstructionsGiveTheExpectedFirstError) {
  const std::regex expect(R"(//\s*ERROR:\s*([a-z-]+)@(\d+))");
  int checked = 0;
  for (const auto& line : linesOf("invalid.asm")) {
    std::smatch m;
    if (!std::regex_search(line, m, expect)) continue;
    const std::string code = line.substr(0, line.find("//"));
    const auto diagnostics = computeDiagnostics(db(), code);
    const auto first = std::find_if(diagnostics.begin(), diagnostics.end(),
                                    [](const Diagnostic& d) { return d.severity == Severity::Error; });
    ASSERT_NE(first, diagnostics.end()) << code << " gave no error";
    EXPECT_EQ(isa::spelling(first->code), m[1].str()) << code << ": " << first->message;
    const syntax::LineIndex lines(code);
    EXPECT_EQ(lines.position(first->range.begin).character + 1, std::stoul(m[2].str()))
        << code << ": " << first->message;
    EXPECT_FALSE(first->message.empty());
    ++checked;
  }
  EXPECT_EQ(checked, 24);
}

}  // namespace
}  // namespace gpuasm::ide
