// Lower, match and encode every statement of a document (see Assembler.h).
#include <gpuasm/ide/analysis/Assembler.h>
#include <gpuasm/isa/MatchCache.h>
#include <gpuasm/isa/Matcher.h>
#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/LineScanner.h>
#include <gpuasm/syntax/Lowering.h>

#include <gpuasm/ide/analysis/DirectiveDiagnostics.h>
#include <gpuasm/ide/analysis/RegisterEvents.h>
#include <gpuasm/ide/analysis/RegisterUses.h>
#include <gpuasm/ide/analysis/Snapshot.h>
#include <gpuasm/ide/Threads.h>
#include <gpuasm/sim/Expression.h>
#include <gpuasm/sim/InitialState.h>

#include <algorithm>
#include <condition_variable>
#include <iterator>
#include <map>
#include <mutex>
#include <thread>

namespace gpuasm::ide {

namespace {

bool inDocumentOrder(const Diagnostic& x, const Diagnostic& y) { return x.range.begin < y.range.begin; }

// Matches and encodes the statement `a` holds; through `cache` when there is one (the same answer).
void matchAndEncode(const isa::InstrDb& db, AssembledStatement& a, std::vector<Diagnostic>& diagnostics,
                    isa::MatchCache* cache = nullptr) {
  const isa::AsmStatement& s = a.statement;
  if (s.hasError || s.mnemonic.empty()) return;
  isa::MatchResult m = cache ? cache->match(db, s, a.encoding) : isa::matchAndEncode(db, s, a.encoding);
  for (const auto& d : m.diagnostics) diagnostics.push_back(toDiagnostic(d));
  a.binding = m.binding;
  a.inst = std::move(m.inst);
}

}  // namespace

// A diagnostic of the syntax layer, which has no database: the erratum behind its rule is the
// one whose __Rules names its code (errata.isa), looked up here.
Diagnostic fromSyntaxLayer(const isa::InstrDb& db, const isa::AsmDiagnostic& d) {
  Diagnostic out = toDiagnostic(d);
  if (out.erratum.empty())
    if (const isa::Erratum* e = db.erratumForRule(isa::spelling(d.code))) out.erratum = e->id;
  return out;
}

AssembledUnit assemble(const isa::InstrDb& db, syntax::LoweredUnit&& unit) {
  AssembledUnit out;
  out.statements.reserve(unit.statements.size());
  out.diagnostics.reserve(unit.diagnostics.size());
  for (const auto& d : unit.diagnostics) out.diagnostics.push_back(fromSyntaxLayer(db, d));
  for (auto& s : unit.statements) {
    AssembledStatement& a = out.statements.emplace_back();
    a.statement = std::move(s);
    matchAndEncode(db, a, out.diagnostics);
  }
  // Usually already in order (statements come in order); the sort is for lowering's
  // diagnostics interleaved with the matcher's.
  if (!std::is_sorted(out.diagnostics.begin(), out.diagnostics.end(), inDocumentOrder))
    std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(), inDocumentOrder);
  return out;
}

AssembledUnit assemble(const isa::InstrDb& db, const syntax::LoweredUnit& unit) {
  return assemble(db, syntax::LoweredUnit(unit));
}

namespace {

// One assembling thread's scratch, reused piece after piece.
class PieceAssembler {
 public:
  explicit PieceAssembler(const isa::InstrDb& db) : db_(db) {}

  // Lowers, matches and encodes one piece of `text`: its diagnostics in document order (syntax
  // diagnostics, then lowering's, then the matcher's, as assemble() orders them) and its
  // statements are left in diagnostics() and statements() until the next piece.
  void assemble(std::string_view text, const syntax::ChunkPiece& piece) {
    // The previous piece's statements (unless a sink took them) are lowered into again: their
    // parts and operands keep their storage instead of being freed and allocated per statement.
    for (AssembledStatement& a : statements_) lowered_.spare.push_back(std::move(a.statement));
    lowered_.statements.clear();
    lowered_.diagnostics.clear();
    syntaxDiagnostics_.clear();
    syntax::lowerPiece(text, piece, lowered_, syntaxDiagnostics_);
    diagnostics_.clear();
    statements_.clear();
    for (const auto& d : syntaxDiagnostics_) diagnostics_.push_back(fromSyntaxLayer(db_, d));
    for (const auto& d : lowered_.diagnostics) diagnostics_.push_back(fromSyntaxLayer(db_, d));
    for (auto& st : lowered_.statements) {
      AssembledStatement& a = statements_.emplace_back();
      a.statement = std::move(st);
      matchAndEncode(db_, a, diagnostics_, &cache_);
    }
    if (!std::is_sorted(diagnostics_.begin(), diagnostics_.end(), inDocumentOrder))
      std::stable_sort(diagnostics_.begin(), diagnostics_.end(), inDocumentOrder);
  }
  std::vector<Diagnostic>& diagnostics() { return diagnostics_; }
  std::vector<AssembledStatement>& statements() { return statements_; }

