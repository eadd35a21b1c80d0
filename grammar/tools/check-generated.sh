#!/usr/bin/env bash
# Verifies that the committed grammar/src/ is exactly what `tree-sitter generate --no-bindings`
# produces from grammar/grammar.js today. Needs the tree-sitter CLI 0.20.7 (build it offline
# with tools/build-tree-sitter-cli.sh). Exit 0 when up to date, 1 with a diff otherwise.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
command -v tree-sitter >/dev/null || { echo "tree-sitter CLI not found; see grammar/tools/build-tree-sitter-cli.sh" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'if [ -n "$tmp" ]; then rm -rf -- "$tmp"; fi' EXIT
cp "$here/grammar.js" "$here/package.json" "$tmp/"
(cd "$tmp" && tree-sitter generate --no-bindings >/dev/null)
status=0
for f in parser.c grammar.json node-types.json tree_sitter/parser.h; do
  diff -q "$tmp/src/$f" "$here/src/$f" >/dev/null || { echo "grammar/src/$f is out of date" >&2; status=1; }
done
[ "$status" -eq 0 ] && echo "grammar/src/ matches grammar.js"
exit "$status"
