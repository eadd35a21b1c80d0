#!/usr/bin/env bash
# The playground target (playground/CMakeLists.txt): the page's pinned npm packages (npm ci,
# again only when package-lock.json changed), then build.mjs writes the site.
#   bash playground/build.sh REPO OUT_DIR CORE_DIR
set -euo pipefail
repo="$1" out="$2" core="$3"
source "$repo/scripts/npm-ci.sh"
npm_ci_when_lock_changed playground "$repo" "$repo/playground"
node "$repo/playground/build.mjs" "$out" "$core"
