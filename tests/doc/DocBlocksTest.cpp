// The doc test (issue 42): every fenced code block of README.md, docs/LANGUAGE.md and
// docs/PROTOCOL.md is run against this build's gpuasm or explicitly marked as not runnable with
// a reason, so the documents cannot drift from the tool. How a block is classified and how to
// mark one: docs/TESTING.md, "Doc tests". GPUASM_DOCS_ROOT names another directory holding the
// documents (and the files they name), which is how a broken copy is shown to fail.
#include "DocBlocks.h"
#include "ScratchDir.h"
#include "Shell.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace gpuasm::doctest;

namespace {

constexpr int kTimeoutSeconds = 30;  // each command; the whole test takes a few seconds

fs::path docsRoot() {
  const char* env = std::getenv("GPUASM_DOCS_ROOT");
  return env != nullptr && *env != '\0' ? fs::path(env) : fs::path(GPUASM_SOURCE_DIR);
}

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeText(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

std::vector<std::string> splitLines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

using shell::quoted;
using shell::Result;

/// A block's scratch directory: `ws/` is the current directory of its commands, holding copies of
/// the top-level files and directories of the docs root (else the source tree) the block names
/// (a word with a `/` whose first part is one), and build/bin/gpuasm, a link to the binary under
/// test; that directory is first on PATH, and HOME is a directory of its own.
class Workspace {
 public:
  explicit Workspace(const std::string& words) {
    fs::create_directories(ws());
    fs::create_directories(ws() / "build/bin");
    fs::create_symlink(GPUASM_BINARY, ws() / "build/bin/gpuasm");
    // Each word's first path component that names something at the root is copied.
    static const std::regex word(R"([A-Za-z0-9_.-]+(/[A-Za-z0-9_.*<>-]*)*)");
    std::set<std::string> copied;
    for (std::sregex_iterator it(words.begin(), words.end(), word), end; it != end; ++it) {
      if (it->str().find('/') == std::string::npos) continue;  // a path, not a word of prose
      const std::string first = it->str().substr(0, it->str().find('/'));
      if (first.empty() || first == "build" || first == "." || first == ".." || !copied.insert(first).second)
        continue;
      for (const fs::path& base : {docsRoot(), fs::path(GPUASM_SOURCE_DIR)}) {
        if (!fs::exists(base / first)) continue;
        fs::copy(base / first, ws() / first, fs::copy_options::recursive);
        break;
      }
    }
  }
  fs::path ws() const { return dir_ / "ws"; }

  /// Runs `script` with bash in ws/, bounded by kTimeoutSeconds; stderr joins stdout when
  /// `combined`.
  Result run(const std::string& script, bool combined) const {
    const fs::path file = dir_ / "command.sh";
    writeText(file, script + "\n");
    fs::create_directories(dir_ / "home");
    const std::string bin = (ws() / "build/bin").string();
    const std::string cmd =
        "HOME=" + quoted((dir_ / "home").string()) +
        " exec env -u XDG_CACHE_HOME -u XDG_CONFIG_HOME -u XDG_DATA_HOME PATH=" + quoted(bin) +
        ":\"$PATH\" bash " + quoted(file.string());
    return shell::run(cmd, {ws(), combined, kTimeoutSeconds});
  }

  /// What must vary between runs made the same in the document and the output: the scratch
  /// directory (written /path), a commit and its date, SHA-256 digests.
  std::string normalise(const std::string& s) const {
    std::string t = s;
    for (std::size_t at; (at = t.find(ws().string())) != std::string::npos;)
      t.replace(at, ws().string().size(), "/path");
    static const std::regex commit(R"(commit ([0-9a-f]{12}(-dirty)?|unknown)( \(\d{4}-\d\d-\d\d\))?)");
    static const std::regex sha(R"(\b[0-9a-f]{64}\b)");
    t = std::regex_replace(t, commit, "commit <commit>");
    return std::regex_replace(t, sha, "<sha256>");
  }

 private:
  gpuasm::test::ScratchDir scratch_{"doctest"};
  fs::path dir_ = scratch_.path();
};

std::string excerptOf(const std::string& s, std::size_t max = 1500) {
  return s.size() <= max ? s : s.substr(0, max) + "\n[…" + std::to_string(s.size() - max) + " more bytes]";
}

/// Checks one block; appends "FILE:LINE: message" for each failure.
class BlockCheck {
 public:
  /// `files`: what the document's `file:` blocks before this one wrote, by name (for `use:`).
  BlockCheck(const std::string& file, const Block& block, std::map<std::string, std::string>& files,
             std::vector<std::string>& failures)
      : file_(file), block_(block), files_(files), failures_(failures) {}

  void check() {
    if (const Marker* skip = block_.find("skip")) {
      if (skip->value.empty()) fail(skip->line, "'skip' needs a reason: <!-- doctest: skip: WHY -->");
      if (block_.markers.size() > 1) fail(skip->line, "a skipped block has no other doctest marker");
      return;
    }
    if (refusesACommand()) return;
    std::string words = block_.text();
    for (const Marker& m : block_.markers) words += " " + m.value;
    Workspace w(words);
    w_ = &w;
    for (const Marker* m : block_.all("use")) {
      const auto it = files_.find(m->value);
      if (it == files_.end())
        fail(m->line, "'use' names '" + m->value +
                          "', which no block above it writes (<!-- doctest: file: " + m->value + " -->)");
      else
        writeText(w.ws() / m->value, it->second);
    }
    for (const Marker* m : block_.all("setup")) runExpecting(m->value, m->line, 0, false);
    bool classified = false;
    if (block_.info == "asm")
      classified = checkAsm();
    else if (block_.info == "sh")
      classified = checkSh();
    classified = checkJsonText() || classified;
    if (const Marker* f = block_.find("file")) {
      classified = true;
      std::string content = block_.text();
      if (json_) content = concreteJson(*json_).dump(2) + "\n";
      writeText(w.ws() / f->value, content);
      files_[f->value] = content;
    }
    for (const Marker* m : block_.all("run")) {
      classified = true;
      runExpecting(m->value, m->line, expectedExit(m->value), true);
    }
    for (const char* key : {"output", "contains"})
      for (const Marker* m : block_.all(key)) {
        classified = true;
        const Result r = runExpecting(m->value, m->line, expectedExit(m->value), true);
        compareText(block_.lines, r.out, std::string(key) == "contains", block_.line, m->value);
      }
    if (!block_.all("json-shape").empty()) {
      classified = true;
      checkShape();
    }
    if (!classified)
      fail(block_.line, "a code block" + (block_.info.empty() ? std::string() : " of '" + block_.info + "'") +
                            " the doc test does not run: mark what it is (<!-- doctest: output: COMMAND -->, "
                            "json-shape, file, run, …) or why it cannot run (<!-- doctest: skip: WHY -->); "
                            "docs/TESTING.md, \"Doc tests\"");
    for (const Marker* m : block_.all("exit")) {
      const auto [status, command] = parseExit(*m);
      (void)status;
      if (!command.empty() && !usedCommands_.count(command))
        fail(m->line, "'exit' names '" + command + "', which is no command of the block");
    }
    w_ = nullptr;
  }

 private:
  void fail(std::size_t line, const std::string& message) {
    failures_.push_back(file_ + ":" + std::to_string(line) + ": " + message);
  }

  // Every command the block would run (its own and its markers'), checked before any runs: one
  // that needs root or touches the machine outside the scratch directory is refused, and the
  // block with it.
  bool refusesACommand() {
    std::vector<std::pair<std::size_t, std::string>> commands;
    for (const char* key : {"setup", "run", "output", "contains", "json-shape"})
      for (const Marker* m : block_.all(key)) commands.emplace_back(m->line, m->value);
    if (block_.info == "sh") {
      bool session = false;
      for (const std::string& l : block_.lines) session = session || l.rfind("$ ", 0) == 0;
      if (session) {
        for (std::size_t i = 0; i < block_.lines.size(); ++i)
          if (block_.lines[i].rfind("$ ", 0) == 0)
            commands.emplace_back(block_.firstLine() + i, block_.lines[i].substr(2));
      } else {
        for (const Command& c : commandsOf(block_.lines))
          commands.emplace_back(block_.firstLine() + c.offset, c.text);
      }
    }
    bool refused = false;
    for (const auto& [line, command] : commands) {
      const std::string why = refusedCommand(command);
      if (why.empty()) continue;
      fail(line, "'" + command + "' is not run by the doc test: " + why +
                     "; mark it skip: <!-- doctest: skip: WHY -->");
      refused = true;
    }
    return refused;
  }

  std::pair<int, std::string> parseExit(const Marker& m) {
    std::size_t end = 0;
    int status = -1;
    try {
      status = std::stoi(m.value, &end);
    } catch (const std::exception&) {
      fail(m.line, "'exit' wants a status: <!-- doctest: exit: N[: COMMAND] -->");
      return {0, {}};
    }
    std::string rest = trim(std::string_view(m.value).substr(end));
    if (!rest.empty() && rest.front() == ':') rest = trim(std::string_view(rest).substr(1));
    return {status, rest};
  }

  // exit: N: COMMAND for that command, else exit: N for the block, else 0.
  int expectedExit(const std::string& command) {
    usedCommands_.insert(command);
    int whole = 0;
    for (const Marker* m : block_.all("exit")) {
      const auto [status, named] = parseExit(*m);
      if (named == command) return status;
      if (named.empty()) whole = status;
    }
    return whole;
  }

  Result runExpecting(const std::string& command, std::size_t line, int status, bool combined) {
    const Result r = w_->run(command, combined);
    if (r.timedOut)
      fail(line, "'" + command + "' did not finish within " + std::to_string(kTimeoutSeconds) + " s");
    else if (r.status != status)
      fail(line, "'" + command + "' exited " + std::to_string(r.status) + ", the document says " +
                     std::to_string(status) + "; it printed:\n" + excerptOf(r.out + r.err));
    return r;
  }

  void compareText(const std::vector<std::string>& doc, const std::string& out, bool contiguous,
                   std::size_t line, const std::string& command) {
    std::vector<std::string> pattern;
    for (const std::string& l : doc) pattern.push_back(w_->normalise(l));
    const std::vector<std::string> text = splitLines(w_->normalise(out));
    if (matchText(pattern, text, contiguous)) return;
    std::string shown;
    for (const std::string& l : pattern) shown += "  | " + l + "\n";
    fail(line, "'" + command + "' printed something else than the block " +
                   (contiguous ? "(which must be a run of its lines)" : "") + "shows:\n" + shown +
                   "it printed:\n" + excerptOf(w_->normalise(out)));
  }

  bool checkAsm() {
    fs::path file = "block.asm";
    bool elided = false;
    for (const std::string& l : block_.lines) elided = elided || trim(l) == "\xE2\x80\xA6";
    if (const Marker* ex = block_.find("excerpt")) {
      file = ex->value;
      const fs::path target = w_->ws() / file;
      if (!fs::exists(target)) {
        fail(ex->line, "'excerpt' names '" + ex->value + "', which does not exist");
        return true;
      }
      // The block's lines between `…` lines are runs of the file's lines, in order.
      std::vector<std::string> pattern = {"\xE2\x80\xA6"};
      for (const std::string& l : block_.lines)
        pattern.push_back(trim(l) == "\xE2\x80\xA6" ? "\xE2\x80\xA6" : l);
      pattern.emplace_back("\xE2\x80\xA6");
      std::vector<std::string> lines;
      for (const std::string& l : splitLines(readText(target))) lines.push_back(l);
      if (!matchLines(pattern, 0, lines, 0))
        fail(block_.line,
             "the block is not an excerpt of " + ex->value + " (its lines between '…' lines, in order)");
    } else if (elided) {
      fail(block_.line, "an asm block with '…' lines is an excerpt: mark it <!-- doctest: excerpt: FILE -->");
      return true;
    } else {
      writeText(w_->ws() / file, block_.text());
    }
    const std::string f = quoted(file.string());
    runExpecting("gpuasm check " + f, block_.line, expectedExit("gpuasm check " + f), true);
    if (readText(w_->ws() / file).find("// @expect") != std::string::npos)
      runExpecting("gpuasm test " + f, block_.line, expectedExit("gpuasm test " + f), true);
    return true;
  }

  bool checkSh() {
    bool session = false;
    for (const std::string& l : block_.lines) session = session || l.rfind("$ ", 0) == 0;
    if (!session) {
      for (const Command& c : commandsOf(block_.lines))
        runExpecting(c.text, block_.firstLine() + c.offset, expectedExit(c.text), true);
      return true;
    }
    // A session: `$ COMMAND` lines, each followed by what it prints.
    for (std::size_t i = 0; i < block_.lines.size(); ++i) {
      if (block_.lines[i].rfind("$ ", 0) != 0) {
        fail(block_.firstLine() + i, "a session block's output must follow a '$ COMMAND' line");
        return true;
      }
      const std::string command = trim(std::string_view(block_.lines[i]).substr(2));
      std::vector<std::string> expected;
      const std::size_t line = block_.firstLine() + i;
      while (i + 1 < block_.lines.size() && block_.lines[i + 1].rfind("$ ", 0) != 0)
        expected.push_back(block_.lines[++i]);
      const Result r = runExpecting(command, line, expectedExit(command), true);
      compareText(expected, r.out, false, line, command);
    }
    return true;
  }

  // A json block, or a bare one marked `json`/`json-shape`/`file` holding JSON: it must parse once
  // its elisions are read.
  bool checkJsonText() {
    const bool isJson =
        block_.info == "json" || block_.find("json") != nullptr || block_.find("json-shape") != nullptr;
    if (!isJson) return false;
    std::string error;
    const std::string resolved = resolveElisions(block_.text(), error);
    if (!error.empty()) {
      fail(block_.line, "the JSON block does not parse: " + error);
      return true;
    }
    try {
      json_ = nlohmann::json::parse(resolved);
    } catch (const nlohmann::json::parse_error& e) {
      fail(block_.line,
           std::string("the JSON block does not parse (elisions read as docs/TESTING.md says): ") + e.what());
    }
    return true;
  }

  void checkShape() {
    if (!json_) return;
    std::vector<nlohmann::json> outputs;
    for (const Marker* m : block_.all("json-shape")) {
      const Result r = runExpecting(m->value, m->line, expectedExit(m->value), false);
      try {
        outputs.push_back(nlohmann::json::parse(r.out));
      } catch (const nlohmann::json::parse_error& e) {
        fail(m->line, "'" + m->value + "' printed no JSON: " + e.what() + "\n" + excerptOf(r.out + r.err));
      }
    }
    if (outputs.empty()) return;
    std::vector<const nlohmann::json*> outs;
    for (const nlohmann::json& o : outputs) outs.push_back(&o);
    std::vector<std::string> problems;
    matchShape(*json_, outs, "$", problems);
    for (const std::string& p : problems) fail(block_.line, "the JSON differs from the output's: " + p);
  }

  std::string file_;
  const Block& block_;
  std::map<std::string, std::string>& files_;
  std::vector<std::string>& failures_;
  Workspace* w_ = nullptr;
  std::optional<nlohmann::json> json_;
  std::set<std::string> usedCommands_;
};

/// Every failure of the document at `relative` under `root`, as "relative:line: message".
std::vector<std::string> checkDocument(const fs::path& root, const std::string& relative) {
  std::vector<std::string> failures;
  const fs::path path = root / relative;
  if (!fs::is_regular_file(path)) return {relative + ": cannot be read"};
  const Document doc = parseMarkdown(readText(path));
  for (const Problem& p : doc.problems)
    failures.push_back(relative + ":" + std::to_string(p.line) + ": " + p.message);
  std::map<std::string, std::string> files;
  for (const Block& b : doc.blocks) BlockCheck(relative, b, files, failures).check();
  return failures;
}

void expectDocumentHolds(const std::string& relative) {
  const std::vector<std::string> failures = checkDocument(docsRoot(), relative);
  for (const std::string& f : failures) ADD_FAILURE() << f;
}

// --- The documents ------------------------------------------------------------------------------

TEST(DocBlocks, ReadmeHolds) { expectDocumentHolds("README.md"); }
TEST(DocBlocks, LanguageHolds) { expectDocumentHolds("docs/LANGUAGE.md"); }
TEST(DocBlocks, ProtocolHolds) { expectDocumentHolds("docs/PROTOCOL.md"); }
TEST(DocBlocks, TestingHolds) { expectDocumentHolds("docs/TESTING.md"); }

// --- The doc test's own parts -------------------------------------------------------------------

TEST(DocBlocksExtractor, ReadsBlocksInfoStringsAndMarkers) {
  const Document d = parseMarkdown(
      "text\n<!-- doctest: exit: 1: gpuasm check a.asm -->\n<!-- doctest: setup: touch x -->\n```sh\n"
      "gpuasm check a.asm   # one\n```\n\n  ```\n  indented\n  ```\n");
  ASSERT_TRUE(d.problems.empty());
  ASSERT_EQ(d.blocks.size(), 2u);
  EXPECT_EQ(d.blocks[0].line, 4u);
  EXPECT_EQ(d.blocks[0].info, "sh");
  ASSERT_EQ(d.blocks[0].markers.size(), 2u);
  EXPECT_EQ(d.blocks[0].markers[0].key, "exit");
  EXPECT_EQ(d.blocks[0].markers[0].value, "1: gpuasm check a.asm");
  EXPECT_EQ(d.blocks[0].markers[1].value, "touch x");
  const std::vector<Command> commands = commandsOf(d.blocks[0].lines);
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(commands[0].text, "gpuasm check a.asm");
  EXPECT_EQ(d.blocks[1].info, "");
  EXPECT_EQ(d.blocks[1].lines, std::vector<std::string>{"indented"});
}

TEST(DocBlocksExtractor, AStrayOrUnknownMarkerAndAnOpenFenceAreProblems) {
  const Document d =
      parseMarkdown("<!-- doctest: skip: x -->\nprose\n<!-- doctest: frobnicate -->\n```sh\nls\n");
  ASSERT_EQ(d.problems.size(), 3u);
  EXPECT_EQ(d.problems[0].line, 1u);  // reported once the prose below it is read
  EXPECT_NE(d.problems[0].message.find("not right above a code block (line 2 is in between)"),
            std::string::npos);
  EXPECT_EQ(d.problems[1].line, 3u);
  EXPECT_NE(d.problems[1].message.find("unknown doctest marker 'frobnicate'"), std::string::npos);
  EXPECT_EQ(d.problems[2].line, 4u);
  EXPECT_NE(d.problems[2].message.find("never closed"), std::string::npos);
}

TEST(DocBlocksExtractor, CommentsAndContinuationsOfShLines) {
  const std::vector<Command> c =
      commandsOf({"# a comment", "echo 'a # b' # c", "", "gpuasm run \\", "  k.asm --json", "x#y"});
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0].text, "echo 'a # b'");
  EXPECT_EQ(c[0].offset, 1u);
  EXPECT_EQ(c[1].text, "gpuasm run  k.asm --json");
  EXPECT_EQ(c[1].offset, 3u);
  EXPECT_EQ(c[2].text, "x#y");
}

