// The Web Worker entry of the WebAssembly server (the extension in vscode.dev, github.dev or any
// browser's web extension host): the extension sends the core's WebAssembly bytes first (it reads
// them with the VS Code file system API, src/wasmServer.ts), then the bodies.
import { loadCore } from 'gpuasm-core';
import { serveCore } from './wasmWorker';
import { FromWorker, ToWorker } from './wasmProtocol';

interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: { data: ToWorker }) => void) | null;
}
const scope = globalThis as unknown as WorkerScope;

serveCore(
  { post: (message) => scope.postMessage(message), onMessage: (handler) => (scope.onmessage = (event) => handler(event.data)) },
  async (first) => {
    const message = await first;
    if (message.channel !== 'wasm') {
      throw new Error(`the first message to the worker is the core's WebAssembly, not ${message.channel}`);
    }
    // The bytes are given: Emscripten fetches nothing (locateFile only names the file).
    return loadCore({ wasmBinary: message.bytes, locateFile: (file: string) => file });
  },
);
