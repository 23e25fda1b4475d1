#!/usr/bin/env bash
# Wall time of two binaries on the reference configs, run alternately (A B A B ...) so that a shared
# machine's load falls on both alike: prints per config the median and the best router-cycles per second of
# each and the change of the medians. Not a test; record the figures in docs/benchmark.md.
# Usage: tests/bench/compare_wall.sh BEFORE_BINARY AFTER_BINARY [RUNS (default 5)] [MEASURE_CYCLES (default 5000)]
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_BINARY AFTER_BINARY [RUNS] [MEASURE_CYCLES]" >&2; exit 2; }
before=$1 after=$2 runs=${3:-5} measure=${4:-5000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rate() {  # binary, overrides... -> router-cycles per second of one run
  local bin=$1; shift
  "$bin" run testbench/configs/default.yaml -q --out "$out/r" --set topology.h=4 --set sim.warmup=2000 \
    --set sim.measure="$measure" "$@" >/dev/null
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["simulation"]["router_cycles_per_second"])' "$out/r/result.json"
}
printf "%-26s %28s %28s %8s\n" config "before: median (best)" "after: median (best)" change
compare() {  # name, overrides...
  local name=$1; shift
  local a=() b=()
  for ((i = 0; i < runs; ++i)); do
    a+=("$(rate "$before" "$@")")
    b+=("$(rate "$after" "$@")")
  done
  python3 - "$name" "${a[*]}" "${b[*]}" <<'PY'
import statistics, sys
name, a, b = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
ma, mb = statistics.median(a), statistics.median(b)
print(f"{name:<26} {ma:>18,.0f} ({max(a):>9,.0f}) {mb:>18,.0f} ({max(b):>9,.0f}) {100 * (mb / ma - 1):>+7.1f}%")
PY
}
source tests/bench/reference_configs.sh
reference_configs compare
