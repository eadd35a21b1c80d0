// gpuasm(1) and the bash completion, walked out of the CLI11 table (Manual.h).
#include "Manual.h"

#include "BuildInfo.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuasm::tool {

namespace {

/// The subcommands in the order they were declared (the order --help lists them).
std::vector<const CLI::App*> subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}

/// Every command with its full name, in the order --help lists them, a command's own
/// subcommands (`spec diff`) after it.
std::vector<std::pair<std::string, const CLI::App*>> commands(const CLI::App& app) {
  std::vector<std::pair<std::string, const CLI::App*>> out;
  for (const CLI::App* sub : subcommands(app)) {
    out.emplace_back(sub->get_name(), sub);
    for (const CLI::App* nested : subcommands(*sub))
      out.emplace_back(sub->get_name() + " " + nested->get_name(), nested);
  }
  return out;
}

/// The options --help shows (hidden ones have an empty group), positionals included.
std::vector<const CLI::Option*> shownOptions(const CLI::App& app) {
  return app.get_options([](const CLI::Option* o) { return !o->get_group().empty(); });
}

bool isFlag(const CLI::Option& o) { return o.get_expected_max() == 0; }

/// How an option's value or a positional is written in a synopsis: DIR, N, FILE…
std::string valueName(const CLI::Option& o) {
  if (!o.get_option_text().empty()) return o.get_option_text();
  return o.get_positional() && !o.nonpositional() ? o.get_name() : "VALUE";
}

/// Escapes text for roff: backslashes, hyphens (\- prints a minus, as in an option), and a leading
/// '.' or '\'' that would read as a request.
std::string roff(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

/// "-j, --jobs N" in bold names and italic value.
std::string optionHeading(const CLI::Option& o) {
  std::string out;
  for (const auto& s : o.get_snames())
    out += (out.empty() ? "" : ", ") + std::string("\\fB\\-") + roff(s) + "\\fR";
  for (const auto& l : o.get_lnames())
    out += (out.empty() ? "" : ", ") + std::string("\\fB\\-\\-") + roff(l) + "\\fR";
  if (!isFlag(o)) out += " \\fI" + roff(valueName(o)) + "\\fR";
  return out;
}

std::string synopsis(const std::string& name, const CLI::App& sub) {
  std::string out = "\\fBgpuasm " + roff(name) + "\\fR";
  for (const CLI::Option* o : shownOptions(sub))
    if (o->nonpositional() && o != sub.get_help_ptr()) out += " [" + optionHeading(*o) + "]";
  for (const CLI::Option* o : shownOptions(sub)) {
    if (!o->get_positional() || o->nonpositional()) continue;
    std::string arg = "\\fI" + roff(valueName(*o)) + "\\fR";
    if (o->get_items_expected_max() > 1) arg += "...";
    out += " " + (o->get_required() ? arg : "[" + arg + "]");
  }
  return out;
}

constexpr std::string_view kDescription =
    R"(gpuasm is the tool chain of one GPU instruction set: 128\-bit instructions,
per\-thread registers R and P, uniform registers UR and UP, warp\-wide SHFL, VOTE and REDUX, and FP32
arithmetic with rounding modes. Everything it knows about the ISA comes from the ISA's spec, five
files in a small DSL compiled into the binary; a project can name another copy in a
\fBgpuasm.json\fR (see \fBFILES\fR).
.PP
It checks \fI.asm\fR files (modifiers, operands, register widths, immediate ranges and the spec's
encoding rules), assembles them to 128\-bit words and disassembles words back to text, runs them on a
simulated warp of 32 lanes, checks the \fB// @expect\fR lines a kernel states, and serves editors as
a language server (\fBgpuasm lsp\fR) and a debug adapter (\fBgpuasm dap\fR).)";

