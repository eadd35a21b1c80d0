#!/usr/bin/env bash
# Packages the self-contained VS Code extension: its JavaScript bundled into one file by esbuild,
# the grammars and settings, and the server the extension starts by default:
#   - for a platform (TARGET linux-x64, the default, or linux-arm64 or win32-x64 for the cross
#     builds' binaries, cmake/CrossBuilds.cmake): the portable gpuasm binary SERVER as bin/gpuasm
#     (bin/gpuasm.exe for win32-x64), in OUT_DIR/gpuasm-VERSION-TARGET.vsix (vsce --target);
#   - universal (TARGET universal, every other platform and vscode.dev): gpuasm's core in
#     WebAssembly from the wasm-core target's directory SERVER (build/wasm/bin: gpuasm-core.mjs,
#     gpuasm-core.wasm, core.mjs) as out/gpuasm-core.wasm with its two workers (out/wasmWorker.js
#     under Node, out/wasmWorker.web.js in a browser) and the web extension's entry, out/browser.js
#     (package.json's "browser"), in OUT_DIR/gpuasm-VERSION.vsix, with no target platform.
# Called by the dist target (cmake --build build --target dist); needs the npm
# packages that vscode-extension/build.sh installs.
#   bash vscode-extension/package.sh SERVER VERSION OUT_DIR [TARGET]
set -euo pipefail
ext="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$ext/.." && pwd)"
binary="$1" version="$2" out="$3" target="${4:-linux-x64}"

fail() {
  echo "vscode-extension/package.sh: $*" >&2
  exit 1
}
if [ "$target" = universal ]; then
  for f in gpuasm-core.mjs gpuasm-core.wasm core.mjs; do
    [ -f "$binary/$f" ] || fail "no $f in $binary: build gpuasm's WebAssembly core (cmake --build build --target wasm-core)"
  done
else
  [ -x "$binary" ] || fail "no gpuasm binary at $binary"
fi
# The binary's strip: the machine's own, or the cross toolchain's for another architecture; and
# its name in bin/, which the extension looks for (src/serverPath.ts, serverFileName).
server=gpuasm
case "$target" in
  linux-x64) strip=strip ;;
  linux-arm64) strip=aarch64-linux-gnu-strip ;;
  win32-x64) strip=x86_64-w64-mingw32-strip server=gpuasm.exe ;;
  universal) strip="" ;;
  *) fail "no packaging for the target $target (linux-x64, linux-arm64, win32-x64, universal)" ;;
esac
[ -x "$ext/node_modules/.bin/esbuild" ] && [ -x "$ext/node_modules/.bin/vsce" ] ||
  fail "the extension's npm packages are not installed: run bash vscode-extension/build.sh (or bash scripts/setup.sh)"
node_version="$(node -p "require('$ext/package.json').version")"
[ "$node_version" = "$version" ] ||
  fail "vscode-extension/package.json has version $node_version, the project (CMakeLists.txt) $version: make them agree"

stage="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-vsix.XXXXXX")"
trap 'if [ -n "$stage" ]; then rm -rf -- "$stage"; fi' EXIT
# Type-check the sources (tsc, which also writes out/ for the unit tests), then bundle them
# with vscode-languageclient into the one file package.json's "main" names.
(cd "$ext" && node_modules/.bin/tsc -p ./)
"$ext/node_modules/.bin/esbuild" "$ext/src/extension.ts" --bundle --platform=node --format=cjs --target=node18 \
  --external:vscode --minify --legal-comments=none --log-level=warning --outfile="$stage/out/extension.js"
cp "$ext/package.json" "$ext/README.md" "$ext/language-configuration.json" "$stage/"
cp "$repo/LICENSE" "$stage/LICENSE"
cp -r "$ext/syntaxes" "$stage/syntaxes"
if [ "$target" = universal ]; then
  # The workers bundle core.mjs and Emscripten's module (the name gpuasm-core, src/gpuasm-core.d.ts)
  # and read the .wasm beside them. Emscripten's ES module asks import.meta.url where it is: in the
  # Node worker (CommonJS) that is the worker's own file, so core.mjs finds out/gpuasm-core.wasm;
  # in the browser's (a classic worker) the page's, unused: the extension hands it the bytes.
  "$ext/node_modules/.bin/esbuild" "$ext/src/wasmWorkerNode.ts" --bundle --platform=node --format=cjs --target=node18 \
    --alias:gpuasm-core="$binary/core.mjs" --define:import.meta.url=gpuasmWorkerUrl \
    "--banner:js=const gpuasmWorkerUrl = require('url').pathToFileURL(__filename).href;" \
    --minify --legal-comments=none --log-level=warning --outfile="$stage/out/wasmWorker.js"
  "$ext/node_modules/.bin/esbuild" "$ext/src/wasmWorkerWeb.ts" --bundle --platform=browser --format=iife --target=es2022 \
    --alias:gpuasm-core="$binary/core.mjs" --define:import.meta.url=gpuasmWorkerUrl \
    "--banner:js=var gpuasmWorkerUrl = self.location.href;" \
    --external:fs --external:path --external:module --external:url --external:crypto --external:ws --external:worker_threads \
    --minify --legal-comments=none --log-level=warning --outfile="$stage/out/wasmWorker.web.js"
  # The web extension's entry: vscode-languageclient's browser build (its package.json's
  # "browser" field), CommonJS as a web extension host loads it (crypto: src/html.ts's fallback
  # for a Node without Web Crypto, never loaded in a browser).
  "$ext/node_modules/.bin/esbuild" "$ext/src/browser.ts" --bundle --platform=browser --format=cjs --target=es2022 \
    --external:vscode --external:crypto --minify --legal-comments=none --log-level=warning --outfile="$stage/out/browser.js"
  cp "$binary/gpuasm-core.wasm" "$stage/out/gpuasm-core.wasm"
  node -e '
    const fs = require("fs");
    const file = process.argv[1];
    const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
    manifest.browser = "./out/browser.js";
    fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");
  ' "$stage/package.json"
else
  mkdir -p "$stage/bin"
  cp "$binary" "$stage/bin/$server"
  "$strip" "$stage/bin/$server"
  chmod 755 "$stage/bin/$server"
fi
# The stage holds only what ships; vsce wants the list of exclusions said all the same.
printf '# The stage of vscode-extension/package.sh holds only what ships.\n**/*.map\n' > "$stage/.vscodeignore"

mkdir -p "$out"
if [ "$target" = universal ]; then
  vsix="$out/gpuasm-$version.vsix" target_option=()
else
  vsix="$out/gpuasm-$version-$target.vsix" target_option=(--target "$target")
fi
# --no-dependencies: node_modules are bundled into out/extension.js, none is shipped.
(cd "$stage" && "$ext/node_modules/.bin/vsce" package --no-dependencies --allow-missing-repository \
  "${target_option[@]}" --out "$vsix") > "$stage.log" 2>&1 || { cat "$stage.log" >&2; rm -f "$stage.log"; fail "vsce failed"; }
# vsce's warnings (WARNING lines) are failures: the package is meant to have none.
if grep -q -i 'warning' "$stage.log"; then
  cat "$stage.log" >&2
  rm -f "$stage.log"
  fail "vsce warned while packaging"
fi
rm -f "$stage.log"
files="$(unzip -Z1 "$vsix" | grep -c -v '/$')"
[ "$files" -le 25 ] || fail "$vsix holds $files files, more than 25: $(unzip -Z1 "$vsix" | tr '\n' ' ')"
echo "vscode-extension: $vsix ($files files, $(du -k "$vsix" | cut -f1) KiB)"
