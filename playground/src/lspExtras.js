// What @codemirror/lsp-client 6.3 does not show, added through the same LSP messages the VS Code
// and Neovim clients use (docs/PROTOCOL.md): the diagnostics with their quick fixes (codeAction)
// and the problems list, the encoding inlay hint on the cursor's line (gpuasm/cursor) and the
// live values, semantic colouring (semanticTokens/full), and the register-pressure code lens.
// Changes are sent to the server at once (the library's own sync waits 500 ms).
import { setDiagnostics } from '@codemirror/lint';
import { LSPPlugin } from '@codemirror/lsp-client';
import { RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, WidgetType } from '@codemirror/view';
import { problemText } from './format.js';

export { problemText };

const lintSeverity = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };

function pluginOf(view) {
  return LSPPlugin.get(view);
}

/**
 * Sends the editor's changes in the update that makes them (one didChange per update): before
 * CodeMirror draws them and writes the selection, which forces a layout, so the server works on
 * the keystroke while the page draws it. The library's own plugin, first in the client's
 * extensions, has taken the changes by then (LSPPlugin.update).
 */
const syncNow = ViewPlugin.fromClass(
  class {
    update(update) {
      if (update.docChanged) pluginOf(update.view)?.client.sync();
    }
  },
);

// ---- Diagnostics, quick fixes and the problems list ----

/**
 * `hooks.onDiagnostics(list, view)` is called with the server's diagnostics of the document each
 * time it publishes them (after they are in the editor).
 */
export function diagnosticsExtension(hooks) {
  return {
    clientCapabilities: {
      textDocument: {
        publishDiagnostics: { versionSupport: true },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
      },
    },
    notificationHandlers: {
      'textDocument/publishDiagnostics': (client, params) => {
        const file = client.workspace.getFile(params.uri);
        if (!file || (params.version != null && params.version != file.version)) return false;
        const view = file.getView();
        const plugin = view && pluginOf(view);
        if (!view || !plugin) return false;
        const synced = plugin.syncedDoc;
        const toLint = (d, actions) => ({
          from: plugin.unsyncedChanges.mapPos(plugin.fromPosition(d.range.start, synced)),
          to: plugin.unsyncedChanges.mapPos(plugin.fromPosition(d.range.end, synced)),
          severity: lintSeverity[d.severity ?? 1],
          message: d.message,
          source: d.code ? String(d.code) : undefined,
          actions,
        });
        view.dispatch(setDiagnostics(view.state, params.diagnostics.map((d) => toLint(d, []))));
        published.set(view, { diagnostics: params.diagnostics, doc: view.state.doc, toLint });
        hooks.onDiagnostics(params.diagnostics, view);
        return true;
      },
    },
    editorExtension: [syncNow, follower(fetchQuickFixes, { delay: 200, onCursorLine: true })],
  };
}

// The quick fixes of the problems on the cursor's line (asked for once typing pauses), as the
// lint tooltip's buttons: one request per problem there, not per problem of the document.
const published = new WeakMap();

async function fetchQuickFixes(view, plugin) {
  const last = published.get(view);
  if (!last || last.doc !== view.state.doc) return;
  const line = view.state.doc.lineAt(view.state.selection.main.head).number - 1;
  const wanted = last.diagnostics.filter((d) => d.range.start.line <= line && d.range.end.line >= line && (d.severity ?? 1) <= 2);
  if (wanted.length === 0) return;
  const fixes = await Promise.all(
    wanted.map((d) =>
      plugin.client
        .request('textDocument/codeAction', {
          textDocument: { uri: plugin.uri },
          range: d.range,
          context: { diagnostics: [d], only: ['quickfix'] },
        })
        .catch(() => null),
    ),
  );
  if (published.get(view) !== last || view.state.doc !== last.doc) return;  // typed on meanwhile
  const byDiagnostic = new Map(wanted.map((d, k) => [d, fixes[k] ?? []]));
  const lint = last.diagnostics.map((d) =>
    last.toLint(
      d,
      (byDiagnostic.get(d) ?? [])
        .filter((a) => a.edit?.changes?.[plugin.uri] || a.edit?.documentChanges)
        .map((a) => ({
          name: a.title,
          apply: (v) => applyEdits(v, plugin, editsOf(a.edit, plugin.uri)),
        })),
    ),
  );
  view.dispatch(setDiagnostics(view.state, lint));
}