 private:
  const isa::InstrDb& db_;
  syntax::LoweredUnit lowered_;
  std::vector<isa::AsmDiagnostic> syntaxDiagnostics_;
  std::vector<Diagnostic> diagnostics_;
  std::vector<AssembledStatement> statements_;
  isa::MatchCache cache_;  // the answers of statements already matched, piece after piece
};

}  // namespace

void assembleText(const isa::InstrDb& db, std::string_view text, AssemblySink& sink) {
  syntax::ChunkScanner chunks(text, false);
  std::vector<syntax::ChunkPiece> pieces;
  PieceAssembler assembler(db);
  std::uint32_t lineNo = 0;
  for (std::uint32_t at = 0; at < text.size();) {
    const std::uint32_t end = chunks.scan(at).end;
    syntax::cutChunk(text, at, end, lineNo, pieces);
    for (const syntax::ChunkPiece& piece : pieces) {
      assembler.assemble(text, piece);
      for (Diagnostic& d : assembler.diagnostics()) sink.diagnostic(std::move(d));
      for (AssembledStatement& a : assembler.statements()) sink.statement(std::move(a));
    }
    lineNo += syntax::countNewlines(text.substr(at, end - at));
    at = end;
  }
}

namespace {

// About this many bytes of pieces make a batch (a tooLong piece counts as little: it is only
// reported).
constexpr std::uint32_t kBatchBytes = 32 * 1024;
constexpr std::uint32_t kTooLongPieceCost = 1024;

// A batch to assemble: pieces of one document, and the whole chunks whose directive comments
// it checks (a chunk's go with the batch that takes its first piece).
struct BatchWork {
  std::size_t seq = 0;
  std::size_t document = 0;
  std::string_view text;
  std::vector<syntax::ChunkPiece> pieces;
  std::vector<syntax::ByteRange> directiveSpans;
  std::optional<std::string> openError;
  bool last = false;
};

// Cuts the documents into batches, in order; the caller holds the lock.
class BatchCutter {
 public:
  explicit BatchCutter(BatchDocuments& documents) : documents_(documents) {}

  std::optional<BatchWork> next() {
    BatchWork w;
    if (!open_) {
      if (document_ == documents_.count()) return std::nullopt;
      auto text = documents_.open(document_);
      if (!text) {
        w.seq = seq_++;
        w.document = document_++;
        w.openError = std::move(text.error());
        w.last = true;
        return w;
      }
      text_ = *text;
      chunks_.emplace(text_, false);
      at_ = line_ = 0;
      pending_.clear();
      pendingAt_ = 0;
      open_ = true;
    }
    w.seq = seq_++;
    w.document = document_;
    w.text = text_;
    for (std::uint32_t bytes = 0; bytes < kBatchBytes;) {
      if (pendingAt_ == pending_.size()) {
        if (at_ >= text_.size()) break;
        const std::uint32_t end = chunks_->scan(at_).end;
        syntax::cutChunk(text_, at_, end, line_, pending_);
        pendingAt_ = 0;
        if (!w.directiveSpans.empty() && w.directiveSpans.back().end == at_)
          w.directiveSpans.back().end = end;
        else
          w.directiveSpans.push_back({at_, end});
        line_ += syntax::countNewlines(text_.substr(at_, end - at_));
        at_ = end;
        continue;
      }
      const syntax::ChunkPiece& piece = pending_[pendingAt_++];
      w.pieces.push_back(piece);
      bytes += piece.tooLong ? kTooLongPieceCost : piece.end - piece.begin;
    }
    if (pendingAt_ == pending_.size() && at_ >= text_.size()) {
      w.last = true;
      open_ = false;
      ++document_;
    }
    return w;
  }
  std::size_t cut() const { return seq_; }