TEST(DocBlocksExtractor, ElisionsOfJson) {
  std::string error;
  const std::string text =
      "{\"a\":…, \"b\":[\"0x0\", …4 lanes], \"c\":{…}, \"d\":{…, \"e\":\"…\"}, "
      "\"f\":[…as in check…], \"g\":{\"h\":1, …}}";
  const nlohmann::json j = nlohmann::json::parse(resolveElisions(text, error));
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(j["a"], std::string(kAny));
  EXPECT_EQ(j["b"][1], std::string(kMore) + " 4");
  EXPECT_EQ(j["c"], nlohmann::json::object());
  EXPECT_EQ(j["d"], nlohmann::json::parse(R"({"e":"…"})"));
  EXPECT_EQ(j["f"][0], std::string(kMore));
  EXPECT_EQ(j["g"], nlohmann::json::parse(R"({"h":1})"));
  // The concrete JSON of a state file: `…N` pads with the last element, elided values go.
  const nlohmann::json c = concreteJson(j);
  EXPECT_EQ(c["b"], nlohmann::json::parse(R"(["0x0","0x0","0x0","0x0"])"));
  EXPECT_FALSE(c.contains("a"));
  resolveElisions("…", error);
  EXPECT_FALSE(error.empty());
}

TEST(DocBlocksExtractor, ShapeMatching) {
  const nlohmann::json doc = nlohmann::json::parse(
      R"({"files":[{"file":"a.asm","line":2,"ok":true,"error":"only when unreadable"}],"n":null,"lanes":["x","\u0001more 2"]})");
  const nlohmann::json good = nlohmann::json::parse(
      R"({"files":[{"file":"k.asm","line":7,"ok":false},{"file":"m.asm","error":"cannot read"}],"n":null,"lanes":["a","b"],"extra":1})");
  std::vector<std::string> problems;
  matchShape(doc, {&good}, "$", problems);
  EXPECT_TRUE(problems.empty()) << problems.front();
  const nlohmann::json bad =
      nlohmann::json::parse(R"({"files":[{"file":"k.asm","line":"7","ok":false}],"n":null,"lanes":["a"]})");
  matchShape(doc, {&bad}, "$", problems);
  ASSERT_EQ(problems.size(), 3u);
  // Members in key order.
  EXPECT_NE(problems[0].find("$.files[].error: shown in the document, absent"), std::string::npos)
      << problems[0];
  EXPECT_NE(problems[1].find("$.files[].line: the document shows a number"), std::string::npos)
      << problems[1];
  EXPECT_NE(problems[2].find("$.lanes: the document says 2 elements, the output has 1"), std::string::npos)
      << problems[2];
}

