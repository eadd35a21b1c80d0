// Snapshot: per-chunk analysis shared between versions (see Snapshot.h).
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/ide/analysis/DirectiveDiagnostics.h>
#include <gpuasm/ide/Threads.h>
#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/Lowering.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <exception>
#include <mutex>
#include <thread>

namespace gpuasm::ide {

namespace {

void shift(syntax::ByteRange& r, std::uint32_t by) {
  r.begin += by;
  r.end += by;
}

std::shared_ptr<const ChunkAnalysis> analyseChunk(const isa::InstrDb& db, std::string_view text,
                                                  const syntax::ChunkScan& scan, std::uint32_t begin) {
  auto chunk = std::make_shared<ChunkAnalysis>();
  const std::string_view body = text.substr(begin, scan.end - begin);
  chunk->length = scan.end - begin;
  chunk->newlines = syntax::countNewlines(body);
  chunk->unit = assembleText(db, body);  // one chunk: the line scanner, or tree-sitter on the chunk
  chunk->comments = scan.comments;
  chunk->unclosedComment = scan.unclosedComment;
  chunk->registerEvents = registerEvents(db, chunk->unit);
  chunk->stateDirectives = body.find("@state") != std::string_view::npos;
  // The directives' own problems join the chunk's diagnostics, in order.
  std::vector<Diagnostic>& diagnostics = chunk->unit.diagnostics;
  const std::size_t assembled = diagnostics.size();
  if (chunk->stateDirectives) {  // parsed once for both the registers they set and their errors
    const sim::ParsedDirectives state = sim::parseStateDirectives(body);
    chunk->stateRegisters = stateDirectiveRegisters(db, state.state);
    for (Diagnostic& d : stateDirectiveDiagnostics(body, state.errors)) diagnostics.push_back(std::move(d));
  }
  if (body.find("@expect") != std::string_view::npos)
    if (const auto layout = sim::RegisterLayout::fromDb(db))
      for (sim::ExpectDirective& d : sim::parseExpectDirectives(body, *layout)) {
        if (d.expression)
          chunk->expectations.push_back(std::move(d));
        else
          diagnostics.push_back(expectDirectiveDiagnostic(d));
      }
  if (diagnostics.size() > assembled)
    std::stable_sort(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; });
  for (syntax::ByteRange& c : chunk->comments) {
    c.begin -= begin;
    c.end -= begin;
  }
  return chunk;
}

// Texts from this size on are analysed on several threads (below it, starting them costs more
// than they save); each thread takes kRunChunks chunks at a time.
constexpr std::size_t kParallelBytes = 64 * 1024;
constexpr std::size_t kRunChunks = 256;
constexpr unsigned kMaxThreads = 4;

// Every chunk of `text`, analysed. A chunk's analysis reads only its own text and the immutable
// database, so the chunks are cut first (a cheap scan, front to back) and then analysed by all
// cores at once, each thread taking the next run of chunks; the result is in document order
// whatever thread analysed what (a document's first open is the one analysis of all its chunks).
std::vector<std::shared_ptr<const ChunkAnalysis>> analyseChunks(const isa::InstrDb& db,
                                                                std::string_view text) {
  struct Cut {
    std::uint32_t begin;
    syntax::ChunkScan scan;
  };
  std::vector<Cut> cuts;
  syntax::ChunkScanner scanner(text);
  for (std::uint32_t at = 0; at < text.size(); at = cuts.back().scan.end)
    cuts.push_back({at, scanner.scan(at)});
  std::vector<std::shared_ptr<const ChunkAnalysis>> chunks(cuts.size());
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;  // the first thread's failure (bad_alloc), rethrown once all have stopped
  std::mutex failureMutex;
  const auto work = [&] {
    try {
      for (std::size_t from; (from = next.fetch_add(kRunChunks)) < cuts.size();)
        for (std::size_t k = from; k < std::min(cuts.size(), from + kRunChunks); ++k)
          chunks[k] = analyseChunk(db, text, cuts[k].scan, cuts[k].begin);
    } catch (...) {
      next = cuts.size();
      const std::lock_guard lock(failureMutex);
      if (!failure) failure = std::current_exception();
    }
  };
  // One thread (this one) for a small text, or in a build without threads (Threads.h).
  const unsigned threads = !kThreads || text.size() < kParallelBytes
                               ? 1
                               : std::clamp(std::thread::hardware_concurrency(), 1U, kMaxThreads);
  {
    // std::thread joined by hand, not std::jthread: the fuzz build's libc++ 16 has no jthread.
    std::vector<std::thread> helpers;
    struct Joiner {
      std::vector<std::thread>& threads;
      ~Joiner() {
        for (std::thread& t : threads)
          if (t.joinable()) t.join();
      }
    } joiner{helpers};  // however the block is left, a thread that could not start included
    for (unsigned t = 1; t < threads && t * kRunChunks < cuts.size(); ++t) helpers.emplace_back(work);
    work();
  }  // the helpers are joined here
  if (failure) std::rethrow_exception(failure);
  return chunks;
}

// The end of a line's content: trailing blanks are not content, and a hint after them would
// float away from the code.
std::uint32_t contentEnd(std::string_view text, std::uint32_t lineStart, std::uint32_t lineEnd) {
  while (lineEnd > lineStart &&
         (text[lineEnd - 1] == ' ' || text[lineEnd - 1] == '\t' || text[lineEnd - 1] == '\r'))
    --lineEnd;
  return lineEnd;
}

}  // namespace

