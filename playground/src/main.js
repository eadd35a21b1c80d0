// gpuasm's playground page: CodeMirror 6 talking LSP (@codemirror/lsp-client and lspExtras.js)
// and DAP (warp.js) to gpuasm's WebAssembly core in a Web Worker (worker.js); state in links
// (share.js); the examples embedded at build time; a service worker for offline use.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import {
  LSPClient,
  formatDocument,
  formatKeymap,
  hoverTooltips,
  serverCompletion,
  signatureHelp,
  signatureKeymap,
} from '@codemirror/lsp-client';
import { searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import examples from 'gpuasm-examples';
import { diagnosticsExtension, followersExtension, problemText, refreshFollowers } from './lspExtras.js';
import { startCore } from './boot.js';
import { decodeFragment, encodeState } from './share.js';
import { DapClient, WarpPanel } from './warp.js';
import { typeOutsideKeyEvents } from './typing.js';

const metrics = { workerReadyMs: null, keystrokeToDiagnostics: [] };
window.playgroundMetrics = metrics;
const DOC_URI = 'file:///playground/kernel.asm';
const DEFAULT_EXAMPLE = 'warp-reduce.asm';
const VIM_KEY = 'gpuasm.playground.vim';
const params = new URLSearchParams(location.search);
const embed = params.get('embed') === '1';
const $ = (id) => document.getElementById(id);

function showMessage(text) {
  const box = $('message');
  box.textContent = text;
  box.hidden = !text;
}

// ---- The worker: LSP and DAP bodies both ways ----
// boot.js started it (unless this module ran first); its messages so far are replayed below.
const boot = startCore();
const { worker, early } = boot;
const lspHandlers = new Set();
// The LSP client starts talking once the core runs: a core that cannot load leaves the editor
// without a server and the page with the reason, not with requests that time out.
let client = null;
let coreReady = false;
// Settles when the core has answered `ready` or failed to load (the service worker waits for it).
let coreSettled;
const coreStarted = new Promise((resolve) => (coreSettled = resolve));
function connectClient() {
  if (client === null || !coreReady || client.connected) return;
  client.connect(transport);
  client.initializing.catch((err) => showMessage(`The language server did not start: ${err?.message ?? err}`));
}
let dap = null;
worker.onmessage = ({ data }) => {
  if (data.channel === 'lsp') for (const h of lspHandlers) h(data.body);
  else if (data.channel === 'dap') dap.receive(data.body);
  else if (data.channel === 'ready') {
    // Its arrival on the page (boot.js notes it when it comes before this module runs).
    metrics.workerReadyMs = boot.readyAt ?? performance.now();
    coreReady = true;
    coreSettled();
    connectClient();
    $('worker-status').textContent = `gpuasm's core is running in this page (ready ${Math.round(metrics.workerReadyMs)} ms after load; nothing is sent to a server).`;
  } else if (data.channel === 'error') {
    coreSettled();
    $('worker-status').textContent = data.message;
    showMessage(data.message);
  }
};
worker.onerror = (e) => {
  coreSettled();
  showMessage(`The worker failed: ${e.message}`);
};
const transport = {
  send: (body) => worker.postMessage({ channel: 'lsp', body }),
  subscribe: (h) => lspHandlers.add(h),
  unsubscribe: (h) => lspHandlers.delete(h),
};
dap = new DapClient((body) => worker.postMessage({ channel: 'dap', body }));
for (const event of early.splice(0)) worker.onmessage(event);

// ---- Markdown from the server, kept to harmless HTML (a link's kernel text reaches hovers) ----
// Links kept: anchors, http(s) and file URIs, and a page of the site's instruction reference
// (REFERENCE_BASE_URL below, as the server joins it: `reference/instruction-SHFL.html#variant-…`).
const REFERENCE_BASE_URL = 'reference/';
const referencePage = /^reference\/[A-Za-z0-9._~-]+\.html(#[A-Za-z0-9._~-]*)?$/;
const dropped = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'LINK', 'META', 'BASE', 'IMG', 'SVG', 'MATH']);
function sanitizeHTML(html) {
  const t = document.createElement('template');
  t.innerHTML = html;
  const walk = (node) => {
    for (const child of [...node.children]) {
      if (dropped.has(child.tagName.toUpperCase())) {
        child.replaceWith(document.createTextNode(child.textContent ?? ''));
        continue;
      }
      for (const a of [...child.attributes]) {
        const name = a.name.toLowerCase();
        if (name.startsWith('on') || name === 'style' || name === 'src' || name === 'srcset') child.removeAttribute(a.name);
        if (name === 'href' && !/^(#|https?:|file:)/i.test(a.value.trim()) && !referencePage.test(a.value)) child.removeAttribute(a.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('rel', 'noopener noreferrer');
        child.setAttribute('target', '_blank');
      }
      walk(child);
    }
  };
  walk(t.content);
  return t.innerHTML;
}

// ---- Problems list and the stop line ----
let lastKeyAt = null;
let warp = null;
document.addEventListener('keydown', () => (lastKeyAt = performance.now()), true);

// The list is updated in place: an item whose text and kind stay keeps its element, so a
// keystroke that changes one problem of a hundred lays out one item, not the list.
const problemItems = new Map();  // `${class}\n${text}` → the <li>s of that problem, in order
function problemItem(key, cls, text) {
  const li = document.createElement('li');
  li.className = cls;
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'problem';
  b.textContent = text;
  b.onclick = () => {
    const { d, view } = li.problem;
    const line = view.state.doc.line(Math.min(d.range.start.line + 1, view.state.doc.lines));
    view.dispatch({ selection: { anchor: Math.min(line.from + d.range.start.character, line.to) }, scrollIntoView: true });
    view.focus();
  };
  li.append(b);
  li.key = key;
  return li;
}

function renderProblems(list, view) {
  if (lastKeyAt !== null) {
    metrics.keystrokeToDiagnostics.push(performance.now() - lastKeyAt);
    lastKeyAt = null;
  }
  const sorted = [...list].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  const wanted = sorted.map((d) => {
    const cls = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' }[d.severity ?? 1];
    const text = problemText(d);
    const key = `${cls}\n${text}`;
    const li = problemItems.get(key)?.shift() ?? problemItem(key, cls, text);
    li.problem = { d, view };
    return li;
  });
  const ul = $('problems');
  const keep = new Set(wanted);
  for (const li of [...ul.children]) if (!keep.has(li)) li.remove();
  let at = ul.firstChild;
  for (const li of wanted) {
    if (li === at) at = at.nextSibling;
    else ul.insertBefore(li, at);
  }
  problemItems.clear();
  for (const li of wanted) {
    const same = problemItems.get(li.key);
    if (same) same.push(li);
    else problemItems.set(li.key, [li]);
  }
  const errors = list.filter((d) => (d.severity ?? 1) === 1).length;
  const count = `(${errors} error${errors === 1 ? '' : 's'}, ${list.length - errors} other)`;
  if ($('problem-count').textContent !== count) $('problem-count').textContent = count;
  lastDiagnostics = list;
  showExpectationsSoon(view, 30);
}

// The `// @expect` list: after the diagnostics are shown, not in the same task (it reads the whole
// text, and the frame that draws a keystroke's diagnostics waits for that task). It follows the
// text too: the server publishes only when the problems change, and a kernel whose expectations
// all hold has none before or after an edit.
let lastDiagnostics = [];
let expectTimer = null;
function showExpectationsSoon(view, ms) {
  clearTimeout(expectTimer);
  expectTimer = setTimeout(() => warp?.showExpectations(view.state.doc.toString(), lastDiagnostics), ms);
}
const expectationsFollowText = EditorView.updateListener.of((update) => {
  if (update.docChanged) showExpectationsSoon(update.view, 150);
});

const setStop = StateEffect.define();
const stopField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setStop)) return e.value;
    return tr.docChanged ? Decoration.none : value;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// ---- The initial state: a link's, else the default example ----
