import * as vscode from 'vscode';
import { nonce } from './html';
import { ReferenceAssets, ReferenceResult, referenceHtml, referenceTarget, referenceTitle } from './referenceRender';

/** gpuasm/reference with `{page}` or `{textDocument, position}`; undefined when the request failed (already said). */
export type ReferenceRequest = (params: object) => Promise<ReferenceResult | null | undefined>;

/**
 * The instruction reference panel (gpuasm: Open Instruction Reference): a page of the reference
 * rendered by the server from the spec in use, beside the editor, reused by the next call. Its
 * links to other pages load them into the panel (and scroll to their anchor); nothing is loaded
 * from the network or the disk.
 */
export class ReferencePanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private page = '';

  constructor(private readonly request: ReferenceRequest) {}

  /** Shows `result` (a page and the anchor to scroll to). */
  async show(result: ReferenceResult): Promise<void> {
    // The style sheet and the script every page loads, from the same spec (a look-up each).
    const [css, js] = await Promise.all([this.request({ page: 'reference.css' }), this.request({ page: 'reference.js' })]);
    if (!css || !js) {
      return;
    }
    const assets: ReferenceAssets = { css: css.text, js: js.text };
    const title = `gpuasm Reference: ${referenceTitle(result)}`;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        'gpuasm.reference',
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, enableCommandUris: false, localResourceRoots: [] },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
      });
      this.panel.webview.onDidReceiveMessage((message) => this.follow(message));
    } else {
      this.panel.title = title;
      this.panel.reveal(undefined, true);
    }
    this.page = result.page;
    this.panel.webview.html = referenceHtml(result, assets, nonce());
  }

  /** A click on a link of the page: another page of the reference, loaded here. */
  private async follow(message: unknown): Promise<void> {
    const href = (message as { type?: unknown; href?: unknown })?.href;
    if ((message as { type?: unknown })?.type !== 'open' || typeof href !== 'string') {
      return;
    }
    const target = referenceTarget(this.page, href);
    if (!target) {
      return;  // not a page of the reference (none are expected): ignored
    }
    const result = await this.request({ page: target.page });
    if (result) {
      await this.show({ ...result, anchor: target.anchor });
    }
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
