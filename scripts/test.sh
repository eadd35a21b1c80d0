#!/usr/bin/env bash
# The README's second command: check the committed parser against grammar.js; build with warnings
# as errors (in build/, the directory the first command configured the same way, so nothing is
# built twice) and run the whole test suite; make every platform's packages (the dist target: the
# .deb and the self-contained VS Code extension, those of the linux-arm64 and win32-x64 cross
# builds and the universal .vsix), check the package with lintian, install it in a Debian chroot
# and use it there as a user would (tests/install/deb-in-chroot.sh), and run the extension in a
# real VS Code with only its bundled server (vscode-extension/test/e2e.sh), and the universal
# .vsix with its WebAssembly server, under Node and as a web extension (e2e.sh --universal,
# --web); compare the cross-built binaries with the native one under qemu and wine
# (tests/cross/compare.sh) and install the arm64 .deb in an arm64 Debian chroot under qemu; then build with
# AddressSanitizer + UndefinedBehaviorSanitizer and run the suite once more, and finally run every
# fuzz target of fuzz/ for 20 seconds under libFuzzer (clang, ASan+UBSan).
# Needs the packages of scripts/install-deps.sh (the first README command installs them).
# Prints the time of each stage at the end (docs/CI.md records them).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc)"
source scripts/build-config.sh

stages=()
stage() {
  local name="$1" started=$SECONDS
  shift
  echo
  echo "== test: $name"
  "$@"
  stages+=("$(printf '%5d s  %s' $((SECONDS - started)) "$name")")
}

build_release() { cmake -S . -B build "${gpuasm_build_options[@]}" > /dev/null && cmake --build build -j"$jobs"; }
# Debug (assertions on), with line tables only (-g1): what a sanitizer's report names (file, line,
# function), for a tenth less compile time and a smaller cache than full debug information.
build_sanitized() {
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DCMAKE_C_FLAGS_DEBUG=-g1 \
    -DGPUASM_WERROR=ON -DGPUASM_SANITIZE=ON -DGPUASM_BUILD_BENCH=OFF > /dev/null &&
    cmake --build build-asan -j"$jobs"
}
# The cross builds' tests (label cross) run in a stage of their own, after dist built them. The
# sanitizer pass leaves out the tests that run none of the project's code (label static: the
# formatting, the layering's compile probes, the extension's and the page's JavaScript units).
run_ctest() { (cd "$1" && ctest --output-on-failure -j"$jobs" -LE "${2:-cross}"); }
# The linux-arm64 binary under qemu-aarch64-static and the win32-x64 one under wine64, each
# against the native one (tests/cross/compare.sh, docs/TESTING.md "Cross builds").
run_cross() { (cd build && ctest --output-on-failure -j"$jobs" -L cross); }

# The committed parser (grammar/src/) is exactly what grammar.js generates.
stage "grammar/src/ is what grammar.js generates" bash grammar/tools/check-generated.sh

stage "build (RelWithDebInfo, -Werror)" build_release
# The core in WebAssembly (emscripten) and the browser playground around it (docs/WASM.md,
# README "Try it in the browser"), built before CTest runs their tests.
stage "build: the WebAssembly core and the playground" cmake --build build --target playground
stage "ctest (RelWithDebInfo)" run_ctest build

# What a user installs: the .deb (lintian must report no error) and the .vsix, and the other
# platforms' packages (the dist target builds the cross binaries, cmake/CrossBuilds.cmake).
stage "dist: every platform's packages" cmake --build build --target dist
deb="build/dist/gpuasm_${gpuasm_version}_amd64.deb"
stage "lintian on the .deb (amd64 and arm64)" lintian --fail-on error "$deb" "build/dist/gpuasm_${gpuasm_version}_arm64.deb"
stage "the .deb installed in a Debian chroot" bash tests/install/deb-in-chroot.sh "$deb"
# The VS Code extension in a real VS Code (code-server + chromium); screenshots in build/e2e-vscode/.
stage "the .vsix in VS Code" bash vscode-extension/test/e2e.sh
# The universal .vsix (no native server: gpuasm's core in WebAssembly) in the same VS Code, once in
# its extension host under Node and once as a web extension in the browser's web extension host
# (its "browser" entry); screenshots in build/e2e-vscode-universal/ and build/e2e-vscode-web/.
stage "the universal .vsix in VS Code: the WebAssembly server under Node" bash vscode-extension/test/e2e.sh --universal
stage "the universal .vsix in VS Code: the web extension" bash vscode-extension/test/e2e.sh --web

# The other platforms' binaries, tested where they run.
stage "cross: the linux-arm64 and win32-x64 binaries, under qemu and wine against the native one" run_cross
stage "the arm64 .deb installed in an arm64 Debian chroot (qemu)" \
  bash tests/install/deb-in-chroot.sh "build/dist/gpuasm_${gpuasm_version}_arm64.deb"

# The sanitizer pass (no benchmarks in it).
stage "build (Debug, ASan+UBSan)" build_sanitized
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
stage "ctest (ASan+UBSan)" run_ctest build-asan 'cross|static'
unset ASAN_OPTIONS UBSAN_OPTIONS

# Every fuzz target for a short, bounded time (docs/FUZZING.md); a crash fails the run.
stage "fuzz: every target 20 s" bash scripts/fuzz.sh 20

echo
echo "== test: every stage passed; the time of each:"
printf '%s\n' "${stages[@]}"
