// The spec's pseudo-code as one line runs it (SemanticsText.h). The pseudo-code is C-like and
// irregular (spec-catalog §1.7): `if` with braces or by indentation alone, `} else if (…) {`,
// `switch` with `case .X:` and `break;`. It is read line by line into a tree of if/else chains
// and switches; only conditions made of modifier comparisons are decided, so a branch on data
// (`isNAN(Rd) == true`) is always shown as written.
#include "SemanticsText.h"

#include <gpuasm/isa/Text.h>

#include <algorithm>
#include <cctype>

namespace gpuasm::ide::semantics {

namespace {

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at <= s.size();) {
    const std::size_t next = std::min(s.find(sep, at), s.size());
    out.emplace_back(text::trim(s.substr(at, next - at)));
    at = next + 1;
  }
  return out;
}

// `MNEMONIC.parts operands:` at column 0.
std::optional<Entry> header(std::string_view line, const std::vector<std::string>& mnemonicParts) {
  const std::string_view t = text::trim(line);
  if (line.empty() || std::isupper(static_cast<unsigned char>(line.front())) == 0 || !t.ends_with(':'))
    return std::nullopt;
  const std::string_view body = t.substr(0, t.size() - 1);
  const std::size_t space = body.find_first_of(" \t");
  Entry e;
  std::vector<std::string> parts = split(body.substr(0, space), '.');
  std::size_t skip = 0;
  while (skip < parts.size() && skip < mnemonicParts.size() && parts[skip] == mnemonicParts[skip]) ++skip;
  e.parts.assign(parts.begin() + static_cast<std::ptrdiff_t>(std::max<std::size_t>(skip, 1)), parts.end());
  if (space != std::string_view::npos)
    for (std::string& o : split(body.substr(space), ',')) {
      if (o.empty()) continue;
      const std::size_t dot = o.find('.');
      e.suffixes.push_back(dot == std::string::npos ? "" : o.substr(dot + 1));
      e.operands.push_back(o.substr(0, dot));
    }
  return e;
}

std::size_t indentOf(std::string_view line) {
  const std::size_t n = line.find_first_not_of(' ');
  return n == std::string_view::npos ? line.size() : n;
}

bool blank(std::string_view line) { return text::trim(line).empty(); }

// The code of a line without its `//` comment, trimmed.
std::string_view codeOf(std::string_view line) {
  const std::size_t c = line.find("//");
  return text::trim(c == std::string_view::npos ? line : line.substr(0, c));
}

// ---------------------------------------------------------------- conditions

class ConditionParser {
 public:
  ConditionParser(std::string_view s, const Substitutions& subs) : s_(s), subs_(subs) {}

  std::optional<bool> parse() {
    const std::optional<bool> v = disjunction();
    skipSpace();
    return at_ == s_.size() ? v : std::nullopt;
  }

 private:
  void skipSpace() {
    while (at_ < s_.size() && text::isSpace(s_[at_])) ++at_;
  }
  bool eat(std::string_view token) {
    skipSpace();
    if (!s_.substr(at_).starts_with(token)) return false;
    at_ += token.size();
    return true;
  }
  std::optional<bool> disjunction() {
    std::optional<bool> v = conjunction();
    while (v && eat("||")) {
      const std::optional<bool> w = conjunction();
      v = w ? std::optional<bool>(*v || *w) : std::nullopt;
    }
    return v;
  }
  std::optional<bool> conjunction() {
    std::optional<bool> v = unary();
    while (v && eat("&&")) {
      const std::optional<bool> w = unary();
      v = w ? std::optional<bool>(*v && *w) : std::nullopt;
    }
    return v;
  }
  std::optional<bool> unary() {
    if (eat("!=")) return std::nullopt;
    if (eat("!")) {
      const std::optional<bool> v = unary();
      return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    if (eat("(")) {
      const std::optional<bool> v = disjunction();
      return eat(")") ? v : std::nullopt;
    }
    return comparison();
  }
  // `.name`, as written.
  std::optional<std::string_view> name() {
    if (!eat(".")) return std::nullopt;
    const std::size_t begin = at_;
    at_ = text::wordEnd(s_, at_);
    if (at_ == begin) return std::nullopt;
    return s_.substr(begin, at_ - begin);
  }
  std::optional<bool> comparison() {
    const auto left = name();
    if (!left) return std::nullopt;
    const bool equal = eat("==");
    if (!equal && !eat("!=")) return std::nullopt;
    const auto right = name();
    if (!right) return std::nullopt;
    const auto l = subs_.variables.find(*left);
    const auto r = subs_.variables.find(*right);
    std::optional<bool> same;
    if (l != subs_.variables.end() && r == subs_.variables.end())
      same = l->second.equals(*right);
    else if (r != subs_.variables.end() && l == subs_.variables.end())
      same = r->second.equals(*left);
    if (!same) return std::nullopt;
    return *same == equal;
  }

  std::string_view s_;
  const Substitutions& subs_;
  std::size_t at_ = 0;
};

// The text inside the parentheses that follow `keyword` at the start of `code`
// (`if (.x == .Y) {` → `.x == .Y`), and what follows them.
std::optional<std::pair<std::string_view, std::string_view>> parenthesised(std::string_view code,
                                                                           std::string_view keyword) {
  if (!code.starts_with(keyword)) return std::nullopt;
  std::string_view rest = text::trimLeft(code.substr(keyword.size()));
  if (rest.empty() || rest.front() != '(') return std::nullopt;
  int depth = 0;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    depth += rest[i] == '(' ? 1 : rest[i] == ')' ? -1 : 0;
    if (depth == 0) return std::pair(rest.substr(1, i - 1), text::trim(rest.substr(i + 1)));
  }
  return std::nullopt;
}