TEST(DocBlocksExtractor, TextWithElisions) {
  EXPECT_TRUE(matchLine("a…c", "abbbc"));
  EXPECT_FALSE(matchLine("a…c", "abbbd"));
  EXPECT_TRUE(matchText({"x", "…", "z"}, {"x", "y1", "y2", "z"}, false));
  EXPECT_FALSE(matchText({"x", "z"}, {"x", "y", "z"}, false));
  EXPECT_TRUE(matchText({"y"}, {"x", "y", "z"}, true));
  EXPECT_FALSE(matchText({"y", "x"}, {"x", "y", "z"}, true));
}

// What no block may run unskipped: the program or the place it writes decides, wherever the
// command stands on the line.
TEST(DocBlocksExtractor, RefusesCommandsThatNeedRootOrTouchTheMachine) {
  for (const char* refused : {"sudo apt-get install -y clang",
                              "apt install x",
                              "apt-get update",
                              "dpkg -i gpuasm.deb",
                              "code --install-extension gpuasm.vsix",
                              "bash scripts/setup.sh",
                              "bash scripts/test.sh --quick",
                              "./scripts/test.sh",
                              "cmake --install build",
                              "cmake --install build --prefix /usr/local",
                              "cmake --install build --prefix=../up",
                              "cmake --build build --target install",
                              "make install",
                              "rm -rf /",
                              "rm -rf /home/user/.local",
                              "rm -r ../x",
                              "echo x > /etc/gpuasm.conf",
                              "cp a.so /usr/lib/",
                              "cd build && sudo make",
                              "FOO=1 nice -n 5 sudo true",
                              "timeout 5 dpkg -l",
                              "x=$(sudo id)",
                              "true | /usr/bin/sudo tee f",
                              "bash -c 'sudo id'",
                              "find . | xargs -r sudo rm",
                              "mkdir ../outside",
                              "pip install gpuasm"}) {
    EXPECT_FALSE(refusedCommand(refused).empty()) << refused;
  }
  for (const char* allowed :
       {"gpuasm check examples/kernel.asm", "cmake --install build --prefix stage",
        "cmake --install build --prefix=$PWD/stage", "rm -rf out", "rm -rf ~/.local",
        "mkdir -p $HOME/x",  // HOME is the block's own
        "echo x > /dev/null 2>&1", "cp -r isa-db/spec spec", "printf 'sudo apt-get\\n' > notes.txt",
        "gpuasm check 'rm -rf /'", "ls /usr/share", "echo '# sudo'", "chmod +x build/bin/xdg-open",
        "mktemp -d /tmp/x.XXXX"}) {
    EXPECT_EQ(refusedCommand(allowed), "") << allowed;
  }
  // What it says: the program, and why.
  EXPECT_EQ(refusedCommand("cd x && sudo make"), "'sudo' needs root or changes the machine");
  EXPECT_EQ(refusedCommand("cmake --install build"),
            "'cmake --install' without --prefix installs into the system");
}

