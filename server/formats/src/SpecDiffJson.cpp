// nlohmann_json rendering of `gpuasm spec diff --json`.
#include <gpuasm/isa/Text.h>
#include <gpuasm/formats/SpecDiffJson.h>

#include <nlohmann/json.hpp>

namespace gpuasm::formats {

namespace {

using Json = nlohmann::ordered_json;

Json placeJson(const isa::SpecPlace& p) {
  if (!p.present()) return nullptr;
  return {{"file", p.file}, {"line", p.line}};
}

Json textJson(const std::string& text, const isa::SpecPlace& p) {
  if (text.empty() && !p.present()) return nullptr;
  return text;
}

Json changeJson(const isa::SpecChange& c) {
  return {{"kind", std::string(isa::specChangeKindName(c.kind))},
          {"name", c.name},
          {"old", textJson(c.oldText, c.oldPlace)},
          {"new", textJson(c.newText, c.newPlace)},
          {"oldAt", placeJson(c.oldPlace)},
          {"newAt", placeJson(c.newPlace)},
          {"optype", c.optype.empty() ? Json(nullptr) : Json(c.optype)},
          {"opcodes", c.opcodes}};
}

std::string bits32(std::uint32_t v) { return text::hex(v, {.digits = 8}); }

Json lineJson(const ide::LineChange& c) {
  Json j = {
      {"line", c.line + 1}, {"kind", std::string(ide::lineChangeKindName(c.kind))}, {"source", c.source}};
  if (!c.diagnostic.empty()) j["diagnostic"] = c.diagnostic;
  j["oldWord"] = c.oldWord.toHex();
  if (c.kind != ide::LineChangeKind::NoLongerAssembles) j["newWord"] = c.newWord.toHex();
  if (c.kind == ide::LineChangeKind::ComputesOtherwise) {
    Json registers = Json::array();
    for (const ide::RegisterDifference& r : c.registers)
      registers.push_back({{"register", r.name},
                           {"lanes", r.lanes},
                           {"old", bits32(r.oldValue)},
                           {"new", bits32(r.newValue)}});
    j["registers"] = std::move(registers);
  }
  if (c.kind == ide::LineChangeKind::UsesChanged) j["changes"] = c.specChanges;
  return j;
}

Json fileJson(const SpecDiffFileEntry& f) {
  Json j = {{"file", f.file}};
  if (!f.error.empty()) {
    j["error"] = f.error;
    return j;
  }
  Json lines = Json::array();
  for (const ide::LineChange& c : f.diff.lines) lines.push_back(lineJson(c));
  j["lines"] = std::move(lines);
  j["notes"] = f.diff.notes;
  return j;
}

}  // namespace

std::string specDiffToJson(const SpecDiffReport& report) {
  Json changes = Json::array();
  for (const isa::SpecChange& c : report.changes) changes.push_back(changeJson(c));
  Json files = Json::array();
  for (const SpecDiffFileEntry& f : report.files) files.push_back(fileJson(f));
  const Json j = {{"old", {{"dir", report.oldSpec.dir}, {"errors", report.oldSpec.errors}}},
                  {"new", {{"dir", report.newSpec.dir}, {"errors", report.newSpec.errors}}},
                  {"changes", std::move(changes)},
                  {"files", std::move(files)},
                  {"changed", report.changed}};
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace gpuasm::formats
