#!/usr/bin/env bash
# The npm package of the CLI under Node (build/dist/gpuasm-<version>-node.tgz, made by the dist
# target: server/web/node/package.sh) tested as a user installs it: `npm install -g --prefix
# SCRATCH --offline` of the file, with a registry that does not exist (nothing may be fetched),
# must give SCRATCH/bin/gpuasm; its package.json names that command, Node >= 18 and no
# dependencies, and README.md and LICENSE are inside. Then the installed `gpuasm`, found on PATH
# and started through its `#!/usr/bin/env node` line with NODE first on PATH, must print what
# this build's native gpuasm prints — stdout, stderr and exit status, byte for byte — for
# `--version`, `check` of each example, and `asm -o` (the machine code written) and `run` of the
# kernel, in a scratch copy of examples/.
#   bash tests/install/node-package.sh NATIVE_GPUASM PACKAGE.tgz NODE NPM
# (CTest node_package_install, label cross: it runs after dist, server/web/NativeTests.cmake.)
# Exit 77 (CTest's skip) when the package is not built. Prints one line per check and
# "node package: N passed, M failed".
set -euo pipefail
export LC_ALL=C
repo="$(cd "$(dirname "$0")/../.." && pwd)"
native="$(realpath "$1")"
package="$2"
node="$(realpath "$3")"
npm="$4"
if [ ! -f "$package" ]; then
  echo "node package: no package at $package: cmake --build build --target dist (skipped)"
  exit 77
fi
package="$(realpath "$package")"

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-node-package.XXXXXX")"
trap 'if [ -n "$work" ]; then rm -rf -- "$work"; fi' EXIT
prefix="$work/prefix"

report_prefix="node package"
# shellcheck source=tests/common/report.sh
source "$repo/tests/common/report.sh"

# The install: offline, its own cache, a registry on a closed port, bounded in time. The node
# under test first on PATH (npm and the installed command's `env node` both take it).
PATH="$(dirname "$node"):$PATH"
export PATH
if timeout 120 env npm_config_registry=http://127.0.0.1:9/ "$npm" install -g --prefix "$prefix" --offline \
  --cache "$work/npm-cache" --no-audit --no-fund --no-update-notifier "$package" > "$work/install.log" 2>&1; then
  report ok "npm install -g --prefix --offline $(basename "$package")"
else
  report FAILED "npm install -g --prefix --offline $(basename "$package")" "$(cat "$work/install.log")"
fi
installed="$prefix/lib/node_modules/gpuasm"
if [ -x "$prefix/bin/gpuasm" ]; then
  report ok "the command $prefix/bin/gpuasm -> $(readlink "$prefix/bin/gpuasm")"
else
  report FAILED "no command gpuasm in $prefix/bin" "$(ls -la "$prefix/bin" 2>&1)"
fi
# What package.json promises: the command, the Node it needs, no dependency, no install script.
# shellcheck disable=SC2016 # JavaScript's template strings, not the shell's
if manifest="$("$node" -e '
  const p = require(process.argv[1]);
  const problems = [];
  if (!p.bin || p.bin.gpuasm !== "gpuasm.js") problems.push(`bin is ${JSON.stringify(p.bin)}`);
  if (!p.engines || p.engines.node !== ">=18") problems.push(`engines is ${JSON.stringify(p.engines)}`);
  for (const k of ["dependencies", "optionalDependencies", "peerDependencies"])
    if (p[k] && Object.keys(p[k]).length) problems.push(`${k}: ${JSON.stringify(p[k])}`);
  for (const k of ["preinstall", "install", "postinstall"])
    if (p.scripts && p.scripts[k]) problems.push(`an ${k} script`);
  if (problems.length) { console.log(problems.join("; ")); process.exit(1); }
  console.log(`${p.name} ${p.version}`);
' "$installed/package.json" 2>&1)"; then
  report ok "package.json: $manifest, bin gpuasm, node >=18, no dependencies"
else
  report FAILED "package.json" "$manifest"
fi
for f in README.md LICENSE gpuasm.js gpuasm-cli.js gpuasm-cli.wasm; do
  if [ -s "$installed/$f" ]; then report ok "$f installed"; else report FAILED "$f is not installed"; fi
done
if cmp -s "$installed/LICENSE" "$repo/LICENSE"; then report ok "LICENSE is the project's"; else report FAILED "LICENSE is not the project's"; fi

# The installed command against the native binary, each in its own copy of the examples.
mkdir -p "$work/n" "$work/c"
cp "$repo"/examples/*.asm "$work/n/"
cp "$repo"/examples/*.asm "$work/c/"
export PATH="$prefix/bin:$PATH"
run() {
  local side="$1" status=0
  shift
  local cmd
  if [ "$side" = n ]; then cmd="$native"; else cmd=gpuasm; fi
  (cd "$work/$side" && "$cmd" "$@" > "$work/$side.out" 2> "$work/$side.err") || status=$?
  echo "$status" > "$work/$side.status"
}
# same ARGS... [-- FILE]: the streams, the status and FILE (written in the examples' folder) must be the same bytes.
same() {
  local args=() file=""
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    args+=("$1")
    shift
  done
  [ $# -eq 0 ] || file="$2"
  run n "${args[@]}"
  run c "${args[@]}"
  local diffs="" stream
  for stream in out err status; do
    cmp -s "$work/n.$stream" "$work/c.$stream" ||
      diffs+="$stream differs: $(diff "$work/n.$stream" "$work/c.$stream" | head -n 12 || true)"$'\n'
  done
  if [ -n "$file" ] && ! cmp -s "$work/n/$file" "$work/c/$file"; then
    diffs+="$file differs: $(cmp "$work/n/$file" "$work/c/$file" 2>&1 | head -n 2 || true)"$'\n'
  fi
  if [ -z "$diffs" ]; then
    report ok "gpuasm ${args[*]} (exit $(cat "$work/n.status"), $(wc -c < "$work/n.out") bytes out, $(wc -c < "$work/n.err") bytes err)"
  else
    report FAILED "gpuasm ${args[*]}" "$diffs"
  fi
}
same --version
for f in kernel.asm warp-reduce.asm warp-scan.asm spec-examples.asm illegal-modifier.asm; do
  same check "$f"
done
same asm kernel.asm -o kernel.bin -- kernel.bin
same run warp-reduce.asm

echo "node package: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
