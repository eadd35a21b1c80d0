// Every instruction line of the spec's __Examples either assembles without error or gives the
// error its erratum explains: the examples that contradict their own syntax (spec-catalog L-61,
// items 1, 3, 4 and 8) and the FFMA example that fits no encoding variant (G-1). The table is
// the catalog's list; the test fails if an example not in it gets an error, or one in it doesn't.
#include "SpecExamples.h"
#include <gpuasm/ide/analysis/Assembler.h>

#include <gtest/gtest.h>

namespace gpuasm::ide {
namespace {

struct Expected {
  const char* optype;
  const char* line;  // a distinctive part of the example line
  const char* code;  // the first error
  const char* erratum;
};

constexpr Expected kExpected[] = {
    {"IADD", "IADD.X R0, P0, R2, -R4", "neg-under-x", "L-51"},          // L-61.1
    {"UIMAD", "UR0, P0, UR2, UR3, -UR4", "operand-kind", "L-61"},       // L-61.3
    {"LEA", "LEA R0, R1, 0x10, R3", "operand-kind", "L-61"},            // L-61.4: shift written as a register
    {"LEA", "P0, R2, c[0x0][0x160], R7, RZ", "operand-count", "L-61"},  //   six operands, an Rc in .LO form
    {"LEA", "c[0x0][0x160], R7, RZ, P0", "operand-kind", "L-61"},
    {"LEA", "R0, P0, -R2, R3, R4", "operand-kind", "L-61"},
    {"LEA", "~R2, R3, R5, P0", "operand-kind", "L-61"},
    {"ULEA", "ULEA UR0, UR1, 0x10, UR3", "operand-kind", "L-61"},
    {"ULEA", "UP0, UR2, cmem[0x0][0x160], UR7, URZ", "operand-count", "L-61"},
    {"ULEA", "cmem[0x0][0x160], UR7, URZ, UP0", "operand-kind", "L-61"},
    {"ULEA", "UR0, UP0, -UR2, UR3, UR4", "operand-kind", "L-61"},
    {"ULEA", "~UR2, UR3, UR5, UP0", "operand-kind", "L-61"},
    {"SHFL", "SHFL.UP pu, R1", "unknown-operand", "L-61"},  // L-61.8
    {"FFMA", "0f405A7EFA, |c[0x0][0x100]|", "operand-kind", "G-1"},
    {"I2IP", "I2IP.S4.SATRELU", "fixed-field-modifier", "L-31"},  // satrelu==SAT (000:2885)
};

TEST(SpecExamples, AssembleOrGiveTheErrorTheirErratumExplains) {
  const isa::SpecLoad load = isa::loadEmbeddedSpec();
  const isa::InstrDb& db = *load.db;
  std::vector<bool> seen(std::size(kExpected), false);
  int assembled = 0;
  for (const auto& o : db.optypes()) {
    if (!o.docs.examples.present) continue;
    for (const auto& line : testsupport::fencedLines(o.docs.examples.text)) {
      const AssembledUnit unit = assembleText(db, line);
      const auto error = std::find_if(unit.diagnostics.begin(), unit.diagnostics.end(),
                                      [](const Diagnostic& d) { return d.severity == Severity::Error; });
      std::size_t match = std::size(kExpected);
      for (std::size_t i = 0; i < std::size(kExpected); ++i)
        if (o.name == kExpected[i].optype && line.find(kExpected[i].line) != std::string::npos) match = i;
      if (match == std::size(kExpected)) {
        EXPECT_EQ(error, unit.diagnostics.end())
            << o.name << ": " << line << "\n  " << (error != unit.diagnostics.end() ? error->message : "");
        assembled += error == unit.diagnostics.end();
        continue;
      }
      seen[match] = true;
      ASSERT_NE(error, unit.diagnostics.end()) << "expected an error for " << line;
      EXPECT_EQ(isa::spelling(error->code), kExpected[match].code) << line << ": " << error->message;
      EXPECT_NE(db.erratum(kExpected[match].erratum), nullptr) << kExpected[match].erratum;
    }
  }
  for (std::size_t i = 0; i < std::size(kExpected); ++i)
    EXPECT_TRUE(seen[i]) << "no example line contains: " << kExpected[i].line;
  EXPECT_EQ(assembled, 135 - static_cast<int>(std::size(kExpected)));
}

}  // namespace
}  // namespace gpuasm::ide
