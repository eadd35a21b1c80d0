#!/usr/bin/env bash
# Every document a source comment cites exists: each `path/NAME.md` written in the code of
# nvim/, emacs/, vscode-extension/src/, server/, isa-db/, simulator/, grammar/ and fuzz/ is a file of this
# repository. DESIGN.md and spec-catalog.md are the team's shared design documents
# (../shared/docs/), cited by name; /usr/share/doc/gpuasm/NAME.md, where the package installs
# the top-level NAME.md, is that file. Exit 1 with the list of missing ones.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
status=0
checked=0
while IFS=: read -r file line ref; do
  checked=$((checked + 1))
  case "$(basename "$ref")" in DESIGN.md | spec-catalog.md) continue ;; esac
  # The installed documentation (cmake/Install.cmake) is the repository's top-level files.
  case "$ref" in /usr/share/doc/gpuasm/*) ref="${ref#/usr/share/doc/gpuasm/}" ;; esac
  # A bare NAME.md is looked up next to the citing file, then at the top.
  if [ -f "$ref" ] || [ -f "$(dirname "$file")/$ref" ]; then continue; fi
  echo "$file:$line: cites $ref, which does not exist" >&2
  status=1
done < <(grep -rnoE --include='*.lua' --include='*.el' --include='*.vim' --include='*.ts' --include='*.js' --include='*.cpp' --include='*.h' --include='*.sh' \
  '[A-Za-z0-9_./-]*[A-Za-z0-9_-]+\.md' nvim emacs vscode-extension/src server isa-db simulator grammar/tools fuzz 2>/dev/null | grep -v node_modules || true)
[ "$checked" -gt 0 ] || { echo "check-doc-references: found no citations at all; the pattern is broken" >&2; exit 2; }
[ "$status" -eq 0 ] && echo "check-doc-references: $checked citations, all present"
exit "$status"
