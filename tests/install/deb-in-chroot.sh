#!/usr/bin/env bash
# The Debian package tested where a user installs it: a Debian bookworm made by debootstrap
# (--variant=minbase, with man-db, bash-completion, neovim and Emacs, as a user's machine has them),
# cached outside the repository and copied fresh for each run. In the copy,
# `apt-get install ./gpuasm_….deb` must pull the package's dependencies; then the installed
# gpuasm checks, assembles, runs and tests the examples, `man -w gpuasm` finds the page, bash
# completes `gpuasm ch<TAB>` through bash-completion's loader, and Neovim, with nothing set up
# but `require('gpuasm').setup{}`, shows the diagnostics of an .asm file and highlights it with
# the installed parser, and Emacs (emacs-nox, elpa-eglot, elpa-lsp-mode in the base) opens an
# .asm file in gpuasm-mode where eglot and lsp-mode show the server's diagnostic. Needs root,
# debootstrap and the Debian archive (the host's apt sources).
#   bash tests/install/deb-in-chroot.sh build/dist/gpuasm_<version>_amd64.deb
# A package for another architecture (gpuasm_<version>_arm64.deb) is installed in a Debian of
# that architecture (debootstrap --arch, only man-db added), whose programs run under
# qemu-user-static through the kernel's binfmt_misc (registered from qemu-user-static's
# /usr/lib/binfmt.d file when it is not yet; its F flag lets a chroot find the emulator); there
# the checks of the command line and the manual page run, not those of the editors.
# The cache: $GPUASM_CHROOT_CACHE (default /var/cache/gpuasm/bookworm-<arch>-minbase-<packages>,
# without <arch>- for the host's); delete it to start over. Prints one line per check and "install: N passed, M failed".
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
deb="$(realpath "$1")"
fail() {
  echo "install: $*" >&2
  exit 1
}
[ -f "$deb" ] || fail "no package at $1: run cmake --build build --target dist"
[ "$(id -u)" -eq 0 ] || fail "the chroot test needs root (debootstrap, chroot, mount)"
command -v debootstrap > /dev/null || fail "debootstrap is missing: run bash scripts/setup.sh"

arch="$(dpkg-deb -f "$deb" Architecture)"
foreign=false
[ "$arch" = "$(dpkg --print-architecture)" ] || foreign=true
# The name holds the architecture and the packages the base is made with: a change of them makes
# a new base.
if $foreign; then
  base_packages=man-db
  cache="${GPUASM_CHROOT_CACHE:-/var/cache/gpuasm/bookworm-$arch-minbase-${base_packages//,/-}}"
else
  base_packages=man-db,bash-completion,neovim,ca-certificates,emacs-nox,elpa-eglot,elpa-lsp-mode
  cache="${GPUASM_CHROOT_CACHE:-/var/cache/gpuasm/bookworm-minbase-${base_packages//,/-}}"
fi

# The kernel runs the foreign architecture's programs with qemu-user-static: binfmt_misc mounted,
# the emulator registered with the F flag (opened now, so it is found inside the chroot too).
if $foreign; then
  case "$arch" in
    arm64) emulator=qemu-aarch64 ;;
    *) fail "no emulator known for the architecture $arch" ;;
  esac
  binfmt=/proc/sys/fs/binfmt_misc
  [ -e "$binfmt/register" ] || mount -t binfmt_misc binfmt_misc "$binfmt" ||
    fail "cannot mount binfmt_misc on $binfmt, which running $arch programs needs"
  if [ ! -e "$binfmt/$emulator" ]; then
    [ -f "/usr/lib/binfmt.d/$emulator.conf" ] || fail "no /usr/lib/binfmt.d/$emulator.conf: run bash scripts/setup.sh (qemu-user-static)"
    cat "/usr/lib/binfmt.d/$emulator.conf" > "$binfmt/register" || fail "the kernel refused to register $emulator"
  fi
  grep -q '^enabled' "$binfmt/$emulator" || fail "$binfmt/$emulator is disabled"
  grep -q '^flags: .*F' "$binfmt/$emulator" ||
    fail "$emulator is registered without the F flag, so a chroot cannot find it: echo -1 > $binfmt/$emulator, then run again"
fi

# The mirror the host's apt uses (deb822 or one-line sources), for debootstrap and the chroot.
mirror="$(sed -n 's/^URIs: *\([^ ]*\/debian\)$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)"
[ -n "$mirror" ] || mirror="$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)"
mirror="${mirror:-http://deb.debian.org/debian}"

