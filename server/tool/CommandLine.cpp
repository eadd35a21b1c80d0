// The command line of the gpuasm binary (DESIGN.md §6), parsed by CLI11: one definition of every
// subcommand's arguments, so each has --help, errors read the same everywhere, and a usage
// error always exits with status 2.
#include "Commands.h"

#include "BuildInfo.h"
#include "EscapingStream.h"
#include "Manual.h"

#include <gpuasm/isa/SpecSource.h>
#include <gpuasm/workspace/SpecDirectory.h>

#include <CLI/CLI.hpp>

#include <functional>
#include <ostream>

namespace gpuasm::tool {

namespace {

constexpr const char* kExitStatus =
    "exit status: 0 fine, 1 the input has errors, 2 usage or I/O error, or a spec with errors";

void specDirOption(CLI::App& app, std::optional<std::string>& specDir) {
  app.add_option("--spec-dir", specDir,
                 "load the spec from DIR (*.txt, *.isa); default: the specDir of the gpuasm.json nearest "
                 "upward from each FILE (without one, the current directory), else the embedded spec")
      ->option_text("DIR");
}

void allowSpecErrorsFlag(CLI::App& app, bool& allow) {
  app.add_flag("--allow-spec-errors", allow,
               "go on with a spec that has errors no erratum accounts for (they are still reported); "
               "without it such a spec is refused with exit status 2");
}

/// --spec-dir and --allow-spec-errors.
void specOptions(CLI::App& app, SpecUse& use) {
  specDirOption(app, use.specDir);
  allowSpecErrorsFlag(app, use.allowSpecErrors);
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
  auto project = workspace::chooseSpecDir(std::nullopt, ".");
  if (!project) {
    out << "spec: " << project.error() << '\n';
    return;
  }
  if (!project->dir) {
    out << "spec: embedded, sha256 " << isa::specDigest(isa::embeddedSpecFiles()) << '\n';
    return;
  }
  const std::string& dir = *project->dir;
  auto files = isa::readSpecDir(dir);
  if (!files) {
    out << "spec: " << files.error() << " (named by " << project->namedBy << ")\n";
    return;
  }
  out << "spec: " << dir << " (named by " << project->namedBy << "), sha256 " << isa::specDigest(*files)
      << '\n';
}

// The table of commands: the options each fills, and the command the parse chose, to run
// once parsing succeeded.
class CommandTable {
 public:
  CommandTable(EscapingStream& out, std::ostream& err)
      : gpuasm_{"gpuasm: the assembler, simulator, language server and debugger of the GPU ISA", "gpuasm"},
        out_(out),
        err_(err) {
    gpuasm_.set_version_flag("--version", "", "the version, the commit and the SHA-256 of the spec in use");
    gpuasm_.require_subcommand(1);
    gpuasm_.footer(kExitStatus);
    // Options are `--name` and `-n` on every platform. CLI11 would also take `/name` as an option
    // on Windows (inherited by every command), so an absolute path such as /work/kernel.asm
    // would be read as an unknown option and the file go missing; it stays a file.
    gpuasm_.allow_windows_style_options(false);
    addSpecCommands();
    addAssemblerCommands();
    addRunCommands();
    addServerCommands();
    addDisassemblerCommand();
    addDocCommand();
    addCompletionCommand();
  }

  int parseAndRun(int argc, const char* const* argv);

 private:
  template <typename Options>
  CLI::App* command(const char* name, const char* description, Options& options,
                    int (*body)(const Options&, std::ostream&, std::ostream&)) {
    return command(gpuasm_, name, description, options, body);
  }
  /// A command under `parent` (`spec diff` under `spec`): a parent whose subcommand was given
  /// leaves the run to it.
  template <typename Options>
  CLI::App* command(CLI::App& parent, const char* name, const char* description, Options& options,
                    int (*body)(const Options&, std::ostream&, std::ostream&)) {
    CLI::App* app = parent.add_subcommand(name, description);
    app->footer(kExitStatus);
    app->callback([this, app, &options, body] {
      if (!app->get_subcommands().empty()) return;
      run_ = [this, &options, body] { return body(options, out_, err_); };
    });
    return app;
  }
  void addSpecCommands();
  void addAssemblerCommands();
  void addRunCommands();
  void addServerCommands();
  void addDisassemblerCommand();
  void addDocCommand();
  void addCompletionCommand();
  /// The subcommand the arguments named, once parsing reached it.
  const CLI::App* parsedSubcommand() const;

