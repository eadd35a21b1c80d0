// The worker_threads entry of the WebAssembly server (the desktop extension host under Node,
// where the extension carries no native server): gpuasm-core.wasm is beside this file
// (package.sh bundles it as out/wasmWorker.js with out/gpuasm-core.wasm). Its bytes are read here
// and given to Emscripten: its loader would fetch() the file in a Node that has fetch (18 on).
import * as fs from 'fs';
import * as path from 'path';
import { parentPort } from 'worker_threads';
import { loadCore } from 'gpuasm-core';
import { serveCore } from './wasmWorker';

const port = parentPort;
if (port === null) {
  throw new Error('wasmWorkerNode.js runs as a worker_threads Worker');
}
serveCore({ post: (message) => port.postMessage(message), onMessage: (handler) => port.on('message', handler) }, () =>
  loadCore({ wasmBinary: fs.readFileSync(path.join(__dirname, 'gpuasm-core.wasm')) }),
);
