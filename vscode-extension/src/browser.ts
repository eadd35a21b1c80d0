// The extension as a web extension (package.json's "browser": vscode.dev, github.dev, a browser's
// web extension host): gpuasm's core in WebAssembly in a Web Worker (src/wasmServer.ts) is both
// the language server and, one worker per session, the debug adapter. The worker's script and the
// core's WebAssembly are read once from the extension through the VS Code file system API (or
// fetched, where that API does not reach the extension's files) and the worker made from them.
import * as vscode from 'vscode';
import { LanguageClientOptions } from 'vscode-languageclient';
import { activateWith, deactivateClient, ServerHost, StartedClient } from './client';
import { debugType } from './debug';
import { CoreWorker, FromWorker, ToWorker } from './wasmProtocol';
import { StartWorker, WasmLanguageClient, wasmDebugAdapter } from './wasmServer';

/** The parts of a Web Worker used here (the extension compiles without the DOM's types). */
interface WebWorker {
  postMessage(message: ToWorker): void;
  onmessage: ((event: { data: FromWorker }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  terminate(): void;
}
declare const Worker: new (url: string) => WebWorker;
declare const URL: { createObjectURL(blob: Blob): string };

async function readExtensionFile(uri: vscode.Uri): Promise<Uint8Array> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch (error) {
    const response = await fetch(uri.toString(true));
    if (!response.ok) {
      throw new Error(`cannot read ${uri.toString(true)}: ${(error as Error).message}; fetching it: HTTP ${response.status}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }
}

function webWorker(extensionUri: vscode.Uri): StartWorker {
  let files: Promise<{ script: string; wasm: Uint8Array }> | undefined;
  return async (): Promise<CoreWorker> => {
    files ??= Promise.all([
      readExtensionFile(vscode.Uri.joinPath(extensionUri, 'out', 'wasmWorker.web.js')),
      readExtensionFile(vscode.Uri.joinPath(extensionUri, 'out', 'gpuasm-core.wasm')),
    ]).then(([script, wasm]) => ({ script: new TextDecoder().decode(script), wasm }));
    let loaded;
    try {
      loaded = await files;
    } catch (error) {
      files = undefined;
      throw error;
    }
    const worker = new Worker(URL.createObjectURL(new Blob([loaded.script], { type: 'text/javascript' })));
    // The worker's first message: the core's WebAssembly (a copy: each worker has its own).
    worker.postMessage({ channel: 'wasm', bytes: loaded.wasm.slice() });
    let stopped = false;
    return {
      post: (message) => worker.postMessage(message),
      listen(onMessage, onExit) {
        worker.onmessage = (event) => onMessage(event.data);
        worker.onerror = (event) => {
          if (!stopped) {
            stopped = true;
            onExit(event.message ?? 'an error in the worker');
          }
        };
      },
      terminate: () => {
        stopped = true;
        worker.terminate();
      },
    };
  };
}

class BrowserHost implements ServerHost {
  private readonly start: StartWorker;

  constructor(context: vscode.ExtensionContext, private readonly output: vscode.OutputChannel) {
    this.start = webWorker(context.extensionUri);
  }

  async createClient(clientOptions: LanguageClientOptions): Promise<StartedClient | undefined> {
    this.output.appendLine('Starting gpuasm\'s WebAssembly server in a Web Worker');
    return {
      client: new WasmLanguageClient('gpuasm', 'gpuasm', clientOptions, this.start),
      cannotStart: (error) => `gpuasm: the WebAssembly language server did not start (${error.message}).`,
    };
  }

  readonly debugAdapters: vscode.DebugAdapterDescriptorFactory = {
    createDebugAdapterDescriptor: (session: vscode.DebugSession) =>
      session.type === debugType ? wasmDebugAdapter(this.start) : undefined,
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  await activateWith(context, (output) => new BrowserHost(context, output));
}

export async function deactivate(): Promise<void> {
  await deactivateClient();
}