// The doc test on documents written here (GPUASM_DOCS_ROOT's way of pointing it elsewhere): each
// kind of block passes when it is true and fails, naming the file and the block's line, when not.
class DocBlocksOnADocument : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(fs::path(GPUASM_SOURCE_DIR) / "examples", root_ / "examples", fs::copy_options::recursive);
  }
  std::vector<std::string> check(const std::string& markdown) {
    writeText(root_ / "DOC.md", markdown);
    return checkDocument(root_, "DOC.md");
  }
  static std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += x + "\n";
    return s;
  }
  gpuasm::test::ScratchDir scratch_{"doctest-root"};
  fs::path root_ = scratch_.path();
};

TEST_F(DocBlocksOnADocument, AsmBlocksAreCheckedAndTheirExpectationsTested) {
  EXPECT_TRUE(check("```asm\n// @state R0 = lane\nMOV R1, R0 ;\n// @expect R1 == lane\n```\n").empty());
  auto f = check("Text.\n\n```asm\nIADDX R1, R1, R2 ;\n```\n");
  ASSERT_EQ(f.size(), 1u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:3: 'gpuasm check 'block.asm'' exited 1, the document says 0", 0), 0u) << f[0];
  // A false expectation: `check` reports it as the editor does (expectation-failed), and `test` fails.
  f = check("```asm\n// @state R0 = lane\nMOV R1, R0 ;\n// @expect R1 == lane + 1\n```\n");
  ASSERT_EQ(f.size(), 2u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:1: 'gpuasm check 'block.asm'' exited 1", 0), 0u) << f[0];
  EXPECT_NE(f[0].find("[expectation-failed]"), std::string::npos) << f[0];
  EXPECT_EQ(f[1].rfind("DOC.md:1: 'gpuasm test 'block.asm'' exited 1", 0), 0u) << f[1];
}

TEST_F(DocBlocksOnADocument, AnExcerptIsOfItsFile) {
  EXPECT_TRUE(check("<!-- doctest: excerpt: examples/warp-scan.asm -->\n```asm\n// @state R0 = lane\n…\n"
                    "// @expect R1[31] == 496\n```\n")
                  .empty());
  const auto f = check(
      "<!-- doctest: excerpt: examples/warp-scan.asm -->\n```asm\n// @state R0 = lane\n…\n"
      "// @expect R1[31] == 497\n```\n");
  ASSERT_EQ(f.size(), 1u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:2: the block is not an excerpt of examples/warp-scan.asm", 0), 0u) << f[0];
}

TEST_F(DocBlocksOnADocument, ShCommandsRunWithTheirDocumentedStatus) {
  EXPECT_TRUE(check("<!-- doctest: exit: 1: gpuasm check examples/illegal-modifier.asm -->\n```sh\n"
                    "build/bin/gpuasm check examples/kernel.asm   # clean\n"
                    "gpuasm check examples/illegal-modifier.asm\n```\n")
                  .empty());
  auto f = check("```sh\nbuild/bin/gpuasm check --no-such-option examples/kernel.asm\n```\n");
  ASSERT_EQ(f.size(), 1u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:2: 'build/bin/gpuasm check --no-such-option examples/kernel.asm' exited 2", 0),
            0u)
      << f[0];
  f = check(
      "<!-- doctest: exit: 1: gpuasm check examples/nothere.asm -->\n```sh\ngpuasm check "
      "examples/kernel.asm\n```\n");
  ASSERT_EQ(f.size(), 1u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:1: 'exit' names 'gpuasm check examples/nothere.asm', which is no command", 0),
            0u)
      << f[0];
}

TEST_F(DocBlocksOnADocument, ASessionsOutputIsCompared) {
  EXPECT_TRUE(
      check("```sh\n$ gpuasm test examples/warp-scan.asm\nexamples/warp-scan.asm:10:4: pass: R1 == lane\n…\n"
            "examples/warp-scan.asm: 8 expectations: 8 passed, 0 failed, 0 not checked\n```\n")
          .empty());
  const auto f = check(
      "```sh\n$ gpuasm test examples/warp-scan.asm\n…\n"
      "examples/warp-scan.asm: 8 expectations: 7 passed, 0 failed, 0 not checked\n```\n");
  ASSERT_EQ(f.size(), 1u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:2: 'gpuasm test examples/warp-scan.asm' printed something else", 0), 0u)
      << f[0];
}

TEST_F(DocBlocksOnADocument, OutputAndJsonShapeBlocks) {
  EXPECT_TRUE(
      check("<!-- doctest: output: gpuasm --version -->\n```\ngpuasm …\ncommit 0123456789ab (2000-01-01)\n"
            "spec: embedded, sha256 "
            "0000000000000000000000000000000000000000000000000000000000000000\n```\n")
          .empty());
  EXPECT_TRUE(check("<!-- doctest: json-shape: gpuasm check --json examples/kernel.asm -->\n```\n"
                    "{\"files\":[{\"file\":\"a.asm\",\"diagnostics\":[…]}]}\n```\n")
                  .empty());
  const auto f = check(
      "<!-- doctest: json-shape: gpuasm check --json examples/kernel.asm -->\n```\n"
      "{\"files\":[{\"path\":\"a.asm\",\"diagnostics\":[…]}]}\n```\n");
  ASSERT_EQ(f.size(), 1u) << joined(f);
  EXPECT_EQ(
      f[0].rfind(
          "DOC.md:2: the JSON differs from the output's: $.files[].path: shown in the document, absent", 0),
      0u)
      << f[0];
}

TEST_F(DocBlocksOnADocument, EveryBlockIsAccountedFor) {
  auto f = check("```lua\nrequire('gpuasm').setup({})\n```\n\n```\nsome output\n```\n");
  ASSERT_EQ(f.size(), 2u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:1: a code block of 'lua' the doc test does not run", 0), 0u) << f[0];
  EXPECT_EQ(f[1].rfind("DOC.md:5: a code block the doc test does not run", 0), 0u) << f[1];
  f = check("<!-- doctest: skip: -->\n```sh\nrm -rf /\n```\n");
  ASSERT_EQ(f.size(), 1u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:1: 'skip' needs a reason", 0), 0u) << f[0];
  EXPECT_TRUE(check("<!-- doctest: skip: needs root -->\n```sh\napt-get install x\n```\n").empty());
}

// A refused command fails its block, naming the line and "mark it skip", before anything of the
// block runs: its setup (which would leave a file where the test can see it) included.
TEST_F(DocBlocksOnADocument, ARefusedCommandStopsTheBlockBeforeAnythingRuns) {
  const fs::path ran = root_ / "ran";
  const auto f = check("<!-- doctest: setup: touch " + ran.string() +
                       " -->\n```sh\ngpuasm check examples/kernel.asm\nsudo apt-get install -y clang\n```\n");
  ASSERT_EQ(f.size(), 1u) << joined(f);
  EXPECT_EQ(
      f[0],
      "DOC.md:4: 'sudo apt-get install -y clang' is not run by the doc test: 'sudo' needs root or changes "
      "the machine; mark it skip: <!-- doctest: skip: WHY -->");
  EXPECT_FALSE(fs::exists(ran));
  // A marker's command alike, and a session's.
  auto g = check("<!-- doctest: run: cmake --install build -->\n```\nx\n```\n");
  ASSERT_EQ(g.size(), 1u) << joined(g);
  EXPECT_EQ(g[0].rfind("DOC.md:1: 'cmake --install build' is not run by the doc test", 0), 0u) << g[0];
  g = check("```sh\n$ gpuasm --version\n…\n$ bash scripts/setup.sh\n```\n");
  ASSERT_EQ(g.size(), 1u) << joined(g);
  EXPECT_EQ(g[0].rfind("DOC.md:4: 'bash scripts/setup.sh' is not run by the doc test", 0), 0u) << g[0];
  // Skipped, it is not looked at.
  EXPECT_TRUE(check("<!-- doctest: skip: installs as root -->\n```sh\nsudo dpkg -i x.deb\n```\n").empty());
}

// `use:` gives a block a file an earlier `file:` block of the document wrote, so a document can
// show the input of the output it shows; a name no block above writes is a failure.
TEST_F(DocBlocksOnADocument, UseGivesABlockTheFileOfAnEarlierBlock) {
  const std::string input = "<!-- doctest: file: k.asm -->\n```asm\nMOV R1, 0x1 ;\n```\n\n";
  EXPECT_TRUE(check(input + "<!-- doctest: use: k.asm -->\n<!-- doctest: output: cat k.asm -->\n```\n"
                            "MOV R1, 0x1 ;\n```\n")
                  .empty());
  // Without it the next block's scratch directory has no k.asm.
  auto f = check(input + "<!-- doctest: output: cat k.asm -->\n```\nMOV R1, 0x1 ;\n```\n");
  ASSERT_EQ(f.size(), 2u) << joined(f);
  EXPECT_EQ(f[0].rfind("DOC.md:6: 'cat k.asm' exited 1, the document says 0", 0), 0u) << f[0];
  f = check("<!-- doctest: use: k.asm -->\n<!-- doctest: output: cat k.asm -->\n```\nMOV R1, 0x1 ;\n```\n" +
            input);
  ASSERT_GE(f.size(), 1u);
  EXPECT_EQ(f[0],
            "DOC.md:1: 'use' names 'k.asm', which no block above it writes (<!-- doctest: file: k.asm -->)");
}

// The runner every test that drives a program uses (tests/common/Shell.h).
TEST(Shell, StatusOutputsApartOrJoinedAndATimeout) {
  Result r = shell::run("printf out; printf err >&2; exit 3");
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out, "out");
  EXPECT_EQ(r.err, "err");
  r = shell::run("echo a; echo b >&2; echo c", {{}, true, 10});
  EXPECT_EQ(r.out, "a\nb\nc\n");  // in the order written
  EXPECT_EQ(r.err, "");
  r = shell::run("pwd", {fs::temp_directory_path(), false, 10});
  EXPECT_EQ(r.out, fs::temp_directory_path().string() + "\n");
  r = shell::run("cat", {{}, false, 10});  // stdin is empty
  EXPECT_EQ(r.status, 0);
  r = shell::run("kill -TERM $$");
  EXPECT_EQ(r.status, 128 + 15);
  const auto start = std::chrono::steady_clock::now();
  r = shell::run("echo started; sleep 30", {{}, false, 1});
  EXPECT_TRUE(r.timedOut);
  EXPECT_EQ(r.status, 124);
  EXPECT_EQ(r.out, "started\n");
  // A command that closes its output and goes on is bounded too.
  r = shell::run("exec >&- 2>&-; sleep 30", {{}, false, 1});
  EXPECT_TRUE(r.timedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

}  // namespace
