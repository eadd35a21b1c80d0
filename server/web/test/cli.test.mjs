// The CLI under Node (`node gpuasm.js lsp`, server/web/node/gpuasm.js) as an editor runs it: on
// pipes, where its loop reads as input comes and runs the idle work (the dataflow's deferred
// findings) once the client is quiet — what tests/cross/compare.sh, whose stdin is a regular file
// read in one go, does not reach. The same session goes to the native `gpuasm lsp`; the expected
// values are its replies.
//   node --test cli.test.mjs   with GPUASM_NODE_CLI (build/wasm/bin/gpuasm.js), GPUASM_BINARY
//   (the native build's gpuasm) and GPUASM_SOURCE_DIR set (server/web/NativeTests.cmake).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const env = (name) => {
  const v = process.env[name];
  assert.ok(v, `${name} is not set`);
  return v;
};
const SOURCE_DIR = env('GPUASM_SOURCE_DIR');

// A stdio client of one server process: frames what it sends, collects the messages it reads.
function client(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const messages = [];
  const waiters = [];
  let pending = Buffer.alloc(0);
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  child.stdout.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(pending.subarray(0, end).toString())[1]);
      if (pending.length < end + 4 + length) return;
      messages.push(JSON.parse(pending.subarray(end + 4, end + 4 + length).toString()));
      pending = pending.subarray(end + 4 + length);
      for (const w of waiters.splice(0)) w();
    }
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    messages,
    get stderr() {
      return stderr;
    },
    send(message) {
      const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
      child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
      child.stdin.write(body);
    },
    // Resolves with the first message `pred` accepts, waiting for it up to `ms`.
    async until(pred, ms) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = messages.find(pred);
        if (found) return found;
        if (Date.now() > deadline) {
          assert.fail(`${command} ${args.join(' ')}: no such message in ${ms} ms; stderr: ${stderr}`);
        }
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    exited,
  };
}

// One editor session: initialize, open the file, add a line that reads registers nothing sets,
// wait until the dataflow's finding on that line is published — after an edit the dataflow's
// findings are deferred, computed by the idle work —, then shutdown and exit. Returns the last
// diagnostics and the exit status.
async function session(server, uri, text) {
  server.send({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  await server.until((m) => m.id === 1, 60000);
  server.send({ method: 'initialized', params: {} });
  server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'gpuasm', version: 1, text } } });
  const edited = `${text}IADD R200, R201, R202 ;\n`;
  const added = edited.split('\n').length - 2;  // the added line, 0-based
  server.send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: edited }] } });
  const deferred = (m) =>
    m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri &&
    m.params.diagnostics.some((d) => d.code === 'uninitialized-read' && d.range.start.line === added);
  await server.until(deferred, 60000);
  server.send({ id: 2, method: 'shutdown' });
  await server.until((m) => m.id === 2, 60000);
  server.send({ method: 'exit' });
  const published = server.messages.filter((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri);
  return { diagnostics: published.at(-1).params.diagnostics, status: await server.exited };
}

test('lsp on pipes: the idle work runs and publishes what the native server publishes', async () => {
  const file = path.join(SOURCE_DIR, 'examples', 'kernel.asm');
  const uri = pathToFileURL(file).href;
  const text = fs.readFileSync(file, 'utf8');
  const native = await session(client(env('GPUASM_BINARY'), ['lsp']), uri, text);
  const node = await session(client(process.execPath, [env('GPUASM_NODE_CLI'), 'lsp']), uri, text);
  assert.equal(native.status, 0);
  assert.equal(node.status, 0, 'exit after shutdown: status 0');
  assert.deepEqual(node.diagnostics, native.diagnostics);
});

test('lsp --port: refused under Node (stdio only) with a clear error', async () => {
  const server = client(process.execPath, [env('GPUASM_NODE_CLI'), 'lsp', '--port', '0']);
  assert.equal(await server.exited, 2);
  assert.match(server.stderr, /--port: this build \(WebAssembly under Node\) serves on standard input and output only/);
});
