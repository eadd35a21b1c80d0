// The results of the methods the server implements, as LSP 3.17 defines them (private to
// server/lsp): plain structs the handlers fill from the ide features, written to JSON by
// to_json (found by nlohmann::json's conversion). Positions are already in the encoding agreed
// with the client (Protocol.h, Positions).
#pragma once

#include "Protocol.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuasm::lsp::protocol {

void to_json(json& j, const LspRange& r);

struct MarkupContent {
  std::string kind;  ///< "markdown" or "plaintext"
  std::string value;
};
void to_json(json& j, const MarkupContent& m);

struct HoverResult {
  MarkupContent contents;
  LspRange range;
};
void to_json(json& j, const HoverResult& h);

struct TextEdit {
  LspRange range;
  std::string newText;
};
void to_json(json& j, const TextEdit& e);

struct CompletionItem {
  std::string label;
  int kind = 1;  ///< CompletionItemKind
  TextEdit textEdit;
  int insertTextFormat = 1;                  ///< 1 plain text, 2 snippet
  std::string detail, sortText, filterText;  ///< left out when empty
  json data;  ///< left out when null: where completionItem/resolve finds the item again
};
void to_json(json& j, const CompletionItem& c);

struct CompletionList {
  bool isIncomplete = false;
  std::vector<CompletionItem> items;
};
void to_json(json& j, const CompletionList& l);

struct ParameterInformation {
  std::uint32_t labelBegin = 0, labelEnd = 0;  ///< [begin, end) in the signature's label
  std::optional<MarkupContent> documentation;
};
void to_json(json& j, const ParameterInformation& p);

struct SignatureInformation {
  std::string label;
  std::vector<ParameterInformation> parameters;
  std::optional<MarkupContent> documentation;
};
void to_json(json& j, const SignatureInformation& s);

struct SignatureHelpResult {
  std::vector<SignatureInformation> signatures;
  std::uint32_t activeSignature = 0, activeParameter = 0;
};
void to_json(json& j, const SignatureHelpResult& h);

struct SemanticTokensResult {
  std::vector<std::uint32_t> data;  ///< five numbers per token, relative (LSP's encoding)
};
void to_json(json& j, const SemanticTokensResult& t);

/// The legend of the semantic tokens (SemanticTokensLegend): LSP 3.17's standard names of the
/// ide's token types and modifier bits, in index (bit) order.
struct SemanticTokensLegend {
  std::vector<std::string> tokenTypes;
  std::vector<std::string> tokenModifiers;
};
const SemanticTokensLegend& semanticTokensLegend();
void to_json(json& j, const SemanticTokensLegend& l);

struct DocumentSymbol {
  std::string name;
  std::string detail;  ///< left out when empty
  int kind = 0;        ///< SymbolKind
  LspRange range, selectionRange;
  std::vector<DocumentSymbol> children;  ///< left out when empty
};
void to_json(json& j, const DocumentSymbol& s);

struct FoldingRange {
  std::uint32_t startLine = 0, endLine = 0;
  std::string kind;  ///< "comment" or "region"
};
void to_json(json& j, const FoldingRange& f);

struct InlayHint {
  syntax::LinePosition position;
  std::string label;
  MarkupContent tooltip;
  bool paddingLeft = false;
};
void to_json(json& j, const InlayHint& h);

struct InlineValueText {
  LspRange range;
  std::string text;
};
void to_json(json& j, const InlineValueText& v);

struct DocumentHighlight {
  LspRange range;
  int kind = 1;  ///< DocumentHighlightKind: 2 Read, 3 Write (a read-and-write place is Write)
};
void to_json(json& j, const DocumentHighlight& h);

/// A CodeLens with its command; the command runs in the client (gpuasm.ui.*), never here.
struct CodeLens {
  LspRange range;
  std::string title, command;
  json arguments;
};
void to_json(json& j, const CodeLens& l);

struct Location {
  std::string uri;
  LspRange range;
};
void to_json(json& j, const Location& l);

struct CodeAction {
  std::string title;
  std::string kind;  ///< CodeActionKind: "quickfix"
  json diagnostic;   ///< the diagnostic it fixes, as published
  std::string uri;
  std::vector<TextEdit> edits;
  bool isPreferred = false;
};
void to_json(json& j, const CodeAction& a);

/// gpuasm/encoding: one instruction of the range.
struct InstructionEncoding {
  struct FieldValue {
    std::string name;
    std::uint32_t hi = 0, lo = 0;
    std::string value;  ///< "0x…"
  };
  std::uint32_t line = 0;
  LspRange range;
  std::string text;
  std::string variant, encoding;    ///< when it assembles
  std::vector<FieldValue> fields;   ///< when it assembles
  std::optional<json> diagnostics;  ///< when it does not: its errors as published
};
void to_json(json& j, const InstructionEncoding& e);

struct EncodingResult {
  std::vector<InstructionEncoding> instructions;
};
void to_json(json& j, const EncodingResult& r);

}  // namespace gpuasm::lsp::protocol
