#!/usr/bin/env bash
# Build the tree-sitter CLI 0.20.7 (its `generate` emits parser ABI 14) offline,
# from Debian bookworm's source package `tree-sitter`, against Debian's packaged
# Rust crates (librust-*-dev), and install it as PREFIX/bin/tree-sitter.
#
# Usage:  build-tree-sitter-cli.sh [PREFIX] [WORKDIR]
#   PREFIX   install prefix                 (default: /usr/local)
#   WORKDIR  scratch dir for source + build (default: /opt/tree-sitter-build/work)
# Env:     JOBS (default 2), NICE (default 10)
#
# Why this way: npm's tree-sitter-cli downloads a prebuilt binary at install
# time, which cannot work here (only Debian's apt repos and the npm registry are
# reachable). Debian bookworm only ships the C library (libtree-sitter0), but
# its source package contains the whole upstream tree, including cli/.
#
# Idempotent: re-running reuses the downloaded source, the installed packages
# and the cargo target dir (incremental), and re-extracts/re-patches the source.
# Must run as root (apt-get). Needs: Debian bookworm, network to Debian mirrors.
set -euo pipefail

PREFIX=${1:-/usr/local}
WORKDIR=${2:-/opt/tree-sitter-build/work}
JOBS=${JOBS:-2}
NICE=${NICE:-10}
TS_VERSION=0.20.7
export DEBIAN_FRONTEND=noninteractive

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "run as root (apt-get is needed)"
. /etc/os-release
[ "${VERSION_CODENAME:-}" = bookworm ] || die "expected Debian bookworm, got ${VERSION_CODENAME:-?}"

mkdir -p "$WORKDIR" "$PREFIX/bin"
WORKDIR=$(cd "$WORKDIR" && pwd)

# 1. deb-src entry: `apt-get source` needs the Sources index, which the image's
#    deb822 sources file does not enable (Types: deb only). Add our own file once.
SRC_LIST=/etc/apt/sources.list.d/debian-src.sources
if ! apt-cache showsrc tree-sitter 2>/dev/null | grep -q "^Version: ${TS_VERSION}"; then
    if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && \
       ! grep -qs '^deb-src ' /etc/apt/sources.list; then
        log "adding deb-src entry $SRC_LIST"
        cat > "$SRC_LIST" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    fi
    log "apt-get update"
    apt-get update -qq
fi

# 2. Build dependencies. `apt-get build-dep tree-sitter` is useless here: the
#    Debian package only builds the C library (Build-Depends: debhelper only).
#    The CLI's Cargo dependencies come from Debian's librust-*-dev packages,
#    which unpack crate sources into /usr/share/cargo/registry (a cargo
#    "directory source"). Feature packages (+derive, +preserve-order, ...) make
#    apt pull the optional deps those features need. getopts: Debian's
#    librust-difference-dev omits the default `bin` feature's dep, but cargo
#    still resolves it, so it must be present.
#    Version gaps vs upstream's Cargo.toml (patched in step 4): dirs 3 -> 4,
#    tiny_http 0.8 -> 0.12, webbrowser (not packaged) -> dropped.
CRATES=(
    librust-ansi-term-dev librust-anyhow-dev librust-atty-dev librust-clap-2-dev
    librust-difference-dev librust-getopts-dev librust-dirs-dev librust-glob-dev
    librust-html-escape-dev librust-indexmap-dev librust-lazy-static-dev
    'librust-regex+default-dev' librust-regex-syntax-dev librust-rustc-hash-dev
    librust-semver-dev librust-serde-dev 'librust-serde+serde-derive-dev'
    librust-serde-derive-dev librust-smallbitvec-dev librust-tiny-http-dev
    librust-walkdir-dev librust-which-dev 'librust-serde-json+preserve-order-dev'
    librust-log-dev librust-toml-dev librust-cc-dev librust-thiserror-dev
    librust-memchr-dev librust-libloading-dev librust-once-cell-dev
)
# dpkg-dev: dpkg-source unpacks the source package; gcc/libc6-dev: the cc crate
# compiles lib/src/lib.c, and `tree-sitter test/parse` compile parsers with cc.
TOOLS=(dpkg-dev xz-utils gcc libc6-dev)
# cargo/rustc: use whatever is on PATH (rustup's 1.95 on the cpp image works);
# otherwise fall back to Debian's own (1.63, the version these crates target).
if ! command -v cargo >/dev/null || ! command -v rustc >/dev/null; then
    TOOLS+=(cargo rustc)
fi
# apt-get install is a quick no-op when everything is already installed.
log "apt-get install build dependencies (${#CRATES[@]} crates + tools)"
apt-get install -y -qq --no-install-recommends "${CRATES[@]}" "${TOOLS[@]}" >/dev/null
command -v cargo >/dev/null || die "no cargo after installing Debian's cargo"

# 3. Fetch and unpack the Debian source package (download once, re-extract every
#    run so patches always apply to pristine sources).
DL="$WORKDIR/dl"
mkdir -p "$DL"
if ! ls "$DL"/tree-sitter_${TS_VERSION}-*.dsc >/dev/null 2>&1; then
    log "apt-get source --download-only tree-sitter"
    # _apt must be able to write there, else apt warns and downloads unsandboxed
    chown _apt "$DL" 2>/dev/null || true
    (cd "$DL" && apt-get source --download-only -qq tree-sitter)