const byName = new Map(examples.map((e) => [e.name, e.text]));
const initial = { source: byName.get(DEFAULT_EXAMPLE) ?? examples[0]?.text ?? '', cursor: 0, lane: null, layout: 'side' };
const decoded = await decodeFragment(location.hash);
if (decoded.error) showMessage(decoded.error);
else if (decoded.state) Object.assign(initial, decoded.state);

// ---- The LSP client ----
client = new LSPClient({
  rootUri: 'file:///playground/',
  timeout: 10000,
  sanitizeHTML,
  // The live values follow the pinned lane (a link's), else summarise the warp; hover on a
  // mnemonic links to its page in the site's instruction reference (build.mjs writes it).
  initializationOptions: { encodingHints: 'cursor', liveValues: { lane: initial.lane }, referenceBaseUrl: REFERENCE_BASE_URL },
  extensions: [
    serverCompletion(),
    hoverTooltips(),
    signatureHelp(),
    keymap.of([...formatKeymap, ...signatureKeymap]),
    diagnosticsExtension({ onDiagnostics: renderProblems }),
    followersExtension(),
  ],
});

connectClient();
// A turn of the event loop before the editor is built (the longest part of this module): a
// `ready` the worker sent meanwhile is taken now, so the server's initialize (its embedded spec
// loaded, about 200 ms) runs in the worker while the page builds the editor, not after.
if (!coreReady) await new Promise((resolve) => setTimeout(resolve, 0));

