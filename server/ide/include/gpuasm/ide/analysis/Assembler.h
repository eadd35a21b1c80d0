// Assembling a document: lowering, matching every statement, encoding what matched. The
// listing `gpuasm asm` prints, and the encoding preview and hover of the language server, read
// this. Diagnostics are the same as computeDiagnostics'. The core takes lowered statements;
// they come from a syntax tree or, faster, from the text through the line scanner
// (syntax/LineScanner.h), which gives the same statements.
#pragma once

#include <gpuasm/ide/analysis/Diagnostics.h>
#include <gpuasm/isa/AsmUnit.h>
#include <gpuasm/isa/Binding.h>
#include <gpuasm/isa/MachineInst.h>
#include <gpuasm/isa/Word128.h>
#include <gpuasm/syntax/Lowering.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <cstddef>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::ide {

/// One statement of the listing: the matched instruction and its encoding when legal.
struct AssembledStatement {
  isa::AsmStatement statement;
  std::optional<isa::MachineInst> inst;
  isa::Word128 encoding;  ///< valid when inst is set
  /// How the statement binds (isa/Binding.h): the match's, or the nearest miss's; empty for an
  /// unknown mnemonic or modifier, or a statement with a syntax error. Every editor feature
  /// reads the binding here and never decides it again.
  std::optional<isa::Binding> binding;
};

/// The listing of a document and every diagnostic in document order.
struct AssembledUnit {
  std::vector<AssembledStatement> statements;
  std::vector<Diagnostic> diagnostics;
};

/// Assembles lowered statements: matches and encodes each, and merges lowering's and the
/// matcher's diagnostics in document order. Never fails; user mistakes are diagnostics.
AssembledUnit assemble(const isa::InstrDb& db, syntax::LoweredUnit&& unit);
AssembledUnit assemble(const isa::InstrDb& db, const syntax::LoweredUnit& unit);

/// Assembles a document's text chunk by chunk (syntax/LineScanner.h: the line scanner, or
/// tree-sitter on a chunk): the one definition of a document's statements and diagnostics,
/// the same in `gpuasm check`, `asm`, `run` and the language server. For a text without
/// syntax errors it equals lowering tree-sitter's parse of the whole text; a broken line never
/// changes the analysis of another.
AssembledUnit assembleText(const isa::InstrDb& db, std::string_view text);

/// Where a streaming assembly goes: each chunk's diagnostics (in document order), then its
/// statements. The objects are the assembler's scratch: take what you need (move it) before
/// returning.
class AssemblySink {
 public:
  virtual ~AssemblySink() = default;
  virtual void diagnostic(Diagnostic&& d) = 0;
  virtual void statement(AssembledStatement&& s) = 0;
};

/// assembleText without keeping anything: each chunk is lowered, matched, encoded and handed to
/// `sink` before the next one is read, so memory does not grow with the text (a batch assembler
/// can print a listing of any size as it goes). The same statements and diagnostics, in the
/// same order, as assembleText.
void assembleText(const isa::InstrDb& db, std::string_view text, AssemblySink& sink);

/// One batch of a document assembled by assembleBatches: the diagnostics of a run of its
/// statements, in document order, and (when asked) their encodings.
struct AssembledBatch {
  std::size_t document = 0;
  std::vector<Diagnostic> diagnostics;
  std::vector<isa::Word128> words;  ///< the encodings of the statements that assembled, in order
  bool last = false;                ///< the document's last batch
};

/// The documents of assembleBatches and where their batches go. open() is called once per
/// document, in order, one call at a time, from any of the assembling threads; failed() and
/// batch() are called on the thread that called assembleBatches, in document order.
class BatchDocuments {
 public:
  virtual ~BatchDocuments() = default;
  virtual std::size_t count() const = 0;
  /// The text of document `i`, which must stay valid until its last batch is delivered, or
  /// why it cannot be read.
  virtual std::expected<std::string_view, std::string> open(std::size_t i) = 0;
  /// Document `i` could not be opened (instead of its batches).
  virtual void failed(std::size_t i, std::string&& error) = 0;
  virtual void batch(AssembledBatch&& b) = 0;
};

struct BatchOptions {
  unsigned threads = 1;     ///< assembling threads (at least one)
  bool words = false;       ///< keep the encodings
  bool directives = false;  ///< include the diagnostics of @state/@expect comments (directiveDiagnostics)
  /// Include the register dataflow's findings (RegisterUses.h: dataflowDiagnostics with no state
  /// file and at most `dataflowMaxFindings`). They are known only at a document's end, so its
  /// diagnostics are then all delivered with its last batch.
  bool dataflow = false;
  std::size_t dataflowMaxFindings = kDefaultDataflowMaxFindings;
  /// Include the outcomes of a document's well-formed `// @expect` directives, delivered with
  /// its last batch: when set, the function that runs a document for them, ide::expectationOutcomes
  /// (LiveValues.h: a run to the end with the editor's limits). Only a document that has such
  /// directives is run. A function handed in, not a flag, because running is execution's, a
  /// folder above this one (docs/ARCHITECTURE.md): analysis assembles and calls what it is given.
  std::vector<Diagnostic> (*expectations)(const isa::InstrDb& db, std::string_view text) = nullptr;
};

/// What a batch assembler (`gpuasm check`, `gpuasm asm -o`) runs: the documents cut into
/// batches of about 64 KiB of whole pieces (syntax/Chunks.h), assembled by `threads` threads at
/// once, delivered in document order. A few batches are in flight at a time, so memory does not
/// grow with the documents; the diagnostics are assembleText's (plus the directives', the
/// dataflow's and the expectations' as asked, merged as publishedOrder merges them). With the
/// dataflow or the expectations, a document's diagnostics are held until its end (memory grows
/// with the number of one document's diagnostics, not with its size).
void assembleBatches(const isa::InstrDb& db, BatchDocuments& documents, const BatchOptions& options);

}  // namespace gpuasm::ide
