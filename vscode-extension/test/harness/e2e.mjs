// Drives a real VS Code (code-server, started by e2e.sh) in Debian's chromium through
// playwright-core and checks what a user of the gpuasm extension sees. Every expected value
// comes from the spec (isa-db/spec) or from hand computation, noted at each check.
//
// Environment (set by e2e.sh): E2E_URL, E2E_WORKSPACE, E2E_OUT (screenshots), E2E_SETTINGS
// (the user settings file), E2E_SERVER_PID (code-server's process id), E2E_BROWSER_PROFILE,
// E2E_SERVER: native (the .vsix's bin/gpuasm, every check), or the universal .vsix's WebAssembly
// server — wasm-node in the desktop extension host under Node, wasm-web in the browser's web
// extension host — with the checks of the WebAssembly server (wasmChecks).
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable, chromiumLaunchTimeoutMs } from './chromium.mjs';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const env = (name) => {
  const value = process.env[name];
  if (!value) {
    throw new Error(`e2e.mjs: ${name} is not set (run it through vscode-extension/test/e2e.sh)`);
  }
  return value;
};
const url = env('E2E_URL');
const workspace = env('E2E_WORKSPACE');
const out = env('E2E_OUT');
const settingsFile = env('E2E_SETTINGS');
const serverPid = Number(env('E2E_SERVER_PID'));
const extensionsDir = env('E2E_EXTENSIONS');
const profile = env('E2E_BROWSER_PROFILE');
const serverKind = process.env.E2E_SERVER ?? 'native';
if (!['native', 'wasm-node', 'wasm-web'].includes(serverKind)) {
  throw new Error(`e2e.mjs: E2E_SERVER is "${serverKind}", not native, wasm-node or wasm-web`);
}

// The browser window: every check starts with it (Run to Cursor widens it for a screenshot).
const viewport = { width: 1920, height: 1080 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text) => console.log(`vscode e2e: ${text}`);

/** Polls probe until it returns a truthy value or timeoutMs passes; returns the last value. */
async function waitFor(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await probe();
    } catch (error) {
      last = undefined;
      if (Date.now() >= deadline) {
        throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what} (last error: ${error.message})`);
      }
    }
    if (last) {
      return last;
    }
    if (Date.now() >= deadline) {
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    }
    await sleep(250);
  }
}

const results = [];
/** The extension's own messages (errors and warnings it showed), as the browser logged them. */
const extensionMessages = [];
let page;
let shot = 0;

async function screenshot(name) {
  shot += 1;
  const file = path.join(out, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file }).catch((error) => log(`screenshot ${file} failed: ${error.message}`));
  return file;
}

/**
 * Runs one named check from a known workbench (resetWorkbench); a failure is recorded with its
 * message and the next check still runs, from a known workbench again.
 */
async function check(name, body) {
  const started = Date.now();
  try {
    await resetWorkbench();
  } catch (error) {
    results.push({ name, ok: false });
    log(`FAIL ${name}: the workbench could not be reset before it: ${error.message}`);
    await screenshot(`FAILED-reset-${slug(name)}`);
    return;
  }
  try {
    const detail = await body();
    results.push({ name, ok: true });
    log(`PASS ${name}${detail ? `: ${detail}` : ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    results.push({ name, ok: false });
    const said = extensionMessages.filter((m) => m.time >= started).map((m) => m.text);
    log(`FAIL ${name}: ${error.message}${said.length > 0 ? `; the extension said: ${said.join(' | ')}` : ''}`);
    await screenshot(`FAILED-${slug(name)}`);
  }
}

const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

// ---- the workbench -------------------------------------------------------------------------

async function editorLines() {
  // The visible lines of the active editor, top to bottom, with their rendered text.
  return page.evaluate(() => {
    const editor = document.querySelector('.editor-group-container.active .monaco-editor .view-lines')
      ?? document.querySelector('.monaco-editor .view-lines');
    if (!editor) {
      return [];
    }
    return [...editor.querySelectorAll('.view-line')]
      .map((line) => ({ top: parseFloat(line.style.top), text: line.textContent.replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text);
  });
}

async function runCommand(title) {
  const input = await pressForQuickInput('F1', 'the command palette');
  await input.fill(`>${title}`);
  await waitFor(`the command "${title}" in the palette`, 10000, async () =>
    (await page.locator('.quick-input-list .monaco-list-row').first().textContent())?.includes(title));
  await page.keyboard.press('Enter');
}

/** Opens a file by quick open in the active editor group; then focuses the first group unless `inFirstGroup` is false. */
async function openFile(name, { inFirstGroup = true } = {}) {
  const input = await pressForQuickInput('Control+P', 'quick open');
  await input.fill(name);
  await waitFor(`${name} in quick open`, 15000, async () =>
    (await page.locator('.quick-input-list .monaco-list-row').first().textContent())?.includes(name));
  await page.keyboard.press('Enter');
  await waitFor(`the editor tab of ${name}`, 15000, async () =>
    (await page.locator('.editor-group-container.active .tab.active').first().textContent())?.includes(name));
  if (inFirstGroup) {
    await focusEditor();
  }
}

async function focusEditor() {
  // The first editor group holds the text editors; the panels open beside it.
  await page.keyboard.press('Control+1');
  // The top left of the text area as it is on screen (the lines element moves when scrolled).
  const box = await page.locator('.editor-group-container.active .monaco-editor .editor-scrollable').first().boundingBox();
  await page.mouse.click(box.x + 5, box.y + 5);
}

/** True when a webview (an iframe of the workbench) holds the keyboard. */
async function webviewHasFocus() {
  return page.evaluate(() => document.activeElement instanceof HTMLIFrameElement);
}

/**
 * Makes sure the next key goes to the workbench, not to a webview, and that no webview is about
 * to take the keyboard. Why (seen with chromium 156, docs/CI.md): when an editor closes, VS Code
 * activates the next editor of its group; if that is a webview (the encoding or registers panel)
 * its page is loaded anew (they are not kept while hidden) and focuses itself once loaded. A key
 * pressed meanwhile goes to that webview, which forwards it to the workbench: Ctrl+P opens quick
 * open, its input takes the keyboard, and 36 ms later the webview's page takes it back, which
 * closes quick open (a quick input hides when it loses focus). So: give the keyboard back to the
 * workbench, and wait until it stays there (two looks 250 ms apart) before a key opens a quick input.
 */
async function keyboardInWorkbench() {
  let looks = 0;
  await waitFor('the keyboard in the workbench, no webview taking it', 5000, async () => {
    if (await webviewHasFocus()) {
      looks = 0;
      await page.evaluate(() => document.activeElement.blur());
      return false;
    }
    looks += 1;
    return looks >= 2;
  });
}

/**
 * The quick input (command palette, quick open, go to line, an extension's pick) once it is open
 * and holds the keyboard; not one that is closing, which stays on screen, inert, for the 150 ms
 * of its close animation (its input is "visible" then, and a fill on it fails).
 */
async function openedQuickInput(what, timeoutMs = 10000) {
  await waitFor(`${what} open and holding the keyboard`, timeoutMs, async () => page.evaluate(() => {
    const widget = document.querySelector('.quick-input-widget');
    const input = widget?.querySelector('input');
    return Boolean(widget && input && widget.style.display !== 'none' && !widget.inert
      && !widget.classList.contains('quick-input-widget-closing') && document.activeElement === input);
  }));
  return page.locator('.quick-input-widget input');
}

/** Presses `key`, which opens a quick input, once the workbench holds the keyboard and no quick input is open or closing. */
async function pressForQuickInput(key, what) {
  await keyboardInWorkbench();
  await waitFor('no quick input open or closing', 5000, async () => page.evaluate(() => {
    const widget = document.querySelector('.quick-input-widget');
    return !widget || widget.style.display === 'none';
  }));
  await page.keyboard.press(key);
  return openedQuickInput(what);
}

// The side bar's width when the workbench came up.
let initialSidebarWidth;

/**
 * A known workbench for the next check, whatever the last one left: no webview holding the
 * keyboard, no quick input, hover or notification, no debug session, the state file as at the
 * start, every editor closed (unsaved changes dropped) so one empty editor
 * group is left, the panel hidden, the side bar showing the explorer, the first group focused.
 * Each step waits for its condition; none retries.
 */
async function resetWorkbench() {
  if (page.viewportSize()?.width !== viewport.width || page.viewportSize()?.height !== viewport.height) {
    await page.setViewportSize(viewport);
  }
  await keyboardInWorkbench();
  for (let i = 0; i < 2; ++i) {
    await page.keyboard.press('Escape');
  }
  await waitFor('no quick input open', 5000, async () => !(await page.locator('.quick-input-widget').isVisible()));
  if (await page.locator('.debug-toolbar').isVisible()) {
    await page.keyboard.press('Shift+F5');
    await waitFor('the debug session to end', 20000, async () => !(await page.locator('.debug-toolbar').isVisible()));
  }
  const stateItem = page.locator('.statusbar-item', { hasText: 'state:' }).first();
  if ((await stateItem.count()) > 0 && !(await stateItem.textContent()).includes('state: @state lines')) {
    await runCommand('gpuasm: Clear Initial State File');
    await waitFor('the status bar back on the @state lines', 15000, async () =>
      (await stateItem.textContent()).includes('state: @state lines'));
  }
  if ((await page.locator('.notifications-toasts .notification-toast').count()) > 0) {
    await runCommand('Notifications: Clear All Notifications');
    await waitFor('the notifications to go', 10000, async () =>
      (await page.locator('.notifications-toasts .notification-toast').count()) === 0);
  }
  if ((await page.locator('.editor-group-container').count()) > 1 || (await page.locator('.tab').count()) > 0) {
    await runCommand('View: Close All Editor Groups');
    // A file left modified asks whether to save it: its changes are dropped.
    await waitFor('every editor closed, one empty group left', 15000, async () => {
      const dontSave = page.locator('.monaco-dialog-box .monaco-button', { hasText: /Don.t Save/ });
      if ((await dontSave.count()) > 0) {
        await dontSave.first().click();
        return false;
      }
      return (await page.locator('.editor-group-container').count()) === 1 && (await page.locator('.tab').count()) === 0;
    });
  }
  if (await page.locator('#workbench\\.parts\\.panel').isVisible()) {
    await runCommand('View: Hide Panel');
    await waitFor('the panel hidden', 10000, async () => !(await page.locator('#workbench\\.parts\\.panel').isVisible()));
  }
  if (!(await page.locator('.explorer-folders-view').isVisible())) {
    await runCommand('View: Show Explorer');
    await waitFor('the explorer in the side bar', 10000, async () => page.locator('.explorer-folders-view').isVisible());
  }
  // The side bar as wide as at the start (the Lanes view's screenshot widens it).
  const sidebar = await page.locator('#workbench\\.parts\\.sidebar').boundingBox();
  if (sidebar && initialSidebarWidth && Math.abs(sidebar.width - initialSidebarWidth) > 2) {
    const edge = sidebar.x + sidebar.width;
    await page.mouse.move(edge, sidebar.y + sidebar.height / 2);
    await page.mouse.down();
    await page.mouse.move(sidebar.x + initialSidebarWidth, sidebar.y + sidebar.height / 2, { steps: 8 });
    await page.mouse.up();
    await waitFor(`the side bar ${initialSidebarWidth} pixels wide again`, 5000, async () =>
      Math.abs((await page.locator('#workbench\\.parts\\.sidebar').boundingBox()).width - initialSidebarWidth) <= 2);
  }
  await page.keyboard.press('Control+1');
  await waitFor('the first editor group focused', 5000, async () =>
    page.evaluate(() => document.querySelector('.editor-group-container')?.contains(document.activeElement) ?? false));
}

/** Moves the cursor to `line` in the first editor group, or (`inFirstGroup` false) in the focused editor. */
async function goToLine(line, { inFirstGroup = true } = {}) {
  if (inFirstGroup) {
    await focusEditor();
  }
  const input = await pressForQuickInput('Control+G', 'go to line');
  await input.fill(`:${line}`);
  await sleep(200);
  await page.keyboard.press('Enter');
  await waitFor(`the cursor on line ${line}`, 10000, async () =>
    (await page.locator('.statusbar-item[id="status.editor.selection"]').textContent())?.includes(`Ln ${line},`));
}

/** The webview frame whose document has the given element (webviews are nested iframes). */
async function webviewWith(selector, timeoutMs) {
  return waitFor(`a webview with ${selector}`, timeoutMs, async () => {
    for (const frame of page.frames()) {
      try {
        if (await frame.$(selector)) {
          return frame;
        }
      } catch {
        // a frame that went away while we looked
      }
    }
    return undefined;
  });
}

/** The text an editor line shows through decorations' ::before/::after content. */
async function decorationTexts() {
  return page.evaluate(() => {
    const texts = [];
    for (const line of document.querySelectorAll('.monaco-editor .view-line')) {
      let text = '';
      for (const span of line.querySelectorAll('span')) {
        for (const pseudo of ['::before', '::after']) {
          const content = getComputedStyle(span, pseudo).content;
          if (content && content !== 'none' && content !== 'normal') {
            text += content.replace(/^"|"$/g, '');
          }
        }
      }
      texts.push({ top: parseFloat(line.style.top), line: line.textContent.replace(/\u00a0/g, ' '), text });
    }
    return texts.sort((a, b) => a.top - b.top);
  });
}

function childProcesses() {
  // pid → parent pid, from /proc; for finding the processes code-server started.
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended meanwhile
    }
  }
  return parents;
}

