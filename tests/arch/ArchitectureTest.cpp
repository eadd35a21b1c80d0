// The architecture's rules that a test can check (docs/ARCHITECTURE.md, "The folders and their
// rules"), read from the sources themselves so that a change breaking one fails here with the
// file and line: which folders may include nlohmann_json and Boost.Asio (the build refuses them
// too: CTest's forbidden_include_*), which layers and which of ide's folders each may include,
// which may name the LSP's methods, which tool/ files may use the protocol layers, that the
// protocol layers neither keep nor build a document's analyses, and that no function in server/,
// isa-db/ or simulator/ is longer than 100 lines.
#include "SourceScan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::test {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = GPUASM_SOURCE_DIR;

std::string pathInRepo(const fs::path& p) { return fs::relative(p, kRoot).generic_string(); }

bool under(const std::string& path, std::initializer_list<std::string_view> folders) {
  for (const std::string_view f : folders)
    if (path.starts_with(f)) return true;
  return false;
}

std::vector<fs::path> productionSources() { return sourcesUnder(kRoot, {"server", "isa-db", "simulator"}); }

// Each `#include <prefix…>` of the production sources outside `allowed`, as "file:line".
std::string includesOutside(std::string_view prefix, std::initializer_list<std::string_view> allowed) {
  std::string found;
  for (const fs::path& p : productionSources()) {
    const std::string file = pathInRepo(p);
    if (under(file, allowed)) continue;
    std::istringstream in(readFile(p));
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
      ++lineNo;
      const std::size_t hash = line.find_first_not_of(" \t");
      if (hash == std::string::npos || line[hash] != '#') continue;
      const std::size_t open = line.find('<');
      if (line.find("include", hash) != std::string::npos && open != std::string::npos &&
          std::string_view(line).substr(open + 1).starts_with(prefix))
        found += "  " + file + ":" + std::to_string(lineNo) + ": " + line + "\n";
    }
  }
  return found;
}

TEST(Architecture, OnlyFormatsWireLspAndDapIncludeNlohmannJson) {
  const std::string found =
      includesOutside("nlohmann/", {"server/formats/", "server/wire/", "server/lsp/", "server/dap/"});
  EXPECT_TRUE(found.empty()) << "JSON outside server/formats and the protocol layers:\n" << found;
}

TEST(Architecture, OnlyWireIncludesAsio) {
  const std::string found = includesOutside("boost/", {"server/wire/"});
  EXPECT_TRUE(found.empty()) << "Boost outside server/wire:\n" << found;
}

TEST(Architecture, EachLayerIncludesOnlyTheLayersBelowIt) {
  // The headers a folder may not include: those of the layers above it or beside it.
  struct Rule {
    std::string_view folder;
    std::initializer_list<std::string_view> forbidden;
  };
  const Rule rules[] = {
      {"isa-db/",
       {"gpuasm/syntax/", "gpuasm/sim/", "gpuasm/ide/", "gpuasm/formats/", "gpuasm/workspace/",
        "gpuasm/wire/", "gpuasm/lsp/", "gpuasm/dap/"}},
      {"simulator/",
       {"gpuasm/syntax/", "gpuasm/ide/", "gpuasm/formats/", "gpuasm/workspace/", "gpuasm/wire/",
        "gpuasm/lsp/", "gpuasm/dap/"}},
      {"server/syntax/",
       {"gpuasm/sim/", "gpuasm/ide/", "gpuasm/formats/", "gpuasm/workspace/", "gpuasm/wire/", "gpuasm/lsp/",
        "gpuasm/dap/"}},
      {"server/ide/", {"gpuasm/formats/", "gpuasm/workspace/", "gpuasm/wire/", "gpuasm/lsp/", "gpuasm/dap/"}},
      {"server/formats/", {"gpuasm/workspace/", "gpuasm/wire/", "gpuasm/lsp/", "gpuasm/dap/"}},
      // The transport knows frames and bytes only (and isa's text helpers): no documents, no formats.
      {"server/wire/",
       {"gpuasm/syntax/", "gpuasm/sim/", "gpuasm/ide/", "gpuasm/formats/", "gpuasm/workspace/", "gpuasm/lsp/",
        "gpuasm/dap/"}},
      {"server/workspace/", {"gpuasm/wire/", "gpuasm/lsp/", "gpuasm/dap/"}},
      {"server/lsp/", {"gpuasm/dap/"}},
      {"server/dap/", {"gpuasm/lsp/"}},
      // The command line starts the servers through lsp::serve and dap::serve (Serve.h).
      {"server/tool/", {"gpuasm/wire/"}},
      // The browser's entry hands messages to lsp::Server and dap::DapServer: it is their
      // transport, so it needs none of the wire's, and its documents are the servers' workspace's.
      {"server/web/", {"gpuasm/wire/", "gpuasm/workspace/", "gpuasm/formats/"}},
  };
  std::string found;
  for (const Rule& rule : rules)
    for (const std::string_view header : rule.forbidden) {
      const std::string all = includesOutside(header, {});
      std::istringstream in(all);
      for (std::string line; std::getline(in, line);)
        if (line.starts_with("  " + std::string(rule.folder))) found += line + "\n";
    }
  EXPECT_TRUE(found.empty()) << "includes of a layer above or beside:\n" << found;
}

