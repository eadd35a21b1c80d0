#!/usr/bin/env node
// gpuasm under Node: `node gpuasm.js ARGS` is `gpuasm ARGS` on any platform that runs Node 18 or
// later, from the WebAssembly build of the command line (gpuasm-cli.js + gpuasm-cli.wasm beside
// this file; server/web/CMakeLists.txt, docs/WASM.md "The CLI under Node"). The files, the
// current directory and the environment are the real ones (NODERAWFS); stdout and stderr are
// written as bytes; the exit status is main's. `gpuasm lsp` and `gpuasm dap` on stdio are served
// by the loop below: main leaves the server to it (wire/src/HostedTransport.cpp), and it feeds the
// server what each read of standard input brought and, once the client has been quiet, its idle
// work a piece at a time — the native transport's loop (wire/src/Transport.cpp).
'use strict';

const fs = require('fs');
const path = require('path');

// The client's quiet moment before idle work, as wire::kQuietMs.
const kQuietMs = 25;
// One read of standard input, as the native transport's buffer.
const kReadBytes = 1 << 16;

// A short sleep without the event loop (standard output full on a non-blocking pipe).
function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

// Writes all of `bytes` to the descriptor; false when the reader is gone.
function writeAll(fd, bytes) {
  let done = 0;
  while (done < bytes.length) {
    try {
      done += fs.writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      if (e.code === 'EAGAIN') {
        pause(1);
        continue;
      }
      if (e.code === 'EPIPE') return false;
      throw e;
    }
  }
  return true;
}

// Leaves with `status` once what the C side buffered is written.
function finish(core, status) {
  core._fflush(0);
  process.exit(status);
}

// A bug (a trap, an assert: WebAssembly's abort) or exit() from C: leaves as the native binary
// would, with exit()'s status or a native abort's (134) and one line on stderr.
function failed(core, e) {
  if (e && e.name === 'ExitStatus') finish(core, e.status);
  try {
    core._fflush(0);
  } catch (ignored) {
    // The module is broken: what it buffered is lost.
  }
  fs.writeSync(2, `gpuasm: internal error: ${e && e.message ? e.message : e}\n`);
  process.exit(134);
}

// `fn` run with its failures reported by `failed` (a callback's exception would otherwise print
// a line of the minified loader).
function guarded(core, fn) {
  return (...args) => {
    try {
      return fn(...args);
    } catch (e) {
      return failed(core, e);
    }
  };
}

// The bytes of a returned buffer (pointer + gpuasm_host_out_size), copied out of the module's memory.
function outBytes(core, pointer) {
  return Buffer.from(core.HEAPU8.subarray(pointer, pointer + core._gpuasm_host_out_size()));
}

// The server's loop (see the header). A regular file as standard input is read in one go, with
// no idle work between the reads: input always waits there, as poll() says natively.
function serve(core) {
  const input = core._malloc(kReadBytes);
  const buffer = Buffer.alloc(kReadBytes);
  // The log lines' prefix, as the native transport's (the server's name).
  const name = `gpuasm ${process.argv.slice(2).find((a) => a === 'lsp' || a === 'dap')}`;
  const stopped = () => {
    fs.writeSync(2, `${name}: the client stopped reading\n`);
    finish(core, 1);
  };
  const exitIfAsked = () => {
    const code = core._gpuasm_host_exit_code();
    if (code >= 0) finish(core, code);
  };
  const arrived = guarded(core, (n) => {
    core.HEAPU8.set(buffer.subarray(0, n), input);
    const out = outBytes(core, core._gpuasm_host_arrived(input, n));
    if (out.length > 0 && !writeAll(1, out)) stopped();
    exitIfAsked();
  });
  // The end of input without `exit`: status 1, as natively.
  const ended = () => finish(core, 1);

  if (fs.fstatSync(0).isFile()) {
    for (let n; (n = fs.readSync(0, buffer, 0, kReadBytes, null)) > 0;) arrived(n);
    ended();
    return;
  }

  let quiet = null;  // the timer or immediate of the next piece of idle work
  const stopIdle = () => {
    if (quiet !== null) {
      clearTimeout(quiet);
      clearImmediate(quiet);
      quiet = null;
    }
  };
  const idle = guarded(core, () => {
    quiet = null;
    if (!core._gpuasm_host_has_idle()) return;
    const out = outBytes(core, core._gpuasm_host_idle());
    if (out.length > 0 && !writeAll(1, out)) stopped();
    exitIfAsked();
    quiet = setImmediate(idle);  // the next piece, after any input that came meanwhile
  });
  const read = () => {
    fs.read(0, buffer, 0, kReadBytes, null, guarded(core, (error, n) => {
      if (error) {
        // A non-blocking descriptor (a parent's): try again in a moment.
        if (error.code === 'EAGAIN') return setTimeout(read, 1);
        if (error.code !== 'EOF') fs.writeSync(2, `${name}: read failed: ${error.message}\n`);
        return ended();
      }
      if (n === 0) return ended();
      stopIdle();
      arrived(n);
      if (core._gpuasm_host_has_idle()) quiet = setTimeout(idle, kQuietMs);
      read();
    }));
  };
  read();
}

// How V8 compiles the module. A command runs for a moment: each function is compiled when first
// called, by the baseline compiler only — the optimizing tier's compile costs more CPU than it
// saves there (`check` of 200,000 lines: 0.8 s of CPU against 1.2 s with tier-up; a small file's
// check 0.14 s against 0.5 s; docs/WASM.md). A server runs for hours: V8's default, hot functions
// optimized.
function compileFlags(command) {
  if (command === 'lsp' || command === 'dap') return;
  require('v8').setFlagsFromString('--liftoff-only');
  require('v8').setFlagsFromString('--wasm-lazy-compilation');
}

function main() {
  compileFlags(process.argv[2]);
  const createGpuasmCli = require(path.join(__dirname, 'gpuasm-cli.js'));
  // The module is given its bytes (no fetch: emscripten 3.1.6's loader would take Node 18's
  // global fetch for a browser's) and compiled synchronously: the factory returns the module,
  // ready once its `ready` settles.
  const wasmBinary = fs.readFileSync(path.join(__dirname, 'gpuasm-cli.wasm'));
  createGpuasmCli({ wasmBinary }).ready.then((core) => {
    // The process's environment (emscripten's own is a browser's made-up one).
    Object.assign(core.ENV, process.env);
    const args = [process.argv[1], ...process.argv.slice(2)];
    const argv = core._malloc(4 * (args.length + 1));
    args.forEach((arg, i) => {
      const size = core.lengthBytesUTF8(arg) + 1;
      const p = core._malloc(size);
      core.stringToUTF8(arg, p, size);
      core.HEAPU32[(argv >> 2) + i] = p;
    });
    core.HEAPU32[(argv >> 2) + args.length] = 0;
    guarded(core, () => {
      const status = core._main(args.length, argv);
      if (core._gpuasm_host_serving()) {
        core._fflush(0);
        serve(core);
      } else {
        finish(core, status);
      }
    })();
  });
}

main();