// Chunks per block of shared ownership: an edit copies one reference per block and rebuilds the
// block(s) it touches.
constexpr std::size_t kBlockChunks = 64;

Snapshot::Snapshot(const isa::InstrDb& db, std::string text)
    : db_(&db), text_(std::move(text)), lines_(text_) {}

Snapshot::Snapshot(const isa::InstrDb& db, std::string text, const Snapshot& before, std::uint32_t begin,
                   std::uint32_t oldEnd, std::uint32_t newEnd)
    : db_(&db),
      owner_(before.owner_),
      text_(std::move(text)),
      lines_(text_, before.lines_, begin, oldEnd, newEnd) {}

std::shared_ptr<const Snapshot> Snapshot::analyse(std::shared_ptr<const isa::InstrDb> db, std::string text) {
  auto s = std::const_pointer_cast<Snapshot>(analyse(*db, std::move(text)));
  s->owner_ = std::move(db);
  return s;
}

std::shared_ptr<const Snapshot> Snapshot::analyse(const isa::InstrDb& db, std::string text) {
  std::shared_ptr<Snapshot> s(new Snapshot(db, std::move(text)));
  std::vector<std::shared_ptr<const ChunkAnalysis>> chunks = analyseChunks(db, s->text_);
  s->analysed_ = chunks.size();
  s->index(std::move(chunks));
  return s;
}

std::shared_ptr<const Snapshot> Snapshot::edited(const syntax::TextEdit& edit) const {
  const auto size = static_cast<std::uint32_t>(text_.size());
  const std::uint32_t end = std::min(edit.end, size);
  const std::uint32_t begin = std::min(edit.begin, end);
  std::string text;
  text.reserve(size - (end - begin) + edit.replacement.size());
  text.append(text_, 0, begin).append(edit.replacement).append(text_, end);
  const auto editEnd = static_cast<std::uint32_t>(begin + edit.replacement.size());  // in the new text
  std::shared_ptr<Snapshot> s(new Snapshot(*db_, std::move(text), *this, begin, end, editEnd));
  const std::size_t first = firstChunkToRedo(s->text_, begin, editEnd);
  const std::int64_t delta = static_cast<std::int64_t>(edit.replacement.size()) - (end - begin);
  Reanalysis fresh = reanalyse(s->text_, first, editEnd, delta);
  s->analysed_ = fresh.chunks.size();
  s->indexEdit(*this, first, fresh, delta);
  s->shareBlocks(*this, first, std::move(fresh));
  return s;
}

