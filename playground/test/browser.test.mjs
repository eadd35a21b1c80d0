// The playground in a real browser (issue 39, "Done when"): build/playground/ (built here from the
// sources by build.mjs, with the wasm-core target's module) served by `python3 -m http.server` on
// 127.0.0.1 and driven in Debian's headless chromium through playwright-core (the VS Code e2e
// harness's packages, launched as that test launches it) only through the page — keyboard and
// clicks. Checks: no console error and no request to another origin (the reference's pages
// included); the problems list says what `gpuasm check` says; hover on a mnemonic shows the spec's
// description and a link that opens the mnemonic's page of the instruction reference the site
// ships, as the header's Reference link opens its index; Run on
// examples/warp-reduce.asm shows R1 = 0x1f0; Step back restores the value before a step; a share
// link opens the same source (and pinned lane) in a new page; a false `// @expect` of
// examples/warp-scan.asm is listed as failing; a reload with the network off works, the
// reference's pages' too. Measures the
// worker's start and keystroke → diagnostics on examples/spec-examples.asm (in the page's DOM,
// the page's own figure, and to the frame that draws them, the test's), and writes the
// screenshots docs/images/playground-*.png (desktop and 375 px wide).
//   node playground/test/browser.test.mjs build/bin/gpuasm build/playground build/wasm/bin [SHOTS_DIR]
// Exit status 77 (CTest: skipped) while the WebAssembly core is not built, unless
// GPUASM_PLAYGROUND_CORE_REQUIRED=1 (a build with the wasm-core target) makes that a failure.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encodeState } from '../src/share.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const gpuasm = path.resolve(process.argv[2] ?? path.join(repo, 'build/bin/gpuasm'));
const site = path.resolve(process.argv[3] ?? path.join(repo, 'build/playground'));
const coreDir = path.resolve(process.argv[4] ?? path.join(repo, 'build/wasm/bin'));
// The screenshots: docs/images (the README's) by default; CTest passes a build directory, so a
// test run leaves the source tree as it was.
const shots = path.resolve(process.argv[5] ?? path.join(repo, 'docs/images'));
fs.mkdirSync(shots, { recursive: true });
const WAIT_MS = 20000;

for (const f of [path.join(coreDir, 'gpuasm-core.wasm'), path.join(coreDir, 'gpuasm-core.mjs'), path.join(repo, 'server/web/core.mjs')]) {
  if (fs.existsSync(f)) continue;
  // The build has a wasm-core target (CMake sets this): the core must be there, not skipped.
  if (process.env.GPUASM_PLAYGROUND_CORE_REQUIRED === '1') {
    console.error(`playground_browser: ${f} is missing; build it: cmake --build build --target wasm-core`);
    process.exit(1);
  }
  console.log(`playground_browser: SKIPPED: ${f} is missing — gpuasm's WebAssembly core is not built (cmake --build build --target wasm-core)`);
  process.exit(77);
}
const playwrightPath = path.join(repo, 'vscode-extension/test/harness/node_modules/playwright-core/index.mjs');
if (!fs.existsSync(playwrightPath)) {
  console.error(`playground_browser: ${playwrightPath} is missing; run bash scripts/setup.sh`);
  process.exit(1);
}
const { chromium } = await import(pathToFileURL(playwrightPath).href);
const { chromiumArgs, chromiumExecutable, chromiumLaunchTimeoutMs } = await import(
  pathToFileURL(path.join(repo, 'vscode-extension/test/harness/chromium.mjs')).href
);

// The site from the sources (the playground target's own step, npm packages installed).
execFileSync('bash', [path.join(repo, 'playground/build.sh'), repo, site, coreDir, gpuasm], { stdio: 'inherit', timeout: 120000 });