constexpr std::string_view kFilesAndExamples = R"(.SH FILES
.TP
.B gpuasm.json
Looked for in the folder of each \fIFILE\fR a command reads (\fBcheck\fR, \fBasm\fR, \fBrun\fR,
\fBtest\fR, \fBstats\fR, \fBdis \-\-file\fR/\fB\-\-binary\fR) and its ancestors, so each file uses
its own project's spec wherever the command runs; a command without a file (\fBspec\fR, \fBdoc\fR,
\fBdis\fR \fIWORD\fR, \fBdap\fR) looks in the current directory and its ancestors. Its
\fBspecDir\fR, relative to the file, names the directory of the spec's DSL files (\fI*.txt\fR,
\fI*.isa\fR) to use instead of the embedded spec: \fB{ "specDir": "spec" }\fR. \fB\-\-spec\-dir\fR
overrides it for every file.
.SH EXAMPLES
.TP
.B gpuasm check kernel.asm
Diagnostics, one per line: \fIfile\fR:\fIline\fR:\fIcolumn\fR: error: \fImessage\fR [\fIcode\fR].
.TP
.B gpuasm stats \-\-lines kernel.asm
The register pressure: the peak of live R, P, UR and UP registers with its line, the registers
used, and the live counts at each instruction.
.TP
.B gpuasm asm kernel.asm \-o kernel.bin
The machine code, 16 bytes an instruction, little\-endian.
.TP
.B gpuasm dis \-\-binary kernel.bin \-\-asm
The machine code back as assembly text.
.TP
.B gpuasm run kernel.asm \-\-until 21
Simulate the kernel up to line 21 and print the registers across the 32 lanes.
.TP
.B gpuasm test kernel.asm \-\-junit results.xml
Check the kernel's \fB// @expect\fR lines; JUnit XML for CI.
.TP
.B gpuasm spec \-\-lint
The spec's own problems, as a compiler reports warnings.
.TP
.B gpuasm spec diff old new kernel.asm
What changed between two versions of the spec, and the lines of \fIkernel.asm\fR that no longer
assemble, assemble to another word or compute something else; exit status 1 when there are any.
.TP
.B gpuasm doc reference
The instruction reference as HTML pages in \fIreference/\fR: open \fIreference/index.html\fR.
.TP
.B gpuasm spec \-\-encoding\-map space.svg
Draw the opcode space: which values of the opcode\-selecting fields each variant takes, and what is free.
.SH SEE ALSO
.I /usr/share/doc/gpuasm/README.md
for the language, the editors and the debugger. The package
installs the Neovim plug-in where Neovim finds it: \fBrequire('gpuasm').setup{}\fR in
\fIinit.lua\fR starts the language server for \fI.asm\fR files.
)";

/// What the shell offers for an argument, by the name its help gives it.
std::string completionKind(const CLI::Option& o) {
  const std::string name = valueName(o);
  if (name.ends_with("DIR")) return "dir";
  if (name == "N" || name == "LINE" || name == "WORD" || name == "SHELL") return "none";
  if (name == "FILE") return "asm";
  if (name.ends_with(".json")) return "json";
  return "file";
}

}  // namespace

std::string manPage(const CLI::App& gpuasm) {
  std::ostringstream out;
  out << ".\\\" gpuasm(1), generated by `gpuasm --manpage` from the command table of --help.\n";
  out << ".TH GPUASM 1 \"" << kBuildInfo.commitDate << "\" \"gpuasm " << kBuildInfo.version
      << "\" \"User Commands\"\n";
  out << ".SH NAME\ngpuasm \\- assembler, simulator, language server and debugger of a GPU ISA\n";
  out << ".SH SYNOPSIS\n";
  for (const auto& [name, sub] : commands(gpuasm)) out << synopsis(name, *sub) << "\n.br\n";
  out << "\\fBgpuasm \\-\\-version\\fR\n.br\n\\fBgpuasm \\-\\-help\\fR\n";
  out << ".SH DESCRIPTION\n" << kDescription << "\n";
  out << ".SH COMMANDS\n";
  for (const auto& [name, sub] : commands(gpuasm)) {
    out << ".SS gpuasm " << roff(name) << "\n" << roff(sub->get_description()) << ".\n";
    for (const CLI::Option* o : shownOptions(*sub)) {
      if (o == sub->get_help_ptr()) continue;
      out << ".TP\n"
          << (o->nonpositional() ? optionHeading(*o) : "\\fI" + roff(valueName(*o)) + "\\fR") << "\n"
          << roff(o->get_description()) << (o->get_required() ? " (required)" : "") << "\n";
    }
    // A command whose exit status means more than the common one says so (spec diff).
    if (sub->get_footer() != gpuasm.get_footer()) out << ".PP\n" << roff(sub->get_footer()) << ".\n";
  }
  out << ".SH OPTIONS\n.TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nThe options of gpuasm or of a command "
         "(\\fBgpuasm check \\-\\-help\\fR).\n.TP\n\\fB\\-\\-version\\fR\nThe version, the commit it was "
         "built "
         "from and the SHA\\-256 of the spec in use (the embedded one, or the one a \\fBgpuasm.json\\fR "
         "names).\n";
  out << ".SH EXIT STATUS\n.TP\n.B 0\nFine.\n.TP\n.B 1\nThe input has errors (diagnostics, a failed "
         "expectation, a spec with errors).\n.TP\n.B 2\nA usage error or an I/O error, or a spec in use "
         "whose loader reports errors no erratum accounts for: every command but \\fBspec \\-\\-lint\\fR "
         "says so (their count, the first one, the command that lists them) and produces nothing, unless "
         "\\fB\\-\\-allow\\-spec\\-errors\\fR is given.\n";
  out << kFilesAndExamples;
  return out.str();
}

