// Register pressure (ide/analysis/RegisterPressure.h): small programs whose counts are worked
// out by hand in the comments, and a property test against a brute-force liveness written here
// from scratch — it knows what each instruction template reads and writes from the template, not
// from the dataflow's register events — on random programs.
#include <gpuasm/ide/analysis/RegisterPressure.h>

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace gpuasm::ide {
namespace {

const isa::InstrDb& db() {
  static const isa::SpecLoad load = isa::loadEmbeddedSpec();
  return *load.db;
}

RegisterPressure pressureOf(const std::string& text) {
  return registerPressure(*Snapshot::analyse(db(), text));
}

// One file's counts at every line (the text's final newline makes a last, empty line).
std::vector<std::uint32_t> column(const RegisterPressure& p, RegisterFile f) {
  std::vector<std::uint32_t> out;
  for (const RegisterCounts& c : p.counts()) out.push_back(c[static_cast<std::size_t>(f)]);
  return out;
}

using Counts = std::vector<std::uint32_t>;

// "R1 0-2", "R5 init-3", "R2 3-4 result": a range as the tests write it.
std::string text(const RegisterLiveRange& r) {
  return registerName(db(), r.reg) + " " + (r.definedAt ? std::to_string(*r.definedAt) : "init") + "-" +
         std::to_string(r.lastUse) + (r.result ? " result" : "");
}

std::vector<std::string> rangesAt(const RegisterPressure& p, std::uint32_t line) {
  std::vector<std::string> out;
  for (const RegisterLiveRange& r : p.rangesAt(line)) out.push_back(text(r));
  return out;
}

std::vector<std::string> usedNames(const RegisterPressure& p) {
  std::vector<std::string> out;
  for (const RegisterId r : p.used()) out.push_back(registerName(db(), r));
  return out;
}

TEST(RegisterPressure, ValuesLiveFromTheirWriteToTheirLastReadAndResultsToTheEnd) {
  const RegisterPressure p = pressureOf(
      "MOV R1, 0x10 ;\n"     // 0: R1 written, read on line 2                  live: R1
      "MOV R2, 0x20 ;\n"     // 1: R2 written, overwritten on 3 unread: dead   live: R1
      "IADD R3, R1, R1 ;\n"  // 2: R1's last read; R3 read on 3               live: R1 R3
      "MOV R2, R3 ;\n"       // 3: R3's last read; R2 never read: a result     live: R3 R2
      "MOV R4, 0x1 ;\n");    // 4: R4 never read: a result                     live: R2 R4
  EXPECT_EQ(column(p, RegisterFile::R), (Counts{1, 1, 2, 2, 2, 0}));
  EXPECT_EQ(column(p, RegisterFile::P), (Counts{0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(p.peaks()[0], (RegisterPeak{2, 2}));
  EXPECT_EQ(p.peaks()[1], (RegisterPeak{0, std::nullopt}));
  EXPECT_EQ(rangesAt(p, 3), (std::vector<std::string>{"R2 3-4 result", "R3 2-3"}));
  EXPECT_EQ(rangesAt(p, 1), (std::vector<std::string>{"R1 0-2"}));
  EXPECT_EQ(usedNames(p), (std::vector<std::string>{"R1", "R2", "R3", "R4"}));
  EXPECT_TRUE(p.isPeakLine(2));
  EXPECT_FALSE(p.isPeakLine(3));
}

TEST(RegisterPressure, AGuardedWriteKeepsThePreviousValueLive) {
  const RegisterPressure guarded = pressureOf(
      "MOV R1, 0x10 ;\n"       // 0: R1 (a); read on line 2 through the lanes @P0 leaves alone
      "@P0 MOV R1, 0x20 ;\n"   // 1: reads P0 (its initial value, live from the top); R1 (b)
      "IADD R2, R1, R1 ;\n");  // 2: reads both R1 values; R2 a result
  // R: line 0 R1(a); line 1 R1 (a and b, one register); line 2 R1, R2.  P: P0 on lines 0-1.
  EXPECT_EQ(column(guarded, RegisterFile::R), (Counts{1, 1, 2, 0}));
  EXPECT_EQ(column(guarded, RegisterFile::P), (Counts{1, 1, 0, 0}));
  EXPECT_EQ(rangesAt(guarded, 2), (std::vector<std::string>{"R1 0-2", "R1 1-2", "R2 2-2 result"}));
  EXPECT_EQ(rangesAt(guarded, 0), (std::vector<std::string>{"R1 0-2", "P0 init-1"}));

  // Without the guard line 1 ends R1 (a) unread: nothing is live on line 0.
  const RegisterPressure unguarded = pressureOf("MOV R1, 0x10 ;\nMOV R1, 0x20 ;\nIADD R2, R1, R1 ;\n");
  EXPECT_EQ(column(unguarded, RegisterFile::R), (Counts{0, 1, 2, 0}));
  EXPECT_EQ(column(unguarded, RegisterFile::P), (Counts{0, 0, 0, 0}));
}

TEST(RegisterPressure, ASixtyFourBitOperandCountsBothRegisters) {
  const RegisterPressure p = pressureOf(
      "MOV.64 R[2:3], R[4:5] ;\n"               // 0: reads R4 R5 (last), writes R2 R3
      "IMAD.WIDE R[6:7], R2, R3, R[2:3] ;\n");  // 1: reads R2 R3 (last), writes R6 R7 (results)
  // Line 0: R4 R5 R2 R3; line 1: R2 R3 R6 R7.
  EXPECT_EQ(column(p, RegisterFile::R), (Counts{4, 4, 0}));
  EXPECT_EQ(p.peaks()[0], (RegisterPeak{4, 0}));
  EXPECT_EQ(usedNames(p), (std::vector<std::string>{"R2", "R3", "R4", "R5", "R6", "R7"}));
}

TEST(RegisterPressure, ZeroAndTrueRegistersNeverCount) {
  const RegisterPressure p = pressureOf(
      "IADD R1, RZ, RZ ;\n"                              // 0: R1 (read on 1 and 2)
      "ISETP.LE.AND.U32 P1, PT, R1, RZ, PT ;\n"          // 1: reads R1, writes P1 (read on 2)
      "SEL R2, R1, RZ, P1 ;\n"                           // 2: last reads of R1 and P1; R2 a result
      "UIADD UR1, URZ, URZ ;\n"                          // 3: UR1 a result
      "UISETP.LE.AND.U32 UP0, UPT, UR1, URZ, UPT ;\n");  // 4: reads UR1; UP0 a result
  EXPECT_EQ(column(p, RegisterFile::R), (Counts{1, 1, 2, 1, 1, 0}));  // R2 lives on as a result
  EXPECT_EQ(column(p, RegisterFile::P), (Counts{0, 1, 1, 0, 0, 0}));
  EXPECT_EQ(column(p, RegisterFile::UR), (Counts{0, 0, 0, 1, 1, 0}));
  EXPECT_EQ(column(p, RegisterFile::UP), (Counts{0, 0, 0, 0, 1, 0}));
  EXPECT_EQ(usedNames(p), (std::vector<std::string>{"R1", "R2", "P1", "UR1", "UP0"}));
  EXPECT_EQ(p.peaks()[1], (RegisterPeak{1, 1}));
  EXPECT_EQ(p.peaks()[3], (RegisterPeak{1, 4}));
  // 1-based, files with different peak lines apart.
  EXPECT_EQ(peakSummary(p), "peak 2 R at line 3, 1 P at line 2, 1 UR at line 4, 1 UP at line 5");
  EXPECT_EQ(peakSummary(pressureOf("// nothing\nMOV R1, 0x1 ;\nMOV R1, 0x2 ;\n")), "peak 1 R at line 3");
  EXPECT_EQ(peakSummary(pressureOf("// nothing\n")), "no register is live");
}

TEST(RegisterPressure, InitialValuesReadLaterAreLiveFromTheTop) {
  const RegisterPressure p = pressureOf(
      "// @state R5 = 7\n"     // 0: R5 (initial, read on 3)
      "// @state R6 = 1\n"     // 1: R6 is never read: it does not count
      "MOV R1, 0x1 ;\n"        // 2: R1
      "IADD R2, R5, R1 ;\n");  // 3: last reads of R5 and R1; R2 a result
  EXPECT_EQ(column(p, RegisterFile::R), (Counts{1, 1, 2, 3, 0}));
  EXPECT_EQ(rangesAt(p, 3), (std::vector<std::string>{"R1 2-3", "R2 3-3 result", "R5 init-3"}));
  EXPECT_EQ(p.peaks()[0], (RegisterPeak{3, 3}));
}

TEST(RegisterPressure, AValueReadEndsAtItsLastReadAndLinesAfterTheKernelCountNothing) {
  const RegisterPressure p = pressureOf(
      "MOV R1, 0x1 ;\n"  // 0: R1, read on 1
      "MOV R2, R1 ;\n"   // 1: R2 never read: a result to line 3
      "MOV R3, 0x2 ;\n"  // 2: R3, read on 3
      "MOV R4, R3 ;\n"   // 3: R4 a result; R3 ends here though nothing overwrites it
      "// the end\n");   // 4: no statement after it: nothing is live
  EXPECT_EQ(column(p, RegisterFile::R), (Counts{1, 2, 2, 3, 0, 0}));
  EXPECT_EQ(p.peaks()[0], (RegisterPeak{3, 3}));
}

TEST(RegisterPressure, AReadAndAWriteOfOneRegisterByOneInstructionCountOnce) {
  // Line 1 reads R1's first value for the last time and writes its second (a result).
  EXPECT_EQ(column(pressureOf("MOV R1, 0x1 ;\nIADD R1, R1, R1 ;\n"), RegisterFile::R), (Counts{1, 1, 0}));
}

TEST(RegisterPressure, ALineThatDoesNotAssembleReadsAndMayWriteWhatItNames) {
  const RegisterPressure p = pressureOf(
      "MOV R1, 0x1 ;\n"            // 0: R1, read on 1
      "IADD.SAT R1, R2, R3 ;\n");  // 1: unknown: reads R1 R2 R3 (R2 R3 initial); writes them guarded
  // Line 0: R1, and R2 R3 (initial values read on 1); line 1: the same three.
  EXPECT_EQ(column(p, RegisterFile::R), (Counts{3, 3, 0}));
}

// ---------------------------------------------------------------------------------------------
// The property: on random programs the counts, peaks and registers used equal a brute-force
// liveness computed from what each template reads and writes.

struct Template {
  const char* text;  // {d} {a} {b} {c}: R0-R7; {D} {E}: a pair R[2n:2n+1]; {p} {q}: P0-P3;
                     // {u} {v} {w}: UR0-UR3; {x}: UP0-UP1; {i}: an immediate
  std::vector<std::string> reads, writes;
  bool uniform = false;  // guarded by UP, else by P
  bool assembles = true;
};

const std::vector<Template>& templates() {
  static const std::vector<Template> t = {
      {"MOV R{d}, R{a} ;", {"a"}, {"d"}},
      {"MOV R{d}, 0x{i} ;", {}, {"d"}},
      {"IADD R{d}, R{a}, R{b} ;", {"a", "b"}, {"d"}},
      {"IADD R{d}, RZ, R{a} ;", {"a"}, {"d"}},
      {"IMAD R{d}, R{a}, R{b}, R{c} ;", {"a", "b", "c"}, {"d"}},
      {"SEL R{d}, R{a}, R{b}, !P{p} ;", {"a", "b", "p"}, {"d"}},
      {"ISETP.LE.AND.U32 P{p}, PT, R{a}, R{b}, P{q} ;", {"a", "b", "q"}, {"p"}},
      {"MOV.64 R[{D}], R[{E}] ;", {"E"}, {"D"}},
      {"IMAD.WIDE R[{D}], R{a}, R{b}, R[{E}] ;", {"a", "b", "E"}, {"D"}},
      {"IADD R{d}, R{a}, UR{u} ;", {"a", "u"}, {"d"}},
      {"R2UR UR{u}, R{a} ;", {"a"}, {"u"}},
      {"UIADD UR{u}, UR{v}, UR{w} ;", {"v", "w"}, {"u"}, true},
      {"UMOV UR{u}, 0x{i} ;", {}, {"u"}, true},
      {"UISETP.LE.AND.U32 UP{x}, UPT, UR{v}, UR{w}, UPT ;", {"v", "w"}, {"x"}, true},
      {"USEL UR{u}, UR{v}, UR{w}, UP{x} ;", {"v", "w", "x"}, {"u"}, true},
      {"IADD.SAT R{d}, R{a}, R{b} ;", {"d", "a", "b"}, {"d", "a", "b"}, false, false},
  };
  return t;
}

// One line of a random program: its text and, if it holds a statement, what it does.
struct Line {
  std::string text;
  bool statement = false;
  std::set<std::string> reads, writes;
  bool guarded = false;  // its writes may leave lanes alone
};

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

Line randomStatement(std::mt19937& rng) {
  const Template& t = templates()[rng() % templates().size()];
  std::map<std::string, std::vector<std::string>> regs;  // placeholder → registers it names
  std::string s = t.text;
  auto fill = [&](const std::string& key, const std::string& spelled, std::vector<std::string> names) {
    if (s.find("{" + key + "}") == std::string::npos) return;
    s = replaceAll(s, "{" + key + "}", spelled);
    regs[key] = std::move(names);
  };
  for (const char* k : {"d", "a", "b", "c"}) {
    const std::string n = std::to_string(rng() % 8);
    fill(k, n, {"R" + n});
  }
  for (const char* k : {"D", "E"}) {
    const auto n = 2 * (rng() % 4);
    fill(k, std::to_string(n) + ":" + std::to_string(n + 1),
         {"R" + std::to_string(n), "R" + std::to_string(n + 1)});
  }
  for (const char* k : {"p", "q"}) {
    const std::string n = std::to_string(rng() % 4);
    fill(k, n, {"P" + n});
  }
  for (const char* k : {"u", "v", "w"}) {
    const std::string n = std::to_string(rng() % 4);
    fill(k, n, {"UR" + n});
  }
  const std::string x = std::to_string(rng() % 2);
  fill("x", x, {"UP" + x});
  fill("i", std::to_string(rng() % 256), {});
  Line l;
  l.statement = true;
  for (const std::string& k : t.reads) l.reads.insert(regs[k].begin(), regs[k].end());
  for (const std::string& k : t.writes) l.writes.insert(regs[k].begin(), regs[k].end());
  l.guarded = !t.assembles;  // a line that does not assemble may write only some lanes
  // A guard on a third of the lines: a predicate of the instruction's datapath, maybe negated,
  // or the true predicate, which guards nothing.
  if (const auto g = rng() % 6; g < 2) {
    const std::string pred =
        std::string(t.uniform ? "UP" : "P") + std::to_string(rng() % (t.uniform ? 2 : 4));
    s = "@" + std::string(g == 1 ? "!" : "") + pred + " " + s;
    l.reads.insert(pred);
    if (!t.assembles) l.writes.insert(pred);
    l.guarded = true;
  } else if (g == 2) {
    s = std::string(t.uniform ? "@UPT " : "@PT ") + s;
  }
  l.text = s;
  return l;
}

std::vector<Line> randomProgram(std::mt19937& rng) {
  std::vector<Line> lines;
  const auto n = 4 + rng() % 30;
  for (std::size_t i = 0; i < n; ++i) {
    switch (rng() % 20) {
      case 0: lines.push_back(Line{"// a comment", false, {}, {}, false}); break;
      case 1: lines.push_back(Line{"", false, {}, {}, false}); break;
      case 2:
        lines.push_back(Line{"// @state R" + std::to_string(rng() % 8) + " = 5", false, {}, {}, false});
        break;
      default: lines.push_back(randomStatement(rng)); break;
    }
  }
  return lines;
}

// Brute force, register by register and line by line: a register is live at a line that reads
// it; at a line from which, scanning forward, a read comes before an unguarded write; and, as a
// result of the kernel, at every line up to the last statement from a write that no later line
// reads or writes without a guard.
std::map<std::string, std::vector<bool>> bruteForce(const std::vector<Line>& lines) {
  std::set<std::string> regs;
  std::size_t last = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    regs.insert(lines[i].reads.begin(), lines[i].reads.end());
    regs.insert(lines[i].writes.begin(), lines[i].writes.end());
    if (lines[i].statement) last = i;
  }
  auto kills = [&](std::size_t j, const std::string& r) {
    return lines[j].writes.count(r) && !lines[j].guarded;
  };
  std::map<std::string, std::vector<bool>> live;
  for (const std::string& r : regs) {
    std::vector<bool>& at = live[r];
    at.assign(lines.size() + 1, false);  // the text's final newline makes one more, empty line
    for (std::size_t l = 0; l < lines.size(); ++l) {
      bool isLive = lines[l].reads.count(r) > 0;
      for (std::size_t j = l + 1; j < lines.size() && !isLive; ++j) {
        if (lines[j].reads.count(r)) isLive = true;
        if (kills(j, r)) break;
      }
      for (std::size_t d = 0; d <= l && !isLive && l <= last; ++d) {
        if (!lines[d].writes.count(r)) continue;
        bool later = false;
        for (std::size_t j = d + 1; j < lines.size(); ++j)
          later = later || lines[j].reads.count(r) || kills(j, r);
        isLive = !later;
      }
      at[l] = isLive;
    }
  }
  return live;
}

RegisterFile fileOfName(const std::string& name) {
  if (name.starts_with("UR")) return RegisterFile::UR;
  if (name.starts_with("UP")) return RegisterFile::UP;
  return name.starts_with("P") ? RegisterFile::P : RegisterFile::R;
}

TEST(RegisterPressure, EqualsABruteForceLivenessOnRandomPrograms) {
  std::mt19937 rng(30001);
  std::size_t guardedWrites = 0, pairs = 0, unknown = 0, nonzero = 0;
  for (int round = 0; round < 400; ++round) {
    const std::vector<Line> lines = randomProgram(rng);
    std::string program;
    for (const Line& l : lines) program += l.text + "\n";
    const auto snapshot = Snapshot::analyse(db(), program);
    // The templates assemble (but the one that must not): the brute force's premise.
    for (const Diagnostic& d : snapshot->diagnostics())
      if (d.severity == Severity::Error) {
        ASSERT_EQ(d.code, isa::DiagnosticCode::UnknownModifier) << d.message << "\n" << program;
      }
    const RegisterPressure p = registerPressure(*snapshot);
    const auto live = bruteForce(lines);

    // Streamed (as `gpuasm stats` does: the assembler's statements, in two units) equals the
    // snapshot's chunks.
    {
      struct Collect final : AssemblySink {
        std::vector<AssembledStatement> all;
        void diagnostic(Diagnostic&&) override {}
        void statement(AssembledStatement&& s) override { all.push_back(std::move(s)); }
      } collect;
      assembleText(db(), program, collect);
      RegisterPressureBuilder builder(db(), snapshot->lines().lineCount());
      const std::size_t half = collect.all.size() / 2;
      AssembledUnit first, second;
      first.statements.assign(collect.all.begin(), collect.all.begin() + static_cast<std::ptrdiff_t>(half));
      second.statements.assign(collect.all.begin() + static_cast<std::ptrdiff_t>(half), collect.all.end());
      builder.add(first, registerEvents(db(), first), 0);
      builder.add(second, registerEvents(db(), second), 0);
      const RegisterPressure streamed = builder.finish();
      ASSERT_EQ(streamed.counts(), p.counts()) << program;
      ASSERT_EQ(streamed.ranges(), p.ranges()) << program;
      ASSERT_EQ(streamed.peaks(), p.peaks()) << program;
    }

    std::vector<RegisterCounts> expected(lines.size() + 1, RegisterCounts{});
    for (const auto& [name, at] : live)
      for (std::size_t l = 0; l < at.size(); ++l)
        expected[l][static_cast<std::size_t>(fileOfName(name))] += at[l] ? 1u : 0u;
    ASSERT_EQ(p.counts(), expected) << program;

    // The ranges at each line name exactly the registers counted there.
    for (std::uint32_t l = 0; l < lines.size(); ++l) {
      std::set<std::string> named, counted;
      for (const RegisterLiveRange& r : p.rangesAt(l)) named.insert(registerName(db(), r.reg));
      for (const auto& [name, at] : live)
        if (at[l]) counted.insert(name);
      ASSERT_EQ(named, counted) << "line " << l << "\n" << program;
    }
    // Peaks: the largest count on a statement's line, the first such line.
    for (std::size_t f = 0; f < kRegisterFiles; ++f) {
      RegisterPeak peak;
      for (std::uint32_t l = 0; l < lines.size(); ++l)
        if (lines[l].statement && expected[l][f] > peak.count) peak = {expected[l][f], l};
      ASSERT_EQ(p.peaks()[f], peak) << "file " << f << "\n" << program;
    }
    std::set<std::string> used, usedExpected;
    for (const RegisterId r : p.used()) used.insert(registerName(db(), r));
    for (const auto& [name, at] : live) usedExpected.insert(name);
    ASSERT_EQ(used, usedExpected) << program;

    for (const Line& l : lines) {
      guardedWrites += l.guarded && !l.writes.empty();
      pairs += l.text.find("R[") != std::string::npos;
      unknown += l.text.find(".SAT") != std::string::npos;
    }
    nonzero += p.peaks()[0].count > 0;
  }
  // The cases the property is about were exercised.
  EXPECT_GT(guardedWrites, 500u);
  EXPECT_GT(pairs, 500u);
  EXPECT_GT(unknown, 200u);
  EXPECT_GT(nonzero, 390u);
}

}  // namespace
}  // namespace gpuasm::ide
