// Protocol tests of `gpuasm dap` (docs/PROTOCOL.md "gpuasm dap"): the real binary, spawned over
// stdio by Microsoft's DAP test client (@vscode/debugadapter-testsupport), as an editor would.
//   node tests/dap/dap-protocol.test.mjs build/bin/gpuasm     (ctest -R dap_protocol)
// Expected values are worked out by hand from the programs below and docs/LANGUAGE.md. Every
// session must end with the adapter exiting 0 after `disconnect`, and every message the adapter
// sends must carry the next sequence number, whatever the test sent it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

let DebugClient;
try {
  ({ DebugClient } = (await import('@vscode/debugadapter-testsupport')).default);
} catch {
  console.error(`dap_protocol: ${here}/node_modules is missing or incomplete; run bash scripts/setup.sh`);
  process.exit(1);
}

const gpuasm = path.resolve(process.argv[2] ?? process.env.GPUASM ?? path.join(repo, 'build/bin/gpuasm'));
if (!fs.existsSync(gpuasm)) {
  console.error(`dap_protocol: no gpuasm binary at ${gpuasm} (pass its path as the first argument)`);
  process.exit(1);
}
// How long one answer may take; generous for the sanitizer build, but bounded.
const WAIT_MS = Number(process.env.DAP_WAIT_MS ?? 20000);
const TEST_MS = 4 * WAIT_MS;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuasm-dap-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));

// The program most tests debug. Per lane L: R0 = L; after line 2 R1 = 5; after line 3
// R1 = 5 + L; after line 4 R2 = 8 + L; after line 5 R3 = 7; after line 6 R3 = 15 + L; after
// line 8 R4 = 1. Positions (instructions): 0 = line 2 … 4 = line 6, 5 = line 8; line 7 is blank.
const ARITH = path.join(tmp, 'arith.asm');
fs.writeFileSync(
  ARITH,
  [
    '// @state R0 = lane',
    'MOV R1, 0x5 ;',
    'IADD R1, R1, R0 ;',
    'IADD R2, R1, 0x3 ;',
    'MOV R3, 0x7 ;',
    'IADD R3, R3, R2 ;',
    '',
    'MOV R4, 0x1 ;',
    '',
  ].join('\n'),
);
const WARP_REDUCE = path.join(repo, 'examples/warp-reduce.asm');

// Variable references of the scopes (docs/PROTOCOL.md lists them in this order; the first test
// checks them).
const LANE_SCOPE = 1, PREDICATE_SCOPE = 3, WARP_SCOPE = 4, ALL_LANES_SCOPE = 5;

