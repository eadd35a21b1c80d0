// Every instruction line of the spec's __Examples, run in the simulator one line at a time from a
// state where the low registers hold lane-dependent values: each line that assembles executes
// (or stops with a reason the errata give, such as an index trap), and every optype whose
// examples assemble executes at least one of them — the semantics table and the spec's own
// examples agree, and nothing crashes on them.
#include "SpecExamples.h"
#include "SimTestUtil.h"

#include <map>
#include <set>

namespace gpuasm::simtest {
namespace {

// R0..R15 = lane * 0x01010101 + n, UR0..UR15 = small indices, P0..P3 alternating lanes,
// a few constant words: enough for every example to read defined, varied values.
std::string exampleState() {
  std::string s;
  for (unsigned r = 0; r < 16; ++r)
    s += perLane("R" + std::to_string(r),
                 [r](unsigned lane) { return static_cast<long long>(lane * 0x01010101u + r); });
  for (unsigned r = 0; r < 16; ++r)
    s += "// @state UR" + std::to_string(r) + " = " + std::to_string(r + 1) + "\n";
  for (unsigned p = 0; p < 4; ++p)
    s += perLane("P" + std::to_string(p),
                 [p](unsigned lane) { return static_cast<long long>((lane >> p) & 1u); });
  s += "// @state c[0x0][0x100] = 0x3F800000\n// @state c[0x0][0x160] = 0x10\n";
  return s;
}

TEST(SpecExamplesRun, EveryExampleThatAssemblesExecutes) {
  const std::string state = exampleState();
  std::map<std::string, int> executed;
  std::set<std::string> withAssembledExamples;
  for (const isa::Optype& o : db().optypes()) {
    if (!o.docs.examples.present) continue;
    for (const std::string& line : testsupport::fencedLines(o.docs.examples.text)) {
      const auto out = run(state + line + "\n", {}, true);
      ASSERT_TRUE(out.setupError.empty()) << out.setupError;
      const bool assembles =
          std::none_of(out.diagnostics.begin(), out.diagnostics.end(),
                       [](const ide::Diagnostic& d) { return d.severity == ide::Severity::Error; });
      if (!assembles) continue;  // SpecExamples.AssembleOrGiveTheErrorTheirErratumExplains covers these
      withAssembledExamples.insert(o.name);
      if (out.result.reason == sim::StopReason::End && out.result.executed == 1) {
        ++executed[o.name];
        continue;
      }
      // The only stop an assembled example may cause: a dynamic index outside the register file.
      EXPECT_NE(out.result.message.find("errata L-67"), std::string::npos)
          << o.name << ": " << line << " → " << out.result.message;
    }
  }
  for (const std::string& name : withAssembledExamples)
    EXPECT_GT(executed[name], 0) << name << ": no example executed";
  EXPECT_GE(withAssembledExamples.size(), 60u);  // the spec has examples for 68 optypes; most assemble
}

}  // namespace
}  // namespace gpuasm::simtest
