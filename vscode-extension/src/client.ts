// The extension, whichever server it runs: activateWith() with the host's way to start the
// language server and the debug adapter — src/extension.ts in the desktop extension host (the
// native gpuasm, else the WebAssembly core under Node), src/browser.ts in a browser's (the
// WebAssembly core in a Web Worker). Nothing here needs Node.
import * as vscode from 'vscode';
import {
  BaseLanguageClient,
  ClientCapabilities,
  CloseAction,
  ErrorAction,
  ErrorHandler,
  FeatureState,
  LanguageClientOptions,
  ResponseError,
  State,
  StaticFeature,
} from 'vscode-languageclient';
import { EncodingResult, RunResult } from './protocol';
import { RegistersPanel } from './registersView';
import { RunDecorations } from './runDecorations';
import { EncodingPanel } from './encodingView';
import { ReferencePanel } from './referenceView';
import { ReferenceResult } from './referenceRender';
import { describeSpec, SpecInfo, SpecLanguage, SpecStatus } from './specStatus';
import { StateFile } from './stateFile';
import { DebugConfigurations, DebugFollower, debugType, defaultConfiguration, explainValue } from './debug';
import { LanesView, lanesViewId } from './laneView';

const restartLimit = 5;
const restartWindowMs = 3 * 60 * 1000;
const methodNotFound = -32601;

/**
 * How the host starts the servers: the language client (undefined after the user was told why
 * there is none) and the debug adapters.
 */
export interface StartedClient {
  client: BaseLanguageClient;
  /** The message when its start fails. */
  cannotStart(error: Error): string;
}

export interface ServerHost {
  createClient(clientOptions: LanguageClientOptions): Promise<StartedClient | undefined>;
  debugAdapters: vscode.DebugAdapterDescriptorFactory;
}

let client: BaseLanguageClient | undefined;
let output: vscode.OutputChannel;
let specStatus: SpecStatus | undefined;
let specLanguage: SpecLanguage | undefined;

type EncodingHints = 'cursor' | 'all' | 'off';

/** gpuasm.encodingHints: on the cursor's line, on every line, or off (true/false, its first form: all/off). */
function encodingHints(): EncodingHints {
  const value = vscode.workspace.getConfiguration('gpuasm').get<EncodingHints | boolean>('encodingHints', 'cursor');
  if (typeof value === 'boolean') return value ? 'all' : 'off';
  return value === 'all' || value === 'off' ? value : 'cursor';
}

/** The line of the cursor the server last heard of, per document: gpuasm/cursor is sent when it changes. */
const cursorLines = new Map<string, number>();

/** Tells the server the cursor's line in a gpuasm editor (docs/PROTOCOL.md, gpuasm/cursor). */
function sendCursor(editor: vscode.TextEditor | undefined): void {
  if (!editor || editor.document.languageId !== 'gpuasm' || client?.state !== State.Running) return;
  const uri = editor.document.uri.toString();
  const position = editor.selection.active;
  if (cursorLines.get(uri) === position.line) return;
  cursorLines.set(uri, position.line);
  void client.sendNotification('gpuasm/cursor', { textDocument: { uri }, position: { line: position.line, character: position.character } });
}

function liveValues(): boolean {
  return vscode.workspace.getConfiguration('gpuasm').get<boolean>('liveValues.enabled', true);
}

/** The pinned lane (0..31), or null for the summary of the active lanes. */
function liveValuesLane(): number | null {
  const lane = vscode.workspace.getConfiguration('gpuasm').get<number | null>('liveValues.lane', null);
  return typeof lane === 'number' && Number.isInteger(lane) && lane >= 0 && lane <= 31 ? lane : null;
}

/** gpuasm.specDir: the spec directory, relative to the workspace folder; null for the workspace's gpuasm.json. */
function specDir(): string | null {
  const dir = vscode.workspace.getConfiguration('gpuasm').get<string>('specDir', '');
  return dir === '' ? null : dir;
}