// ---------------------------------------------------------------- the tree

struct Line {
  std::string_view orig;  ///< as the spec writes it
};

struct Node;

struct Branch {
  std::optional<std::string> cond;  ///< none for `else`
  std::vector<Node> body;
};

struct Node {
  enum class Kind : std::uint8_t { Plain, If, Switch } kind = Kind::Plain;
  std::size_t first = 0, last = 0;  ///< the lines [first, last) it spans
  std::size_t indent = 0;
  bool braced = false;
  std::vector<Branch> branches;  ///< If: the chain; Switch: the cases, cond the case label
  std::string switchOn;          ///< Switch: the `.variable` switched on
};

class TreeReader {
 public:
  explicit TreeReader(const std::vector<Line>& lines) : lines_(lines) {}

  // Nodes up to a line that starts with '}' (braced) or a non-blank line indented at most
  // `stop` (not braced), or the end.
  // Every line, a stray '}' as a plain line.
  std::vector<Node> all() {
    std::vector<Node> out;
    while (at_ < lines_.size()) {
      for (Node& n : nodes(true, 0)) out.push_back(std::move(n));
      if (at_ < lines_.size()) out.push_back(plain());
    }
    return out;
  }

  std::vector<Node> nodes(bool braced, std::size_t stop) {
    std::vector<Node> out;
    while (at_ < lines_.size()) {
      const std::string_view line = lines_[at_].orig;
      if (blank(line)) {
        if (!braced && !continuesBelow(stop)) break;
        out.push_back(plain());
        continue;
      }
      const std::string_view code = codeOf(line);
      if (braced ? code.starts_with("}") : indentOf(line) <= stop) break;
      out.push_back(node());
    }
    return out;
  }

 private:
  bool continuesBelow(std::size_t stop) const {
    for (std::size_t i = at_; i < lines_.size(); ++i)
      if (!blank(lines_[i].orig)) return indentOf(lines_[i].orig) > stop;
    return false;
  }

  Node plain() {
    Node n;
    n.first = at_;
    n.last = ++at_;
    return n;
  }

  Node node() {
    const std::string_view code = codeOf(lines_[at_].orig);
    if (const auto p = parenthesised(code, "if"); p && (p->second.empty() || p->second == "{"))
      return ifChain();
    if (const auto p = parenthesised(code, "switch"); p && p->second == "{") return switchNode();
    return plain();
  }

  // One branch's condition as the spec and the display write it.
  void addBranch(Node& n, std::optional<std::string_view> origCond) {
    Branch b;
    if (origCond) b.cond = std::string(*origCond);
    ++at_;
    b.body = nodes(n.braced, n.indent);
    n.branches.push_back(std::move(b));
  }

  Node ifChain() {
    Node n;
    n.kind = Node::Kind::If;
    n.first = at_;
    n.indent = indentOf(lines_[at_].orig);
    const auto head = parenthesised(codeOf(lines_[at_].orig), "if");
    n.braced = head->second == "{";
    addBranch(n, head->first);
    while (at_ < lines_.size()) {
      const std::string_view code = codeOf(lines_[at_].orig);
      if (n.braced) {
        if (code == "}") {
          ++at_;
          break;
        }
        if (const auto p = parenthesised(code, "} else if"); p && p->second == "{")
          addBranch(n, p->first);
        else if (code == "} else {")
          addBranch(n, std::nullopt);
        else
          break;  // not a form the reader knows: the chain ends here
      } else {
        if (indentOf(lines_[at_].orig) != n.indent) break;
        if (const auto p = parenthesised(code, "else if"); p && p->second.empty())
          addBranch(n, p->first);
        else if (code == "else")
          addBranch(n, std::nullopt);
        else
          break;
      }
    }
    n.last = at_;
    return n;
  }

