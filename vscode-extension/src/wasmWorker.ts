// The loop of the worker that runs gpuasm's WebAssembly core for the extension (the same as the
// playground's, playground/src/worker.js): LSP and DAP bodies in, the servers' bodies out. The
// server's idle work (the dataflow, `// @expect` outcomes), which the native server does on
// threads, runs in slices between messages: lspIdle() is pumped by a message to the worker itself
// while it returns non-null, so a message that arrives meanwhile is handled first. The debug
// adapter's `continue` runs in slices the same way (dapIdle()), so a `pause` can stop it.
// Entries: wasmWorkerNode.ts (worker_threads) and wasmWorkerWeb.ts (a browser's Web Worker).
import { Core, FromWorker, ToWorker } from './wasmProtocol';

export interface WorkerSide {
  post(message: FromWorker): void;
  onMessage(handler: (message: ToWorker) => void): void;
}

/** Serves the core `load` gives on `side`; messages that come before it is loaded wait. */
export function serveCore(side: WorkerSide, load: (first: Promise<ToWorker>) => Promise<Core>): void {
  let core: Core | null = null;
  const queue: ToWorker[] = [];
  let idleScheduled = false;
  const tick = new MessageChannel();
  let firstMessage: (message: ToWorker) => void = () => {};
  const first = new Promise<ToWorker>((resolve) => (firstMessage = resolve));
  let gotFirst = false;

  const fail = (what: string, error: unknown, fatal = false) =>
    side.post({ channel: 'error', message: `${what}: ${(error as Error)?.message ?? String(error)}`, fatal });

  const send = (channel: 'lsp' | 'dap', bodies: string[]) => {
    for (const body of bodies) side.post({ channel, body });
  };

  const scheduleIdle = () => {
    if (idleScheduled) return;
    idleScheduled = true;
    tick.port2.postMessage(null);
  };

  const drain = () => {
    while (core !== null && queue.length > 0) {
      const message = queue.shift()!;
      try {
        if (message.channel === 'file') core.writeFile(message.path, message.text);
        else if (message.channel === 'remove') core.removeFile(message.path);
        else if (message.channel === 'dap') send('dap', core.dap(message.body, { slices: false }));
        else if (message.channel === 'lsp') send('lsp', core.lsp(message.body));
      } catch (error) {
        // A server that failed on a message (a trap in the WebAssembly) is in no known state: the
        // worker serves nothing more, as a native server that crashed.
        const serving = message.channel === 'lsp' || message.channel === 'dap';
        const file = 'path' in message ? message.path : '';
        fail(serving ? `the ${message.channel} server failed` : `cannot ${message.channel === 'file' ? 'write' : 'remove'} ${file}`, error, serving);
        if (serving) {
          core = null;
          return;
        }
      }
    }
    scheduleIdle();
  };

  const idle = () => {
    idleScheduled = false;
    if (core === null) return;
    if (queue.length > 0) return drain();
    let more = false;
    for (const channel of ['dap', 'lsp'] as const) {
      try {
        const out = channel === 'dap' ? core.dapIdle() : core.lspIdle();
        if (out === null) continue;
        send(channel, out);
        more = true;
      } catch (error) {
        fail(`the ${channel} server's idle work failed`, error, true);
        core = null;
        return;
      }
    }
    if (more) scheduleIdle();
  };
  // (onmessage starts the port, in a browser and in Node; Node's types know only .on.)
  (tick.port1 as unknown as { onmessage: () => void }).onmessage = idle;

  side.onMessage((message) => {
    if (!gotFirst) {
      gotFirst = true;
      firstMessage(message);
      if (message.channel === 'wasm') return;
    }
    queue.push(message);
    if (core !== null) drain();
  });

  load(first).then(
    (loaded) => {
      core = loaded;
      side.post({ channel: 'ready' });
      drain();
    },
    (error) => fail("gpuasm's WebAssembly core did not load", error, true),
  );
}
