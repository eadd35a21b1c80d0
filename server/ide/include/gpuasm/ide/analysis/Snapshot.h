// An immutable analysis of one document version, the input of every editor feature (hover,
// completion, tokens, ...): the text, its line index, its diagnostics and its assembled
// statements. Features are synchronous functions `getX(const Snapshot&, offset)` in editor
// terms (byte offsets and ranges); only server/lsp turns them into LSP positions and JSON.
//
// The analysis is kept per chunk (syntax/Chunks.h: a line, or the lines a block comment spans),
// in chunk-relative coordinates, and shared between versions: `edited` re-analyses only the
// chunks an edit touches, so the cost of an edit does not grow with the document. Features see
// absolute coordinates: the accessors below shift what they return.
#pragma once

#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/ide/analysis/RegisterEvents.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/sim/Expression.h>
#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::ide {

/// The analysis of one chunk, relative to its first byte and first line.
struct ChunkAnalysis {
  std::uint32_t length = 0;  ///< bytes, its final '\n' included
  std::uint32_t newlines = 0;
  AssembledUnit unit;
  std::vector<syntax::ByteRange> comments;
  bool unclosedComment = false;               ///< holds a '/*' that no '*/' closes
  std::vector<RegisterEvent> registerEvents;  ///< what its statements read and write
  std::vector<RegisterId> stateRegisters;     ///< what its `// @state` directives set
  bool stateDirectives = false;               ///< holds a `// @state` directive (well-formed or not)
  /// Its well-formed `// @expect` directives (the malformed ones are diagnostics).
  std::vector<sim::ExpectDirective> expectations;
};

/// One analysed document version. Build it with `analyse` or `edited`; it never changes after.
class Snapshot {
 public:
  /// Parses and assembles `text` against `db` (which must outlive the snapshot).
  static std::shared_ptr<const Snapshot> analyse(const isa::InstrDb& db, std::string text);
  /// The same, keeping `db` alive for as long as this snapshot and those edited from it live
  /// (the language server swaps its database when the spec changes).
  static std::shared_ptr<const Snapshot> analyse(std::shared_ptr<const isa::InstrDb> db, std::string text);

  /// The version after one edit, sharing the analysis of every chunk the edit leaves alone.
  /// The edit's range is clamped to the text.
  std::shared_ptr<const Snapshot> edited(const syntax::TextEdit& edit) const;

  Snapshot(const Snapshot&) = delete;  // lines_ views text_
  Snapshot& operator=(const Snapshot&) = delete;

  /// What `compute` derives from the whole document, computed on the first call and kept with
  /// the snapshot (immutable, so it stays true): the register pressure, which every hover on a
  /// mnemonic and every code-lens request asks for, is one walk of the document, not one per
  /// request. Safe to call from several threads.
  template <typename T>
  const T& derived(T (*compute)(const Snapshot&)) const {
    std::lock_guard lock(derivedMutex_);
    std::shared_ptr<const void>& slot = derived_[reinterpret_cast<const void*>(compute)];
    if (!slot) slot = std::make_shared<const T>(compute(*this));
    return *static_cast<const T*>(slot.get());
  }

  const isa::InstrDb& db() const { return *db_; }
  std::string_view text() const { return text_; }
  const syntax::LineIndex& lines() const { return lines_; }

  /// Every diagnostic, in document order.
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  /// The statement whose range contains `offset` (its end counts as inside).
  std::optional<AssembledStatement> statementAt(std::uint32_t offset) const;
  /// The statements of the chunks that overlap [range.begin, range.end], in document order.
  std::vector<AssembledStatement> statementsIn(syntax::ByteRange range) const;
  /// The comments of the chunks that overlap [range.begin, range.end], in document order.
  std::vector<syntax::ByteRange> commentsIn(syntax::ByteRange range) const;
  /// The whole listing (what `assemble` gives for the text), built on demand.
  AssembledUnit assembledUnit() const;

  /// How many chunks the document has, and how many were analysed (not shared) for this version.
  std::size_t chunkCount() const { return chunks_.size(); }
  /// Chunk `k` (k < chunkCount()) in its own coordinates, and where it starts in the document.
  const ChunkAnalysis& chunk(std::size_t k) const { return *chunks_[k]; }
  std::uint32_t chunkStart(std::size_t k) const { return chunkStart_[k]; }
  std::uint32_t chunkLine(std::size_t k) const { return chunkLine_[k]; }
  /// The chunk holding `offset` (the last chunk for the text's end); needs a chunk.
  std::size_t chunkHolding(std::uint32_t offset) const { return holding(offset); }
  std::size_t analysedChunks() const { return analysed_; }
  /// Whether any chunk holds a well-formed `// @expect` directive.
  bool hasExpectations() const { return expectationChunks_ > 0; }