TEST(Architecture, IdeFoldersIncludeOnlyTheFoldersBelowThem) {
  // server/ide's folders in one direction (docs/ARCHITECTURE.md): the result types at ide's root
  // (gpuasm/ide/Results.h), analysis, execution, reference, and the editor features of .asm
  // files and of spec files beside each other on top. A file includes its own folder's headers
  // and those of the folders below it.
  struct Folder {
    std::string_view name;  ///< "" for ide's root: src/*.cpp and include/gpuasm/ide/*.h
    int floor;
  };
  const Folder folders[] = {{"", 0},          {"analysis", 1}, {"execution", 2},
                            {"reference", 3}, {"asm", 4},      {"spec", 4}};
  const auto floorOf = [&](std::string_view name) -> std::optional<int> {
    for (const Folder& f : folders)
      if (f.name == name) return f.floor;
    return std::nullopt;
  };
  // The folder of a path below a base ("src/asm/Hover.cpp" → "asm", "src/Results.cpp" → "").
  const auto folderIn = [](std::string_view rest) {
    const std::size_t slash = rest.find('/');
    return slash == std::string_view::npos ? std::string_view() : rest.substr(0, slash);
  };
  std::string found;
  std::size_t includes = 0;
  for (const fs::path& p : sourcesUnder(kRoot, {"server/ide"})) {
    const std::string file = pathInRepo(p);
    std::string_view rest = file;
    for (const std::string_view base : {"server/ide/src/", "server/ide/include/gpuasm/ide/"})
      if (rest.starts_with(base)) rest.remove_prefix(base.size());
    const std::string_view from = folderIn(rest);
    const std::optional<int> fromFloor = floorOf(from);
    if (!fromFloor) {
      found += "  " + file + ": folder '" + std::string(from) + "' has no place in the order\n";
      continue;
    }
    std::istringstream in(readFile(p));
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
      ++lineNo;
      constexpr std::string_view kIde = "#include <gpuasm/ide/";
      if (!line.starts_with(kIde)) continue;
      ++includes;
      const std::string_view to = folderIn(std::string_view(line).substr(kIde.size()));
      const std::optional<int> toFloor = floorOf(to);
      if (to != from && (!toFloor || *toFloor >= *fromFloor))
        found += "  " + file + ":" + std::to_string(lineNo) + ": " + line + "\n";
    }
  }
  EXPECT_GT(includes, 50u);  // the scan reads the includes, not nothing
  EXPECT_TRUE(found.empty()) << "includes of an ide folder above or beside:\n" << found;
}

TEST(Architecture, LspMethodNamesOnlyInLsp) {
  // The protocol's method names are the LSP layer's (the debug adapter names its own custom
  // requests gpuasm/…); the workspace and the features below them return values, never messages.
  std::string found;
  for (const fs::path& p : productionSources()) {
    const std::string file = pathInRepo(p);
    if (under(file, {"server/lsp/"})) continue;
    for (const Literal& l : stringLiterals(file, readFile(p))) {
      if (l.text.ends_with(".h")) continue;  // an #include "…"
      // gpuasm's own requests: the LSP extensions, and the debug adapter's custom requests.
      const bool extension = l.text.starts_with("gpuasm/") && !under(file, {"server/dap/"});
      for (const std::string_view prefix : {"textDocument/", "workspace/", "window/", "client/", "$/"})
        if (l.text.starts_with(prefix) || (extension && prefix == "$/"))
          found += "  " + file + ":" + std::to_string(l.line) + ": \"" + l.text + "\"\n";
    }
  }
  EXPECT_TRUE(found.empty()) << "LSP method names outside server/lsp:\n" << found;
}

