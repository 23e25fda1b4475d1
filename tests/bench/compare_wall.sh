#!/usr/bin/env bash
# Wall time of two binaries on the reference configs, run in pairs whose order alternates (A B, B A, A B ...)
# so that a shared machine's drift falls on both alike. Per config it prints the median router-cycles per
# second of each binary and the change of the second against the first as the median of the per-pair ratios
# with its distribution-free 95 % confidence interval (order statistics of the ratios, sign-test bounds):
# a change whose interval holds 0 is not resolved by these runs. Not a test; record the figures in
# docs/benchmark.md. Pin it to one core to keep the scheduler out of it: `taskset -c 1 tests/bench/...`.
# Usage: tests/bench/compare_wall.sh BEFORE_BINARY AFTER_BINARY [PAIRS (default 5)] [MEASURE_CYCLES (default 5000)]
# CONFIGS (a regular expression, e.g. 'MIN|OLM') restricts the configs.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_BINARY AFTER_BINARY [PAIRS] [MEASURE_CYCLES]" >&2; exit 2; }
before=$1 after=$2 pairs=${3:-5} measure=${4:-5000} only=${CONFIGS:-.}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rate() {  # binary, overrides... -> router-cycles per second of one run
  local bin=$1; shift
  "$bin" run testbench/configs/default.yaml -q --out "$out/r" --set topology.h=4 --set sim.warmup=2000 \
    --set sim.measure="$measure" "$@" >/dev/null
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["simulation"]["router_cycles_per_second"])' "$out/r/result.json"
}
printf "%-26s %14s %14s %8s  %s\n" config "before: median" "after: median" change "95% interval"
compare() {  # name, overrides...
  local name=$1; shift
  [[ $name =~ $only ]] || return 0
  local a=() b=()
  for ((i = 0; i < pairs; ++i)); do
    if ((i % 2 == 0)); then a+=("$(rate "$before" "$@")"); b+=("$(rate "$after" "$@")")
    else b+=("$(rate "$after" "$@")"); a+=("$(rate "$before" "$@")"); fi
  done
  python3 - "$name" "${a[*]}" "${b[*]}" <<'PY'
import math, statistics, sys
name, a, b = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
r = sorted(y / x for x, y in zip(a, b))
n = len(r)
# Largest k with P(Binomial(n, 1/2) < k) <= 2.5 %: [r_k, r_(n+1-k)] covers the median ratio with >= 95 %.
cdf, k = 0.0, 0
while k < n and cdf + math.comb(n, k) / 2**n <= 0.025:
    cdf += math.comb(n, k) / 2**n
    k += 1
ci = f"[{100 * (r[k - 1] - 1):+.1f}%, {100 * (r[n - k] - 1):+.1f}%]" if k >= 1 else "(too few pairs)"
print(f"{name:<26} {statistics.median(a):>14,.0f} {statistics.median(b):>14,.0f} {100 * (statistics.median(r) - 1):>+7.1f}%  {ci}")
PY
}
source tests/bench/reference_configs.sh
reference_configs compare