function editsOf(edit, uri) {
  if (edit.changes?.[uri]) return edit.changes[uri];
  return (edit.documentChanges ?? []).filter((c) => c.textDocument?.uri === uri).flatMap((c) => c.edits);
}

export function applyEdits(view, plugin, edits) {
  const doc = view.state.doc;
  const changes = edits.map((e) => ({
    from: plugin.fromPosition(e.range.start, doc),
    to: plugin.fromPosition(e.range.end, doc),
    insert: e.newText,
  }));
  view.dispatch({ changes });
}

// ---- Requests that follow the document: inlay hints, semantic tokens, code lens ----

/** Asks the followers again (a setting that changes what the server shows has changed). */
export const refreshFollowers = StateEffect.define();

/** Asks `fetch(view, plugin)` after the document settles, the cursor's line changes or refreshFollowers. */
function follower(fetch, { delay, onCursorLine = false }) {
  return ViewPlugin.fromClass(
    class {
      constructor(view) {
        this.view = view;
        this.timer = null;
        this.line = -1;
        this.schedule(0);
      }
      schedule(ms) {
        if (this.timer !== null) clearTimeout(this.timer);
        this.timer = setTimeout(() => {
          this.timer = null;
          const plugin = pluginOf(this.view);
          if (!plugin) return this.schedule(100);
          // A failed request or start is shown elsewhere (the start by the page); a later edit asks again.
          plugin.client.initializing
            .then(() => {
              plugin.client.sync();
              return fetch(this.view, plugin);
            })
            .catch(() => {});
        }, ms);
      }
      update(update) {
        const line = update.state.doc.lineAt(update.state.selection.main.head).number;
        const moved = onCursorLine && line !== this.line;
        this.line = line;
        const refresh = update.transactions.some((tr) => tr.effects.some((e) => e.is(refreshFollowers)));
        if (update.docChanged || moved || refresh) this.schedule(update.docChanged ? delay : 0);
      }
      destroy() {
        if (this.timer !== null) clearTimeout(this.timer);
      }
    },
  );
}

function decorationField(effect) {
  return StateField.define({
    create: () => Decoration.none,
    update(value, tr) {
      for (const e of tr.effects) if (e.is(effect)) return e.value;
      return value.map(tr.changes);
    },
    provide: (f) => EditorView.decorations.from(f),
  });
}

// Inlay hints: the encoding on the cursor's line (the server filters it once told the cursor with
// gpuasm/cursor) and the live values at the end of each executed line.
class HintWidget extends WidgetType {
  constructor(text, tooltip, kind) {
    super();
    this.text = text;
    this.tooltip = tooltip;
    this.kind = kind;
  }
  eq(other) {
    return other.text === this.text && other.tooltip === this.tooltip;
  }
  toDOM() {
    const span = document.createElement('span');
    span.className = `cm-inlay-hint ${this.kind}`;
    span.textContent = this.text;
    if (this.tooltip) span.title = this.tooltip;
    return span;
  }
}

const setHints = StateEffect.define();
const hintField = decorationField(setHints);
const lastCursorLine = new WeakMap();

async function fetchHints(view, plugin) {
  const doc = view.state.doc;
  const line = doc.lineAt(view.state.selection.main.head).number - 1;
  if (lastCursorLine.get(view) !== line) {
    lastCursorLine.set(view, line);
    plugin.client.notification('gpuasm/cursor', { textDocument: { uri: plugin.uri }, position: { line, character: 0 } });
  }
  const hints = await plugin.client.request('textDocument/inlayHint', {
    textDocument: { uri: plugin.uri },
    range: { start: { line: 0, character: 0 }, end: plugin.toPosition(doc.length, doc) },
  });
  if (view.state.doc !== doc) return;
  const items = (hints ?? [])
    .map((h) => {
      const text = typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('');
      const tooltip = typeof h.tooltip === 'string' ? h.tooltip : h.tooltip?.value ?? '';
      const kind = /^0x[0-9a-f]{32}$/i.test(text.trim()) ? 'encoding' : 'value';
      return { pos: plugin.fromPosition(h.position, doc), text: `${h.paddingLeft ? ' ' : ''}${text}`, tooltip, kind };
    })
    .sort((a, b) => a.pos - b.pos);
  const builder = new RangeSetBuilder();
  for (const h of items) builder.add(h.pos, h.pos, Decoration.widget({ widget: new HintWidget(h.text, h.tooltip, h.kind), side: 1 }));
  view.dispatch({ effects: setHints.of(builder.finish()) });
}

