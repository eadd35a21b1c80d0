// RAII over tree-sitter: a parser with gpuasm's grammar and the tree of one text, kept in step
// with edits (incremental reparse), plus the S-expression rendering `gpuasm parse` prints.
// This is the only place that creates or frees tree-sitter objects.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace gpuasm::syntax {

/// A half-open byte range [begin, end) in a document's UTF-8 text.
struct ByteRange {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  friend bool operator==(const ByteRange&, const ByteRange&) = default;
};

/// Replace the bytes [begin, end) of the current text with `replacement`.
struct TextEdit {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::string replacement;
};

/// The grammar's language object (ABI 14, checked against the runtime in the tests).
const TSLanguage* gpuasmLanguage();

/// How `SyntaxTree::toSExpression` lays the tree out.
struct SExpressionStyle {
  bool ranges = true;  ///< `[row, column] - [row, column]` after each node, like `tree-sitter parse`
  bool fields = true;  ///< `name: ` before nodes in a field
};

/// One document's text and its syntax tree. Movable, not copyable.
class SyntaxTree {
 public:
  /// Parses `text` (any bytes; invalid UTF-8 is parsed, never rejected).
  explicit SyntaxTree(std::string text);

  /// Applies an edit to the text and reparses incrementally, reusing the old tree.
  void applyEdit(const TextEdit& edit);

  const std::string& text() const { return text_; }
  TSNode root() const;
  bool hasErrors() const;
  /// The bytes a node spans.
  std::string_view textOf(TSNode node) const;
  static ByteRange rangeOf(TSNode node);

  /// The tree as an indented S-expression: named nodes, MISSING nodes, fields and ranges.
  std::string toSExpression(const SExpressionStyle& style = {}) const;

 private:
  struct ParserDeleter {
    void operator()(TSParser* p) const { ts_parser_delete(p); }
  };
  struct TreeDeleter {
    void operator()(TSTree* t) const { ts_tree_delete(t); }
  };
  std::string text_;
  std::unique_ptr<TSParser, ParserDeleter> parser_;
  std::unique_ptr<TSTree, TreeDeleter> tree_;
};

}  // namespace gpuasm::syntax
