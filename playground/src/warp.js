// The warp panel: gpuasm's debug adapter (DAP, docs/PROTOCOL.md "gpuasm dap") in the same worker
// as the language server. Run, Run to cursor, Step, Step back and Reverse continue; the lane view
// (32 lanes × the registers the program names, each value in the type the instruction that wrote
// it gives it — gpuasm/laneView with gpuasm/warpState's types); a timeline slider
// (gpuasm/gotoStep); the `// @expect` lines with their outcome as the language server reports it.

import { typedValue } from './format.js';

export const PROGRAM = '/playground/kernel.asm';
const WAIT_MS = 10000;

/** DAP over a `post(body)` function; `receive(body)` is given every body the adapter sends. */
export class DapClient {
  constructor(post) {
    this.post = post;
    this.seq = 1;
    this.pending = new Map();
    this.handlers = new Map();
  }
  on(event, handler) {
    this.handlers.set(event, handler);
  }
  receive(body) {
    const m = JSON.parse(body);
    if (m.type === 'response') {
      const p = this.pending.get(m.request_seq);
      if (!p) return;
      this.pending.delete(m.request_seq);
      clearTimeout(p.timer);
      if (m.success) p.resolve(m.body ?? null);
      else p.reject(new Error(m.message ?? `${m.command} failed`));
    } else if (m.type === 'event') {
      this.handlers.get(m.event)?.(m.body ?? {});
    }
  }
  request(command, args = {}) {
    const seq = this.seq++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(new Error(`the debug adapter did not answer ${command} within ${WAIT_MS / 1000} s`));
      }, WAIT_MS);
      this.pending.set(seq, { resolve, reject, timer });
      this.post(JSON.stringify({ seq, type: 'request', command, arguments: args }));
    });
  }
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') node.className = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  node.append(...children);
  return node;
}

/**
 * The panel. `host` gives the page's side: source() (the editor's text), cursorLine() (1-based),
 * showLine(line | null) (the stop in the editor), lane (the pinned lane or null, kept in links).
 */
export class WarpPanel {
  constructor(root, dap, host) {
    this.root = root;
    this.dap = dap;
    this.host = host;
    this.launchedSource = null;
    this.busy = false;
    this.last = null;
    this.status = root.querySelector('#warp-status');
    this.table = root.querySelector('#lanes');
    this.slider = root.querySelector('#timeline');
    this.sliderLabel = root.querySelector('#timeline-label');
    this.expects = root.querySelector('#expects');
    this.slider.addEventListener('change', () => this.act(() => this.gotoStep(Number(this.slider.value))));
    dap.on('stopped', (body) => this.stopped(body));
    dap.on('output', (body) => {
      if (body.category === 'stderr') this.say(body.output.trim());
    });
  }

  say(text) {
    this.status.textContent = text;
  }

  async act(work) {
    if (this.busy) return;
    this.busy = true;
    this.root.setAttribute('aria-busy', 'true');
    try {
      await work();
    } catch (err) {
      this.say(err.message);
    } finally {
      this.busy = false;
      this.root.removeAttribute('aria-busy');
    }
  }

  stale() {
    return this.launchedSource !== this.host.source();
  }

  // A new session of the editor's text: launch, the breakpoint (Run to cursor), configurationDone.
  async launch({ stopOnEntry, breakpointLine = null }) {
    const source = this.host.source();
    if (this.launchedSource === null) await this.dap.request('initialize', { adapterID: 'gpuasm', linesStartAt1: true, columnsStartAt1: true });
    this.host.writeProgram(PROGRAM, source);
    const args = { program: PROGRAM, stopOnEntry };
    if (this.host.lane !== null) args.lane = this.host.lane;
    await this.dap.request('launch', args);
    this.launchedSource = source;
    const breakpoints = breakpointLine === null ? [] : [{ line: breakpointLine }];
    await this.dap.request('setBreakpoints', { source: { path: PROGRAM }, breakpoints });
    const stop = this.waitForStop();
    await this.dap.request('configurationDone');
    await stop;
    if (breakpointLine !== null) await this.dap.request('setBreakpoints', { source: { path: PROGRAM }, breakpoints: [] });
  }

