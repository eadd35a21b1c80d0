// Nothing raw on a terminal (docs/PROTOCOL.md, "What reaches the terminal"): every command run
// in-process through tool::runCommandLine, as main() runs it, on files holding escape sequences,
// C1 controls, bytes that are not UTF-8 and NUL bytes. The expected text is worked out by hand
// from the escaping rule (a byte as `\xNN`, lower-case hex) and the binary-file rule (a NUL byte
// in the first 64 KiB). The property test at the end feeds seeded random bytes through every
// command that reads a file and checks that stdout and stderr are valid UTF-8 with no control
// character but newline and tab, and that JSON output parses; GPUASM_ESCAPE_ITERATIONS sets how
// many files it tries (docs/FUZZING.md records the long runs), GPUASM_ESCAPE_SEED the seed.
#include "Commands.h"
#include "EscapingStream.h"
#include "ScratchDir.h"

#include <gpuasm/isa/Utf8.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

using gpuasm::test::ScratchDir;

namespace gpuasm::tool {
namespace {

struct Ran {
  int status = -1;
  std::string out, err;
};

Ran gpuasm(const std::vector<std::string>& args) {
  std::vector<const char*> argv{"gpuasm"};
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  Ran r;
  r.status = runCommandLine(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// `s` for a failure message: every byte outside printable ASCII as <NN>.
std::string shown(std::string_view s) {
  std::string out;
  for (const char c : s)
    out += c >= 0x20 && c < 0x7F ? std::string(1, c)
                                 : "<" + text::hex(static_cast<unsigned char>(c), {.prefix = false}) + ">";
  return out;
}

// Whether the well-formed sequence of `n` bytes at `at` is a C0, DEL or C1 control character,
// newline and tab excepted (written here, not taken from isa/Utf8.h, so the test states the rule).
bool unsafeControl(std::string_view s, std::size_t at, std::size_t n) {
  const auto c = static_cast<unsigned char>(s[at]);
  if (n == 1) return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7F;
  return n == 2 && c == 0xC2 && static_cast<unsigned char>(s[at + 1]) < 0xA0;
}

// The first byte of `s` that may not reach a terminal — one that is not part of well-formed
// UTF-8, or of a control character other than newline and tab (C0, DEL, C1) — as its offset.
std::optional<std::size_t> firstUnsafeByte(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = text::utf8SequenceLength(s, i);
    if (n == 0) return i;
    if (unsafeControl(s, i, n)) return i;
    i += n;
  }
  return std::nullopt;
}

::testing::AssertionResult terminalSafe(std::string_view s) {
  const auto at = firstUnsafeByte(s);
  if (!at) return ::testing::AssertionSuccess();
  const std::size_t from = *at < 60 ? 0 : *at - 60;
  return ::testing::AssertionFailure() << "byte " << text::hex(static_cast<unsigned char>(s[*at]))
                                       << " at offset " << *at << " in: " << shown(s.substr(from, 120));
}

TEST(Escape, CheckShowsAnEscapeSequenceInAMessageAsHex) {
  const ScratchDir dir("escape-check-esc");
  const std::string file = dir.write("esc.asm", "IADD R1, \x1b[2J\x1b[31mRED ;\n").string();
  for (const bool json : {false, true}) {
    const Ran r = json ? gpuasm({"check", "--json", file}) : gpuasm({"check", file});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(terminalSafe(r.out));
    EXPECT_TRUE(terminalSafe(r.err));
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
    // The ESC bytes the message quotes are \x1b: the text, and the JSON message alike.
    EXPECT_NE(r.out.find(json ? "\\\\x1b[2J\\\\x1b[31m" : "\\x1b[2J\\x1b[31m"), std::string::npos) << r.out;
    if (json) {
      const auto parsed = nlohmann::json::parse(r.out);
      const std::string message = parsed["files"][0]["diagnostics"][0]["message"];
      EXPECT_EQ(message.find('\x1b'), std::string::npos) << message;
    }
  }
}

TEST(Escape, AsmListingShowsBytesThatAreNotUtf8AsHex) {
  const ScratchDir dir("escape-asm");
  // A statement holding a C1 CSI (C2 9B), a byte that is not UTF-8 and a DEL, then a valid one.
  const std::string file = dir.write("a.asm", "FOO\xc2\x9b\xfe\x7f R1 ;\nIADD R1, R1, R2 ;\n").string();
  const Ran r = gpuasm({"asm", file});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(terminalSafe(r.out));
  EXPECT_TRUE(terminalSafe(r.err));
  // The listing's line: number, no encoding and no variant (56 columns), then the text escaped.
  EXPECT_NE(r.out.find("    1" + std::string(56, ' ') + "FOO\\xc2\\x9b\\xfe\\x7f R1 ;\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.err.find("unexpected '\\xc2\\x9b\\xfe\\x7f'"), std::string::npos) << r.err;
  // As JSON: the text by JSON's rules — the byte that is not UTF-8 as U+FFFD, DEL and the C1
  // character as \u escapes, so the output holds no raw control character.
  const Ran j = gpuasm({"asm", "--json", file});
  EXPECT_EQ(j.status, 1);
  EXPECT_TRUE(terminalSafe(j.out));
  EXPECT_NE(j.out.find("\"FOO\\u009b\xef\xbf\xbd\\u007f R1 ;\""), std::string::npos) << j.out;
  const auto parsed = nlohmann::json::parse(j.out);
  EXPECT_EQ(parsed["instructions"][0]["text"], "FOO\xc2\x9b\xef\xbf\xbd\x7f R1 ;");
}

TEST(Escape, ParseShowsBytesThatAreNotUtf8AsHex) {
  const ScratchDir dir("escape-parse");
  const std::string file = dir.write("p.asm", "FOO\xfe\xfd R1 ;\n").string();
  const Ran r = gpuasm({"parse", file});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(terminalSafe(r.out));
  EXPECT_TRUE(terminalSafe(r.err));
  EXPECT_NE(r.err.find("unexpected '\\xfe\\xfd'"), std::string::npos) << r.err;
}

TEST(Escape, DisFileShowsAWordThatIsNotUtf8AsHex) {
  const ScratchDir dir("escape-dis");
  const std::string file = dir.write("w.txt", "0x\xfe\x1b[2J\n").string();
  for (const std::vector<std::string>& args : {std::vector<std::string>{"dis", "--file", file},
                                               std::vector<std::string>{"dis", "--asm", "--file", file}}) {
    const Ran r = gpuasm(args);
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(terminalSafe(r.out));
    EXPECT_TRUE(terminalSafe(r.err));
    EXPECT_NE(r.err.find("'0x\\xfe\\x1b[2J' is not 0x followed by 1 to 32 hex digits [bad-word]"),
              std::string::npos)
        << r.err;
  }
  const Ran j = gpuasm({"dis", "--json", "--file", file});
  EXPECT_EQ(j.status, 1);
  EXPECT_TRUE(terminalSafe(j.out));
  EXPECT_TRUE(nlohmann::json::accept(j.out)) << j.out;
}

TEST(Escape, APathOrAnArgumentWithControlCharactersIsShownAsHex) {
  const ScratchDir dir("escape-path");
  const std::string missing = (dir / "\x1b[31mred\x9b.asm").string();
  const Ran r = gpuasm({"check", missing});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(terminalSafe(r.err));
  EXPECT_NE(r.err.find("cannot read '" + dir.string() + "/\\x1b[31mred\\x9b.asm'"), std::string::npos)
      << r.err;
  // CLI11's own messages quote the argument.
  const Ran u = gpuasm({"run", "--until", "\x1b[2J", missing});
  EXPECT_EQ(u.status, 2);
  EXPECT_TRUE(terminalSafe(u.err));
  EXPECT_NE(u.err.find("\\x1b[2J"), std::string::npos) << u.err;
  // A file named with an escape sequence: its diagnostics name it escaped.
  const std::string named = dir.write("k\x1b]0;x\x07.asm", "FOO ;\n").string();
  const Ran c = gpuasm({"check", named});
  EXPECT_EQ(c.status, 1);
  EXPECT_TRUE(terminalSafe(c.out));
  EXPECT_NE(c.out.find("/k\\x1b]0;x\\x07.asm:1:1: error: unknown mnemonic 'FOO'"), std::string::npos)
      << c.out;
}

// Spec text is user text too: `spec diff` quotes it (its JSON used to throw on bytes that are not
// UTF-8) and `spec --lint` reads it.
TEST(Escape, SpecDiffAndLintShowSpecTextEscaped) {
  const ScratchDir dir("escape-spec");
  std::filesystem::copy(GPUASM_SPEC_DIR, dir / "new");
  const auto file = dir / "new" / "000_ialu.txt";
  std::ifstream in(file, std::ios::binary);
  std::string spec((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string line = "    t = Ra + SrcB;\n";
  const std::size_t at = spec.find(line);
  ASSERT_NE(at, std::string::npos);
  spec.insert(at + line.size() - 1, " // \xfe\x1b[2J\xc2\x9b");
  std::ofstream(file, std::ios::binary | std::ios::trunc) << spec;
  const Ran text = gpuasm({"spec", "diff", GPUASM_SPEC_DIR, (dir / "new").string()});
  EXPECT_EQ(text.status, 1) << text.err;
  EXPECT_TRUE(terminalSafe(text.out));
  EXPECT_NE(text.out.find("t = Ra + SrcB; // \\xfe\\x1b[2J\\xc2\\x9b"), std::string::npos) << text.out;
  const Ran json = gpuasm({"spec", "diff", "--json", GPUASM_SPEC_DIR, (dir / "new").string()});
  EXPECT_EQ(json.status, 1) << json.err;
  EXPECT_TRUE(terminalSafe(json.out));
  EXPECT_TRUE(nlohmann::json::accept(json.out)) << json.out.substr(0, 400);
  const Ran lint = gpuasm({"spec", "--lint", "--spec-dir", (dir / "new").string()});
  EXPECT_TRUE(terminalSafe(lint.out));
  EXPECT_TRUE(terminalSafe(lint.err));
}

// The binary-file rule: a NUL byte in the first 64 KiB makes a file binary, one error (exit 2,
// as for a directory) naming the offset of the first NUL, for every command reading assembly.
TEST(Escape, ABinaryFileIsOneErrorForEveryCommandReadingAssembly) {
  const ScratchDir dir("escape-binary");
  std::string bytes = "IADD R1, R1, R2 ;\n";  // 18 bytes: the NUL is at offset 18
  bytes += '\0';
  std::mt19937 rng(7);
  for (int k = 0; k < 4096; ++k) bytes += static_cast<char>(rng() & 0xFF);
  const std::string file = dir.write("k.bin", bytes).string();
  const std::string message =
      "gpuasm: '" + file + "' is a binary file (a NUL byte at offset 18); gpuasm reads assembly text\n";
  const std::vector<std::vector<std::string>> commands = {
      {"check", file}, {"asm", file},          {"asm", "-o", (dir / "out.bin").string(), file},
      {"parse", file}, {"run", file},          {"test", file},
      {"stats", file}, {"dis", "--file", file}};
  for (const auto& args : commands) {
    const Ran r = gpuasm(args);
    EXPECT_EQ(r.status, 2) << args[0];
    EXPECT_EQ(r.out + r.err, message) << args[0];
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "out.bin"));
  const Ran j = gpuasm({"check", "--json", file});
  EXPECT_EQ(j.status, 2);
  EXPECT_EQ(nlohmann::json::parse(j.out)["files"][0]["error"],
            "'" + file + "' is a binary file (a NUL byte at offset 18); gpuasm reads assembly text");
  // A NUL past the first 64 KiB is not looked for: the file is text with a syntax error there.
  std::string late(65536, '\n');
  late += std::string("\0 ;\n", 4);
  const std::string lateFile = dir.write("late.asm", late).string();
  const Ran l = gpuasm({"check", lateFile});
  EXPECT_NE(l.status, 2);
  EXPECT_EQ((l.out + l.err).find("binary file"), std::string::npos) << l.out << l.err;
  EXPECT_TRUE(terminalSafe(l.out + l.err));
  // One byte earlier, it is.
  late.erase(0, 1);
  const Ran e = gpuasm({"check", dir.write("early.asm", late).string()});
  EXPECT_EQ(e.status, 2);
  EXPECT_NE(e.err.find("(a NUL byte at offset 65535)"), std::string::npos) << e.err;
  // The machine code file of --binary is binary by design: not refused.
  std::ofstream(dir / "words.bin", std::ios::binary) << std::string(16, '\0');
  const Ran d = gpuasm({"dis", "--binary", (dir / "words.bin").string()});
  EXPECT_NE(d.status, 2) << d.err;
}

// ---- The property: random bytes through every command that reads a file ----------------------

// Pieces a random file is made of: statements and directives (so messages quote what follows
// them), escape sequences, C1 controls, bytes that are not UTF-8, NULs, CR, DEL, characters of
// several lengths, and long runs.
std::string randomFile(std::mt19937_64& rng) {
  static const std::vector<std::string> pieces = {
      "IADD R1, R1, R2 ;",
      "MOV R1, 0x10 ;",
      "FADD R1, R1, R2 ;",
      "SHFL.BFLY PT, R2, R1, 0x10, 0x1F ;",
      "IADD R1, ",
      "MOV ",
      ".",
      ", ",
      " ;",
      ";",
      "\n",
      "\r\n",
      "\t",
      "// ",
      "/* ",
      " */",
      "// @state R1 = ",
      "// @expect R1 == ",
      "// @expect ",
      "\x1b[2J",
      "\x1b[31m",
      "\x1b]0;title\x07",
      "\x1b",
      "\x7f",
      "\xc2\x9b",
      "\xc2\x85",
      "\xc2\x80",
      "\xe2\x80\xa8",
      std::string(1, '\0'),
      "\xfe\xff",
      "\xc0\xaf",
      "\xed\xa0\x80",
      "\xe4\xb8",
      "\xf4\x90\x80\x80",
      "\xc3\xa9",
      "\xe4\xb8\xad",
      "\xf0\x9f\x98\x80",
      "R1",
      "P0",
      "c[0x0][0x160]",
      "\\x1b",
  };
  std::string s;
  const std::size_t count = rng() % 40;
  for (std::size_t k = 0; k < count; ++k) {
    switch (rng() % 8) {
      case 0: {  // random bytes
        const std::size_t n = rng() % 12;
        for (std::size_t b = 0; b < n; ++b) s += static_cast<char>(rng() & 0xFF);
        break;
      }
      case 1:  // a long line (past the 16 KiB pieces of a line now and then)
        s += std::string(rng() % 4 == 0 ? 17000 : rng() % 300, "AR;\x1b\xc2"[rng() % 5]);
        break;
      default: s += pieces[rng() % pieces.size()]; break;
    }
  }
  // Most files hold no NUL, so that the text paths run and not only the binary-file rule.
  if (rng() % 4 != 0)
    for (char& c : s)
      if (c == '\0') c = '\x01';
  return s;
}

std::uint64_t environmentNumber(const char* name, std::uint64_t otherwise) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::strtoull(v, nullptr, 10) : otherwise;
}

// The stream itself (EscapingStream.h): buffered, a buffer's worth at a time, so a write may be
// cut anywhere — in a UTF-8 sequence or an escape sequence — and still come out as the whole
// text would. Expected bytes by the rule: ESC (1b) as `\x1b`, é (c3 a9) kept, a lone c3 at
// the very end as `\xc3`.
TEST(EscapingStream, ABufferBoundaryInsideASequenceChangesNothing) {
  constexpr std::size_t kFull = EscapingStreambuf::kBufferBytes;
  for (const std::size_t before : {kFull - 2, kFull - 1, kFull, kFull + 1}) {
    std::ostringstream target;
    {
      EscapingStream out(target);
      out << std::string(before, 'a') << "\xc3\xa9" << '\x1b' << "[31m"
          << "\xc3";
    }
    EXPECT_EQ(target.str(), std::string(before, 'a') + "\xc3\xa9\\x1b[31m\\xc3") << before;
  }
  // JSON: DEL as \u007f, whichever side of the boundary it falls on.
  std::ostringstream json;
  {
    EscapingStream out(json, false, EscapingStreambuf::Mode::Json);
    out << std::string(kFull - 1, ' ') << "\x7f\"x\"";
  }
  EXPECT_EQ(json.str(), std::string(kFull - 1, ' ') + "\\u007f\"x\"");
}

TEST(EscapingStream, ATerminalGetsEachLineAsItEndsAndAPipeABufferAtATime) {
  std::ostringstream terminal, pipe;
  EscapingStream toTerminal(terminal, true), toPipe(pipe, false);
  for (EscapingStream* out : {&toTerminal, &toPipe})
    *out << "one\n"
         << "two";
  EXPECT_EQ(terminal.str(), "one\n");
  EXPECT_EQ(pipe.str(), "");
  toPipe << '\n';
  EXPECT_EQ(pipe.str(), "");
  toTerminal << '\n';
  EXPECT_EQ(terminal.str(), "one\ntwo\n");
  toPipe.flush();
  EXPECT_EQ(pipe.str(), "one\ntwo\n");
  // More than a buffer goes on without a flush, whole lines or not.
  toPipe << std::string(EscapingStreambuf::kBufferBytes + 10, 'x');
  EXPECT_GE(pipe.str().size(), EscapingStreambuf::kBufferBytes);
}

TEST(EscapeProperty, NoCommandPrintsAControlCharacterOrInvalidUtf8) {
  const std::uint64_t iterations = environmentNumber("GPUASM_ESCAPE_ITERATIONS", 12);
  const std::uint64_t seed = environmentNumber("GPUASM_ESCAPE_SEED", 20261128);
  std::mt19937_64 rng(seed);
  const ScratchDir dir("escape-property");
  for (std::uint64_t i = 0; i < iterations; ++i) {
    const std::string bytes = randomFile(rng);
    // Every third file's name carries an escape sequence and a C1 byte too.
    const std::string name = (i % 3 == 0 ? "f\x1b[2J\x9b" : "f") + std::to_string(i) + ".asm";
    const std::string file = dir.write(name, bytes).string();
    const std::vector<std::vector<std::string>> commands = {
        {"check", file},           {"check", "--json", file}, {"asm", file}, {"asm", "--json", file},
        {"parse", file},           {"dis", "--file", file},   {"run", file}, {"test", file},
        {"stats", "--lines", file}};
    for (const auto& args : commands) {
      const Ran r = gpuasm(args);
      const std::string what = "seed " + std::to_string(seed) + ", file " + std::to_string(i) + " (" +
                               shown(bytes.substr(0, 200)) + "), gpuasm " + args[0] + " " +
                               (args.size() > 2 ? args[1] : "");
      EXPECT_TRUE(r.status == 0 || r.status == 1 || r.status == 2) << what;
      EXPECT_TRUE(terminalSafe(r.out)) << what;
      EXPECT_TRUE(terminalSafe(r.err)) << what;
      // A file asm --json cannot read (a binary one) is an error on stderr and no JSON.
      if (args[1] == "--json" && !(r.status == 2 && r.out.empty())) {
        EXPECT_TRUE(nlohmann::json::accept(r.out)) << what;
      }
      if (::testing::Test::HasFailure()) {
        ADD_FAILURE() << "the file is kept to reproduce the failure: " << shown(file);
        return;
      }
    }
    std::filesystem::remove(file);
  }
}

}  // namespace
}  // namespace gpuasm::tool