std::size_t Snapshot::firstChunkToRedo(std::string_view now, std::uint32_t begin,
                                       std::uint32_t editEnd) const {
  // Chunks wholly before the edit are kept, with one exception: an unclosed '/*' before it is
  // closed by a '*/' the edit creates, and its chunk then runs on through the edit.
  std::size_t first = chunks_.empty() ? 0 : holding(begin);
  const std::uint32_t around = begin > 0 ? begin - 1 : 0;
  if (now.substr(around, editEnd + 1 - around).find("*/") != std::string_view::npos)
    for (std::size_t k = 0; k < first; ++k)
      if (chunks_[k]->unclosedComment) return k;
  return first;
}

Snapshot::Reanalysis Snapshot::reanalyse(std::string_view now, std::size_t first, std::uint32_t editEnd,
                                         std::int64_t delta) const {
  // From `first` on, chunks are cut anew until one starts past the edit where an old chunk
  // started (shifted by the edit): the rest of the text is unchanged and so is its analysis.
  const std::size_t n = chunks_.size();
  Reanalysis fresh;
  fresh.sync = n;
  std::size_t old = first;
  syntax::ChunkScanner scanner(now);
  for (std::uint32_t at = first < n ? chunkStart_[first] : 0; at < now.size();) {
    if (at >= editEnd) {
      const std::int64_t oldAt = at - delta;
      while (old < n && chunkStart_[old] < oldAt) ++old;
      if (old < n && chunkStart_[old] == oldAt) {
        fresh.sync = old;
        break;
      }
    }
    const syntax::ChunkScan scan = scanner.scan(at);
    fresh.chunks.push_back(analyseChunk(*db_, now, scan, at));
    fresh.starts.push_back(at);
    at = scan.end;
  }
  return fresh;
}

void Snapshot::indexEdit(const Snapshot& before, std::size_t first, const Reanalysis& fresh,
                         std::int64_t delta) {
  // The flat arrays: the kept chunks before, the fresh ones, the kept ones after (moved by the edit).
  const std::size_t n = before.chunks_.size(), sync = fresh.sync;
  const auto shiftBy = static_cast<std::uint32_t>(delta);  // modulo 2^32: a shrinking edit moves back
  const std::size_t count = first + fresh.chunks.size() + (n - sync);
  const auto keep = static_cast<std::ptrdiff_t>(first);
  chunks_.reserve(count);
  chunkStart_.reserve(count);
  chunkLine_.reserve(count);
  chunkDiagnostics_.reserve(count + 1);
  chunks_.assign(before.chunks_.begin(), before.chunks_.begin() + keep);
  chunkStart_.assign(before.chunkStart_.begin(), before.chunkStart_.begin() + keep);
  chunkLine_.assign(before.chunkLine_.begin(), before.chunkLine_.begin() + keep);
  chunkDiagnostics_.assign(before.chunkDiagnostics_.begin(), before.chunkDiagnostics_.begin() + keep);
  diagnostics_.assign(before.diagnostics_.begin(),
                      before.diagnostics_.begin() + before.chunkDiagnostics_[first]);
  expectationChunks_ = before.expectationChunks_;
  for (std::size_t k = first; k < sync; ++k)
    expectationChunks_ -= before.chunks_[k]->expectations.empty() ? 0U : 1U;
  std::uint32_t line = first < n ? before.chunkLine_[first] : 0;
  for (std::size_t i = 0; i < fresh.chunks.size(); ++i) {
    const ChunkAnalysis& c = *fresh.chunks[i];
    chunks_.push_back(&c);
    chunkStart_.push_back(fresh.starts[i]);
    chunkLine_.push_back(line);
    chunkDiagnostics_.push_back(static_cast<std::uint32_t>(diagnostics_.size()));
    for (Diagnostic d : c.unit.diagnostics) {
      shift(d.range, fresh.starts[i]);
      diagnostics_.push_back(std::move(d));
    }
    line += c.newlines;
    expectationChunks_ += c.expectations.empty() ? 0U : 1U;
  }
  if (sync < n) {
    const std::uint32_t lineShift = line - before.chunkLine_[sync];  // modulo 2^32, as above
    const std::uint32_t syncDiagnostics = before.chunkDiagnostics_[sync];
    const auto diagnosticsShift = static_cast<std::uint32_t>(diagnostics_.size()) - syncDiagnostics;
    chunks_.insert(chunks_.end(), before.chunks_.begin() + static_cast<std::ptrdiff_t>(sync),
                   before.chunks_.end());
    for (std::size_t k = sync; k < n; ++k) {
      chunkStart_.push_back(before.chunkStart_[k] + shiftBy);
      chunkLine_.push_back(before.chunkLine_[k] + lineShift);
      chunkDiagnostics_.push_back(before.chunkDiagnostics_[k] + diagnosticsShift);
    }
    for (auto it = before.diagnostics_.begin() + syncDiagnostics; it != before.diagnostics_.end(); ++it) {
      diagnostics_.push_back(*it);
      shift(diagnostics_.back().range, shiftBy);
    }
  }
  chunkDiagnostics_.push_back(static_cast<std::uint32_t>(diagnostics_.size()));
}