  // `switch (.v) {`, then `case .X:` labels each followed by lines up to `break;`, then `}`.
  Node switchNode() {
    Node n;
    n.kind = Node::Kind::Switch;
    n.first = at_;
    n.indent = indentOf(lines_[at_].orig);
    n.switchOn = std::string(text::trim(parenthesised(codeOf(lines_[at_].orig), "switch")->first));
    ++at_;
    while (at_ < lines_.size()) {
      const std::string_view line = lines_[at_].orig;
      const std::string_view code = codeOf(line);
      if (!blank(line) && indentOf(line) <= n.indent) {
        if (code == "}") ++at_;
        break;
      }
      if (code.starts_with("case ") && code.ends_with(":")) {
        Branch b;
        b.cond = std::string(text::trim(code.substr(5, code.size() - 6)));
        n.branches.push_back(std::move(b));
      } else if (code == "default:") {
        n.branches.emplace_back();
      } else if (!n.branches.empty() && code != "break;") {
        n.branches.back().body.push_back(plain());
        continue;
      }
      ++at_;
    }
    n.last = at_;
    return n;
  }

  const std::vector<Line>& lines_;
  std::size_t at_ = 0;
};

// ---------------------------------------------------------------- rendering

class Renderer {
 public:
  Renderer(const std::vector<Line>& lines, const Substitutions& subs, std::vector<std::string>& out)
      : lines_(lines), subs_(subs), out_(out) {}

  void render(const std::vector<Node>& nodes, std::size_t dedent) {
    // Where the comment lines just emitted begin: a comment introduces the code below it, so it
    // goes when the construct after it is cut away entirely.
    std::size_t comments = out_.size();
    for (const Node& n : nodes) {
      const std::size_t before = out_.size();
      switch (n.kind) {
        case Node::Kind::Plain: emit(lines_[n.first].orig, dedent); break;
        case Node::Kind::If: renderIf(n, dedent); break;
        case Node::Kind::Switch: renderSwitch(n, dedent); break;
      }
      if (n.kind != Node::Kind::Plain && out_.size() == before)
        out_.resize(comments);
      else if (n.kind != Node::Kind::Plain || !codeOf(lines_[n.first].orig).empty())
        comments = out_.size();
    }
  }

 private:
  void emit(std::string_view line, std::size_t dedent) {
    out_.emplace_back(text::trimRight(line.substr(std::min({dedent, indentOf(line), line.size()}))));
  }
  void emitAt(std::size_t indent, std::size_t dedent, const std::string& code) {
    out_.push_back(std::string(indent > dedent ? indent - dedent : 0, ' ') + code);
  }

  // How far a branch's body is indented under its header.
  std::size_t step(const std::vector<Node>& body, std::size_t indent) const {
    for (const Node& n : body)
      if (!blank(lines_[n.first].orig)) return std::max(indentOf(lines_[n.first].orig), indent) - indent;
    return 0;
  }

  void renderIf(const Node& n, std::size_t dedent) {
    for (std::size_t i = 0; i < n.branches.size(); ++i) {
      const Branch& b = n.branches[i];
      const std::optional<bool> v = b.cond ? evaluate(*b.cond, subs_) : std::optional<bool>(true);
      if (v && !*v) continue;
      if (v) return render(b.body, dedent + step(b.body, n.indent));
      // Undecided: this branch and the rest of the chain as written, this one opening it.
      for (std::size_t j = i; j < n.branches.size(); ++j) {
        const Branch& c = n.branches[j];
        const std::string open = n.braced ? " {" : "";
        const std::string close = n.braced && j > i ? "} " : "";
        if (j == i)
          emitAt(n.indent, dedent, "if (" + *c.cond + ")" + open);
        else
          emitAt(n.indent, dedent, close + (c.cond ? "else if (" + *c.cond + ")" : "else") + open);
        render(c.body, dedent);
      }
      if (n.braced) emitAt(n.indent, dedent, "}");
      return;
    }
  }

