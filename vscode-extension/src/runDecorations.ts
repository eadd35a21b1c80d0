import * as vscode from 'vscode';
import { RunResult, runStopMark, TraceEntry, writesText } from './protocol';
import { stopText } from './registersView';

/**
 * The run's marks in the editor: the stop line highlighted (like a debugger's current line) and,
 * at the end of every executed line, the values it wrote in the selected lane.
 */
export class RunDecorations implements vscode.Disposable {
  private readonly stopLine = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.stackFrameHighlightBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.infoForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Full,
  });
  private readonly errorLine = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('inputValidation.errorBackground'),
  });
  private readonly writes = vscode.window.createTextEditorDecorationType({
    after: {
      color: new vscode.ThemeColor('editorCodeLens.foreground'),
      fontStyle: 'italic',
      margin: '0 0 0 2em',
    },
  });
  private shown: { uri: string; result: RunResult; lane: number } | undefined;

  show(editor: vscode.TextEditor, result: RunResult, lane: number): void {
    this.shown = { uri: editor.document.uri.toString(), result, lane };
    this.apply(editor);
  }

  setLane(lane: number): void {
    if (this.shown) {
      this.shown.lane = lane;
      this.refresh();
    }
  }

  /** Clears the marks of a document (its text changed, so they no longer describe it). */
  clear(uri?: vscode.Uri): void {
    if (!this.shown || (uri && uri.toString() !== this.shown.uri)) {
      return;
    }
    this.shown = undefined;
    for (const editor of vscode.window.visibleTextEditors) {
      for (const type of [this.stopLine, this.errorLine, this.writes]) {
        editor.setDecorations(type, []);
      }
    }
  }

  refresh(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      this.apply(editor);
    }
  }

  private apply(editor: vscode.TextEditor): void {
    if (!this.shown || editor.document.uri.toString() !== this.shown.uri) {
      return;
    }
    const { result, lane } = this.shown;
    const document = editor.document;
    const lineRange = (line1: number) => document.lineAt(Math.min(Math.max(line1 - 1, 0), document.lineCount - 1)).range;

    const stop: vscode.DecorationOptions[] = [];
    const error: vscode.DecorationOptions[] = [];
    if (result.stop.line !== undefined && result.stop.reason !== 'end') {
      const mark = {
        range: lineRange(result.stop.line),
        hoverMessage: `gpuasm: ${stopText(result)}`,
        renderOptions: { after: { contentText: `  ◀ ${runStopMark(result)}`, margin: '0 0 0 2em' } },
      };
      (result.stop.reason === 'error' ? error : stop).push(mark);
    }

    // A line executed more than once keeps its last writes.
    const lastWrites = new Map<number, TraceEntry>();
    for (const entry of result.trace ?? []) {
      lastWrites.set(entry.line, entry);
    }
    const writes: vscode.DecorationOptions[] = [];
    for (const [line, entry] of lastWrites) {
      const text = writesText(entry, lane, result.types);
      if (text !== '' && line !== result.stop.line) {
        const range = lineRange(line);
        writes.push({
          range: new vscode.Range(range.end, range.end),
          renderOptions: { after: { contentText: `lane ${lane}: ${text}` } },
        });
      }
    }
    editor.setDecorations(this.stopLine, stop);
    editor.setDecorations(this.errorLine, error);
    editor.setDecorations(this.writes, writes);
  }

  dispose(): void {
    this.stopLine.dispose();
    this.errorLine.dispose();
    this.writes.dispose();
  }
}
