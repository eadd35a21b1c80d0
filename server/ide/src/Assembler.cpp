// Lower, match and encode every statement of a document (see Assembler.h).
#include <gpuasm/ide/Assembler.h>
#include <gpuasm/isa/Encoder.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/LineScanner.h>
#include <gpuasm/syntax/Lowering.h>

#include <algorithm>
#include <cassert>
#include <span>

namespace gpuasm::ide {

namespace {

bool inDocumentOrder(const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; }

// Matches and encodes the statement `a` holds.
void matchAndEncode(const isa::InstrDb& db, AssembledStatement& a, std::vector<Diagnostic>& diagnostics) {
  const isa::AsmStatement& s = a.statement;
  if (s.hasError || s.mnemonic.empty()) return;
  isa::MatchResult m = isa::matchStatement(db, s);
  for (const auto& d : m.diagnostics) diagnostics.push_back(toDiagnostic(d));
  a.binding = m.binding;
  if (!m.inst) return;
  const isa::EncodeResult enc = isa::encode(db, *m.inst->opcode, std::span<const std::uint64_t>(m.inst->values));
  // The matcher only produces legal values; an encode issue would be a bug in it.
  assert(enc.ok());
  a.encoding = enc.word;
  a.inst = std::move(m.inst);
}

}  // namespace

// A diagnostic of the syntax layer, which has no database: the erratum behind its rule is the
// one whose __Rules names its code (errata.isa), looked up here.
Diagnostic fromSyntaxLayer(const isa::InstrDb& db, const isa::AsmDiagnostic& d) {
  Diagnostic out = toDiagnostic(d);
  if (out.erratum.empty())
    if (const isa::Erratum* e = db.erratumForRule(d.code)) out.erratum = e->id;
  return out;
}

AssembledUnit assemble(const isa::InstrDb& db, syntax::LoweredUnit&& unit) {
  AssembledUnit out;
  out.statements.reserve(unit.statements.size());
  out.diagnostics.reserve(unit.diagnostics.size());
  for (const auto& d : unit.diagnostics) out.diagnostics.push_back(fromSyntaxLayer(db, d));
  for (auto& s : unit.statements) {
    AssembledStatement& a = out.statements.emplace_back();
    a.statement = std::move(s);
    matchAndEncode(db, a, out.diagnostics);
  }
  // Usually already in order (statements come in order); the sort is for lowering's
  // diagnostics interleaved with the matcher's.
  if (!std::is_sorted(out.diagnostics.begin(), out.diagnostics.end(), inDocumentOrder))
    std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(), inDocumentOrder);
  return out;
}

AssembledUnit assemble(const isa::InstrDb& db, const syntax::LoweredUnit& unit) { return assemble(db, syntax::LoweredUnit(unit)); }


void assembleText(const isa::InstrDb& db, std::string_view text, AssemblySink& sink) {
  // syntax::lowerText chunk by chunk, with scratch reused chunk after chunk.
  syntax::ChunkScanner chunks(text);
  syntax::LoweredUnit lowered;
  std::vector<isa::AsmDiagnostic> syntaxDiagnostics;
  std::vector<Diagnostic> diagnostics;
  std::vector<AssembledStatement> statements;
  std::uint32_t lineNo = 0;
  for (std::uint32_t at = 0; at < text.size();) {
    const std::uint32_t end = chunks.scan(at).end;
    const std::string_view chunk = text.substr(at, end - at);
    lowered.statements.clear();
    lowered.diagnostics.clear();
    syntaxDiagnostics.clear();
    syntax::lowerChunkAt(chunk, at, lineNo, lowered, syntaxDiagnostics);
    diagnostics.clear();
    statements.clear();
    // Syntax diagnostics first, then lowering's, then the matcher's, as assemble() orders them.
    for (const auto& d : syntaxDiagnostics) diagnostics.push_back(fromSyntaxLayer(db, d));
    for (const auto& d : lowered.diagnostics) diagnostics.push_back(fromSyntaxLayer(db, d));
    for (auto& st : lowered.statements) {
      AssembledStatement& a = statements.emplace_back();
      a.statement = std::move(st);
      matchAndEncode(db, a, diagnostics);
    }
    if (!std::is_sorted(diagnostics.begin(), diagnostics.end(), inDocumentOrder))
      std::stable_sort(diagnostics.begin(), diagnostics.end(), inDocumentOrder);
    for (Diagnostic& d : diagnostics) sink.diagnostic(std::move(d));
    for (AssembledStatement& a : statements) sink.statement(std::move(a));
    lineNo += syntax::countNewlines(chunk);
    at = end;
  }
}

AssembledUnit assembleText(const isa::InstrDb& db, std::string_view text) {
  struct Collect final : AssemblySink {
    AssembledUnit unit;
    void diagnostic(Diagnostic&& d) override { unit.diagnostics.push_back(std::move(d)); }
    void statement(AssembledStatement&& s) override { unit.statements.push_back(std::move(s)); }
  } collect;
  assembleText(db, text, collect);
  return std::move(collect.unit);
}

}  // namespace gpuasm::ide