fi
DSC=$(ls "$DL"/tree-sitter_${TS_VERSION}-*.dsc | sort -V | tail -n1) \
    || die "tree-sitter ${TS_VERSION} source not found (bookworm moved on?)"
SRC="$WORKDIR/src"
rm -rf "$SRC"
log "unpacking $(basename "$DSC")"
dpkg-source --no-check --no-copy -x "$DSC" "$SRC" >/dev/null
[ -f "$SRC/cli/Cargo.toml" ] || die "source package has no cli/ crate"
grep -q "^version = \"${TS_VERSION}\"" "$SRC/cli/Cargo.toml" || die "cli is not ${TS_VERSION}"

# 4. Adapt the workspace to the crate versions Debian bookworm ships.
log "patching Cargo manifests and playground.rs"
cd "$SRC"
# Upstream's lockfile pins crates.io versions Debian does not have; re-resolve.
rm -f Cargo.lock
# dirs 3.x is not packaged; 4.0 keeps home_dir/config_dir/cache_dir unchanged.
sed -i 's/^dirs = "3.0"$/dirs = "4.0"/' cli/Cargo.toml cli/config/Cargo.toml cli/loader/Cargo.toml
# tiny_http 0.8 is not packaged; 0.12 has the same Server/Response/Header API
# used by the (optional) `tree-sitter playground` web server.
sed -i 's/^tiny_http = "0.8"$/tiny_http = "0.12"/' cli/Cargo.toml
# webbrowser is not packaged at all; it only opens the playground URL.
sed -i '/^webbrowser = /d' cli/Cargo.toml
sed -i -e '/^use webbrowser;$/d' \
       -e 's|if let Err(_) = webbrowser::open(&url) {|if std::process::Command::new("xdg-open").arg(\&url).status().map_or(true, \|s\| !s.success()) {|' \
       cli/src/playground.rs
# Dev-dependencies (rand, tempfile, pretty_assertions 0.7, ctor) are resolved
# even for `cargo build`; pretty_assertions 0.7 is not packaged (1.3 is) and
# none are needed for the binary, so drop them and the bench that uses them.
sed -i -e '/^\[\[bench\]\]$/,/^$/d' -e '/^\[dev-dependencies\]$/,/^$/d' cli/Cargo.toml
# Verify every patch took effect (fail loudly if the source ever changes).
grep -q '^dirs = "4.0"' cli/config/Cargo.toml
grep -q '^dirs = "4.0"' cli/loader/Cargo.toml
grep -q '^tiny_http = "0.12"' cli/Cargo.toml
if grep -qE '^webbrowser|^\[dev-dependencies\]|^\[\[bench\]\]' cli/Cargo.toml ||
   grep -q 'webbrowser' cli/src/playground.rs; then
    die "patching Cargo.toml/playground.rs failed"
fi

# 5. Point cargo at Debian's crate directory instead of crates.io, offline.
mkdir -p .cargo
cat > .cargo/config.toml <<'EOF'
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
EOF

# 6. Resolve and build. Target dir lives outside the re-extracted source so a
#    re-run is incremental. nice: don't starve other builds on this 2-core box.
export CARGO_TARGET_DIR="$WORKDIR/target"
log "cargo $(cargo --version | cut -d' ' -f2) generate-lockfile --offline"
cargo generate-lockfile --offline
log "cargo build --release -j$JOBS --offline (nice -n $NICE)"
start=$(date +%s)
nice -n "$NICE" cargo build --release --locked --offline -j"$JOBS" -p tree-sitter-cli
log "build took $(( $(date +%s) - start ))s"

# 7. Install.
install -D -m 0755 "$CARGO_TARGET_DIR/release/tree-sitter" "$PREFIX/bin/tree-sitter"
log "installed $PREFIX/bin/tree-sitter: $("$PREFIX/bin/tree-sitter" --version)"

# 8. Smoke test: generate a tiny grammar, check ABI 14, compile it, run a corpus
#    test (the CLI compiles the parser with cc into XDG_CACHE_HOME, kept local).
T=$(mktemp -d)
trap 'if [ -n "$T" ]; then rm -rf -- "$T"; fi' EXIT
mkdir -p "$T/g/test/corpus"
cat > "$T/g/grammar.js" <<'EOF'
module.exports = grammar({name: 'demo', rules: {source_file: $ => repeat(/[a-z]+/)}});
EOF
printf '==========\nwords\n==========\n\nhello world\n\n---\n\n(source_file)\n' > "$T/g/test/corpus/basic.txt"
printf 'hello world\n' > "$T/g/sample.txt"
(
    cd "$T/g"
    export XDG_CACHE_HOME="$T/cache" XDG_CONFIG_HOME="$T/config"
    "$PREFIX/bin/tree-sitter" generate --no-bindings
    grep -q '^#define LANGUAGE_VERSION 14$' src/parser.c || die "parser.c is not ABI 14"
    cc -c -I src src/parser.c -o "$T/parser.o"
    "$PREFIX/bin/tree-sitter" test
    "$PREFIX/bin/tree-sitter" parse sample.txt 2>/dev/null | grep -q '^(source_file'
)
log "smoke test passed (ABI 14, cc compile, test, parse)"
