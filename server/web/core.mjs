// The JavaScript face of gpuasm's core in WebAssembly (server/web/src/Core.cpp): loadCore() gives
// the language server and the debug adapter as functions of strings, so a page (or its worker)
// never touches Emscripten's ccall. The build copies this file next to the module it imports
// (build/wasm/bin/core.mjs beside gpuasm-core.mjs and gpuasm-core.wasm).
//
//   const core = await loadCore();
//   core.lsp(body)   → string[]: the JSON-RPC bodies the server sends for one body received
//   core.lspIdle()   → string[] | null: one piece of the server's idle work (call it while no
//                      message waits), null when there is none
//   core.dap(body)   → string[]: the DAP messages the adapter sends for one message received;
//                      a `continue` is run to its stop before dap returns (its messages included)
//   core.dapIdle()   → string[] | null: one slice of a run, for a caller that wants to send
//                      `pause` meanwhile (then give dap(body) {slices: false})
//   core.writeFile(path, text): puts a file (absolute path) in the module's in-memory file system,
//                      where the adapter's `launch` reads its `program`; throws when it cannot
//   core.removeFile(path): removes it again (absent is no error); throws when it cannot
import createGpuasmCore from './gpuasm-core.mjs';

// Emscripten 3.1.6's ES module reads its .wasm under Node with require('fs') from __dirname,
// which an ES module does not have, and at a file: URL it does not turn into a path: under Node
// both are given to it, and the path of the .wasm (the page never runs this).
function nodeOptions(options) {
  const isNode = typeof process === 'object' && typeof process.versions === 'object' && !!process.versions.node;
  if (!isNode || typeof process.getBuiltinModule !== 'function') return options;
  const { createRequire } = process.getBuiltinModule('module');
  const { fileURLToPath } = process.getBuiltinModule('url');
  const { dirname } = process.getBuiltinModule('path');
  const here = new URL('./gpuasm-core.mjs', import.meta.url);
  if (typeof globalThis.require === 'undefined') globalThis.require = createRequire(here);
  if (typeof globalThis.__dirname === 'undefined') globalThis.__dirname = dirname(fileURLToPath(here));
  return { locateFile: (file) => fileURLToPath(new URL(file, here)), ...options };
}

/**
 * Loads the module and returns the servers' functions.
 * @param {object} [options] passed to Emscripten's factory (e.g. locateFile, wasmBinary)
 */
export async function loadCore(options = {}) {
  const module = await createGpuasmCore(nodeOptions(options));
  const call = (name, ...args) =>
    JSON.parse(module.ccall(name, 'string', args.map(() => 'string'), args)).map((m) => JSON.stringify(m));
  const has = (name) => module.ccall(name, 'number', [], []) !== 0;
  const lspIdle = () => (has('gpuasm_lsp_has_idle') ? call('gpuasm_lsp_idle') : null);
  const dapIdle = () => (has('gpuasm_dap_has_idle') ? call('gpuasm_dap_idle') : null);
  return {
    lsp: (body) => call('gpuasm_lsp', body),
    lspIdle,
    dap(body, { slices = true } = {}) {
      const out = call('gpuasm_dap', body);
      for (let more; slices && (more = dapIdle()) !== null; ) out.push(...more);
      return out;
    },
    dapIdle,
    writeFile(path, text) {
      if (module.ccall('gpuasm_write_file', 'number', ['string', 'string'], [path, text]) !== 0)
        throw new Error(`gpuasm core: cannot write ${path}`);
    },
    removeFile(path) {
      if (module.ccall('gpuasm_remove_file', 'number', ['string'], [path]) !== 0)
        throw new Error(`gpuasm core: cannot remove ${path}`);
    },
  };
}
