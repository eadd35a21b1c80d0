// Unit tests of the debug adapter's path translation for the WebAssembly core (src/dapPaths.ts):
// VS Code's names of the program (its path on disk, or its URI in a browser's remote workspace)
// become the file's place in the core's memory file system, and back.
const test = require('node:test');
const assert = require('node:assert/strict');
const { mapPaths } = require('../../out/dapPaths.js');

const program = '/home/me/work/warp-reduce.asm';
const uri = 'vscode-remote://127.0.0.1:8080/home/me/work/warp-reduce.asm';
const inCore = '/gpuasm/home/me/work/warp-reduce.asm';
const toCore = new Map([[program, inCore], [uri, inCore]]);
const fromCore = new Map([[inCore, uri]]);

test('launch: the program and the state file are the core\'s files; other arguments are kept', () => {
  const launch = {
    type: 'request', seq: 2, command: 'launch',
    arguments: { program, stateFile: '/home/me/work/s.json', stopOnEntry: true, name: program },
  };
  const state = new Map([...toCore, ['/home/me/work/s.json', '/gpuasm/home/me/work/s.json']]);
  assert.deepEqual(mapPaths(launch, state), {
    type: 'request', seq: 2, command: 'launch',
    // `name` is not a path key: a label that happens to be the path stays as it is.
    arguments: { program: inCore, stateFile: '/gpuasm/home/me/work/s.json', stopOnEntry: true, name: program },
  });
});

test('setBreakpoints by the file\'s URI: the source is the core\'s file', () => {
  const request = {
    type: 'request', seq: 3, command: 'setBreakpoints',
    arguments: { source: { name: 'warp-reduce.asm', path: uri }, breakpoints: [{ line: 20 }] },
  };
  assert.deepEqual(mapPaths(request, toCore).arguments.source, { name: 'warp-reduce.asm', path: inCore });
  assert.deepEqual(mapPaths(request, toCore).arguments.breakpoints, [{ line: 20 }]);
});

test('stack frames: the core\'s file is given back as VS Code named it, in every frame', () => {
  const response = {
    type: 'response', seq: 9, command: 'stackTrace', success: true,
    body: { stackFrames: [{ id: 1, line: 20, source: { path: inCore } }, { id: 2, line: 1, source: { path: '/elsewhere.asm' } }] },
  };
  const mapped = mapPaths(response, fromCore);
  assert.equal(mapped.body.stackFrames[0].source.path, uri);
  assert.equal(mapped.body.stackFrames[1].source.path, '/elsewhere.asm');
  // The message given is not changed in place.
  assert.equal(response.body.stackFrames[0].source.path, inCore);
});

test('nothing to translate: the message itself', () => {
  const event = { type: 'event', seq: 1, event: 'stopped', body: { reason: 'breakpoint', path: inCore } };
  assert.equal(mapPaths(event, new Map()), event);
  assert.deepEqual(mapPaths(event, fromCore).body, { reason: 'breakpoint', path: uri });
});
