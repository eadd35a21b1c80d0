// JSON helpers of the server (see Protocol.h).
#include "Protocol.h"

namespace gpuasm::lsp::protocol {

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

const json& member(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) throw ParamsError{std::string("missing '") + key + "'"};
  return object.at(key);
}

std::string stringMember(const json& object, const char* key) {
  const json& v = member(object, key);
  if (!v.is_string()) throw ParamsError{std::string("'") + key + "' must be a string"};
  return v.get<std::string>();
}

std::uint32_t uintMember(const json& object, const char* key) {
  const json& v = member(object, key);
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 0xFFFFFFFFll)
    throw ParamsError{std::string("'") + key + "' must be a non-negative integer"};
  return static_cast<std::uint32_t>(v.get<std::int64_t>());
}

bool boolMember(const json& object, const char* key, bool fallback) {
  if (!object.is_object() || !object.contains(key) || object.at(key).is_null()) return fallback;
  if (!object.at(key).is_boolean()) throw ParamsError{std::string("'") + key + "' must be true or false"};
  return object.at(key).get<bool>();
}

syntax::LinePosition position(const json& p) { return {uintMember(p, "line"), uintMember(p, "character")}; }

json positionJson(const syntax::LinePosition& p) { return {{"line", p.line}, {"character", p.character}}; }

json rangeJson(const syntax::LineIndex& lines, syntax::ByteRange r) {
  return {{"start", positionJson(lines.position(r.begin))}, {"end", positionJson(lines.position(r.end))}};
}

syntax::ByteRange byteRange(const syntax::LineIndex& lines, const json& range) {
  const syntax::LinePosition start = position(member(range, "start"));
  const syntax::LinePosition end = position(member(range, "end"));
  if (end.line < start.line || (end.line == start.line && end.character < start.character))
    throw ParamsError{"the range ends before it starts"};
  return {lines.offset(start), lines.offset(end)};
}

namespace {

int severityCode(ide::Severity s) {
  switch (s) {
    case ide::Severity::Error: return 1;
    case ide::Severity::Warning: return 2;
    case ide::Severity::Information: return 3;
    case ide::Severity::Hint: return 4;
  }
  return 1;
}

}  // namespace

json diagnosticJson(const syntax::LineIndex& lines, const ide::Diagnostic& d) {
  json j = {{"range", rangeJson(lines, d.range)},
            {"severity", severityCode(d.severity)},
            {"code", d.code},
            {"source", "gpuasm"},
            {"message", d.message}};
  json data = json::object();
  if (!d.suggestions.empty()) data["suggestions"] = d.suggestions;
  if (!d.legalForms.empty()) data["legalForms"] = d.legalForms;
  if (!d.erratum.empty()) data["erratum"] = d.erratum;
  if (!data.empty()) j["data"] = std::move(data);
  return j;
}

}  // namespace gpuasm::lsp::protocol