  CLI::App gpuasm_;
  EscapingStream& out_;
  std::ostream& err_;
  std::function<int()> run_;
  SpecOptions spec_;
  SpecDiffOptions specDiff_;
  DisOptions dis_;
  DocOptions doc_;
  CheckOptions check_;
  StatsOptions stats_;
  AsmOptions asm_;
  ParseOptions parse_;
  RunOptions runOptions_;
  TestOptions test_;
  ServeOptions lsp_;
  ServeOptions dap_;
  std::string shell_;
};

void CommandTable::addSpecCommands() {
  CLI::App* a =
      command("spec", "the instruction database derived from the spec, or (--lint) the spec's problems",
              spec_, runSpec);
  a->add_flag("--json", spec_.json, "the database as JSON");
  a->add_flag("--lint", spec_.lint, "the spec's problems, as a compiler reports them");
  a->add_option("--encoding-map", spec_.encodingMap,
                "also draw the opcode space as SVG: which values of the opcode-selecting fields each "
                "variant takes and what is free")
      ->option_text("OUT.svg");
  specOptions(*a, spec_);

  a->description(a->get_description() +
                 "; `spec diff OLD_DIR NEW_DIR [FILE...]`: what changed between two specs");
  CLI::App* d = command(*a, "diff",
                        "what changed between two versions of the spec, and which lines of FILEs no longer "
                        "assemble, assemble to another word or compute something else",
                        specDiff_, runSpecDiff);
  d->add_option("OLD_DIR", specDiff_.oldDir, "the old spec's directory (*.txt, *.isa)")->required();
  d->add_option("NEW_DIR", specDiff_.newDir, "the new spec's directory")->required();
  d->add_option("FILE", specDiff_.files, ".asm files to compare under both specs");
  d->add_flag("--json", specDiff_.json, "the changes as JSON");
  allowSpecErrorsFlag(*d, specDiff_.allowSpecErrors);
  d->footer(
      "exit status: 0 no line of the FILEs changed (without FILEs: the specs define the same), 1 one did "
      "(the specs differ), 2 usage or I/O error");
}

void CommandTable::addAssemblerCommands() {
  CLI::App* a = command("check",
                        "diagnostics of .asm files, exactly what the language server publishes for them with "
                        "its default settings and no state file (syntax, modifiers, operands, directives, "
                        "register dataflow, // @expect outcomes)",
                        check_, runCheck);
  a->add_option("FILE", check_.files, ".asm files")->required();
  a->add_flag("--json", check_.json, "the diagnostics as JSON");
  a->add_option("-j,--jobs", check_.jobs,
                "assemble with N threads (default: the number of cores); the output keeps the files' order")
      ->option_text("N")
      ->check(CLI::Range(1u, 1024u));
  a->add_flag("--no-dataflow", check_.noDataflow,
              "leave out the register dataflow's findings (uninitialized-read, dead-write, dataflow-limit)");
  a->add_flag("--werror", check_.werror, "a warning makes the exit status 1, as an error does");
  specOptions(*a, check_);
  a->footer(std::string(kExitStatus) +
            " (warnings, hints and information are not errors; with --werror a warning is)");

  a = command("stats",
              "register pressure of .asm files: the peak of live R, P, UR and UP registers with its line, "
              "and the registers used",
              stats_, runStats);
  a->add_option("FILE", stats_.files, ".asm files")->required();
  a->add_flag("--json", stats_.json, "the figures as JSON");
  a->add_flag("--lines", stats_.lines, "also the live registers of each file at each statement line");
  specOptions(*a, stats_);

  a = command("asm", "assemble a file: the listing of line, encoding, opcode variant and fields", asm_,
              runAsm);
  a->add_option("FILE", asm_.file, "the .asm file")->required();
  CLI::Option* json = a->add_flag("--json", asm_.json, "the listing as JSON");
  a->add_option("-o,--output", asm_.output,
                "write the machine code to OUT (16 bytes an instruction, little-endian), not the listing; "
                "nothing is written when FILE has errors")
      ->option_text("OUT")
      ->excludes(json);
  a->add_option("-j,--jobs", asm_.jobs, "with -o: assemble with N threads (default: the number of cores)")
      ->option_text("N")
      ->check(CLI::Range(1u, 1024u));
  specOptions(*a, asm_);

  a = command("parse", "the syntax tree of an .asm file as an S-expression", parse_, runParse);
  a->add_option("FILE", parse_.file, "the .asm file")->required();
  a->add_flag("--no-ranges", parse_.noRanges, "leave out the nodes' byte ranges");
}

void CommandTable::addRunCommands() {
  CLI::App* a = command("run", "simulate a file on one warp of 32 lanes", runOptions_, runRun);
  a->add_option("FILE", runOptions_.file, "the .asm file")->required();
  a->add_option("--until", runOptions_.until, "stop before the first instruction at or after LINE (1-based)")
      ->option_text("LINE")
      ->check(CLI::Range(1u, 0xFFFFFFFFu));
  a->add_option("--state", runOptions_.statePath, "the initial state (a JSON state file, docs/PROTOCOL.md)")
      ->option_text("STATE.json");
  a->add_flag("--json", runOptions_.json, "the result as JSON");
  a->add_flag("--trace", runOptions_.trace, "with --json: the registers each executed line wrote");
  a->add_option("--step-limit", runOptions_.stepLimit, "execute at most N instructions")->option_text("N");
  a->add_flag("--hex", runOptions_.hex,
              "the table's values as their bits in hex (default: each in the type its last writer gives it)");
  specOptions(*a, runOptions_);

  a = command("test", "run each file and check its // @expect lines", test_, runTest);
  a->add_option("FILE", test_.files, ".asm files")->required();
  a->add_option("--junit", test_.junitPath, "write the results as JUnit XML")->option_text("OUT.xml");
  a->add_option("--state", test_.statePath, "the initial state (a JSON state file)")
      ->option_text("STATE.json");
  a->add_option("--step-limit", test_.stepLimit, "execute at most N instructions per file")->option_text("N");
  specOptions(*a, test_);
}

void CommandTable::addDisassemblerCommand() {
  CLI::App* a = command(
      "dis", "decode 128-bit words (0x and up to 32 hex digits) into canonical assembly text", dis_, runDis);
  a->add_option("WORD", dis_.words, "words to decode");
  CLI::Option* file =
      a->add_option("--file", dis_.file, "read the words from F, one per line")->option_text("F");
  a->add_option("--binary", dis_.binary, "read the words from a machine code file (as asm -o writes)")
      ->option_text("BIN")
      ->excludes(file);
  CLI::Option* disJson = a->add_flag("--json", dis_.json, "the instructions as JSON");
  a->add_flag("--asm", dis_.assembly,
              "print assembly text that gpuasm asm reads back (the word as a comment)")
      ->excludes(disJson);
  specOptions(*a, dis_);
}

void CommandTable::addDocCommand() {
  CLI::App* a = command("doc",
                        "write the instruction reference of the spec as HTML pages: an index with search, a "
                        "page per instruction with its encoding diagrams, a page per type, the errata",
                        doc_, runDoc);
  a->add_option("OUT_DIR", doc_.outDir, "the directory to write the pages to (made when missing)")
      ->option_text("DIR")
      ->required();
  specOptions(*a, doc_);
}

void CommandTable::addServerCommands() {
  CLI::App* a = command("lsp", "the language server (LSP) on stdio, or on 127.0.0.1:N", lsp_, runLsp);
  serveOptions(*a, lsp_);
  a = command("dap", "the debug adapter (Debug Adapter Protocol) on stdio, or on 127.0.0.1:N", dap_, runDap);
  serveOptions(*a, dap_);
}

void CommandTable::addCompletionCommand() {
  CLI::App* a = gpuasm_.add_subcommand(
      "completion", "print the shell completion script (bash): source <(gpuasm completion bash)");
  a->footer(kExitStatus);
  a->add_option("SHELL", shell_, "the shell")->required()->check(CLI::IsMember({"bash"}));
  a->callback([this] {
    run_ = [this] {
      out_ << bashCompletion(gpuasm_);
      return static_cast<int>(kExitOk);
    };
  });
}

const CLI::App* CommandTable::parsedSubcommand() const {
  for (const CLI::App* sub : gpuasm_.get_subcommands())
    if (sub->parsed()) return sub;
  return nullptr;
}

int CommandTable::parseAndRun(int argc, const char* const* argv) {
  // The build writes gpuasm(1) with this hidden option (cmake/Install.cmake).
  if (argc == 2 && std::string_view(argv[1]) == "--manpage") {
    out_ << manPage(gpuasm_);
    return kExitOk;
  }
  // A first argument that is neither an option nor a subcommand: say so plainly.
  const auto named = [&](const CLI::App* sub) { return sub->check_name(argv[1]); };
  if (argc > 1 && argv[1][0] != '-' && gpuasm_.get_subcommands(named).empty()) {
    err_ << "gpuasm: unknown command '" << argv[1] << "'\n" << gpuasm_.help();
    return kExitUsage;
  }
  try {
    gpuasm_.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    const CLI::App* asked = parsedSubcommand();
    out_ << (asked != nullptr ? asked->help("gpuasm") : gpuasm_.help());
    return kExitOk;
  } catch (const CLI::CallForVersion&) {
    printVersion(out_);
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    const CLI::App* sub = parsedSubcommand();
    const std::string where = sub != nullptr ? "gpuasm " + sub->get_name() : "gpuasm";
    err_ << where << ": " << e.what() << "\n(" << where << " --help lists the options)\n";
    return kExitUsage;
  }
  if (!run_) return kExitUsage;
  // A command's --json output is JSON, escaped by JSON's rules; everything else is text.
  if (const CLI::App* sub = parsedSubcommand()) {
    while (!sub->get_subcommands().empty()) sub = sub->get_subcommands().front();
    const CLI::Option* json = sub->get_option_no_throw("--json");
    if (json != nullptr && json->count() > 0) out_.setMode(EscapingStreambuf::Mode::Json);
  }
  return run_();
}

}  // namespace

int runCommandLine(int argc, const char* const* argv, std::ostream& out, std::ostream& err,
                   bool outIsTerminal) {
  // Everything printed passes the one escaping of user text (EscapingStream.h).
  EscapingStream safeOut(out, outIsTerminal), safeErr(err);
  // As std::cerr is tied to std::cout: what a command printed comes out before its messages,
  // in a terminal and in one file of both (2>&1) alike.
  safeErr.tie(&safeOut);
  CommandTable table(safeOut, safeErr);
  return table.parseAndRun(argc, argv);
}

}  // namespace gpuasm::tool
