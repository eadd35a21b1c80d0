// The WebAssembly core (server/web) driven as a page's worker drives it, through core.mjs:
//   node --no-experimental-fetch --test core.test.mjs   with GPUASM_CORE (build/wasm/bin/core.mjs),
//   GPUASM_BINARY (the native build's gpuasm) and GPUASM_SOURCE_DIR set (server/web/NativeTests.cmake).
// Expected values come from elsewhere than the module: the native `gpuasm check`, the spec's text,
// a sum worked out here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set`);
  return v;
};
const SOURCE_DIR = env('GPUASM_SOURCE_DIR');
const { loadCore } = await import(pathToFileURL(env('GPUASM_CORE')).href);
const core = await loadCore();

const rpc = (id, method, params) => JSON.stringify({ jsonrpc: '2.0', ...(id === null ? {} : { id }), method, params });
const parsed = (bodies) => bodies.map((b) => JSON.parse(b));
// The bodies of one message, then of the idle work until there is none.
function lspSettled(body) {
  const out = parsed(core.lsp(body));
  for (let more; (more = core.lspIdle()) !== null; ) out.push(...parsed(more));
  return out;
}
const published = (messages, uri) =>
  messages.filter((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri).at(-1);

test('initialize answers with the server capabilities', () => {
  const [reply] = parsed(core.lsp(rpc(1, 'initialize', { processId: null, rootUri: null, capabilities: {} })));
  assert.equal(reply.id, 1);
  assert.ok(reply.result.capabilities.hoverProvider, 'hover is offered');
  assert.deepEqual(core.lsp(rpc(null, 'initialized', {})), []);
});

test('a bad modifier: the diagnostic the native gpuasm check prints for the same file', () => {
  const text = 'IADD.SAT R1, R2, R3 ;\n';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuasm-web-'));
  const file = path.join(dir, 'sat.asm');
  // gpuasm check exits 1 for an input with errors: its JSON is the expected value.
  let json;
  try {
    fs.writeFileSync(file, text);
    json = execFileSync(env('GPUASM_BINARY'), ['check', '--json', file], { encoding: 'utf8' });
  } catch (e) {
    json = e.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });  // the tests leave no files (docs/TESTING.md)
  }
  const expected = JSON.parse(json).files[0].diagnostics;
  assert.ok(expected.length > 0, 'gpuasm check finds the error');

  const uri = 'file:///sat.asm';
  const messages = lspSettled(
    rpc(null, 'textDocument/didOpen', { textDocument: { uri, languageId: 'gpuasm', version: 1, text } }));
  const diagnostics = published(messages, uri).params.diagnostics;
  assert.deepEqual(diagnostics.map((d) => d.message), expected.map((d) => d.message));
  assert.deepEqual(diagnostics.map((d) => d.code), expected.map((d) => d.code));
  assert.deepEqual(diagnostics.map((d) => [d.range.start.line + 1, d.range.start.character + 1]),
                   expected.map((d) => [d.line, d.column]));
});

// The __Description of the optype whose __Syntax has a form starting with `mnemonic`, from the
// spec's text.
function specDescription(mnemonic) {
  const specDir = path.join(SOURCE_DIR, 'isa-db', 'spec');
  for (const name of fs.readdirSync(specDir).filter((f) => f.endsWith('.txt')).sort()) {
    const lines = fs.readFileSync(path.join(specDir, name), 'utf8').split('\n');
    for (let i = 0; i < lines.length; ++i) {
      if (lines[i].trim() !== '__Syntax') continue;
      let j = i + 1;
      const forms = [];
      for (; j < lines.length && !/^\s*__\w+/.test(lines[j]); ++j) forms.push(lines[j].trim());
      if (!forms.some((f) => f.split(/[\s.]/)[0] === mnemonic)) continue;
      for (; j < lines.length && lines[j].trim() !== '__Description'; ++j);
      const description = [];
      for (++j; j < lines.length && !/^\s*__\w+/.test(lines[j]); ++j) description.push(lines[j]);
      return description.join('\n').trim();
    }
  }
  assert.fail(`no optype of ${mnemonic} in ${specDir}`);
}

