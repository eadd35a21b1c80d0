// Typed statement views and syntax diagnostics over a gpuasm syntax tree.
#include <gpuasm/syntax/Statement.h>

#include <cstring>
#include <optional>

namespace gpuasm::syntax {

namespace {

bool is(TSNode node, const char* type) {
  return !ts_node_is_null(node) && std::strcmp(ts_node_type(node), type) == 0;
}

// Field ids of the grammar, looked up once: reading children by id in one cursor pass is much
// cheaper than ts_node_child_by_field_name per field.
struct FieldIds {
  TSFieldId guard, mnemonic, operands, scheduling, negated, predicate, name, modifier, operand, trailingComma,
      prefix, value, selector, file, first, last, space, bank, base, sign, offset;
  static const FieldIds& get() {
    static const FieldIds ids = [] {
      const TSLanguage* l = gpuasmLanguage();
      auto id = [l](const char* n) {
        return ts_language_field_id_for_name(l, n, static_cast<std::uint32_t>(std::strlen(n)));
      };
      return FieldIds{id("guard"),     id("mnemonic"), id("operands"), id("scheduling"), id("negated"),
                      id("predicate"), id("name"),     id("modifier"), id("operand"),    id("trailing_comma"),
                      id("prefix"),    id("value"),    id("selector"), id("file"),       id("first"),
                      id("last"),      id("space"),    id("bank"),     id("base"),       id("sign"),
                      id("offset")};
    }();
    return ids;
  }
};

// Calls visit(fieldId, child) for every child of `node` (fieldId 0 when the child has none).
template <typename Visit>
void forEachChild(TSNode node, Visit visit) {
  TSTreeCursor c = ts_tree_cursor_new(node);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      visit(ts_tree_cursor_current_field_id(&c), ts_tree_cursor_current_node(&c));
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

// The first child of `node` in field `id`, or a null node.
TSNode field(TSNode node, TSFieldId id) {
  TSNode found{};
  bool done = false;
  forEachChild(node, [&](TSFieldId f, TSNode child) {
    if (!done && f == id) {
      found = child;
      done = true;
    }
  });
  return found;
}

class Reader {
 public:
  explicit Reader(const SyntaxTree& tree) : tree_(tree) {}

  Token token(TSNode node) const {
    if (ts_node_is_null(node) || ts_node_is_missing(node)) return {};
    return {tree_.textOf(node), SyntaxTree::rangeOf(node)};
  }
  char firstChar(TSNode node) const {
    const auto t = token(node);
    return t.text.empty() ? 0 : t.text.front();
  }

  StatementView statement(TSNode node) const {
    const FieldIds& id = FieldIds::get();
    StatementView s;
    s.range = SyntaxTree::rangeOf(node);
    s.line = ts_node_start_point(node).row;
    s.hasError = ts_node_has_error(node);
    forEachChild(node, [&](TSFieldId f, TSNode child) {
      if (f == id.guard) {
        GuardView g;
        g.range = SyntaxTree::rangeOf(child);
        forEachChild(child, [&](TSFieldId gf, TSNode part) {
          if (gf == id.negated)
            g.negated = true;
          else if (gf == id.predicate)
            g.predicate = token(part);
        });
        s.guard = g;
      } else if (f == id.mnemonic) {
        forEachChild(child, [&](TSFieldId mf, TSNode part) {
          if (mf == id.name)
            s.mnemonic = token(part);
          else if (mf == id.modifier)
            s.modifiers.push_back(token(part));
        });
      } else if (f == id.operands) {
        forEachChild(child, [&](TSFieldId of, TSNode part) {
          if (of == id.operand)
            s.operands.push_back(operand(part));
          else if (of == id.trailingComma)
            s.trailingComma = SyntaxTree::rangeOf(part);
        });
      } else if (f == id.scheduling) {
        s.scheduling.push_back(token(child));
      } else if (is(child, ";") && !ts_node_is_missing(child)) {
        s.hasSemicolon = true;
      }
    });
    return s;
  }

  OperandView operand(TSNode node) const {
    const FieldIds& id = FieldIds::get();
    OperandView o;
    o.range = SyntaxTree::rangeOf(node);
    TSNode value{};
    forEachChild(node, [&](TSFieldId f, TSNode child) {
      if (f == id.prefix)
        o.prefix = firstChar(child);
      else if (f == id.value)
        value = child;
    });
    if (is(value, "absolute_value")) {
      o.absolute = true;
      value = field(value, id.value);
    }
    if (ts_node_is_null(value) || ts_node_has_error(value)) {
      o.kind = OperandKind::Invalid;
      o.value = token(value);
      return o;
    }
    o.value = token(value);
    o.name = o.value;
    const char* type = ts_node_type(value);
    if (std::strcmp(type, "register") == 0) {
      forEachChild(value, [&](TSFieldId f, TSNode child) {
        if (f == id.name) {
          o.name = token(child);
          o.kind = registerKind(child);
        } else if (f == id.selector) {
          o.selector = token(child);
        }
      });
    } else if (std::strcmp(type, "register_range") == 0 || std::strcmp(type, "register_indirect") == 0 ||
               std::strcmp(type, "constant_memory") == 0) {
      o.kind = std::strcmp(type, "register_range") == 0    ? OperandKind::RegisterRange
               : std::strcmp(type, "constant_memory") == 0 ? OperandKind::ConstantMemory
                                                           : OperandKind::RegisterIndirect;
      forEachChild(value, [&](TSFieldId f, TSNode child) {
        if (f == id.file)
          o.file = token(child);
        else if (f == id.first)
          o.first = token(child);
        else if (f == id.last)
          o.last = token(child);
        else if (f == id.space)
          o.space = token(child);
        else if (f == id.bank)
          o.bank = token(child);
        else if (f == id.base)
          o.base = token(field(child, id.name));
        else if (f == id.sign)
          o.sign = firstChar(child);
        else if (f == id.offset)
          o.offset = token(child);
        else if (f == id.selector)
          o.selector = token(child);
      });
    } else if (std::strcmp(type, "integer") == 0) {
      o.kind = OperandKind::Integer;
    } else if (std::strcmp(type, "float") == 0) {
      o.kind = OperandKind::Float;
    } else if (std::strcmp(type, "float_bits") == 0) {
      o.kind = OperandKind::FloatBits;
    } else if (std::strcmp(type, "identifier") == 0) {
      o.kind = OperandKind::Identifier;
    }
    return o;
  }

  static OperandKind registerKind(TSNode name) {
    if (is(name, "gpr")) return OperandKind::Gpr;
    if (is(name, "uniform_gpr")) return OperandKind::UniformGpr;
    if (is(name, "predicate")) return OperandKind::Predicate;
    if (is(name, "uniform_predicate")) return OperandKind::UniformPredicate;
    if (is(name, "predicate_set")) return OperandKind::PredicateSet;
    return OperandKind::Invalid;
  }

 private:
  const SyntaxTree& tree_;
};

// Visits every node in pre-order without recursion; `visit` returns false to skip a subtree.
template <typename Visit>
void walk(TSNode root, Visit visit) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  while (true) {
    const bool descend = visit(ts_tree_cursor_current_node(&c));
    if (descend && ts_tree_cursor_goto_first_child(&c)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        ts_tree_cursor_delete(&c);
        return;
      }
    }
  }
}

std::string shorten(std::string_view text) {
  const std::size_t nl = text.find('\n');
  std::string out(text.substr(0, std::min<std::size_t>(nl, 40)));
  if (out.size() < text.size()) out += "…";
  return out;
}

}  // namespace

