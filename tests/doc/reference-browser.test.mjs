// The instruction reference in a real browser (issue 31, part 4): `gpuasm doc` into a temporary
// directory, Debian's chromium (headless, through playwright-core, launched as the VS Code
// end-to-end test launches it) opens index.html from file://, types "SHFL" into the search box,
// checks that the entries are filtered, follows the SHFL result and reads, in the browser, the
// boxes of every SHFL variant's encoding diagram: each field's boxes must sit at the bits the
// database gives it. The expected bits come from `gpuasm spec --json` (the database), the
// positions from the rendered SVG (getBBox of each rect), so neither side is written by hand;
// and SHFL's operand-source table, as the spec writes it, is a table on the page.
//   node tests/doc/reference-browser.test.mjs build/bin/gpuasm OUT_DIR     (ctest -R reference_browser)
// Writes OUT_DIR/reference-shfl.png, the screenshot of the SHFL page.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const gpuasm = path.resolve(process.argv[2] ?? path.join(repo, 'build/bin/gpuasm'));
const shots = path.resolve(process.argv[3] ?? path.join(repo, 'build/reference-browser'));
const playwrightPath = path.join(repo, 'vscode-extension/test/harness/node_modules/playwright-core/index.mjs');
if (!fs.existsSync(playwrightPath)) {
  console.error(`reference_browser: ${playwrightPath} is missing; run bash scripts/setup.sh`);
  process.exit(1);
}
const { chromium } = await import(pathToFileURL(playwrightPath).href);
const { chromiumArgs, chromiumExecutable, chromiumLaunchTimeoutMs } = await import(
  pathToFileURL(path.join(repo, 'vscode-extension/test/harness/chromium.mjs')).href
);
const WAIT_MS = 20000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuasm-reference-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
const out = path.join(tmp, 'reference');
execFileSync(gpuasm, ['doc', out], { stdio: ['ignore', 'ignore', 'inherit'], timeout: WAIT_MS });
const db = JSON.parse(execFileSync(gpuasm, ['spec', '--json'], { maxBuffer: 64 << 20, timeout: WAIT_MS }));

// What the database says: per SHFL variant, per field, the bits [offset, offset + width - 1].
const shflOptype = db.optypes.find((o) => o.name === 'SHFL');
assert.ok(shflOptype, 'the database has an optype SHFL');
const variants = db.opcodes.filter((op) => op.optype === 'SHFL');
assert.ok(variants.length > 0, 'SHFL has opcode variants');

const browser = await chromium.launch({
  executablePath: chromiumExecutable,
  headless: true,
  args: chromiumArgs,
  timeout: chromiumLaunchTimeoutMs,
});
try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(path.join(out, 'index.html')).href, { timeout: WAIT_MS });

  // The search: every instruction entry before, fewer after typing, SHFL among them.
  const instructions = page.locator('li.instr');
  const total = await instructions.count();
  assert.equal(total, db.optypes.length, 'the index lists every instruction type');
  await page.locator('#search').fill('SHFL');
  await page.waitForFunction(() => document.querySelector('#count').textContent.includes('instruction'), null, {
    timeout: WAIT_MS,
  });
  const visible = await page.locator('li.instr:visible').count();
  assert.ok(visible >= 1 && visible < total, `the search keeps ${visible} of ${total} instructions`);
  const shownNames = await page.locator('li.instr:visible > a').allTextContents();
  assert.ok(shownNames.includes(shflOptype.mnemonic), `SHFL is a result (${shownNames.join(', ')})`);
  assert.equal(await page.locator('li.instr', { hasText: /^IADD\b/ }).first().isVisible(), false, 'IADD is filtered out');

  // Follow the result.
  await page.locator('li.instr:visible > a', { hasText: new RegExp(`^${shflOptype.mnemonic}$`) }).click();
  await page.waitForURL(/instruction-SHFL\.html$/, { timeout: WAIT_MS });
  await page.locator('svg.encoding').first().waitFor({ state: 'visible', timeout: WAIT_MS });

  // Each variant's diagram, read in the browser: per field, the bits its boxes cover, from the
  // rendered geometry (row from y, bits from x and width) and from their attributes.
  for (const op of variants) {
    const boxes = await page.evaluate((name) => {
      const svg = document.querySelector(`svg.encoding[data-opcode="${name}"]`);
      if (!svg) return null;
      const bw = Number(svg.dataset.bitWidth), left = Number(svg.dataset.left);
      const top = Number(svg.dataset.top), pitch = Number(svg.dataset.rowPitch);
      return Array.from(svg.querySelectorAll('rect')).map((r) => {
        const b = r.getBBox();
        const row = Math.round((b.y - top) / pitch);
        const msb = 32 * (3 - row) + 31 - Math.round((b.x - left) / bw);
        const lsb = msb - Math.round(b.width / bw) + 1;
        return { field: r.dataset.field ?? null, msb, lsb, attrMsb: Number(r.dataset.msb), attrLsb: Number(r.dataset.lsb) };
      });
    }, op.name);
    assert.ok(boxes, `a diagram of ${op.name}`);
    const owner = new Array(128).fill(undefined);
    for (const b of boxes) {
      assert.equal(b.msb, b.attrMsb, `${op.name} ${b.field}: geometry and data-msb agree`);
      assert.equal(b.lsb, b.attrLsb, `${op.name} ${b.field}: geometry and data-lsb agree`);
      for (let bit = b.lsb; bit <= b.msb; bit++) {
        assert.equal(owner[bit], undefined, `${op.name}: bit ${bit} is drawn once`);
        owner[bit] = b.field;
      }
    }
    const expected = new Array(128).fill(null);
    for (const f of op.fields) for (let bit = f.offset; bit < f.offset + f.width; bit++) expected[bit] = f.name;
    assert.deepEqual(owner, expected, `${op.name}: the boxes sit at the database's bit ranges`);
  }

  // SHFL's source table (002_sync.txt:72-77: `| SrcB | SrcC |`, `|:----|:----|`, four rows) is a
  // table in the browser, not markdown text: its head, its rows, left-aligned cells.
  const operandTable = page.locator('#operand-info table.prose-table');
  assert.deepEqual(await operandTable.locator('thead th').allTextContents(), ['SrcB', 'SrcC']);
  assert.deepEqual(await operandTable.locator('tbody tr').allInnerTexts().then((rows) => rows.map((r) => r.split('\t'))), [
    ['GPR', 'GPR'],
    ['GPR', 'UImm13'],
    ['UImm5', 'GPR'],
    ['UImm5', 'UImm13'],
  ]);
  assert.equal(
    await operandTable.locator('td').first().evaluate((td) => getComputedStyle(td).textAlign),
    'left',
    'the delimiter row aligns the column left',
  );
  assert.equal(await page.locator('#operand-info').innerText().then((t) => t.includes('| SrcB')), false);

  fs.mkdirSync(shots, { recursive: true });
  await page.evaluate(() => document.querySelector('#encoding').scrollIntoView());
  await page.screenshot({ path: path.join(shots, 'reference-shfl.png') });
  const remote = requests.filter((u) => !u.startsWith('file:'));
  assert.deepEqual(remote, [], 'the pages load nothing from the network');
  console.log(`reference_browser: ok (${visible} of ${total} instructions match "SHFL"; ${variants.length} SHFL diagrams match the database)`);
} finally {
  await browser.close();
}
