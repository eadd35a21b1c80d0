#!/usr/bin/env bash
# Runs nvim/test/e2e.lua in a headless Neovim with no user configuration: `e2e.sh GPUASM_BINARY`.
# CTest runs it (tests/CMakeLists.txt, test nvim_e2e); CC picks the C compiler for the
# tree-sitter parser. Exit 0 when every check passed, 1 otherwise.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH/TO/gpuasm" >&2
  exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
binary="$1"
if ! command -v nvim >/dev/null; then
  echo "nvim e2e: nvim is not installed (bash scripts/install-deps.sh installs Debian's neovim)" >&2
  exit 1
fi
if [ ! -x "$binary" ]; then
  echo "nvim e2e: no gpuasm binary at $binary" >&2
  exit 1
fi
tmp="$(mktemp -d)"
trap 'if [ -n "$tmp" ]; then rm -rf -- "$tmp"; fi' EXIT
# Neovim's log, state and data go to the scratch folder, not to the user's home.
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache"
export GPUASM_E2E_BINARY="$binary" GPUASM_E2E_TMP="$tmp"
# A Lua error in the script ends Neovim with exit 1 instead of leaving it waiting; `timeout`
# bounds the whole run (every wait inside is bounded too).
timeout 300 nvim --headless -u NONE -i NONE -n \
  -c "lua local ok, err = pcall(dofile, '$here/e2e.lua'); if not ok then io.stdout:write('FAIL the test script stopped: ' .. tostring(err) .. '\\n'); vim.cmd('cquit 1') end" \
  </dev/null
