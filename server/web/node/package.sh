#!/usr/bin/env bash
# package.sh WASM_BIN_DIR VERSION DIST_DIR: the CLI under Node as an npm package (the dist target,
# cmake/Install.cmake), DIST_DIR/gpuasm-VERSION-node.tgz: gpuasm.js (the command, `bin` of its
# package.json), gpuasm-cli.js and gpuasm-cli.wasm from WASM_BIN_DIR (the WebAssembly tree's
# gpuasm-cli target, server/web/CMakeLists.txt), this folder's README.md and the project's LICENSE.
# No dependencies and no install scripts: `npm install -g ./gpuasm-VERSION-node.tgz` gives a
# `gpuasm` command wherever Node 18 or later runs, offline (docs/WASM.md, "The npm package").
# `npm pack` writes the tarball (the folder `package/`, fixed times); it is named gpuasm-VERSION.tgz
# by npm and renamed here beside the other platforms' packages. Prints the file and its size.
set -euo pipefail
bin="$1" version="$2" dist="$3"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
for f in gpuasm.js gpuasm-cli.js gpuasm-cli.wasm; do
  [ -f "$bin/$f" ] || {
    echo "package.sh: no $bin/$f (cmake --build build --target wasm-core-module)" >&2
    exit 1
  }
done
stage="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-node-package.XXXXXX")"
trap 'if [ -n "$stage" ]; then rm -rf -- "$stage"; fi' EXIT
mkdir -p "$stage/package" "$stage/cache"
# This folder's README (server/web/node/README.md) is the package's.
cp "$bin/gpuasm.js" "$bin/gpuasm-cli.js" "$bin/gpuasm-cli.wasm" "$repo/LICENSE" "$stage/package/"
(cd "$here" && cp README.md "$stage/package/")
chmod 755 "$stage/package/gpuasm.js"
(cd "$stage/package" && chmod 644 gpuasm-cli.js gpuasm-cli.wasm README.md LICENSE)
# The licence is the project's own (LICENSE: not released under an open-source licence), hence
# `private` (npm publish refuses it) and npm's form for a licence of its own.
cat > "$stage/package/package.json" << JSON
{
  "name": "gpuasm",
  "version": "$version",
  "description": "gpuasm under Node: assembler, simulator, language server and debugger of a GPU ISA, in WebAssembly",
  "private": true,
  "license": "SEE LICENSE IN LICENSE",
  "bin": {
    "gpuasm": "gpuasm.js"
  },
  "files": [
    "gpuasm.js",
    "gpuasm-cli.js",
    "gpuasm-cli.wasm",
    "README.md",
    "LICENSE"
  ],
  "engines": {
    "node": ">=18"
  }
}
JSON
mkdir -p "$dist"
dist="$(cd "$dist" && pwd)"
# npm's own cache and logs in the scratch folder: packing reads nothing from the network.
(cd "$stage/package" && npm pack --offline --ignore-scripts --silent --cache "$stage/cache" \
  --pack-destination "$stage" > /dev/null)
mv "$stage/gpuasm-$version.tgz" "$dist/gpuasm-$version-node.tgz"
echo "package.sh: $dist/gpuasm-$version-node.tgz: $(stat -c %s "$dist/gpuasm-$version-node.tgz") bytes"