std::string bashCompletion(const CLI::App& gpuasm) {
  std::ostringstream out;
  out << "# bash completion for gpuasm, generated by `gpuasm completion bash` from its command table.\n"
         "# Installed as share/bash-completion/completions/gpuasm; or: source <(gpuasm completion bash)\n";
  // _gpuasm_offer KIND: fill COMPREPLY with what an argument of that kind can be.
  out << R"(_gpuasm_offer() {
  local cur="$1" kind="$2"
  case "$kind" in
    none) COMPREPLY=() ;;
    dir) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
    asm) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -X '!*.asm' -- "$cur") $(compgen -d -- "$cur")) ;;
    json) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur")) ;;
    words:*) COMPREPLY=($(compgen -W "${kind#words:}" -- "$cur")) ;;
    *) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
  esac
}
)";
  // The commands under a command, as "spec/diff": the word after `spec` that names one.
  std::string nested;
  for (const auto& [name, sub] : commands(gpuasm))
    if (name.find(' ') != std::string::npos)
      nested += (nested.empty() ? "" : " ") + name.substr(0, name.find(' ')) + "/" + sub->get_name();
  out << "_gpuasm_nested=\"" << nested << "\"\n";
  out << R"(_gpuasm() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" command="" i
  (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  # --option=value: bash splits at '=' (COMP_WORDBREAKS), so the option is two words back.
  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]] && (( COMP_CWORD > 1 )); then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi
  for (( i = 1; i < COMP_CWORD; i++ )); do
    case "${COMP_WORDS[i]}" in
      -*) ;;
      *) if [[ -z "$command" ]]; then command="${COMP_WORDS[i]}"
         elif [[ " $_gpuasm_nested " == *" $command/${COMP_WORDS[i]} "* ]]; then command="$command/${COMP_WORDS[i]}"; break
         else break; fi ;;
    esac
  done
  if [[ -z "$command" ]]; then
    if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--help --version" -- "$cur"))
    else COMPREPLY=($(compgen -W ")";
  bool first = true;
  for (const CLI::App* sub : subcommands(gpuasm))
    out << (std::exchange(first, false) ? "" : " ") << sub->get_name();
  out << R"(" -- "$cur")); fi
    return 0
  fi
  local options="" value_kind="" positional_kind="none"
  case "$command" in
)";
  for (const auto& [name, sub] : commands(gpuasm)) {
    std::string options, valueCases, positional = "none";
    std::string below;  // a command's own subcommands are what its first word can be
    for (const CLI::App* b : subcommands(*sub)) below += (below.empty() ? "" : " ") + b->get_name();
    if (!below.empty()) positional = "\"words:" + below + "\"";
    for (const CLI::Option* o : shownOptions(*sub)) {
      if (!o->nonpositional()) {
        positional = completionKind(*o);
        continue;
      }
      std::string names;
      for (const auto& s : o->get_snames()) names += (names.empty() ? "" : "|") + ("-" + s);
      for (const auto& l : o->get_lnames()) names += (names.empty() ? "" : "|") + ("--" + l);
      for (const auto& l : o->get_lnames()) options += (options.empty() ? "" : " ") + ("--" + l);
      if (!isFlag(*o)) valueCases += "        " + names + ") value_kind=" + completionKind(*o) + " ;;\n";
    }
    std::string label = name;
    std::replace(label.begin(), label.end(), ' ', '/');
    out << "    " << label << ")\n      options=\"" << options << "\"\n      positional_kind=" << positional
        << "\n";
    if (!valueCases.empty()) out << "      case \"$prev\" in\n" << valueCases << "      esac\n";
    out << "      ;;\n";
  }
  out << R"(    *) return 0 ;;
  esac
  if [[ -n "$value_kind" ]]; then _gpuasm_offer "$cur" "$value_kind"; return 0; fi
  if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$options" -- "$cur")); return 0; fi
  _gpuasm_offer "$cur" "$positional_kind"
}
complete -F _gpuasm gpuasm
)";
  return out.str();
}

}  // namespace gpuasm::tool
