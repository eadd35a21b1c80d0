// An immutable analysis of one document version, the input of every editor feature (hover,
// completion, tokens, ...): the text, its syntax tree, its line index and its assembled listing
// with diagnostics. Features are synchronous functions `getX(const Snapshot&, offset)` in editor
// terms (byte offsets and ranges); only server/lsp turns them into LSP positions and JSON.
#pragma once

#include <gpuasm/ide/Assembler.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <memory>
#include <string>

namespace gpuasm::ide {

/// One analysed document version. Build it with `Snapshot::analyse`; it never changes after.
class Snapshot {
 public:
  /// Parses and assembles `text` against `db` (which must outlive the snapshot).
  static std::shared_ptr<const Snapshot> analyse(const isa::InstrDb& db, std::string text);

  Snapshot(const Snapshot&) = delete;  // lines_ views tree_'s text
  Snapshot& operator=(const Snapshot&) = delete;

  const isa::InstrDb& db() const { return *db_; }
  std::string_view text() const { return tree_.text(); }
  const syntax::SyntaxTree& tree() const { return tree_; }
  const syntax::LineIndex& lines() const { return lines_; }
  const AssembledUnit& unit() const { return unit_; }

  /// The statement whose range contains `offset` (its end counts as inside), or null.
  const AssembledStatement* statementAt(std::uint32_t offset) const;

 private:
  Snapshot(const isa::InstrDb& db, std::string text);

  const isa::InstrDb* db_;
  syntax::SyntaxTree tree_;
  syntax::LineIndex lines_;
  AssembledUnit unit_;
};

}  // namespace gpuasm::ide
