// Builds the playground into plain static files (issue 39): the page bundled and minified with
// esbuild, gpuasm's WebAssembly core beside the worker, the repository's examples embedded, the
// instruction reference in reference/ (`gpuasm doc` of isa-db/spec, the spec the core embeds;
// hover links there), a service worker that caches every file (offline use), and the size
// budgets checked.
//   node playground/build.mjs OUT_DIR [CORE_DIR [GPUASM [WRAPPER]]]
// CORE_DIR holds gpuasm-core.mjs and gpuasm-core.wasm (the wasm-core target's build/wasm/bin);
// GPUASM is the native binary that writes the reference (default build/bin/gpuasm); WRAPPER is
// the module exporting loadCore() (default server/web/core.mjs).
// Without them the page is built all the same and says, where the editor's server would be, that
// the core was not built and how to build it.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const out = path.resolve(process.argv[2] ?? path.join(repo, 'build/playground'));
const coreDir = path.resolve(process.argv[3] ?? path.join(repo, 'build/wasm/bin'));
const gpuasm = path.resolve(process.argv[4] ?? path.join(repo, 'build/bin/gpuasm'));
const wrapper = path.resolve(process.argv[5] ?? path.join(repo, 'server/web/core.mjs'));
const coreModule = path.join(coreDir, 'gpuasm-core.mjs');
const coreWasm = path.join(coreDir, 'gpuasm-core.wasm');
const haveCore = fs.existsSync(wrapper) && fs.existsSync(coreModule) && fs.existsSync(coreWasm);

// The budgets (gzipped bytes): the WebAssembly, and everything else the site serves.
export const WASM_BUDGET = 1.5 * 1024 * 1024;
export const REST_BUDGET = 1024 * 1024;

if (!fs.existsSync(gpuasm)) {
  console.error(`playground: ${gpuasm} is missing, which writes the instruction reference; build it: cmake --build build --target gpuasm`);
  process.exit(1);
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const examples = fs
  .readdirSync(path.join(repo, 'examples'))
  .filter((f) => f.endsWith('.asm'))
  .sort()
  .map((name) => ({ name, text: fs.readFileSync(path.join(repo, 'examples', name), 'utf8') }));

const missingCore = `export async function loadCore() {
  throw new Error("it was not built (run: cmake --build build --target wasm-core, then --target playground)");
}`;

const virtual = {
  name: 'gpuasm-virtual',
  setup(build) {
    build.onResolve({ filter: /^gpuasm-examples$/ }, () => ({ path: 'examples', namespace: 'gpuasm' }));
    build.onResolve({ filter: /^gpuasm-core$/ }, () =>
      haveCore ? { path: wrapper } : { path: 'missing-core', namespace: 'gpuasm' },
    );
    // The wrapper's import of the Emscripten module, wherever it points: this build's module.
    build.onResolve({ filter: /gpuasm-core\.mjs$/ }, () => ({ path: coreModule }));
    build.onLoad({ filter: /.*/, namespace: 'gpuasm' }, (args) =>
      args.path === 'examples'
        ? { contents: JSON.stringify(examples), loader: 'json' }
        : { contents: missingCore, loader: 'js' },
    );
  },
};

const common = {
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  legalComments: 'none',
  // Emscripten's Node branches, never taken in a browser.
  external: ['fs', 'path', 'module', 'url', 'crypto', 'ws', 'worker_threads', 'node:*'],
  plugins: [virtual],
  // boot.js fetches the core's WebAssembly only when the site has it.
  define: { GPUASM_HAVE_CORE: JSON.stringify(haveCore) },
  logLevel: 'warning',
};
// The page, its shared and lazily loaded parts in chunks.
await esbuild.build({ ...common, entryPoints: { main: path.join(here, 'src/main.js') }, splitting: true, chunkNames: 'chunk-[hash]' });
// What starts the core, each one file that imports nothing: no request waits for another on the
// way to the worker's `ready`.
await esbuild.build({
  ...common,
  entryPoints: { boot: path.join(here, 'src/boot.js'), worker: path.join(here, 'src/worker.js') },
  splitting: false,
});
// The page asks for the core's WebAssembly while it parses (boot.js's fetch takes the preloaded
// response); a site without the core does not ask for what is not there.
const html = fs.readFileSync(path.join(here, 'src/index.html'), 'utf8');
fs.writeFileSync(path.join(out, 'index.html'), haveCore ? html : html.replace(/<link rel="preload" href="gpuasm-core\.wasm"[^>]*>\n/, ''));
fs.copyFileSync(path.join(here, 'src/style.css'), path.join(out, 'style.css'));
if (haveCore) fs.copyFileSync(coreWasm, path.join(out, 'gpuasm-core.wasm'));
// The instruction reference: the page tells the server it is at reference/ (main.js), so hover
// on a mnemonic links to its page there.
const referenceDir = path.join(out, 'reference');
const docSays = execFileSync(gpuasm, ['doc', '--spec-dir', path.join(repo, 'isa-db/spec'), referenceDir], {
  encoding: 'utf8',
  timeout: 120000,
});
if (!fs.existsSync(path.join(referenceDir, 'index.html'))) {
  console.error(`playground: gpuasm doc wrote no index.html into ${referenceDir}: ${docSays}`);
  process.exit(1);
}

// The site's files, as paths relative to OUT_DIR with '/' (reference/index.html).
function siteFiles(dir = out, prefix = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? siteFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

// The service worker: every file of the site, the reference's too, cached at install under a
// name that changes with their contents, served from the cache first (the page's query —
// ?embed=1 — ignored).
const files = siteFiles();
const hash = crypto.createHash('sha256');
for (const f of files) hash.update(f).update(fs.readFileSync(path.join(out, f)));
const cacheName = `gpuasm-playground-${hash.digest('hex').slice(0, 16)}`;
const sw = fs
  .readFileSync(path.join(here, 'src/sw.js'), 'utf8')
  .replace('__CACHE__', JSON.stringify(cacheName))
  .replace('__FILES__', JSON.stringify(['./', ...files]));
fs.writeFileSync(path.join(out, 'sw.js'), sw);

// The budgets: every file gzipped on its own (as a server sends it); the reference is part of
// "the rest".
let wasm = 0;
let rest = 0;
let reference = 0;
for (const f of siteFiles()) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(out, f)), { level: 9 }).length;
  if (f.endsWith('.wasm')) wasm += size;
  else rest += size;
  if (f.startsWith('reference/')) reference += size;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const referenceFiles = files.filter((f) => f.startsWith('reference/')).length;
console.log(`playground: ${out}: wasm ${kib(wasm)} gzipped (budget ${kib(WASM_BUDGET)}), the rest ${kib(rest)} (budget ${kib(REST_BUDGET)}; of it the instruction reference, ${referenceFiles} files, ${kib(reference)})${haveCore ? '' : '; gpuasm\'s WebAssembly core is not built, the page says so'}`);
let over = false;
if (wasm > WASM_BUDGET) {
  console.error(`playground: the WebAssembly is ${kib(wasm)} gzipped, over its budget of ${kib(WASM_BUDGET)}`);
  over = true;
}
if (rest > REST_BUDGET) {
  console.error(`playground: the site without the WebAssembly is ${kib(rest)} gzipped, over its budget of ${kib(REST_BUDGET)}`);
  over = true;
}
if (over) process.exit(1);
