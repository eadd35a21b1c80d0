// The line scanner (fast front end) against the tree-sitter path: the first difference between
// two lowerings of the same text — statements, operands, ranges, diagnostics and their order —
// named by its path ("statements[2].operands[1].range: scanner [4, 6), tree-sitter [4, 7)").
// Shared by tests/syntax/LineScannerTest.cpp and the differential fuzz target
// fuzz/line_scanner.cpp, so both hold the front ends to the same notion of equality.
#pragma once

#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/LineScanner.h>
#include <gpuasm/syntax/Lowering.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::testsupport {

namespace lowereddiff {

inline std::string show(isa::SourceRange r) {
  return "[" + std::to_string(r.begin) + ", " + std::to_string(r.end) + ")";
}
inline std::string show(const std::string& s) { return "\"" + s + "\""; }
inline std::string show(bool b) { return b ? "true" : "false"; }
template <typename T>
std::string show(const T& v) {
  return std::to_string(v);
}

class Differ {
 public:
  template <typename T>
  void field(const std::string& path, const T& a, const T& b) {
    if (diff_.empty() && !(a == b)) diff_ = path + ": scanner " + show(a) + ", tree-sitter " + show(b);
  }
  void size(const std::string& path, std::size_t a, std::size_t b) { field(path + ".size()", a, b); }
  const std::string& what() const { return diff_; }

 private:
  std::string diff_;
};

inline void compareOperand(Differ& d, const std::string& p, const isa::AsmOperand& a,
                           const isa::AsmOperand& b) {
  d.field(p + ".kind", static_cast<int>(a.kind), static_cast<int>(b.kind));
  d.field(p + ".range", a.range, b.range);
  d.field(p + ".valueRange", a.valueRange, b.valueRange);
  d.field(p + ".text", a.text, b.text);
  d.field(p + ".neg", a.neg, b.neg);
  d.field(p + ".bitNot", a.bitNot, b.bitNot);
  d.field(p + ".logicalNot", a.logicalNot, b.logicalNot);
  d.field(p + ".abs", a.abs, b.abs);
  d.field(p + ".name", a.name, b.name);
  d.field(p + ".selector", a.selector, b.selector);
  d.field(p + ".selectorRange", a.selectorRange, b.selectorRange);
  d.field(p + ".file", a.file, b.file);
  d.field(p + ".first", a.first, b.first);
  d.field(p + ".last", a.last, b.last);
  d.field(p + ".integer", a.integer, b.integer);
  d.field(p + ".floatValue(bits)", std::bit_cast<std::uint64_t>(a.floatValue),
          std::bit_cast<std::uint64_t>(b.floatValue));
  d.field(p + ".bank", a.bank, b.bank);
  d.field(p + ".base", a.base, b.base);
  d.field(p + ".baseRange", a.baseRange, b.baseRange);
  d.field(p + ".offset", a.offset, b.offset);
  d.field(p + ".offsetRange", a.offsetRange, b.offsetRange);
}

inline void compareStatement(Differ& d, const std::string& p, const isa::AsmStatement& a,
                             const isa::AsmStatement& b) {
  d.field(p + ".range", a.range, b.range);
  d.field(p + ".line", a.line, b.line);
  d.field(p + ".hasError", a.hasError, b.hasError);
  d.field(p + ".guard.has_value()", a.guard.has_value(), b.guard.has_value());
  if (a.guard && b.guard) {
    d.field(p + ".guard.negated", a.guard->negated, b.guard->negated);
    d.field(p + ".guard.predicate", a.guard->predicate, b.guard->predicate);
    d.field(p + ".guard.range", a.guard->range, b.guard->range);
    d.field(p + ".guard.predicateRange", a.guard->predicateRange, b.guard->predicateRange);
  }
  d.field(p + ".mnemonic", a.mnemonic, b.mnemonic);
  d.field(p + ".mnemonicRange", a.mnemonicRange, b.mnemonicRange);
  d.size(p + ".parts", a.parts.size(), b.parts.size());
  for (std::size_t i = 0; i < std::min(a.parts.size(), b.parts.size()); ++i) {
    d.field(p + ".parts[" + std::to_string(i) + "].text", a.parts[i].text, b.parts[i].text);
    d.field(p + ".parts[" + std::to_string(i) + "].range", a.parts[i].range, b.parts[i].range);
  }
  d.size(p + ".operands", a.operands.size(), b.operands.size());
  for (std::size_t i = 0; i < std::min(a.operands.size(), b.operands.size()); ++i)
    compareOperand(d, p + ".operands[" + std::to_string(i) + "]", a.operands[i], b.operands[i]);
}

inline void compareDiagnostic(Differ& d, const std::string& p, const isa::AsmDiagnostic& a,
                              const isa::AsmDiagnostic& b) {
  d.field(p + ".range", a.range, b.range);
  d.field(p + ".severity", static_cast<int>(a.severity), static_cast<int>(b.severity));
  d.field(p + ".code", std::string(isa::spelling(a.code)), std::string(isa::spelling(b.code)));
  d.field(p + ".message", a.message, b.message);
  d.field(p + ".fixes", a.fixes.size(), b.fixes.size());
  for (std::size_t i = 0; i < std::min(a.fixes.size(), b.fixes.size()); ++i)
    d.field(p + ".fixes[" + std::to_string(i) + "]", a.fixes[i], b.fixes[i]);
  d.field(p + ".legalForms", a.legalForms.size(), b.legalForms.size());
  d.field(p + ".erratum", a.erratum, b.erratum);
}

}  // namespace lowereddiff

