#!/usr/bin/env bash
# build-cross.sh SOURCE_DIR BINARY_DIR TOOLCHAIN_FILE HOST_EMBED WERROR [TARGET...]: configures a
# cross tree of the gpuasm binary and builds its TARGETs (default: gpuasm) — the native build's
# cross-<platform> targets run this (cmake/CrossBuilds.cmake). The tree-sitter runtime is compiled from its C sources, the npm package
# pinned by server/web/package-lock.json (as for the WebAssembly build), installed with
# --ignore-scripts again only when the lock file changed.
set -euo pipefail
src="$1" bin="$2" toolchain="$3" embed="$4" werror="$5"
shift 5
targets=("${@:-gpuasm}")
# shellcheck source=../scripts/npm-ci.sh
source "$src/scripts/npm-ci.sh"
npm_ci_when_lock_changed cross "$src" "$src/server/web" --ignore-scripts
if [ ! -f "$bin/CMakeCache.txt" ]; then
  cmake -S "$src" -B "$bin" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release \
    -DGPUASM_WERROR="$werror" -DGPUASM_HOST_EMBED="$embed" > /dev/null
fi
cmake --build "$bin" -j"${GPUASM_CROSS_JOBS:-$(nproc)}" --target "${targets[@]}"
for exe in "$bin"/bin/gpuasm "$bin"/bin/gpuasm.exe "$bin"/portable/gpuasm "$bin"/nvim-parser/gpuasm.so; do
  [ ! -f "$exe" ] || echo "cross: $exe: $(stat -c %s "$exe") bytes; $(file -b "$exe")"
done
