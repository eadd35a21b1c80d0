// The doc test's reading of Markdown (tests/doc/DocBlocksTest.cpp; docs/TESTING.md, "Doc
// tests"): every fenced code block of a document with its info string, its lines and the
// `<!-- doctest: KEY: VALUE -->` markers on the lines right above its opening fence, and the
// JSON of a block whose elisions (`…`) are read as the documents write them.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace gpuasm::doctest {

/// One `<!-- doctest: KEY[: VALUE] -->` line.
struct Marker {
  std::string key;
  std::string value;
  std::size_t line = 0;  // 1-based
};

/// One fenced code block.
struct Block {
  std::size_t line = 0;  // the opening fence's line, 1-based
  std::string info;      // the info string's first word ("" for a bare fence)
  std::vector<std::string> lines;
  std::vector<Marker> markers;

  std::size_t firstLine() const { return line + 1; }  // the line of lines[0]
  std::vector<const Marker*> all(std::string_view key) const {
    std::vector<const Marker*> out;
    for (const Marker& m : markers)
      if (m.key == key) out.push_back(&m);
    return out;
  }
  const Marker* find(std::string_view key) const {
    for (const Marker& m : markers)
      if (m.key == key) return &m;
    return nullptr;
  }
  std::string text() const {
    std::string t;
    for (const std::string& l : lines) t += l + "\n";
    return t;
  }
};

/// A problem of the document itself: a marker that belongs to no block, one that does not parse,
/// an unknown key, a fence left open.
struct Problem {
  std::size_t line = 0;
  std::string message;
};

struct Document {
  std::vector<Block> blocks;
  std::vector<Problem> problems;
};

/// The keys a marker may have (docs/TESTING.md lists what each means).
inline bool knownMarkerKey(std::string_view key) {
  for (std::string_view k :
       {"skip", "setup", "use", "run", "exit", "output", "contains", "json-shape", "excerpt", "file", "json"})
    if (k == key) return true;
  return false;
}

inline std::string trim(std::string_view s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  return std::string(s.substr(b, e - b));
}

/// Reads `<!-- doctest: KEY[: VALUE] -->`; nullopt for a line that is not a doctest comment, a
/// Problem's message (in `error`) for one that is but does not parse.
inline std::optional<Marker> parseMarker(std::string_view line, std::size_t lineNo, std::string& error) {
  const std::string t = trim(line);
  constexpr std::string_view open = "<!-- doctest:";
  if (t.rfind(open, 0) != 0) return std::nullopt;
  if (t.size() < open.size() + 3 || t.compare(t.size() - 3, 3, "-->") != 0) {
    error = "a doctest marker must be one line ending with '-->'";
    return std::nullopt;
  }
  const std::string body = trim(std::string_view(t).substr(open.size(), t.size() - 3 - open.size()));
  Marker m;
  m.line = lineNo;
  // The key runs to the first ':' or space; "exit N: CMD" keeps "N: CMD" as its value.
  std::size_t k = 0;
  while (k < body.size() && body[k] != ':' && body[k] != ' ') ++k;
  m.key = body.substr(0, k);
  std::size_t v = k;
  if (v < body.size() && body[v] == ':') ++v;
  m.value = trim(std::string_view(body).substr(v));
  if (!knownMarkerKey(m.key)) {
    error = "unknown doctest marker '" + m.key + "'";
    return std::nullopt;
  }
  return m;
}

