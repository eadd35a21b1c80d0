// The text of a hover for the client: the structured ide::HoverInfo rendered as markdown, or as
// plain text for a client whose hover.contentFormat lists only plaintext (LSP 3.17 MarkupKind).
#pragma once

#include <gpuasm/ide/asm/Hover.h>

#include <string>

namespace gpuasm::lsp {

std::string hoverMarkdown(const ide::HoverInfo& hover);
std::string hoverPlainText(const ide::HoverInfo& hover);

}  // namespace gpuasm::lsp