/// "" when the lowerings are equal field by field, else the first difference with its path.
inline std::string firstDifference(const syntax::LoweredUnit& scanner,
                                   const syntax::LoweredUnit& treeSitter) {
  lowereddiff::Differ d;
  d.size("statements", scanner.statements.size(), treeSitter.statements.size());
  for (std::size_t i = 0; i < std::min(scanner.statements.size(), treeSitter.statements.size()); ++i)
    lowereddiff::compareStatement(d, "statements[" + std::to_string(i) + "]", scanner.statements[i],
                                  treeSitter.statements[i]);
  d.size("diagnostics", scanner.diagnostics.size(), treeSitter.diagnostics.size());
  for (std::size_t i = 0; i < std::min(scanner.diagnostics.size(), treeSitter.diagnostics.size()); ++i)
    lowereddiff::compareDiagnostic(d, "diagnostics[" + std::to_string(i) + "]", scanner.diagnostics[i],
                                   treeSitter.diagnostics[i]);
  return d.what();
}

/// The tree-sitter path alone, chunk by chunk (syntax/Chunks.h): what lowerText must give.
inline syntax::LoweredUnit lowerByTreeSitter(std::string_view text) {
  syntax::LoweredUnit out;
  std::vector<isa::AsmDiagnostic> syntaxDiagnostics;
  syntax::ChunkScanner chunks(text);
  std::uint32_t lineNo = 0;
  for (std::uint32_t at = 0; at < text.size();) {
    const std::uint32_t end = chunks.scan(at).end;
    syntax::lowerChunk(text.substr(at, end - at), at, lineNo, out, syntaxDiagnostics);
    lineNo += static_cast<std::uint32_t>(std::count(text.begin() + at, text.begin() + end, '\n'));
    at = end;
  }
  out.diagnostics.insert(out.diagnostics.begin(), syntaxDiagnostics.begin(), syntaxDiagnostics.end());
  return out;
}

/// The differential check of the line scanner: "" when lowerText(text) equals the tree-sitter
/// path chunk by chunk and, for a text without syntax errors, lower(SyntaxTree(text)) of the
/// whole text; else which comparison failed and the first difference.
inline std::string scannerDisagreement(std::string_view text, syntax::ScanStats* stats = nullptr) {
  const syntax::LoweredUnit fast = syntax::lowerText(text, stats);
  if (std::string diff = firstDifference(fast, lowerByTreeSitter(text)); !diff.empty())
    return "chunk-wise: " + diff;
  if (const syntax::SyntaxTree whole{std::string(text)}; !whole.hasErrors())
    if (std::string diff = firstDifference(fast, syntax::lower(whole)); !diff.empty())
      return "whole text: " + diff;
  return "";
}

}  // namespace gpuasm::testsupport
