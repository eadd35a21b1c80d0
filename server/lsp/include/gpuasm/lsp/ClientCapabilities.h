// What the client declared at initialize that the server's answers depend on (LSP 3.17:
// an absent capability is not supported). Its own header, below everything else in server/lsp:
// the server keeps it, the protocol layer reads it (Protocol.cpp) and the handlers ask it.
#pragma once

namespace gpuasm::lsp {

/// What the client declared at initialize that the server's answers depend on, read in one
/// place (LSP 3.17: an absent capability is not supported).
struct ClientCapabilities {
  bool snippets = false;            ///< textDocument.completion.completionItem.snippetSupport
  bool markdownHover = true;        ///< textDocument.hover.contentFormat lists markdown (absent: assumed)
  bool relatedInformation = false;  ///< textDocument.publishDiagnostics.relatedInformation
  bool inlayHintRefresh = false;    ///< workspace.inlayHint.refreshSupport
  /// textDocument.diagnostic with workspace.diagnostics.refreshSupport: the client pulls the
  /// diagnostics of .asm documents, none are pushed to it.
  bool pullDiagnostics = false;
  bool utf8Positions = false;     ///< general.positionEncodings offers utf-8 (else UTF-16)
  bool watchedFiles = false;      ///< workspace.didChangeWatchedFiles.dynamicRegistration
  bool relativePatterns = false;  ///< workspace.didChangeWatchedFiles.relativePatternSupport
  /// experimental.gpuasm.cursorNotifications (docs/PROTOCOL.md): the client sends `gpuasm/cursor`
  /// as its cursor moves, so the encoding hints can follow it (`encodingHints` "cursor" by
  /// default); a client that does not declare it gets them after every instruction.
  bool cursorNotifications = false;
};

}  // namespace gpuasm::lsp
