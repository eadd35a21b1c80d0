#!/usr/bin/env bash
# win32-zip.sh GPUASM_EXE VERSION OUT_DIR: the Windows download beside the win32-x64 .vsix (the
# dist target, cmake/CrossBuilds.cmake) — OUT_DIR/gpuasm-VERSION-win32-x64.zip holding one
# folder, gpuasm-VERSION-win32-x64/, with gpuasm.exe (the cross build's, stripped: it needs only
# Windows' own DLLs), README.md and LICENSE. Files are stored with the time of the last commit
# (or SOURCE_DATE_EPOCH) and without extra attributes, so the same inputs make the same zip.
# Prints the zip's path.
set -euo pipefail
exe="$1" version="$2" out="$3"
repo="$(cd "$(dirname "$0")/.." && pwd)"
fail() {
  echo "win32-zip: $*" >&2
  exit 1
}
[ -f "$exe" ] || fail "no gpuasm.exe at $exe: cmake --build build --target cross-win32-x64"
command -v x86_64-w64-mingw32-strip > /dev/null || fail "x86_64-w64-mingw32-strip is not installed (binutils-mingw-w64-x86-64)"
command -v zip > /dev/null || fail "zip is not installed"

stage="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-zip.XXXXXX")"
trap 'if [ -n "$stage" ]; then rm -rf -- "$stage"; fi' EXIT
name="gpuasm-$version-win32-x64"
mkdir "$stage/$name"
cp "$exe" "$stage/$name/gpuasm.exe"
x86_64-w64-mingw32-strip "$stage/$name/gpuasm.exe"
cp "$repo/README.md" "$repo/LICENSE" "$stage/$name/"
epoch="${SOURCE_DATE_EPOCH:-$(git -C "$repo" log -1 --format=%ct 2> /dev/null || echo 0)}"
find "$stage/$name" -exec touch -h -d "@$epoch" {} +
mkdir -p "$out"
zip_file="$(cd "$out" && pwd)/$name.zip"
rm -f "$zip_file"
(cd "$stage" && zip -q -X -r "$zip_file" "$name")
echo "$zip_file"