/// The fenced blocks of a Markdown text (``` fences, with or without an info string; a fence
/// inside a list item may be indented). Markers apply to the next fence when nothing but other
/// markers stands between them.
inline Document parseMarkdown(std::string_view text) {
  Document doc;
  std::vector<std::string> lines;
  for (std::size_t b = 0; b <= text.size();) {
    std::size_t e = text.find('\n', b);
    if (e == std::string_view::npos) e = text.size();
    lines.emplace_back(text.substr(b, e - b));
    b = e + 1;
  }
  std::vector<Marker> pending;
  auto flushPending = [&](std::size_t at) {
    for (const Marker& m : pending)
      doc.problems.push_back({m.line, "doctest marker '" + m.key +
                                          "' is not right above a code block (line " + std::to_string(at) +
                                          " is in between)"});
    pending.clear();
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string t = trim(lines[i]);
    std::string error;
    if (auto m = parseMarker(lines[i], i + 1, error)) {
      pending.push_back(std::move(*m));
      continue;
    }
    if (!error.empty()) {
      doc.problems.push_back({i + 1, error});
      continue;
    }
    if (t.rfind("```", 0) != 0) {
      if (!pending.empty()) flushPending(i + 1);
      continue;
    }
    Block block;
    block.line = i + 1;
    const std::string info = trim(std::string_view(t).substr(3));
    block.info = info.substr(0, info.find(' '));
    block.markers = std::move(pending);
    pending.clear();
    const std::size_t indent = lines[i].find('`');
    bool closed = false;
    for (++i; i < lines.size(); ++i) {
      if (trim(lines[i]) == "```") {
        closed = true;
        break;
      }
      std::string l = lines[i];
      std::size_t strip = 0;
      while (strip < indent && strip < l.size() && l[strip] == ' ') ++strip;
      block.lines.push_back(l.substr(strip));
    }
    if (!closed) doc.problems.push_back({block.line, "the code block is never closed"});
    doc.blocks.push_back(std::move(block));
  }
  if (!pending.empty()) flushPending(lines.size());
  return doc;
}

/// The commands of a sh block: one per line (a trailing `\` joins the next), blank lines and
/// `#` comments left out, a trailing ` # comment` cut off (outside quotes). Each with its offset
/// in the block's lines.
struct Command {
  std::size_t offset = 0;
  std::string text;
};

inline std::string withoutComment(const std::string& line) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) {
      return trim(line.substr(0, i));
    }
  }
  return trim(line);
}

inline std::vector<Command> commandsOf(const std::vector<std::string>& lines) {
  std::vector<Command> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string cmd = withoutComment(lines[i]);
    const std::size_t offset = i;
    while (!cmd.empty() && cmd.back() == '\\' && i + 1 < lines.size()) {
      cmd.pop_back();
      cmd += " " + withoutComment(lines[++i]);
    }
    if (!cmd.empty()) out.push_back({offset, trim(cmd)});
  }
  return out;
}

// --- Commands a block may not run ------------------------------------------------------------
//
// A block that is not skipped runs on the machine of whoever runs the tests: it must not need
// root, install or remove anything outside its scratch directory, or start an editor. What is
// refused, by the first word of each simple command (after `VAR=value` words and the wrappers
// env, nice, nohup, command, exec, time, timeout N), or by what it writes to:

/// The simple commands of a command line: split at `;`, `&`, `|`, `(`, `)`, `` ` ``, `$(` and
/// newlines outside quotes, each as its words (quotes removed).
inline std::vector<std::vector<std::string>> simpleCommands(std::string_view line) {
  std::vector<std::vector<std::string>> out(1);
  std::string word;
  bool inWord = false;
  char quote = 0;
  auto endWord = [&] {
    if (inWord) out.back().push_back(word);
    word.clear();
    inWord = false;
  };
  auto endCommand = [&] {
    endWord();
    if (!out.back().empty()) out.emplace_back();
  };
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == quote)
        quote = 0;
      else
        word += c;
      continue;
    }
    if (c == '\\' && i + 1 < line.size()) {
      word += line[++i];
      inWord = true;
    } else if (c == '\'' || c == '"') {
      quote = c;
      inWord = true;
    } else if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '`' || c == '\n') {
      endCommand();
    } else if (c == '$' && i + 1 < line.size() && line[i + 1] == '(') {
      endCommand();
      ++i;
    } else if (c == ' ' || c == '\t') {
      endWord();
    } else if (c == '>' || c == '<') {
      // A redirection is a word of its own: ">" then its target.
      endWord();
      std::string op(1, c);
      while (i + 1 < line.size() && (line[i + 1] == '>' || line[i + 1] == '&')) op += line[++i];
      out.back().push_back(op);
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  if (out.back().empty()) out.pop_back();
  return out;
}

