import * as vscode from 'vscode';
import { compareRegisterNames, executedText, isPerLane, laneCount, RegisterValue, RunResult, typedValue, valueInLane } from './protocol';
import { escapeHtml, nonce, page } from './html';

/** What the registers view shows: one run, the state it started from, and the lane in focus. */
export interface RegistersModel {
  title: string;
  result: RunResult;
  initial: Record<string, RegisterValue>;
  lane: number;
  /** What a marked value means; "changed by the run" when not said. */
  changedLegend?: string;
}

function numeric(text: string): string {
  if (text === 'true' || text === 'false') {
    return text;
  }
  const value = text.startsWith('0x') || text.startsWith('0X') ? Number.parseInt(text, 16) : Number(text);
  return Number.isNaN(value) ? text : String(value);
}

/** The value a register has before anyone sets it: 0, or false for a predicate. */
function unsetValue(name: string): string {
  return /^U?P/.test(name) ? 'false' : '0';
}

/** Whether the run left a register's value in a lane different from the state it started from. */
export function changedInLane(model: RegistersModel, name: string, lane: number): boolean {
  const before = model.initial[name];
  const initial = before === undefined ? unsetValue(name) : numeric(valueInLane(before, lane));
  return numeric(valueInLane(model.result.regs[name], lane)) !== initial;
}

export function stopText(result: RunResult): string {
  const { stop } = result;
  const executed = executedText(stop);
  switch (stop.reason) {
    case 'until':
      return `stopped before line ${stop.line ?? '?'}: ${executed}`;
    case 'end':
      return `ran to the end: ${executed}`;
    case 'error':
      return `error at line ${stop.line ?? '?'}: ${stop.message ?? 'the run stopped'} (${executed})`;
  }
}

/**
 * One register's cell: the value in the type the run gives the register (`types`: f32 as a
 * short decimal, s32 signed, bool) with the hex in its tooltip, or the hex as the run wrote it.
 */
export function valueCell(model: RegistersModel, name: string, lane: number, attributes: string): string {
  const raw = valueInLane(model.result.regs[name], lane);
  const typed = typedValue(raw, model.result.types?.[name]);
  const changed = changedInLane(model, name, lane) ? ' class="changed"' : '';
  const title = typed === undefined ? '' : ` title="${escapeHtml(raw)}"`;
  return `<td${changed}${title} ${attributes}>${escapeHtml(typed ?? raw)}</td>`;
}

function activeLanes(result: RunResult): number {
  const mask = Number.parseInt(result.activeMask, 16);
  return Number.isNaN(mask) ? 0xffffffff : mask;
}

function renderUniforms(model: RegistersModel, names: string[]): string {
  if (names.length === 0) {
    return '';
  }
  const rows = names
    .map((name) => `<tr><th scope="row">${escapeHtml(name)}</th>${valueCell(model, name, 0, `data-reg="${escapeHtml(name)}"`)}</tr>`)
    .join('');
  return `<h3>Uniform registers</h3><table id="uniforms"><tbody>${rows}</tbody></table>`;
}

function renderLanes(model: RegistersModel, names: string[]): string {
  if (names.length === 0) {
    return '<p>No per-lane register was set or written.</p>';
  }
  const mask = activeLanes(model.result);
  const header = `<tr><th>lane</th>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join('')}</tr>`;
  const rows: string[] = [];
  for (let lane = 0; lane < laneCount; ++lane) {
    const active = (mask >>> lane) & 1;
    const classes = [lane === model.lane ? 'selected' : '', active ? '' : 'inactive'].filter((c) => c).join(' ');
    const cells = names
      .map((name) => valueCell(model, name, lane, `data-reg="${escapeHtml(name)}" data-lane="${lane}"`))
      .join('');
    const label = `${lane}${active ? '' : ' -'}`;
    rows.push(`<tr class="${classes}" data-lane="${lane}" title="select lane ${lane}"><th scope="row">${label}</th>${cells}</tr>`);
  }
  return `<h3>Lanes</h3><table id="lanes"><thead>${header}</thead><tbody>${rows.join('')}</tbody></table>`;
}

export function registersHtml(model: RegistersModel): string {
  const names = Object.keys(model.result.regs).sort(compareRegisterNames);
  const perLane = names.filter((n) => isPerLane(model.result.regs[n]));
  const uniform = names.filter((n) => !isPerLane(model.result.regs[n]));
  const options = Array.from({ length: laneCount }, (_, lane) =>
    `<option value="${lane}"${lane === model.lane ? ' selected' : ''}>${lane}</option>`).join('');
  const body = `
<p id="stop" class="stop-${model.result.stop.reason}">${escapeHtml(model.title)}: ${escapeHtml(stopText(model.result))}</p>
<p>active mask <code id="active-mask">${escapeHtml(model.result.activeMask)}</code> ·
<label>lane <select id="lane">${options}</select></label> (its values are shown at the end of each executed line) ·
<span class="changed legend">${escapeHtml(model.changedLegend ?? 'changed by the run')}</span></p>
${renderUniforms(model, uniform)}
${renderLanes(model, perLane)}`;
  const style = `
.changed { background: var(--vscode-diffEditor-insertedTextBackground, rgba(155, 185, 85, 0.3)); font-weight: bold; }
tr.selected th, tr.selected td { outline: 1px solid var(--vscode-focusBorder); background: var(--vscode-list-activeSelectionBackground); color: var(--vscode-list-activeSelectionForeground); }
tr.inactive { opacity: 0.5; }
#lanes tbody tr { cursor: pointer; }
.stop-error { color: var(--vscode-errorForeground); }
.legend { padding: 0 4px; }`;
  const script = `
const vscode = acquireVsCodeApi();
const select = (lane) => vscode.postMessage({ type: 'selectLane', lane: Number(lane) });
document.getElementById('lane').addEventListener('change', (e) => select(e.target.value));
for (const row of document.querySelectorAll('#lanes tbody tr')) {
  row.addEventListener('click', () => select(row.dataset.lane));
}
const selected = document.querySelector('#lanes tr.selected');
if (selected) selected.scrollIntoView({ block: 'nearest' });`;
  return page('gpuasm registers', nonce(), style, body, script);
}

/** The registers panel: one webview beside the editor, reused by every run. */
export class RegistersPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private model: RegistersModel | undefined;
  private readonly laneListeners: ((lane: number) => void)[] = [];

  onLaneSelected(listener: (lane: number) => void): void {
    this.laneListeners.push(listener);
  }

  show(model: RegistersModel): void {
    this.model = model;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel(
        'gpuasm.registers',
        'gpuasm Registers',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, retainContextWhenHidden: true },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
      });
      this.panel.webview.onDidReceiveMessage((message: { type?: string; lane?: unknown }) => {
        if (message.type === 'selectLane' && Number.isInteger(message.lane)) {
          this.selectLane(message.lane as number);
        }
      });
    } else {
      this.panel.reveal(undefined, true);
    }
    this.panel.title = `gpuasm Registers: ${model.title}`;
    this.panel.webview.html = registersHtml(model);
  }

  selectLane(lane: number): void {
    if (!this.model || lane < 0 || lane >= laneCount) {
      return;
    }
    this.show({ ...this.model, lane });
    for (const listener of this.laneListeners) {
      listener(lane);
    }
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
