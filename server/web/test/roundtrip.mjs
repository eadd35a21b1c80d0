// Rough timings of the WebAssembly core against the native server (docs/WASM.md records them):
//   node --no-experimental-fetch server/web/test/roundtrip.mjs build/wasm/bin/core.mjs build/bin/gpuasm [runs]
// - ready: load the module, then initialize + initialized answered;
// - round trip: a didChange of examples/spec-examples.asm that adds or removes a bad line at its
//   end, until the publishDiagnostics of that version arrives (each change alters the diagnostics,
//   so each is published); p50 and p99 over the runs, the same edits for both servers. The native
//   server is `gpuasm lsp` on stdio (frames), timed from the write to the frame read.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const [corePath, binary, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 200);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const text = fs.readFileSync(path.join(root, 'examples', 'spec-examples.asm'), 'utf8');
const uri = 'file:///spec-examples.asm';
const lines = text.split('\n').length;
const bad = 'IADD.SAT R1, R2, R3 ;\n';
const rpc = (id, method, params) => JSON.stringify({ jsonrpc: '2.0', ...(id === null ? {} : { id }), method, params });
const change = (version) =>
  rpc(null, 'textDocument/didChange', {
    textDocument: { uri, version },
    contentChanges: [version % 2 === 0
      ? { range: { start: { line: lines - 1, character: 0 }, end: { line: lines - 1, character: 0 } }, text: bad }
      : { range: { start: { line: lines - 1, character: 0 }, end: { line: lines, character: 0 } }, text: '' }],
  });
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const summary = (xs) => `p50 ${percentile(xs, 50).toFixed(2)} ms, p99 ${percentile(xs, 99).toFixed(2)} ms`;
const isPublish = (m, version) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri && m.params.version === version;

async function wasm() {
  const t0 = performance.now();
  const { loadCore } = await import(pathToFileURL(path.resolve(corePath)).href);
  const core = await loadCore();
  const loaded = performance.now();
  core.lsp(rpc(1, 'initialize', { processId: null, rootUri: null, capabilities: {} }));
  core.lsp(rpc(null, 'initialized', {}));
  const ready = performance.now();
  core.lsp(rpc(null, 'textDocument/didOpen', { textDocument: { uri, languageId: 'gpuasm', version: 1, text } }));
  while (core.lspIdle() !== null);
  const opened = performance.now();
  const times = [];
  for (let v = 2; v < 2 + runs; ++v) {
    const start = performance.now();
    const out = core.lsp(change(v)).map((b) => JSON.parse(b));
    if (!out.some((m) => isPublish(m, v))) throw new Error(`no diagnostics for version ${v}`);
    times.push(performance.now() - start);
    while (core.lspIdle() !== null);  // the page's worker does the idle work between keystrokes
  }
  console.log(`wasm:   load ${(loaded - t0).toFixed(0)} ms, ready (load + initialize) ${(ready - t0).toFixed(0)} ms, ` +
              `didOpen + idle work ${(opened - ready).toFixed(0)} ms; didChange → diagnostics ${summary(times)}`);
}

async function native() {
  const t0 = performance.now();
  const child = spawn(binary, ['lsp'], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buffer = Buffer.alloc(0);
  const waiting = [];
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const head = buffer.indexOf('\r\n\r\n');
      if (head < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, head).toString())[1]);
      if (buffer.length < head + 4 + length) return;
      const message = JSON.parse(buffer.subarray(head + 4, head + 4 + length).toString());
      buffer = buffer.subarray(head + 4 + length);
      for (const w of [...waiting]) if (w.match(message)) { waiting.splice(waiting.indexOf(w), 1); w.resolve(); }
    }
  });
  const send = (body) => child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  const until = (match) => new Promise((resolve) => waiting.push({ match, resolve }));
  const initialized = until((m) => m.id === 1);
  send(rpc(1, 'initialize', { processId: null, rootUri: null, capabilities: {} }));
  await initialized;
  send(rpc(null, 'initialized', {}));
  const ready = performance.now();
  const opened = until((m) => isPublish(m, 1));
  send(rpc(null, 'textDocument/didOpen', { textDocument: { uri, languageId: 'gpuasm', version: 1, text } }));
  await opened;
  const times = [];
  for (let v = 2; v < 2 + runs; ++v) {
    const published = until((m) => isPublish(m, v));
    const start = performance.now();
    send(change(v));
    await published;
    times.push(performance.now() - start);
  }
  console.log(`native: ready (start + initialize) ${(ready - t0).toFixed(0)} ms; didChange → diagnostics ${summary(times)}`);
  child.kill();
}

await wasm();
await native();
