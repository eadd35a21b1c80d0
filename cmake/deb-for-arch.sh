#!/usr/bin/env bash
# deb-for-arch.sh HOST_DEB ARCH STRIP GPUASM NVIM_PARSER OUT_DIR: the Debian package of another
# architecture made from the native one (the dist target, cmake/CrossBuilds.cmake): the same
# files — manual page, bash completion, Neovim plug-in, Emacs mode, docs, conffiles — with the
# two machine-code files, /usr/bin/gpuasm and the Neovim parser, replaced by the cross build's
# (stripped with STRIP), and the control file's Architecture, Depends and Installed-Size made for
# them. Depends is what the ELF files need: every library they name must be glibc's (the cross
# build links the C++ runtime and tree-sitter in), so it is libc6 at the newest GLIBC_ symbol
# version they use — what dpkg-shlibdeps, which needs the architecture's own libc6 installed,
# would compute from libc6's symbols file. Prints the package's path.
set -euo pipefail
host_deb="$1" arch="$2" strip="$3" gpuasm="$4" parser="$5" out="$6"
fail() {
  echo "deb-for-arch: $*" >&2
  exit 1
}
[ -f "$host_deb" ] || fail "no native package at $host_deb"
for f in "$gpuasm" "$parser"; do [ -f "$f" ] || fail "no $f"; done
command -v "$strip" > /dev/null || fail "$strip is not installed"

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-deb.XXXXXX")"
trap 'if [ -n "$work" ]; then rm -rf -- "$work"; fi' EXIT
root="$work/root"
dpkg-deb -R "$host_deb" "$root"
parser_dest="$(cd "$root" && find usr -name gpuasm.so -path '*nvim/parser*')"
[ -n "$parser_dest" ] || fail "$host_deb has no Neovim parser"
install -m 755 "$gpuasm" "$root/usr/bin/gpuasm"
install -m 644 "$parser" "$root/$parser_dest"
"$strip" "$root/usr/bin/gpuasm"
"$strip" --strip-unneeded "$root/$parser_dest"

# The libraries the two files name, and the newest glibc symbol version they use.
glibc=""
for f in "$root/usr/bin/gpuasm" "$root/$parser_dest"; do
  for lib in $(objdump -p "$f" | awk '$1 == "NEEDED" { print $2 }'); do
    case "$lib" in
      libc.so.6 | libm.so.6 | ld-linux-*.so.* | libpthread.so.0 | libdl.so.2 | librt.so.1) ;;
      *) fail "$f needs $lib, which is not glibc's: the cross build must link it in" ;;
    esac
  done
  glibc+="$(objdump -T "$f" | grep -o 'GLIBC_[0-9.]*' || true)"$'\n'
done
version="$(printf '%s' "$glibc" | sed -n 's/^GLIBC_//p' | sort -V | tail -n 1)"
[ -n "$version" ] || fail "no GLIBC_ symbol version in the binaries"

control="$root/DEBIAN/control"
sed -i -e "s/^Architecture: .*/Architecture: $arch/" -e "s/^Depends: .*/Depends: libc6 (>= $version)/" "$control"
grep -q '^Depends:' "$control" || sed -i "/^Architecture:/a Depends: libc6 (>= $version)" "$control"
size="$(du -k -s --exclude=DEBIAN "$root" | cut -f1)"
sed -i "s/^Installed-Size: .*/Installed-Size: $size/" "$control"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/md5sums"

name="$(sed -n 's/^Package: //p' "$control")_$(sed -n 's/^Version: //p' "$control")_$arch.deb"
mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/$name" > /dev/null
echo "$out/$name"
