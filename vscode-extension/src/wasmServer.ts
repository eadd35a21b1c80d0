// gpuasm's WebAssembly server inside the extension (server/web's core in a worker, src/wasmWorker.ts):
// the language client's transports over the worker, and the debug adapter as an inline
// implementation over a worker of its own per session. The same code serves the desktop extension
// host (a worker_threads Worker, src/extension.ts) and the browser's (a Web Worker, src/browser.ts).
import * as vscode from 'vscode';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  BaseLanguageClient,
  DataCallback,
  Disposable,
  LanguageClientOptions,
  Message,
  MessageReader,
  MessageTransports,
  MessageWriter,
} from 'vscode-languageclient';
import { mapPaths } from './dapPaths';
import { CoreWorker, FromWorker } from './wasmProtocol';

/** Starts a worker running the core (one per language server start and per debug session). */
export type StartWorker = () => Promise<CoreWorker>;

class CoreReader extends AbstractMessageReader implements MessageReader {
  private callback: DataCallback | undefined;
  private readonly waiting: Message[] = [];

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    for (const message of this.waiting.splice(0)) callback(message);
    return Disposable.create(() => (this.callback = undefined));
  }

  deliver(message: Message): void {
    if (this.callback) this.callback(message);
    else this.waiting.push(message);
  }

  failed(error: Error): void {
    this.fireError(error);
  }

  closed(): void {
    this.fireClose();
  }
}

/**
 * The workspace's spec on disk, copied into the core's memory file system at the same paths (the
 * core reads gpuasm.json and the spec directory as the native server reads the disk): every
 * gpuasm.json of the workspace's folders with the spec directory it names, and the directory of
 * the gpuasm.specDir setting — at the start, at a change of the settings, and each file the
 * server's watchers report (workspace/didChangeWatchedFiles) before the server hears of it. Only
 * folders on this machine's disk (file: URIs, which the core takes as paths).
 */
class SpecMirror {
  constructor(private readonly worker: CoreWorker) {}

  /** A file of the disk at its path in the core (the URI's path: /c:/… on Windows, as the core reads a file URI). */
  private async copy(uri: vscode.Uri): Promise<void> {
    try {
      this.worker.post({ channel: 'file', path: uri.path, text: await readText(uri) });
    } catch {
      this.worker.post({ channel: 'remove', path: uri.path });
    }
  }

