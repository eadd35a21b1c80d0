// What the client is told when the workspace changes (private to server/lsp): the diagnostics
// of .asm documents (pushed, or a pull answered and refreshed), the spec's findings in its
// files, inlay hints to request again, the spec's status — and the one record of what
// diagnostics each document, .asm or spec file, was last given.
#pragma once

#include "Context.h"

#include <gpuasm/workspace/Workspace.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace gpuasm::lsp {

/// A document's diagnostics as the client last got them: pushed (publishDiagnostics) or pulled
/// (textDocument/diagnostic, the report's resultId).
struct SentDiagnostics {
  std::string items;           ///< the JSON array's text
  std::uint64_t resultId = 0;  ///< the pulled report's id; 0 when pushed or not pulled yet
};

/// The diagnostics the client has, per document: each open .asm document's list, and the spec
/// files each spec published findings to (cleared when that spec no longer reads them).
class Published {
 public:
  /// What `uri` (an .asm document) was last sent; an empty record when nothing yet.
  SentDiagnostics& document(const std::string& uri) { return documents_[uri]; }
  const SentDiagnostics* find(const std::string& uri) const;
  void forget(const std::string& uri) { documents_.erase(uri); }
  /// A new id for a pulled report.
  std::uint64_t nextResultId() { return nextResultId_++; }
  /// The spec files `spec` publishes to are now `uris`; the ones it published to before.
  std::set<std::string> replaceSpecFiles(const workspace::SpecSession* spec, std::set<std::string> uris);

 private:
  std::map<std::string, SentDiagnostics> documents_;
  std::uint64_t nextResultId_ = 1;
  std::map<const workspace::SpecSession*, std::set<std::string>> specFiles_;
};

/// Tells the client what a workspace call changed: the diagnostics of the documents whose list
/// differs from what it was last sent (and those closed) — or, to a client that pulls them, to
/// pull again when a report it has is out of date (`pulling`: the document it pulls anyway) —,
/// inlay hints to request again, the spec's findings and status.
void tell(Context& ctx, workspace::Changes changes, std::string_view pulling = {});

/// textDocument/diagnostic: the document's diagnostics as a report (LSP 3.17
/// DocumentDiagnosticReport), written as text.
Result documentDiagnostic(Context& ctx, const protocol::DocumentDiagnosticParams& p);

// ------------------------------------------------------------------ the live spec (SpecSync.cpp)

/// A spec load finished or failed (before the documents' diagnostics are told): the spec's
/// findings published to its files, or the reason it cannot be used shown.
void specLoaded(Context& ctx, const workspace::SpecEvent& event);
/// After the documents': the file watchers follow a new directory, and the spec's status.
void specSettled(Context& ctx, const workspace::SpecEvent& event);
/// Asks the client to tell the server about changes to the spec directory's files and the
/// workspace's gpuasm.json on disk (client/registerCapability), when it can.
void watchSpecFiles(Context& ctx);

}  // namespace gpuasm::lsp
