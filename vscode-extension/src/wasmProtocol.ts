// The messages between the extension and the worker that runs gpuasm's WebAssembly core
// (server/web/core.mjs; src/wasmWorker.ts), the same in Node's worker_threads and in a browser's
// Web Worker. The bodies are JSON texts: the core takes and gives strings.

/** To the worker: the core's WebAssembly first (the browser's worker), then LSP or DAP bodies and files. */
export type ToWorker =
  | { channel: 'wasm'; bytes: Uint8Array }
  | { channel: 'lsp' | 'dap'; body: string }
  /** A file put in the core's in-memory file system: the debug adapter's `launch` reads its program there. */
  | { channel: 'file'; path: string; text: string }
  /** A file removed from it (the workspace's spec: a file deleted on disk). */
  | { channel: 'remove'; path: string };

/** From the worker: what the servers send, that the core is loaded, or what failed. */
export type FromWorker =
  | { channel: 'lsp' | 'dap'; body: string }
  | { channel: 'ready' }
  /** `fatal`: the core did not load, the worker serves nothing. */
  | { channel: 'error'; message: string; fatal?: boolean };

/** The functions server/web/core.mjs's loadCore() gives. */
export interface Core {
  lsp(body: string): string[];
  lspIdle(): string[] | null;
  dap(body: string, options?: { slices?: boolean }): string[];
  dapIdle(): string[] | null;
  writeFile(path: string, text: string): void;
  removeFile(path: string): void;
}

/** A running worker as the extension sees it (src/wasmServer.ts). */
export interface CoreWorker {
  post(message: ToWorker): void;
  /** Every message of the worker; `exit` when it stopped (or could not start), with why. */
  listen(onMessage: (message: FromWorker) => void, onExit: (why: string) => void): void;
  terminate(): void;
}
