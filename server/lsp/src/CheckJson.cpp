// nlohmann_json rendering of `gpuasm check --json`.
#include <gpuasm/lsp/CheckJson.h>

#include <gpuasm/isa/Utf8.h>

#include "DiagnosticsJson.h"

#include <nlohmann/json.hpp>

namespace gpuasm::lsp {

namespace detail {
nlohmann::json diagnosticsJson(const std::vector<PlacedDiagnostic>& diagnostics) {
  nlohmann::json diags = nlohmann::json::array();
  for (const auto& d : diagnostics) {
    nlohmann::json j = {{"line", d.line}, {"column", d.column}, {"endLine", d.endLine}, {"endColumn", d.endColumn},
                        {"severity", d.severity}, {"code", d.code}, {"message", d.message}};
    if (!d.suggestions.empty()) j["suggestions"] = d.suggestions;
    if (!d.legalForms.empty()) j["legalForms"] = d.legalForms;
    if (!d.erratum.empty()) j["erratum"] = d.erratum;
    diags.push_back(std::move(j));
  }
  return diags;
}
}  // namespace detail

using detail::diagnosticsJson;

std::string asmToJson(const std::string& file, const std::vector<ListingEntry>& listing,
                      const std::vector<PlacedDiagnostic>& diagnostics, int indent) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& e : listing) {
    nlohmann::json j = {{"line", e.line}, {"text", e.text}};
    if (!e.opcode.empty()) {
      j["opcode"] = e.opcode;
      j["encoding"] = e.encoding;
      nlohmann::json fields = nlohmann::json::object();
      for (const auto& [name, value] : e.fields) fields[name] = value;
      j["fields"] = fields;
    }
    if (!e.canonical.empty()) j["canonical"] = e.canonical;
    list.push_back(std::move(j));
  }
  return nlohmann::json{{"file", file}, {"instructions", list}, {"diagnostics", diagnosticsJson(diagnostics)}}
      .dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::vector<PlacedDiagnostic> placeDiagnostics(const std::vector<ide::Diagnostic>& diagnostics, const syntax::LineIndex& lines) {
  std::vector<PlacedDiagnostic> out;
  for (const auto& d : diagnostics) {
    const auto b = lines.position(d.range.begin);
    const auto e = lines.position(d.range.end);
    // A message may quote the file: bytes that are not UTF-8 are shown as \xNN, never raw.
    out.push_back({b.line + 1, b.character + 1, e.line + 1, e.character + 1, ide::severityName(d.severity), d.code, text::escapeInvalidUtf8(d.message),
                   d.suggestions, d.legalForms, d.erratum});
  }
  return out;
}

std::string checkToJson(const std::vector<FileDiagnostics>& files, int indent) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : files) {
    nlohmann::json diags = diagnosticsJson(f.diagnostics);
    nlohmann::json j = {{"file", f.file}, {"diagnostics", diags}};
    if (!f.error.empty()) j["error"] = f.error;
    list.push_back(std::move(j));
  }
  return nlohmann::json{{"files", list}}.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace gpuasm::lsp
