#!/usr/bin/env bash
# A cross-built gpuasm tested where it will run: the same commands run with the native binary and
# with the cross-built one under its runner (qemu-aarch64-static for linux-arm64, wine64 —
# /usr/lib/wine/wine64 — for win32-x64, node for the WebAssembly build's gpuasm.js), and their stdout, stderr and exit status must be the same bytes, the files they write
# (machine code, JUnit XML but its times, the SVG encoding map) too. Then a recorded LSP session and a DAP
# session (tests/cross/sessions/, framed JSON-RPC on stdin, from a file) are replayed through
# both servers: the replies must be the same bytes.
#   bash tests/cross/compare.sh NATIVE_GPUASM CROSS_GPUASM RUNNER...
# (CTest's cross_compare_<platform>, tests/CMakeLists.txt, and node_cli_compare,
# server/web/NativeTests.cmake). Exit 77 (CTest's skip) when the cross binary is not built
# (`cmake --build build --target cross-<platform>`, or wasm-core for gpuasm.js) or the runner is missing.
# Paths aside: each run is in its own copy of examples/ and the binary's own path in its output
# (a usage message's argv[0]) is written as `gpuasm` for both. Prints one line per check and
# "cross: N passed, M failed".
set -euo pipefail
# Bytes, not characters (the sessions' Content-Length), and the same locale for both sides.
export LC_ALL=C
repo="$(cd "$(dirname "$0")/../.." && pwd)"
native="$(realpath "$1")"
cross="$2"
shift 2
runner=("$@")
if [ ! -f "$cross" ]; then
  echo "cross: no cross-built binary at $cross: cmake --build build --target cross (or wasm-core) (skipped)"
  exit 77
