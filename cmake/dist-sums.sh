#!/usr/bin/env bash
# dist-sums.sh DIST_DIR VERSION: the last step of the dist target. Checks that
# every machine-code file in each artefact of VERSION in DIST_DIR (gpuasm_VERSION_ARCH.deb,
# gpuasm-VERSION-PLATFORM.vsix, gpuasm-VERSION-win32-x64.zip, the universal gpuasm-VERSION.vsix
# and the npm package gpuasm-VERSION-node.tgz) is for the platform its file name says — `file`
# must name that architecture (ELF x86-64 or ARM aarch64, PE32+ x86-64; in the universal .vsix
# and the Node package, which must run anywhere, WebAssembly and nothing else), and each artefact
# must hold at least one — then writes
# DIST_DIR/SHA256SUMS over those artefacts, in sha256sum's format (`sha256sum -c SHA256SUMS` in
# DIST_DIR checks them). Prints one line per artefact.
set -euo pipefail
dist="$1" version="$2"
fail() {
  echo "dist-sums: $*" >&2
  exit 1
}
[ -d "$dist" ] || fail "no folder $dist"
cd "$dist"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-dist-sums.XXXXXX")"
trap 'if [ -n "$scratch" ]; then rm -rf -- "$scratch"; fi' EXIT

# What `file -b` says of a binary for each platform of the artefacts' names.
expected_of() {
  case "$1" in
    amd64 | linux-x64) echo '^ELF 64-bit LSB .*, x86-64, ' ;;
    arm64 | linux-arm64) echo '^ELF 64-bit LSB .*, ARM aarch64, ' ;;
    win32-x64) echo '^PE32\+ executable \(console\) x86-64' ;;
    universal | node) echo '^WebAssembly \(wasm\) binary module' ;;
    *) fail "no architecture known for the platform $1" ;;
  esac
}

artefacts=()
shopt -s nullglob
for f in "gpuasm_${version}"_*.deb "gpuasm-${version}"-*.vsix "gpuasm-${version}.vsix" "gpuasm-${version}"-*.zip \
  "gpuasm-${version}-node.tgz"; do
  # The names without a wildcard stay in the list when there is no such file (no WebAssembly build).
  [ -e "$f" ] || continue
  case "$f" in
    "gpuasm-${version}.vsix") platform=universal ;;
    "gpuasm-${version}-node.tgz") platform=node ;;
    *.deb) platform="${f#gpuasm_"${version}"_}" platform="${platform%.deb}" ;;
    *.vsix) platform="${f#gpuasm-"${version}"-}" platform="${platform%.vsix}" ;;
    *.zip) platform="${f#gpuasm-"${version}"-}" platform="${platform%.zip}" ;;
  esac
  want="$(expected_of "$platform")"
  into="$scratch/$f"
  mkdir -p "$into"
  case "$f" in
    *.deb) dpkg-deb -x "$f" "$into" ;;
    *.tgz) tar -xzf "$f" -C "$into" ;;
    *) unzip -q "$f" -d "$into" ;;
  esac
  binaries=0
  while IFS= read -r -d '' file; do
    what="$(file -b "$file")"
    case "$what" in
      ELF* | PE32* | WebAssembly*) ;;
      *) continue ;;
    esac
    binaries=$((binaries + 1))
    grep -Eq "$want" <<< "$what" || fail "$f: ${file#"$into"/} is not for $platform: $what"
  done < <(find "$into" -type f -print0)
  [ "$binaries" -gt 0 ] || fail "$f holds no binary"
  echo "dist-sums: $f: $binaries binaries for $platform"
  artefacts+=("$f")
done
[ ${#artefacts[@]} -gt 0 ] || fail "no artefact of version $version in $dist"
sha256sum -- "${artefacts[@]}" > SHA256SUMS.tmp
mv SHA256SUMS.tmp SHA256SUMS
echo "dist-sums: $dist/SHA256SUMS: ${#artefacts[@]} artefacts"
