#!/usr/bin/env bash
# Installs gpuasm's build and test dependencies from Debian bookworm's packages (run as root).
# Every package and why:
#   g++ cmake make            the C++23 compiler (g++ 12) and the build
#   nlohmann-json3-dev        JSON for the LSP and the CLI's --json output (server/lsp only)
#   libboost-dev              Boost.Asio for the LSP transport (server/lsp only)
#   libcli11-dev              CLI11, the command line parser of the gpuasm binary (server/tool)
#   libtree-sitter-dev        the tree-sitter runtime that parses .asm files
#   libgtest-dev libgmock-dev GoogleTest for tests/
#   libbenchmark-dev          Google Benchmark for bench/
#   time                      GNU time: bench/ reads the peak memory of whole gpuasm runs with it
#   clang-16 libclang-rt-16-dev   clang and its libFuzzer/ASan/UBSan runtimes for the fuzz build
#   libc++-16-dev libc++abi-16-dev  the C++ library the fuzz build links (libstdc++ 12 has no
#                             std::expected for clang); scripts/fuzz.sh, docs/FUZZING.md
#   neovim                    Neovim 0.7 for the end-to-end test of nvim/ (tests: nvim_e2e)
#   chromium                  the browser the VS Code end-to-end test drives (vscode-extension/test)
#   libkrb5-dev               headers for code-server's native kerberos module (built at npm install)
#   fonts-wqy-microhei        CJK glyphs, so the spec's Chinese text is legible in the test's screenshots
#   npm (only when missing)   installs the extension's and the test's pinned npm packages
#   file dpkg-dev             CPack's Debian package: dpkg-shlibdeps computes its Depends (with file)
#   lintian                   the test command checks the .deb with Debian's own checker
#   debootstrap               the test command installs the .deb in a fresh Debian bookworm chroot
#                             (tests/install/deb-in-chroot.sh; made once, cached in /var/cache/gpuasm)
#   unzip                     vscode-extension/package.sh counts the files of the .vsix it made
#   clang-format-14           the project's C++ style (.clang-format); the test command fails on an
#                             unformatted file (scripts/check-format.sh, pinned to 14: versions differ)
#   emscripten binaryen googletest  the core in WebAssembly (server/web, the wasm-core target): em++
#                             (clang 14, libc++ 13) and its optimizer, GoogleTest's sources for the
#                             suites compiled for wasm (tests/WasmTests.cmake); Node runs them
#   g++-aarch64-linux-gnu     the linux-arm64 cross build of the gpuasm binary (cmake/toolchains/,
#                             the cross-linux-arm64 target) and its strip for the arm64 packages
#   g++-mingw-w64-x86-64-posix  the win32-x64 cross build (MinGW-w64 with winpthreads, for std::thread)
#   qemu-user-static          runs the arm64 binary here, for tests/cross/compare.sh against the native one, and (through
#                             binfmt_misc) the arm64 Debian chroot the arm64 .deb is installed in
#   wine64                    runs the win32-x64 binary here (/usr/lib/wine/wine64), for the same comparison
#   ccache                    caches compilations: a rebuild of an unchanged file (a build directory
#                             made anew, another clone or worktree) is a copy (CMakeLists.txt uses it)
# and, when `tree-sitter` 0.20.7 is not on PATH, builds the tree-sitter CLI offline from Debian's
# source package (grammar/tools/build-tree-sitter-cli.sh, about a minute): the test command
# checks with it that the committed grammar/src/ is what grammar.js generates.
set -euo pipefail
packages=(g++ cmake make nlohmann-json3-dev libboost-dev libcli11-dev libtree-sitter-dev libgtest-dev libgmock-dev libbenchmark-dev
  clang-16 libclang-rt-16-dev libc++-16-dev libc++abi-16-dev neovim chromium libkrb5-dev fonts-wqy-microhei time
  file dpkg-dev lintian debootstrap unzip ccache clang-format-14 emscripten binaryen googletest
  g++-aarch64-linux-gnu g++-mingw-w64-x86-64-posix qemu-user-static wine64)
command -v npm > /dev/null || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
need_cli=0
tree-sitter --version 2>/dev/null | grep -q '^tree-sitter 0\.20\.7' || need_cli=1
if [ ${#missing[@]} -eq 0 ] && [ "$need_cli" -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing ${missing[*]}$([ "$need_cli" -eq 1 ] && echo " tree-sitter-cli"); run as root (or with sudo)" >&2
  exit 2
fi
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if [ "$need_cli" -eq 1 ]; then
  bash "$(dirname "$0")/../grammar/tools/build-tree-sitter-cli.sh" /usr/local
fi