const vim = new Compartment();
const view = new EditorView({
  parent: $('editor'),
  state: EditorState.create({
    doc: initial.source,
    selection: { anchor: Math.min(initial.cursor, initial.source.length) },
    extensions: [
      vim.of([]),
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightActiveLine(),
      history(),
      drawSelection(),
      EditorView.lineWrapping,
      // No lint gutter (@codemirror/lint's lintGutter): its markers change with every publish,
      // which re-draws both gutters for every line on screen and made each keystroke's
      // diagnostics cost 0.7 ms more on the main thread and its frames 0.5 and 1.5 ms more
      // (CPU time in a Chrome trace, 50 edits of spec-examples.asm). The underlines, their
      // tooltips with the quick fixes and the problems list show the same.
      stopField,
      expectationsFollowText,
      EditorState.readOnly.of(embed),
      EditorView.contentAttributes.of({ 'aria-label': 'Kernel source (gpuasm assembly)' }),
      // No Tab binding: Tab leaves the editor, so the page is usable from the keyboard alone
      // (the formatter aligns the columns).
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap]),
      client.plugin(DOC_URI, 'gpuasm'),
    ],
  }),
});

// Plain typing applied in a task of its own, so the keystroke and its diagnostics are drawn in
// one frame (typing.js); not in Vim mode, whose keymap takes the keys.
typeOutsideKeyEvents(view, () => !$('vim').checked);

async function setVim(on) {
  if (!on) return view.dispatch({ effects: vim.reconfigure([]) });
  const { vim: vimMode } = await import('@replit/codemirror-vim');
  view.dispatch({ effects: vim.reconfigure(vimMode()) });
}
$('vim').checked = !embed && localStorage.getItem(VIM_KEY) === '1';
if ($('vim').checked) setVim(true);
$('vim').onchange = (e) => {
  localStorage.setItem(VIM_KEY, e.target.checked ? '1' : '0');
  setVim(e.target.checked);
};

