// JSON helpers of the server (see Protocol.h).
#include "Protocol.h"
#include "SpecDocuments.h"

#include <gpuasm/isa/Utf8.h>

#include <algorithm>
#include <charconv>

#include <gpuasm/formats/RunJson.h>

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

json rangeJson(const Positions& at, syntax::ByteRange r) {
  return {{"start", positionJson(at.position(r.begin))}, {"end", positionJson(at.position(r.end))}};
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

void appendPosition(std::string& out, syntax::LinePosition p) {
  out += "{\"character\":";
  appendJsonInteger(out, p.character);
  out += ",\"line\":";
  appendJsonInteger(out, p.line);
  out += '}';
}

void appendStrings(std::string& out, const std::vector<std::string>& strings) {
  out += '[';
  for (std::size_t i = 0; i < strings.size(); ++i) {
    if (i > 0) out += ',';
    appendJsonString(out, strings[i]);
  }
  out += ']';
}

bool isAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

bool isPrintableAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7F; });
}

}  // namespace

void appendJsonString(std::string& out, std::string_view s) {
  if (!isAscii(s)) {
    out += dump(json(std::string(s)));  // nlohmann's replacement of invalid UTF-8 is the rule
    return;
  }
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          constexpr char kHex[] = "0123456789abcdef";
          out += "\\u00";
          out += kHex[(static_cast<unsigned char>(c) >> 4) & 0xF];
          out += kHex[static_cast<unsigned char>(c) & 0xF];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void appendJsonInteger(std::string& out, std::int64_t n) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, r.ptr);
}

void appendDiagnosticText(std::string& out, const Positions& at, const ide::Diagnostic& d,
                          std::string_view relatedInformation) {
  out += "{\"code\":";
  appendJsonString(out, isa::spelling(d.code));
  if (!d.suggestions.empty() || !d.legalForms.empty() || !d.erratum.empty()) {
    out += ",\"data\":{";
    bool comma = false;
    if (!d.erratum.empty()) {
      out += "\"erratum\":";
      appendJsonString(out, d.erratum);
      comma = true;
    }
    if (!d.legalForms.empty()) {
      out += comma ? ",\"legalForms\":" : "\"legalForms\":";
      appendStrings(out, d.legalForms);
      comma = true;
    }
    if (!d.suggestions.empty()) {
      out += comma ? ",\"suggestions\":" : "\"suggestions\":";
      appendStrings(out, d.suggestions);
    }
    out += '}';
  }
  out += ",\"message\":";
  // Quoted bytes that are not UTF-8, and control characters, as \xNN, as `gpuasm check` shows
  // them (a message of printable ASCII has none: no copy).
  appendJsonString(out, isPrintableAscii(d.message) ? d.message : text::escapeText(d.message));
  out += ",\"range\":{\"end\":";
  appendPosition(out, at.position(d.range.end));
  out += ",\"start\":";
  appendPosition(out, at.position(d.range.begin));
  out += '}';
  if (!relatedInformation.empty()) {
    out += ",\"relatedInformation\":";
    out += relatedInformation;
  }
  out += ",\"severity\":";
  appendJsonInteger(out, severityCode(d.severity));
  out += ",\"source\":\"gpuasm\"";
  if (d.unnecessary) out += ",\"tags\":[1]";  // DiagnosticTag.Unnecessary: editors fade the code
  out += '}';
}

json diagnosticJson(const Positions& at, const ide::Diagnostic& d) {
  // The same text parsed: one writer of a diagnostic's shape, for the hot path and the rest.
  std::string text;
  appendDiagnosticText(text, at, d, {});
  return json::parse(text);
}

// ------------------------------------------------------------------ typed params

namespace {

// A member that may be absent; when present it must be an object.
const json* optionalObject(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || j.at(key).is_null()) return nullptr;
  if (!j.at(key).is_object()) throw ParamsError{std::string("'") + key + "' must be an object"};
  return &j.at(key);
}

// A nested path of objects (capabilities), null when any step is absent or not an object.
const json* path(const json& j, std::initializer_list<const char*> keys) {
  const json* at = &j;
  for (const char* k : keys) {
    if (!at->is_object() || !at->contains(k) || !at->at(k).is_object()) return nullptr;
    at = &at->at(k);
  }
  return at;
}

std::string documentUri(const json& j) { return stringMember(member(j, "textDocument"), "uri"); }

std::optional<sim::InitialState> stateMember(const json& j) {
  if (!j.is_object() || !j.contains("state") || j["state"].is_null()) return std::nullopt;
  auto state = formats::parseStateJson(j["state"].dump());
  if (!state) throw ParamsError{"state: " + state.error()};
  return std::move(*state);
}

