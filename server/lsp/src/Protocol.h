// JSON helpers shared by the server's handlers (private to server/lsp): reading params with
// precise errors, and converting between byte offsets and LSP positions (UTF-16, via LineIndex).
#pragma once

#include <gpuasm/ide/Diagnostics.h>
#include <gpuasm/syntax/LineIndex.h>
#include <gpuasm/syntax/SyntaxTree.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace gpuasm::lsp::protocol {

using nlohmann::json;

/// JSON-RPC and LSP error codes.
enum ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,
  kRequestFailed = -32803,
  kRequestCancelled = -32800,
};

/// Bad params: the handler's message becomes an InvalidParams error (or a log message for a
/// notification).
struct ParamsError {
  std::string message;
};

/// Serialises with invalid UTF-8 replaced by U+FFFD, so document text never breaks the writer.
std::string dump(const json& j);

const json& member(const json& object, const char* key);
std::string stringMember(const json& object, const char* key);
std::uint32_t uintMember(const json& object, const char* key);
bool boolMember(const json& object, const char* key, bool fallback);

syntax::LinePosition position(const json& p);
json positionJson(const syntax::LinePosition& p);
json rangeJson(const syntax::LineIndex& lines, syntax::ByteRange r);
/// An LSP range as byte offsets; a range that ends before it starts is a ParamsError.
syntax::ByteRange byteRange(const syntax::LineIndex& lines, const json& range);

/// An editor diagnostic as LSP JSON, with the near-miss data quick fixes need in `data`.
json diagnosticJson(const syntax::LineIndex& lines, const ide::Diagnostic& d);

}  // namespace gpuasm::lsp::protocol
