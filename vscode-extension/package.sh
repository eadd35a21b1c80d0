#!/usr/bin/env bash
# Packages the self-contained VS Code extension: its JavaScript bundled into one file by esbuild,
# the grammars and settings, and the portable gpuasm binary as bin/gpuasm (bin/gpuasm.exe for
# win32-x64), the server the extension starts by default — as OUT_DIR/gpuasm-VERSION-TARGET.vsix
# (vsce --target; TARGET is linux-x64 unless given: linux-arm64 or win32-x64 for the cross builds'
# binaries, cmake/CrossBuilds.cmake).
# Called by the dist targets (cmake --build build --target dist); needs the npm
# packages that vscode-extension/build.sh installs.
#   bash vscode-extension/package.sh GPUASM_BINARY VERSION OUT_DIR [TARGET]
set -euo pipefail
ext="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$ext/.." && pwd)"
binary="$1" version="$2" out="$3" target="${4:-linux-x64}"

fail() {
  echo "vscode-extension/package.sh: $*" >&2
  exit 1
}
[ -x "$binary" ] || fail "no gpuasm binary at $binary"
# The binary's strip: the machine's own, or the cross toolchain's for another architecture; and
# its name in bin/, which the extension looks for (src/serverPath.ts, serverFileName).
server=gpuasm
case "$target" in
  linux-x64) strip=strip ;;
  linux-arm64) strip=aarch64-linux-gnu-strip ;;
  win32-x64) strip=x86_64-w64-mingw32-strip server=gpuasm.exe ;;
  *) fail "no packaging for the target $target (linux-x64, linux-arm64, win32-x64)" ;;
esac
[ -x "$ext/node_modules/.bin/esbuild" ] && [ -x "$ext/node_modules/.bin/vsce" ] ||
  fail "the extension's npm packages are not installed: run bash vscode-extension/build.sh (or bash scripts/setup.sh)"
node_version="$(node -p "require('$ext/package.json').version")"
[ "$node_version" = "$version" ] ||
  fail "vscode-extension/package.json has version $node_version, the project (CMakeLists.txt) $version: make them agree"

stage="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-vsix.XXXXXX")"
trap 'if [ -n "$stage" ]; then rm -rf -- "$stage"; fi' EXIT
# Type-check the sources (tsc, which also writes out/ for the unit tests), then bundle them
# with vscode-languageclient into the one file package.json's "main" names.
(cd "$ext" && node_modules/.bin/tsc -p ./)
"$ext/node_modules/.bin/esbuild" "$ext/src/extension.ts" --bundle --platform=node --format=cjs --target=node18 \
  --external:vscode --minify --legal-comments=none --log-level=warning --outfile="$stage/out/extension.js"
cp "$ext/package.json" "$ext/README.md" "$ext/language-configuration.json" "$stage/"
cp "$repo/LICENSE" "$stage/LICENSE"
cp -r "$ext/syntaxes" "$stage/syntaxes"
mkdir -p "$stage/bin"
cp "$binary" "$stage/bin/$server"
"$strip" "$stage/bin/$server"
chmod 755 "$stage/bin/$server"
# The stage holds only what ships; vsce wants the list of exclusions said all the same.
printf '# The stage of vscode-extension/package.sh holds only what ships.\n**/*.map\n' > "$stage/.vscodeignore"

mkdir -p "$out"
vsix="$out/gpuasm-$version-$target.vsix"
# --no-dependencies: node_modules are bundled into out/extension.js, none is shipped.
(cd "$stage" && "$ext/node_modules/.bin/vsce" package --no-dependencies --allow-missing-repository \
  --target "$target" --out "$vsix") > "$stage.log" 2>&1 || { cat "$stage.log" >&2; rm -f "$stage.log"; fail "vsce failed"; }
# vsce's warnings (WARNING lines) are failures: the package is meant to have none.
if grep -q -i 'warning' "$stage.log"; then
  cat "$stage.log" >&2
  rm -f "$stage.log"
  fail "vsce warned while packaging"
fi
rm -f "$stage.log"
files="$(unzip -Z1 "$vsix" | grep -c -v '/$')"
[ "$files" -le 25 ] || fail "$vsix holds $files files, more than 25: $(unzip -Z1 "$vsix" | tr '\n' ' ')"
echo "vscode-extension: $vsix ($files files, $(du -k "$vsix" | cut -f1) KiB)"
