#!/usr/bin/env bash
# Two binaries side by side in the steady state (issue 31): wall time per router crossing, the difference
# between a run of S + M cycles and one of S (warm-up 0, elaboration excluded, as tests/bench/cost_growth.sh),
# the default Dragonfly at height H and load LOAD, in alternating pairs A B A B ...; prints each binary's
# median and the median of the pairs' ratios A/B (with their spread). Not a test: run it on a quiet machine.
# CPU=N runs every run on core N alone (taskset; docs/benchmark.md, "One core slower than the other").
# Usage: [CPU=N] tests/bench/steady_ab.sh BIN_A BIN_B H LOAD S M [PAIRS]
set -euo pipefail
cd "$(dirname "$0")/../.."
a=$1 b=$2 h=$3 load=$4 s=$5 m=$6 pairs=${7:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pin=()
[ -n "${CPU:-}" ] && pin=(taskset -c "$CPU")
run() {  # binary, tag, cycles
  "${pin[@]}" $1 run testbench/configs/default.yaml -q --out "$out/$2" --set topology.h=$h --set traffic.load=$load \
    --set sim.warmup=0 --set sim.measure=$3
}
for i in $(seq "$pairs"); do
  for x in a b; do
    bin=$a; [ $x = b ] && bin=$b
    run "$bin" $x-s$i "$s"
    run "$bin" $x-l$i $((s + m))
  done
done
python3 - "$out" "$pairs" <<'PY'
import json, statistics, sys
d, n = sys.argv[1], int(sys.argv[2])
def ns(x, i):
    a = json.load(open(f"{d}/{x}-s{i}/result.json")); b = json.load(open(f"{d}/{x}-l{i}/result.json"))
    wall = b["simulation"]["wall_seconds"] - a["simulation"]["wall_seconds"]
    cross = (b["activity"]["crossbar_traversals"] - a["activity"]["crossbar_traversals"]) / b["config"]["packet"]["size"]
    return wall / cross * 1e9
A = [ns("a", i) for i in range(1, n + 1)]
B = [ns("b", i) for i in range(1, n + 1)]
r = [x / y for x, y in zip(A, B)]
print(f"A {statistics.median(A):.0f} ns a crossing, B {statistics.median(B):.0f}; "
      f"A/B median {statistics.median(r):.3f} ({min(r):.3f}-{max(r):.3f}, {n} pairs)")
PY