 private:
  /// Chunks owned together, in document order: the unit of sharing between versions (below).
  struct ChunkBlock {
    std::vector<std::shared_ptr<const ChunkAnalysis>> chunks;
  };

  Snapshot(const isa::InstrDb& db, std::string text);
  /// The text of an edit of `before`: [begin, oldEnd) of its text replaced by [begin, newEnd).
  Snapshot(const isa::InstrDb& db, std::string text, const Snapshot& before, std::uint32_t begin,
           std::uint32_t oldEnd, std::uint32_t newEnd);
  /// Positions of every chunk, the absolute diagnostics and the blocks, from `owned` (analyse).
  void index(std::vector<std::shared_ptr<const ChunkAnalysis>> owned);
  /// The chunk holding `offset` (the last chunk for the text's end). Needs a chunk.
  std::size_t holding(std::uint32_t offset) const;
  /// The chunks overlapping [begin, end]: first and one-past-last index.
  std::pair<std::size_t, std::size_t> chunkSpan(std::uint32_t begin, std::uint32_t end) const;
  /// The block holding chunk `k` (k < chunkCount()).
  std::size_t blockOf(std::size_t k) const;
  /// Appends `chunks` as blocks of about kBlockChunks.
  void appendBlocks(std::vector<std::shared_ptr<const ChunkAnalysis>> chunks);

  /// What an edit analyses anew: its chunks [first, sync) are replaced by `chunks`, which start
  /// at `starts` in the new text; from `sync` on they are kept.
  struct Reanalysis {
    std::vector<std::shared_ptr<const ChunkAnalysis>> chunks;
    std::vector<std::uint32_t> starts;
    std::size_t sync = 0;
  };
  /// The edit that put [begin, editEnd) into `now`: the first chunk of this version it cuts anew.
  std::size_t firstChunkToRedo(std::string_view now, std::uint32_t begin, std::uint32_t editEnd) const;
  /// The chunks of `now` from chunk `first` until one starts where an old one did (delta: the
  /// edit's change of length).
  Reanalysis reanalyse(std::string_view now, std::size_t first, std::uint32_t editEnd,
                       std::int64_t delta) const;
  /// An edited version's flat arrays (chunks, positions, diagnostics): `before`'s, with `fresh`.
  void indexEdit(const Snapshot& before, std::size_t first, const Reanalysis& fresh, std::int64_t delta);
  /// An edited version's blocks: `before`'s shared, new ones where the edit's chunks are.
  void shareBlocks(const Snapshot& before, std::size_t first, Reanalysis&& fresh);

  mutable std::mutex derivedMutex_;
  mutable std::map<const void*, std::shared_ptr<const void>> derived_;  ///< by the function computing it
  const isa::InstrDb* db_;
  std::shared_ptr<const isa::InstrDb> owner_;  ///< db_'s owner, when the snapshot keeps it alive
  std::string text_;
  syntax::LineIndex lines_;
  // An edit keeps every chunk but a few, so what a version holds per chunk is flat arrays of
  // plain values, copied whole (sequential memory), and the chunks' ownership is shared by
  // blocks: an edit takes a reference to each untouched block, not to each of ~16,000 chunks
  // (a reference count per chunk, in memory all over the heap, was most of an edit's time).
  std::vector<std::shared_ptr<const ChunkBlock>> blocks_;  ///< own chunks_, in order
  std::vector<std::uint32_t> blockFirst_;                  ///< index of each block's first chunk
  std::vector<const ChunkAnalysis*> chunks_;
  std::vector<std::uint32_t> chunkStart_;  ///< first byte of each chunk
  std::vector<std::uint32_t> chunkLine_;   ///< first line of each chunk
  std::vector<std::uint32_t>
      chunkDiagnostics_;  ///< where each chunk's diagnostics start in diagnostics_ (one more: the end)
  std::vector<Diagnostic> diagnostics_;
  std::size_t analysed_ = 0;
  std::size_t expectationChunks_ = 0;  ///< chunks with a well-formed `// @expect`
};

/// Where a hint at the end of `line` goes: after its last character that is not a blank (the
/// encoding hints, asm/InlayHints.h, and the live values, execution/LiveValues.h).
std::uint32_t lineContentEnd(const Snapshot& snapshot, std::uint32_t line);

}  // namespace gpuasm::ide