ide::FormatOptions formatOptions(const json& j) {
  ide::FormatOptions options;
  if (const json* o = optionalObject(j, "options")) {
    if (o->contains("tabSize")) options.tabSize = std::max<std::uint32_t>(1, uintMember(*o, "tabSize"));
    options.insertSpaces = boolMember(*o, "insertSpaces", true);
  }
  return options;
}

}  // namespace

}  // namespace gpuasm::lsp::protocol

namespace gpuasm::lsp {

void from_json(const protocol::json& j, ClientCapabilities& c) {
  using namespace protocol;
  c = {};
  if (!j.is_object()) return;
  if (const json* item = path(j, {"textDocument", "completion", "completionItem"}))
    c.snippets = boolMember(*item, "snippetSupport", false);
  if (const json* hover = path(j, {"textDocument", "hover"});
      hover != nullptr && hover->contains("contentFormat") && (*hover)["contentFormat"].is_array()) {
    c.markdownHover = false;
    for (const json& f : (*hover)["contentFormat"])
      if (f == "markdown") c.markdownHover = true;
  }
  if (const json* pub = path(j, {"textDocument", "publishDiagnostics"}))
    c.relatedInformation = boolMember(*pub, "relatedInformation", false);
  // Pull diagnostics (LSP 3.17): the client declares textDocument.diagnostic and lets the server
  // ask it to pull again (workspace.diagnostics.refreshSupport). Both: the findings change
  // without an edit (the idle dataflow and expectations, a spec reload), and a client that
  // cannot be told would show stale ones until its next edit — Neovim 0.10 declares the first
  // only, and is sent them.
  bool refresh = false;
  if (const json* diagnostics = path(j, {"workspace", "diagnostics"}))
    refresh = boolMember(*diagnostics, "refreshSupport", false);
  c.pullDiagnostics = path(j, {"textDocument", "diagnostic"}) != nullptr && refresh;
  if (const json* hints = path(j, {"workspace", "inlayHint"}))
    c.inlayHintRefresh = boolMember(*hints, "refreshSupport", false);
  // general.positionEncodings (LSP 3.17): UTF-8 when offered, the cheaper one for us.
  if (const json* general = path(j, {"general"}); general != nullptr &&
                                                  general->contains("positionEncodings") &&
                                                  (*general)["positionEncodings"].is_array())
    for (const json& e : (*general)["positionEncodings"])
      if (e == "utf-8") c.utf8Positions = true;
  if (const json* watched = path(j, {"workspace", "didChangeWatchedFiles"})) {
    c.watchedFiles = boolMember(*watched, "dynamicRegistration", false);
    c.relativePatterns = boolMember(*watched, "relativePatternSupport", false);
  }
  // Our own clients (VS Code, Neovim) say they report the cursor; LSP 3.17 keeps
  // `experimental` for such client capabilities of a server's own.
  if (const json* ours = path(j, {"experimental", "gpuasm"}))
    c.cursorNotifications = boolMember(*ours, "cursorNotifications", false);
}

}  // namespace gpuasm::lsp

