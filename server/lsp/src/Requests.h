// The server's request handlers (private to server/lsp): each turns LSP params into a call of
// an ide feature and its result into LSP JSON. Server.cpp dispatches to them by method name.
#pragma once

#include "Protocol.h"
#include "SpecDocuments.h"

#include <gpuasm/lsp/Server.h>

#include <map>
#include <string>
#include <string_view>

namespace gpuasm::lsp {

/// What the handlers may read (and the spec documents they may write).
struct RequestContext {
  const isa::InstrDb& db;
  const std::map<std::string, OpenDocument>& documents;
  const ServerSettings& settings;
  SpecDocuments& spec;
};

using RequestHandler = protocol::json (*)(RequestContext& ctx, const protocol::json& params);

/// The handler of a request method (LSP or gpuasm/*), or null when there is none.
RequestHandler requestHandler(std::string_view method);

/// The `capabilities` of the initialize result.
protocol::json serverCapabilities();

}  // namespace gpuasm::lsp
