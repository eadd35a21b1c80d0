#!/usr/bin/env bash
# build-core.sh SOURCE_DIR BINARY_DIR [TARGET...]: configures and builds the WebAssembly tree of
# gpuasm's core (the native build's wasm-core target runs this; server/web/CMakeLists.txt) — all
# of it, or only the TARGETs (wasm-core-module: gpuasm-core and gpuasm-cli, the module and the CLI
# under Node without the tests, what the dist target packages). The tree-sitter
# runtime's sources first: the npm package pinned by server/web/package-lock.json, installed
# with --ignore-scripts (no native addon is built), again only when the lock file changed.
set -euo pipefail
src="$1"
bin="$2"
shift 2
targets=("$@")
# shellcheck source=../../scripts/npm-ci.sh
source "$src/scripts/npm-ci.sh"
npm_ci_when_lock_changed wasm-core "$src" "$src/server/web" --ignore-scripts
# emcc runs its JavaScript optimizer with Debian's node, which finds acorn in /usr/share/nodejs.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
if [ ! -f "$bin/CMakeCache.txt" ]; then
  # The emulator that runs the build's own tools and the tests: Node as it is (emcmake's default adds
  # --experimental-wasm-threads, which Node 20 rejects); its fetch is off for emscripten 3.1.6's
  # loader, which would take it for a browser's.
  emcmake cmake -S "$src" -B "$bin" -DCMAKE_BUILD_TYPE=Release -DGPUASM_BUILD_BENCH=OFF \
    "-DCMAKE_CROSSCOMPILING_EMULATOR=$(command -v node);--no-experimental-fetch"
fi
cmake --build "$bin" -j"${GPUASM_WASM_JOBS:-2}" ${targets[@]:+--target "${targets[@]}"}
wasm="$bin/bin/gpuasm-core.wasm"
echo "wasm-core: $wasm: $(stat -c %s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped"