  private async copyDir(dir: vscode.Uri): Promise<void> {
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(dir);
    } catch {
      return; // no such directory: the server says so
    }
    const specFiles = entries.filter(([name, type]) => type === vscode.FileType.File && /\.(txt|isa)$/.test(name));
    await Promise.all(specFiles.map(([name]) => this.copy(vscode.Uri.joinPath(dir, name))));
  }

  /** A directory as a gpuasm.json or the setting names it: absolute, or relative to `base`. */
  private static resolve(base: vscode.Uri, dir: string): vscode.Uri {
    return /^([a-zA-Z]:)?[\\/]/.test(dir) ? vscode.Uri.file(dir) : vscode.Uri.joinPath(base, dir);
  }

  /** A gpuasm.json and the spec directory it names. */
  private async copyProject(file: vscode.Uri): Promise<void> {
    await this.copy(file);
    try {
      const specDir = (JSON.parse(await readText(file)) as { specDir?: unknown }).specDir;
      if (typeof specDir === 'string' && specDir !== '') {
        await this.copyDir(SpecMirror.resolve(vscode.Uri.joinPath(file, '..'), specDir));
      }
    } catch {
      // no file, or no JSON: the server reads it and says what is wrong
    }
  }

  async all(): Promise<void> {
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
    for (const folder of folders) {
      const projects = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/gpuasm.json'), '**/node_modules/**');
      await Promise.all(projects.map((file) => this.copyProject(file)));
      const setting = vscode.workspace.getConfiguration('gpuasm', folder.uri).get<string>('specDir', '');
      if (setting !== '') {
        await this.copyDir(SpecMirror.resolve(folder.uri, setting));
      }
    }
  }

  async changed(uris: string[]): Promise<void> {
    for (const uri of uris.map((u) => vscode.Uri.parse(u)).filter((u) => u.scheme === 'file')) {
      await (uri.path.endsWith('/gpuasm.json') ? this.copyProject(uri) : this.copy(uri));
    }
  }
}

class CoreWriter extends AbstractMessageWriter implements MessageWriter {
  private queue: Promise<void> = Promise.resolve();
  private readonly mirror: SpecMirror;

  /** `stop`: ends the worker (the client stops, or was disposed). */
  constructor(private readonly worker: CoreWorker, private readonly stop: () => void) {
    super();
    this.mirror = new SpecMirror(worker);
  }

  /** In order; the spec's files are copied into the core before the message that makes it read them. */
  write(message: Message): Promise<void> {
    const notice = message as { method?: string; params?: { changes?: { uri: string }[] } };
    this.queue = this.queue.then(async () => {
      try {
        if (notice.method === 'initialize' || notice.method === 'workspace/didChangeConfiguration') {
          await this.mirror.all();
        } else if (notice.method === 'workspace/didChangeWatchedFiles') {
          await this.mirror.changed((notice.params?.changes ?? []).map((c) => c.uri));
        }
      } catch (error) {
        this.fireError(error as Error);
      }
      this.worker.post({ channel: 'lsp', body: JSON.stringify(message) });
    });
    return this.queue;
  }

  end(): void {}

  dispose(): void {
    super.dispose();
    this.stop();
  }
}

/**
 * The language client of the WebAssembly server: each start (the first, and a restart after the
 * worker died) gets a new worker, so the server starts from nothing as a new process would.
 */
export class WasmLanguageClient extends BaseLanguageClient {
  constructor(id: string, name: string, clientOptions: LanguageClientOptions, private readonly startWorker: StartWorker) {
    super(id, name, clientOptions);
  }

  protected async createMessageTransports(): Promise<MessageTransports> {
    const worker = await this.startWorker();
    const reader = new CoreReader();
    // Ended: by the client (no close to report) or by the worker's end (reported once).
    let ended = false;
    const writer = new CoreWriter(worker, () => {
      ended = true;
      worker.terminate();
    });
    worker.listen(
      (message: FromWorker) => {
        if (message.channel === 'lsp') {
          reader.deliver(JSON.parse(message.body) as Message);
        } else if (message.channel === 'error') {
          // A message the core failed on is said in the Output channel (the server goes on); a
          // core that did not load ends the connection, which the client's error handler restarts.
          this.outputChannel.appendLine(`gpuasm (WebAssembly): ${message.message}`);
          if (message.fatal && !ended) {
            reader.failed(new Error(message.message));
            ended = true;
            worker.terminate();
            reader.closed();
          }
        }
      },
      (why) => {
        if (!ended) {
          ended = true;
          this.outputChannel.appendLine(`gpuasm (WebAssembly): the server's worker stopped (${why})`);
          reader.closed();
        }
      },
    );
    return { reader, writer };
  }
}

/** The file of `where` (a path as VS Code gives `${file}`, or a URI), in the workspace's file system. */
export function uriOf(where: string): vscode.Uri {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]+:\/\//.test(where)) {
    return vscode.Uri.parse(where);
  }
  const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === where || d.uri.path === where);
  if (open) {
    return open.uri;
  }
  // A workspace that is not on this machine's disk (vscode.dev, a remote in the browser): the
  // path under a folder of it is a file of that folder's file system.
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const root = folder.uri.fsPath;
    if (folder.uri.scheme !== 'file' && where.startsWith(root) && /^[\\/]?$/.test(where.charAt(root.length) || '/')) {
      const rest = where.slice(root.length).replace(/\\/g, '/').replace(/^\//, '');
      return rest === '' ? folder.uri : vscode.Uri.joinPath(folder.uri, ...rest.split('/'));
    }
  }
  const scheme = vscode.workspace.workspaceFolders?.[0]?.uri.scheme;
  if (scheme !== undefined && scheme !== 'file' && where.startsWith('/')) {
    return vscode.workspace.workspaceFolders![0].uri.with({ path: where });
  }
  return vscode.Uri.file(where);
}

