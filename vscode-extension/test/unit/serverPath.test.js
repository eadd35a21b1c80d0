// Unit tests of the parts of the extension that need no VS Code: where the gpuasm binary is
// looked for, and how register names sort. Run by e2e.sh with `node --test` on the compiled out/.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { bundledServer, checkServerRuns, chooseServer, findServer, serverFileName } = require('../../out/serverPath.js');
const { compareRegisterNames, valueInLane } = require('../../out/protocol.js');

const roots = [];
test.after(() => {
  for (const root of roots) {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

function tree() {
  // root/vscode-extension (the extension) and root/build/bin/gpuasm, like the repository.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuasm-serverpath-'));
  roots.push(root);
  const extension = path.join(root, 'vscode-extension');
  fs.mkdirSync(extension);
  fs.mkdirSync(path.join(root, 'build', 'bin'), { recursive: true });
  return { root, extension, built: path.join(root, 'build', 'bin', 'gpuasm') };
}

function executable(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\n');
  fs.chmodSync(file, 0o755);
  return file;
}

const inputs = (t, more) => ({ setting: '', environment: undefined, extensionPath: t.extension, workspaceFolder: undefined, searchPath: '', ...more });

test('the repository build beside the extension is the default', () => {
  const t = tree();
  executable(t.built);
  assert.equal(findServer(inputs(t)).found, t.built);
});

test('the setting wins over the environment variable and the repository build', () => {
  const t = tree();
  executable(t.built);
  const chosen = executable(path.join(t.root, 'elsewhere', 'gpuasm'));
  const fromEnv = executable(path.join(t.root, 'env', 'gpuasm'));
  assert.equal(findServer(inputs(t, { setting: chosen, environment: fromEnv })).found, chosen);
  assert.equal(findServer(inputs(t, { environment: fromEnv })).found, fromEnv);
});

test('a relative setting is taken from the workspace folder', () => {
  const t = tree();
  const file = executable(path.join(t.root, 'ws', 'bin', 'gpuasm'));
  assert.equal(findServer(inputs(t, { setting: 'bin/gpuasm', workspaceFolder: path.join(t.root, 'ws') })).found, file);
});

test('a setting naming no executable is reported, not replaced by a fallback', () => {
  const t = tree();
  executable(t.built);
  const missing = path.join(t.root, 'nowhere', 'gpuasm');
  const lookup = findServer(inputs(t, { setting: missing }));
  assert.equal(lookup.found, undefined);
  assert.deepEqual(lookup.tried, [missing]);
  const plain = path.join(t.root, 'plain');
  fs.writeFileSync(plain, 'not executable');
  assert.equal(findServer(inputs(t, { setting: plain })).found, undefined);
});

test('PATH is searched last, and the lookup says everything it tried', () => {
  const t = tree();
  const onPath = executable(path.join(t.root, 'usr', 'bin', 'gpuasm'));
  const searchPath = [path.join(t.root, 'empty'), path.dirname(onPath)].join(path.delimiter);
  assert.equal(findServer(inputs(t, { searchPath })).found, onPath);
  const none = findServer(inputs(t, { searchPath: path.join(t.root, 'empty') }));
  assert.equal(none.found, undefined);
  assert.deepEqual(none.tried, [bundledServer(t.extension), t.built, 'gpuasm on PATH']);
});

test('the server bundled in the .vsix (bin/gpuasm) wins over the repository build and PATH, not over the setting', () => {
  const t = tree();
  executable(t.built);
  const onPath = executable(path.join(t.root, 'usr', 'bin', 'gpuasm'));
  const bundled = executable(path.join(t.extension, 'bin', 'gpuasm'));
  assert.equal(bundled, bundledServer(t.extension));
  assert.equal(findServer(inputs(t, { searchPath: path.dirname(onPath) })).found, bundled);
  const chosen = executable(path.join(t.root, 'elsewhere', 'gpuasm'));
  assert.equal(findServer(inputs(t, { setting: chosen })).found, chosen);
});

test('a bundled server that lost its execute bit gets it back', () => {
  const t = tree();
  const bundled = path.join(t.extension, 'bin', 'gpuasm');
  fs.mkdirSync(path.dirname(bundled), { recursive: true });
  fs.writeFileSync(bundled, '#!/bin/sh\n');
  fs.chmodSync(bundled, 0o644);
  assert.equal(findServer(inputs(t)).found, bundled);
  assert.equal(fs.statSync(bundled).mode & 0o777, 0o755);
});

test('on Windows the server is gpuasm.exe: bundled in the win32-x64 .vsix, in the repository build, on PATH', () => {
  const t = tree();
  const win = (more) => inputs(t, { platform: 'win32', ...more });
  assert.equal(serverFileName('win32'), 'gpuasm.exe');
  assert.equal(serverFileName('linux'), 'gpuasm');
  // A bin/gpuasm without .exe (another platform's server) is not Windows': nothing is found.
  executable(path.join(t.extension, 'bin', 'gpuasm'));
  executable(t.built);
  const builtExe = path.join(t.root, 'build', 'bin', 'gpuasm.exe');
  const none = findServer(win({ searchPath: path.join(t.root, 'empty') }));
  assert.equal(none.found, undefined);
  assert.deepEqual(none.tried, [path.join(t.extension, 'bin', 'gpuasm.exe'), builtExe, 'gpuasm.exe on PATH']);
  // gpuasm.exe on PATH, then the repository's gpuasm.exe, then the bundled one win in turn.
  const onPath = executable(path.join(t.root, 'usr', 'bin', 'gpuasm.exe'));
  assert.equal(findServer(win({ searchPath: path.dirname(onPath) })).found, onPath);
  executable(builtExe);
  assert.equal(findServer(win({ searchPath: path.dirname(onPath) })).found, builtExe);
  const bundled = executable(path.join(t.extension, 'bin', 'gpuasm.exe'));
  assert.equal(bundledServer(t.extension, 'win32'), bundled);
  assert.equal(findServer(win({ searchPath: path.dirname(onPath) })).found, bundled);
  // Elsewhere gpuasm.exe is not looked for: the linux .vsix's bin/gpuasm is.
  assert.equal(findServer(inputs(t, { platform: 'linux' })).found, path.join(t.extension, 'bin', 'gpuasm'));
});

test('a server that does not run, or is no gpuasm, is rejected with the reason', async () => {
  const t = tree();
  const gpuasm = path.join(t.root, 'ok', 'gpuasm');
  executable(gpuasm);
  fs.writeFileSync(gpuasm, '#!/bin/sh\necho "gpuasm 0.1.0"\necho "commit abc"\n');
  assert.equal(await checkServerRuns(gpuasm), 'gpuasm 0.1.0\ncommit abc');
  const failing = path.join(t.root, 'failing');
  fs.writeFileSync(failing, '#!/bin/sh\necho "error while loading shared libraries: libtree-sitter.so.0" >&2\nexit 127\n');
  fs.chmodSync(failing, 0o755);
  await assert.rejects(checkServerRuns(failing), /libtree-sitter\.so\.0/);
  const other = path.join(t.root, 'other');
  fs.writeFileSync(other, '#!/bin/sh\necho "hello"\n');
  fs.chmodSync(other, 0o755);
  await assert.rejects(checkServerRuns(other), /not gpuasm's/);
  const garbage = path.join(t.root, 'garbage');
  fs.writeFileSync(garbage, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]));
  fs.chmodSync(garbage, 0o755);
  await assert.rejects(checkServerRuns(garbage));
});

/** The universal .vsix's layout (vscode-extension/package.sh): out/wasmWorker.js beside out/gpuasm-core.wasm. */
function universal(t) {
  fs.mkdirSync(path.join(t.extension, 'out'), { recursive: true });
  const worker = path.join(t.extension, 'out', 'wasmWorker.js');
  const wasm = path.join(t.extension, 'out', 'gpuasm-core.wasm');
  fs.writeFileSync(worker, '');
  fs.writeFileSync(wasm, '');
  return { worker, wasm };
}

test('the universal .vsix without any gpuasm binary runs its WebAssembly core', () => {
  const t = tree();
  const core = universal(t);
  const choice = chooseServer(inputs(t));
  assert.equal(choice.native, undefined);
  assert.deepEqual(choice.wasm, core);
  assert.deepEqual(choice.tried, [bundledServer(t.extension), t.built, 'gpuasm on PATH']);
});

test('a native gpuasm wins over the WebAssembly core: bundled, repository build or PATH', () => {
  const t = tree();
  universal(t);
  const dir = path.join(t.root, 'somewhere', 'bin');
  const onPath = executable(path.join(dir, 'gpuasm'));
  assert.deepEqual(chooseServer(inputs(t, { searchPath: dir })), { native: onPath, tried: [bundledServer(t.extension), t.built, onPath] });
  executable(t.built);
  assert.equal(chooseServer(inputs(t, { searchPath: dir })).native, t.built);
});

test('a setting or GPUASM_SERVER_PATH naming no executable is reported, not replaced by the WebAssembly core', () => {
  const t = tree();
  universal(t);
  const missing = path.join(t.root, 'no-such-gpuasm');
  assert.deepEqual(chooseServer(inputs(t, { setting: missing })), { tried: [missing] });
  assert.deepEqual(chooseServer(inputs(t, { environment: missing })), { tried: [missing] });
});

test('an extension without the WebAssembly core (a platform .vsix, out/ of the repository) has no fallback', () => {
  const t = tree();
  fs.mkdirSync(path.join(t.extension, 'out'));
  // The worker without the core is not the core.
  fs.writeFileSync(path.join(t.extension, 'out', 'wasmWorker.js'), '');
  const choice = chooseServer(inputs(t));
  assert.equal(choice.native, undefined);
  assert.equal(choice.wasm, undefined);
});

test('registers sort by file (R, P, UR, UP) and number', () => {
  const names = ['UP0', 'R10', 'P1', 'UR4', 'R2', 'P0', 'R1'];
  assert.deepEqual([...names].sort(compareRegisterNames), ['R1', 'R2', 'R10', 'P0', 'P1', 'UR4', 'UP0']);
});

test('a value in a lane: per-lane lists are indexed, uniform values are the same in every lane', () => {
  const lanes = Array.from({ length: 32 }, (_, lane) => `0x${lane.toString(16).padStart(8, '0')}`);
  assert.equal(valueInLane(lanes, 17), '0x00000011');
  assert.equal(valueInLane('0x00000010', 17), '0x00000010');
  assert.equal(valueInLane(false, 3), 'false');
});