test('hover on a mnemonic shows the spec\'s __Description', () => {
  const uri = 'file:///hover.asm';
  lspSettled(rpc(null, 'textDocument/didOpen',
                 { textDocument: { uri, languageId: 'gpuasm', version: 1, text: 'IADD R1, R2, R3 ;\n' } }));
  const [reply] = parsed(core.lsp(rpc(2, 'textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } })));
  const description = specDescription('IADD');
  assert.ok(description.length > 0);
  const hover = reply.result.contents.value;
  for (const paragraph of description.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean))
    assert.ok(hover.includes(paragraph), `hover shows "${paragraph}":\n${hover}`);
});

test('the debugger runs examples/warp-reduce.asm: R1 of lane 0 is the sum of the lanes', () => {
  const example = fs.readFileSync(path.join(SOURCE_DIR, 'examples', 'warp-reduce.asm'), 'utf8');
  // The example sets R0 = lane (its `// @state R0 = lane`) and sums R0 over the warp's 32 lanes
  // into R1 (the butterfly): 0 + 1 + ... + 31.
  assert.match(example, /^\/\/ @state R0 = lane$/m);
  const expected = Array.from({ length: 32 }, (_, lane) => lane).reduce((a, b) => a + b, 0);
  core.writeFile('/examples/warp-reduce.asm', example);
  let seq = 1;
  const dap = (command, args) => parsed(core.dap(JSON.stringify({ seq: seq++, type: 'request', command, arguments: args })));
  const response = (messages, command) => {
    const r = messages.find((m) => m.type === 'response' && m.command === command);
    assert.ok(r && r.success, `${command} succeeds: ${JSON.stringify(messages)}`);
    return r;
  };
  response(dap('initialize', { adapterID: 'gpuasm', linesStartAt1: true, columnsStartAt1: true }), 'initialize');
  const launched = dap('launch', { program: '/examples/warp-reduce.asm', lane: 0 });
  response(launched, 'launch');
  assert.ok(launched.some((m) => m.event === 'initialized'));
  const ran = dap('configurationDone', {});
  response(ran, 'configurationDone');
  const stopped = ran.find((m) => m.event === 'stopped');
  assert.equal(stopped?.body.reason, 'end', JSON.stringify(ran));
  const [frame] = response(dap('stackTrace', { threadId: 1 }), 'stackTrace').body.stackFrames;
  const scopes = response(dap('scopes', { frameId: frame.id }), 'scopes').body.scopes;
  const lane0 = scopes.find((s) => s.name === 'Registers (lane 0)');
  assert.ok(lane0, JSON.stringify(scopes));
  const variables = response(dap('variables', { variablesReference: lane0.variablesReference }), 'variables').body.variables;
  const r1 = variables.find((v) => v.name === 'R1');
  assert.ok(r1, JSON.stringify(variables));
  assert.equal(Number(r1.value), expected, `R1 = ${r1.value}`);
  assert.equal(expected, 0x1f0);
});

test('removeFile: a file written and removed is gone (the debugger cannot launch it); an absent one is no error', () => {
  core.writeFile('/removed/kernel.asm', 'MOV R1, 0x1 ;\n');
  core.removeFile('/removed/kernel.asm');
  core.removeFile('/removed/never-written.asm');
  assert.throws(() => core.removeFile('relative.asm'), /cannot remove relative\.asm/);
  let seq = 1;
  const dap = (command, args) => parsed(core.dap(JSON.stringify({ seq: seq++, type: 'request', command, arguments: args })));
  dap('initialize', { adapterID: 'gpuasm', linesStartAt1: true, columnsStartAt1: true });
  const launch = dap('launch', { program: '/removed/kernel.asm' }).find((m) => m.type === 'response' && m.command === 'launch');
  assert.equal(launch?.success, false, JSON.stringify(launch));
  assert.match(launch.message, /\/removed\/kernel\.asm/);
  dap('disconnect', {});
});