/** A file's text through the VS Code file system API (the disk, or the browser's workspace). */
export async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
}

type DapMessage = { type?: string; seq?: number; command?: string; arguments?: Record<string, unknown> };

/**
 * The debug adapter of one session: the core's dap() in a worker. The adapter's `launch` reads the
 * program (and the state file) from the core's in-memory file system, so before it the files are
 * read through the VS Code file system API and written there, each under /gpuasm + its URI's path;
 * the paths in the messages are translated both ways, so VS Code sees its own (a path on this
 * machine's disk, else the file's URI).
 */
class WasmDebugAdapter implements vscode.DebugAdapter {
  private readonly sent = new vscode.EventEmitter<vscode.DebugProtocolMessage>();
  readonly onDidSendMessage = this.sent.event;
  private readonly toCore = new Map<string, string>();
  private readonly fromCore = new Map<string, string>();
  private queue: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(private readonly worker: Promise<CoreWorker>) {
    void worker.then(
      (w) =>
        w.listen(
          (message) => {
            if (message.channel === 'dap') {
              this.sent.fire(mapPaths(JSON.parse(message.body), this.fromCore) as vscode.DebugProtocolMessage);
            } else if (message.channel === 'error') {
              this.event('output', { category: 'stderr', output: `gpuasm (WebAssembly): ${message.message}\n` });
              if (message.fatal && !this.ended) {
                this.ended = true;
                this.event('terminated', {});
              }
            }
          },
          (why) => {
            if (!this.ended) {
              this.event('output', { category: 'stderr', output: `gpuasm (WebAssembly): the debug adapter's worker stopped (${why})\n` });
              this.event('terminated', {});
            }
          },
        ),
      (error: Error) => this.event('output', { category: 'stderr', output: `gpuasm (WebAssembly): ${error.message}\n` }),
    );
  }

  private event(event: string, body: object): void {
    this.sent.fire({ type: 'event', seq: 0, event, body } as vscode.DebugProtocolMessage);
  }

  handleMessage(message: vscode.DebugProtocolMessage): void {
    // In order: a launch waits for its files, and what follows waits for the launch.
    this.queue = this.queue.then(() => this.forward(message as DapMessage)).catch(() => undefined);
  }

  private async forward(message: DapMessage): Promise<void> {
    const worker = await this.worker;
    if (message.type === 'request' && message.command === 'launch' && message.arguments) {
      for (const key of ['program', 'stateFile']) {
        const where = message.arguments[key];
        if (typeof where !== 'string' || where === '') {
          continue;
        }
        const uri = uriOf(where);
        let text: string;
        try {
          text = await readText(uri);
        } catch (error) {
          this.sent.fire({
            type: 'response', seq: 0, request_seq: message.seq, command: 'launch', success: false,
            message: `cannot read the ${key === 'program' ? 'program' : 'state file'} ${where}: ${(error as Error).message}`,
          } as vscode.DebugProtocolMessage);
          return;
        }
        const inCore = `/gpuasm${uri.path.startsWith('/') ? '' : '/'}${uri.path}`;
        worker.post({ channel: 'file', path: inCore, text });
        // VS Code names a file by its path when it is on this machine's disk, else by its URI
        // (a remote workspace in the browser): both are the file in the core, which is given
        // back to VS Code as it can open it.
        for (const name of [where, uri.fsPath, uri.toString(), uri.toString(true)]) {
          this.toCore.set(name, inCore);
        }
        this.fromCore.set(inCore, uri.scheme === 'file' ? uri.fsPath : uri.toString());
      }
    }
    worker.post({ channel: 'dap', body: JSON.stringify(mapPaths(message, this.toCore)) });
  }

  dispose(): void {
    this.ended = true;
    void this.worker.then((w) => w.terminate(), () => undefined);
    this.sent.dispose();
  }
}

/** The inline debug adapter over a new worker for each session. */
export function wasmDebugAdapter(startWorker: StartWorker): vscode.DebugAdapterDescriptor {
  return new vscode.DebugAdapterInlineImplementation(new WasmDebugAdapter(startWorker()));
}