if [ ! -f "$cache/.complete" ]; then
  echo "install: debootstrap --arch=$arch --variant=minbase bookworm into $cache (once, 3 to 10 minutes; from $mirror)"
  rm -rf "$cache.tmp"
  mkdir -p "$(dirname "$cache")"
  debootstrap --arch="$arch" --variant=minbase --include="$base_packages" bookworm "$cache.tmp" "$mirror" \
    > "$cache.log" 2>&1 || { tail -n 30 "$cache.log" >&2; fail "debootstrap failed (log: $cache.log)"; }
  cp /etc/apt/sources.list.d/debian.sources "$cache.tmp/etc/apt/sources.list.d/" 2>/dev/null || true
  rm -rf "$cache"
  mv "$cache.tmp" "$cache"
  touch "$cache/.complete"
fi

root="$(mktemp -d /var/tmp/gpuasm-chroot.XXXXXX)"
cleanup() {
  # Never with an empty $root: "$root/proc" would be the host's /proc.
  if [ -n "$root" ] && [ -d "$root" ]; then
    umount "$root/proc" 2>/dev/null || true
    umount "$root/dev" 2>/dev/null || true
    rm -rf --one-file-system -- "$root"
  fi
}
trap cleanup EXIT
cp -a "$cache/." "$root/"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/tmp/work"
cp "$deb" "$root/tmp/"
cp "$repo"/examples/*.asm "$root/tmp/work/"

in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 TERM=dumb "$@"; }

passed=0 failed=0
# check NAME DETAIL COMMAND...: the check passes when COMMAND does; DETAIL is shown when it fails.
check() {
  local name="$1" detail="$2"
  shift 2
  if "$@"; then
    passed=$((passed + 1))
    echo "install: ok - $name"
  else
    failed=$((failed + 1))
    echo "install: FAILED - $name${detail:+: $detail}"
  fi
}
contains() { [[ "$1" == *"$2"* ]]; }
matches() { [[ "$1" =~ $2 ]]; }  # an extended regular expression; '.' matches newlines too
installed() { in_root dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

echo "install: apt-get install ./$(basename "$deb") in a fresh copy of the chroot"
in_root apt-get update -q > "$root/tmp/apt.log" 2>&1 || true
status=0
in_root apt-get install -y -q --no-install-recommends "/tmp/$(basename "$deb")" >> "$root/tmp/apt.log" 2>&1 || status=$?
check "apt-get installs the package" "$(tail -n 5 "$root/tmp/apt.log")" [ "$status" -eq 0 ]
[ "$status" -eq 0 ] || { echo "install: 0 passed, 1 failed"; exit 1; }
# Each package the .deb depends on (for amd64 dpkg-shlibdeps's list, libtree-sitter0 among them;
# the arm64 package links tree-sitter in and needs only libc6, cmake/deb-for-arch.sh).
depends="$(dpkg-deb -f "$deb" Depends)"
missing=""
for package in $(printf '%s' "$depends" | tr ',|' '\n\n' | sed -n 's/^ *\([a-z0-9][a-z0-9.+-]*\).*/\1/p'); do
  installed "$package" || missing+=" $package"
done
check "apt installed every package the .deb depends on ($depends)" "missing:$missing" [ -z "$missing" ]
out="$(in_root sh -c 'command -v gpuasm' || true)"
check "gpuasm is /usr/bin/gpuasm" "$out" [ "$out" = /usr/bin/gpuasm ]

# gpuasm --version names the embedded spec by the SHA-256 of its files (sha256sum here).
expected_digest="$(cd "$repo/isa-db/spec" && LC_ALL=C cat $(LC_ALL=C ls) | sha256sum | cut -d' ' -f1)"
out="$(in_root sh -c 'cd /tmp && gpuasm --version' 2>&1 || true)"
check "gpuasm --version names the embedded spec's sha256" "$out" contains "$out" "spec: embedded, sha256 $expected_digest"

out="$(in_root sh -c 'cd /tmp/work && gpuasm check kernel.asm; echo "exit $?"' 2>&1)"
# No error (exit 0); the dataflow's warnings on the kernel's inputs, read before anything sets them.
check "gpuasm check kernel.asm: no error, the uninitialized-read warnings" "$out" \
  matches "$out" '^(kernel\.asm:[0-9]+:[0-9]+: warning: [^'$'\n'']*\[uninitialized-read\]'$'\n'')+exit 0$'