 private:
  BatchDocuments& documents_;
  std::size_t document_ = 0, seq_ = 0;
  bool open_ = false;
  std::string_view text_;
  std::optional<syntax::ChunkScanner> chunks_;
  std::uint32_t at_ = 0, line_ = 0;
  std::vector<syntax::ChunkPiece> pending_;  // the pieces of the chunk being handed out
  std::size_t pendingAt_ = 0;
};

// What a batch adds for the whole-document findings (BatchOptions::dataflow, expectations).
struct BatchFacts {
  std::vector<RegisterEvent> events;  ///< its statements', numbered through the batch
  std::vector<RegisterId> stateRegisters;
  bool expectations = false;  ///< a well-formed `// @expect` in its chunks
};

AssembledBatch assembleBatch(const isa::InstrDb& db, PieceAssembler& assembler, const BatchWork& w,
                             const BatchOptions& options, BatchFacts& facts) {
  AssembledBatch out;
  out.document = w.document;
  out.last = w.last;
  std::uint32_t statements = 0;
  std::optional<RegisterEventWriter> events;
  if (options.dataflow) events.emplace(db);
  for (const syntax::ChunkPiece& p : w.pieces) {
    assembler.assemble(w.text, p);
    std::move(assembler.diagnostics().begin(), assembler.diagnostics().end(),
              std::back_inserter(out.diagnostics));
    if (options.words)
      for (const AssembledStatement& a : assembler.statements())
        if (a.inst) out.words.push_back(a.encoding);
    if (options.dataflow) {
      events->append(assembler.statements(), statements, facts.events);
      statements += static_cast<std::uint32_t>(assembler.statements().size());
    }
  }
  for (const syntax::ByteRange span : w.directiveSpans) {
    const std::string_view chunk = w.text.substr(span.begin, span.end - span.begin);
    if (options.dataflow && chunk.find("@state") != std::string_view::npos) {
      const std::vector<RegisterId> set = stateDirectiveRegisters(db, sim::parseStateDirectives(chunk).state);
      facts.stateRegisters.insert(facts.stateRegisters.end(), set.begin(), set.end());
    }
    if (options.expectations && !facts.expectations && chunk.find("@expect") != std::string_view::npos)
      if (const auto layout = sim::RegisterLayout::fromDb(db))
        for (const sim::ExpectDirective& d : sim::parseExpectDirectives(chunk, *layout))
          facts.expectations = facts.expectations || d.expression.has_value();
  }
  if (options.directives) {
    std::vector<Diagnostic> directives;
    for (const syntax::ByteRange span : w.directiveSpans)
      for (Diagnostic& d : directiveDiagnostics(db, w.text.substr(span.begin, span.end - span.begin))) {
        d.range.begin += span.begin;
        d.range.end += span.begin;
        directives.push_back(std::move(d));
      }
    if (!directives.empty()) {
      // Both lists are in document order; on a tie the assembler's diagnostic comes first.
      const auto middle = static_cast<std::ptrdiff_t>(out.diagnostics.size());
      std::move(directives.begin(), directives.end(), std::back_inserter(out.diagnostics));
      std::inplace_merge(out.diagnostics.begin(), out.diagnostics.begin() + middle, out.diagnostics.end(),
                         inDocumentOrder);
    }
  }
  return out;
}

// What assembleBatches adds at a document's end: the dataflow, fed each batch's register events
// in order, and the expectations' run; until then the document's diagnostics are held.
class WholeDocument {
 public:
  WholeDocument(const isa::InstrDb& db, const BatchOptions& options) : db_(db), options_(options) {}

