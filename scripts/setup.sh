#!/usr/bin/env bash
# The README's first command: install the dependencies (Debian packages), build gpuasm, and
# run the main job on the bundled spec and example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# build/ as scripts/test.sh builds and tests it (warnings are errors), so the tests reuse it.
source scripts/build-config.sh
cmake -S . -B build "${gpuasm_build_options[@]}"
cmake --build build -j"$(nproc)"
# The npm packages of the VS Code extension (its build, esbuild and vsce, for the dist target) and
# of its test, and the extension compiled for a development host.
bash vscode-extension/build.sh
# The DAP test client of the debug adapter's protocol tests (ctest dap_protocol).
source scripts/npm-ci.sh
npm_ci_when_lock_changed setup "$PWD" "$PWD/tests/dap"
# The tree-sitter runtime's sources for the core in WebAssembly (server/web; the wasm-core target
# installs them too): sources only, no native addon built (--ignore-scripts).
npm_ci_when_lock_changed setup "$PWD" "$PWD/server/web" --ignore-scripts

echo
echo "== gpuasm spec: the instruction database derived from isa-db/spec/"
build/bin/gpuasm spec | head -n 1
echo
echo "== gpuasm spec --lint: the spec's problems, as a compiler reports them (last 12 lines)"
# Exit status 1 means "the spec has errors" — expected for this spec; 2 would be a real failure.
status=0
build/bin/gpuasm spec --lint > build/spec-lint.txt || status=$?
tail -n 12 build/spec-lint.txt
[ "$status" -le 1 ] || exit "$status"
echo "(full list: build/spec-lint.txt)"
echo
echo "== gpuasm check examples/kernel.asm (no errors; warnings: the inputs it reads before anything sets them)"
build/bin/gpuasm check examples/kernel.asm
echo
echo "== gpuasm check examples/illegal-modifier.asm (a file of typical mistakes)"
status=0
build/bin/gpuasm check examples/illegal-modifier.asm || status=$?
[ "$status" -le 1 ] || exit "$status"
echo
echo "== gpuasm asm examples/kernel.asm (the listing: line, encoding, variant, source)"
build/bin/gpuasm asm examples/kernel.asm
echo
echo "== gpuasm dis: decoding the words of examples/words.txt"
status=0
build/bin/gpuasm dis --file examples/words.txt || status=$?
[ "$status" -le 1 ] || exit "$status"
echo
echo "== gpuasm run examples/warp-reduce.asm (one warp of 32 lanes; * marks values the run changed)"
build/bin/gpuasm run examples/warp-reduce.asm
echo
echo "setup: done in $SECONDS s"