/// Whether a path names something outside the scratch directory: absolute (but /dev/null and
/// the like, and the temporary directory's), or above the current one. The home directory is
/// the block's own (docs/TESTING.md).
inline bool outsideScratch(const std::string& path) {
  if (path.rfind("/dev/", 0) == 0 || path.rfind("/tmp/", 0) == 0) return false;
  // The temporary directory the tests run with (TMPDIR: the build's own /tmp/gpuasm-tests-<hash>/ under
  // CTest).
  std::error_code ec;
  const std::string tmp = std::filesystem::temp_directory_path(ec).string();
  if (!ec && !tmp.empty() && path.rfind(tmp.back() == '/' ? tmp : tmp + "/", 0) == 0) return false;
  if (!path.empty() && path[0] == '/') return true;
  return path == ".." || path.rfind("../", 0) == 0 || path.find("/../") != std::string::npos;
}

/// Why `command` may not run in a doc test (empty: it may): the program or what it touches.
inline std::string refusedCommand(std::string_view command) {
  static constexpr std::string_view asRoot[] = {"sudo",      "su",
                                                "doas",      "pkexec",
                                                "apt",       "apt-get",
                                                "aptitude",  "dpkg",
                                                "snap",      "flatpak",
                                                "code",      "code-server",
                                                "systemctl", "service",
                                                "reboot",    "shutdown",
                                                "mount",     "umount",
                                                "chroot",    "chown",
                                                "useradd",   "update-alternatives",
                                                "ldconfig"};
  for (const std::vector<std::string>& words : simpleCommands(command)) {
    std::size_t k = 0;
    while (k < words.size()) {
      const std::string& w = words[k];
      if (w.find('=') != std::string::npos && w.find('=') > 0 && w[0] != '-' && w.find('/') > w.find('=')) {
        ++k;  // VAR=value
      } else if (w == "env" || w == "nice" || w == "nohup" || w == "command" || w == "exec" || w == "time") {
        ++k;
        while (k < words.size() && words[k].rfind('-', 0) == 0)  // their options, with a value
          k += words[k] == "-n" || words[k] == "-u" || words[k] == "-C" || words[k] == "-f" ? 2u : 1u;
      } else if (w == "timeout") {
        ++k;
        while (k < words.size() && words[k].rfind('-', 0) == 0) ++k;
        if (k < words.size()) ++k;  // the duration
      } else {
        break;
      }
    }
    if (k == words.size()) continue;
    const std::string program = words[k].substr(words[k].rfind('/') + 1);
    for (std::string_view p : asRoot)
      if (program == p) return "'" + program + "' needs root or changes the machine";
    for (std::size_t i = k; i < words.size(); ++i) {
      const bool script = words[i].find("scripts/setup.sh") != std::string::npos ||
                          words[i].find("scripts/test.sh") != std::string::npos;
      if (script) return "'" + words[i] + "' installs packages or runs the whole test suite";
      if ((words[i] == ">" || words[i] == ">>" || words[i] == "&>" || words[i] == ">&") &&
          i + 1 < words.size() && outsideScratch(words[i + 1]))
        return "it writes '" + words[i + 1] + "', outside its scratch directory";
    }
    std::vector<std::string> args(words.begin() + static_cast<std::ptrdiff_t>(k) + 1, words.end());
    // A command line it runs is refused as the block's own would be.
    std::string inner;
    if (program == "bash" || program == "sh") {
      for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i - 1] == "-c") inner = args[i];
    } else if (program == "eval" || program == "xargs") {
      std::size_t i = 0;
      while (program == "xargs" && i < args.size() && args[i].rfind('-', 0) == 0) ++i;
      for (; i < args.size(); ++i) inner += args[i] + " ";
    }
    if (!inner.empty())
      if (std::string why = refusedCommand(inner); !why.empty()) return why;
    auto has = [&](std::string_view a) {
      for (const std::string& x : args)
        if (x == a) return true;
      return false;
    };
    if (program == "cmake" && (has("--install") || (has("--target") && has("install")))) {
      std::string prefix;
      for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--prefix" && i + 1 < args.size()) prefix = args[i + 1];
        if (args[i].rfind("--prefix=", 0) == 0) prefix = args[i].substr(9);
      }
      if (prefix.empty()) return "'cmake --install' without --prefix installs into the system";
      if (outsideScratch(prefix))
        return "'cmake --install' installs into '" + prefix + "', outside its scratch directory";
    }
    if ((program == "make" || program == "ninja") && has("install"))
      return "'" + program + " install' installs into the system";
    if ((program == "pip" || program == "pip3") && has("install") && !has("--target"))
      return "'pip install' installs into the system or the user's site";
    if (program == "npm" && (has("-g") || has("--global"))) return "'npm -g' installs into the system";
    std::vector<std::string> operands;
    for (const std::string& a : args)
      if (a.rfind('-', 0) != 0) operands.push_back(a);
    // What these change: every operand of the first ones, the destination (the last) of the others.
    if (program == "rm" || program == "rmdir" || program == "chmod" || program == "tee" ||
        program == "touch" || program == "mkdir")
      for (const std::string& a : operands)
        if (outsideScratch(a)) return "'" + program + "' on '" + a + "', outside its scratch directory";
    if ((program == "cp" || program == "mv" || program == "ln" || program == "install" ||
         program == "rsync") &&
        !operands.empty() && outsideScratch(operands.back()))
      return "'" + program + "' into '" + operands.back() + "', outside its scratch directory";
    if (program == "mv")
      for (const std::string& a : operands)
        if (outsideScratch(a)) return "'mv' of '" + a + "', outside its scratch directory";
  }
  return {};
}

