# The ok / FAILED lines of the shell comparison tests (tests/cross/compare.sh,
# tests/install/node-package.sh), sourced by each after it sets report_prefix ("cross",
# "node package"): `report ok WHAT` or `report FAILED WHAT [DETAIL]` counts into $passed and
# $failed and prints the line (DETAIL's first 40 lines indented under a failure).
# shellcheck shell=bash
passed=0 failed=0
report() {
  if [ "$1" = ok ]; then
    passed=$((passed + 1))
    echo "$report_prefix: ok - $2"
  else
    failed=$((failed + 1))
    echo "$report_prefix: FAILED - $2"
    [ -z "${3:-}" ] || printf '%s\n' "$3" | head -n 40 | sed 's/^/    /'
  fi
}
