// The Lanes view of the Run and Debug side bar: follows gpuasm debug sessions (its own debug
// adapter tracker) and draws the lane view at every stop (laneRender.ts), with a timeline slider
// over the program's steps that moves the session (gpuasm/gotoStep). The adapter is asked
// (gpuasm/followLanes) to send the lane view as an event right after each stopped event, so a
// stop is drawn without a request's round trip; gpuasm/laneView serves the first stop and lane
// changes. The page is made once; each stop posts the new body with the time the stopped event
// arrived, and the page, once its DOM holds the body, shows (and the e2e test reads) how long
// after the stopped event that was.
import * as vscode from 'vscode';
import { debugType } from './debug';
import { nonce, page } from './html';
import { LaneViewData, laneViewBody, stepText } from './laneRender';

export const lanesViewId = 'gpuasm.lanes';

const style = `
#timeline-bar { display: flex; gap: 8px; align-items: center; position: sticky; top: 0; background: var(--vscode-sideBar-background, var(--vscode-editor-background)); padding: 4px 0; z-index: 2; }
#timeline { flex: 1; }
.instruction, #exchange, #uniforms { margin: 2px 0; }
#grid { display: grid; font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); position: relative; }
#grid > div { line-height: 20px; height: 20px; box-sizing: border-box; padding: 0 4px; white-space: nowrap; text-align: right; border-bottom: 1px solid var(--vscode-panel-border, transparent); }
#grid .h { font-weight: bold; position: sticky; top: 28px; background: var(--vscode-sideBar-background, var(--vscode-editor-background)); z-index: 1; }
#grid .lane { cursor: pointer; color: var(--vscode-descriptionForeground); }
#grid .lane.idle { opacity: 0.5; }
#grid .focus { background: var(--vscode-list-inactiveSelectionBackground); }
#grid .strip { margin: 3px 2px; height: 14px !important; border: none !important; padding: 0 !important; }
.strip.on { background: var(--vscode-charts-green, #4c4); }
.strip.off { background: var(--vscode-disabledForeground, #666); opacity: 0.35; }
.read, code.read { background: rgba(64, 128, 255, 0.25); }
.write, code.write { background: rgba(255, 160, 0, 0.3); }
.written { font-weight: bold; text-decoration: underline; }
#exchange-svg { overflow: visible; }
#exchange-svg .arrow { fill: none; stroke: var(--vscode-charts-blue, #48f); stroke-width: 1.3; }
#exchange-svg .head { fill: var(--vscode-charts-blue, #48f); }
#exchange-svg .own { fill: var(--vscode-charts-orange, #f80); }
#exchange-svg .self { fill: var(--vscode-charts-blue, #48f); }
#exchange-svg .combine { fill: var(--vscode-charts-purple, #a6f); }
#exchange-svg .combine-bar { stroke: var(--vscode-charts-purple, #a6f); stroke-width: 2; }
.error { color: var(--vscode-errorForeground); }
#redraw { color: var(--vscode-descriptionForeground); }`;

const script = `
const vscode = acquireVsCodeApi();
const slider = document.getElementById('timeline');
const body = document.getElementById('body');
slider.addEventListener('input', () => { document.getElementById('step').textContent = 'step ' + slider.value + ' of ' + slider.max; });
slider.addEventListener('change', () => vscode.postMessage({ type: 'gotoStep', step: Number(slider.value) }));
body.addEventListener('click', (e) => {
  const lane = e.target.closest && e.target.closest('.lane');
  if (lane) vscode.postMessage({ type: 'selectLane', lane: Number(lane.dataset.lane) });
});
window.addEventListener('message', (event) => {
  const m = event.data;
  if (m.type === 'show') {
    body.innerHTML = m.html;
    slider.max = String(m.length);
    slider.value = String(m.position);
    slider.disabled = false;
    document.getElementById('step').textContent = m.step;
    document.body.dataset.position = String(m.position);
    if (m.stoppedAt) {
      // The DOM holds the new view once its layout is done (offsetHeight forces it).
      void body.offsetHeight;
      const ms = Date.now() - m.stoppedAt;
      const r = document.getElementById('redraw');
      r.textContent = 'redrawn ' + ms + ' ms after the stopped event';
      r.dataset.ms = String(ms);
      r.dataset.seq = String(m.seq);
      vscode.postMessage({ type: 'drawn', ms });
    }
  } else if (m.type === 'idle') {
    body.innerHTML = '<p>' + m.text + '</p>';
    slider.disabled = true;
  }
});
vscode.postMessage({ type: 'ready' });`;

