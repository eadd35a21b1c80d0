// The handlers of the .asm methods (private to server/lsp), by feature; Methods.cpp puts them
// in the table. Each takes its typed params (Protocol.h) and the context (Context.h), calls the
// workspace or an ide feature, and returns the LSP result; a notification's is null.
#pragma once

#include "Context.h"
#include "Protocol.h"

#include <gpuasm/ide/asm/CodeActions.h>

#include <string_view>

namespace gpuasm::lsp {

// ---- what a document holds (ReadingRequests.cpp)
protocol::json hover(Context& ctx, const protocol::PositionParams& p);
protocol::json inlayHints(Context& ctx, const protocol::RangeParams& p);
protocol::json inlineValues(Context& ctx, const protocol::RangeParams& p);
protocol::json semanticTokensFull(Context& ctx, const protocol::DocumentParams& p);
protocol::json semanticTokensRange(Context& ctx, const protocol::RangeParams& p);
protocol::json documentSymbols(Context& ctx, const protocol::DocumentParams& p);
protocol::json foldingRanges(Context& ctx, const protocol::DocumentParams& p);
protocol::json codeLenses(Context& ctx, const protocol::DocumentParams& p);

// ---- changes to a document's text (EditingRequests.cpp)
/// The LSP code-action kind of an ide one.
std::string_view codeActionKind(ide::CodeActionKind k);
protocol::json codeActions(Context& ctx, const protocol::RangeParams& p);
protocol::json completion(Context& ctx, const protocol::PositionParams& p);
protocol::json resolveCompletion(Context& ctx, const protocol::CompletionItemParams& p);
protocol::json signatureHelp(Context& ctx, const protocol::PositionParams& p);
protocol::json formatting(Context& ctx, const protocol::FormattingParams& p);
protocol::json rangeFormatting(Context& ctx, const protocol::RangeParams& p);
protocol::json prepareRename(Context& ctx, const protocol::PositionParams& p);
protocol::json rename(Context& ctx, const protocol::RenameParams& p);

// ---- places (NavigationRequests.cpp)
protocol::json definition(Context& ctx, const protocol::PositionParams& p);
protocol::json documentHighlights(Context& ctx, const protocol::PositionParams& p);
protocol::json references(Context& ctx, const protocol::PositionParams& p);

// ---- the gpuasm extensions (ExtensionRequests.cpp)
Result runToCursor(Context& ctx, const protocol::PositionParams& p);
Result execute(Context& ctx, const protocol::RangeParams& p);
protocol::json encoding(Context& ctx, const protocol::RangeParams& p);
protocol::json reference(Context& ctx, const protocol::ReferenceParams& p);

// ---- document sync and other notifications (DocumentSync.cpp)
protocol::json didOpen(Context& ctx, const protocol::DidOpenParams& p);
protocol::json didChange(Context& ctx, const protocol::DidChangeParams& p);
protocol::json didClose(Context& ctx, const protocol::DocumentParams& p);
protocol::json didChangeConfiguration(Context& ctx, const protocol::ConfigurationParams& p);
protocol::json didChangeWatchedFiles(Context& ctx, const protocol::WatchedFilesParams& p);
protocol::json cursor(Context& ctx, const protocol::PositionParams& p);
protocol::json setInitialState(Context& ctx, const protocol::InitialStateParams& p);
protocol::json initialized(Context& ctx, const protocol::json& params);
protocol::json ignore(Context& ctx, const protocol::json& params);

// ---- the spec (SpecSync.cpp)
protocol::json specInfo(Context& ctx, const protocol::json& params);

}  // namespace gpuasm::lsp
