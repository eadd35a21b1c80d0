#!/usr/bin/env bash
# Fails when a C++ file of the project is not as .clang-format formats it (CTest `clang_format`,
# so the test command runs it). The generated parser (grammar/src/) and npm's folders are left
# out. Fix with: clang-format -i FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
# Pinned to clang-format 14 (Debian bookworm's): other versions format some constructs otherwise.
formatter="${CLANG_FORMAT:-$(command -v clang-format-14 || true)}"
if [[ -z "$formatter" ]]; then
  echo "check-format: clang-format-14 is not installed (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
mapfile -t files < <(find isa-db server simulator tests bench fuzz -type f \( -name '*.cpp' -o -name '*.h' \) \
  -not -path '*/node_modules/*' | sort)
unformatted=()
for f in "${files[@]}"; do
  if ! "$formatter" --dry-run -Werror "$f" >/dev/null 2>&1; then unformatted+=("$f"); fi
done
if ((${#unformatted[@]})); then
  printf 'check-format: %d of %d files are not formatted as .clang-format says (%s):\n' \
    "${#unformatted[@]}" "${#files[@]}" "$("$formatter" --version | head -1)" >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  echo "fix with: $formatter -i FILE..." >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
