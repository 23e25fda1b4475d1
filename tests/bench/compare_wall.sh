#!/usr/bin/env bash
# Wall time of two binaries on the reference configs, run in pairs whose order alternates (A B, B A, A B ...)
# so that a shared machine's drift falls on both alike. Per config it prints the median router-cycles per
# second of each binary and the change of the second against the first as the median of the per-pair ratios
# with its distribution-free 95 % confidence interval (order statistics of the ratios, sign-test bounds):
# a change whose interval holds 0 is not resolved by these runs. Not a test; record the figures in
# docs/benchmark.md. Pin it to one core to keep the scheduler out of it: `taskset -c 1 tests/bench/...`.
# CONCURRENT=1 runs each pair at the same time instead, one binary per core (cores 0 and 1, swapped from one
# pair to the next), so that both see the same moment of a machine whose speed drifts.
# Usage: tests/bench/compare_wall.sh BEFORE_BINARY AFTER_BINARY [PAIRS (default 5)] [MEASURE_CYCLES (default 5000)]
# CONFIGS (a regular expression, e.g. 'MIN|OLM') restricts the configs.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_BINARY AFTER_BINARY [PAIRS] [MEASURE_CYCLES]" >&2; exit 2; }
before=$1 after=$2 pairs=${3:-5} measure=${4:-5000} only=${CONFIGS:-.} concurrent=${CONCURRENT:-0}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_one() {  # binary, result directory, overrides...
  local bin=$1 dir=$2; shift 2
  "$bin" run testbench/configs/default.yaml -q --out "$dir" --set topology.h=4 --set sim.warmup=2000 \
    --set sim.measure="$measure" "$@" >/dev/null
}
export -f run_one
export measure
speed() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["simulation"]["router_cycles_per_second"])' "$1/result.json"; }
rate() {  # binary, overrides... -> router-cycles per second of one run
  run_one "$1" "$out/r" "${@:2}"
  speed "$out/r"
}
printf "%-26s %14s %14s %8s  %s\n" config "before: median" "after: median" change "95% interval"
compare() {  # name, overrides...
  local name=$1; shift
  [[ $name =~ $only ]] || return 0
  local a=() b=()
  for ((i = 0; i < pairs; ++i)); do
    if ((concurrent)); then
      taskset -c $((i % 2)) bash -c 'run_one "$@"' _ "$before" "$out/a" "$@" &
      taskset -c $(((i + 1) % 2)) bash -c 'run_one "$@"' _ "$after" "$out/b" "$@" &
      wait
      a+=("$(speed "$out/a")"); b+=("$(speed "$out/b")")
    elif ((i % 2 == 0)); then a+=("$(rate "$before" "$@")"); b+=("$(rate "$after" "$@")")
    else b+=("$(rate "$after" "$@")"); a+=("$(rate "$before" "$@")"); fi
  done
  : >"$out/one"
  for ((i = 0; i < pairs; ++i)); do echo "${a[i]} ${b[i]}" | tee -a "$out/pooled" >>"$out/one"; done
  summarise "$name" "$out/one" medians
}
# LABEL, a file of "before after" lines, and "medians" to print each binary's median: the median of the
# after/before ratios with its distribution-free 95 % interval [r_k, r_(n+1-k)], k the largest with
# P(Binomial(n, 1/2) < k) <= 2.5 % (the sign test's bounds).
summarise() {
  python3 - "$@" <<'PY'
import math, statistics, sys
label, path, medians = sys.argv[1], sys.argv[2], sys.argv[3] == "medians"
pairs = [tuple(map(float, line.split())) for line in open(path)]
r = sorted(b / a for a, b in pairs)
n, cdf, k = len(r), 0.0, 0
while k < n and cdf + math.comb(n, k) / 2**n <= 0.025:
    cdf += math.comb(n, k) / 2**n
    k += 1
ci = f"[{100 * (r[k - 1] - 1):+.1f}%, {100 * (r[n - k] - 1):+.1f}%]" if k >= 1 else "(too few pairs)"
ma, mb = (f"{statistics.median(p[i] for p in pairs):,.0f}" if medians else "" for i in (0, 1))
print(f"{label:<26} {ma:>14} {mb:>14} {100 * (statistics.median(r) - 1):>+7.1f}%  {ci}")
PY
}
source tests/bench/reference_configs.sh
reference_configs compare
# Every pair of every config together: the typical change, with a narrower interval than one config's.
if [ -s "$out/pooled" ]; then summarise "all pairs ($(wc -l <"$out/pooled"))" "$out/pooled" none; fi
