// The streaming assembler (assembleText with a sink, what `gpuasm asm` prints from) against the
// batch path (lower the whole text, then assemble the LoweredUnit): the same statements, matches,
// encodings and diagnostics, in the same order, on every example and test file and on a text
// that mixes errors, comments spanning lines and several statements per line.
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/syntax/LineScanner.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuasm::ide {
namespace {

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

std::string describe(const AssembledUnit& u) {
  std::ostringstream out;
  for (const Diagnostic& d : u.diagnostics)
    out << "D " << d.range.begin << '-' << d.range.end << ' ' << isa::spelling(d.code) << ' ' << d.message
        << '\n';
  for (const AssembledStatement& a : u.statements) {
    out << "S " << a.statement.line << ' ' << a.statement.range.begin << '-' << a.statement.range.end << ' '
        << a.statement.mnemonic;
    if (a.inst) out << ' ' << a.inst->opcode->name << ' ' << a.encoding.toHex();
    out << '\n';
  }
  return out.str();
}

// A sink that keeps everything and counts what it was given.
struct Keep final : AssemblySink {
  AssembledUnit unit;
  void diagnostic(Diagnostic&& d) override { unit.diagnostics.push_back(std::move(d)); }
  void statement(AssembledStatement&& s) override { unit.statements.push_back(std::move(s)); }
};

void expectSame(const std::string& text) {
  Keep streamed;
  assembleText(db(), text, streamed);
  const AssembledUnit batch = assemble(db(), syntax::lowerText(text));
  EXPECT_EQ(describe(streamed.unit), describe(batch)) << text;
}

TEST(AssembleStream, EqualsTheBatchPathOnEveryExampleAndTestFile) {
  int files = 0;
  for (const char* dir : {GPUASM_SOURCE_DIR "/examples", GPUASM_SOURCE_DIR "/tests/asm"})
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() != ".asm") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::ostringstream s;
      s << in.rdbuf();
      expectSame(s.str());
      ++files;
    }
  EXPECT_GE(files, 6);
}

TEST(AssembleStream, EqualsTheBatchPathOnErrorsAndMultiLineChunks) {
  expectSame(
      "IADD R0, R1, R2\nMOV R1 R2 ;\n/* a\nb */ MOV R1, 0x10 ; IADD.SAT R0, R1, R2 ;\n/* open\nFADD.RX R3, "
      "R4, R5 ;, \n\xff\xfe ;");
  expectSame("");
  expectSame("\n\n");
  Keep none;
  assembleText(db(), "// only a comment\n", none);
  EXPECT_TRUE(none.unit.statements.empty());
  EXPECT_TRUE(none.unit.diagnostics.empty());
}

}  // namespace
}  // namespace gpuasm::ide
