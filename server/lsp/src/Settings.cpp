// The client's settings (see Settings.h).
#include "Settings.h"

#include <gpuasm/sim/WarpState.h>

#include <cctype>
#include <string_view>

namespace gpuasm::lsp {

using namespace protocol;

namespace {

// "encodingHints": "cursor", "all" or "off"; true and false (the setting's first form) are "all" and "off".
workspace::EncodingHints encodingHintsMember(const json& s, workspace::EncodingHints current) {
  using workspace::EncodingHints;
  if (!s.contains("encodingHints")) return current;
  const json& v = s["encodingHints"];
  if (v.is_boolean()) return v.get<bool>() ? EncodingHints::All : EncodingHints::Off;
  if (v == "cursor") return EncodingHints::Cursor;
  if (v == "all") return EncodingHints::All;
  if (v == "off") return EncodingHints::Off;
  throw ParamsError{"encodingHints must be \"cursor\", \"all\" or \"off\" (or true/false)"};
}

// A URL the hover's markdown link can end in as it is: the characters of RFC 3986 (letters,
// digits, - . _ ~ : / @ ! $ & ' * + , ; = and %-escapes), without '(' and ')' (they close the
// markdown link), '?' and '#' (a page's name must come after the path).
bool plainUrl(const std::string& url) {
  for (const char ch : url) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) == 0 && std::string_view("-._~:/@!$&'*+,;=%").find(ch) == std::string_view::npos)
      return false;
  }
  return true;
}

}  // namespace

workspace::Settings settingsFrom(const workspace::Settings& current, const json& j) {
  workspace::Settings settings = current;
  const json& s = j.is_object() && j.contains("gpuasm") ? j["gpuasm"] : j;
  if (!s.is_object()) return settings;
  settings.encodingHints = encodingHintsMember(s, settings.encodingHints);
  // {"liveValues": {"enabled": bool, "lane": 0..31 or null}}
  if (s.contains("liveValues") && s["liveValues"].is_object()) {
    const json& live = s["liveValues"];
    settings.liveValues = boolMember(live, "enabled", settings.liveValues);
    if (live.contains("lane")) {
      const json& l = live["lane"];
      if (l.is_null())
        settings.liveValuesLane.reset();
      else if (l.is_number_integer() && l.get<std::int64_t>() >= 0 &&
               l.get<std::int64_t>() < static_cast<std::int64_t>(sim::kWarpSize))
        settings.liveValuesLane = l.get<std::uint32_t>();
      else
        throw ParamsError{"liveValues.lane must be a lane number 0..31 or null"};
    }
  }
  // {"referenceDirectory": "dir" or null}
  if (s.contains("referenceDirectory")) {
    const json& r = s["referenceDirectory"];
    if (!r.is_null() && !r.is_string())
      throw ParamsError{"referenceDirectory must be a string (a directory of `gpuasm doc` output) or null"};
    settings.referenceDirectory = r.is_string() ? r.get<std::string>() : std::string();
  }
  // {"referenceBaseUrl": "url" or null}
  if (s.contains("referenceBaseUrl")) {
    const json& r = s["referenceBaseUrl"];
    if (!(r.is_null() || (r.is_string() && plainUrl(r.get<std::string>()))))
      throw ParamsError{
          "referenceBaseUrl must be a URL of `gpuasm doc` output (absolute, or relative to the "
          "client's page) without spaces, parentheses, '?' or '#', or null"};
    settings.referenceBaseUrl = r.is_string() ? r.get<std::string>() : std::string();
  }
  // {"dataflow": {"maxFindings": n}}
  if (s.contains("dataflow") && s["dataflow"].is_object() && s["dataflow"].contains("maxFindings")) {
    const json& m = s["dataflow"]["maxFindings"];
    if (!m.is_number_unsigned())
      throw ParamsError{"dataflow.maxFindings must be a number of findings (0 or more)"};
    settings.dataflowMaxFindings = m.get<std::size_t>();
  }
  return settings;
}

std::optional<std::string> specDirSetting(const json& settings) {
  const json& s = settings.is_object() && settings.contains("gpuasm") ? settings["gpuasm"] : settings;
  if (!s.is_object() || !s.contains("specDir")) return std::nullopt;
  const json& v = s["specDir"];
  if (!v.is_null() && !v.is_string()) throw ParamsError{"specDir must be a string (a directory) or null"};
  return v.is_string() ? v.get<std::string>() : std::string();
}

}  // namespace gpuasm::lsp
