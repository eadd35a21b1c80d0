// The fast front end: a hand-written scanner for ordinary, valid lines that produces exactly
// what the tree-sitter path (SyntaxTree + lower) produces for them, and hands every other line
// to tree-sitter. The grammar makes each line a complete document (a newline is a token; only a
// /* */ comment spans lines), so a declined line — or the run of lines a multi-line comment
// spans — is parsed alone and its ranges shifted into the document.
//
// scanLine is deliberately partial: it accepts the shapes of docs/LANGUAGE.md written the usual
// way (guards, dotted mnemonics, every operand kind, prefixes, |x|, selectors, a dangling comma,
// `cmem`, scheduling placeholders, several statements, `//` and closed `/* */` comments between
// statements, blanks including '\r' and '\f') and declines anything it is not sure of (any syntax
// error, comments inside a statement, invalid UTF-8, control bytes, spellings whose lexing
// depends on tree-sitter's token precedence such as `R1x`). tests/syntax/LineScannerTest.cpp
// checks lowerText against the tree-sitter path on every example, corpus case and spec example
// and on random mutations of them.
#pragma once

#include <gpuasm/syntax/Chunks.h>
#include <gpuasm/syntax/Lowering.h>
#include <gpuasm/syntax/Statement.h>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace gpuasm::syntax {

/// How lowerText handled a document's lines.
struct ScanStats {
  std::size_t fastLines = 0;      ///< lines the scanner accepted
  std::size_t fallbackLines = 0;  ///< lines parsed by tree-sitter (declined, or in a multi-line chunk)
};

/// A scanner with reusable scratch space: scanning a line allocates nothing beyond the
/// statements it appends. Not thread-safe; use one per thread.
class LineScanner {
 public:
  /// Scans one line (its content without the '\n') that starts at byte `base` of its document
  /// and is the document's line `lineNo` (0-based). On success appends the line's statements and
  /// lowering diagnostics to `out`, with document ranges, and returns true. Returns false and
  /// leaves `out` untouched when the line is not an ordinary valid line.
  bool scanLine(std::string_view line, std::uint32_t base, std::uint32_t lineNo, LoweredUnit& out);

  /// The text lowered chunk by chunk (syntax/Chunks.h: a line, or the lines a block comment
  /// spans): a one-line chunk the scanner accepts takes the fast path, every other chunk is
  /// parsed by tree-sitter alone (lowerChunk). This is the language's definition of a document's
  /// statements, the same in `gpuasm check` and in the editor, which re-analyses only the chunks
  /// an edit touches. For a text without syntax errors it equals lower(SyntaxTree(text)); with
  /// an error, tree-sitter's recovery on the whole text may reach across lines (a missing ';'
  /// can take the next line's tokens), which the chunk-wise parse never does.
  LoweredUnit lowerText(std::string_view text, ScanStats* stats = nullptr);

  /// One chunk (syntax/Chunks.h) starting at byte `base` and line `lineNo` of its document: the
  /// fast path when it is a single line the scanner accepts, else tree-sitter on the chunk
  /// (lowerChunk; its syntax diagnostics go to `syntaxDiagnostics`). True for the fast path.
  /// lowerText and the streaming assembler are this, chunk after chunk.
  bool lowerChunkAt(std::string_view chunk, std::uint32_t base, std::uint32_t lineNo, LoweredUnit& out,
                    std::vector<isa::AsmDiagnostic>& syntaxDiagnostics);

  /// One piece of a chunk (syntax/Chunks.h cutChunk) of the document `text`: lowerChunkAt on
  /// it, or for a tooLong piece its `statement-too-long` diagnostic and no statement. lowerText
  /// and the streaming assembler are this, piece after piece. True for the fast path.
  bool lowerPiece(std::string_view text, const ChunkPiece& piece, LoweredUnit& out,
                  std::vector<isa::AsmDiagnostic>& syntaxDiagnostics);

 private:
  std::vector<StatementView> views_;  // scratch, reused line after line
};

/// lowerText with a scanner of the calling thread.
LoweredUnit lowerText(std::string_view text, ScanStats* stats = nullptr);

/// scanLine with a scanner of the calling thread.
bool scanLine(std::string_view line, std::uint32_t base, std::uint32_t lineNo, LoweredUnit& out);

/// lowerChunkAt with a scanner of the calling thread.
bool lowerChunkAt(std::string_view chunk, std::uint32_t base, std::uint32_t lineNo, LoweredUnit& out,
                  std::vector<isa::AsmDiagnostic>& syntaxDiagnostics);

/// lowerPiece with a scanner of the calling thread.
bool lowerPiece(std::string_view text, const ChunkPiece& piece, LoweredUnit& out,
                std::vector<isa::AsmDiagnostic>& syntaxDiagnostics);

/// The tree-sitter path for a piece of a document: `chunk` (whole lines) starts at byte `base`
/// and line `lineNo` of its document. Appends the statements and lowering diagnostics to `out`
/// and the syntax diagnostics to `syntaxDiagnostics`, all with document ranges. Returns false
/// when the piece has a syntax error (its result is then that of the piece alone, which may
/// differ from the piece's part of a whole-document parse).
bool lowerChunk(std::string_view chunk, std::uint32_t base, std::uint32_t lineNo, LoweredUnit& out,
                std::vector<isa::AsmDiagnostic>& syntaxDiagnostics);

}  // namespace gpuasm::syntax
