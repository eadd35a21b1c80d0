// The Lanes view's drawing, VS Code-free (unit-tested in test/unit): the reply of gpuasm/laneView
// (docs/PROTOCOL.md) as HTML — 32 lane rows × the registers the program names, the next
// instruction's reads and writes marked, the active mask and the guard as lane strips, SHFL as SVG
// arrows from the source lane to the destination lane, VOTE/REDUX/MATCH as the lanes they combine.
import { escapeHtml } from './html';

export const laneCount = 32;
/** The height of a lane row in pixels: the SVG's arrows are drawn on this grid. */
export const rowHeight = 20;
const arrowWidth = 96;

/** gpuasm/laneView's exchange of a warp operation. */
export interface LaneExchange {
  op: string;
  participants: string;
  /** SHFL: per lane the lane it received Ra from; null for lanes that do not take part. */
  sources?: (number | null)[];
  inRange?: string;
  results: { register: string; value: string }[];
}

/** gpuasm/laneView's next or previous instruction. */
export interface InstructionLanes {
  position: number;
  line: number;
  source: string;
  reads: string[];
  writes: string[];
  guard?: string;
  guardLanes: string;
  lanes: string;
  error?: string;
  exchange?: LaneExchange;
}

/** The reply of gpuasm/laneView. */
export interface LaneViewData {
  position: number;
  length: number;
  reached: number;
  line?: number;
  lane: number;
  activeMask: string;
  registers: { name: string; values: (string | boolean)[]; uniform?: boolean }[];
  next?: InstructionLanes;
  previous?: InstructionLanes;
}

function mask(text: string | undefined): number {
  const value = text === undefined ? Number.NaN : Number.parseInt(text, 16);
  return Number.isNaN(value) ? 0 : value >>> 0;
}

function bit(m: number, lane: number): boolean {
  return ((m >>> lane) & 1) === 1;
}

/** A value compact: hex without leading zeros, T/F for predicates. */
export function compactValue(value: string | boolean): string {
  if (typeof value === 'boolean') {
    return value ? 'T' : '·';
  }
  const digits = value.replace(/^0x0*/i, '');
  return `0x${digits === '' ? '0' : digits}`;
}

/** The instruction whose exchange the view draws: the next one's, else the one just executed. */
export function drawnExchange(data: LaneViewData): { which: 'next' | 'previous'; instruction: InstructionLanes } | undefined {
  if (data.next?.exchange) {
    return { which: 'next', instruction: data.next };
  }
  if (data.previous?.exchange) {
    return { which: 'previous', instruction: data.previous };
  }
  return undefined;
}

const y = (lane: number) => rowHeight * lane + rowHeight / 2;

/** SHFL: an arrow from each participant's source lane to it; a dot where a lane kept its own Ra. */
function shuffleSvg(x: LaneExchange): string {
  const inRange = mask(x.inRange);
  const right = arrowWidth - 6;
  const parts: string[] = [];
  (x.sources ?? []).forEach((from, to) => {
    if (from === null) {
      return;
    }
    if (!bit(inRange, to) || from === to) {
      const cls = bit(inRange, to) ? 'self' : 'own';
      parts.push(`<circle class="${cls}" data-to="${to}" cx="${right}" cy="${y(to)}" r="3"><title>lane ${to} keeps its own value</title></circle>`);
      return;
    }
    const bend = right - Math.min(right - 8, 10 + Math.abs(to - from) * 2.5);
    parts.push(`<path class="arrow" data-from="${from}" data-to="${to}" d="M ${right} ${y(from)} C ${bend} ${y(from)}, ${bend} ${y(to)}, ${right} ${y(to)}" marker-end="url(#head)"><title>lane ${to} ← lane ${from}</title></path>`);
  });
  return parts.join('');
}

/** VOTE, REDUX, MATCH: a bar joining the lanes they combine, a dot at each. */
function combineSvg(x: LaneExchange): string {
  const participants = mask(x.participants);
  const lanes = Array.from({ length: laneCount }, (_, lane) => lane).filter((lane) => bit(participants, lane));
  if (lanes.length === 0) {
    return '';
  }
  const bar = arrowWidth / 2;
  const dots = lanes.map((lane) => `<circle class="combine" data-lane="${lane}" cx="${bar}" cy="${y(lane)}" r="4"><title>lane ${lane} takes part</title></circle>`);
  return `<line class="combine-bar" x1="${bar}" y1="${y(lanes[0])}" x2="${bar}" y2="${y(lanes[lanes.length - 1])}"/>${dots.join('')}`;
}

function exchangeSvg(x: LaneExchange | undefined): string {
  const body = x === undefined ? '' : x.sources ? shuffleSvg(x) : combineSvg(x);
  return `<svg id="exchange-svg" width="${arrowWidth}" height="${rowHeight * laneCount}" viewBox="0 0 ${arrowWidth} ${rowHeight * laneCount}" style="grid-column: 4; grid-row: 2 / span ${laneCount}">
<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" class="head"/></marker></defs>${body}</svg>`;
}

function instructionText(label: string, id: string, i: InstructionLanes | undefined): string {
  if (!i) {
    return `<p id="${id}" class="instruction">${label}: —</p>`;
  }
  const names = (list: string[], cls: string) => list.map((n) => `<code class="${cls}">${escapeHtml(n)}</code>`).join(' ');
  const error = i.error ? ` <span class="error">${escapeHtml(i.error)}</span>` : '';
  return `<p id="${id}" class="instruction" data-line="${i.line}">${label}: line ${i.line} <code>${escapeHtml(i.source)}</code>`
    + (i.reads.length ? ` · reads ${names(i.reads, 'read')}` : '')
    + (i.writes.length ? ` · writes ${names(i.writes, 'write')}` : '') + `${error}</p>`;
}

