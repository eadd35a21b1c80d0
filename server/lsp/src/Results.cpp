// JSON of the methods' results (see Results.h).
#include "Results.h"

#include <gpuasm/ide/asm/SemanticTokens.h>

namespace gpuasm::lsp::protocol {

void to_json(json& j, const LspRange& r) {
  j = {{"start", positionJson(r.start)}, {"end", positionJson(r.end)}};
}

void to_json(json& j, const MarkupContent& m) { j = {{"kind", m.kind}, {"value", m.value}}; }

void to_json(json& j, const HoverResult& h) { j = {{"contents", h.contents}, {"range", h.range}}; }

void to_json(json& j, const TextEdit& e) { j = {{"range", e.range}, {"newText", e.newText}}; }

void to_json(json& j, const CompletionItem& c) {
  j = {{"label", c.label},
       {"kind", c.kind},
       {"textEdit", c.textEdit},
       {"insertTextFormat", c.insertTextFormat}};
  if (!c.detail.empty()) j["detail"] = c.detail;
  if (!c.data.is_null()) j["data"] = c.data;
  if (!c.sortText.empty()) j["sortText"] = c.sortText;
  if (!c.filterText.empty()) j["filterText"] = c.filterText;
}

void to_json(json& j, const CompletionList& l) { j = {{"isIncomplete", l.isIncomplete}, {"items", l.items}}; }

void to_json(json& j, const ParameterInformation& p) {
  j = {{"label", {p.labelBegin, p.labelEnd}}};
  if (p.documentation) j["documentation"] = *p.documentation;
}

void to_json(json& j, const SignatureInformation& s) {
  j = {{"label", s.label}, {"parameters", s.parameters}};
  if (s.documentation) j["documentation"] = *s.documentation;
}

void to_json(json& j, const SignatureHelpResult& h) {
  j = {{"signatures", h.signatures},
       {"activeSignature", h.activeSignature},
       {"activeParameter", h.activeParameter}};
}

void to_json(json& j, const SemanticTokensResult& t) { j = {{"data", t.data}}; }

namespace {

std::string_view tokenTypeName(ide::SemanticTokenType type) {
  using T = ide::SemanticTokenType;
  switch (type) {
    case T::Keyword: return "keyword";
    case T::Modifier: return "modifier";
    case T::Variable: return "variable";
    case T::Number: return "number";
    case T::Operator: return "operator";
    case T::Comment: return "comment";
    case T::Decorator: return "decorator";
    case T::Property: return "property";
    case T::Type: return "type";
    case T::EnumMember: return "enumMember";
    case T::String: return "string";
    case T::Namespace: return "namespace";
    case T::Class: return "class";
  }
  return "keyword";
}

std::string_view tokenModifierName(std::uint32_t bit) {
  switch (static_cast<ide::SemanticTokenModifier>(bit)) {
    case ide::kReadonly: return "readonly";
  }
  return "readonly";
}

}  // namespace

const SemanticTokensLegend& semanticTokensLegend() {
  static const SemanticTokensLegend legend = [] {
    SemanticTokensLegend l;
    for (std::size_t i = 0; i < ide::kSemanticTokenTypeCount; ++i)
      l.tokenTypes.emplace_back(tokenTypeName(static_cast<ide::SemanticTokenType>(i)));
    for (std::size_t i = 0; i < ide::kSemanticTokenModifierCount; ++i)
      l.tokenModifiers.emplace_back(tokenModifierName(1u << i));
    return l;
  }();
  return legend;
}

void to_json(json& j, const SemanticTokensLegend& l) {
  j = {{"tokenTypes", l.tokenTypes}, {"tokenModifiers", l.tokenModifiers}};
}

void to_json(json& j, const DocumentSymbol& s) {
  j = {{"name", s.name}, {"kind", s.kind}, {"range", s.range}, {"selectionRange", s.selectionRange}};
  if (!s.detail.empty()) j["detail"] = s.detail;
  if (!s.children.empty()) j["children"] = s.children;
}

void to_json(json& j, const FoldingRange& f) {
  j = {{"startLine", f.startLine}, {"endLine", f.endLine}, {"kind", f.kind}};
}

void to_json(json& j, const InlayHint& h) {
  j = {{"position", positionJson(h.position)},
       {"label", h.label},
       {"tooltip", h.tooltip},
       {"paddingLeft", h.paddingLeft}};
}

void to_json(json& j, const InlineValueText& v) { j = {{"range", v.range}, {"text", v.text}}; }

void to_json(json& j, const DocumentHighlight& h) { j = {{"range", h.range}, {"kind", h.kind}}; }
void to_json(json& j, const CodeLens& l) {
  j = {{"range", l.range},
       {"command", {{"title", l.title}, {"command", l.command}, {"arguments", l.arguments}}}};
}

void to_json(json& j, const Location& l) { j = {{"uri", l.uri}, {"range", l.range}}; }

void to_json(json& j, const CodeAction& a) {
  j = {{"title", a.title},
       {"kind", a.kind},
       {"diagnostics", json::array({a.diagnostic})},
       {"edit", {{"changes", {{a.uri, a.edits}}}}}};
  if (a.isPreferred) j["isPreferred"] = true;
}

void to_json(json& j, const InstructionEncoding& e) {
  j = {{"line", e.line}, {"range", e.range}, {"text", e.text}};
  if (e.diagnostics) {
    j["diagnostics"] = *e.diagnostics;
    return;
  }
  json fields = json::array();
  for (const auto& f : e.fields)
    fields.push_back({{"name", f.name}, {"hi", f.hi}, {"lo", f.lo}, {"value", f.value}});
  j["variant"] = e.variant;
  j["encoding"] = e.encoding;
  j["fields"] = std::move(fields);
}

void to_json(json& j, const EncodingResult& r) { j = {{"instructions", r.instructions}}; }

}  // namespace gpuasm::lsp::protocol