/** gpuasm.referenceDirectory: `gpuasm doc` output hover links to, relative to the workspace folder; null for none. */
function referenceDirectory(): string | null {
  const dir = vscode.workspace.getConfiguration('gpuasm').get<string>('referenceDirectory', '');
  return dir === '' ? null : dir;
}

/** The server's settings (docs/PROTOCOL.md), for initializationOptions and didChangeConfiguration. */
function serverSettings(): object {
  return {
    encodingHints: encodingHints(),
    liveValues: { enabled: liveValues(), lane: liveValuesLane() },
    specDir: specDir(),
    referenceDirectory: referenceDirectory(),
  };
}

/** Restarts a server that died (at most restartLimit times in restartWindowMs) and says so. */
function restartingErrorHandler(): ErrorHandler {
  let restarts: number[] = [];
  return {
    error: () => ({ action: ErrorAction.Continue }),
    closed: () => {
      const now = Date.now();
      restarts = restarts.filter((time) => now - time < restartWindowMs);
      if (restarts.length >= restartLimit) {
        void vscode.window
          .showErrorMessage(
            `gpuasm: the language server stopped ${restartLimit} times in 3 minutes and is not restarted again (Output: gpuasm has its messages).`,
            'Restart',
          )
          .then((choice) => choice && vscode.commands.executeCommand('gpuasm.ui.restartServer'));
        return { action: CloseAction.DoNotRestart, handled: true };
      }
      restarts.push(now);
      output.appendLine(`The language server stopped unexpectedly; restarting it (${restarts.length} in the last 3 minutes).`);
      void vscode.window.showWarningMessage('gpuasm: the language server stopped unexpectedly and was restarted.');
      return { action: CloseAction.Restart, handled: true };
    },
  };
}

/** Completion items after `IMAD.` replace only the part after the last dot, so filtering works. */
/**
 * Diagnostics pushed, not pulled. The server answers pull diagnostics (docs/PROTOCOL.md) to any
 * client that declares them, but vscode-languageclient 9.0.1 pulls only for documents its own
 * tab tracker has seen open, and that tracker ignores tab events that only change a tab's input:
 * in the end-to-end test, a file opened from Quick Open after the server's restart was never
 * pulled and showed no squiggle. Declaring no pull support makes the server push, which has no
 * such gap (and sends a list only when it changed).
 */
const pushedDiagnostics: StaticFeature = {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    delete capabilities.textDocument?.diagnostic;
    delete capabilities.workspace?.diagnostics;
  },
  initialize(): void {},
  getState(): FeatureState {
    return { kind: 'static' };
  },
  clear(): void {},
};

/**
 * Tells the server that this client reports its cursor (gpuasm/cursor, sent by sendCursor): its
 * encoding hints then follow the cursor by default. A client that does not declare it gets them
 * after every instruction (docs/PROTOCOL.md, experimental.gpuasm.cursorNotifications).
 */
const cursorNotifications: StaticFeature = {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    capabilities.experimental = { ...(capabilities.experimental as object | undefined), gpuasm: { cursorNotifications: true } };
  },
  initialize(): void {},
  getState(): FeatureState {
    return { kind: 'static' };
  },
  clear(): void {},
};

function modifierRange(document: vscode.TextDocument, position: vscode.Position): vscode.Range {
  const text = document.lineAt(position.line).text.slice(0, position.character);
  const match = /[A-Za-z0-9_]*$/.exec(text);
  const start = position.character - (match ? match[0].length : 0);
  return new vscode.Range(position.line, start, position.line, position.character);
}

/** The spec in use, as the server tells it: the status bar and which files are spec documents. */
function showSpec(info: SpecInfo): void {
  specStatus?.show(info);
  specLanguage?.show(info);
}

