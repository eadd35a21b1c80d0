// Every instruction line of every ```asm block in the spec's __Examples sections parses
// without an ERROR or MISSING node, both inside the whole example block and as a document of
// its own (the server may parse line by line). 135 is the number of such lines, counted with
// an awk script over isa-db/spec/00[0-4]_*.txt (the same script that writes
// examples/spec-examples.asm).
#include "SpecExamples.h"
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/syntax/Statement.h>

#include <gtest/gtest.h>

namespace gpuasm::syntax {
namespace {

TEST(SpecExamples, EveryExampleInstructionParsesWithoutError) {
  const auto load = isa::loadEmbeddedSpec();
  std::size_t lines = 0;
  for (const auto& o : load.db->optypes()) {
    if (!o.docs.examples.present) continue;
    std::string block;
    for (const auto& line : testsupport::fencedLines(o.docs.examples.text)) {
      ++lines;
      const SyntaxTree alone(line);
      EXPECT_FALSE(alone.hasErrors()) << o.name << ": " << line << "\n"
                                      << alone.toSExpression({.ranges = false});
      const auto statements = statementsOf(alone);
      ASSERT_EQ(statements.size(), 1u) << line;
      EXPECT_TRUE(statements[0].hasSemicolon) << line;
      block += line + "\n";
    }
    const SyntaxTree whole(block);
    EXPECT_FALSE(whole.hasErrors()) << o.name;
  }
  EXPECT_EQ(lines, 135u);
}

}  // namespace
}  // namespace gpuasm::syntax
