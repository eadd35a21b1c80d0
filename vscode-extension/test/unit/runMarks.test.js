// Unit tests of what a run to the cursor writes into the editor (src/protocol.ts): the values an
// executed line wrote in the selected lane, typed or compact hex, and the stop line's mark.
// Expected texts worked out by hand from the values given.
const test = require('node:test');
const assert = require('node:assert/strict');
const { compactHex, writesText, runStopMark } = require('../../out/protocol.js');

test('compact hex drops leading zeros and keeps one digit', () => {
  assert.equal(compactHex('0x000001f0'), '0x1f0');
  assert.equal(compactHex('0x00000000'), '0x0');
  assert.equal(compactHex('0xffffffff'), '0xffffffff');
  assert.equal(compactHex('true'), 'true');
});

test('the writes of a line: in register order, in the lane, typed where the run says', () => {
  const lanes = (f) => Array.from({ length: 32 }, (_, i) => f(i));
  const entry = {
    line: 9,
    writes: {
      R10: lanes((i) => `0x${(i * 16).toString(16).padStart(8, '0')}`),
      R2: lanes(() => '0x3f000000'),
      P0: lanes((i) => i % 2 === 0),
    },
  };
  // R2 before R10 (by number), P after R; lane 3: R10 = 48 = 0x30, R2 is 0.5 as f32, P0 false (odd).
  assert.equal(writesText(entry, 3, { R2: 'f32', R10: 'u32', P0: 'bool' }), 'R2 = 0.5, R10 = 0x30, P0 = false');
  // Without types: compact hex.
  assert.equal(writesText(entry, 0, undefined), 'R2 = 0x3f000000, R10 = 0x0, P0 = true');
  // A uniform register has one value for every lane.
  assert.equal(writesText({ line: 1, writes: { UR4: '0x00000007' } }, 5, {}), 'UR4 = 0x7');
});

test('the stop mark says what ran, not the line it is on', () => {
  const result = (stop) => ({ stop, activeMask: '0xffffffff', regs: {} });
  assert.equal(runStopMark(result({ reason: 'until', line: 21, executed: 12 })), 'stopped here after 12 instructions');
  assert.equal(runStopMark(result({ reason: 'until', line: 2, executed: 1 })), 'stopped here after 1 instruction');
  assert.equal(
    runStopMark(result({ reason: 'error', line: 4, executed: 3, message: 'division by zero' })),
    'error: division by zero (after 3 instructions)',
  );
});