TEST(Architecture, ToolUsesTheProtocolLayersOnlyToServeThem) {
  // The command line prints ide and formats values (server/formats' JSON); only the commands
  // that start a server know its layer, and none knows the transport.
  std::string found;
  for (const fs::path& p : sourcesUnder(kRoot, {"server/tool"})) {
    const std::string file = pathInRepo(p);
    const std::string code = scanSource(file, readFile(p)).code;
    const auto check = [&](std::string_view token, std::string_view allowedFile) {
      if (!allowedFile.empty() && file.ends_with(allowedFile)) return;
      for (std::size_t at = code.find(token); at != std::string::npos; at = code.find(token, at + 1))
        found += "  " + file + ":" +
                 std::to_string(
                     1 + std::count(code.begin(), code.begin() + static_cast<std::ptrdiff_t>(at), '\n')) +
                 ": " + std::string(token) + "\n";
    };
    check("lsp::", "/LspCommand.cpp");
    check("gpuasm/lsp/", "/LspCommand.cpp");
    check("dap::", "/DapCommand.cpp");
    check("gpuasm/dap/", "/DapCommand.cpp");
    check("wire::", "");
    check("gpuasm/wire/", "");
  }
  EXPECT_TRUE(found.empty()) << "protocol types in the command line:\n" << found;
}

// ---------------------------------------------------------------- function length

struct FunctionBody {
  std::string name;
  int line = 0;       ///< of its opening brace
  int bodyLines = 0;  ///< lines strictly between its braces
};

// The header of a brace (the code since the last ; { or } of its scope) opens a function body:
// it has a parameter list and no `=` before it (an initializer or a lambda assigned to a
// variable) unless the function is an operator.
bool isFunctionHeader(std::string_view header, std::string& name) {
  const std::size_t paren = header.find('(');
  if (paren == std::string_view::npos) return false;
  const std::string_view before = header.substr(0, paren);
  if (before.find('=') != std::string_view::npos && before.find("operator") == std::string_view::npos)
    return false;
  for (const std::string_view kw : {"namespace", "class ", "struct ", "union ", "enum ", "extern "})
    if (before.find(kw) != std::string_view::npos && before.find(kw) == before.find_first_not_of(" \t\n"))
      return false;
  if (const std::size_t op = before.find("operator"); op != std::string_view::npos) {
    name = std::string(before.substr(op));
    return true;
  }
  std::size_t e = before.find_last_not_of(" \t\n");
  std::size_t b = e;
  while (b > 0 && (std::isalnum(static_cast<unsigned char>(before[b - 1])) || before[b - 1] == '_' ||
                   before[b - 1] == ':' || before[b - 1] == '~'))
    --b;
  name = e == std::string_view::npos ? std::string() : std::string(before.substr(b, e + 1 - b));
  return true;
}

// The bodies of the functions defined at namespace or class scope (a lambda's lines count to
// the function it is in), read from code whose comments and literals are blanked.
std::vector<FunctionBody> functionBodies(std::string code) {
  // Preprocessor lines hold no braces that count.
  for (std::size_t at = 0; at < code.size();) {
    const std::size_t end = std::min(code.find('\n', at), code.size());
    const std::size_t first = code.find_first_not_of(" \t", at);
    if (first < end && code[first] == '#')
      for (std::size_t k = first; k < end; ++k) code[k] = ' ';
    at = end + 1;
  }
  enum class Scope { Container, Function, Other };
  struct Open {
    Scope scope;
    int line;
    std::string name;
  };
  std::vector<Open> stack;
  std::vector<FunctionBody> out;
  std::size_t headerStart = 0;
  int line = 1;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    if (c == '\n') ++line;
    if (c == ';' || c == '}') headerStart = i + 1;
    if (c == '{') {
      const bool inFunction = !stack.empty() && stack.back().scope != Scope::Container;
      std::string name;
      const std::string_view header = std::string_view(code).substr(headerStart, i - headerStart);
      Scope scope = Scope::Other;
      if (inFunction)
        scope = Scope::Other;
      else if (isFunctionHeader(header, name))
        scope = Scope::Function;
      else if (header.find('(') == std::string_view::npos && header.find('=') == std::string_view::npos &&
               header.find("enum") == std::string_view::npos)
        scope = Scope::Container;  // namespace, class, struct, union, extern "C"
      stack.push_back({scope, line, name});
      headerStart = i + 1;
    } else if (c == '}' && !stack.empty()) {
      const Open open = stack.back();
      stack.pop_back();
      if (open.scope == Scope::Function)
        out.push_back({open.name, open.line, std::max(0, line - open.line - 1)});
    }
  }
  return out;
}

