// nlohmann_json rendering of `gpuasm check --json`.
#include <gpuasm/formats/CheckJson.h>

#include <gpuasm/isa/Utf8.h>

#include "DiagnosticsJson.h"

#include <nlohmann/json.hpp>

namespace gpuasm::formats {

namespace detail {
nlohmann::json diagnosticsJson(const std::vector<PlacedDiagnostic>& diagnostics) {
  nlohmann::json diags = nlohmann::json::array();
  for (const auto& d : diagnostics) {
    nlohmann::json j = {{"line", d.line},           {"column", d.column},     {"endLine", d.endLine},
                        {"endColumn", d.endColumn}, {"severity", d.severity}, {"code", d.code},
                        {"message", d.message}};
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

PlacedDiagnostic placeDiagnostic(const ide::Diagnostic& d, syntax::LinePosition b, syntax::LinePosition e) {
  // A message may quote the file: bytes that are not UTF-8 and control characters are shown as
  // \xNN, never raw (isa/Utf8.h), in the text, the JSON and the language server alike.
  return {b.line + 1,
          b.character + 1,
          e.line + 1,
          e.character + 1,
          ide::severityName(d.severity),
          std::string(isa::spelling(d.code)),
          text::escapeText(d.message),
          d.suggestions,
          d.legalForms,
          d.erratum};
}

PlacedDiagnostic placeDiagnostic(const ide::Diagnostic& d, syntax::LineCursor& cursor) {
  const syntax::LinePosition begin = cursor.position(d.range.begin);
  return placeDiagnostic(d, begin, cursor.positionAfter(cursor.consumed(), begin, d.range.end));
}

std::vector<PlacedDiagnostic> placeDiagnostics(const std::vector<ide::Diagnostic>& diagnostics,
                                               const syntax::LineIndex& lines) {
  std::vector<PlacedDiagnostic> out;
  out.reserve(diagnostics.size());
  for (const auto& d : diagnostics)
    out.push_back(placeDiagnostic(d, lines.position(d.range.begin), lines.position(d.range.end)));
  return out;
}

namespace {
nlohmann::json jsonString(const std::string& s) { return s; }
std::string dumped(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}
}  // namespace

CheckJsonWriter::CheckJsonWriter(std::ostream& out) : out_(out) { out_ << "{\n  \"files\": ["; }

void CheckJsonWriter::beginFile() {
  out_ << (anyFile_ ? ",\n" : "\n") << "    {\n      \"diagnostics\": [";
  anyFile_ = true;
  anyDiagnostic_ = false;
}

void CheckJsonWriter::diagnostic(const PlacedDiagnostic& d) {
  // The object as nlohmann lays it out at depth 0, moved in to depth 4 (eight spaces).
  std::string text = dumped(diagnosticsJson({d})[0], 2);
  std::string indented = "        ";
  indented.reserve(text.size() + text.size() / 4);
  for (const char c : text) {
    indented += c;
    if (c == '\n') indented += "        ";
  }
  out_ << (anyDiagnostic_ ? ",\n" : "\n") << indented;
  anyDiagnostic_ = true;
}

void CheckJsonWriter::endFile(const std::string& file, const std::string& error) {
  out_ << (anyDiagnostic_ ? "\n      ]" : "]");
  if (!error.empty()) out_ << ",\n      \"error\": " << dumped(jsonString(error), -1);
  out_ << ",\n      \"file\": " << dumped(jsonString(file), -1) << "\n    }";
}

void CheckJsonWriter::finish() { out_ << (anyFile_ ? "\n  ]" : "]") << "\n}\n"; }

}  // namespace gpuasm::formats