const char* operandKindName(OperandKind kind) {
  switch (kind) {
    case OperandKind::Gpr: return "general-purpose register";
    case OperandKind::UniformGpr: return "uniform register";
    case OperandKind::Predicate: return "predicate";
    case OperandKind::UniformPredicate: return "uniform predicate";
    case OperandKind::PredicateSet: return "predicate set";
    case OperandKind::RegisterRange: return "register range";
    case OperandKind::RegisterIndirect: return "register-indirect address";
    case OperandKind::ConstantMemory: return "constant-memory address";
    case OperandKind::Integer: return "integer";
    case OperandKind::Float: return "float";
    case OperandKind::FloatBits: return "float bits";
    case OperandKind::Identifier: return "name";
    case OperandKind::Invalid: return "invalid operand";
  }
  return "invalid operand";
}

std::vector<StatementView> statementsOf(const SyntaxTree& tree) {
  std::vector<StatementView> out;
  const Reader reader(tree);
  walk(tree.root(), [&](TSNode node) {
    if (is(node, "instruction")) {
      out.push_back(reader.statement(node));
      return false;
    }
    return true;  // the root, and ERROR nodes that may hold instructions
  });
  return out;
}

namespace {

// Where a MISSING token belongs. The parser puts it after any comment that follows the statement
// (`IADD R0, R1, R2 // sum` → after "sum"), where inserting it would only extend the comment; it
// belongs right after the last real token before it, when that is on the same line. The token
// is searched down from the root along the children that contain it (ts_node_parent and
// ts_node_prev_sibling are unreliable on zero-width nodes).
std::optional<std::uint32_t> lastRealTokenEnd(TSNode node, std::uint32_t offset) {
  std::optional<std::uint32_t> lastRealEnd;
  const std::uint32_t count = ts_node_child_count(node);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode child = ts_node_child(node, i);
    const std::uint32_t begin = ts_node_start_byte(child);
    const std::uint32_t end = ts_node_end_byte(child);
    if (begin > offset) break;
    if (ts_node_is_missing(child) && begin == offset) return lastRealEnd;
    if (offset <= end && ts_node_child_count(child) > 0)
      if (auto inner = lastRealTokenEnd(child, offset); inner && (!lastRealEnd || *inner > *lastRealEnd))
        return inner;
    if (!ts_node_is_extra(child) && end <= offset) lastRealEnd = end;
  }
  return lastRealEnd;
}

