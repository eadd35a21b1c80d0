#!/usr/bin/env bash
# Runs every libFuzzer target of fuzz/ for SECONDS (default 60) each, under ASan+UBSan, on a
# scratch copy of its seed corpus (fuzz/corpus/<name>/, the files fuzz/corpus/<name>.seeds
# names, and the past crashes of fuzz/regressions/<name>/; new inputs never go into the
# repository). Builds build-fuzz/ with
# clang-16 and libc++ first (scripts/install-deps.sh installs them). Prints one line per target
# (executions, exec/s, coverage, features) and exits non-zero when a target found a crash, a
# leak or a timeout, naming the reproducer. The targets run GPUASM_FUZZ_JOBS (default 2) at a
# time, one core each. docs/FUZZING.md describes the targets.
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(spec_loader line_scanner assemble_roundtrip state_file lsp_server dap_server)
jobs="${GPUASM_FUZZ_JOBS:-2}"

# A scratch directory for the run (the configure log, each target's corpus, artifacts, log and
# temporary directory), removed on every exit but a failed run's, which keeps the reproducers.
work="$(mktemp -d "${TMPDIR:-/tmp}/gpuasm-fuzz.XXXXXX")"
keep=0
cleanup() {
  if [ "$keep" -eq 0 ] && [ -n "$work" ] && [ -d "$work" ]; then rm -rf -- "$work"; fi
}
trap cleanup EXIT

# Debian's clang with libstdc++ 12 lacks std::expected: libc++ (the define keeps Boost.Asio 1.74
# compiling against it). GoogleTest from Debian is built for libstdc++, so no tests here.
CC=clang-16 CXX=clang++-16 CXXFLAGS="-stdlib=libc++ -D_LIBCPP_ENABLE_CXX20_REMOVED_TYPE_TRAITS" LDFLAGS="-stdlib=libc++" \
  cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DGPUASM_BUILD_TESTS=OFF -DGPUASM_BUILD_BENCH=OFF \
  -DGPUASM_FUZZ=ON > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 2; }
cmake --build build-fuzz -j"$jobs" --target "${targets[@]/#/gpuasm_fuzz_}"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# One target's run: its corpus, its own TMPDIR (what it writes there, tests/common/ScratchDir.h,
# must be gone when it exits, as in the tests' tests_leave_no_files), its exit status in
# $work/<t>/status. libFuzzer runs one process on one core, so the targets run $jobs at a time.
fuzz_one() {
  local t="$1"
  local corpus="$work/$t/corpus" artifacts="$work/$t/artifacts/" tmp="$work/$t/tmp" log="$work/$t/log"
  mkdir -p "$corpus" "$artifacts" "$tmp"
  cp fuzz/corpus/"$t"/* "$corpus"/
  # Seeds kept elsewhere in the repository, as globs relative to it (fuzz/corpus/<name>.seeds).
  if [ -f fuzz/corpus/"$t".seeds ]; then
    while read -r pattern; do
      [ -z "$pattern" ] || cp $pattern "$corpus"/
    done < fuzz/corpus/"$t".seeds
  fi
  if [ -d fuzz/regressions/"$t" ]; then cp fuzz/regressions/"$t"/* "$corpus"/ 2>/dev/null || true; fi
  local status=0
  TMPDIR="$tmp" build-fuzz/bin/gpuasm_fuzz_"$t" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$artifacts" > "$log" 2>&1 || status=$?
  echo "$status" > "$work/$t/status"
}
running=()
for t in "${targets[@]}"; do
  fuzz_one "$t" &
  running+=($!)
  if [ ${#running[@]} -ge "$jobs" ]; then
    wait "${running[0]}" || true
    running=("${running[@]:1}")
  fi
done
wait || true

# Each target's line, in the order given, and the log of each that failed.
failed=0
for t in "${targets[@]}"; do
  artifacts="$work/$t/artifacts/" tmp="$work/$t/tmp" log="$work/$t/log"
  status="$(cat "$work/$t/status" 2> /dev/null || echo 2)"  # no status: its set-up failed
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
  cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)"
  ft="$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)"
  crashes="$(find "$artifacts" -type f | wc -l)"
  left="$(find "$tmp" -mindepth 1 -maxdepth 1 | head -n 20)"
  if [ "$status" -eq 0 ] && [ -n "$left" ]; then
    status=1
    printf 'fuzz %s: left files in its temporary directory:\n%s\n' "$t" "$left"
  fi
  printf 'fuzz %-20s %ss: %s runs, %s exec/s, cov %s, ft %s, crashes %s\n' "$t" "$seconds" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$crashes"
  if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    failed=1
    tail -n 60 "$log"
    for a in "$artifacts"*; do
      [ -e "$a" ] && echo "fuzz $t: reproducer $a (replay: build-fuzz/bin/gpuasm_fuzz_$t $a)"
    done
    echo "fuzz $t: log $log"
  fi
done
if [ "$failed" -ne 0 ]; then
  keep=1
  echo "fuzz: FAILED (scratch directory kept: $work)"
  exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran ${seconds}s each without a crash"
