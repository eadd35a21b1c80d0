// nlohmann_json rendering of `gpuasm check --json`.
#include <gpuasm/lsp/CheckJson.h>

#include <nlohmann/json.hpp>

namespace gpuasm::lsp {

std::string checkToJson(const std::vector<FileDiagnostics>& files, int indent) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : files) {
    nlohmann::json diags = nlohmann::json::array();
    for (const auto& d : f.diagnostics) {
      nlohmann::json j = {{"line", d.line}, {"column", d.column}, {"endLine", d.endLine}, {"endColumn", d.endColumn},
                          {"severity", d.severity}, {"code", d.code}, {"message", d.message}};
      if (!d.suggestions.empty()) j["suggestions"] = d.suggestions;
      diags.push_back(std::move(j));
    }
    nlohmann::json j = {{"file", f.file}, {"diagnostics", diags}};
    if (!f.error.empty()) j["error"] = f.error;
    list.push_back(std::move(j));
  }
  return nlohmann::json{{"files", list}}.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace gpuasm::lsp
