// Typed statement views and syntax diagnostics over a gpuasm syntax tree.
#include <gpuasm/syntax/Statement.h>

#include <cstring>

namespace gpuasm::syntax {

namespace {

bool is(TSNode node, const char* type) { return !ts_node_is_null(node) && std::strcmp(ts_node_type(node), type) == 0; }

TSNode field(TSNode node, const char* name) {
  return ts_node_child_by_field_name(node, name, static_cast<std::uint32_t>(std::strlen(name)));
}

// Calls visit(child) for every child of `node` in the field `name`.
template <typename Visit>
void forEachInField(TSNode node, const char* name, Visit visit) {
  TSTreeCursor c = ts_tree_cursor_new(node);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      const char* f = ts_tree_cursor_current_field_name(&c);
      if (f != nullptr && std::strcmp(f, name) == 0) visit(ts_tree_cursor_current_node(&c));
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
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
    StatementView s;
    s.range = SyntaxTree::rangeOf(node);
    s.line = ts_node_start_point(node).row;
    s.hasError = ts_node_has_error(node);
    const TSNode guard = field(node, "guard");
    if (!ts_node_is_null(guard)) {
      GuardView g;
      g.range = SyntaxTree::rangeOf(guard);
      g.negated = !ts_node_is_null(field(guard, "negated"));
      g.predicate = token(field(guard, "predicate"));
      s.guard = g;
    }
    const TSNode mnemonic = field(node, "mnemonic");
    s.mnemonic = token(field(mnemonic, "name"));
    forEachInField(mnemonic, "modifier", [&](TSNode m) { s.modifiers.push_back(token(m)); });
    const TSNode list = field(node, "operands");
    if (!ts_node_is_null(list)) {
      forEachInField(list, "operand", [&](TSNode o) { s.operands.push_back(operand(o)); });
      const TSNode comma = field(list, "trailing_comma");
      if (!ts_node_is_null(comma)) s.trailingComma = SyntaxTree::rangeOf(comma);
    }
    forEachInField(node, "scheduling", [&](TSNode t) { s.scheduling.push_back(token(t)); });
    const std::uint32_t n = ts_node_child_count(node);
    for (std::uint32_t i = 0; i < n; ++i) {
      const TSNode child = ts_node_child(node, i);
      if (is(child, ";") && !ts_node_is_missing(child)) s.hasSemicolon = true;
    }
    return s;
  }

  OperandView operand(TSNode node) const {
    OperandView o;
    o.range = SyntaxTree::rangeOf(node);
    const TSNode prefix = field(node, "prefix");
    if (!ts_node_is_null(prefix)) o.prefix = firstChar(prefix);
    TSNode value = field(node, "value");
    if (is(value, "absolute_value")) {
      o.absolute = true;
      value = field(value, "value");
    }
    if (ts_node_is_null(value) || ts_node_has_error(value)) {
      o.kind = OperandKind::Invalid;
      o.value = token(value);
      return o;
    }
    o.value = token(value);
    o.name = o.value;
    if (is(value, "register")) {
      const TSNode name = field(value, "name");
      o.name = token(name);
      o.selector = token(field(value, "selector"));
      o.kind = registerKind(name);
    } else if (is(value, "register_range")) {
      o.kind = OperandKind::RegisterRange;
      o.file = token(field(value, "file"));
      o.first = token(field(value, "first"));
      o.last = token(field(value, "last"));
    } else if (is(value, "register_indirect") || is(value, "constant_memory")) {
      o.kind = is(value, "register_indirect") ? OperandKind::RegisterIndirect : OperandKind::ConstantMemory;
      o.file = token(field(value, "file"));
      o.space = token(field(value, "space"));
      o.bank = token(field(value, "bank"));
      const TSNode base = field(value, "base");
      if (!ts_node_is_null(base)) o.base = token(field(base, "name"));
      o.sign = firstChar(field(value, "sign"));
      o.offset = token(field(value, "offset"));
      o.selector = token(field(value, "selector"));
    } else if (is(value, "integer")) {
      o.kind = OperandKind::Integer;
    } else if (is(value, "float")) {
      o.kind = OperandKind::Float;
    } else if (is(value, "float_bits")) {
      o.kind = OperandKind::FloatBits;
    } else if (is(value, "identifier")) {
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

std::vector<SyntaxDiagnostic> syntaxDiagnosticsOf(const SyntaxTree& tree) {
  std::vector<SyntaxDiagnostic> out;
  walk(tree.root(), [&](TSNode node) {
    if (is(node, "unterminated_comment")) {
      out.push_back({SyntaxTree::rangeOf(node), "unterminated-comment", "'/*' is not closed by '*/'; the comment ends at the end of the line"});
      return false;
    }
    if (!ts_node_has_error(node)) return true;  // error-free, but may hold an unclosed comment
    if (ts_node_is_missing(node)) {
      out.push_back({SyntaxTree::rangeOf(node), "missing-token", std::string("missing '") + ts_node_type(node) + "'"});
      return false;
    }
    if (is(node, "ERROR")) {
      const std::string_view text = tree.textOf(node);
      out.push_back({SyntaxTree::rangeOf(node), "syntax-error",
                     text.empty() ? std::string("unexpected end of input") : "unexpected '" + shorten(text) + "'"});
      return false;
    }
    return true;
  });
  return out;
}

}  // namespace gpuasm::syntax