// --- JSON with elisions -------------------------------------------------------------------------
//
// The documents show JSON shapes with `…`: as a value (`"file":…`), as more members of an object
// (`{…}`, `{"a":1, …}`), as more elements of an array (`[…]`, `["x", …]`, `[…as in check…]`), and
// `…N …` as "N elements in all" (`["0x0", …32 lanes]`). A `…` inside a string is text.

inline constexpr std::string_view kAny =
    "\x01"
    "any";  // a value elided: anything
inline constexpr std::string_view kMore =
    "\x01"
    "more";  // an array's elided elements ("\x01more N")

/// The text with every elision replaced as above, for nlohmann::json::parse; an error message in
/// `error` when an elision stands where none can.
inline std::string resolveElisions(std::string_view s, std::string& error) {
  static constexpr std::string_view ellipsis = "\xE2\x80\xA6";
  std::string out;
  std::vector<char> stack;  // '{' or '['
  bool inString = false;
  auto lastSignificant = [&]() -> char {
    for (std::size_t i = out.size(); i > 0; --i)
      if (out[i - 1] != ' ' && out[i - 1] != '\n' && out[i - 1] != '\t') return out[i - 1];
    return 0;
  };
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (inString) {
      out += c;
      if (c == '\\' && i + 1 < s.size())
        out += s[++i];
      else if (c == '"')
        inString = false;
      ++i;
      continue;
    }
    if (s.substr(i, ellipsis.size()) != ellipsis) {
      if (c == '"') inString = true;
      if (c == '{' || c == '[') stack.push_back(c);
      if ((c == '}' || c == ']') && !stack.empty()) stack.pop_back();
      out += c;
      ++i;
      continue;
    }
    // The elision runs to the next ',', ']' or '}' (its own text, "…as in check…", included).
    std::size_t e = i;
    while (e < s.size() && s[e] != ',' && s[e] != ']' && s[e] != '}') ++e;
    const std::string token(s.substr(i, e - i));
    i = e;
    const char before = lastSignificant();
    if (before == ':') {
      out += "\"\\u0001any\"";
    } else if (!stack.empty() && stack.back() == '[') {
      std::string count;
      for (std::size_t k = ellipsis.size(); k < token.size() && token[k] >= '0' && token[k] <= '9'; ++k)
        count += token[k];
      out += "\"\\u0001more" + (count.empty() ? "" : " " + count) + "\"";
    } else if (!stack.empty() && stack.back() == '{') {
      // More members: drop the elision and the comma that joins it to a neighbour.
      if (before == ',') {
        out.erase(out.find_last_of(','));
      } else {
        std::size_t n = i;
        while (n < s.size() && (s[n] == ' ' || s[n] == '\n')) ++n;
        if (n < s.size() && s[n] == ',') i = n + 1;
      }
    } else {
      error = "an elision '" + token + "' outside any object or array";
      return out;
    }
  }
  return out;
}