out="$(in_root sh -c 'cd /tmp/work && gpuasm check illegal-modifier.asm; echo "exit $?"' 2>&1)"
check "gpuasm check illegal-modifier.asm: the IADD.SAT error, exit 1" "$out" \
  matches "$out" 'illegal-modifier\.asm:[0-9]+:[0-9]+: error: \.SAT is not a modifier of IADD.*exit 1$'
out="$(in_root sh -c 'cd /tmp/work && gpuasm run warp-reduce.asm; echo "exit $?"' 2>&1)"
# The butterfly sum of the lane ids 0..31 is 496 = 0x1f0, in lane 31 as in every lane; R7 is
# FMUL's f32 result, 0.125 (R6 = 0x3e000000) × 4.0 = 0.5, shown in its type.
check "gpuasm run warp-reduce.asm: lane 31 has R0 = 31, R1 = 0x1f0 (the sum of 0..31) and R7 = 0.5" "${out:0:300}" \
  matches "$out" $'\n'' +31 +0x1f +0x1f0\* [^'$'\n'']* 0\.5\* .*exit 0$'
out="$(in_root sh -c 'cd /tmp/work && gpuasm test warp-scan.asm; echo "exit $?"' 2>&1)"
check "gpuasm test warp-scan.asm: every expectation holds" "$out" contains "$out" "0 failed, 0 not checked"
out="$(in_root sh -c 'cd /tmp/work && gpuasm asm kernel.asm -o kernel.bin && gpuasm dis --binary kernel.bin --asm > back.asm && gpuasm check --no-dataflow back.asm; echo "exit $?"' 2>&1)"
check "gpuasm asm -o, dis --binary --asm and check round trip" "$out" [ "$out" = "exit 0" ]

out="$(in_root man -w gpuasm 2>&1 || true)"
check "man -w gpuasm finds the page" "$out" [ "$out" = /usr/share/man/man1/gpuasm.1.gz ]
out="$(in_root sh -c 'MANWIDTH=100 man gpuasm 2>&1 | head -n 20' || true)"
check "man gpuasm renders the page" "$out" contains "$out" 'gpuasm check [--json]'

if $foreign; then
  out="$(in_root sh -c 'file -b /usr/bin/gpuasm 2>/dev/null || od -An -tx1 -j18 -N2 /usr/bin/gpuasm')"
  # ELF e_machine 0xb7 (little endian: b7 00) is AArch64.
  check "/usr/bin/gpuasm is an $arch binary, run under $emulator" "$out" matches "$out" '(ARM aarch64| b7 00)'
  echo "install: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
fi

# bash-completion's loader finds /usr/share/bash-completion/completions/gpuasm for `gpuasm ch<TAB>`.
out="$(in_root bash -c '
  source /usr/share/bash-completion/bash_completion
  _completion_loader gpuasm
  fn="$(complete -p gpuasm | sed -n "s/.*-F \([^ ]*\) .*/\1/p")"
  COMP_WORDS=(gpuasm ch); COMP_CWORD=1; COMP_LINE="gpuasm ch"; COMP_POINT=${#COMP_LINE}
  "$fn" gpuasm ch gpuasm
  echo "${COMPREPLY[*]}"' 2>&1 || true)"
check "bash completes gpuasm ch<TAB> to check" "$out" [ "$out" = check ]

# Neovim with the installed plug-in: nothing on 'runtimepath' by hand, only setup{}.
cat > "$root/root/init.lua" <<'LUA'
require('gpuasm').setup({})
LUA
cat > "$root/tmp/nvim-check.lua" <<'LUA'
local out = {}
local ok = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 100)
table.insert(out, 'filetype=' .. vim.bo.filetype)
for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out, 'diagnostic=' .. (d.lnum + 1) .. ': ' .. d.message) end
table.insert(out, 'highlighter=' .. tostring(vim.treesitter.highlighter.active[vim.api.nvim_get_current_buf()] ~= nil))
table.insert(out, 'waited=' .. tostring(ok))
vim.fn.writefile(out, '/tmp/nvim-result.txt')
vim.cmd('qa!')
LUA
printf 'IADD.SAT R1, R2, R3 ;\nIADD R4, R4, R5 ;\n' > "$root/tmp/work/bad.asm"
in_root timeout 60 nvim --headless /tmp/work/bad.asm -c 'luafile /tmp/nvim-check.lua' > /dev/null 2>&1 || true
out="$(cat "$root/tmp/nvim-result.txt" 2>/dev/null || echo "(Neovim wrote no result)")"
check "Neovim detects the .asm file as gpuasm" "$out" contains "$out" 'filetype=gpuasm'
check "Neovim shows the server's diagnostic on line 1" "$out" contains "$out" 'diagnostic=1: .SAT is not a modifier of IADD'
check "Neovim highlights with the installed tree-sitter parser" "$out" contains "$out" 'highlighter=true'

