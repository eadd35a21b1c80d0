// The fast paths (Semantics::fast, simulator/src/semantics/FastPath.h) against the reference
// semantics they stand in for: the same program prepared twice, with and without fast paths,
// run from the same warps, must leave the same registers, set flags, stop reason and trace. The
// programs are the examples/ files, the spec's example lines and random programs (a fixed seed)
// over the optypes that have fast paths, with random modifiers, prefixes, guards, operand kinds,
// active masks and register values (special floats among them).
#include "SpecExamples.h"
#include "SimTestUtil.h"

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/sim/Program.h>
#include <gpuasm/sim/Semantics.h>
#include <gpuasm/sim/Simulator.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

namespace gpuasm::simtest {
namespace {

using Rng = std::mt19937;

const sim::RegisterLayout& layout() {
  static const sim::RegisterLayout l = *sim::RegisterLayout::fromDb(db());
  return l;
}

std::uint32_t pick(Rng& rng, std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); }

// A register value: random bits, a small integer, or a float chosen to reach the special cases
// (zeros, subnormals, infinities, NaNs, 1.0 for .SAT, values whose sum rounds).
std::uint32_t value(Rng& rng) {
  static const std::uint32_t special[] = {0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000,
                                          0x3F800000, 0x3F800001, 0xBF800000, 0x7F800000, 0xFF800000,
                                          0x7FC00000, 0xFFFFFFFF, 0x7F7FFFFF, 0x3F000000, 0x4B800001,
                                          0x33800000, 0x7FFFFFFF, 0x80000001, 0x0000001F, 0x00000040};
  switch (pick(rng, 4)) {
    case 0: return static_cast<std::uint32_t>(rng());
    case 1: return pick(rng, 70);
    case 2: return special[pick(rng, std::size(special))];
    default:
      return std::bit_cast<std::uint32_t>(static_cast<float>(static_cast<int>(pick(rng, 2001)) - 1000) /
                                          64.0f);
  }
}

// R0..R15, UR0..UR7, P0..P3, UP0..UP1, a few constant words, and the active mask (full half
// of the time, so both the straight copy and the blend of a store are taken).
sim::WarpState randomWarp(Rng& rng) {
  sim::WarpState s(layout());
  for (std::uint32_t r = 0; r < 16; ++r)
    for (unsigned lane = 0; lane < sim::kWarpSize; ++lane) s.setGpr(r, lane, value(rng));
  for (std::uint32_t r = 0; r < 8; ++r) s.setUgpr(r, value(rng));
  for (std::uint32_t p = 0; p < 4; ++p) {
    s.p[p] = static_cast<std::uint32_t>(rng());
    s.pSet[p] = true;
  }
  for (std::uint32_t p = 0; p < 2; ++p) s.setUpred(p, pick(rng, 2) == 1);
  for (std::uint32_t w = 0; w < 8; ++w) s.cmem.setWord(0, 4 * w, value(rng));
  s.activeMask = pick(rng, 2) == 0 ? sim::kAllLanes : static_cast<std::uint32_t>(rng());
  return s;
}

// ---------------------------------------------------------------------------------------------
// Random instructions of the optypes with fast paths. Not every combination assembles (the
// matcher decides); those that do not are dropped, and the test checks enough remain.

std::string oneOf(Rng& rng, std::initializer_list<const char*> options) {
  return *(options.begin() + pick(rng, static_cast<std::uint32_t>(options.size())));
}
std::string gpr(Rng& rng) { return pick(rng, 10) == 0 ? "RZ" : "R" + std::to_string(pick(rng, 16)); }
std::string pred(Rng& rng) { return pick(rng, 4) == 0 ? "PT" : "P" + std::to_string(pick(rng, 4)); }
std::string srcPred(Rng& rng) { return (pick(rng, 3) == 0 ? "!" : "") + pred(rng); }
std::string hex(std::uint32_t v) {
  std::ostringstream o;
  o << "0x" << std::hex << v;
  return o.str();
}
// SrcB: a register, a uniform register, an immediate or a constant.
std::string srcB(Rng& rng, bool isFloat) {
  switch (pick(rng, 5)) {
    case 0: return "UR" + std::to_string(pick(rng, 8));
    case 1:
      return isFloat ? oneOf(rng, {"0.5", "-2.0", "1.0", "3.25", "-0.0"})
                     : hex(pick(rng, 2) == 0 ? pick(rng, 70) : value(rng));
    case 2: return "c[0x0][" + hex(4 * pick(rng, 8)) + "]";
    default: return gpr(rng);
  }
}
std::string intPrefix(Rng& rng) { return oneOf(rng, {"", "", "-", "~"}); }
// A prefix where the syntax forms have none (IMAD's Ra and SrcB): such lines mostly do not
// assemble, so rarely.
std::string rarePrefix(Rng& rng) { return pick(rng, 8) == 0 ? "-" : ""; }
std::string floatOperand(Rng& rng, const std::string& o) {
  const std::string a = pick(rng, 4) == 0 ? "|" + o + "|" : o;
  return (pick(rng, 4) == 0 ? "-" : "") + a;
}

std::string randomInstruction(Rng& rng) {
  const std::string guard = oneOf(rng, {"", "", "", "@P0 ", "@!P1 ", "@P2 ", "@UP0 "});
  const std::string rnd = oneOf(rng, {"", "", ".RN", ".RZ", ".RM", ".RP"});
  const std::string ftz = oneOf(rng, {"", "", ".FTZ"}), sat = oneOf(rng, {"", "", ".SAT"});
  std::string s;
  switch (pick(rng, 9)) {
    case 0:
      s = "IADD" + oneOf(rng, {"", ".X"}) + " " + gpr(rng) + ", " + (pick(rng, 2) ? pred(rng) + ", " : "") +
          intPrefix(rng) + gpr(rng) + ", " + intPrefix(rng) + srcB(rng, false) +
          (pick(rng, 2) ? ", " + srcPred(rng) : "");
      break;
    case 1:
      s = "IMAD" + oneOf(rng, {"", ".HI", ".LO"}) + oneOf(rng, {"", ".X"}) +
          oneOf(rng, {"", ".U32", ".S32"}) + " " + gpr(rng) + ", " + (pick(rng, 2) ? pred(rng) + ", " : "") +
          rarePrefix(rng) + gpr(rng) + ", " + rarePrefix(rng) + srcB(rng, false) + ", " + intPrefix(rng) +
          gpr(rng) + (pick(rng, 2) ? ", " + srcPred(rng) : "");
      break;
    case 2:
      s = "ISETP" + oneOf(rng, {".EQ", ".NE", ".LT", ".LE", ".GT", ".GE"}) +
          oneOf(rng, {"", ".U32", ".S32"}) + oneOf(rng, {".AND", ".OR", ".XOR"}) + oneOf(rng, {"", ".X"}) +
          " " + pred(rng) + ", " + (pick(rng, 2) ? pred(rng) + ", " : "") + gpr(rng) + ", " +
          srcB(rng, false) + ", " + srcPred(rng) + (pick(rng, 2) ? ", " + srcPred(rng) : "");
      break;
    case 3:
      s = "LOP3" + oneOf(rng, {"", ".PAND", ".POR"}) + " " + (pick(rng, 2) ? pred(rng) + ", " : "") +
          gpr(rng) + ", " + gpr(rng) + ", " + srcB(rng, false) + ", " + gpr(rng) + ", " +
          hex(pick(rng, 256)) + ", " + srcPred(rng);
      break;
    case 4:
      s = "SHF" + oneOf(rng, {".L", ".R"}) + oneOf(rng, {"", ".HI", ".LO"}) + oneOf(rng, {"", ".W", ".C"}) +
          oneOf(rng, {"", ".S32", ".U32", ".S64", ".U64"}) + " " + gpr(rng) + ", " + gpr(rng) + ", " +
          (pick(rng, 3) == 0 ? gpr(rng) : srcB(rng, false)) + ", " + gpr(rng);
      break;
    case 5:
      s = "SHFL" + oneOf(rng, {".IDX", ".UP", ".DOWN", ".BFLY"}) + " " + pred(rng) + ", " + gpr(rng) + ", " +
          gpr(rng) + ", " + (pick(rng, 3) == 0 ? gpr(rng) : hex(pick(rng, 32))) + ", " +
          (pick(rng, 3) == 0 ? gpr(rng) : hex(pick(rng, 2) == 0 ? 0x1F : pick(rng, 0x2000)));
      break;
    case 6:
      s = "FADD" + ftz + sat + rnd + " " + gpr(rng) + ", " + floatOperand(rng, gpr(rng)) + ", " +
          floatOperand(rng, srcB(rng, true));
      break;
    case 7:
      s = "FMUL" + ftz + sat + rnd + oneOf(rng, {"", "", ".D2", ".M8"}) + " " + gpr(rng) + ", " +
          floatOperand(rng, gpr(rng)) + ", " + floatOperand(rng, srcB(rng, true));
      break;
    default:
      s = "FFMA" + ftz + sat + rnd + " " + gpr(rng) + ", " + floatOperand(rng, gpr(rng)) + ", " +
          floatOperand(rng, srcB(rng, true)) + ", " + floatOperand(rng, gpr(rng));
      break;
  }
  return guard + s + " ;";
}

// ---------------------------------------------------------------------------------------------

struct Prepared {
  ide::AssembledUnit unit;
  sim::Program fast, reference;
  std::map<std::string, int> fastSteps;  ///< optype name -> steps that run a fast path
};

Prepared prepareBoth(const std::string& text) {
  Prepared p;
  p.unit = ide::assembleText(db(), text);
  const auto source = ide::sourceInstructions(p.unit);
  p.fast = sim::prepare(db(), layout(), sim::SemanticsTable::builtin(), source);
  p.reference = sim::prepare(db(), layout(), sim::SemanticsTable::builtin(), source, {.fastPaths = false});
  for (std::size_t i = 0; i < p.fast.steps.size(); ++i) {
    const sim::PreparedInst& f = p.fast.steps[i];
    const sim::PreparedInst& r = p.reference.steps[i];
    EXPECT_EQ(r.exec, r.semantics != nullptr ? r.semantics->exec : nullptr) << "line " << r.line + 1;
    if (f.semantics != nullptr && f.exec != f.semantics->exec) ++p.fastSteps[f.optype->name];
  }
  return p;
}

std::string laneList(const std::vector<std::uint32_t>& lanes) {
  std::string s;
  for (const std::uint32_t v : lanes) s += " " + hex(v);
  return s;
}

// The same run with and without fast paths, traced and not: every result must agree.
void expectSameRuns(const Prepared& p, const sim::WarpState& start, const std::string& what) {
  for (const bool trace : {true, false}) {
    sim::WarpState a = start, b = start;
    sim::RunOptions options;
    options.trace = trace;
    const sim::RunResult fast = sim::run(p.fast, a, options);
    const sim::RunResult reference = sim::run(p.reference, b, options);
    ASSERT_EQ(fast.reason, reference.reason) << what;
    ASSERT_EQ(fast.line, reference.line) << what;
    ASSERT_EQ(fast.executed, reference.executed) << what;
    ASSERT_EQ(fast.message, reference.message) << what;
    ASSERT_EQ(fast.trace.size(), reference.trace.size()) << what;
    for (std::size_t i = 0; i < fast.trace.size(); ++i) {
      const auto& f = fast.trace[i];
      const auto& r = reference.trace[i];
      ASSERT_EQ(f.writes.size(), r.writes.size()) << what << ", line " << r.line + 1;
      for (std::size_t k = 0; k < f.writes.size(); ++k) {
        ASSERT_EQ(f.writes[k].file, r.writes[k].file) << what << ", line " << r.line + 1;
        ASSERT_EQ(f.writes[k].index, r.writes[k].index) << what << ", line " << r.line + 1;
        ASSERT_EQ(f.writes[k].lanes, r.writes[k].lanes)
            << what << ", line " << r.line + 1 << "\n fast:     " << laneList(f.writes[k].lanes)
            << "\n reference:" << laneList(r.writes[k].lanes);
      }
    }
    EXPECT_EQ(a.r, b.r) << what;
    EXPECT_EQ(a.p, b.p) << what;
    EXPECT_EQ(a.ur, b.ur) << what;
    EXPECT_EQ(a.up, b.up) << what;
    EXPECT_EQ(a.rSet, b.rSet) << what;
    EXPECT_EQ(a.pSet, b.pSet) << what;
    EXPECT_EQ(a.urSet, b.urSet) << what;
    EXPECT_EQ(a.upSet, b.upSet) << what;
  }
}

TEST(FastPath, RandomProgramsGiveTheReferenceAnswers) {
  Rng rng(41);
  std::map<std::string, int> fastSteps;
  std::size_t assembled = 0;
  for (int program = 0; program < 12; ++program) {
    std::string text;
    for (int i = 0; i < 400; ++i) {
      const std::string line = randomInstruction(rng);
      // One line at a time, so a line that does not assemble is dropped, not an error step.
      const ide::AssembledUnit alone = ide::assembleText(db(), line + "\n");
      const bool clean =
          std::none_of(alone.diagnostics.begin(), alone.diagnostics.end(),
                       [](const ide::Diagnostic& d) { return d.severity == ide::Severity::Error; });
      if (clean && alone.statements.size() == 1 && alone.statements[0].inst) text += line + "\n";
    }
    const Prepared p = prepareBoth(text);
    assembled += p.fast.steps.size();
    for (const auto& [name, n] : p.fastSteps) fastSteps[name] += n;
    for (int warp = 0; warp < 4; ++warp)
      expectSameRuns(p, randomWarp(rng),
                     "program " + std::to_string(program) + ", warp " + std::to_string(warp));
  }
  // Enough of the random lines assemble, and every fast path ran many times.
  EXPECT_GE(assembled, 1500u);
  for (const char* name : {"IADD", "IMAD", "ISETP", "LOP3", "SHF", "SHFL", "FADD", "FMUL"})
    EXPECT_GE(fastSteps[name], 60) << name << " ran its fast path " << fastSteps[name] << " times";
#if defined(__EMSCRIPTEN__)
  // No FFMA fast path in WebAssembly: its C library's fmaf rounds twice (Float.cpp,
  // kHostFmaIsFused), so FFMA keeps the reference's exact rounding there.
  EXPECT_EQ(fastSteps["FFMA"], 0);
#else
  EXPECT_GE(fastSteps["FFMA"], 60) << "FFMA ran its fast path " << fastSteps["FFMA"] << " times";
#endif
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(FastPath, ExamplesGiveTheReferenceAnswers) {
  Rng rng(14);
  int files = 0, fast = 0;
  for (const auto& entry : std::filesystem::directory_iterator(GPUASM_EXAMPLES_DIR)) {
    if (entry.path().extension() != ".asm") continue;
    ++files;
    const Prepared p = prepareBoth(readFile(entry.path()));
    for (const auto& [name, n] : p.fastSteps) fast += n;
    for (int warp = 0; warp < 4; ++warp) expectSameRuns(p, randomWarp(rng), entry.path().filename().string());
  }
  EXPECT_GE(files, 4);
  EXPECT_GE(fast, 20);
  // The spec's example lines, one program each (a line that stops only stops its own run).
  int lines = 0;
  for (const isa::Optype& o : db().optypes()) {
    if (!o.docs.examples.present) continue;
    for (const std::string& line : testsupport::fencedLines(o.docs.examples.text)) {
      const Prepared p = prepareBoth(line + "\n");
      if (p.fastSteps.empty()) continue;
      ++lines;
      expectSameRuns(p, randomWarp(rng), o.name + ": " + line);
    }
  }
  EXPECT_GE(lines, 10);
}

// A lane view asks step() for the exchange: SHFL's fast path leaves that to the reference, and
// the registers come out as run() leaves them.
TEST(FastPath, SteppingWithAnExchangeGivesTheSameState) {
  const Prepared p = prepareBoth("SHFL.BFLY P0, R1, R2, 0x3, 0x1f ;\nSHFL.IDX PT, R3, R2, R4, 0x1f ;\n");
  ASSERT_EQ(p.fastSteps.at("SHFL"), 2);
  Rng rng(7);
  const sim::WarpState start = randomWarp(rng);
  sim::WarpState stepped = start, ran = start;
  for (const sim::PreparedInst& inst : p.fast.steps) {
    sim::LaneExchange exchange;
    EXPECT_EQ(sim::step(inst, stepped, exchange), "");
    EXPECT_TRUE(exchange.hasSources);
  }
  EXPECT_EQ(sim::run(p.fast, ran, {}).reason, sim::StopReason::End);
  EXPECT_EQ(stepped.r, ran.r);
  EXPECT_EQ(stepped.p, ran.p);
}

}  // namespace
}  // namespace gpuasm::simtest