  AssembledBatch take(std::string_view text, AssembledBatch&& b, const BatchFacts& facts) {
    if (!options_.dataflow && !options_.expectations) return std::move(b);
    if (options_.dataflow) {
      if (!flow_) flow_.emplace(db_, options_.dataflowMaxFindings);
      flow_->setInitially(facts.stateRegisters);
      flow_->add(facts.events);
    }
    expectations_ = expectations_ || facts.expectations;
    std::move(b.diagnostics.begin(), b.diagnostics.end(), std::back_inserter(held_));
    b.diagnostics.clear();
    if (!b.last) return std::move(b);
    std::vector<Diagnostic> flow, outcomes;
    if (flow_) flow = flow_->finish();
    if (expectations_) outcomes = options_.expectations(db_, text);
    for (const Diagnostic* d : publishedOrder({&held_, &flow, &outcomes})) b.diagnostics.push_back(*d);
    held_.clear();
    flow_.reset();
    expectations_ = false;
    return std::move(b);
  }

 private:
  const isa::InstrDb& db_;
  const BatchOptions& options_;
  std::optional<DataflowBuilder> flow_;
  bool expectations_ = false;
  std::vector<Diagnostic> held_;
};

}  // namespace

void assembleBatches(const isa::InstrDb& db, BatchDocuments& documents, const BatchOptions& options) {
  if constexpr (!kThreads) {
    // A build without threads (Threads.h): each batch assembled and delivered in turn, the order
    // the threads below deliver them in.
    BatchCutter cutter(documents);
    PieceAssembler assembler(db);
    WholeDocument whole(db, options);
    while (std::optional<BatchWork> w = cutter.next()) {
      if (w->openError) {
        documents.failed(w->document, std::move(*w->openError));
        continue;
      }
      BatchFacts facts;
      AssembledBatch b = assembleBatch(db, assembler, *w, options, facts);
      documents.batch(whole.take(w->text, std::move(b), facts));
    }
    return;
  }
  const unsigned threads = std::max(1u, options.threads);
  const std::size_t maxInFlight = 2 * std::size_t{threads} + 2;
  std::mutex mutex;
  std::condition_variable changed;
  BatchCutter cutter(documents);
  bool exhausted = false;
  std::size_t delivered = 0;
  struct Done {
    BatchWork work;
    AssembledBatch batch;
    BatchFacts facts;
  };
  std::map<std::size_t, Done> done;  // by seq, waiting for their turn

  auto work = [&] {
    PieceAssembler assembler(db);
    std::unique_lock lock(mutex);
    while (true) {
      changed.wait(lock, [&] { return exhausted || cutter.cut() - delivered < maxInFlight; });
      std::optional<BatchWork> w = exhausted ? std::nullopt : cutter.next();
      if (!w) {
        exhausted = true;
        changed.notify_all();
        return;
      }
      lock.unlock();
      BatchFacts facts;
      AssembledBatch b = w->openError ? AssembledBatch{} : assembleBatch(db, assembler, *w, options, facts);
      lock.lock();
      const std::size_t seq = w->seq;
      done.emplace(seq, Done{std::move(*w), std::move(b), std::move(facts)});
      changed.notify_all();
    }
  };
  std::vector<std::thread> workers;
  workers.reserve(threads);
  for (unsigned k = 0; k < threads; ++k) workers.emplace_back(work);

  // The whole-document findings of the document being delivered, and its diagnostics held for them.
  WholeDocument whole(db, options);
  while (true) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return done.contains(delivered) || (exhausted && delivered == cutter.cut()); });
    const auto it = done.find(delivered);
    if (it == done.end()) break;
    Done d = std::move(it->second);
    done.erase(it);
    ++delivered;
    changed.notify_all();
    lock.unlock();
    if (d.work.openError)
      documents.failed(d.work.document, std::move(*d.work.openError));
    else
      documents.batch(whole.take(d.work.text, std::move(d.batch), d.facts));
  }
  for (std::thread& t : workers) t.join();
}

AssembledUnit assembleText(const isa::InstrDb& db, std::string_view text) {
  struct Collect final : AssemblySink {
    AssembledUnit unit;
    void diagnostic(Diagnostic&& d) override { unit.diagnostics.push_back(std::move(d)); }
    void statement(AssembledStatement&& s) override { unit.statements.push_back(std::move(s)); }
  } collect;
  assembleText(db, text, collect);
  return std::move(collect.unit);
}

}  // namespace gpuasm::ide