std::uint32_t missingTokenPosition(const SyntaxTree& tree, TSNode missing) {
  const std::uint32_t at = ts_node_start_byte(missing);
  const std::optional<std::uint32_t> real = lastRealTokenEnd(tree.root(), at);
  if (!real || *real > at || tree.text().substr(*real, at - *real).find('\n') != std::string_view::npos)
    return at;
  return *real;
}

}  // namespace

std::vector<SyntaxDiagnostic> syntaxDiagnosticsOf(const SyntaxTree& tree) {
  std::vector<SyntaxDiagnostic> out;
  // Error-free subtrees are skipped, unless the text has a '/*' that may never be closed.
  const bool mayHaveUnclosedComment = tree.text().find("/*") != std::string::npos;
  walk(tree.root(), [&](TSNode node) {
    if (is(node, "unterminated_comment")) {
      out.push_back({SyntaxTree::rangeOf(node),
                     isa::DiagnosticCode::UnterminatedComment,
                     "'/*' is not closed by '*/'; the comment ends at the end of the line",
                     {}});
      return false;
    }
    if (!ts_node_has_error(node)) return mayHaveUnclosedComment;
    if (ts_node_is_missing(node)) {
      const std::uint32_t at = missingTokenPosition(tree, node);
      // A named node (an identifier, a register) has no spelling to insert; only tokens do.
      out.push_back({{at, at},
                     isa::DiagnosticCode::MissingToken,
                     std::string("missing '") + ts_node_type(node) + "'",
                     ts_node_is_named(node) ? std::string() : std::string(ts_node_type(node))});
      return false;
    }
    if (is(node, "ERROR")) {
      const std::string_view text = tree.textOf(node);
      out.push_back(
          {SyntaxTree::rangeOf(node),
           isa::DiagnosticCode::SyntaxError,
           text.empty() ? std::string("unexpected end of input") : "unexpected '" + shorten(text) + "'",
           {}});
      return false;
    }
    return true;
  });
  return out;
}

}  // namespace gpuasm::syntax