function within(promise, what, ms = WAIT_MS) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to ${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

// One adapter process and the client driving it. Every message the adapter sends is also kept
// in `unread`, so a test takes the events (and raw responses) in the order they came, without
// racing the client's own listeners.
class Session {
  constructor() {
    this.dc = new DebugClient(gpuasm, 'dap', 'gpuasm');
    this.dc.defaultTimeout = WAIT_MS;
    this.received = [];
    this.unread = [];
    this.wake = null;
    this.stderr = '';
    const dispatch = this.dc.dispatch.bind(this.dc);
    this.dc.dispatch = (body) => {
      const message = JSON.parse(body);
      this.received.push(message);
      this.unread.push(message);
      if (this.wake) this.wake();
      dispatch(body);
    };
  }

  async start() {
    await this.dc.start();
    this.process = this.dc._adapterProcess;
    this.process.stderr.on('data', (d) => (this.stderr += d));
    // 'close' comes after the last output was read: then nothing more will arrive.
    this.exited = once(this.process, 'close').then(([code, signal]) => {
      this.gone = `gpuasm dap exited (code ${code}, signal ${signal}); stderr: ${this.stderr}`;
      if (this.wake) this.wake();
      return { code, signal };
    });
    // A request not answered when the adapter is gone fails at once, not after WAIT_MS.
    this.died = this.exited.then(() => {
      throw new Error(this.gone);
    });
    this.died.catch(() => {});
    return this;
  }

  // The first unread message `matches` accepts, waiting for it if need be.
  async take(matches, what) {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const k = this.unread.findIndex(matches);
      if (k >= 0) return this.unread.splice(k, 1)[0];
      const left = deadline - Date.now();
      if (this.gone) throw new Error(`no ${what}: ${this.gone}`);
      if (left <= 0) {
        const seen = this.received.map((m) => m.event ?? m.command).join(', ');
        throw new Error(`no ${what} within ${WAIT_MS} ms (received: ${seen}; stderr: ${this.stderr})`);
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }
  event(name) {
    return this.take((m) => m.type === 'event' && m.event === name, `'${name}' event`);
  }
  async stopped(reason, line) {
    const e = await this.event('stopped');
    assert.equal(e.body.reason, reason, `stop reason (${e.body.description})`);
    assert.equal(e.body.threadId, 1);
    if (line !== undefined) assert.equal(await this.line(), line, `stopped at line (${e.body.description})`);
    return e;
  }

  // A request through the client: the response, or a rejection with the adapter's message.
  // A promise of the client's, bounded, failing at once when the adapter is gone.
  wait(promise, what) {
    return within(Promise.race([promise, this.died]), what);
  }
  request(command, args) {
    return this.wait(this.dc.send(command, args), command);
  }
  async refused(command, args, message) {
    await assert.rejects(this.request(command, args), message, `${command} ${JSON.stringify(args)} is refused`);
    await this.stillAnswers();
  }
  // After any mistake, a normal request still gets a normal answer.
  async stillAnswers() {
    const threads = await this.request('threads');
    assert.deepEqual(threads.body.threads, [{ id: 1, name: 'warp (32 lanes)' }]);
  }

  // Bytes straight to the adapter's stdin: a whole frame, or anything else.
  raw(bytes) {
    this.process.stdin.write(bytes);
  }
  frame(body) {
    this.raw(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`);
  }

  async line() {
    const trace = await this.request('stackTrace', { threadId: 1 });
    return trace.body.stackFrames[0].line;
  }
  // The variables of a reference as name → value.
  async variables(variablesReference, format) {
    const r = await this.request('variables', format ? { variablesReference, format } : { variablesReference });
    return Object.fromEntries(r.body.variables.map((v) => [v.name, v.value]));
  }
  async evaluate(expression, extra = {}) {
    return (await this.request('evaluate', { expression, context: 'repl', ...extra })).body.result;
  }

  // initialize + launch (DebugClient.launch), then the `initialized` event after the response.
  async launch(args) {
    const launched = await this.wait(this.dc.launch(args), 'initialize and launch');
    assert.equal(launched.success, true);
    await this.event('initialized');
    const order = this.received.map((m) => (m.type === 'response' ? `response ${m.command}` : m.event ?? m.type));
    assert.ok(order.indexOf('initialized') > order.indexOf('response launch'), `initialized follows the launch response: ${order}`);
  }
  async setBreakpoints(source, breakpoints) {
    const r = await this.request('setBreakpoints', { source: { path: source }, breakpoints });
    return r.body.breakpoints;
  }

  // Disconnect and see the adapter exit 0 by itself; every message numbered in order.
  async close() {
    if (this.process.exitCode === null && this.process.signalCode === null) {
      await within(this.dc.disconnectRequest({}), 'disconnect');
      await this.event('terminated');
    }
    const { code, signal } = await within(this.exited, 'the exit of gpuasm dap after disconnect');
    assert.equal(signal, null, `gpuasm dap ended by a signal; stderr: ${this.stderr}`);
    assert.equal(code, 0, `gpuasm dap exit code; stderr: ${this.stderr}`);
    this.received.forEach((m, k) => assert.equal(m.seq, k + 1, `message ${k + 1} (${JSON.stringify(m).slice(0, 200)}) is numbered in order`));
  }
  kill() {
    if (this.process && this.process.exitCode === null && this.process.signalCode === null) this.process.kill();
  }
}

// A test with a fresh adapter; it must end cleanly.
function dapTest(name, body) {
  test(name, { timeout: TEST_MS }, async () => {
    const s = await new Session().start();
    try {
      await body(s);
      await s.close();
    } finally {
      s.kill();
    }
  });
}

dapTest('initialize, launch with stopOnEntry, initialized, configurationDone: stopped on entry', async (s) => {
  const caps = (await s.wait(s.dc.initializeRequest(), 'initialize')).body;
  for (const c of ['supportsConfigurationDoneRequest', 'supportsStepBack', 'supportsGotoTargetsRequest', 'supportsConditionalBreakpoints',
    'supportsHitConditionalBreakpoints', 'supportsLogPoints', 'supportsDataBreakpoints', 'supportsSetVariable', 'supportsValueFormattingOptions'])
    assert.equal(caps[c], true, c);
  await s.launch({ program: ARITH, stopOnEntry: true });
  await s.request('configurationDone');
  const e = await s.stopped('entry', 2);
  assert.equal(e.body.allThreadsStopped, true);
  const frame = (await s.request('stackTrace', { threadId: 1 })).body.stackFrames[0];
  assert.equal(frame.name, 'MOV R1, 0x5 ;');
  assert.equal(frame.source.path, ARITH);
  assert.equal(frame.source.name, 'arith.asm');
  await s.stillAnswers();
  const scopes = (await s.request('scopes', { frameId: frame.id })).body.scopes.map((x) => [x.name, x.variablesReference]);
  assert.deepEqual(scopes, [
    ['Registers (lane 0)', 1],
    ['Registers as f32 (lane 0)', 2],
    ['Predicates (lane 0)', 3],
    ['Uniform registers and active mask', 4],
    ['All lanes', 5],
  ]);
  // Before the first instruction only the `// @state` register is set: R0 = lane.
  assert.deepEqual(await s.variables(LANE_SCOPE), { R0: '0x00000000' });
  assert.deepEqual(await s.variables(WARP_SCOPE), { activeMask: '0xffffffff' });
});

dapTest("the test client's hitBreakpoint: line 4 in lane 3, the lane's registers, hex and decimal", async (s) => {
  await s.wait(s.dc.hitBreakpoint({ program: ARITH, lane: 3 }, { path: ARITH, line: 4 }), 'hitBreakpoint');
  const scopes = (await s.request('scopes', { frameId: 1 })).body.scopes;
  assert.equal(scopes[0].name, 'Registers (lane 3)');
  // Lane 3 before line 4: R0 = 3, R1 = 5 + 3 = 8; R2 not yet written.
  assert.deepEqual(await s.variables(LANE_SCOPE), { R0: '0x00000003', R1: '0x00000008' });
  assert.deepEqual(await s.variables(LANE_SCOPE, { hex: false }), { R0: '3', R1: '8' });
  // R1 across the lanes: lane 31 holds 5 + 31 = 36 = 0x24.
  const all = (await s.request('variables', { variablesReference: ALL_LANES_SCOPE })).body.variables;
  assert.deepEqual(all.map((v) => v.name), ['R0', 'R1']);
  const r1 = await s.variables(all[1].variablesReference);
  assert.equal(Object.keys(r1).length, 32);
  assert.equal(r1['[31]'], '0x00000024');
  assert.equal(r1['[0]'], '0x00000005');
  assert.equal((await s.variables(all[1].variablesReference, { hex: false }))['[31]'], '36');
});

dapTest('next, stepIn, stepBack and reverseContinue: the values go forward and back', async (s) => {
  await s.launch({ program: ARITH, stopOnEntry: true });
  const [bp] = await s.setBreakpoints(ARITH, [{ line: 3 }]);
  assert.equal(bp.verified, true);
  await s.request('configurationDone');
  await s.stopped('entry', 2);
  await s.request('next', { threadId: 1 });
  await s.stopped('step', 3);
  assert.equal((await s.variables(LANE_SCOPE)).R1, '0x00000005');
  await s.request('stepIn', { threadId: 1 });
  await s.stopped('step', 4);
  // After IADD R1, R1, R0: lane 0 has 5 + 0, lane 3 has 5 + 3.
  assert.equal((await s.variables(LANE_SCOPE)).R1, '0x00000005');
  assert.equal(await s.evaluate('R1[3]'), '0x8');
  await s.request('next', { threadId: 1 });
  await s.stopped('step', 5);
  assert.equal((await s.variables(LANE_SCOPE)).R2, '0x00000008');
  await s.request('next', { threadId: 1 });
  await s.stopped('step', 6);
  await s.request('stepOut', { threadId: 1 });
  await s.stopped('step', 8); // line 7 is blank
  assert.equal((await s.variables(LANE_SCOPE)).R3, '0x0000000f');
  await s.request('stepBack', { threadId: 1 });
  await s.stopped('step', 6);
  assert.equal((await s.variables(LANE_SCOPE)).R3, '0x00000007');
  // Backwards to the breakpoint on line 3: before IADD R1, R1, R0; R2 and R3 not written yet.
  await s.request('reverseContinue', { threadId: 1 });
  const e = await s.stopped('breakpoint', 3);
  assert.deepEqual(e.body.hitBreakpointIds, [bp.id]);
  assert.deepEqual(await s.variables(LANE_SCOPE), { R0: '0x00000000', R1: '0x00000005' });
  assert.equal(await s.evaluate('R2'), '0x0 (lane 0)');
  await s.request('reverseContinue', { threadId: 1 });
  await s.stopped('entry', 2);
  assert.deepEqual(await s.variables(LANE_SCOPE), { R0: '0x00000000' });
  await s.request('stepBack', { threadId: 1 });
  await s.stopped('entry', 2);
  // Forward again to the breakpoint: the values come back.
  await s.request('continue', { threadId: 1 });
  await s.stopped('breakpoint', 3);
  await s.request('continue', { threadId: 1 });
  const end = await s.stopped('end');
  assert.equal(end.body.description, 'every instruction executed');
  const frame = (await s.request('stackTrace', { threadId: 1 })).body.stackFrames[0];
  assert.equal(frame.line, 9); // after the last instruction (line 8)
  assert.equal(frame.name, '(end of the program)');
  assert.deepEqual(await s.variables(LANE_SCOPE), { R0: '0x00000000', R1: '0x00000005', R2: '0x00000008', R3: '0x0000000f', R4: '0x00000001' });
});

// Runs to the breakpoint on `line` (lane 0 unless the launch says otherwise).
async function stopAt(s, line, launch = {}) {
  await s.launch({ program: ARITH, ...launch });
  const [bp] = await s.setBreakpoints(launch.program ?? ARITH, [{ line }]);
  assert.equal(bp.verified, true);
  await s.request('configurationDone');
  return s.stopped('breakpoint', line);
}

dapTest('evaluate: R1[3], any(), all(), decimal format, why R1[3], a malformed expression', async (s) => {
  await stopAt(s, 5); // lines 2-4 ran: R1 = 5 + L, R2 = 8 + L
  assert.equal(await s.evaluate('R1[3]'), '0x8');
  assert.equal(await s.evaluate('R1[3]', { format: { hex: false } }), '8');
  assert.equal(await s.evaluate('R2', { context: 'hover' }), '0x8 (lane 0)');
  assert.equal(await s.evaluate('any(R2 > 38)'), 'true'); // lane 31: 39
  assert.equal(await s.evaluate('all(R2 > 8)'), 'false'); // lane 0: 8
  assert.equal(await s.evaluate('any(R2 > 39)'), 'false');
  assert.equal(await s.evaluate('R2 - R1 == 3', { context: 'watch' }), 'true (lane 0)');
  await s.refused('evaluate', { expression: 'R1 +' }, /column 5/);
  await s.refused('evaluate', { expression: 'R1[32]' }, /0\.\.31|lane/);
  // Provenance as text: R1 of lane 3 = 8 from IADD on line 3, reading R1 = 5 (MOV, line 2) and
  // R0 = 3 (the `// @state` line).
  const why = await s.evaluate('why R1[3]');
  for (const line of [
    'R1[3] = 0x00000008: line 3 IADD R1, R1, R0 ;',
    'reads R1[3] = 0x00000005',
    'reads R0[3] = 0x00000003',
    'R1[3] = 0x00000005: line 2 MOV R1, 0x5 ;',
    'R0[3] = 0x00000003: initial state',
  ])
    assert.ok(why.includes(line), `'${line}' in:\n${why}`);
  assert.ok(why.startsWith('#0 R1[3] = 0x00000008'), why);
  await s.refused('evaluate', { expression: 'why R7[3]x' }, /./);
});

dapTest('setVariable, then a step sees the edit; stepping back and forward replays it', async (s) => {
  await stopAt(s, 4); // before IADD R2, R1, 0x3
  const set = await s.request('setVariable', { variablesReference: LANE_SCOPE, name: 'R1', value: '0x100' });
  assert.equal(set.body.value, '0x00000100');
  await s.request('next', { threadId: 1 });
  await s.stopped('step', 5);
  assert.equal((await s.variables(LANE_SCOPE)).R2, '0x00000103'); // 0x100 + 3 in lane 0
  assert.equal(await s.evaluate('R2[1]'), '0x9'); // lane 1 untouched: 5 + 1 + 3
  await s.request('stepBack', { threadId: 1 });
  await s.stopped('step', 4);
  assert.equal((await s.variables(LANE_SCOPE)).R1, '0x00000100');
  await s.request('stepBack', { threadId: 1 });
  await s.stopped('step', 3);
  assert.equal((await s.variables(LANE_SCOPE)).R1, '0x00000005'); // before the edit
  await s.request('next', { threadId: 1 });
  await s.stopped('step', 4);
  await s.request('next', { threadId: 1 });
  await s.stopped('step', 5);
  assert.equal((await s.variables(LANE_SCOPE)).R2, '0x00000103');
  // A lane of the all-lanes scope, in decimal: R2 of lane 2 = 10 → 1000; then R3 = 7 + 1000.
  const all = (await s.request('variables', { variablesReference: ALL_LANES_SCOPE })).body.variables;
  const r2 = all.find((v) => v.name === 'R2');
  assert.equal((await s.request('setVariable', { variablesReference: r2.variablesReference, name: '[2]', value: '1000' })).body.value, '0x000003e8');
  await s.request('next', { threadId: 1 });
  await s.stopped('step', 6);
  await s.request('next', { threadId: 1 });
  await s.stopped('step', 8);
  assert.equal(await s.evaluate('R3[2]', { format: { hex: false } }), '1007');
  await s.refused('setVariable', { variablesReference: LANE_SCOPE, name: 'R1', value: 'lots' }, /not a value/);
  await s.refused('setVariable', { variablesReference: LANE_SCOPE, name: 'R999', value: '1' }, /./);
});

dapTest('conditional breakpoints: the first whose condition holds in some lane stops', async (s) => {
  await s.launch({ program: ARITH });
  const bps = await s.setBreakpoints(ARITH, [
    { line: 4, condition: 'R1[3] == 9' }, // R1[3] is 8 there: never
    { line: 6, condition: 'any(R2 == 39)' }, // lane 31: 8 + 31
    { line: 5, condition: 'R1 +' },
    { line: 5, condition: 'R1' },
    { line: 7 }, // blank: moves to line 8
    { line: 40 },
  ]);
  assert.deepEqual(bps.map((b) => [b.verified, b.line]), [[true, 4], [true, 6], [false, undefined], [false, undefined], [true, 8], [false, undefined]]);
  assert.match(bps[2].message, /condition, column 5/);
  assert.match(bps[3].message, /true or false/);
  assert.match(bps[5].message, /no instruction on line 40/);
  await s.request('configurationDone');
  const e = await s.stopped('breakpoint', 6);
  assert.deepEqual(e.body.hitBreakpointIds, [bps[1].id]);
  await s.request('continue', { threadId: 1 });
  assert.deepEqual((await s.stopped('breakpoint', 8)).body.hitBreakpointIds, [bps[4].id]);
});

dapTest('hit conditions count the passes of forward execution', async (s) => {
  await s.launch({ program: ARITH });
  const bps = await s.setBreakpoints(ARITH, [
    { line: 3, hitCondition: '2' },
    { line: 5, hitCondition: '% 2' },
    { line: 6, hitCondition: '> 2' },
  ]);
  assert.ok(bps.every((b) => b.verified));
  await s.request('configurationDone');
  // First pass: every line hit once; none of the conditions holds.
  await s.stopped('end');
  // Back to the start with goto, and through again: the second hits of lines 3 and 5 stop.
  const targets = (await s.request('gotoTargets', { source: { path: ARITH }, line: 1 })).body.targets;
  assert.deepEqual(targets.map((t) => [t.line, t.label]), [[2, 'line 2: MOV R1, 0x5 ;']]);
  await s.request('goto', { threadId: 1, targetId: targets[0].id });
  await s.stopped('goto', 2);
  await s.request('continue', { threadId: 1 });
  assert.deepEqual((await s.stopped('breakpoint', 3)).body.hitBreakpointIds, [bps[0].id]);
  await s.request('continue', { threadId: 1 });
  assert.deepEqual((await s.stopped('breakpoint', 5)).body.hitBreakpointIds, [bps[1].id]);
  await s.request('continue', { threadId: 1 }); // line 6: second hit, not > 2
  await s.stopped('end');
});

dapTest('a log point sends its message as an output event and does not stop', async (s) => {
  await s.launch({ program: ARITH });
  const r1 = Array.from({ length: 32 }, (_, lane) => '0x' + (5 + lane).toString(16)).join(', ');
  const bps = await s.setBreakpoints(ARITH, [{ line: 4, logMessage: 'R1[3]={R1[3]} R1-R0={R1 - R0} R1={R1} {R1 +}' }]);
  assert.equal(bps[0].verified, true);
  const output = s.dc.assertOutput('console', `R1[3]=0x8 R1-R0=0x5 R1=[${r1}] {`);
  await s.request('configurationDone');
  await s.wait(output, 'the log point output');
  const e = await s.event('output');
  assert.equal(e.body.category, 'console');
  assert.ok(e.body.output.endsWith('}\n'), e.body.output);
  await s.stopped('end');
  // The output event came before the stop.
  const events = s.received.filter((m) => m.type === 'event').map((m) => m.event);
  assert.ok(events.indexOf('output') < events.indexOf('stopped'), events.join());
});

dapTest('data breakpoints stop after the change going forward and before it going back', async (s) => {
  await s.launch({ program: ARITH, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 2);
  const info = async (args) => (await s.request('dataBreakpointInfo', args)).body;
  const r2 = await info({ variablesReference: LANE_SCOPE, name: 'R2' });
  assert.equal(r2.dataId, 'R2[0]');
  assert.equal(r2.description, 'when R2 in lane 0 changes');
  assert.deepEqual(r2.accessTypes, ['write']);
  assert.equal((await info({ name: 'R3[5]' })).dataId, 'R3[5]');
  assert.equal((await info({ name: 'R3' })).dataId, 'R3');
  assert.equal((await info({ name: 'lane' })).dataId, null);
  assert.equal((await info({ name: 'R3[32]' })).dataId, null);
  const uniform = await info({ name: 'UR4[3]' });
  assert.deepEqual([uniform.dataId, uniform.description], [null, 'UR4 is uniform: it has no lanes']);
  let set = (await s.request('setDataBreakpoints', { breakpoints: [{ dataId: 'R2[0]' }] })).body.breakpoints;
  assert.equal(set[0].verified, true);
  await s.request('continue', { threadId: 1 });
  // IADD R2, R1, 0x3 on line 4 wrote 8 in lane 0; the stop is after it, before line 5.
  let e = await s.stopped('data breakpoint', 5);
  assert.equal(e.body.description, 'R2 changed in lane 0: 0x0 -> 0x8');
  assert.deepEqual(e.body.hitBreakpointIds, [set[0].id]);
  // R3 in any lane: MOV R3, 0x7 changes all 32 lanes, then IADD R3, R3, R2 all 32 again.
  set = (await s.request('setDataBreakpoints', { breakpoints: [{ dataId: 'R3' }] })).body.breakpoints;
  await s.request('continue', { threadId: 1 });
  e = await s.stopped('data breakpoint', 6);
  assert.equal(e.body.description, 'R3 changed in lane 0: 0x0 -> 0x7 (and 31 more lanes)');
  await s.request('continue', { threadId: 1 });
  e = await s.stopped('data breakpoint', 8);
  assert.equal(e.body.description, 'R3 changed in lane 0: 0x7 -> 0xf (and 31 more lanes)');
  // Backwards: before the IADD (line 6), R3 is 7; before the MOV (line 5), unset.
  await s.request('reverseContinue', { threadId: 1 });
  await s.stopped('data breakpoint', 6);
  assert.equal((await s.variables(LANE_SCOPE)).R3, '0x00000007');
  await s.request('reverseContinue', { threadId: 1 });
  await s.stopped('data breakpoint', 5);
  assert.equal((await s.variables(LANE_SCOPE)).R3, undefined);
  await s.request('reverseContinue', { threadId: 1 });
  await s.stopped('entry', 2);
  set = (await s.request('setDataBreakpoints', { breakpoints: [{ dataId: 'R2[40]' }, { dataId: 'R999' }, { dataId: 'R1[x]' }] })).body.breakpoints;
  assert.deepEqual(set.map((b) => b.verified), [false, false, false]);
  assert.match(set[0].message, /0\.\.31/);
});

dapTest('gotoTargets and goto travel to a line, forwards and back', async (s) => {
  await s.launch({ program: ARITH, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 2);
  const targets = async (line) => (await s.request('gotoTargets', { source: { path: ARITH }, line })).body.targets;
  const [eight] = await targets(7); // blank: the next instruction's line
  assert.equal(eight.line, 8);
  assert.equal(eight.label, 'line 8: MOV R4, 0x1 ;');
  await s.request('goto', { threadId: 1, targetId: eight.id });
  await s.stopped('goto', 8);
  assert.equal(await s.evaluate('R3[2]'), '0x11'); // 15 + 2
  assert.deepEqual(await targets(100), []);
  const [three] = await targets(3);
  await s.request('goto', { threadId: 1, targetId: three.id });
  await s.stopped('goto', 3);
  assert.deepEqual(await s.variables(LANE_SCOPE), { R0: '0x00000000', R1: '0x00000005' });
  await s.refused('goto', { threadId: 1 }, /targetId/);
  await s.refused('gotoTargets', { source: { path: ARITH }, line: 0 }, /line/);
});

dapTest('gpuasm/provenance: the chain of instructions behind R3 of lane 2', async (s) => {
  await stopAt(s, 8);
  const { links } = (await s.request('gpuasm/provenance', { register: 'R3', lane: 2 })).body;
  const link = (k) => links[k];
  const input = (l, reg) => l.inputs.find((i) => i.register === reg);
  // R3 = 7 + R2 = 7 + 10 = 17 (IADD, line 6).
  const r3 = link(0);
  assert.deepEqual([r3.register, r3.lane, r3.value, r3.line, r3.source], ['R3', 2, '0x00000011', 6, 'IADD R3, R3, R2 ;']);
  assert.equal(r3.position, 4);
  const mov = link(input(r3, 'R3').from);
  assert.equal(input(r3, 'R3').value, '0x00000007');
  assert.deepEqual([mov.value, mov.line, mov.source, mov.inputs.length], ['0x00000007', 5, 'MOV R3, 0x7 ;', 0]);
  // R2 = R1 + 3 = 7 + 3 (line 4); R1 = R1 + R0 = 5 + 2 (line 3); R1 = 5 (line 2); R0 = 2 initially.
  const r2 = link(input(r3, 'R2').from);
  assert.deepEqual([r2.value, r2.line], ['0x0000000a', 4]);
  const r1 = link(input(r2, 'R1').from);
  assert.deepEqual([r1.value, r1.line, input(r1, 'R1').value, input(r1, 'R0').value], ['0x00000007', 3, '0x00000005', '0x00000002']);
  const r0 = link(input(r1, 'R0').from);
  assert.deepEqual([r0.register, r0.value, r0.source, r0.line], ['R0', '0x00000002', 'initial state', undefined]);
  assert.equal(link(input(r1, 'R1').from).source, 'MOV R1, 0x5 ;');
  await s.refused('gpuasm/provenance', { register: 'R3', lane: 40 }, /0\.\.31/);
  await s.refused('gpuasm/provenance', { register: 'bogus', lane: 0 }, /./);
  // gpuasm/selectLane: the scopes show lane 2 after an invalidated event.
  await s.request('gpuasm/selectLane', { lane: 2 });
  assert.deepEqual((await s.event('invalidated')).body.areas, ['variables']);
  assert.equal((await s.variables(LANE_SCOPE)).R3, '0x00000011');
});

// examples/warp-reduce.asm, R0 = lane: step 10 is before line 18's IADD, just after line 17's
// SHFL.BFLY PT, R2, R1, 0x1, 0x1f, whose .BFLY gave lane i the R1 of lane i ^ 1 (j <= maxLane 31).
dapTest('gpuasm/gotoStep and gpuasm/laneView: the timeline and the SHFL\'s source lanes', async (s) => {
  await s.launch({ program: WARP_REDUCE, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 8);
  await s.request('gpuasm/gotoStep', { step: 10 });
  await s.stopped('goto', 18);
  const view = (await s.request('gpuasm/laneView')).body;
  assert.deepEqual([view.position, view.length, view.line], [10, 18, 18]);
  assert.deepEqual([view.next.source, view.next.reads, view.next.writes], ['IADD R1, R1, R2 ;', ['R1', 'R2'], ['R1']]);
  const x = view.previous.exchange;
  assert.equal(x.op, 'SHFL');
  assert.deepEqual(x.sources, Array.from({ length: 32 }, (_, lane) => lane ^ 1));
  assert.equal(x.inRange, '0xffffffff');
  const r1 = view.registers.find((r) => r.name === 'R1');
  assert.equal(r1.values.length, 32);
  await s.refused('gpuasm/gotoStep', { step: 'x' }, /"step" must be a step number \(0 or more\), not "x"$/);
  await s.refused('gpuasm/gotoStep', { step: 19 }, /step 19 is past the end \(the program has 18 instructions\)/);
  await s.request('gpuasm/gotoStep', { step: 0 });
  await s.stopped('goto', 8);
  assert.equal((await s.request('gpuasm/laneView')).body.previous, undefined);
});

dapTest('launch with a stateFile: its registers over the // @state lines', async (s) => {
  const state = path.join(tmp, 'state.json');
  fs.writeFileSync(state, JSON.stringify({ regs: { R0: '0x100', R5: 'lane' } }));
  await s.launch({ program: ARITH, stateFile: state, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 2);
  assert.deepEqual(await s.variables(LANE_SCOPE), { R0: '0x00000100', R5: '0x00000000' });
  assert.equal(await s.evaluate('R5[7]'), '0x7');
  const [four] = (await s.request('gotoTargets', { source: { path: ARITH }, line: 4 })).body.targets;
  await s.request('goto', { threadId: 1, targetId: four.id });
  await s.stopped('goto', 4);
  assert.equal(await s.evaluate('R1[5]'), '0x105'); // 5 + 0x100 in every lane
});

dapTest('launch refuses a bad stateFile or program, and a later launch works', async (s) => {
  await s.wait(s.dc.initializeRequest(), 'initialize');
  const bad = path.join(tmp, 'bad-state.json');
  fs.writeFileSync(bad, '{"regs": {"R0": "0x1"}, "bogus": 1}');
  await s.refused('launch', { program: ARITH, stateFile: bad }, new RegExp(bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await s.refused('launch', { program: ARITH, stateFile: path.join(tmp, 'missing.json') }, /cannot read/);
  await s.refused('launch', { program: path.join(tmp, 'missing.asm') }, /cannot read .*missing\.asm/);
  await s.refused('launch', {}, /needs "program"/);
  await s.refused('launch', { program: ARITH, lane: 32 }, /"lane" must be a lane 0\.\.31, not 32$/);
  await s.refused('launch', { program: ARITH, stepLimit: 0 }, /stepLimit/);
  assert.equal(s.received.filter((m) => m.event === 'initialized').length, 0, 'no initialized event after a failed launch');
  await s.request('launch', { program: ARITH, stopOnEntry: true });
  await s.event('initialized');
  await s.request('configurationDone');
  await s.stopped('entry', 2);
});

dapTest('examples/warp-reduce.asm: the butterfly sum and the ballot in lane 1', async (s) => {
  // Line 23 is blank; the breakpoint moves to line 24 (I2I.U16), after the butterfly (R1 = 0 +
  // 1 + … + 31 = 496 in every lane), REDUX.SUM (R3 = 496), ISETP (P0 = R1 == R3: true) and
  // VOTE.ALL (R4 = the ballot of P0, all 32 lanes; P1 = true).
  await s.launch({ program: WARP_REDUCE, lane: 1 });
  const [bp] = await s.setBreakpoints(WARP_REDUCE, [{ line: 23 }]);
  assert.equal(bp.line, 24);
  await s.request('configurationDone');
  await s.stopped('breakpoint', 24);
  const regs = await s.variables(LANE_SCOPE);
  assert.equal(regs.R1, '0x000001f0');
  assert.equal(regs.R3, '0x000001f0');
  assert.equal(regs.R4, '0xffffffff');
  assert.deepEqual(await s.variables(PREDICATE_SCOPE), { P0: 'true', P1: 'true' });
  assert.equal((await s.variables(LANE_SCOPE, { hex: false })).R1, '496');
});

dapTest('a program that does not assemble stops at its bad line with reason exception, also on goto', async (s) => {
  // IADD has no .SAT (the first mistake of examples/illegal-modifier.asm): line 2 cannot run.
  const bad = path.join(tmp, 'bad.asm');
  fs.writeFileSync(bad, 'MOV R1, 0x1 ;\nIADD.SAT R2, R1, R1 ;\nMOV R3, 0x2 ;\n');
  await s.launch({ program: bad, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 1);
  const [three] = (await s.request('gotoTargets', { source: { path: bad }, line: 3 })).body.targets;
  await s.request('goto', { threadId: 1, targetId: three.id });
  const e = await s.stopped('exception', 2);
  assert.match(e.body.text, /unknown-modifier/);
  assert.equal(await s.evaluate('R1[0]'), '0x1'); // line 1 ran
  await s.request('next', { threadId: 1 });
  await s.stopped('exception', 2);
  await s.request('continue', { threadId: 1 });
  await s.stopped('exception', 2);
  await s.request('stepBack', { threadId: 1 });
  await s.stopped('step', 1);
});

dapTest('restart goes back to the entry and drops the edits; terminate ends the adapter', async (s) => {
  await s.launch({ program: ARITH, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 2);
  const goto = async (line) => {
    const [target] = (await s.request('gotoTargets', { source: { path: ARITH }, line })).body.targets;
    await s.request('goto', { threadId: 1, targetId: target.id });
    await s.stopped('goto', line);
  };
  await goto(4);
  await s.request('setVariable', { variablesReference: LANE_SCOPE, name: 'R1', value: '0x100' });
  await goto(5);
  assert.equal(await s.evaluate('R2[0]'), '0x103');
  await s.request('restart', {});
  await s.stopped('entry', 2);
  await goto(5);
  assert.equal(await s.evaluate('R2[0]'), '0x8'); // 5 + 0 + 3: the edit is gone
  await s.request('terminate', {});
  await s.event('terminated');
  const { code, signal } = await within(s.exited, 'exit after terminate');
  assert.deepEqual({ code, signal }, { code: 0, signal: null });
});

dapTest('disconnect: terminated, and the process exits 0', async (s) => {
  await s.launch({ program: ARITH, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 2);
  const r = await within(s.dc.disconnectRequest({}), 'disconnect');
  assert.equal(r.success, true);
  await s.event('terminated');
  const { code, signal } = await within(s.exited, 'exit after disconnect');
  assert.deepEqual({ code, signal }, { code: 0, signal: null });
});

// ---- Robustness: mistakes get an error response or an output event, never a crash; after
// each one the adapter answers a normal request.

dapTest('requests before launch, unknown commands and configurationDone out of order are refused', async (s) => {
  await s.wait(s.dc.initializeRequest(), 'initialize');
  for (const [command, args] of [
    ['next', { threadId: 1 }],
    ['variables', { variablesReference: LANE_SCOPE }],
    ['stackTrace', { threadId: 1 }],
    ['evaluate', { expression: 'R1' }],
    ['configurationDone', {}],
    ['stepBack', { threadId: 1 }],
    ['gpuasm/provenance', { register: 'R1', lane: 0 }],
    ['gpuasm/laneView', {}],
    ['gpuasm/gotoStep', { step: 1 }],
    ['setBreakpoints', { source: { path: ARITH }, breakpoints: [{ line: 3 }] }],
  ])
    await s.refused(command, args, /no program is launched \(send launch first\)/);
  await s.refused('frobnicate', { x: 1 }, /^Error: unknown request 'frobnicate'$/);
  await s.refused('attach', {}, /unknown request 'attach'/);
});

dapTest('arguments of the wrong type are refused with a message', async (s) => {
  await s.wait(s.dc.initializeRequest(), 'initialize');
  await s.refused('launch', { program: 42 }, /needs "program"/);
  await s.refused('launch', { program: ARITH, stopOnEntry: 'yes' }, /"stopOnEntry" must be true or false, not "yes"$/);
  await s.refused('launch', { program: ARITH, lane: '3' }, /"lane" must be a lane 0\.\.31, not "3"$/);
  await s.refused('launch', { program: ARITH, stepLimit: 'many' }, /stepLimit/);
  await s.launch({ program: ARITH, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 2);
  await s.refused('setBreakpoints', { source: { path: ARITH }, breakpoints: [{ line: 'seven' }] },
    /"breakpoints\[0\]\.line" must be a line number \(1 or more\), not "seven"$/);
  await s.refused('setBreakpoints', { source: { path: ARITH }, breakpoints: [{ line: -3 }] },
    /"breakpoints\[0\]\.line" must be a line number \(1 or more\), not -3$/);
  await s.refused('variables', { variablesReference: '1' }, /"variablesReference" must be a number that scopes or variables gave, not "1"$/);
  await s.refused('variables', { variablesReference: 99 }, /no such variables reference/);
  await s.refused('variables', { variablesReference: LANE_SCOPE, format: { hex: 'no' } }, /"format\.hex" must be true or false, not "no"$/);
  await s.refused('evaluate', { expression: 5 }, /./);
  await s.refused('setVariable', { variablesReference: LANE_SCOPE, name: 'R1', value: 7 }, /"value" must be a string \(a number, .*\), not 7$/);
  await s.refused('goto', { threadId: 1, targetId: 'x' }, /targetId/);
  await s.refused('gpuasm/selectLane', { lane: -1 }, /0\.\.31/);
  await s.refused('gpuasm/provenance', { register: 'R1', lane: 2 ** 40 }, /0\.\.31/);
  // A goto far beyond the end runs to the end.
  await s.request('goto', { threadId: 1, targetId: 2 ** 40 });
  await s.stopped('end');
  assert.deepEqual(await s.variables(LANE_SCOPE), { R0: '0x00000000', R1: '0x00000005', R2: '0x00000008', R3: '0x0000000f', R4: '0x00000001' });
});

dapTest('setBreakpoints for another source leaves the program\'s breakpoints alone', async (s) => {
  await s.launch({ program: ARITH });
  const [mine] = await s.setBreakpoints(ARITH, [{ line: 5 }]);
  assert.equal(mine.verified, true);
  // An editor sends setBreakpoints for every file that has some: another .asm file, one that
  // does not exist. Those are not in the program; they must not replace its breakpoints.
  const other = await s.setBreakpoints(path.join(tmp, 'no-such-file.asm'), [{ line: 3 }, { line: 4 }]);
  assert.deepEqual(other.map((b) => b.verified), [false, false]);
  assert.match(other[0].message, /not the debugged program/);
  // The same program under another spelling of its path is the program.
  const [again] = await s.setBreakpoints(path.join(tmp, '.', 'arith.asm'), [{ line: 6 }]);
  assert.equal(again.verified, true);
  await s.request('configurationDone');
  await s.stopped('breakpoint', 6);
});

dapTest('malformed messages and framing get an output event on stderr; huge seq numbers are echoed', async (s) => {
  await s.launch({ program: ARITH, stopOnEntry: true });
  await s.request('configurationDone');
  await s.stopped('entry', 2);
  const complaint = async (pattern) => {
    const e = await s.event('output');
    assert.equal(e.body.category, 'stderr');
    assert.match(e.body.output, pattern);
    await s.stillAnswers();
  };
  s.frame('{not json');
  await complaint(/not a JSON object/);
  s.frame('[1, 2, 3]');
  await complaint(/not a JSON object/);
  s.frame('"just a string"');
  await complaint(/not a JSON object/);
  s.frame('{"seq": 900, "type": "event", "event": "stopped"}');
  await complaint(/not a request/);
  s.frame('{"seq": 901, "type": "request"}');
  await complaint(/not a request/);
  s.frame('{"seq": 902, "type": "request", "command": 7}');
  await complaint(/not a request/);
  s.frame(''); // an empty body
  await complaint(/not a JSON object/);
  s.raw('X-Nonsense: 1\r\n\r\n');
  await complaint(/without Content-Length/);
  s.raw('Content-Length: many\r\n\r\n');
  await complaint(/Content-Length 'many' is not a number/);
  s.raw('no colon here\r\n\r\n');
  await complaint(/malformed header line/);
  // Requests with sequence numbers a client would never use: answered, echoed exactly.
  const answer = (seq) => s.take((m) => m.type === 'response' && m.request_seq === seq, `the response to seq ${seq}`);
  for (const seq of [2 ** 40, 2 ** 64, -5, 0]) {
    s.frame(`{"seq": ${BigInt(seq)}, "type": "request", "command": "threads"}`);
    const r = await answer(seq);
    assert.equal(r.success, true);
    assert.equal(r.body.threads.length, 1);
  }
  // Arguments that are not an object count as none.
  s.frame('{"seq": 77, "type": "request", "command": "next", "arguments": [1, 2]}');
  assert.equal((await answer(77)).success, true);
  await s.stopped('step', 3);
  // Two requests in one write, the first malformed: both answered in order.
  const a = '{"seq": 78, "type": "request", "command": "evaluate", "arguments": {"expression": "R1 +"}}';
  const b = '{"seq": 79, "type": "request", "command": "evaluate", "arguments": {"expression": "R1[3]"}}';
  s.raw(`Content-Length: ${a.length}\r\n\r\n${a}Content-Length: ${b.length}\r\n\r\n${b}`);
  assert.equal((await answer(78)).success, false);
  assert.equal((await answer(79)).body.result, '0x5');
});
