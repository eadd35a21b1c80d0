#!/usr/bin/env bash
# The playground target (playground/CMakeLists.txt): the page's pinned npm packages (npm ci,
# again only when package-lock.json changed), then build.mjs writes the site (the instruction
# reference with GPUASM, the native binary's `gpuasm doc`).
#   bash playground/build.sh REPO OUT_DIR CORE_DIR GPUASM
set -euo pipefail
repo="$1" out="$2" core="$3" gpuasm="$4"
source "$repo/scripts/npm-ci.sh"
npm_ci_when_lock_changed playground "$repo" "$repo/playground"
node "$repo/playground/build.mjs" "$out" "$core" "$gpuasm"