// Semantic tokens: the server's legend, each token a mark with class tok-<type> (+ -readonly).
const setTokens = StateEffect.define();
const tokenField = decorationField(setTokens);

async function fetchTokens(view, plugin) {
  const legend = plugin.client.serverCapabilities?.semanticTokensProvider?.legend;
  if (!legend) return;
  const doc = view.state.doc;
  const result = await plugin.client.request('textDocument/semanticTokens/full', { textDocument: { uri: plugin.uri } });
  if (view.state.doc !== doc || !result) return;
  const data = result.data;
  const builder = new RangeSetBuilder();
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    line += data[i];
    character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
    const from = plugin.fromPosition({ line, character }, doc);
    const to = plugin.fromPosition({ line, character: character + data[i + 2] }, doc);
    const type = legend.tokenTypes[data[i + 3]] ?? 'unknown';
    const readonly = legend.tokenModifiers.findIndex((m) => m === 'readonly');
    const cls = `tok-${type}${readonly >= 0 && data[i + 4] & (1 << readonly) ? ' tok-readonly' : ''}`;
    if (to > from) builder.add(from, to, Decoration.mark({ class: cls }));
  }
  view.dispatch({ effects: setTokens.of(builder.finish()) });
}

// Code lens: the register pressure's peak above the first statement; its command moves the cursor.
class LensWidget extends WidgetType {
  constructor(title, line) {
    super();
    this.title = title;
    this.line = line;
  }
  eq(other) {
    return other.title === this.title && other.line === this.line;
  }
  toDOM(view) {
    const div = document.createElement('div');
    div.className = 'cm-code-lens';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = this.title;
    button.title = 'Go to the line';
    button.onclick = () => {
      if (this.line === null) return;
      const pos = view.state.doc.line(Math.min(this.line + 1, view.state.doc.lines)).from;
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      view.focus();
    };
    div.append(button);
    return div;
  }
  ignoreEvent() {
    return true;
  }
}

const setLenses = StateEffect.define();
const lensField = decorationField(setLenses);

async function fetchLenses(view, plugin) {
  if (!plugin.client.serverCapabilities?.codeLensProvider) return;
  const doc = view.state.doc;
  const lenses = await plugin.client.request('textDocument/codeLens', { textDocument: { uri: plugin.uri } });
  if (view.state.doc !== doc) return;
  const builder = new RangeSetBuilder();
  const items = (lenses ?? [])
    .filter((l) => l.command)
    .map((l) => ({
      pos: doc.line(l.range.start.line + 1).from,
      title: l.command.title,
      line: l.command.command === 'gpuasm.ui.revealLine' ? l.command.arguments?.[1] ?? null : null,
    }))
    .sort((a, b) => a.pos - b.pos);
  for (const l of items) builder.add(l.pos, l.pos, Decoration.widget({ widget: new LensWidget(l.title, l.line), side: -1, block: true }));
  view.dispatch({ effects: setLenses.of(builder.finish()) });
}

/** The inlay hints, semantic tokens and code lens, with their client capabilities. */
export function followersExtension() {
  return {
    clientCapabilities: {
      textDocument: {
        inlayHint: { dynamicRegistration: false },
        semanticTokens: {
          requests: { full: true },
          tokenTypes: ['keyword', 'modifier', 'variable', 'number', 'operator', 'comment', 'decorator', 'property'],
          tokenModifiers: ['readonly'],
          formats: ['relative'],
        },
        codeLens: {},
      },
      experimental: { gpuasm: { cursorNotifications: true } },
    },
    editorExtension: [
      hintField,
      tokenField,
      lensField,
      follower(fetchHints, { delay: 80, onCursorLine: true }),
      follower(fetchTokens, { delay: 80 }),
      follower(fetchLenses, { delay: 150 }),
    ],
  };
}
