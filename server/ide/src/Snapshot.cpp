// Snapshot: per-chunk analysis shared between versions (see Snapshot.h).
#include <gpuasm/ide/Snapshot.h>
#include <gpuasm/ide/Run.h>
#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/Lowering.h>

#include <algorithm>
#include <cassert>

namespace gpuasm::ide {

namespace {

void shift(syntax::ByteRange& r, std::uint32_t by) {
  r.begin += by;
  r.end += by;
}

std::shared_ptr<const ChunkAnalysis> analyseChunk(const isa::InstrDb& db, std::string_view text, const syntax::ChunkScan& scan,
                                                  std::uint32_t begin) {
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
        if (d.expression) chunk->expectations.push_back(std::move(d));
        else diagnostics.push_back(expectDirectiveDiagnostic(d));
      }
  if (diagnostics.size() > assembled)
    std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; });
  for (syntax::ByteRange& c : chunk->comments) {
    c.begin -= begin;
    c.end -= begin;
  }
  return chunk;
}

}  // namespace

Snapshot::Snapshot(const isa::InstrDb& db, std::string text) : db_(&db), text_(std::move(text)), lines_(text_) {}

std::shared_ptr<const Snapshot> Snapshot::analyse(std::shared_ptr<const isa::InstrDb> db, std::string text) {
  auto s = std::const_pointer_cast<Snapshot>(analyse(*db, std::move(text)));
  s->owner_ = std::move(db);
  return s;
}

std::shared_ptr<const Snapshot> Snapshot::analyse(const isa::InstrDb& db, std::string text) {
  std::shared_ptr<Snapshot> s(new Snapshot(db, std::move(text)));
  syntax::ChunkScanner scanner(s->text_);
  for (std::uint32_t at = 0; at < s->text_.size();) {
    const syntax::ChunkScan scan = scanner.scan(at);
    s->chunks_.push_back(analyseChunk(db, s->text_, scan, at));
    at = scan.end;
  }
  s->analysed_ = s->chunks_.size();
  s->index();
  return s;
}

std::shared_ptr<const Snapshot> Snapshot::edited(const syntax::TextEdit& edit) const {
  const auto size = static_cast<std::uint32_t>(text_.size());
  const std::uint32_t end = std::min(edit.end, size);
  const std::uint32_t begin = std::min(edit.begin, end);
  std::string text;
  text.reserve(size - (end - begin) + edit.replacement.size());
  text.append(text_, 0, begin).append(edit.replacement).append(text_, end);
  std::shared_ptr<Snapshot> s(new Snapshot(*db_, std::move(text)));
  s->owner_ = owner_;
  const std::string_view now = s->text_;
  const auto editEnd = static_cast<std::uint32_t>(begin + edit.replacement.size());  // in the new text

  // Chunks wholly before the edit are kept, with one exception: an unclosed '/*' before it is
  // closed by a '*/' the edit creates, and its chunk then runs on through the edit.
  std::size_t first = chunks_.empty() ? 0 : holding(begin);
  const std::uint32_t around = begin > 0 ? begin - 1 : 0;
  if (now.substr(around, editEnd + 1 - around).find("*/") != std::string_view::npos)
    for (std::size_t k = 0; k < first; ++k)
      if (chunks_[k]->unclosedComment) {
        first = k;
        break;
      }
  s->chunks_.assign(chunks_.begin(), chunks_.begin() + static_cast<std::ptrdiff_t>(first));

  // From there, chunks are cut anew until one starts past the edit where an old chunk started
  // (shifted by the edit): the rest of the text is unchanged and so is its analysis.
  const std::int64_t delta = static_cast<std::int64_t>(edit.replacement.size()) - (end - begin);
  std::size_t old = first;
  syntax::ChunkScanner scanner(now);
  for (std::uint32_t at = first < chunks_.size() ? chunkStart_[first] : 0; at < now.size();) {
    if (at >= editEnd) {
      const std::int64_t oldAt = at - delta;
      while (old < chunks_.size() && chunkStart_[old] < oldAt) ++old;
      if (old < chunks_.size() && chunkStart_[old] == oldAt) {
        s->chunks_.insert(s->chunks_.end(), chunks_.begin() + static_cast<std::ptrdiff_t>(old), chunks_.end());
        break;
      }
    }
    const syntax::ChunkScan scan = scanner.scan(at);
    s->chunks_.push_back(analyseChunk(*db_, now, scan, at));
    ++s->analysed_;
    at = scan.end;
  }
  s->index();
  return s;
}

void Snapshot::index() {
  chunkStart_.resize(chunks_.size());
  chunkLine_.resize(chunks_.size());
  diagnostics_.clear();
  std::uint32_t at = 0, line = 0;
  for (std::size_t i = 0; i < chunks_.size(); ++i) {
    chunkStart_[i] = at;
    chunkLine_[i] = line;
    for (Diagnostic d : chunks_[i]->unit.diagnostics) {
      shift(d.range, at);
      diagnostics_.push_back(std::move(d));
    }
    at += chunks_[i]->length;
    line += chunks_[i]->newlines;
    hasExpectations_ |= !chunks_[i]->expectations.empty();
  }
  assert(at == text_.size());
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
  auto it = std::upper_bound(all.begin(), all.end(), rel,
                             [](std::uint32_t o, const AssembledStatement& s) { return o < s.statement.range.begin; });
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

}  // namespace gpuasm::ide