function exchangeText(data: LaneViewData): string {
  const drawn = drawnExchange(data);
  if (!drawn) {
    return '<p id="exchange">no warp operation at this step</p>';
  }
  const x = drawn.instruction.exchange as LaneExchange;
  const results = x.results.map((r) => `${escapeHtml(r.register)} = ${escapeHtml(compactValue(r.value))}`).join(', ');
  const what = x.sources ? 'arrows: source lane → lane' : `combines lanes ${escapeHtml(x.participants)}`;
  return `<p id="exchange" data-op="${escapeHtml(x.op)}" data-which="${drawn.which}">${escapeHtml(x.op)} (${drawn.which === 'next' ? 'next' : 'just executed'}, line ${drawn.instruction.line}): ${what}${results ? ` · ${results}` : ''}</p>`;
}

function headerCells(data: LaneViewData, perLane: LaneViewData['registers']): string {
  const reads = new Set(data.next?.reads ?? []);
  const writes = new Set(data.next?.writes ?? []);
  const written = new Set(data.previous?.writes ?? []);
  const guard = data.next?.guard ?? 'guard';
  const op = drawnExchange(data)?.instruction.exchange?.op ?? '';
  const cells = [`<div class="h" style="grid-row: 1">lane</div>`, `<div class="h" style="grid-row: 1" title="active mask">act</div>`,
    `<div class="h" style="grid-row: 1" title="the next instruction's guard">${escapeHtml(guard)}</div>`, `<div class="h" style="grid-row: 1">${escapeHtml(op)}</div>`];
  for (const r of perLane) {
    const cls = ['h', reads.has(r.name) ? 'read' : '', writes.has(r.name) ? 'write' : '', written.has(r.name) ? 'written' : ''].filter((c) => c).join(' ');
    cells.push(`<div class="${cls}" style="grid-row: 1" data-reg="${escapeHtml(r.name)}">${escapeHtml(r.name)}</div>`);
  }
  return cells.join('');
}

function laneRows(data: LaneViewData, perLane: LaneViewData['registers']): string {
  const active = mask(data.activeMask);
  const guard = data.next ? mask(data.next.guardLanes) : 0;
  const runs = data.next ? mask(data.next.lanes) : 0;
  const reads = new Set(data.next?.reads ?? []);
  const writes = new Set(data.next?.writes ?? []);
  const written = new Set(data.previous?.writes ?? []);
  const writtenLanes = data.previous ? mask(data.previous.lanes) : 0;
  const cells: string[] = [];
  for (let lane = 0; lane < laneCount; ++lane) {
    const row = `grid-row: ${lane + 2}`;
    const focus = lane === data.lane ? ' focus' : '';
    cells.push(`<div class="lane${focus}${bit(runs, lane) ? '' : ' idle'}" data-lane="${lane}" style="${row}" title="select lane ${lane}">${lane}</div>`);
    cells.push(`<div class="strip ${bit(active, lane) ? 'on' : 'off'}" data-strip="active" data-lane="${lane}" style="${row}"></div>`);
    cells.push(data.next?.guard !== undefined
      ? `<div class="strip ${bit(guard, lane) ? 'on' : 'off'}" data-strip="guard" data-lane="${lane}" style="${row}"></div>`
      : `<div class="strip none" style="${row}"></div>`);
    for (const r of perLane) {
      const cls = ['v', focus.trim(), reads.has(r.name) && bit(runs, lane) ? 'read' : '', writes.has(r.name) && bit(runs, lane) ? 'write' : '',
        written.has(r.name) && bit(writtenLanes, lane) ? 'written' : ''].filter((c) => c).join(' ');
      cells.push(`<div class="${cls}" data-reg="${escapeHtml(r.name)}" data-lane="${lane}" style="${row}">${escapeHtml(compactValue(r.values[lane]))}</div>`);
    }
  }
  return cells.join('');
}

/** The view's body for one stop (the timeline is outside it, so a drag keeps its focus). */
export function laneViewBody(data: LaneViewData): string {
  const perLane = data.registers.filter((r) => !r.uniform);
  const uniform = data.registers.filter((r) => r.uniform);
  const uniforms = uniform.length === 0 ? '' : `<p id="uniforms">${uniform.map((r) =>
    `<code data-reg="${escapeHtml(r.name)}">${escapeHtml(r.name)} = ${escapeHtml(compactValue(r.values[0]))}</code>`).join(' ')}</p>`;
  const columns = `grid-template-columns: 3em 2.6em 2.6em ${arrowWidth}px repeat(${perLane.length}, minmax(4.5em, max-content))`;
  return `${instructionText('next', 'next', data.next)}
${instructionText('just executed', 'previous', data.previous)}
${exchangeText(data)}
${uniforms}
<div id="grid" style="${columns}; grid-template-rows: ${rowHeight}px repeat(${laneCount}, ${rowHeight}px)">${headerCells(data, perLane)}${laneRows(data, perLane)}${exchangeSvg(drawnExchange(data)?.instruction.exchange)}</div>`;
}

/** The step line under the timeline. */
export function stepText(data: LaneViewData): string {
  const where = data.line === undefined ? 'the end' : `line ${data.line}`;
  return `step ${data.position} of ${data.length} · ${where}`;
}