void Snapshot::shareBlocks(const Snapshot& before, std::size_t first, Reanalysis&& fresh) {
  // The blocks before and after the edited ones are shared; the edited ones become new blocks
  // of their kept chunks and the fresh ones.
  const std::size_t n = before.chunks_.size(), sync = fresh.sync;
  if (n == 0) return appendBlocks(std::move(fresh.chunks));
  const auto& blocks = before.blocks_;
  const auto& blockFirst = before.blockFirst_;
  const std::size_t a = before.blockOf(first), b = sync > first ? before.blockOf(sync - 1) : a;
  blocks_.assign(blocks.begin(), blocks.begin() + static_cast<std::ptrdiff_t>(a));
  blockFirst_.assign(blockFirst.begin(), blockFirst.begin() + static_cast<std::ptrdiff_t>(a));
  const auto& head = blocks[a]->chunks;
  const auto& tail = blocks[b]->chunks;
  std::vector<std::shared_ptr<const ChunkAnalysis>> middle(
      head.begin(), head.begin() + static_cast<std::ptrdiff_t>(first - blockFirst[a]));
  middle.insert(middle.end(), std::make_move_iterator(fresh.chunks.begin()),
                std::make_move_iterator(fresh.chunks.end()));
  const bool syncInB = sync < n && before.blockOf(sync) == b;
  if (syncInB)
    middle.insert(middle.end(), tail.begin() + static_cast<std::ptrdiff_t>(sync - blockFirst[b]), tail.end());
  appendBlocks(std::move(middle));
  // The next block starts at `sync` unless `sync` is inside block b (its rest joined `middle`).
  const std::size_t next = syncInB ? b + 1 : (sync < n ? before.blockOf(sync) : blocks.size());
  const auto indexShift = static_cast<std::uint32_t>(chunks_.size() - n);  // modulo 2^32
  for (std::size_t j = next; j < blocks.size(); ++j) {
    blocks_.push_back(blocks[j]);
    blockFirst_.push_back(blockFirst[j] + indexShift);
  }
}

void Snapshot::appendBlocks(std::vector<std::shared_ptr<const ChunkAnalysis>> chunks) {
  std::size_t firstIndex = blockFirst_.empty() ? 0 : blockFirst_.back() + blocks_.back()->chunks.size();
  // One block when it is not much more than a block's worth (an edit's block stays one block).
  const std::size_t step =
      chunks.size() <= 2 * kBlockChunks ? std::max<std::size_t>(chunks.size(), 1) : kBlockChunks;
  for (std::size_t i = 0; i < chunks.size(); i += step) {
    auto block = std::make_shared<ChunkBlock>();
    const std::size_t last = std::min(chunks.size(), i + step);
    block->chunks.assign(std::make_move_iterator(chunks.begin() + static_cast<std::ptrdiff_t>(i)),
                         std::make_move_iterator(chunks.begin() + static_cast<std::ptrdiff_t>(last)));
    blockFirst_.push_back(static_cast<std::uint32_t>(firstIndex));
    firstIndex += block->chunks.size();
    blocks_.push_back(std::move(block));
  }
}

std::size_t Snapshot::blockOf(std::size_t k) const {
  const auto it = std::upper_bound(blockFirst_.begin(), blockFirst_.end(), static_cast<std::uint32_t>(k));
  return static_cast<std::size_t>(it - blockFirst_.begin()) - 1;
}