  waitForStop() {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the warp did not stop within 10 s')), WAIT_MS);
      this.onStop = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async move(command) {
    const stop = this.waitForStop();
    await this.dap.request(command, { threadId: 1 });
    await stop;
  }

  run() {
    return this.act(() => this.launch({ stopOnEntry: false }));
  }
  runToCursor() {
    return this.act(() => this.launch({ stopOnEntry: false, breakpointLine: this.host.cursorLine() }));
  }
  step() {
    return this.act(async () => {
      if (this.stale()) await this.launch({ stopOnEntry: true });
      else await this.move('next');
    });
  }
  stepBack() {
    return this.act(async () => {
      if (this.stale()) return this.say('Nothing to step back through: Run or Step first (the text changed since the last run).');
      await this.move('stepBack');
    });
  }
  reverseContinue() {
    return this.act(async () => {
      if (this.stale()) return this.say('Nothing to go back through: Run or Step first (the text changed since the last run).');
      await this.move('reverseContinue');
    });
  }
  async gotoStep(step) {
    if (this.stale()) return this.say('The text changed since the last run: Run again to use the timeline.');
    const stop = this.waitForStop();
    await this.dap.request('gpuasm/gotoStep', { step });
    await stop;
  }
  async pin(lane) {
    this.host.lane = lane;
    if (this.launchedSource !== null && lane !== null) await this.dap.request('gpuasm/selectLane', { lane });
    if (this.last) this.render(this.last.view, this.last.types, this.last.reason, this.last.text);
    this.host.laneChanged(lane);
  }

  async stopped(body) {
    const done = this.onStop;
    this.onStop = null;
    try {
      const [view, warp] = await Promise.all([this.dap.request('gpuasm/laneView'), this.dap.request('gpuasm/warpState')]);
      this.last = { view, types: warp.types ?? {}, reason: body.reason, text: body.text ?? body.description ?? '' };
      this.render(view, this.last.types, body.reason, this.last.text);
    } catch (err) {
      this.say(err.message);
    }
    done?.();
  }

  render(view, types, reason, text) {
    const where = view.line ? `before line ${view.line}` : 'after the last instruction';
    this.say(`Stopped ${where} (${reason}${text ? `: ${text}` : ''}), step ${view.position} of ${view.length}.`);
    this.host.showLine(view.line ?? null);
    this.slider.max = String(view.reached ?? view.length);
    this.slider.value = String(view.position);
    this.slider.disabled = false;
    this.sliderLabel.textContent = `step ${view.position} / ${view.reached ?? view.length}`;
    const active = Number.parseInt(view.activeMask, 16) >>> 0;
    const written = new Set(view.previous?.writes ?? []);
    const pinned = this.host.lane;
    // A SHFL about to run (else the one just run): the lane each lane receives Ra from.
    const shfl = [view.next, view.previous].find((i) => i?.exchange?.sources);
    const head = el('tr', {}, el('th', { scope: 'col' }, 'lane'));
    if (shfl) head.append(el('th', { scope: 'col', title: `${shfl === view.next ? 'next' : 'just ran'}: line ${shfl.line}` }, 'Ra from'));
    for (const r of view.registers) head.append(el('th', { scope: 'col', class: written.has(r.name) ? 'written' : '' }, r.name));
    const body = [];
    for (let lane = 0; lane < 32; lane++) {
      const isPinned = pinned === lane;
      const row = el('tr', { class: `${(active >>> lane) & 1 ? '' : 'inactive'}${isPinned ? ' pinned' : ''}` });
      row.append(
        el(
          'th',
          { scope: 'row' },
          el(
            'button',
            {
              type: 'button',
              class: 'lane',
              'aria-pressed': isPinned ? 'true' : 'false',
              title: isPinned ? `Unpin lane ${lane}` : `Pin lane ${lane} (the debugger's lane, kept in links)`,
              onclick: () => this.act(() => this.pin(isPinned ? null : lane)),
            },
            String(lane),
          ),
        ),
      );
      if (shfl) {
        const from = shfl.exchange.sources[lane];
        row.append(el('td', { class: 'shfl', dataset: { lane: String(lane) } }, from === null || from === undefined ? '—' : from === lane ? '(own)' : `← ${from}`));
      }
      for (const r of view.registers) {
        const raw = r.uniform ? r.values[0] : r.values[lane];
        const type = types[r.name] ?? (typeof raw === 'boolean' ? 'bool' : 'u32');
        row.append(el('td', { dataset: { reg: r.name, lane: String(lane) }, title: `${r.name} lane ${lane}: ${raw} (${type})`, class: written.has(r.name) ? 'written' : '' }, typedValue(raw, type)));
      }
      body.push(row);
    }
    this.table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...body));
    const next = view.next ? `next: line ${view.next.line}: ${view.next.source}` : '';
    const previous = view.previous ? `just ran: line ${view.previous.line}: ${view.previous.source}` : '';
    this.root.querySelector('#warp-instructions').textContent = [previous, next].filter(Boolean).join(' · ');
  }

  /** The `// @expect` lines of the source with the language server's outcome for each. */
  showExpectations(source, diagnostics) {
    const items = [];
    source.split('\n').forEach((text, k) => {
      // A line comment whose text starts with @expect (docs/LANGUAGE.md), not one that mentions it.
      const comment = text.indexOf('//');
      if (comment < 0 || !text.slice(comment + 2).trimStart().startsWith('@expect')) return;
      const at = comment;
      const found = diagnostics.filter((d) => d.range.start.line === k && /^expect/.test(String(d.code ?? '')));
      let outcome = 'holds';
      let cls = 'pass';
      if (found.some((d) => d.code === 'expectation-failed')) [outcome, cls] = ['fails', 'fail'];
      else if (found.some((d) => d.code === 'expect-directive')) [outcome, cls] = ['malformed', 'fail'];
      else if (found.some((d) => d.code === 'expectation-not-checked')) [outcome, cls] = ['not checked', 'unchecked'];
      const why = found.map((d) => d.message).join('; ');
      items.push(el('li', { class: cls }, el('span', { class: 'outcome' }, outcome), ` line ${k + 1}: ${text.slice(at + 3).trim()}${why ? ` — ${why}` : ''}`));
    });
    // Left alone when it would be drawn the same (a keystroke elsewhere): no layout for nothing.
    const shown = items.length ? items : [el('li', {}, 'This kernel has no // @expect lines.')];
    const key = shown.map((li) => `${li.className}\n${li.textContent}`).join('\n');
    if (key === this.expectsKey) return;
    this.expectsKey = key;
    this.expects.replaceChildren(...shown);
  }
}