/** The `gpuasm lsp` processes that descend from the code-server this test started, by pid. */
function languageServers() {
  return [...languageServerBinaries().keys()];
}

/** The same processes, each with the binary it runs (its argv[0]). */
function languageServerBinaries() {
  const parents = childProcesses();
  const descends = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parents.get(p) ?? 0, ++hops) {
      if (p === serverPid) {
        return true;
      }
    }
    return false;
  };
  const found = new Map();
  for (const pid of parents.keys()) {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (path.basename(args[0]) === 'gpuasm' && args[1] === 'lsp' && descends(pid)) {
        found.set(pid, args[0]);
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

// ---- the checks ----------------------------------------------------------------------------

// `IADD R1, R1, R2 ;` encoded by hand from the spec: IADD's fields (000_ialu.txt:105-119) and
// IADD_RR's (000_ialu.txt:181-184) with the prelude's values Optype IADD = 0, SType RR = 0,
// PT = 7, PModi True = 1 and every other default 0:
//   pg=7 at 12, rd=1 at 16, ra=1 at 24, rb=2 at 32          -> low 64 bits 0x0000000201017000
//   pp=7 at 98, pp.not=1 at 101, pu=7 at 106                -> high 64 bits 0x00001c3c00000000
const iaddR1R1R2 = '0x00001c3c000000000000000201017000';

// IADD's __Description, first sentence (isa-db/spec/000_ialu.txt:129).
const iaddDescription = '进行整数加法，即Rd = Ra + SrcB。';

async function checkDiagnostics() {
  await openFile('illegal-modifier.asm');
  await waitFor('an error squiggle in illegal-modifier.asm', 30000, async () =>
    (await page.locator('.editor-group-container.active .squiggly-error').count()) > 0);
  await page.keyboard.press('Control+Shift+M');
  const rows = page.locator('.markers-panel .monaco-list-row');
  // examples/illegal-modifier.asm line 2 is `IADD.SAT R0, R1, R2 ;`: IADD has no .SAT (000_ialu.txt:125-126).
  const row = await waitFor('a Problems entry for line 2 (.SAT)', 30000, async () => {
    for (const text of await rows.allTextContents()) {
      if (text.includes('SAT') && text.includes('unknown-modifier') && text.includes('Ln 2')) {
        return text;
      }
    }
    return undefined;
  });
  await screenshot('diagnostics');
  const count = await rows.count();
  await page.keyboard.press('Control+Shift+M');
  return `${count} Problems rows; line 2: "${row.trim()}"`;
}

/** With no setting and no gpuasm on PATH, the one server running is the .vsix's bin/gpuasm. */
async function checkBundledServer() {
  const servers = [...languageServerBinaries().entries()];
  if (servers.length !== 1) {
    throw new Error(`expected one gpuasm lsp process, found ${JSON.stringify(servers)}`);
  }
  const [pid, binary] = servers[0];
  const inside = path.relative(extensionsDir, binary);
  if (inside.startsWith('..') || !/^gpuasm\.gpuasm-[0-9.]+(-linux-x64)?\/bin\/gpuasm$/.test(inside)) {
    throw new Error(`the server ${pid} runs ${binary}, not the bin/gpuasm of the extension installed in ${extensionsDir}`);
  }
  return `pid ${pid}: <extensions>/${inside}`;
}

/** The processes descending from code-server whose program is a gpuasm binary, by pid. */
function gpuasmProcesses() {
  const parents = childProcesses();
  const found = [];
  for (const pid of parents.keys()) {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      let p = pid;
      for (let hops = 0; p > 1 && p !== serverPid && hops < 64; ++hops) {
        p = parents.get(p) ?? 0;
      }
      if (p === serverPid && /^gpuasm(\.exe)?$/.test(path.basename(args[0]))) {
        found.push(`${pid}: ${args.join(' ')}`);
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** The lines of an Output channel that hold `text`: the channel shown in the panel, filtered by the Output view's filter. */
async function outputChannelLines(name, text) {
  await runCommand('Output: Show Output Channels...');
  const input = await openedQuickInput('the list of output channels');
  await input.fill(name);
  await waitFor(`the output channel ${name} in the list`, 10000, async () =>
    (await page.locator('.quick-input-list .monaco-list-row').first().textContent())?.trim().startsWith(name));
  await page.keyboard.press('Enter');
  const filter = page.locator('.panel input[placeholder^="Filter"]').first();
  await filter.fill(text);
  try {
    return await waitFor(`the output channel ${name} to show a line with "${text}"`, 10000, async () => {
      const lines = (await page.locator('.panel .monaco-editor .view-lines .view-line').allTextContents())
        .map((line) => line.replace(/\u00a0/g, ' '))
        .filter((line) => line.includes(text));
      return lines.length > 0 ? lines : undefined;
    });
  } finally {
    await filter.fill('');
  }
}

/**
 * The universal .vsix, with no gpuasm anywhere (none bundled, none on PATH, no setting): the
 * extension runs its WebAssembly server, in a worker of the extension host under Node (wasm-node)
 * or of the browser's web extension host (wasm-web) — no gpuasm process runs, and the Output
 * channel says which server started (src/extension.ts, src/browser.ts).
 */
async function checkWasmServer() {
  await openFile('illegal-modifier.asm');
  await waitFor('an error squiggle from the server', 30000, async () =>
    (await page.locator('.editor-group-container.active .squiggly-error').count()) > 0);
  const processes = gpuasmProcesses();
  if (processes.length > 0) {
    throw new Error(`gpuasm processes run under code-server: ${processes.join('; ')}`);
  }
  const said = serverKind === 'wasm-web'
    ? 'Starting gpuasm\'s WebAssembly server in a Web Worker'
    : 'Starting gpuasm\'s WebAssembly server (no native gpuasm here';
  const [line] = await outputChannelLines('gpuasm', said);
  await screenshot('wasm-server');
  return `no gpuasm process; the Output channel says "${line.length > 160 ? `${line.slice(0, 160)}…` : line}"`;
}

async function checkHighlighting() {
  await openFile('illegal-modifier.asm');
  // The TextMate grammar colours before the server answers: the mnemonic and a register differ.
  const classes = await waitFor('IADD and R0 in coloured spans', 10000, async () => page.evaluate(() => {
    const spans = [...document.querySelectorAll('.editor-group-container.active .view-line span span')];
    const classOf = (text) => spans.find((s) => s.textContent === text)?.className;
    const found = { mnemonic: classOf('IADD'), register: classOf('R0'), modifier: classOf('SAT') };
    return found.mnemonic && found.register ? found : undefined;
  }));
  if (!classes.mnemonic || !classes.register || classes.mnemonic === classes.register) {
    throw new Error(`IADD and R0 are not coloured differently (classes ${JSON.stringify(classes)})`);
  }
  return `IADD ${classes.mnemonic}, SAT ${classes.modifier}, R0 ${classes.register}`;
}

async function checkHover() {
  await openFile('illegal-modifier.asm');
  await goToLine(2);
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+I');
  const text = await waitFor('a hover with IADD\'s __Description', 20000, async () => {
    const hovers = await page.locator('.monaco-hover').allTextContents();
    return hovers.find((h) => h.includes(iaddDescription));
  });
  await screenshot('hover');
  await page.keyboard.press('Escape');
  return `hover has "${iaddDescription}" (${text.length} characters)`;
}

async function checkCompletion() {
  await openFile('illegal-modifier.asm');
  try {
    return await completeAfterImad();
  } finally {
    await page.keyboard.press('Escape');
    await focusEditor();
    await runCommand('File: Revert File');
  }
}

async function completeAfterImad() {
  await page.keyboard.press('Control+End');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  // Typing IMAD opens the mnemonic completions; close them so the list read below is the one
  // the "." trigger opens.
  await page.keyboard.type('IMAD', { delay: 50 });
  await sleep(500);
  await page.keyboard.press('Escape');
  await waitFor('the completion list to close', 5000, async () => (await page.locator('.suggest-widget.visible').count()) === 0);
  await page.keyboard.type('.');
  // IMAD's syntax (000_ialu.txt:239-243): IMAD{.LO}{.itype} and IMAD.HI.X{.itype}, .itype = {.S32*, .U32};
  // .RN is FADD's rounding mode, never IMAD's.
  const labels = await waitFor('completion items after "IMAD."', 20000, async () => {
    const rows = await page.locator('.suggest-widget.visible .monaco-list-row .label-name').allTextContents();
    return rows.length > 0 ? rows : undefined;
  });
  await screenshot('completion');
  // Typing on filters by the text after the dot (the word pattern keeps IMAD.W one word, so the
  // extension gives the items the range after the last dot): W leaves WIDE, not U32.
  await page.keyboard.type('W');
  const filtered = await waitFor('the list filtered by "W"', 10000, async () => {
    const rows = await page.locator('.suggest-widget.visible .monaco-list-row .label-name').allTextContents();
    return rows.includes('WIDE') && !rows.includes('U32') ? rows : undefined;
  });
  await page.keyboard.press('Escape');
  const missing = ['HI', 'U32'].filter((label) => !labels.includes(label));
  if (missing.length > 0) {
    throw new Error(`completion after IMAD. lacks ${missing.join(', ')}; it offered ${labels.join(', ')}`);
  }
  if (labels.includes('RN')) {
    throw new Error(`completion after IMAD. offers RN, an FADD rounding mode: ${labels.join(', ')}`);
  }
  return `offered ${labels.join(', ')}; after "W": ${filtered.join(', ')}`;
}

async function hintShown() {
  const lines = await editorLines();
  return lines.find((line) => line.startsWith('IADD R1, R1, R2 ;') && line.toLowerCase().includes(iaddR1R1R2));
}

async function checkInlayHint() {
  // The cursor on line 10, the first `IADD R1, R1, R2 ;`: its hint shows whether the hints are on
  // every line (e2e.sh's "all") or on the cursor's line (what checkHintSetting leaves).
  await openFile('warp-reduce.asm');
  await goToLine(10);
  const line = await waitFor(`the inline encoding ${iaddR1R1R2} on "IADD R1, R1, R2 ;"`, 30000, hintShown);
  await screenshot('encoding-hint');
  return `"${line.trim()}"`;
}

/** The visible lines that show an encoding inlay hint (0x and 32 hex digits). */
async function linesWithEncoding() {
  return (await editorLines()).filter((line) => /0x[0-9a-f]{32}/i.test(line));
}

/** Waits until the only line with an encoding hint is the one starting with `prefix`. */
async function onlyHintOn(prefix, timeoutMs) {
  let lines = [];
  try {
    return await waitFor(`the encoding hint on "${prefix}" only`, timeoutMs, async () => {
      lines = await linesWithEncoding();
      return lines.length === 1 && lines[0].startsWith(prefix) ? lines[0] : undefined;
    });
  } catch (error) {
    throw new Error(`${error.message}; hinted lines: ${JSON.stringify(lines)}`);
  }
}

async function checkHintSetting() {
  // gpuasm: Toggle Inline Encoding Hints writes the user setting gpuasm.encodingHints: "off",
  // then "cursor" (the default: the hint on the cursor's line only). The extension tells the
  // server (didChangeConfiguration) and where the cursor is (gpuasm/cursor); the server has VS
  // Code ask for hints again. e2e.sh starts with "all": every instruction's line had one.
  const setting = () => JSON.parse(fs.readFileSync(settingsFile, 'utf8'))['gpuasm.encodingHints'];
  await openFile('warp-reduce.asm');
  await runCommand('gpuasm: Toggle Inline Encoding Hints');
  await waitFor('the encoding hints to go away with gpuasm.encodingHints "off"', 20000, async () =>
    (await linesWithEncoding()).length === 0);
  if (setting() !== 'off') {
    throw new Error(`the user settings hold gpuasm.encodingHints = ${JSON.stringify(setting())} after the toggle, not "off"`);
  }
  await screenshot('encoding-hints-off');
  await runCommand('gpuasm: Toggle Inline Encoding Hints');
  await waitFor('gpuasm.encodingHints "cursor" in the user settings', 10000, async () => setting() === 'cursor');
  // Line 10 is the first `IADD R1, R1, R2 ;` (lines 12, 14, 16 and 18 read the same): one hint, the cursor's.
  await goToLine(10);
  const iadd = await onlyHintOn('IADD R1, R1, R2 ;', 20000);
  if (!iadd.toLowerCase().includes(iaddR1R1R2)) {
    throw new Error(`line 10 shows "${iadd}", not the encoding ${iaddR1R1R2}`);
  }
  // The hint follows the cursor to line 9.
  await goToLine(9);
  const shfl = await onlyHintOn('SHFL.BFLY PT, R2, R1, 0x10, 0x1f ;', 20000);
  await screenshot('encoding-hint-cursor-line');
  return `off, then "cursor": the hint on line 10 only, then on line 9 only ("${shfl.trim()}")`;
}

/** The rendered text (inlay hints included) of the first visible line starting with `prefix`. */
async function lineStartingWith(prefix) {
  return (await editorLines()).find((line) => line.startsWith(prefix));
}

/** Waits until the line starting with `prefix` shows `text` (or, with absent, no longer does). */
async function lineShows(prefix, text, timeoutMs, absent = false) {
  return waitFor(`"${prefix}" to ${absent ? 'drop' : 'show'} "${text}"`, timeoutMs, async () => {
    const line = await lineStartingWith(prefix);
    return line !== undefined && line.includes(text) !== absent ? line : undefined;
  });
}

async function pickLane(label) {
  await runCommand('gpuasm: Pin Live Values to a Lane');
  const input = await openedQuickInput('the lane pick');
  await input.fill(label);
  await waitFor(`"${label}" first in the lane list`, 10000, async () =>
    (await page.locator('.quick-input-list .monaco-list-row .label-name').first().textContent())?.trim() === label);
  await page.keyboard.press('Enter');
}

const reduxLine = 'REDUX.SUM R3, R0 ;';
const lastShfl = 'SHFL.BFLY PT, R2, R1, 0x1, 0x1f ;';

async function checkLiveValues() {
  await openFile('warp-reduce.asm');
  // By hand (examples/warp-reduce.asm, R0 = lane): REDUX.SUM R3, R0 is 0 + 1 + … + 31 = 496 = 0x1f0.
  // After the butterflies with 16, 8, 4 and 2 each lane holds the sum of the lanes of its parity
  // (even 240 = 0xf0, odd 256 = 0x100); SHFL.BFLY 0x1 gives the even lanes the odd sum and the odd
  // lanes the even one: two groups, even and odd lanes (docs/LANGUAGE.md, "Values in their types").
  const redux = await lineShows(reduxLine, 'R3 = 0x1f0', 30000);
  const shfl = await lineShows(lastShfl, 'R2: even lanes 0x100, odd lanes 0xf0', 20000);
  // Line 8 `MOV R1, R0` copies R0 = lane; line 9's SHFL.BFLY 0x10 gives lane L the R1 of lane L ^ 16.
  await lineShows('MOV R1, R0 ;', 'R1 = lane', 20000);
  await lineShows('SHFL.BFLY PT, R2, R1, 0x10, 0x1f ;', 'R2 = lane ^ 0x10', 20000);
  await screenshot('live-values');
  // Lane 1 (odd) holds the even sum.
  await pickLane('lane 1');
  await lineShows(lastShfl, 'R2 = 0xf0', 20000);
  if (JSON.parse(fs.readFileSync(settingsFile, 'utf8'))['gpuasm.liveValues.lane'] !== 1) {
    throw new Error('the user settings do not hold gpuasm.liveValues.lane = 1 after pinning lane 1');
  }
  await screenshot('live-values-lane-1');
  await pickLane('summary');
  await lineShows(lastShfl, 'R2: even lanes 0x100, odd lanes 0xf0', 20000);
  // Off: the values go, the encodings stay (the REDUX line's: the cursor is put on it, line 20).
  await goToLine(20);
  await runCommand('gpuasm: Toggle Live Values');
  const off = await lineShows(reduxLine, 'R3 = 0x1f0', 20000, true);
  if (!/0x[0-9a-f]{32}/.test(off)) {
    throw new Error(`with live values off the REDUX line lost its encoding hint too: "${off}"`);
  }
  await runCommand('gpuasm: Toggle Live Values');
  await lineShows(reduxLine, 'R3 = 0x1f0', 20000);
  return `"${redux.trim()}"; "${shfl.trim()}"; lane 1: R2 = 0xf0; off and on again`;
}

// Register pressure (issue 30; docs/LANGUAGE.md, "Register pressure"), by hand on
// examples/warp-reduce.asm. R0's initial value is read on lines 8 and 20; each R1 lives from its
// write to the IADD that overwrites it, the last (line 18) to its last read on line 24; each R2
// from its SHFL to the next line; R3 20–21, P0 21–22, R6 25–26, R7 26–27; R4, P1 (line 22), R5
// (24) and R8 (27) are never read: results, live to the last line. Counts of R per line: 2 on 8,
// 3 on 9–20 (R0, R1, R2; on 20 R0, R1, R3), 2 on 21–22, 3 on 24–25 (R1 or R6 with R4, R5), 4 on
// 26 (R4, R5, R6, R7) and 27 (R4, R5, R7, R8): the peak, at its first line, is 4 R on line 26.
// P: 1 on 21, 2 on 22 (P0 read, P1 written), 1 after: 2 P on line 22. (`gpuasm stats
// examples/warp-reduce.asm`, the streaming path, says the same.)
const pressureLens = 'peak 4 R at line 26, 2 P at line 22';

async function checkPressureLens() {
  await openFile('warp-reduce.asm');
  const lens = page.locator('.editor-group-container.active .codelens-decoration a', { hasText: 'peak' }).first();
  const text = await waitFor('the register pressure CodeLens', 30000, async () =>
    (await lens.count()) > 0 ? (await lens.textContent()).trim() : undefined);
  if (text !== pressureLens) {
    throw new Error(`the CodeLens says "${text}", expected "${pressureLens}"`);
  }
  // Above the first statement, line 8 `MOV R1, R0 ;`: just over its line, under line 7's.
  const placed = await page.evaluate(() => {
    const editor = document.querySelector('.editor-group-container.active .monaco-editor');
    const lensTop = editor.querySelector('.codelens-decoration').getBoundingClientRect().top;
    const lines = [...editor.querySelectorAll('.view-lines .view-line')].map((l) => ({
      top: l.getBoundingClientRect().top,
      text: l.textContent.replace(/\u00a0/g, ' '),
    })).sort((a, b) => a.top - b.top);
    const first = lines.findIndex((l) => l.text.startsWith('MOV R1, R0 ;'));
    return { lensTop, firstTop: lines[first]?.top, aboveTop: lines[first - 1]?.top, above: lines[first - 1]?.text };
  });
  if (!(placed.lensTop < placed.firstTop && placed.lensTop > placed.aboveTop)) {
    throw new Error(`the CodeLens is not between line 7 and line 8 (MOV R1, R0): ${JSON.stringify(placed)}`);
  }
  await screenshot('pressure-lens');
  // Its command, gpuasm.ui.revealLine [uri, 25], puts the cursor on line 26.
  await goToLine(1);
  await lens.click();
  const status = await waitFor('the cursor on line 26 after clicking the CodeLens', 10000, async () => {
    const selection = await page.locator('.statusbar-item[id="status.editor.selection"]').textContent();
    return selection?.includes('Ln 26,') ? selection.trim() : undefined;
  });
  await screenshot('pressure-lens-clicked');
  return `"${text}" above line 8; clicked: ${status}`;
}

// Values in their types (docs/LANGUAGE.md): FMUL's operands are f32, so line 26 `FMUL R7, R6,
// 4.0` with R6 = c[0x0][0x10] = 0x3e000000 = 2^-3 = 0.125 (// @state) shows R7 = 0.125 × 4 = 0.5.
async function checkF32LiveValue() {
  await openFile('warp-reduce.asm');
  const line = await lineShows('FMUL R7, R6, 4.0 ;', 'R7 = 0.5', 30000);
  if (/R7 = 0x/.test(line)) {
    throw new Error(`the FMUL line shows R7 in hex: "${line}"`);
  }
  return `"${line.trim()}"`;
}

// Explain this line (docs/PROTOCOL.md, "Explain this line"): a line typed after line 27,
// `FADD.RZ R7, R7, 4.4703484e-08 ;`. R7 = 0.5 there (line 26). The immediate reads as
// 3 × 2^-26 exactly (f32 spacing at 4.47e-8 is 2^-48 ≈ 3.6e-15; 4.4703484e-08 - 3 × 2^-26 ≈ 4e-16).
// The exact sum 0.5 + 3 × 2^-26 = 0.5 + 0.75 ULP (an ULP of [0.5, 1) is 2^-24): .RN and .RP give
// the next f32 up, 0.5 + 2^-24 = 0x3f000001 (shortest decimal 0.50000006), .RM and .RZ 0.5 =
// 0x3f000000; from the written .RZ: +1, +1, 0, 0. R7 is read and rewritten, so the pressure
// stays (line 28 counts R4, R5, R7, R8: 4) and the CodeLens still reads "${pressureLens}".
const explainedLine = 'FADD.RZ R7, R7, 4.4703484e-08 ;';
const roundingRows = [
  ['.RN', '0x3f000001', 1],
  ['.RM', '0x3f000000', 0],
  ['.RP', '0x3f000001', 1],
  ['.RZ (this line)', '0x3f000000', 0],
];

async function checkExplainHover() {
  // The line is typed into a copy of warp-reduce.asm (e2e.sh wrote it): VS Code keeps the code
  // lenses of a file it closed and shows them again, without their command, when the file is
  // opened anew after an edit; the CodeLens check on warp-reduce.asm must not depend on whether
  // this check ran before it.
  await openFile('explain-line.asm');
  await page.keyboard.press('Control+B'); // room for the hover: the explorer goes
  try {
    await goToLine(27);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    // One edit (typed key by key, a half-typed number stopped the run and its hint lagged once).
    await page.keyboard.insertText(explainedLine);
    await lineShows(explainedLine, 'R7 = 0.5', 30000);
    await goToLine(28);
    await page.keyboard.press('Home');
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-hover').filter({ hasText: 'Result under each rounding mode' }).first();
    const text = await waitFor('the hover with the rounding table', 30000, async () =>
      (await hover.count()) > 0 ? hover.textContent() : undefined);
    for (const part of ['Semantics of this line', 'Live run: inputs before this line', '0.5 (0x3f000000)']) {
      if (!text.includes(part)) {
        throw new Error(`the hover lacks "${part}": ${text.slice(0, 600)}`);
      }
    }
    const rows = await hover.locator('table tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent.trim())));
    const table = rows.filter((cells) => cells.length === 4 && cells[0].startsWith('.'));
    const byMode = new Map(table.map((cells) => [cells[0], cells]));
    for (const [mode, bits, ulps] of roundingRows) {
      const row = byMode.get(mode);
      if (!row || row[2].toLowerCase() !== bits || Number(row[3].replace('+', '')) !== ulps) {
        throw new Error(`the row ${mode} should be ${bits}, ${ulps} ULPs; the table is ${JSON.stringify(rows)}`);
      }
    }
    if (!byMode.get('.RN')[1].startsWith('0.50000006')) {
      throw new Error(`.RN shows ${byMode.get('.RN')[1]}, not 0.50000006`);
    }
    const lens = (await page.locator('.editor-group-container.active .codelens-decoration a', { hasText: 'peak' }).first().textContent()).trim();
    if (lens !== pressureLens) {
      throw new Error(`after the added line the CodeLens says "${lens}", expected "${pressureLens}"`);
    }
    // The screenshot shows the hover scrolled to the rounding table, the live run above it.
    await hover.locator('table', { hasText: 'ULPs from' }).first().evaluate((table) => table.scrollIntoView({ block: 'end' }));
    await sleep(300);
    const shot = await screenshot('explain-hover');
    fs.copyFileSync(shot, path.join(out, 'explain.png'));
    await page.keyboard.press('Escape');
    return `rounding table ${table.map((r) => `${r[0]} ${r[2]} ${r[3]}`).join('; ')}`;
  } finally {
    await page.keyboard.press('Escape');
    await focusEditor();
    await runCommand('File: Revert File');
    await page.keyboard.press('Control+B');
  }
}

async function problemRows() {
  return page.locator('.markers-panel .monaco-list-row').allTextContents();
}

async function checkExpectation() {
  // A copy of warp-reduce.asm (e2e.sh wrote it), for the reason given at checkExplainHover.
  await openFile('expectation.asm');
  // After line 20 R3 = 0x1f0 in every lane (by hand, above): 0x1f1 is false in all 32 lanes.
  await goToLine(20);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('// @expect R3 == 0x1f1', { delay: 20 });
  await page.keyboard.press('Control+Shift+M');
  // While typing, "R3 == 0x1f" is false too: wait for the whole expectation's entry.
  const row = await waitFor('the expectation-failed entry of R3 == 0x1f1 in Problems', 30000, async () =>
    (await problemRows()).find((text) => text.includes('expectation-failed') && text.includes("'R3 == 0x1f1'")));
  if (!row.includes("'R3 == 0x1f1' is false in 32 of 32 active lanes (0–31): R3 is 0x1f0 in each")) {
    throw new Error(`the Problems entry does not name the lanes and R3's value: "${row}"`);
  }
  await waitFor('the squiggle under the expectation', 10000, async () =>
    (await page.locator('.editor-group-container.active .squiggly-error').count()) > 0);
  await screenshot('expectation-failed');
  // Made true, the entry goes.
  await focusEditor();
  await goToLine(21);
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('0');
  await waitFor('the expectation-failed entry to go', 30000, async () =>
    !(await problemRows()).some((text) => text.includes('expectation-failed')));
  await page.keyboard.press('Control+Shift+M');
  await runCommand('File: Revert File');
  return `"${row.trim()}", gone once the expectation holds`;
}

async function cell(frame, register, lane) {
  const text = await frame.locator(`#lanes td[data-reg="${register}"][data-lane="${lane}"]`).textContent({ timeout: 5000 });
  return text.trim();
}

async function checkRunToCursor() {
  // Room for the editor and the registers side by side: the explorer goes away (Ctrl+B).
  await openFile('warp-reduce.asm');
  await page.keyboard.press('Control+B');
  await goToLine(21);
  await page.keyboard.press('Control+F10');
  const frame = await webviewWith('#lanes', 30000);
  const stop = await frame.locator('#stop').textContent();
  // Line 21 is the ISETP; everything before it ran: 1 MOV + 5 SHFL + 5 IADD + REDUX = 12 instructions.
  if (!stop.includes('stopped before line 21') || !stop.includes('12 instructions')) {
    throw new Error(`the registers view says "${stop}", not "stopped before line 21 … 12 instructions"`);
  }
  // By hand (examples/warp-reduce.asm): R0 = lane. After the butterflies with 16, 8, 4 and 2 every
  // lane holds the sum of the lanes of its parity (even 0+2+…+30 = 240, odd 1+3+…+31 = 256); the last
  // SHFL.BFLY 0x1 gives lane 0 the odd sum (R2 = 256 = 0x100) and lane 1 the even one (0xf0); the
  // last IADD makes R1 = 496 = 0x1f0 in every lane, and REDUX.SUM R3, R0 is 0+…+31 = 496 too.
  const expected = [['R1', 0, 0x1f0], ['R1', 31, 0x1f0], ['R2', 0, 0x100], ['R2', 1, 0xf0], ['R3', 7, 0x1f0], ['R0', 5, 5]];
  for (const [register, lane, value] of expected) {
    const shown = await cell(frame, register, lane);
    if (Number.parseInt(shown, 16) !== value) {
      throw new Error(`${register} in lane ${lane} shows ${shown}, expected 0x${value.toString(16)}`);
    }
  }
  const changed = await frame.locator('#lanes td[data-reg="R1"][data-lane="0"]').getAttribute('class');
  const unchanged = await frame.locator('#lanes td[data-reg="R0"][data-lane="0"]').getAttribute('class');
  if (changed !== 'changed' || unchanged === 'changed') {
    throw new Error(`R1 (written) has class "${changed}", R0 (not written) has class "${unchanged}"`);
  }
  // The end-of-line values: line 20 (REDUX.SUM R3, R0) wrote R3 = 0x1f0; line 17
  // (SHFL.BFLY … 0x1) wrote R2 = 0x100 in lane 0.
  const lineWith = async (prefix, pattern) => waitFor(`"${pattern}" after the line ${prefix}`, 10000, async () => {
    const decorated = (await decorationTexts()).find((d) => d.line.startsWith(prefix));
    return decorated && pattern.test(decorated.text) ? decorated.text : undefined;
  });
  const redux = await lineWith('REDUX.SUM R3, R0', /lane 0: .*R3 = 0x0*1f0\b/);
  await lineWith('SHFL.BFLY PT, R2, R1, 0x1, 0x1f', /lane 0: .*R2 = 0x0*100\b/);
  await screenshot('run-to-cursor');
  // Selecting lane 1 in the view moves the end-of-line values to lane 1 (R2 = 0xf0 there).
  await frame.locator('#lanes tr[data-lane="1"]').click();
  const lane1 = await lineWith('SHFL.BFLY PT, R2, R1, 0x1, 0x1f', /lane 1: .*R2 = 0x0*f0\b/);
  const frameAfter = await webviewWith('#lanes tr.selected[data-lane="1"]', 10000);
  await frameAfter.locator('#stop').textContent();
  await screenshot('run-to-cursor-lane-1');
  // README's picture: a window wide enough that the editor beside the view shows 120 columns.
  await page.setViewportSize({ width: 2400, height: 1080 });
  try {
    await waitFor('the editor beside the registers view to be 120 columns wide', 10000, async () =>
      (await page.locator('.monaco-editor .view-lines').first().boundingBox())?.width > 120 * 8.5);
    await screenshot('run-to-cursor-readme');
  } finally {
    await page.setViewportSize(viewport);
  }
  return `${stop.trim()}; REDUX line shows "${redux.trim()}"; lane 1 shows "${lane1.trim()}"`;
}

async function checkExecuteSelection() {
  // Select lines 8-9 (MOV R1, R0 and SHFL.BFLY PT, R2, R1, 0x10, 0x1f) and press Shift+Enter.
  await openFile('warp-reduce.asm');
  await goToLine(8);
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Shift+Enter');
  const frame = await waitFor('the registers view of "execute lines 8–9"', 30000, async () => {
    for (const candidate of page.frames()) {
      try {
        const stop = await candidate.$('#stop');
        if (stop && (await stop.textContent()).includes('execute lines 8–9')) {
          return candidate;
        }
      } catch {
        // a frame that went away while we looked
      }
    }
    return undefined;
  });
  const stop = (await frame.locator('#stop').textContent()).trim();
  if (!stop.includes('ran to the end: 2 instructions executed')) {
    throw new Error(`the registers view says "${stop}", expected the 2 selected instructions to run to the end`);
  }
  // By hand: R0 = lane (// @state), MOV R1, R0 copies it, SHFL.BFLY … 0x10 gives lane L the R1
  // of lane L ^ 16: lane 0 gets 16, lane 16 gets 0, lane 21 gets 5.
  for (const [register, lane, value] of [['R1', 3, 3], ['R2', 0, 16], ['R2', 16, 0], ['R2', 21, 5]]) {
    const shown = await cell(frame, register, lane);
    if (Number.parseInt(shown, 16) !== value) {
      throw new Error(`${register} in lane ${lane} shows ${shown}, expected 0x${value.toString(16)}`);
    }
  }
  await screenshot('execute-selection');
  return stop;
}

async function checkStateFile() {
  // all-ones.json (written by e2e.sh) sets R0 = 1 in every lane over the file's `// @state R0 = lane`.
  await openFile('warp-reduce.asm');
  await runCommand('gpuasm: Pick Initial State File');
  // VS Code's own file dialog: a path box that starts at the workspace folder.
  const input = await openedQuickInput('the file dialog');
  const file = path.join(workspace, 'all-ones.json');
  await waitFor('the file dialog at the workspace folder', 10000, async () => (await input.inputValue()).includes(workspace));
  await waitFor(`the file dialog holding ${file}`, 10000, async () => {
    await input.fill(file);
    await sleep(500);
    return (await input.inputValue()) === file;
  });
  await page.keyboard.press('Enter');
  await waitFor('the status bar naming all-ones.json', 15000, async () =>
    (await page.locator('.statusbar').textContent())?.includes('state: all-ones.json'));
  await goToLine(21);
  await page.keyboard.press('Control+F10');
  // By hand: with R0 = 1 everywhere each butterfly doubles the sum: after 16, 8, 4 and 2 every lane
  // holds 16, the last SHFL gives R2 = 16 (0x10), the last IADD R1 = 32 (0x20), REDUX.SUM R3 = 32.
  // The view is re-rendered (its frame replaced) with the new run: look for it afresh each time.
  const frame = await waitFor('R1 = 0x20 in the registers view', 30000, async () => {
    for (const candidate of page.frames()) {
      try {
        if ((await candidate.$('#lanes')) && Number.parseInt(await cell(candidate, 'R1', 0), 16) === 0x20) {
          return candidate;
        }
      } catch {
        // a frame that went away while we looked
      }
    }
    return undefined;
  });
  for (const [register, lane, value] of [['R0', 9, 1], ['R2', 0, 0x10], ['R3', 31, 0x20]]) {
    const shown = await cell(frame, register, lane);
    if (Number.parseInt(shown, 16) !== value) {
      throw new Error(`${register} in lane ${lane} shows ${shown}, expected 0x${value.toString(16)}`);
    }
  }
  // The live values follow the state file: REDUX.SUM R3, R0 is 32 × 1 = 0x20.
  await lineShows(reduxLine, 'R3 = 0x20', 20000);
  await screenshot('state-file');
  await runCommand('gpuasm: Clear Initial State File');
  await waitFor('the status bar back on the @state lines', 15000, async () =>
    (await page.locator('.statusbar').textContent())?.includes('state: @state lines'));
  await lineShows(reduxLine, 'R3 = 0x1f0', 20000);
  return 'R0 = 1 from all-ones.json: R1 = 0x20, R2 = 0x10, live value R3 = 0x20, back to 0x1f0 when cleared';
}

async function checkShowEncoding() {
  await openFile('warp-reduce.asm');
  await goToLine(10);
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+E');
  const frame = await webviewWith('table.fields', 20000);
  const encoding = (await frame.locator('code.encoding').first().textContent()).trim().toLowerCase();
  const fields = {};
  for (const row of await frame.locator('table.fields tbody tr').all()) {
    const cells = (await row.locator('th, td').allTextContents()).map((c) => c.trim());
    fields[cells[0]] = { bits: cells[1], value: cells[3] };
  }
  await screenshot('show-encoding');
  if (encoding !== iaddR1R1R2) {
    throw new Error(`the encoding panel shows ${encoding} for line 10, expected ${iaddR1R1R2}`);
  }
  // Fields of IADD_RR by hand (see iaddR1R1R2): rd<16,8> = 1, rb<32,8> = 2, pg<12,3> = PT = 7.
  for (const [name, bits, value] of [['rd', '23:16', 1], ['rb', '39:32', 2], ['pg', '14:12', 7]]) {
    const field = fields[name];
    if (!field || field.bits !== bits || Number.parseInt(field.value, 16) !== value) {
      throw new Error(`field ${name}: expected bits ${bits} value ${value}, the panel shows ${JSON.stringify(field)}`);
    }
  }
  return `${encoding}, ${Object.keys(fields).length} fields`;
}

/** Closes the active editor (the panel clicked last) with the palette's "View: Close Editor", not "… Group". */
async function closeActiveEditor() {
  const input = await pressForQuickInput('F1', 'the command palette');
  await input.fill('>View: Close Editor');
  const row = page.locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: /^View: Close Editor$/ }) }).first();
  await row.waitFor({ state: 'visible', timeout: 10000 });
  await row.click();
}

/** The database of the server the extension runs, as `gpuasm spec --json` of the same binary gives it (the workspace's spec). */
function serverDatabase() {
  const servers = [...languageServerBinaries().values()];
  if (servers.length !== 1) {
    throw new Error(`expected one gpuasm lsp process, found ${servers.length}`);
  }
  return JSON.parse(execFileSync(servers[0], ['spec', '--json'], { cwd: workspace, maxBuffer: 256 << 20, timeout: 30000 }));
}

/** The frame of the reference panel showing the page whose <h1> is `heading` (the page is replaced at each load). */
async function referenceFrame(heading, timeoutMs) {
  return waitFor(`the reference panel showing "${heading}"`, timeoutMs, async () => {
    for (const frame of page.frames()) {
      try {
        const h1 = await frame.$('main h1');
        if (h1 && (await h1.textContent())?.trim() === heading) {
          return frame;
        }
      } catch {
        // a frame that went away, or one without that heading
      }
    }
    return undefined;
  });
}

async function checkOpenReference() {
  // Line 9 of warp-reduce.asm: SHFL.BFLY PT, R2, R1, 0x10, 0x1f — SrcB and SrcC are immediates,
  // so it assembles to SHFL_RI (002_sync.txt:171-183: vb<53,5> and vc<40,13>; SHFL_RRR, RRI and
  // RIR take a register for one of them).
  const variant = 'SHFL_RI';
  const opcode = serverDatabase().opcodes.find((o) => o.name === variant);
  if (!opcode) {
    throw new Error(`gpuasm spec --json has no opcode ${variant}`);
  }
  await openFile('warp-reduce.asm');
  await goToLine(9);
  const lineText = (await editorLines()).find((l) => l.startsWith('SHFL.BFLY PT, R2, R1, 0x10, 0x1f'));
  if (!lineText) {
    throw new Error('line 9 of warp-reduce.asm is not the SHFL with two immediates');
  }
  await runCommand('gpuasm: Open Instruction Reference');
  const frame = await referenceFrame('SHFL', 20000);
  await waitFor('the panel tab "gpuasm Reference: SHFL"', 10000, async () =>
    page.locator('.tab', { hasText: 'gpuasm Reference: SHFL' }).first().isVisible());
  // Each field of the variant is drawn as boxes, one per 32-bit row it crosses, that together
  // cover exactly its bits [offset, offset + width - 1].
  const rects = await frame.locator(`svg.encoding[data-opcode="${variant}"] rect[data-field]`).evaluateAll((all) =>
    all.map((r) => ({ field: r.getAttribute('data-field'), msb: Number(r.getAttribute('data-msb')), lsb: Number(r.getAttribute('data-lsb')) })));
  const drawn = new Map();
  for (const r of rects) {
    drawn.set(r.field, [...(drawn.get(r.field) ?? []), r]);
  }
  for (const field of opcode.fields) {
    const boxes = (drawn.get(field.name) ?? []).sort((a, b) => a.lsb - b.lsb);
    let next = field.offset;
    for (const box of boxes) {
      if (box.lsb !== next || box.msb < box.lsb) {
        throw new Error(`field ${field.name} (bits ${field.offset + field.width - 1}:${field.offset}): boxes ${JSON.stringify(boxes)}`);
      }
      next = box.msb + 1;
    }
    if (boxes.length === 0 || next !== field.offset + field.width) {
      throw new Error(`field ${field.name} (bits ${field.offset + field.width - 1}:${field.offset}): boxes ${JSON.stringify(boxes)}`);
    }
    drawn.delete(field.name);
  }
  if (drawn.size > 0) {
    throw new Error(`the diagram of ${variant} has boxes of fields the database does not list: ${[...drawn.keys()]}`);
  }
  // The panel starts at the variant's section.
  const place = await frame.evaluate((id) => {
    const section = document.getElementById(id);
    return section ? { top: section.getBoundingClientRect().top, scrolled: window.scrollY, height: window.innerHeight } : undefined;
  }, `variant-${variant}`);
  if (!place || place.scrolled <= 0 || place.top < -2 || place.top > place.height / 2) {
    throw new Error(`the panel is not at #variant-${variant}: ${JSON.stringify(place)}`);
  }
  await screenshot('reference');
  // The type of the .mode modifier (SHFL.mode, 002_sync.txt:53): a link to its page, followed in the panel.
  const modeType = opcode.fields.find((f) => f.name === 'mode')?.type;
  const type = serverDatabase().types.find((t) => t.name === modeType);
  if (!type) {
    throw new Error(`SHFL_RI's field mode has no type in the database (${modeType})`);
  }
  await frame.locator(`a[href="type-${modeType}.html"]`).first().click();
  const typeFrame = await referenceFrame(modeType, 20000);
  await waitFor(`the panel tab "gpuasm Reference: ${modeType}"`, 10000, async () =>
    page.locator('.tab', { hasText: `gpuasm Reference: ${modeType}` }).first().isVisible());
  const text = await typeFrame.locator('main').textContent();
  const missing = type.values.map((v) => v.name).filter((name) => !text.includes(name));
  if (missing.length > 0) {
    throw new Error(`the ${modeType} page does not list ${missing}`);
  }
  if ((await typeFrame.locator('svg.encoding').count()) !== 0) {
    throw new Error(`the ${modeType} page still shows an encoding diagram`);
  }
  await screenshot('reference-type');
  // Closed again: the panels beside the editor are as they were.
  await closeActiveEditor();
  await waitFor('the reference panel to close', 10000, async () =>
    (await page.locator('.tab', { hasText: 'gpuasm Reference' }).count()) === 0);
  return `${variant}: ${opcode.fields.length} fields at their bits; the link to ${modeType} followed (${type.values.length} values)`;
}

async function checkRestart() {
  // An .asm file open: the extension has started its server.
  await openFile('illegal-modifier.asm');
  await waitFor('an error squiggle from the server', 30000, async () =>
    (await page.locator('.editor-group-container.active .squiggly-error').count()) > 0);
  const before = languageServers();
  if (before.length !== 1) {
    throw new Error(`expected one gpuasm lsp process under code-server ${serverPid}, found ${JSON.stringify(before)}`);
  }
  process.kill(before[0], 'SIGKILL');
  await waitFor('the notification that the server was restarted', 20000, async () =>
    (await page.locator('.notifications-toasts').allTextContents()).some((t) => t.includes('restarted')));
  const after = await waitFor('a new gpuasm lsp process', 20000, async () => {
    const now = languageServers().filter((pid) => pid !== before[0]);
    return now.length === 1 ? now : undefined;
  });
  // The new server knows the open documents again: its diagnostics come back.
  await openFile('illegal-modifier.asm');
  await waitFor('error squiggles from the restarted server', 30000, async () =>
    (await page.locator('.editor-group-container.active .squiggly-error').count()) > 0);
  await screenshot('server-restarted');
  return `killed ${before[0]}, now ${after[0]}`;
}

/** The rows of the Variables view as "name value" texts. */
async function variableRows() {
  return page.locator('.debug-variables .monaco-list-row').allTextContents();
}

/** Waits for the Variables view to show `name` with `value` (hex text as the adapter gives it). */
async function variableShows(name, value, timeoutMs) {
  let rows = [];
  try {
    return await waitFor(`the Variables view to show ${name} = ${value}`, timeoutMs, async () => {
      rows = await variableRows();
      return rows.find((row) => row.replace(/\s+/g, '') === `${name}=${value}`);
    });
  } catch (error) {
    throw new Error(`${error.message}; it shows ${JSON.stringify(rows)}`);
  }
}

/** Waits for the Call Stack view's header to give the stop's description (it shows the adapter's text). */
async function pausedState(text, timeoutMs) {
  let header;
  try {
    return await waitFor(`the Call Stack to say "${text}"`, timeoutMs, async () => {
      header = await page.locator('.pane-header', { hasText: 'Call Stack' }).first().textContent();
      return header?.toLowerCase().includes(text.toLowerCase()) ? header.replace(/^.*Call Stack/, '') : undefined;
    });
  } catch (error) {
    await screenshot('call-stack');
    throw new Error(`${error.message}; its header says "${header}"`);
  }
}

/** Expands a scope of the Variables view (VS Code shows them collapsed). */
async function expandScope(name) {
  const row = page.locator('.debug-variables .monaco-list-row', { hasText: name }).first();
  await row.waitFor({ state: 'visible', timeout: 10000 });
  if ((await row.getAttribute('aria-expanded')) !== 'true') {
    await row.click();
  }
}

async function checkDebugger() {
  try {
    return await debugWarpReduce();
  } finally {
    // The session ends whatever happened, so the checks after this one see no debugger.
    if ((await page.locator('.debug-toolbar').count()) > 0 && (await page.locator('.debug-toolbar').isVisible())) {
      await page.keyboard.press('Shift+F5');
      await waitFor('the debug session to end', 20000, async () => !(await page.locator('.debug-toolbar').isVisible()));
    }
    // Its breakpoints go too: F9 on line 20 would remove the next run's instead of setting it.
    await runCommand('Remove All Breakpoints');
  }
}

async function debugWarpReduce() {
  await openFile('warp-reduce.asm');
  // A breakpoint on line 20, REDUX.SUM, then F5 with no launch.json.
  await goToLine(20);
  await page.keyboard.press('F9');
  await waitFor('the breakpoint glyph', 10000, async () => (await page.locator('.codicon-debug-breakpoint').count()) > 0);
  await page.keyboard.press('F5');
  await pausedState('breakpoint on line 20', 30000);
  await expandScope('Registers (lane 0)');
  // By hand (examples/warp-reduce.asm, R0 = lane): before line 20 the butterflies ran: R1 = 0 + … + 31
  // = 496 = 0x1f0 in every lane, and lane 0's R2 = the odd lanes' sum 1 + 3 + … + 31 = 256 = 0x100.
  await variableShows('R1', '0x000001f0', 20000);
  await variableShows('R2', '0x00000100', 5000);
  // The view's page is replaced at every stop: look its frame up again each time.
  const stop = await waitFor('the registers view to follow the session to line 20', 20000, async () => {
    const text = await (await webviewWith('#lanes', 5000)).locator('#stop').textContent();
    return text.includes('debugging warp-reduce.asm') && text.includes('stopped before line 20') ? text : undefined;
  });
  await screenshot('debugger-breakpoint');
  // Step back: before line 18's IADD lane 0 held its parity's sum, the even lanes' 0 + 2 + … + 30 = 240 = 0xf0.
  // The Step Back button of the debug toolbar (there because the adapter supports stepBack).
  await page.locator('.debug-toolbar .codicon-debug-step-back').first().click();
  await variableShows('R1', '0x000000f0', 20000);
  const back = await waitFor('the registers view at line 18 with R1 = 0xf0 in lane 0', 20000, async () => {
    const frame = await webviewWith('#lanes', 5000);
    const text = await frame.locator('#stop').textContent();
    return text.includes('stopped before line 18') && Number.parseInt(await cell(frame, 'R1', 0), 16) === 0xf0 ? text : undefined;
  });
  const marked = await (await webviewWith('#lanes', 5000)).locator('#lanes td[data-reg="R1"][data-lane="0"]').getAttribute('class');
  if (!marked?.includes('changed')) {
    throw new Error('R1 in lane 0 is not marked as changed since the previous stop');
  }
  await screenshot('debugger-step-back');
  // A data breakpoint on R1 (lane 0 of the lane scope): continuing stops after line 18's IADD changed it.
  const row = page.locator('.debug-variables .monaco-list-row', { hasText: 'R1 =' }).first();
  await row.click({ button: 'right' });
  const item = page.locator('.monaco-menu .action-label', { hasText: 'Break on Value Change' }).first();
  await item.waitFor({ state: 'visible', timeout: 10000 });
  await screenshot('debugger-variable-menu');
  await item.click();
  await waitFor('the data breakpoint in the Breakpoints view', 10000, async () =>
    (await page.locator('.debug-breakpoints .monaco-list-row').allTextContents()).find((text) => text.includes('R1')));
  await page.keyboard.press('F5');
  const data = await pausedState('R1 changed in lane 0: 0xf0 -> 0x1f0', 20000);
  await variableShows('R1', '0x000001f0', 20000);
  await screenshot('debugger-data-breakpoint');
  // The run to the cursor's end-of-line marks ("lane 0: R1=…") went when the session started.
  const leftover = (await decorationTexts()).find((d) => /lane \d+: /.test(d.text));
  if (leftover) {
    throw new Error(`a run-to-cursor mark is still shown during the debug session: "${leftover.line}${leftover.text}"`);
  }
  // README's picture: the editor group maximized, so every line and its values show whole.
  await runCommand('View: Toggle Maximize Editor Group');
  await waitFor('the editor group to fill the window', 10000, async () =>
    (await page.locator('.editor-group-container.active .monaco-editor').first().boundingBox())?.width > 1200);
  await screenshot('debugger-readme');
  await runCommand('View: Toggle Maximize Editor Group');
  const lanes = await checkLanesView();
  return `"${stop.trim()}"; step back: "${back.trim()}"; then "${data.trim()}"; ${lanes}`;
}

/** The text of the lines of the first editor that carry the debugger's current-line decoration. */
async function currentLines() {
  return page.evaluate(() => {
    const editor = document.querySelector('.editor-group-container .monaco-editor');
    const tops = new Set([...(editor?.querySelectorAll('.view-overlays .debug-top-stack-frame-line') ?? [])]
      .map((d) => parseFloat(d.parentElement.style.top)));
    return [...(editor?.querySelectorAll('.view-lines .view-line') ?? [])]
      .filter((line) => tops.has(parseFloat(line.style.top)))
      .map((line) => line.textContent.replace(/\u00a0/g, ' ').trim());
  });
}

// The Lanes view (issue 30) in the session stopped by the data breakpoint before line 20's
// REDUX.SUM: it joins all 32 lanes. One step back on the timeline slider goes before line 18's
// IADD, just after line 17's SHFL.BFLY PT, R2, R1, 0x1, 0x1f, drawn as an arrow from lane i ^ 1
// to lane i in every lane (002_sync.txt's .BFLY: j = lane ^ 1 <= maxLane 31); the editor's
// current line follows. The view says how long after the stopped event it was redrawn.
async function checkLanesView() {
  await runCommand('gpuasm: Show the Lanes View');
  let frame = await webviewWith('#grid', 20000);
  await waitFor('the Lanes view to draw REDUX joining 32 lanes', 20000, async () => {
    frame = await webviewWith('#grid', 5000);
    return (await frame.locator('#exchange').getAttribute('data-op')) === 'REDUX'
      && (await frame.locator('#exchange-svg circle.combine').count()) === 32;
  });
  const before = await frame.locator('#redraw').getAttribute('data-seq');
  await frame.locator('#timeline').focus();
  await page.keyboard.press('ArrowLeft');
  await waitFor('the Lanes view one step back, after the SHFL', 20000, async () =>
    (await frame.locator('body').getAttribute('data-position')) === '10'
      && (await frame.locator('#exchange').getAttribute('data-op')) === 'SHFL');
  const arrows = await frame.locator('#exchange-svg path.arrow').evaluateAll((paths) =>
    paths.map((p) => [Number(p.dataset.from), Number(p.dataset.to)]));
  const wrong = arrows.filter(([from, to]) => from !== (to ^ 1));
  if (arrows.length !== 32 || wrong.length > 0) {
    throw new Error(`expected 32 arrows lane ^ 1 -> lane, got ${arrows.length}: ${JSON.stringify(wrong.slice(0, 4))}`);
  }
  const step = await frame.locator('#step').textContent();
  if (!step.includes('line 18')) {
    throw new Error(`the timeline says "${step}", not line 18`);
  }
  await waitFor('the editor\'s current line to be line 18', 20000, async () =>
    (await currentLines()).some((text) => text.startsWith('IADD R1, R1, R2')));
  await waitFor('the Call Stack at line 18', 20000, async () =>
    (await page.locator('.debug-call-stack .monaco-list-row').allTextContents()).some((t) => t.includes('18:1')));
  const ms = await waitFor('the redraw time of the step', 10000, async () => {
    const redraw = frame.locator('#redraw');
    return (await redraw.getAttribute('data-seq')) !== before ? redraw.getAttribute('data-ms') : undefined;
  });
  log(`lanes view: redrawn ${ms} ms after the stopped event`);
  // For the screenshot, room for the view: the other sections of Run and Debug collapsed and the
  // side bar widened by its sash.
  for (const name of ['Variables', 'Watch', 'Call Stack', 'Breakpoints']) {
    const header = page.locator('.pane-header', { hasText: name }).first();
    if ((await header.getAttribute('aria-expanded')) === 'true') {
      await header.click();
    }
  }
  const sidebar = await page.locator('#workbench\\.parts\\.sidebar').boundingBox();
  if (sidebar) {
    const edge = sidebar.x + sidebar.width;
    await page.mouse.move(edge, sidebar.y + sidebar.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge + 520, sidebar.y + sidebar.height / 2, { steps: 8 });
    await page.mouse.up();
  }
  await sleep(500);
  const shot = await screenshot('lanes');
  fs.copyFileSync(shot, path.join(out, 'lanes.png'));
  // A figure, not a pass mark: this machine is shared and a compilation beside the test once
  // made it 89 ms; the goal (50 ms) is checked where figures are recorded (docs/CI.md).
  return `lanes view: 32 SHFL arrows after a timeline step back to line 18, redrawn in ${ms} ms`;
}

// The workspace's spec, live (issue 16). e2e.sh copied isa-db/spec into the workspace's spec/
// and wrote spec-check.asm; the check writes gpuasm.json {"specDir": "spec"}, which the server
// hears of through the file watcher it registered. By the spec's text (000_ialu.txt): the
// modifiers of IMAD.WIDE are its domain `.itype = {.S32*, .U32}` (line 472), values of IType
// (line 13: S32 = 0x0, U32 on line 15), so on spec-check.asm `IMAD.WIDE.U32 …` (line 1) is
// legal and `IMAD.WIDE.UINT32 …` (line 2) is not. Renaming U32 to UINT32 on lines 15 and 472 of
// the spec in the editor, unsaved, moves the squiggle to line 1 — within 2 s.

/** The text of the lines of editor group `group` (0-based) that carry an error squiggle. */
async function squiggledLines(group) {
  return page.evaluate((index) => {
    const editor = document.querySelectorAll('.editor-group-container')[index]?.querySelector('.monaco-editor');
    if (!editor) {
      return [];
    }
    const tops = new Set([...editor.querySelectorAll('.view-overlays .squiggly-error')].map((s) => parseFloat(s.parentElement.style.top)));
    return [...editor.querySelectorAll('.view-lines .view-line')]
      .filter((line) => tops.has(parseFloat(line.style.top)))
      .map((line) => line.textContent.replace(/\u00a0/g, ' ').trim());
  }, group);
}

async function statusBarTexts() {
  return page.locator('.statusbar-item').allTextContents();
}

async function checkLiveSpec() {
  const asWritten = 'IMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13] ;';
  const renamed = 'IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;';
  // A .asm file open starts the extension (so the status bar has its spec item).
  await openFile('spec-check.asm');
  try {
    return await editTheWorkspaceSpec(asWritten, renamed);
  } finally {
    // Back to the embedded spec for the checks after this one.
    fs.rmSync(path.join(workspace, 'gpuasm.json'), { force: true });
    await waitFor('the status bar back on the embedded spec', 30000, async () =>
      (await statusBarTexts()).some((t) => t.includes('spec: embedded')));
  }
}

async function editTheWorkspaceSpec(asWritten, renamed) {
  await waitFor('the status bar to say the embedded spec', 30000, async () => (await statusBarTexts()).some((t) => t.includes('spec: embedded')));
  fs.writeFileSync(path.join(workspace, 'gpuasm.json'), '{"specDir": "spec"}\n');
  await waitFor('the status bar to name the workspace\'s spec/', 30000, async () => (await statusBarTexts()).some((t) => t.includes('spec: spec')));
  await openFile('spec-check.asm');
  const before = await waitFor('the squiggle on line 2 only', 30000, async () => {
    const lines = await squiggledLines(0);
    // A line's text includes the inlay hints and live values shown after the statement.
    return lines.length === 1 && lines[0].startsWith(asWritten) ? lines : undefined;
  });
  // The spec beside it, in a second group.
  await runCommand('View: Split Editor into Right Group');
  await openFile('000_ialu.txt', { inFirstGroup: false });
  const mode = await waitFor('the language mode gpuasm spec', 15000, async () => {
    const text = await page.locator('[id="status.editor.mode"]').textContent();
    return text?.includes('gpuasm spec') ? text.trim() : undefined;
  });
  // Line 15 `    U32;`: select `U32;` from the end and type the new name.
  await goToLine(15, { inFirstGroup: false });
  await page.keyboard.press('End');
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Shift+ArrowLeft');
  }
  await page.keyboard.type('UINT32;');
  // Line 472 `.itype = {.S32*, .U32}`: select `U32` before the closing brace.
  await goToLine(472, { inFirstGroup: false });
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Shift+ArrowLeft');
  }
  await page.keyboard.type('UINT32');
  const typed = Date.now();
  const after = await waitFor('the squiggle to move to line 1', 10000, async () => {
    const lines = await squiggledLines(0);
    return lines.length === 1 && lines[0].startsWith(renamed) ? lines : undefined;
  });
  const took = Date.now() - typed;
  await screenshot('live-spec');
  // The time is a figure, not a pass mark (the goal of 2 s is recorded with each run in
  // docs/CI.md); the wait above is bounded at 10 s.
  await runCommand('File: Revert File');
  return `${mode}; squiggle on "${asWritten}", after the rename on "${renamed}" in ${took} ms`;
}

