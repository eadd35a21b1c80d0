// The Web Worker that runs gpuasm's core (the C++ language server and debug adapter built as
// WebAssembly, server/web/core.mjs). Messages from the page are `{channel: 'lsp' | 'dap', body}`
// (one JSON-RPC or DAP body); every body the servers send goes back the same way. The server's
// idle work (the dataflow, `// @expect` outcomes), which the native server does on threads, runs
// in slices of a few milliseconds between messages (workspace::IdleSlices): lspIdle() is pumped
// by a message to the worker itself while it returns non-null, so a message that arrives
// meanwhile is handled first (setTimeout 0 would wait 4 ms between slices once nested). The
// debug adapter's `continue` runs in slices the same way (dapIdle(), when the core has it).
import { loadCore } from 'gpuasm-core';

let core = null;
const queue = [];
let idleScheduled = false;
const tick = new MessageChannel();
tick.port1.onmessage = () => idle();

function send(channel, bodies) {
  for (const body of bodies) postMessage({ channel, body });
}

function scheduleIdle() {
  if (idleScheduled) return;
  idleScheduled = true;
  tick.port2.postMessage(null);
}

function drain() {
  while (queue.length > 0) {
    const message = queue.shift();
    const { channel, body } = message;
    try {
      // The debug adapter reads its program from a file: the core's file system, when it has one.
      if (channel === 'file') core.writeFile?.(message.path, message.text);
      else send(channel, channel === 'dap' ? core.dap(body) : core.lsp(body));
    } catch (err) {
      postMessage({ channel: 'error', message: `the ${channel} server failed: ${err?.message ?? err}` });
    }
  }
  scheduleIdle();
}

function idle() {
  idleScheduled = false;
  if (queue.length > 0) return drain();
  let more = false;
  for (const [channel, pump] of [['dap', core.dapIdle], ['lsp', core.lspIdle]]) {
    if (!pump) continue;
    try {
      const out = pump.call(core);
      if (out === null) continue;
      send(channel, out);
      more = true;
    } catch (err) {
      postMessage({ channel: 'error', message: `the ${channel} server's idle work failed: ${err?.message ?? err}` });
    }
  }
  if (more) scheduleIdle();
}

// The page sends the core's WebAssembly compiled (boot.js), or null: then it is fetched here.
let wasmModule;
const compiled = new Promise((resolve) => (wasmModule = resolve));

self.onmessage = (event) => {
  if (event.data.channel === 'wasm') return wasmModule(event.data.module);
  queue.push(event.data);
  if (core !== null) drain();
};

compiled
  .then((module) =>
    loadCore(
      module
        ? {
            instantiateWasm(imports, receive) {
              WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
              return {};
            },
          }
        : {},
    ),
  )
  .then(
  (loaded) => {
    core = loaded;
    postMessage({ channel: 'ready', at: performance.now() });
    drain();
  },
  (err) => postMessage({ channel: 'error', message: `gpuasm's WebAssembly core did not load: ${err?.message ?? err}` }),
);