/// An array's elements other than elision sentinels, and the total count `…N` states (if any).
inline std::pair<std::vector<const nlohmann::json*>, std::optional<std::size_t>> shownElements(
    const nlohmann::json& array) {
  std::vector<const nlohmann::json*> shown;
  std::optional<std::size_t> count;
  for (const nlohmann::json& e : array) {
    if (e.is_string()) {
      const std::string& s = e.get_ref<const std::string&>();
      if (s.rfind(kMore, 0) == 0) {
        if (s.size() > kMore.size()) count = std::stoul(s.substr(kMore.size() + 1));
        continue;
      }
    }
    shown.push_back(&e);
  }
  return {shown, count};
}

/// The JSON a file block stands for: elided values (anything) are dropped with their key, an
/// array `[a, b, …N]` is padded to N elements with its last shown one, other elisions dropped.
inline nlohmann::json concreteJson(const nlohmann::json& j) {
  if (j.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [k, v] : j.items())
      if (!(v.is_string() && v.get_ref<const std::string&>() == kAny)) out[k] = concreteJson(v);
    return out;
  }
  if (j.is_array()) {
    auto [shown, count] = shownElements(j);
    nlohmann::json out = nlohmann::json::array();
    for (const nlohmann::json* e : shown) out.push_back(concreteJson(*e));
    if (count && !out.empty())
      while (out.size() < *count) out.push_back(out.back());
    return out;
  }
  return j;
}

inline const char* typeName(const nlohmann::json& j) {
  if (j.is_object()) return "an object";
  if (j.is_array()) return "an array";
  if (j.is_string()) return "a string";
  if (j.is_boolean()) return "a boolean";
  if (j.is_number()) return "a number";
  return "null";
}