/** gpuasm/specInfo's params: the active .asm document, whose spec is its project's (docs/PROTOCOL.md). */
function specInfoParams(): { textDocument?: { uri: string } } {
  const document = vscode.window.activeTextEditor?.document;
  return document !== undefined && document.languageId === 'gpuasm' ? { textDocument: { uri: document.uri.toString() } } : {};
}

/** The status bar shows the spec of the active .asm document (each project may have its own). */
async function refreshSpecStatus(): Promise<void> {
  if (client?.state !== State.Running) {
    return;
  }
  try {
    showSpec(await client.sendRequest<SpecInfo>('gpuasm/specInfo', specInfoParams()));
  } catch (error) {
    output.appendLine(`gpuasm/specInfo failed: ${(error as Error).message}`);
  }
}

/** One error message with a button to the gpuasm.serverPath setting; also in the Output channel. */
export function showServerPathError(output: vscode.OutputChannel, message: string): void {
  output.appendLine(message);
  void vscode.window.showErrorMessage(message, 'Open Settings').then((choice) => {
    if (choice) {
      void vscode.commands.executeCommand('workbench.action.openSettings', 'gpuasm.serverPath');
    }
  });
}

async function startClient(host: ServerHost, stateFile: StateFile): Promise<void> {
  const clientOptions: LanguageClientOptions = {
    // The spec's files too: their edits reload the server's spec (docs/PROTOCOL.md).
    documentSelector: [{ language: 'gpuasm' }, { language: 'gpuasm-spec' }],
    outputChannel: output,
    // A function: a server restarted after it died gets the setting as it is then.
    initializationOptions: () => serverSettings(),
    errorHandler: restartingErrorHandler(),
    middleware: {
      // While debugging, VS Code also shows the server's inline values (textDocument/inlineValue,
      // which Neovim 0.7 uses for live values): beside the live-value inlay hints they would be
      // the same values twice, past the edge of the editor. The hints carry them while they are on.
      provideInlineValues: (document, viewPort, inlineContext, token, next) =>
        liveValues() ? [] : next(document, viewPort, inlineContext, token),
      provideCompletionItem: async (document, position, completionContext, token, next) => {
        const result = await next(document, position, completionContext, token);
        const items = Array.isArray(result) ? result : result?.items ?? [];
        const range = modifierRange(document, position);
        for (const item of items) {
          if (item.range === undefined && item.textEdit === undefined) {
            item.range = range;
          }
        }
        return result;
      },
    },
  };
  const created = await host.createClient(clientOptions);
  if (created === undefined) {
    return;
  }
  client = created.client;
  client.registerFeature(pushedDiagnostics);
  client.registerFeature(cursorNotifications);
  try {
    await client.start();
  } catch (error) {
    showServerPathError(output, created.cannotStart(error as Error));
    return;
  }
  // A load of any project's spec: its files are spec documents; the status follows the active document.
  client.onNotification('gpuasm/specStatus', (info: SpecInfo) => {
    specLanguage?.show(info);
    void refreshSpecStatus();
  });
  await refreshSpecStatus();
  await sendInitialState(stateFile);
  // A new server knows no cursor yet: the encoding hint of the cursor's line needs it.
  cursorLines.clear();
  sendCursor(vscode.window.activeTextEditor);
}

/**
 * Tells the server the state file (gpuasm/setInitialState), so live values, expectations and
 * the dataflow start from it; null when none is chosen or it cannot be read (said once).
 */
async function sendInitialState(stateFile: StateFile): Promise<void> {
  if (client?.state !== State.Running) {
    return;
  }
  let state: object | undefined;
  try {
    state = await stateFile.load();
  } catch (error) {
    void vscode.window.showErrorMessage(`gpuasm: ${(error as Error).message}`);
  }
  await client.sendNotification('gpuasm/setInitialState', { state: state ?? null });
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running && running.state !== State.Stopped) {
    await running.stop(5000).catch((error: Error) => output.appendLine(`stopping the server: ${error.message}`));
  }
}