void Snapshot::index(std::vector<std::shared_ptr<const ChunkAnalysis>> owned) {
  const std::size_t n = owned.size();
  chunks_.resize(n);
  chunkStart_.resize(n);
  chunkLine_.resize(n);
  chunkDiagnostics_.resize(n + 1);
  diagnostics_.clear();
  expectationChunks_ = 0;
  std::uint32_t at = 0, line = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const ChunkAnalysis& c = *owned[i];
    chunks_[i] = &c;
    chunkStart_[i] = at;
    chunkLine_[i] = line;
    chunkDiagnostics_[i] = static_cast<std::uint32_t>(diagnostics_.size());
    for (Diagnostic d : c.unit.diagnostics) {
      shift(d.range, at);
      diagnostics_.push_back(std::move(d));
    }
    at += c.length;
    line += c.newlines;
    expectationChunks_ += c.expectations.empty() ? 0U : 1U;
  }
  chunkDiagnostics_[n] = static_cast<std::uint32_t>(diagnostics_.size());
  assert(at == text_.size());
  blocks_.clear();
  blockFirst_.clear();
  appendBlocks(std::move(owned));
}

std::size_t Snapshot::holding(std::uint32_t offset) const {
  // The last chunk starting at or before the offset; the text's end belongs to the last chunk.
  const auto it = std::upper_bound(chunkStart_.begin(), chunkStart_.end(), offset);
  return it == chunkStart_.begin() ? 0 : static_cast<std::size_t>(it - chunkStart_.begin() - 1);
}

std::pair<std::size_t, std::size_t> Snapshot::chunkSpan(std::uint32_t begin, std::uint32_t end) const {
  if (chunks_.empty()) return {0, 0};
  return {holding(begin), holding(end) + 1};
}

std::optional<AssembledStatement> Snapshot::statementAt(std::uint32_t offset) const {
  if (chunks_.empty()) return std::nullopt;
  const std::size_t k = holding(offset);
  const std::uint32_t rel = offset - std::min(offset, chunkStart_[k]);
  const auto& all = chunks_[k]->unit.statements;
  // The last statement starting at or before the offset, if the offset is not past its end.
  auto it = std::upper_bound(all.begin(), all.end(), rel, [](std::uint32_t o, const AssembledStatement& s) {
    return o < s.statement.range.begin;
  });
  if (it == all.begin() || offset < chunkStart_[k]) return std::nullopt;
  --it;
  if (rel > it->statement.range.end) return std::nullopt;
  AssembledStatement a = *it;
  syntax::shiftStatement(a.statement, chunkStart_[k], chunkLine_[k]);
  return a;
}

std::vector<AssembledStatement> Snapshot::statementsIn(syntax::ByteRange range) const {
  std::vector<AssembledStatement> out;
  const auto [first, last] = chunkSpan(range.begin, std::max(range.begin, range.end));
  for (std::size_t k = first; k < last; ++k)
    for (const AssembledStatement& s : chunks_[k]->unit.statements) {
      out.push_back(s);
      syntax::shiftStatement(out.back().statement, chunkStart_[k], chunkLine_[k]);
    }
  return out;
}

std::vector<syntax::ByteRange> Snapshot::commentsIn(syntax::ByteRange range) const {
  std::vector<syntax::ByteRange> out;
  const auto [first, last] = chunkSpan(range.begin, std::max(range.begin, range.end));
  for (std::size_t k = first; k < last; ++k)
    for (syntax::ByteRange c : chunks_[k]->comments) {
      shift(c, chunkStart_[k]);
      out.push_back(c);
    }
  return out;
}

AssembledUnit Snapshot::assembledUnit() const {
  AssembledUnit unit;
  unit.statements = statementsIn({0, static_cast<std::uint32_t>(text_.size())});
  unit.diagnostics = diagnostics_;
  return unit;
}

std::uint32_t lineContentEnd(const Snapshot& snapshot, std::uint32_t line) {
  return contentEnd(snapshot.text(), snapshot.lines().lineStart(line), snapshot.lines().lineEnd(line));
}

}  // namespace gpuasm::ide
