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
  /** Loader errors no erratum accounts for in the spec in use: its words, encodings and runs may be wrong. */
  loadErrors: { count: number; first: { file: string; line: number; column: number; code: string; message: string } } | null;
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
    // A spec that loaded with errors is in use and may give wrong answers: an error, not a warning.
    const broken = info.loadErrors !== null && info.loadErrors !== undefined;
    const icon = broken ? '$(error)' : info.problem === null ? '$(book)' : '$(warning)';
    this.item.text = `${icon} spec: ${where}${broken ? ` (${info.loadErrors!.count} errors)` : ''}`;
    this.item.tooltip = describeSpec(info);
    this.item.backgroundColor = broken
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : info.problem === null
        ? undefined
        : new vscode.ThemeColor('statusBarItem.warningBackground');
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
  if (info.loadErrors !== null && info.loadErrors !== undefined) {
    const { count, first } = info.loadErrors;
    lines.push(
      `${count} ${count === 1 ? 'error' : 'errors'} no erratum accounts for: diagnostics, encodings and runs may be wrong; the first: ` +
        `${first.file}:${first.line}:${first.column}: ${first.message} [${first.code}]`,
    );
  }
  if (info.problem !== null) {
    lines.push(`Not loaded: ${info.problem}`);
  }
  return lines.join('\n');
}

/**
 * VS Code picks a document's language by its file extension before its first line, so the spec's
 * `.txt` files open as Plain Text despite the gpuasm-spec language's `firstLine`. This switches a
 * plain-text document to gpuasm-spec when the server reads it (one of the spec's files) or when
 * its first non-blank line opens a `__Def…` definition (the embedded spec's files that go to
 * definition opens).
 */
export class SpecLanguage implements vscode.Disposable {
  private files = new Set<string>();
  private readonly subscription = vscode.workspace.onDidOpenTextDocument((document) => void this.adopt(document));

  constructor() {
    for (const document of vscode.workspace.textDocuments) {
      void this.adopt(document);
    }
  }

  /** The spec in use changed: its files are spec documents from now on. */
  show(info: SpecInfo): void {
    // Each project's spec has its files (docs/PROTOCOL.md, "A document's spec"): they add up.
    for (const file of info.files) {
      this.files.add(file);
    }
    for (const document of vscode.workspace.textDocuments) {
      void this.adopt(document);
    }
  }

  private async adopt(document: vscode.TextDocument): Promise<void> {
    if (document.languageId !== 'plaintext' || document.uri.scheme !== 'file' || !document.fileName.endsWith('.txt')) {
      return;
    }
    if (this.files.has(document.fileName) || opensDefinition(document)) {
      await vscode.languages.setTextDocumentLanguage(document, 'gpuasm-spec');
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

function opensDefinition(document: vscode.TextDocument): boolean {
  for (let i = 0; i < Math.min(document.lineCount, 20); i += 1) {
    const text = document.lineAt(i).text.trim();
    if (text !== '') {
      return /^__Def[A-Za-z]+\s/.test(text);
    }
  }
  return false;
}