namespace gpuasm::lsp::protocol {

void from_json(const json& j, InitializeParams& p) {
  p = {};
  if (!j.is_object()) throw ParamsError{"the params of initialize must be an object"};
  if (const json* caps = optionalObject(j, "capabilities")) p.client = caps->get<ClientCapabilities>();
  p.initializationOptions = j.contains("initializationOptions") ? j["initializationOptions"] : json(nullptr);
  // LSP 3.17: workspaceFolders over rootUri over the deprecated rootPath; null or absent each.
  std::optional<std::string> root;
  if (j.contains("workspaceFolders") && j["workspaceFolders"].is_array() && !j["workspaceFolders"].empty() &&
      j["workspaceFolders"][0].is_object() && j["workspaceFolders"][0].contains("uri") &&
      j["workspaceFolders"][0]["uri"].is_string())
    root = pathOfFileUri(j["workspaceFolders"][0]["uri"].get<std::string>());
  if (!root && j.contains("rootUri") && j["rootUri"].is_string())
    root = pathOfFileUri(j["rootUri"].get<std::string>());
  if (!root && j.contains("rootPath") && j["rootPath"].is_string() &&
      j["rootPath"].get<std::string>().starts_with('/'))
    root = j["rootPath"].get<std::string>();
  p.workspaceRoot = root.value_or(std::string());
}

void from_json(const json& j, LspRange& r) {
  r.start = position(member(j, "start"));
  r.end = position(member(j, "end"));
  if (r.end.line < r.start.line || (r.end.line == r.start.line && r.end.character < r.start.character))
    throw ParamsError{"the range ends before it starts"};
}

syntax::ByteRange byteRange(const Positions& at, const LspRange& range) {
  return {at.offset(range.start), at.offset(range.end)};
}

void from_json(const json& j, DocumentParams& p) { p.uri = documentUri(j); }

void from_json(const json& j, DocumentDiagnosticParams& p) {
  p.uri = documentUri(j);
  p.previousResultId.reset();
  if (j.contains("previousResultId") && !j["previousResultId"].is_null())
    p.previousResultId = stringMember(j, "previousResultId");
}

void from_json(const json& j, PositionParams& p) {
  p.uri = documentUri(j);
  p.position = position(member(j, "position"));
  p.state = stateMember(j);
}

void from_json(const json& j, ReferenceParams& p) {
  if (j.is_object() && j.contains("page")) {
    p.page = stringMember(j, "page");
    return;
  }
  p.page.reset();
  p.uri = documentUri(j);
  p.position = position(member(j, "position"));
}

void from_json(const json& j, RangeParams& p) {
  p.uri = documentUri(j);
  p.range = member(j, "range").get<LspRange>();
  p.only.reset();
  if (const json* context = optionalObject(j, "context"); context != nullptr && context->contains("only")) {
    const json& only = (*context)["only"];
    if (!only.is_array()) throw ParamsError{"'only' must be an array of code action kinds"};
    p.only.emplace();
    for (const json& k : only)
      if (k.is_string()) p.only->push_back(k.get<std::string>());
  }
  p.state = stateMember(j);
  p.options = formatOptions(j);
}

void from_json(const json& j, RenameParams& p) {
  p.uri = documentUri(j);
  p.position = position(member(j, "position"));
  p.newName = stringMember(j, "newName");
}

void from_json(const json& j, InitialStateParams& p) {
  if (j.is_object() && j.contains("state") && !j["state"].is_null() && !j["state"].is_object())
    throw ParamsError{"'state' must be an object (the state file's contents) or null"};
  p.state = stateMember(j);
}

void from_json(const json& j, FormattingParams& p) {
  p.uri = documentUri(j);
  p.options = formatOptions(j);
}

void from_json(const json& j, DidOpenParams& p) {
  const json& doc = member(j, "textDocument");
  p.uri = stringMember(doc, "uri");
  p.languageId = doc.contains("languageId") && doc["languageId"].is_string()
                     ? doc["languageId"].get<std::string>()
                     : std::string();
  p.version =
      doc.contains("version") && doc["version"].is_number_integer() ? doc["version"].get<std::int64_t>() : 0;
  p.text = stringMember(doc, "text");
}

void from_json(const json& j, DidChangeParams& p) {
  const json& doc = member(j, "textDocument");
  p.uri = stringMember(doc, "uri");
  p.version.reset();
  if (doc.contains("version") && doc["version"].is_number_integer())
    p.version = doc["version"].get<std::int64_t>();
  const json& changes = member(j, "contentChanges");
  if (!changes.is_array()) throw ParamsError{"'contentChanges' must be an array"};
  p.changes.clear();
  for (const json& c : changes) {
    ContentChange change;
    if (c.is_object() && c.contains("range")) change.range = c["range"].get<LspRange>();
    change.text = stringMember(c, "text");
    p.changes.push_back(std::move(change));
  }
}

void from_json(const json& j, WatchedFilesParams& p) {
  const json& changes = member(j, "changes");
  if (!changes.is_array()) throw ParamsError{"'changes' must be an array"};
  p.uris.clear();
  for (const json& c : changes) p.uris.push_back(stringMember(c, "uri"));
}

void from_json(const json& j, ConfigurationParams& p) { p.settings = member(j, "settings"); }

void from_json(const json& j, ExecuteCommandParams& p) {
  p.command = stringMember(j, "command");
  const json args = j.contains("arguments") ? j["arguments"] : json::array();
  if (!args.is_array() || args.size() != 1)
    throw ParamsError{p.command + " takes one argument: the request's params object"};
  p.argument = args[0];
}

void from_json(const json& j, CompletionItemParams& p) {
  p = {};
  p.item = j;
  if (!j.is_object()) return;
  if (j.contains("label") && j["label"].is_string()) p.label = j["label"].get<std::string>();
  if (const json* data = optionalObject(j, "data")) {
    p.uri = stringMember(*data, "uri");
    p.position = position(member(*data, "position"));
  }
}

}  // namespace gpuasm::lsp::protocol
