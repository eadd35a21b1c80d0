// The command line of the gpuasm binary (DESIGN.md §6), parsed by CLI11: one definition of every
// subcommand's arguments, so each has --help, errors read the same everywhere, and a usage
// error always exits with status 2.
#include "Commands.h"

#include "BuildInfo.h"
#include "Manual.h"

#include <gpuasm/isa/SpecSource.h>
#include <gpuasm/wire/ProjectConfig.h>

#include <CLI/CLI.hpp>

#include <functional>
#include <ostream>

namespace gpuasm::tool {

namespace {

constexpr const char* kExitStatus = "exit status: 0 fine, 1 the input has errors, 2 usage or I/O error";

void specDirOption(CLI::App& app, std::optional<std::string>& specDir) {
  app.add_option("--spec-dir", specDir, "load the spec from DIR (*.txt, *.isa); default: the specDir of the nearest gpuasm.json, else the embedded spec")->option_text("DIR");
}

void serveOptions(CLI::App& app, ServeOptions& o) {
  app.add_option("--port", o.port, "serve one connection on 127.0.0.1:N instead of stdio")->option_text("N");
  app.add_flag("--stdio")->description("use stdio (the default; editors' clients pass it)");
  specDirOption(app, o.specDir);
}

/// `gpuasm --version`: the version, the commit, and the spec a command run here would use —
/// the specDir of the nearest gpuasm.json, else the embedded one — by its SHA-256.
void printVersion(std::ostream& out) {
  out << "gpuasm " << kBuildInfo.version << "\ncommit " << kBuildInfo.commit;
  if (*kBuildInfo.commitDate != '\0') out << " (" << kBuildInfo.commitDate << ")";
  out << '\n';
  auto project = wire::findProjectConfig(".");
  if (!project) {
    out << "spec: " << project.error() << '\n';
    return;
  }
  if (!*project || !(*project)->specDir) {
    out << "spec: embedded, sha256 " << isa::specDigest(isa::embeddedSpecFiles()) << '\n';
    return;
  }
  const std::string& dir = *(*project)->specDir;
  auto files = isa::readSpecDir(dir);
  if (!files) {
    out << "spec: " << files.error() << " (named by " << (*project)->file << ")\n";
    return;
  }
  out << "spec: " << dir << " (named by " << (*project)->file << "), sha256 " << isa::specDigest(*files) << '\n';
}

}  // namespace

int runCommandLine(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CLI::App gpuasm{"gpuasm: the assembler, simulator, language server and debugger of the GPU ISA", "gpuasm"};
  gpuasm.set_version_flag("--version", "", "the version, the commit and the SHA-256 of the spec in use");
  gpuasm.require_subcommand(1);
  gpuasm.footer(kExitStatus);
  std::function<int()> run;
  auto command = [&](const char* name, const char* description, auto& options, int (*body)(const std::remove_cvref_t<decltype(options)>&, std::ostream&, std::ostream&)) {
    CLI::App* app = gpuasm.add_subcommand(name, description);
    app->footer(kExitStatus);
    app->callback([&run, &options, body, &out, &err] { run = [&options, body, &out, &err] { return body(options, out, err); }; });
    return app;
  };

  SpecOptions spec;
  CLI::App* a = command("spec", "the instruction database derived from the spec, or (--lint) the spec's problems", spec, runSpec);
  a->add_flag("--json", spec.json, "the database as JSON");
  a->add_flag("--lint", spec.lint, "the spec's problems, as a compiler reports them");
  specDirOption(*a, spec.specDir);

  CheckOptions check;
  a = command("check", "diagnostics of .asm files (syntax, modifiers, operands, directives)", check, runCheck);
  a->add_option("FILE", check.files, ".asm files")->required();
  a->add_flag("--json", check.json, "the diagnostics as JSON");
  a->add_option("-j,--jobs", check.jobs, "assemble with N threads (default: the number of cores); the output keeps the files' order")
      ->option_text("N")
      ->check(CLI::Range(1u, 1024u));
  specDirOption(*a, check.specDir);

  AsmOptions assemble;
  a = command("asm", "assemble a file: the listing of line, encoding, opcode variant and fields", assemble, runAsm);
  a->add_option("FILE", assemble.file, "the .asm file")->required();
  CLI::Option* json = a->add_flag("--json", assemble.json, "the listing as JSON");
  a->add_option("-o,--output", assemble.output,
                "write the machine code to OUT (16 bytes an instruction, little-endian), not the listing; "
                "nothing is written when FILE has errors")
      ->option_text("OUT")
      ->excludes(json);
  a->add_option("-j,--jobs", assemble.jobs, "with -o: assemble with N threads (default: the number of cores)")
      ->option_text("N")
      ->check(CLI::Range(1u, 1024u));
  specDirOption(*a, assemble.specDir);

  ParseOptions parse;
  a = command("parse", "the syntax tree of an .asm file as an S-expression", parse, runParse);
  a->add_option("FILE", parse.file, "the .asm file")->required();
  a->add_flag("--no-ranges", parse.noRanges, "leave out the nodes' byte ranges");

  RunOptions runOptions;
  a = command("run", "simulate a file on one warp of 32 lanes", runOptions, runRun);
  a->add_option("FILE", runOptions.file, "the .asm file")->required();
  a->add_option("--until", runOptions.until, "stop before the first instruction at or after LINE (1-based)")
      ->option_text("LINE")
      ->check(CLI::Range(1u, 0xFFFFFFFFu));
  a->add_option("--state", runOptions.statePath, "the initial state (a JSON state file, docs/PROTOCOL.md)")->option_text("STATE.json");
  a->add_flag("--json", runOptions.json, "the result as JSON");
  a->add_flag("--trace", runOptions.trace, "with --json: the registers each executed line wrote");
  a->add_option("--step-limit", runOptions.stepLimit, "execute at most N instructions")->option_text("N");
  specDirOption(*a, runOptions.specDir);

  TestOptions test;
  a = command("test", "run each file and check its // @expect lines", test, runTest);
  a->add_option("FILE", test.files, ".asm files")->required();
  a->add_option("--junit", test.junitPath, "write the results as JUnit XML")->option_text("OUT.xml");
  a->add_option("--state", test.statePath, "the initial state (a JSON state file)")->option_text("STATE.json");
  a->add_option("--step-limit", test.stepLimit, "execute at most N instructions per file")->option_text("N");
  specDirOption(*a, test.specDir);

  ServeOptions lsp;
  a = command("lsp", "the language server (LSP) on stdio, or on 127.0.0.1:N", lsp, runLsp);
  serveOptions(*a, lsp);

  ServeOptions dap;
  a = command("dap", "the debug adapter (Debug Adapter Protocol) on stdio, or on 127.0.0.1:N", dap, runDap);
  serveOptions(*a, dap);

  DisOptions dis;
  a = command("dis", "decode 128-bit words (0x and up to 32 hex digits) into canonical assembly text", dis, runDis);
  a->add_option("WORD", dis.words, "words to decode");
  CLI::Option* file = a->add_option("--file", dis.file, "read the words from F, one per line")->option_text("F");
  a->add_option("--binary", dis.binary, "read the words from a machine code file (as asm -o writes)")->option_text("BIN")->excludes(file);
  CLI::Option* disJson = a->add_flag("--json", dis.json, "the instructions as JSON");
  a->add_flag("--asm", dis.assembly, "print assembly text that gpuasm asm reads back (the word as a comment)")->excludes(disJson);
  specDirOption(*a, dis.specDir);

  std::string shell;
  a = gpuasm.add_subcommand("completion", "print the shell completion script (bash): source <(gpuasm completion bash)");
  a->footer(kExitStatus);
  a->add_option("SHELL", shell, "the shell")->required()->check(CLI::IsMember({"bash"}));
  a->callback([&run, &gpuasm, &out] {
    run = [&gpuasm, &out] {
      out << bashCompletion(gpuasm);
      return static_cast<int>(kExitOk);
    };
  });

  // The build writes gpuasm(1) with this hidden option (cmake/Install.cmake).
  if (argc == 2 && std::string_view(argv[1]) == "--manpage") {
    out << manPage(gpuasm);
    return kExitOk;
  }
  // A first argument that is neither an option nor a subcommand: say so plainly.
  const auto named = [&](const CLI::App* sub) { return sub->check_name(argv[1]); };
  if (argc > 1 && argv[1][0] != '-' && gpuasm.get_subcommands(named).empty()) {
    err << "gpuasm: unknown command '" << argv[1] << "'\n" << gpuasm.help();
    return kExitUsage;
  }
  // The subcommand the arguments named, once parsing reached it.
  const auto parsedSubcommand = [&]() -> const CLI::App* {
    for (const CLI::App* sub : gpuasm.get_subcommands())
      if (sub->parsed()) return sub;
    return nullptr;
  };
  try {
    gpuasm.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    const CLI::App* asked = parsedSubcommand();
    out << (asked != nullptr ? asked->help("gpuasm") : gpuasm.help());
    return kExitOk;
  } catch (const CLI::CallForVersion&) {
    printVersion(out);
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    const CLI::App* sub = parsedSubcommand();
    const std::string where = sub != nullptr ? "gpuasm " + sub->get_name() : "gpuasm";
    err << where << ": " << e.what() << "\n(" << where << " --help lists the options)\n";
    return kExitUsage;
  }
  return run ? run() : kExitUsage;
}

}  // namespace gpuasm::tool
