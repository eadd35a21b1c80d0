#!/usr/bin/env bash
# The README's second command: check the committed parser against grammar.js, build with
# warnings as errors and run the whole test suite,
# then build again with AddressSanitizer + UndefinedBehaviorSanitizer and run it once more,
# and finally run every fuzz target of fuzz/ for 20 seconds under libFuzzer (clang, ASan+UBSan).
# Needs the packages of scripts/install-deps.sh (the first README command installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc)"

# The committed parser (grammar/src/) is exactly what grammar.js generates.
bash grammar/tools/check-generated.sh

cmake -S . -B build-ci -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGPUASM_WERROR=ON
cmake --build build-ci -j"$jobs"
(cd build-ci && ctest --output-on-failure -j"$jobs")

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DGPUASM_WERROR=ON -DGPUASM_SANITIZE=ON -DGPUASM_BUILD_BENCH=OFF
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j"$jobs")

# The VS Code extension in a real VS Code (code-server + chromium); screenshots in build/e2e-vscode/.
bash vscode-extension/test/e2e.sh

# Every fuzz target for a short, bounded time (docs/FUZZING.md); a crash fails the run.
bash scripts/fuzz.sh 20