  void renderSwitch(const Node& n, std::size_t dedent) {
    const std::string_view on = n.switchOn;
    const auto var = on.starts_with('.') ? subs_.variables.find(on.substr(1)) : subs_.variables.end();
    if (var != subs_.variables.end()) {
      // The first case that holds, or `default:` when reached; a label not decided shows it all.
      for (const Branch& b : n.branches) {
        const std::optional<bool> same = !b.cond                    ? std::optional<bool>(true)
                                         : b.cond->starts_with('.') ? var->second.equals(b.cond->substr(1))
                                                                    : std::nullopt;
        if (!same) break;
        if (*same) return render(b.body, dedent + step(b.body, n.indent));
      }
    }
    for (std::size_t i = n.first; i < n.last; ++i) emit(lines_[i].orig, dedent);
  }

  const std::vector<Line>& lines_;
  const Substitutions& subs_;
  std::vector<std::string>& out_;
};

}  // namespace

std::vector<Entry> parseEntries(std::string_view text, const std::vector<std::string>& mnemonicParts) {
  std::vector<Entry> out;
  bool inCode = false;
  for (const std::string_view line : text::lines(text)) {
    if (text::trim(line).starts_with("```")) {
      inCode = !inCode;
      continue;
    }
    if (!inCode) continue;
    if (auto e = header(line, mnemonicParts)) {
      out.push_back(std::move(*e));
      continue;
    }
    // Lines between entries at column 0 (a comment naming the next entry) belong to none.
    if (out.empty() || (!blank(line) && indentOf(line) == 0)) continue;
    out.back().body.emplace_back(line);
  }
  for (Entry& e : out)
    while (!e.body.empty() && blank(e.body.back())) e.body.pop_back();
  return out;
}

std::string substitute(std::string_view line, const Substitutions& subs,
                       const std::set<std::string, std::less<>>& keep) {
  const std::size_t comment = std::min(line.find("//"), line.size());
  std::string out;
  for (std::size_t i = 0; i < comment;) {
    const char c = line[i];
    if (std::isdigit(static_cast<unsigned char>(c)) != 0) {  // a number: 0x7FFFFFFF, 1.0f
      const std::size_t begin = i;
      while (i < comment && (text::isWordChar(line[i]) || line[i] == '.')) ++i;
      out += line.substr(begin, i - begin);
      continue;
    }
    if (!text::isWordStart(c)) {
      out += c;
      ++i;
      continue;
    }
    const std::size_t begin = i;
    i = std::min(text::wordEnd(line, i), comment);
    const std::string_view word = line.substr(begin, i - begin);
    const bool dotted = begin > 0 && line[begin - 1] == '.';
    if (dotted) {
      const auto v = subs.variables.find(word);
      out += v != subs.variables.end() ? std::string_view(v->second.name) : word;
    } else {
      const auto o = subs.operands.find(word);
      out += o != subs.operands.end() && !keep.contains(word) ? std::string_view(o->second) : word;
    }
  }
  out += line.substr(comment);
  return out;
}

std::optional<bool> evaluate(std::string_view condition, const Substitutions& subs) {
  return ConditionParser(condition, subs).parse();
}

std::vector<std::string> instantiate(const Entry& entry, const Substitutions& subs) {
  std::vector<Line> lines;
  for (const std::string& l : entry.body) lines.push_back({l});
  const std::vector<Node> tree = TreeReader(lines).all();
  std::vector<std::string> out;
  std::size_t base = std::string::npos;
  for (const Line& l : lines)
    if (!blank(l.orig)) base = std::min(base, indentOf(l.orig));
  Renderer(lines, subs, out).render(tree, base == std::string::npos ? 0 : base);
  while (!out.empty() && blank(out.back())) out.pop_back();
  // The names put in, in the order the lines run: an input the pseudo-code assigns to
  // (`Ra = signZero(Ra)`, `URa = INT32(URa)`) is a local variable from there on, so that
  // line's target and the later lines keep its name.
  std::set<std::string, std::less<>> locals;
  for (std::string& line : out) {
    const std::string_view code = codeOf(line);
    const std::size_t end = text::wordEnd(code, 0);
    const std::string target(code.substr(0, end));
    std::size_t at = end;
    if (at < code.size() && code[at] == '[') at = std::min(code.find(']', at), code.size());
    const std::string_view rest = text::trimLeft(code.substr(std::min(at + 1, code.size())));
    const bool assigns = subs.inputsOnly.contains(target) && !locals.contains(target) &&
                         ((at < code.size() && code[at] == '=' && !code.substr(at).starts_with("==")) ||
                          (rest.starts_with('=') && !rest.starts_with("==")));
    if (!assigns) {
      line = substitute(line, subs, locals);
      continue;
    }
    const std::size_t split = line.find(target) + target.size();
    line = line.substr(0, split) + substitute(std::string_view(line).substr(split), subs, locals);
    locals.insert(target);
  }
  return out;
}

}  // namespace gpuasm::ide::semantics