TEST(Architecture, FunctionBodiesAreReadFromTheCode) {
  const std::string src =
      "namespace a {\nstruct S {\n  int f(int x) const {\n    return x;\n  }\n};\n"
      "const auto g = [](int) {\n  return 1;\n};\n"
      "void h() {\n  auto l = [] {\n  };\n  if (true) {\n  }\n  // }\n  const char* s = \"}\";\n}\n"
      "enum class E { A, B };\nbool operator==(S, S) { return true; }\n}  // namespace a\n";
  const auto bodies = functionBodies(scanSource("x.cpp", src).code);
  ASSERT_EQ(bodies.size(), 3u);
  EXPECT_EQ(bodies[0].name, "f");
  EXPECT_EQ(bodies[0].bodyLines, 1);
  EXPECT_EQ(bodies[1].name, "h");
  EXPECT_EQ(bodies[1].line, 10);
  EXPECT_EQ(bodies[1].bodyLines, 6);
  EXPECT_EQ(bodies[2].name, "operator==");
  EXPECT_EQ(bodies[2].bodyLines, 0);  // on one line
}

TEST(Architecture, TheProtocolLayersHoldNoDocumentState) {
  // lsp/ and dap/ hold the workspace's objects (workspace::Workspace, workspace::DebugSession)
  // and protocol state only: no class member or variable outside a function names one of the
  // analyses a document or a debug session keeps. A handler may hold one while it runs, and a
  // helper of a request may refer to one (a reference member owns nothing).
  std::string found;
  std::size_t lines = 0;
  for (const fs::path& p : sourcesUnder(kRoot, {"server/lsp", "server/dap"})) {
    const std::string file = pathInRepo(p);
    const std::string code = scanSource(file, readFile(p)).code;
    std::vector<bool> inFunction(static_cast<std::size_t>(std::count(code.begin(), code.end(), '\n')) + 2,
                                 false);
    for (const FunctionBody& f : functionBodies(code))
      for (int l = f.line; l <= f.line + f.bodyLines + 1; ++l) inFunction[static_cast<std::size_t>(l)] = true;
    std::istringstream in(code);
    int lineNo = 0;
    for (std::string line; std::getline(in, line);) {
      ++lineNo;
      if (inFunction[static_cast<std::size_t>(lineNo)] || line.find('(') != std::string::npos ||
          line.find("& ") != std::string::npos)
        continue;
      ++lines;
      for (const std::string_view type :
           {"ide::Snapshot", "ide::LiveRun", "ide::Debugger", "ide::SpecView", "Document>"})
        if (line.find(type) != std::string::npos)
          found += "  " + file + ":" + std::to_string(lineNo) + ": " + line + "\n";
    }
  }
  EXPECT_GT(lines, 500u);
  EXPECT_TRUE(found.empty()) << "document state in a protocol layer (it belongs to server/workspace):\n"
                             << found;
}

// A protocol layer's function that builds one of the analyses a document or a debug session
// keeps — `std::make_shared<const ide::SpecView>(…)`, `ide::Snapshot snap(…)` — as "file:line".
// The scan above reads only the lines outside function bodies, so logic such as a handler
// building and caching a view inside a function passes it; this one reads the bodies.
struct AnalysisBuild {
  std::string where;  ///< "file:line"
  std::string line;
};