fi
cross="$(realpath "$cross")"
if [ ${#runner[@]} -gt 0 ] && ! command -v "${runner[0]}" > /dev/null; then
  echo "cross: ${runner[0]} is not installed (skipped)"
  exit 77
fi

# wine: no diagnostics of its own on stderr, and a prefix of its own, made on the first run (about
# half a minute) and kept outside the test's scratch folder.
export WINEDEBUG=-all
export WINEPREFIX="${WINEPREFIX:-${HOME:-/root}/.wine-gpuasm}"

work="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-cross.XXXXXX")"
trap 'if [ -n "$work" ] && [ -z "${GPUASM_CROSS_KEEP:-}" ]; then rm -rf -- "$work"; fi' EXIT
# The two runs' folders have the same length and differ in one letter, so that anything else
# that names them (a file URI) can be compared after writing the folder's name.
mkdir -p "$work/n/examples" "$work/c/examples" "$work/runner-tmp"
for side in n c; do
  cp "$repo"/examples/*.asm "$repo"/examples/words.txt "$work/$side/examples/"
  # A state file for run --state, and a session's file the servers read from disk.
  printf '{"regs": {"R0": "lane", "R5": 7, "R9": "1.5"}, "cmem": {"0x0": {"0x10": "0x3f800000"}}}\n' > "$work/$side/examples/state.json"
done

report_prefix="cross"
# shellcheck source=tests/common/report.sh
source "$repo/tests/common/report.sh"

# run SIDE STDIN ARGS...: one run of one side in its folder (SIDE in STDIN's path and in ARGS is the side's letter); writes SIDE.out, SIDE.err, SIDE.status.
run() {
  local side="$1" input="$2" status=0
  shift 2
  local cmd
  # The runner's own temporary files (wine's server keeps a folder there a few seconds after the
  # last run) go to the scratch folder, which goes away with them.
  if [ "$side" = n ]; then cmd=("$native"); else cmd=(env TMPDIR="$work/runner-tmp" "${runner[@]}" "$cross"); fi
  (cd "$work/$side/examples" && "${cmd[@]}" "${@//SIDE/$side}" < "${input//SIDE/$side}" > "$work/$side.out" 2> "$work/$side.err") || status=$?
  echo "$status" > "$work/$side.status"
  # The binary's own path (argv[0]) and the run's folder, written alike for both sides.
  local self
  if [ "$side" = n ]; then self="$native"; else self="$cross"; fi
  sed -i -e "s|$self|gpuasm|g" -e "s|$work/$side/|RUN/|g" "$work/$side.out" "$work/$side.err"
}

# same NAME [STDIN] -- ARGS... [-- FILES...]: runs ARGS on both sides; the streams, the status and
# the FILES (paths in the examples folder) written must be the same bytes.
same() {
  local name="$1" input=/dev/null
  shift
  if [ "$1" != -- ]; then
    input="$1"
    shift
  fi
  shift
  local args=() files=() f stream
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    args+=("$1")
    shift
  done
  [ $# -eq 0 ] || { shift; files=("$@"); }
  for f in "${files[@]}"; do rm -f "$work/n/examples/$f" "$work/c/examples/$f"; done
  run n "$input" "${args[@]}"
  run c "$input" "${args[@]}"
  local diffs=""
  for stream in out err status; do
    cmp -s "$work/n.$stream" "$work/c.$stream" ||
      diffs+="$stream differs: $(diff "$work/n.$stream" "$work/c.$stream" | head -n 12 || true)"$'\n'
  done
  for f in "${files[@]}"; do
    # JUnit's times are the runs' own.
    if [[ "$f" == *.xml ]]; then
      sed -i 's/ time="[0-9.]*"/ time="T"/g' "$work/n/examples/$f" "$work/c/examples/$f" 2> /dev/null || true
    fi
    if [ ! -f "$work/n/examples/$f" ] || [ ! -f "$work/c/examples/$f" ]; then
      # Both or neither (asm -o writes nothing for a file with errors).
      [ -f "$work/n/examples/$f" ] || [ ! -f "$work/c/examples/$f" ] || diffs+="only the cross run wrote $f"$'\n'
      [ -f "$work/c/examples/$f" ] || [ ! -f "$work/n/examples/$f" ] || diffs+="only the native run wrote $f"$'\n'
    elif ! cmp -s "$work/n/examples/$f" "$work/c/examples/$f"; then
      diffs+="$f differs: $(cmp "$work/n/examples/$f" "$work/c/examples/$f" 2>&1 | head -n 2 || true)"$'\n'
    fi
  done
  if [ -z "$diffs" ]; then
    report ok "$name (exit $(cat "$work/n.status"), $(wc -c < "$work/n.out") bytes out, $(wc -c < "$work/n.err") bytes err)"
  else
    report FAILED "$name" "$diffs"
  fi
}

examples=(kernel.asm warp-reduce.asm warp-scan.asm spec-examples.asm illegal-modifier.asm)

same "--version" -- --version
same "--help" -- --help
same "completion bash" -- completion bash
for f in "${examples[@]}"; do
  same "check $f" -- check "$f"
  same "check --json $f" -- check --json "$f"
  same "stats --json --lines $f" -- stats --json --lines "$f"
  same "asm $f" -- asm "$f"
  same "asm --json $f" -- asm --json "$f"
  same "asm $f -o $f.bin" -- asm "$f" -o "$f.bin" -- "$f.bin"
  same "parse $f" -- parse "$f"
  same "run $f" -- run "$f"
  same "run --json --trace $f" -- run --json --trace "$f"
  same "test $f" -- test "$f"
done
same "check of every example on 2 threads, --werror" -- check -j 2 --werror "${examples[@]}"
same "asm -o of every example on 2 threads" -- asm -j 2 kernel.asm -o all.bin -- all.bin
same "dis --binary --asm (the kernel's machine code)" -- dis --binary kernel.asm.bin --asm
same "dis --file words.txt" -- dis --file words.txt
same "dis --json --file words.txt" -- dis --json --file words.txt
same "run --hex --until 21 warp-reduce.asm" -- run --hex --until 21 warp-reduce.asm
same "run --state state.json kernel.asm" -- run --state state.json kernel.asm
same "test --junit of every example" -- test --junit junit.xml "${examples[@]}" -- junit.xml
same "spec" -- spec
same "spec --lint" -- spec --lint
same "spec --json" -- spec --json
same "spec --encoding-map" -- spec --encoding-map map.svg -- map.svg
# Mistakes are answered alike: a missing file, an unknown option, bytes that are not UTF-8.
# A path from the root: a file on every platform (CLI11 reads /name as an option on Windows unless told not to).
same "check of a file by its absolute path" -- check "$work/SIDE/examples/kernel.asm"
same "check of a missing file" -- check missing.asm
same "an unknown option" -- check --no-such-option kernel.asm
printf 'MOV R1, \xff\xfe ;\r\nIADD R2, R1, R1 ;\r\n' > "$work/n/examples/bytes.asm"
cp "$work/n/examples/bytes.asm" "$work/c/examples/bytes.asm"
same "check of a file with invalid UTF-8 and CRLF lines" -- check bytes.asm

# The servers: the sessions' messages framed (Content-Length) into a file each side reads as its
# stdin; a regular file is read in one go, so the replies do not depend on timing.
# json_string FILE: the file's text as a JSON string (Node, which the build has for the extension).
json_string() { node -e 'process.stdout.write(JSON.stringify(require("fs").readFileSync(process.argv[1], "utf8")))' "$1"; }
# frame SESSION SIDE OUT: the session's "> " lines, ${DIR} the side's examples folder as a URI path.
frame() {
  local dir="$work/$2/examples"
  : > "$3"
  local line body text
  while IFS= read -r line; do
    [[ "$line" == "> "* ]] || continue
    body="${line#> }"
    body="${body//'${DIR}'/"$dir"}"
    while [[ "$body" =~ \$\{TEXT:([^}]*)\} ]]; do
      text="$(json_string "$dir/${BASH_REMATCH[1]}")"
      body="${body//"${BASH_REMATCH[0]}"/"$text"}"
    done
    printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body" >> "$3"
  done < "$1"
}
for session in lsp dap; do
  frame "$repo/tests/cross/sessions/$session.txt" n "$work/n.in"
  frame "$repo/tests/cross/sessions/$session.txt" c "$work/c.in"
  same "the recorded $session session" "$work/SIDE.in" -- "$session"
  # Not an empty exchange: the replies to the requests the session sends.
  requests="$(grep -c '^> .*"\(id\|seq\)":' "$repo/tests/cross/sessions/$session.txt")"
  responses="$(grep -o '"\(id\|request_seq\)":[0-9]*' "$work/n.out" | sort -u | wc -l)"
  if [ "$responses" -ge $((requests - 2)) ]; then
    report ok "the $session session has replies ($responses for $requests messages with ids)"
  else
    report FAILED "the $session session has replies" "$(head -c 2000 "$work/n.out")"
  fi
done

echo "cross: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
