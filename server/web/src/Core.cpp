// The browser's entry to gpuasm's core (server/web, docs/ARCHITECTURE.md): the language server and
// the debug adapter with the embedded spec, one message in and the messages to send out, as C
// functions a page's worker calls (server/web/core.mjs wraps them). The adapter's programs are
// files: gpuasm_write_file puts them in the module's in-memory file system. It is the transport the
// native tool's lsp::serve and dap::serve are: no frames, no threads; the caller calls
// gpuasm_lsp_idle while gpuasm_lsp_has_idle says there is work and no message waits.
#include <gpuasm/dap/DapServer.h>
#include <gpuasm/isa/InstrDb.h>
#include <gpuasm/lsp/Server.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace {

// The servers, made at the first call: the embedded spec is loaded once and shared.
struct Core {
  std::shared_ptr<const gpuasm::isa::InstrDb> db = gpuasm::isa::loadEmbeddedSpec().db;
  // Go to definition writes the embedded spec's files under the cache root: Emscripten's
  // in-memory file system.
  gpuasm::lsp::Server lsp{db, "/cache"};
  gpuasm::dap::DapServer dap{*db};
  std::string out;  ///< the text the last call returned
};

Core& core() {
  static Core c;
  return c;
}

// The bodies as a JSON array: each body is a JSON text already, so they are joined, not parsed.
const char* array(const std::vector<std::string>& bodies) {
  std::string& out = core().out;
  out.assign("[");
  for (const std::string& b : bodies) {
    if (out.size() > 1) out += ',';
    out += b;
  }
  out += ']';
  return out.c_str();
}

const char* one(auto& server, const char* body) {
  const std::string message = body != nullptr ? body : "";
  return array(server.handle(std::span<const std::string>(&message, 1)));
}

}  // namespace

extern "C" {

/// One JSON-RPC body in; a JSON array of the bodies to send out, valid until the next call.
const char* gpuasm_lsp(const char* body) { return one(core().lsp, body); }

/// Whether the language server has work for a moment without input (Workspace::idle).
int gpuasm_lsp_has_idle(void) { return core().lsp.hasIdleWork() ? 1 : 0; }

/// One piece of that work; a JSON array of the bodies to send (often empty).
const char* gpuasm_lsp_idle(void) { return array(core().lsp.idle()); }

/// Writes `text` to `path` in the module's in-memory file system, its folders made as needed: the
/// debug adapter's `launch` reads its program (and state file) from there. 0 when written, 1 not.
int gpuasm_write_file(const char* path, const char* text) {
  if (path == nullptr || text == nullptr || *path != '/') return 1;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  return out ? 0 : 1;
}

/// Removes the file `path` from the module's in-memory file system (a file deleted on the user's
/// disk, which a client copies there: the workspace's spec). 0 when it is gone (or was never
/// there), 1 when it cannot be removed.
int gpuasm_remove_file(const char* path) {
  if (path == nullptr || *path != '/') return 1;
  std::error_code ec;
  std::filesystem::remove(path, ec);
  return ec ? 1 : 0;
}

/// One Debug Adapter Protocol message in; a JSON array of the messages to send out. The adapter's
/// `continue` runs in slices: the messages of the slices still to run come from gpuasm_dap_idle.
const char* gpuasm_dap(const char* body) { return one(core().dap, body); }

/// Whether the debug adapter is running the program (a continue in slices).
int gpuasm_dap_has_idle(void) { return core().dap.hasIdleWork() ? 1 : 0; }

/// One slice of that run; a JSON array of the messages to send.
const char* gpuasm_dap_idle(void) { return array(core().dap.idle()); }
}
