// `gpuasm asm FILE [--json]`: the listing of a file — per statement its line, the encoding
// variant, the 128-bit word and the field values — and its diagnostics. Exit 1 on any error.
#include "Commands.h"

#include <gpuasm/ide/Assembler.h>
#include <gpuasm/isa/Printer.h>
#include <gpuasm/lsp/CheckJson.h>
#include <gpuasm/syntax/LineIndex.h>

#include <functional>
#include <ostream>
#include <sstream>

namespace gpuasm::tool {

void printDiagnostics(const std::string& file, const std::vector<lsp::PlacedDiagnostic>& diagnostics, std::ostream& out) {
  for (const auto& d : diagnostics) {
    out << file << ':' << d.line << ':' << d.column << ": " << d.severity << ": " << d.message << " [" << d.code << "]";
    if (!d.erratum.empty()) out << " (erratum " << d.erratum << ")";
    out << '\n';
    if (!d.legalForms.empty()) {
      out << file << ':' << d.line << ':' << d.column << ": note: any one of these forms would be legal:\n";
      for (const auto& f : d.legalForms) out << "    " << f << '\n';
    }
  }
}

int runAsm(const AsmOptions& options, std::ostream& out, std::ostream& err) {
  const bool json = options.json;
  const std::vector<std::string> files{options.file};
  auto load = loadSpecFor(options.specDir, err);
  if (!load) return kExitUsage;
  auto text = readSourceFile(files.front(), err);
  if (!text) return kExitUsage;
  const isa::InstrDb& db = *load->db;
  const std::string& source = *text;
  const syntax::LineIndex lines(source);
  auto entryOf = [&](const ide::AssembledStatement& s) {
    lsp::ListingEntry e;
    e.line = s.statement.line + 1;
    e.text = std::string(std::string_view(source).substr(s.statement.range.begin, s.statement.range.end - s.statement.range.begin));
    if (s.inst) {
      e.opcode = s.inst->opcode->name;
      e.encoding = s.encoding.toHex();
      for (std::size_t i = 0; i < s.inst->opcode->fields.size(); ++i) e.fields.emplace_back(s.inst->opcode->fields[i].name, s.inst->values[i]);
      e.canonical = isa::printInstruction(db, *s.inst->opcode, s.inst->values).value_or("");
    }
    return e;
  };
  if (json) {
    const ide::AssembledUnit unit = ide::assembleText(db, source);
    std::vector<lsp::ListingEntry> listing;
    for (const auto& s : unit.statements) listing.push_back(entryOf(s));
    const auto placed = lsp::placeDiagnostics(unit.diagnostics, lines);
    out << lsp::asmToJson(files.front(), listing, placed, 2) << '\n';
    return std::any_of(placed.begin(), placed.end(), [](const auto& d) { return d.severity == "error"; }) ? kExitInputErrors : kExitOk;
  }
  // The listing is printed as the assembler goes (memory stays flat on any size); the
  // diagnostics follow it on stderr.
  struct Listing final : ide::AssemblySink {
    std::ostream* out;
    std::function<lsp::ListingEntry(const ide::AssembledStatement&)> entryOf;
    std::vector<ide::Diagnostic> diagnostics;
    void diagnostic(ide::Diagnostic&& d) override { diagnostics.push_back(std::move(d)); }
    void statement(ide::AssembledStatement&& s) override {
      const lsp::ListingEntry e = entryOf(s);
      const std::string number = std::to_string(e.line);
      *out << std::string(number.size() < 5 ? 5 - number.size() : 0, ' ') << number << "  "
           << (e.opcode.empty() ? std::string(34, ' ') : e.encoding) << "  "
           << (e.opcode.empty() ? std::string(16, ' ') : e.opcode + std::string(e.opcode.size() < 16 ? 16 - e.opcode.size() : 0, ' ')) << "  "
           << e.text << '\n';
    }
  } listing;
  listing.out = &out;
  listing.entryOf = entryOf;
  ide::assembleText(db, source, listing);
  const auto placed = lsp::placeDiagnostics(listing.diagnostics, lines);
  const bool anyError = std::any_of(placed.begin(), placed.end(), [](const auto& d) { return d.severity == "error"; });
  printDiagnostics(files.front(), placed, err);
  return anyError ? kExitInputErrors : kExitOk;
}

}  // namespace gpuasm::tool