// The analyses built in the function bodies of one file's code (comments and literals blanked);
// `bodyLines` counts the lines read.
std::vector<AnalysisBuild> analysesBuiltIn(const std::string& file, const std::string& code,
                                           std::size_t& bodyLines) {
  static const std::regex built(
      R"((make_shared|make_unique)\s*<\s*(const\s+)?ide::(Snapshot|LiveRun|Debugger|SpecView)\b|)"
      R"(\bide::(Snapshot|LiveRun|Debugger|SpecView)\s*(\{|\(|\s+[A-Za-z_]\w*\s*[({]))");
  std::vector<std::string> lines;
  std::istringstream in(code);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<AnalysisBuild> out;
  for (const FunctionBody& f : functionBodies(code))
    for (int l = f.line; l <= f.line + f.bodyLines + 1 && static_cast<std::size_t>(l) <= lines.size(); ++l) {
      const std::string& line = lines[static_cast<std::size_t>(l - 1)];
      ++bodyLines;
      if (std::regex_search(line, built)) out.push_back({file + ":" + std::to_string(l), line});
    }
  return out;
}

std::vector<AnalysisBuild> analysesBuiltInProtocolLayers(std::size_t& bodyLines) {
  std::vector<AnalysisBuild> out;
  for (const fs::path& p : sourcesUnder(kRoot, {"server/lsp", "server/dap"})) {
    const std::string file = pathInRepo(p);
    for (AnalysisBuild& b : analysesBuiltIn(file, scanSource(file, readFile(p)).code, bodyLines))
      out.push_back(std::move(b));
  }
  return out;
}

TEST(Architecture, TheProtocolLayersBuildNoAnalysesInTheirFunctions) {
  // The workspace builds and caches every analysis (ide::Snapshot, ide::SpecView, ...); a handler
  // in lsp/ or dap/ asks it for one (a spec file's view: Workspace::specView).
  std::size_t bodyLines = 0;
  std::string found;
  for (const AnalysisBuild& b : analysesBuiltInProtocolLayers(bodyLines))
    found += "  " + b.where + ": " + b.line + "\n";
  EXPECT_GT(bodyLines, 2000u);  // the scan reads the function bodies, not nothing
  EXPECT_TRUE(found.empty()) << "a protocol layer builds an analysis (the workspace's job):\n" << found;
}

TEST(Architecture, FunctionBodyScanFindsAnAnalysisBuiltInAHandler) {
  // The scan's own check, on a handler written the way the rule forbids.
  const std::string src =
      "namespace gpuasm::lsp {\njson hover(ServerState& s, const Params& p) {\n"
      "  auto v = std::make_shared<const ide::SpecView>(p.text, db, 0);\n"
      "  ide::Snapshot snap(p.text, db);\n  const ide::Snapshot& ok = s.snapshot(p.uri);\n"
      "  return nullptr;\n}\n}  // namespace gpuasm::lsp\n";
  std::size_t bodyLines = 0;
  const auto built = analysesBuiltIn("x.cpp", scanSource("x.cpp", src).code, bodyLines);
  EXPECT_EQ(bodyLines, 6u);  // the body's lines, its braces' lines included
  ASSERT_EQ(built.size(), 2u);
  EXPECT_EQ(built[0].where, "x.cpp:3");
  EXPECT_EQ(built[1].where, "x.cpp:4");  // line 5 only refers to the workspace's snapshot
}

TEST(Architecture, NoFunctionInServerIsaDbOrSimulatorIsLongerThan100Lines) {
  std::string found;
  std::size_t functions = 0;
  for (const fs::path& p : productionSources()) {
    const std::string file = pathInRepo(p);
    for (const FunctionBody& f : functionBodies(scanSource(file, readFile(p)).code)) {
      ++functions;
      if (f.bodyLines > 100)
        found += "  " + file + ":" + std::to_string(f.line) + ": " + f.name + " (" +
                 std::to_string(f.bodyLines) + " lines)\n";
    }
  }
  EXPECT_GT(functions, 1000u);  // the scan reads the code, not nothing
  EXPECT_TRUE(found.empty())
      << "functions longer than 100 lines (split them into functions that say what they do):\n"
      << found;
}

}  // namespace
}  // namespace gpuasm::test