// What the page must agree with: `gpuasm check`'s findings of the typed line, without the file
// name, and the spec's description of IADD (000_ialu.txt, the first line of its __Description).
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuasm-playground-'));
const typed = 'IADD.SAT R1, R2, R3 ;';
fs.writeFileSync(path.join(tmp, 'typed.asm'), `${typed}\n`);
let checkOutput = '';
try {
  checkOutput = execFileSync(gpuasm, ['check', path.join(tmp, 'typed.asm')], { encoding: 'utf8', timeout: WAIT_MS });
} catch (err) {
  checkOutput = err.stdout;  // exit status 1: the file has errors
}
const prefix = `${path.join(tmp, 'typed.asm')}:`;
const expectedProblems = checkOutput
  .split('\n')
  .filter((l) => l.startsWith(prefix) && !/^\d+:\d+: note:/.test(l.slice(prefix.length)))
  .map((l) => l.slice(prefix.length));
assert.ok(expectedProblems.length > 0, `gpuasm check finds a problem in ${typed}: ${checkOutput}`);
const specLines = fs.readFileSync(path.join(repo, 'isa-db/spec/000_ialu.txt'), 'utf8').split('\n');
const iadd = specLines.findIndex((l) => /^__DefOptype\s+IADD\b/.test(l));
const descriptionAt = specLines.findIndex((l, k) => k > iadd && l.trim() === '__Description');
const description = specLines.slice(descriptionAt + 1).find((l) => l.trim() !== '').trim();
assert.ok(iadd >= 0 && descriptionAt > iadd && description, 'the spec describes IADD');
// warp-reduce.asm's R1 after the butterfly: the sum of the lane numbers 0..31 (its `@state R0 =
// lane`), which the example's comment also names.
const warpReduce = fs.readFileSync(path.join(repo, 'examples/warp-reduce.asm'), 'utf8');
const sum = `0x${((31 * 32) / 2).toString(16)}`;
assert.ok(warpReduce.includes(`= ${sum}`), `warp-reduce.asm names ${sum} as R1's result`);

// python3 -m http.server on 127.0.0.1 (a free port), stopped by its PID.
const server = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', '--directory', site, '0'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
const stopServer = () => {
  try {
    process.kill(server.pid);
  } catch {
    // already gone
  }
};
process.on('exit', () => {
  stopServer();
  fs.rmSync(tmp, { recursive: true, force: true });
});
const port = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('python3 -m http.server did not start within 20 s')), WAIT_MS);
  let text = '';
  server.stdout.on('data', (d) => {
    text += d;
    const m = /port (\d+)/.exec(text);
    if (m) {
      clearTimeout(timer);
      resolve(Number(m[1]));
    }
  });
  server.on('exit', (code) => reject(new Error(`python3 -m http.server exited (${code})`)));
});
const origin = `http://127.0.0.1:${port}`;

const browser = await chromium.launch({ executablePath: chromiumExecutable, headless: true, args: chromiumArgs, timeout: chromiumLaunchTimeoutMs });
const consoleErrors = [];
const foreign = [];
const watched = new WeakSet();
function watch(page, label) {
  if (watched.has(page)) return;
  watched.add(page);
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${label}: ${m.text()}`));
  page.on('pageerror', (e) => consoleErrors.push(`${label}: ${e.message}`));
  // What a failed load's console error does not say: the address.
  page.on('response', (r) => r.status() >= 400 && consoleErrors.push(`${label}: ${r.status()} ${r.url()}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(`${origin}/`) && !u.startsWith('data:')) foreign.push(u);
  });
}
async function workerReady(page) {
  await page.waitForFunction(() => window.playgroundMetrics?.workerReadyMs != null, null, { timeout: WAIT_MS });
  return page.evaluate(() => window.playgroundMetrics.workerReadyMs);
}
const problems = (page) => page.locator('#problems li').allInnerTexts();
// The editor's text as a user reads it, without the server's inlay hints.
const editorText = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.cm-content > .cm-line')]
      .map((line) => {
        const copy = line.cloneNode(true);
        for (const hint of copy.querySelectorAll('.cm-inlay-hint')) hint.remove();
        return copy.textContent;
      })
      .join('\n'),
  );
const cell = (page, reg, lane) => page.locator(`#lanes td[data-reg="${reg}"][data-lane="${lane}"]`);
async function replaceText(page, text) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

