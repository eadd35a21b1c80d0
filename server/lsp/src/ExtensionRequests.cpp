// The gpuasm extensions (docs/PROTOCOL.md; see Handlers.h): runs to the cursor and of a
// selection, the encoding listing of a selection, the instruction reference.
#include "Handlers.h"

#include <gpuasm/ide/analysis/Listing.h>
#include <gpuasm/ide/execution/Run.h>
#include <gpuasm/isa/Text.h>
#include <gpuasm/formats/CheckJson.h>
#include <gpuasm/formats/RunJson.h>

#include <utility>

namespace gpuasm::lsp {

using namespace protocol;

namespace {

// `gpuasm run --json`'s result, its `types` included (per register the last executed
// instruction wrote, the type it gave it: RunOutcome::types). The reply carries the text
// formats wrote as it is: reading it back into JSON only for the server to write it again cost a
// parse of the whole trace per request.
Result runResult(const std::string& uri, const ide::Snapshot& snap, const ide::RunOutcome& outcome) {
  return Result::ofText(
      formats::runToJson(uri, outcome, formats::placeDiagnostics(outcome.diagnostics, snap.lines()), -1));
}

}  // namespace

Result runToCursor(Context& ctx, const PositionParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  ide::RunRequest request;
  request.untilLine = p.position.line;
  request.trace = true;
  request.stateFile = p.state;
  const ide::AssembledUnit& unit = snap.assembledUnit();
  const ide::RunOutcome outcome = ide::runDocument(snap.db(), snap.text(), unit, request);
  return runResult(p.uri, snap, outcome);
}

// A page of the instruction reference: the instruction's at a position, or one by name.
json reference(Context& ctx, const ReferenceParams& p) {
  std::optional<workspace::ReferenceView> view;
  if (p.page) {
    auto page = ctx.workspace.referencePage(*p.page);
    if (!page) throw ParamsError{page.error()};
    view = std::move(*page);
  } else {
    const workspace::Document& doc = documentOf(ctx, p.uri);
    view = ctx.workspace.referenceAt(doc, at(ctx, *doc.snapshot).offset(p.position));
    if (!view) return nullptr;
  }
  return {{"page", view->page}, {"anchor", view->anchor}, {"text", *view->text}};
}

namespace {

// The lines a selection covers: one that ends at the start of a line leaves that line out.
std::pair<std::uint32_t, std::uint32_t> selectedLines(const LspRange& range) {
  syntax::LinePosition end = range.end;
  if (end.character == 0 && end.line > range.start.line) --end.line;
  return {range.start.line, end.line};
}

}  // namespace

Result execute(Context& ctx, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  const auto [first, last] = selectedLines(p.range);
  ide::RunRequest request;
  request.trace = true;
  request.stateFile = p.state;
  const ide::AssembledUnit selection = ide::selectLines(snap.assembledUnit(), first, last);
  const ide::RunOutcome outcome = ide::runDocument(snap.db(), snap.text(), selection, request);
  return runResult(p.uri, snap, outcome);
}

json encoding(Context& ctx, const RangeParams& p) {
  const ide::Snapshot& snap = snapshotOf(ctx, p.uri);
  const auto [first, last] = selectedLines(p.range);
  const Positions lines = at(ctx, snap);
  EncodingResult out;
  for (const ide::AssembledStatement& a : snap.statementsIn({lines.lineStart(first), lines.lineEnd(last)})) {
    const isa::AsmStatement& s = a.statement;
    if (s.line < first || s.line > last || s.mnemonic.empty()) continue;
    const ide::ListingLine listed = ide::listingLine(snap.text(), a);
    InstructionEncoding& entry = out.instructions.emplace_back();
    entry.line = listed.line;
    entry.range = rangeOf(lines, {s.range.begin, s.range.end});
    entry.text = std::string(listed.text);
    if (listed.assembled) {
      for (const ide::EncodedField& f : listed.fields)
        entry.fields.push_back({std::string(f.name), f.hi, f.lo, text::hex(f.value)});
      entry.variant = std::string(listed.variant);
      entry.encoding = listed.encoding;
    } else {
      json problems = json::array();
      for (const ide::Diagnostic& d : snap.diagnostics())
        if (d.severity == ide::Severity::Error && d.range.begin >= s.range.begin &&
            d.range.begin <= s.range.end)
          problems.push_back(diagnosticJson(lines, d));
      entry.diagnostics = std::move(problems);
    }
  }
  return out;
}

}  // namespace gpuasm::lsp