/// Whether the outputs have the shape the document shows (`doc`, elisions resolved): each member
/// an object shows is in at least one of the outputs' objects at that place, with a value of the
/// same type (checked against every output value there); each element an array shows matches
/// the elements of the outputs' arrays there, taken together; `…N` means every such array has N
/// elements; an elided value matches anything. Strings and numbers are compared by type: the
/// documents write placeholders ("until|end|error", "only for an error"). Appends one message per
/// difference, naming the path.
inline void matchShape(const nlohmann::json& doc, const std::vector<const nlohmann::json*>& outs,
                       const std::string& path, std::vector<std::string>& problems) {
  if (doc.is_string() && doc.get_ref<const std::string&>() == kAny) return;
  if (doc.is_object()) {
    std::vector<const nlohmann::json*> objects;
    for (const nlohmann::json* o : outs)
      if (o->is_object()) objects.push_back(o);
    if (objects.empty()) {
      problems.push_back(path + ": the document shows an object, the output has " + typeName(*outs.front()));
      return;
    }
    for (const auto& [key, value] : doc.items()) {
      std::vector<const nlohmann::json*> values;
      for (const nlohmann::json* o : objects)
        if (o->contains(key)) values.push_back(&o->at(key));
      if (values.empty()) {
        problems.push_back(path + "." + key + ": shown in the document, absent from the output");
        continue;
      }
      matchShape(value, values, path + "." + key, problems);
    }
    return;
  }
  if (doc.is_array()) {
    std::vector<const nlohmann::json*> arrays;
    for (const nlohmann::json* o : outs)
      if (o->is_array()) arrays.push_back(o);
    if (arrays.empty()) {
      problems.push_back(path + ": the document shows an array, the output has " + typeName(*outs.front()));
      return;
    }
    auto [shown, count] = shownElements(doc);
    std::vector<const nlohmann::json*> elements;
    for (const nlohmann::json* a : arrays) {
      if (count && a->size() != *count)
        problems.push_back(path + ": the document says " + std::to_string(*count) +
                           " elements, the output has " + std::to_string(a->size()));
      for (const nlohmann::json& e : *a) elements.push_back(&e);
    }
    if (shown.empty()) return;
    if (elements.empty()) {
      problems.push_back(path + "[]: the document shows elements, the output's arrays are empty");
      return;
    }
    for (const nlohmann::json* e : shown) matchShape(*e, elements, path + "[]", problems);
    return;
  }
  for (const nlohmann::json* o : outs)
    if ((doc.is_number() && o->is_number()) || (doc.is_string() && o->is_string()) ||
        (doc.is_boolean() && o->is_boolean()) || (doc.is_null() && o->is_null()))
      return;
  problems.push_back(path + ": the document shows " + typeName(doc) + " (" + doc.dump() +
                     "), the output has " + typeName(*outs.front()) + " (" +
                     outs.front()->dump().substr(0, 80) + ")");
}

// --- Text with elisions -------------------------------------------------------------------------

/// Whether `text` matches `pattern`, where `…` in the pattern stands for any characters.
inline bool matchLine(std::string_view pattern, std::string_view text) {
  static constexpr std::string_view ellipsis = "\xE2\x80\xA6";
  const std::size_t star = pattern.find(ellipsis);
  if (star == std::string_view::npos) return pattern == text;
  const std::string_view head = pattern.substr(0, star);
  if (text.substr(0, head.size()) != head) return false;
  const std::string_view rest = pattern.substr(star + ellipsis.size());
  for (std::size_t k = head.size(); k <= text.size(); ++k)
    if (matchLine(rest, text.substr(k))) return true;
  return false;
}

/// Whether the lines of `text` match the lines of `pattern`: a pattern line that is only `…`
/// stands for any number of lines, other lines match one line each (matchLine). With
/// `contiguous` the pattern may match any run of the text's lines instead of all of them.
inline bool matchLines(const std::vector<std::string>& pattern, std::size_t p,
                       const std::vector<std::string>& text, std::size_t t) {
  if (p == pattern.size()) return t == text.size();
  if (trim(pattern[p]) == "\xE2\x80\xA6") {
    for (std::size_t k = t; k <= text.size(); ++k)
      if (matchLines(pattern, p + 1, text, k)) return true;
    return false;
  }
  return t < text.size() && matchLine(pattern[p], text[t]) && matchLines(pattern, p + 1, text, t + 1);
}

inline bool matchText(const std::vector<std::string>& pattern, const std::vector<std::string>& text,
                      bool contiguous) {
  if (!contiguous) return matchLines(pattern, 0, text, 0);
  std::vector<std::string> anywhere{"\xE2\x80\xA6"};
  anywhere.insert(anywhere.end(), pattern.begin(), pattern.end());
  anywhere.emplace_back("\xE2\x80\xA6");
  return matchLines(anywhere, 0, text, 0);
}

}  // namespace gpuasm::doctest
