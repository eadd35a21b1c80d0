#!/usr/bin/env bash
# Installs gpuasm's build and test dependencies from Debian bookworm's packages (run as root).
# Every package and why:
#   g++ cmake make            the C++23 compiler (g++ 12) and the build
#   nlohmann-json3-dev        JSON for the LSP and the CLI's --json output (server/lsp only)
#   libboost-dev              Boost.Asio for the LSP transport (server/lsp only)
#   libtree-sitter-dev        the tree-sitter runtime that parses .asm files
#   libgtest-dev libgmock-dev GoogleTest for tests/
#   libbenchmark-dev          Google Benchmark for bench/
#   neovim                    Neovim 0.7 for the end-to-end test of nvim/ (tests: nvim_e2e)
#   chromium                  the browser the VS Code end-to-end test drives (vscode-extension/test)
#   libkrb5-dev               headers for code-server's native kerberos module (built at npm install)
#   fonts-wqy-microhei        CJK glyphs, so the spec's Chinese text is legible in the test's screenshots
#   npm (only when missing)   installs the extension's and the test's pinned npm packages
set -euo pipefail
packages=(g++ cmake make nlohmann-json3-dev libboost-dev libtree-sitter-dev libgtest-dev libgmock-dev libbenchmark-dev
  neovim chromium libkrb5-dev fonts-wqy-microhei)
command -v npm > /dev/null || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages ${missing[*]}; run as root (or with sudo)" >&2
  exit 2
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
