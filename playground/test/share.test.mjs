// The share-link codec (src/share.js) under Node's test runner: a round trip, the size of a
// 20 KB kernel's link, and broken or future-version fragments rejected with the page's message.
//   node --test playground/test/share.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { decodeFragment, encodeState } from '../src/share.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const examples = fs
  .readdirSync(path.join(repo, 'examples'))
  .filter((f) => f.endsWith('.asm'))
  .sort()
  .map((f) => fs.readFileSync(path.join(repo, 'examples', f), 'utf8'));

test('a state survives the round trip, every field', async () => {
  const state = { source: 'MOV R1, R0 ;  // ünïcode ✓\n', cursor: 5, lane: 7, layout: 'below' };
  const fragment = await encodeState(state);
  assert.match(fragment, /^v1:[A-Za-z0-9_-]+$/);
  assert.deepEqual((await decodeFragment(`#${fragment}`)).state, state);
});

test('omitted fields take their defaults; the cursor is clamped to the source', async () => {
  assert.deepEqual((await decodeFragment(await encodeState({ source: 'abc', cursor: 99 }))).state, {
    source: 'abc', cursor: 3, lane: null, layout: 'side',
  });
  assert.deepEqual(await decodeFragment(''), { state: null });
  assert.deepEqual(await decodeFragment('#'), { state: null });
});

test('a 20 KB kernel (the examples concatenated) makes a link under 8 KB', async () => {
  let source = '';
  for (let k = 0; source.length < 20 * 1024; k++) source += examples[k % examples.length];
  assert.ok(source.length >= 20 * 1024);
  const fragment = await encodeState({ source, cursor: 0, lane: null, layout: 'side' });
  const link = `http://127.0.0.1:8000/index.html#${fragment}`;
  assert.ok(link.length < 8 * 1024, `the link is ${link.length} bytes`);
  assert.equal((await decodeFragment(fragment)).state.source, source);
});

test('a future version is refused with the message, not read', async () => {
  const good = await encodeState({ source: 'x' });
  const { state, error } = await decodeFragment(good.replace(/^v1:/, 'v2:'));
  assert.equal(state, undefined);
  assert.equal(error, 'This link was made by a newer playground (format v2); this one reads v1 links. The default example is open instead.');
});

test('broken fragments are refused with a message naming the damage', async () => {
  const good = await encodeState({ source: 'MOV R1, R0 ;\n'.repeat(20) });
  const cases = [
    ['v1:' + good.slice(3, 20), /^This link is damaged \(.+\); the default example is open instead\.$/],  // cut short
    ['v1:ab$cd', /base64url/],
    ['v1:', /damaged/],
    ['hello', /^This link is not a playground link/],
  ];
  for (const [fragment, message] of cases) {
    const result = await decodeFragment(fragment);
    assert.equal(result.state, undefined, fragment);
    assert.match(result.error, message, fragment);
  }
  // Valid deflate of JSON that is not a state.
  const notState = async (value) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const packed = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    return 'v1:' + Buffer.from(packed).toString('base64url');
  };
  assert.match((await decodeFragment(await notState([1, 2]))).error, /it is not an object/);
  assert.match((await decodeFragment(await notState({ source: 'x', lane: 40 }))).error, /lane is not 0\.\.31/);
  assert.match((await decodeFragment(await notState({ source: 'x', layout: 'sideways' }))).error, /layout/);
});
