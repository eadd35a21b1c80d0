// The extension in the desktop extension host (Node): the native `gpuasm lsp` and `gpuasm dap`
// when there is a gpuasm binary (the setting, GPUASM_SERVER_PATH, the one bundled in a platform
// .vsix, the repository's build, PATH: src/serverPath.ts); else, in the universal .vsix, which
// carries gpuasm's core in WebAssembly (out/gpuasm-core.wasm), that core in a worker_threads
// Worker (src/wasmServer.ts). Everything else is src/client.ts, shared with the browser's entry.
import * as vscode from 'vscode';
import { Worker } from 'worker_threads';
import { LanguageClient, LanguageClientOptions } from 'vscode-languageclient/node';
import { activateWith, deactivateClient, ServerHost, StartedClient, showServerPathError } from './client';
import { debugType } from './debug';
import { checkServerRuns, chooseServer, ServerChoice } from './serverPath';
import { CoreWorker, FromWorker } from './wasmProtocol';
import { StartWorker, WasmLanguageClient, wasmDebugAdapter } from './wasmServer';

/**
 * The server to start (src/serverPath.ts, chooseServer): the native binary (setting, environment,
 * bundled, repository build, PATH), else the WebAssembly core of the universal .vsix; and why
 * there is none when neither.
 */
function lookupServer(context: vscode.ExtensionContext): ServerChoice & { why: string } {
  const choice = chooseServer({
    setting: vscode.workspace.getConfiguration('gpuasm').get<string>('serverPath', ''),
    environment: process.env.GPUASM_SERVER_PATH,
    extensionPath: context.extensionPath,
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    searchPath: process.env.PATH,
  });
  const why =
    `gpuasm: cannot find the gpuasm binary (looked for ${choice.tried.join(', ')}). ` +
    (process.platform === 'win32'
      ? 'Set "gpuasm.serverPath" to a gpuasm.exe (the one of the gpuasm-<version>-win32-x64.zip).'
      : 'Set "gpuasm.serverPath" to a gpuasm binary (the gpuasm Debian package installs /usr/bin/gpuasm).');
  return { ...choice, why };
}

/** The core in a worker_threads Worker (out/wasmWorker.js beside out/gpuasm-core.wasm). */
function nodeWorker(script: string): StartWorker {
  return async (): Promise<CoreWorker> => {
    const worker = new Worker(script);
    return {
      post: (message) => worker.postMessage(message),
      listen(onMessage, onExit) {
        worker.on('message', (message: FromWorker) => onMessage(message));
        worker.on('error', (error: Error) => onExit(error.message));
        worker.on('exit', (code) => onExit(`exit code ${code}`));
      },
      terminate: () => void worker.terminate(),
    };
  };
}

class NodeHost implements ServerHost {
  constructor(private readonly context: vscode.ExtensionContext, private readonly output: vscode.OutputChannel) {}

  async createClient(clientOptions: LanguageClientOptions): Promise<StartedClient | undefined> {
    const server = lookupServer(this.context);
    if (server.wasm !== undefined) {
      this.output.appendLine(
        'Starting gpuasm\'s WebAssembly server (no native gpuasm here: ' +
          `looked for ${server.tried.join(', ')}; "gpuasm.serverPath" can name one)`,
      );
      return {
        client: new WasmLanguageClient('gpuasm', 'gpuasm', clientOptions, nodeWorker(server.wasm.worker)),
        cannotStart: (error) => `gpuasm: the WebAssembly language server did not start (${error.message}).`,
      };
    }
    const binary = server.native;
    if (binary === undefined) {
      showServerPathError(this.output, server.why);
      return undefined;
    }
    const cannotRun = (what: string, error: Error) =>
      `gpuasm: the language server ${binary} ${what} (${error.message}). ` +
      'Set "gpuasm.serverPath" to a gpuasm binary that runs on this machine.';
    try {
      this.output.appendLine((await checkServerRuns(binary)).replace(/\n/g, '; '));
    } catch (error) {
      showServerPathError(this.output, cannotRun('does not run here', error as Error));
      return undefined;
    }
    this.output.appendLine(`Starting ${binary} lsp`);
    return {
      client: new LanguageClient('gpuasm', 'gpuasm', { command: binary, args: ['lsp'] }, clientOptions),
      cannotStart: (error) => cannotRun('did not start', error),
    };
  }

  readonly debugAdapters: vscode.DebugAdapterDescriptorFactory = {
    createDebugAdapterDescriptor: (session: vscode.DebugSession) => {
      if (session.type !== debugType) {
        return undefined;
      }
      const server = lookupServer(this.context);
      if (server.wasm !== undefined) {
        return wasmDebugAdapter(nodeWorker(server.wasm.worker));
      }
      if (server.native === undefined) {
        throw new Error(server.why);
      }
      return new vscode.DebugAdapterExecutable(server.native, ['dap']);
    },
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  await activateWith(context, (output) => new NodeHost(context, output));
}

export async function deactivate(): Promise<void> {
  await deactivateClient();
}
