// Unit tests of the Lanes view's drawing (src/laneRender.ts) on a gpuasm/laneView reply made by
// hand: examples/warp-reduce.asm before line 18 (IADD R1, R1, R2), just after line 17's
// SHFL.BFLY PT, R2, R1, 0x1, 0x1f, which gave lane i the R1 of lane i ^ 1 (every lane in range).
const test = require('node:test');
const assert = require('node:assert/strict');
const { compactValue, drawnExchange, laneViewBody, stepText } = require('../../out/laneRender.js');

const lanes = (f) => Array.from({ length: 32 }, (_, lane) => f(lane));
const hex = (v) => `0x${v.toString(16).padStart(8, '0')}`;

function bflyData() {
  return {
    position: 10,
    length: 22,
    reached: 12,
    line: 18,
    lane: 0,
    activeMask: '0xffffffff',
    registers: [
      { name: 'R0', values: lanes((l) => hex(l)) },
      { name: 'R1', values: lanes(() => hex(0xf0)) },
      { name: 'P0', values: lanes(() => false) },
      { name: 'UR4', values: ['0x00000010'], uniform: true },
    ],
    next: { position: 10, line: 18, source: 'IADD R1, R1, R2 ;', reads: ['R1', 'R2'], writes: ['R1'], guardLanes: '0xffffffff', lanes: '0xffffffff' },
    previous: {
      position: 9,
      line: 17,
      source: 'SHFL.BFLY PT, R2, R1, 0x1, 0x1f ;',
      reads: ['R1'],
      writes: ['R2'],
      guardLanes: '0xffffffff',
      lanes: '0xffffffff',
      exchange: { op: 'SHFL', participants: '0xffffffff', sources: lanes((l) => l ^ 1), inRange: '0xffffffff', results: [{ register: 'R2', value: '0x000000f0' }] },
    },
  };
}

test('values are compact: hex without leading zeros, predicates as T and ·', () => {
  assert.equal(compactValue('0x000001f0'), '0x1f0');
  assert.equal(compactValue('0x00000000'), '0x0');
  assert.equal(compactValue(true), 'T');
  assert.equal(compactValue(false), '·');
});

test('a SHFL just executed is drawn as an arrow from each source lane to its lane', () => {
  const data = bflyData();
  assert.equal(drawnExchange(data).which, 'previous');
  const html = laneViewBody(data);
  const arrows = [...html.matchAll(/class="arrow" data-from="(\d+)" data-to="(\d+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
  assert.equal(arrows.length, 32);
  for (const [from, to] of arrows) {
    assert.equal(from, to ^ 1);
  }
  assert.match(html, /id="exchange" data-op="SHFL" data-which="previous"/);
  // The next instruction's reads and writes are marked on the columns; the previous one's writes underlined.
  assert.match(html, /class="h read write" style="grid-row: 1" data-reg="R1"/);
  assert.match(html, /class="v focus read write" data-reg="R1" data-lane="0"/);
  // 32 rows of R0, R1 and P0; UR4 once, above the grid.
  assert.equal([...html.matchAll(/class="v[^"]*" data-reg="R0"/g)].length, 32);
  assert.match(html, /data-reg="R0" data-lane="7" style="grid-row: 9">0x7</);
  assert.match(html, /<code data-reg="UR4">UR4 = 0x10<\/code>/);
  assert.equal(stepText(data), 'step 10 of 22 · line 18');
});

test('lanes out of range keep their own value: a dot, no arrow; VOTE/REDUX join their lanes', () => {
  const data = bflyData();
  data.previous.exchange.inRange = '0xfffffffe';
  let html = laneViewBody(data);
  assert.match(html, /<circle class="own" data-to="0"/);
  assert.equal([...html.matchAll(/class="arrow"/g)].length, 31);
  data.next = { position: 10, line: 20, source: '@P0 REDUX.SUM R3, R0 ;', reads: ['P0', 'R0'], writes: ['R3'], guard: 'P0', guardLanes: '0x00000005', lanes: '0x00000005',
    exchange: { op: 'REDUX', participants: '0x00000005', results: [{ register: 'R3', value: '0x00000002' }] } };
  html = laneViewBody(data);
  assert.deepEqual([...html.matchAll(/class="combine" data-lane="(\d+)"/g)].map((m) => Number(m[1])), [0, 2]);
  assert.match(html, /REDUX \(next, line 20\): combines lanes 0x00000005 · R3 = 0x2/);
  // The guard strip: on in lanes 0 and 2, off in lane 1.
  assert.match(html, /class="strip on" data-strip="guard" data-lane="2"/);
  assert.match(html, /class="strip off" data-strip="guard" data-lane="1"/);
});
