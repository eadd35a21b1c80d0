import * as vscode from 'vscode';

/** The object of gpuasm/specStatus and gpuasm/specInfo (docs/PROTOCOL.md, "The workspace's spec"). */
export interface SpecInfo {
  origin: 'setting' | 'gpuasm.json' | 'command line' | 'embedded';
  dir: string | null;
  configFile: string | null;
  files: string[];
  optypes: number;
  opcodes: number;
  errors: number;
  warnings: number;
  reloads: number;
  reloading: boolean;
  problem: string | null;
}

/** The status bar item that says which spec the server uses, and whether the last change to it took. */
export class SpecStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 9);

  constructor() {
    this.item.name = 'gpuasm spec';
    this.item.command = 'gpuasm.ui.showSpecInfo';
  }

  show(info: SpecInfo): void {
    const where = info.dir === null ? 'embedded' : info.dir.split('/').filter((p) => p !== '').pop() ?? info.dir;
    this.item.text = `${info.problem === null ? '$(book)' : '$(warning)'} spec: ${where}`;
    this.item.tooltip = describeSpec(info);
    this.item.backgroundColor = info.problem === null ? undefined : new vscode.ThemeColor('statusBarItem.warningBackground');
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}

/** A few lines on the spec in use, for the tooltip and the info message. */
export function describeSpec(info: SpecInfo): string {
  const lines = [
    info.dir === null ? 'gpuasm: the embedded spec' : `gpuasm: the spec in ${info.dir} (from the ${info.origin}${info.configFile ? ` ${info.configFile}` : ''})`,
    `${info.optypes} instruction types, ${info.opcodes} encoding variants; ${info.errors} errors, ${info.warnings} warnings in the spec`,
  ];
  if (info.problem !== null) {
    lines.push(`Not loaded: ${info.problem}`);
  }
  return lines.join('\n');
}