// ---- The warp panel ----
const host = {
  lane: initial.lane,
  source: () => view.state.doc.toString(),
  cursorLine: () => view.state.doc.lineAt(view.state.selection.main.head).number,
  writeProgram: (path, text) => worker.postMessage({ channel: 'file', path, text }),
  // The live values in the editor follow the pinned lane too.
  laneChanged(lane) {
    client.notification('workspace/didChangeConfiguration', { settings: { gpuasm: { liveValues: { lane } } } });
    view.dispatch({ effects: refreshFollowers.of(null) });
  },
  showLine(line) {
    const deco = line && line <= view.state.doc.lines ? Decoration.set([Decoration.line({ class: 'cm-stop-line' }).range(view.state.doc.line(line).from)]) : Decoration.none;
    view.dispatch({ effects: setStop.of(deco) });
  },
};
warp = new WarpPanel($('warp'), dap, host);
const actions = {
  run: () => warp.run(),
  'run-to-cursor': () => warp.runToCursor(),
  step: () => warp.step(),
  'step-back': () => warp.stepBack(),
  reverse: () => warp.reverseContinue(),
};
for (const [id, act] of Object.entries(actions)) $(id).onclick = act;
// The debugger's keys of VS Code (F5, F10, Ctrl+F10 as the extension's run to cursor) and their
// Shift forms for going back.
document.addEventListener('keydown', (e) => {
  const key = `${e.ctrlKey || e.metaKey ? 'Ctrl+' : ''}${e.shiftKey ? 'Shift+' : ''}${e.key}`;
  const bound = { F5: 'run', 'Ctrl+F10': 'run-to-cursor', F10: 'step', 'Shift+F10': 'step-back', 'Shift+F5': 'reverse' }[key];
  if (!bound) return;
  e.preventDefault();
  actions[bound]();
});

// ---- Examples, format, layout, share ----
const select = $('examples');
for (const e of examples) select.append(new Option(e.name, e.name));
select.value = byName.has(DEFAULT_EXAMPLE) && !decoded.state ? DEFAULT_EXAMPLE : '';
select.onchange = () => {
  const text = byName.get(select.value);
  if (text === undefined) return;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 } });
  showMessage('');
};
$('format').onclick = () => formatDocument(view);

let layout = initial.layout;
function applyLayout() {
  $('main').className = layout;
  $('layout').setAttribute('aria-pressed', layout === 'below' ? 'true' : 'false');
}
applyLayout();
$('layout').onclick = () => {
  layout = layout === 'side' ? 'below' : 'side';
  applyLayout();
};

async function currentLink() {
  const fragment = await encodeState({ source: view.state.doc.toString(), cursor: view.state.selection.main.head, lane: host.lane, layout });
  return `${location.origin}${location.pathname}#${fragment}`;
}
$('share').onclick = async () => {
  const link = await currentLink();
  window.history.replaceState(null, '', link);
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    // No clipboard permission (an iframe, a plain-http host): the address bar has the link.
  }
  $('worker-status').textContent = `${copied ? 'Link copied' : 'The address bar holds the link'} (${link.length} characters).`;
};

if (embed) {
  document.body.classList.add('embed');
  const open = $('open-full');
  open.href = `${location.pathname}${location.hash}`;
  view.dom.addEventListener('focusin', async () => (open.href = await currentLink()), { once: true });
}

// ---- Offline: the service worker caches the site (not on file://, where there is none) ----
// Registered once the core runs and the page has loaded: its install fetches every file of the
// site (the reference's pages and the .wasm again), which on a first load would otherwise compete
// with the core's start for the server and the processor.
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || location.protocol === 'file:') return;
  navigator.serviceWorker.register('./sw.js').catch((err) => console.warn(`offline use is off: ${err.message}`));
}
const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
Promise.all([coreStarted, loaded]).then(registerServiceWorker);

// A link pasted into the address bar of an open playground: the page reads it as on a load.
window.addEventListener('hashchange', async () => {
  const next = await decodeFragment(location.hash);
  if (next.error) {
    showMessage(next.error);
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: byName.get(DEFAULT_EXAMPLE) ?? '' }, selection: { anchor: 0 } });
    select.value = DEFAULT_EXAMPLE;
    return;
  }
  if (!next.state) return;
  showMessage('');
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next.state.source }, selection: { anchor: next.state.cursor } });
  select.value = '';
  layout = next.state.layout;
  applyLayout();
  host.lane = next.state.lane;
});
