// nlohmann_json rendering of `gpuasm stats --json`.
#include <gpuasm/formats/StatsJson.h>

#include <nlohmann/json.hpp>

namespace gpuasm::formats {

namespace {

nlohmann::ordered_json fileJson(const FileStats& f) {
  nlohmann::ordered_json j = {{"file", f.file}};
  if (!f.error.empty()) {
    j["error"] = f.error;
    return j;
  }
  j["errors"] = f.errors;
  nlohmann::ordered_json registers = nlohmann::ordered_json::object();
  for (const RegisterFileStats& r : f.files) {
    nlohmann::ordered_json line = nullptr;
    if (r.peakLine) line = *r.peakLine;
    registers[r.file] = {{"peak", r.peak}, {"line", line}, {"count", r.used.size()}, {"used", r.used}};
  }
  j["registers"] = std::move(registers);
  if (f.lines) {
    nlohmann::ordered_json lines = nlohmann::ordered_json::array();
    for (const LineStats& l : *f.lines) {
      nlohmann::ordered_json row = {{"line", l.line}};
      for (std::size_t i = 0; i < f.files.size() && i < l.live.size(); ++i) row[f.files[i].file] = l.live[i];
      lines.push_back(std::move(row));
    }
    j["lines"] = std::move(lines);
  }
  return j;
}

}  // namespace

std::string statsToJson(const std::vector<FileStats>& files) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const FileStats& f : files) list.push_back(fileJson(f));
  return nlohmann::ordered_json{{"files", std::move(list)}}.dump(2, ' ', false,
                                                                 nlohmann::json::error_handler_t::replace) +
         "\n";
}

}  // namespace gpuasm::formats
