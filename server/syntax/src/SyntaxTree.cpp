// tree-sitter parser and tree ownership, incremental edits and the S-expression printer.
#include <gpuasm/syntax/SyntaxTree.h>

#include <cassert>

extern "C" const TSLanguage* tree_sitter_gpuasm();

namespace gpuasm::syntax {

namespace {

// Row and byte column of an offset, as tree-sitter's edit API wants them.
TSPoint pointAt(std::string_view text, std::uint32_t offset) {
  TSPoint p{0, 0};
  std::uint32_t lineStart = 0;
  for (std::uint32_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.row;
      lineStart = i + 1;
    }
  }
  p.column = offset - lineStart;
  return p;
}

void appendPoint(std::string& out, TSPoint p) {
  out += '[';
  out += std::to_string(p.row);
  out += ", ";
  out += std::to_string(p.column);
  out += ']';
}

}  // namespace

const TSLanguage* gpuasmLanguage() { return tree_sitter_gpuasm(); }

SyntaxTree::SyntaxTree(std::string text) : text_(std::move(text)), parser_(ts_parser_new()) {
  // Fails only when the generated parser's ABI does not match the runtime: a build bug.
  [[maybe_unused]] const bool ok = ts_parser_set_language(parser_.get(), gpuasmLanguage());
  assert(ok && "grammar ABI does not match the tree-sitter runtime");
  tree_.reset(
      ts_parser_parse_string(parser_.get(), nullptr, text_.data(), static_cast<std::uint32_t>(text_.size())));
  assert(tree_ != nullptr);
}

void SyntaxTree::applyEdit(const TextEdit& edit) {
  const std::uint32_t size = static_cast<std::uint32_t>(text_.size());
  const std::uint32_t begin = std::min(edit.begin, size);
  const std::uint32_t end = std::min(std::max(edit.end, begin), size);
  TSInputEdit e;
  e.start_byte = begin;
  e.old_end_byte = end;
  e.new_end_byte = begin + static_cast<std::uint32_t>(edit.replacement.size());
  e.start_point = pointAt(text_, begin);
  e.old_end_point = pointAt(text_, end);
  text_.replace(begin, end - begin, edit.replacement);
  e.new_end_point = pointAt(text_, e.new_end_byte);
  ts_tree_edit(tree_.get(), &e);
  tree_.reset(ts_parser_parse_string(parser_.get(), tree_.get(), text_.data(),
                                     static_cast<std::uint32_t>(text_.size())));
  assert(tree_ != nullptr);
}

TSNode SyntaxTree::root() const { return ts_tree_root_node(tree_.get()); }

bool SyntaxTree::hasErrors() const { return ts_node_has_error(root()); }

std::string_view SyntaxTree::textOf(TSNode node) const {
  const std::uint32_t b =
      std::min<std::uint32_t>(ts_node_start_byte(node), static_cast<std::uint32_t>(text_.size()));
  const std::uint32_t e =
      std::min<std::uint32_t>(ts_node_end_byte(node), static_cast<std::uint32_t>(text_.size()));
  return std::string_view(text_).substr(b, e - b);
}

ByteRange SyntaxTree::rangeOf(TSNode node) { return {ts_node_start_byte(node), ts_node_end_byte(node)}; }

std::string SyntaxTree::toSExpression(const SExpressionStyle& style) const {
  std::string out;
  TSTreeCursor cursor = ts_tree_cursor_new(root());
  int depth = 0;
  bool first = true;
  // Iterative pre-order walk: deep trees cannot overflow the stack.
  while (true) {
    const TSNode node = ts_tree_cursor_current_node(&cursor);
    const bool missing = ts_node_is_missing(node);
    const bool shown = ts_node_is_named(node) || missing;
    if (shown) {
      if (!first) out += '\n';
      first = false;
      out.append(static_cast<std::size_t>(depth) * 2, ' ');
      const char* field = ts_tree_cursor_current_field_name(&cursor);
      if (style.fields && field != nullptr) {
        out += field;
        out += ": ";
      }
      out += '(';
      if (missing) {
        out += "MISSING ";
        out += ts_node_is_named(node) ? ts_node_type(node) : ("\"" + std::string(ts_node_type(node)) + "\"");
      } else {
        out += ts_node_type(node);
      }
      if (style.ranges) {
        out += ' ';
        appendPoint(out, ts_node_start_point(node));
        out += " - ";
        appendPoint(out, ts_node_end_point(node));
      }
    }
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      if (shown) ++depth;
      continue;
    }
    if (shown) out += ')';
    // Climb until a sibling exists, closing every shown ancestor we leave.
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        ts_tree_cursor_delete(&cursor);
        return out;
      }
      const TSNode parent = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(parent) || ts_node_is_missing(parent)) {
        --depth;
        out += ')';
      }
    }
  }
}

}  // namespace gpuasm::syntax