# Emacs (Debian's emacs-nox 28 with elpa-eglot and elpa-lsp-mode) with the installed gpuasm-mode.
# `emacs --batch -q` skips only the init file: site-start runs, as for a user, and Debian's
# site-start loads /etc/emacs/site-start.d/50gpuasm.el, which is how the mode is found.
# First the mode's ERT tests (detection, highlighting, comments, indentation) on the installed
# files, then emacs/test/eglot-check.el: an .asm file with an error opens in gpuasm-mode, eglot
# starts /usr/bin/gpuasm lsp and the server's diagnostic arrives through flymake, the server's
# formatting and gpuasm-mode's indent-region agree on every example, and lsp-mode connects too.
mkdir -p "$root/tmp/emacs"
cp "$repo"/emacs/test/*.el "$root/tmp/emacs/"
out="$(in_root dpkg-query -L gpuasm 2>&1 | grep -E 'emacs' || true)"
check "the package installs gpuasm-mode.el into Emacs's site-lisp" "$out" \
  contains $'\n'"$out"$'\n' $'\n/usr/share/emacs/site-lisp/gpuasm/gpuasm-mode.el\n'
check "the package installs /etc/emacs/site-start.d/50gpuasm.el" "$out" \
  contains $'\n'"$out"$'\n' $'\n/etc/emacs/site-start.d/50gpuasm.el\n'
out="$(in_root sh -c 'cd /tmp/work && GPUASM_EXAMPLES=/tmp/work timeout 120 emacs --batch -q -l ert \
  -l /tmp/emacs/gpuasm-mode-tests.el -f ert-run-tests-batch-and-exit 2>&1; echo "exit $?"' 2>&1 || true)"
check "Emacs: the ERT tests of the installed gpuasm-mode pass" "$(printf '%s' "$out" | tail -n 30)" \
  matches "$out" 'Ran [0-9]+ tests, ([0-9]+) results as expected, 0 unexpected.*exit 0$'
in_root sh -c 'cd /tmp/work && timeout 180 emacs --batch -q -l /tmp/emacs/eglot-check.el /tmp/emacs-result.txt \
  bad.asm kernel.asm warp-reduce.asm warp-scan.asm spec-examples.asm illegal-modifier.asm' \
  > "$root/tmp/emacs.log" 2>&1 || true
out="$(cat "$root/tmp/emacs-result.txt" 2>/dev/null || { echo "(Emacs wrote no result)"; tail -n 20 "$root/tmp/emacs.log"; })"
check "Emacs opens the .asm file in gpuasm-mode" "$out" contains $'\n'"$out" $'\nmode=gpuasm-mode\n'
check "eglot starts gpuasm lsp from eglot-server-programs and connects" "$out" \
  contains "$out" $'eglot-contact=gpuasm lsp\neglot=connected'
diagnostic="$(printf '%s\n' "$out" | sed -n 's/^diagnostic=1: //p' | head -n 1)"
check "eglot (flymake) shows the server's diagnostic on line 1: ${diagnostic:-none}" "$out" \
  contains "$out" $'\ndiagnostic=1: gpuasm [unknown-modifier]: .SAT is not a modifier of IADD'
formats="$(printf '%s\n' "$out" | grep -c '^format [a-z-]*\.asm=same, changed$' || true)"
check "gpuasm-mode's indent-region lays the 5 examples out as the server's formatting" "$out" [ "$formats" = 5 ]
# The server's findings come in the order they are ready (the dataflow's when the server is
# idle), so the error is looked for among them, not right after the connection.
check "lsp-mode registers gpuasm lsp and connects" "$out" \
  contains "$out" $'lsp-client=registered\nlsp-language-id=gpuasm\nlsp-mode-mode=gpuasm-mode\nlsp=connected'
check "lsp-mode shows the server's diagnostic on line 1" "$out" \
  contains "$out" $'\nlsp-diagnostic=1: gpuasm [unknown-modifier]: .SAT is not a modifier of IADD'

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