function runningClient(): BaseLanguageClient | undefined {
  if (client?.state === State.Running) {
    return client;
  }
  void vscode.window.showErrorMessage('gpuasm: the language server is not running (Output: gpuasm says why).');
  return undefined;
}

function gpuasmEditor(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor?.document.languageId === 'gpuasm') {
    return editor;
  }
  void vscode.window.showErrorMessage('gpuasm: open a gpuasm (.asm) file in the editor first.');
  return undefined;
}

async function request<R>(method: string, params: object): Promise<R | undefined> {
  const running = runningClient();
  if (!running) {
    return undefined;
  }
  try {
    return await running.sendRequest<R>(method, params);
  } catch (error) {
    const reason = error instanceof ResponseError && error.code === methodNotFound
      ? `this gpuasm binary does not answer ${method}; build a newer one`
      : (error as Error).message;
    void vscode.window.showErrorMessage(`gpuasm: ${method} failed: ${reason}`);
    return undefined;
  }
}

/**
 * The command of the register-pressure CodeLens (docs/PROTOCOL.md, textDocument/codeLens):
 * `[uri, line]`, the line 0-based; opens that document, puts the cursor at the line's first
 * character and scrolls it into view.
 */
async function revealLine(uri: unknown, line: unknown): Promise<void> {
  if (typeof uri !== 'string' || typeof line !== 'number' || !Number.isInteger(line) || line < 0) {
    output.appendLine(`gpuasm.ui.revealLine: expected [uri, 0-based line], got ${JSON.stringify([uri, line])}`);
    return;
  }
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const editor = await vscode.window.showTextDocument(document, { preserveFocus: false });
  const start = new vscode.Position(Math.min(line, document.lineCount - 1), 0);
  editor.selection = new vscode.Selection(start, start);
  editor.revealRange(new vscode.Range(start, start), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** Activates the extension with `host`'s servers; the output channel is made first, for the host too. */
export async function activateWith(context: vscode.ExtensionContext, makeHost: (output: vscode.OutputChannel) => ServerHost): Promise<void> {
  output = vscode.window.createOutputChannel('gpuasm');
  const host = makeHost(output);
  const registers = new RegistersPanel();
  const decorations = new RunDecorations();
  const encoding = new EncodingPanel();
  const reference = new ReferencePanel((params) => request<ReferenceResult | null>('gpuasm/reference', params));
  const stateFile = new StateFile(context.workspaceState);
  specStatus = new SpecStatus();
  specLanguage = new SpecLanguage();
  const debugFollower = new DebugFollower(registers, output);
  let lane = 0;
  registers.onLaneSelected((selected) => {
    lane = selected;
    decorations.setLane(selected);
    void debugFollower.selectLane(selected);
  });
  context.subscriptions.push(output, registers, decorations, encoding, reference, stateFile, specStatus, specLanguage, debugFollower);
  context.subscriptions.push(
    vscode.debug.registerDebugConfigurationProvider(debugType, new DebugConfigurations(() => stateFile.file)),
    vscode.debug.registerDebugAdapterDescriptorFactory(debugType, host.debugAdapters),
    vscode.debug.registerDebugAdapterTrackerFactory(debugType, debugFollower),
    // A debug session shows its own values at each stop: the marks of an earlier run to the
    // cursor describe another run and would stand beside them.
    vscode.debug.onDidStartDebugSession((session) => {
      if (session.type === debugType) {
        decorations.clear();
      }
    }),
    vscode.commands.registerCommand('gpuasm.ui.debugFile', async () => {
      if (gpuasmEditor()) {
        await vscode.debug.startDebugging(vscode.workspace.workspaceFolders?.[0], defaultConfiguration(true));
      }
    }),
    vscode.commands.registerCommand('gpuasm.ui.explainValue', explainValue),
  );
  const lanes = new LanesView(output);
  context.subscriptions.push(
    lanes,
    vscode.window.registerWebviewViewProvider(lanesViewId, lanes, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.debug.registerDebugAdapterTrackerFactory(debugType, lanes),
    vscode.commands.registerCommand('gpuasm.ui.showLanes', () => vscode.commands.executeCommand(`${lanesViewId}.focus`)),
  );

  /** Runs one gpuasm/* run request and shows its result with the state it started from. */
  const showRun = async (editor: vscode.TextEditor, title: string, method: string, where: object) => {
    let state: object | undefined;
    try {
      state = await stateFile.load();
    } catch (error) {
      void vscode.window.showErrorMessage(`gpuasm: ${(error as Error).message}`);
      return;
    }
    const textDocument = { uri: editor.document.uri.toString() };
    const withState = (params: object) => (state === undefined ? params : { ...params, state });
    const result = await request<RunResult>(method, withState({ textDocument, ...where }));
    if (!result) {
      return;
    }
    // Run to the first line: nothing executes, so its registers are the state every run starts from.
    const start = await request<RunResult>('gpuasm/runToCursor', withState({ textDocument, position: { line: 0, character: 0 } }));
    registers.show({ title, result, initial: start?.regs ?? {}, lane });
    decorations.show(editor, result, lane);
    if (result.stop.line !== undefined) {
      const line = editor.document.lineAt(Math.min(result.stop.line - 1, editor.document.lineCount - 1)).range;
      editor.revealRange(line, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('gpuasm.ui.runToCursor', async () => {
      const editor = gpuasmEditor();
      if (editor) {
        const position = editor.selection.active;
        await showRun(editor, `run to line ${position.line + 1}`, 'gpuasm/runToCursor', {
          position: { line: position.line, character: position.character },
        });
      }
    }),
    vscode.commands.registerCommand('gpuasm.ui.executeSelection', async () => {
      const editor = gpuasmEditor();
      if (editor) {
        const selection = editor.selection;
        const range = selection.isEmpty ? editor.document.lineAt(selection.active.line).range : selection;
        const lines = range.start.line === range.end.line
          ? `line ${range.start.line + 1}`
          : `lines ${range.start.line + 1}–${range.end.line + 1}`;
        await showRun(editor, `execute ${lines}`, 'gpuasm/execute', {
          range: {
            start: { line: range.start.line, character: range.start.character },
            end: { line: range.end.line, character: range.end.character },
          },
        });
      }
    }),
    vscode.commands.registerCommand('gpuasm.ui.showEncoding', async () => {
      const editor = gpuasmEditor();
      if (!editor) {
        return;
      }
      const selection = editor.selection;
      const first = editor.document.lineAt(selection.start.line).range;
      const last = editor.document.lineAt(selection.end.line).range;
      const result = await request<EncodingResult>('gpuasm/encoding', {
        textDocument: { uri: editor.document.uri.toString() },
        range: {
          start: { line: first.start.line, character: 0 },
          end: { line: last.end.line, character: last.end.character },
        },
      });
      if (result) {
        encoding.show(vscode.workspace.asRelativePath(editor.document.uri), result);
      }
    }),
    vscode.commands.registerCommand('gpuasm.ui.openReference', async () => {
      const editor = gpuasmEditor();
      if (!editor) {
        return;
      }
      const position = editor.selection.active;
      const result = await request<ReferenceResult | null>('gpuasm/reference', {
        textDocument: { uri: editor.document.uri.toString() },
        position: { line: position.line, character: position.character },
      });
      if (result === null) {
        void vscode.window.showInformationMessage('gpuasm: no instruction at the cursor (put it on an instruction\'s line)');
      } else if (result) {
        await reference.show(result);
      }
    }),
    vscode.commands.registerCommand('gpuasm.ui.toggleEncodingHints', async () => {
      // Off, or back on the cursor's line (the default).
      const shown: EncodingHints = encodingHints() === 'off' ? 'cursor' : 'off';
      await vscode.workspace.getConfiguration('gpuasm').update('encodingHints', shown, vscode.ConfigurationTarget.Global);
      vscode.window.setStatusBarMessage(`gpuasm: inline encoding hints ${shown === 'off' ? 'off' : 'on the cursor line'}`, 5000);
    }),
    vscode.window.onDidChangeTextEditorSelection((event) => sendCursor(event.textEditor)),
    vscode.commands.registerCommand('gpuasm.ui.toggleLiveValues', async () => {
      const shown = !liveValues();
      await vscode.workspace.getConfiguration('gpuasm').update('liveValues.enabled', shown, vscode.ConfigurationTarget.Global);
      vscode.window.setStatusBarMessage(`gpuasm: live values ${shown ? 'on' : 'off'}`, 5000);
    }),
    vscode.commands.registerCommand('gpuasm.ui.pinLane', async () => {
      type LaneItem = vscode.QuickPickItem & { lane: number | null };
      const current = liveValuesLane();
      const items: LaneItem[] = [
        { label: 'summary', description: 'every active lane: one value, or how many lanes hold each', lane: null },
        ...Array.from({ length: 32 }, (_, lane) => ({ label: `lane ${lane}`, lane })),
      ];
      const chosen = await vscode.window.showQuickPick(items, {
        title: 'gpuasm: the lane whose values the live values show',
        placeHolder: current === null ? 'now: the summary of the active lanes' : `now: lane ${current}`,
      });
      if (chosen) {
        await vscode.workspace.getConfiguration('gpuasm').update('liveValues.lane', chosen.lane, vscode.ConfigurationTarget.Global);
        vscode.window.setStatusBarMessage(`gpuasm: live values for ${chosen.label}`, 5000);
      }
    }),
    vscode.commands.registerCommand('gpuasm.ui.showSpecInfo', async () => {
      if (client?.state !== State.Running) {
        void vscode.window.showWarningMessage('gpuasm: the language server is not running');
        return;
      }
      const info = await client.sendRequest<SpecInfo>('gpuasm/specInfo', specInfoParams());
      showSpec(info);
      void vscode.window.showInformationMessage(describeSpec(info), { modal: false });
    }),
    vscode.commands.registerCommand('gpuasm.ui.pickStateFile', async () => {
      if (await stateFile.pick()) {
        await sendInitialState(stateFile);
      }
    }),
    vscode.commands.registerCommand('gpuasm.ui.clearStateFile', async () => {
      await stateFile.clear();
      await sendInitialState(stateFile);
    }),
    vscode.commands.registerCommand('gpuasm.ui.clearRun', () => decorations.clear()),
    vscode.commands.registerCommand('gpuasm.ui.revealLine', revealLine),
    vscode.commands.registerCommand('gpuasm.ui.restartServer', async () => {
      await stopClient();
      await startClient(host, stateFile);
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length > 0) {
        decorations.clear(event.document.uri);
      }
    }),
    vscode.window.onDidChangeVisibleTextEditors(() => decorations.refresh()),
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      stateFile.follow(editor);
      sendCursor(editor);
      void refreshSpecStatus();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('gpuasm.serverPath')) {
        await stopClient();
        await startClient(host, stateFile);
      } else if (
        (event.affectsConfiguration('gpuasm.encodingHints') ||
          event.affectsConfiguration('gpuasm.liveValues') ||
          event.affectsConfiguration('gpuasm.specDir') ||
          event.affectsConfiguration('gpuasm.referenceDirectory')) &&
        client?.state === State.Running
      ) {
        await client.sendNotification('workspace/didChangeConfiguration', { settings: { gpuasm: serverSettings() } });
      }
    }),
  );
  stateFile.follow(vscode.window.activeTextEditor);
  await startClient(host, stateFile);
}

export async function deactivateClient(): Promise<void> {
  await stopClient();
}