const figures = {};
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  context.setDefaultTimeout(WAIT_MS);
  // The page's figure ends when the diagnostics are in its DOM; they are visible once a frame has
  // drawn them, and Chrome draws that frame only after the keystroke's own (it defers the page's
  // tasks, the worker's answer among them, after a key until the next frame). So the test also
  // notes, from the same keydown, the end of the main thread's work on the frame after the
  // problem count changed: a requestAnimationFrame callback, then a task posted from it.
  await context.addInitScript(() => {
    const drawn = (window.playgroundDrawn = []);
    let keyAt = null;
    document.addEventListener('keydown', () => (keyAt = performance.now()), true);
    const watchCount = () => {
      const count = document.getElementById('problem-count');
      if (!count) return;
      new MutationObserver(() => {
        if (keyAt === null) return;
        const from = keyAt;
        keyAt = null;
        requestAnimationFrame(() => {
          const after = new MessageChannel();
          after.port1.onmessage = () => drawn.push(performance.now() - from);
          after.port2.postMessage(null);
        });
      }).observe(count, { childList: true, characterData: true, subtree: true });
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watchCount, { once: true });
    else watchCount();
  });
  // The tabs the page's links open (the reference) are watched from their first request.
  context.on('page', (opened) => watch(opened, 'opened tab'));
  const page = await context.newPage();
  watch(page, 'desktop');
  await page.goto(`${origin}/`, { timeout: WAIT_MS });
  figures.workerReadyMs = await workerReady(page);

  // The typed line's problems, as gpuasm check words them.
  await replaceText(page, typed);
  await page.waitForFunction((want) => {
    const got = [...document.querySelectorAll('#problems li')].map((li) => li.innerText);
    return JSON.stringify(got) === JSON.stringify(want);
  }, expectedProblems, { timeout: WAIT_MS }).catch(async () => {
    assert.deepEqual(await problems(page), expectedProblems, 'the problems list says what gpuasm check says');
  });
  await page.screenshot({ path: path.join(shots, 'playground-problems.png') });

  // Hover on IADD: the spec's description.
  // (the mnemonic: the span the server's semantic tokens mark as a keyword; once the register
  // pressure lens is drawn above the line, which moves the line down)
  await page.locator('.cm-code-lens').first().waitFor({ timeout: WAIT_MS });
  const mnemonic = page.locator('.cm-line').first().locator('.tok-keyword', { hasText: 'IADD' });
  const hover = page.locator('.cm-lsp-hover-tooltip');
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(5, 5);
    await mnemonic.hover();
    const shown = await hover.waitFor({ state: 'visible', timeout: WAIT_MS / 4 }).then(() => true, () => false);
    if (shown) break;
    assert.ok(attempt < 3, 'hover on IADD shows a tooltip');
  }
  assert.ok((await hover.innerText()).includes(description), `hover on IADD shows "${description}"`);
  await page.screenshot({ path: path.join(shots, 'playground-hover.png') });
  // Its last line links to IADD's page of the site's reference (the page of the instruction type;
  // a section of it when the line assembles to a variant); a click opens it in a new tab.
  const referenceLink = hover.locator('a', { hasText: 'IADD in the instruction reference' });
  assert.match(await referenceLink.getAttribute('href'), /^reference\/instruction-IADD\.html(#variant-IADD_\w+)?$/, 'the hover links into the site');
  const [referenceTab] = await Promise.all([context.waitForEvent('page'), referenceLink.click()]);
  await referenceTab.waitForLoadState('load');
  assert.equal(new URL(referenceTab.url()).pathname, '/reference/instruction-IADD.html', 'the link opens IADD\'s page');
  assert.equal(await referenceTab.locator('h1').innerText(), 'IADD', 'the reference page is headed by the mnemonic');
  await page.bringToFront();
  await page.mouse.move(5, 5);
  // The header's Reference link: the index, its search box.
  const [indexTab] = await Promise.all([context.waitForEvent('page'), page.locator('header a', { hasText: /^Reference$/ }).click()]);
  await indexTab.waitForLoadState('load');
  assert.equal(new URL(indexTab.url()).pathname, '/reference/index.html');
  assert.equal(await indexTab.locator('h1').innerText(), 'Instruction reference');
  await indexTab.locator('#search').fill('IADD');
  await indexTab.locator('a[href="instruction-IADD.html"]').first().waitFor({ state: 'visible' });
  await indexTab.close();
  await page.bringToFront();

  // Run warp-reduce.asm: R1 in every lane is the sum.
  await page.locator('#examples').selectOption('warp-reduce.asm');
  await page.locator('#run').click();
  await cell(page, 'R1', 0).waitFor({ timeout: WAIT_MS });
  for (const lane of [0, 17, 31]) assert.equal(await cell(page, 'R1', lane).innerText(), sum, `R1 of lane ${lane} after Run`);
  await page.screenshot({ path: path.join(shots, 'playground-run.png') });

  // Back to the start (Reverse continue, Shift+F5, with no breakpoint), then a Step: MOV R1, R0
  // gives lane 5 its lane number; Step back takes it away again.
  await page.locator('.cm-content').click();
  await page.keyboard.press('Shift+F5');
  await page.waitForFunction(() => /step 0 of/.test(document.querySelector('#warp-status').textContent), null, { timeout: WAIT_MS });
  const before = await cell(page, 'R1', 5).innerText();
  assert.equal(before, '0x0', 'R1 starts at 0 (registers nobody sets start at 0)');
  await page.locator('#step').click();
  await page.waitForFunction(() => /step 1 of/.test(document.querySelector('#warp-status').textContent), null, { timeout: WAIT_MS });
  assert.equal(await cell(page, 'R1', 5).innerText(), '0x5', 'MOV R1, R0 gives lane 5 its lane number');
  await page.locator('#step-back').click();
  await page.waitForFunction(() => /step 0 of/.test(document.querySelector('#warp-status').textContent), null, { timeout: WAIT_MS });
  assert.equal(await cell(page, 'R1', 5).innerText(), before, 'Step back restores R1');

  // Share, with lane 5 pinned: the link opens the same source in a new page, and the live values
  // there are lane 5's (MOV R1, R0 on the first instruction's line: R0 = lane, so 0x5).
  await page.locator('#lanes button.lane', { hasText: /^5$/ }).click();
  await page.locator('#lanes tr.pinned').waitFor({ timeout: WAIT_MS });
  const source = await editorText(page);
  await page.locator('#share').click();
  await page.waitForFunction(() => location.hash.startsWith('#v1:'), null, { timeout: WAIT_MS });
  const link = page.url();
  figures.linkLength = link.length;
  const shared = await context.newPage();
  watch(shared, 'shared');
  await shared.goto(link, { timeout: WAIT_MS });
  await shared.locator('.cm-line').first().waitFor({ timeout: WAIT_MS });
  assert.equal(await editorText(shared), source, 'the shared link opens the same source');
  assert.equal(await shared.locator('#message').isHidden(), true, 'no message for a good link');
  const movLine = shared.locator('.cm-line', { hasText: /^MOV R1, R0 ;/ });
  await movLine.locator('.cm-inlay-hint', { hasText: 'R1 = 0x5' }).waitFor({ timeout: WAIT_MS });
  // A future version: the default example and the message.
  await shared.goto(`${origin}/#v9:AAAA`, { timeout: WAIT_MS });
  await shared.locator('#message').waitFor({ state: 'visible', timeout: WAIT_MS });
  assert.match(await shared.locator('#message').innerText(), /newer playground \(format v9\)/);
  assert.equal(await editorText(shared), warpReduce, 'the default example opens instead');
  // The `// @expect` results: warp-scan.asm with one expectation made false (R1[31] is the sum of
  // the lanes 0..31, 496, not 497), opened from a link: that line fails, the others hold.
  const scan = fs.readFileSync(path.join(repo, 'examples/warp-scan.asm'), 'utf8').replace('R1[31] == 496', 'R1[31] == 497');
  const scanLines = scan.split('\n');
  const broken = scanLines.findIndex((l) => l.includes('R1[31] == 497')) + 1;
  const expectLines = scanLines.filter((l) => l.includes('//') && l.slice(l.indexOf('//') + 2).trimStart().startsWith('@expect')).length;
  assert.ok(broken > 0 && expectLines > 1, 'warp-scan.asm has its expectations');
  await shared.goto(`${origin}/#${await encodeState({ source: scan })}`, { timeout: WAIT_MS });
  await shared.locator('#expects li.fail').waitFor({ timeout: WAIT_MS });
  assert.equal(await shared.locator('#expects li').count(), expectLines, 'every // @expect line is listed');
  assert.deepEqual(
    await shared.locator('#expects li.fail').allInnerTexts().then((t) => t.map((x) => x.match(/line (\d+)/)[1])),
    [String(broken)],
    'the false expectation fails, the others hold',
  );
  await shared.close();

  // Keystroke → diagnostics on spec-examples.asm: 50 edits of its first line, each changing the
  // list (a character that makes the comment a bad statement, and its removal).
  await page.locator('#examples').selectOption('spec-examples.asm');
  await page.waitForFunction(() => /\(\d+ error/.test(document.querySelector('#problem-count').textContent), null, { timeout: WAIT_MS });
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+Home');
  await page.evaluate(() => {
    window.playgroundMetrics.keystrokeToDiagnostics.length = 0;
    window.playgroundDrawn.length = 0;
  });
  for (let k = 0; k < 50; k++) {
    const count = await page.locator('#problem-count').innerText();
    await page.keyboard.press(k % 2 === 0 ? 'X' : 'Backspace');
    await page.waitForFunction((c) => document.querySelector('#problem-count').textContent !== c, count, { timeout: WAIT_MS });
  }
  const latencies = await page.evaluate(() => [...window.playgroundMetrics.keystrokeToDiagnostics].sort((a, b) => a - b));
  assert.equal(latencies.length, 50, 'every edit brought its diagnostics');
  figures.keystrokeP50Ms = latencies[24];
  figures.keystrokeP99Ms = latencies[Math.ceil(0.99 * latencies.length) - 1];
  await page.waitForFunction(() => window.playgroundDrawn.length >= 50, null, { timeout: WAIT_MS });
  const drawn = await page.evaluate(() => [...window.playgroundDrawn].sort((a, b) => a - b));
  assert.equal(drawn.length, 50, 'every edit\'s diagnostics were drawn once');
  figures.drawnP50Ms = drawn[24];
  figures.drawnP99Ms = drawn[Math.ceil(0.99 * drawn.length) - 1];

  // The page applies plain typing in a task of its own (src/typing.js): typed characters,
  // Backspace and Enter keep their order with the keys it leaves alone (the arrows) and do
  // what the editor's keymap does.
  const firstLine = (await editorText(page)).split('\n')[0];
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('AB');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('C');
  await page.keyboard.press('Enter');
  await page.keyboard.type('D');
  const typedLines = ['C', `DB${firstLine}`];
  const firstTwo = async () => (await editorText(page)).split('\n').slice(0, 2);
  await page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('.cm-content > .cm-line')].slice(0, 2).map((l) => {
      const copy = l.cloneNode(true);
      for (const hint of copy.querySelectorAll('.cm-inlay-hint')) hint.remove();
      return copy.textContent;
    })) === JSON.stringify(want),
    typedLines,
    { timeout: WAIT_MS },
  ).catch(async () => assert.deepEqual(await firstTwo(), typedLines, 'typing, arrows, Backspace and Enter in order'));

  // Offline: once the service worker controls the page, a reload without the network works.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT_MS }).catch(async () => {
    await page.reload({ timeout: WAIT_MS });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT_MS });
  });
  await context.setOffline(true);
  await page.goto(`${origin}/`, { timeout: WAIT_MS });
  await workerReady(page);
  await page.locator('#run').click();
  await cell(page, 'R1', 0).waitFor({ timeout: WAIT_MS });
  assert.equal(await cell(page, 'R1', 0).innerText(), sum, 'Run works offline');
  // The reference tab (opened before the service worker was installed, which then took it over):
  // a reload, and the index from its link, without the network.
  await referenceTab.reload({ timeout: WAIT_MS });
  assert.equal(await referenceTab.locator('h1').innerText(), 'IADD', 'the reference page reloads offline');
  await referenceTab.locator('nav a', { hasText: 'Index' }).click();
  await referenceTab.waitForURL(`${origin}/reference/index.html`);
  assert.equal(await referenceTab.locator('h1').innerText(), 'Instruction reference', 'the index opens offline');
  await context.setOffline(false);
  await context.close();

  // 375 px wide (a phone): no horizontal scrolling of the page, the buttons on screen.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
  phone.setDefaultTimeout(WAIT_MS);
  const small = await phone.newPage();
  watch(small, 'phone');
  await small.goto(`${origin}/`, { timeout: WAIT_MS });
  await workerReady(small);
  await small.locator('#run').click();
  await cell(small, 'R1', 0).waitFor({ timeout: WAIT_MS });
  const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page fits 375 px (${overflow} px too wide)`);
  await small.screenshot({ path: path.join(shots, 'playground-375.png'), fullPage: true });
  await phone.close();

  assert.deepEqual(consoleErrors, [], 'no console errors');
  assert.deepEqual(foreign, [], 'no request leaves the origin');
} finally {
  await browser.close();
  stopServer();
}
// The same 50 edits against the native server (`gpuasm lsp` over stdio, as an editor runs it):
// didChange → publishDiagnostics, for the ratio of the page's figures to the native ones.
async function nativeKeystrokeLatencies() {
  const lsp = spawn(gpuasm, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = Buffer.alloc(0);
  const waiting = [];
  lsp.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
      buffer = buffer.subarray(end + 4 + length);
      for (const w of waiting.splice(0)) if (!w(message)) waiting.push(w);
    }
  });
  const send = (m) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...m }));
    lsp.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    lsp.stdin.write(body);
  };
  const next = (test) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the native server did not answer within 20 s')), WAIT_MS);
      waiting.push((m) => test(m) && (clearTimeout(timer), resolve(m), true));
    });
  try {
    const uri = 'file:///native/spec-examples.asm';
    send({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    await next((m) => m.id === 1);
    send({ method: 'initialized', params: {} });
    const text = fs.readFileSync(path.join(repo, 'examples/spec-examples.asm'), 'utf8');
    send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'gpuasm', version: 1, text } } });
    await next((m) => m.method === 'textDocument/publishDiagnostics');
    const times = [];
    for (let k = 0; k < 50; k++) {
      const at = { line: 0, character: 0 };
      const change = k % 2 === 0 ? { range: { start: at, end: at }, text: 'X' } : { range: { start: at, end: { line: 0, character: 1 } }, text: '' };
      const published = next((m) => m.method === 'textDocument/publishDiagnostics' && m.params.version === k + 2);
      const t0 = performance.now();
      send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: k + 2 }, contentChanges: [change] } });
      await published;
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  } finally {
    lsp.kill();
  }
}
const native = await nativeKeystrokeLatencies();
figures.nativeP50Ms = native[24];
figures.nativeP99Ms = native[Math.ceil(0.99 * native.length) - 1];
console.log(`playground_browser: worker ready ${figures.workerReadyMs.toFixed(0)} ms after load; keystroke → diagnostics p50 ${figures.keystrokeP50Ms.toFixed(1)} ms, p99 ${figures.keystrokeP99Ms.toFixed(1)} ms (spec-examples.asm, 50 edits); native gpuasm lsp p50 ${figures.nativeP50Ms.toFixed(1)} ms, p99 ${figures.nativeP99Ms.toFixed(1)} ms (page/native p50 ×${(figures.keystrokeP50Ms / figures.nativeP50Ms).toFixed(1)}); share link ${figures.linkLength} characters; keystroke → the frame that draws the diagnostics p50 ${figures.drawnP50Ms.toFixed(1)} ms, p99 ${figures.drawnP99Ms.toFixed(1)} ms`);
console.log('playground_browser: ok');
