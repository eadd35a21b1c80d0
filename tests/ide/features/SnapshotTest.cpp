// Snapshot: the statement at an offset, and the annotated-snippet helper the feature tests use.
#include "Annotated.h"

#include <gtest/gtest.h>

namespace gpuasm::featuretest {
namespace {

TEST(Snapshot, StatementAtFindsTheStatementUnderTheCursor) {
  const Annotated a("MOV R1, 0x1 ;\n// comment\n[[IADD R2, R^1, R1 ;]]\n");
  const auto snap = a.snapshot();
  const ide::AssembledStatement* s = snap->statementAt(a.cursor);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->statement.range.begin, a.ranges[0].begin);
  EXPECT_EQ(s->statement.mnemonic, "IADD");
  EXPECT_EQ(snap->statementAt(16), nullptr);  // inside the comment line
  EXPECT_EQ(snap->unit().statements.size(), 2u);
}

}  // namespace
}  // namespace gpuasm::featuretest