// ---- main ----------------------------------------------------------------------------------

// Each check starts from a known workbench (resetWorkbench) and opens what it needs, so they
// pass in any order: E2E_ORDER=reverse runs them backwards (e2e.sh --reverse), E2E_ONLY=REGEX
// only those whose name matches REGEX (e2e.sh --only REGEX).
const checks = [
  ['diagnostics: squiggle and Problems entry', checkDiagnostics],
  ['the server is the one bundled in the .vsix', checkBundledServer],
  ['highlighting by the TextMate grammar', checkHighlighting],
  ['hover shows the __Description', checkHover],
  ['completion offers the legal modifiers after "."', checkCompletion],
  ['inline encoding hint', checkInlayHint],
  ['gpuasm.encodingHints turns the hints off and on', checkHintSetting],
  ['live values: summary, pinned lane, toggle', checkLiveValues],
  ['the register pressure CodeLens, and clicking it goes to the peak', checkPressureLens],
  ['an f32 live value: R7 = 0.5', checkF32LiveValue],
  ['hover explains the line: semantics, live inputs, the rounding table', checkExplainHover],
  ['Run to Cursor shows the registers', checkRunToCursor],
  ['Execute Selection runs only the selected lines', checkExecuteSelection],
  ['Pick Initial State File: runs start from it', checkStateFile],
  ['Show Encoding shows the field table', checkShowEncoding],
  ['Open Instruction Reference: the page of the SHFL under the cursor, its diagram, a link to a type', checkOpenReference],
  ['debugger: F5, breakpoint, Variables, step back, data breakpoint, Lanes view and its timeline', checkDebugger],
  ['a server that dies is restarted, with a message', checkRestart],
  ['a failing // @expect is an error until it holds', checkExpectation],
  ['the workspace spec: gpuasm.json, and a spec edit moves the squiggle', checkLiveSpec],
];
// The universal .vsix's WebAssembly server (E2E_SERVER wasm-node or wasm-web): that it is the one
// running, and what a user sees first of each part — a diagnostic, a hover, a run's lane values,
// the debugger (its adapter is the core's too), and under Node the workspace's spec. The process
// checks (restart after a kill, the server's database by `gpuasm spec --json`) need a native
// server; the rest is the same core.
const wasmChecks = [
  ['diagnostics: squiggle and Problems entry', checkDiagnostics],
  ['the server is the WebAssembly one: no gpuasm process', checkWasmServer],
  ['hover shows the __Description', checkHover],
  ['Run to Cursor shows the registers', checkRunToCursor],
  ['debugger: F5, breakpoint, Variables, step back, data breakpoint, Lanes view and its timeline', checkDebugger],
  // The workspace's spec on this machine's disk, copied into the core (src/wasmServer.ts, SpecMirror):
  // not in the browser's host, whose workspace is code-server's remote file system.
  ...(serverKind === 'wasm-node' ? [['the workspace spec: gpuasm.json, and a spec edit moves the squiggle', checkLiveSpec]] : []),
];
const order = process.env.E2E_ORDER ?? 'forward';
if (order !== 'forward' && order !== 'reverse') {
  throw new Error(`e2e.mjs: E2E_ORDER is "${order}", not forward or reverse`);
}
const only = process.env.E2E_ONLY ?? '';

