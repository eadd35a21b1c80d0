import * as vscode from 'vscode';
import { readText, uriOf } from './wasmServer';

const stateKey = 'gpuasm.stateFile';

/**
 * The initial-state file (docs/PROTOCOL.md's state file) chosen for this workspace; sent as
 * `state` with every run. Read anew for each run, so edits to it count, through the VS Code file
 * system API (the disk, or a browser's workspace). Kept as its path (its URI where it has no path
 * on this machine's disk).
 */
export class StateFile implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);

  constructor(private readonly memento: vscode.Memento) {
    this.item.command = 'gpuasm.ui.pickStateFile';
    this.update();
  }

  get file(): string | undefined {
    return this.memento.get<string>(stateKey);
  }

  /** Lets the user choose a state file; true when one was chosen. */
  async pick(): Promise<boolean> {
    const chosen = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: 'Use as initial state',
      title: 'gpuasm: initial state for runs, live values and expectations',
      filters: { 'State file (JSON)': ['json'] },
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    });
    if (!chosen || chosen.length === 0) {
      return false;
    }
    const file = chosen[0].scheme === 'file' ? chosen[0].fsPath : chosen[0].toString();
    try {
      await this.read(file);
    } catch (error) {
      void vscode.window.showErrorMessage(`gpuasm: ${(error as Error).message}`);
      return false;
    }
    await this.memento.update(stateKey, file);
    this.update();
    void vscode.window.showInformationMessage(`gpuasm: runs start from the state in ${file}`);
    return true;
  }

  async clear(): Promise<void> {
    await this.memento.update(stateKey, undefined);
    this.update();
  }

  /** The state object to send, or undefined when none is chosen; throws with a clear message. */
  async load(): Promise<object | undefined> {
    const file = this.file;
    return file === undefined ? undefined : this.read(file);
  }

  private async read(file: string): Promise<object> {
    let text: string;
    try {
      text = await readText(uriOf(file));
    } catch (error) {
      throw new Error(`cannot read the state file ${file}: ${(error as Error).message}`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(`the state file ${file} is not JSON: ${(error as Error).message}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Error(`the state file ${file} must hold a JSON object ({"regs": {...}, "cmem": {...}, "activeMask": ...})`);
    }
    return value;
  }

  private update(): void {
    const file = this.file;
    this.item.text = file ? `$(symbol-variable) state: ${file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1)}` : '$(symbol-variable) state: @state lines';
    this.item.tooltip = file
      ? `gpuasm runs start from ${file} over the document's // @state lines. Click to choose another.`
      : 'gpuasm runs start from the document\'s // @state lines. Click to choose a state file.';
  }

  /** Shown while a gpuasm document is in the active editor. */
  follow(editor: vscode.TextEditor | undefined): void {
    if (editor?.document.languageId === 'gpuasm') {
      this.item.show();
    } else {
      this.item.hide();
    }
  }

  dispose(): void {
    this.item.dispose();
  }
}