function lanesPage(): string {
  const html = `
<div id="timeline-bar"><input type="range" id="timeline" min="0" max="0" value="0" disabled aria-label="timeline: the step to go to">
<span id="step">no gpuasm debug session</span></div>
<div id="body"><p>Start a gpuasm debug session (F5 on an .asm file): the warp's lanes show here at every stop.</p></div>
<p id="redraw"></p>`;
  return page('gpuasm lanes', nonce(), style, html, script);
}

/** The Lanes view and the tracker that redraws it at every stop of a gpuasm session. */
export class LanesView implements vscode.WebviewViewProvider, vscode.DebugAdapterTrackerFactory, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private session: vscode.DebugSession | undefined;
  private stoppedAt = 0;
  private seq = 0;
  /** The sessions that send gpuasm/laneView events (gpuasm/followLanes was answered). */
  private readonly following = new Set<string>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly output: vscode.OutputChannel) {
    this.subscriptions.push(
      vscode.debug.onDidTerminateDebugSession((session) => {
        this.following.delete(session.id);
        if (session.id === this.session?.id) {
          this.session = undefined;
          void this.view?.webview.postMessage({ type: 'idle', text: 'The debug session ended.' });
        }
      }),
    );
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = { enableScripts: true };
    view.webview.html = lanesPage();
    view.onDidDispose(() => {
      this.view = undefined;
    });
    view.onDidChangeVisibility(() => {
      if (view.visible) {
        void this.redraw();
      }
    });
    view.webview.onDidReceiveMessage((m: { type?: string; step?: unknown; lane?: unknown; ms?: unknown }) => {
      if (m.type === 'ready') {
        void this.redraw();
      } else if (m.type === 'gotoStep' && Number.isInteger(m.step)) {
        void this.request('gpuasm/gotoStep', { step: m.step });
      } else if (m.type === 'selectLane' && Number.isInteger(m.lane)) {
        void this.request('gpuasm/selectLane', { lane: m.lane });
      } else if (m.type === 'drawn' && typeof m.ms === 'number') {
        this.output.appendLine(`lanes view: redrawn ${m.ms} ms after the stopped event`);
      }
    });
  }

  createDebugAdapterTracker(session: vscode.DebugSession): vscode.DebugAdapterTracker {
    return {
      onDidSendMessage: (message: { type?: string; event?: string; body?: unknown }) => {
        if (message.type !== 'event') {
          return;
        }
        if (message.event === 'stopped') {
          this.session = session;
          this.stoppedAt = Date.now();
          if (!this.following.has(session.id)) {
            void this.redraw();
            void session.customRequest('gpuasm/followLanes', { enabled: true }).then(() => this.following.add(session.id),
              (error: Error) => this.output.appendLine(`gpuasm/followLanes: ${error.message}`));
          }
        } else if (message.event === 'gpuasm/laneView' && session.id === this.session?.id) {
          this.draw(message.body as LaneViewData);
        } else if (message.event === 'invalidated' && session.id === this.session?.id) {
          void this.redraw();
        }
      },
    };
  }

  private async request(command: string, args: object): Promise<void> {
    const session = this.session ?? vscode.debug.activeDebugSession;
    if (session?.type !== debugType) {
      return;
    }
    await session.customRequest(command, args).then(undefined, (error: Error) =>
      this.output.appendLine(`${command}: ${error.message}`));
  }

  private async redraw(): Promise<void> {
    const session = this.session;
    const view = this.view;
    if (!session || !view || !view.visible) {
      this.stoppedAt = 0;  // drawn later, when shown: not a redraw after a stop
      return;
    }
    let data: LaneViewData;
    try {
      data = (await session.customRequest('gpuasm/laneView')) as LaneViewData;
    } catch (error) {
      this.output.appendLine(`gpuasm/laneView: ${(error as Error).message}`);
      return;
    }
    this.draw(data);
  }

  /** Posts one lane view to the page, with the time of the stop it follows (0: not a stop). */
  private draw(data: LaneViewData): void {
    const view = this.view;
    if (!view || !view.visible) {
      this.stoppedAt = 0;
      return;
    }
    this.seq += 1;
    const stoppedAt = this.stoppedAt;
    this.stoppedAt = 0;
    void view.webview.postMessage({ type: 'show', seq: this.seq, html: laneViewBody(data), position: data.position, length: data.length, step: stepText(data), stoppedAt });
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}
