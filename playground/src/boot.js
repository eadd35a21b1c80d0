// Starts gpuasm's core before the editor's code is evaluated: a module of its own, loaded async
// (so no style sheet holds it back) and run first, whose worker's early messages main.js takes
// over. The page fetches and compiles the WebAssembly itself, streaming, while the worker's
// thread starts and its script loads, and hands the compiled module to the worker; a worker that
// gets none (the compile failed) loads the core itself. The page's head preloads the .wasm at low
// priority: started while the page parses, but after the scripts, so that boot.js (which starts
// the worker) is not served behind a 2.7 MB download (python's http.server sent boot.js in 111 ms
// median beside a high-priority preload, 28 ms without it, nine first loads each at load 16). main.js calls startCore() too: whichever runs first
// starts it, once.
export function startCore() {
  if (window.gpuasmBoot) return window.gpuasmBoot;
  const worker = new Worker('./worker.js', { type: 'module' });
  const early = [];
  window.gpuasmBoot = { worker, early, readyAt: null };
  // When the core's `ready` reached the page, which may be before main.js runs to take it.
  worker.onmessage = (event) => {
    if (event.data?.channel === 'ready') window.gpuasmBoot.readyAt = performance.now();
    early.push(event);
  };
  // (define: build.mjs says whether the site has the core; without it there is nothing to fetch.)
  if (GPUASM_HAVE_CORE) {
    const url = new URL('./gpuasm-core.wasm', import.meta.url);
    // From the bytes: where streaming is missing or refused (a server's wrong MIME type).
    const fromBytes = () => fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b));
    const compiled = WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(url)).catch(fromBytes) : fromBytes();
    compiled.then(
      (module) => worker.postMessage({ channel: 'wasm', module }),
      () => worker.postMessage({ channel: 'wasm', module: null }),
    );
  } else {
    worker.postMessage({ channel: 'wasm', module: null });
  }
  return window.gpuasmBoot;
}

startCore();
