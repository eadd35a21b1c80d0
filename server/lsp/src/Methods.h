// The methods the server implements (private to server/lsp), in one dispatch table: per method
// its name, whether it is a request or a notification, its handler — which reads typed params
// (Protocol.h), calls the workspace or an ide feature and builds the LSP result — and what it
// adds to the server's capabilities. Server.cpp dispatches through the table, and the
// `capabilities` of the initialize result are derived from it, so nothing is advertised that
// is not handled. The handlers are in files by feature (Handlers.h).
#pragma once

#include "Context.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuasm::lsp {

enum class MethodKind : std::uint8_t { Request, Notification };

/// A handler: params (already checked to be JSON) → the result; a notification's is null.
/// Bad params throw protocol::ParamsError.
using MethodHandler = Result (*)(Context& ctx, const protocol::json& params);

struct Method {
  std::string_view name;
  MethodKind kind;
  MethodHandler handler;
  /// Adds what the method needs the client to know to the capabilities; null when nothing.
  void (*advertise)(protocol::json& capabilities, const ClientCapabilities& client);
};

/// A handler of typed params as a table entry: the params are read first (ParamsError on a bad
/// one); the handler returns JSON or a Result.
template <typename Params, auto Handler>
Result typed(Context& ctx, const protocol::json& params) {
  return Result(Handler(ctx, params.get<Params>()));
}
/// A handler of the params as they came.
template <auto Handler>
Result untyped(Context& ctx, const protocol::json& params) {
  return Result(Handler(ctx, params));
}

/// Every method the server implements besides the lifecycle (initialize, shutdown, exit).
std::span<const Method> methods();
/// The method called `name`, or null.
const Method* findMethod(std::string_view name);
/// The `capabilities` of the initialize result for a client: what the table advertises.
protocol::json serverCapabilities(const ClientCapabilities& client);

/// The requests about a spec file the server answers (SpecRequests.cpp): hover, definition,
/// references, completion, document symbols, folding and semantic tokens of the DSL. Their
/// capabilities are the .asm methods' of the same names.
std::span<const Method> specMethods();
/// The spec method called `name`, or null (the request is answered with null).
const Method* findSpecMethod(std::string_view name);

}  // namespace gpuasm::lsp
