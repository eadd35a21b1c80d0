// The warp debugger in VS Code: `gpuasm dap` (docs/PROTOCOL.md; or the WebAssembly core's, src/wasmServer.ts) as the debug adapter of type
// `gpuasm`, F5 on an .asm file without a launch.json, and the registers view following the
// session — each stop shows the whole warp (gpuasm/warpState) with what changed since the
// previous stop, and a lane picked in the view becomes the session's lane (gpuasm/selectLane).
import * as vscode from 'vscode';
import { RegisterValue, RunResult, ValueType } from './protocol';
import { RegistersPanel } from './registersView';

export const debugType = 'gpuasm';

/** The reply of gpuasm/warpState. */
interface WarpState {
  position: number;
  length: number;
  /** 1-based; absent when every instruction ran. */
  line?: number;
  lane: number;
  activeMask: string;
  regs: Record<string, RegisterValue>;
  /** The type each register is shown in (docs/PROTOCOL.md, gpuasm/warpState). */
  types?: Record<string, ValueType>;
}

/** The launch configuration F5 makes for the active .asm file when there is no launch.json. */
export function defaultConfiguration(stopOnEntry: boolean): vscode.DebugConfiguration {
  return { type: debugType, request: 'launch', name: 'gpuasm: debug the warp', program: '${file}', stopOnEntry };
}

export class DebugConfigurations implements vscode.DebugConfigurationProvider {
  /** `stateFile`: the state file chosen for runs (gpuasm: Pick Initial State File), if any. */
  constructor(private readonly stateFile: () => string | undefined) {}

  provideDebugConfigurations(): vscode.DebugConfiguration[] {
    return [defaultConfiguration(true)];
  }

  resolveDebugConfiguration(_folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
    if (!config.type && !config.request && !config.name) {
      // F5 without a launch.json: the active editor's file, to the first breakpoint.
      if (vscode.window.activeTextEditor?.document.languageId !== 'gpuasm') {
        void vscode.window.showErrorMessage('gpuasm: open a gpuasm (.asm) file to debug it, or add a gpuasm launch configuration.');
        return undefined;
      }
      config = defaultConfiguration(false);
    }
    if (typeof config.program !== 'string' || config.program === '') {
      void vscode.window.showErrorMessage('gpuasm: the launch configuration needs "program", the .asm file to debug.');
      return undefined;
    }
    const chosen = this.stateFile();
    if (config.stateFile === undefined && chosen !== undefined) {
      config.stateFile = chosen;
    }
    return config;
  }
}

/** The last part of a path (either separator: the browser has no path module). */
function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

/** How the registers view words a stop. */
function stopOf(warp: WarpState, exception: string | undefined): RunResult['stop'] {
  if (exception !== undefined) {
    return { reason: 'error', line: warp.line, executed: warp.position, message: exception };
  }
  if (warp.line === undefined) {
    return { reason: 'end', executed: warp.position };
  }
  return { reason: 'until', line: warp.line, executed: warp.position };
}

/**
 * Follows gpuasm debug sessions: after every stop (and after a lane change, which the adapter
 * answers with `invalidated`) the registers view shows the warp, the changes since the previous
 * stop marked.
 */
export class DebugFollower implements vscode.DebugAdapterTrackerFactory, vscode.Disposable {
  private previous = new Map<string, Record<string, RegisterValue>>();
  private shown = new Map<string, Record<string, RegisterValue>>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly registers: RegistersPanel, private readonly output: vscode.OutputChannel) {
    this.subscriptions.push(
      vscode.debug.onDidTerminateDebugSession((session) => {
        this.previous.delete(session.id);
        this.shown.delete(session.id);
      }),
    );
  }

  createDebugAdapterTracker(session: vscode.DebugSession): vscode.DebugAdapterTracker {
    return {
      onDidSendMessage: (message: { type?: string; event?: string; body?: { reason?: string; text?: string } }) => {
        if (message.type !== 'event') {
          return;
        }
        if (message.event === 'stopped') {
          const exception = message.body?.reason === 'exception' ? message.body.text ?? 'the instruction cannot execute' : undefined;
          void this.follow(session, true, exception);
        } else if (message.event === 'invalidated') {
          void this.follow(session, false, undefined);
        }
      },
    };
  }

  /** Tells the active gpuasm session the lane picked in the registers view. */
  async selectLane(lane: number): Promise<void> {
    const session = vscode.debug.activeDebugSession;
    if (session?.type === debugType) {
      await session.customRequest('gpuasm/selectLane', { lane }).then(undefined, (error: Error) =>
        this.output.appendLine(`gpuasm/selectLane: ${error.message}`));
    }
  }

  private async follow(session: vscode.DebugSession, newStop: boolean, exception: string | undefined): Promise<void> {
    let warp: WarpState;
    try {
      warp = (await session.customRequest('gpuasm/warpState')) as WarpState;
    } catch (error) {
      this.output.appendLine(`gpuasm/warpState: ${(error as Error).message}`);
      return;
    }
    if (newStop) {
      this.previous.set(session.id, this.shown.get(session.id) ?? warp.regs);
      this.shown.set(session.id, warp.regs);
    }
    const program = typeof session.configuration.program === 'string' ? baseName(session.configuration.program) : session.name;
    this.registers.show({
      title: `debugging ${program}`,
      result: { stop: stopOf(warp, exception), activeMask: warp.activeMask, regs: warp.regs, types: warp.types },
      initial: this.previous.get(session.id) ?? warp.regs,
      lane: warp.lane,
      changedLegend: 'changed since the previous stop',
    });
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}

/** The argument VS Code passes to a command of the Variables view's context menu. */
interface VariableContext {
  variable?: { name?: string; evaluateName?: string };
}

/** "Where did this value come from?": the provenance chain (`why` in the adapter) in the Debug Console. */
export async function explainValue(context: VariableContext | undefined): Promise<void> {
  const session = vscode.debug.activeDebugSession;
  if (session?.type !== debugType) {
    void vscode.window.showErrorMessage('gpuasm: no gpuasm debug session is active.');
    return;
  }
  // A lane scope's R1 evaluates as "R1" (the session's lane), its f32 view as "f32(R1)", a lane
  // of "All lanes" as "R1[5]".
  let register = context?.variable?.evaluateName ?? context?.variable?.name;
  const f32 = /^f32\((.*)\)$/.exec(register ?? '');
  if (f32) {
    register = f32[1];
  }
  if (!register) {
    register = await vscode.window.showInputBox({ prompt: 'Register and lane, e.g. R1[3] (without a lane: the session\'s lane)' });
    if (!register) {
      return;
    }
  }
  try {
    const reply = (await session.customRequest('evaluate', { expression: `why ${register}`, context: 'repl' })) as { result: string };
    vscode.debug.activeDebugConsole.appendLine(`why ${register}:\n${reply.result}`);
    await vscode.commands.executeCommand('workbench.debug.action.focusRepl');
  } catch (error) {
    void vscode.window.showErrorMessage(`gpuasm: why ${register}: ${(error as Error).message}`);
  }
}
