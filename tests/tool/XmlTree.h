// A strict parser of the XML subset JUnit reports use (a declaration, elements, attributes,
// text, the five predefined entities and character references), for tests that check the
// XML gpuasm writes by reading it back. It rejects what an XML 1.0 parser rejects in that
// subset: mismatched or unclosed tags, a raw '<' or '&' in text or attributes, an unknown
// entity, duplicate attributes, invalid UTF-8, control characters, content after the root.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xmltest {

struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<Element> children;
  std::string text;  ///< the character data directly inside it, entities decoded

  /// The children named `n`.
  std::vector<const Element*> all(std::string_view n) const {
    std::vector<const Element*> out;
    for (const Element& c : children)
      if (c.name == n) out.push_back(&c);
    return out;
  }
  std::string attr(const std::string& n) const {
    const auto it = attributes.find(n);
    return it == attributes.end() ? std::string() : it->second;
  }
};

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  /// The root element, or nullopt with error() saying why and where.
  std::optional<Element> parse() {
    if (!validUtf8()) return std::nullopt;
    if (s_.substr(0, 5) == "<?xml") {
      const std::size_t end = s_.find("?>");
      if (end == std::string_view::npos) return fail("unclosed XML declaration");
      at_ = end + 2;
    }
    skipSpace();
    Element root;
    if (!element(root)) return std::nullopt;
    skipSpace();
    if (at_ != s_.size()) return fail("content after the root element");
    return root;
  }
  const std::string& error() const { return error_; }

 private:
  std::nullopt_t fail(const std::string& why) {
    if (error_.empty()) error_ = why + " at byte " + std::to_string(at_);
    return std::nullopt;
  }
  bool failed(const std::string& why) {
    fail(why);
    return false;
  }

  bool validUtf8() {
    for (std::size_t i = 0; i < s_.size();) {
      const auto c = static_cast<unsigned char>(s_[i]);
      std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
      if (n == 0 || i + n > s_.size()) {
        at_ = i;
        return failed("invalid UTF-8");
      }
      std::uint32_t cp = n == 1 ? c : n == 2 ? c & 0x1Fu : n == 3 ? c & 0x0Fu : c & 0x07u;
      for (std::size_t k = 1; k < n; ++k) {
        const auto cc = static_cast<unsigned char>(s_[i + k]);
        if ((cc & 0xC0u) != 0x80u) {
          at_ = i;
          return failed("invalid UTF-8");
        }
        cp = (cp << 6) | (cc & 0x3Fu);
      }
      const std::uint32_t minimum = n == 2 ? 0x80 : n == 3 ? 0x800 : n == 4 ? 0x10000 : 0;
      const bool control = cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r';
      if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || control || cp == 0xFFFE ||
          cp == 0xFFFF) {
        at_ = i;
        return failed("a character XML does not allow, or an overlong form");
      }
      i += n;
    }
    return true;
  }

  void skipSpace() {
    while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\n' || s_[at_] == '\t' || s_[at_] == '\r'))
      ++at_;
  }

  std::string name() {
    const std::size_t b = at_;
    while (at_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[at_])) != 0 || s_[at_] == '_' ||
                               s_[at_] == '-' || s_[at_] == ':' || s_[at_] == '.'))
      ++at_;
    return std::string(s_.substr(b, at_ - b));
  }

  // Character data up to `stop` (exclusive), entities decoded; a raw '<' or '&' is an error.
  bool chars(char stop, std::string& out) {
    while (at_ < s_.size() && s_[at_] != stop) {
      const char c = s_[at_];
      if (c == '<') return failed("a raw '<' in character data");
      if (c != '&') {
        out += c;
        ++at_;
        continue;
      }
      const std::size_t semi = s_.find(';', at_);
      if (semi == std::string_view::npos) return failed("an unterminated entity");
      const std::string_view ent = s_.substr(at_ + 1, semi - at_ - 1);
      static const std::map<std::string_view, char> kEntities = {
          {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
      if (const auto it = kEntities.find(ent); it != kEntities.end()) {
        out += it->second;
      } else if (ent.size() > 1 && ent[0] == '#') {
        const bool hex = ent[1] == 'x';
        const std::string digits(ent.substr(hex ? 2 : 1));
        if (digits.empty()) return failed("an empty character reference");
        const unsigned long cp = std::stoul(digits, nullptr, hex ? 16 : 10);
        if (cp < 0x80)
          out += static_cast<char>(cp);
        else
          out += "?";  // not needed by the tests beyond ASCII
      } else {
        return failed("unknown entity &" + std::string(ent) + ";");
      }
      at_ = semi + 1;
    }
    return true;
  }

  bool element(Element& e) {
    if (at_ >= s_.size() || s_[at_] != '<') return failed("expected '<'");
    ++at_;
    e.name = name();
    if (e.name.empty()) return failed("an element without a name");
    while (true) {
      skipSpace();
      if (at_ >= s_.size()) return failed("unclosed start tag <" + e.name);
      if (s_.substr(at_, 2) == "/>") {
        at_ += 2;
        return true;
      }
      if (s_[at_] == '>') {
        ++at_;
        break;
      }
      const std::string attr = name();
      if (attr.empty()) return failed("a malformed attribute in <" + e.name);
      skipSpace();
      if (at_ >= s_.size() || s_[at_] != '=') return failed("expected '=' after " + attr);
      ++at_;
      skipSpace();
      if (at_ >= s_.size() || (s_[at_] != '"' && s_[at_] != '\''))
        return failed("an unquoted attribute value");
      const char quote = s_[at_++];
      std::string value;
      if (!chars(quote, value)) return false;
      if (at_ >= s_.size()) return failed("an unterminated attribute value");
      ++at_;
      if (!e.attributes.emplace(attr, value).second) return failed("duplicate attribute " + attr);
    }
    while (true) {
      if (!chars('<', e.text)) return false;
      if (at_ >= s_.size()) return failed("unclosed element <" + e.name + ">");
      if (s_.substr(at_, 2) == "</") {
        at_ += 2;
        const std::string closing = name();
        skipSpace();
        if (closing != e.name) return failed("</" + closing + "> closes <" + e.name + ">");
        if (at_ >= s_.size() || s_[at_] != '>') return failed("a malformed end tag");
        ++at_;
        return true;
      }
      Element child;
      if (!element(child)) return false;
      e.children.push_back(std::move(child));
    }
  }

  std::string_view s_;
  std::size_t at_ = 0;
  std::string error_;
};

}  // namespace xmltest