async function main() {
  await waitFor(`code-server at ${url}`, 60000, async () => (await fetch(`${url}/healthz`)).ok);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable,
    headless: true,
    viewport,
    args: chromiumArgs,
    timeout: chromiumLaunchTimeoutMs,
  });
  context.setDefaultTimeout(20000);
  page = context.pages()[0] ?? (await context.newPage());
  const browserLog = fs.createWriteStream(path.join(out, 'browser-console.log'));
  page.on('console', (message) => {
    browserLog.write(`${message.type()}: ${message.text()}\n`);
    if (message.text().startsWith('gpuasm: ')) {
      extensionMessages.push({ time: Date.now(), text: message.text() });
    }
  });
  try {
    await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}`, { timeout: 60000 });
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 90000 });
    await waitFor('the explorer to list the workspace', 60000, async () =>
      (await page.locator('.explorer-folders-view').textContent())?.includes('warp-reduce.asm'));
    initialSidebarWidth = (await page.locator('#workbench\\.parts\\.sidebar').boundingBox())?.width;
    await screenshot('workbench');

    const chosen = (serverKind === 'native' ? checks : wasmChecks).filter(([name]) => !only || new RegExp(only).test(name));
    if (chosen.length === 0) {
      throw new Error(`no check's name matches /${only}/`);
    }
    log(`${chosen.length} checks${serverKind === 'native' ? '' : ` of the ${serverKind} server`}${order === 'reverse' ? ', in reverse order' : ''}${only ? ` (names matching /${only}/)` : ''}`);
    for (const [name, body] of order === 'reverse' ? chosen.reverse() : chosen) {
      await check(name, body);
    }
  } finally {
    browserLog.end();
    await context.close();
  }
}

const timer = setTimeout(() => {
  log('FAIL: the whole run took over 10 minutes');
  process.exit(1);
}, 10 * 60 * 1000);
try {
  await main();
} catch (error) {
  results.push({ name: 'setup', ok: false });
  log(`FAIL setting up the workbench: ${error.message}`);
  if (page) {
    await screenshot('FAILED-setup');
  }
}
clearTimeout(timer);
const failed = results.filter((r) => !r.ok);
for (const r of failed) {
  log(`failed: ${r.name}`);
}
log(`screenshots in ${out}`);
console.log(`vscode: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
