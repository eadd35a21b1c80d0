// The language server's core, without I/O: JSON-RPC 2.0 bodies in, bodies out. It keeps the LSP
// 3.17 lifecycle (initialize, initialized, shutdown, exit), what the client declared and what it
// was sent; the documents are the workspace's (workspace/Workspace.h), which every handler calls.
// It publishes a document's diagnostics when a change makes them differ from what the client has. Malformed
// JSON, invalid requests, unknown methods and bad params get JSON-RPC errors; nothing ends the server but
// `exit` (or the end of input, which the transport sees). The transport feeds it (lsp::serve,
// Serve.h); this header does not depend on it.
#pragma once

#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/lsp/ClientCapabilities.h>
#include <gpuasm/workspace/Workspace.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuasm::lsp {

class SpecDocuments;
class Published;
using workspace::SpecSession;

/// Where the server caches files by default: $XDG_CACHE_HOME, else $HOME/.cache, else the
/// system's temporary directory.
std::string defaultCacheRoot();

/// The server state machine.
class Server {
 public:
  /// `cacheRoot`: where go to definition writes the embedded spec's files (SpecDocuments.h).
  /// `db` was loaded from `specDir` (`gpuasm lsp --spec-dir`), or is the embedded spec when
  /// that is empty; the client's setting or the workspace's gpuasm.json may choose another.
  Server(std::shared_ptr<const isa::InstrDb> db, std::string cacheRoot, std::string specDir = {});
  /// The same with a database the caller keeps alive for the server's lifetime.
  Server(const isa::InstrDb& db, std::string cacheRoot);
  ~Server();
  Server(Server&&) noexcept;

  /// Handles the bodies of the frames that arrived together, in order, and returns the bodies
  /// to send. A `$/cancelRequest` in the batch cancels a request of the same batch that comes
  /// before or after it: that request is answered with RequestCancelled instead of running.
  std::vector<std::string> handle(std::span<const std::string> bodies);
  /// Whether work is waiting for a moment without input (the workspace's: Workspace::idle).
  bool hasIdleWork() const;
  /// Does one piece of that work and returns the messages to send (a publishDiagnostics when the
  /// findings changed). The transport calls it while no input is waiting.
  std::vector<std::string> idle();
  /// The error reply for a frame the transport could not read (JSON-RPC parse error, id null).
  std::string framingError(std::string_view message);

  const char* name() const { return "gpuasm lsp"; }
  bool exitRequested() const { return exit_; }
  /// 0 after shutdown then exit, 1 for an exit without shutdown (LSP 3.17).
  int exitCode() const { return shutdown_ ? 0 : 1; }
  /// The open documents, the settings, the spec in use.
  const workspace::Workspace& workspace() const { return *workspace_; }
  /// The database in use (it changes when the spec does).
  const isa::InstrDb& db() const;

 private:
  struct Message;  ///< one parsed JSON-RPC message (Server.cpp: the JSON stays out of this header)
  struct Call;     ///< a valid message: its id (null for a notification), method, params and the context
  void handleOne(const Message& message, const std::set<std::string>& cancelled,
                 std::vector<std::string>& out);
  void handleNotification(const Call& call);
  void handleInitialize(const Call& call);
  void handleRequest(const Call& call);

  std::unique_ptr<workspace::Workspace> workspace_;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool exit_ = false;
  ClientCapabilities client_;       ///< what the client declared at initialize
  std::int64_t nextRequestId_ = 1;  ///< ids of the requests the server sends
  std::unique_ptr<SpecDocuments> spec_;
  std::unique_ptr<Published> published_;  ///< the diagnostics the client has (Publishing.h)
};

}  // namespace gpuasm::lsp
