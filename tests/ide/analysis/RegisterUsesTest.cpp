// Register dataflow (RegisterUses.h): the reads and writes of the register under the cursor,
// from the binding's read/write roles. Expected roles come from the opcodes' InList<> and
// OutList<> cited beside each case.
#include "Annotated.h"

#include <gpuasm/ide/analysis/RegisterUses.h>

#include <gtest/gtest.h>

#include <vector>

namespace gpuasm::featuretest {
namespace {

using ide::RegisterUse;

std::vector<ide::RegisterOccurrence> occurrencesAt(const Annotated& a) {
  return ide::getRegisterOccurrences(*a.snapshot(), a.cursor);
}

std::vector<RegisterUse> uses(const std::vector<ide::RegisterOccurrence>& o) {
  std::vector<RegisterUse> out;
  for (const auto& x : o) out.push_back(x.use);
  return out;
}

// MOV_I: OutList<rd> (000_ialu.txt:2526); IADD_RR: InList<pg, ra, rb, pp>, OutList<rd, pu>
// (000_ialu.txt:184-185).
TEST(RegisterUses, ReadsAndWritesOfTheRegisterUnderTheCursor) {
  const Annotated a("MOV [[R1]], 0x10 ;\nIADD R2, [[R^1]], [[R1]] ;\nIADD [[R1]], R2, R2 ;\nMOV R3, R4 ;\n");
  const auto o = occurrencesAt(a);
  EXPECT_EQ(ranges(o), a.ranges);
  EXPECT_EQ(uses(o), (std::vector<RegisterUse>{RegisterUse::Write, RegisterUse::Read, RegisterUse::Read,
                                               RegisterUse::Write}));
  EXPECT_EQ(o[1].line, 1u);
  // From a write, the same set.
  const Annotated w("MOV [[R^1]], 0x10 ;\nIADD R2, [[R1]], [[R1]] ;\n");
  EXPECT_EQ(ranges(occurrencesAt(w)), w.ranges);
}

// IMAD_WIDE_RRR: Bitwidth<rd> = 64 (000_ialu.txt:553): R[0:1] writes R0 and R1, so a later read
// of R1 alone is an occurrence of the pair's register.
TEST(RegisterUses, RangesCountRegisterByRegister) {
  const Annotated a("IMAD.WIDE [[R[0:1]]], R2, R3, R[4:5] ;\nIADD R6, [[R^1]], R2 ;\nIADD R7, R0, R2 ;\n");
  const auto o = occurrencesAt(a);
  EXPECT_EQ(ranges(o), a.ranges);
  EXPECT_EQ(uses(o), (std::vector<RegisterUse>{RegisterUse::Write, RegisterUse::Read}));
  // On the pair: both registers, so R0's read on line 2 too.
  const Annotated pair(
      "IMAD.WIDE [[R[^0:1]]], R2, R3, R[4:5] ;\nIADD R6, [[R1]], R2 ;\nIADD R7, [[R0]], R2 ;\n");
  EXPECT_EQ(ranges(occurrencesAt(pair)), pair.ranges);
}

// The guard predicate is read (InList<pg, …>); ISETP writes pu (ISETP_RR OutList<pu, pv>, 000_ialu.txt:1754).
TEST(RegisterUses, GuardsAndPredicates) {
  const Annotated a(
      "ISETP.LE.U32.AND [[P0]], PT, R4, R6, PT ;\n@[[P^0]] IADD R1, R1, R1 ;\n@![[P0]] MOV R2, 0x1 ;\n");
  const auto o = occurrencesAt(a);
  EXPECT_EQ(ranges(o), a.ranges);
  EXPECT_EQ(uses(o), (std::vector<RegisterUse>{RegisterUse::Write, RegisterUse::Read, RegisterUse::Read}));
}

// R2P writes every predicate of the file (R2P_RI OutList<PR>, 000_ialu.txt:1629), so it is an
// occurrence of P3.
TEST(RegisterUses, PredicateSetsCoverTheirPredicates) {
  const Annotated a("R2P [[PR]], R7.B1, 0xFF ;\n@[[P^3]] IADD R1, R1, R1 ;\n");
  EXPECT_EQ(ranges(occurrencesAt(a)), a.ranges);
}

// Uniform registers are their own file: UR1 is not R1.
TEST(RegisterUses, UniformRegistersAreAnotherFile) {
  const Annotated a("UMOV [[UR1]], 0x10 ;\nIADD R1, R2, [[U^R1]] ;\nIADD R3, R1, R1 ;\n");
  EXPECT_EQ(ranges(occurrencesAt(a)), a.ranges);
}

TEST(RegisterUses, NothingOffARegisterOrOnALineThatDoesNotAssemble) {
  EXPECT_TRUE(occurrencesAt(Annotated("IA^DD R1, R2, R3 ;\n")).empty());
  EXPECT_TRUE(occurrencesAt(Annotated("MOV R1, 0x^10 ;\n")).empty());
  EXPECT_TRUE(occurrencesAt(Annotated("IADD.SAT R1, R^2, R3 ;\n")).empty());
  EXPECT_TRUE(occurrencesAt(Annotated("// R^1\n")).empty());
}

}  // namespace
}  // namespace gpuasm::featuretest
