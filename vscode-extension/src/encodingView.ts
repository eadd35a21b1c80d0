import * as vscode from 'vscode';
import { EncodingResult } from './protocol';
import { escapeHtml, nonce, page } from './html';

function bits(hi: number, lo: number): string {
  return hi === lo ? `${hi}` : `${hi}:${lo}`;
}

export function encodingHtml(fileName: string, result: EncodingResult): string {
  const sections = result.instructions.map((instruction) => {
    const rows = instruction.fields
      .map((field) =>
        `<tr><th scope="row">${escapeHtml(field.name)}</th><td>${bits(field.hi, field.lo)}</td><td>${field.hi - field.lo + 1}</td><td>${escapeHtml(field.value)}</td></tr>`)
      .join('');
    return `<section class="instruction">
<h3>line ${instruction.line + 1}: <code>${escapeHtml(instruction.text)}</code></h3>
<p>variant <code class="variant">${escapeHtml(instruction.variant)}</code> · encoding <code class="encoding">${escapeHtml(instruction.encoding)}</code></p>
<table class="fields"><thead><tr><th>field</th><th>bits</th><th>width</th><th>value</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
  });
  const body = sections.length > 0
    ? sections.join('\n')
    : `<p>No instruction on these lines assembles (see the Problems panel).</p>`;
  return page(`gpuasm encoding: ${fileName}`, nonce(), 'th { text-align: left; } h3 { margin-bottom: 2px; }', body, '');
}

/** The encoding panel: the field table of the instructions on the chosen lines. */
export class EncodingPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;

  show(fileName: string, result: EncodingResult): void {
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        'gpuasm.encoding',
        'gpuasm Encoding',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
      });
    } else {
      this.panel.reveal(undefined, true);
    }
    this.panel.webview.html = encodingHtml(fileName, result);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
